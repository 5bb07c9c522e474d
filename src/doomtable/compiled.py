"""The hot modules compiled ahead of time with mypyc, and the switch back to their Python.

``make play`` and ``make test`` build the modules listed in :data:`COMPILED` as extension
modules next to their sources (``setup.py`` reads the list from here). Their ``.py`` files
stay the reference: ``import doomtable`` loads the sources instead of the extensions when
``DOOMTABLE_PURE=1`` asks, or, with a warning, when a source changed after its extension was
built (so a stale extension never runs in place of an edited source).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from types import ModuleType

PURE_ENV = "DOOMTABLE_PURE"
"""Set to ``1`` to run the pure-Python modules even where compiled ones are built."""

COMPILED = (
    "doomtable.engine.decision",
    "doomtable.engine.rng",
    "doomtable.engine.state",
    "doomtable.engine.win_model",
    "doomtable.games.doomlings.cards",
    "doomtable.games.doomlings.state",
    "doomtable.games.doomlings.rules",
    "doomtable.games.doomlings.scoring",
    "doomtable.games.doomlings.game",
    "doomtable.games.doomlings.value",
    "doomtable.games.doom_on_you.cards",
    "doomtable.games.doom_on_you.state",
    "doomtable.games.doom_on_you.rules",
    "doomtable.games.doom_on_you.scoring",
    "doomtable.games.doom_on_you.game",
    "doomtable.games.doom_on_you.value",
    "doomtable.bots.base",
    "doomtable.bots.ismcts",
    "doomtable.sim.play",
)
"""Every module mypyc compiles, by import name."""

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension rather than its source."""
    return not (module.__file__ or "").endswith(".py")


def stale_sources(root: str = SRC) -> list[str]:
    """Sources of compiled modules changed after their extension was built."""
    stale = []
    for name in COMPILED:
        base = os.path.join(root, *name.split("."))
        try:
            built = os.stat(base + EXTENSION_SUFFIXES[0]).st_mtime
        except OSError:
            continue
        # A margin: an installed wheel writes its .py and .so files within moments of each
        # other, in any order; a real edit comes later than that.
        if os.stat(base + ".py").st_mtime > built + 2:
            stale.append(base + ".py")
    return stale


class PurePython:
    """An import finder that loads the ``.py`` source of any doomtable module built as an
    extension (a stale one from an older module list included), so that all run as Python:
    compiled and pure modules of one build cannot be mixed."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("doomtable."):
            return None
        from importlib.machinery import PathFinder
        from importlib.util import spec_from_file_location

        spec = PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or spec.origin.endswith(".py"):
            return spec
        source = os.path.join(os.path.dirname(spec.origin), fullname.rpartition(".")[2] + ".py")
        return spec_from_file_location(fullname, source) if os.path.exists(source) else spec


def choose_modules() -> None:
    """Run the pure-Python modules where asked to, or where the compiled ones are stale."""
    if not pure_requested():
        stale = stale_sources()
        if not stale:
            return
        print(
            f"doomtable: {os.path.relpath(stale[0])} changed after it was compiled: running "
            "the pure-Python modules (run `make` or `pip install -e .` to compile again)",
            file=sys.stderr,
        )
    if not any(isinstance(finder, PurePython) for finder in sys.meta_path):
        sys.meta_path.insert(0, PurePython())


def main() -> None:
    """Say whether the hot modules run compiled (``make`` calls it after installing)."""
    import importlib

    python = [name for name in COMPILED if not is_compiled(importlib.import_module(name))]
    if not python:
        print(f"doomtable: {len(COMPILED)} hot modules compiled with mypyc")
    elif pure_requested():
        print(f"doomtable: {PURE_ENV} is set: running the pure-Python modules")
    else:
        print(
            f"doomtable: WARNING: {len(python)} of {len(COMPILED)} hot modules run as pure "
            "Python, not compiled (the mypyc build failed or is stale: see "
            "`pip install -v -e .`); everything works, only slower",
            file=sys.stderr,
        )
