"""The speed work changes no outcome: games saved and simulations run before it replay the same.

The files in ``tests/data/before_speed`` were written by commit 1e9d433, before the fast paths
(compiled modules, cheap response windows) existed: saved games played at random to the middle
and to the end, and ``simulate --csv`` records of random, greedy and ISMCTS bots. We're Doomed!'s
two saves were played again (at random, from the same seeds) when its rules changed on purpose
(issue 22: votes, the Contribute phase, civilization picks on a timer).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.engine.registry import load_verified

DATA = Path(__file__).parent.parent / "data" / "before_speed"
SAVES = sorted(DATA.glob("*.json"))
SIMULATIONS = {
    # file: the simulate arguments that wrote it
    "simulate-doomlings-random.csv": "doomlings -n 60 -p 4 --bots random --seed 5",
    "simulate-doomlings-blackbox-random.csv": (
        "doomlings-blackbox -n 60 -p 4 --bots random --seed 5"
    ),
    "simulate-doom-on-you-random.csv": "doom-on-you -n 60 -p 4 --bots random --seed 5",
    "simulate-doom-pile-random.csv": "doom-pile -n 60 -p 4 --bots random --seed 5",
    "simulate-doomlings-bots.csv": "doomlings -n 12 -p 4 --bots greedy,random,ismcts:30 --seed 6",
    "simulate-doom-on-you-bots.csv": "doom-on-you -n 8 -p 3 --bots greedy,random --seed 6",
}


def test_every_recorded_simulation_is_listed() -> None:
    assert sorted(SIMULATIONS) == sorted(p.name for p in DATA.glob("*.csv"))
    assert len(SAVES) >= 10


@pytest.mark.parametrize("save", SAVES, ids=lambda p: p.stem)
def test_a_save_from_before_replays_to_the_same_state(save: Path) -> None:
    text = save.read_text()
    # load_verified replays the seed and the decision log and refuses any field that differs.
    state = load_verified(json.loads(text))
    replayed = json.loads(state.to_json())
    # A field added since (for an expansion's cards) holds nothing in a game without them.
    for name in set(replayed["state"]) - set(json.loads(text)["state"]):
        value = replayed["state"].pop(name)
        assert not (any(value) if isinstance(value, list) else value), name
    assert json.dumps(replayed, separators=(",", ":")) + "\n" == text
    assert len(state.log) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_simulate_writes_the_same_records_as_before(name: str, tmp_path: Path) -> None:
    out = tmp_path / name
    args = ["simulate", *SIMULATIONS[name].split(), "--workers", "1", "--csv", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (DATA / name).read_bytes()
