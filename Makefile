# pokerroom: `make play` to play at the terminal, `make test` to run every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: play serve test lint typecheck pytest quick bench clean install

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	@$(BIN)/pokerroom play

serve: $(STAMP)
	@$(BIN)/pokerroom serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 -q $(PYTEST_ARGS)

test: lint typecheck pytest

# Everything but the exhaustive enumerations (a developer's quick loop).
quick: $(STAMP)
	$(BIN)/pytest -n 2 -q -m 'not exhaustive' $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build dist src/*.egg-info
