"""Start-up stays light: ``doomtable --help`` lists every command without importing games,
bots, simulators or YAML, and each listed line is the command's own help. (How fast it starts
is measured by bench/bench_startup.py, not here.)"""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from doomtable.cli.app import LAZY_COMMANDS, app, load_command

HEAVY = (
    "doomtable.games",
    "doomtable.bots",
    "doomtable.sim",
    "doomtable.scenario",
    "doomtable.cli.session",
    "doomtable.cli.score_commands",
    "yaml",
    "ray",
)

PROBE = """
import sys
from typer.testing import CliRunner
from doomtable.cli.app import app
result = CliRunner().invoke(app, ["--help"])
assert result.exit_code == 0, result.output
print("\\n".join(sorted(sys.modules)))
"""


def test_help_imports_no_game_bot_simulator_or_yaml() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    loaded = done.stdout.split()
    heavy = [m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert not heavy, f"--help imported {heavy}"
    assert "doomtable.cli.app" in loaded


def test_help_lists_every_command_with_its_own_help_line() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for name, (_, line) in LAZY_COMMANDS.items():
        assert name in result.output
        real = load_command(name)
        own = " ".join((real.help or "").split())
        assert own.startswith(line.removesuffix(".")), (name, own)


def test_a_lazy_command_runs_and_a_typo_is_still_answered() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["cards", "doomlings", "Gills"])
    assert result.exit_code == 0 and "Gills" in result.output
    result = runner.invoke(app, ["plya"])
    assert result.exit_code != 0 and "Did you mean 'play'" in result.output


def test_finding_one_game_imports_only_that_game() -> None:
    probe = (
        "import sys\n"
        "from doomtable.engine import find_game, game_names\n"
        "find_game('doomlings')\n"
        "assert 'doomtable.games.doom_on_you' not in sys.modules, 'imported Doom On You'\n"
        "assert 'doom-on-you' in game_names()\n"  # listing the games still finds them all
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_games_own_commands_come_from_the_module_its_spec_names() -> None:
    from doomtable.engine import find_game

    game_commands = {n: w for n, (w, _) in LAZY_COMMANDS.items() if w.startswith("game:")}
    assert game_commands == {"deck": "game:doom-pile", "score": "game:doomlings"}
    for name, where in game_commands.items():
        spec = find_game(where.removeprefix("game:"))
        assert spec.commands, f"{spec.name} names no commands module for {name}"
        assert load_command(name).name == name
