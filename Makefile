# pokerroom: `make play` to play at the terminal, `make test` to run every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=
# One worker a core and one more: the card room's tests spend most of their time waiting
# on a server, a browser or a clock, and the extra worker runs other tests meanwhile; an
# idle worker takes queued tests from the others (worksteal), so a long case late in one
# worker's share no longer leaves another idle (docs/testing.md).
CORES := $(shell nproc 2>/dev/null || echo 2)
XDIST ?= -n $(shell expr $(CORES) + 1) --dist worksteal
# make quick leaves out the slow tests, and with them most of the waiting: one worker a
# core is quicker there (measured: 305 s on two workers, 323 s on three).
QUICK_XDIST ?= -n $(CORES) --dist worksteal
# The pure-Python pass's workers.
SOURCES_XDIST ?= $(XDIST)

.PHONY: play serve test lint typecheck pytest pytest-compiled pytest-sources quick test-changed mutation-check bench clean \
	install browser

$(STAMP): pyproject.toml setup.py
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip 'setuptools>=77,<81' wheel
	$(BIN)/python -m pip install --quiet -e '.[all,dev]'
	@touch $(STAMP)

# The hand machine compiled with mypyc beside its sources (src/pokerroom/compiled.py),
# with the environments' hand observer (src/pokerroom/env/handobs.py) and its spots of
# plain betting (src/pokerroom/env/spots.py), built again
# whenever one of their sources changes. Without a C compiler the build
# is skipped and everything runs from the sources.
COMPILED := build/compiled.stamp
$(COMPILED): $(STAMP) setup.py src/pokerroom/compiled.py $(wildcard src/pokerroom/engine/*.py) \
		src/pokerroom/env/handobs.py src/pokerroom/env/spots.py
	@echo "compiling the hand machine (mypyc)"
	@mkdir -p build
	@if POKERROOM_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace \
			>build/compile.log 2>&1; then touch src/pokerroom/engine/*.so src/pokerroom/env/*.so $(COMPILED); \
	else echo "could not compile the hand machine (see build/compile.log):" \
		"it runs from its sources"; rm -f src/pokerroom/engine/*.so src/pokerroom/env/*.so; fi

# The first deal compiles the numba kernels the bots and the evaluators use and builds the
# hand tables (about 16 s before the first prompt of a fresh install, 2 s after; see
# benchmarks/bench_first_deal.py), and the first odds of each game compile theirs: done
# once here instead, by dealing a few hands of every game with bots
# (src/pokerroom/terminal/warmup.py) and, beside it, tiny odds jobs of every shape
# (src/pokerroom/analysis/compile_kernels.py), the declare solver's walk (compile_walks
# in src/pokerroom/strategy/declare.py) and the equity of every pair of the 169 starting
# hand classes that push/fold solves from (about 25 CPU s, kept in the user's cache
# folder: src/pokerroom/strategy/equity.py), and again when they change. The test runs
# depend on it, so no worker compiles or builds what another one does.
WARM := build/warm.stamp
$(WARM): $(STAMP) $(COMPILED) $(wildcard src/pokerroom/fast/*.py src/pokerroom/analysis/*.py) \
		src/pokerroom/strategy/declare_values.py src/pokerroom/strategy/equity.py \
		src/pokerroom/strategy/classes.py
	@echo "warming the numba cache and the hand tables, for a quick first deal"
	@mkdir -p build
	@{ $(BIN)/python -m pokerroom.analysis.compile_kernels && $(BIN)/python -c \
		"from pokerroom.strategy.declare import compile_walks; compile_walks()" && \
		$(BIN)/python -c \
		"from pokerroom.strategy.charts import preflop_classes; preflop_classes()"; } \
		>build/kernels.log 2>&1 & \
	if $(BIN)/python -m pokerroom.terminal.warmup >build/warm.log 2>&1; then \
		wait $$! || echo "could not compile the kernels (see build/kernels.log)"; \
		touch $(WARM); \
	else wait $$!; \
		echo "could not warm the caches (see build/warm.log): the first deal fills them"; fi

# Python's bytecode, written once at install: the sources' and, for the tests, the
# assertion-rewritten modules pytest imports. A machine that sets PYTHONDONTWRITEBYTECODE
# (many container images do) would otherwise have every test process compile every test
# module again (about 16 CPU s a process to collect the tests instead of 6). The
# commands below may write bytecode too, so a changed file is compiled once, not in
# every process.
unexport PYTHONDONTWRITEBYTECODE
BYTECODE := build/bytecode.stamp
$(BYTECODE): $(STAMP)
	@echo "compiling the Python bytecode of the sources and the tests"
	@mkdir -p build
	@$(BIN)/python -m compileall -q src tests benchmarks scripts examples >/dev/null
	@$(BIN)/pytest --collect-only -q -p no:cacheprovider >build/collect.log 2>&1 || \
		echo "the tests could not be collected (see build/collect.log)"
	@touch $(BYTECODE)

install: $(STAMP) $(COMPILED) $(WARM) $(BYTECODE)

# The card room's browser tests drive Debian's Chromium: its headless shell, which
# does the same drawing for about half the CPU of the full browser (docs/testing.md),
# or the full browser where the shell is not packaged. Skipped with neither.
CHROMIUM := /usr/bin/chromium-headless-shell
browser: $(CHROMIUM)

$(CHROMIUM):
	@if [ -x /usr/bin/chromium ] && ! apt-cache show chromium-headless-shell >/dev/null 2>&1; then \
		true; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing Debian's chromium-headless-shell for the browser tests"; \
		apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 || \
		{ apt-get update -qq >/dev/null 2>&1 && \
		  apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1; } || \
		apt-get install -y -qq chromium >/dev/null 2>&1 || \
		echo "chromium could not be installed: the browser tests will be skipped"; \
	elif [ ! -x /usr/bin/chromium ]; then \
		echo "install Debian's chromium-headless-shell to run the browser tests"; \
	fi

play: $(STAMP) $(COMPILED) $(WARM)
	@$(BIN)/pokerroom play

serve: $(STAMP) $(COMPILED)
	@$(BIN)/pokerroom serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts examples

typecheck: $(STAMP)
	$(BIN)/mypy

# Everything on the compiled hand machine (the main pass), and the hand machine's own
# tests, examples and the every-game harness of the games it runs (all but Guts, Herbie
# and Three Card Poker, which have no compiled part) again from its sources, so both
# paths stay tested: that second pass leaves out the exhaustive runs, which the first
# pass makes on the same code compiled (docs/testing.md, "Mutation check").
pytest: pytest-compiled pytest-sources

pytest-compiled: $(STAMP) $(COMPILED) $(WARM) $(BYTECODE) browser
	$(BIN)/pytest $(XDIST) -q $(PYTEST_ARGS)

pytest-sources: $(STAMP) $(COMPILED) $(WARM) $(BYTECODE)
	POKERROOM_PURE_PYTHON=1 $(BIN)/pytest $(SOURCES_XDIST) -q tests/engine tests/every_game \
		tests/env src/pokerroom/engine src/pokerroom/env/handobs.py src/pokerroom/env/spots.py \
		-k 'not guts and not herbie and not three-card' -m 'not exhaustive' $(PYTEST_ARGS)

# ruff and mypy, then the two passes. Running ruff, mypy and the pure-Python pass beside
# the main pass was measured slower (docs/testing.md, "This round (2026-12-06, morning)").
test: lint typecheck pytest

# The planted defects of tests/mutants/mutants.toml against a selection of tests, e.g.
# make mutation-check MUTATION_ARGS="--only pots-odd-chip-extra -- tests/engine"
MUTATION_ARGS ?= -- tests/engine tests/every_game src/pokerroom/engine -m 'not exhaustive'
mutation-check: $(STAMP)
	$(BIN)/python scripts/mutation_check.py $(MUTATION_ARGS)

# Everything but the exhaustive enumerations and the slow tests of tests/slow_tests.txt
# (a developer's quick loop; the tests that catch the planted defects all stay in it).
quick: $(STAMP) $(COMPILED) $(WARM) $(BYTECODE)
	$(BIN)/pytest $(QUICK_XDIST) -q -m 'not exhaustive and not slow' $(PYTEST_ARGS)

# The tests that touch the files changed since main (BASE=ref for another branch): the
# changed test files, the test folders mirroring changed packages, the changed modules'
# examples; scripts/changed_tests.py says how a file maps to its tests.
# `make test-changed PYTEST_ARGS="-m 'not exhaustive'"` leaves the enumerations out.
test-changed: $(STAMP) $(COMPILED)
	XDIST='$(XDIST)' $(BIN)/python scripts/changed_tests.py $(PYTEST_ARGS)

bench: $(STAMP) $(COMPILED)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build dist src/*.egg-info src/pokerroom/engine/*.so \
		src/pokerroom/env/*.so
