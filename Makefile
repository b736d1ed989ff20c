# make install PREFIX=/usr/local [DESTDIR=...]: builds the release binary (a static executable:
# Swift runtime, Foundation, libc, libstdc++ and cmark-gfm linked in, not position-independent:
# the fastest start-up, see README.md) and installs it, stripped, as $(DESTDIR)$(PREFIX)/bin/mconv.
# make uninstall removes it. Without the dynamic loader (no libraries to map and bind) an empty
# conversion takes 1.0 instead of 2.3 ms of CPU; it needs libcmark-gfm.a (libcmark-gfm-dev).
# The build goes to .build-static (as Benchmarks/corpus/bench.sh's), so it does not rebuild
# the plain `swift build -c release` in .build for every switch of flags.
# Type metadata is reached through accessor functions, not looked up by mangled name
# (-disable-concrete-type-metadata-mangled-name-accessors): the look-up demangles the name at run
# time, and for a type such as Set<String> or [String: String] checks String: Hashable by scanning
# every protocol conformance record of the binary (375,000 instructions, once per run). Per
# conversion (callgrind, -q -f gfm -t html): empty input 395K -> 345K instructions, a 1.9 KB
# README 691K -> 634K, nodejs_api_test.md (79 KB) 11.64M -> 11.18M; 64 KB more code.
# When Benchmarks/layout/order.txt exists (Benchmarks/layout/order.sh writes it), the functions
# a conversion runs are linked next to each other in that order (one section per function, lld's
# --symbol-ordering-file): a run pages in about 3.5 MB less of the binary's code (see
# Benchmarks/layout/README.md). ORDER= (empty) builds without it.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SCRATCH ?= .build-static
ORDER ?= $(wildcard Benchmarks/layout/order.txt)
BINDIR = $(DESTDIR)$(PREFIX)/bin
LAYOUT = $(if $(ORDER),-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(abspath $(ORDER)) -Xlinker --no-warn-symbol-ordering)
METADATA = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
RELEASE = -c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker -no-pie $(METADATA) \
	$(LAYOUT) --scratch-path $(SCRATCH)

.PHONY: all release bench install uninstall

all: release

release:
	@# swift build does not see a new order file: drop the binary so that it links again
	@if [ -n "$(ORDER)" ] && [ "$(ORDER)" -nt "$(SCRATCH)/release/mconv" ]; then \
		rm -f "$(SCRATCH)/release/mconv"; fi
	$(SWIFT) build $(RELEASE) --product mconv

# The in-process timer (Benchmarks/Harness), built as the release binary is, so that what
# Benchmarks/corpus/batch.sh compares (the CLI and the same conversions in process) is the same
# machine code.
bench:
	$(SWIFT) build $(RELEASE) --product mconv-bench

install: release
	install -d "$(BINDIR)"
	install -s -m 755 "$$($(SWIFT) build $(RELEASE) --show-bin-path)/mconv" "$(BINDIR)/mconv"

uninstall:
	rm -f "$(BINDIR)/mconv"
