"""The balance statistics a finished Doomlings game reports to the simulator."""

from __future__ import annotations

import random

from doomtable.engine import new_game
from doomtable.sim.report import build_report
from doomtable.sim.runner import run
from doomtable.sim.stats import summarize


def finished_game(seed: int) -> dict[str, object]:
    state = new_game("doomlings", 4, seed)
    chooser = random.Random(seed)
    while (decision := state.pending) is not None:
        state.apply(decision.player, chooser.choice(decision.options))
    return state.snapshot()


def test_card_stats_count_piles_and_winners() -> None:
    snap = finished_game(3)
    stats = snap["card_stats"]
    assert isinstance(stats, dict)
    players = snap["players"]
    assert isinstance(players, list)
    held = sum(len(set(p["traits"])) for p in players)
    assert sum(v.get("held", 0) for v in stats.values()) == held
    winners = snap["winners"]
    assert isinstance(winners, list)
    by_winner = sum(len(set(players[w]["traits"])) for w in winners)
    assert sum(v.get("held_by_winner", 0) for v in stats.values()) == by_winner
    ages = [k for k in stats if k.startswith("age: ")]
    age_deck = snap["age_deck"]
    assert isinstance(age_deck, list)
    assert len(ages) + len(age_deck) == 13  # the Birth of Life, 9 ages, 3 catastrophes
    plays = sum(v.get("played", 0) for v in stats.values())
    assert plays >= held


def test_report_shows_pile_win_rates_and_age_swings() -> None:
    result = run("doomlings", games=8, players=4, bots=["random"], seed=1, workers=1)
    html = build_report(summarize(result))
    assert "won when held" in html
    assert "swing" in html
