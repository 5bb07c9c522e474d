"""Static tables built once from the card set, deck files and the preconstructed decks.

A deck is data: ``{"name": ..., "plan": <Master Plan>, "cards": [{"name": ..., "copies": n}]}``
(YAML on disk, the same ``copies`` key as every other game's card files). The order of the
entries is the order a player may keep when stacking.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any, Final

import yaml

from doomtable.engine import DoomtableError, did_you_mean
from doomtable.files import write_atomic
from doomtable.games.doom_pile.card_set import CARD_SET, SUBTYPES
from doomtable.games.doom_pile.cards import ARTIFICE, MINION, PLOT, CardDef, Cost, Effect, PlanDef
from doomtable.safe_yaml import YamlLimitError, load_yaml, read_text_file, yaml_problem

DECK_SIZE: Final = 30
MAX_COPIES: Final = 3

CARD_DEFS: Final[tuple[CardDef, ...]] = CARD_SET.cards
PLAN_DEFS: Final[tuple[PlanDef, ...]] = CARD_SET.plans
LIMITS: Final[dict[str, int]] = CARD_SET.limits

DEF_BY_NAME: Final[dict[str, int]] = {d.name.casefold(): i for i, d in enumerate(CARD_DEFS)}
PLAN_BY_NAME: Final[dict[str, int]] = {p.name.casefold(): i for i, p in enumerate(PLAN_DEFS)}

NAME: Final = tuple(d.name for d in CARD_DEFS)
KIND: Final = tuple(d.kind for d in CARD_DEFS)
IS_PLOT: Final = tuple(d.kind == PLOT for d in CARD_DEFS)
IS_MINION: Final = tuple(d.kind == MINION for d in CARD_DEFS)
IS_ARTIFICE: Final = tuple(d.kind == ARTIFICE for d in CARD_DEFS)
START: Final = tuple(d.countdown for d in CARD_DEFS)
STRENGTH: Final = tuple(d.strength for d in CARD_DEFS)
HEALTH: Final = tuple(d.health for d in CARD_DEFS)
SUBTYPE_INDEX: Final = tuple(SUBTYPES.index(d.subtype) for d in CARD_DEFS)

PRECON_DIR: Final = Path(__file__).with_name("decks")


class DeckError(DoomtableError, ValueError):
    """A deck file cannot be read, or names a card or Master Plan that does not exist."""


def suggest(name: str, known: list[str]) -> str:
    """`` (did you mean 'X'?)`` for the closest of ``known`` to a mistyped ``name``, or ``""``."""
    hint = did_you_mean(name, known, most=1, quote=True)
    return f" ({hint})" if hint else ""


def copy_limit(name: str) -> int:
    """The most copies of the card ``name`` a deck may hold (0: banned)."""
    return LIMITS.get(name, MAX_COPIES)


def deck_problems(deck: Any) -> list[str]:
    """Everything that makes ``deck`` illegal, one line per problem (empty: legal)."""
    if not isinstance(deck, dict):
        return ["a deck is a mapping with 'plan' and 'cards'"]
    problems = []
    unknown_keys = set(deck) - {"name", "plan", "cards"}
    if unknown_keys:
        problems.append(f"unknown key(s) {', '.join(sorted(map(str, unknown_keys)))}")
    plan = deck.get("plan")
    if not isinstance(plan, str) or not plan.strip():
        problems.append("no Master Plan: give 'plan: <name>'")
    elif plan.casefold() not in PLAN_BY_NAME:
        known = [p.name for p in PLAN_DEFS]
        hint = suggest(plan, known)
        if plan.casefold() in DEF_BY_NAME:
            hint = f" ({plan} is a card, not a Master Plan)"
        problems.append(f"unknown Master Plan {plan!r}{hint}")
    entries = deck.get("cards")
    if not isinstance(entries, list) or not entries:
        problems.append("no cards: give a list under 'cards' of {name, copies}")
        return problems
    counts: dict[int, int] = {}
    total = 0
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            problems.append(f"card entry {number} needs a name and copies")
            continue
        name, copies = entry["name"], entry.get("copies", 1)
        extra = set(entry) - {"name", "copies"}
        if extra:
            problems.append(f"{name}: unknown key(s) {', '.join(sorted(map(str, extra)))}")
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            problems.append(f"{name}: copies must be a whole number of at least 1, not {copies!r}")
            continue
        total += copies
        index = DEF_BY_NAME.get(name.casefold())
        if index is None:
            if name.casefold() in PLAN_BY_NAME:
                problems.append(f"{name} is a Master Plan: it goes under 'plan', not in the deck")
            else:
                problems.append(f"unknown card {name!r}{suggest(name, list(NAME))}")
            continue
        counts[index] = counts.get(index, 0) + copies
    if total != DECK_SIZE:
        problems.append(f"the deck has {total} cards; it must have exactly {DECK_SIZE}")
    for index, count in counts.items():
        name = NAME[index]
        limit = copy_limit(name)
        if limit == 0:
            problems.append(f"{name} is banned")
        elif count > limit:
            why = "the limit list allows" if name in LIMITS else "a deck may hold at most"
            problems.append(f"{name}: {count} copies, but {why} {limit}")
    return problems


def deck_cards(deck: dict[str, Any]) -> tuple[int, list[int]]:
    """The Master Plan and the 30 card definitions (file order) of a legal deck."""
    problems = deck_problems(deck)
    if problems:
        label = deck.get("name") if isinstance(deck, dict) else None
        raise DeckError(f"deck {label or ''} is illegal: {'; '.join(problems)}".replace("  ", " "))
    cards = [
        DEF_BY_NAME[entry["name"].casefold()]
        for entry in deck["cards"]
        for _ in range(entry.get("copies", 1))
    ]
    return PLAN_BY_NAME[deck["plan"].casefold()], cards


def read_deck_file(path: Path) -> dict[str, Any]:
    """A deck file's data (not yet checked for legality)."""
    try:
        data = load_yaml(read_text_file(path), str(path))
    except YamlLimitError as exc:
        raise DeckError(str(exc)) from None
    except OSError as exc:
        raise DeckError(f"cannot read deck file {path}: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise DeckError(f"{path} is not valid YAML: {yaml_problem(exc)}") from None
    if not isinstance(data, dict):
        raise DeckError(f"{path} is not a deck: expected a mapping with 'plan' and 'cards'")
    return data


def deck_yaml(deck: dict[str, Any]) -> str:
    """A deck as YAML text, in the shape ``read_deck_file`` reads."""
    return yaml.safe_dump(deck, sort_keys=False, allow_unicode=True, width=100)


def write_deck_file(path: Path, deck: dict[str, Any], *, overwrite: bool = False) -> None:
    """Write ``deck`` atomically (temp file, fsync, rename); refuse to replace a file unless
    ``overwrite``."""
    if path.exists() and not overwrite:
        raise DeckError(f"{path} already exists; not overwriting it")
    write_atomic(path, deck_yaml(deck))


@cache
def _shipped_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in PRECON_DIR.glob("*.yaml")))


def precon_names() -> list[str]:
    """The preconstructed decks shipped with the game, by file stem."""
    return list(_shipped_names())


@cache
def _shipped_deck(stem: str) -> dict[str, Any]:
    # Read once a run: shipped files do not change, and parsing YAML was most of the time a
    # whole random game took (two decks a game).
    return read_deck_file(PRECON_DIR / f"{stem}.yaml")


def precon_deck(name: str) -> dict[str, Any]:
    """A shipped deck by name (``necromancer``, ...): a fresh copy the caller may change."""
    stem = name.strip().lower().replace(" ", "-")
    if stem not in _shipped_names():
        raise DeckError(f"no preconstructed deck {name!r}; decks: {', '.join(precon_names())}")
    return copy.deepcopy(_shipped_deck(stem))


def resolve_deck(entry: Any) -> dict[str, Any]:
    """A deck option entry: a preconstructed deck's name, or deck data itself."""
    if isinstance(entry, str):
        return precon_deck(entry)
    if isinstance(entry, dict):
        return entry
    raise DeckError(f"a deck is a preconstructed deck's name or deck data, not {entry!r}")


GAME: Final = "doom-pile"
HAND_SIZE: Final = 5
STACKING_MODES: Final = ("choose", "keep", "shuffle", "auto")

# Tally slots per player: what Master Plans count.
T_SACRIFICED, T_KILLED, T_DESTROYED, T_THWARTED, T_INTERRED, T_REVIVED = range(6)
T_RESOLVED_AT: Final = 6
"""Slot ``T_RESOLVED_AT + k``: cards of Starting Countdown ``k`` (capped) resolved from the
player's countdown."""
MAX_TRACKED_START: Final = 9
TALLY_SIZE: Final = T_RESOLVED_AT + MAX_TRACKED_START + 1
TALLY_NAMES: Final = ("sacrificed", "killed", "destroyed", "thwarted", "interred", "revived")

# Static ability tables: ability 0 is the card's RESOLVES text, then one per trigger, then the
# ON COMMAND effect.
ABILITIES: Final[tuple[tuple[tuple[Effect, ...], ...], ...]] = tuple(
    (
        d.resolves,
        *(t.effects for t in d.triggers),
        *((d.command.effects,) if d.command else ()),
    )
    for d in CARD_DEFS
)
TRIGGERS: Final[tuple[tuple[tuple[str, int, bool], ...], ...]] = tuple(
    tuple((t.when, 1 + i, t.optional) for i, t in enumerate(d.triggers)) for d in CARD_DEFS
)
WHENS: Final[tuple[frozenset[str], ...]] = tuple(frozenset(t[0] for t in trig) for trig in TRIGGERS)
COMMAND: Final[tuple[int, ...]] = tuple(1 + len(d.triggers) if d.command else -1 for d in CARD_DEFS)
COMMAND_COST: Final[tuple[Cost | None, ...]] = tuple(
    d.command.cost if d.command else None for d in CARD_DEFS
)
PLAY_COST: Final[tuple[Cost | None, ...]] = tuple(d.cost for d in CARD_DEFS)
SIEGE: Final[tuple[bool, ...]] = tuple(d.siege for d in CARD_DEFS)
COPY_LIMIT: Final = tuple(copy_limit(d.name) for d in CARD_DEFS)
