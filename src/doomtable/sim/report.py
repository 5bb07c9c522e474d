"""One self-contained HTML page about a simulation: charts inline as SVG, no external files."""

from __future__ import annotations

from html import escape
from typing import Any

from doomtable.sim.svg import bar_chart, histogram_chart

_STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1180px; color: #222; }
h1 { margin-bottom: 0.2em; } .meta { color: #666; margin-top: 0; }
.charts { display: flex; flex-wrap: wrap; gap: 16px; }
table { border-collapse: collapse; margin: 1em 0; font-size: 14px; }
th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
"""

MAX_CARDS = 60
"""At most this many cards appear in the card table (those with the highest first stat)."""


def build_report(summary: dict[str, Any], title: str | None = None) -> str:
    """The HTML page for a :func:`~doomtable.sim.stats.summarize` summary."""
    heading = title or f"{summary['game']}: {summary['games']} simulated games"
    seats = summary["wins_by_seat"]
    bots = summary["wins_by_bot"]
    expected = summary["expected_rate"]
    charts = [
        bar_chart(
            "Win rate by seat (95% interval; dashed: 1/players)",
            [f"seat {s['seat']}" for s in seats],
            [s["rate"] for s in seats],
            [tuple(s["ci95"]) for s in seats],
            reference=expected,
        ),
        bar_chart(
            "Win rate by bot (95% interval)",
            list(bots),
            [b["rate"] for b in bots.values()],
            [tuple(b["ci95"]) for b in bots.values()],
            reference=expected,
        ),
        histogram_chart("Game length", summary["decisions"].get("histogram", []), "decisions"),
        histogram_chart("Scores (every seat)", summary["scores"].get("histogram", []), "score"),
        histogram_chart("Winning scores", summary["winning_scores"].get("histogram", []), "score"),
    ]
    if "rounds" in summary:
        charts.append(histogram_chart("Rounds", summary["rounds"]["histogram"], "rounds"))
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(heading)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(heading)}</h1>",
        f'<p class="meta">{escape(_meta(summary))}</p>',
        '<div class="charts">' + "".join(charts) + "</div>",
        "<h2>Wins by bot</h2>",
        _table(
            ["bot", "seat-games", "wins", "rate", "95% interval", "mean score"],
            [
                [
                    name,
                    b["games"],
                    _num(b["wins"]),
                    _pct(b["rate"]),
                    _ci(b["ci95"]),
                    _num(b["mean_score"]),
                ]
                for name, b in bots.items()
            ],
        ),
        "<h2>Wins by seat</h2>",
        _table(
            ["seat", "games", "wins", "rate", "95% interval"],
            [
                [s["seat"], s["games"], _num(s["wins"]), _pct(s["rate"]), _ci(s["ci95"])]
                for s in seats
            ],
        ),
        "<h2>Distributions</h2>",
        _table(
            ["measure", "mean", "median", "stdev", "min", "max"],
            [
                [
                    name,
                    *(_num(summary[key].get(f)) for f in ("mean", "median", "stdev", "min", "max")),
                ]
                for name, key in (
                    ("decisions per game", "decisions"),
                    ("rounds per game", "rounds"),
                    ("score", "scores"),
                    ("winning score", "winning_scores"),
                )
                if key in summary
            ],
        ),
    ]
    cards = summary.get("card_stats")
    if cards:
        parts.append(_card_section(cards))
    parts.append("</body></html>")
    return "\n".join(parts)


def _meta(summary: dict[str, Any]) -> str:
    return (
        f"{summary['players']} players; bots {', '.join(summary['bots'])}; seed "
        f"{summary['seed']}; {summary['finished']} finished, {summary['unfinished']} stopped, "
        f"{summary['ties']} tied; {summary['games_per_second']} games/s"
    )


def _derived(cards: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """Ratios of the games' raw card stats, when a game reports the stats they need.

    ``held``/``held_by_winner`` give the win rate of piles holding a card at the end;
    ``flipped``/``margin`` give an event's swing: the winning margin of the games it happened in,
    less the mean margin over every game that reports margins.
    """
    flipped = [v for v in cards.values() if v.get("flipped")]
    games_margin = sum(v.get("margin", 0.0) for v in flipped) / max(
        1e-9, sum(v["flipped"] for v in flipped)
    )
    out: dict[str, dict[str, float]] = {}
    for card, values in cards.items():
        extra = dict(values)
        if values.get("held"):
            extra["won when held"] = round(values.get("held_by_winner", 0.0) / values["held"], 3)
        if values.get("flipped") and "margin" in values:
            extra["swing"] = round(values["margin"] / values["flipped"] - games_margin, 3)
        out[card] = extra
    return out


def _card_section(cards: dict[str, dict[str, float]]) -> str:
    cards = _derived(cards)
    stats = sorted({stat for values in cards.values() for stat in values})
    first = stats[0]
    ranked = sorted(cards.items(), key=lambda item: -item[1].get(first, 0.0))[:MAX_CARDS]
    note = f" (top {MAX_CARDS} by {first})" if len(cards) > MAX_CARDS else ""
    return f"<h2>Cards: mean per game{escape(note)}</h2>" + _table(
        ["card", *stats], [[card, *(_num(v.get(s, 0.0)) for s in stats)] for card, v in ranked]
    )


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _num(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return str(value)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _ci(interval: list[float]) -> str:
    return f"{100 * interval[0]:.1f}% - {100 * interval[1]:.1f}%"
