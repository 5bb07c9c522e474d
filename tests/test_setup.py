"""setup.py keeps compiled hot modules that are newer than every source they are built from,
so installing again (``pip install -e ".[web]"``) does not compile for minutes."""

from __future__ import annotations

import importlib.util
import os
import shutil
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("doomtable_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # builds nothing: main() runs only as __main__
    return module


def checkout(tmp_path: Path, setup: ModuleType) -> list[Path]:
    """A copy of the sources with every extension built after them; the extensions."""
    shutil.copy(ROOT / "setup.py", tmp_path / "setup.py")
    shutil.copytree(ROOT / "src" / "doomtable", tmp_path / "src" / "doomtable",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))  # fmt: skip
    suffix = setup.EXTENSION_SUFFIXES[0]
    built = [(tmp_path / "src" / "doomtable__mypyc").with_suffix(suffix)]
    built += [tmp_path.joinpath("src", *n.split(".")).with_suffix(suffix)
              for n in setup.hot_modules(tmp_path)]  # fmt: skip
    later = time.time() + 10  # after every source, the copied setup.py included
    for path in built:
        path.write_bytes(b"")
        os.utime(path, (later, later))
    return built


def test_fresh_extensions_are_kept(tmp_path: Path) -> None:
    setup = load_setup()
    checkout(tmp_path, setup)
    assert setup.extensions_up_to_date(tmp_path)


def test_a_newer_source_or_a_missing_extension_compiles_again(tmp_path: Path) -> None:
    setup = load_setup()
    built = checkout(tmp_path, setup)
    errors = tmp_path / "src" / "doomtable" / "engine" / "errors.py"  # not compiled, but read
    os.utime(errors, (built[0].stat().st_mtime + 5,) * 2)
    assert not setup.extensions_up_to_date(tmp_path)
    os.utime(errors, (0, 0))
    assert setup.extensions_up_to_date(tmp_path)
    built[3].unlink()
    assert not setup.extensions_up_to_date(tmp_path)
