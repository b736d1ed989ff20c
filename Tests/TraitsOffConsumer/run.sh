#!/usr/bin/env bash
# Builds and runs the traits-off consumer (see Package.swift here) in its own scratch folder.
# The dependencies the main package resolved are reused, so no network is needed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="${TMPDIR:-/tmp}/mconv-traits-off-consumer"
mkdir -p "$scratch"
for folder in checkouts repositories; do
    if [ -d "$root/.build/$folder" ] && [ ! -d "$scratch/$folder" ]; then
        cp -R "$root/.build/$folder" "$scratch/"
    fi
done
if [ -f "$root/Package.resolved" ]; then cp "$root/Package.resolved" "$here/Package.resolved"; fi
cd "$here"
swift build --scratch-path "$scratch" --product consumer
"$scratch/debug/consumer"
