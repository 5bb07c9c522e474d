"""Civilizations and event cards as typed data, loaded once from the package's YAML files.

One definition drives the rules (``bonus``, ``effect``), the printed text (``doomtable cards``)
and the tests. Event effects are small dicts whose ``op`` names an entry of the rules'
effect table; ``check_effect`` rejects an op the rules do not know when the deck loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import yaml

ACTIONS = ("produce", "indoctrinate", "propagandize", "invade", "nuke")
KINDS = ("public", "clandestine")


@dataclass(frozen=True, slots=True)
class Civilization:
    id: int
    name: str
    action: str
    bonus: dict[str, Any]
    text: str
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EventCard:
    id: int
    name: str
    kind: str
    theme: str
    text: str
    stays: bool
    effect: dict[str, Any]

    @property
    def slug(self) -> str:
        return "".join(c if c.isalnum() else "-" for c in self.name.lower()).strip("-")


def _load(name: str) -> list[dict[str, Any]]:
    data = yaml.safe_load(files("doomtable.games.were_doomed").joinpath(name).read_text("utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{name}: expected a list of cards")
    return data


def _civilizations() -> tuple[Civilization, ...]:
    civs = []
    for i, raw in enumerate(_load("civilizations.yaml")):
        if raw["action"] not in ACTIONS:
            raise ValueError(f"civilization {raw['name']}: unknown action {raw['action']!r}")
        civs.append(
            Civilization(
                i,
                raw["name"],
                raw["action"],
                dict(raw["bonus"]),
                raw["text"],
                tuple(raw["players"]),
            )
        )
    return tuple(civs)


def _plain_keys(effect: dict[Any, Any]) -> dict[str, Any]:
    """YAML reads the keys ``yes``/``no`` as booleans: give the effect its words back."""
    return {
        ("yes" if k else "no") if isinstance(k, bool) else str(k): _plain_keys(v)
        if isinstance(v, dict)
        else v
        for k, v in effect.items()
    }


def _events() -> tuple[EventCard, ...]:
    cards: list[EventCard] = []
    for raw in _load("events.yaml"):
        if raw["kind"] not in KINDS:
            raise ValueError(f"event {raw['name']}: kind must be public or clandestine")
        for _ in range(int(raw.get("copies", 1))):
            cards.append(
                EventCard(
                    len(cards),
                    raw["name"],
                    raw["kind"],
                    raw["theme"],
                    raw["text"],
                    bool(raw.get("stays", False)),
                    _plain_keys(raw["effect"]),
                )
            )
    return tuple(cards)


CIVILIZATIONS = _civilizations()
EVENTS = _events()
EVENT_BY_SLUG = {card.slug: card for card in EVENTS}
CIV_BY_NAME = {civ.name.lower(): civ for civ in CIVILIZATIONS}


def civilizations_for(players: int) -> list[int]:
    """Ids of the civilization cards a game of ``players`` lays out."""
    return [civ.id for civ in CIVILIZATIONS if players in civ.players]


def card_dicts() -> list[dict[str, Any]]:
    """Every card as JSON-ready data, for ``doomtable cards were-doomed``."""
    civs = [
        {
            "name": c.name,
            "kind": "civilization",
            "action": c.action,
            "text": c.text,
            "players": list(c.players),
            "copies": 1,
        }
        for c in CIVILIZATIONS
    ]
    events = [
        {
            "name": e.name,
            "kind": f"{e.kind} event",
            "theme": e.theme,
            "text": e.text,
            "stays": e.stays,
            "copies": 1,
        }
        for e in EVENTS
    ]
    return civs + events
