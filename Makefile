# `make play` and `make test` bootstrap .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck bench clean system-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/doomtable play doomlings --players 4

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy src

# The browser table's tests use Debian's Chromium and PostgreSQL (never a downloaded browser).
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
system-deps:
	@test -x /usr/bin/chromium && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
		($(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium postgresql)

test: lint typecheck system-deps
	$(BIN)/pytest -n auto -rs

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
