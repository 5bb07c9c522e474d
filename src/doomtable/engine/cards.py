"""Stable card identities: what a save, a stored table or a replay calls a card.

In memory a state holds cards as small ints, indexes into its game's static tables, because
that is what makes clones cheap and rules fast. Those indexes are positions in a list, so
they change whenever a card is added to, removed from or moved in the card data. Anything
kept beyond one run of one build (a save file, a stored table's decisions, a replay) names
cards instead by **slug**: a short lower-case name such as ``heroic`` or ``the-four-horsemen``,
with ``#2``, ``#3`` ... for further copies of the same card (``sneaky#2``).

A game declares where its ids are (:class:`CardIdentity`): which items of which options are
card ids, which state fields hold them, and the slug of every id of each kind of card it has
(traits and ages, animals, events ...). This module turns the in-memory form of a state
(:meth:`GameState.to_dict`) into the stable form (:func:`stable_dict`) and back
(:func:`positional_dict`), and single options both ways (:func:`encode_option`,
:func:`decode_option`).

Files written before card slugs existed (format 1) name cards by position. Each game keeps
the tables of that time (:attr:`CardIdentity.positional`), so an int where a card belongs is
read as a position in those frozen tables, whatever the tables are now.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from importlib.resources import files
from typing import Any

from doomtable.engine.decision import Option
from doomtable.engine.errors import SaveFileError

STABLE_FORMAT = 2
"""The ``format`` of data that names cards by slug; data without ``format`` is positional."""

CardTables = dict[str, tuple[str, ...]]
"""Each kind of card (``trait``, ``age`` ...) -> the slug of each id of that kind."""


def slugify(name: str) -> str:
    """``Ripple Effect`` -> ``ripple-effect``: lower-case letters and digits, words joined by
    hyphens, accents dropped (``Mañana`` -> ``manana``)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def instance_slugs(slugs: Sequence[str]) -> tuple[str, ...]:
    """Slugs for a table of card instances in which copies of a card have their own ids:
    the first copy keeps the card's slug, the next are ``slug#2``, ``slug#3``, ..."""
    seen: dict[str, int] = {}
    out = []
    for slug in slugs:
        seen[slug] = seen.get(slug, 0) + 1
        out.append(slug if seen[slug] == 1 else f"{slug}#{seen[slug]}")
    return tuple(out)


@dataclass(frozen=True)
class CardIdentity:
    """Where a game's data holds card ids, and the slug of each.

    ``tables`` gives the card tables of today's build; ``positional`` the tables that files
    written before slugs (format 1) were made with, frozen when slugs came in.
    ``option_items`` maps an option's verb to the positions of its card ids and their kind
    (``{"play": ((1, "trait"),)}``); ``fields`` maps a state field holding card ids (a single
    id, a list of ids or a list of lists of ids; negative numbers mean "none") to their kind.
    Other fields may hold ids too (inside frames, events or per-card lists): they are kept as
    written, and compared only while the tables are unchanged.
    """

    tables: Callable[[], CardTables]
    positional: Callable[[], CardTables]
    option_items: Mapping[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    fields: Mapping[str, str] = field(default_factory=dict)


_NO_CARDS = CardIdentity(dict, dict)


def card_items(
    verbs: Sequence[Sequence[str]], kinds: Mapping[str, str]
) -> dict[str, tuple[tuple[int, str], ...]]:
    """``CardIdentity.option_items`` from a game's option shapes as its RL declaration gives
    them (``("swap", "card", "player", "card")``: each argument's domain), where ``kinds``
    maps the domains that are card ids to their kind of card."""
    items = {}
    for verb, *domains in verbs:
        found = tuple((i, kinds[d]) for i, d in enumerate(domains, 1) if d in kinds)
        if found:
            items[verb] = found
    return items


def identity_of(game: str) -> CardIdentity:
    """The card identity game ``game`` declares in its spec, or none at all."""
    from doomtable.engine.registry import find_game  # the registry imports this module

    return find_game(game).card_identity or _NO_CARDS


@cache
def _index(tables: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, dict[str, int]]:
    return {kind: {slug: i for i, slug in enumerate(slugs)} for kind, slugs in tables}


def _lookup(tables: CardTables) -> dict[str, dict[str, int]]:
    return _index(tuple(sorted(tables.items())))


def _slug(tables: CardTables, kind: str, card: object, where: str) -> object:
    if type(card) is not int or card < 0:
        return card  # "no card" markers (-1) and values already named stay as they are
    slugs = tables.get(kind, ())
    if card >= len(slugs):
        raise SaveFileError(f"{where}: {card} is not a {kind} id of this game")
    return slugs[card]


def _id(identity: CardIdentity, kind: str, card: object, where: str) -> object:
    """The id today's build gives ``card``: a slug, or a position in the frozen tables."""
    if type(card) is int:
        if card < 0:
            return card
        card = _slug(identity.positional(), kind, card, where)
    if type(card) is not str:
        raise SaveFileError(f"{where}: {card!r} is not a card")
    found = _lookup(identity.tables()).get(kind, {}).get(card)
    if found is None:
        raise SaveFileError(f"{where}: {card!r} is not a {kind} of this game")
    return found


def _convert_option(
    identity: CardIdentity, option: Sequence[Any], convert: Callable[[str, object, str], object]
) -> tuple[Any, ...]:
    """``option`` with ``convert(kind, item, where)`` applied to each of its card items."""
    items = identity.option_items.get(option[0]) if option else None
    if not items:
        return tuple(option)
    out = list(option)
    for index, kind in items:
        if index < len(out):
            out[index] = convert(kind, out[index], f"option {list(option)!r}")
    return tuple(out)


def _encode_option(
    identity: CardIdentity, tables: CardTables, option: Sequence[Any]
) -> tuple[Any, ...]:
    return _convert_option(identity, option, partial(_slug, tables))


def encode_option(game: str, option: Sequence[Any]) -> tuple[Any, ...]:
    """``option`` with each card id replaced by its slug (``("play", 12)`` ->
    ``("play", "heroic")``): the form stored with a table's decisions."""
    identity = identity_of(game)
    return _encode_option(identity, identity.tables(), option)


def decode_option(game: str, option: Sequence[Any]) -> Option:
    """The option that ``option`` as stored means in today's build: slugs become ids, and so
    do ints where a card belongs, read as positions in the frozen tables (format 1)."""
    identity = identity_of(game)
    return _convert_option(identity, option, partial(_id, identity))


def _map_field(value: Any, convert: Callable[[object], object]) -> Any:
    if isinstance(value, list):
        return [_map_field(item, convert) for item in value]
    return convert(value)


def _stable(data: Mapping[str, Any], tables: CardTables) -> dict[str, Any]:
    game = str(data["game"])
    identity = identity_of(game)
    fields = dict(data["state"])
    for name, kind in identity.fields.items():
        if name in fields:
            fields[name] = _map_field(fields[name], partial(_slug, tables, kind, where=name))
    log = [
        [entry[0], list(_encode_option(identity, tables, entry[1])), *entry[2:]]
        if _is_entry(entry)
        else entry
        for entry in data["log"]
    ]
    return {
        "format": STABLE_FORMAT,
        "game": game,
        "options": data["options"],
        "rng_counter": data["rng_counter"],
        "cards": {kind: list(slugs) for kind, slugs in sorted(tables.items())},
        "log": log,
        "state": fields,
    }


def stable_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """The in-memory form of a state (``GameState.to_dict()``) as it is kept on disk: card
    ids in options and card fields named by slug, and the card tables it was made with."""
    return _stable(data, identity_of(str(data["game"])).tables())


def migrated(data: Mapping[str, Any]) -> dict[str, Any]:
    """Positional data (format 1, written before slugs) in the stable form, its ids read as
    positions in the frozen tables: what it would have been, had it been written today."""
    if data.get("format") == STABLE_FORMAT:
        return dict(data)
    return _stable(data, identity_of(str(data["game"])).positional())


def same_cards_as_today(data: Mapping[str, Any]) -> bool:
    """Whether stable ``data`` was written with the card tables of today's build, so that
    ids inside its frames, events and per-card lists mean what they say."""
    today = {kind: list(slugs) for kind, slugs in identity_of(str(data["game"])).tables().items()}
    return data.get("cards") == today


def decode_log(game: str, log: Sequence[Any]) -> list[Any]:
    """A stored decision log (``[player, option, (time)]`` lists) with options as today's
    build knows them; a malformed entry is left as it is for the caller's own check."""
    out = []
    for number, entry in enumerate(log, 1):
        if _is_entry(entry):
            try:
                entry = [entry[0], list(decode_option(game, entry[1])), *entry[2:]]
            except SaveFileError as exc:
                raise SaveFileError(f"decision {number} of the log: {exc}") from None
        out.append(entry)
    return out


def _is_entry(entry: object) -> bool:
    """Whether ``entry`` is shaped as a log entry whose option can be read (the caller checks
    the rest: malformed entries pass through to be refused there, with their number)."""
    return (
        isinstance(entry, (list, tuple))
        and len(entry) >= 2
        and isinstance(entry[1], (list, tuple))
        and len(entry[1]) > 0
        and all(type(item) in (int, str) for item in entry[1])
    )


def decode_fields(game: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """A saved state's fields with the card fields' slugs (or frozen positions) as ids."""
    identity = identity_of(game)
    out = dict(fields)
    for name, kind in identity.fields.items():
        if name in out:
            out[name] = _map_field(out[name], partial(_id, identity, kind, where=name))
    return out


def positional_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """Stable (or positional) data in today's in-memory form, for ``GameState.from_dict``.

    Raises :class:`SaveFileError` when the data was made with other card tables: its frames
    and events would then name the wrong cards (replay it instead: ``load_verified``)."""
    stable = migrated(data)
    game = str(stable["game"])
    if not same_cards_as_today(stable):
        raise SaveFileError(
            f"this {game} state was made with another card set than this build's: "
            "load it through its seed and decision log (load_verified)"
        )
    out = {key: value for key, value in stable.items() if key not in ("format", "cards")}
    out["log"] = decode_log(game, stable["log"])
    out["state"] = decode_fields(game, stable["state"])
    return out


POSITIONAL_FILE = "cards-positional.json"
"""Where a game package keeps the card tables of the files written before slugs."""


def positional_tables(package: str) -> Callable[[], CardTables]:
    """A loader of ``package``'s frozen positional tables (:data:`POSITIONAL_FILE`), read
    once: the ids that files written before slugs (format 1) mean."""

    @cache
    def load() -> CardTables:
        raw = json.loads(files(package).joinpath(POSITIONAL_FILE).read_text("utf-8"))
        return {kind: tuple(slugs) for kind, slugs in raw.items()}

    return load
