# `make play` and `make test` bootstrap .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The RL environments' libraries: tests need them, `make play` does not.
RL_STAMP := $(VENV)/.installed-rl

.PHONY: play test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

$(RL_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e ".[rl]"
	touch $(RL_STAMP)

play: $(STAMP)
	$(BIN)/doomtable play doomlings --players 4

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(RL_STAMP)
	$(BIN)/mypy src

test: lint typecheck $(RL_STAMP)
	$(BIN)/pytest -n auto

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
