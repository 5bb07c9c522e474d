"""The score calculator's board: a finished game rebuilt from what players read off their cards.

:func:`board_from_entries` turns one :class:`PlayerEntry` per player (trait pile, hand, Gene
Pool and the World's End choices their cards asked for) plus the 3rd catastrophe into a
:class:`DoomlingsState` that is over, so :func:`scoring.breakdown` scores it exactly as it scores
a game played in the engine.

Hand slots whose cards were not named are filled with cards nobody entered (effectless ones
first), so every card id still sits in exactly one zone. They count only toward the hand's size:
a player whose pile counts what the hand holds (Boredom, Brave, Saudade) must name the hand.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import partial
from typing import Final

from doomtable.engine import (
    PASS,
    Decision,
    DoomtableError,
    Frame,
    Option,
    close_names,
)
from doomtable.games.doomlings.blackbox import DoomlingsBlackboxState
from doomtable.games.doomlings.cards import (
    COLOR_BY_NAME,
    COLORS,
    Bonus,
    Count,
    Doom,
    DrawForPoints,
    MoreMeanings,
    Persistent,
    PlayWhen,
    SuppressedUnderBonus,
    WorldsEnd,
    color_words,
)
from doomtable.games.doomlings.data import (
    AGE_SET,
    AGES,
    BASE,
    BIRTH_OF_LIFE,
    FOUR_HORSEMEN,
    MEANING_OF_LIFE,
    MEANING_SET,
    MEANINGS,
    SET_NAMES,
    SET_TITLES,
    TRAIT_OF,
    TRAIT_SET,
    TRAITS,
    TRINKETS,
    meanings_of_sets,
    parse_sets,
    trinkets_of_sets,
)
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.rules import (
    ALL_BUT_PREPPER,
    ALL_TRAITS,
    AWESOME_MOST,
    ISOLATED_HAND,
    ON_DISCARD,
    PREPPER_ONLY,
)
from doomtable.games.doomlings.scoring import (
    HAND_CONTENT_COUNTS,
    counted_in_discard,
    doom_turned_away,
    final_scores,
    silenced,
)
from doomtable.games.doomlings.sets.dinolings import DINOLINGS
from doomtable.games.doomlings.sets.special_edition import WITHOUT_TEXT
from doomtable.games.doomlings.state import CARD, MAX_GENE_POOL, MIN_GENE_POOL, N_CARDS, bit

MIN_PLAYERS, MAX_PLAYERS = 1, 8  # as the game itself (the Classic FAQ allows more than 6)
"""One player: a solo Genetic Mishap board (the Lab's cards are simply not entered)."""
DEFAULT_GENE_POOL = 5
DEUS_RANGE = range(min(t.face or 0 for t in TRAITS), 6)
"""Deus Ex Machina adds the drawn card's face value, at most 5; the lowest is the lowest face
value of any set (-3 with the expansions)."""
TIE_DRAW_RANGE = range(min(t.face or 0 for t in TRAITS), max(t.face or 0 for t in TRAITS) + 1)
"""The face value a tied player can draw in the ``draw`` tie-break (a variable one counts 0)."""

CATASTROPHES: tuple[str, ...] = tuple(a.name for a in AGES if a.catastrophe)
_NAME_COUNT: Final = Counter(t.name for t in TRAITS)


def design_label(index: int) -> str:
    """How the calculator names trait ``index``: its name, or, where sets print several
    designs under one name, the name with its set and colour (``Kidney (Overlush, green)``)."""
    trait = TRAITS[index]
    if _NAME_COUNT[trait.name] == 1:
        return trait.name
    return f"{trait.name} ({SET_TITLES[TRAIT_SET[index]]}, {color_words(trait.colors)})"


_PRINTED_NAMES: Final = frozenset(_NAME_COUNT)
TRAIT_NAMES: tuple[str, ...] = tuple(design_label(i) for i in range(len(TRAITS)))
"""Every trait design of every set, by :func:`design_label` (each names one design)."""
COLOR_WORDS: tuple[str, ...] = tuple(COLOR_BY_NAME)
CARD_WORLDS_END: Final = tuple(t.worlds_end for t in TRAITS)
NO_COLOR = "none"
"""For Sentience or Viral: no colour was named (the card came into the pile too late)."""


class TallyError(DoomtableError, ValueError):
    """An entered board that no game of Doomlings could end with; ``suggestions`` are names
    the player may have meant."""

    def __init__(self, message: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.suggestions = list(suggestions)


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """What one player reads off the table when the world has ended.

    Names are matched forgivingly (see :func:`match_name`). ``hand_size`` defaults to the number
    of ``hand`` names; ``gene_pool`` to 5; ``deus`` is the value Deus Ex Machina added.

    ``choices`` answers the World's End questions the cards ask (see :class:`Question`): pairs
    of (question, answer), the question named by the card that asks it (``Sentience``,
    ``Free Will``) or ``World's End`` for the final catastrophe's own discard, the answer one
    of the question's options, matched forgivingly (``red`` for ``color red``).

    ``traits`` is the pile before the catastrophe's own World's End discard (Pulse Event and
    the like): the calculator applies it. ``after_faith`` names traits that came into the pile
    after a recolour (they keep their colours); ``tie_draw`` is the face value drawn in the
    ``draw`` tie-break.

    ``attached`` pairs each Techlings attachment of the pile with its host: a trait of this
    pile, or of another player's as ``Bob: Kidney``. ``face_down`` counts the pile's Deeplings
    face-down (suppressed) cards: traits worth nothing; ``under`` names the pile's trait each
    one lies under, where a card counts them (Stygian), once per card.

    ``meanings`` names the player's Meaning of Life cards (the one kept, and those The Blind
    Dragon drew); ``meaning_draw`` is what The Silent Elder's draw scored. ``pocketed`` names
    the trinkets the player pocketed (World's End Insurance's too).

    ``catastrophe_points`` is what the final catastrophe's World's End text added when it
    counted the table at its turn (Too Much Pink, Isolation): needed only where the pile or
    hand changed after it (the Blackbox edition's World's End traits act after it).
    """

    name: str
    traits: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    hand_size: int | None = None
    gene_pool: int | None = None
    deus: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    after_faith: tuple[str, ...] = ()
    tie_draw: int | None = None
    attached: tuple[tuple[str, str], ...] = ()
    face_down: int | None = None
    under: tuple[str, ...] = ()
    meanings: tuple[str, ...] = ()
    meaning_draw: int | None = None
    pocketed: tuple[str, ...] = ()
    catastrophe_points: int | None = None

    def answer(self, question: str) -> str | None:
        """The answer given to ``question`` (matched in any case and spacing), if any."""
        key = match_key(question)
        return next((a for q, a in self.choices if match_key(q) == key), None)

    def answering(self, question: str, answer: str | None) -> PlayerEntry:
        """This entry with ``question`` answered ``answer`` (``None``: unanswered)."""
        key = match_key(question)
        kept = tuple((q, a) for q, a in self.choices if match_key(q) != key)
        return replace(self, choices=kept if answer is None else (*kept, (question, answer)))


@dataclass(frozen=True, slots=True)
class Question:
    """A World's End decision the engine asked a player while scoring the board.

    ``key`` names it in :attr:`PlayerEntry.choices` (the card that asks, or ``World's End``),
    ``options`` are the engine's option labels as the player reads them, ``answer`` the one
    taken (``None`` while a required question is unanswered) and ``optional`` says a default
    was taken when none was given (Faith's "pass", Prepper's 3rd catastrophe, Denial's "no").
    """

    player: int
    key: str
    prompt: str
    options: tuple[str, ...]
    answer: str | None
    optional: bool

    @property
    def short(self) -> list[str]:
        """The options as buttons name them (see :func:`short_labels`)."""
        return short_labels(self.options)

    def as_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "key": self.key,
            "prompt": self.prompt,
            "options": list(self.options),
            "short": self.short,
            "answer": self.answer,
            "optional": self.optional,
        }


_LINKING_WORDS: Final = frozenset({"on", "to", "from", "of", "a", "the", "into"})


def short_labels(labels: Sequence[str]) -> list[str]:
    """Labels without the words they all share at their end and without their shared verb
    (with the small words after it): ``discard Adorable from Ann's pile`` and ``discard
    Nocturnal from Ann's pile`` are ``Adorable`` and ``Nocturnal``, ``end on Ice Age`` is
    ``Ice Age``, ``recolor red to blue`` stays ``red to blue``. A one-word answer (``none``,
    ``pass``) is left out of the comparison. Each still answers its
    question (:func:`match_option` takes the end or the start of a label)."""
    split = [label.split() for label in labels]
    long = [words for words in split if len(words) > 1]
    if len(long) < 2:
        return list(labels)
    head = 0
    while all(len(w) > head + 1 and w[head] == long[0][head] for w in long) and (
        head == 0 or long[0][head] in _LINKING_WORDS
    ):
        head += 1
    tail = 0
    while all(len(w) > head + tail + 1 and w[-tail - 1] == long[0][-tail - 1] for w in long):
        tail += 1
    return [
        " ".join(words[head : len(words) - tail]) if len(words) > 1 else words[0] for words in split
    ]


EDITIONS: dict[str, type[DoomlingsState]] = {
    "classic": DoomlingsState,
    "blackbox": DoomlingsBlackboxState,
}
"""The rules a board is scored by: the edition's own World's End order and tie-break."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the whole table played with: the card sets and the edition; and the shared
    discard pile where a pile's card counts it (Dinolings' Serrated Teeth), as it lies when
    the world ends, without the traits the catastrophe's World's End text discards (the
    calculator discards those itself, as it does from the piles): either its traits
    (``discard``) or only the counts the piles' cards read (``discard_counts``: how many
    dominant traits, traits with a negative face value, Dinolings traits). ``top_card`` is
    the trait deck's top card that Too Much Pink's World's End shows (``none``: the deck was
    empty)."""

    sets: tuple[str, ...] = (BASE,)
    edition: str = "classic"
    discard: tuple[str, ...] = ()
    top_card: str | None = None
    discard_counts: tuple[tuple[Need, int], ...] = ()

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise TallyError(
                f"unknown edition {self.edition!r}: the editions are {', '.join(EDITIONS)}"
            )
        if self.discard and self.discard_counts:
            raise TallyError(
                "the discard pile is given both as traits and as counts: give one of them"
            )
        needs = [need for need, _ in self.discard_counts]
        for need, n in self.discard_counts:
            if need not in DISCARD_NEEDS:
                raise TallyError(f"{need.value} is not a count of the discard pile")
            if not 0 <= n <= N_CARDS:
                raise TallyError(f"{count_words(need)}: a count from 0 to {N_CARDS}, not {n}")
            if needs.count(need) > 1:
                raise TallyError(f"{count_words(need)} are counted twice")


CLASSIC = Table()


WORLDS_END = "World's End"
"""The question the final catastrophe's own World's End discard asks (``discarded=``)."""
YES, NO = "yes", "no"


class Need(Enum):
    """A fact about the table (not a decision) that a player's pile makes the calculator ask."""

    HAND_SIZE = "hand size"
    HAND_CARDS = "the names of the hand's cards"
    GENE_POOL = "Gene Pool"
    DEUS = "the value Deus Ex Machina added"
    DISCARD_DOMINANTS = "the dominant traits in the discard pile"
    DISCARD_NEGATIVE = "the traits with a negative face value in the discard pile"
    DISCARD_DINOLINGS = "the Dinolings traits in the discard pile"
    UNDER = "the face-down cards under a trait"
    TOP_CARD = "the top card of the trait deck"
    CATASTROPHE_POINTS = "the points the catastrophe counted as it acted (optional)"
    MEANING_DRAW = "the points The Silent Elder's draw scored"


DISCARD_COUNT_OF: Final[dict[Need, tuple[Count, str | None]]] = {
    Need.DISCARD_DOMINANTS: (Count.DOMINANTS_IN_DISCARD, None),
    Need.DISCARD_NEGATIVE: (Count.NEGATIVE_IN_DISCARD, None),
    Need.DISCARD_DINOLINGS: (Count.FAMILY_IN_DISCARD, DINOLINGS),  # Tiny Arms
}
"""The fact about the discard pile each of Dinolings' counts of it makes the calculator ask,
and the count (and family) scoring counts it by (the pile's traits, ``Table.discard``,
answer all three)."""
DISCARD_NEED: Final = {what: need for need, (what, _) in DISCARD_COUNT_OF.items()}
DISCARD_NEEDS: Final = frozenset(DISCARD_COUNT_OF)

DISCARD_COUNT_KEYS: Final = {
    Need.DISCARD_DOMINANTS: "dominants",
    Need.DISCARD_NEGATIVE: "negative",
    Need.DISCARD_DINOLINGS: "dinolings",
}
"""The discard counts' keys in a board (``discard: {dominants: 2}``) and on the command line."""


def count_words(need: Need) -> str:
    """A discard count's cards in a few words: ``dominant traits``."""
    return need.value.removeprefix("the ").removesuffix(" in the discard pile")


def count_label(need: Need) -> str:
    """A discard count's field label: ``Dominant traits``."""
    words = count_words(need)
    return words[:1].upper() + words[1:]


def discard_kinds(s: DoomlingsState, card: int) -> frozenset[Need]:
    """The discard counts ``card`` adds to when it lies in the discard pile, as scoring
    counts them."""
    return frozenset(
        need
        for need, (what, family) in DISCARD_COUNT_OF.items()
        if counted_in_discard(s, card, what, family)
    )


# --------------------------------------------------------------------------- names


def match_key(text: str) -> str:
    """``text`` as names are compared: lower case, words split by single spaces."""
    return re.sub(r"[^a-z0-9]+", " ", text.casefold()).strip()


def match_name(text: str, names: Sequence[str], what: str = "card") -> str:
    """The one name in ``names`` that ``text`` means: the same words in any case or spacing,
    a unique start of a name, or a unique close spelling; else a :class:`TallyError` with
    suggestions.

    >>> match_name("pack behaviour", TRAIT_NAMES), match_name("tentacels", TRAIT_NAMES)
    ('Pack Behavior', 'Tentacles')
    >>> match_name("swarm red", TRAIT_NAMES), match_name("kidney g", TRAIT_NAMES)
    ('Swarm (Overlush, red)', 'Kidney (Overlush, green)')
    >>> match_name("self", TRAIT_NAMES)
    Traceback (most recent call last):
    ...
    doomtable.games.doomlings.tally.TallyError: card 'self' is ambiguous: did you mean \
Self-Awareness, Self-Replicating, Selfish, Self-Pruning?
    """
    by_key = {match_key(name): name for name in names}
    key = match_key(text)
    if not key:
        raise TallyError(f"empty {what} name")
    if key in by_key:
        return by_key[key]
    starts = [name for k, name in by_key.items() if k.startswith(key)]
    if not starts and " " in key:  # each word typed starts a word of one name: "swarm r"
        by_words = [name for k, name in by_key.items() if _starts_words(key.split(), k.split())]
        if len(by_words) == 1:
            return by_words[0]
    close = _close(text, names, 0.7)
    candidates = list(dict.fromkeys(starts + close))
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise TallyError(
            f"{what} {text!r} is ambiguous: did you mean {', '.join(candidates)}?", candidates
        )
    loose = _close(text, names, 0.5)
    hint = f"; did you mean {', '.join(loose)}?" if loose else ""
    raise TallyError(f"unknown {what} {text!r}{hint}", loose)


def _starts_words(typed: Sequence[str], words: Sequence[str]) -> bool:
    """Whether each of ``typed`` starts one of ``words``, in order."""
    found = 0
    for word in words:
        if found < len(typed) and word.startswith(typed[found]):
            found += 1
    return found == len(typed)


_DESIGN: Final = re.compile(r" \(.*\)$")


def _close(text: str, names: Sequence[str], cutoff: float) -> list[str]:
    """The names spelled like ``text``, closest first, a design label (``Kidney (Overlush,
    green)``) compared by its printed name, so a misspelt name finds every design of it."""
    designs: dict[str, list[str]] = {}
    for name in names:
        designs.setdefault(_DESIGN.sub("", name), []).append(name)
    return [
        name
        for printed in close_names(text, list(designs), cutoff=cutoff)
        for name in designs[printed]
    ]


def trait_index(text: str, sets: Sequence[str] = SET_NAMES) -> int:
    """The index in ``TRAITS`` of the trait ``text`` names among the designs of ``sets``: its
    label (:func:`design_label`), or its name where only one design of ``sets`` prints it. A
    card of another set is refused, naming its set."""
    labels = {design_label(i): i for i in range(len(TRAITS)) if TRAIT_SET[i] in sets}
    by_name: dict[str, list[int]] = {}
    for i in labels.values():
        by_name.setdefault(TRAITS[i].name, []).append(i)
    # Each design once: by its name where only it prints that name among ``sets``, else by
    # its label; its label is still taken when given whole.
    shown = {
        TRAITS[i].name if len(by_name[TRAITS[i].name]) == 1 else label: i
        for label, i in labels.items()
    }
    whole = next((i for label, i in labels.items() if match_key(label) == match_key(text)), None)
    if whole is not None:
        return whole
    try:
        return shown[match_name(text, list(shown), "card")]
    except TallyError:
        textless = next((n for n in WITHOUT_TEXT if match_key(n) == match_key(text)), None)
        if textless is not None:
            raise TallyError(
                f"{textless} is a Special Edition trait whose card text doomtable does not "
                "have, so it can be neither played nor scored (docs/rulings.md, 'Cards without "
                "text'); score this board by hand"
            ) from None
        elsewhere = _maybe(text, TRAIT_NAMES)
        if elsewhere is None or set(sets) == set(SET_NAMES):
            raise
        index = TRAIT_NAMES.index(elsewhere)
        raise TallyError(
            f"{elsewhere} is a card of {SET_TITLES[TRAIT_SET[index]]} (set "
            f"{TRAIT_SET[index]}), which is not among the sets in play ({', '.join(sets)})"
        ) from None


def catastrophe_index(text: str, sets: Sequence[str] = SET_NAMES) -> int:
    """The index in ``AGES`` of the catastrophe ``text`` names among ``sets``; an age is
    refused, and so is a catastrophe of another set."""
    ages = [a.name for a in AGES]
    chosen = [a.name for i, a in enumerate(AGES) if a.catastrophe and AGE_SET[i] in sets]
    try:
        name = match_name(text, chosen, "catastrophe")
    except TallyError:
        age = _maybe(text, ages)
        if age is not None and not AGES[ages.index(age)].catastrophe:
            raise TallyError(f"{age} is an age, not a catastrophe") from None
        if age is not None:
            home = AGE_SET[ages.index(age)]
            raise TallyError(
                f"{age} is a catastrophe of {SET_TITLES[home]} (set {home}), which is not "
                f"among the sets in play ({', '.join(sets)})"
            ) from None
        raise
    return ages.index(name)


def card_sets(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """The sets a board is played with: a list or comma-separated names (``all`` for every
    set); the base set alone when none are given. The base set is always in play."""
    if text is None:
        return (BASE,)
    joined = text if isinstance(text, str) else ",".join(str(s) for s in text)
    try:
        return parse_sets(joined)
    except ValueError as exc:
        raise TallyError(str(exc)) from None


def in_sets(entries: Sequence[PlayerEntry], sets: Sequence[str]) -> list[PlayerEntry]:
    """The entries with every card named by its label (:func:`design_label`), found among
    the designs of ``sets``: the board then names each design once for all."""

    def labels(names: Sequence[str]) -> tuple[str, ...]:
        return tuple(TRAIT_NAMES[trait_index(n, sets)] for n in names)

    def host(text: str) -> str:
        owner, _, trait = text.rpartition(":")
        return f"{owner.strip()}: {labels([trait])[0]}" if owner else labels([text])[0]

    return [
        replace(
            e,
            traits=labels(e.traits),
            hand=labels(e.hand),
            after_faith=labels(e.after_faith),
            attached=tuple((labels([a])[0], host(h)) for a, h in e.attached),
            under=labels(e.under),
        )
        for e in entries
    ]


def color_bit(text: str) -> int:
    """The colour bit ``text`` names (``red``, ``Blue``, ``purp``)."""
    return COLOR_BY_NAME[match_name(text, COLOR_WORDS, "colour")]


def _maybe(text: str, names: Sequence[str]) -> str | None:
    try:
        return match_name(text, names)
    except TallyError:
        return None


# --------------------------------------------------------------------------- needs


def needs(traits: Sequence[str], doom: int, meanings: Sequence[str] = ()) -> set[Need]:
    """The facts about the table the calculator must know besides the pile and the Meaning
    of Life cards, when ``doom`` ends the world (the decisions the cards ask are
    :func:`questions`).

    >>> sorted(n.name for n in needs(["Saudade", "Fortunate"], catastrophe_index("Grey Goo")))
    ['HAND_CARDS', 'HAND_SIZE']
    >>> needs(["Saudade"], catastrophe_index("AI Takeover"))  # silenced: worth 2, no bonus
    set()
    """
    found = pile_needs(traits, doom)
    doom_kind = AGES[doom].doom if doom >= 0 else None
    if doom_kind is Doom.DRAW_FACE_VALUE:
        found.add(Need.DEUS)
    elif doom_kind is Doom.FAMILY_IN_HAND:  # --- newer: Discovery of Magic counts the hand
        found |= {Need.HAND_CARDS, Need.HAND_SIZE}
    elif doom_kind is Doom.SMALL_HAND_CARD:
        found.add(Need.HAND_SIZE)  # and the cards, for a hand small enough to score
    elif doom_kind is Doom.TOP_COLOR_COUNTS:
        found.add(Need.TOP_CARD)
    known = [_maybe(name, list(MEANING_GOAL)) for name in meanings]
    if any(isinstance(MEANING_GOAL[name], DrawForPoints) for name in known if name is not None):
        found.add(Need.MEANING_DRAW)
    return found


MEANING_GOAL: Final = {m.name: m.goal for m in MEANINGS}


def pile_needs(traits: Sequence[str], doom: int) -> set[Need]:
    """The facts :func:`needs` asks for the pile's own cards (not for the catastrophe's text
    or the Meaning of Life cards)."""
    found: set[Need] = set()
    cards = [TRAITS[trait_index(name)] for name in traits]
    if any(t.persistent is Persistent.HAND_COUNTS_FOR_BONUSES for t in cards) and any(
        isinstance(t.bonus, Bonus) and not silenced(doom, t) for t in cards
    ):
        found |= {Need.HAND_CARDS, Need.HAND_SIZE}  # Sparkles: the pile's bonuses read the hand
    for trait in cards:
        if silenced(doom, trait):
            continue
        bonus = trait.bonus
        if isinstance(bonus, Bonus):
            if bonus.count in HAND_CONTENT_COUNTS:
                found |= {Need.HAND_CARDS, Need.HAND_SIZE}
            elif bonus.count is Count.HAND:
                found.add(Need.HAND_SIZE)
            elif bonus.count is Count.GENE_POOL:
                found.add(Need.GENE_POOL)
            elif bonus.count in DISCARD_NEED:
                found.add(DISCARD_NEED[bonus.count])
            elif bonus.count is Count.SUPPRESSED_UNDER_THIS:
                found.add(Need.UNDER)
        elif isinstance(bonus, SuppressedUnderBonus):  # Slithy: a card under one of some sets
            found.add(Need.UNDER)
    return found


def discard_counts_read(entries: Sequence[PlayerEntry], doom: int) -> dict[Need, str]:
    """The discard pile's counts the piles' cards read when ``doom`` ends the world, in the
    order of :data:`DISCARD_COUNT_KEYS`, each with the first card that reads it, as
    ``Ann's Serrated Teeth``. The entries name their cards as :func:`in_sets` does.

    >>> ann = PlayerEntry("Ann", ("Serrated Teeth", "Bark"))
    >>> discard_counts_read([ann], catastrophe_index("Ice Age"))
    {<Need.DISCARD_DOMINANTS: 'the dominant traits in the discard pile'>: "Ann's Serrated Teeth"}
    """
    readers: dict[Need, str] = {}
    for entry in entries:
        for trait in entry.traits:
            for need in DISCARD_NEEDS & pile_needs([trait], doom):
                readers.setdefault(need, f"{entry.name}'s {trait}")
    return {need: readers[need] for need in DISCARD_COUNT_KEYS if need in readers}


def meaning_index(text: str, sets: Sequence[str] = SET_NAMES) -> int:
    """The index in ``MEANINGS`` of the Meaning of Life card ``text`` names, among those a
    game of ``sets`` deals (none without the Meaning of Life set)."""
    dealt = meanings_of_sets(tuple(sets))
    if not dealt:
        raise TallyError(
            f"Meaning of Life cards ({text}) are played only with the Meaning of Life set "
            f"(set {MEANING_OF_LIFE}), which is not among the sets in play ({', '.join(sets)})"
        )
    names = [MEANINGS[m].name for m in dealt]
    try:
        return dealt[names.index(match_name(text, names, "Meaning of Life card"))]
    except TallyError:
        anywhere = _maybe(text, [m.name for m in MEANINGS])
        if anywhere is None or set(sets) == set(SET_NAMES):
            raise
        home = MEANING_SET[[m.name for m in MEANINGS].index(anywhere)]
        raise TallyError(
            f"{anywhere} is a Meaning of Life card of {SET_TITLES[home]} (set {home}), which is "
            f"not among the sets in play ({', '.join(sets)})"
        ) from None


def trinket_index(text: str, sets: Sequence[str] = SET_NAMES) -> int:
    """The index in ``TRINKETS`` of the trinket ``text`` names, among those of ``sets``."""
    dealt = trinkets_of_sets(tuple(sets))
    if not dealt:
        raise TallyError(
            f"trinkets ({text}) are played only with the Trinkets and Merchants set (set "
            f"trinkets), which is not among the sets in play ({', '.join(sets)})"
        )
    names = [TRINKETS[t].name for t in dealt]
    return dealt[names.index(match_name(text, names, "trinket"))]


def counts_under(trait: int) -> bool:
    """Whether trait ``trait`` counts the face-down cards under it (Deeplings' Untold)."""
    bonus = TRAITS[trait].bonus
    return isinstance(bonus, Bonus) and bonus.count is Count.SUPPRESSED_UNDER_THIS


# --------------------------------------------------------------------------- the board


def board_from_entries(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table = CLASSIC
) -> DoomlingsState:
    """A finished game holding exactly the entered board, ready for ``scoring.breakdown``.

    >>> from doomtable.games.doomlings.scoring import breakdown
    >>> s = board_from_entries(
    ...     [PlayerEntry("Ann", ("Kidney", "kidney", "KIDNEY")), PlayerEntry("Bob", ("Bark",))],
    ...     "Grey Goo",
    ... )
    >>> breakdown(s, 0).total, breakdown(s, 1).total, s.winners()
    (4, 2, [0])
    """
    return finished_board(entries, catastrophe, table)[0]


def finished_board(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table = CLASSIC
) -> tuple[DoomlingsState, list[Question]]:
    """:func:`board_from_entries` with the World's End questions it answered."""
    entries = in_sets(entries, table.sets)
    state, asked = _board(entries, catastrophe, table)
    for p, entry in enumerate(entries):
        _check_small_hand(state, p, entry)
        _check_facts(entry, state.final_doom)
        _check_meaning_draw(state, p, entry)
        if entry.catastrophe_points is not None and (
            AGES[state.final_doom].doom not in COUNTED_AT_ITS_TURN
        ):
            raise TallyError(
                f"catastrophe points are given for {entry.name}, but "
                f"{AGES[state.final_doom].name} counts nothing as it acts (the calculator "
                "scores it from the board)"
            )
    _check_top_card(state, entries, table)
    missing = next((q for q in asked if q.answer is None), None)
    if missing is not None:
        raise TallyError(_unanswered(missing, entries[missing.player].name))
    for p, entry in enumerate(entries):
        _check_deus(state, p, entry)
    _apply_tie_draws(state, entries)
    # Reload through the engine's own loader so its pending decision agrees: none, game over.
    return type(state).from_dict(state.to_dict()), asked


def questions_board(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table = CLASSIC
) -> tuple[DoomlingsState, list[Question]]:
    """The board as its World's End questions leave it (the final catastrophe Prepper picked,
    Denial's ignoring), before the draws are added, and the questions: what the calculator
    asks next depends on both."""
    return _board(entries, catastrophe, table)


def questions(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table = CLASSIC
) -> list[Question]:
    """Every World's End question the board asks, answered or not, in the order the engine
    asks them. An answer that fits no option raises, as for :func:`board_from_entries`."""
    return _board(entries, catastrophe, table)[1]


def _board(
    entries: Sequence[PlayerEntry], catastrophe: str, table: Table
) -> tuple[DoomlingsState, list[Question]]:
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise TallyError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(entries)}")
    names = [e.name for e in entries]
    twice = [n for n, k in Counter(names).items() if k > 1]
    if twice:
        raise TallyError(f"two players are called {twice[0]!r}")
    third = catastrophe_index(catastrophe, table.sets)
    entries = in_sets(entries, table.sets)  # each card by its label from here on
    check_piles(entries)
    piles = [[trait_index(t) for t in e.traits] for e in entries]
    hands = [[trait_index(t) for t in e.hand] for e in entries]
    for entry, pile in zip(entries, piles, strict=True):
        _check_entry(entry, pile)
    pool = _CardPool(table.sets)
    pile_ids = [[pool.take(t) for t in pile] for pile in piles]
    # A hand card with no copy left is a pile's, which the catastrophe discarded and a card
    # brought back to a hand (Necromantic, Regenerative Tissue's draw): the hand holds a
    # stand-in until the catastrophe has discarded it.
    in_hand = [[pool.take(t) if pool.has(t) else -1 for t in hand] for hand in hands]
    stand_ins = [
        [(at, hand[at]) for at, c in enumerate(ids) if c < 0]
        for hand, ids in zip(hands, in_hand, strict=True)
    ]
    discard_ids = [pool.take(trait_index(name, table.sets)) for name in table.discard]
    in_zones = [*([c for c in ids if c >= 0] for ids in in_hand), *pile_ids]
    top = _top_card(table, pool, in_zones, discard_ids)
    hand_ids = [[pool.filler() if c < 0 else c for c in ids] for ids in in_hand]
    for entry, hand in zip(entries, hand_ids, strict=True):
        size = len(hand) if entry.hand_size is None else entry.hand_size
        hand.extend(pool.filler() for _ in range(size - len(hand)))
    face_down = [[pool.filler() for _ in range(_face_down(e))] for e in entries]

    draws = any(e.tie_draw is not None for e in entries)
    options = {"tiebreak": "draw" if draws else "casual", "sets": ",".join(table.sets)}
    if len(entries) == 1:
        options["variant"] = "genetic-mishap"
    s = EDITIONS[table.edition].create(len(entries), 0, options)
    s.piles = pile_ids
    s.hands = hand_ids
    # Nothing is drawn at World's End: what was drawn is entered (deus, tie_draw); only the
    # top card Too Much Pink shows is there.
    s.deck = [] if top is None else [top]
    s.discard = []  # the entered discard pile joins after World's End: nothing draws from it
    s.gene_pool = [DEFAULT_GENE_POOL if e.gene_pool is None else e.gene_pool for e in entries]
    s.gp_applied = []
    s.recolor = [-1] * N_CARDS
    s.named_color = [-1] * N_CARDS
    s.end_points = [0] * len(entries)
    s.revealed = []
    s.age_seen = 0
    s.age_deck = []
    # The first two catastrophes are not entered: Prepper may pick any catastrophe.
    s.eras = [
        [BIRTH_OF_LIFE, *(a for a in range(len(AGES)) if AGES[a].catastrophe and a != third), third]
    ]
    s.age = third
    s.catastrophes = 3
    s.final_doom = third
    s.first_player = 0
    s.turn_player = -1
    s.hero = -1
    s.ignoring = 0
    s.denial_spent = False
    s.stack = []
    s.suppressed = face_down
    s.suppressed_under = [
        _under(entry, pile, len(cards))
        for entry, pile, cards in zip(entries, pile_ids, face_down, strict=True)
    ]
    # An Opposable Thumbs is its copy before it attaches (a copy of Ruggedized attaches).
    asked = _copy_dominants(s, entries)  # --- overlush: Opposable Thumbs ---
    s.attached = []
    for p, entry in enumerate(entries):
        for attachment, host in entry.attached:
            _attach(s, entries, p, attachment, host)
    # The Meaning of Life cards and trinkets create() dealt at random give way to those entered.
    _place_meanings(s, entries, table.sets)
    _place_trinkets(s, entries, table.sets)
    asked += _ignore_with_denial(s, entries)
    for p in range(len(entries)):
        if s.dominants(p) > 2:
            s.hero = p
    start = len(s.events)
    asked += _run_worlds_end(s, entries)
    _put_back_draws(s, start, top)
    settled = all(q.answer is not None for q in asked)
    _draw_back(s, entries, stand_ins, settled=settled)
    # With a question unanswered, the steps after it are not run: an answer to one of them
    # (Patches after the catastrophe's discard) is checked once it is reached.
    for p, entry in enumerate(entries if settled else ()):
        for question, given in entry.choices:
            times = sum(
                1 for q in asked if q.player == p and match_key(q.key) == match_key(question)
            )
            if not times:
                raise TallyError(_unasked(s, entry, p, question, given))
            named = (
                len(_discards_named(given)) if match_key(question) == match_key(WORLDS_END) else 1
            )
            if named > times:
                raise TallyError(
                    f"{named} discarded traits are given for {entry.name}, but "
                    f"{AGES[s.final_doom].name} discarded {times} of {entry.name}'s"
                )
    s.discard = discard_ids + _counted_discard(s, table, pool) + s.discard
    picked = [s.final_doom] if s.final_doom != third else []
    s.eras = [[BIRTH_OF_LIFE, *picked, third]]
    s.deck = pool.rest() if top is None else [*pool.rest(), top]
    s.over = True  # scoring counts World's End only once the game is over
    s.stack = []
    s.events = []
    s.log = []
    return s, asked


THUMBS: Final = "Opposable Thumbs"


def _asked_by_card(key: str) -> bool:
    """Whether a question is a card's own (``Sentience``, ``Opposable Thumbs (as Sentience)``),
    not the catastrophe's."""
    return key in _PRINTED_NAMES or key.startswith(f"{THUMBS} (as ")


def _copy_dominants(s: DoomlingsState, entries: Sequence[PlayerEntry]) -> list[Question]:
    """Each Opposable Thumbs of a pile is scored as the other dominant of that pile its player
    names (``Opposable Thumbs: Heroic``); beside a single other dominant, as that one."""
    asked: list[Question] = []
    for p, entry in enumerate(entries):
        for thumbs in [c for c in s.piles[p] if CARD[c].name == THUMBS]:
            others = [c for c in s.piles[p] if c != thumbs and CARD[c].dominant]
            labels = list(dict.fromkeys(TRAIT_NAMES[TRAIT_OF[c]] for c in others))
            given = entry.answer(THUMBS)
            answer = labels[0] if given is None and len(labels) == 1 else None
            if given is not None:
                if not labels:
                    raise TallyError(
                        f"{entry.name}: {THUMBS} copies {given!r}, but no other dominant is "
                        f"in {entry.name}'s pile"
                    )
                try:
                    answer = match_option(given, labels, f"{entry.name}'s {THUMBS}")
                except TallyError:
                    raise TallyError(
                        f"{entry.name}: {THUMBS} copies a dominant of {entry.name}'s pile "
                        f"({', '.join(labels)}), not {given!r}",
                        labels,
                    ) from None
            if labels:
                prompt = f"{THUMBS}: which dominant does it copy?"
                asked.append(Question(p, THUMBS, prompt, tuple(labels), answer, False))
            if answer is not None:
                copied = next(c for c in others if TRAIT_NAMES[TRAIT_OF[c]] == answer)
                s.copies.append((thumbs, copied))
    return asked


def _draw_back(
    s: DoomlingsState,
    entries: Sequence[PlayerEntry],
    stand_ins: Sequence[list[tuple[int, int]]],
    settled: bool,
) -> None:
    """Each hand card standing in for a trait the piles already hold becomes that card, out
    of the discard pile the catastrophe put it in; a trait it did not discard is one copy too
    many, once every question is answered (until then the discard may still come)."""
    for p, swaps in enumerate(stand_ins):
        for at, trait in swaps:
            card = next((c for c in s.discard if TRAIT_OF[c] == trait), None)
            if card is None and not settled:
                continue
            if card is None:
                too_many = _too_many(trait, _entered(entries)[trait])
                raise TallyError(
                    f"{too_many} (a copy the final catastrophe discarded may be back in a "
                    f"hand, but {AGES[s.final_doom].name} discarded none)"
                )
            s.discard[s.discard.index(card)] = s.hands[p][at]
            s.hands[p][at] = card


def _adds_only(s: DoomlingsState, need: Need, allowed: frozenset[Need], card: int) -> bool:
    """Whether ``card`` adds to the discard count ``need`` and to no count outside
    ``allowed``."""
    kinds = discard_kinds(s, card)
    return need in kinds and kinds <= allowed


def _counted_discard(s: DoomlingsState, table: Table, pool: _CardPool) -> list[int]:
    """Cards standing in for a discard pile given as counts: each adds to its own count
    only, among the counts given (a pile reads nothing else of the discard pile)."""
    given = frozenset(need for need, _ in table.discard_counts)
    cards = []
    for need, n in table.discard_counts:
        alone = frozenset({need}) | (frozenset(DISCARD_NEEDS) - given)  # the others not read
        for placed in range(n):
            card = pool.first(partial(_adds_only, s, need, alone))
            if card is None:
                raise TallyError(
                    f"the discard pile cannot hold {n} {count_words(need)}: only {placed} are "
                    "left once the piles and hands are entered"
                )
            cards.append(card)
    return cards


def _put_back_draws(s: DoomlingsState, start: int, top: int | None) -> None:
    """The hands are entered as they are at the end: a card the World's End run drew (Cap's
    3, when the catastrophe discarded it, from the discard pile reshuffled) goes back to the
    discard pile, and the deck is as it was."""
    drawn = [c for event in s.events[start:] if event[1] == "drew" for c in event[3]]
    for card in drawn:
        for hand in s.hands:
            if card in hand:
                hand.remove(card)
    s.discard.extend(c for c in (*s.deck, *drawn) if c != top)
    s.deck = []


def _top_card(
    table: Table, pool: _CardPool, zones: Sequence[Sequence[int]], discard: Sequence[int]
) -> int | None:
    """The card id of the trait deck's top card Too Much Pink shows, if one is entered. With
    no copy of it left, the shown card was drawn after it showed, and the card named
    elsewhere is the one (only its colour is read): in the discard pile (The Silent Elder's
    draw, after World's End), or in the Blackbox edition, where World's End traits act after
    the catastrophe, in a hand or pile (``zones``: drawn, and maybe played)."""
    if table.top_card is None or match_key(table.top_card) == NO_COLOR:
        return None
    trait = trait_index(table.top_card, table.sets)
    if not pool.has(trait):
        later = [discard, *zones] if table.edition == "blackbox" else [discard]
        drawn = next((c for zone in later for c in zone if TRAIT_OF[c] == trait), None)
        if drawn is not None:
            return drawn
    return pool.take(trait)


def _claim_once(
    holder: dict[int, str], cards: Sequence[int], who: str, names: Sequence[str], how: str
) -> None:
    """Record ``who`` as the holder of each of ``cards`` (named ``names``), refusing a card
    the game has once that is already held: ``how`` reads "entered for" or "pocketed by"."""
    verb, by = how.split(" ")
    for card, name in zip(cards, names, strict=True):
        if card in holder:
            raise TallyError(
                f"{name} is {verb} twice {by} {who}"
                if holder[card] == who
                else f"{name} is {how} {holder[card]} and {who}; the game has 1 copy"
            )
        holder[card] = who


def _place_meanings(s: DoomlingsState, entries: Sequence[PlayerEntry], sets: Sequence[str]) -> None:
    """Each player's Meaning of Life cards as entered: one kept, more only where The Blind
    Dragon drew them; each card is in the game once."""
    holder: dict[int, str] = {}
    s.meanings = []
    for entry in entries:
        cards = [meaning_index(name, sets) for name in entry.meanings]
        _claim_once(holder, cards, entry.name, [MEANINGS[m].name for m in cards], "entered for")
        drawn = sum(goal.draws for m in cards if isinstance(goal := MEANINGS[m].goal, MoreMeanings))
        if len(cards) > 1 + drawn:
            more = f" and The Blind Dragon's {drawn} drawn" if drawn else ""
            raise TallyError(
                f"{entry.name} has {len(cards)} Meaning of Life cards; a player keeps 1{more}"
            )
        s.meanings.append(cards)
    s.meaning_deck = [m for m in meanings_of_sets(tuple(sets)) if m not in holder]
    s.meaning_points = [0] * len(entries)


def _place_trinkets(s: DoomlingsState, entries: Sequence[PlayerEntry], sets: Sequence[str]) -> None:
    """Each player's pocketed trinkets as entered (each trinket is in the game once); no
    trinket is held any more: the world's end lost them."""
    holder: dict[int, str] = {}
    s.pocketed = []
    for entry in entries:
        cards = [trinket_index(name, sets) for name in entry.pocketed]
        _claim_once(holder, cards, entry.name, [TRINKETS[t].name for t in cards], "pocketed by")
        s.pocketed.append(cards)
    s.trinkets = [[] for _ in entries]
    s.trashed = []
    s.trinket_deck = [t for t in trinkets_of_sets(tuple(sets)) if t not in holder]


def _face_down(entry: PlayerEntry) -> int:
    """How many face-down cards ``entry``'s pile holds (at least those named under traits)."""
    if entry.face_down is None:
        return len(entry.under)
    if entry.face_down < len(entry.under):
        raise TallyError(
            f"{entry.name} has {entry.face_down} face-down cards, but {len(entry.under)} are "
            "named under traits"
        )
    return entry.face_down


def _under(entry: PlayerEntry, pile: Sequence[int], cards: int) -> list[int]:
    """Per face-down card, the card of the pile it lies under (-1: none that counts it)."""
    hosts = []
    for name in entry.under:
        trait = trait_index(name)
        card = next((c for c in pile if TRAIT_OF[c] == trait), -1)
        if card < 0:
            raise TallyError(
                f"{entry.name}: a face-down card lies under {name}, but {name} is not in "
                f"{entry.name}'s pile"
            )
        hosts.append(card)
    return hosts + [-1] * (cards - len(hosts))


def _attach(
    s: DoomlingsState, entries: Sequence[PlayerEntry], p: int, attachment: str, host: str
) -> None:
    """Attach a copy of ``attachment`` in ``p``'s pile to ``host`` (``Bob: Kidney`` for a trait
    of Bob's pile; else the first copy found in ``p``'s pile, then in the others' piles)."""
    who = entries[p].name
    taken = {a for a, _ in s.attached}
    copies = [c for c in s.piles[p] if TRAIT_NAMES[TRAIT_OF[c]] == attachment]
    if not copies:
        raise TallyError(f"{who}: {attachment} is attached, but it is not in {who}'s pile")
    if s.trait(copies[0]).attach is None:
        copying = " (it attaches as a copy of an attachment: name the dominant it copies)"
        hint = copying if attachment == THUMBS else ""
        raise TallyError(f"{who}: {attachment} is not an attachment{hint}")
    free = [c for c in copies if c not in taken]
    if not free:
        raise TallyError(f"{who}: {attachment} is attached more often than the pile holds it")
    owner, _, trait = host.rpartition(":")
    if owner:
        names = [e.name for e in entries]
        owners = [names.index(match_name(owner.strip(), names, "player"))]
    else:
        owners = [p, *(q for q in range(len(entries)) if q != p)]
    trait = trait.strip()
    hosts = [
        c
        for q in owners
        for c in s.piles[q]
        if TRAIT_NAMES[TRAIT_OF[c]] == trait and c != free[0] and s.trait(c).attach is None
    ]
    if not hosts:
        raise TallyError(f"{who}: {attachment} is attached to {host}, which is in no pile")
    s.attach(free[0], hosts[0])


class _CardPool:
    """Card ids not yet placed; copies of a trait are handed out in id order, and unnamed
    hand cards come from the sets in play."""

    def __init__(self, sets: Sequence[str]) -> None:
        self._free: list[int] = list(range(N_CARDS))
        self._sets = sets

    def take(self, trait: int) -> int:
        card = next((c for c in self._free if TRAIT_OF[c] == trait), -1)
        if card < 0:
            copies = TRAITS[trait].copies
            raise TallyError(
                f"{TRAIT_NAMES[trait]} is entered more often than the deck has it ({copies})"
            )
        self._free.remove(card)
        return card

    def has(self, trait: int) -> bool:
        return any(TRAIT_OF[c] == trait for c in self._free)

    def filler(self) -> int:
        dealt = [c for c in self._free if TRAIT_SET[TRAIT_OF[c]] in self._sets]
        plain = [c for c in dealt if CARD[c].effectless]
        card = (plain or dealt or self._free)[0]
        self._free.remove(card)
        return card

    def first(self, fits: Callable[[int], bool]) -> int | None:
        """The first card left that ``fits``, of the sets in play where one is left; None
        when no card fits."""
        fitting = [c for c in self._free if fits(c)]
        if not fitting:
            return None
        dealt = [c for c in fitting if TRAIT_SET[TRAIT_OF[c]] in self._sets]
        card = (dealt or fitting)[0]
        self._free.remove(card)
        return card

    def rest(self) -> list[int]:
        return list(self._free)


def check_piles(entries: Sequence[PlayerEntry], back_in_hand: bool = True) -> None:
    """Refuse piles no game could end with: more copies of a card than the deck holds (piles
    and named hand cards together), or too many dominants. With ``back_in_hand``, a hand
    card may also be one a pile names, the final catastrophe discarded, and a card brought
    back (checked once the board is scored); without it, as the prompts ask before the
    catastrophe's discard is known, it is one copy too many."""
    placed = _entered(entries)
    in_piles: Counter[int] = Counter()
    piles_holding: Counter[int] = Counter()
    for entry in entries:
        pile = [trait_index(t) for t in entry.traits]
        in_piles.update(pile)
        piles_holding.update(set(pile))
        dominants = sum(1 for t in pile if TRAITS[t].dominant)
        limit = 3 if any(TRAITS[t].name == "Heroic" for t in pile) else 2
        if dominants > limit:
            why = "even with Heroic" if limit == 3 else "without Heroic"
            raise TallyError(f"{entry.name} has {dominants} dominant traits; at most {limit} {why}")
    for trait, n in placed.items():
        # A trait the catastrophe discarded may be back in a hand (:func:`_draw_back` checks
        # that it was): one card per pile that held it, named in a hand too.
        copies = TRAITS[trait].copies
        if in_piles[trait] > copies or n > copies + piles_holding[trait]:
            raise TallyError(_too_many(trait, n))
        if n > copies and not back_in_hand:
            raise TallyError(
                f"{_too_many(trait, n)} (a copy the final catastrophe discarded and a card "
                "brought back to a hand is entered with --player or a board file)"
            )
    total = sum(placed.values()) + sum(
        max(0, (e.hand_size or 0) - len(e.hand)) + max(e.face_down or 0, len(e.under))
        for e in entries
    )
    if total > N_CARDS:
        raise TallyError(f"{total} cards entered; the deck has only {N_CARDS}")


def _entered(entries: Sequence[PlayerEntry]) -> Counter[int]:
    """How often each trait is entered, in the piles and the named hand cards together."""
    return Counter(trait_index(t) for e in entries for t in (*e.traits, *e.hand))


def _too_many(trait: int, entered: int) -> str:
    copies = TRAITS[trait].copies
    have = "only 1 copy" if copies == 1 else f"only {copies} copies"
    return f"{TRAITS[trait].name} is entered {entered} times; the deck has {have}"


def _check_entry(entry: PlayerEntry, pile: list[int]) -> None:
    who = entry.name
    if entry.gene_pool is not None and not MIN_GENE_POOL <= entry.gene_pool <= MAX_GENE_POOL:
        raise TallyError(
            f"{who}'s Gene Pool is {entry.gene_pool}; it is always "
            f"{MIN_GENE_POOL} to {MAX_GENE_POOL}"
        )
    if entry.hand_size is not None:
        if entry.hand_size < 0:
            raise TallyError(f"{who}'s hand size is {entry.hand_size}; it cannot be negative")
        if entry.hand_size < len(entry.hand):
            raise TallyError(
                f"{who}'s hand size is {entry.hand_size} but {len(entry.hand)} hand cards are named"
            )
    if entry.after_faith and not any(CARD_WORLDS_END[t] is WorldsEnd.RECOLOR for t in pile):
        raise TallyError(f"{who}: traits after Faith are given, but no Faith recolour")


def _check_facts(entry: PlayerEntry, doom: int) -> None:
    """The facts about the table the pile counts are given (checked after the World's End
    questions, which the page shows before them)."""
    who = entry.name
    wanted = pile_needs(entry.traits, doom)
    held = doom >= 0 and AGES[doom].doom is Doom.FAMILY_IN_HAND  # --- newer
    if held:  # Discovery of Magic adds the Mythlings held: the whole hand is named
        wanted |= {Need.HAND_CARDS, Need.HAND_SIZE}
    if Need.HAND_SIZE in wanted and entry.hand_size is None and not entry.hand:
        what = f"{AGES[doom].name} counts the hand" if held else f"{who}'s pile counts the hand"
        if Need.HAND_CARDS in wanted and not held:  # what it holds: the cards, or none
            raise TallyError(
                f"{what}: name {who}'s hand cards (an empty hand: hand=0, or 'The hand is "
                "empty' on the score page)"
            )
        raise TallyError(f"{what}: give {who}'s hand size")
    if Need.HAND_CARDS in wanted:
        size = len(entry.hand) if entry.hand_size is None else entry.hand_size
        if size > len(entry.hand):
            what = (
                f"{AGES[doom].name} adds the Mythlings in {who}'s hand"
                if held
                else f"{who}'s pile counts what the hand holds (Boredom, Brave, Saudade, or "
                "Sparkles with a bonus)"
            )
            raise TallyError(f"{what}: name all {size} hand cards")
    if Need.GENE_POOL in wanted and entry.gene_pool is None:
        raise TallyError(f"{who}'s pile counts the Gene Pool: give {who}'s Gene Pool")


def _doom_applies(s: DoomlingsState, p: int) -> bool:
    """Whether the final catastrophe's World's End text applies to player ``p``."""
    return not s.ignoring & bit(p) and doom_turned_away(s) < 0


def _check_small_hand(s: DoomlingsState, p: int, entry: PlayerEntry) -> None:
    """Isolation scores the highest face value of a hand of 3 cards or fewer: such a hand is
    named card by card (a bigger one scores nothing: its size is enough)."""
    if (
        AGES[s.final_doom].doom is not Doom.SMALL_HAND_CARD
        or not _doom_applies(s, p)
        or entry.catastrophe_points is not None
    ):
        return
    doom, who = AGES[s.final_doom].name, entry.name
    if entry.hand_size is None and not entry.hand:
        raise TallyError(
            f"{doom} scores a hand of {ISOLATED_HAND} cards or fewer: give {who}'s hand"
        )
    size = len(s.hands[p])
    if size <= ISOLATED_HAND and len(entry.hand) < size:
        raise TallyError(
            f"{doom} scores the highest face value of a hand of {ISOLATED_HAND} cards or "
            f"fewer: name all {size} of {who}'s hand cards"
        )


def _check_meaning_draw(s: DoomlingsState, p: int, entry: PlayerEntry) -> None:
    """The Silent Elder's draw, entered as the points it scored (the calculator draws
    nothing); and The Blind Dragon's extra cards, only where it could draw them."""
    who = entry.name
    goals = {MEANINGS[m].name: MEANINGS[m].goal for m in s.meanings[p]}
    most_of_a_color = max(s.count_color(p, c) for c in COLORS)
    for name, goal in goals.items():
        if isinstance(goal, MoreMeanings) and len(goals) > 1 and most_of_a_color < goal.at_least:
            raise TallyError(
                f"{who} has {len(goals)} Meaning of Life cards, but {name} draws more only "
                f"with {goal.at_least} traits of one colour ({who} has {most_of_a_color})"
            )
    drawing = [(name, goal) for name, goal in goals.items() if isinstance(goal, DrawForPoints)]
    if not drawing:
        if entry.meaning_draw is not None:
            raise TallyError(
                f"a Meaning of Life draw is given for {who}, but {who} holds no Meaning of "
                "Life card that draws for points (The Silent Elder)"
            )
        return
    name, goal = drawing[0]
    drew = next(
        (n for at_most, n in goal.steps if all(s.count_color(p, c) <= at_most for c in COLORS)),
        0,
    )
    if entry.meaning_draw is None:
        if drew:
            raise TallyError(
                f"{who}'s {name} draws {drew} cards: give meaning_draw= (the points they scored)"
            )
        return
    least, most = drew * min(0, TIE_DRAW_RANGE.start), drew * goal.max_face
    if not least <= entry.meaning_draw <= most:
        raise TallyError(
            f"{who}'s {name} drew {drew} cards, each scoring its face value up to "
            f"{goal.max_face}: its points are {least} to {most}, not {entry.meaning_draw}"
        )
    s.meaning_points[p] = entry.meaning_draw


def _check_top_card(s: DoomlingsState, entries: Sequence[PlayerEntry], table: Table) -> None:
    """Too Much Pink shows the trait deck's top card: it is entered when (and only when) the
    world ends with it and someone applies it."""
    shows = AGES[s.final_doom].doom is Doom.TOP_COLOR_COUNTS
    doom = AGES[s.final_doom].name
    if table.top_card is not None and not shows:
        raise TallyError(f"a top card is given, but the world ends with {doom}, which shows none")
    if (
        shows
        and table.top_card is None
        and any(
            _doom_applies(s, p) and entry.catastrophe_points is None
            for p, entry in enumerate(entries)
        )
    ):
        raise TallyError(
            f"{doom} shows the top card of the trait deck: give top_card= (none for an empty deck)"
        )


def _check_deus(s: DoomlingsState, p: int, entry: PlayerEntry) -> None:
    """Deus Ex Machina's draw, entered as what was drawn (the calculator draws nothing)."""
    who = entry.name
    draws = AGES[s.final_doom].doom is Doom.DRAW_FACE_VALUE and _doom_applies(s, p)
    if not draws:
        if entry.deus is not None:
            turned = doom_turned_away(s)
            why = (
                "Denial ignored it"
                if s.ignoring & bit(p)
                else f"{CARD[turned].name} turned it away"
                if turned >= 0 and AGES[s.final_doom].doom is Doom.DRAW_FACE_VALUE
                else "the world does not end with Deus Ex Machina"
            )
            raise TallyError(f"a Deus Ex Machina value is given for {who}, but {why}")
        return
    if entry.deus is None:
        raise TallyError(f"the world ends with Deus Ex Machina: give the value {who} drew")
    if entry.deus not in DEUS_RANGE:
        raise TallyError(
            f"{who}'s Deus Ex Machina value is {entry.deus}; it is "
            f"{DEUS_RANGE.start} to {DEUS_RANGE.stop - 1}"
        )
    s.end_points[p] += entry.deus


# --------------------------------------------------------------------------- World's End

RESULT_ENTERED: Final = frozenset(
    {
        WorldsEnd.PLAY_ANOTHER,
        WorldsEnd.OPPONENTS_DISCARD_COLOR,
        WorldsEnd.PLAY_FROM_HAND,
        WorldsEnd.DRAW_AND_PLAY_LOW,
        WorldsEnd.OPPONENTS_PLAY_COLOR,
        WorldsEnd.TAKE_REVEALED_COLOR,
        WorldsEnd.SUPPRESS_COLOR,
        WorldsEnd.SUPPRESS_ONE,
        WorldsEnd.REVEAL_DISCARD_TRAIT,
        WorldsEnd.REVEAL_RETURN_SELF,
    }
)
"""World's End effects that move cards: the piles are entered as they are after them, so the
calculator does not run them again (it runs those whose outcome is a decision the table cannot
show: a colour named, a recolour, a catastrophe picked)."""
RESULT_ENTERED_FRAMES: Final = frozenset({"regrow"})
"""Frames whose outcome is entered too: a trait Regenerative Tissue played is in the pile.
(Likewise, the ``fx`` frames of a discarded trait's ``on_discard`` are not run: Mycotoxins'
discards, Toxic's draws and Spores' Gene Pool are in the hands and Gene Pool entered.)"""
ASKED: Final = frozenset(
    {
        WorldsEnd.RECOLOR,
        WorldsEnd.PICK_CATASTROPHE,
        WorldsEnd.BONUS_PER_COLOR,
        WorldsEnd.PENALTY_PER_COLOR,
        WorldsEnd.BECOME_COLOR,
    }
)
"""World's End effects known to move no card: asked. Any other kind (a card added since) is
tried first on a copy of the board with each answer: if one moves a card between zones, its
result is entered and it is not run (:func:`_moves_cards`)."""


@dataclass(frozen=True, slots=True)
class ScoredAnswer:
    """A World's End effect that moves cards for points: the piles and hands are entered as
    they are after it, and the points it added are asked (``points``: the answers;
    ``optional``: unanswered, it added none, as a card that says "may")."""

    points: range
    prompt: str
    optional: bool


SCORED_PER_TRAIT: Final = {
    WorldsEnd.RETURN_FOR_POINTS: ScoredAnswer(
        range(4), "how many traits did you take back into your hand (+1 each)?", True
    ),
    WorldsEnd.STABILIZE_AND_SCORE_HAND: ScoredAnswer(
        range(2 * TIE_DRAW_RANGE.start, AWESOME_MOST + 1),
        f"what did the 2 highest face values of your hand add ({AWESOME_MOST} at most)?",
        False,
    ),
}
"""World's End effects scored by what they moved: Lily Pad's traits back into the hand (+1
each, up to 3), Awesome!'s hand stabilized to 2 (its 2 highest face values)."""
SCORED_MOVES: Final = frozenset(
    shown
    for t in TRAITS
    if t.worlds_end is not None and t.worlds_end in SCORED_PER_TRAIT
    for shown in (t.name, f"{THUMBS} (as {t.name})")
)
"""The names of the cards whose World's End question is the points they scored, as the
cards show them (an Opposable Thumbs that copies one is asked by its shown name)."""
_PROBE_STEPS: Final = 200


def _zones(s: DoomlingsState) -> tuple[object, ...]:
    return (
        tuple(tuple(sorted(pile)) for pile in s.piles),
        tuple(tuple(sorted(hand)) for hand in s.hands),
        len(s.deck),
        len(s.discard),
        tuple(tuple(sorted(cards)) for cards in s.suppressed),
    )


def _moves_cards(s: DoomlingsState, frame: Frame) -> bool:
    """Whether World's End frame ``frame`` can move a card between zones on this board: it
    is resolved on copies, once for each answer to its first decision (later decisions take
    their first option other than passing: a "may" that moves a card is found)."""
    before = _zones(s)
    answer, answers = 0, 1
    while answer < answers:
        copy = s.clone()
        copy.stack = [frame]
        first = True
        for _ in range(_PROBE_STEPS):
            if not copy.stack:
                break
            decision = copy.resolve_frame(copy.stack[-1], None)
            if decision is None:
                continue
            if first:
                answers, first = len(decision.options), False
                option = decision.options[answer]
            else:
                option = next((o for o in decision.options if o != PASS), PASS)
            copy.resolve_frame(copy.stack[-1], option)
        if _zones(copy) != before:
            return True
        answer += 1
    return False


def _ignore_with_denial(s: DoomlingsState, entries: Sequence[PlayerEntry]) -> list[Question]:
    """Denial ignores the first catastrophe it can, so whether it ignored the final one is a
    fact of the game the board cannot show: asked as a yes/no question, "no" when unanswered."""
    asked: list[Question] = []
    for p, entry in enumerate(entries):
        cards = [c for c in s.piles[p] if CARD[c].persistent is Persistent.IGNORE_CATASTROPHE]
        if not cards:
            continue
        card = CARD[cards[0]].name
        given = entry.answer(card)
        if s.age == FOUR_HORSEMEN:
            if given is not None and match_key(given) == YES:
                raise TallyError(f"The Four Horsemen cannot be ignored with {card}")
            prompt = f"{card}: The Four Horsemen cannot be ignored"
            asked.append(Question(p, card, prompt, (NO,), NO, given is None))
            continue
        prompt = f"{card}: did it ignore the final catastrophe ({AGES[s.age].name})?"
        answer = NO if given is None else match_option(given, [YES, NO], f"{entry.name}'s {card}")
        if answer == YES:
            s.ignoring |= bit(p)
            s.denial_spent = True
        asked.append(Question(p, card, prompt, (YES, NO), answer, given is None))
    return asked


def _run_worlds_end(s: DoomlingsState, entries: Sequence[PlayerEntry]) -> list[Question]:
    """Resolve the engine's own World's End frames on the board, in the edition's order, and
    answer each decision from the entries; what nobody answered is listed unanswered."""
    if s.DOOM_BEFORE_TRAITS:
        s.push(("trait_ends", PREPPER_ONLY), ("doom",), ("trait_ends", ALL_BUT_PREPPER))
    else:
        s.push(("trait_ends", ALL_TRAITS), ("doom",))
    asked: list[Question] = []
    while s.stack:
        frame = s.stack[-1]
        if frame[0] == "doom" and AGES[s.final_doom].doom in COUNTED_AT_ITS_TURN:
            _doom_with_entered_points(s, entries, frame)
            continue
        if (
            frame[0] == "trait_end"
            and frame[2] in s.piles[frame[1]]
            and s.trait(frame[2]).worlds_end in SCORED_PER_TRAIT
        ):
            s.stack.pop()
            asked.append(_count_moved(s, entries[frame[1]], frame[1], frame[2]))
            continue
        if (
            frame[0] in RESULT_ENTERED_FRAMES
            or (frame[0] == "fx" and frame[-1] == ON_DISCARD)
            or (
                frame[0] == "trait_end"
                and frame[2] in s.piles[frame[1]]
                and (
                    s.trait(frame[2]).worlds_end in RESULT_ENTERED
                    or (s.trait(frame[2]).worlds_end not in ASKED and _moves_cards(s, frame))
                )
            )
        ):
            s.stack.pop()
            continue
        picked = frame[0] in PICKED_AT_RANDOM
        decision = _random_pick(s, frame) if picked else s.resolve_frame(frame, None)
        if decision is None:
            if picked:
                s.stack.pop()
            continue
        p = decision.player
        entry = entries[p]
        key = _question_key(decision.prompt)
        labels = [_readable(s.label(o), o, entries) for o in decision.options]
        distinct = list(dict.fromkeys(labels))
        given = entry.answer(key)
        if given is not None and key == WORLDS_END:  # --- newer: Planned Obsolescence's 2
            before = sum(1 for q in asked if q.player == p and q.key == key)
            names = _discards_named(given)
            # After "none" the catastrophe found nothing more to take: "GMO, none", "none".
            last_none = match_key(names[-1]) == NO_COLOR if names else False
            given = names[before] if before < len(names) else (NO_COLOR if last_none else None)
        patches = _patches_in_pile(s, frame)
        play = "" if patches is None else f"play {CARD[patches].name}"
        if patches is not None and given is not None and match_key(given) == match_key(play):
            # Entered in the pile as it ends: it was played from the hand in this window.
            s.piles[p].remove(patches)
            s.hands[p].append(patches)
            lifted = s.resolve_frame(frame, None)
            assert lifted is not None
            decision = lifted
            labels = [_readable(s.label(o), o, entries) for o in decision.options]
            distinct = list(dict.fromkeys(labels))
            if play not in distinct:  # it could not have been (no room for a dominant)
                s.hands[p].remove(patches)
                s.piles[p].append(patches)
        default = _default(s, decision.options)
        taken_before = frame[0] in TRAIT_TAKEN and key == WORLDS_END and s.DOOM_BEFORE_TRAITS
        # Bioengineered Plague: a tied colour picked with no trait it could discard.
        empty_color = picked and _tied_color_takes_nothing(s, frame)
        if (
            given is not None
            and match_key(given) == NO_COLOR
            and (_asked_by_card(key) or frame[0] in HAND_CARD_TAKEN or taken_before or empty_color)
        ):
            # The card came into the pile too late to use its World's End; or the hand or
            # pile entered got its cards after the catastrophe took one (the Blackbox order);
            # or the colour picked had no trait to take.
            s.stack.pop()
            asked.append(Question(p, key, decision.prompt, (*distinct, NO_COLOR), NO_COLOR, False))
            continue
        if given is not None:
            try:
                answer: str | None = match_option(given, distinct, f"{entry.name}'s {key}")
            except TallyError as exc:
                raise TallyError(_wrong_answer(s, entry, key, given, distinct, exc)) from None
        elif len(distinct) == 1 and not empty_color:
            answer = distinct[0]
        elif default is not None:
            answer = labels[decision.options.index(default)]
        else:
            answer = None
        colors = _asked_by_card(key) and decision.kind == "color"
        shown = (*distinct, NO_COLOR) if colors or taken_before or empty_color else tuple(distinct)
        if play and play not in shown:
            shown = (*shown, play)
        asked.append(
            Question(p, key, decision.prompt, shown, answer, given is None and default is not None)
        )
        if answer is None:
            s.stack.pop()  # unanswered: the other questions are still found
            continue
        option = decision.options[labels.index(answer)]
        late = _late_cards(entry, s.piles[p]) if decision.kind == "recolor" else set()
        pile = s.piles[p]
        s.piles[p] = [c for c in pile if c not in late]
        if picked:  # the trait the table saw go, not one the calculator draws
            s.stack[-1] = ("discard_trait_now", p, option[2], frame[2])
        else:
            s.resolve_frame(s.stack[-1], option)
        if late:  # back in their places
            s.piles[p] = [c for c in pile if c in late or c in s.piles[p]]
    return asked


def _patches_in_pile(s: DoomlingsState, frame: Frame) -> int | None:
    """The Patches in the pile of the player a window asks because a trait left their pile
    (the catastrophe discarded it): entered where it ends, it may have been played from the
    hand in this window to bring the trait back."""
    if frame[0] != "window" or frame[1][0] != "left_pile":
        return None
    _, trigger, order, index = frame
    q = order[index]
    if trigger[1] != q:
        return None
    pile = s.piles[q]
    return next((c for c in pile if CARD[c].play_when is PlayWhen.RETURN_REMOVED), None)


def _count_moved(s: DoomlingsState, entry: PlayerEntry, p: int, card: int) -> Question:
    """The points ``card`` scored by what it moved (:data:`SCORED_PER_TRAIT`), as the player
    answers it (an optional one none when unanswered); the points are added. An Opposable
    Thumbs that copies such a card is asked as it shows: ``Opposable Thumbs (as Awesome!)``."""
    name = s.shown_name(card)
    kind = s.trait(card).worlds_end
    assert kind is not None
    scored = SCORED_PER_TRAIT[kind]
    options = tuple(str(n) for n in scored.points)
    prompt = f"{name}: {scored.prompt}"
    given = entry.answer(name)
    if given is None:
        answer = "0" if scored.optional else None
        return Question(p, name, prompt, options, answer, scored.optional)
    answer = _whole_option(given, options, f"{entry.name}'s {name}")
    # Not bounded by the hand entered: a trait taken back may have been played again at
    # World's End (Sneaky, Eloquence, an opponent's Nectar), or discarded from the hand.
    s.end_points[p] += int(answer)
    return Question(p, name, prompt, options, answer, False)


def _whole_option(given: str, options: Sequence[str], what: str) -> str:
    """A number among ``options`` (``-2`` is not a close spelling of ``2``)."""
    if given.strip().lstrip("+") in options:
        return given.strip().lstrip("+")
    listed = ", ".join(options) if len(options) <= 6 else f"{options[0]} to {options[-1]}"
    raise TallyError(f"{what}: {given!r} is not one of {listed}", options)


COUNTED_AT_ITS_TURN: Final = frozenset({Doom.TOP_COLOR_COUNTS, Doom.SMALL_HAND_CARD})
"""Catastrophes whose World's End text counts the piles or hands for points when it acts (Too
Much Pink, Isolation); ``catastrophe_points`` may give what it counted then."""
HAND_CARD_TAKEN: Final = frozenset({"score_hand_card"})
"""Catastrophes' frames that take a hand card (Invasive Species), answered ``none`` where the
hand was empty then: its entered cards came after (the Blackbox order)."""
TRAIT_TAKEN: Final = frozenset(
    {"discard_own", "discard_drop", "discard_top_color", "discard_attachment"}
)
"""Catastrophes' frames that discard a trait of the pile, answered ``none`` in the Blackbox
edition where the pile held no such trait then: those entered came after, played by a World's
End trait (Spots, Sneaky, Eloquence)."""


def _doom_with_entered_points(
    s: DoomlingsState, entries: Sequence[PlayerEntry], frame: Frame
) -> None:
    """Resolve a :data:`COUNTED_AT_ITS_TURN` catastrophe's text, a player's entered
    ``catastrophe_points`` taking the place of what it counts on the entered board."""
    before = list(s.end_points)
    s.resolve_frame(frame, None)
    for p, entry in enumerate(entries):
        if entry.catastrophe_points is None:
            continue
        if not _doom_applies(s, p):
            raise TallyError(
                f"catastrophe points are given for {entry.name}, but "
                f"{AGES[s.final_doom].name} does not apply to {entry.name}"
            )
        s.end_points[p] = before[p] + entry.catastrophe_points


PICKED_AT_RANDOM: Final = frozenset({"discard_top_color"})
"""World's End frames that discard a trait picked at random (Bioengineered Plague: one of the
pile's most common colour): the trait that went is entered, as the ``World's End`` answer."""


def _tied_color_takes_nothing(s: DoomlingsState, frame: Frame) -> bool:
    """Whether ``frame``'s random discard (Bioengineered Plague) may have taken nothing: its
    player picks among tied most common colours, and one of them has no trait it may
    discard (only dominants, say)."""
    _, p, _cause = frame
    counts = [s.count_color(p, c) for c in COLORS]
    top = [c for c, n in zip(COLORS, counts, strict=True) if n == max(counts) and n > 0]
    return len(top) > 1 and any(
        not any(s.discardable(c) and s.colors_of(c) & color for c in s.piles[p]) for color in top
    )


def _random_pick(s: DoomlingsState, frame: Frame) -> Decision | None:
    """The traits ``frame``'s random discard could have taken, as a question (None: none)."""
    _, p, _cause = frame
    counts = [s.count_color(p, c) for c in COLORS]
    top = [c for c, n in zip(COLORS, counts, strict=True) if n == max(counts) and n > 0]
    cards = [c for c in s.piles[p] if s.discardable(c) and any(s.colors_of(c) & c_ for c_ in top)]
    if not cards:
        return None
    doom = AGES[s.final_doom].name
    prompt = f"{WORLDS_END} ({doom}): discard a trait of the most common color from your pile"
    return Decision(p, "discard_trait", tuple(("discard_trait", p, c) for c in cards), prompt)


def _question_key(prompt: str) -> str:
    """The card (or ``World's End``) a decision's prompt names before its colon."""
    subject = prompt.split(":", 1)[0].strip()
    return WORLDS_END if subject.startswith(WORLDS_END) else subject


def _readable(label: str, option: Option, entries: Sequence[PlayerEntry]) -> str:
    """An option's label with seats named as the players are (``from Ann's pile``) and a card
    whose name several designs print named by its design (``discard Swarm (Classic, green)``),
    as the board names it: two Swarms of different colours are two answers."""
    for item in option[1:]:
        if isinstance(item, int) and 0 <= item < N_CARDS and _NAME_COUNT[CARD[item].name] > 1:
            found = re.search(rf"\b{re.escape(CARD[item].name)}\b(?! \()", label)
            if found is not None:
                design = TRAIT_NAMES[TRAIT_OF[item]]
                label = label[: found.start()] + design + label[found.end() :]
    return re.sub(r"\bplayer (\d+)", lambda m: entries[int(m.group(1))].name, label)


def _default(s: DoomlingsState, options: Sequence[Option]) -> Option | None:
    """What an unanswered question takes when the card's choice is optional: passing (Faith
    may recolour nothing), or ending on the 3rd catastrophe (Prepper may pick it)."""
    if PASS in options:
        return PASS
    keep = ("doom", s.final_doom)
    return keep if keep in options else None


def match_option(text: str, labels: Sequence[str], what: str) -> str:
    """The label ``text`` means: the whole label, or the one label that has an end starting
    with it (``red`` for ``color red``, ``Grey Goo`` for ``end on Grey Goo``, ``red>blue`` for
    ``recolor red to blue``, ``kidn`` for ``discard Kidney from Ann's pile``), or a close
    spelling; in any case and spacing. ``red`` among ``recolor red to blue`` and ``recolor
    blue to red`` is ambiguous.

    >>> match_option("red -> blue", ["pass", "recolor red to blue", "recolor red to green"], "")
    'recolor red to blue'
    """
    wanted = match_key(_ARROW.sub(" to ", text))
    if not wanted:
        raise TallyError(f"{what}: empty answer")
    forms: dict[str, set[str]] = {}
    for label in labels:
        words = match_key(label).split()
        for i in range(len(words)):
            forms.setdefault(" ".join(words[i:]), set()).add(label)
    starts = {label for form, found in forms.items() if form.startswith(wanted) for label in found}
    whole = [label for label in labels if match_key(label) == wanted]
    if len(starts) == 1 or whole:
        return whole[0] if whole else next(iter(starts))
    if starts:
        meant = [label for label in labels if label in starts]
        raise TallyError(f"{what}: {text!r} is ambiguous: did you mean {', '.join(meant)}?", meant)
    close = [forms[f] for f in close_names(wanted, list(forms), cutoff=0.85)]
    found = {label for labels_ in close for label in labels_}
    if len(found) == 1:
        return next(iter(found))
    raise TallyError(
        f"{what}: {text!r} is not one of {', '.join(short_labels(labels))}", list(labels)
    )


_ARROW = re.compile(r"\s*(?:->|→|>)\s*")


def _unanswered(question: Question, who: str) -> str:
    if question.key == WORLDS_END:
        doom = question.prompt.split(":", 1)[0][len(WORLDS_END) :].strip(" ()")
        what = re.split(r"discard an? ", question.prompt, maxsplit=1)[-1]
        what = what.removesuffix(" from your pile")
        names = ", ".join(_discarded(o, who) for o in question.options)
        article = "an" if what[:1] in "aeiou" else "a"
        return f"{doom} makes {who} discard {article} {what}: give discarded= one of {names}"
    field = match_key(question.key).replace(" ", "_")
    ask = question.prompt.split(":", 1)[-1].strip()
    return f"{who}'s {question.key} asks {ask!r}: give {field}= one of {', '.join(question.short)}"


def _discards_named(given: str) -> list[str]:
    """The traits a ``discarded=`` answer names: one, or several separated by commas where the
    catastrophe discards more than one (Planned Obsolescence: ``discarded=GMO, Nano``). A
    comma inside brackets is part of a design's name: ``Swarm (Classic, green)``."""
    return [name.strip() for name in re.split(r",(?![^()]*\))", given) if name.strip()]


def _discarded(label: str, who: str) -> str:
    """The trait a ``discard Kidney from Ann's pile`` option discards."""
    return label.removeprefix("discard ").removesuffix(f" from {who}'s pile")


def _wrong_answer(
    s: DoomlingsState,
    entry: PlayerEntry,
    key: str,
    given: str,
    options: Sequence[str],
    exc: TallyError,
) -> str:
    if key == WORLDS_END:
        names = ", ".join(_discarded(o, entry.name) for o in options)
        return (
            f"{entry.name} cannot have discarded {given}: {entry.name} could discard only {names}"
        )
    return str(exc)


def _unasked(s: DoomlingsState, entry: PlayerEntry, p: int, question: str, given: str) -> str:
    """Why an answer was given to a question nobody asked."""
    who = entry.name
    if match_key(question) == match_key(WORLDS_END):
        info = AGES[s.final_doom]
        if s.ignoring & bit(p):
            why = f"{who}'s Denial ignored {info.name}"
        elif info.doom not in (Doom.DISCARD_TRAIT, Doom.DISCARD_ATTACHMENTS, Doom.DISCARD_DROP):
            why = f"{info.name} discards nothing"
        else:
            why = f"{who}'s pile has no {_words(s.final_doom)} to discard"
        return f"{who} cannot have discarded {given}: {why}"
    card = _maybe(question, TRAIT_NAMES)
    if card is None:
        return f"{who}: unknown question {question!r}; a card in the pile names its question"
    if not any(TRAIT_NAMES[TRAIT_OF[c]] == card for c in s.piles[p]):
        return f"a choice for {card} is given, but {card} is not in {who}'s pile"
    silencer = (
        AGES[s.final_doom].name if silenced(s.final_doom, TRAITS[TRAIT_NAMES.index(card)]) else None
    )
    if silencer is not None:
        return f"{silencer} silences {card}: it asks nothing"
    return f"a choice for {card} is given, but {card} asks nothing when the world ends here"


def _words(doom: int) -> str:
    if AGES[doom].doom is Doom.DISCARD_ATTACHMENTS:  # --- newer ---
        return "attachment"
    if AGES[doom].doom is Doom.DISCARD_DROP:
        return "trait with a Drop of Life"
    flt = AGES[doom].doom_filter
    return flt.words() if flt is not None else "trait"


def _apply_tie_draws(s: DoomlingsState, entries: Sequence[PlayerEntry]) -> None:
    """The ``draw`` tie-break: every player tied for the lead drew, and only they did."""
    given = {p: e.tie_draw for p, e in enumerate(entries) if e.tie_draw is not None}
    if not given:
        return
    scores = final_scores(s)
    best = max(scores)
    tied = [p for p in range(len(entries)) if scores[p] == best]
    if len(tied) < 2:
        raise TallyError(
            f"a tie draw is given, but {entries[tied[0]].name} leads alone with {best} points"
        )
    wrong = [entries[p].name for p in given if p not in tied]
    if wrong:
        raise TallyError(f"a tie draw is given for {wrong[0]}, who is not tied for the lead")
    missing = [entries[p].name for p in tied if p not in given]
    if missing:
        raise TallyError(f"{', '.join(missing)} tied for the lead too: give their tie draw")
    for p, value in given.items():
        if value not in TIE_DRAW_RANGE:
            raise TallyError(
                f"{entries[p].name}'s tie draw is {value}; a face value is "
                f"{TIE_DRAW_RANGE.start} to {TIE_DRAW_RANGE.stop - 1}"
            )
        s.tie_draws[p] = value


def _late_cards(entry: PlayerEntry, pile: list[int]) -> set[int]:
    """The card ids of ``entry.after_faith``: the last copies of those traits in the pile."""
    late: set[int] = set()
    for name, wanted in Counter(match_name(n, TRAIT_NAMES) for n in entry.after_faith).items():
        copies = [c for c in pile if TRAIT_NAMES[TRAIT_OF[c]] == name]
        if len(copies) < wanted:
            raise TallyError(
                f"{entry.name}: {name} came after Faith {wanted} times, but the pile holds "
                f"{len(copies)}"
            )
        late.update(copies[len(copies) - wanted :])
    return late


__all__ = [
    "CATASTROPHES",
    "CLASSIC",
    "EDITIONS",
    "TRAIT_NAMES",
    "WORLDS_END",
    "Need",
    "PlayerEntry",
    "Question",
    "TallyError",
    "Table",
    "card_sets",
    "design_label",
    "in_sets",
    "board_from_entries",
    "catastrophe_index",
    "SCORED_MOVES",
    "check_piles",
    "counts_under",
    "finished_board",
    "color_bit",
    "match_key",
    "match_name",
    "match_option",
    "short_labels",
    "needs",
    "questions",
    "questions_board",
    "trait_index",
    "meaning_index",
    "pile_needs",
    "discard_counts_read",
    "trinket_index",
]
