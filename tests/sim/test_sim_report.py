"""The HTML report: one self-contained page."""

from __future__ import annotations

import re

from bots.toygame import SPEC
from doomtable.sim import build_report, run, summarize


def test_report_is_self_contained() -> None:
    summary = summarize(run(SPEC, 12, 3, ["random", "greedy:1"], seed=2, workers=1))
    page = build_report(summary)
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>")
    assert page.count("<svg") == 6  # seats, bots, length, scores, winning scores, rounds
    assert "Win rate by seat" in page and "Game length" in page and "Rounds" in page
    assert "<h2>Cards: per game</h2>" in page and "card 8" in page
    # the terms are defined on the page, the per-card rows give sample sizes and intervals
    for term in ("<dt><b>held</b></dt>", "<dt><b>played</b></dt>", "<dt><b>won when held</b>"):
        assert term in page
    assert "<th>piles</th><th>won when held</th><th>95% interval</th>" in page
    assert "Per-card figures from 12 finished games." in page
    assert "<li><b>random</b>: uniformly random" in page and "<li><b>greedy:1</b>" in page
    # Nothing is fetched: no scripts, stylesheets, images or links to elsewhere.
    assert not re.search(r"<(script|link|img|iframe)\b", page)
    assert not re.search(r"(src|href)=", page)


def test_report_without_optional_parts() -> None:
    summary = summarize(run(SPEC, 2, 2, ["random"], seed=1, workers=1))
    del summary["rounds"], summary["card_stats"]
    page = build_report(summary, title="A <title>")
    assert "A &lt;title&gt;" in page and "Cards" not in page
    assert page.count("<svg") == 5


def test_swing_is_defined_with_its_sample_size_and_interval() -> None:
    cards = {
        "Gills": {"played": 1.0, "held": 0.5, "held_by_winner": 0.25},
        "age: Ice Age": {"flipped": 0.5, "margin": 2.0, "margin_sq": 10.0},
        "age: Comet": {"flipped": 0.5, "margin": 1.0, "margin_sq": 2.5},
    }
    summary = summarize(run(SPEC, 4, 3, ["random"], seed=1, workers=1))
    summary["card_stats"], summary["card_stats_games"] = cards, 20
    page = build_report(summary)
    assert "<dt><b>swing</b></dt>" in page
    # Gills: 10 piles over 20 games, 5 of them won: 50% with a Wilson interval
    assert (
        "<td>Gills</td><td>1</td><td>0.5</td><td>10</td><td>50.0%</td><td>23.7% - 76.3%</td>"
        in page
    )
    # Ice Age: 10 games, mean margin 4 (sd 2) against 3 overall: swing +1 ± 1.96 × 2/3
    assert "<td>age: Ice Age</td><td>50.0%</td><td>10</td><td>1</td><td>-0.31 to +2.31</td>" in page
