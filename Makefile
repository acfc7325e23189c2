# pokerroom: `make play` to play at the terminal, `make test` to run every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: play serve test lint typecheck pytest quick bench clean install browser

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

# The card room's browser tests drive Debian's Chromium; they are skipped without it.
CHROMIUM := /usr/bin/chromium
browser: $(CHROMIUM)

$(CHROMIUM):
	@if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get install -y -qq chromium >/dev/null 2>&1 || \
		{ apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium >/dev/null 2>&1; } || \
		echo "chromium could not be installed: the browser tests will be skipped"; \
	else \
		echo "install Debian's chromium (apt-get install chromium) to run the browser tests"; \
	fi

play: $(STAMP)
	@$(BIN)/pokerroom play

serve: $(STAMP)
	@$(BIN)/pokerroom serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) browser
	$(BIN)/pytest -n 2 -q $(PYTEST_ARGS)

test: lint typecheck pytest

# Everything but the exhaustive enumerations (a developer's quick loop).
quick: $(STAMP)
	$(BIN)/pytest -n 2 -q -m 'not exhaustive' $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build dist src/*.egg-info
