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
    assert "<h2>Cards: mean per game</h2>" in page and "card 8" in page
    # Nothing is fetched: no scripts, stylesheets, images or links to elsewhere.
    assert not re.search(r"<(script|link|img|iframe)\b", page)
    assert not re.search(r"(src|href)=", page)


def test_report_without_optional_parts() -> None:
    summary = summarize(run(SPEC, 2, 2, ["random"], seed=1, workers=1))
    del summary["rounds"], summary["card_stats"]
    page = build_report(summary, title="A <title>")
    assert "A &lt;title&gt;" in page and "Cards" not in page
    assert page.count("<svg") == 5
