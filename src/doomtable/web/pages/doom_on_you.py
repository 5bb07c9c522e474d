"""The Doom On You table (declarations, duels, bribe offers), from the view dict alone."""

from __future__ import annotations

from functools import cache
from typing import Any

from doomtable.engine import find_game
from doomtable.web.pages.html import card, cards, definition_list, esc, items, section
from doomtable.web.pages.icons import icon


@cache
def _rules_text() -> dict[str, str]:
    """Each card's rules text as the game writes it from the card's definition."""
    return {str(c["name"]): str(c["text"]) for c in find_game("doom-on-you").cards()}


def _card_text(c: dict[str, Any]) -> str:
    return _rules_text().get(str(c["name"]), "")


def _card(c: dict[str, Any]) -> str:
    meta = f'<span class="kind">{esc(c.get("kind", ""))}</span>'
    if c.get("kind") == "animal":
        meta += (
            f' {icon("attack", "attack")}<span class="value">{esc(c["attack"])}</span>'
            f" {icon('defence', 'defence left')}"
            f'<span class="value">{esc(c.get("defence_left", c["defence"]))}</span>'
        )
    return card(str(c["name"]), _card_text(c), meta=meta, css=str(c.get("kind", "")))


def _player(number: int, p: dict[str, Any], view: dict[str, Any], seat: int | None) -> str:
    tags = []
    if number == seat:
        tags.append('<span class="tag you">you</span>')
    if not p["alive"]:
        tags.append('<span class="tag out">out</span>')
    if view.get("defender") == number:
        tags.append('<span class="tag turn">defending</span>')
    decision = view.get("decision") or {}
    if decision.get("player") == number:
        tags.append('<span class="tag deciding">deciding</span>')
    rows = [("food", esc(p["food"])), ("hand", cards(p["hand_size"]))]
    if "offered_bribe" in p:  # shown only to the players a bribe involves
        rows.append(("bribe offered", "yes" if p["offered_bribe"] else "no"))
    facts = definition_list(rows)
    animals = items(_card(c) for c in p["animals"])
    return (
        f'<article class="seat" data-seat="{number}"><h3>player {number} {"".join(tags)}</h3>'
        f"{facts}<h4>Animals</h4>{animals}</article>"
    )


def _note(note: Any) -> str:
    return f" — “{esc(note)}”" if note else ""


def render(view: dict[str, Any], seat: int | None) -> str:
    board = definition_list(
        [
            ("attack round", esc(view["attack_round"])),
            (
                "defender",
                ("you" if view["defender"] == seat else f"player {esc(view['defender'])}")
                if view["defender"] >= 0
                else "—",
            ),
            ("pile limit", esc(view["pile_limit"])),
            ("draw pile", cards(view["deck_size"])),
            ("removed", esc(", ".join(view["removed"]) or "none")),
        ]
    )
    parts = [section("The round", board, "world")]
    players = "".join(_player(n, p, view, seat) for n, p in enumerate(view["players"]))
    parts.append(section("Players", players, "seats"))
    if view["attacks"]:
        attacks = (
            f"{esc(a['animal'])} of player {esc(a['owner'])} attacks player {esc(a['target'])} "
            f"(attack {esc(a['attack'])}, {esc(a['to_block'])} to block)"
            for a in view["attacks"]
        )
        parts.append(section("Declared attacks", items(attacks, "plain"), "attacks"))
    if seat is not None and "hand" in view["players"][seat]:
        hand = items(_card(c) for c in view["players"][seat]["hand"])
        parts.append(section("Your hand", hand, "hand"))
    if view.get("bribes"):
        bribes = (
            f"player {esc(b['from'])} {icon('arrow', 'to')} player {esc(b['to'])}: "
            f"{esc(b['amount'])} food "
            f"({esc(b['status'])}){_note(b.get('note'))}"
            for b in view["bribes"]
        )
        parts.append(section("Bribes", items(bribes, "plain"), "bribes"))
    if view.get("seen_hands"):
        seen = (
            f"player {esc(q)}: {esc(', '.join(names))}" for q, names in view["seen_hands"].items()
        )
        parts.append(section("Hands shown to you", items(seen, "plain"), "revealed"))
    return "".join(parts)
