# `make play` and `make test` bootstrap .venv on first use. `make play` installs only what
# playing needs (the base install); `make test` adds the dev extra (test tools, Ray).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play
# The hot modules mypyc compiles (setup.py, src/doomtable/compiled.py): a change to any source
# they are built from reinstalls, which compiles them again (or installs pure Python, loudly).
COMPILED_FROM := setup.py src/doomtable/compiled.py $(wildcard src/doomtable/engine/*.py \
	src/doomtable/games/doomlings/*.py src/doomtable/games/doom_on_you/*.py \
	src/doomtable/bots/*.py) src/doomtable/sim/play.py
REPORT_COMPILED := $(BIN)/python -c "from doomtable.compiled import main; main()"

.PHONY: play test lint typecheck bench clean system-deps pyodide

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

COMPILING := echo "doomtable: installing and compiling the hot modules with mypyc; the first \
	time takes a few minutes (10 or more on a slow machine) and prints nothing meanwhile. \
	DOOMTABLE_PURE=1 make play skips compiling (about half the speed)."

$(PLAY_STAMP): pyproject.toml $(COMPILED_FROM) | $(BIN)/python
	@$(COMPILING)
	$(BIN)/pip install --quiet -e .
	@$(REPORT_COMPILED)
	touch $(PLAY_STAMP)

$(STAMP): pyproject.toml $(COMPILED_FROM) | $(BIN)/python
	@$(COMPILING)
	$(BIN)/pip install --quiet -e ".[dev]"
	@$(REPORT_COMPILED)
	touch $(STAMP)

play: $(PLAY_STAMP)
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

# The score page's offline scorer: Pyodide, pinned, from the npm registry (not in git).
PYODIDE_VERSION := 314.0.7
PYODIDE_DIR := build/pyodide
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
$(PYODIDE_DIR)/.version-$(PYODIDE_VERSION):
	rm -rf $(PYODIDE_DIR) build/pyodide-npm && mkdir -p $(PYODIDE_DIR) build/pyodide-npm
	cd build/pyodide-npm && npm pack --silent pyodide@$(PYODIDE_VERSION) >/dev/null
	tar -xzf build/pyodide-npm/pyodide-$(PYODIDE_VERSION).tgz -C build/pyodide-npm
	cd build/pyodide-npm/package && cp $(PYODIDE_FILES) $(CURDIR)/$(PYODIDE_DIR)/
	touch $@

pyodide: $(PYODIDE_DIR)/.version-$(PYODIDE_VERSION)

# worksteal: a worker that runs out takes tests from the other's queue, so the long tests
# (marked slow, started first: tests/conftest.py) never leave one core idle at the end.
test: lint typecheck system-deps pyodide
	$(BIN)/pytest -n auto --dist worksteal -rs

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build $(PYODIDE_DIR)
	find src -name "*.so" -delete
