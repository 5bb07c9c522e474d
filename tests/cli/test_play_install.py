"""`make play` installs only what playing needs: the base install (no extras), and a whole game
at the terminal imports nothing from outside the base requirements."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import os
import sys
import tempfile
from typer.testing import CliRunner
from doomtable.cli.app import app
from doomtable.engine import find_game, game_names
runner = CliRunner()
for game in game_names():
    players = str(max(2, find_game(game).min_players))
    result = runner.invoke(app, ["play", game, "-p", players, "--seed", "2", "--bots-only"])
    assert result.exit_code == 0, result.output
save = os.path.join(tempfile.mkdtemp(), "save.json")
result = runner.invoke(app, ["play", "doomlings", "--seed", "2", "--save", save],
                       input="1\\nhelp\\nrules\\nquit\\n")
assert result.exit_code == 0, result.output
print("\\n".join(sorted({name.split(".")[0] for name in sys.modules})))
"""


def _name(requirement: str) -> str:
    return re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def base_closure() -> set[str]:
    """The distributions the base install brings: its requirements and theirs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    todo = [_name(r) for r in project["dependencies"]]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            needed = requires(name) or []
        except PackageNotFoundError:  # for another platform (colorama): not installed here
            continue
        for requirement in needed:
            if "extra ==" not in requirement:
                todo.append(_name(requirement))
    return seen


def test_make_play_installs_the_base_project_only() -> None:
    makefile = (ROOT / "Makefile").read_text()
    play_stamp = re.search(r"^play: (\S+)", makefile, re.MULTILINE)
    assert play_stamp is not None
    recipe = makefile.split(f"{play_stamp.group(1)}:", 1)[1].split("\n\n", 1)[0]
    assert "pip install --quiet -e ." in recipe and "[" not in recipe
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for tool in ("pytest", "hypothesis", "mypy", "ruff", "ray"):
        assert not any(_name(d) == tool for d in dependencies), tool


def test_playing_every_game_imports_only_the_base_requirements() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # What the interpreter loads before any code of ours (the venv's setuptools shim) is not
    # playing's doing.
    bare = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; print('\\n'.join(m.split('.')[0] for m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    owners = packages_distributions()
    allowed = base_closure() | {"doomtable"}
    used = {
        dist.lower().replace("_", "-")
        for module in set(done.stdout.split()) - set(bare)
        for dist in owners.get(module, [])
    }
    assert used - allowed == set(), f"playing imported {sorted(used - allowed)}"
