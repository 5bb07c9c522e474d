"""Side by side with an older commit: the same measurements on both trees, interleaved, in one run.

Run from the repository root, with the dev venv (OpenSpiel comes with it)::

    .venv/bin/python bench/bench_versus.py                 # 5 rounds of everything
    .venv/bin/python bench/bench_versus.py --quick         # small counts: a smoke run
    .venv/bin/python bench/bench_versus.py --only a,c --rounds 3 --json versus.json --markdown

The script checks out ``--base`` (default 8301de9, before the speed work of issue 15) into a
temporary git worktree, removed at the end (also on Ctrl-C or an error), and measures the old
tree and this checkout in separate subprocesses of the same Python: the old side runs with
``PYTHONPATH=<worktree>/src``, the new side with ``PYTHONPATH=<this checkout>/src``, and each
child reports which ``doomtable`` it imported (and which of its modules are compiled) so a
mix-up cannot pass unnoticed. The old commit finds its games by importing
``doomtable.games``; the new tree finds them through the ``doomtable.games`` entry points of
the venv's install, which name modules that resolve on the same ``PYTHONPATH``.

Every round runs each measurement for the old side, then for the new; the table gives the
median of the rounds per side and the speed-up of the new side (4 players, default options):

a. full random games/s of Doomlings and of Doom On You through the public API (``new_game``,
   ``pending``, ``apply``), a seeded uniform choice at every decision with more than one
   option; ``new_game(..., auto_pass=True)`` where the engine has it (forced passes are then
   answered without a decision; the games and their logs are the same);
b. the wall time of ``doomtable simulate doomlings -n 2000 -p 4 --bots random`` with 1 and
   with 2 workers (``python -m doomtable``, start-up included);
c. ISMCTS iterations/s (``make_bot("ismcts:N")``) at mid-game positions of 8 random games, for
   Doomlings and for Doom On You;
d. OpenSpiel's C++ hearts, random play, steps/s, and each side's Doomlings games/s divided by
   it (the JavaScript Doomlings engine sits at 0.0096 games per hearts step).

The machine's load changes the figures; the ratios of one run are what this script is for.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

BASE = "8301de9"
PLAYERS = 4
ROOT = Path(__file__).resolve().parents[1]
JS_GAMES_PER_HEARTS_STEP = 0.0096
"""The JavaScript Doomlings engine's 4-player games/s over OpenSpiel C++ hearts steps/s."""


# --- the children: each measurement runs in a fresh interpreter of one side ------------------


def _compiled_modules() -> list[str]:
    """The imported ``doomtable`` modules that are compiled extensions (mypyc's shared
    ``__mypyc`` libraries left out)."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("doomtable")
        and not name.endswith("__mypyc")
        and str(getattr(module, "__file__", None) or "").endswith((".so", ".pyd"))
    )


def child_identity() -> dict[str, Any]:
    """Which tree this side imports, and which of its modules (engine, both games, bots,
    simulator) are compiled."""
    import doomtable.bots
    import doomtable.sim  # noqa: F401
    from doomtable.engine import find_game

    find_game("doomlings")
    find_game("doom-on-you")
    return {**_identity(), "compiled": _compiled_modules()}


def _identity() -> dict[str, Any]:
    import inspect

    import doomtable
    from doomtable.engine import new_game

    return {
        "file": str(Path(str(doomtable.__file__)).resolve()),
        "auto_pass": "auto_pass" in inspect.signature(new_game).parameters,
    }


def _start(game: str, seed: int, auto_pass: bool) -> Any:
    from doomtable.engine import new_game

    # a keyword only the newer engine takes: passed only where the signature has it
    extra: dict[str, Any] = {"auto_pass": True} if auto_pass else {}
    return new_game(game, PLAYERS, seed, **extra)


def _play_random(state: Any, rng: Any, stop_after: int | None = None) -> int:
    """Play uniformly random options; a forced decision (one option) draws no random number,
    so a side that answers forced passes itself plays the very same games. Returns the
    decisions answered here."""
    answered = 0
    while (decision := state.pending) is not None:
        if stop_after is not None and answered >= stop_after and len(decision.options) > 1:
            break
        options = decision.options
        option = options[0] if len(options) == 1 else options[rng.randrange(len(options))]
        state.apply(decision.player, option)
        answered += 1
    return answered


def child_games(game: str, games: int, seed: int) -> dict[str, Any]:
    import random

    identity = _identity()
    auto_pass = identity["auto_pass"]
    _play_random(_start(game, seed - 1, auto_pass), random.Random(seed - 1))  # warm up
    logged = answered = 0
    start = time.perf_counter()
    for game_seed in range(seed, seed + games):
        state = _start(game, game_seed, auto_pass)
        answered += _play_random(state, random.Random(game_seed))
        logged += len(state.log)
    seconds = time.perf_counter() - start
    return {
        **identity,
        "value": games / seconds,
        "log_entries": logged,
        "answered": answered,
        "compiled": _compiled_modules(),
    }


def child_ismcts(game: str, positions: int, iterations: int, passes: int) -> dict[str, Any]:
    import random

    from doomtable.bots import InfoSet, make_bot

    identity = _identity()
    auto_pass = identity["auto_pass"]
    states = []
    for seed in range(1, positions + 1):
        length = len(_played(game, seed, auto_pass).log)
        state = _start(game, seed, auto_pass)
        rng = random.Random(seed)
        while len(state.log) < length // 3 and state.pending is not None:
            _play_random(state, rng, stop_after=1)
        while state.pending is not None and len(state.pending.options) < 2:
            _play_random(state, rng, stop_after=1)
        if state.pending is not None:
            states.append(state)
    bot = make_bot(f"ismcts:{iterations}", 1)
    bot.choose(InfoSet(states[0], states[0].pending))  # warm up
    start = time.perf_counter()
    for _ in range(passes):
        for state in states:
            bot.choose(InfoSet(state, state.pending))
    seconds = time.perf_counter() - start
    return {
        **identity,
        "value": passes * len(states) * iterations / seconds,
        "positions": len(states),
        "root_options": statistics.fmean(len(state.pending.options) for state in states),
        "compiled": _compiled_modules(),
    }


def _played(game: str, seed: int, auto_pass: bool) -> Any:
    import random

    state = _start(game, seed, auto_pass)
    _play_random(state, random.Random(seed))
    return state


def child_hearts(seconds: float) -> dict[str, Any]:
    """OpenSpiel C++ hearts, random legal play, as ``bench/bench_anchors.py`` plays it."""
    import random

    import pyspiel
    from bench_anchors import play_openspiel_game  # beside this script, on its sys.path

    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += play_openspiel_game(game, rng)
    return {"value": steps / elapsed}


CHILDREN: dict[str, Callable[..., dict[str, Any]]] = {
    "games": child_games,
    "ismcts": child_ismcts,
    "hearts": child_hearts,
    "identity": child_identity,
}


# --- the parent ---------------------------------------------------------------------------------


@dataclass
class Side:
    name: str
    src: Path
    identity: dict[str, Any] = field(default_factory=dict)

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.src)}


@dataclass
class Measure:
    """One row of the table: a figure per side (or one shared figure) per round."""

    key: str
    part: str
    label: str
    unit: str
    higher_is_better: bool
    target: str
    game: str = "doomlings"
    workers: int = 1
    samples: dict[str, list[float]] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)

    def median(self, side: str) -> float | None:
        values = self.samples.get(side)
        return statistics.median(values) if values else None

    def speedup(self) -> float | None:
        old, new = self.median("old"), self.median("new")
        if old is None or new is None or old == 0 or new == 0:
            return None
        return new / old if self.higher_is_better else old / new


class BenchError(Exception):
    """A child failed or imported the wrong tree."""


def run_child(side: Side, kind: str, **params: Any) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", kind, json.dumps(params)]
    done = subprocess.run(command, env=side.env(), capture_output=True, text=True, cwd=side.src)
    if done.returncode != 0:
        raise BenchError(f"{side.name} {kind} failed:\n{done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    _check_tree(side, result)
    return result


def _check_tree(side: Side, result: dict[str, Any]) -> None:
    found = result.get("file")
    if found is not None and not Path(found).is_relative_to(side.src.resolve()):
        raise BenchError(f"the {side.name} side imported {found}, not the tree in {side.src}")


def run_simulate(side: Side, games: int, workers: int) -> float:
    """Wall time of the whole ``simulate`` command, interpreter start-up included."""
    command = [
        *(sys.executable, "-m", "doomtable", "simulate", "doomlings"),
        *("-n", str(games), "-p", str(PLAYERS), "--bots", "random", "--workers", str(workers)),
    ]
    start = time.perf_counter()
    done = subprocess.run(command, env=side.env(), capture_output=True, text=True, cwd=side.src)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise BenchError(f"{side.name} simulate failed:\n{done.stderr.strip()[-2000:]}")
    return seconds


@contextlib.contextmanager
def old_worktree(base: str) -> Iterator[Path]:
    """``base`` checked out (detached) in a temporary worktree, byte-compiled like the
    checkout; removed on the way out, whatever happened."""
    holder = Path(tempfile.mkdtemp(prefix="doomtable-versus-"))
    tree = holder / "tree"
    try:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach", str(tree), base],
            check=True,
        )
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "src")], check=True)
        yield tree
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
            capture_output=True,
        )
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)
        shutil.rmtree(holder, ignore_errors=True)


def build_measures(parts: set[str], quick: bool) -> tuple[list[Measure], dict[str, Any]]:
    sim_games = 200 if quick else 2000
    sizes = {
        "games": 10 if quick else 200,
        "positions": 4 if quick else 8,
        "iterations": 20 if quick else 50,
        "passes": 1 if quick else 3,
        "hearts_seconds": 0.3 if quick else 2.0,
        "sim_games": sim_games,
    }
    measures: list[Measure] = []
    if "a" in parts or "d" in parts:
        measures.append(
            Measure("a_doomlings", "a", "Doomlings random games/s", "games/s", True, ">= 4x")
        )
    if "a" in parts:
        measures.append(
            Measure(
                "a_doom_on_you",
                "a",
                "Doom On You random games/s",
                "games/s",
                True,
                ">= 4x",
                game="doom-on-you",
            )
        )
    if "b" in parts:
        sim = f"simulate -n {sim_games}"
        measures += [
            Measure("b_sim_1", "b", f"{sim}, 1 worker", "s", False, ">= 5x"),
            Measure("b_sim_2", "b", f"{sim}, 2 workers", "s", False, "-", workers=2),
        ]
    if "c" in parts:
        measures += [
            Measure("c_ismcts_doomlings", "c", "ISMCTS it/s, Doomlings", "it/s", True, ">= 3x"),
            Measure(
                "c_ismcts_doom_on_you",
                "c",
                "ISMCTS it/s, Doom On You",
                "it/s",
                True,
                ">= 3x",
                game="doom-on-you",
            ),
        ]
    if "d" in parts:
        measures.append(
            Measure("d_hearts", "d", "OpenSpiel C++ hearts steps/s", "steps/s", True, "-")
        )
    return measures, sizes


def measure_round(measures: list[Measure], sides: list[Side], sizes: dict[str, Any]) -> None:
    """One round: every measure, the old side then the new."""
    for measure in measures:
        if measure.part == "d":
            try:
                value = run_child(sides[1], "hearts", seconds=sizes["hearts_seconds"])["value"]
            except BenchError as error:
                measure.notes["error"] = str(error).splitlines()[-1]
                continue
            for side in sides:  # one engine, the same figure on both sides
                measure.samples.setdefault(side.name, []).append(value)
            continue
        for side in sides:
            if measure.part == "b":
                value = run_simulate(side, sizes["sim_games"], measure.workers)
            elif measure.part == "a":
                result = run_child(
                    side, "games", game=measure.game, games=sizes["games"], seed=1000
                )
                value = result["value"]
                measure.notes[side.name] = {
                    "log_entries": result["log_entries"],
                    "decisions_answered": result["answered"],
                }
            else:
                result = run_child(
                    side,
                    "ismcts",
                    game=measure.game,
                    positions=sizes["positions"],
                    iterations=sizes["iterations"],
                    passes=sizes["passes"],
                )
                value = result["value"]
                measure.notes[side.name] = {
                    "positions": result["positions"],
                    "root_options": round(result["root_options"], 2),
                }
            measure.samples.setdefault(side.name, []).append(value)


def _figure(value: float | None, unit: str) -> str:
    if value is None:
        return "n/a"
    if unit == "s":
        return f"{value:.2f} s"
    if unit == "x":
        return f"{value:.2f}x"
    if value < 1:
        return f"{value:.5f}"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def derived_rows(measures: dict[str, Measure]) -> list[tuple[str, str, str, str, str]]:
    """Rows computed from the measured medians: worker scaling and the hearts ratio."""
    rows = []
    one, two = measures.get("b_sim_1"), measures.get("b_sim_2")
    if one is not None and two is not None:
        old, new = (_ratio(one.median(side), two.median(side)) for side in ("old", "new"))
        rows.append(
            ("simulate speed-up, 1 -> 2 workers", _figure(old, "x"), _figure(new, "x"), "", "~2x")
        )
    doomlings, hearts = measures.get("a_doomlings"), measures.get("d_hearts")
    if doomlings is not None and hearts is not None:
        old, new = (_ratio(doomlings.median(side), hearts.median(side)) for side in ("old", "new"))
        rows.append(
            (
                "Doomlings games/s / hearts steps/s",
                _figure(old, ""),
                _figure(new, ""),
                _figure(_ratio(new, old), "x"),
                f">= {JS_GAMES_PER_HEARTS_STEP}",
            )
        )
    return rows


def _ratio(top: float | None, bottom: float | None) -> float | None:
    return None if top is None or bottom is None or bottom == 0 else top / bottom


def print_table(
    measures: list[Measure], sides: list[Side], rounds: int, markdown: bool = False
) -> None:
    print()
    for side in sides:
        identity = side.identity
        mode = "new_game(auto_pass=True)" if identity.get("auto_pass") else "every decision"
        compiled = len(identity.get("compiled", []))
        print(f"{side.name}: {identity.get('file')}; random play answers {mode}; ", end="")
        print(f"{compiled} compiled doomtable modules")
    for measure in measures:
        if measure.part == "a" and {"old", "new"} <= measure.notes.keys():
            same = measure.notes["old"]["log_entries"] == measure.notes["new"]["log_entries"]
            print(
                f"{measure.label}: decision logs {'equal' if same else 'differ (other games)'} "
                f"({measure.notes['old']['log_entries']} / {measure.notes['new']['log_entries']}"
                f" entries); decisions answered by the driver "
                f"{measure.notes['old']['decisions_answered']} / "
                f"{measure.notes['new']['decisions_answered']}"
            )
        if "error" in measure.notes:
            print(f"{measure.label}: not measured ({measure.notes['error']})")
    print(
        f"\n{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load average "
        f"{os.getloadavg()[0]:.1f}, {os.cpu_count()} cores; median of {rounds} interleaved "
        "rounds; speed-up = new over old (times)\n"
    )
    rows = [
        (
            f"{measure.part}. {measure.label}",
            _figure(measure.median("old"), measure.unit),
            _figure(measure.median("new"), measure.unit),
            "" if measure.part == "d" else _figure(measure.speedup(), "x"),
            measure.target,
        )
        for measure in measures
    ]
    rows += derived_rows({measure.key: measure for measure in measures})
    header = ("measure", "old", "new", "speed-up", "target")
    if markdown:
        print("| " + " | ".join(header) + " |\n|---|---:|---:|---:|---:|")
        for row in rows:
            print("| " + " | ".join(re.sub(r"(\d)x\b", "\\1×", cell) for cell in row) + " |")
        return
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(5)]
    for line in [header, tuple("-" * w for w in widths), *rows]:
        cells = [
            line[0].ljust(widths[0]),
            *(c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)),
        ]
        print("  ".join(cells))


def write_json(
    path: Path, args: argparse.Namespace, sides: list[Side], measures: list[Measure]
) -> None:
    head = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True, text=True
    ).stdout.strip()
    data = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}",
        "base": args.base,
        "head": head,
        "rounds": args.rounds,
        "quick": args.quick,
        "sides": {side.name: side.identity for side in sides},
        "measures": {
            m.key: {
                "label": m.label,
                "unit": m.unit,
                "target": m.target,
                "samples": m.samples,
                "median": {side.name: m.median(side.name) for side in sides},
                "speedup": m.speedup(),
                "notes": m.notes,
            }
            for m in measures
        },
    }
    path.write_text(json.dumps(data, indent=2) + "\n")
    print(f"\nwrote {path}")


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(CHILDREN[sys.argv[2]](**json.loads(sys.argv[3]))))
        return
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--base", default=BASE, help=f"the old commit (default {BASE})")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run")
    parser.add_argument("--only", default="a,b,c,d", help="parts to run, e.g. a,c (default all)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()
    parts = {part.strip() for part in args.only.split(",") if part.strip()}
    if not parts or not parts <= set("abcd"):
        parser.error(f"--only takes letters among a,b,c,d, not {args.only!r}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    signal.signal(signal.SIGTERM, _interrupt)
    measures, sizes = build_measures(parts, args.quick)
    started = time.perf_counter()
    try:
        with old_worktree(args.base) as old_tree:
            sides = [Side("old", old_tree / "src"), Side("new", ROOT / "src")]
            for side in sides:
                side.identity = run_child(side, "identity")
            for number in range(1, args.rounds + 1):
                print(f"round {number}/{args.rounds} ({time.perf_counter() - started:.0f} s)")
                measure_round(measures, sides, sizes)
    except KeyboardInterrupt:
        sys.exit("interrupted; the temporary worktree is removed")
    except (BenchError, subprocess.CalledProcessError) as error:
        sys.exit(f"bench_versus: {error}")
    print_table(measures, sides, args.rounds, args.markdown)
    if args.json is not None:
        write_json(args.json, args, sides, measures)


if __name__ == "__main__":
    main()
