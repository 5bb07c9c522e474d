"""Scoring: the final catastrophe's gold text, face values, Drop of Life bonuses.

The engine's running score, the final score and the score calculator all call
:func:`breakdown`; there is no second implementation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from doomtable.games.doomlings.cards import (  # --- overlush (traits b) ---
    COLORLESS,
    COLORS,
    AllColorsBonus,
    Bonus,
    BothGoals,
    ColorThreshold,
    Count,
    CountdownGoal,
    Doom,
    DrawForPoints,
    FamiliesBonus,
    FewestGoal,
    IfPile,
    LowestGoal,
    LowGenePoolBonus,
    MostGoal,
    MostTraitsBonus,
    OpponentsColorDeficit,
    Pattern,
    PatternGoal,
    Persistent,
    Ranked,
    SuppressedUnderBonus,
    Tally,
    ThresholdBonus,
    TierGoal,
    Trait,
    WorldsEnd,
)
from doomtable.games.doomlings.data import AGES, MEANINGS, TRAIT_OF, TRAIT_SET, TRINKETS
from doomtable.games.doomlings.state import (
    FACE_VALUE,
    NO_TIE_DRAW,
    SET_OF_CARD,
    DoomlingsBase,
    bit,
)


@dataclass
class Breakdown:
    """One player's score, step by step."""

    catastrophe: int = 0
    face: int = 0
    bonuses: list[tuple[str, int]] = field(default_factory=list)
    worlds_end: int = 0
    opponents: list[tuple[str, int]] = field(default_factory=list)
    tie_draw: int | None = None  # Blackbox: the face value drawn to break a tie
    trinkets: list[tuple[str, int]] = field(default_factory=list)  # --- trinkets: pocketed
    meanings: list[tuple[str, int]] = field(default_factory=list)  # --- meaning of life ---

    @property
    def total(self) -> int:
        return (
            self.catastrophe
            + self.face
            + self.worlds_end
            + (self.tie_draw or 0)
            + sum(p for _, p in self.bonuses)
            + sum(p for _, p in self.opponents)
            + sum(p for _, p in self.trinkets)
            + sum(p for _, p in self.meanings)
        )

    def as_dict(self) -> dict[str, object]:
        steps: dict[str, object] = {
            "catastrophe": self.catastrophe,
            "face": self.face,
            "bonuses": [{"card": n, "points": p} for n, p in self.bonuses],
            "worlds_end": self.worlds_end,
            "opponents": [{"card": n, "points": p} for n, p in self.opponents],
        }
        if self.tie_draw is not None:
            steps["tie_draw"] = self.tie_draw
        if self.trinkets:  # --- trinkets ---
            steps["trinkets"] = [{"trinket": n, "points": p} for n, p in self.trinkets]
        if self.meanings:  # --- meaning of life: a line per card, only where they are played
            steps["meanings"] = [{"card": n, "points": p} for n, p in self.meanings]
        steps["total"] = self.total
        return steps


def silenced(final_doom: int, trait: Trait) -> bool:
    """AI Takeover: a non-dominant colourless trait is worth 2 and its effects count for nothing."""
    doom = AGES[final_doom].doom if final_doom >= 0 else None
    return doom is Doom.COLORLESS_WORTH_TWO and not trait.dominant and not trait.colors


def _silenced(s: DoomlingsBase, card: int) -> bool:
    # No final catastrophe yet (most of a game): nothing is silenced, known without a lookup.
    return s.final_doom >= 0 and silenced(s.final_doom, s.trait(card))


def scored_face(s: DoomlingsBase, card: int) -> int:
    """A trait's face value as scoring sees it: 2 for a trait AI Takeover makes "worth 2" (so
    Pollination and Immunity count it as a 2), else the printed value (variable = 0), twice
    that under Solar-Powered."""
    face = 2 if _silenced(s, card) else FACE_VALUE[s.same(card) if s.copies else card]
    return 2 * face if s.attached and s.doubled(card) else face


def count(
    s: DoomlingsBase,
    p: int,
    card: int,
    what: Count,
    color: int | None,
    family: str | None = None,
) -> int:
    """The quantity a Drop of Life bonus counts for player ``p``."""
    if what in _PILE_COUNTS and s.hands[p] and _sparkling(s, p):  # --- overlush (traits b) ---
        return _count_with_hand(s, p, card, what, color)
    pile = s.piles[p]
    hand = s.hands[p]
    if what is Count.GENE_POOL:
        return s.gene_pool[p]
    if what is Count.EFFECT_CARDS_IN_HAND:
        return sum(1 for c in hand if not s.trait(c).effectless)
    if what is Count.HAND:
        return len(hand)
    if what is Count.DOMINANTS_IN_HAND:
        return sum(1 for c in hand if s.trait(c).dominant)
    if what is Count.COLORS_IN_PILE:
        return bin(s.colors_in_pile(p)).count("1")
    if what is Count.COLORS_IN_HAND:
        mask = 0
        for c in hand:
            mask |= s.trait(c).colors
        return bin(mask).count("1")
    if what is Count.SAME_NAME:  # by name: Overlush's green Kidney is a Kidney too
        return sum(1 for c in pile if s.trait(c).name == s.trait(card).name)
    if what is Count.SAME_NAME_ALL_PILES:
        # By name: Overlush's Swarms of other colours are Swarms too.
        name = s.trait(card).name
        return sum(1 for q in range(s.players) for c in s.piles[q] if s.trait(c).name == name)
    if what is Count.COLOR_IN_PILE or what is Count.COLOR_ELSEWHERE:
        assert color is not None
        return s.count_color(p, color)
    if what is Count.TRAITS:
        return s.trait_count(p)
    if what is Count.FACE_ONE:
        return sum(1 for c in pile if s.trait(c).face is not None and scored_face(s, c) == 1)
    if what is Count.NEGATIVE_FACE:
        return sum(1 for c in pile if scored_face(s, c) < 0)
    if what is Count.COLOR_PAIRS:
        return sum(s.count_color(p, c) // 2 for c in COLORS)
    if what is Count.GREEN_PAIRS_OPPONENTS:
        return sum(s.count_color(q, 2) // 2 for q in range(s.players) if q != p)
    if what is Count.LOWEST_COLOR:
        counts = [n for n in (s.count_color(p, c) for c in COLORS) if n]
        return min(counts) if len(counts) >= 2 else 0
    # --- overlush (traits b) ---
    if what is Count.COLORS_OF_THREE:
        return sum(1 for c in COLORS if s.count_color(p, c) >= 3)
    if what is Count.FEWER_OF_PAIR:
        assert color is not None
        return min(s.count_color(p, c) for c in COLORS if color & c)
    if what in _EXPANSION_COUNTS:
        return expansion_count(s, p, card, what, family)
    if what is Count.MYTHLINGS_ALL_PILES:  # --- mythlings ---
        return sum(1 for q in range(s.players) for c in s.piles[q] if _MYTHLING[s.same(c)])
    # --- deeplings ---
    if what is Count.FACE_ONE_TRAITS:
        return sum(1 for c in pile if s.trait(c).face is not None and scored_face(s, c) == 1)
    if what is Count.OPPONENTS_WITH_MORE_TRAITS:
        mine = s.trait_count(p)
        return sum(1 for q in range(s.players) if q != p and s.trait_count(q) > mine)
    if what is Count.SUPPRESSED_UNDER_THIS:
        return s.suppressed_under[p].count(card)
    # --- moonlings ---
    if what is Count.SAME_SET:
        return sum(1 for c in pile if _SET_OF[s.same(c)] == _SET_OF[s.same(card)])
    if what is Count.LOWEST_GENE_POOL:
        return min(s.gene_pool)
    # --- overlush ---
    if what is Count.LOWER_OF_COLORS:
        assert color is not None
        return min(s.count_color(p, c) for c in COLORS if color & c)
    if what is Count.FULL_COLOR_SETS:
        return min(s.count_color(p, c) for c in COLORS)
    if what is Count.OPPONENT_DOMINANTS:  # --- glitterlings ---
        return sum(1 for q in range(s.players) if q != p for c in s.piles[q] if s.trait(c).dominant)
    # Count.CHOSEN_COLOR
    named = s.named_color[card]
    return s.count_color(p, named) if named >= 0 else 0


_SET_OF: Final = tuple(TRAIT_SET[t] for t in TRAIT_OF)
"""The card set of every card id (Mufflemops counts its own set's traits)."""

HAND_CONTENT_COUNTS: Final = frozenset(
    {Count.EFFECT_CARDS_IN_HAND, Count.DOMINANTS_IN_HAND, Count.COLORS_IN_HAND}
)
"""Counts that depend on which cards a hand holds, not just how many."""


def breakdown(
    s: DoomlingsBase, p: int, viewer: int | None = None, with_meanings: bool = True
) -> Breakdown:
    """Player ``p``'s score now (the catastrophe step counts once the world has ended).

    With a ``viewer`` other than ``p``, bonuses that count the contents of ``p``'s hidden hand
    are left out, and so are ``p``'s hidden Meaning of Life cards until the game is over, so
    a running score never leaks a hand or an objective. ``with_meanings=False`` leaves every
    Meaning of Life card out (The Dancer compares the scores before them).
    """
    result = Breakdown()
    hide_hand = viewer is not None and viewer != p and not s.over
    # Sparkles: every count of the pile reads the hand too, so none may be shown to others.
    hide_counts = hide_hand and _sparkling(s, p)
    pile = s.piles[p]
    for card in pile:
        trait = s.trait(card)
        name = s.shown_name(card) if s.copies else trait.name  # Opposable Thumbs (as Tiny)
        result.face += scored_face(s, card)
        if _silenced(s, card) or (s.attached and s.inactive(card)):
            continue
        bonus = trait.bonus
        if isinstance(bonus, Bonus):
            if hide_hand and (bonus.count in HAND_CONTENT_COUNTS or hide_counts):
                continue
            units = count(s, p, card, bonus.count, bonus.color, bonus.family)
            points = bonus.points * (units // bonus.per)
            result.bonuses.append((name, points))
        elif isinstance(bonus, MostTraitsBonus):
            mine = s.trait_count(p)
            most = all(s.trait_count(q) < mine for q in range(s.players) if q != p)
            result.bonuses.append((name, bonus.points if most else 0))
        elif isinstance(bonus, ColorThreshold) and not hide_counts:  # --- overlush (traits b) ---
            result.bonuses.append((name, bonus.points if _threshold_met(s, p, bonus) else 0))
        elif isinstance(bonus, AllColorsBonus) and not hide_counts:  # --- mythlings ---
            cards = _counted(s, p)
            every = all(_color_count(s, cards, c) for c in COLORS)
            result.bonuses.append((name, bonus.points if every else 0))
        # --- deeplings, moonlings ---
        elif isinstance(bonus, ThresholdBonus):
            n = count(s, p, card, bonus.count, None)
            result.bonuses.append((name, bonus.points if bonus.applies(n) else 0))
        elif isinstance(bonus, LowGenePoolBonus):
            low = s.gene_pool[p] <= bonus.at_most
            result.bonuses.append((name, bonus.points if low else 0))
        elif isinstance(bonus, IfPile) and not hide_counts:  # --- overlush ---
            n = sum(1 for c in _counted(s, p) if s.matches(c, bonus.filter))
            met = n <= bonus.n if bonus.at_most else n >= bonus.n
            result.bonuses.append((name, bonus.points if met else 0))
        elif isinstance(bonus, FamiliesBonus):  # --- fuzelings ---
            n = sum(1 for c in pile if c == card or _SET_OF[s.same(c)] in bonus.families)
            result.bonuses.append((name, bonus.points * n))
        elif isinstance(bonus, SuppressedUnderBonus):
            under = s.suppressed_under[p]
            met = any(_SET_OF[s.same(c)] in bonus.families and c in under for c in pile)
            result.bonuses.append((name, bonus.points if met else 0))
    for q in range(s.players):
        if q == p:
            continue
        for card in s.piles[q]:
            trait = s.trait(card)
            name = s.shown_name(card) if s.copies else trait.name
            if (
                trait.worlds_end is WorldsEnd.PENALTY_PER_COLOR
                and s.named_color[card] >= 0
                and not (s.attached and s.inactive(card))
            ):
                result.opponents.append((name, -s.count_color(p, s.named_color[card])))
            elif _silenced(s, card) or (s.attached and s.inactive(card)):
                continue  # AI Takeover, or Lyonization attached: no bonus on anyone's score
            elif isinstance(trait.bonus, OpponentsColorDeficit):
                fewer = sum(1 for c in COLORS if s.count_color(p, c) < s.count_color(q, c))
                result.opponents.append((name, trait.bonus.points * fewer))
            elif isinstance(trait.bonus, LowGenePoolBonus):
                low = s.gene_pool[p] <= trait.bonus.at_most  # --- moonlings: Jibwib ---
                result.opponents.append((name, trait.bonus.points if low else 0))
    result.worlds_end = s.end_points[p]
    for trinket in s.pocketed[p]:  # --- trinkets ---
        result.trinkets.append((TRINKETS[trinket].name, TRINKETS[trinket].value))
    if s.TIE_DRAW_SCORES and s.tie_draws[p] != NO_TIE_DRAW:
        result.tie_draw = s.tie_draws[p]
    if s.final_doom >= 0 and s.over and not s.ignoring & bit(p) and doom_turned_away(s) < 0:
        result.catastrophe = doom_points(s, p)
    if with_meanings and s.meanings[p] and not hide_hand:  # --- meaning of life ---
        for m in s.meanings[p]:
            result.meanings.append((MEANINGS[m].name, meaning_points(s, p, m, result, viewer)))
    return result


def doom_points(s: DoomlingsBase, p: int) -> int:
    """Points from the final catastrophe's gold text for player ``p``."""
    info = AGES[s.final_doom]
    if info.doom in EXPANSION_DOOMS:  # --- overlush catastrophes ---
        return expansion_doom_points(s, p, info.doom, info.doom_color)
    sizes = [s.trait_count(q) for q in range(s.players)]
    if info.doom is Doom.MOST_TRAITS_MINUS_FIVE:
        return -5 if sizes[p] == max(sizes) else 0
    if info.doom is Doom.FEWEST_TRAITS_PLUS_FOUR:
        return 4 if sizes[p] == min(sizes) else 0
    if info.doom is Doom.MINUS_PER_COLOR:
        assert info.doom_color is not None
        return -s.count_color(p, info.doom_color)
    if info.doom is Doom.MINUS_PER_MISSING_COLOR:
        return -2 * (4 - bin(s.colors_in_pile(p)).count("1"))
    # --- deeplings, moonlings ---
    if info.doom is Doom.MANY_TRAITS_MINUS_FIVE:
        return -5 if sizes[p] >= 12 else 0
    if info.doom is Doom.HIGH_GENE_POOL_MINUS_FIVE:
        return -5 if s.gene_pool[p] >= 4 else 0
    if info.doom is Doom.MINUS_PER_MATCH:
        flt = info.doom_filter
        assert flt is not None
        return -sum(1 for c in s.piles[p] if flt.accepts(s.colors_of(c), scored_face(s, c)))
    if info.doom in NEWER_DOOMS:  # --- newer ---
        return newer_doom_points(s, p, info.doom)
    return 0


# --- newer (2025, unverified) ---
CROWDED: Final = 20
"""Anoxic Event's gold text costs 7 to a pile of more traits than this."""
SPARED_FAMILY: Final = "mythlings"
"""Discovery of Magic spares this set's cards from its discards and adds them from the hand."""
OLD_POWER_FAMILIES: Final = ("mythlings", "dinolings", "techlings")
"""The sets whose dominants Titan's Call rewards."""
NEWER_DOOMS: Final = frozenset({Doom.CROWDED_MINUS_SEVEN, Doom.FAMILY_IN_HAND, Doom.OLD_POWERS})
"""The newer catastrophes' gold texts that are points (Planned Obsolescence's discards are
World's End frames)."""


def newer_doom_points(s: DoomlingsBase, p: int, doom: Doom) -> int:
    """Points from a newer catastrophe's gold text (one of :data:`NEWER_DOOMS`)."""
    if doom is Doom.CROWDED_MINUS_SEVEN:
        return -7 if s.trait_count(p) > CROWDED else 0
    if doom is Doom.FAMILY_IN_HAND:
        return sum(FACE_VALUE[c] for c in s.hands[p] if SET_OF_CARD[c] == SPARED_FAMILY)
    # Doom.OLD_POWERS: +3 for one such dominant, +2 more for a second
    old = sum(
        1
        for c in s.piles[p]
        if s.trait(c).dominant and SET_OF_CARD[s.same(c)] in OLD_POWER_FAMILIES
    )
    return 0 if not old else 3 if old == 1 else 5


# --- overlush catastrophes ---
EXPANSION_DOOMS: Final = frozenset(
    {
        Doom.PLUS_PER_COLOR_LEFT,
        Doom.MINUS_PER_ACTION,
        Doom.MINUS_FOUR_IF_FEW,
        Doom.PLUS_TWO_PER_NEGATIVE,
        Doom.MINUS_PER_HAND_CARD,
        Doom.MINUS_GENE_POOL,
        Doom.MINUS_TWO_PER_DROP,
    }
)
"""The gold texts scored by :func:`expansion_doom_points`."""


def expansion_doom_points(s: DoomlingsBase, p: int, doom: Doom | None, color: int | None) -> int:
    """Points from an expansion catastrophe's gold text (one of :data:`EXPANSION_DOOMS`) for
    player ``p``."""
    pile = s.piles[p]
    if doom is Doom.PLUS_PER_COLOR_LEFT:
        assert color is not None
        return s.count_color((p + 1) % s.players, color)
    if doom is Doom.MINUS_PER_ACTION:
        return -sum(1 for c in pile if s.trait(c).action)
    if doom is Doom.MINUS_FOUR_IF_FEW:
        assert color is not None
        return -4 if s.count_color(p, color) <= 2 else 0
    if doom is Doom.PLUS_TWO_PER_NEGATIVE:
        return 2 * sum(1 for c in pile if scored_face(s, c) < 0)
    if doom is Doom.MINUS_PER_HAND_CARD:
        return -len(s.hands[p])
    if doom is Doom.MINUS_GENE_POOL:
        return -s.gene_pool[p]
    # Doom.MINUS_TWO_PER_DROP
    return -2 * sum(1 for c in pile if s.trait(c).bonus is not None)


def final_scores(s: DoomlingsBase) -> list[int]:
    return [breakdown(s, p).total for p in range(s.players)]


# --- overlush (traits b) ---


def _threshold_met(s: DoomlingsBase, p: int, bonus: ColorThreshold) -> bool:
    """Whether player ``p`` (or, for an ``opponents`` bonus, any opponent) holds enough."""
    colors = COLORS if bonus.color is None else (bonus.color,)
    if not bonus.opponents:
        cards = _counted(s, p)
        return all(_color_count(s, cards, c) >= bonus.at_least for c in colors)
    holders = [q for q in range(s.players) if q != p]
    return any(all(s.count_color(q, c) >= bonus.at_least for c in colors) for q in holders)


# --- dinolings ---

DISCARD_COUNTS: Final = frozenset(
    {Count.DOMINANTS_IN_DISCARD, Count.NEGATIVE_IN_DISCARD, Count.FAMILY_IN_DISCARD}
)
"""Dinolings' counts of the discard pile (what each counts: :func:`counted_in_discard`)."""

_EXPANSION_COUNTS: Final = DISCARD_COUNTS | {
    # --- techlings ---
    Count.HIGHEST_GENE_POOL,
    Count.HOST_FACE,
    Count.HOST_COLOR_IN_PILE,
    Count.EFFECTLESS_IN_PILE,
    Count.FAMILY_HOSTING,
}
"""The counts of the expansions, worked out by :func:`expansion_count`."""


def counted_in_discard(s: DoomlingsBase, card: int, what: Count, family: str | None) -> bool:
    """Whether ``card``, lying in the discard pile, adds to the discard count ``what``: a
    dominant trait (Serrated Teeth), a negative face value (Cranial Crest), a trait of
    ``family`` (Tiny Arms)."""
    if what is Count.DOMINANTS_IN_DISCARD:
        return s.trait(card).dominant
    if what is Count.NEGATIVE_IN_DISCARD:
        return FACE_VALUE[card] < 0
    return SET_OF_CARD[s.same(card)] == family


def expansion_count(s: DoomlingsBase, p: int, card: int, what: Count, family: str | None) -> int:
    """The quantity an expansion's Drop of Life bonus counts for player ``p``. The discard
    pile's counts leave out the cards the tie-break draw-off drew: only their face value
    counts."""
    if what in DISCARD_COUNTS:
        drawn = s.tie_drawn
        return sum(
            1
            for c in s.discard_pile(p)
            if not (drawn and c in drawn) and counted_in_discard(s, c, what, family)
        )
    # --- techlings ---
    pile = _counted(s, p)  # Sparkles: the hand counts with the pile, as in _count_with_hand
    if what is Count.HIGHEST_GENE_POOL:
        return max(s.gene_pool)
    if what is Count.EFFECTLESS_IN_PILE:
        return sum(1 for c in pile if s.trait(c).effectless)
    if what is Count.FAMILY_HOSTING:
        n = sum(1 for c in pile if SET_OF_CARD[s.same(c)] == family)
        return 2 * n if s.hosting(card) else n
    host = s.host_of(card)
    if what is Count.HOST_FACE:
        return scored_face(s, host) if host >= 0 else 0
    # Count.HOST_COLOR_IN_PILE
    if host < 0:
        return 0
    colors = s.colors_of(host)
    if not colors:
        return sum(1 for c in pile if not s.colors_of(c))
    return sum(1 for c in pile if s.colors_of(c) & colors)


# --- mythlings, relics ---
_MYTHLING: Final = tuple(TRAIT_SET[design] == "mythlings" for design in TRAIT_OF)
"""Per card id: a Mythlings trait (Elven Ears counts them)."""


def doom_turned_away(s: DoomlingsBase) -> int:
    """The Omnibenevolent in a pile, for which nobody applies the final catastrophe's gold
    text, or -1."""
    for pile in s.piles:
        for c in pile:
            if s.trait(c).worlds_end is WorldsEnd.IGNORE_DOOM:
                return c
    return -1


def _sparkling(s: DoomlingsBase, p: int) -> bool:
    return s.has_in_pile(p, Persistent.HAND_COUNTS_FOR_BONUSES)


def _counted(s: DoomlingsBase, p: int) -> list[int]:
    """The cards the bonuses of ``p``'s pile count: the pile, and the hand with it while
    Sparkles is there (docs/rulings.md)."""
    return [*s.piles[p], *s.hands[p]] if _sparkling(s, p) else s.piles[p]


def _color_count(s: DoomlingsBase, cards: list[int], color: int) -> int:
    """As ``count_color``, over any cards (a hand card has its printed colours)."""
    if color == COLORLESS:
        return sum(1 for c in cards if not s.colors_of(c))
    return sum(1 for c in cards if s.colors_of(c) & color)


_PILE_COUNTS: Final = frozenset(
    {
        Count.COLORS_IN_PILE,
        Count.SAME_NAME,
        Count.SAME_NAME_ALL_PILES,
        Count.COLOR_IN_PILE,
        Count.COLOR_ELSEWHERE,
        Count.TRAITS,
        Count.FACE_ONE,
        Count.NEGATIVE_FACE,
        Count.COLOR_PAIRS,
        Count.LOWEST_COLOR,
        Count.COLORS_OF_THREE,
        Count.FEWER_OF_PAIR,
        Count.CHOSEN_COLOR,
        Count.LOWER_OF_COLORS,
        Count.FULL_COLOR_SETS,
        Count.FACE_ONE_TRAITS,
        Count.SAME_SET,
    }
)
"""The counts that read the owner's own trait pile (Sparkles adds the hand to them)."""


def _count_with_hand(s: DoomlingsBase, p: int, card: int, what: Count, color: int | None) -> int:
    """A count of :data:`_PILE_COUNTS` over ``p``'s pile and hand together (Sparkles)."""
    cards = [*s.piles[p], *s.hands[p]]
    if what is Count.COLORS_IN_PILE:
        return sum(1 for c in COLORS if _color_count(s, cards, c))
    if what is Count.SAME_NAME:  # by name, as without Sparkles
        return sum(1 for c in cards if s.trait(c).name == s.trait(card).name)
    if what is Count.SAME_NAME_ALL_PILES:
        name = s.trait(card).name
        others = [c for q in range(s.players) if q != p for c in s.piles[q]]
        return sum(1 for c in [*cards, *others] if s.trait(c).name == name)
    if what is Count.TRAITS:  # face-down cards too, as s.trait_count counts them
        return len(cards) + len(s.suppressed[p])
    if what is Count.FACE_ONE:
        return sum(1 for c in cards if s.trait(c).face is not None and scored_face(s, c) == 1)
    if what is Count.NEGATIVE_FACE:
        return sum(1 for c in cards if scored_face(s, c) < 0)
    if what is Count.FACE_ONE_TRAITS:
        return sum(1 for c in cards if s.trait(c).face is not None and scored_face(s, c) == 1)
    if what is Count.SAME_SET:
        return sum(1 for c in cards if _SET_OF[s.same(c)] == _SET_OF[s.same(card)])
    counts = {c: _color_count(s, cards, c) for c in (*COLORS, COLORLESS)}
    if what is Count.LOWER_OF_COLORS:
        assert color is not None
        return min(counts[c] for c in COLORS if color & c)
    if what is Count.FULL_COLOR_SETS:
        return min(counts[c] for c in COLORS)
    if what is Count.COLOR_PAIRS:
        return sum(counts[c] // 2 for c in COLORS)
    if what is Count.LOWEST_COLOR:
        held = [counts[c] for c in COLORS if counts[c]]
        return min(held) if len(held) >= 2 else 0
    if what is Count.COLORS_OF_THREE:
        return sum(1 for c in COLORS if counts[c] >= 3)
    if what is Count.FEWER_OF_PAIR:
        assert color is not None
        return min(counts[c] for c in COLORS if color & c)
    if what is Count.CHOSEN_COLOR:
        named = s.named_color[card]
        return counts[named] if named >= 0 else 0
    assert color is not None  # COLOR_IN_PILE, COLOR_ELSEWHERE
    return counts[color]


# --- meaning of life ---


def meaning_points(
    s: DoomlingsBase, p: int, meaning: int, scored: Breakdown, viewer: int | None = None
) -> int:
    """What Meaning of Life card ``meaning`` scores for player ``p``, whose other points are
    ``scored`` so far (The Stylite counts its Drop of Life bonuses); the others' scores The
    Dancer compares are those ``viewer`` may see."""
    goal = MEANINGS[meaning].goal
    if isinstance(goal, TierGoal):
        return _tier_points(s, p, goal, scored)
    if isinstance(goal, BothGoals):
        first = _tier_points(s, p, goal.first, scored)
        return first + _tier_points(s, p, goal.then, scored) if first else 0
    if isinstance(goal, CountdownGoal):
        return goal.points - goal.per * tally(s, p, goal.tally, None, scored)
    if isinstance(goal, MostGoal):
        counts = [tally(s, q, goal.tally, goal.color, scored) for q in range(s.players)]
        mine = counts[p] + goal.handicap
        beaten = sum(1 for q in range(s.players) if q != p and counts[q] < mine)
        most = goal.points if beaten == s.players - 1 else 0
        return most + goal.per_opponent * beaten
    if isinstance(goal, FewestGoal):
        fewest = [
            all(s.count_color(p, c) <= s.count_color(q, c) for q in range(s.players))
            for c in COLORS
            if goal.colors & c
        ]
        return goal.both if all(fewest) else goal.each * sum(fewest)
    if isinstance(goal, LowestGoal):
        values = [_ranked(s, q, goal.ranked, viewer) for q in range(s.players)]
        if values[p] != min(values):
            return 0
        return goal.alone if values.count(values[p]) == 1 else goal.tied
    if isinstance(goal, PatternGoal):
        return _pattern_points(s, p, goal.pattern)
    if isinstance(goal, DrawForPoints):
        return s.meaning_points[p]
    return 0  # MoreMeanings: the cards it draws score for themselves


def _tier_points(s: DoomlingsBase, p: int, goal: TierGoal, scored: Breakdown) -> int:
    n = tally(s, p, goal.tally, goal.color, scored)
    for tier in goal.tiers:
        if tier.holds(n):
            return tier.points
    return 0


def tally(s: DoomlingsBase, p: int, what: Tally, color: int | None, scored: Breakdown) -> int:
    """What a Meaning of Life goal counts for player ``p`` (``scored``: ``p``'s breakdown
    so far, for the points of Drop of Life bonuses)."""
    pile = s.piles[p]
    if what is Tally.COLOR:
        assert color is not None
        return s.count_color(p, color)
    if what is Tally.DOMINANTS:
        return sum(1 for c in pile if s.trait(c).dominant)
    if what is Tally.EFFECTLESS:
        return sum(1 for c in pile if s.trait(c).effectless)
    if what is Tally.ACTIONS:
        return sum(1 for c in pile if s.trait(c).action)
    if what is Tally.DROPS:
        return sum(1 for c in pile if s.trait(c).bonus is not None)
    if what is Tally.TRAITS:
        return s.trait_count(p)
    if what is Tally.GENE_POOL:
        return s.gene_pool[p]
    if what is Tally.HAND:
        return len(s.hands[p])
    if what is Tally.NEGATIVE_FACE:
        return sum(1 for c in pile if scored_face(s, c) < 0)
    if what is Tally.FACE_ONE:
        return sum(1 for c in pile if s.trait(c).face is not None and scored_face(s, c) == 1)
    if what is Tally.ZERO_FACE:
        return sum(1 for c in pile if scored_face(s, c) == 0)  # a variable face is 0
    # Tally.DROP_POINTS
    return sum(points for _, points in scored.bonuses)


def _ranked(s: DoomlingsBase, p: int, ranked: Ranked, viewer: int | None) -> int:
    if ranked is Ranked.SCORE:
        return breakdown(s, p, viewer, with_meanings=False).total
    if ranked is Ranked.TRAITS:
        return s.trait_count(p)
    return s.gene_pool[p]


def _pattern_points(s: DoomlingsBase, p: int, pattern: Pattern) -> int:
    pile = s.piles[p]
    counts = [s.count_color(p, c) for c in COLORS]
    if pattern is Pattern.DOMINANT_PAIRS:
        dominants = [c for c in pile if s.trait(c).dominant]
        points = 0
        for dominant in dominants:
            colors = s.colors_of(dominant)
            for c in COLORS:
                if colors & c:
                    n = sum(1 for t in pile if not s.trait(t).dominant and s.colors_of(t) & c)
                    points += n // 2
        shared = len(dominants) >= 2 and all(
            s.colors_of(d) & s.colors_of(dominants[0]) for d in dominants
        )
        return min(points, 10) if shared else min(points, 5)
    if pattern is Pattern.NEGATIVE_MATCHES_HIGH:
        negative = sum(1 for c in pile if scored_face(s, c) < 0)
        high = sum(1 for c in pile if scored_face(s, c) >= 4)
        return 8 if negative == high else 4 if negative > high else 0
    if pattern is Pattern.LONE_DOMINANTS:
        dominants = [c for c in pile if s.trait(c).dominant]
        if len(dominants) >= 3:
            return 12
        lone = 0
        for dominant in dominants:
            colors = s.colors_of(dominant)
            others = sum(
                1
                for c in pile
                if c != dominant and (s.colors_of(c) & colors if colors else not s.colors_of(c))
            )
            if others <= 1:
                lone += 1
        return 4 * lone
    if pattern is Pattern.MISSING_COLORS:
        missing = counts.count(0) + (s.count_color(p, COLORLESS) == 0)
        return 9 if missing >= 2 else 4 if missing == 1 else 0
    if pattern is Pattern.EVEN_COLORS:
        return 3 * sum(1 for n in counts if n and n % 2 == 0)
    if pattern is Pattern.COLORLESS_IF_ALL_COLORS:
        return s.count_color(p, COLORLESS) if all(counts) else 0
    if pattern is Pattern.COLOR_SETS:
        return 3 * min(counts)
    # Pattern.SINGLE_TWOS
    twos = [c for c in pile if scored_face(s, c) == 2]
    return 2 * sum(1 for color in COLORS if sum(1 for c in twos if s.colors_of(c) & color) == 1)
