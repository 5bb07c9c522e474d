"""The Doomlings table (Classic and Blackbox, every variation), from the view dict alone."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from doomtable.web.pages.html import (
    CARDS_KEPT,
    card,
    cards,
    colors,
    definition_list,
    esc,
    items,
    section,
)
from doomtable.web.pages.icons import icon

# The variants and tie-break rules are choices of the game's own option schema.
OPTION_CHOICES: dict[str, list[Any]] = {"eras": [3, 4]}


def trait(c: dict[str, Any]) -> str:
    colours = tuple(c.get("colors") or ())
    face = c.get("face")
    host = str(c.get("attached_to") or "")  # Techlings: an attachment names its host
    name = str(c.get("shown") or c["name"])  # Opposable Thumbs (as Heroic): a copy
    return _trait(name, str(c.get("text") or ""), colours, face, bool(c.get("dominant")), host)


@lru_cache(maxsize=CARDS_KEPT, typed=True)  # typed: 1 and True are equal keys, drawn apart
def _trait(
    name: str, text: str, colours: tuple[str, ...], face: Any, dominant: bool, host: str
) -> str:
    """A trait card's markup, drawn once for each way a view shows it (a recoloured copy, an
    attachment's host and a face the view hides are other ways)."""
    meta = colors(colours)
    meta += f' <span class="value">{esc(face)}</span>' if face is not None else " ?"
    if dominant:
        meta += f' {icon("star")}<span class="kind">dominant</span>'
    if host:
        meta += f' <span class="kind">on {esc(host)}</span>'
    return card(name, text, meta=meta, css="trait")


def _age(age: dict[str, Any] | None, label: str) -> str:
    if not age:
        return ""
    kind = "catastrophe" if age.get("catastrophe") else "age"
    meta = f'<span class="kind">{esc(kind)}</span>'
    return card(str(age["name"]), str(age.get("text") or ""), meta=meta, css=kind, label=label)


def _seat(s: dict[str, Any], view: dict[str, Any], seat: int | None) -> str:
    tags = []
    if s["seat"] == seat:
        tags.append('<span class="tag you">you</span>')
    if view.get("turn_player") == s["seat"]:
        tags.append(f'<span class="tag turn">{icon("turn")} turn</span>')
    pending = view.get("pending") or {}
    if pending.get("player") == s["seat"]:
        tags.append('<span class="tag deciding">deciding</span>')
    if s["seat"] == view.get("first_player"):
        tags.append('<span class="tag">first player</span>')
    facts = definition_list(
        [
            # an onlooker's score is left out when a seat's own count includes its hand
            ("score", esc(s.get("score", "hidden"))),
            ("Gene Pool", esc(s["gene_pool"])),
            ("hand", cards(s["hand_size"])),
            ("dominants", esc(s["dominants"])),
            *([("face down", esc(s["suppressed"]))] if s.get("suppressed") else []),
            *([("Meaning of Life", f"{esc(s['meanings'])} hidden")] if s.get("meanings") else []),
        ]
    )
    body = facts + items(trait(c) for c in s["traits"])
    breakdown = s.get("breakdown")
    if breakdown:
        body += _breakdown(breakdown)
    return (
        f'<article class="seat" data-seat="{esc(s["seat"])}"><h3>{esc(s["name"])} '
        f"{''.join(tags)}</h3>{body}</article>"
    )


def _breakdown(b: dict[str, Any]) -> str:
    rows = [("face values", esc(b["face"]))]
    rows += [(f"bonus: {x['card']}", esc(x["points"])) for x in b["bonuses"]]
    rows += [(f"from rivals: {x['card']}", esc(x["points"])) for x in b["opponents"]]
    rows += [("catastrophes", esc(b["catastrophe"])), ("World's End", esc(b["worlds_end"]))]
    rows += [(f"Meaning of Life: {x['card']}", esc(x["points"])) for x in b.get("meanings", [])]
    rows.append(("total", f"<strong>{esc(b['total'])}</strong>"))
    return f'<div class="breakdown"><h4>Score breakdown</h4>{definition_list(rows)}</div>'


def render(view: dict[str, Any], seat: int | None) -> str:
    world = definition_list(
        [
            ("round", esc(view["round"])),
            ("era", esc(view["era"])),
            ("ages left", esc(view["ages_left"])),
            ("catastrophes", esc(", ".join(view["catastrophes"]) or "none yet")),
            ("draw pile", cards(view["deck_size"])),
            ("discard", cards(view["discard_size"])),
        ]
    )
    world += _age(view.get("age"), "Now") + _age(view.get("next_age"), "Next")
    if view.get("discard_top"):
        world += f"<p>Top of discard: {trait(view['discard_top'])}</p>"
    parts = [section("The world", world, "world")]
    parts.append(
        section(
            "Players",
            "".join(_seat(s, view, seat) for s in view["seats"]),
            "seats",
        )
    )
    if seat is not None and "hand" in view:
        parts.append(section("Your hand", items(trait(c) for c in view["hand"]), "hand"))
    if view.get("meanings"):  # only ever the viewer's own
        kind = '<span class="kind">meaning of life</span>'
        meanings = items(
            card(str(m["name"]), str(m["text"]), meta=kind, css="meaning") for m in view["meanings"]
        )
        parts.append(section("Your Meaning of Life (hidden from the others)", meanings, "meanings"))
    if view.get("pack"):
        parts.append(section("Your draft pack", items(trait(c) for c in view["pack"]), "pack"))
    if view.get("lab"):
        parts.append(section("The Lab", items(trait(c) for c in view["lab"]), "lab"))
    if view.get("revealed"):
        shown = (f"player {r['from']}: {trait(r['card'])}" for r in view["revealed"])
        parts.append(section("Cards shown to you", items(shown), "revealed"))
    if "trinkets" in view:
        parts.append(section("Trinkets", _trinkets(view), "trinkets"))
    return "".join(parts)


def _trinket(t: dict[str, Any], kind: str = "trinket") -> str:
    value = f'<span class="value">{esc(t["value"])}</span> ' if "value" in t else ""
    return card(
        str(t["name"]),
        str(t.get("text") or ""),
        meta=f'{value}<span class="kind">{kind}</span>',
        css=kind,
    )


def _trinkets(view: dict[str, Any]) -> str:
    """Trinkets are face up: each seat's held and pocketed ones, and the merchants come so far."""
    rows = []
    for s, held, pocketed in zip(view["seats"], view["trinkets"], view["pocketed"], strict=True):
        rows.append((f"{s['name']} holds", items(_trinket(t) for t in held) if held else "none"))
        if pocketed:
            rows.append((f"{s['name']} pocketed", items(_trinket(t) for t in pocketed)))
    if view.get("merchants"):
        rows.append(("merchants", items(_trinket(m, "merchant") for m in view["merchants"])))
    return definition_list(rows)
