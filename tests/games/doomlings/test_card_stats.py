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


def test_report_with_card_sets_compares_the_sets() -> None:
    from doomtable.games.doomlings.data import TRAIT_SET, TRAITS

    games = 12
    result = run(
        "doomlings",
        games=games,
        players=4,
        bots=["random"],
        seed=2,
        workers=1,
        options={"sets": "all"},
    )
    summary = summarize(result)
    html = build_report(summary)
    assert "<h2>Card sets</h2>" in html
    set_of = {}
    for index, trait in enumerate(TRAITS):
        set_of.setdefault(trait.name, TRAIT_SET[index])
    for card_set in ("base", "multicolor"):
        mine = [v for k, v in summary["card_stats"].items() if set_of.get(k) == card_set]
        piles = round(sum(v.get("held", 0.0) * games for v in mine))
        assert f"<tr><td>{card_set}</td><td>{len(mine)}</td>" in html
        assert f"<td>{piles}</td>" in html.split(f"<tr><td>{card_set}</td>")[1].split("</tr>")[0]
        assert f"<h3>{card_set}: its cards whose piles won most</h3>" in html


def test_a_base_game_report_has_no_sets_section() -> None:
    result = run("doomlings", games=3, players=4, bots=["random"], seed=1, workers=1)
    assert "Card sets" not in build_report(summarize(result))
