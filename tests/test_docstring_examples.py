"""The examples in the docstrings of ``src/doomtable`` run as written.

A module compiled by mypyc keeps no examples doctest can find, so its source is run instead,
under the module's own name (``sys.modules`` holds it for the test: doctest looks there).
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import doomtable

SRC = Path(doomtable.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(("doomtable", *(parts[:-1] if parts[-1] == "__init__" else parts)))


WITH_EXAMPLES = sorted(
    _module_name(path) for path in SRC.rglob("*.py") if ">>> " in path.read_text(encoding="utf-8")
)


def _source_module(name: str) -> ModuleType:
    module = importlib.import_module(name)
    source = Path(module.__file__ or "")
    if source.suffix == ".py":
        return module
    spec = importlib.util.spec_from_file_location(
        name, source.with_name(f"{name.split('.')[-1]}.py")
    )
    assert spec is not None and spec.loader is not None
    pure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pure)
    return pure


def test_the_modules_with_examples_are_found() -> None:
    assert {"doomtable.engine.rng", "doomtable.games.doomlings.tally"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_docstring_examples_run_as_written(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = _source_module(name)
    monkeypatch.setitem(sys.modules, name, module)
    result = doctest.testmod(module, report=True)
    assert result.attempted > 0, f"{name} has '>>> ' but doctest found no example in it"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"
