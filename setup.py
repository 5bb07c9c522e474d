"""Build doomtable with its hot modules compiled by mypyc (pyproject.toml holds the rest).

The modules listed in ``src/doomtable/compiled.py`` are compiled into C extensions that sit
next to their ``.py`` sources (an editable install builds them in place). Where that cannot
happen (no C compiler, no Python headers, a mypyc error) or ``DOOMTABLE_PURE=1`` asks, the
package installs as pure Python instead, saying so loudly, and never fails for it.
"""

from __future__ import annotations

import ast
import os
import sys
import time
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from importlib.machinery import EXTENSION_SUFFIXES
except ImportError:  # pragma: no cover - every CPython has it
    EXTENSION_SUFFIXES = [".so"]

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
STARTED = time.time()
"""Before mypyc reads any source: the time the built extensions are stamped with."""


def hot_modules(root: Path = ROOT) -> list[str]:
    """``COMPILED`` of ``doomtable/compiled.py``, read without importing the package."""
    tree = ast.parse((root / "src" / "doomtable" / "compiled.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise SystemExit("setup.py: no COMPILED list in src/doomtable/compiled.py")


def warn(message: str) -> None:
    bar = "=" * 78
    print(f"\n{bar}\ndoomtable: {message}\n{bar}\n", file=sys.stderr, flush=True)


BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The setup.py commands that build (the others, such as egg_info, only read metadata)."""


def remove_built_extensions() -> None:
    """Delete extensions an earlier build left in the source tree, so none of them can shadow
    a changed source if this build does not compile."""
    for built in [*SRC.glob("*__mypyc.*"), *(SRC / "doomtable").rglob("*.so")]:
        built.unlink()


COMPILED_FROM = ("engine", "games/doomlings", "games/doom_on_you", "bots")
"""Folders of ``src/doomtable`` whose sources the hot modules are built from (as the
Makefile's ``COMPILED_FROM``): mypyc reads their types, so a change to any of them rebuilds."""


def extensions_up_to_date(root: Path = ROOT) -> bool:
    """Whether every hot module's extension is built and newer than every source it is built
    from (and this file): then installing again (``pip install -e ".[web]"``) need not
    compile for minutes."""
    package = root / "src" / "doomtable"
    sources = [root / "setup.py", package / "compiled.py", package / "sim" / "play.py"]
    for folder in COMPILED_FROM:
        sources.extend((package / folder).glob("*.py"))
    suffix = EXTENSION_SUFFIXES[0]
    built = [(root / "src" / "doomtable__mypyc").with_suffix(suffix)]
    for name in hot_modules(root):
        built.append(root.joinpath("src", *name.split(".")).with_suffix(suffix))
    try:
        oldest = min(path.stat().st_mtime for path in built)
        newest = max(path.stat().st_mtime for path in sources)
    except (OSError, ValueError):
        return False
    return newest <= oldest


def compiled_extensions() -> list[Extension]:
    if not BUILD_COMMANDS & set(sys.argv[1:]):
        return []
    if os.environ.get("DOOMTABLE_PURE", "") in ("", "0") and extensions_up_to_date():
        print(
            "doomtable: the compiled hot modules are newer than their sources: kept, not "
            "compiled again (delete src/**/*.so, or `make clean`, to force it)",
            file=sys.stderr,
            flush=True,
        )
        return []
    remove_built_extensions()
    if os.environ.get("DOOMTABLE_PURE", "") not in ("", "0"):
        warn("DOOMTABLE_PURE is set: installing pure Python, nothing compiled.")
        return []
    paths = [str(Path("src", *name.split(".")).with_suffix(".py")) for name in hot_modules()]
    try:
        from mypyc.build import mypycify

        # mypyc reads [tool.mypy] of pyproject.toml (strict) and writes its C under build/.
        return list(mypycify(paths, opt_level="3", group_name="doomtable"))
    except BaseException as exc:  # mypy reports type errors with SystemExit
        warn(f"mypyc could not compile the hot modules ({exc!r}); installing pure Python.")
        return []


class BuildExtOrFallBack(build_ext):
    """Compile the extensions; if the C compiler fails, remove what was built and go on."""

    def run(self) -> None:
        try:
            super().run()
            # Copies keep the time of an earlier identical build; doomtable.compiled compares
            # these times with the sources' to notice an extension older than its source.
            for ext in self.extensions:
                os.utime(self.get_ext_fullpath(ext.name), (STARTED, STARTED))
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            if self.inplace:
                for ext in self.extensions:
                    Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            warn(f"compiling the hot modules failed ({exc!r}); installing pure Python.")
            self.extensions = []


def main() -> None:
    options: dict[str, Any] = {"cmdclass": {"build_ext": BuildExtOrFallBack}}
    extensions = compiled_extensions()
    if extensions:
        options["ext_modules"] = extensions
    setup(**options)


if __name__ == "__main__":  # how pip's build backend runs this file
    main()
