"""Civilizations and event cards as typed data, loaded once from the package's YAML files.

One definition drives the rules (``bonus``, ``effect``), the printed text (``doomtable cards``)
and the tests. Event effects are small dicts whose ``op`` names an entry of ``EFFECT_OPS``:
every op and its amounts are checked when the deck loads, and an event's text after its
flavour line is written from its effect (``effect_text``), so a card says what it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import yaml

ACTIONS = ("produce", "indoctrinate", "propagandize", "invade", "nuke")
KINDS = ("public", "clandestine")
WHO = {
    "richest": "the leader with the most Resources",
    "poorest": "the leader with the fewest Resources",
    "most_influence": "the leader with the most Influence",
    "least_influence": "the leader with the least Influence",
}
"""The leaders an effect may single out (ties: the first clockwise from the drawer)."""
CONDITIONS = ("contributed", "most_resources", "project", "survivors")
"""Secret missions' conditions, checked at the End of Days."""


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
    """The flavour line, then the rules written from ``effect``."""
    stays: bool
    effect: dict[str, Any]

    @property
    def slug(self) -> str:
        return "".join(c if c.isalnum() else "-" for c in self.name.lower()).strip("-")


# ----------------------------------------------------------------- effects: schema and words

_INT = int
_EFFECT = dict
EFFECT_OPS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    # op: ({required key: type or allowed values}, {optional key: ...})
    "none": ({}, {}),
    "gain": ({}, {"resources": _INT, "influence": _INT}),
    "everyone": ({}, {"resources": _INT, "influence": _INT, "project": _INT, "seconds": _INT}),
    "project": ({"resources": _INT}, {"credit": bool}),
    "time": ({"seconds": _INT}, {}),
    "rob": ({"who": tuple(WHO)}, {"resources": _INT, "influence": _INT}),
    "rob_all_above": ({"influence": _INT}, {}),
    "swap_influence": ({}, {}),
    "extra_action": ({}, {}),
    "coin_to": ({"who": tuple(WHO)}, {"resources": _INT}),
    "halve": ({"who": tuple(WHO)}, {}),
    "gift": ({"who": tuple(WHO), "influence": _INT}, {}),
    "abduct": ({"who": tuple(WHO)}, {}),
    "lottery": ({}, {}),
    "forbid": ({"action": ACTIONS}, {}),
    "discount": ({"action": ("propagandize", "invade", "nuke"), "cost": _INT}, {}),
    "reverse": ({}, {}),
    "quiet": ({"seconds": _INT}, {}),
    "seats": ({"delta": _INT}, {}),
    "board_by": ({"key": ("resources",)}, {}),
    "robots": ({"tax": _INT}, {}),
    "boost": ({"action": ("produce",), "extra": _INT}, {}),
    "dilemma": ({"yes": _EFFECT, "no": _EFFECT}, {}),
    "lizard_vote": ({"ties": _INT}, {}),
    "secret": ({"play": _EFFECT}, {}),
    "mission": ({"condition": CONDITIONS, "influence": _INT}, {"amount": _INT}),
    "challenge": ({"phrase": str, "seconds": _INT, "win": _EFFECT, "lose": _EFFECT}, {}),
}
"""Every op the rules carry out, with the keys it takes: a deck naming another op, leaving
out a required key or giving a wrong kind of value is refused when it loads."""

STAYING_OPS = frozenset(
    {"forbid", "discount", "reverse", "quiet", "seats", "board_by", "robots", "boost"}
)
"""Ops that act only while their card stays in play."""


def check_effect(card: str, effect: Any, where: str = "effect") -> None:
    """Refuse, with one line naming the card and the key, an effect the rules cannot carry
    out."""
    if not isinstance(effect, dict) or "op" not in effect:
        raise ValueError(f"event {card}: {where} must be a mapping with an op")
    op = effect["op"]
    if op not in EFFECT_OPS:
        raise ValueError(f"event {card}: unknown effect op {op!r} in {where}")
    required, optional = EFFECT_OPS[op]
    missing = sorted(set(required) - set(effect))
    if missing:
        raise ValueError(f"event {card}: {where} ({op}) needs {', '.join(missing)}")
    unknown = sorted(set(effect) - set(required) - set(optional) - {"op"})
    if unknown:
        raise ValueError(f"event {card}: {where} ({op}) does not take {', '.join(unknown)}")
    for key, kind in {**required, **optional}.items():
        if key not in effect:
            continue
        value = effect[key]
        if kind is _EFFECT:
            check_effect(card, value, f"{where}.{key}")
        elif isinstance(kind, tuple):
            if value not in kind:
                raise ValueError(f"event {card}: {where}.{key} must be one of {', '.join(kind)}")
        elif not isinstance(value, kind) or (kind is _INT and isinstance(value, bool)):
            what = {"int": "whole number", "str": "text", "bool": "true or false"}[kind.__name__]
            raise ValueError(f"event {card}: {where}.{key} must be a {what}")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 or word == "Influence" else f"{n} {word}s"


def _tokens(resources: int, influence: int) -> str:
    parts = [_count(resources, "Resource")] if resources else []
    if influence:
        parts.append(_count(influence, "Influence"))
    return " and ".join(parts)


def _gain_words(resources: int, influence: int, subject: str, gains: str, returns: str) -> str:
    """``you gain 2 Resources and return 1 Influence to the bag`` and the like."""
    up = _tokens(max(0, resources), max(0, influence))
    down = _tokens(max(0, -resources), max(0, -influence))
    words = []
    if up:
        words.append(f"{gains} {up}")
    if down:
        words.append(f"{returns} {down} to the bag")
    return f"{subject}{' and '.join(words)}"


def _project_words(n: int) -> str:
    return f"the Project gains {n}" if n > 0 else f"the Project loses {-n}"


def _time_words(seconds: int) -> str:
    span = (
        "1 minute"
        if abs(seconds) == 60
        else f"{abs(seconds) // 60} minutes"
        if abs(seconds) % 60 == 0
        else f"{abs(seconds)} seconds"
    )
    return f"the end comes {span} {'later' if seconds > 0 else 'sooner'}"


def _gain(e: dict[str, Any]) -> str:
    return _gain_words(e.get("resources", 0), e.get("influence", 0), "", "gain", "return")


def _everyone(e: dict[str, Any]) -> str:
    parts = []
    if e.get("resources", 0) or e.get("influence", 0):
        parts.append(
            _gain_words(
                e.get("resources", 0),
                e.get("influence", 0),
                "every living leader ",
                "gains",
                "returns",
            )
        )
    if e.get("project", 0):
        parts.append(_project_words(e["project"]))
    if e.get("seconds", 0):
        parts.append(_time_words(e["seconds"]))
    return " and ".join(parts)


def _project(e: dict[str, Any]) -> str:
    n = e["resources"]
    if n < 0:
        return f"return {_count(-n, 'Resource')} from the Project to the bag"
    credit = ", counted as your contribution" if e.get("credit") else ""
    return f"add {_count(n, 'Resource')} from the bag to the Project{credit}"


def _rob(e: dict[str, Any]) -> str:
    what = _tokens(e.get("resources", 0), e.get("influence", 0))
    return f"take {what} from {WHO[e['who']]} (not you)"


def _coin_to(e: dict[str, Any]) -> str:
    gains = f", who gains {_count(e['resources'], 'Resource')}" if e.get("resources") else ""
    return f"pass the 1st Player Coin to {WHO[e['who']]} (you included){gains}"


def _dilemma(e: dict[str, Any]) -> str:
    return (
        "every living leader votes yes or no; a tied vote is held again. "
        f"Yes: {effect_text(e['yes'])}. No: {effect_text(e['no'])}"
    )


def _mission(e: dict[str, Any]) -> str:
    condition = {
        "contributed": f"you contributed at least {e.get('amount', 0)} Resources to the Project "
        "this game",
        "most_resources": "you hold the most Resources (or tie) at the End of Days",
        "project": f"the Project holds at least {e.get('amount', 0)} Resources at the End of Days",
        "survivors": "at most half the leaders (rounded up) are alive at the End of Days",
    }[e["condition"]]
    return (
        f"secret mission: if {condition}, gain {_count(e['influence'], 'Influence')} "
        "before boarding"
    )


_VERB = {"propagandize": "Propagandizing", "invade": "Invading", "nuke": "Nuking"}

_EFFECT_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "none": lambda e: "nothing happens",
    "gain": _gain,
    "everyone": _everyone,
    "project": _project,
    "time": lambda e: _time_words(e["seconds"]),
    "rob": _rob,
    "rob_all_above": lambda e: (
        f"take {_count(e['influence'], 'Influence')} from every leader who has more Influence "
        "than you as you play it"
    ),
    "swap_influence": lambda e: f"swap your Influence with {WHO['most_influence']} (not you)",
    "extra_action": lambda e: "take one more action right now",
    "coin_to": _coin_to,
    "halve": lambda e: (
        f"{WHO[e['who']]} (you included) returns half of them (rounded down) to the bag"
    ),
    "gift": lambda e: f"{WHO[e['who']]} (you included) gains {_count(e['influence'], 'Influence')}",
    "abduct": lambda e: f"{WHO[e['who']]} (not you) is abducted and eliminated",
    "lottery": lambda e: (
        "the rocket gets one more seat, even before the Project pays for its first, and a "
        "living leader drawn by lot is eliminated"
    ),
    "forbid": lambda e: f"nobody may {e['action'].capitalize()}",
    "discount": lambda e: (
        f"{_VERB[e['action']]} costs at most "
        f"{_count(e['cost'], 'Influence' if e['action'] == 'invade' else 'Resource')} for everyone"
    ),
    "reverse": lambda e: "Take Action goes counterclockwise from the 1st Player Coin",
    "quiet": lambda e: (
        f"a Contribute phase closes after at most {e['seconds']} seconds without a raise"
    ),
    "seats": lambda e: (
        f"the rocket has {abs(e['delta'])} {'more' if e['delta'] > 0 else 'fewer'} "
        f"seat{'s' if abs(e['delta']) != 1 else ''} than the Project pays for"
        + (" (still none until the Project pays for its first)" if e["delta"] > 0 else "")
    ),
    "board_by": lambda e: "leaders board by Resources, then by Influence",
    "robots": lambda e: (
        "until someone Nukes the robots (at a Nuke's cost), before each Take Action phase the "
        f"robots take {_count(e['tax'], 'Resource')} from every living leader"
    ),
    "boost": lambda e: f"every Produce gains {_count(e['extra'], 'more Resource')}",
    "dilemma": _dilemma,
    "lizard_vote": lambda e: (
        "every living leader votes who is secretly a lizard; the leader with the most votes is "
        f"eliminated, and after {e['ties']} tied votes in a row the lizard escapes"
    ),
    "secret": lambda e: (
        f"keep it secret. During a Contribute phase, play it: {effect_text(e['play'])}"
    ),
    "mission": _mission,
    "challenge": lambda e: (
        f"challenge: type '{e['phrase']}' within {e['seconds']} seconds. "
        f"Done: {effect_text(e['win'])}. Not done: {effect_text(e['lose'])}"
    ),
}


def effect_text(effect: dict[str, Any]) -> str:
    """What an effect does, in words (lower case, no final stop).

    >>> effect_text({"op": "gain", "resources": 3, "influence": 1})
    'gain 3 Resources and 1 Influence'
    """
    return _EFFECT_TEXT[effect["op"]](effect)


def event_text(flavor: str, stays: bool, effect: dict[str, Any]) -> str:
    """A card's printed text: its flavour line, then its rules as sentences."""
    rules = effect_text(effect)
    parts = [flavor] if flavor else []
    if stays:
        parts.append("Stays in play.")
    return " ".join([*parts, rules[0].upper() + rules[1:] + "."])


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
        name = raw["name"]
        if raw["kind"] not in KINDS:
            raise ValueError(f"event {name}: kind must be public or clandestine")
        effect = _plain_keys(raw["effect"])
        check_effect(name, effect)
        stays = bool(raw.get("stays", False))
        if stays != (effect["op"] in STAYING_OPS):
            raise ValueError(f"event {name}: stays must be true exactly for a staying op")
        text = event_text(str(raw.get("flavor", "")), stays, effect)
        for _ in range(int(raw.get("copies", 1))):
            cards.append(
                EventCard(len(cards), name, raw["kind"], raw["theme"], text, stays, effect)
            )
    return tuple(cards)


CIVILIZATIONS = _civilizations()
EVENTS = _events()
EVENT_BY_SLUG = {card.slug: card for card in EVENTS}
CIV_BY_NAME = {civ.name.lower(): civ for civ in CIVILIZATIONS}


def is_clandestine(card: int) -> bool:
    """Whether event ``card`` is read silently by its drawer alone."""
    return EVENTS[card].kind == "clandestine"


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
