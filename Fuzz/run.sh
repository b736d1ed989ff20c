#!/usr/bin/env bash
# Builds the fuzz targets (once) and runs one or all of them with their seeds and dictionary.
#
#   Fuzz/run.sh TARGET SECONDS [LIBFUZZER-OPTION...]
#   Fuzz/run.sh all SECONDS [LIBFUZZER-OPTION...]
#   Fuzz/run.sh all 0     replays every seed and regression input once (what CI runs)
#
# TARGET is a product name (fuzz-html-markdown) or the part after fuzz- (html-markdown).
# The working corpus grows in Fuzz/corpus/TARGET; crash files go to Fuzz/artifacts/TARGET/.
# Runs shorter than 60 s (smoke runs, CI) start from the conformance-case seeds only and use
# a fixed -seed; longer runs from all seeds. Prints executions and coverage per target, and
# exits non-zero when a target crashed (trap, sanitizer error), timed out or ran out of memory.
# A failed round-trip property is counted and its input kept in Fuzz/artifacts/TARGET/
# properties/ (the properties asserted do not all hold yet: README.md) and the run goes on;
# MCONV_FUZZ_PROPERTIES=trap makes it a crash instead (and fail the run).
# MCONV_FUZZ_NO_BUILD=1 skips the build (e.g. for parallel runs after one build).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET|all SECONDS [libFuzzer options]" >&2
    exit 2
fi
what="$1"
seconds="$2"
shift 2
all_targets=(html-markdown html-styled bbcode-html rangejson-markdown markdown-html json-html
    roundtrip-html-markdown roundtrip-bbcode-html roundtrip-markdown)
if [ "$what" = all ]; then
    targets=("${all_targets[@]}")
else
    targets=("${what#fuzz-}")
fi
for t in "${targets[@]}"; do
    if [ ! -d "Sources/fuzz-$t" ]; then
        echo "unknown target '$t' (known: ${all_targets[*]})" >&2
        exit 2
    fi
done

if [ -z "${SWIFT:-}" ]; then SWIFT=swift; fi
build_flags=(-c debug -Xswiftc -sanitize=fuzzer,address)
if [ "${MCONV_FUZZ_NO_BUILD:-}" != 1 ]; then
    # SwiftPM keeps the parent package's list of source files in .build: a file added to
    # ../Sources since the last build is not seen ("cannot find type ... in scope"). When the
    # list changed, the build starts afresh.
    sources=$(cd .. && find Sources -name '*.swift' | LC_ALL=C sort | cksum)
    if [ -d .build ] && [ "$(cat .build/mconv-sources 2>/dev/null)" != "$sources" ]; then
        rm -rf .build
    fi
    mkdir -p .build && echo "$sources" > .build/mconv-sources
    start=$(date +%s)
    for t in "${targets[@]}"; do
        # The linker warns about every ASan helper symbol; keep only what matters.
        if ! "$SWIFT" build "${build_flags[@]}" --product "fuzz-$t" >"build-$t.log" 2>&1; then
            grep -v "Cannot export local symbol" "build-$t.log" | tail -40
            echo "fuzz: build of fuzz-$t failed" >&2
            exit 1
        fi
        rm -f "build-$t.log"
    done
    echo "fuzz: built ${targets[*]} in $(($(date +%s) - start)) s"
fi
bin="$("$SWIFT" build "${build_flags[@]}" --show-bin-path)"

if [ ! -d seeds ]; then
    ./seeds.sh || exit 1
fi

status=0
summary=()
for t in "${targets[@]}"; do
    from="${t#roundtrip-}"
    from="${from%%-*}"
    case "$from" in
    html | markdown | bbcode | json) dict="dict/$from.dict" ;;
    rangejson) dict="dict/json.dict" ;;
    esac
    if [ "$seconds" -eq 0 ]; then
        # Replay (CI): every seed and every saved regression input once, no mutation, so the
        # same tree always gives the same answer.
        seed_dirs=("seeds/$from")
        [ -d "regressions/$t" ] && seed_dirs+=("regressions/$t")
        extra=(-runs=0)
        inputs=("${seed_dirs[@]}")
    elif [ "$seconds" -lt 60 ]; then
        seed_dirs=("seeds/$from/cases")
        extra=(-seed=1)
    else
        seed_dirs=("seeds/$from")
        extra=()
    fi
    corpus="corpus/$t"
    [ "$seconds" -eq 0 ] || inputs=("$corpus" "${seed_dirs[@]}")
    artifacts="artifacts/$t/"
    mkdir -p "$corpus" "$artifacts/properties" logs
    if [ "${MCONV_FUZZ_PROPERTIES:-report}" = trap ]; then
        unset MCONV_FUZZ_REPORT
    else
        export MCONV_FUZZ_REPORT="$here/$artifacts/properties"
    fi
    log="logs/$t.log"
    echo "fuzz: fuzz-$t for $seconds s (seeds ${seed_dirs[*]}, $dict)"
    start=$(date +%s)
    # No Swift backtracer: under ASan it reports itself (a stack-buffer-underflow) after a trap.
    SWIFT_BACKTRACE=enable=no "$bin/fuzz-$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2560 \
        -dict="$dict" -artifact_prefix="$artifacts" -print_final_stats=1 "${extra[@]}" "$@" \
        "${inputs[@]}" >"$log" 2>&1
    rc=$?
    took=$(($(date +%s) - start))
    execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
    cov="$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)"
    failed="$(grep -c '^MCONV_FUZZ_REPORT #' "$log")"
    line="fuzz-$t: ${took}s, ${execs:-?} executions, ${cov:-no coverage line}, corpus $(ls "$corpus" | wc -l) files"
    if [ "$failed" -gt 0 ]; then
        line="$line, $failed failed properties ($(ls "$artifacts/properties" | wc -l) inputs in $here/${artifacts}properties)"
    fi
    if [ $rc -ne 0 ]; then
        status=1
        crash="$(grep -oE "Test unit written to [^ ]+" "$log" | awk '{print $NF}' | tail -1)"
        line="$line, FAILED (exit $rc) ${crash:+crash file $here/$crash}"
        grep -E "ERROR: |Fatal error|fuzz property failed|SUMMARY" "$log" | head -5 | cut -c1-300
        echo "  (full log: $here/$log)"
    fi
    echo "$line"
    summary+=("$line")
done
echo "fuzz: summary"
printf '  %s\n' "${summary[@]}"
exit $status
