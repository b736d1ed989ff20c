# make install PREFIX=/usr/local [DESTDIR=...]: builds the release binary (Swift runtime and
# Foundation linked statically, not position-independent: the fastest start-up, see
# README.md) and installs it, stripped, as $(DESTDIR)$(PREFIX)/bin/mconv. make uninstall
# removes it.
# The build goes to .build-static (as Benchmarks/corpus/bench.sh's), so it does not rebuild
# the plain `swift build -c release` in .build for every switch of flags.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SCRATCH ?= .build-static
BINDIR = $(DESTDIR)$(PREFIX)/bin
RELEASE = -c release --static-swift-stdlib -Xlinker -no-pie --scratch-path $(SCRATCH)

.PHONY: all release install uninstall

all: release

release:
	$(SWIFT) build $(RELEASE) --product mconv

install: release
	install -d "$(BINDIR)"
	install -s -m 755 "$$($(SWIFT) build $(RELEASE) --show-bin-path)/mconv" "$(BINDIR)/mconv"

uninstall:
	rm -f "$(BINDIR)/mconv"
