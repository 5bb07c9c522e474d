"""The score sheet: a board as plain data in, the scored report out.

One entry point for every score calculator: ``doomtable score`` (files, flags and prompts),
the score page's ``POST /api/score`` and the same page scoring in the browser through
Pyodide. A board is the mapping of docs/score.md (``catastrophe`` and ``players``, each
player's fields by key); :func:`tally.board_from_entries` rebuilds it as a finished engine
game and :func:`scoring.breakdown` scores it, as it scores a played game.

Pure Python with no third-party import: the browser runs this module as it is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, NamedTuple, cast

from doomtable.games.doomlings import card_list, scoring, tally
from doomtable.games.doomlings.cards import Bonus, MoreMeanings, Persistent
from doomtable.games.doomlings.data import (
    AGES,
    MEANING_OF_LIFE,
    MEANING_SET,
    MEANINGS,
    SET_NAMES,
    SET_TITLES,
    TRAIT_OF,
    TRINKET_SET,
    TRINKETS,
)
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.sets.special_edition import WITHOUT_TEXT
from doomtable.games.doomlings.state import CARD, MAX_GENE_POOL, MIN_GENE_POOL, N_CARDS
from doomtable.games.doomlings.tally import Need, PlayerEntry, Table, TallyError

KEYS: dict[str, str] = {
    "name": "name",
    "traits": "traits",
    "pile": "traits",
    "hand": "hand",
    "hand_size": "hand_size",
    "gp": "gene_pool",
    "gene_pool": "gene_pool",
    "deus": "deus",
    "after_faith": "after_faith",
    "tie_draw": "tie_draw",
    "draw": "tie_draw",
    "choices": "choices",
    "attached": "attached",
    "attachments": "attached",
    "face_down": "face_down",
    "suppressed": "face_down",
    "under": "under",
    "meaning": "meanings",
    "meanings": "meanings",
    "meaning_draw": "meaning_draw",
    "pocketed": "pocketed",
    "trinkets": "pocketed",
    "catastrophe_points": "catastrophe_points",
}
"""Accepted keys (``-`` or ``_``, any case) and the entry field each one sets. Any other key
that names a card (``sentience``, ``free_will``) answers that card's World's End question."""

QUESTION_KEYS: dict[str, str] = {
    "discarded": tally.WORLDS_END,
    "discard": tally.WORLDS_END,
    "worlds_end": tally.WORLDS_END,
}
"""Keys that answer a question not named by a card: the final catastrophe's discard."""

BOARD_KEYS = ("catastrophe", "players", "sets", "edition", "discard", "top_card")

_COUNT = re.compile(
    r"^(?:(\d+)\s*[x×*]\s+)?(.*?)(?:\s*[x×*]\s*(\d+))?$", re.IGNORECASE | re.DOTALL
)  # a name with a line break in it is refused by name, not by this pattern
_ARROW = re.compile(r"\s*(?:->|→|>|\bto\b)\s*", re.IGNORECASE)
YES = {"yes", "y", "true", "1", "on"}
NO = {"no", "n", "false", "0", "off", ""}
MAX_COPIES = 20


# --------------------------------------------------------------------------- fields


def expand(items: str | Sequence[object], where: str) -> tuple[str, ...]:
    """Card names from a list or a comma-separated line; ``Kidney x3`` and ``3x Kidney`` count.

    >>> expand("Bark, Kidney x3, 2x Swarm", "pile")
    ('Bark', 'Kidney', 'Kidney', 'Kidney', 'Swarm', 'Swarm')
    """
    raw = items.split(",") if isinstance(items, str) else [str(i) for i in items]
    names: list[str] = []
    for item in raw:
        item = item.strip()
        if not item:
            continue
        match = _COUNT.match(item)
        assert match is not None  # every string matches
        before, name, after = match.groups()
        n = int(before or after or 1)
        if not 1 <= n <= MAX_COPIES:
            raise TallyError(f"{where}: {item!r} asks for {n} copies")
        if any(c.isdigit() for c in name):  # no card name has a digit: a count went wrong
            raise TallyError(
                f"{where}: {item!r}: a count is a whole number from 1 to {MAX_COPIES}, "
                "as in 'Kidney x3'"
            )
        names.extend([name.strip()] * n)
    return tuple(names)


_ON = re.compile(r"\s+on\s+|\s*(?:->|→|>)\s*", re.IGNORECASE)


def parse_attached(value: object, what: str) -> tuple[tuple[str, str], ...]:
    """Attachments and their hosts: ``GMO on Bark, Nano on Bob: Kidney`` (or ``GMO > Bark``),
    a list of such lines or of [attachment, host] pairs, or a mapping from one to the other.

    >>> parse_attached("GMO on Bark, Lyonization > Bob: Kidney", "attached")
    (('GMO', 'Bark'), ('Lyonization', 'Bob: Kidney'))
    """
    if isinstance(value, dict):
        items: list[object] = [[k, v] for k, v in value.items()]
    elif isinstance(value, list):
        items = list(value)
    else:
        # A comma inside brackets is part of a design's name: Swarm (Classic, green).
        items = [part for part in re.split(r",(?![^()]*\))", str(value)) if part.strip()]
    pairs = []
    for item in items:
        parts = [str(p).strip() for p in item] if isinstance(item, list) else _ON.split(str(item))
        parts = [p.strip() for p in parts if p.strip()]
        if len(parts) != 2:
            raise TallyError(f"{what}: {item!r} is not 'attachment on host' (e.g. GMO on Bark)")
        pairs.append((parts[0], parts[1]))
    return tuple(pairs)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise TallyError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    raise TallyError(f"{what} must be a whole number, not {text!r}")


def _flag(value: object, what: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().casefold()
    if text in YES | NO:
        return text in YES
    raise TallyError(f"{what} must be yes or no, not {value!r}")


def parse_faith(value: object, what: str) -> tuple[str, str]:
    """Faith's recolour as (from, to): ``red>blue``, ``red -> blue``, ``red to blue`` or a
    list of two colours."""
    parts = [str(v) for v in value] if isinstance(value, list) else _ARROW.split(str(value))
    parts = [p.strip() for p in parts if p.strip()]
    if len(parts) != 2:
        raise TallyError(f"{what} takes two colours, from>to (e.g. red>blue), not {value!r}")
    for part in parts:
        tally.color_bit(part)
    return parts[0], parts[1]


def _color(value: object, what: str) -> str:
    text = str(value).strip()
    if text.casefold() == tally.NO_COLOR:
        return tally.NO_COLOR
    try:
        tally.color_bit(text)
    except TallyError as exc:
        raise TallyError(f"{what}: {exc}") from None
    return text


def entry_from_fields(name: str, fields: Mapping[str, object], where: str) -> PlayerEntry:
    """One player's entry from ``key: value`` fields (a file's mapping or a flag's pairs)."""
    values: dict[str, Any] = {"name": name}
    choices: dict[str, str] = {}
    for raw_key, value in fields.items():
        key = KEYS.get(str(raw_key).strip().casefold().replace("-", "_"))
        what = f"{where}: {raw_key}"
        if key is None:
            question = _question(str(raw_key))
            if question is None:
                known = ", ".join(sorted({k for k in KEYS if k != "name"} | set(QUESTION_KEYS)))
                raise TallyError(
                    f"{where}: unknown key {raw_key!r}; known: {known}, or a card's name "
                    "for its World's End choice"
                )
            if question == tally.WORLDS_END and isinstance(value, list):  # --- newer ---
                value = ", ".join(str(v).strip() for v in value)  # several discards
            choices[question] = _answer(value, what)
        elif key == "name":
            values["name"] = str(value).strip()
        elif key == "traits":
            values["traits"] = expand(value if isinstance(value, list) else str(value), where)
        elif key == "hand":
            if isinstance(value, int) or re.fullmatch(r"\s*\d+\s*", str(value)):
                values["hand_size"] = _whole(value, what)
            else:
                values["hand"] = expand(value if isinstance(value, list) else str(value), where)
        elif key in (
            "hand_size",
            "gene_pool",
            "deus",
            "tie_draw",
            "face_down",
            "meaning_draw",
            "catastrophe_points",
        ):
            values[key] = _whole(value, what)
        elif key == "attached":
            values[key] = parse_attached(value, what)
        elif key in ("after_faith", "under", "meanings", "pocketed"):
            values[key] = expand(value if isinstance(value, list) else str(value), where)
        else:  # choices: {question: answer}, as the page keeps them
            if not isinstance(value, dict):
                raise TallyError(f"{what} must be a mapping from a question to its answer")
            for question, answer in value.items():
                choices[str(question).strip()] = _answer(answer, what)
    if not values["name"]:
        raise TallyError(f"{where}: a player needs a name")
    return PlayerEntry(**values, choices=tuple(choices.items()))


_COPY_KEY = re.compile(r"(.+?)\s*\(\s*as\s+(.+?)\s*\)", re.IGNORECASE)


def _question(key: str) -> str | None:
    """The question a field answers: the final catastrophe's discard, or a card's name."""
    plain = key.strip().casefold().replace("-", "_").replace(" ", "_")
    if plain in QUESTION_KEYS:
        return QUESTION_KEYS[plain]
    copy = _COPY_KEY.fullmatch(key.strip())
    if copy:  # Opposable Thumbs (as Sentience): the copy's own World's End question
        thumbs, copied = _question(copy[1]), _question(copy[2])
        return f"{thumbs} (as {copied})" if thumbs == tally.THUMBS and copied else None
    wanted = tally.match_key(key)
    return next((n for n in tally.TRAIT_NAMES if tally.match_key(n) == wanted), None)


def _answer(value: object, what: str) -> str:
    """An answer as text: ``yes``/``no`` for a flag, ``A to B`` for a pair (Faith's
    ``[red, blue]``); it is matched against the question's options when the board is scored."""
    if isinstance(value, bool):
        return tally.YES if value else tally.NO
    if isinstance(value, list):
        return " to ".join(str(v).strip() for v in value)
    text = str(value).strip()
    if not text:
        raise TallyError(f"{what}: empty answer")
    return text


class Board(NamedTuple):
    """A board as entered: the players, the 3rd catastrophe (``None`` until chosen) and what
    the table played with (card sets, edition)."""

    entries: list[PlayerEntry]
    catastrophe: str | None
    table: Table


def entries_from_board(data: object, where: str, short: str | None = None) -> Board:
    """Players, catastrophe, sets and edition from a board mapping (a parsed file, or the
    page's sheet); ``where`` starts each error, ``short`` (default ``where``) each player's."""
    short = where if short is None else short
    if not isinstance(data, dict):
        raise TallyError(f"{where}: expected a mapping with catastrophe and players")
    extra = set(data) - set(BOARD_KEYS)
    if extra:
        raise TallyError(
            f"{where}: unknown key(s) {', '.join(sorted(map(str, extra)))}; "
            f"known: {', '.join(BOARD_KEYS)}"
        )
    players = data.get("players")
    if isinstance(players, dict):
        if not all(v is None or isinstance(v, dict) for v in players.values()):
            raise TallyError(f"{where}: each player's fields must be a mapping (traits, ...)")
        players = [{"name": k, **(v or {})} for k, v in players.items()]
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise TallyError(f"{where}: players must be a list of mappings (name, traits, ...)")
    entries = []
    for i, fields in enumerate(players, 1):
        name = str(fields.get("name") or f"Player {i}")
        rest = {k: v for k, v in fields.items() if k != "name"}
        entries.append(entry_from_fields(name, rest, f"{short}: players[{i}] {name}"))
    catastrophe = data.get("catastrophe")
    table = table_of(data.get("sets"), data.get("edition"), where)
    discard = data.get("discard")
    if discard is not None:
        table = with_discard(table, discard, f"{where}: discard")
    top_card = data.get("top_card")
    if top_card is not None:
        if not isinstance(top_card, str) or not top_card.strip():
            raise TallyError(f"{where}: top_card is one card's name (or none for an empty deck)")
        table = replace(table, top_card=top_card.strip())
    return Board(entries, None if catastrophe is None else str(catastrophe), table)


_COUNT_KEY: Final = {key: need for need, key in tally.DISCARD_COUNT_KEYS.items()}
_COUNT_PAIR = re.compile(r"\s*([a-z_ -]+?)\s*[=:]\s*(\S+)\s*", re.IGNORECASE)


def with_discard(table: Table, value: object, where: str) -> Table:
    """``table`` with the discard pile a board gives: its traits (a list, or one
    comma-separated line) or the counts the piles read (a mapping, or a line of
    ``key=number``: ``dominants=2, negative=1``).

    >>> counts = with_discard(tally.CLASSIC, "dominants=2, dinolings: 1", "discard")
    >>> [(need.name, n) for need, n in counts.discard_counts]
    [('DISCARD_DOMINANTS', 2), ('DISCARD_DINOLINGS', 1)]
    """
    pairs: list[tuple[object, object]] = []
    if isinstance(value, str) and any(c in value for c in "=:"):
        for item in (part for part in value.split(",") if part.strip()):
            match = _COUNT_PAIR.fullmatch(item)
            if match is None:
                raise TallyError(f"{where}: {item.strip()!r} is not a count, as in dominants=2")
            pairs.append((match[1], match[2]))
    elif isinstance(value, dict):
        pairs = list(value.items())
    if isinstance(value, list) and not value:  # an empty pile: none of anything
        pairs = [(key, 0) for key in tally.DISCARD_COUNT_KEYS.values()]
    if pairs or isinstance(value, dict):
        counts = []
        for key, n in pairs:
            plain = str(key).strip().casefold().replace("-", "_").replace(" ", "_")
            spellings = (plain, plain.removesuffix("s"), f"{plain}s")  # dominant(s)
            need = next((_COUNT_KEY[k] for k in spellings if k in _COUNT_KEY), None)
            if need is None:
                raise TallyError(
                    f"{where}: unknown count {key!r}; the counts are "
                    f"{', '.join(tally.DISCARD_COUNT_KEYS.values())}"
                )
            counts.append((need, _whole(n, f"{where}: {key}")))
        try:
            return replace(table, discard=(), discard_counts=tuple(counts))
        except TallyError as exc:
            raise TallyError(f"{where}: {exc}") from None
    if not isinstance(value, (str, list)):
        raise TallyError(
            f"{where}: the discard pile is a list of card names (or one comma-separated line), "
            "or its counts (dominants, negative, dinolings: numbers)"
        )
    return replace(table, discard=expand(value, where), discard_counts=())


def unasked_discard_count(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table
) -> str | None:
    """What a board leaves out of the discard pile that a pile's card counts, and the key
    that gives it, in words; None when nothing is left out (its traits are given, or every
    count the cards read). The page says instead that a blank count scores as 0.

    >>> ann = PlayerEntry("Ann", ("Serrated Teeth",))
    >>> missing = unasked_discard_count([ann], "Ice Age", Table(sets=("base", "dinolings")))
    >>> missing.partition(": give ")  # doctest: +NORMALIZE_WHITESPACE
    ("Ann's Serrated Teeth counts the dominant traits in the discard pile", ': give ',
     'dominants=N (0 for none)')
    >>> dinolings = with_discard(Table(sets=("base", "dinolings")), "dominants=0", "discard")
    >>> unasked_discard_count([ann], "Ice Age", dinolings) is None
    True
    """
    if table.discard:
        return None
    given = {need for need, _ in table.discard_counts}
    doom = tally.catastrophe_index(catastrophe, table.sets)
    read = tally.discard_counts_read(tally.in_sets(entries, table.sets), doom)
    for need, reader in read.items():
        if need not in given:
            key = tally.DISCARD_COUNT_KEYS[need]
            return f"{reader} counts {need.value}: give {key}=N (0 for none)"
    return None


def table_of(sets: object, edition: object, where: str = "board") -> Table:
    """The sets (a list, or comma-separated names; the base set when none) and the edition
    (``classic`` when none) a board names."""
    if sets is not None and not isinstance(sets, (str, list)):
        raise TallyError(f"{where}: sets is a list of set names, or one comma-separated line")
    try:
        chosen = tally.card_sets(None if sets is None else cast(str | list[str], sets))
        return Table(chosen, "classic" if edition is None else str(edition).strip().casefold())
    except TallyError as exc:
        raise TallyError(f"{where}: {exc}") from None


# --------------------------------------------------------------------------- the report


def _owner(state: DoomlingsState, card: str, entries: Sequence[PlayerEntry]) -> str:
    for p, pile in enumerate(state.piles):
        if any(CARD[c].name == card for c in pile):
            return entries[p].name
    return "?"


def _label(card: int) -> str:
    return tally.TRAIT_NAMES[TRAIT_OF[card]]


def _discarded(entry: PlayerEntry, pile: Sequence[int]) -> str | None:
    """The traits the World's End discard took from the entered pile (Planned Obsolescence
    takes 2), if any."""
    gone = Counter(entry.traits) - Counter(_label(c) for c in pile)
    return ", ".join(gone.elements()) or None


def _readings(state: DoomlingsState, p: int) -> list[str]:
    """The rulings (docs/rulings.md) this player's score applied where the cards can be read
    two ways: AI Takeover's colourless traits are worth 2 and count as 2 for other cards;
    Sparkles adds the hand to every count of its owner's pile; face-down cards are traits
    worth nothing."""
    found = []
    quiet = [_label(c) for c in state.piles[p] if scoring.silenced(state.final_doom, CARD[c])]
    if quiet:
        doom = AGES[state.final_doom].name
        found.append(
            f"{doom}: {', '.join(quiet)} counted as worth 2 (also for other cards' counts), "
            "without {} effects".format("its" if len(quiet) == 1 else "their")
        )
    pile = state.piles[p]
    sparkles = [c for c in pile if CARD[c].persistent is Persistent.HAND_COUNTS_FOR_BONUSES]
    bonuses = [c for c in pile if isinstance(CARD[c].bonus, Bonus)]
    if sparkles and bonuses and state.hands[p]:
        found.append(
            f"Sparkles: the hand's {len(state.hands[p])} cards counted with the pile by every "
            "bonus that counts the pile's own traits"
        )
    if state.suppressed[p]:
        n = len(state.suppressed[p])
        what = (
            "1 face-down card counted as a trait"
            if n == 1
            else f"{n} face-down cards counted as traits"
        )
        found.append(f"{what} of the pile (for counts of traits), worth nothing")
    return found


def _worlds_end_points(
    state: DoomlingsState, p: int, asked: Sequence[tally.Question], points: int
) -> list[dict[str, object]]:
    """Where a player's World's End points came from: the cards that score what they moved
    (Lily Pad's traits taken back), then the final catastrophe (Deus Ex Machina's draw,
    Invasive Species' scored hand card)."""
    moved = [
        (q.key, int(q.answer))
        for q in asked
        if q.player == p and q.key in tally.SCORED_MOVES and q.answer not in (None, "0")
    ]
    rest = points - sum(n for _, n in moved)
    if rest:
        moved.append((AGES[state.final_doom].name, rest))
    return [{"source": source, "points": n} for source, n in moved]


def report(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table = tally.CLASSIC
) -> dict[str, Any]:
    """The scored board as JSON-ready data, from the engine's own scoring."""
    return _scored(entries, catastrophe, table)[0]


def _scored(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table
) -> tuple[dict[str, Any], DoomlingsState]:
    entries = tally.in_sets(entries, table.sets)
    state, asked = tally.finished_board(entries, catastrophe, table)
    players = []
    for p, entry in enumerate(entries):
        result = scoring.breakdown(state, p)
        steps = result.as_dict()
        for item in cast(list[dict[str, Any]], steps["opponents"]):
            item["owner"] = _owner(state, item["card"], entries)
        players.append(
            {
                "name": entry.name,
                "traits": [_label(c) for c in state.piles[p]],
                "hand": list(entry.hand),
                "hand_size": len(state.hands[p]),
                "gene_pool": state.gene_pool[p],
                "discarded": _discarded(entry, state.piles[p]),
                "tie_draw": entry.tie_draw,
                "meanings": [MEANINGS[m].name for m in state.meanings[p]],
                "pocketed": [TRINKETS[t].name for t in state.pocketed[p]],
                "choices": {q.key: q.answer for q in asked if q.player == p},
                "readings": _readings(state, p),
                "worlds_end_points": _worlds_end_points(state, p, asked, result.worlds_end),
                "score": result.total,
                "breakdown": steps,
            }
        )
    data = {
        "catastrophe": AGES[tally.catastrophe_index(catastrophe, table.sets)].name,
        "worlds_end": AGES[state.final_doom].name,
        "sets": list(table.sets),
        "edition": table.edition,
        "players": players,
        "winners": [entries[p].name for p in state.winners()],
    }
    return data, state


def score_board(data: object, where: str = "board") -> dict[str, Any]:
    """The report of a board mapping, exactly as ``doomtable score --json`` prints it."""
    entries, catastrophe, table = entries_from_board(data, where)
    if catastrophe is None:
        raise TallyError(f"{where}: no catastrophe")
    return report(entries, catastrophe, table)


# --------------------------------------------------------------------------- the page


def _known(names: Sequence[str], table: Table) -> list[str]:
    """The names that match a trait of the sets in play (the others are reported by the
    scoring itself)."""
    found = []
    for name in names:
        try:
            found.append(tally.TRAIT_NAMES[tally.trait_index(name, table.sets)])
        except TallyError:
            continue
    return found


def _third(catastrophe: str | None, table: Table) -> int:
    """The 3rd catastrophe's index, or -1 while it is not known yet."""
    try:
        return tally.catastrophe_index(catastrophe, table.sets) if catastrophe else -1
    except TallyError:
        return -1


def sheet(data: object) -> dict[str, Any]:
    """What the score page shows for a board: the report (or the one line that says what is
    wrong), per player the facts the cards need entered (``needs``: :class:`Need` names) and
    the World's End questions the cards ask (``questions``: :meth:`Question.as_dict`, each
    with its options and the answer taken), and each scored trait's face value as scoring
    counts it (``faces``, in pile order)."""
    try:
        entries, catastrophe, table = entries_from_board(data, "board")
    except TallyError as exc:
        return {"report": None, "error": _one_line(exc), "needs": [], "questions": [], "faces": []}
    third = _third(catastrophe, table)
    needs = [tally.needs(_known(e.traits, table), third, e.meanings) for e in entries]
    asked: list[list[dict[str, object]]] = [[] for _ in entries]
    try:
        named = tally.in_sets(entries, table.sets)
        state, found = tally.questions_board(named, catastrophe or "", table)
    except TallyError:
        pass  # the scoring below names what is wrong
    else:
        for question in found:
            asked[question.player].append(question.as_dict())
        for p, entry in enumerate(named):  # Prepper's pick and Denial decide the rest
            needs[p] = tally.needs(entry.traits, state.final_doom, entry.meanings)
            if state.ignoring & (1 << p) or scoring.doom_turned_away(state) >= 0:
                # Denial, Omnibenevolent: the catastrophe's text needs nothing
                needs[p] -= tally.needs([], state.final_doom)
            elif table.edition == "blackbox" and (
                AGES[state.final_doom].doom in tally.COUNTED_AT_ITS_TURN
            ):  # the traits act after it: what it counted then may differ from the board
                needs[p].add(Need.CATASTROPHE_POINTS)
    result: dict[str, Any] = {
        "report": None,
        "error": None,
        "needs": [sorted(n.name for n in wanted) for wanted in needs],
        "questions": asked,
        "faces": [],
    }
    try:
        if catastrophe is None:
            raise TallyError("choose the catastrophe that ended the world")
        result["report"], state = _scored(entries, catastrophe, table)
        result["faces"] = [
            [{"card": _label(c), "points": scoring.scored_face(state, c)} for c in pile]
            for pile in state.piles
        ]
    except TallyError as exc:
        result["error"] = _one_line(exc)
    return result


def _one_line(exc: TallyError) -> str:
    """The message on one line, whatever a typed name holds (a page shows it in one line)."""
    return " ".join(str(exc).split())


def catalog() -> dict[str, Any]:
    """Everything the page offers, from the game's own card list (so a card added to the
    game appears on the page by itself): traits (each with the ``label`` that names its design
    apart from a same-named one of another set), catastrophes, the card sets and editions,
    colours and value ranges, the Meaning of Life cards and the trinkets. ``counts_under``
    marks a trait that counts the face-down cards under it (Untold), for which the page asks
    how many lie there; ``draws_more`` a Meaning of Life card that draws more of them (The
    Blind Dragon), for which it offers more pickers."""
    cards = card_list()
    traits = [c for c in cards if c["kind"] in ("trait", "dominant trait")]
    return {
        "traits": [
            {**c, "label": label, "counts_under": tally.counts_under(i)}
            for i, (c, label) in enumerate(zip(traits, tally.TRAIT_NAMES, strict=True))
        ],
        "sets": [{"name": name, "title": SET_TITLES[name]} for name in SET_NAMES],
        "editions": list(tally.EDITIONS),
        "catastrophes": [c for c in cards if c["kind"] == "catastrophe"],
        "colors": [*tally.COLOR_WORDS, tally.NO_COLOR],
        "needs": {n.name: n.value for n in Need},
        # The discard pile's counts: per need, its key in a board and its field's label.
        "discard_counts": {
            n.name: {"key": key, "label": tally.count_label(n)}
            for n, key in tally.DISCARD_COUNT_KEYS.items()
        },
        "discard_max": N_CARDS,
        "no_color": tally.NO_COLOR,
        "gene_pool": [MIN_GENE_POOL, MAX_GENE_POOL, tally.DEFAULT_GENE_POOL],
        "deus": [tally.DEUS_RANGE.start, tally.DEUS_RANGE.stop - 1],
        "tie_draw": [tally.TIE_DRAW_RANGE.start, tally.TIE_DRAW_RANGE.stop - 1],
        "players": [tally.MIN_PLAYERS, tally.MAX_PLAYERS],
        # Meaning of Life cards (dealt only with the meaning_of_life set), each with how
        # many more The Blind Dragon's kind draws; trinkets, each with its pocketed value.
        "meaning_set": MEANING_OF_LIFE,
        "meanings": [
            {
                "name": m.name,
                "set": MEANING_SET[i],
                "text": m.text(),
                "draws_more": m.goal.draws if isinstance(m.goal, MoreMeanings) else 0,
            }
            for i, m in enumerate(MEANINGS)
        ],
        "trinkets": [
            {"name": t.name, "set": TRINKET_SET[i], "value": t.value, "text": t.text()}
            for i, t in enumerate(TRINKETS)
        ],
        # Real cards the calculator cannot take: the page says so when one is typed.
        "without_text": list(WITHOUT_TEXT),
    }


__all__ = [
    "KEYS",
    "Board",
    "catalog",
    "entries_from_board",
    "entry_from_fields",
    "expand",
    "parse_faith",
    "report",
    "score_board",
    "sheet",
    "table_of",
]
