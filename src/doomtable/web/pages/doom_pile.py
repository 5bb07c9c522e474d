"""The Doom Pile table, from the view dict alone: each seat's countdown (with counts), field
(Strength/Health), Master Plan (once revealed, or one's own) and card counts; the viewer's
hand with each card's text; whose turn it is and who is asked."""

from __future__ import annotations

from functools import cache
from typing import Any

from doomtable.engine import find_game
from doomtable.games.doom_pile.data import precon_names
from doomtable.web.pages.html import card, cards, definition_list, esc, items, section
from doomtable.web.pages.icons import icon

OPTION_CHOICES: dict[str, list[Any]] = {"decks": precon_names()}
"""The lobby offers each seat a shipped deck by name (or a deck file of its own)."""

KIND_MARKS = {
    kind: f'{icon(kind.lower())}<span class="kind">{kind}</span>'
    for kind in ("Plot", "Minion", "Artifice")
}
"""Each kind said in words as well as by its mark (colour is never the only signal)."""


def _text(c: dict[str, Any]) -> str:
    """A card's rules text: the view's own (the hand), or the printed one looked up by name."""
    if c.get("text"):
        return str(c["text"])
    return _printed_texts().get(str(c["name"]).casefold(), "")


@cache
def _printed_texts() -> dict[str, str]:
    """Card name -> rules text, from the game's public card list (``doomtable cards``)."""
    return {str(d["name"]).casefold(): str(d["text"]) for d in find_game("doom-pile").cards()}


def _numbers(c: dict[str, Any]) -> str:
    """Strength and Health as the card stands (damage shows as less Health than its most)."""
    parts = []
    if "strength" in c:
        parts.append(f'{icon("attack", "Strength")}<span class="value">{esc(c["strength"])}</span>')
    if "health" in c:
        health = f"{esc(c['health'])}/{esc(c['max_health'])}"
        parts.append(f'{icon("health", "Health")}<span class="value">{health}</span>')
    return " ".join(parts)


def _card(c: dict[str, Any], extra: str = "") -> str:
    kind = str(c.get("kind", ""))
    mark = KIND_MARKS.get(kind, esc(kind))
    meta = " ".join(part for part in (mark, _numbers(c), extra) if part)
    return card(str(c["name"]), _text(c), meta=meta, css=kind.lower())


def _countdown_card(c: dict[str, Any]) -> str:
    count = (
        '<abbr class="count" title="count left of its Starting Countdown">'
        f"{icon('countdown')}{esc(c['count'])} of {esc(c['start'])}</abbr>"
    )
    return _card(c, count)


def _plan(plan: dict[str, Any] | None) -> str:
    if plan is None:
        return '<span class="none">face down</span>'
    value, needed = plan["progress"]
    progress = f"{esc(value)}/{esc(needed)}"
    return card(str(plan["name"]), str(plan["text"]), meta=progress, css="plan")


def _name(view: dict[str, Any], seat: int | None, number: int) -> str:
    return "you" if number == seat else f"player {number}"


def _seat(view: dict[str, Any], seat: int | None, number: int) -> str:
    p = view["players"][number]
    tags = []
    if number == seat:
        tags.append('<span class="tag you">you</span>')
    if view["turn_player"] == number:
        tags.append(f'<span class="tag turn">{icon("turn")} turn</span>')
    if (view.get("decision") or {}).get("player") == number:
        tags.append('<span class="tag deciding">deciding</span>')
    if number in (view.get("winners") or []):
        tags.append(f'<span class="tag">{icon("star")} winner</span>')
    discard = p["discard"]
    top = f" (top: {esc(discard[-1])})" if discard else ""
    tally = ", ".join(f"{esc(k)} {esc(v)}" for k, v in (p.get("tally") or {}).items() if v)
    facts = definition_list(
        [
            ("Master Plan", _plan(p.get("plan"))),
            ("hand", cards(p["hand_size"])),
            ("deck", cards(p["deck_size"])),
            ("discard", cards(len(discard)) + top),
            ("tally", tally or "—"),
        ]
    )
    countdown = items(_countdown_card(c) for c in p["countdown"])
    field = items(_card(c) for c in p["field"])
    return (
        f'<article class="seat" data-seat="{number}"><h3>{_name(view, seat, number)} '
        f"{''.join(tags)}</h3>{facts}<h4>Countdown</h4>{countdown}<h4>Field</h4>{field}</article>"
    )


def _status(view: dict[str, Any], seat: int | None) -> str:
    if view.get("game_over"):
        winners = ", ".join(_name(view, seat, w) for w in view.get("winners") or []) or "nobody"
        reason = f" ({esc(view['end_reason'])})" if view.get("end_reason") else ""
        return f"Game over{reason} — winner: {esc(winners)}"
    player = view["turn_player"]
    whose = "your" if player == seat else f"player {player}'s"
    # before the first turn (stacking decks) nobody has a turn yet
    turn = (
        f"{whose} turn, {esc(view['phase'])} phase"
        if player >= 0
        else f"{esc(view['phase'])} phase"
    )
    decision = view.get("decision")
    if not decision:
        return turn
    if decision["player"] == seat:
        return f"{turn} — your decision (below)"  # its prompt heads the decision panel
    return f"{turn} — waiting for {_name(view, seat, decision['player'])}"


def render(view: dict[str, Any], seat: int | None) -> str:
    board = definition_list(
        [
            ("turn", esc(view["turn"])),
            ("now", _status(view, seat)),
            ("interred", esc(", ".join(view["interred"]) or "none")),
        ]
    )
    parts = [section("Doom Pile", board, "world")]
    players = "".join(_seat(view, seat, n) for n in range(len(view["players"])))
    parts.append(section("Players", players, "seats"))
    own = view["players"][seat] if seat is not None else {}
    if "hand" in own:
        starts = (
            f"{icon('countdown', 'starting countdown')}{esc(c['countdown'])}" for c in own["hand"]
        )
        hand = items(_card(c, start) for c, start in zip(own["hand"], starts, strict=True))
        parts.append(section(f"Your hand ({len(own['hand'])})", hand, "hand"))
        if own.get("deck"):
            parts.append(section("Your deck, top first", items(map(esc, own["deck"]), "plain")))
    return "".join(parts)
