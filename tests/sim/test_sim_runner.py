"""The simulator: reproducible whatever the workers, seats rotated, honest statistics."""

from __future__ import annotations

import csv
import io
import os
import socket
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from bots.toygame import SPEC
from doomtable.bots import BotSpecError
from doomtable.engine import BadOptionError, Rng, new_game
from doomtable.sim import (
    BotMoveError,
    SimError,
    bradley_terry,
    game_seed,
    rotated_lineups,
    run,
    runner,
    summarize,
    tournament,
    wilson,
    write_csv,
)

LINEUP = ["random", "greedy:1", "ismcts:8"]


def test_same_records_whatever_the_workers() -> None:
    one = run(SPEC, 12, 3, LINEUP, seed=5, workers=1)
    two = run(SPEC, 12, 3, LINEUP, seed=5, workers=2)
    assert one.records == two.records
    assert [r.index for r in one.records] == list(range(12))
    assert run(SPEC, 12, 3, LINEUP, seed=6, workers=1).records != one.records


def test_this_process_is_one_of_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    real = runner._start_pool

    def spy(processes: int) -> object:
        started.append(processes)
        return real(processes)

    monkeypatch.setattr(runner, "_start_pool", spy)
    three = run(SPEC, 40, 3, LINEUP, seed=5, workers=3)
    assert started == [2]
    assert three.records == run(SPEC, 40, 3, LINEUP, seed=5, workers=1).records


def test_chunks_cover_every_task_in_order_and_shrink_at_the_end() -> None:
    tasks = list(range(5000))
    chunks = list(runner._chunks(tasks, 2))  # type: ignore[arg-type]
    assert [t for chunk in chunks for t in chunk] == tasks
    sizes = [len(chunk) for chunk in chunks]
    assert sizes[0] == runner.MAX_CHUNK
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-1] == 1


def test_seats_rotate_evenly() -> None:
    lineups = rotated_lineups(["a", "b", "c", "d"], 4, 8)
    for seat in range(4):
        assert Counter(lineup[seat] for lineup in lineups) == {"a": 2, "b": 2, "c": 2, "d": 2}
    assert rotated_lineups(["x"], 3, 2) == [("x", "x", "x")] * 2
    assert game_seed(1, 2) != game_seed(2, 1)


def test_summary() -> None:
    result = run(SPEC, 16, 4, ["random", "greedy"], seed=1, workers=1)
    s = summarize(result)
    assert s["games"] == s["finished"] == 16 and s["unfinished"] == 0
    assert s["bots"] == ["random", "greedy"]
    assert {name: b["games"] for name, b in s["wins_by_bot"].items()} == {
        "random": 32,
        "greedy": 32,
    }
    assert sum(seat["wins"] for seat in s["wins_by_seat"]) == pytest.approx(16)
    assert sum(b["wins"] for b in s["wins_by_bot"].values()) == pytest.approx(16)
    for seat in s["wins_by_seat"]:
        lo, hi = seat["ci95"]
        assert lo <= seat["rate"] <= hi
    assert s["rounds"]["mean"] == 4  # 4 players: three cards dealt, one drawn
    assert s["decisions"]["mean"] == 16
    assert sum(count for _, _, count in s["scores"]["histogram"]) == 64
    assert s["card_stats"]["card 8"] == {"played": 2.0}
    assert s["games_per_second"] > 0


def test_csv_rows() -> None:
    result = run(SPEC, 4, 2, ["random", "greedy"], seed=2, workers=1)
    buffer = io.StringIO()
    write_csv(result, buffer)
    rows = list(csv.DictReader(io.StringIO(buffer.getvalue())))
    assert len(rows) == 4
    assert rows[1]["bot_0"] == "greedy" and rows[1]["bot_1"] == "random"
    first = result.records[0]
    assert rows[0]["seed"] == str(first.seed)
    assert rows[0]["score_1"] == str(first.scores[1])
    assert rows[0]["winners"] == ";".join(map(str, first.winners))


def test_unfinished_games_are_recorded() -> None:
    result = run(SPEC, 3, 2, ["random"], seed=1, workers=1, max_decisions=5)
    assert all(not r.finished and r.decisions == 5 and r.winners == () for r in result.records)
    s = summarize(result)
    assert s["unfinished"] == 3 and s["wins_by_seat"][0]["games"] == 0


def test_wilson() -> None:
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    lo, hi = wilson(20, 100)
    assert lo == pytest.approx(0.1333, abs=1e-4) and hi == pytest.approx(0.2888, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament() -> None:
    t = tournament(SPEC, ["random", "ismcts:30"], games=16, players=2, seed=3, workers=1)
    pair = {(p["bot"], p["opponent"]): p for p in t["pairwise"]}
    assert pair[("random", "ismcts:30")]["games"] == 16
    assert pair[("random", "ismcts:30")]["rate"] + pair[("ismcts:30", "random")]["rate"] == (
        pytest.approx(1.0)
    )
    assert list(t["ratings"]) == ["ismcts:30", "random"]
    assert t["overall"]["ismcts:30"]["rate"] > 0.5


def test_tournament_multiplayer_alternates_seats() -> None:
    t = tournament(SPEC, ["random", "greedy", "ismcts:5"], games=4, players=3, workers=2)
    assert t["games"] == 12
    assert all(p["games"] == 4 for p in t["pairwise"])
    assert sum(t["ratings"].values()) == pytest.approx(4500, abs=0.5)


def test_bradley_terry() -> None:
    even = bradley_terry(["a", "b"], {("a", "b"): 10.0, ("b", "a"): 10.0})
    assert even == {"a": 1500.0, "b": 1500.0}
    chain = bradley_terry(
        ["a", "b", "c"],
        {("a", "b"): 8.0, ("b", "a"): 2.0, ("b", "c"): 8.0, ("c", "b"): 2.0, ("a", "c"): 10.0},
    )
    assert chain["a"] > chain["b"] > chain["c"]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"games": 0}, SimError, "at least 1"),
        ({"players": 9}, BadOptionError, "2 to 5 players, not 9"),
        ({"bots": ["random", "nope"]}, BotSpecError, "unknown bot 'nope'"),
        ({"bots": []}, SimError, "at least one bot"),
        ({"workers": 0}, SimError, "workers must be at least 1"),
        ({"backend": "mpi"}, SimError, "unknown backend 'mpi'"),
        ({"options": {"speed": 2}}, BadOptionError, "no option 'speed'"),
    ],
)
def test_bad_runs(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    args: dict[str, object] = {"games": 2, "players": 2, "bots": ["random"], "workers": 1}
    args.update(kwargs)
    with pytest.raises(error, match=message):
        run(SPEC, **args)  # type: ignore[arg-type]


def test_bad_tournaments() -> None:
    with pytest.raises(SimError, match="at least two bots"):
        tournament(SPEC, ["random"], 2, 2)
    with pytest.raises(SimError, match="once"):
        tournament(SPEC, ["random", "random"], 2, 2)


@pytest.fixture
def local_ray() -> Iterator[None]:
    """A Ray instance on this machine whose workers can import the toy game."""
    ray = pytest.importorskip(
        "ray", reason="ray is not installed (optional extra: pip install 'doomtable[ray]')"
    )
    tests_dir = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (tests_dir, os.environ.get("PYTHONPATH", "")) if p)
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": path}},
    )
    yield
    ray.shutdown()


@pytest.mark.slow  # starts a local Ray instance: many seconds, mostly waiting
def test_ray_backend_matches_local(local_ray: None) -> None:
    local = run(SPEC, 6, 2, ["random", "greedy:1"], seed=4, workers=1)
    remote = run(SPEC, 6, 2, ["random", "greedy:1"], seed=4, workers=2, backend="ray")
    assert remote.records == local.records


def test_ray_backend_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(SimError, match=r"pip install 'doomtable\[ray\]'"):
        run(SPEC, 2, 2, ["random"], workers=1, backend="ray")


def test_ray_address_that_cannot_be_used_is_one_line() -> None:
    pytest.importorskip(
        "ray", reason="ray is not installed (optional extra: pip install 'doomtable[ray]')"
    )
    with pytest.raises(SimError) as raised:
        run(SPEC, 2, 2, ["random"], workers=1, backend="ray", address="nonsense")
    assert str(raised.value) == "cannot reach Ray at nonsense: Invalid address format: nonsense"


def test_ray_address_where_nothing_listens_fails_at_once() -> None:
    pytest.importorskip(
        "ray", reason="ray is not installed (optional extra: pip install 'doomtable[ray]')"
    )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # The port was free a moment ago and nothing listens on it now.
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(SimError, match=f"cannot reach Ray at {address}: nothing listens"):
            run(SPEC, 2, 2, ["random"], workers=1, backend="ray", address=address)


def test_final_record_holds_the_snapshot_entries_the_simulator_reads() -> None:
    # Doomlings answers without building its snapshot: the same round and card stats.
    for seed in range(3):
        state = new_game("doomlings", 4, seed, auto_pass=True)
        rng = Rng(seed)
        while (decision := state.pending) is not None:
            state.apply(decision.player, decision.options[rng.below(len(decision.options))])
        snapshot = state.snapshot()
        assert state.final_record() == {
            "round": snapshot["round"],
            "card_stats": snapshot["card_stats"],
        }
        assert state.final_record(card_stats=False) == {"round": snapshot["round"]}


def test_card_stats_can_be_left_out_and_nothing_else_changes() -> None:
    full = run("doomlings", 6, 4, ["random"], seed=2, workers=1)
    lean = run("doomlings", 6, 4, ["random"], seed=2, workers=1, card_stats=False)
    assert all(r.card_stats for r in full.records)
    assert [r.card_stats for r in lean.records] == [None] * 6
    assert [replace(r, card_stats=None) for r in full.records] == lean.records
    assert "card_stats" not in summarize(lean)


class _WrongBot:
    name = "wrong"

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def choose(self, info: object) -> object:
        return self.answer


@pytest.mark.parametrize("answer", [("no such option",), None, ["play", 0]])
def test_an_illegal_answer_stops_the_game_with_one_line(
    monkeypatch: pytest.MonkeyPatch, answer: object
) -> None:
    monkeypatch.setattr(runner, "make_bot", lambda name, seed: _WrongBot(answer))
    with pytest.raises(BotMoveError, match=r"chose .* not one of the \d+ legal options") as err:
        run(SPEC, 2, 3, ["random"], seed=1, workers=1)
    assert "\n" not in str(err.value) and repr(answer) in str(err.value)


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_workers_are_forked_only_while_no_other_thread_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    real = runner.multiprocessing.get_context

    def spy(method: str) -> object:
        asked.append(method)
        return real(method)

    monkeypatch.setattr(runner.multiprocessing, "get_context", spy)
    alone = len(os.listdir("/proc/self/task")) == 1
    runner._start_pool(1).terminate()
    stop = threading.Event()
    helper = threading.Thread(target=stop.wait)
    helper.start()
    try:
        runner._start_pool(1).terminate()
    finally:
        stop.set()
        helper.join()
    assert asked == ["fork" if alone else "spawn", "spawn"]
