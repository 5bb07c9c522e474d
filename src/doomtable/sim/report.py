"""One self-contained HTML page about a simulation: charts inline as SVG, no external files."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from doomtable.bots import bot_help
from doomtable.engine import UnknownGameError, find_game
from doomtable.sim.stats import Z95, wilson
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
        _bots_note(summary["bots"]),
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
        games = int(summary.get("card_stats_games", summary["finished"]))
        parts.append(_card_section(cards, games))
        sets = _card_sets(str(summary["game"]), cards)
        if len(set(sets.values())) > 1:
            parts.append(_sets_section(cards, sets, games))
    parts.append("</body></html>")
    return "\n".join(parts)


def _bots_note(bots: list[str]) -> str:
    """Which bots played, each said in words."""
    known = bot_help()
    names = list(dict.fromkeys(bots))
    items = "".join(
        f"<li><b>{escape(name)}</b>: {escape(known.get(name.split(':')[0], 'a bot'))}</li>"
        for name in names
    )
    return f"<p>Bots in these games:</p><ul>{items}</ul>"


def _meta(summary: dict[str, Any]) -> str:
    return (
        f"{summary['players']} players; bots {', '.join(summary['bots'])}; seed "
        f"{summary['seed']}; {summary['finished']} finished, {summary['unfinished']} stopped, "
        f"{summary['ties']} tied; {summary['games_per_second']} games/s"
    )


CARD_TERMS = {
    "played": "how many times a game the card was played, on average",
    "held": "how many trait piles held the card when the game ended, on average per game",
    "piles": "piles that held the card at the end, over all games (the sample size of the "
    "win rate)",
    "won when held": "the share of those piles whose owner won (a tie counts as a win), with "
    "its 95% Wilson interval",
}
EVENT_TERMS = {
    "flipped": "the share of games in which the event happened",
    "games": "games in which it happened (the sample size of the swing)",
    "swing": "the mean winning margin (winner's points less the runner-up's) of the games in "
    "which it happened, less the mean margin of all games; with its 95% interval",
}


def _terms(terms: dict[str, str]) -> str:
    items = "".join(
        f"<dt><b>{escape(term)}</b></dt><dd>{escape(text)}</dd>" for term, text in terms.items()
    )
    return f"<dl>{items}</dl>"


def _card_section(cards: dict[str, dict[str, float]], games: int) -> str:
    """Tables of the games' card stats: events (entries with ``flipped``) apart from cards.

    The stats are means per game over ``games`` games. Ratios are derived where a game
    reports what they need: ``held``/``held_by_winner`` give the win rate of piles holding a
    card at the end; ``flipped``/``margin`` (and ``margin_sq``) give an event's swing, the
    winning margin of the games it happened in less the mean margin of all games.
    """
    events = {c: v for c, v in cards.items() if v.get("flipped")}
    plain = {c: v for c, v in cards.items() if c not in events}
    parts = [f'<p class="meta">Per-card figures from {games} finished games.</p>']
    if plain:
        parts.append(_cards_table(plain, games))
    if events:
        parts.append(_events_table(events, games))
    return "".join(parts)


def _cards_table(cards: dict[str, dict[str, float]], games: int) -> str:
    extra = sorted({s for v in cards.values() for s in v} - {"played", "held", "held_by_winner"})
    rows = []
    for card, values in cards.items():
        piles = round(values.get("held", 0.0) * games)
        winners = values.get("held_by_winner", 0.0) * games
        won = _pct(winners / piles) if piles else "-"
        interval = _ci(list(wilson(winners, piles))) if piles else "-"
        rows.append(
            (
                values.get("played", 0.0),
                [
                    card,
                    _num(values.get("played", 0.0)),
                    _num(values.get("held", 0.0)),
                    piles,
                    won,
                    interval,
                    *(_num(values.get(stat, 0.0)) for stat in extra),
                ],
            )
        )
    rows.sort(key=lambda row: -row[0])
    note = f" (top {MAX_CARDS} by played)" if len(rows) > MAX_CARDS else ""
    header = ["name", "played", "held", "piles", "won when held", "95% interval", *extra]
    return (
        f"<h2>{escape('Cards: per game' + note)}</h2>"
        + _terms(CARD_TERMS)
        + _table(header, [row for _, row in rows[:MAX_CARDS]])
    )


def _events_table(events: dict[str, dict[str, float]], games: int) -> str:
    flips = sum(v["flipped"] for v in events.values())
    mean_margin = sum(v.get("margin", 0.0) for v in events.values()) / flips
    rows = []
    for event, values in events.items():
        happened = round(values["flipped"] * games)
        swing, interval = "-", "-"
        if "margin" in values and happened:
            mean = values["margin"] / values["flipped"]
            swing = _num(round(mean - mean_margin, 3))
            if "margin_sq" in values and happened > 1:
                variance = max(0.0, values["margin_sq"] / values["flipped"] - mean * mean)
                half = Z95 * math.sqrt(variance * happened / (happened - 1) / happened)
                interval = f"{mean - mean_margin - half:+.2f} to {mean - mean_margin + half:+.2f}"
        rows.append(
            (values["flipped"], [event, _pct(values["flipped"]), happened, swing, interval])
        )
    rows.sort(key=lambda row: -row[0])
    return (
        "<h2>Events: how often, and the swing in winning margin</h2>"
        + _terms(EVENT_TERMS)
        + _table(
            ["name", "flipped", "games", "swing", "95% interval"],
            [row for _, row in rows[:MAX_CARDS]],
        )
    )


def _card_sets(game: str, cards: dict[str, dict[str, float]]) -> dict[str, str]:
    """The card set of each card in ``cards``, for games whose cards name one (a name two
    sets print goes with the first)."""
    found: dict[str, str] = {}
    try:
        spec = find_game(game)
    except UnknownGameError:  # a summary of a game this build does not have
        return found
    for card in spec.cards():
        if "set" in card and card["name"] in cards:
            found.setdefault(str(card["name"]), str(card["set"]))
    return found


SETS_PER_TABLE = 15
"""Each set's table lists this many of its cards, those whose piles won most often."""


def _sets_section(cards: dict[str, dict[str, float]], sets: dict[str, str], games: int) -> str:
    """Per card set: how much its cards were played and how their piles fared, then each
    set's strongest cards (by the share of piles holding them that won)."""
    totals: dict[str, list[float]] = {}
    for card, card_set in sets.items():
        values = cards[card]
        total = totals.setdefault(card_set, [0, 0.0, 0.0, 0.0])
        total[0] += 1
        total[1] += values.get("played", 0.0)
        total[2] += values.get("held", 0.0) * games
        total[3] += values.get("held_by_winner", 0.0) * games
    rows = [
        [
            card_set,
            int(count),
            _num(round(played, 3)),
            round(piles),
            _pct(won / piles) if piles else "-",
            _ci(list(wilson(won, round(piles)))) if piles else "-",
        ]
        for card_set, (count, played, piles, won) in totals.items()
    ]
    parts = [
        "<h2>Card sets</h2>",
        _terms(SET_TERMS),
        _table(["set", "cards", "played", "piles", "won when held", "95% interval"], rows),
    ]
    for card_set in totals:
        ranked = []
        for card, values in cards.items():
            piles = round(values.get("held", 0.0) * games)
            if sets.get(card) != card_set or not piles:
                continue
            winners = values.get("held_by_winner", 0.0) * games
            ranked.append(
                (
                    winners / piles,
                    [card, piles, _pct(winners / piles), _ci(list(wilson(winners, piles)))],
                )
            )
        ranked.sort(key=lambda row: -row[0])
        parts.append(f"<h3>{escape(card_set)}: its cards whose piles won most</h3>")
        parts.append(
            _table(
                ["name", "piles", "won when held", "95% interval"],
                [row for _, row in ranked[:SETS_PER_TABLE]],
            )
        )
    return "".join(parts)


SET_TERMS = {
    "cards": "the set's cards seen in these games",
    "played": "plays of the set's cards per game, all its cards together",
    "piles": "piles that held one of its cards at the end, over all games, each card counted",
    "won when held": "the share of those piles whose owner won, with its 95% Wilson interval: "
    "above the others' means the set's cards are strong",
}


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
