"""The hot modules run compiled (mypyc) where built, and play exactly as their Python sources.

``make test`` builds the compiled modules; if that build failed, the first test here fails
with what to do, unless ``DOOMTABLE_PURE=1`` asked for the pure-Python reference on purpose.
"""

from __future__ import annotations

import copy
import importlib
import importlib.machinery
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from doomtable.compiled import COMPILED, PURE_ENV, is_compiled, pure_requested, stale_sources
from doomtable.engine import new_game

DOOMTABLE = Path(sys.executable).parent / "doomtable"
SAVES = Path(__file__).parent.parent / "data" / "before_speed"

needs_compiled = pytest.mark.skipif(
    pure_requested(), reason=f"{PURE_ENV} is set: testing the pure-Python reference only"
)

# Seeded games played to the end at random and by the searching bot, printed as saved JSON.
PLAY = """
import sys
from doomtable.bots import InfoSet, IsmctsBot
from doomtable.compiled import COMPILED, is_compiled
from doomtable.engine import Rng, find_game
from doomtable.engine.registry import load_verified
import importlib, json, pathlib

print(sorted(is_compiled(importlib.import_module(m)) for m in COMPILED))
for name in ("doomlings", "doomlings-blackbox", "doom-on-you"):
    spec = find_game(name)
    for seed in range(3):
        state = spec.create(4, seed, dict(spec.default_options))
        rng = Rng(seed)
        while (decision := state.pending) is not None:
            state.apply(decision.player, rng.below(len(decision.options)))
        print(state.to_json())
    state = spec.create(3, 7, dict(spec.default_options))
    bot = IsmctsBot(seed=7, iterations=10)
    for _ in range(8):
        if state.pending is None:
            break
        state.apply(state.pending.player, bot.choose(InfoSet(state, state.pending)))
    print(state.to_json())
for save in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    print(load_verified(json.loads(save.read_text())).to_json())
"""


def play(pure: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(SAVES)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    assert not done.stderr, done.stderr  # no warning about stale modules either
    return done.stdout.splitlines()


@needs_compiled
def test_the_hot_modules_run_compiled() -> None:
    python = [name for name in COMPILED if not is_compiled(importlib.import_module(name))]
    assert not python, (
        f"{python} run from their .py sources, not compiled: the mypyc build failed or is "
        "stale (reinstall with `make` or `pip install -v -e .` to see why); set "
        f"{PURE_ENV}=1 to test the pure-Python reference on purpose"
    )
    assert not stale_sources()


@needs_compiled
def test_compiled_and_pure_python_play_the_same_games_byte_for_byte() -> None:
    compiled, pure = play(pure=False), play(pure=True)
    assert compiled[0] == str([True] * len(COMPILED))
    assert pure[0] == str([False] * len(COMPILED))
    assert len(compiled) > 12
    assert compiled[1:] == pure[1:]


@needs_compiled
@pytest.mark.parametrize(
    ("game", "bots"),
    [
        ("doomlings", "random"),
        ("doomlings", "greedy,random,ismcts:8"),
        ("doom-on-you", "random"),
        ("doom-on-you", "greedy,random"),  # its ISMCTS plays out to the end: slow when pure
    ],
)
def test_compiled_and_pure_python_simulate_the_same_csv(
    game: str, bots: str, tmp_path: Path
) -> None:
    outputs = []
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
        env.update({PURE_ENV: "1"} if pure else {})
        out = tmp_path / f"{pure}.csv"
        args = f"simulate {game} -n 4 -p 4 --bots {bots} --seed 3 --workers 1 --csv {out}"
        done = subprocess.run(
            [str(DOOMTABLE), *args.split()], capture_output=True, text=True, env=env
        )
        assert done.returncode == 0, done.stderr
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert outputs[0].count(b"\n") == 5


def test_pure_mode_loads_every_hot_module_from_its_source() -> None:
    probe = (
        "import importlib\n"
        "from doomtable.compiled import COMPILED\n"
        "for name in COMPILED: print(importlib.import_module(name).__file__)\n"
    )
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    files = done.stdout.split()
    assert len(files) == len(COMPILED)
    assert all(f.endswith(".py") for f in files), files


def test_a_source_newer_than_its_extension_is_stale(tmp_path: Path) -> None:
    name = COMPILED[0]
    base = tmp_path.joinpath(*name.split("."))
    base.parent.mkdir(parents=True)
    extension = base.with_name(base.name + importlib.machinery.EXTENSION_SUFFIXES[0])
    source = base.with_name(base.name + ".py")
    extension.write_bytes(b"")
    source.write_text("")
    os.utime(extension, (1_000, 1_000))
    os.utime(source, (2_000, 2_000))
    assert stale_sources(str(tmp_path)) == [str(source)]
    os.utime(extension, (1_999, 1_999))  # an installed wheel's files: moments apart
    assert stale_sources(str(tmp_path)) == []
    os.utime(extension, (3_000, 3_000))
    assert stale_sources(str(tmp_path)) == []


@pytest.mark.parametrize("game", ["doomlings", "doomlings-blackbox", "doom-on-you"])
def test_a_state_deep_copies_and_pickles(game: str) -> None:
    """OpenSpiel deep-copies states; a compiled class has no __dict__ for copy to fill."""
    state = new_game(game, 3, 4)
    for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert copied == state
        assert copied.to_json() == state.to_json()
        assert copied.rng.next64() == state.rng.fork().next64()
