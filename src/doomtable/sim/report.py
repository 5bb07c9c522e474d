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


def _card_section(cards: dict[str, dict[str, float]]) -> str:
    """Tables of the games' card stats: events (entries with ``flipped``) apart from cards.

    Ratios are derived where a game reports what they need: ``held``/``held_by_winner`` give
    the win rate of piles holding a card at the end; ``flipped``/``margin`` give an event's
    swing, the winning margin of the games it happened in less the mean margin of all games.
    """
    events = {c: v for c, v in cards.items() if v.get("flipped")}
    plain = {c: v for c, v in cards.items() if c not in events}
    parts = []
    if plain:
        rows = {}
        for card, values in plain.items():
            row = dict(values)
            if values.get("held") and "held_by_winner" in values:
                row["won when held"] = round(values["held_by_winner"] / values["held"], 3)
                del row["held_by_winner"]
            rows[card] = row
        parts.append(_ranked_table("Cards: mean per game", rows))
    if events:
        flips = sum(v["flipped"] for v in events.values())
        mean_margin = sum(v.get("margin", 0.0) for v in events.values()) / flips
        rows = {}
        for card, values in events.items():
            row = dict(values)
            if "margin" in values:
                row["swing"] = round(values["margin"] / values["flipped"] - mean_margin, 3)
                del row["margin"]
            rows[card] = row
        parts.append(_ranked_table("Events: how often, and the swing in winning margin", rows))
    return "".join(parts)


def _ranked_table(title: str, rows: dict[str, dict[str, float]]) -> str:
    stats = sorted({stat for values in rows.values() for stat in values})
    first = stats[0]
    ranked = sorted(rows.items(), key=lambda item: -item[1].get(first, 0.0))[:MAX_CARDS]
    note = f" (top {MAX_CARDS} by {first})" if len(rows) > MAX_CARDS else ""
    return f"<h2>{escape(title + note)}</h2>" + _table(
        ["name", *stats], [[card, *(_num(v.get(s, 0.0)) for s in stats)] for card, v in ranked]
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
