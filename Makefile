# copypasta — build, test, install. See README.md.
PREFIX    ?= /usr/local
DESTDIR   ?=
# /usr installs its configuration under /etc; any other prefix under PREFIX/etc.
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
BINDIR     = $(PREFIX)/bin
MANDIR     = $(PREFIX)/share/man/man1
UNITDIR    = $(PREFIX)/lib/systemd/user
AUTOSTART  = $(SYSCONFDIR)/xdg/autostart
BASHCOMP   = $(PREFIX)/share/bash-completion/completions
ZSHCOMP    = $(PREFIX)/share/zsh/site-functions
FISHCOMP   = $(PREFIX)/share/fish/vendor_completions.d

SWIFT     ?= swift
RELEASE    = .build/release/copypasta
# The binary install-files copies (the tests point it at the debug build).
BIN       ?= $(RELEASE)
COMPDIR    = .build/completions

# Debian packages: build (headers and the static archives Package.swift links), then what the tests and docs checks run.
BUILD_DEBS = libx11-dev libxcb1-dev libxau-dev libxdmcp-dev libxext-dev libxfixes-dev libxtst-dev libxres-dev libxss-dev libxkbcommon-dev libsqlite3-dev libsodium-dev libpcre2-dev pkg-config \
             libpango1.0-dev libcairo2-dev libxrandr-dev libcurl4-openssl-dev libgumbo-dev
TEST_DEBS  = xvfb xclip xsel x11-utils x11-xkb-utils xkb-data xdotool sqlite3 copyq mandoc man-db desktop-file-utils \
             systemd make procps python3 python3-gi gir1.2-gtk-3.0 gir1.2-gtk-4.0 python3-pyqt5 python3-tk xterm syncthing \
             tmux fzf pinentry-gtk2 pinentry-curses firefox-esr chromium \
             imagemagick openbox poppler-utils x11-xserver-utils fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji python3-readability
BENCH_DEBS = hyperfine python3 rofi wget

.PHONY: all build run test lint format deps test-deps bench soak order install install-files uninstall clean completions lint-docs \
        fuzz fuzz-build test-sanitize test-tsan

all: build

build: deps
	$(SWIFT) build -c release --static-swift-stdlib
	@$(MAKE) --no-print-directory completions

# Shell completions are generated from the binary itself, so they always match it.
completions:
	@mkdir -p $(COMPDIR)
	$(BIN) --generate-completion-script bash > $(COMPDIR)/copypasta.bash
	$(BIN) --generate-completion-script zsh > $(COMPDIR)/_copypasta
	$(BIN) --generate-completion-script fish > $(COMPDIR)/copypasta.fish

# Runs the agent in the foreground on $DISPLAY (Ctrl+C stops it).
run: build
	@test -n "$$DISPLAY" || { echo "make run: DISPLAY is not set; run it inside an X11 session (or DISPLAY=:0 make run)" >&2; exit 69; }
	$(RELEASE) daemon

deps:
	@scripts/ensure-debs $(BUILD_DEBS)

test-deps:
	@scripts/ensure-debs $(BUILD_DEBS) $(TEST_DEBS)

test: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel
	@$(MAKE) --no-print-directory fuzz
	@$(MAKE) --no-print-directory test-sanitize

# The unit and CLI tests again, built with AddressSanitizer in a build path of their own (the
# normal build stays as it is). `make test-tsan` does the same with ThreadSanitizer; it is not
# part of `make test`, whose time on CI it would take past its budget (docs/DESIGN.md §10).
SANITIZE_SUITES = CopypastaCoreTests|CopypastaSystemTests|CopypastaSyncTests|CopypastaStoreTests|CopypastaDaemonTests|CLITests
test-sanitize: test-deps
	$(SWIFT) build --build-tests --build-path .build/asan --sanitize=address
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp $(SWIFT) test --skip-build --build-path .build/asan \
		--sanitize=address --parallel --filter '$(SANITIZE_SUITES)'

test-tsan: test-deps
	$(SWIFT) build --build-tests --build-path .build/tsan --sanitize=thread
	$(SWIFT) test --skip-build --build-path .build/tsan --sanitize=thread --parallel --filter '$(SANITIZE_SUITES)'

# libFuzzer over every parser of outside bytes (Fuzz/, docs/DESIGN.md §10): each target runs
# FUZZ_SECONDS from the seeds in Fuzz/Corpus/TARGET (and FUZZ_SEEDS_TARGET) plus what earlier
# runs found (kept under .build/fuzz/corpus), FUZZ_JOBS at a time. A crash leaves its input in
# .build/fuzz/findings; `.build/fuzz/debug/copypasta-fuzz TARGET FILE` replays it.
FUZZ_SECONDS ?= 15
FUZZ_JOBS    ?= 2
FUZZ_TARGETS  = records sealed archivepack ipc config jsonl importline clipmenu greenclip cliphist copyq assuan xtext search http htmltext \
                html css charset jsonld \
                bookmarks chromium comment
FUZZ_BIN      = .build/fuzz/debug/copypasta-fuzz
# Seeds that are test fixtures too, read where the tests keep them rather than copied.
FUZZ_SEEDS_bookmarks = Tests/Fixtures/bookmarks
FUZZ_SEEDS_importline = Fuzz/Corpus/jsonl

fuzz: fuzz-build
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(addprefix fuzz-run-,$(FUZZ_TARGETS))

fuzz-build: deps
	COPYPASTA_FUZZ=1 $(SWIFT) build --build-path .build/fuzz --product copypasta-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

# The Swift runtime's own crash reporter would wait on a process libFuzzer is about to end.
fuzz-run-%:
	@mkdir -p .build/fuzz/corpus/$* .build/fuzz/findings
	@if SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $* -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=.build/fuzz/findings/$*- .build/fuzz/corpus/$* $(wildcard Fuzz/Corpus/$*) $(FUZZ_SEEDS_$*) > .build/fuzz/$*.log 2>&1; \
	then echo "fuzz $*: $$(grep -o '^#[0-9]*.DONE.*cov: [0-9]*' .build/fuzz/$*.log | tr -s '\t ' ' ') in $(FUZZ_SECONDS) s"; \
	else tail -n 40 .build/fuzz/$*.log; echo "fuzz $*: failed; the input is in .build/fuzz/findings" >&2; exit 1; fi

# swift-format with the checked-in .swift-format, strict; the build itself treats warnings as
# errors (Package.swift), and the man page must be lint-clean.
lint: test-deps
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz/Driver bench/hello
	@$(MAKE) --no-print-directory lint-docs

# Rewrites the sources the way `make lint` wants them.
format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Fuzz/Driver bench/hello

lint-docs:
	@if [ -f man/copypasta.1 ]; then mandoc -Tlint -W warning man/copypasta.1 && echo "mandoc -Tlint: man/copypasta.1 clean"; fi

bench: build
	@scripts/ensure-debs $(BENCH_DEBS) $(TEST_DEBS)
	$(SWIFT) build --product copypasta-testowner
	cd bench/hello && $(SWIFT) build -c release --static-swift-stdlib
	$(SWIFT) build --product copypasta-testclient
	COPYPASTA_BENCH=1 $(SWIFT) build -c release --build-path .build/bench --product copypasta-htmlbench
	python3 bench/bench.py --binary $(RELEASE) --owner .build/debug/copypasta-testowner \
		--hello bench/hello/.build/release/hello --client .build/debug/copypasta-testclient \
		--htmlbench .build/bench/release/copypasta-htmlbench

# Rewrites linking/daemon.order from a callgrind profile of the release binary (the daemon's
# start, captures and restores, then the hot commands), and relinks with it. Run it after
# changes to what the daemon runs; a stale list only costs resident memory (docs/DESIGN.md §1).
order: build
	@scripts/ensure-debs valgrind $(TEST_DEBS)
	scripts/profile-order --binary $(RELEASE) --output linking/daemon.order
	rm -f $(RELEASE)
	$(SWIFT) build -c release --static-swift-stdlib

# Ten minutes of copies, restores, hooks, socket clients and imports at once; nothing may be lost.
soak: build
	@scripts/ensure-debs $(BENCH_DEBS) $(TEST_DEBS)
	python3 bench/soak.py --binary $(RELEASE) --minutes $${SOAK_MINUTES:-10}

install: build install-files

install-files: completions
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(AUTOSTART) \
		$(DESTDIR)$(BASHCOMP) $(DESTDIR)$(ZSHCOMP) $(DESTDIR)$(FISHCOMP)
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/copypasta
	install -m 0755 $(dir $(BIN))copypasta-picker $(DESTDIR)$(BINDIR)/copypasta-picker
	install -m 0755 $(dir $(BIN))copypasta-archive $(DESTDIR)$(BINDIR)/copypasta-archive
	install -m 0755 $(dir $(BIN))copypasta-ai $(DESTDIR)$(BINDIR)/copypasta-ai
	install -m 0644 man/copypasta.1 $(DESTDIR)$(MANDIR)/copypasta.1
	sed 's|@BINDIR@|$(BINDIR)|g' desktop/copypasta.service > $(DESTDIR)$(UNITDIR)/copypasta.service
	sed 's|@BINDIR@|$(BINDIR)|g' desktop/copypasta.desktop > $(DESTDIR)$(AUTOSTART)/copypasta.desktop
	chmod 0644 $(DESTDIR)$(UNITDIR)/copypasta.service $(DESTDIR)$(AUTOSTART)/copypasta.desktop
	install -m 0644 $(COMPDIR)/copypasta.bash $(DESTDIR)$(BASHCOMP)/copypasta
	install -m 0644 $(COMPDIR)/_copypasta $(DESTDIR)$(ZSHCOMP)/_copypasta
	install -m 0644 $(COMPDIR)/copypasta.fish $(DESTDIR)$(FISHCOMP)/copypasta.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/copypasta $(DESTDIR)$(BINDIR)/copypasta-picker $(DESTDIR)$(BINDIR)/copypasta-archive $(DESTDIR)$(BINDIR)/copypasta-ai \
		$(DESTDIR)$(MANDIR)/copypasta.1 \
		$(DESTDIR)$(UNITDIR)/copypasta.service $(DESTDIR)$(AUTOSTART)/copypasta.desktop \
		$(DESTDIR)$(BASHCOMP)/copypasta $(DESTDIR)$(ZSHCOMP)/_copypasta $(DESTDIR)$(FISHCOMP)/copypasta.fish

clean:
	rm -rf .build
