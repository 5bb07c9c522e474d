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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from doomtable.engine import DoomtableError, close_names, did_you_mean
from doomtable.games.doomlings.cards import (
    COLOR_BY_NAME,
    Bonus,
    Count,
    Doom,
    Persistent,
    Trait,
)
from doomtable.games.doomlings.data import AGES, BIRTH_OF_LIFE, FOUR_HORSEMEN, TRAIT_OF, TRAITS
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import HAND_CONTENT_COUNTS, final_scores, silenced
from doomtable.games.doomlings.state import CARD, MAX_GENE_POOL, MIN_GENE_POOL, N_CARDS, bit

MIN_PLAYERS, MAX_PLAYERS = 1, 8  # as the game itself (the Classic FAQ allows more than 6)
"""One player: a solo Genetic Mishap board (the Lab's cards are simply not entered)."""
DEFAULT_GENE_POOL = 5
DEUS_RANGE = range(-2, 6)
"""Deus Ex Machina adds the drawn card's face value, at most 5; the lowest face value is -2."""
TIE_DRAW_RANGE = range(min(t.face or 0 for t in TRAITS), max(t.face or 0 for t in TRAITS) + 1)
"""The face value a tied player can draw in the ``draw`` tie-break (a variable one counts 0)."""

CATASTROPHES: tuple[str, ...] = tuple(a.name for a in AGES if a.catastrophe)
TRAIT_NAMES: tuple[str, ...] = tuple(t.name for t in TRAITS)
COLOR_WORDS: tuple[str, ...] = tuple(COLOR_BY_NAME)
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
    of ``hand`` names; ``gene_pool`` to 5. ``sentience`` and ``viral`` are the colours named for
    those cards (or ``"none"``), ``faith`` a (from, to) recolour, ``prepper`` the catastrophe
    Prepper picked, ``deus`` the value Deus Ex Machina added, and ``denial`` says the player's
    Denial ignored the final catastrophe.

    ``traits`` is the pile before the catastrophe's own World's End discard (Pulse Event and
    the like): the calculator applies it, taking ``discarded`` when the player had a choice.
    ``after_faith`` names traits that came into the pile after Faith recoloured it (they keep
    their colours); ``tie_draw`` is the face value drawn in the ``draw`` tie-break.
    """

    name: str
    traits: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    hand_size: int | None = None
    gene_pool: int | None = None
    deus: int | None = None
    sentience: str | None = None
    viral: str | None = None
    faith: tuple[str, str] | None = None
    prepper: str | None = None
    denial: bool = False
    discarded: str | None = None
    after_faith: tuple[str, ...] = ()
    tie_draw: int | None = None


class Need(Enum):
    """A fact a player's pile makes the calculator ask for."""

    HAND_SIZE = "hand size"
    HAND_CARDS = "the names of the hand's cards"
    GENE_POOL = "Gene Pool"
    SENTIENCE = "the colour named for Sentience"
    VIRAL = "the colour named for Viral"
    FAITH = "Faith's recolour (optional)"
    PREPPER = "the catastrophe Prepper picked (optional)"
    DENIAL = "whether Denial ignored the final catastrophe"
    DEUS = "the value Deus Ex Machina added"
    DISCARD = "which trait the World's End discard took"


# --------------------------------------------------------------------------- names


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.casefold()).strip()


def match_name(text: str, names: Sequence[str], what: str = "card") -> str:
    """The one name in ``names`` that ``text`` means: the same words in any case or spacing,
    a unique start of a name, or a unique close spelling; else a :class:`TallyError` with
    suggestions.

    >>> match_name("pack behaviour", TRAIT_NAMES), match_name("kidny", TRAIT_NAMES)
    ('Pack Behavior', 'Kidney')
    >>> match_name("self", TRAIT_NAMES)
    Traceback (most recent call last):
    ...
    doomtable.games.doomlings.tally.TallyError: card 'self' is ambiguous: did you mean \
Self-Awareness, Self-Replicating, Selfish?
    """
    by_key = {_key(name): name for name in names}
    key = _key(text)
    if not key:
        raise TallyError(f"empty {what} name")
    if key in by_key:
        return by_key[key]
    starts = [name for k, name in by_key.items() if k.startswith(key)]
    close = close_names(text, names, cutoff=0.7)
    candidates = list(dict.fromkeys(starts + close))
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise TallyError(
            f"{what} {text!r} is ambiguous: did you mean {', '.join(candidates)}?", candidates
        )
    loose = close_names(text, names, cutoff=0.5)
    hint = did_you_mean(text, names, cutoff=0.5)
    raise TallyError(f"unknown {what} {text!r}" + (f"; {hint}" if hint else ""), loose)


def trait_index(text: str) -> int:
    """The index in ``TRAITS`` of the trait ``text`` names."""
    return TRAIT_NAMES.index(match_name(text, TRAIT_NAMES, "card"))


def catastrophe_index(text: str) -> int:
    """The index in ``AGES`` of the catastrophe ``text`` names; an age is refused."""
    ages = [a.name for a in AGES]
    try:
        name = match_name(text, CATASTROPHES, "catastrophe")
    except TallyError:
        age = _maybe(text, ages)
        if age is not None:
            raise TallyError(f"{age} is an age, not a catastrophe") from None
        raise
    return ages.index(name)


def color_bit(text: str) -> int:
    """The colour bit ``text`` names (``red``, ``Blue``, ``purp``)."""
    return COLOR_BY_NAME[match_name(text, COLOR_WORDS, "colour")]


def _maybe(text: str, names: Sequence[str]) -> str | None:
    try:
        return match_name(text, names)
    except TallyError:
        return None


# --------------------------------------------------------------------------- needs


def final_doom(entries: Sequence[PlayerEntry], catastrophe: str) -> int:
    """The catastrophe whose World's End text applies: Prepper's pick, else the 3rd one."""
    third = catastrophe_index(catastrophe)
    picks = [e.prepper for e in entries if e.prepper]
    if len(picks) > 1:
        raise TallyError("Prepper picks are given for two players; the deck has 1 Prepper")
    return catastrophe_index(picks[0]) if picks else third


def needs(traits: Sequence[str], doom: int) -> set[Need]:
    """What the calculator must know besides the pile, when ``doom`` ends the world.

    >>> sorted(n.name for n in needs(["Saudade", "Fortunate"], catastrophe_index("Grey Goo")))
    ['HAND_CARDS', 'HAND_SIZE']
    >>> needs(["Saudade"], catastrophe_index("AI Takeover"))  # silenced: worth 2, no bonus
    set()
    """
    found: set[Need] = set()
    for name in traits:
        trait = TRAITS[trait_index(name)]
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
        extra = {
            "Sentience": Need.SENTIENCE,
            "Viral": Need.VIRAL,
            "Faith": Need.FAITH,
            "Prepper": Need.PREPPER,
        }.get(trait.name)
        if extra is not None:
            found.add(extra)
        if trait.persistent is Persistent.IGNORE_CATASTROPHE and doom != FOUR_HORSEMEN:
            found.add(Need.DENIAL)
    if doom >= 0 and AGES[doom].name == "Deus Ex Machina":
        found.add(Need.DEUS)
    return found


# --------------------------------------------------------------------------- the board


def board_from_entries(entries: Sequence[PlayerEntry], catastrophe: str) -> DoomlingsState:
    """A finished game holding exactly the entered board, ready for ``scoring.breakdown``.

    >>> from doomtable.games.doomlings.scoring import breakdown
    >>> s = board_from_entries(
    ...     [PlayerEntry("Ann", ("Kidney", "kidney", "KIDNEY")), PlayerEntry("Bob", ("Bark",))],
    ...     "Grey Goo",
    ... )
    >>> breakdown(s, 0).total, breakdown(s, 1).total, s.winners()
    (4, 2, [0])
    """
    return _board(entries, catastrophe, apply_discards=True)


def _board(
    entries: Sequence[PlayerEntry], catastrophe: str, *, apply_discards: bool
) -> DoomlingsState:
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise TallyError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(entries)}")
    names = [e.name for e in entries]
    twice = [n for n, k in Counter(names).items() if k > 1]
    if twice:
        raise TallyError(f"two players are called {twice[0]!r}")
    third = catastrophe_index(catastrophe)
    doom = final_doom(entries, catastrophe)
    check_piles(entries)
    piles = [[trait_index(t) for t in e.traits] for e in entries]
    hands = [[trait_index(t) for t in e.hand] for e in entries]
    for entry, pile in zip(entries, piles, strict=True):
        _check_entry(entry, pile, third, doom)
    pool = _CardPool()
    pile_ids = [[pool.take(t) for t in pile] for pile in piles]
    hand_ids = [[pool.take(t) for t in hand] for hand in hands]
    for entry, hand in zip(entries, hand_ids, strict=True):
        size = len(hand) if entry.hand_size is None else entry.hand_size
        hand.extend(pool.filler() for _ in range(size - len(hand)))

    draws = any(e.tie_draw is not None for e in entries)
    options = {"tiebreak": "draw" if draws else "casual"}
    if len(entries) == 1:
        options["variant"] = "genetic-mishap"
    s = DoomlingsState.create(len(entries), 0, options)
    s.piles = pile_ids
    s.hands = hand_ids
    s.deck = pool.rest()
    s.discard = []
    s.gene_pool = [DEFAULT_GENE_POOL if e.gene_pool is None else e.gene_pool for e in entries]
    s.gp_applied = []
    s.recolor = [-1] * N_CARDS
    s.named_color = [-1] * N_CARDS
    s.end_points = [e.deus or 0 for e in entries]
    s.revealed = []
    s.age_seen = 0
    s.age_deck = []
    picked = [doom] if doom != third else []
    s.eras = [[BIRTH_OF_LIFE, *picked, third]]
    s.age = third
    s.catastrophes = 3
    s.final_doom = doom
    s.turn_player = -1
    s.hero = -1
    s.ignoring = 0
    s.denial_spent = False
    for p, (entry, pile) in enumerate(zip(entries, pile_ids, strict=True)):
        _apply_choices(s, p, entry, pile)
    if apply_discards:
        for p, entry in enumerate(entries):
            _apply_discard(s, p, entry)
    s.over = True  # scoring counts World's End only once the game is over
    if apply_discards:
        _apply_tie_draws(s, entries)
    s.stack = []
    s.events = []
    s.log = []
    # Reload through the engine's own loader so its pending decision agrees: none, game over.
    return DoomlingsState.from_dict(s.to_dict())


class _CardPool:
    """Card ids not yet placed; copies of a trait are handed out in id order."""

    def __init__(self) -> None:
        self._free: list[int] = list(range(N_CARDS))

    def take(self, trait: int) -> int:
        card = next(c for c in self._free if TRAIT_OF[c] == trait)
        self._free.remove(card)
        return card

    def filler(self) -> int:
        plain = [c for c in self._free if CARD[c].effectless]
        card = (plain or self._free)[0]
        self._free.remove(card)
        return card

    def rest(self) -> list[int]:
        return list(self._free)


def check_piles(entries: Sequence[PlayerEntry]) -> None:
    """Refuse piles no game could end with: more copies of a card than the deck holds (piles
    and named hand cards together), or too many dominants."""
    placed: Counter[int] = Counter()
    for entry in entries:
        pile = [trait_index(t) for t in entry.traits]
        placed.update(pile)
        placed.update(trait_index(t) for t in entry.hand)
        dominants = sum(1 for t in pile if TRAITS[t].dominant)
        limit = 3 if any(TRAITS[t].name == "Heroic" for t in pile) else 2
        if dominants > limit:
            why = "even with Heroic" if limit == 3 else "without Heroic"
            raise TallyError(f"{entry.name} has {dominants} dominant traits; at most {limit} {why}")
    for trait, n in placed.items():
        copies = TRAITS[trait].copies
        if n > copies:
            have = "only 1 copy" if copies == 1 else f"only {copies} copies"
            raise TallyError(f"{TRAITS[trait].name} is entered {n} times; the deck has {have}")
    total = sum(placed.values()) + sum(max(0, (e.hand_size or 0) - len(e.hand)) for e in entries)
    if total > N_CARDS:
        raise TallyError(f"{total} cards entered; the deck has only {N_CARDS}")


def _check_entry(entry: PlayerEntry, pile: list[int], third: int, doom: int) -> None:
    who = entry.name
    has = {TRAITS[t].name for t in pile}
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
    for card, given in (
        ("Sentience", entry.sentience),
        ("Viral", entry.viral),
        ("Faith", entry.faith),
        ("Denial", entry.denial or None),
    ):
        if given is not None and card not in has:
            raise TallyError(f"a choice for {card} is given, but {card} is not in {who}'s pile")
    wanted = needs([TRAITS[t].name for t in pile], doom)
    if Need.HAND_SIZE in wanted and entry.hand_size is None and not entry.hand:
        raise TallyError(f"{who}'s pile counts the hand: give {who}'s hand size")
    if Need.HAND_CARDS in wanted:
        size = len(entry.hand) if entry.hand_size is None else entry.hand_size
        if size > len(entry.hand):
            raise TallyError(
                f"{who}'s pile counts what the hand holds (Boredom, Brave or Saudade): "
                f"name all {size} hand cards"
            )
    if Need.GENE_POOL in wanted and entry.gene_pool is None:
        raise TallyError(f"{who}'s pile counts the Gene Pool: give {who}'s Gene Pool")
    for card, need, color in (
        ("Sentience", Need.SENTIENCE, entry.sentience),
        ("Viral", Need.VIRAL, entry.viral),
    ):
        if need in wanted and color is None:
            raise TallyError(f"{who} has {card}: give the colour named for it")
    if entry.prepper is not None:
        prepper = TRAITS[TRAIT_NAMES.index("Prepper")]
        if silenced(third, prepper):
            raise TallyError(f"{AGES[third].name} silences Prepper: it picks no catastrophe")
        if "Prepper" not in has and not _discards(doom, prepper):
            raise TallyError(
                f"a choice for Prepper is given, but Prepper is not in {who}'s pile"
                f" (only a pick that discards it, like Nuclear Winter, can take it away)"
            )
    if entry.denial and third == FOUR_HORSEMEN:
        raise TallyError("The Four Horsemen cannot be ignored with Denial")
    if Need.DEUS in wanted and not entry.denial:
        if entry.deus is None:
            raise TallyError(f"the world ends with Deus Ex Machina: give the value {who} drew")
        if entry.deus not in DEUS_RANGE:
            raise TallyError(
                f"{who}'s Deus Ex Machina value is {entry.deus}; it is "
                f"{DEUS_RANGE.start} to {DEUS_RANGE.stop - 1}"
            )
    elif entry.deus is not None:
        why = "Denial ignored it" if entry.denial else "the world does not end with it"
        raise TallyError(f"a Deus Ex Machina value is given for {who}, but {why}")


def _late_cards(entry: PlayerEntry, pile: list[int]) -> set[int]:
    """The card ids of ``entry.after_faith``: the last copies of those traits in the pile."""
    late: set[int] = set()
    for name, wanted in Counter(match_name(n, TRAIT_NAMES) for n in entry.after_faith).items():
        copies = [c for c in pile if CARD[c].name == name]
        if len(copies) < wanted:
            raise TallyError(
                f"{entry.name}: {name} came after Faith {wanted} times, but the pile holds "
                f"{len(copies)}"
            )
        late.update(copies[len(copies) - wanted :])
    return late


def discard_candidates(state: DoomlingsState, player: int) -> list[int]:
    """The traits of ``player``'s pile the final catastrophe's World's End discard may take
    (after Faith's recolour), as the rules offer them."""
    info = AGES[state.final_doom]
    flt = info.doom_filter
    if info.doom is not Doom.DISCARD_TRAIT or flt is None or state.ignoring & bit(player):
        return []
    return [c for c in state.piles[player] if state.movable(c) and state.matches(c, flt)]


def discard_choices(entries: Sequence[PlayerEntry], catastrophe: str, player: int) -> list[str]:
    """The distinct traits ``entries[player]`` could have discarded at World's End (with
    every other choice as entered): the calculator asks only when there are two or more."""
    chosen = [replace(e, discarded=None, tie_draw=None) for e in entries]
    state = _board(chosen, catastrophe, apply_discards=False)
    return list(dict.fromkeys(CARD[c].name for c in discard_candidates(state, player)))


def _apply_discard(s: DoomlingsState, p: int, entry: PlayerEntry) -> None:
    """The final catastrophe's World's End discard, as ``h_discard_own`` makes it."""
    info = AGES[s.final_doom]
    cards = discard_candidates(s, p)
    names = list(dict.fromkeys(CARD[c].name for c in cards))
    who = entry.name
    if entry.discarded is None:
        if len(names) > 1:
            raise TallyError(
                f"{info.name} makes {who} discard a {_words(s.final_doom)}: give discarded= "
                f"one of {', '.join(names)}"
            )
        if not names:
            return
        chosen = names[0]
    else:
        chosen = match_name(entry.discarded, TRAIT_NAMES)
        if chosen not in names:
            if info.doom is not Doom.DISCARD_TRAIT:
                why = f"{info.name} discards nothing"
            elif s.ignoring & bit(p):
                why = f"{who}'s Denial ignored {info.name}"
            elif names:
                why = f"{who} could discard only {', '.join(names)}"
            else:
                why = f"{who}'s pile has no {_words(s.final_doom)} to discard"
            raise TallyError(f"{who} cannot have discarded {chosen}: {why}")
    card = next(c for c in cards if CARD[c].name == chosen)
    if CARD[card].persistent is Persistent.COMES_BACK:
        return  # Endurance returns to the pile at once
    s.leave_pile(p, card)
    s.discard_pile(p).append(card)


def _words(doom: int) -> str:
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


def _discards(doom: int, trait: Trait) -> bool:
    """Whether ``doom``'s World's End text makes its players discard a trait like ``trait``
    (so the trait may be gone from the pile by scoring time)."""
    info = AGES[doom]
    rule = info.doom_filter
    if info.doom is not Doom.DISCARD_TRAIT or rule is None:
        return False
    return rule.accepts(trait.colors, trait.face or 0)


def _apply_choices(s: DoomlingsState, p: int, entry: PlayerEntry, pile: list[int]) -> None:
    """The World's End choices, stored where the rules store them."""
    by_name = {CARD[c].name: c for c in pile}
    for card, color in (("Sentience", entry.sentience), ("Viral", entry.viral)):
        if color is not None and _key(color) != NO_COLOR:
            s.named_color[by_name[card]] = color_bit(color)
    if entry.faith is not None:
        old, new = (color_bit(c) for c in entry.faith)
        if old == new:
            raise TallyError(f"{entry.name}'s Faith recolours {entry.faith[0]} into itself")
        late = _late_cards(entry, pile)
        s.piles[p] = [c for c in pile if c not in late]
        s.recolor_pile(p, old, new)
        s.piles[p] = pile
    elif entry.after_faith:
        raise TallyError(f"{entry.name}: traits after Faith are given, but no Faith recolour")
    if entry.denial:
        s.ignoring |= bit(p)
        s.denial_spent = True
    if s.dominants(p) > 2:
        s.hero = p


__all__ = [
    "CATASTROPHES",
    "TRAIT_NAMES",
    "Need",
    "PlayerEntry",
    "TallyError",
    "board_from_entries",
    "check_piles",
    "catastrophe_index",
    "discard_candidates",
    "discard_choices",
    "color_bit",
    "final_doom",
    "match_name",
    "needs",
    "trait_index",
]
