"""Doomlings rules as frame handlers: the round flow, playing traits, every card effect.

Every handler follows the engine contract: called with ``option=None`` it either changes the
state and returns ``None`` or returns a Decision and changes nothing; called with an option it
carries the choice out and pops (or replaces) its frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from doomtable.engine import PASS, Decision, Frame, GameState, Option
from doomtable.engine.state import Handler
from doomtable.games.doomlings.cards import (  # --- trinkets ---
    ANY,
    COLOR_NAMES,
    COLORLESS,
    COLORS,
    GREEN,
    RED,
    AgeRule,
    CatastropheEffect,
    Check,
    CopyDominant,
    Deal,
    DigForColor,
    DiscardCardsWithEffects,
    DiscardColorFromHands,
    DiscardColors,
    DiscardFromHand,
    DiscardHand,
    DiscardOpponentTrait,
    DiscardOwnTrait,
    DiscardThenPlay,
    DiscardTopAndColorFromHands,
    DiscardWholeHand,
    DominantsToDeckTop,
    Doom,
    Draw,
    DrawAndPlay,
    DrawAndPlayColors,
    DrawAndPlayFace,
    DrawAndPlayGreen,
    DrawAndSuppress,
    DrawChain,
    DrawForPoints,
    DrawFromBottom,
    DrawThenMaybeFromBottom,
    DrawThenTrade,
    EndOfWorldRush,
    FromDiscardAfterColors,
    GainGenePool,
    GiveEachOpponent,
    GiveFamiliesToOpponent,
    GiveFromHand,
    GiveThenSuppressColor,
    GiveToOpponent,
    GiveTrait,
    Goal,
    Grant,
    GuessTopColor,
    HandAtMost,
    HandToDeckBottom,
    IfDrawn,
    LookAndSteal,
    LookAtBottomAndPlay,
    MayDiscardFromHands,
    MayDiscardHandAndStabilize,
    MillAndPlay,
    MoreMeanings,
    MoveSelfToOpponent,
    MutualDiscardTrait,
    NeedDominant,
    NeedGenePool,
    NeedInPile,
    NoDominants,
    NotOnYourTurn,
    OneOf,
    OnlyIf,
    OpponentDrawsAndGives,
    OpponentsDiscardTrait,
    OpponentsGiveColor,
    OpponentsPassHandsRight,
    OpponentsPlayThenTake,
    PassHandsRight,
    PassToNeighbour,
    Payment,
    PayWithHand,
    PayWithTrait,
    PeekAge,
    PeekAges,
    PeekHand,
    Persistent,
    PlayAnother,
    PlayBothOrNeither,
    PlayHandAction,
    PlayIntoOpponentPile,
    PlayMatching,
    PlayPileAction,
    PlayWhen,
    PowerKind,
    RearrangeAges,
    RestartRound,
    ReturnAnyOwnTrait,
    ReturnOwnTrait,
    ReturnTrait,
    RevealAndSteal,
    RightNamesColorSuppressHand,
    SameColor,
    SetGenePool,
    ShedTraits,
    ShiftGenePools,
    ShuffleDiscardIntoDeck,
    SkipStabilize,
    Source,
    Stabilize,
    StabilizeToYours,
    StealAndSuppress,
    StealFromEachAndPlay,
    StealFromHand,
    StealTrait,
    SuppressFromHand,
    SuppressFromPile,
    SuppressWholeHand,
    SwapHands,
    SwapOwnTraits,
    SwapThis,
    SwapTraits,
    TakeFromDiscard,
    TradeWithOpponents,
    TraitFilter,
    UseColorAction,
    Who,
    WorldsEnd,
    color_words,
    plural,
)
from doomtable.games.doomlings.cards import ANY as ANY_FILTER
from doomtable.games.doomlings.data import (  # --- trinkets ---
    AGES,
    FOUR_HORSEMEN,
    MEANINGS,
    MERCHANT_OF,
    MERCHANTS,
    TRINKETS,
    ages_of_sets,
    card_sets,
)
from doomtable.games.doomlings.scoring import (
    SPARED_FAMILY,
    doom_turned_away,
    final_scores,
    silenced,
)
from doomtable.games.doomlings.state import (  # --- trinkets ---
    AGE_CAUSE,
    ALL,
    BY_RULE,
    CARD,
    DOOM_CAUSE,
    FACE_VALUE,
    GUARD_DISCARD,
    MERCHANT_CAUSE,
    N_CARDS,
    RULE_OF_AGE,
    SET_OF_CARD,
    TRINKET_CAUSE,
    DoomlingsBase,
    bit,
    cause_name,
)

# How a trait reaches a pile, which decides whether its action happens.
FROM_HAND: Final = 0
FROM_DISCARD: Final = 1
FROM_DECK: Final = 2
UNRESTRICTED: Final = 3
# Which World's End traits a ``trait_ends`` frame runs.
ALL_TRAITS: Final = 0
PREPPER_ONLY: Final = 1
ALL_BUT_PREPPER: Final = 2
# Extra-play filters (ages and Photosynthesis).
ANY_TRAIT: Final = 0
ONLY_COLORLESS: Final = 1
ONLY_EFFECTLESS: Final = 2
# What a ``pick_opponent`` frame does to the chosen opponent.
STEAL_RANDOM: Final = "steal_random"
LOOK: Final = "look"
SWAP_HANDS: Final = "swap_hands"
PEEK: Final = "peek"  # --- overlush ---: look at a whole hand
# What a ``name_color`` frame does with the colour named.
COLOR_DISCARDS_HANDS: Final = "discard_hands"  # every player discards hand cards of it
OPPONENTS_DISCARD_COLOR: Final = "opponents_discard"  # each opponent loses a random trait of it
SCORE_COLOR: Final = "score"  # kept on the card for scoring
BECOME_COLOR: Final = "become"  # the card itself turns that colour
# --- overlush (traits b) ---
OPPONENTS_PLAY_COLOR: Final = "opponents_play"  # each opponent may play a trait of it
TAKE_REVEALED_COLOR: Final = "take_revealed"  # opponents show theirs; the namer plays one
SUPPRESS_COLOR: Final = "suppress"  # --- deeplings: the namer suppresses their traits of it

HANDLERS: Final[dict[str, Handler]] = {}

BANNED_COLOR: Final = {
    AgeRule.NO_BLUE: 1,
    AgeRule.NO_GREEN: 2,
    AgeRule.NO_PURPLE: 4,
    AgeRule.NO_RED: 8,
}


def _allowed_under(rule: AgeRule) -> tuple[bool, ...] | None:
    """Which cards an age that forbids by card facts alone allows; None if it forbids none
    that way (Natural Harmony, which depends on the last trait played, is checked apart)."""
    banned = BANNED_COLOR.get(rule)
    if banned is not None:
        return tuple(not t.colors & banned for t in CARD)
    if rule is AgeRule.NO_COLORLESS:
        return tuple(t.colors != COLORLESS for t in CARD)
    if rule is AgeRule.GLACIAL_DRIFT:
        return tuple((t.face or 0) <= 3 for t in CARD)
    if rule is AgeRule.NO_NEGATIVE:
        return tuple((t.face or 0) >= 0 for t in CARD)
    if rule is AgeRule.NO_MULTICOLOR:
        return tuple(bin(t.colors).count("1") < 2 for t in CARD)
    if rule is AgeRule.NO_DOMINANT:
        return tuple(not t.dominant for t in CARD)
    return None


_ALLOWED_OF_AGE: Final = tuple(_allowed_under(rule) for rule in RULE_OF_AGE)
"""Per age (index -1: none flipped yet), the cards it allows, looked up on every play check."""
_HARMONY_OF_AGE: Final = tuple(rule is AgeRule.NATURAL_HARMONY for rule in RULE_OF_AGE)
_BANS_OF_AGE: Final = tuple(
    rule is AgeRule.RAMBLIN or rule is AgeRule.ECHO_PREVIOUS for rule in RULE_OF_AGE
)
"""Per age, whether players may have banned colours for themselves (Ramblin' River Markets)."""
_MUTED_OF_AGE: Final = tuple(
    (a.effect_color or 0) if a.effect is CatastropheEffect.IGNORE_COLOR_ACTIONS else 0
    for a in (*AGES, AGES[0])
)
"""Per catastrophe, the colours whose actions do not happen in its round (Choking Vines)."""
_CANON: Final = tuple(min(i for i, t in enumerate(CARD) if t.name == trait.name) for trait in CARD)
"""Each card's lowest-numbered copy: copies of one trait make the same option."""
_PLAY_WHEN: Final = tuple(t.play_when for t in CARD)
_KEEP_IN_HAND: Final = tuple(t.persistent is Persistent.KEEP_IN_HAND for t in CARD)
"""Grobblebobble, never offered as a discard from the hand."""
_HAS_TWIN: Final = tuple(_CANON.count(canon) > 1 for canon in _CANON)
"""Whether another card is a copy of the same trait."""
_PLAY_OPTION: Final[tuple[Option, ...]] = tuple(("play", c) for c in range(len(CARD)))
_DISCARD_OPTION: Final[tuple[Option, ...]] = tuple(("discard", c) for c in range(len(CARD)))
"""Each card's ``play`` and ``discard`` options, built once: a turn offers several."""
# --- mythlings, prototypes, special edition ---
_WINDOW_WHENS: Final = frozenset({PlayWhen.WHEN_STOLEN_FROM, PlayWhen.TAKE_DISCARDED_TRAIT})
NEW_WHENS: Final = frozenset(
    {
        PlayWhen.INTO_ACTING_PILE,
        PlayWhen.ANY_TIME,
        PlayWhen.ANY_TIME_ALL_COLORS,
        PlayWhen.WHEN_STOLEN_FROM,
        PlayWhen.TAKE_DISCARDED_TRAIT,
        PlayWhen.OPPONENT_DOMINANT,
        PlayWhen.PREVENT_TAKE_THAT,
        PlayWhen.MAY_PLAY_DISCARDED,
        PlayWhen.DISCARDED_INTO_OPPONENT,
        PlayWhen.MUST_PLAY_DISCARDED,
        PlayWhen.OPPONENT_PLAYS_TWO,
    }
)
"""The Play When kinds of the expansions, answered by :func:`expansion_responses`."""
# What a game's cards need of the expansions' response code (``expansion_kinds``).
STEAL_WINDOWS: Final = 1
NEW_RESPONSES: Final = 2
CONJURING: Final = 4
_IS_NEW_WHEN: Final = tuple(when in NEW_WHENS for when in _PLAY_WHEN)


def handler(op: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[op] = fn
        return fn

    return register


@mypyc_attr(allow_interpreted_subclasses=True)  # as GameState
class DoomlingsRules(DoomlingsBase):
    """Checks shared by many handlers."""

    HANDLERS: ClassVar[dict[str, Handler]]

    FAST_PATHS: ClassVar[bool] = True
    """The speed-ups: steps that never ask done by the handler before them instead of pushed
    as frames, and each card's effect resolvers looked up once. Turned off, every step is a
    frame of its own and every effect is looked up in EFFECTS. The busiest frames called by
    name (:meth:`resolve_frame`) are not behind the flag, which would be read at every frame:
    a slow subclass resolves through ``GameState.resolve_frame`` instead. A test plays random
    games both ways and compares the states at every decision."""

    def resolve_frame(self, frame: Frame, option: Option | None) -> Decision | None:
        # The frames that resolve most often, by name: compiled, each is a direct call. Every
        # other frame goes through HANDLERS, which names these same handlers.
        name: str = frame[0]
        if name == "main":
            return h_main(self, frame, option)
        if name == "turn":
            return h_turn(self, frame, option)
        if name == "end_turn":
            return h_end_turn(self, frame, option)
        if name == "age_extra":
            return h_age_extra(self, frame, option)
        if name == "stabilize":
            return h_stabilize(self, frame, option)
        if name == "fx":
            return h_fx(self, frame, option)
        if name == "do_action":
            return h_do_action(self, frame, option)
        if name == "discard_n":
            return h_discard_n(self, frame, option)
        if name == "window":
            return GameState._window(self, frame, option)
        return self.HANDLERS[name](self, frame, option)

    # Where the editions differ (the Blackbox subclass overrides these).
    EMPTY_HAND_DRAW: ClassVar[int] = 5
    FINAL_WHITE_TEXT: ClassVar[bool] = False  # the 3rd catastrophe's white text happens too
    DOOM_BEFORE_TRAITS: ClassVar[bool] = False  # the gold text before World's End traits
    FORCED_HERO: ClassVar[bool] = False  # Birth of a Hero makes the holder play Heroic
    DISCARD_THIRD_DOMINANT: ClassVar[bool] = False  # a 3rd dominant played at once is discarded
    FINAL_MOVES_FIRST_PLAYER: ClassVar[bool] = False  # the last catastrophe moves it too

    # ------------------------------------------------------------------ can a trait be played

    def age_allows(self, card: int) -> bool:
        age = self.age
        if RULE_OF_AGE[age] is AgeRule.ECHO_PREVIOUS:
            age = self.rule_age()
        allowed = _ALLOWED_OF_AGE[age]
        if allowed is not None:
            return allowed[card]
        if _HARMONY_OF_AGE[age]:
            return self.last_colors < 0 or not CARD[card].colors & self.last_colors
        return True

    def dominant_room(self, player: int) -> bool:
        limit = 3 if self.hero == player else 2
        return self.dominants(player) < limit

    def requirement_met(self, player: int, card: int) -> bool:
        req = CARD[card].requirement
        if req is None:
            return True
        if isinstance(req, NeedInPile):
            pile = self.piles[player]
            return sum(1 for c in pile if self.matches(c, req.filter)) >= req.at_least
        if isinstance(req, PayWithHand):  # --- moonlings ---
            held = sum(1 for c in self.hands[player] if c != card)
            return self.players >= 2 and held >= req.n
        if isinstance(req, HandAtMost):  # --- fuzelings ---
            return sum(1 for c in self.hands[player] if c != card) <= req.n
        # --- overlush ---
        if isinstance(req, NoDominants):
            return not self.dominants(player)
        if isinstance(req, NeedDominant):
            return self.dominants(player) > 0
        if isinstance(req, NotOnYourTurn):
            return self.turn_player != player
        if isinstance(req, DiscardColors):
            hand = [c for c in self.hands[player] if c != card]
            return _can_cover(self, hand, 0, req.n)
        if isinstance(req, NeedGenePool):
            return self.gene_pool[player] <= req.at_most
        if isinstance(req, FromDiscardAfterColors):
            return False  # Conjured comes only from the discard pile, by its own offer
        if not isinstance(req, PayWithTrait):  # NotOnYourTurn
            return player != self.turn_player
        if req.payment is Payment.DISCARD_HAND_OR_PILE:
            hand = [c for c in self.hands[player] if c != card and self.matches(c, req.filter)]
            return len(hand) + len(self.payment_cards(player, req)) >= req.n
        return len(self.payment_cards(player, req)) >= req.n

    def payment_cards(self, player: int, req: PayWithTrait) -> list[int]:
        if req.payment is not Payment.GIVE and self.protected():
            return []
        if req.payment is Payment.GIVE and self.players < 2:
            return []
        keep = self.removable if req.payment is Payment.GIVE else self.discardable
        return [
            c
            for c in self.piles[player]
            if not CARD[c].dominant and self.matches(c, req.filter) and keep(c)
        ]

    def can_play(self, player: int, card: int, checks: bool = True) -> bool:
        """Whether ``player`` may put ``card`` into their pile now (``checks``: requirements)."""
        if not self.age_allows(card):
            return False
        if CARD[card].dominant and not self.dominant_room(player):
            return False
        if _BANS_OF_AGE[self.age] and banned_colors(self, player) & CARD[card].colors:
            return False
        if self.trinkets_in_game() and trinket_refusal(self, player, card) >= 0:  # --- trinkets
            return False
        return not checks or self.requirement_met(player, card)

    def plays_at_once(self, player: int, card: int) -> bool:
        """Whether an effect that plays ``card`` at once (Regenerative Tissue's draw, Clever's
        and Nosy's taken card) goes on to play it. A card it may not play stays in the hand;
        in the Blackbox edition a 3rd dominant is played, and the play discards it."""
        if self.can_play(player, card):
            return True
        return (
            self.DISCARD_THIRD_DOMINANT
            and CARD[card].dominant
            and self.age_allows(card)
            and not self.dominant_room(player)
        )

    def playable(self, player: int, cards: list[int], flt: int = ANY_TRAIT) -> list[int]:
        out = []
        for card in distinct(cards):
            trait = CARD[card]
            if flt == ONLY_COLORLESS and trait.colors:
                continue
            if flt == ONLY_EFFECTLESS and not trait.effectless:
                continue
            if self.can_play(player, card):
                out.append(card)
        return out

    def ask(self, player: int, kind: str, prompt: str, options: list[Option]) -> Decision | None:
        """The decision for the frame on top; with no options the effect cannot be carried
        out ("if able"), so the frame is dropped instead."""
        if not options:
            self.stack.pop()
            return None
        return Decision(player, kind, tuple(options), prompt)

    # ------------------------------------------------------------------ playing a trait

    def play_frames(self, player: int, card: int, how: int, with_action: bool) -> None:
        """Push the frames that play ``card`` (already out of its old zone) for ``player``."""
        self.stack.append(("play", player, card, how, int(with_action)))

    # --- mythlings, special edition ---
    _expansion_kinds: int = -1
    """Which of the expansions' out-of-turn plays this game's cards make (``STEAL_WINDOWS``,
    ``NEW_RESPONSES``, ``CONJURING``), once read (-1 before). Not a field: copies read it
    again."""

    def expansion_kinds(self) -> int:
        if self._expansion_kinds < 0:
            kinds = 0
            for c in self.game_cards():
                when = _PLAY_WHEN[c]
                if when in _WINDOW_WHENS:
                    kinds |= STEAL_WINDOWS
                if when in NEW_WHENS:
                    kinds |= NEW_RESPONSES
                if isinstance(CARD[c].requirement, FromDiscardAfterColors):
                    kinds |= CONJURING
            self._expansion_kinds = kinds
        return self._expansion_kinds

    def steal_windows(self) -> bool:
        """Whether this game deals a trait that answers a steal or a trait discarded from a
        pile (Gelatinous, Necromantic): only then are those windows opened, so a game without
        them asks exactly what it always asked."""
        return bool(self.expansion_kinds() & STEAL_WINDOWS)


def distinct(cards: list[int]) -> list[int]:
    """One card per trait: copies (the Kidneys, the Swarms) make the same option."""
    # distinct_by's loop, inline: it runs at nearly every decision, and only the few copied
    # traits can repeat.
    picked: list[int] = []
    twins: list[int] = []  # the lowest-numbered copy of each copied trait picked so far
    for card in cards:
        if _HAS_TWIN[card]:
            canon = _CANON[card]
            if canon in twins:
                continue
            twins.append(canon)
        picked.append(card)
    return picked


def _key(flt: TraitFilter | None) -> tuple[Any, ...] | None:
    """A filter as plain data, so frames stay JSON-ready."""
    if flt is None:
        return None
    if flt.max_face is None and flt.family is None:
        return (flt.color, flt.face, flt.min_face, flt.positive)
    return (flt.color, flt.face, flt.min_face, flt.positive, flt.max_face, flt.family)


_FILTER_OF_KEY: Final[dict[tuple[Any, ...], TraitFilter]] = {}


def _filter(key: tuple[Any, ...]) -> TraitFilter:
    """The filter ``key`` (see :func:`_key`) stands for, built once per key: a dataclass
    built from a starred tuple goes through Python's calling convention."""
    flt = _FILTER_OF_KEY.get(key)
    if flt is None:
        flt = _FILTER_OF_KEY[key] = TraitFilter(*key)
    return flt


def _opp_traits(
    state: DoomlingsRules, player: int, keep: Callable[[int], bool]
) -> list[tuple[int, int]]:
    return [
        (q, c)
        for q in state.opponents(player)
        for c in state.piles[q]
        if state.takeable(c) and keep(c)
    ]


# ====================================================================== the round flow


@handler("flip")
def h_flip(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Flip the next age; ``frame[1]`` set: skip ages until a catastrophe (Nihilism, deck out)."""
    s.stack.pop()
    # The traits may have run out during the round, after this frame was pushed.
    rush = 2 if s.deck_out else frame[1]
    s.age_seen = 0
    while s.age_deck:
        age = s.age_deck.pop()
        info = AGES[age]
        if rush and not info.catastrophe:
            _to_era(s, age)
            s.emit((ALL, "skip_age", age))
            continue
        if rush == 2 and info.catastrophe:
            # Out of traits: skip straight to the last catastrophe, which ends the world.
            if _catastrophes_left(s):
                _to_era(s, age)
                s.emit((ALL, "skip_age", age))
                continue
            s.catastrophes = s.era_count() - 1
        s.age = age
        if info.catastrophe:
            _catastrophe(s, age)
        else:
            _to_era(s, age)
            s.emit((ALL, "age", age))
            s.stack.append(("round",))
            if s.rule() is AgeRule.HERO:
                call_hero(s)
            elif info.rule is AgeRule.BADLANDS:
                _badlands(s, age)
            elif s.expanded() and s.rule() in FLIP_RULES:
                age_flipped(s)
        return None
    s.stack.append(("worlds_end",))  # the age deck ran dry: only a broken setup gets here
    return None


def call_hero(s: DoomlingsRules) -> None:
    """Birth of a Hero: Heroic may (Classic) or must (Blackbox) be played at once."""
    if s.FORCED_HERO:
        s.stack.append(("forced_hero",))
    else:
        s.open_window(("hero",), s.order_from(s.first_player))


@handler("forced_hero")
def h_forced_hero(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    for p in reversed(s.order_from(s.first_player)):
        for c in s.hands[p]:
            if CARD[c].name == "Heroic":
                s.leave_hand(p, c)
                s.hero = p
                s.stack.append(("play", p, c, UNRESTRICTED, 1))
                break
    return None


def _to_era(s: DoomlingsRules, age: int) -> None:
    """Ages pile up in era piles; the age after a catastrophe opens a new era."""
    era = s.eras[-1]
    if era and AGES[era[-1]].catastrophe:
        s.eras.append([])
    s.eras[-1].append(age)


def _catastrophes_left(s: DoomlingsRules) -> int:
    return sum(1 for a in s.age_deck if AGES[a].catastrophe)


def _catastrophe(s: DoomlingsRules, age: int) -> None:
    info = AGES[age]
    s.catastrophes += 1
    _to_era(s, age)
    s.emit((ALL, "catastrophe", age, s.catastrophes))
    s.ignoring = 0
    if age != FOUR_HORSEMEN and not s.denial_spent:
        for p in range(s.players):
            if s.has_in_pile(p, Persistent.IGNORE_CATASTROPHE):
                s.ignoring |= bit(p)
                s.denial_spent = True
                s.emit((ALL, "denial", p, age))
    applied = 0  # who the Gene Pool change reached (Sleepy may turn it back)
    for p in range(s.players):
        if info.gene_pool and not s.ignoring & bit(p):
            delta = info.gene_pool
            if info.gene_pool_floor:  # --- moonlings: Moonpocalypse ---
                delta = max(delta, min(0, info.gene_pool_floor - s.gene_pool[p]))
            if s.shift_gene_pool(p, delta):
                applied |= bit(p)
    final = s.catastrophes >= s.era_count()
    if final:
        s.final_doom = age
    if not final or s.FINAL_MOVES_FIRST_PLAYER:
        s.first_player = (s.first_player + 1) % s.players
        s.emit((ALL, "first_player", s.first_player))
    if final and not s.FINAL_WHITE_TEXT:
        s.stack.append(("worlds_end",))
        _catastrophe_window(s, age, applied)  # --- overlush (traits b) ---
        return
    order = [p for p in s.order_from(s.first_player) if not s.ignoring & bit(p)]
    effect = info.effect
    frames: list[Frame] = []
    if effect is CatastropheEffect.PASS_HAND_RIGHT:
        frames.append(("pass_right", age))
    elif effect is CatastropheEffect.PASS_COLOR_RIGHT:
        frames.append(("pass_color_right", age))
    elif effect is CatastropheEffect.DISCARD_LOWEST_LOSES_TRAIT:  # --- mythlings ---
        frames.append(("lowest_loses", age, tuple(order), ()))
    elif effect is not None and effect is not CatastropheEffect.IGNORE_COLOR_ACTIONS:
        frames.extend(("disaster", p, age) for p in order)
    if final:
        frames.append(("worlds_end",))
    elif s.variant == "stunted-growth":
        frames.append(("flip", 0))  # nobody takes turns on a catastrophe
    else:
        frames.append(("round",))
    if not final and s.trinkets_in_game():  # --- trinkets ---: before the round
        frames[-1:-1] = merchant_frames(s)
    s.push_all(frames)
    _catastrophe_window(s, age, applied)  # --- overlush (traits b) ---


@handler("round")
def h_round(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    s.round_no += 1
    order = s.order_from(s.first_player)
    if s.rule() is AgeRule.MESSIAH:
        order.reverse()
    frames: list[Frame] = [("turn", p) for p in order]
    frames.append(("round_end",))
    if s.variant == "genetic-mishap":
        frames.append(("mishap", -1))
    frames.append(("flip", 2 if s.deck_out else 0))
    s.push_all(frames)
    return None


@handler("round_end")
def h_round_end(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    s.turn_player = -1
    if s.deck_out:
        s.emit((ALL, "deck_out"))
    elif _dealt(s, AFTER_ROUND_PLAYS):  # --- overlush (traits b) ---
        s.open_window(("round_over",), s.order_from(s.first_player))
    return None


def h_turn(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p = frame[1]
    s.stack.pop()
    s.turn_player = p
    s.emit((ALL, "turn", p))
    expanded = s.expanded()
    if expanded and s.flow_hooks_in_game():  # --- overlush ---
        adrenalized = s.in_pile(p, Persistent.REFILL_AT_TURN_START)
        if adrenalized >= 0 and len(s.hands[p]) <= 2:
            s.draw(p, 4, adrenalized)
    echolocation = s.in_pile(p, Persistent.DRAW_AT_TURN_START)
    if echolocation >= 0:
        s.draw(p, 1, echolocation)
    s.push(("main", p), ("end_turn", p))
    if expanded:
        if s.trinkets_in_game():  # --- trinkets ---
            trinkets_turn_start(s, p)
        _moon_turn_start(s, p)  # --- moonlings ---
    rule = s.rule()
    if rule is AgeRule.ALIEN_TERRAFORM or not s.FAST_PATHS:
        s.stack.append(("age_turn", p))  # Alien Terraform is the one turn-start rule that asks
    else:
        # What an ``age_turn`` frame would do as the very next frame, done here: it would
        # never stop to ask, and a frame costs a round trip through the engine.
        _turn_start_rule(s, p, rule)
    return None


@handler("age_turn")
def h_age_turn(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """The current age's rule, followed as the turn begins."""
    p = frame[1]
    rule = s.rule()
    if rule is AgeRule.ALIEN_TERRAFORM:
        held = [c for c in s.hands[p] if CARD[c].dominant]
        if held:
            if option is None:
                return s.ask(
                    p,
                    "age",
                    f"{AGES[s.age].name}: throw away your dominants and stabilize?",
                    [PASS, ("terraform",)],
                )
            s.stack.pop()
            if option != PASS:
                for c in held:
                    s.discard_from_hand(p, c, AGE_CAUSE + s.age)
                s.stack.append(("stabilize", p, 0, AGE_CAUSE + s.age))
            return None
    s.stack.pop()
    _turn_start_rule(s, p, rule)
    return None


def _turn_start_rule(s: DoomlingsRules, p: int, rule: AgeRule) -> None:
    """What the current age does to ``p`` as their turn begins (Alien Terraform's choice
    aside), without asking anything itself."""
    cause = AGE_CAUSE + s.age
    if rule is AgeRule.FLOURISH:
        s.draw(p, 2, cause)
    elif rule is AgeRule.COMET:
        s.discard_random(p, 1, cause)
    elif rule is AgeRule.DRACULA:
        s.discard_random(p, 1, cause)
        if any(s.trait(c).name == "Vampirism" for c in s.piles[p]):  # or a copy of it
            s.stack.append(("pick_opponent", p, STEAL_RANDOM, 1, cause))
    elif rule is AgeRule.REASON:
        drawn = s.draw(p, 3, cause)
        if drawn:
            s.stack.append(("keep_one", p, tuple(drawn), cause))
    elif rule is AgeRule.NORTHERN_WINDS:
        s.draw(p, 1, cause)
        s.stack.append(("discard_n", p, 1, cause))
    elif rule is AgeRule.AWAKENING and s.age_deck:
        s.age_seen |= bit(p)
        s.emit((bit(p), "peek", p, s.age_deck[-1]))
    elif not s.expanded():
        return  # the rules below are the expansions' ages'
    # --- deeplings ---
    elif rule is AgeRule.SOLITUDE:
        s.stack.append(("suppress_hand", p, 1, cause))
    # --- moonlings ---
    elif rule is AgeRule.QUIET_MOMENT:
        s.stack.append(("quiet", p, 3, cause))
    elif rule is AgeRule.MOONLIGHT:
        if s.gene_pool[p] >= 4:
            s.stack.append(("discard_n", p, 1, cause))
        else:
            s.draw(p, 2, cause)
    elif rule in EXPANSION_TURN_RULES:
        expansion_turn_start(s, p, rule, cause)
    elif rule in GLITTER_TURN_RULES:  # --- glitterlings ---
        glitter_turn_start(s, p, rule, cause)
    elif rule in NEWER_TURN_RULES:  # --- newer ---
        newer_turn_start(s, p, rule, cause)


def h_main(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """The one trait a turn must play; or, failing that, the FAQ's fallbacks."""
    p = frame[1]
    hand = s.hands[p]
    if option is None:
        if not hand:
            _empty_hand(s, p)
            return None
        options: list[Option] = [_PLAY_OPTION[c] for c in s.playable(p, hand)]
        for c in hand:
            if CARD[c].play_when is PlayWhen.INTO_OPPONENT_PILE and s.age_allows(c):
                options.extend(
                    ("play_on", c, q) for q in s.opponents(p) if not negative_barred(s, q, c)
                )
                break
        expanded = s.expanded()
        for c in hand if expanded else ():  # --- moonlings: Umbleboos ---
            if _PLAY_WHEN[c] is PlayWhen.INTO_HIGH_GENE_POOL and s.age_allows(c):
                options.extend(("play_on", c, q) for q in s.opponents(p) if s.gene_pool[q] >= 6)
        if not options:
            options = [("skip",), ("redraw",)]
        if expanded and _dealt(s, TURN_EXTRAS):  # --- overlush (traits b) ---
            options.extend(_turn_extras(s, p))
        return s.ask(p, "turn", "Play a trait", options)
    s.stack.pop()
    verb = option[0]
    # The play is carried out here rather than pushed as a ``play`` frame: it would be the
    # very next frame to resolve, and it never asks.
    if verb == "play":
        card = option[1]
        acting = 1
        if len(frame) > 2:
            # A turn of two plays without actions (Sea Kingdoms; Mokoko Village, where the
            # second is optional): the second play follows the first.
            acting = 0
            s.stack.append(("play_extra", p, FROM_HAND, frame[2] - 1, 0, ANY_TRAIT))
        s.leave_hand(p, card)
        s.stack.append(("age_extra", p, card))
        if s.FAST_PATHS:
            play_trait(s, p, card, FROM_HAND, acting, p)
        else:
            s.stack.append(("play", p, card, FROM_HAND, acting))
    elif verb == "play_on":
        _, card, q = option
        s.leave_hand(p, card)
        if s.FAST_PATHS:
            play_trait(s, q, card, FROM_HAND, 0, p)
        else:
            s.stack.append(("play", q, card, FROM_HAND, 0, p))
    elif verb in _TURN_EXTRA_VERBS:  # --- overlush (traits b) ---
        _turn_extra(s, p, option)
    else:
        _drop_turn_end(s, p)
        s.emit((ALL, "cannot_play", p))
        if verb == "redraw":
            s.discard_whole_hand(p, BY_RULE)
            s.draw(p, 3, BY_RULE)
    return None


def _empty_hand(s: DoomlingsRules, p: int) -> None:
    """An empty hand draws 5 (Blackbox: 3) and skips the turn, without stabilizing."""
    s.stack.pop()
    _drop_turn_end(s, p)
    s.emit((ALL, "empty_hand", p, s.EMPTY_HAND_DRAW))
    s.draw(p, s.EMPTY_HAND_DRAW, BY_RULE)


def _drop_turn_end(s: DoomlingsRules, p: int) -> None:
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i] == ("end_turn", p):
            s.stack[i] = ("skip_end", p)
            return


@handler("skip_end")
def h_skip_end(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    return None


def h_age_extra(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Galactic Drift and High Tides: one more trait of the same kind."""
    _, p, card = frame
    s.stack.pop()
    rule = s.rule()
    trait = CARD[card]
    if rule is AgeRule.GALACTIC_DRIFT and trait.colors == COLORLESS:
        s.stack.append(("play_extra", p, FROM_HAND, 1, 1, ONLY_COLORLESS))
    elif rule is AgeRule.HIGH_TIDES and trait.effectless:
        s.stack.append(("play_extra", p, FROM_HAND, 1, 1, ONLY_EFFECTLESS))
    elif rule is AgeRule.FADING_AWAY and card in s.piles[p] and not trait.dominant:
        s.suppress_trait(p, card, AGE_CAUSE + s.age)  # --- deeplings ---
    elif rule is AgeRule.INDUSTRIAL and trait.attachment:  # --- newer ---
        s.stack.append(("play_extra", p, FROM_HAND, 1, 1, ANY_TRAIT))
    return None


def _expansion_turn_end(s: DoomlingsRules, p: int, rule: AgeRule) -> bool:
    """What the expansions do as a turn ends, before stabilizing (Overlush's before-stabilizing
    traits, Deeplings' Ethereal, Whistler's discards); whether the turn's end waits on it."""
    if _dealt(s, BEFORE_STABILIZING) and _before_stabilizing(s, p, rule):
        return True
    if _offer_ethereal(s, p):  # --- deeplings ---
        return True
    if s.hands[p]:  # --- overlush (traits b) ---: discards first
        whistler = s.in_pile(p, Persistent.DISCARD_BEFORE_STABILIZE)
        if whistler >= 0:
            s.push(("discard_up_to", p, 2, whistler), ("end_turn", p, 1))
            return True
    return False


def h_end_turn(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Stabilize (as the age allows), then the after-stabilizing window."""
    p = frame[1]
    s.stack.pop()
    if s.attached:
        _offer_moves(s)  # pushed first: resolves once the turn's own end is done
    rule = s.rule()
    if s.deck_out:
        return None  # the FAQ: with no traits left, turns end without stabilizing
    expanded = s.expanded()
    if expanded and len(frame) == 2 and _expansion_turn_end(s, p, rule):
        return None
    size = _stabilize_size(rule)
    if rule is AgeRule.ENVY:
        size = s.gene_pool[(p - 1) % s.players]  # the Gene Pool of the player on the right
    choice = (
        rule is AgeRule.ENLIGHTENMENT or rule is AgeRule.PROSPERITY or rule is AgeRule.NIETZSCHE
    )
    if expanded and s.flow_hooks_in_game() and not choice:  # --- overlush ---
        apricity = s.in_pile(p, Persistent.MAY_SKIP_STABILIZE)
        if apricity >= 0 and len(s.hands[p]) <= 8:
            s.push(("may_skip_stabilize", p, size, apricity), ("late_window", p))
            return None
    if not choice and s.FAST_PATHS and s.stabilize_now(p, size, BY_RULE) <= 0:
        # Nothing to choose or discard: what the ``stabilize_choice``, ``stabilize``, ``draw``
        # and ``late_window`` frames would do as the next frames, done here (a frame costs a
        # round trip through the engine). Each is pushed below only where it stops to ask.
        if rule is AgeRule.COASTAL:
            s.draw(p, 1, AGE_CAUSE + s.age)
        _after_stabilizing(s, p)
        return None
    # Pushed last to first: the last pushed resolves first.
    s.stack.append(("late_window", p))
    if rule is AgeRule.COASTAL:
        s.stack.append(("draw", p, 1))
    if not choice:
        s.stack.append(("stabilize", p, size))  # asks for the discards
    elif rule is AgeRule.ENLIGHTENMENT:
        s.push(("enlighten", p, 2), ("stabilize_choice", p))
    else:
        s.stack.append(("stabilize_choice", p))
    return None


@handler("enlighten")
def h_enlighten(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, left = frame
    hand = s.hands[p]
    if option is None:
        if not hand or not left:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "discard",
            f"{AGES[s.age].name}: discard up to {plural(left, 'more card')} before stabilizing?",
            [PASS, *_distinct_discards(hand)],
        )
    s.stack.pop()
    if option != PASS:
        s.discard_from_hand(p, option[1], AGE_CAUSE + s.age)
        s.stack.append(("enlighten", p, left - 1))
    return None


def _distinct_discards(hand: list[int]) -> list[Option]:
    return [_DISCARD_OPTION[c] for c in distinct(hand) if not _KEEP_IN_HAND[c]]


@handler("stabilize_choice")
def h_stabilize_choice(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Ages that change stabilizing offer their choice; otherwise stabilize."""
    p = frame[1]
    rule = s.rule()
    if rule in (AgeRule.PROSPERITY, AgeRule.NIETZSCHE):
        if option is None:
            alt: Option = ("no_stabilize",) if rule is AgeRule.PROSPERITY else ("redraw",)
            return s.ask(
                p, "stabilize", f"{AGES[s.age].name}: how to end your turn?", [("stabilize",), alt]
            )
        s.stack.pop()
        if option == ("no_stabilize",):
            s.emit((ALL, "no_stabilize", p))
        elif option == ("redraw",):
            s.discard_whole_hand(p, AGE_CAUSE + s.age)
            s.draw(p, 3, AGE_CAUSE + s.age)
        else:
            s.stack.append(("stabilize", p, 0))
        return None
    s.stack.pop()
    s.stack.append(("stabilize", p, _stabilize_size(rule)))
    return None


def _stabilize_size(rule: AgeRule) -> int:
    """The hand size an age has players stabilize to, 0 for their Gene Pool."""
    return 4 if rule is AgeRule.WONDER else 0


def h_stabilize(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Draw up to the Gene Pool, or discard down to it one chosen card at a time.

    ``frame = ("stabilize", player, size[, cause])``: without a cause it is the turn's own
    stabilizing, in the shape saves made before causes were kept still hold."""
    p: int = frame[1]
    size: int = frame[2]
    cause: int = frame[3] if len(frame) > 3 else BY_RULE
    goal = size or s.hand_goal(p)
    if option is None:
        extra = s.stabilize_now(p, goal, cause)
        if extra <= 0:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "discard",
            f"Stabilize: discard {plural(extra, 'card')} down to {goal}",
            _distinct_discards(s.hands[p]),
        )
    s.discard_from_hand(p, option[1], cause)
    return None


@handler("late_window")
def h_late_window(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    _after_stabilizing(s, frame[1])
    return None


def _after_stabilizing(s: DoomlingsRules, p: int) -> None:
    """The window for what a player may do once they have stabilized."""
    expanded = s.expanded()
    if expanded:
        ozmorian_winds(s, p)  # --- mythlings ---
    s.open_window(("stabilized", p), (p,))
    if expanded and s.rule() is AgeRule.SWAMPLANDS:
        s.stack.append(("swamp", p, AGE_CAUSE + s.age))


@handler("draw")
def h_draw(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Coastal Formations' draw after stabilizing, the age's doing."""
    s.stack.pop()
    s.draw(frame[1], frame[2], AGE_CAUSE + s.age)
    return None


# ====================================================================== playing traits


@handler("play")
def h_play(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Put a trait into a pile: requirement payment, Gene Pool, the response window, action.

    ``frame = ("play", owner, card, how, with_action[, player])``; ``player`` differs from
    ``owner`` only for Self-Awareness played into an opponent's pile.
    """
    s.stack.pop()
    play_trait(s, frame[1], frame[2], frame[3], frame[4], frame[5] if len(frame) > 5 else frame[1])
    return None


def answer_play(s: DoomlingsRules, owner: int, card: int, player: int, effectless: bool) -> None:
    """What answers a trait ``player`` played into ``owner``'s pile, in this order: the
    trinkets' draws and objectives; on the player's own pile, Ravenous and the other
    after-play hooks, Unusual Friends, and (resolved last) what answers an effectless trait
    (Skimmer, Strange). Shared by :func:`play_trait` and an Opposable Thumbs becoming its
    copy (played as that copy). Expansion cards only: a base game never calls it."""
    if s.trinkets_in_game():  # --- trinkets ---
        trinkets_after_play(s, owner, card, player)
    if owner != player:
        return
    after_plays = _dealt(s, AFTER_PLAYS)
    if after_plays:  # --- overlush (traits b) ---
        _after_play(s, owner, card)
    if unusual_friends_dealt(s):  # --- fuzelings ---
        unusual_friends(s, owner, card)
    if after_plays and effectless:
        _after_effectless(s, owner)


def play_trait(
    s: DoomlingsRules, owner: int, card: int, how: int, with_action: int, player: int
) -> None:
    """What a ``play`` frame does (see :func:`h_play`), for a handler that would push one as
    the next frame to resolve."""
    trait = CARD[card]
    if how != UNRESTRICTED and trait.dominant and not s.dominant_room(owner):
        # A 3rd dominant arriving by chance is discarded.
        s.discard_pile(owner).append(card)
        s.emit((ALL, "discards_dominant", owner, card))
        return
    s.enter_pile(owner, card)
    s.last_colors = trait.colors
    s.emit((ALL, "plays", player, card, owner))
    if s.expanded():
        answer_play(s, owner, card, player, _EFFECTLESS[card])
    # What follows, pushed last to first (the last pushed resolves first): Self-Replicating's
    # offer, the payment, the on-play effects, the action.
    stack = s.stack
    acting = bool(with_action and trait.action and how == FROM_HAND)
    if acting:
        stack.append(("do_action", owner, card))
    if trait.on_play and type(trait.on_play[0]) is CopyDominant:  # Opposable Thumbs
        flags = COPY_PLAYED if owner == player else 0
        if how == FROM_HAND:
            flags |= COPY_FROM_HAND | (COPY_ACTING if with_action else 0)
        stack.append(("copy_dominant", owner, card, flags))
    else:
        for k in range(len(trait.on_play) - 1, -1, -1):
            stack.append(("fx", owner, card, k, 1))
    if trait.attach is not None:
        stack.append(("attach", owner, card))
    req = trait.requirement
    if isinstance(req, (PayWithTrait, PayWithHand)) and how != UNRESTRICTED:
        stack.append(("pay", owner, card))
    elif isinstance(req, DiscardColors) and how != UNRESTRICTED:  # --- overlush ---
        stack.append(("pay_colors", owner, card, req.n, 0))
    if how == FROM_HAND and trait.colors & GREEN:
        stack.append(("self_replicate", owner, card))
    # Under Age of Peace no action will happen, so there is none to prevent.
    preventable = acting and s.rule() is not AgeRule.PEACE
    s.open_window(("played", player, card, int(preventable)), s.seats_after(player))


@handler("pay")
def h_pay(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Morality gives, Retractable Claws discards, a trait from the pile as its price."""
    _, p, card = frame[:3]
    req = CARD[card].requirement
    if isinstance(req, PayWithHand):  # --- moonlings ---
        return _pay_with_hand(s, p, card, req, option)
    assert isinstance(req, PayWithTrait)
    cards = [c for c in s.payment_cards(p, req) if c != card]
    # Carnosaur Jaw's price is 2 traits: ``frame[3]``, when there, is how many are still due.
    left: int = frame[3] if len(frame) > 3 else req.n
    hand: list[int] = []
    if req.payment is Payment.DISCARD_HAND_OR_PILE:
        hand = distinct([c for c in s.hands[p] if s.matches(c, req.filter)])
    if option is None:
        if not cards and not hand:
            s.stack.pop()
            return None
        if req.payment is Payment.SUPPRESS:  # --- deeplings ---
            return s.ask(
                p,
                "pay",
                f"{CARD[card].name}: suppress a trait",
                [("suppress", c) for c in cards],
            )
        if hand:
            return s.ask(
                p,
                "pay",
                f"{CARD[card].name}: discard a {req.filter.words()} from your hand or pile",
                [*(_DISCARD_OPTION[c] for c in hand), *(("discard_trait", p, c) for c in cards)],
            )
        if req.payment is Payment.GIVE:
            return s.ask(
                p,
                "pay",
                f"{CARD[card].name}: give a trait to an opponent",
                [("give_trait", q, c) for c in cards for q in s.opponents(p)],
            )
        return s.ask(
            p,
            "pay",
            f"{CARD[card].name}: discard a trait",
            [("discard_trait", p, c) for c in cards],
        )
    s.stack.pop()
    if option[0] == "suppress":  # --- deeplings ---
        s.suppress_trait(p, option[1], card)
        return None
    if option[0] == "give_trait":
        _, q, c = option
        s.move_trait(p, q, c)
        s.emit((ALL, "gives_trait", p, c, q), card)
        trait_left_pile(s, p, c, p, card)
        return None
    if left > 1:
        s.stack.append(("pay", p, card, left - 1))
    if option[0] == "discard":
        s.discard_from_hand(p, option[1], card)
    else:
        s.stack.append(("discard_trait_now", p, option[2], card))
    return None


@handler("self_replicate")
def h_self_replicate(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Self-Replicating may go back to the hand when another green trait is played."""
    _, p, card = frame
    reps = [
        c
        for c in s.piles[p]
        if c != card
        and CARD[c].persistent is Persistent.RETURN_ON_GREEN
        and s.movable(c)
        and s.removable(c)
        and not (s.attached and s.inactive(c))
    ]
    if option is None:
        if not reps:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "optional",
            f"Take {CARD[reps[0]].name} back into your hand?",
            [PASS, ("return", reps[0])],
        )
    s.stack.pop()
    if option != PASS:
        s.leave_pile(p, option[1])
        s.hands[p].append(option[1])
        s.emit((ALL, "returns_to_hand", p, option[1]), option[1])
        trait_left_pile(s, p, option[1], p, option[1])
    return None


def h_do_action(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Resolve the action of ``card`` for ``player``, unless an age silences actions."""
    _, p, card = frame[:3]
    s.stack.pop()
    if s.rule() is AgeRule.PEACE:
        s.emit((ALL, "peace", card))
        return None
    if s.trinkets_in_game() and trinket_prevents(s, p, card):  # --- trinkets ---
        return None
    muted = _MUTED_OF_AGE[s.age]
    if muted and s.colors_of(card) & muted and not s.ignoring & bit(p):
        s.emit((ALL, "muted", card, s.age))  # Choking Vines, Jungle Rot
        return None
    trait = s.trait(card)
    s.push_all([("fx", p, card, k, 0) for k in range(len(trait.action))])
    return None


@handler("act_from_pile")
def h_act_from_pile(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """An action played from a pile (Inventive, Painted Shell, Vampirism): opponents may
    still prevent it."""
    _, p, card = frame
    s.stack.pop()
    s.stack.append(("do_action", p, card))
    s.open_window(("action", p, card, int(s.rule() is not AgeRule.PEACE)), s.seats_after(p))
    return None


# ====================================================================== response windows


def response_options(s: DoomlingsRules, q: int, trigger: tuple[Any, ...]) -> list[Option]:
    kind = trigger[0]
    out: list[Option] = []
    for c in s.hands[q]:
        when = _PLAY_WHEN[c]
        if when is None or _IS_NEW_WHEN[c] or not s.age_allows(c):
            continue
        if CARD[c].dominant and not s.dominant_room(q):
            continue  # a 3rd dominant is never played from the hand (Patches, Elusive)
        if s.trinkets_in_game() and trinket_refusal(s, q, c, when not in _INTO_OTHERS) >= 0:
            continue  # --- trinkets ---
        if _HAS_TWIN[c] and any(_CANON[o[1]] == _CANON[c] for o in out):
            continue  # one option per trait, whatever its copies (Pinchy)
        if when is PlayWhen.INTO_OPPONENT_PILE:
            if kind != "worlds_end":
                out.extend(
                    ("respond_on", c, t) for t in s.opponents(q) if not negative_barred(s, t, c)
                )
        elif when is PlayWhen.INTO_HIGH_GENE_POOL:  # --- moonlings: Umbleboos ---
            if kind != "worlds_end":
                out.extend(("respond_on", c, t) for t in s.order_from(q) if s.gene_pool[t] >= 6)
        elif when is PlayWhen.AFTER_CATASTROPHE:  # --- overlush (traits b) ---
            if kind == "catastrophe" and trigger[2] & bit(q):
                out.append(("respond", c))
        elif when is PlayWhen.RETURN_REMOVED or when is PlayWhen.INTO_REMOVER_PILE:
            if kind == "left_pile" and _answers_removal(s, q, when, trigger):
                out.append(("respond", c))
        elif _answers(s, when, trigger) and (
            when is not PlayWhen.ENTERS_HAND_OFF_TURN or c in trigger[2]
        ):
            out.append(("respond", c))
    if kind == "hero":
        out.extend(("respond", c) for c in s.hands[q] if CARD[c].name == "Heroic")
    if s.expansion_kinds():  # --- mythlings, special edition ---
        out.extend(expansion_responses(s, q, trigger))
    if kind == "stabilized" and s.flow_hooks_in_game():  # --- overlush ---
        _after_stabilizing_options(s, q, out)
    if kind == "stabilized" and s.flow_hooks_in_game():  # --- glitterlings ---
        rainbow = s.in_pile(q, Persistent.RETURN_AND_PLAY_RANDOM)
        if rainbow >= 0 and s.removable(rainbow):
            out.append(("return", rainbow))
    return out


def _answers(s: DoomlingsRules, when: PlayWhen, trigger: tuple[Any, ...]) -> bool:
    """Whether a Play When trait of kind ``when`` may answer ``trigger``."""
    kind: str = trigger[0]
    if when is PlayWhen.PREVENT_ACTION:
        return kind in ("played", "action") and bool(trigger[3])
    if when is PlayWhen.STEAL_PLAYED:
        if kind != "played":
            return False
        owner: int = trigger[1]
        card: int = trigger[2]
        return card in s.piles[owner] and s.takeable(card)
    if when is PlayWhen.AFTER_STABILIZE or when is PlayWhen.STEAL_AFTER_STABILIZE:
        return kind == "stabilized"
    if when is PlayWhen.AFTER_ROUND:
        return kind == "round_over"
    if when is PlayWhen.TAKE_BACK_PLAYED:
        return kind == "played" and trigger[2] in s.piles[trigger[1]] and s.movable(trigger[2])
    if when is PlayWhen.STEAL_FROM_SECOND_PLAY:
        return kind == "played" and trigger[1] == s.turn_player and len(_turn_plays(s)) >= 2
    if when is PlayWhen.TRAIT_LEAVES:
        return kind == "left_pile"
    if when is PlayWhen.OPPONENT_REMOVES:  # never on its owner's own turn
        return kind == "left_pile" and 0 <= trigger[3] != trigger[1] != s.turn_player
    if when is PlayWhen.ENTERS_HAND_OFF_TURN:
        return kind == "arrived"  # and it is among the cards arrived (response_options)
    if when is PlayWhen.INSTEAD_OF_DISCARD:
        return False  # offered by a frame of its own once discarded
    return kind == "worlds_end"


def on_response(s: DoomlingsRules, q: int, option: Option, trigger: tuple[Any, ...]) -> bool:
    card = option[1]
    if option[0] == "conjure" or _IS_NEW_WHEN[card]:  # --- mythlings, special edition ---
        return on_expansion_response(s, q, option, trigger)
    # --- overlush ---: what Harrier, Illusory and Mimicry offer after stabilizing, in the
    # verbs of the action table (discard, use, respond with a trait that has no Play When).
    verb = option[0]
    if verb == "discard":  # Harrier
        harrier = s.in_pile(q, Persistent.TRADE_EFFECTLESS)
        s.discard_from_hand(q, card, harrier)
        s.draw(q, 3, harrier)
        return True
    if verb == "use":  # Illusory: the action, then the card is discarded
        card = option[2]
        illusory = s.in_pile(q, Persistent.ACTION_FROM_HAND)
        s.push(("act_from_pile", q, card), ("discard_card", q, card, illusory))
        return True
    if verb == "return" and trigger[0] == "stabilized":  # --- glitterlings: Rainbow Magic ---
        rainbow_magic(s, q, card)
        return True
    if trigger[0] == "stabilized" and _PLAY_WHEN[card] is None:  # Mimicry
        s.leave_hand(q, card)
        s.stack.append(("play", q, card, FROM_HAND, 0))
        return True
    s.leave_hand(q, card)
    when = CARD[card].play_when
    if option[0] == "respond_on":
        s.stack.append(("play", option[2], card, FROM_HAND, 0, q))
        return True
    if trigger[0] == "hero":
        s.hero = q
        s.stack.append(("play", q, card, UNRESTRICTED, 1))
        return False
    if when is PlayWhen.PREVENT_ACTION:
        s.emit((ALL, "prevents", q, trigger[2]))
        _cancel_action(s, trigger[1], trigger[2])
        s.stack.append(("play", q, card, FROM_HAND, 0))
        return False
    if when is PlayWhen.STEAL_PLAYED:
        _, p, target = trigger[:3]
        _cancel_action(s, p, target)
        s.push(("play", q, card, FROM_HAND, 0), ("parasite", q, p, target, card))
        return False
    if when is PlayWhen.TAKE_BACK_PLAYED:
        _, p, target = trigger[:3]
        _cancel_action(s, p, target)
        s.push(("play", q, card, FROM_HAND, 0), ("pinch", q, p, target, card))
        return False
    if when is PlayWhen.STEAL_FROM_SECOND_PLAY:
        s.push(("play", q, card, FROM_HAND, 0), ("snap", q, trigger[1], card))
        return False
    if when is PlayWhen.AFTER_CATASTROPHE:
        age = trigger[1]
        s.shift_gene_pool(q, -AGES[age].gene_pool)
        s.emit((ALL, "sleeps", q, age, card))
        s.stack.append(("play", q, card, FROM_HAND, 1))
        return True
    if when is PlayWhen.AFTER_ROUND:
        s.push(("play", q, card, FROM_HAND, 1), ("turn", q))
        return True
    if when is PlayWhen.RETURN_REMOVED:
        s.push(("play", q, card, FROM_HAND, 1), ("patch", q, trigger[2], card))
        return False
    if when is PlayWhen.INTO_REMOVER_PILE:
        s.stack.append(("play", trigger[3], card, FROM_HAND, 0, q))
        return False
    if when is PlayWhen.STEAL_AFTER_STABILIZE:  # --- overlush ---: Firebite
        s.push(("play", q, card, FROM_HAND, 1), ("steal_each", q, card))
        return False
    # Late after stabilizing, Sneaky at World's End: an extra play, as from the hand.
    s.stack.append(("play", q, card, FROM_HAND, 1))
    return bool(trigger[0] == "worlds_end")


def _cancel_action(s: DoomlingsRules, p: int, card: int) -> None:
    for i in range(len(s.stack) - 1, -1, -1):
        f = s.stack[i]
        if f[0] == "do_action" and f[1] == p and f[2] == card:
            del s.stack[i]
            return


@handler("parasite")
def h_parasite(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, q, p, card, parasite = frame
    s.stack.pop()
    if card in s.piles[p] and s.takeable(card):
        s.move_trait(p, q, card)
        s.emit((ALL, "steals_trait", q, card, p), parasite)
        trait_left_pile(s, p, card, q, parasite)
        after_steal(s, q, p, card, True)  # --- mythlings ---
        open_steal_window(s, q, p)
    return None


# ====================================================================== catastrophes


@handler("disaster")
def h_disaster(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """One player's share of a catastrophe's white text."""
    _, p, age = frame
    s.stack.pop()
    effect = AGES[age].effect
    cause = AGE_CAUSE + age
    hand = s.hands[p]
    if effect is CatastropheEffect.KEEP_ONE:
        if len(hand) > 1:
            s.stack.append(("keep_one", p, tuple(hand), cause))
    elif effect is CatastropheEffect.STABILIZE:
        s.stack.append(("stabilize", p, 0, cause))
    elif effect is CatastropheEffect.STABILIZE_THEN_DISCARD:
        s.push(("stabilize", p, 0, cause), ("discard_n", p, 1, cause))
    elif effect is CatastropheEffect.DISCARD_TWO_RANDOM:
        s.discard_random(p, 2, cause)
    elif effect is CatastropheEffect.DISCARD_HAND_AND_STABILIZE:
        s.discard_whole_hand(p, cause)
        s.stack.append(("stabilize", p, 0, cause))
    elif effect is CatastropheEffect.DISCARD_PER_COLOR:
        color = AGES[age].effect_color
        assert color is not None
        n = s.count_color(p, color)
        if n:
            s.stack.append(("discard_n", p, n, cause))
    elif effect is CatastropheEffect.DRAW_PER_COLOR:
        n = bin(s.colors_in_pile(p)).count("1")
        s.draw(p, n, cause)
    elif effect is CatastropheEffect.DISCARD_HALF:
        n = (len(hand) + 1) // 2
        if n:
            s.stack.append(("discard_n", p, n, cause))
    elif effect is CatastropheEffect.GIVE_NEIGHBOURS:
        n = s.players
        neighbours = sorted({(p - 1) % n, (p + 1) % n} - {p})
        s.push_all([("give_card", p, q, cause) for q in neighbours])
    elif effect is CatastropheEffect.DISCARD_ANY_TRAIT:
        s.stack.append(("discard_own", p, None, cause))
    elif effect is CatastropheEffect.SUPPRESS_HAND_AND_STABILIZE:  # --- deeplings ---
        for c in list(hand):
            s.suppress_from_hand(p, c, cause)
        s.stack.append(("stabilize", p, 0, cause))
    elif effect is CatastropheEffect.DISCARD_PER_DOMINANT:
        n = s.dominants(p)
        if n:
            s.stack.append(("discard_n", p, n, cause))
    elif effect is CatastropheEffect.COLOR_FOR_LEFT:
        s.stack.append(("color_for_left", p, age))
    elif effect in EXPANSION_DISASTERS:
        expansion_disaster(s, p, age)
    elif effect is CatastropheEffect.DISCARD_HAND:  # --- glitterlings ---
        s.discard_whole_hand(p, cause)
    elif effect is CatastropheEffect.ISOLATION and len(hand) <= ISOLATED_HAND:  # --- fuzelings
        if hand:
            s.suppress_from_hand(p, hand[s.rng.below(len(hand))], cause)
        s.stack.append(("stabilize", p, 0, cause))
    elif effect in NEWER_DISASTERS:  # --- newer ---
        newer_disaster(s, p, age)
    return None


@handler("pass_right")
def h_pass_right(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Mega Tsunami: every hand moves one seat to the right (players ignoring it sit out)."""
    s.stack.pop()
    seats = [p for p in range(s.players) if not s.ignoring & bit(p)]
    if len(seats) < 2:
        return None
    hands = [s.hands[p] for p in seats]
    for i, p in enumerate(seats):
        s.hands[seats[i - 1]] = hands[i]
        s.emit((ALL, "passes_hand", p, seats[i - 1]), AGE_CAUSE + frame[1])
    s.revealed = []
    return None


# ====================================================================== small shared steps


@handler("keep_one")
def h_keep_one(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Keep one of ``cards`` (still in hand); discard the others."""
    _, p, cards, cause = frame
    cards = [c for c in cards if c in s.hands[p]]
    if option is None:
        if len(cards) <= 1:
            s.stack.pop()
            return None
        return s.ask(p, "keep", "Keep which card?", [("keep", c) for c in distinct(cards)])
    s.stack.pop()
    kept = option[1]
    for c in cards:
        if c != kept:
            s.discard_from_hand(p, c, cause)
    return None


def h_discard_n(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Discard ``n`` chosen cards from the hand, one decision each."""
    _, p, n, cause = frame
    hand = s.hands[p]
    if option is None:
        if not hand or n <= 0:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "discard",
            f"{cause_name(cause)}: discard {plural(n, 'card')}",
            _distinct_discards(hand),
        )
    s.stack.pop()
    s.discard_from_hand(p, option[1], cause)
    if n > 1:
        s.stack.append(("discard_n", p, n - 1, cause))
    return None


@handler("give_card")
def h_give_card(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, q, cause = frame
    hand = s.hands[p]
    if option is None:
        if not hand:
            s.stack.pop()
            return None
        return s.ask(
            p, "give", f"Give a card to player {q}", [("give", q, c) for c in distinct(hand)]
        )
    s.stack.pop()
    _give(s, p, q, option[2], cause)
    return None


def _give(s: DoomlingsRules, p: int, q: int, card: int, cause: int) -> None:
    s.leave_hand(p, card)
    s.hands[q].append(card)
    s.emit((s.others(p) & s.others(q), "gives_card", p, q), cause)
    s.emit((bit(p) | bit(q), "gave_card", p, q, card), cause)
    s.arrived(q, [card], cause)


@handler("discard_own")
def h_discard_own(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A player discards one trait of their own pile matching a filter (chosen); with
    ``frame[4]`` set, they may decline (Dermal Armor)."""
    _, p, key, cause = frame[:4]
    flt = None if key is None else _filter(key)
    cards = [c for c in s.piles[p] if s.discardable(c) and (flt is None or s.matches(c, flt))]
    if s.trinkets_in_game() and 0 <= cause < N_CARDS and cause in s.piles[p]:  # --- trinkets
        cards.extend(shaded_dominants(s, p, flt))  # Shade Berry: p's own trait's effect
    if option is None:
        if not cards:
            s.stack.pop()
            return None
        what = flt.words() if flt is not None else "trait"
        options: list[Option] = [("discard_trait", p, c) for c in cards]
        if len(frame) > 4 and frame[4]:
            options.insert(0, PASS)
        return s.ask(
            p, "discard_trait", f"{cause_name(cause)}: discard a {what} from your pile", options
        )
    s.stack.pop()
    if option == PASS:
        return None
    s.stack.append(("discard_trait_now", p, option[2], cause))
    return None


@handler("discard_trait_now")
def h_discard_trait_now(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Discard a trait from its pile, with Endurance and Regenerative Tissue reacting."""
    _, p, card, cause = frame
    s.stack.pop()
    if card not in s.piles[p]:
        return None
    if s.attached and s.guard(card) & GUARD_DISCARD:
        s.emit((ALL, "shielded", p, card))  # an attachment keeps it (Subdermal Plating)
        return None
    if CARD[card].persistent is Persistent.COMES_BACK and not (s.attached and s.inactive(card)):
        s.emit((ALL, "endures", p, card))
        return None
    if leaves_by_discard(s, p, card):  # --- mythlings, prototypes ---
        return None
    regrow = s.in_pile(p, Persistent.REGROW)
    s.leave_pile(p, card)
    s.discard_pile(p).append(card)
    s.emit((ALL, "discards_trait", p, card), cause)
    trait_left_pile(s, p, card, _holder(s, cause), cause)  # answered once it is all done
    if regrow >= 0:
        s.stack.append(("regrow", p, regrow))
    if CARD[card].on_discard:
        s.push_all([("fx", p, card, k, ON_DISCARD) for k in range(len(CARD[card].on_discard))])
    open_discarded_window(s, p, card)  # --- mythlings ---
    if _PERSISTENT_OF[card] is Persistent.DRAW_WHEN_DISCARDED:  # --- overlush ---
        s.draw(p, 3, card)
    return None


@handler("regrow")
def h_regrow(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Regenerative Tissue: draw 1 and play it at once if allowed, without its action."""
    _, p, tissue = frame
    s.stack.pop()
    drawn = s.draw(p, 1, tissue)
    if drawn and s.plays_at_once(p, drawn[0]):
        s.leave_hand(p, drawn[0])
        s.stack.append(("play", p, drawn[0], FROM_DECK, 0))
    return None


@handler("pick_opponent")
def h_pick_opponent(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Choose an opponent with cards in hand, for an effect named by ``frame[2]``."""
    _, p, purpose, n, cause = frame
    targets = [q for q in s.opponents(p) if s.hands[q]]
    if option is None:
        if not targets:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: {_PICK_PROMPTS[purpose]}"
        return s.ask(p, "target", prompt, [("target", q) for q in targets])
    s.stack.pop()
    q = option[1]
    if purpose == STEAL_RANDOM:
        _steal_random(s, p, q, n, cause)
        open_steal_window(s, p, q)  # --- mythlings ---
    elif purpose == LOOK:
        shown = list(s.hands[q]) if n == 0 else s.rng.sample(s.hands[q], n)
        s.revealed.extend((bit(p), c) for c in shown)
        s.emit((bit(p), "sees", p, q, tuple(shown)), cause)
        s.emit((s.others(p), "looks", p, q, len(shown)), cause)
        s.stack.append(("take_shown", p, tuple((q, c) for c in shown), cause))
    elif purpose == PEEK:  # --- overlush ---
        hand = tuple(s.hands[q])
        s.revealed.extend((bit(p), c) for c in hand)
        s.emit((bit(p), "sees", p, q, hand), cause)
        s.emit((s.others(p), "looks", p, q, len(hand)), cause)
    elif purpose == SWAP_HANDS:
        s.hands[p], s.hands[q] = s.hands[q], s.hands[p]
        s.revealed = [r for r in s.revealed if r[1] not in s.hands[p] and r[1] not in s.hands[q]]
        s.emit((ALL, "swaps_hands", p, q), cause)
    return None


_PICK_PROMPTS: Final = {
    STEAL_RANDOM: "take random cards from whose hand?",
    LOOK: "look into whose hand?",
    SWAP_HANDS: "swap hands with whom?",
    PEEK: "look at whose hand?",  # --- overlush ---
}


def _steal_random(s: DoomlingsRules, p: int, q: int, n: int, cause: int) -> None:
    for _ in range(n):
        hand = s.hands[q]
        if not hand:
            return
        card = hand[s.rng.below(len(hand))]
        s.leave_hand(q, card)
        s.hands[p].append(card)
        s.emit((s.others(p) & s.others(q), "steals_card", p, q), cause)
        s.emit((bit(p) | bit(q), "stole_card", p, q, card), cause)
        after_steal(s, p, q, card, False)  # --- mythlings ---
        s.arrived(p, [card], cause)


@handler("take_shown")
def h_take_shown(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Take one shown card into the hand and play it at once (Clever, Nosy)."""
    _, p, shown, cause = frame
    shown = [(q, c) for q, c in shown if c in s.hands[q]]
    if option is None:
        if not shown:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "take",
            "Take which card? (it is played at once)",
            [("take_card", q, c) for q, c in shown],
        )
    s.stack.pop()
    _, q, card = option
    shown_to_all = (ALL, card) in s.revealed
    s.leave_hand(q, card)
    s.hands[p].append(card)
    gelatinous = CARD[card].persistent is Persistent.DISCARD_IF_STOLEN  # --- mythlings ---
    played = not gelatinous and s.plays_at_once(p, card)
    if shown_to_all or played:
        s.emit((ALL, "takes_shown", p, q, card), cause)
    else:
        # Nosy's card was shown to the taker alone and now hides in their hand.
        s.emit((s.others(p) & s.others(q), "takes_hidden", p, q), cause)
        s.emit((bit(p) | bit(q), "takes_shown", p, q, card), cause)
    after_steal(s, p, q, card, False)  # --- mythlings ---
    open_steal_window(s, p, q)
    if played:
        s.leave_hand(p, card)
        s.stack.append(("play", p, card, FROM_HAND, 1))
    return None


@handler("reveal")
def h_reveal(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Clever: an opponent shows everyone a card of their choice."""
    _, q, p, cause = frame
    if option is None:
        if not s.hands[q]:
            s.stack.pop()
            return None
        return s.ask(
            q,
            "reveal",
            f"Show a card to everyone (player {p} will take 1)",
            [("show", c) for c in distinct(s.hands[q])],
        )
    s.stack.pop()
    card = option[1]
    s.revealed.append((ALL, card))
    s.emit((ALL, "shows", q, card), cause)
    return None


@handler("take_revealed")
def h_take_revealed(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    s.stack.pop()
    shown = tuple((q, c) for q in s.opponents(p) for c in s.hands[q] if (ALL, c) in s.revealed)
    s.stack.append(("take_shown", p, shown, cause))
    return None


# ====================================================================== card effects


def h_fx(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Resolve effect ``k`` of ``card``'s action (or on-play effect) for ``p``."""
    _, p, card, k, on_play = frame
    s.stack.pop()
    if on_play == ON_DISCARD:
        fx = CARD[card].on_discard[k]
        EFFECTS[type(fx)](s, p, card, fx)
    elif s.FAST_PATHS:
        # Each card's resolvers, looked up in EFFECTS once at import rather than per effect.
        same = s.same(card) if s.copies else card  # Opposable Thumbs plays as its copy
        steps = _ON_PLAY_STEPS[same] if on_play else _ACTION_STEPS[same]
        fx, resolve = steps[k]
        resolve(s, p, card, fx)
    else:
        trait = s.trait(card)
        fx = (trait.on_play if on_play else trait.action)[k]
        EFFECTS[type(fx)](s, p, card, fx)
    return None


# Every effect primitive's resolver: ``resolve(state, player, card, primitive)`` carries the
# primitive out for ``player`` as ``card``'s effect, or pushes the frames that will (each
# naming ``card``: the log's cause and the prompts' title). Frames hold plain data only, never
# the primitive, so any primitive works on any card (tests resolve made-up ones).
Resolver = Callable[[DoomlingsRules, int, int, Any], None]


def _targets(s: DoomlingsRules, p: int, who: Who) -> list[int]:
    """The players a primitive aimed at ``who`` affects, in the order they resolve."""
    if who is Who.YOU:
        return [p]
    if who is Who.OPPONENTS:
        return s.opponents(p)
    return s.order_from(p)


def fx_draw(s: DoomlingsRules, p: int, card: int, fx: Draw) -> None:
    for q in _targets(s, p, fx.who):
        s.draw(q, fx.n, card, fx.from_bottom)


def fx_discard_from_hand(s: DoomlingsRules, p: int, card: int, fx: DiscardFromHand) -> None:
    targets = _targets(s, p, fx.who)
    if fx.at_random:
        for q in targets:
            s.discard_random(q, fx.n, card)
    else:
        s.push_all([("discard_n", q, fx.n, card) for q in targets])


def fx_discard_color(s: DoomlingsRules, p: int, card: int, fx: DiscardColorFromHands) -> None:
    s.stack.append(("name_color", p, card, COLOR_DISCARDS_HANDS))


def fx_steal_trait(s: DoomlingsRules, p: int, card: int, fx: StealTrait) -> None:
    frame: Frame = ("steal_trait", p, card, _key(fx.filter), int(fx.play_action))
    if fx.richer_only:
        frame = (*frame, 1)
    s.stack.append(frame)


def fx_steal_from_hand(s: DoomlingsRules, p: int, card: int, fx: StealFromHand) -> None:
    s.stack.append(("pick_opponent", p, STEAL_RANDOM, fx.n, card))


def fx_reveal_and_steal(s: DoomlingsRules, p: int, card: int, fx: RevealAndSteal) -> None:
    s.push_all([*[("reveal", q, p, card) for q in s.opponents(p)], ("take_revealed", p, card)])


def fx_look_and_steal(s: DoomlingsRules, p: int, card: int, fx: LookAndSteal) -> None:
    s.stack.append(("pick_opponent", p, LOOK, fx.n, card))


def fx_return_trait(s: DoomlingsRules, p: int, card: int, fx: ReturnTrait) -> None:
    s.stack.append(("return_trait", p, card))


def fx_give_from_hand(s: DoomlingsRules, p: int, card: int, fx: GiveFromHand) -> None:
    for _ in range(fx.n):
        s.stack.append(("give_any", p, card))


def fx_give_trait(s: DoomlingsRules, p: int, card: int, fx: GiveTrait) -> None:
    s.stack.append(("give_trait", p, card))


def fx_swap_hands(s: DoomlingsRules, p: int, card: int, fx: SwapHands) -> None:
    s.stack.append(("pick_opponent", p, SWAP_HANDS, 0, card))


def fx_swap_this(s: DoomlingsRules, p: int, card: int, fx: SwapThis) -> None:
    if fx.filter == ANY and not fx.play_action:
        s.stack.append(("swap_this", p, card))
    else:
        s.stack.append(("swap_this", p, card, _key(fx.filter), int(fx.play_action)))


def fx_swap_traits(s: DoomlingsRules, p: int, card: int, fx: SwapTraits) -> None:
    frame: Frame = ("swap_traits", p, int(fx.match is SameColor.SAME), card)
    s.stack.append((*frame, 1) if fx.not_this else frame)


def fx_opponents_discard_trait(
    s: DoomlingsRules, p: int, card: int, fx: OpponentsDiscardTrait
) -> None:
    s.push_all([("discard_own", q, _key(fx.filter), card) for q in s.opponents(p)])


def fx_mutual_discard(s: DoomlingsRules, p: int, card: int, fx: MutualDiscardTrait) -> None:
    s.stack.append(("mutual_discard", p, card))


def fx_discard_own_trait(s: DoomlingsRules, p: int, card: int, fx: DiscardOwnTrait) -> None:
    if fx.optional:
        s.stack.append(("discard_own", p, None, card, 1))
    else:
        s.stack.append(("discard_own", p, None, card))


_SOURCE: Final = {Source.HAND: FROM_HAND, Source.DISCARD: FROM_DISCARD, Source.DISCARD_TOP: 9}


def fx_play_another(s: DoomlingsRules, p: int, card: int, fx: PlayAnother) -> None:
    flt = ONLY_EFFECTLESS if fx.effectless else ANY_TRAIT
    s.stack.append(
        ("play_extra", p, _SOURCE[fx.source], int(fx.optional), int(fx.with_action), flt)
    )


def fx_draw_and_play_green(s: DoomlingsRules, p: int, card: int, fx: DrawAndPlayGreen) -> None:
    drawn = s.draw(p, fx.n, card)
    s.stack.append(("play_drawn_green", p, tuple(drawn)))


def fx_play_pile_action(s: DoomlingsRules, p: int, card: int, fx: PlayPileAction) -> None:
    frame: Frame = ("pile_action", p, card, int(fx.opponents))
    s.stack.append((*frame, 1) if fx.then_discard else frame)


def fx_discard_hand_and_stabilize(
    s: DoomlingsRules, p: int, card: int, fx: MayDiscardHandAndStabilize
) -> None:
    s.stack.append(("discard_hand_stabilize", p, card))


def fx_peek_age(s: DoomlingsRules, p: int, card: int, fx: PeekAge) -> None:
    if fx.last:
        _peek_last_ages(s, p, fx.last)
    elif s.age_deck:
        s.age_seen |= bit(p)
        s.emit((bit(p), "peek", p, s.age_deck[-1]))
        for age in reversed(s.age_deck[-fx.n : -1]):  # Neural Link: the ages after it too
            s.emit((bit(p), "peek_later", p, age))


def fx_move_self(s: DoomlingsRules, p: int, card: int, fx: MoveSelfToOpponent) -> None:
    s.stack.append(("move_self", p, card))


def fx_end_of_world_rush(s: DoomlingsRules, p: int, card: int, fx: EndOfWorldRush) -> None:
    _rush_to_catastrophe(s, p)


# --- overlush (traits b) ---
ON_DISCARD: Final = 2
"""``fx`` frames' last item for an effect of a trait's ``on_discard`` (0: action, 1: on play)."""


ONE_OFS: Final[list[OneOf]] = []
"""Every OneOf primitive, so that frames and options name one by its index (plain data):
the cards' own, in card order, then any other resolved (the tests' made-up ones)."""
_ONE_OF_INDEX: Final[dict[OneOf, int]] = {}


def one_of_index(fx: OneOf) -> int:
    index = _ONE_OF_INDEX.get(fx)
    if index is None:
        index = _ONE_OF_INDEX[fx] = len(ONE_OFS)
        ONE_OFS.append(fx)
    return index


for _trait in CARD:
    for _fx in (*_trait.action, *_trait.on_play, *_trait.on_discard):
        if isinstance(_fx, OneOf):
            one_of_index(_fx)


def fx_discard_cards_with_effects(
    s: DoomlingsRules, p: int, card: int, fx: DiscardCardsWithEffects
) -> None:
    for c in [c for c in s.hands[p] if not CARD[c].effectless]:
        s.discard_from_hand(p, c, card)


def fx_return_own_trait(s: DoomlingsRules, p: int, card: int, fx: ReturnOwnTrait) -> None:
    s.stack.append(("return_own", p, card))


def fx_hand_to_deck_bottom(s: DoomlingsRules, p: int, card: int, fx: HandToDeckBottom) -> None:
    s.stack.append(("to_bottom", p, fx.n, int(fx.up_to), card))


def fx_one_of(s: DoomlingsRules, p: int, card: int, fx: OneOf) -> None:
    s.stack.append(("one_of", p, card, one_of_index(fx)))


def fx_opponent_draws_and_gives(
    s: DoomlingsRules, p: int, card: int, fx: OpponentDrawsAndGives
) -> None:
    s.stack.append(("draw_give", p, fx.n, card))


def fx_trade_with_opponents(s: DoomlingsRules, p: int, card: int, fx: TradeWithOpponents) -> None:
    for q in s.opponents(p):
        _steal_random(s, p, q, 1, card)
    s.push_all([("give_card", p, q, card) for q in s.opponents(p)])


def fx_dominants_to_deck_top(s: DoomlingsRules, p: int, card: int, fx: DominantsToDeckTop) -> None:
    s.stack.append(("to_top", p, fx.n, card))


def fx_pass_hands_right(s: DoomlingsRules, p: int, card: int, fx: PassHandsRight) -> None:
    if s.players < 2:
        return
    seats = list(range(s.players))
    hands = [s.hands[q] for q in seats]
    for i, q in enumerate(seats):  # as Mega Tsunami: seat i's hand goes to seat i - 1
        s.hands[seats[i - 1]] = hands[i]
        s.emit((ALL, "passes_hand", q, seats[i - 1]), card)
    s.revealed = []


def fx_draw_and_play_face(s: DoomlingsRules, p: int, card: int, fx: DrawAndPlayFace) -> None:
    s.stack.append(("name_face", p, fx.n, card))


def fx_play_into_opponent_pile(
    s: DoomlingsRules, p: int, card: int, fx: PlayIntoOpponentPile
) -> None:
    s.stack.append(("play_into", p, card))


def fx_discard_top_and_color(
    s: DoomlingsRules, p: int, card: int, fx: DiscardTopAndColorFromHands
) -> None:
    top = s.draw_card(p)
    if top is None:
        return
    s.discard_pile(p).append(top)
    s.emit((ALL, "discards_top", p, top), card)
    colors = CARD[top].colors
    order = s.order_from(p)
    for q in order:
        for c in [
            c for c in s.hands[q] if (CARD[c].colors & colors if colors else not CARD[c].colors)
        ]:
            s.discard_from_hand(q, c, card)
    s.push_all([("stabilize", q, 0, card) for q in order])


def fx_stabilize(s: DoomlingsRules, p: int, card: int, fx: Stabilize) -> None:
    s.push_all([("stabilize", q, 0, card) for q in _targets(s, p, fx.who)])


def fx_gain_gene_pool(s: DoomlingsRules, p: int, card: int, fx: GainGenePool) -> None:
    done = s.shift_gene_pool(p, fx.n)
    if done:
        s.emit((ALL, "gene_pool", p, done, card))


def fx_look_at_bottom_and_play(
    s: DoomlingsRules, p: int, card: int, fx: LookAtBottomAndPlay
) -> None:
    s.stack.append(("bottom_color", p, fx.n, card))


def fx_draw_then_maybe_from_bottom(
    s: DoomlingsRules, p: int, card: int, fx: DrawThenMaybeFromBottom
) -> None:
    drawn = s.draw(p, 1, card)
    if drawn:
        s.stack.append(("wander", p, drawn[0], card))


def fx_opponents_play_then_take(
    s: DoomlingsRules, p: int, card: int, fx: OpponentsPlayThenTake
) -> None:
    # The traits the opponents play land on top of their piles, above these sizes.
    sizes = tuple(len(pile) for pile in s.piles)
    frames: list[Frame] = [("play_nondominant", q, card) for q in s.opponents(p)]
    s.push_all([*frames, ("take_or_play", p, sizes, card)])


def fx_restart_round(s: DoomlingsRules, p: int, card: int, fx: RestartRound) -> None:
    """Psychedelic: drop the rest of the round (and the flip after it), then start a round
    with ``p`` as the 1st player."""
    if ("round_end",) not in s.stack:
        return  # between rounds (World's End): there is no round to start over
    while s.stack and s.stack.pop() != ("round_end",):
        pass
    while s.stack and s.stack.pop()[0] != "flip":
        pass
    s.turn_player = -1
    s.first_player = p
    s.emit((ALL, "restarts", p, card))
    s.emit((ALL, "first_player", p))
    s.stack.append(("round",))


def _peek_last_ages(s: DoomlingsRules, p: int, n: int) -> None:
    """Sapient: the last ``n`` age cards (the bottom of the age deck), seen by ``p`` alone."""
    last = tuple(reversed(s.age_deck[:n]))
    if last:
        s.emit((bit(p), "peek_last", p, last))


# --- dinolings ---


def fx_draw_then_trade(s: DoomlingsRules, p: int, card: int, fx: DrawThenTrade) -> None:
    drawn = s.draw(p, fx.n, card)
    if drawn:
        s.stack.append(("trade", p, card, tuple(drawn)))


def fx_play_hand_action(s: DoomlingsRules, p: int, card: int, fx: PlayHandAction) -> None:
    s.stack.append(("hand_action", p, card))


def fx_copy_dominant(s: DoomlingsRules, p: int, card: int, fx: CopyDominant) -> None:
    """Opposable Thumbs' effect, resolved as any on-play effect: the copy, without an action
    (only its own play from the hand brings the copy's action, see :func:`play_trait`)."""
    s.stack.append(("copy_dominant", p, card, 0))


COPY_ACTING: Final = 1
"""A ``copy_dominant`` frame's flag: Opposable Thumbs was played from the hand with its
action, so the copy's action follows."""
COPY_PLAYED: Final = 2
"""Its flag: Thumbs is being played into its player's pile, so what answers a trait played
(Ravenous, Self-Replicating, a trinket's draw, Unusual Friends, Skimmer, Strange) answers the
copy's play: Thumbs as printed, a colourless Overlush trait with effects, answered none."""
COPY_FROM_HAND: Final = 4
"""Its flag: Thumbs was played from the hand (Self-Replicating answers only those plays)."""


@handler("copy_dominant")
def h_copy_dominant(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Opposable Thumbs becomes a copy of another dominant of its owner's pile (the owner picks
    which when there are two) for the rest of the game, and is played as that copy: the
    copy's Gene Pool change, what answers its play, its attachment, on-play effects and, when
    Thumbs was played from the hand with its action, the copy's action (``frame[3]``: the
    ``COPY_*`` flags). Without another dominant (a play that skips requirements) it stays a
    colourless 0."""
    _, p, card, flags = frame
    if option is None:
        if card not in s.piles[p] or s.same(card) != card:
            s.stack.pop()
            return None
        others = [c for c in s.piles[p] if c != card and CARD[c].dominant]
        prompt = f"{CARD[card].name}: which dominant does it copy?"
        return s.ask(p, "use", prompt, [("copy", c) for c in others])
    s.stack.pop()
    copied: int = option[1]
    trait = CARD[copied]
    s.copies.append((card, copied))
    s.emit((ALL, "copies_dominant", p, card, copied))
    s.last_colors = trait.colors
    if trait.gene_pool or trait.persistent is Persistent.GENE_POOL_ONE:
        s.apply_gene_pool(p, card, trait)
    frames: list[Frame] = []
    if flags & COPY_PLAYED:
        answer_play(s, p, card, p, trait.effectless)  # an effectless copy: Motley, Wild
        if flags & COPY_FROM_HAND and trait.colors & GREEN:
            frames.append(("self_replicate", p, card))
    if trait.attach is not None:
        frames.append(("attach", p, card))
    frames.extend(("fx", p, card, k, 1) for k in range(len(trait.on_play)))
    if flags & COPY_ACTING and trait.action:
        frames.append(("act_from_pile", p, card))
    s.push_all(frames)
    return None


def fx_draw_and_play(s: DoomlingsRules, p: int, card: int, fx: DrawAndPlay) -> None:
    drawn = s.draw(p, 1, card)
    if not drawn:
        return
    got = drawn[0]
    if CARD[got].dominant:
        s.discard_from_hand(p, got, card)
    elif s.plays_at_once(p, got):
        s.leave_hand(p, got)
        s.stack.append(("play", p, got, FROM_DECK, 0))


# --- mythlings, prototypes, relics, special edition ---


def fx_dig_for_color(s: DoomlingsRules, p: int, card: int, fx: DigForColor) -> None:
    s.stack.append(("dig", p, card, fx.n))


def fx_discard_whole_hand(s: DoomlingsRules, p: int, card: int, fx: DiscardWholeHand) -> None:
    s.discard_whole_hand(p, card)
    if fx.skip_stabilize and ("end_turn", p) in s.stack:
        _drop_turn_end(s, p)
        s.emit((ALL, "no_stabilize", p))


def fx_discard_opponent_trait(
    s: DoomlingsRules, p: int, card: int, fx: DiscardOpponentTrait
) -> None:
    s.stack.append(("discard_opp_trait", p, card, _key(fx.filter)))


def fx_discard_then_play(s: DoomlingsRules, p: int, card: int, fx: DiscardThenPlay) -> None:
    s.stack.append(("summon", p, card, fx.n, 0))


def fx_peek_ages(s: DoomlingsRules, p: int, card: int, fx: PeekAges) -> None:
    deck = s.age_deck
    seen = deck[: fx.n] if fx.bottom else deck[-fx.n :]
    if not seen:
        return
    if not fx.bottom:
        s.age_seen |= bit(p)
    s.emit((bit(p), "peeks_ages", p, tuple(reversed(seen))))


def fx_rearrange_ages(s: DoomlingsRules, p: int, card: int, fx: RearrangeAges) -> None:
    if s.age_deck:
        s.stack.append(("rearrange", p, card, fx.n, ()))


def fx_steal_from_each_and_play(
    s: DoomlingsRules, p: int, card: int, fx: StealFromEachAndPlay
) -> None:
    stolen: list[int] = []
    victims: list[int] = []
    for q in s.opponents(p):
        hand = s.hands[q]
        if not hand:
            continue
        taken = hand[s.rng.below(len(hand))]
        s.leave_hand(q, taken)
        s.hands[p].append(taken)
        s.emit((s.others(p) & s.others(q), "steals_card", p, q), card)
        s.emit((bit(p) | bit(q), "stole_card", p, q, taken), card)
        after_steal(s, p, q, taken, False)
        stolen.append(taken)
        victims.append(q)
    s.stack.append(("charm", p, card, tuple(stolen)))
    for q in victims:
        open_steal_window(s, p, q)


def fx_opponents_give_color(s: DoomlingsRules, p: int, card: int, fx: OpponentsGiveColor) -> None:
    s.stack.append(("tribute", p, card, _key(fx.filter)))


# --- deeplings ---
def fx_suppress_from_pile(s: DoomlingsRules, p: int, card: int, fx: SuppressFromPile) -> None:
    if fx.n is not None:
        s.stack.append(("suppress_pile", p, card, fx.n, int(fx.up_to), _key(fx.filter)))
        return
    for c in _suppressible(s, p, card, fx.filter):
        if not fx.gene_pool or CARD[c].gene_pool:
            s.suppress_trait(p, c, card)


def fx_suppress_from_hand(s: DoomlingsRules, p: int, card: int, fx: SuppressFromHand) -> None:
    s.stack.append(("suppress_hand", p, fx.n, card))


def fx_set_gene_pool(s: DoomlingsRules, p: int, card: int, fx: SetGenePool) -> None:
    if not s.gene_pool_locked(p):
        s.gene_pool[p] = fx.value
        s.emit((ALL, "gene_pool_set", p, fx.value), card)


def fx_steal_and_suppress(s: DoomlingsRules, p: int, card: int, fx: StealAndSuppress) -> None:
    s.stack.append(("steal_suppress", p, card))


def fx_right_names_color(
    s: DoomlingsRules, p: int, card: int, fx: RightNamesColorSuppressHand
) -> None:
    if s.players > 1:
        s.stack.append(("lure", p, (p - 1) % s.players, card))


# --- moonlings ---
def fx_return_any_own_trait(s: DoomlingsRules, p: int, card: int, fx: ReturnAnyOwnTrait) -> None:
    s.stack.append(("return_any_own", p, card))


def fx_give_to_opponent(s: DoomlingsRules, p: int, card: int, fx: GiveToOpponent) -> None:
    s.stack.append(("give_n", p, -1, fx.n, card))


def fx_only_if(s: DoomlingsRules, p: int, card: int, fx: OnlyIf) -> None:
    if fx.check is Check.GENE_POOL_AT_MOST:
        holds = s.gene_pool[p] <= fx.limit
    else:
        holds = len(s.hands[p]) <= fx.limit
    if holds:
        EFFECTS[type(fx.effect)](s, p, card, fx.effect)


# --- overlush ---


def draw_from_bottom(s: DoomlingsRules, p: int, n: int, cause: int) -> list[int]:
    """Draw ``n`` cards from the bottom of the trait deck (an empty deck is refilled as for any
    draw, or ends the drawing when the traits have run out)."""
    drawn: list[int] = []
    for _ in range(n):
        deck = s.decks[p] if s.own_decks and s.decks[p] else s.deck
        card = deck.pop(0) if deck else s.draw_card(p)
        if card is None:
            break
        s.hands[p].append(card)
        drawn.append(card)
    if drawn:
        s.emit((s.others(p), "draws", p, len(drawn)), cause)
        s.emit((bit(p), "drew", p, tuple(drawn)), cause)
    return drawn


def fx_draw_from_bottom(s: DoomlingsRules, p: int, card: int, fx: DrawFromBottom) -> None:
    drawn = draw_from_bottom(s, p, fx.n, card)
    if fx.use_action and drawn:
        s.stack.append(("use_drawn_action", p, card, tuple(drawn)))


def fx_discard_hand(s: DoomlingsRules, p: int, card: int, fx: DiscardHand) -> None:
    s.discard_whole_hand(p, card)


def fx_shuffle_discard(s: DoomlingsRules, p: int, card: int, fx: ShuffleDiscardIntoDeck) -> None:
    pile = s.discard_pile(p)
    deck = s.decks[p] if s.own_decks else s.deck
    deck.extend(pile)
    pile.clear()
    s.rng.shuffle(deck)
    s.emit((ALL, "shuffles_in", p, len(deck)), card)


def fx_skip_stabilize(s: DoomlingsRules, p: int, card: int, fx: SkipStabilize) -> None:
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i] == ("end_turn", p):
            s.stack[i] = ("skip_end", p)
            s.emit((ALL, "no_stabilize", p))  # changes no zone: no cause, as the others
            return


def fx_take_from_discard(s: DoomlingsRules, p: int, card: int, fx: TakeFromDiscard) -> None:
    s.stack.append(("take_discard", p, card, _key(fx.filter), int(fx.optional)))


def fx_use_color_action(s: DoomlingsRules, p: int, card: int, fx: UseColorAction) -> None:
    s.stack.append(("color_action", p, card, fx.color, int(fx.opponents), int(fx.return_it)))


def fx_pass_to_neighbour(s: DoomlingsRules, p: int, card: int, fx: PassToNeighbour) -> None:
    n = s.players
    order = s.order_from(p)
    if not fx.at_random:
        step = 1 if fx.left else -1
        s.push_all([("give_card", q, (q + step) % n, card) for q in order])
        return
    # Every card is picked first and then all are handed on: nobody passes on what they got.
    picked = [s.hands[q][s.rng.below(len(s.hands[q]))] if s.hands[q] else -1 for q in order]
    for q, c in zip(order, picked, strict=True):
        if c >= 0:
            _give(s, q, (q + (1 if fx.left else -1)) % n, c, card)


def fx_peek_hand(s: DoomlingsRules, p: int, card: int, fx: PeekHand) -> None:
    s.stack.append(("pick_opponent", p, PEEK, 0, card))


def fx_shed_traits(s: DoomlingsRules, p: int, card: int, fx: ShedTraits) -> None:
    s.stack.append(("shed", p, card, fx.up_to, fx.draw, fx.pay))


def fx_play_matching(s: DoomlingsRules, p: int, card: int, fx: PlayMatching) -> None:
    s.stack.append(("play_matching", p, card, _key(fx.filter), int(fx.optional)))


def fx_swap_own(s: DoomlingsRules, p: int, card: int, fx: SwapOwnTraits) -> None:
    s.stack.append(("swap_own", p, card, _key(fx.filter), fx.up_to))


def fx_draw_and_play_colors(s: DoomlingsRules, p: int, card: int, fx: DrawAndPlayColors) -> None:
    drawn = s.draw(p, fx.n, card)
    kept: list[int] = []
    colors = 0
    for c in drawn:
        if CARD[c].dominant:
            s.discard_from_hand(p, c, card)
        else:
            kept.append(c)
            colors |= s.colors_of(c)
    s.stack.append(("collect", p, card, tuple(kept), colors))


# --- glitterlings ---
CHAIN_EFFECTLESS: Final = 1
CHAIN_NO_ACTION: Final = 2
CHAIN_REPEAT_PLAYED: Final = 4
CHAIN_DOMINANT_DISCARDS: Final = 8
CHAIN_REVEAL: Final = 16
"""The flags of a ``draw_chain`` frame: a :class:`DrawChain` as plain data."""


def fx_draw_chain(s: DoomlingsRules, p: int, card: int, fx: DrawChain) -> None:
    flags = (
        (CHAIN_EFFECTLESS if fx.effectless else 0)
        | (CHAIN_NO_ACTION if fx.no_action else 0)
        | (CHAIN_REPEAT_PLAYED if fx.repeat_played else 0)
        | (CHAIN_DOMINANT_DISCARDS if fx.dominant_discards else 0)
        | (CHAIN_REVEAL if fx.reveal else 0)
    )
    s.stack.append(("draw_chain", p, card, _key(fx.play), flags, fx.repeat_family or ""))


def fx_shift_gene_pools(s: DoomlingsRules, p: int, card: int, fx: ShiftGenePools) -> None:
    for q in _targets(s, p, fx.who):
        done = s.shift_gene_pool(q, fx.n)
        if done:
            s.emit((ALL, "gene_pool", q, done, card))


def fx_give_each_opponent(s: DoomlingsRules, p: int, card: int, fx: GiveEachOpponent) -> None:
    s.push_all([("give_n", p, q, 1, card) for q in s.opponents(p)])


def fx_if_drawn(s: DoomlingsRules, p: int, card: int, fx: IfDrawn) -> None:
    drawn = s.draw(p, 1, card)
    if not drawn:
        return
    shown = drawn[0]
    show_card(s, p, shown, card)
    colors = s.colors_of(shown)
    if colors & fx.color or (fx.or_colorless and not colors):
        EFFECTS[type(fx.effect)](s, p, card, fx.effect)


def fx_may_discard_from_hands(
    s: DoomlingsRules, p: int, card: int, fx: MayDiscardFromHands
) -> None:
    s.push_all([("discard_any", q, card, _key(fx.filter)) for q in s.order_from(p)])


def fx_guess_top_color(s: DoomlingsRules, p: int, card: int, fx: GuessTopColor) -> None:
    s.stack.append(("guess_color", p, card, fx.n))


def fx_mill_and_play(s: DoomlingsRules, p: int, card: int, fx: MillAndPlay) -> None:
    milled: list[int] = []
    for _ in range(fx.n):
        top = s.draw_card(p)
        if top is None:
            break
        s.discard_pile(p).append(top)
        s.emit((ALL, "discards_top", p, top), card)
        milled.append(top)
    picked = tuple(c for c in milled if s.matches(c, fx.filter))
    if picked:
        s.stack.append(("play_milled", p, card, picked))


def fx_play_both_or_neither(s: DoomlingsRules, p: int, card: int, fx: PlayBothOrNeither) -> None:
    drawn = s.draw(p, 2, card)
    if len(drawn) == 2:
        s.stack.append(("both_or_none", p, card, tuple(drawn)))


# --- fuzelings ---
def fx_draw_and_suppress(s: DoomlingsRules, p: int, card: int, fx: DrawAndSuppress) -> None:
    while True:
        drawn = s.draw(p, 1, card)
        if not drawn:
            return
        s.suppress_from_hand(p, drawn[0], card)
        if SET_OF_CARD[drawn[0]] not in fx.families:
            return


def fx_give_families(s: DoomlingsRules, p: int, card: int, fx: GiveFamiliesToOpponent) -> None:
    if any(SET_OF_CARD[c] in fx.families for c in s.hands[p]):
        s.stack.append(("give_families", p, card, fx.families))


def fx_give_then_suppress(s: DoomlingsRules, p: int, card: int, fx: GiveThenSuppressColor) -> None:
    if s.hands[p] and s.players > 1:
        s.stack.append(("give_suppress", p, card))


def fx_opponents_pass_right(
    s: DoomlingsRules, p: int, card: int, fx: OpponentsPassHandsRight
) -> None:
    seats = [q for q in range(s.players) if q != p]
    if len(seats) < 2:
        return
    hands = [s.hands[q] for q in seats]
    for i, q in enumerate(seats):  # as every player's pass, with ``p`` left out of the ring
        s.hands[seats[i - 1]] = hands[i]
        s.emit((ALL, "passes_hand", q, seats[i - 1]), card)
    s.revealed = [r for r in s.revealed if r[1] in s.hands[p]]


def fx_stabilize_to_yours(s: DoomlingsRules, p: int, card: int, fx: StabilizeToYours) -> None:
    size = s.gene_pool[p]
    s.push_all([("stabilize", q, size, card) for q in s.opponents(p)])


def fx_suppress_whole_hand(s: DoomlingsRules, p: int, card: int, fx: SuppressWholeHand) -> None:
    for c in list(s.hands[p]):
        s.suppress_from_hand(p, c, card)


EFFECTS: Final[dict[type, Resolver]] = {
    Draw: fx_draw,
    DiscardFromHand: fx_discard_from_hand,
    DiscardColorFromHands: fx_discard_color,
    StealTrait: fx_steal_trait,
    StealFromHand: fx_steal_from_hand,
    RevealAndSteal: fx_reveal_and_steal,
    LookAndSteal: fx_look_and_steal,
    ReturnTrait: fx_return_trait,
    GiveFromHand: fx_give_from_hand,
    GiveTrait: fx_give_trait,
    SwapHands: fx_swap_hands,
    SwapThis: fx_swap_this,
    SwapTraits: fx_swap_traits,
    OpponentsDiscardTrait: fx_opponents_discard_trait,
    MutualDiscardTrait: fx_mutual_discard,
    DiscardOwnTrait: fx_discard_own_trait,
    PlayAnother: fx_play_another,
    DrawAndPlayGreen: fx_draw_and_play_green,
    PlayPileAction: fx_play_pile_action,
    MayDiscardHandAndStabilize: fx_discard_hand_and_stabilize,
    PeekAge: fx_peek_age,
    MoveSelfToOpponent: fx_move_self,
    EndOfWorldRush: fx_end_of_world_rush,
    # --- overlush (traits b) ---
    DiscardCardsWithEffects: fx_discard_cards_with_effects,
    ReturnOwnTrait: fx_return_own_trait,
    HandToDeckBottom: fx_hand_to_deck_bottom,
    OneOf: fx_one_of,
    OpponentDrawsAndGives: fx_opponent_draws_and_gives,
    TradeWithOpponents: fx_trade_with_opponents,
    DominantsToDeckTop: fx_dominants_to_deck_top,
    PassHandsRight: fx_pass_hands_right,
    DrawAndPlayFace: fx_draw_and_play_face,
    PlayIntoOpponentPile: fx_play_into_opponent_pile,
    DiscardTopAndColorFromHands: fx_discard_top_and_color,
    Stabilize: fx_stabilize,
    GainGenePool: fx_gain_gene_pool,
    LookAtBottomAndPlay: fx_look_at_bottom_and_play,
    OpponentsPlayThenTake: fx_opponents_play_then_take,
    RestartRound: fx_restart_round,
    DrawThenMaybeFromBottom: fx_draw_then_maybe_from_bottom,
    # --- dinolings ---
    DrawThenTrade: fx_draw_then_trade,
    PlayHandAction: fx_play_hand_action,
    DrawAndPlay: fx_draw_and_play,
    CopyDominant: fx_copy_dominant,
    # --- mythlings, prototypes, relics, special edition ---
    DigForColor: fx_dig_for_color,
    DiscardWholeHand: fx_discard_whole_hand,
    DiscardOpponentTrait: fx_discard_opponent_trait,
    DiscardThenPlay: fx_discard_then_play,
    PeekAges: fx_peek_ages,
    RearrangeAges: fx_rearrange_ages,
    StealFromEachAndPlay: fx_steal_from_each_and_play,
    OpponentsGiveColor: fx_opponents_give_color,
    # --- deeplings ---
    SuppressFromPile: fx_suppress_from_pile,
    SuppressFromHand: fx_suppress_from_hand,
    SetGenePool: fx_set_gene_pool,
    StealAndSuppress: fx_steal_and_suppress,
    RightNamesColorSuppressHand: fx_right_names_color,
    # --- moonlings ---
    ReturnAnyOwnTrait: fx_return_any_own_trait,
    GiveToOpponent: fx_give_to_opponent,
    SkipStabilize: fx_skip_stabilize,
    OnlyIf: fx_only_if,
    # --- overlush ---
    DrawFromBottom: fx_draw_from_bottom,
    DiscardHand: fx_discard_hand,
    ShuffleDiscardIntoDeck: fx_shuffle_discard,
    TakeFromDiscard: fx_take_from_discard,
    UseColorAction: fx_use_color_action,
    PassToNeighbour: fx_pass_to_neighbour,
    PeekHand: fx_peek_hand,
    ShedTraits: fx_shed_traits,
    PlayMatching: fx_play_matching,
    SwapOwnTraits: fx_swap_own,
    DrawAndPlayColors: fx_draw_and_play_colors,
    # --- glitterlings ---
    DrawChain: fx_draw_chain,
    ShiftGenePools: fx_shift_gene_pools,
    GiveEachOpponent: fx_give_each_opponent,
    IfDrawn: fx_if_drawn,
    MayDiscardFromHands: fx_may_discard_from_hands,
    GuessTopColor: fx_guess_top_color,
    MillAndPlay: fx_mill_and_play,
    PlayBothOrNeither: fx_play_both_or_neither,
    # --- fuzelings ---
    DrawAndSuppress: fx_draw_and_suppress,
    GiveFamiliesToOpponent: fx_give_families,
    GiveThenSuppressColor: fx_give_then_suppress,
    OpponentsPassHandsRight: fx_opponents_pass_right,
    StabilizeToYours: fx_stabilize_to_yours,
    SuppressWholeHand: fx_suppress_whole_hand,
}
"""The resolver of every effect primitive, by its type: the one place an effect is carried out."""

_ACTION_STEPS: Final = tuple(tuple((fx, EFFECTS[type(fx)]) for fx in t.action) for t in CARD)
_ON_PLAY_STEPS: Final = tuple(tuple((fx, EFFECTS[type(fx)]) for fx in t.on_play) for t in CARD)
"""Per card, each action (on-play) effect with its resolver, built from EFFECTS."""


def _rush_to_catastrophe(s: DoomlingsRules, p: int) -> None:
    """Optimistic Nihilism: drop the rest of the round and flip up to the next catastrophe."""
    if ("round_end",) not in s.stack:
        return  # already past the last round (e.g. played at World's End)
    while s.stack and s.stack.pop() != ("round_end",):
        pass
    # The round still ends, so what comes between it and the next flip (Genetic Mishap's
    # draw) stays; only that flip becomes the rush.
    between: list[Frame] = []
    while s.stack and (frame := s.stack.pop())[0] != "flip":
        between.append(frame)
    s.turn_player = -1
    s.emit((ALL, "rush", p))
    s.stack.append(("flip", 1))
    s.stack.extend(reversed(between))


def _ask_color(s: DoomlingsRules, p: int, card: int) -> Decision | None:
    """The question of every "name a color" effect, in the name of the card that asks."""
    return s.ask(p, "color", f"{s.shown_name(card)}: name a color", [("color", c) for c in COLORS])


@handler("name_color")
def h_name_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card, purpose = frame
    if option is None:
        return _ask_color(s, p, card)
    s.stack.pop()
    color = option[1]
    s.emit((ALL, "names_color", p, card, color))
    if purpose == COLOR_DISCARDS_HANDS:
        for q in s.order_from(p):
            for c in [c for c in s.hands[q] if CARD[c].colors & color]:
                s.discard_from_hand(q, c, card)
    elif purpose == OPPONENTS_DISCARD_COLOR:
        # Chosen in turn order; they resolve last opponent first (as ever: saved games hold
        # the events in that order).
        for q in s.opponents(p):
            cards = [c for c in s.piles[q] if s.discardable(c) and s.colors_of(c) & color]
            if cards:
                s.stack.append(("discard_trait_now", q, cards[s.rng.below(len(cards))], card))
    elif purpose == BECOME_COLOR:
        s.recolor[card] = color
    elif purpose == SUPPRESS_COLOR:  # --- deeplings: Stygian ---
        for c in [c for c in s.piles[p] if not CARD[c].dominant and s.colors_of(c) & color]:
            s.suppress_trait(p, c, card)
    elif purpose in _COLOR_PURPOSES:  # --- overlush (traits b) ---
        _named_color(s, p, card, purpose, color)
    else:
        s.named_color[card] = color
    return None


@handler("steal_trait")
def h_steal_trait(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p: int = frame[1]
    card: int = frame[2]
    flt = _filter(frame[3])
    play_action: int = frame[4]
    richer_only = len(frame) > 5  # Jumpy: only from a larger Gene Pool
    trait = CARD[card]
    if option is None:
        targets = _opp_traits(s, p, lambda c: s.matches(c, flt))
        if richer_only:
            targets = [(q, c) for q, c in targets if s.gene_pool[q] > s.gene_pool[p]]
        if not targets:
            s.stack.pop()
            return None
        return s.ask(
            p, "take", f"{trait.name}: take a {flt.words()}", [("take", q, c) for q, c in targets]
        )
    s.stack.pop()
    _, q, stolen = option
    s.move_trait(q, p, stolen)
    s.emit((ALL, "steals_trait", p, stolen, q), card)
    trait_left_pile(s, q, stolen, p, card)
    if play_action and CARD[stolen].action:
        s.stack.append(("act_from_pile", p, stolen))
    after_steal(s, p, q, stolen, True)  # --- mythlings ---
    open_steal_window(s, p, q)
    return None


@handler("return_trait")
def h_return_trait(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        targets = [
            (q, c)
            for q in s.opponents(p)
            for c in s.piles[q]
            if not CARD[c].dominant
            and s.removable(c)
            and not (s.guards_in_game() and s.guarded(q, c))
        ]
        if not targets:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "target",
            "Send which trait back to its owner's hand?",
            [("return_to", q, c) for q, c in targets],
        )
    s.stack.pop()
    _, q, card = option
    s.leave_pile(q, card)
    s.hands[q].append(card)
    s.revealed.append((ALL, card))
    s.emit((ALL, "returns_trait", p, card, q), cause)
    trait_left_pile(s, q, card, p, cause)
    return None


@handler("give_any")
def h_give_any(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        if not s.hands[p]:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "give",
            "Give a card to whom?",
            [("give", q, c) for c in distinct(s.hands[p]) for q in s.opponents(p)],
        )
    s.stack.pop()
    _give(s, p, option[1], option[2], cause)
    return None


@handler("give_trait")
def h_give_trait(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        cards = [c for c in s.piles[p] if not CARD[c].dominant and s.removable(c)]
        if not cards:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "give",
            "Give which trait to whom?",
            [("give_trait", q, c) for c in cards for q in s.opponents(p)],
        )
    s.stack.pop()
    _, q, card = option
    s.move_trait(p, q, card)
    s.emit((ALL, "gives_trait", p, card, q), cause)
    trait_left_pile(s, p, card, p, cause)
    return None


@handler("swap_this")
def h_swap_this(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p: int = frame[1]
    card: int = frame[2]
    flt = _filter(frame[3]) if len(frame) > 3 else ANY
    if option is None:
        targets = _opp_traits(s, p, lambda c: s.matches(c, flt))
        if card not in s.piles[p] or not s.takeable(card) or not targets:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "swap",
            f"Swap {CARD[card].name} for which trait?",
            [("swap", card, q, c) for q, c in targets],
        )
    s.stack.pop()
    _swap(s, p, option, card)
    if len(frame) > 4 and frame[4] and CARD[option[3]].action:  # Booming Call
        s.stack.append(("act_from_pile", p, option[3]))
    return None


def _swap(s: DoomlingsRules, p: int, option: Option, cause: int) -> None:
    _, mine, q, theirs = option
    s.move_trait(p, q, mine)
    s.move_trait(q, p, theirs)
    s.emit((ALL, "swaps", p, mine, q, theirs), cause)
    trait_left_pile(s, p, mine, p, cause)
    trait_left_pile(s, q, theirs, p, cause)


@handler("swap_traits")
def h_swap_traits(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p: int = frame[1]
    same: int = frame[2]
    cause: int = frame[3]
    if option is None:
        options: list[Option] = []
        targets = _opp_traits(s, p, lambda c: bool(s.colors_of(c)))
        excluded = cause if len(frame) > 4 else -1
        for mine in s.piles[p]:
            colors = s.colors_of(mine)
            if not s.takeable(mine) or not colors or mine == excluded:
                continue
            for q, theirs in targets:
                shared = bool(colors & s.colors_of(theirs))
                if shared == bool(same):
                    options.append(("swap", mine, q, theirs))
        if not options:
            s.stack.pop()
            return None
        return s.ask(p, "swap", "Swap which traits?", options)
    s.stack.pop()
    _swap(s, p, option, cause)
    return None


@handler("mutual_discard")
def h_mutual_discard(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Pick an opponent; each of you discards a trait from the other's pile (never ``card``)."""
    _, p, card = frame
    if option is None:
        prompt = f"{CARD[card].name}: with whom?"
        return s.ask(p, "target", prompt, [("target", q) for q in s.opponents(p)])
    s.stack.pop()
    q = option[1]
    s.push(("discard_from", p, q, -1, card), ("discard_from", q, p, card, card))
    return None


@handler("discard_from")
def h_discard_from(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """``chooser`` discards a trait from ``owner``'s pile (never ``excluded``)."""
    _, chooser, owner, excluded, cause = frame
    if option is None:
        cards = [c for c in s.piles[owner] if c != excluded and s.discardable(c)]
        if not cards:
            s.stack.pop()
            return None
        return s.ask(
            chooser,
            "discard_trait",
            f"Discard a trait from player {owner}'s pile",
            [("discard_trait", owner, c) for c in cards],
        )
    s.stack.pop()
    s.stack.append(("discard_trait_now", owner, option[2], cause))
    return None


@handler("play_extra")
def h_play_extra(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Play one more trait from the hand or the discard pile."""
    _, p, source, optional, with_action, flt = frame
    if option is None:
        if source == FROM_HAND:
            cards = s.playable(p, s.hands[p], flt)
        elif source == FROM_DISCARD:
            cards = s.playable(p, s.discard_pile(p), flt)
        else:
            cards = s.playable(p, s.discard_pile(p)[-1:], flt)
        if not cards:
            s.stack.pop()
            return None
        options: list[Option] = [_PLAY_OPTION[c] for c in cards]
        if optional:
            options.insert(0, PASS)
        where = "your hand" if source == FROM_HAND else "the discard pile"
        return s.ask(p, "play", f"Play another trait from {where}", options)
    s.stack.pop()
    if option == PASS:
        return None
    card = option[1]
    if source == FROM_HAND:
        s.leave_hand(p, card)
        s.stack.append(("play", p, card, FROM_HAND, with_action))
    else:
        s.discard_pile(p).remove(card)
        if with_action and CARD[card].action:
            s.push(("play", p, card, FROM_DISCARD, 0), ("act_from_pile", p, card))
        else:
            s.stack.append(("play", p, card, FROM_DISCARD, 0))
    return None


@handler("play_drawn_green")
def h_play_drawn_green(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, drawn = frame
    if option is None:
        cards = [c for c in drawn if c in s.hands[p] and CARD[c].colors & 2]
        cards = s.playable(p, cards)
        if not cards:
            s.stack.pop()
            return None
        return s.ask(
            p, "play", "Play one of the green traits you drew", [("play", c) for c in cards]
        )
    s.stack.pop()
    s.leave_hand(p, option[1])
    s.stack.append(("play", p, option[1], FROM_HAND, 1))
    return None


@handler("pile_action")
def h_pile_action(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Inventive / Painted Shell: use the action of a trait already in a pile."""
    p: int = frame[1]
    card: int = frame[2]
    opponents: int = frame[3]
    if option is None:
        owners = s.opponents(p) if opponents else [p]
        options: list[Option] = [
            ("use", q, c)
            for q in owners
            for c in s.piles[q]
            # Copying another copier could loop forever (Inventive <-> Painted Shell).
            if s.trait(c).action and not isinstance(s.trait(c).action[0], PlayPileAction)
        ]
        if not options:
            s.stack.pop()
            return None
        return s.ask(p, "use", "Use the action of which trait?", options)
    s.stack.pop()
    if len(frame) > 4 and s.movable(option[2]):  # then discard the trait used
        s.stack.append(("discard_trait_now", option[1], option[2], card))
    s.stack.append(("act_from_pile", p, option[2]))
    return None


@handler("discard_hand_stabilize")
def h_discard_hand_stabilize(
    s: DoomlingsRules, frame: Frame, option: Option | None
) -> Decision | None:
    _, p, card = frame
    if option is None:
        prompt = f"{CARD[card].name}: throw away your hand and stabilize?"
        return s.ask(p, "optional", prompt, [PASS, ("memory",)])
    s.stack.pop()
    if option != PASS:
        s.discard_whole_hand(p, card)
        s.stack.append(("stabilize", p, 0, card))
    return None


@handler("move_self")
def h_move_self(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card = frame
    if option is None:
        if card not in s.piles[p] or not s.removable(card):
            s.stack.pop()
            return None
        return s.ask(
            p,
            "target",
            f"Move {CARD[card].name} into whose pile?",
            [("target", q) for q in s.opponents(p)],
        )
    s.stack.pop()
    s.move_trait(p, option[1], card)
    s.emit((ALL, "moves_trait", p, card, option[1]), card)
    trait_left_pile(s, p, card, p, card)
    return None


# ====================================================================== World's End


@handler("worlds_end")
def h_worlds_end(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Sneaky first, then every World's End trait in turn order, then the catastrophe."""
    s.stack.pop()
    s.turn_player = -1
    s.emit((ALL, "worlds_end", s.final_doom))
    if s.trinkets_in_game():  # --- trinkets ---
        trinkets_at_worlds_end(s)
    order = s.order_from(s.first_player)
    if s.DOOM_BEFORE_TRAITS:
        # Prepper picks the World's End effect before it is applied, so only that one is.
        s.push(("trait_ends", PREPPER_ONLY), ("doom",), ("trait_ends", ALL_BUT_PREPPER), ("score",))
    else:
        s.push(("trait_ends", ALL_TRAITS), ("doom",), ("score",))
    s.open_window(("worlds_end",), order)
    return None


@handler("trait_ends")
def h_trait_ends(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Queue the World's End traits (``frame[1]``: all, only Prepper, or all but Prepper)."""
    s.stack.pop()
    which = frame[1] if len(frame) > 1 else ALL_TRAITS  # saves from before the split
    frames: list[Frame] = []
    for p in s.order_from(s.first_player):
        for c in s.piles[p]:
            trait = s.trait(c)
            we = trait.worlds_end
            if (
                we is not None
                and we is not WorldsEnd.PLAY_FROM_HAND
                and we is not WorldsEnd.IGNORE_DOOM  # --- relics: applied by the doom frame ---
                and not silenced(s.final_doom, trait)
                and not (s.attached and s.inactive(c))
                and (
                    which == ALL_TRAITS
                    or (we is WorldsEnd.PICK_CATASTROPHE) == (which == PREPPER_ONLY)
                )
            ):
                frames.append(("trait_end", p, c))
    s.push_all(frames)
    return None


@handler("trait_end")
def h_trait_end(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card = frame
    s.stack.pop()
    if card not in s.piles[p]:
        return None
    we = s.trait(card).worlds_end
    if we is WorldsEnd.PLAY_ANOTHER:
        s.stack.append(("play_extra", p, FROM_HAND, 0, 0, ANY_TRAIT))
    elif we is WorldsEnd.RECOLOR:
        s.stack.append(("recolor", p, card))
    elif we is WorldsEnd.OPPONENTS_DISCARD_COLOR:
        s.stack.append(("name_color", p, card, OPPONENTS_DISCARD_COLOR))
    elif we is WorldsEnd.PICK_CATASTROPHE:
        s.stack.append(("pick_doom", p, card))
    elif we is WorldsEnd.BECOME_COLOR:
        s.stack.append(("name_color", p, card, BECOME_COLOR))
    elif we is WorldsEnd.DRAW_AND_PLAY_LOW:  # --- overlush (traits b) ---
        drawn = s.draw(p, 4, card)
        s.stack.append(("play_drawn_low", p, tuple(drawn), card))
    elif we is WorldsEnd.OPPONENTS_PLAY_COLOR:
        s.stack.append(("name_color", p, card, OPPONENTS_PLAY_COLOR))
    elif we is WorldsEnd.TAKE_REVEALED_COLOR:
        s.stack.append(("name_color", p, card, TAKE_REVEALED_COLOR))
    # --- deeplings ---
    elif we is WorldsEnd.SUPPRESS_COLOR:
        s.stack.append(("name_color", p, card, SUPPRESS_COLOR))
    elif we is WorldsEnd.SUPPRESS_ONE:
        s.stack.append(("suppress_pile", p, card, 1, 0, _key(ANY_FILTER)))
    elif we is WorldsEnd.DRAW_AND_PLAY:  # --- overlush ---
        s.draw(p, 4, card)
        s.stack.append(("play_extra", p, FROM_HAND, 1, 1, ANY_TRAIT))
    elif we is WorldsEnd.OPPONENTS_LOSE_EFFECTLESS:
        _chompers(s, p, card)
    elif we is WorldsEnd.RETURN_FOR_POINTS:
        s.stack.append(("return_for_points", p, card, 3))
    elif we in GLITTER_ENDS:  # --- glitterlings ---
        glitter_worlds_end(s, p, card, we)
    else:  # Sentience, Viral
        s.stack.append(("name_color", p, card, SCORE_COLOR))
    return None


@handler("recolor")
def h_recolor(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Faith: turn every trait of one colour in your pile into another colour."""
    _, p, card = frame
    if option is None:
        have = s.colors_in_pile(p)
        options: list[Option] = [PASS]
        options.extend(("recolor", a, b) for a in COLORS if have & a for b in COLORS if b != a)
        return s.ask(p, "recolor", f"{s.shown_name(card)}: recolor your traits?", options)
    s.stack.pop()
    if option != PASS:
        _, a, b = option
        s.recolor_pile(p, a, b)
        s.emit((ALL, "recolors", p, a, b))
    return None


@handler("pick_doom")
def h_pick_doom(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p = frame[1]
    played = [a for era in s.eras for a in era if AGES[a].catastrophe]
    if option is None:
        return s.ask(
            p,
            "doom",
            f"{CARD[frame[2]].name}: which World's End effect do we end on?",
            [("doom", a) for a in played],
        )
    s.stack.pop()
    s.final_doom = option[1]
    s.emit((ALL, "prepper", p, option[1]))
    return None


@handler("doom")
def h_doom(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """The final catastrophe's gold text, for each player in turn order."""
    s.stack.pop()
    info = AGES[s.final_doom]
    frames: list[Frame] = []
    relic = doom_turned_away(s)  # --- relics ---
    if relic >= 0:
        s.emit((ALL, "doom_ignored", relic, s.final_doom))
        return None
    if info.doom is Doom.TOP_COLOR_COUNTS:  # --- glitterlings ---
        top_color_counts(s)
        return None
    if info.doom is Doom.SMALL_HAND_CARD:  # --- fuzelings ---
        small_hand_card(s)
        return None
    for p in s.order_from(s.first_player):
        if s.ignoring & bit(p):
            continue
        if info.doom is Doom.DISCARD_HIGHEST:  # --- mythlings ---
            frames.extend(highest_trait_frames(s, p, DOOM_CAUSE + s.final_doom))
        if info.doom is Doom.DISCARD_TRAIT:
            frames.append(("discard_own", p, _key(info.doom_filter), DOOM_CAUSE + s.final_doom))
        elif info.doom is Doom.DISCARD_TOP_COLOR:
            frames.append(("discard_top_color", p, DOOM_CAUSE + s.final_doom))
        elif info.doom is Doom.DRAW_FACE_VALUE:
            card = s.draw_card(p)
            if card is not None:
                value = min(FACE_VALUE[card], 5)
                s.end_points[p] += value
                s.discard_pile(p).append(card)
                s.emit((ALL, "deus", p, card, value))
        elif info.doom is Doom.SCORE_HAND_CARD:
            frames.append(("score_hand_card", p, DOOM_CAUSE + s.final_doom))
        elif info.doom is Doom.DISCARD_DROP:
            frames.append(("discard_drop", p, DOOM_CAUSE + s.final_doom))
        elif info.doom is Doom.DISCARD_ATTACHMENTS:  # --- newer ---
            frames.extend(
                [("discard_attachment", p, DOOM_CAUSE + s.final_doom)] * OBSOLETE_ATTACHMENTS
            )
    s.push_all(frames)
    return None


@handler("score")
def h_score(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    if s.meanings and any(s.meanings):  # --- meaning of life ---
        reveal_meanings(s)
    s.over = True
    if s.options.get("tiebreak") == "draw":
        scores = final_scores(s)
        best = max(scores)
        tied = [p for p in s.order_from(s.first_player) if scores[p] == best]
        if len(tied) > 1:
            for p in tied:
                card = s.draw_card(p)
                face = FACE_VALUE[card] if card is not None else 0
                s.tie_draws[p] = face
                if card is not None:
                    # On the discard pile, but its bonuses leave it out: only the face value
                    # counts (scoring.expansion_count).
                    s.discard_pile(p).append(card)
                    s.tie_drawn.append(card)
                    s.emit((ALL, "tie_draw", p, card))
    s.emit((ALL, "game_over"))
    return None


# --- overlush ---

_PERSISTENT_OF: Final = tuple(t.persistent for t in CARD)


def _can_cover(s: DoomlingsRules, cards: list[int], used: int, n: int) -> bool:
    """Whether ``n`` of ``cards`` show ``n`` colours none of ``used``, one colour per card."""
    if n <= 0:
        return True
    for i, c in enumerate(cards):
        rest = cards[i + 1 :]
        for color in COLORS:
            if s.colors_of(c) & color & ~used and _can_cover(s, rest, used | color, n - 1):
                return True
    return False


@handler("pay_colors")
def h_pay_colors(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Fabled: discard cards of ``n`` different colours from the hand, one at a time; each
    card offered still leaves the rest payable."""
    _, p, card, n, used = frame
    hand = s.hands[p]
    choices: list[tuple[int, int]] = []  # (card, the colour it pays)
    for c in distinct(hand):
        rest = [x for x in hand if x != c]
        for color in COLORS:
            if s.colors_of(c) & color & ~used and _can_cover(s, rest, used | color, n - 1):
                choices.append((c, color))
                break
    if option is None:
        if n <= 0 or not choices:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: discard a card of a color not yet paid"
        return s.ask(p, "discard", prompt, [_DISCARD_OPTION[c] for c, _ in choices])
    s.stack.pop()
    paid = next(color for c, color in choices if c == option[1])
    s.stack.append(("pay_colors", p, card, n - 1, used | paid))
    s.discard_from_hand(p, option[1], card)
    return None


def plays_this_turn(s: DoomlingsRules, p: int, into_own_pile: bool = False) -> list[int]:
    """The traits ``p`` has played since the turn began (into their own pile only, if asked),
    in order, read from the events."""
    events = s.events
    start = len(events)
    while start > 0 and events[start - 1][1] != "turn":
        start -= 1
    return [
        e[3]
        for e in events[start:]
        if e[1] == "plays" and e[2] == p and (not into_own_pile or e[4] == p)
    ]


def _after_stabilizing_options(s: DoomlingsRules, q: int, out: list[Option]) -> None:
    """What Harrier, Mimicry and Illusory offer once their owner has stabilized."""
    hand = s.hands[q]
    if s.has_in_pile(q, Persistent.TRADE_EFFECTLESS):
        out.extend(_DISCARD_OPTION[c] for c in distinct(hand) if CARD[c].effectless)
    if s.has_in_pile(q, Persistent.ONE_FACE_ONE_AFTER) and len(plays_this_turn(s, q)) == 1:
        out.extend(
            ("respond", c)
            for c in s.playable(q, hand)
            if CARD[c].face == 1 and CARD[c].play_when is None
        )
    if s.has_in_pile(q, Persistent.ACTION_FROM_HAND) and not any(
        CARD[c].action for c in plays_this_turn(s, q)
    ):
        out.extend(("use", q, c) for c in distinct(hand) if _copies_nothing(c))


@handler("discard_card")
def h_discard_card(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card, cause = frame
    s.stack.pop()
    if card in s.hands[p]:
        s.discard_from_hand(p, card, cause)
    return None


@handler("instead_of_discard")
def h_instead_of_discard(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Muse, just discarded from the hand, may be played into the pile instead."""
    _, p, card = frame
    pile = s.discard_pile(p)
    if option is None:
        if (
            card not in pile
            or not s.age_allows(card)
            or (CARD[card].dominant and not s.dominant_room(p))
        ):
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name} is discarded: play it into your trait pile instead?"
        return s.ask(p, "optional", prompt, [PASS, ("respond", card)])
    s.stack.pop()
    if option != PASS:
        pile.remove(card)
        s.stack.append(("play", p, card, FROM_HAND, 1))
    return None


@handler("arrived_window")
def h_arrived_window(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Cards came into a hand off its holder's turn: Elusive among them may be played."""
    _, p, cards = frame
    s.stack.pop()
    s.open_window(("arrived", p, cards), (p,))
    return None


@handler("play_matching")
def h_play_matching(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Fearful Symmetry: one more trait of a kind from the hand, with its action."""
    _, p, card, key, optional = frame
    flt = _filter(key)
    if option is None:
        options: list[Option] = [
            _PLAY_OPTION[c] for c in s.playable(p, s.hands[p]) if s.matches(c, flt)
        ]
        if options and optional:
            options.insert(0, PASS)
        return s.ask(p, "play", f"{CARD[card].name}: play a {flt.words()}?", options)
    s.stack.pop()
    if option != PASS:
        s.leave_hand(p, option[1])
        s.stack.append(("play", p, option[1], FROM_HAND, 1))
    return None


@handler("swap_own")
def h_swap_own(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Hive Mind: up to ``left`` more of your traits of a kind swapped for opponents' traits."""
    _, p, card, key, left = frame
    flt = _filter(key)
    if option is None:
        targets = _opp_traits(s, p, lambda c: True)
        options: list[Option] = [
            ("swap", mine, q, theirs)
            for mine in s.piles[p]
            if s.movable(mine) and s.matches(mine, flt)
            for q, theirs in targets
        ]
        if not left or not options:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: swap a {flt.words()} of yours? ({left} more at most)"
        return s.ask(p, "swap", prompt, [PASS, *options])
    s.stack.pop()
    if option != PASS:
        s.stack.append(("swap_own", p, card, key, left - 1))
        _swap(s, p, option, card)
    return None


@handler("collect")
def h_collect(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Collector: play drawn traits, 1 for each colour drawn and not yet played."""
    _, p, card, drawn, colors = frame
    if option is None:
        cards = [c for c in drawn if c in s.hands[p] and s.colors_of(c) & colors]
        options: list[Option] = [_PLAY_OPTION[c] for c in s.playable(p, cards)]
        if not options:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: play a drawn trait of a color not yet played?"
        return s.ask(p, "play", prompt, [PASS, *options])
    s.stack.pop()
    if option != PASS:
        played = option[1]
        s.leave_hand(p, played)
        s.push(
            ("play", p, played, FROM_DECK, 0),
            ("collect", p, card, drawn, colors & ~s.colors_of(played)),
        )
    return None


@handler("may_skip_stabilize")
def h_may_skip_stabilize(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Apricity: a hand of 8 or fewer may be left as it is at the end of the turn."""
    _, p, size, card = frame
    if option is None:
        prompt = f"{CARD[card].name}: stabilize, or keep your hand as it is?"
        return s.ask(p, "stabilize", prompt, [("stabilize",), ("no_stabilize",)])
    s.stack.pop()
    if option == ("no_stabilize",):
        s.emit((ALL, "no_stabilize", p))
    else:
        s.stack.append(("stabilize", p, size))
    return None


@handler("steal_each")
def h_steal_each(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Firebite: 1 random card from each opponent's hand."""
    _, p, card = frame
    s.stack.pop()
    for q in s.opponents(p):
        _steal_random(s, p, q, 1, card)
    return None


@handler("use_drawn_action")
def h_use_drawn_action(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Electroreception: the action of one of the cards just drawn (still in the hand)."""
    _, p, card, drawn = frame
    if option is None:
        options: list[Option] = [
            ("use", p, c) for c in distinct(list(drawn)) if c in s.hands[p] and _copies_nothing(c)
        ]
        if options:
            options.insert(0, PASS)
        return s.ask(p, "use", f"{CARD[card].name}: use the action of a card drawn?", options)
    s.stack.pop()
    if option != PASS:
        s.stack.append(("act_from_pile", p, option[2]))
    return None


def _copies_nothing(card: int) -> bool:
    """Whether ``card`` has an action that uses no other trait's action (copying a copier
    could go round for ever)."""
    action = CARD[card].action
    return bool(action) and not any(
        isinstance(fx, (PlayPileAction, UseColorAction, DrawFromBottom)) for fx in action
    )


@handler("take_discard")
def h_take_discard(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Take a card of the discard pile into the hand (Arrested Muscles, Bushwhacker)."""
    _, p, card, key, optional = frame
    flt = _filter(key)
    if option is None:
        options: list[Option] = [
            ("return", c) for c in distinct(s.discard_pile(p)) if s.matches(c, flt)
        ]
        if options and optional:
            options.insert(0, PASS)
        prompt = f"{CARD[card].name}: take a {flt.words()} from the discard pile"
        return s.ask(p, "take", prompt, options)
    s.stack.pop()
    if option != PASS:
        taken = option[1]
        s.discard_pile(p).remove(taken)
        s.hands[p].append(taken)
        s.revealed.append((ALL, taken))
        s.emit((ALL, "takes_discard", p, taken), card)
    return None


@handler("color_action")
def h_color_action(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Antennae, Compound Eyes, Hydrofuge, Mandibles: the action of a trait of one colour in a
    pile, then (``return_it``) that trait goes back to its owner's hand."""
    _, p, card, color, opponents, return_it = frame
    if option is None:
        owners = s.opponents(p) if opponents else [p]
        options: list[Option] = [
            ("use", q, c)
            for q in owners
            for c in s.piles[q]
            if s.colors_of(c) & color and _copies_nothing(s.same(c))
        ]
        prompt = f"{CARD[card].name}: use the action of which {color_words(color)} trait?"
        return s.ask(p, "use", prompt, options)
    s.stack.pop()
    _, q, used = option
    if return_it:
        s.stack.append(("send_back", p, q, used, card))
    s.stack.append(("act_from_pile", p, used))
    return None


@handler("send_back")
def h_send_back(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A trait goes back from its owner's pile to their hand, if it still may."""
    _, p, q, card, cause = frame
    s.stack.pop()
    if card in s.piles[q] and s.movable(card):
        s.leave_pile(q, card)
        s.hands[q].append(card)
        s.revealed.append((ALL, card))
        s.emit((ALL, "returns_trait", p, card, q), cause)
        trait_left_pile(s, q, card, p, cause)
    return None


@handler("shed")
def h_shed(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Agile, Fierce: discard traits of your own pile one at a time, each drawing or costing
    cards of the hand."""
    _, p, card, left, draw, pay = frame
    if option is None:
        if left <= 0 or (pay and len(s.hands[p]) < pay):
            s.stack.pop()
            return None
        options: list[Option] = [("discard_trait", p, c) for c in s.piles[p] if s.movable(c)]
        if options:
            options.insert(0, PASS)
        prompt = f"{CARD[card].name}: discard a trait from your pile? ({left} more at most)"
        return s.ask(p, "discard_trait", prompt, options)
    s.stack.pop()
    if option == PASS:
        return None
    s.stack.append(("shed", p, card, left - 1, draw, pay))
    if pay:
        s.stack.append(("discard_n", p, pay, card))
    if draw:
        s.stack.append(("draw_n", p, draw, card))
    s.stack.append(("discard_trait_now", p, option[2], card))
    return None


@handler("draw_n")
def h_draw_n(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, n, cause = frame
    s.stack.pop()
    s.draw(p, n, cause)
    return None


def _chompers(s: DoomlingsRules, p: int, card: int) -> None:
    """Chompers: each opponent loses a random effectless trait; its owner draws 1 for each."""
    frames: list[Frame] = []
    for q in s.opponents(p):
        cards = [c for c in s.piles[q] if s.movable(c) and s.trait(c).effectless]
        if cards:
            frames.append(("discard_trait_now", q, cards[s.rng.below(len(cards))], card))
    if frames:
        frames.append(("draw_n", p, len(frames), card))
    s.push_all(frames)


@handler("return_for_points")
def h_return_for_points(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Lily Pad: up to ``left`` more traits of the pile back to the hand, 1 point each."""
    _, p, card, left = frame
    if option is None:
        cards = [c for c in s.piles[p] if s.movable(c)]
        options: list[Option] = [("return", c) for c in cards]
        if not left or not options:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: take a trait back into your hand for 1 point?"
        return s.ask(p, "optional", prompt, [PASS, *options])
    s.stack.pop()
    if option != PASS:
        back = option[1]
        s.stack.append(("return_for_points", p, card, left - 1))
        s.leave_pile(p, back)
        s.hands[p].append(back)
        s.end_points[p] += 1
        s.emit((ALL, "returns_to_hand", p, back), card)
        trait_left_pile(s, p, back, p, card)
    return None


# The most frequent frames, registered here rather than by @handler: compiled code calls an
# undecorated function directly, as DoomlingsRules.resolve_frame does for these.
HANDLERS.update(
    {
        "main": h_main,
        "turn": h_turn,
        "end_turn": h_end_turn,
        "age_extra": h_age_extra,
        "stabilize": h_stabilize,
        "fx": h_fx,
        "do_action": h_do_action,
        "discard_n": h_discard_n,
    }
)


# --- overlush (traits b) ---


# --- overlush and kickstarter ages ---
EXPANSION_TURN_RULES: Final = frozenset(
    {
        AgeRule.DRAW_THREE,
        AgeRule.STAR_TAILS,
        AgeRule.MAY_DISCARD_COLOR,
        AgeRule.MAY_DISCARD_ANY,
        AgeRule.MAY_REPLACE_ONE,
        AgeRule.MAY_DISCARD_TRAIT,
        AgeRule.MAY_RETURN_TRAIT,
        AgeRule.STRANGER,
        AgeRule.PAINTED_VALLEY,
        AgeRule.HARLEQUIN,
        AgeRule.CRACKLETOWN,
        AgeRule.DUELING_MOONS,
        AgeRule.ADVENTURE,
        AgeRule.PLAY_NEGATIVES,
        AgeRule.JOY,
        AgeRule.TWO_QUIET_PLAYS,
        AgeRule.MOKOKO,
        AgeRule.PLAY_FROM_DECK,
        AgeRule.LIVING_LIBRARY,
    }
)
"""The expansion ages that act as each turn begins (:func:`expansion_turn_start`)."""
FLIP_RULES: Final = frozenset(
    {AgeRule.RESHUFFLE_DISCARDS, AgeRule.KING_OF_THE_JUNGLE, AgeRule.RAMBLIN}
)
"""The expansion ages that act once, as they are flipped (:func:`age_flipped`)."""
# What a ``age_color`` frame does with the colour named.
PAINTED: Final = "painted"
HARLEQUIN: Final = "harlequin"
CRACKLETOWN: Final = "crackletown"
_POSITIVE: Final = TraitFilter(positive=True)


def expansion_turn_start(s: DoomlingsRules, p: int, rule: AgeRule, cause: int) -> None:
    """The expansion ages' rules as a turn begins (each asking step pushed as a frame)."""
    if rule is AgeRule.DRAW_THREE or rule is AgeRule.STAR_TAILS:
        s.draw(p, 3, cause)
    elif rule is AgeRule.MAY_DISCARD_COLOR:
        color = AGES[s.rule_age()].effect_color
        s.stack.append(("may_discard_color", p, color, cause))
    elif rule is AgeRule.MAY_DISCARD_ANY:
        s.stack.append(("may_discard", p, 0, cause))
    elif rule is AgeRule.MAY_REPLACE_ONE:
        s.stack.append(("may_discard", p, 1, cause))
    elif rule is AgeRule.MAY_DISCARD_TRAIT:
        s.stack.append(("may_discard_trait", p, cause))
    elif rule is AgeRule.MAY_RETURN_TRAIT:
        s.stack.append(("take_back_trait", p, None, 1, cause))
    elif rule is AgeRule.STRANGER:
        drawn = s.draw(p, 1, cause)
        if drawn:
            s.stack.append(("play_drawn", p, tuple(drawn), cause))
    elif rule is AgeRule.PAINTED_VALLEY:
        s.stack.append(("age_color", p, PAINTED, cause))
    elif rule is AgeRule.HARLEQUIN:
        s.stack.append(("age_color", p, HARLEQUIN, cause))
    elif rule is AgeRule.CRACKLETOWN and s.players > 1:
        s.stack.append(("age_color", p, CRACKLETOWN, cause))
    elif rule is AgeRule.DUELING_MOONS:
        s.stack.append(("dueling_moons", p, cause))
    elif rule is AgeRule.ADVENTURE:
        s.stack.append(("adventure", p, 4, 0, cause))
    elif rule is AgeRule.PLAY_NEGATIVES:
        s.stack.append(("play_negatives", p, cause))
    elif rule is AgeRule.JOY:
        s.stack.append(("joy", p, cause))
    elif rule is AgeRule.TWO_QUIET_PLAYS:
        _quiet_turn(s, p, 1)
    elif rule is AgeRule.MOKOKO:
        s.draw(p, 1, cause)
        if any(s.trait(c).name == "Heroic" for c in s.piles[p]):  # or a copy of it
            s.stack.append(("mokoko", p, cause))
    elif rule is AgeRule.PLAY_FROM_DECK:
        _play_from_deck(s, p, cause)
    elif rule is AgeRule.LIVING_LIBRARY:
        # Its choice comes once the turn's play is done, just before stabilizing.
        for i in range(len(s.stack) - 1, -1, -1):
            if s.stack[i] == ("end_turn", p):
                s.stack.insert(i + 1, ("replay_action", p, cause))
                break


def _quiet_turn(s: DoomlingsRules, p: int, second: int) -> None:
    """Make ``p``'s coming ``main`` frame a turn of two plays without actions (``second``:
    1, the second play is a must; 2, it may be passed)."""
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i] == ("main", p):
            s.stack[i] = ("main", p, second)
            return


def _play_from_deck(s: DoomlingsRules, p: int, cause: int) -> None:
    """Atmospheric Thickening: the turn is the top trait of the deck, played without its
    action (discarded if it cannot be played); no stabilizing."""
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i] == ("main", p) or s.stack[i] == ("end_turn", p):
            del s.stack[i]
    card = s.draw_card(p)
    if card is None:
        return
    s.emit((ALL, "turns_up", p, card), cause)
    if s.can_play(p, card):
        s.stack.append(("play", p, card, FROM_DECK, 0))
    else:
        s.discard_pile(p).append(card)
        s.emit((ALL, "discards_turned_up", p, card), cause)


def age_flipped(s: DoomlingsRules) -> None:
    """What an expansion age does once, as it is flipped (before the round's turns)."""
    rule = s.rule()
    cause = AGE_CAUSE + s.age
    if rule is AgeRule.RESHUFFLE_DISCARDS:
        if s.own_decks:
            for p in range(s.players):
                s.decks[p].extend(s.discards[p])
                s.discards[p].clear()
                s.rng.shuffle(s.decks[p])
        s.deck.extend(s.discard)
        s.discard = []
        s.rng.shuffle(s.deck)
        s.emit((ALL, "canopies", s.age))
    elif rule is AgeRule.KING_OF_THE_JUNGLE:
        s.stack.append(("jungle", tuple(s.order_from(s.first_player)), (), cause))
    elif rule is AgeRule.RAMBLIN:
        s.stack.append(("ramblin", tuple(s.order_from(s.first_player)), cause))


def banned_colors(s: DoomlingsRules, player: int) -> int:
    """The colours ``player`` may not play this age (Ramblin' River Markets): those they and
    the player on their right named, as the events since the age was flipped say."""
    banned = 0
    for i in range(len(s.events) - 1, -1, -1):
        event = s.events[i]
        kind = event[1]
        if kind == "age":
            break
        if kind == "bans_color":
            namer: int = event[2]
            if namer == player or (namer + 1) % s.players == player:
                banned |= event[3]
    return banned


@handler("may_discard_color")
def h_may_discard_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, color, cause = frame
    cards = [c for c in s.hands[p] if CARD[c].colors & color]
    if option is None:
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: throw away every card of the age's color in your hand?"
        return s.ask(p, "optional", prompt, [PASS, ("discard_color", color)])
    s.stack.pop()
    if option != PASS:
        for c in cards:
            s.discard_from_hand(p, c, cause)
    return None


@handler("may_discard")
def h_may_discard(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Discard cards from the hand one at a time until passing; ``replace`` (Rustling
    Meadows): only 1, and it is replaced by a draw."""
    _, p, replace, cause = frame
    if option is None:
        if not s.hands[p]:
            s.stack.pop()
            return None
        what = "discard a card to draw 1?" if replace else "discard a card?"
        return s.ask(
            p, "discard", f"{cause_name(cause)}: {what}", [PASS, *_distinct_discards(s.hands[p])]
        )
    s.stack.pop()
    if option != PASS:
        s.discard_from_hand(p, option[1], cause)
        if replace:
            s.draw(p, 1, cause)
        else:
            s.stack.append(("may_discard", p, 0, cause))
    return None


@handler("may_discard_trait")
def h_may_discard_trait(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        cards = [c for c in s.piles[p] if s.movable(c)]
        if not cards:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "optional",
            f"{cause_name(cause)}: discard a trait from your pile?",
            [PASS, *[("discard_trait", p, c) for c in cards]],
        )
    s.stack.pop()
    if option != PASS:
        s.stack.append(("discard_trait_now", p, option[2], cause))
    return None


@handler("return_own")
def h_return_own(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Take a trait with an action from your own pile back into your hand."""
    _, p, card = frame
    if option is None:
        options: list[Option] = [
            ("return", c) for c in s.piles[p] if s.trait(c).action and s.movable(c)
        ]
        return s.ask(p, "return", f"{CARD[card].name}: take which trait back?", options)
    s.stack.pop()
    s.leave_pile(p, option[1])
    s.hands[p].append(option[1])
    s.revealed.append((ALL, option[1]))
    s.emit((ALL, "returns_to_hand", p, option[1]), card)
    return None


@handler("to_bottom")
def h_to_bottom(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Put hand cards under the trait deck one at a time (``up_to``: the player may stop)."""
    _, p, left, up_to, card = frame
    hand = s.hands[p]
    if option is None:
        if not hand or left <= 0:
            s.stack.pop()
            return None
        options: list[Option] = [("bottom", c) for c in distinct(hand)]
        if up_to:
            options.insert(0, PASS)
        prompt = f"{CARD[card].name}: put a card under the trait deck ({left} left)"
        return s.ask(p, "bottom", prompt, options)
    s.stack.pop()
    if option == PASS:
        return None
    put = option[1]
    s.leave_hand(p, put)
    (s.decks[p] if s.own_decks else s.deck).insert(0, put)
    s.emit((bit(p), "bottoms", p, put), card)
    s.emit((s.others(p), "bottoms_hidden", p), card)
    if left > 1:
        s.stack.append(("to_bottom", p, left - 1, up_to, card))
    return None


@handler("one_of")
def h_one_of(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Choose which of a OneOf's effects happens."""
    _, p, card, index = frame
    fx = ONE_OFS[index]
    if option is None:
        return s.ask(
            p,
            "choose",
            f"{CARD[card].name}: which effect?",
            [("effect", index, i) for i in range(len(fx.options))],
        )
    s.stack.pop()
    chosen = fx.options[option[2]]
    EFFECTS[type(chosen)](s, p, card, chosen)
    return None


@handler("draw_give")
def h_draw_give(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """An opponent of ``p``'s choice draws ``n`` and then hands ``p`` a card."""
    _, p, n, card = frame
    if option is None:
        return s.ask(
            p,
            "target",
            f"{CARD[card].name}: which opponent draws?",
            [("target", q) for q in s.opponents(p)],
        )
    s.stack.pop()
    q = option[1]
    s.draw(q, n, card)
    s.stack.append(("give_card", q, p, card))
    return None


@handler("to_top")
def h_to_top(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Stack dominants of the discard pile on the trait deck, one at a time (the last put
    is drawn first)."""
    _, p, left, card = frame
    pile = s.discard_pile(p)
    if option is None:
        dominants = [c for c in pile if CARD[c].dominant]
        if not dominants or left <= 0:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: put a dominant on top of the trait deck ({left} left)"
        return s.ask(p, "top", prompt, [PASS, *(("top", c) for c in dominants)])
    s.stack.pop()
    if option == PASS:
        return None
    put = option[1]
    pile.remove(put)
    (s.decks[p] if s.own_decks else s.deck).append(put)
    s.emit((ALL, "tops", p, put), card)
    if left > 1:
        s.stack.append(("to_top", p, left - 1, card))
    return None


FACES: Final[tuple[int, ...]] = tuple(sorted(set(FACE_VALUE)))
"""Every face value a card has (variable counts as 0): what a player may name."""


@handler("name_face")
def h_name_face(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Name a face value, then draw ``n`` and play one drawn card of that value."""
    _, p, n, card = frame
    if option is None:
        return s.ask(
            p, "face", f"{CARD[card].name}: name a face value", [("face", v) for v in FACES]
        )
    s.stack.pop()
    face = option[1]
    s.emit((ALL, "names_face", p, card, face))
    drawn = s.draw(p, n, card)
    s.stack.append(("play_face", p, tuple(drawn), face, card))
    return None


@handler("play_face")
def h_play_face(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Play 1 of the drawn cards with the named face value; the other drawn cards are
    discarded before it is played (docs/rulings.md)."""
    _, p, drawn, face, card = frame
    held = [c for c in drawn if c in s.hands[p]]
    playable = [c for c in held if FACE_VALUE[c] == face]
    return play_one_discard_rest(s, p, card, held, playable, "play a drawn card", option)


def play_one_discard_rest(
    s: DoomlingsRules,
    p: int,
    card: int,
    held: list[int],
    candidates: list[int],
    question: str,
    option: Option | None,
) -> Decision | None:
    """``p`` plays one of ``candidates`` (those that may be played) with its action; every
    other card of ``held`` is discarded first (Seeker's draw, Charmed's take)."""
    if option is None:
        cards = s.playable(p, candidates)
        if cards:
            prompt = f"{CARD[card].name}: {question}"
            return s.ask(p, "play", prompt, [_PLAY_OPTION[c] for c in cards])
        chosen = -1
    else:
        chosen = option[1]
    s.stack.pop()
    for c in held:
        if c != chosen:
            s.discard_from_hand(p, c, card)
    if chosen >= 0:
        s.leave_hand(p, chosen)
        s.stack.append(("play", p, chosen, FROM_HAND, 1))
    return None


@handler("play_into")
def h_play_into(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Play a non-dominant hand card into an opponent's pile, without its action."""
    _, p, card = frame
    if option is None:
        cards = [c for c in distinct(s.hands[p]) if not CARD[c].dominant and s.age_allows(c)]
        return s.ask(
            p,
            "play",
            f"{CARD[card].name}: play a card into an opponent's pile",
            [("play_on", c, q) for c in cards for q in s.opponents(p)],
        )
    s.stack.pop()
    _, played, q = option
    s.leave_hand(p, played)
    s.stack.append(("play", q, played, FROM_HAND, 0, p))
    return None


def _turn_extras(s: DoomlingsRules, p: int) -> list[Option]:
    """What a turn offers besides its play: Nimble's discard from the hand, Seedwing's
    discard from the pile."""
    extras: list[Option] = []
    pile = s.piles[p]
    for c in distinct(s.hands[p]):
        if _PLAY_WHEN[c] is PlayWhen.DISCARD_FOR_TRAIT and any(s.movable(t) for t in pile):
            extras.append(("nimble", c))
    for c in pile:
        if CARD[c].persistent is Persistent.TRADE_FOR_EXTRA_PLAY and s.movable(c):
            extras.append(("seedwing", c))
    return extras


_TURN_EXTRA_VERBS: Final = frozenset({"nimble", "seedwing"})


def _turn_extra(s: DoomlingsRules, p: int, option: Option) -> None:
    """Carry out a turn extra; the turn's play is then asked again."""
    verb, card = option
    if verb == "nimble":
        s.discard_from_hand(p, card, card)
        s.push(("discard_own", p, None, card), ("main", p))
    else:
        s.push(
            ("discard_trait_now", p, card, card),
            ("play_extra", p, FROM_HAND, 0, 0, ANY_TRAIT),
            ("main", p),
        )


@handler("discard_up_to")
def h_discard_up_to(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Whistler: discard up to ``left`` hand cards, one at a time, before stabilizing."""
    _, p, left, cause = frame
    hand = s.hands[p]
    if option is None:
        if not hand or left <= 0:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: discard a card before stabilizing? ({left} at most)"
        return s.ask(p, "discard", prompt, [PASS, *_distinct_discards(hand)])
    s.stack.pop()
    if option != PASS:
        s.discard_from_hand(p, option[1], cause)
        s.stack.append(("discard_up_to", p, left - 1, cause))
    return None


@handler("play_drawn_low")
def h_play_drawn_low(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Pyrophyte: play any of the drawn cards with a face value of 2 or less, no actions."""
    _, p, drawn, card = frame
    if option is None:
        low = [c for c in drawn if c in s.hands[p] and FACE_VALUE[c] <= 2]
        cards = s.playable(p, low)
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: play a drawn card of face value 2 or less?"
        return s.ask(p, "play", prompt, [PASS, *(_PLAY_OPTION[c] for c in cards)])
    s.stack.pop()
    if option != PASS:
        s.leave_hand(p, option[1])
        s.push(("play", p, option[1], FROM_HAND, 0), ("play_drawn_low", p, drawn, card))
    return None


_COLOR_PURPOSES: Final = frozenset({OPPONENTS_PLAY_COLOR, TAKE_REVEALED_COLOR})


def _named_color(s: DoomlingsRules, p: int, card: int, purpose: str, color: int) -> None:
    if purpose == OPPONENTS_PLAY_COLOR:
        s.push_all([("play_color", q, color, card) for q in s.opponents(p)])
        return
    shown: list[tuple[int, int]] = []
    for q in s.opponents(p):
        for c in s.hands[q]:
            if CARD[c].colors & color:
                shown.append((q, c))
                s.revealed.append((ALL, c))
                s.emit((ALL, "shows", q, c), card)
    s.stack.append(("take_play", p, tuple(shown), card))


@handler("play_color")
def h_play_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Nectar: ``q`` may play a non-dominant trait of ``color`` from the hand, no action."""
    _, q, color, card = frame
    if option is None:
        cards = [
            c for c in s.playable(q, s.hands[q]) if CARD[c].colors & color and not CARD[c].dominant
        ]
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: play a {COLOR_NAMES[color]} trait?"
        return s.ask(q, "play", prompt, [PASS, *(_PLAY_OPTION[c] for c in cards)])
    s.stack.pop()
    if option != PASS:
        s.leave_hand(q, option[1])
        s.stack.append(("play", q, option[1], FROM_HAND, 0))
    return None


@handler("take_play")
def h_take_play(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Spots: take 1 of the shown cards and play it at once, without its action."""
    _, p, shown, card = frame
    if option is None:
        options: list[Option] = [
            ("take_card", q, c) for q, c in shown if c in s.hands[q] and s.can_play(p, c)
        ]
        return s.ask(p, "take", f"{CARD[card].name}: take and play which card?", options)
    s.stack.pop()
    _, q, taken = option
    s.leave_hand(q, taken)
    s.emit((ALL, "takes_shown", p, q, taken), card)
    s.stack.append(("play", p, taken, FROM_HAND, 0))
    return None


def _trait_deck(s: DoomlingsRules, p: int) -> list[int]:
    """The deck ``p`` draws from: their own, while it lasts, with Intelligent Design."""
    return s.decks[p] if s.own_decks and s.decks[p] else s.deck


@handler("bottom_color")
def h_bottom_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Rover: name a colour, then look at the bottom ``n`` cards of the trait deck."""
    _, p, n, card = frame
    if option is None:
        return _ask_color(s, p, card)
    s.stack.pop()
    color = option[1]
    s.emit((ALL, "names_color", p, card, color))
    seen = tuple(_trait_deck(s, p)[:n])
    if seen:
        s.emit((bit(p), "sees_bottom", p, seen), card)
        s.emit((s.others(p), "looks_bottom", p, len(seen)), card)
        s.stack.append(("play_from_bottom", p, seen, color, card))
    return None


@handler("play_from_bottom")
def h_play_from_bottom(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Rover: play 1 of the seen cards of the named colour from the trait deck, if wished.

    The options come from what the player saw, not from the deck, which is hidden: a bot's
    sample (``determinize``) may have dealt a seen card elsewhere, and is taken from there."""
    _, p, seen, color, card = frame
    if option is None:
        cards = [c for c in seen if CARD[c].colors & color and s.can_play(p, c)]
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: play one of the {COLOR_NAMES[color]} cards seen?"
        return s.ask(p, "play", prompt, [PASS, *(_PLAY_OPTION[c] for c in cards)])
    s.stack.pop()
    if option != PASS:
        played = option[1]
        deck = _trait_deck(s, p)
        zone = deck if played in deck else _hidden_zone(s, played)
        zone.remove(played)
        s.stack.append(("play", p, played, FROM_HAND, 1))
    return None


def _hidden_zone(s: DoomlingsRules, card: int) -> list[int]:
    """The hand or deck holding ``card`` (which only a bot's redealt sample moves there)."""
    for zone in (*s.hands, s.deck, *s.decks):
        if card in zone:
            return zone
    raise AssertionError(f"card {card} is in no hand or deck")


@handler("wander")
def h_wander(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Wanderlust: play the card drawn, or draw 1 from the bottom of the deck instead."""
    _, p, drawn, card = frame
    if option is None:
        options: list[Option] = [PASS]
        if drawn in s.hands[p] and s.can_play(p, drawn):
            options.append(_PLAY_OPTION[drawn])
        options.append(("from_bottom",))
        return s.ask(p, "choose", f"{CARD[card].name}: play the card drawn?", options)
    s.stack.pop()
    if option[0] == "play":
        s.leave_hand(p, drawn)
        s.stack.append(("play", p, drawn, FROM_HAND, 1))
    elif option[0] == "from_bottom":
        more = s.draw(p, 1, card, True)
        if more and s.can_play(p, more[0]):
            s.stack.append(("wander_bottom", p, more[0], card))
    return None


@handler("wander_bottom")
def h_wander_bottom(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Wanderlust: the card drawn from the bottom may be played at once."""
    _, p, drawn, card = frame
    if option is None:
        if drawn not in s.hands[p] or not s.can_play(p, drawn):
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: play the card drawn from the bottom?"
        return s.ask(p, "play", prompt, [PASS, _PLAY_OPTION[drawn]])
    s.stack.pop()
    if option != PASS:
        s.leave_hand(p, drawn)
        s.stack.append(("play", p, drawn, FROM_HAND, 1))
    return None


@handler("take_back_trait")
def h_take_back_trait(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Take a trait (matching a filter) from your own pile back into your hand."""
    _, p, key, optional, cause = frame
    if option is None:
        flt = None if key is None else _filter(key)
        cards = [c for c in s.piles[p] if s.movable(c) and (flt is None or s.matches(c, flt))]
        if not cards:
            s.stack.pop()
            return None
        options: list[Option] = [("return", c) for c in cards]
        if optional:
            options.insert(0, PASS)
        prompt = f"{cause_name(cause)}: take a trait from your pile back into your hand"
        return s.ask(p, "take", prompt, options)
    s.stack.pop()
    if option != PASS:
        card = option[1]
        s.leave_pile(p, card)
        s.hands[p].append(card)
        s.emit((ALL, "returns_to_hand", p, card), cause)
    return None


@handler("play_drawn")
def h_play_drawn(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A card just drawn may be played at once, without its action (never a dominant)."""
    _, p, drawn, cause = frame
    if option is None:
        cards = [c for c in drawn if c in s.hands[p] and not CARD[c].dominant]
        cards = s.playable(p, cards)
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: play the card you drew?"
        return s.ask(p, "optional", prompt, [PASS, *[_PLAY_OPTION[c] for c in cards]])
    s.stack.pop()
    if option != PASS:
        s.leave_hand(p, option[1])
        s.stack.append(("play", p, option[1], FROM_HAND, 0))
    return None


@handler("age_color")
def h_age_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, purpose, cause = frame
    if option is None:
        prompt = f"{cause_name(cause)}: name a color"
        return s.ask(p, "color", prompt, [("color", c) for c in COLORS])
    s.stack.pop()
    color = option[1]
    s.emit((ALL, "names_age_color", p, color, cause - AGE_CAUSE))
    if purpose == PAINTED:
        drawn = s.draw(p, 1, cause)
        if drawn and s.colors_of(drawn[0]) & color:
            s.revealed.append((ALL, drawn[0]))
            s.emit((ALL, "shows", p, drawn[0]), cause)
            for q in s.opponents(p):
                s.draw(q, 1, cause)
    elif purpose == HARLEQUIN:
        for c in s.draw(p, 3, cause):
            if not CARD[c].colors & color:
                s.discard_from_hand(p, c, cause)
    else:
        s.stack.append(("hand_over_color", s.opponents(p)[0], p, color, cause))
    return None


@handler("hand_over_color")
def h_hand_over_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Crackletown: the player on the left hands over 1 card of the named colour."""
    _, q, p, color, cause = frame
    cards = [c for c in s.hands[q] if CARD[c].colors & color]
    if option is None:
        if not cards:
            s.stack.pop()
            s.emit((ALL, "has_no_color", q, color))
            return None
        prompt = f"{cause_name(cause)}: give player {p} a card of the color they named"
        return s.ask(q, "give", prompt, [("give", p, c) for c in distinct(cards)])
    s.stack.pop()
    _give(s, q, p, option[2], cause)
    return None


@handler("dueling_moons")
def h_dueling_moons(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        options: list[Option] = [("draw_bottom",)]
        options.extend(("to_deck", c) for c in distinct(s.hands[p]))
        prompt = f"{cause_name(cause)}: put a card on top of the deck, or draw from its bottom"
        return s.ask(p, "choice", prompt, options)
    s.stack.pop()
    if option[0] == "to_deck":
        card = option[1]
        s.leave_hand(p, card)
        s.deck.append(card)
        s.emit((s.others(p), "tops_deck", p), cause)
        s.emit((bit(p), "topped_deck", p, card), cause)
    else:
        s.draw(p, 1, cause, bottom=True)
    return None


@handler("adventure")
def h_adventure(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Age of Adventure: discard up to ``left`` cards, then draw 1; if it shares a colour
    with a discarded card it may be played at once."""
    _, p, left, colors, cause = frame
    if option is None:
        if left and s.hands[p]:
            prompt = f"{cause_name(cause)}: discard up to {plural(left, 'more card')}, then draw 1"
            return s.ask(p, "discard", prompt, [PASS, *_distinct_discards(s.hands[p])])
        option = PASS
    s.stack.pop()
    if option != PASS:
        card = option[1]
        s.discard_from_hand(p, card, cause)
        s.stack.append(("adventure", p, left - 1, colors | CARD[card].colors, cause))
        return None
    drawn = s.draw(p, 1, cause)
    if drawn and CARD[drawn[0]].colors & colors:
        s.stack.append(("play_drawn", p, tuple(drawn), cause))
    return None


@handler("play_negatives")
def h_play_negatives(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Backwoods Melodies: play the hand's traits below 0 (not dominants), one at a time, in
    hand order, each without its action."""
    _, p, cause = frame
    s.stack.pop()
    for c in s.hands[p]:
        if FACE_VALUE[c] < 0 and not CARD[c].dominant and s.can_play(p, c):
            s.leave_hand(p, c)
            s.push(("play", p, c, FROM_HAND, 0), ("play_negatives", p, cause))
            return None
    return None


@handler("joy")
def h_joy(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        prompt = f"{cause_name(cause)}: draw 1 card or discard 2?"
        return s.ask(p, "choice", prompt, [("draw_one",), ("discard_two",)])
    s.stack.pop()
    if option == ("draw_one",):
        s.draw(p, 1, cause)
    else:
        s.stack.append(("discard_n", p, 2, cause))
    return None


@handler("mokoko")
def h_mokoko(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        prompt = f"{cause_name(cause)}: play 2 traits this turn, both without their actions?"
        return s.ask(p, "optional", prompt, [PASS, ("two_plays",)])
    s.stack.pop()
    if option != PASS:
        _quiet_turn(s, p, 2)
    return None


@handler("replay_action")
def h_replay_action(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """The Living Library: the action of a trait of your own pile, once more (not in a turn
    skipped, which does not stabilize)."""
    _, p, cause = frame
    if option is None:
        cards = [c for c in s.piles[p] if s.trait(c).action]
        if not cards or ("end_turn", p) not in s.stack:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: use an action of your trait pile again?"
        return s.ask(p, "use", prompt, [PASS, *[("use", p, c) for c in cards]])
    s.stack.pop()
    if option != PASS:
        s.stack.append(("act_from_pile", p, option[2]))
    return None


@handler("swamp")
def h_swamp(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Swamplands: the traits with actions ``p`` played this turn are discarded, from
    wherever they are (a dominant in a pile stays)."""
    _, p, cause = frame
    s.stack.pop()
    played: list[int] = []
    for i in range(len(s.events) - 1, -1, -1):
        event = s.events[i]
        if event[1] == "turn" and event[2] == p:
            break
        if event[1] == "plays" and event[2] == p and CARD[event[3]].action:
            played.append(event[3])
    frames: list[Frame] = []
    for card in reversed(played):
        for q in range(s.players):
            if card in s.hands[q]:
                s.discard_from_hand(q, card, cause)
            elif card in s.piles[q] and not CARD[card].dominant:
                frames.append(("discard_trait_now", q, card, cause))
    s.push_all(frames)
    return None


@handler("jungle")
def h_jungle(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """King of the Jungle: each player picks a card, unseen until all have; the one highest
    face value keeps its hand, every other player throws theirs away and draws 3."""
    _, waiting, picked, cause = frame
    if waiting and option is None:
        q = waiting[0]
        if s.hands[q]:
            prompt = f"{cause_name(cause)}: pick a card to show (all are shown together)"
            return s.ask(q, "reveal", prompt, [("show", c) for c in distinct(s.hands[q])])
        s.stack[-1] = ("jungle", waiting[1:], picked, cause)
        return None
    s.stack.pop()
    if waiting:
        assert option is not None
        s.stack.append(("jungle", waiting[1:], (*picked, (waiting[0], option[1])), cause))
        return None
    # A searching bot's sample may have redealt a picked card away: it counts as none.
    shown = [(q, c) for q, c in picked if c in s.hands[q]]
    for q, c in shown:
        s.revealed.append((ALL, c))
        s.emit((ALL, "shows", q, c), cause)
    best = max((FACE_VALUE[c] for _, c in shown), default=0)
    top = [q for q, c in shown if FACE_VALUE[c] == best]
    keeper = top[0] if len(top) == 1 else -1  # a tie keeps nobody's hand
    for q in s.order_from(s.first_player):
        if q != keeper:
            s.discard_whole_hand(q, cause)
            s.draw(q, 3, cause)
    return None


@handler("ramblin")
def h_ramblin(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Ramblin' River Markets: in turn order, each player names a colour that neither they
    nor the player on their left may play this age."""
    _, waiting, cause = frame
    q = waiting[0]
    if option is None:
        prompt = f"{cause_name(cause)}: name a color you and the player on your left cannot play"
        return s.ask(q, "color", prompt, [("color", c) for c in COLORS])
    s.stack.pop()
    s.emit((ALL, "bans_color", q, option[1], cause - AGE_CAUSE))
    if len(waiting) > 1:
        s.stack.append(("ramblin", waiting[1:], cause))
    return None


# --- overlush catastrophes ---
EXPANSION_DISASTERS: Final = frozenset(
    {
        CatastropheEffect.DRAW_PER_NEGATIVE,
        CatastropheEffect.DISCARD_ACTIONS,
        CatastropheEffect.DISCARD_COLORS_AND_STABILIZE,
        CatastropheEffect.DISCARD_PER_COLOR_KIND,
        CatastropheEffect.RETURN_POSITIVE,
        CatastropheEffect.KEEP_ONE_COLOR,
        CatastropheEffect.DISCARD_HIGH,
    }
)
"""The expansion white texts each player carries out (:func:`expansion_disaster`); Choking
Vines' muting and the passes to the right are done elsewhere."""


def expansion_disaster(s: DoomlingsRules, p: int, age: int) -> None:
    """One player's share of an expansion catastrophe's white text."""
    info = AGES[age]
    effect = info.effect
    cause = AGE_CAUSE + age
    hand = s.hands[p]
    if effect is CatastropheEffect.DRAW_PER_NEGATIVE:
        s.draw(p, sum(1 for c in s.piles[p] if FACE_VALUE[c] < 0), cause)
    elif effect is CatastropheEffect.DISCARD_ACTIONS:
        for c in [c for c in hand if CARD[c].action]:
            s.discard_from_hand(p, c, cause)
    elif effect is CatastropheEffect.DISCARD_COLORS_AND_STABILIZE:
        color = info.effect_color or 0
        for c in [c for c in hand if CARD[c].colors & color]:
            s.discard_from_hand(p, c, cause)
        s.stack.append(("stabilize", p, 0, cause))
    elif effect is CatastropheEffect.DISCARD_PER_COLOR_KIND:
        n = bin(s.colors_in_pile(p)).count("1")
        if n:
            s.stack.append(("discard_n", p, n, cause))
    elif effect is CatastropheEffect.RETURN_POSITIVE:
        s.stack.append(("take_back_trait", p, _key(_POSITIVE), 0, cause))
    elif effect is CatastropheEffect.KEEP_ONE_COLOR:
        s.stack.append(("keep_hand_color", p, cause))
    elif effect is CatastropheEffect.DISCARD_HIGH:
        for c in [c for c in hand if FACE_VALUE[c] >= 4]:
            s.discard_from_hand(p, c, cause)


@handler("pass_color_right")
def h_pass_color_right(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Every player (but those ignoring the catastrophe) hands the cards of a colour in their
    hand to the player on their right, all at once."""
    s.stack.pop()
    age = frame[1]
    color = AGES[age].effect_color or 0
    seats = [p for p in range(s.players) if not s.ignoring & bit(p)]
    if len(seats) < 2:
        return None
    passed: list[list[int]] = []
    for p in seats:
        if color == COLORLESS:
            cards = [c for c in s.hands[p] if not CARD[c].colors]
        else:
            cards = [c for c in s.hands[p] if CARD[c].colors & color]
        for c in cards:
            s.leave_hand(p, c)
        passed.append(cards)
    for i, p in enumerate(seats):
        q = seats[i - 1]
        s.hands[q].extend(passed[i])
        if not passed[i]:
            continue
        count = len(passed[i])
        s.emit((s.others(p) & s.others(q), "passes_cards", p, q, count), AGE_CAUSE + age)
        s.emit((bit(p) | bit(q), "passed_cards", p, q, tuple(passed[i])), AGE_CAUSE + age)
    return None


@handler("keep_hand_color")
def h_keep_hand_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Tragedy of the Commons: keep the hand's cards of one colour, discard the rest."""
    _, p, cause = frame
    hand = s.hands[p]
    present = 0
    for c in hand:
        present |= CARD[c].colors
    if option is None and present:
        prompt = f"{cause_name(cause)}: which color do you keep?"
        return s.ask(p, "color", prompt, [("color", c) for c in COLORS if present & c])
    s.stack.pop()
    keep = option[1] if option is not None else 0
    for c in [c for c in hand if not CARD[c].colors & keep]:
        s.discard_from_hand(p, c, cause)
    return None


@handler("score_hand_card")
def h_score_hand_card(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Invasive Species: discard a hand card of face value 7 or less; it adds to the score
    (Grobblebobble, which cannot be discarded from the hand, is not offered)."""
    _, p, cause = frame
    if option is None:
        cards = [c for c in distinct(s.hands[p]) if FACE_VALUE[c] <= 7 and not _KEEP_IN_HAND[c]]
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: discard a card to add its face value to your score"
        return s.ask(p, "discard", prompt, [_DISCARD_OPTION[c] for c in cards])
    s.stack.pop()
    card = option[1]
    s.discard_from_hand(p, card, cause)
    s.end_points[p] += FACE_VALUE[card]
    return None


@handler("discard_drop")
def h_discard_drop(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Tragedy of the Commons' World's End: discard a trait with a Drop of Life."""
    _, p, cause = frame
    if option is None:
        cards = [c for c in s.piles[p] if s.movable(c) and CARD[c].bonus is not None]
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: discard a trait with a Drop of Life from your pile"
        return s.ask(p, "discard_trait", prompt, [("discard_trait", p, c) for c in cards])
    s.stack.pop()
    s.stack.append(("discard_trait_now", p, option[2], cause))
    return None


# --- dinolings ---


@handler("trade")
def h_trade(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Bony Plates: discard ``card`` from the pile to play one of the cards just drawn; the
    other drawn cards are discarded. Declined, the drawn cards stay in the hand."""
    _, p, card, drawn = frame
    if option is None:
        if card not in s.piles[p] or not s.movable(card):
            s.stack.pop()
            return None
        cards = s.playable(p, [c for c in drawn if c in s.hands[p]])
        return s.ask(
            p,
            "play",
            f"{CARD[card].name}: discard it to play a card you drew?",
            [PASS, *(_PLAY_OPTION[c] for c in cards)],
        )
    s.stack.pop()
    if option == PASS:
        return None
    chosen = option[1]
    for c in drawn:
        if c != chosen and c in s.hands[p]:
            s.discard_from_hand(p, c, card)
    # The card stays in the hand until it is played: the windows the discard opens come first.
    s.push(("discard_trait_now", p, card, card), ("play_held", p, chosen))
    return None


@handler("hand_action")
def h_hand_action(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Elongated Neck: resolve the action of a card in the hand, which stays there."""
    _, p, card = frame
    if option is None:
        options: list[Option] = [
            ("use", p, c)
            for c in distinct(s.hands[p])
            # A copier's action could copy this one back, for ever.
            if CARD[c].action and not isinstance(CARD[c].action[0], _COPIERS)
        ]
        return s.ask(p, "use", f"{CARD[card].name}: use the action of which card?", options)
    s.stack.pop()
    s.stack.append(("act_from_pile", p, option[2]))
    return None


_COPIERS: Final = (PlayPileAction, PlayHandAction)


def _badlands(s: DoomlingsRules, age: int) -> None:
    """Badlands, as it is flipped: each player discards a card, then is dealt one from the
    shuffled discard pile (before the round's turns, pushed above them)."""
    cause = AGE_CAUSE + age
    order = s.order_from(s.first_player)
    s.push_all([*(("discard_n", q, 1, cause) for q in order), ("deal_from_discard", age)])


@handler("deal_from_discard")
def h_deal_from_discard(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    cause = AGE_CAUSE + frame[1]
    if not s.own_decks:
        s.rng.shuffle(s.discard)
    for q in s.order_from(s.first_player):
        pile = s.discard_pile(q)
        if s.own_decks:
            s.rng.shuffle(pile)
        if not pile:
            continue
        card = pile.pop()
        s.hands[q].append(card)
        s.emit((s.others(q), "dealt", q), cause)
        s.emit((bit(q), "dealt_card", q, card), cause)
    return None


# --- techlings ---


def _hosts(s: DoomlingsRules, p: int, card: int) -> list[tuple[int, int]]:
    """Where ``card``, an attachment of ``p``'s pile, may attach: (owner, host) pairs."""
    attach = s.trait(card).attach
    assert attach is not None
    owners = s.order_from(p) if attach.anywhere else [p]
    return [
        (q, c)
        for q in owners
        for c in s.piles[q]
        if c != card
        and s.trait(c).attach is None  # no attachment hosts another
        and (not attach.effectless or s.trait(c).effectless)
        and (attach.color is None or not s.colors_of(c) & attach.color)
    ]


@handler("attach")
def h_attach(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """An attachment, as it enters its owner's pile, picks its host (none: it stays unattached)."""
    _, p, card = frame
    if option is None:
        if card not in s.piles[p] or s.host_of(card) >= 0:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: attach to which trait?"
        return s.ask(p, "use", prompt, [("use", q, c) for q, c in _hosts(s, p, card)])
    s.stack.pop()
    _, q, host = option
    _attach(s, p, card, q, host)
    attach = s.trait(card).attach
    assert attach is not None
    if attach.grant is Grant.PLAY_ACTION and s.trait(host).action and not s.inactive(host):
        s.stack.append(("act_from_pile", p, host))
    return None


def _attach(s: DoomlingsRules, p: int, card: int, q: int, host: int) -> None:
    s.attach(card, host)
    s.emit((ALL, "attaches", p, card, host, q))


def _offer_moves(s: DoomlingsRules) -> None:
    """Ruggedized: at the end of each turn its owner may move it to another host."""
    frames: list[Frame] = []
    for card, _ in s.attached:
        attach = CARD[card].attach
        if attach is not None and attach.moves:
            for q in range(s.players):
                if card in s.piles[q]:
                    frames.append(("move_attachment", q, card))
    s.push_all(frames)


@handler("move_attachment")
def h_move_attachment(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card = frame
    if option is None:
        host = s.host_of(card)
        if card not in s.piles[p] or host < 0:
            s.stack.pop()
            return None
        options: list[Option] = [PASS]
        options.extend(("use", q, c) for q, c in _hosts(s, p, card) if c != host)
        prompt = f"{CARD[card].name}: move to another host?"
        return s.ask(p, "optional", prompt, options)
    s.stack.pop()
    if option != PASS:
        _attach(s, p, card, option[1], option[2])
    return None


@handler("color_for_left")
def h_color_for_left(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Bioengineered Plague: name a colour; the player on your left discards that colour's
    hand cards (unless a Denial keeps the catastrophe off them)."""
    _, p, age = frame
    if option is None:
        prompt = f"{AGES[age].name}: name a color for the player on your left"
        return s.ask(p, "color", prompt, [("color", c) for c in COLORS])
    s.stack.pop()
    color = option[1]
    left = s.opponents(p)[0] if s.players > 1 else p
    s.emit((ALL, "names_color_for", p, color, left))
    if not s.ignoring & bit(left):
        for c in [c for c in s.hands[left] if CARD[c].colors & color]:
            s.discard_from_hand(left, c, AGE_CAUSE + age)
    return None


@handler("discard_top_color")
def h_discard_top_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Bioengineered Plague's World's End: a random trait of the pile's most common colour
    (the player picks among tied colours) is discarded."""
    _, p, cause = frame
    counts = [s.count_color(p, c) for c in COLORS]
    best = max(counts)
    tied = [c for c, n in zip(COLORS, counts, strict=True) if n == best and n > 0]
    if option is None:
        if len(tied) > 1:
            prompt = f"{cause_name(cause)}: which of your most common colors?"
            return s.ask(p, "color", prompt, [("color", c) for c in tied])
        color = tied[0] if tied else 0
    else:
        color = option[1]
    s.stack.pop()
    if not color:
        return None
    cards = [c for c in s.piles[p] if s.discardable(c) and s.colors_of(c) & color]
    if cards:
        s.stack.append(("discard_trait_now", p, cards[s.rng.below(len(cards))], cause))
    return None


# --- mythlings, prototypes, relics, special edition ---

ALL_COLORS: Final = 15
_TAKE_THAT_PRIMITIVES: Final = (
    DiscardColorFromHands,
    StealTrait,
    StealFromHand,
    RevealAndSteal,
    LookAndSteal,
    ReturnTrait,
    GiveFromHand,
    GiveTrait,
    SwapHands,
    SwapThis,
    SwapTraits,
    OpponentsDiscardTrait,
    MutualDiscardTrait,
    MoveSelfToOpponent,
    DiscardOpponentTrait,
    StealFromEachAndPlay,
    OpponentsGiveColor,
)


def _works_on_opponents(fx: Any) -> bool:
    """Whether an action primitive does something to the acting player's opponents."""
    if isinstance(fx, (Draw, DiscardFromHand)):
        return fx.who is not Who.YOU
    return isinstance(fx, _TAKE_THAT_PRIMITIVES)


_TAKE_THAT: Final = tuple(any(_works_on_opponents(fx) for fx in t.action) for t in CARD)
"""Per card: its action works on the acting player's opponents (Righteous may stop it)."""


def colors_played_this_turn(s: DoomlingsRules, p: int) -> int:
    """The colours of the traits ``p`` has played on their own turn so far (Conjured)."""
    mask = 0
    for card in plays_this_turn(s, p):
        mask |= s.trait(card).colors  # an Opposable Thumbs played has its copy's
    return mask


def expansion_responses(s: DoomlingsRules, q: int, trigger: tuple[Any, ...]) -> list[Option]:
    """What ``q`` may answer ``trigger`` with from the expansions' Play When traits (and
    Conjured, from the discard pile after stabilizing)."""
    kind: str = trigger[0]
    out: list[Option] = []
    for c in distinct(s.hands[q]):
        if not _IS_NEW_WHEN[c] or not s.can_play(q, c):
            continue
        when = _PLAY_WHEN[c]
        if when is PlayWhen.INTO_ACTING_PILE:
            if kind in ("played", "action") and trigger[1] != q and trigger[3]:
                out.append(("respond_on", c, trigger[1]))
            continue
        if when is PlayWhen.ANY_TIME:
            ok = True
        elif when is PlayWhen.ANY_TIME_ALL_COLORS:
            ok = s.colors_in_pile(q) == ALL_COLORS
        elif when is PlayWhen.WHEN_STOLEN_FROM:
            ok = kind == "stolen" and trigger[2] == q
        elif when is PlayWhen.TAKE_DISCARDED_TRAIT:
            ok = (
                kind == "trait_discarded"
                and trigger[1] != q
                and trigger[2] in s.discard_pile(trigger[1])
            )
        elif when is PlayWhen.OPPONENT_DOMINANT:
            ok = kind == "played" and trigger[1] != q and CARD[trigger[2]].dominant
        elif when is PlayWhen.PREVENT_TAKE_THAT:
            ok = (
                kind in ("played", "action")
                and trigger[1] != q
                and bool(trigger[3])
                and _TAKE_THAT[trigger[2]]
            )
        elif when is PlayWhen.OPPONENT_PLAYS_TWO:
            ok = kind == "played" and trigger[1] != q and FACE_VALUE[trigger[2]] == 2
        else:  # played when discarded from the hand: see h_discarded_play
            ok = False
        if ok:
            out.append(("respond", c))
    if kind == "stabilized" and trigger[1] == q and s.expansion_kinds() & CONJURING:
        for c in distinct(s.discard_pile(q)):
            req = CARD[c].requirement
            if (
                isinstance(req, FromDiscardAfterColors)
                and s.can_play(q, c, checks=False)
                and bin(colors_played_this_turn(s, q)).count("1") >= req.colors
            ):
                out.append(("conjure", c))
    return out


def on_expansion_response(
    s: DoomlingsRules, q: int, option: Option, trigger: tuple[Any, ...]
) -> bool:
    """Carry out an answer from :func:`expansion_responses`; whether the window stays open."""
    card: int = option[1]
    if option[0] == "conjure":
        s.discard_pile(q).remove(card)
        s.stack.append(("play", q, card, FROM_DISCARD, 0))
        return True
    s.leave_hand(q, card)
    when = _PLAY_WHEN[card]
    if option[0] == "respond_on":  # Effigial, into the acting player's pile
        s.stack.append(("play", option[2], card, FROM_HAND, 0, q))
        return True
    if when is PlayWhen.PREVENT_TAKE_THAT:
        s.emit((ALL, "prevents", q, trigger[2]))
        _cancel_action(s, trigger[1], trigger[2])
        s.stack.append(("play", q, card, FROM_HAND, 0))
        return False
    if when is PlayWhen.TAKE_DISCARDED_TRAIT:
        s.push(("raise_dead", q, trigger[1], trigger[2], card), ("play", q, card, FROM_HAND, 1))
        return False
    s.stack.append(("play", q, card, FROM_HAND, 1))
    return True


@handler("raise_dead")
def h_raise_dead(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Necromantic: the trait just discarded from ``owner``'s pile goes into ``p``'s hand."""
    _, p, owner, target, cause = frame
    s.stack.pop()
    pile = s.discard_pile(owner)
    if target in pile:
        pile.remove(target)
        s.hands[p].append(target)
        s.revealed.append((ALL, target))
        s.emit((ALL, "takes_discarded", p, target), cause)
    return None


def after_steal(s: DoomlingsRules, thief: int, victim: int, card: int, from_pile: bool) -> None:
    """Gelatinous cannot be kept: a stolen one is discarded at once."""
    if CARD[card].persistent is not Persistent.DISCARD_IF_STOLEN:
        return
    if from_pile:
        if card in s.piles[thief]:
            s.leave_pile(thief, card)
            s.discard_pile(thief).append(card)
            s.emit((ALL, "discards_trait", thief, card), card)
    elif card in s.hands[thief]:
        s.discard_from_hand(thief, card, card)


def open_steal_window(s: DoomlingsRules, thief: int, victim: int) -> None:
    """The victim of a steal may answer it (Gelatinous), once what is pushed above it (the
    stolen card played at once) is done."""
    if s.steal_windows():
        s.stack.append(("steal_window", thief, victim))


@handler("steal_window")
def h_steal_window(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    s.open_window(("stolen", frame[1], frame[2]), (frame[2],))
    return None


@handler("discarded_play")
def h_discarded_play(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Witchy, Zombified, Ghostly: a trait discarded from the hand may (or must) be played."""
    _, p, card, cause = frame
    pile = s.discard_pile(p)
    when = _PLAY_WHEN[card]
    if option is None:
        if card not in pile:
            s.stack.pop()
            return None
        if when is PlayWhen.DISCARDED_INTO_OPPONENT:
            options: list[Option] = [PASS]
            options.extend(("replay_on", card, q) for q in s.opponents(p) if s.age_allows(card))
        elif s.can_play(p, card):
            if when is PlayWhen.MUST_PLAY_DISCARDED:
                s.stack.pop()
                pile.remove(card)
                s.stack.append(("play", p, card, FROM_DISCARD, 0))
                return None
            options = [PASS, ("replay", card)]
        else:
            options = []
        if len(options) < 2:
            s.stack.pop()
            return None
        return s.ask(p, "optional", f"{CARD[card].name} was discarded: play it?", options)
    s.stack.pop()
    if option != PASS:
        pile.remove(card)
        owner = option[2] if option[0] == "replay_on" else p
        s.stack.append(("play", owner, card, FROM_DISCARD, 0, p))
    return None


@handler("pass_on")
def h_pass_on(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Ghostly, discarded from its pile (and now in its owner's hand), goes to an opponent's
    hand."""
    _, p, card, cause = frame
    if option is None:
        if card not in s.hands[p] or s.players < 2:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "give",
            f"{CARD[card].name}: into whose hand?",
            [("give", q, card) for q in s.opponents(p)],
        )
    s.stack.pop()
    _, q, _card = option
    s.leave_hand(p, card)
    s.hands[q].append(card)
    s.revealed.append((ALL, card))
    s.emit((ALL, "passes_to_hand", p, card, q), cause)
    return None


def leaves_by_discard(s: DoomlingsRules, p: int, card: int) -> bool:
    """Witchy and Ghostly, discarded from a pile, go to a hand instead; whether it was one."""
    persistent = CARD[card].persistent
    if persistent is Persistent.BACK_TO_HAND:
        s.leave_pile(p, card)
        s.hands[p].append(card)
        s.revealed.append((ALL, card))
        s.emit((ALL, "returns_to_hand", p, card), card)
        return True
    if persistent is Persistent.TO_OPPONENT_HAND:
        s.leave_pile(p, card)
        s.hands[p].append(card)
        s.revealed.append((ALL, card))
        if s.players < 2:  # alone at the table: there is no other hand, so it stays in its own
            s.emit((ALL, "returns_to_hand", p, card), card)
        else:
            s.stack.append(("pass_on", p, card, card))
        return True
    return False


def open_discarded_window(s: DoomlingsRules, owner: int, card: int) -> None:
    """Necromantic: the owner's opponents may answer a trait discarded from a pile."""
    if s.steal_windows():
        s.open_window(("trait_discarded", owner, card), s.seats_after(owner))


def ozmorian_winds(s: DoomlingsRules, p: int) -> None:
    """Ozmorian Winds: after stabilizing, a random hand card goes to the player on the left."""
    hand = s.hands[p]
    if s.rule() is not AgeRule.OZMORIAN_WINDS or not hand or s.players < 2:
        return
    card = hand[s.rng.below(len(hand))]
    _give(s, p, s.opponents(p)[0], card, AGE_CAUSE + s.age)


@handler("lowest_loses")
def h_lowest_loses(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Eyes Open from Behind the Stars: each player in ``order`` discards 1 card; whoever
    discarded the lowest face value then discards a trait from their pile."""
    _, age, order, results = frame
    cause = AGE_CAUSE + age
    if not order:
        s.stack.pop()
        if results:
            low = min(face for _, face in results)
            s.push_all([("discard_own", p, None, cause) for p, face in results if face == low])
        return None
    p = order[0]
    if option is None:
        if not s.hands[p]:
            s.stack[-1] = ("lowest_loses", age, order[1:], results)
            return None
        return s.ask(
            p, "discard", f"{AGES[age].name}: discard 1 card", _distinct_discards(s.hands[p])
        )
    s.stack.pop()
    card = option[1]
    s.stack.append(("lowest_loses", age, order[1:], (*results, (p, FACE_VALUE[card]))))
    s.discard_from_hand(p, card, cause)
    return None


def highest_trait_frames(s: DoomlingsRules, p: int, cause: int) -> list[Frame]:
    """The gold text that takes the highest face value trait of ``p``'s pile (of those that
    can be discarded; ties: ``p`` picks)."""
    faces = [FACE_VALUE[c] for c in s.piles[p] if s.movable(c)]
    if not faces:
        return []
    return [("discard_own", p, _key(TraitFilter(face=max(faces))), cause)]


@handler("dig")
def h_dig(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Ancient: name a colour, then draw."""
    _, p, card, n = frame
    if option is None:
        return _ask_color(s, p, card)
    s.stack.pop()
    color = option[1]
    s.emit((ALL, "names_color", p, card, color))
    drawn = s.draw(p, n, card)
    s.stack.append(("keep_drawn_color", p, card, tuple(drawn), color))
    return None


@handler("keep_drawn_color")
def h_keep_drawn_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Keep one drawn card of the named colour; the other drawn cards go under the deck."""
    _, p, card, drawn, color = frame
    held = [c for c in drawn if c in s.hands[p]]
    if option is None:
        fits = [c for c in distinct(held) if CARD[c].colors & color]
        if fits:
            return s.ask(
                p,
                "keep",
                f"{CARD[card].name}: keep which {COLOR_WORDS[color]} card?",
                [("keep", c) for c in fits],
            )
        kept = -1
    else:
        kept = option[1]
    s.stack.pop()
    rest = [c for c in held if c != kept]
    for c in rest:
        s.leave_hand(p, c)
    s.deck[0:0] = rest
    if rest:
        s.emit((ALL, "to_deck_bottom", p, len(rest)), card)
    return None


COLOR_WORDS: Final = {1: "blue", 2: "green", 4: "purple", 8: "red"}


@handler("discard_opp_trait")
def h_discard_opp_trait(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card, key = frame
    flt = _filter(key)
    if option is None:
        targets = _opp_traits(s, p, lambda c: s.matches(c, flt))
        return s.ask(
            p,
            "discard_trait",
            f"{CARD[card].name}: discard which {flt.words()}?",
            [("discard_trait", q, c) for q, c in targets],
        )
    s.stack.pop()
    s.stack.append(("discard_trait_now", option[1], option[2], card))
    return None


@handler("summon")
def h_summon(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Summoner: discard up to ``left`` more cards, then play one trait per card discarded."""
    _, p, card, left, done = frame
    hand = s.hands[p]
    if option is None and left and hand:
        return s.ask(
            p,
            "discard",
            f"{CARD[card].name}: discard up to {plural(left, 'more card')}, then play as many",
            [PASS, *_distinct_discards(hand)],
        )
    s.stack.pop()
    if option is None or option == PASS:
        s.push_all([("play_extra", p, FROM_HAND, 0, 0, ANY_TRAIT) for _ in range(done)])
        return None
    s.stack.append(("summon", p, card, left - 1, done + 1))
    s.discard_from_hand(p, option[1], card)
    return None


@handler("rearrange")
def h_rearrange(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Omnipotent: the next ``n`` ages go back in the order the player picks, one place at a
    time (the ages ``placed`` so far come first, in that order)."""
    _, p, card, n, placed = frame
    deck = s.age_deck
    top = list(reversed(deck[-n:]))
    left = [a for a in top if a not in placed]
    if option is None and len(left) > 1:
        return s.ask(
            p,
            "order",
            f"{CARD[card].name}: which of the next ages comes {_ORDINALS[len(placed)]}?",
            [("place", a) for a in left],
        )
    s.stack.pop()
    if option is not None:
        s.stack.append(("rearrange", p, card, n, (*placed, option[1])))
        return None
    order = [*placed, *left]
    deck[-len(order) :] = list(reversed(order))
    s.age_seen |= bit(p)
    s.emit((bit(p), "orders_ages", p, tuple(order)))
    s.emit((s.others(p), "reorders_ages", p, len(order)))
    return None


_ORDINALS: Final = ("1st", "2nd", "3rd", "4th", "5th")


@handler("charm")
def h_charm(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Charmed: play one of the cards taken, throw the others away."""
    _, p, card, stolen = frame
    held = [c for c in stolen if c in s.hands[p]]
    return play_one_discard_rest(s, p, card, held, held, "play which card you took?", option)


@handler("tribute")
def h_tribute(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Rainbow Scutes: name a colour; each opponent gives a trait of it."""
    _, p, card, key = frame
    if option is None:
        return _ask_color(s, p, card)
    s.stack.pop()
    color = option[1]
    s.emit((ALL, "names_color", p, card, color))
    flt = _filter(key)
    colored = _key(TraitFilter(color, flt.face, flt.min_face, flt.positive))
    s.push_all([("give_to", q, p, colored, card) for q in s.opponents(p)])
    return None


@handler("give_to")
def h_give_to(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """``giver`` moves a trait of theirs passing a filter into ``taker``'s pile."""
    _, giver, taker, key, cause = frame
    flt = _filter(key)
    if option is None:
        cards = [c for c in s.piles[giver] if s.movable(c) and s.matches(c, flt)]
        return s.ask(
            giver,
            "give",
            f"{CARD[cause].name}: give player {taker} a {flt.words()}",
            [("give_trait", taker, c) for c in cards],
        )
    s.stack.pop()
    s.move_trait(giver, taker, option[2])
    s.emit((ALL, "gives_trait", giver, option[2], taker), cause)
    return None


@handler("replace")
def h_replace(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Magic Fingers: a trait of ``colors`` left the pile; a non-dominant trait of its colour
    (colourless for a colourless one) may be played from the hand in its place."""
    _, p, colors, fingers = frame
    if option is None:
        cards = [
            c
            for c in s.playable(p, s.hands[p])
            if not CARD[c].dominant
            and (CARD[c].colors & colors if colors else CARD[c].colors == COLORLESS)
        ]
        if fingers not in s.piles[p] or not cards:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "optional",
            f"{CARD[fingers].name}: play a trait in place of the one that left?",
            [PASS, *(_PLAY_OPTION[c] for c in cards)],
        )
    s.stack.pop()
    if option != PASS:
        s.leave_hand(p, option[1])
        s.stack.append(("play", p, option[1], FROM_HAND, 0))
    return None


# ====================================================================== expansions
# --- deeplings ---


def _suppressible(s: DoomlingsRules, p: int, card: int, flt: TraitFilter) -> list[int]:
    """The traits of ``p``'s pile that ``card`` may suppress: never itself, nor a dominant."""
    return [c for c in s.piles[p] if c != card and not CARD[c].dominant and s.matches(c, flt)]


@handler("suppress_pile")
def h_suppress_pile(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Suppress ``n`` chosen traits of your own pile (``up_to``: or stop sooner)."""
    _, p, card, n, up_to, key = frame
    if option is None:
        cards = _suppressible(s, p, card, _filter(key))
        if n <= 0 or not cards:
            s.stack.pop()
            return None
        options: list[Option] = [("suppress", c) for c in cards]
        if up_to:
            options.insert(0, PASS)
        prompt = f"{CARD[card].name}: suppress {'up to ' if up_to else ''}{n} trait(s)"
        return s.ask(p, "suppress", prompt, options)
    s.stack.pop()
    if option != PASS:
        s.suppress_trait(p, option[1], card)
        if n > 1:
            s.stack.append(("suppress_pile", p, card, n - 1, up_to, key))
    return None


@handler("suppress_hand")
def h_suppress_hand(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Suppress ``n`` chosen cards of the hand, for a trait or an age (``cause``)."""
    _, p, n, cause = frame
    hand = s.hands[p]
    if option is None:
        if not hand or n <= 0:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: suppress {plural(n, 'card')} from your hand"
        return s.ask(p, "suppress", prompt, [("suppress", c) for c in distinct(hand)])
    s.stack.pop()
    s.suppress_from_hand(p, option[1], cause)
    if n > 1:
        s.stack.append(("suppress_hand", p, n - 1, cause))
    return None


@handler("steal_suppress")
def h_steal_suppress(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Take a trait from an opponent's pile, then suppress it in yours."""
    _, p, card = frame
    if option is None:
        targets = _opp_traits(s, p, lambda c: True)
        prompt = f"{CARD[card].name}: take a trait to suppress"
        return s.ask(p, "take", prompt, [("take", q, c) for q, c in targets])
    s.stack.pop()
    _, q, stolen = option
    s.move_trait(q, p, stolen)
    s.emit((ALL, "steals_trait", p, stolen, q), card)
    s.suppress_trait(p, stolen, card)
    return None


@handler("lure")
def h_lure(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """The opponent on the right names a colour; ``p`` suppresses every hand card of it."""
    _, p, chooser, card = frame
    if option is None:
        prompt = f"{CARD[card].name}: name a color for player {p} to suppress from their hand"
        return s.ask(chooser, "color", prompt, [("color", c) for c in COLORS])
    s.stack.pop()
    color = option[1]
    s.emit((ALL, "names_color", chooser, card, color))
    for c in [c for c in s.hands[p] if CARD[c].colors & color]:
        s.suppress_from_hand(p, c, card)
    return None


def _offer_ethereal(s: DoomlingsRules, p: int) -> bool:
    """Ethereal: with 6 cards or fewer, the turn may end by suppressing one instead of
    stabilizing; push that choice and say whether it was offered."""
    card = s.in_pile(p, Persistent.SUPPRESS_INSTEAD_OF_STABILIZE)
    if card < 0 or not 0 < len(s.hands[p]) <= 6:
        return False
    s.stack.append(("ethereal", p, card))
    return True


@handler("ethereal")
def h_ethereal(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card = frame
    if option is None:
        options: list[Option] = [("stabilize",)]
        options.extend(("suppress", c) for c in distinct(s.hands[p]))
        prompt = f"{CARD[card].name}: stabilize, or suppress 1 card instead?"
        return s.ask(p, "stabilize", prompt, options)
    s.stack.pop()
    if option == ("stabilize",):
        s.stack.append(("end_turn", p, 1))  # the turn's end as usual, without this offer
        return None
    s.suppress_from_hand(p, option[1], card)
    if not s.hands[p]:
        s.draw(p, 2, card)
    return None


# --- moonlings ---


_AT_TURN_START: Final = tuple(
    t.persistent is Persistent.GENE_POOL_ONE or t.persistent is Persistent.DISCARD_SELF_TO_DRAW
    for t in CARD
)
"""Popplebelly and Urf, which act as their owner's turn begins (looked up every turn)."""


def _moon_turn_start(s: DoomlingsRules, p: int) -> None:
    """Popplebelly's draw and Urf's offer, as ``p``'s turn begins."""
    for c in s.piles[p]:
        if not _AT_TURN_START[s.same(c) if s.copies else c]:
            continue
        if s.trait(c).persistent is Persistent.GENE_POOL_ONE:
            s.draw(p, 2, c)
        else:
            s.stack.append(("urf", p, c))


@handler("urf")
def h_urf(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Urf: its owner may discard it from their pile to draw 3."""
    _, p, card = frame
    if option is None:
        if card not in s.piles[p] or not s.movable(card):
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: discard it from your pile to draw 3?"
        return s.ask(p, "optional", prompt, [PASS, ("discard_trait", p, card)])
    s.stack.pop()
    if option != PASS:
        s.push(("discard_trait_now", p, card, card), ("draw_for", p, 3, card))
    return None


@handler("draw_for")
def h_draw_for(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, n, cause = frame
    s.stack.pop()
    s.draw(p, n, cause)
    return None


def _pay_with_hand(
    s: DoomlingsRules, p: int, card: int, req: PayWithHand, option: Option | None
) -> Decision | None:
    """Gob Lopters' price: ``req.n`` random cards of the hand to an opponent of one's choice."""
    if option is None:
        if not s.hands[p]:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: give {req.n} random cards to whom?"
        return s.ask(p, "pay", prompt, [("target", q) for q in s.opponents(p)])
    s.stack.pop()
    q = option[1]
    for _ in range(req.n):
        hand = s.hands[p]
        if not hand:
            break
        _give(s, p, q, hand[s.rng.below(len(hand))], card)
    return None


@handler("return_any_own")
def h_return_any_own(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Take a trait of your own pile (not a dominant) back into your hand."""
    _, p, card = frame
    if option is None:
        cards = [c for c in s.piles[p] if not CARD[c].dominant]
        prompt = f"{CARD[card].name}: take which trait back into your hand?"
        return s.ask(p, "take", prompt, [("return", c) for c in cards])
    s.stack.pop()
    returned = option[1]
    s.leave_pile(p, returned)
    s.hands[p].append(returned)
    s.revealed.append((ALL, returned))
    s.emit((ALL, "returns_to_hand", p, returned), card)
    return None


@handler("give_n")
def h_give_n(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Pick an opponent (``q`` -1: not yet), then hand them ``n`` cards one at a time."""
    _, p, q, n, card = frame
    hand = s.hands[p]
    if option is None:
        if not hand or n <= 0:
            s.stack.pop()
            return None
        if q < 0:
            prompt = f"{CARD[card].name}: give {plural(n, 'card')} to whom?"
            return s.ask(p, "target", prompt, [("target", t) for t in s.opponents(p)])
        prompt = f"{CARD[card].name}: give {plural(n, 'card')} to player {q}"
        return s.ask(p, "give", prompt, [("give", q, c) for c in distinct(hand)])
    s.stack.pop()
    if q < 0:
        s.stack.append(("give_n", p, option[1], n, card))
        return None
    _give(s, p, q, option[2], card)
    if n > 1:
        s.stack.append(("give_n", p, q, n - 1, card))
    return None


@handler("quiet")
def h_quiet(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A Quiet Moment: discard up to ``left`` cards, then draw 4 if the hand is empty."""
    _, p, left, cause = frame
    hand = s.hands[p]
    if option is None:
        options = _distinct_discards(hand) if left > 0 else []
        if options:
            prompt = f"{cause_name(cause)}: discard up to {plural(left, 'card')}?"
            return Decision(p, "discard", (PASS, *options), prompt)
        option = PASS
    s.stack.pop()
    if option == PASS:
        if not hand:
            s.draw(p, 4, cause)
        return None
    s.discard_from_hand(p, option[1], cause)
    s.stack.append(("quiet", p, left - 1, cause))
    return None


# --- overlush (traits b) ---


_EFFECTLESS: Final[tuple[bool, ...]] = tuple(t.effectless for t in CARD)


def _turn_plays(s: DoomlingsRules) -> list[int]:
    """The traits the turn's player has put into their own pile this turn, in order."""
    return plays_this_turn(s, s.turn_player, into_own_pile=True)


def _skimmed_this_turn(s: DoomlingsRules) -> bool:
    events = s.events
    for i in range(len(events) - 1, -1, -1):
        if events[i][1] == "turn":
            return False
        if events[i][1] == "skims":
            return True
    return False


def _after_effectless(s: DoomlingsRules, p: int) -> None:
    """Skimmer and Strange, when ``p`` has played an effectless trait into their pile."""
    skimmer = s.in_pile(p, Persistent.REPLAY_AFTER_EFFECTLESS)
    if skimmer >= 0 and not _skimmed_this_turn(s):
        s.stack.append(("skim", p, skimmer))
    strange = s.in_pile(p, Persistent.CATASTROPHE_AFTER_EFFECTLESS)
    if strange >= 0 and s.catastrophes:
        s.stack.append(("strange", p, strange))


@handler("skim")
def h_skim(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Skimmer: once a turn, the action of a trait in the pile may be resolved again."""
    _, p, card = frame
    if option is None:
        if card not in s.piles[p] or _skimmed_this_turn(s):
            s.stack.pop()
            return None
        options: list[Option] = [
            ("use", p, c)
            for c in s.piles[p]
            if s.trait(c).action and not isinstance(s.trait(c).action[0], PlayPileAction)
        ]
        if not options:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: use the action of a trait in your pile?"
        return s.ask(p, "use", prompt, [PASS, *options])
    s.stack.pop()
    if option != PASS:
        s.emit((ALL, "skims", p, option[2], card))
        s.stack.append(("act_from_pile", p, option[2]))
    return None


@handler("strange")
def h_strange(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Strange: the white text of a catastrophe already flipped may happen again, to every
    player in turn order from Strange's owner."""
    _, p, card = frame
    flipped = [a for era in s.eras for a in era if AGES[a].catastrophe and AGES[a].effect]
    if option is None:
        if card not in s.piles[p] or not flipped:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: repeat a catastrophe's effect?"
        return s.ask(p, "doom", prompt, [PASS, *(("again", a) for a in flipped)])
    s.stack.pop()
    if option != PASS:
        age = option[1]
        s.emit((ALL, "strange", p, age, card))
        if AGES[age].effect is CatastropheEffect.PASS_HAND_RIGHT:
            s.stack.append(("pass_right", age))
        else:
            s.push_all([("disaster", q, age) for q in s.order_from(p)])
    return None


@handler("pinch")
def h_pinch(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Pinchy: the trait just played goes into Pinchy's player's hand; its player may play
    another trait."""
    _, q, p, target, pinchy = frame
    s.stack.pop()
    if target in s.piles[p] and s.movable(target):
        s.leave_pile(p, target)
        s.hands[q].append(target)
        s.revealed.append((ALL, target))
        s.emit((ALL, "pinches", q, target, p), pinchy)
        trait_left_pile(s, p, target, q, pinchy)
        s.stack.append(("play_extra", p, FROM_HAND, 1, 1, ANY_TRAIT))
    return None


@handler("snap")
def h_snap(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Snap-Trap: take 1 of the traits player ``p`` has played this turn."""
    _, q, p, card = frame
    if option is None:
        cards = [c for c in _turn_plays(s) if c in s.piles[p] and s.movable(c)]
        options: list[Option] = [("take", p, c) for c in cards]
        return s.ask(q, "take", f"{CARD[card].name}: take which trait?", options)
    s.stack.pop()
    _, p, taken = option
    s.move_trait(p, q, taken)
    s.emit((ALL, "steals_trait", q, taken, p), card)
    trait_left_pile(s, p, taken, q, card)
    return None


@handler("play_nondominant")
def h_play_nondominant(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Vagabond: ``q`` plays a non-dominant trait from the hand (if able), without action."""
    _, q, card = frame
    if option is None:
        cards = [c for c in s.playable(q, s.hands[q]) if not CARD[c].dominant]
        prompt = f"{CARD[card].name}: play a non-dominant trait"
        return s.ask(q, "play", prompt, [_PLAY_OPTION[c] for c in cards])
    s.stack.pop()
    s.leave_hand(q, option[1])
    s.stack.append(("play", q, option[1], FROM_HAND, 0))
    return None


@handler("take_or_play")
def h_take_or_play(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Vagabond: take 1 of the traits the opponents just played, or play another trait."""
    _, p, sizes, card = frame
    if option is None:
        played = [(q, c) for q in s.opponents(p) for c in s.piles[q][sizes[q] :] if s.movable(c)]
        options: list[Option] = [("take", q, c) for q, c in played]
        if s.playable(p, s.hands[p]):
            options.append(("play_another",))
        return s.ask(p, "take", f"{CARD[card].name}: take a trait, or play another?", options)
    s.stack.pop()
    if option[0] == "take":
        _, q, taken = option
        s.move_trait(q, p, taken)
        s.emit((ALL, "steals_trait", p, taken, q), card)
        trait_left_pile(s, q, taken, p, card)
    else:
        s.stack.append(("play_extra", p, FROM_HAND, 0, 1, ANY_TRAIT))
    return None


def _catastrophe_window(s: DoomlingsRules, age: int, applied: int) -> None:
    """Sleepy's chance to turn back the Gene Pool change of a catastrophe just flipped."""
    if applied and _dealt(s, AFTER_CATASTROPHE_PLAYS):
        s.open_window(("catastrophe", age, applied), s.order_from(s.first_player))


def _before_stabilizing(s: DoomlingsRules, p: int, rule: AgeRule) -> bool:
    """Whistler's discards and Scavenger's takes, before the turn's stabilizing: pushed with
    the stabilizing after them (an ``end_turn`` frame marked done); whether any was."""
    frames: list[Frame] = []
    if s.hands[p]:
        whistler = s.in_pile(p, Persistent.DISCARD_BEFORE_STABILIZE)
        if whistler >= 0:
            frames.append(("discard_up_to", p, 2, whistler))
    if rule is not AgeRule.PROSPERITY and rule is not AgeRule.NIETZSCHE:
        scavenger = s.in_pile(p, Persistent.STABILIZE_FROM_DISCARD)
        if scavenger >= 0:
            frames.append(("scavenge", p, scavenger))
    if not frames:
        return False
    s.push_all([*frames, ("end_turn", p, 1)])
    return True


@handler("scavenge")
def h_scavenge(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Scavenger: while the hand is short of the stabilizing goal, take the top card of the
    discard pile instead of drawing, one at a time, until the player stops."""
    _, p, card = frame
    pile = s.discard_pile(p)
    goal = _stabilize_size(s.rule()) or s.gene_pool[p]
    if option is None:
        if not pile or len(s.hands[p]) >= goal:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: take the top of the discard pile instead of drawing?"
        return s.ask(p, "scavenge", prompt, [PASS, ("scavenge", pile[-1])])
    s.stack.pop()
    if option != PASS:
        taken = pile.pop()
        s.hands[p].append(taken)
        s.emit((ALL, "scavenges", p, taken), card)
        s.stack.append(("scavenge", p, card))
    return None


def _holder(s: DoomlingsRules, cause: int) -> int:
    """The player whose trait ``cause`` is (the one whose effect it is), or -1: an age, a
    catastrophe, the rules, or a trait no longer in a pile."""
    if 0 <= cause < len(CARD):
        for q in range(s.players):
            if cause in s.piles[q]:
                return q
    return -1


def trait_left_pile(s: DoomlingsRules, owner: int, card: int, remover: int, cause: int) -> None:
    """``card`` has just left ``owner``'s pile by an effect (discarded, stolen, swapped, given,
    returned), ``remover`` the player whose effect it was (-1: an age's, the rules', nobody's)
    and ``cause`` the card or age. Fleshy Scales draws its owner a card; Mycelium taken out on
    its owner's turn offers its play. Where the game deals a trait that answers this moment
    (Dart, Motion Dazzle, Patches, Quills), one window asks the owner, whatever they hold (so
    being asked reveals nothing), once the effect is done."""
    if _PERSISTENT_OF[card] is Persistent.DRAW_WHEN_REMOVED:
        s.draw(owner, 1, card)
    if _PERSISTENT_OF[card] is Persistent.PLAY_DISCARD_TOP_WHEN_REMOVED and owner == s.turn_player:
        s.stack.append(("mycelium", owner, card))
    if s.removal_plays_in_game():
        by_another = remover != owner and (remover >= 0 or cause >= AGE_CAUSE)
        dominant = 0 <= cause < len(CARD) and CARD[cause].dominant
        s.stack.append(("left_pile", owner, card, remover, int(dominant), int(by_another)))


@handler("left_pile")
def h_left_pile(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    s.open_window(frame, (frame[1],))
    return None


def _answers_removal(s: DoomlingsRules, q: int, when: PlayWhen, trigger: tuple[Any, ...]) -> bool:
    owner: int = trigger[1]
    card: int = trigger[2]
    remover: int = trigger[3]
    if q != owner or not trigger[5]:  # only what another player or a catastrophe took
        return False
    if when is PlayWhen.INTO_REMOVER_PILE:
        return remover >= 0
    return not trigger[4] and card not in s.piles[owner] and _whereabouts(s, card) is not None


def _whereabouts(s: DoomlingsRules, card: int) -> list[int] | None:
    """The pile, hand or discard pile that holds ``card``, if any does."""
    for zone in (*s.piles, *s.hands, s.discard, *s.discards):
        if card in zone:
            return zone
    return None


@handler("patch")
def h_patch(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Patches: the removed trait comes back into its owner's pile."""
    _, q, card, patches = frame
    s.stack.pop()
    zone = _whereabouts(s, card)
    if zone is None or card in s.piles[q]:
        return None
    holder = next((p for p in range(s.players) if s.piles[p] is zone), -1)
    if holder >= 0:
        if not s.movable(card):
            return None
        s.leave_pile(holder, card)
    else:
        zone.remove(card)
        if s.revealed:
            s.revealed = [r for r in s.revealed if r[1] != card]
    s.enter_pile(q, card)
    s.emit((ALL, "patches", q, card), patches)
    return None


@handler("mycelium")
def h_mycelium(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Mycelium: play the card that was on top of the discard pile before Mycelium left the
    pile (the one under it, if Mycelium was discarded), with its action."""
    _, p, card = frame
    pile = s.discard_pile(p)
    under = pile[:-1] if pile and pile[-1] == card else pile
    if option is None:
        if not under or not s.can_play(p, under[-1]):
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: play the top card of the discard pile?"
        return s.ask(p, "play", prompt, [PASS, _PLAY_OPTION[under[-1]]])
    s.stack.pop()
    if option != PASS:
        played = option[1]
        pile.remove(played)
        if CARD[played].action:
            s.push(("play", p, played, FROM_DISCARD, 0), ("act_from_pile", p, played))
        else:
            s.stack.append(("play", p, played, FROM_DISCARD, 0))
    return None


TURN_EXTRAS: Final = 0  # Nimble, Seedwing


BEFORE_STABILIZING: Final = 1  # Whistler, Scavenger


AFTER_PLAYS: Final = 2  # Ravenous, Skimmer, Strange
AFTER_ROUND_PLAYS: Final = 3  # Procrastination
AFTER_CATASTROPHE_PLAYS: Final = 4  # Sleepy


_GROUPS: Final[tuple[tuple[bool, ...], ...]] = (
    tuple(
        t.play_when is PlayWhen.DISCARD_FOR_TRAIT or t.persistent is Persistent.TRADE_FOR_EXTRA_PLAY
        for t in CARD
    ),
    tuple(
        t.persistent is Persistent.DISCARD_BEFORE_STABILIZE
        or t.persistent is Persistent.STABILIZE_FROM_DISCARD
        for t in CARD
    ),
    tuple(
        t.persistent is Persistent.DRAW_ON_RED_PLAY
        or t.persistent is Persistent.REPLAY_AFTER_EFFECTLESS
        or t.persistent is Persistent.CATASTROPHE_AFTER_EFFECTLESS
        for t in CARD
    ),
    tuple(t.play_when is PlayWhen.AFTER_ROUND for t in CARD),
    tuple(t.play_when is PlayWhen.AFTER_CATASTROPHE for t in CARD),
)


_DEALT: Final[dict[tuple[str, int], bool]] = {}


def _dealt(s: DoomlingsRules, group: int) -> bool:
    """Whether this game's card sets deal a card of hook ``group`` (the base game's never)."""
    key = (str(s.options.get("sets", "")), group)
    dealt = _DEALT.get(key)
    if dealt is None:
        flags = _GROUPS[group]
        dealt = _DEALT[key] = any(flags[c] for c in s.game_cards())
    return dealt


def _after_play(s: DoomlingsRules, p: int, card: int) -> None:
    """Ravenous: a red trait its owner plays on their own turn draws them 3 cards first."""
    if s.colors_of(card) & RED and p == s.turn_player:  # an Opposable Thumbs: its copy's
        ravenous = s.in_pile(p, Persistent.DRAW_ON_RED_PLAY)
        if ravenous >= 0:
            s.draw(p, 3, ravenous)


# --- integration ---


@handler("play_held")
def h_play_held(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Play a card chosen earlier from the hand, with its action, if it is still there (a
    window in between may have played it)."""
    _, p, card = frame
    s.stack.pop()
    if card in s.hands[p]:
        s.leave_hand(p, card)
        play_trait(s, p, card, FROM_HAND, 1, p)
    return None


# --- glitterlings ---


def show_card(s: DoomlingsRules, p: int, card: int, cause: int) -> None:
    """``p`` shows everyone ``card`` of their hand (a card drawn and revealed)."""
    s.revealed.append((ALL, card))
    s.emit((ALL, "shows", p, card), cause)


@handler("draw_chain")
def h_draw_chain(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A :class:`DrawChain`: draw 1, maybe play it at once, maybe do it again.

    ``frame = ("draw_chain", player, card, filter key, CHAIN_* flags, repeat family or "")``."""
    _, p, card, key, flags, family = frame
    s.stack.pop()
    drawn = s.draw(p, 1, card)
    if not drawn:
        return None
    got = drawn[0]
    if flags & CHAIN_REVEAL:
        show_card(s, p, got, card)
    trait = CARD[got]
    if flags & CHAIN_DOMINANT_DISCARDS and trait.dominant:
        s.discard_from_hand(p, got, card)
        s.stack.append(("discard_trait_now", p, card, card))
        return None
    passes = (
        s.matches(got, _filter(key))
        and not (flags & CHAIN_EFFECTLESS and not trait.effectless)
        and not (flags & CHAIN_NO_ACTION and trait.action)
    )
    played = passes and s.plays_at_once(p, got)
    if (played and flags & CHAIN_REPEAT_PLAYED) or (family and SET_OF_CARD[got] == family):
        s.stack.append(frame)  # again, once the card drawn has been played
    if played:
        s.leave_hand(p, got)
        s.stack.append(("play", p, got, FROM_DECK, 0))
    return None


@handler("discard_any")
def h_discard_any(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """``q`` may discard hand cards passing a filter, one at a time, until they pass."""
    _, q, card, key = frame
    flt = _filter(key)
    if option is None:
        cards = [c for c in distinct(s.hands[q]) if s.matches(c, flt) and not _KEEP_IN_HAND[c]]
        if not cards:
            s.stack.pop()
            return None
        prompt = f"{CARD[card].name}: discard a {flt.words()} from your hand?"
        return s.ask(q, "discard", prompt, [PASS, *[_DISCARD_OPTION[c] for c in cards]])
    s.stack.pop()
    if option != PASS:
        s.stack.append(frame)
        s.discard_from_hand(q, option[1], card)
    return None


@handler("guess_color")
def h_guess_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Name a colour, discard the top trait of the deck: of that colour, everyone draws."""
    _, p, card, n = frame
    if option is None:
        return _ask_color(s, p, card)
    s.stack.pop()
    color = option[1]
    s.emit((ALL, "names_color", p, card, color))
    top = s.draw_card(p)
    if top is None:
        return None
    s.discard_pile(p).append(top)
    s.emit((ALL, "discards_top", p, top), card)
    if CARD[top].colors & color:
        for q in s.order_from(p):
            s.draw(q, n, card)
    return None


@handler("play_milled")
def h_play_milled(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Play the first of ``cards`` (discarded from the top of the deck), without its action,
    if it is still in the discard pile and may be played; then the rest."""
    _, p, card, cards = frame
    s.stack.pop()
    first = cards[0]
    if len(cards) > 1:
        s.stack.append(("play_milled", p, card, tuple(cards[1:])))
    pile = s.discard_pile(p)
    if first in pile and s.can_play(p, first):
        pile.remove(first)
        s.stack.append(("play", p, first, FROM_DISCARD, 0))
    return None


@handler("both_or_none")
def h_both_or_none(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Play both drawn cards, without their actions, and discard ``card``; or neither."""
    _, p, card, drawn = frame
    first, second = drawn
    if option is None:
        options: list[Option] = [PASS]
        if _can_play_both(s, p, first, second):
            options.append(("play_both",))
        names = f"{CARD[first].name} and {CARD[second].name}"
        return s.ask(p, "optional", f"{CARD[card].name}: play both {names}?", options)
    s.stack.pop()
    if option != PASS:
        # The second card waits in the hand while the first one's window is open.
        s.leave_hand(p, first)
        s.push(
            ("play", p, first, FROM_HAND, 0),
            ("play_kept", p, second),
            ("discard_trait_now", p, card, card),
        )
    return None


@handler("play_kept")
def h_play_kept(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Play a card kept in the hand for it, without its action, if it is still there and may
    still be played."""
    _, p, card = frame
    s.stack.pop()
    if card in s.hands[p] and s.can_play(p, card):
        s.leave_hand(p, card)
        s.stack.append(("play", p, card, FROM_HAND, 0))
    return None


def _can_play_both(s: DoomlingsRules, p: int, first: int, second: int) -> bool:
    hand = s.hands[p]
    if first not in hand or second not in hand:
        return False
    if not (s.can_play(p, first) and s.can_play(p, second)):
        return False
    limit = 3 if s.hero == p else 2
    return s.dominants(p) + CARD[first].dominant + CARD[second].dominant <= limit


GLITTER_ENDS: Final = frozenset(
    {
        WorldsEnd.STABILIZE_AND_SCORE_HAND,
        WorldsEnd.REVEAL_DISCARD_TRAIT,
        WorldsEnd.REVEAL_RETURN_SELF,
    }
)
AWESOME_MOST: Final = 17
"""The most Awesome! adds to a score."""


def glitter_worlds_end(s: DoomlingsRules, p: int, card: int, we: WorldsEnd) -> None:
    """Awesome!, Bubbly and Ephemeral as the world ends."""
    if we is WorldsEnd.STABILIZE_AND_SCORE_HAND:
        s.push(("stabilize", p, 2, card), ("hand_faces", p, card))
        return
    drawn = s.draw(p, 1, card)
    if not drawn:
        return
    show_card(s, p, drawn[0], card)
    colors = s.colors_of(drawn[0])
    if colors and not colors & s.colors_of(card):
        return
    if we is WorldsEnd.REVEAL_DISCARD_TRAIT:
        s.stack.append(("discard_own", p, None, card))
    else:
        s.leave_pile(p, card)
        s.hands[p].append(card)
        s.emit((ALL, "returns_to_hand", p, card), card)
        trait_left_pile(s, p, card, p, card)


@handler("hand_faces")
def h_hand_faces(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Awesome!: the face values of 2 hand cards (the highest) add to the score, 17 at most."""
    _, p, card = frame
    s.stack.pop()
    faces = sorted((FACE_VALUE[c] for c in s.hands[p]), reverse=True)[:2]
    points = min(sum(faces), AWESOME_MOST)
    s.end_points[p] += points
    s.emit((ALL, "scores_hand", p, points), card)
    return None


def rainbow_magic(s: DoomlingsRules, p: int, card: int) -> None:
    """Rainbow Magic goes back to the hand; then a random hand card is played, as from the
    hand, its requirements and restrictions ignored (the 2-dominant limit is a rule: a 3rd
    dominant is discarded, as one arriving by chance)."""
    s.leave_pile(p, card)
    s.hands[p].append(card)
    s.emit((ALL, "returns_to_hand", p, card), card)
    trait_left_pile(s, p, card, p, card)
    hand = s.hands[p]
    picked = hand[s.rng.below(len(hand))]
    s.leave_hand(p, picked)
    if CARD[picked].dominant and not s.dominant_room(p):
        s.discard_pile(p).append(picked)
        s.emit((ALL, "discards_dominant", p, picked))
        return
    if CARD[picked].action:
        s.stack.append(("act_from_pile", p, picked))
    play_trait(s, p, picked, UNRESTRICTED, 0, p)


GLITTER_TURN_RULES: Final = frozenset(
    {AgeRule.GLITTERSTORM, AgeRule.SHOW_A_DRAW, AgeRule.DRAW_FOUR, AgeRule.REVERIE}
)
_STORM_VERBS: Final = ("discard_one", "discard_two", "discard_three")


def glitter_turn_start(s: DoomlingsRules, p: int, rule: AgeRule, cause: int) -> None:
    """Glitterstorm, Sunshine & Tea Parties and Too Much Pink as each turn begins."""
    if rule is AgeRule.GLITTERSTORM:
        s.stack.append(("glitterstorm", p, cause))
    elif rule is AgeRule.SHOW_A_DRAW:
        drawn = s.draw(p, 1, cause)
        if drawn:
            show_card(s, p, drawn[0], cause)
    elif rule is AgeRule.REVERIE:  # --- fuzelings: Age of Reverie ---
        hand = s.hands[p]
        if hand:
            s.suppress_from_hand(p, hand[s.rng.below(len(hand))], cause)
        if s.players > 1:
            s.stack.append(("give_card", p, (p + 1) % s.players, cause))
    else:
        s.draw(p, 4, cause)


@handler("glitterstorm")
def h_glitterstorm(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Discard 1, 2 or 3 cards (the player's pick, never more than the hand holds) at random,
    then stabilize."""
    _, p, cause = frame
    held = len(s.hands[p])
    if option is None and held:
        options: list[Option] = [(verb,) for verb in _STORM_VERBS[: min(held, 3)]]
        prompt = f"{cause_name(cause)}: discard how many cards at random?"
        return s.ask(p, "age", prompt, options)
    s.stack.pop()
    if option is not None:
        s.discard_random(p, _STORM_VERBS.index(option[0]) + 1, cause)
    s.stack.append(("stabilize", p, 0, cause))
    return None


def top_color_counts(s: DoomlingsRules) -> None:
    """Too Much Pink's gold text: the top card of the trait deck is shown; each player adds 1
    for each trait of its colour (of no colour, for a colourless card) in their pile."""
    if not s.deck:
        return
    top = s.deck[-1]
    s.emit((ALL, "shows_top", top))
    color = CARD[top].colors
    for p in s.order_from(s.first_player):
        if s.ignoring & bit(p):
            continue
        pile_colors = [s.colors_of(c) for c in s.piles[p]]
        points = sum(1 for k in pile_colors if (k & color if color else not k))
        s.end_points[p] += points
        s.emit((ALL, "scores_top_color", p, points, top))


# --- fuzelings ---


@handler("give_families")
def h_give_families(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Hand every card of some sets in your hand to one opponent of your choice."""
    _, p, card, families = frame
    if option is None:
        prompt = f"{CARD[card].name}: give the cards to whom?"
        return s.ask(p, "target", prompt, [("target", q) for q in s.opponents(p)])
    s.stack.pop()
    for c in [c for c in s.hands[p] if SET_OF_CARD[c] in families]:
        _give(s, p, option[1], c, card)
    return None


@handler("give_suppress")
def h_give_suppress(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Give 1 card to an opponent; then suppress the hand cards that share its colour."""
    _, p, card = frame
    if option is None:
        hand = distinct(s.hands[p])
        options: list[Option] = [("give", q, c) for q in s.opponents(p) for c in hand]
        return s.ask(p, "give", f"{CARD[card].name}: give a card to an opponent", options)
    s.stack.pop()
    _, q, given = option
    _give(s, p, q, given, card)
    color = CARD[given].colors
    for c in [c for c in s.hands[p] if (CARD[c].colors & color if color else not CARD[c].colors)]:
        s.suppress_from_hand(p, c, card)
    return None


ISOLATED_HAND: Final = 3
"""Isolation's white and gold texts apply to a hand of this many cards or fewer."""
IMAGINARY_FAMILIES: Final = ("deeplings", "moonlings", "glitterlings")
"""The sets whose traits Unusual Friends rewards."""
_UNUSUAL: Final[dict[str, bool]] = {}


def unusual_friends_dealt(s: DoomlingsRules) -> bool:
    """Whether this game's ages hold Unusual Friends (the base game's never)."""
    key = str(s.options.get("sets", ""))
    dealt = _UNUSUAL.get(key)
    if dealt is None:
        ages = ages_of_sets(card_sets(s.options))
        dealt = _UNUSUAL[key] = any(RULE_OF_AGE[a] is AgeRule.UNUSUAL_FRIENDS for a in ages)
    return dealt


def unusual_friends(s: DoomlingsRules, p: int, card: int) -> None:
    """Unusual Friends: a Deepling, Moonling or Glitterling its player plays draws them 2."""
    if s.rule() is AgeRule.UNUSUAL_FRIENDS and SET_OF_CARD[s.same(card)] in IMAGINARY_FAMILIES:
        s.draw(p, 2, AGE_CAUSE + s.age)


def small_hand_card(s: DoomlingsRules) -> None:
    """Isolation's gold text: a player holding 3 cards or fewer adds the face value of 1 of
    them (the highest: no other choice could serve them) as World's End points."""
    for p in s.order_from(s.first_player):
        hand = s.hands[p]
        if s.ignoring & bit(p) or not hand or len(hand) > ISOLATED_HAND:
            continue
        points = max(FACE_VALUE[c] for c in hand)
        s.end_points[p] += points
        s.emit((ALL, "scores_hand", p, points), DOOM_CAUSE + s.final_doom)


# --- trinkets ---


_INTO_OTHERS: Final = frozenset({PlayWhen.INTO_OPPONENT_PILE, PlayWhen.INTO_HIGH_GENE_POOL})
"""Play Whens that put the card into another player's pile."""


def trinket_refusal(s: DoomlingsRules, player: int, card: int, own_pile: bool = True) -> int:
    """The trinket of ``player`` whose Awesome Power forbids them to play ``card`` now (into
    their own pile, or ``own_pile`` false: into another's), or -1."""
    trait = CARD[card]
    for trinket in s.trinkets[player]:
        power = TRINKETS[trinket].power
        kind = power.kind
        if (
            (kind is PowerKind.CANNOT_PLAY and power.test.accepts(trait, s.colors_of(card)))
            or (kind is PowerKind.NO_NEGATIVE_INTO_PILE and own_pile and FACE_VALUE[card] < 0)
            or (kind is PowerKind.NO_PLAYS_OFF_TURN and 0 <= s.turn_player != player)
            or (kind is PowerKind.ONE_PLAY_PER_TURN and s.turn_player == player and _turn_plays(s))
        ):
            return trinket
    return -1


def negative_barred(s: DoomlingsRules, owner: int, card: int) -> bool:
    """Half-Off Sandwich: no negative trait is played into its holder's pile."""
    return FACE_VALUE[card] < 0 and s.power(owner, PowerKind.NO_NEGATIVE_INTO_PILE) >= 0


_TURN_START_POWERS: Final = frozenset(
    {
        PowerKind.TURN_START_DRAW,
        PowerKind.TURN_START_DISCARD,
        PowerKind.TURN_START_MAY_DISCARD,
        PowerKind.TURN_START_DISCARD_DOMINANTS,
        PowerKind.TURN_START_MAY_PLAY,
        PowerKind.OPPONENTS_MAY_DRAW,
    }
)


def trinkets_turn_start(s: DoomlingsRules, p: int) -> None:
    """A turn begins: its tallies start again; the pocket check waits under the turn's end,
    and each held trinket's start-of-turn power is queued, in the order they were gained."""
    s.turn_discards = []
    s.turn_draws = 0
    s.turn_removed = []
    s.stack.insert(len(s.stack) - 2, ("pocket_check", p))  # under ("main"), ("end_turn")
    for trinket in reversed(s.trinkets[p]):
        if TRINKETS[trinket].power.kind in _TURN_START_POWERS:
            s.stack.append(("trinket_start", p, trinket))


@handler("trinket_start")
def h_trinket_start(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """One trinket's power as its holder's turn begins (if it is still held)."""
    _, p, trinket = frame
    s.stack.pop()
    if trinket not in s.trinkets[p]:
        return None
    power = TRINKETS[trinket].power
    kind = power.kind
    cause = TRINKET_CAUSE + trinket
    if kind is PowerKind.TURN_START_DRAW:
        s.draw(p, power.n, cause)
    elif kind is PowerKind.TURN_START_DISCARD:
        s.stack.append(("discard_n", p, power.n, cause))
    elif kind is PowerKind.TURN_START_MAY_DISCARD:
        s.stack.append(("trinket_discard", p, cause))
    elif kind is PowerKind.TURN_START_DISCARD_DOMINANTS:
        for card in [c for c in s.hands[p] if CARD[c].dominant]:
            s.discard_from_hand(p, card, cause)
    elif kind is PowerKind.TURN_START_MAY_PLAY:
        s.stack.append(("trinket_play", p, trinket))
    else:  # OPPONENTS_MAY_DRAW: the opponent on the left is asked first
        s.push_all([("may_draw", q, power.n, cause) for q in s.opponents(p)])
    return None


@handler("trinket_discard")
def h_trinket_discard(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A power's optional discard of 1 card from the hand."""
    _, p, cause = frame
    if option is None:
        hand = s.hands[p]
        options: list[Option] = [PASS, *_distinct_discards(hand)] if hand else []
        return s.ask(p, "discard", f"{cause_name(cause)}: discard a card?", options)
    s.stack.pop()
    if option != PASS:
        s.discard_from_hand(p, option[1], cause)
    return None


@handler("trinket_play")
def h_trinket_play(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A power's optional play, before the turn's own, of a trait its test accepts."""
    _, p, trinket = frame
    test = TRINKETS[trinket].power.test
    if option is None:
        cards = [c for c in s.playable(p, s.hands[p]) if test.accepts(CARD[c], s.colors_of(c))]
        prompt = f"{TRINKETS[trinket].name}: play {test.one()} first?"
        options: list[Option] = [PASS, *(_PLAY_OPTION[c] for c in cards)] if cards else []
        return s.ask(p, "play", prompt, options)
    s.stack.pop()
    if option != PASS:
        s.leave_hand(p, option[1])
        play_trait(s, p, option[1], FROM_HAND, 1, p)
    return None


@handler("may_draw")
def h_may_draw(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """A power's optional draw."""
    _, p, n, cause = frame
    if option is None:
        return s.ask(p, "optional", f"{cause_name(cause)}: draw {n}?", [PASS, ("draw_one",)])
    s.stack.pop()
    if option != PASS:
        s.draw(p, n, cause)
    return None


def trinkets_after_play(s: DoomlingsRules, owner: int, card: int, player: int) -> None:
    """A trait entered its player's own pile: a power that rewards its colour offers a draw
    (after the play's own effects: pushed under them)."""
    if owner != player:
        return
    colors = s.colors_of(card)
    for trinket in reversed(s.trinkets[player]):
        power = TRINKETS[trinket].power
        if power.kind is PowerKind.DRAW_ON_PLAY and power.test.accepts(s.trait(card), colors):
            s.stack.append(("may_draw", player, power.n, TRINKET_CAUSE + trinket))


def trinket_prevents(s: DoomlingsRules, p: int, card: int) -> bool:
    """Dimming Hat, Silby Bark: the action of a trait its holder plays does not happen."""
    hat = s.power(p, PowerKind.PREVENT_OWN_ACTIONS)
    if hat < 0:
        return False
    s.emit((ALL, "trinket_prevents", p, card, hat), TRINKET_CAUSE + hat)
    return True


def objective_met(s: DoomlingsRules, p: int, trinket: int) -> tuple[int, ...] | None:
    """Whether ``p`` meets ``trinket``'s Pocket Objective now: the hand cards it shows (none
    for other goals), or ``None`` if it is not met."""
    objective = TRINKETS[trinket].objective
    goal = objective.goal
    test = objective.test
    n = objective.n
    if goal is Goal.REVEAL:
        shown = [c for c in s.hands[p] if test.accepts(CARD[c], CARD[c].colors)][:n]
        return tuple(shown) if len(shown) >= n else None
    if goal is Goal.REVEAL_COLORS:
        picked: list[int] = []
        seen = 0
        for color in COLORS:
            if seen & color:
                continue
            for c in s.hands[p]:
                if CARD[c].colors & color:
                    picked.append(c)
                    seen |= CARD[c].colors
                    break
        return tuple(picked) if bin(seen).count("1") >= n else None
    if goal is Goal.PLAY:
        played = sum(1 for c in _turn_plays(s) if test.accepts(s.trait(c), s.colors_of(c)))
        return () if played >= n else None
    if goal is Goal.HAND_DISCARD:
        gone = sum(1 for c in s.turn_discards if test.accepts(CARD[c], CARD[c].colors))
        return () if gone >= n else None
    if goal is Goal.PILE:
        held = sum(1 for c in s.piles[p] if test.accepts(s.trait(c), s.colors_of(c)))
        return () if held >= n else None
    if goal is Goal.PILE_EACH_COLOR:
        return () if all(s.count_color(p, color) >= n for color in COLORS) else None
    if goal is Goal.PILE_SAME_COLOR:
        return () if any(s.count_color(p, color) >= n for color in COLORS) else None
    if goal is Goal.PILE_REMOVAL:
        gone = sum(1 for c in s.turn_removed if test.accepts(CARD[c], CARD[c].colors))
        return () if gone >= n else None
    return () if s.turn_draws >= n else None  # Goal.DRAW


def shaded_dominants(s: DoomlingsRules, p: int, flt: TraitFilter | None) -> list[int]:
    """Shade Berry: the dominants of ``p``'s pile their own trait's effect may discard (as
    any trait, unless the age keeps traits in their piles or an attachment holds it)."""
    if s.power(p, PowerKind.DISCARD_OWN_DOMINANT) < 0 or s.protected():
        return []
    return [
        c
        for c in s.piles[p]
        if CARD[c].dominant
        and (flt is None or s.matches(c, flt))
        and not (s.attached and s.guard(c) & GUARD_DISCARD)
    ]


@handler("pocket_check")
def h_pocket_check(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """The end of ``p``'s turn: every held trinket whose objective is met is pocketed, in
    the order they were gained; hand cards an objective shows stay shown while held."""
    p = frame[1]
    s.stack.pop()
    for trinket in list(s.trinkets[p]):
        shown = objective_met(s, p, trinket)
        if shown is None:
            continue
        if shown:
            s.revealed.extend((ALL, c) for c in shown if (ALL, c) not in s.revealed)
            s.emit((ALL, "shows_for", p, shown, trinket))
        pocket(s, p, trinket, BY_RULE)
    return None


def pocket(s: DoomlingsRules, p: int, trinket: int, cause: int) -> None:
    s.trinkets[p].remove(trinket)
    s.pocketed[p].append(trinket)
    s.emit((ALL, "pockets", p, trinket), cause)


def trash(s: DoomlingsRules, p: int, trinket: int, cause: int) -> None:
    s.trinkets[p].remove(trinket)
    s.trashed.append(trinket)
    s.emit((ALL, "trashes", p, trinket), cause)


def gain_trinket(s: DoomlingsRules, p: int, cause: int) -> None:
    """The top trinket of the trinket deck, face up to ``p`` (nothing once it is empty)."""
    if s.trinket_deck:
        trinket = s.trinket_deck.pop()
        s.trinkets[p].append(trinket)
        s.emit((ALL, "gains_trinket", p, trinket), cause)


def trinkets_at_worlds_end(s: DoomlingsRules) -> None:
    """The world ends: held trinkets are lost, but one that says so is pocketed instead."""
    for p in range(s.players):
        for trinket in list(s.trinkets[p]):
            if TRINKETS[trinket].power.kind is PowerKind.POCKET_AT_WORLDS_END:
                pocket(s, p, trinket, TRINKET_CAUSE + trinket)
            else:
                trash(s, p, trinket, BY_RULE)


def merchant_frames(s: DoomlingsRules) -> list[Frame]:
    """A catastrophe other than the last was flipped: the next merchant comes and trades with
    each player, the first player first, once the catastrophe's effects are done."""
    if not s.merchant_deck:
        return []
    merchant = s.merchant_deck.pop()
    s.merchants_seen.append(merchant)
    s.emit((ALL, "merchant", merchant))
    trades = 2 if MERCHANTS[MERCHANT_OF[merchant]].deal is Deal.BARGAIN else 1
    return [("merchant_trade", p, merchant, trades, 0) for p in s.order_from(s.first_player)]


@handler("merchant_trade")
def h_merchant_trade(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """One player's trade with a merchant: ``frame = ("merchant_trade", player, merchant
    card, trades left, step)``; step 1 is a Buy's trash after its gain, or a Bargain's
    optional second trade."""
    _, p, merchant, left, step = frame
    design = MERCHANTS[MERCHANT_OF[merchant]]
    deal = design.deal
    cause = MERCHANT_CAUSE + merchant
    held = s.trinkets[p]
    if deal is Deal.BUY and step == 0:
        s.stack.pop()
        gain_trinket(s, p, cause)
        s.stack.append(("merchant_trade", p, merchant, left, 1))
        return None
    if option is None:
        trashes: list[Option] = [("trash", t) for t in held]
        if deal is Deal.COLLECT:
            prompt = f"{design.name}: pocket a trinket to gain 1"
            return s.ask(p, "trinket", prompt, [("pocket", t) for t in held])
        if deal is Deal.BUY:
            return s.ask(p, "trinket", f"{design.name}: trash a trinket", trashes)
        optional = deal is Deal.EXCHANGE or step == 1
        prompt = f"{design.name}: trash a trinket to gain 1"
        return s.ask(p, "trinket", prompt, [PASS, *trashes] if optional and held else trashes)
    s.stack.pop()
    if option == PASS:
        return None
    if option[0] == "pocket":
        pocket(s, p, option[1], cause)
    else:
        trash(s, p, option[1], cause)
    if deal is not Deal.BUY:
        gain_trinket(s, p, cause)
    if left > 1:
        s.stack.append(("merchant_trade", p, merchant, left - 1, 1))
    return None


# --- meaning of life ---

MEANINGS_DEALT: Final = 2
"""Meaning of Life cards dealt to each player, who keeps one."""


def deal_meanings(s: DoomlingsRules) -> list[Frame]:
    """Shuffle the Meaning of Life cards and deal each player 2; return the frames in which
    each, in seat order, keeps one. A game without them deals nothing and draws no chance."""
    if not s.meaning_deck:
        return []
    s.rng.shuffle(s.meaning_deck)
    for p in range(s.players):
        s.meanings[p] = [s.meaning_deck.pop() for _ in range(MEANINGS_DEALT)]
    return [("keep_meaning", p) for p in range(s.players)]


@handler("keep_meaning")
def h_keep_meaning(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Keep 1 of the Meaning of Life cards dealt; the other leaves the game unseen."""
    p = frame[1]
    if option is None:
        return s.ask(
            p,
            "meaning",
            "Meaning of Life: keep which card? The other leaves the game.",
            [("meaning", m) for m in s.meanings[p]],
        )
    s.stack.pop()
    s.meanings[p] = [option[1]]
    s.emit((bit(p), "keeps_meaning", p, option[1]))
    s.emit((s.others(p), "keeps_a_meaning", p))
    return None


def reveal_meanings(s: DoomlingsRules) -> None:
    """World's End, once everything else has happened: in turn order, each player's Meaning
    of Life cards that draw (The Blind Dragon more of them, then The Silent Elder traits for
    points) do so, and every player shows theirs."""
    for p in s.order_from(s.first_player):
        held = s.meanings[p]
        for m in list(held):
            goal = MEANINGS[m].goal
            if isinstance(goal, MoreMeanings):
                most = max(s.count_color(p, c) for c in COLORS)
                if most >= goal.at_least:
                    drawn = [s.meaning_deck.pop() for _ in range(goal.draws) if s.meaning_deck]
                    held.extend(drawn)
                    s.emit((ALL, "draws_meanings", p, m, tuple(drawn)))
        for m in held:
            goal = MEANINGS[m].goal
            if isinstance(goal, DrawForPoints):
                _draw_for_points(s, p, m, goal)
        s.emit((ALL, "reveals_meanings", p, tuple(held)))


def _draw_for_points(s: DoomlingsRules, p: int, meaning: int, goal: DrawForPoints) -> None:
    """The Silent Elder: the first step whose colour limit holds draws its cards; each face
    value up to the goal's counts, and the cards are discarded."""
    for at_most, draws in goal.steps:
        if all(s.count_color(p, c) <= at_most for c in COLORS):
            for _ in range(draws):
                card = s.draw_card(p)
                if card is None:
                    break
                value = FACE_VALUE[card] if FACE_VALUE[card] <= goal.max_face else 0
                s.meaning_points[p] += value
                s.discard_pile(p).append(card)
                s.emit((ALL, "meaning_draw", p, meaning, card, value))
            return


# --- newer (2025, unverified) ---
NEWER_TURN_RULES: Final = frozenset(
    {
        AgeRule.MAY_STABILIZE_FIVE,
        AgeRule.FIRST_FERNS,
        AgeRule.LAST_DRAGONS,
        AgeRule.CARBON_BOOM,
        AgeRule.OPEN_PORTALS,
        AgeRule.ANCIENTS,
        AgeRule.SLUMBER,
    }
)
"""The newer ages that act as each turn begins (:func:`newer_turn_start`); Industrial
Revolution acts after the turn's play (``h_age_extra``)."""
STABLE_HAND: Final = 5
"""Age of Stability's hand size."""
FERNS_MOST_TRAITS: Final = 7
"""Age of the First Ferns' extra play needs a pile of this many traits or fewer."""
DRAGON_DRAWS: Final = 3
CARBON_TAKES: Final = 2
PORTAL_REFILL: Final = 3
"""Open Portals' draw when its discards empty the hand."""
ANCIENT_DEPTH: Final = 4
"""Return of the Ancients plays 1 of this many cards from the top of the discard pile."""
OBSOLETE_ATTACHMENTS: Final = 2
"""Planned Obsolescence's gold text discards this many attachments from each pile."""
_DRAGON_VERBS: Final = ("discard_drawn", "discard_rest")
_PORTAL_VERBS: Final = ("discard_two", "discard_random")


def newer_turn_start(s: DoomlingsRules, p: int, rule: AgeRule, cause: int) -> None:
    """The newer ages' rules as a turn begins (each asking step pushed as a frame)."""
    if rule is AgeRule.MAY_STABILIZE_FIVE:
        if len(s.hands[p]) != STABLE_HAND:
            s.stack.append(("stability", p, cause))
    elif rule is AgeRule.FIRST_FERNS:
        if s.trait_count(p) <= FERNS_MOST_TRAITS:
            s.stack.append(("play_extra", p, FROM_HAND, 1, 1, ONLY_EFFECTLESS))
    elif rule is AgeRule.LAST_DRAGONS:
        drawn = s.draw(p, DRAGON_DRAWS, cause)
        if drawn:
            s.stack.append(("last_dragons", p, tuple(drawn), cause))
    elif rule is AgeRule.CARBON_BOOM:
        for _ in range(CARBON_TAKES):
            pile = s.discard_pile(p)
            if pile:
                _take_from_discard(s, p, pile[-1], cause)
            else:
                s.draw(p, 1, cause)
    elif rule is AgeRule.OPEN_PORTALS:
        if s.hands[p]:
            s.stack.append(("open_portals", p, cause))
    elif rule is AgeRule.ANCIENTS:
        s.stack.append(("ancients", p, cause))
    else:  # AgeRule.SLUMBER: no Slumbering card exists, so only its draw applies
        s.draw(p, 1, cause)


def _take_from_discard(s: DoomlingsRules, p: int, card: int, cause: int) -> None:
    """Move ``card`` from the discard pile into ``p``'s hand, in everyone's sight."""
    s.discard_pile(p).remove(card)
    s.hands[p].append(card)
    s.revealed.append((ALL, card))
    s.emit((ALL, "takes_discard", p, card), cause)


@handler("stability")
def h_stability(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Age of Stability: stabilize to 5 cards now, or not."""
    _, p, cause = frame
    if option is None:
        prompt = f"{cause_name(cause)}: stabilize to {STABLE_HAND} cards now?"
        return s.ask(p, "optional", prompt, [PASS, ("stabilize",)])
    s.stack.pop()
    if option != PASS:
        s.stack.append(("stabilize", p, STABLE_HAND, cause))
    return None


@handler("last_dragons")
def h_last_dragons(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Age of the Last Dragons: throw away the cards just drawn, or all the others."""
    _, p, drawn, cause = frame
    if option is None:
        prompt = f"{cause_name(cause)}: throw away the cards you drew, or all your others?"
        return s.ask(p, "age", prompt, [(verb,) for verb in _DRAGON_VERBS])
    s.stack.pop()
    if option[0] == "discard_drawn":
        thrown = [c for c in s.hands[p] if c in drawn]
    else:
        thrown = [c for c in s.hands[p] if c not in drawn]
    for c in thrown:
        s.discard_from_hand(p, c, cause)
    return None


@handler("open_portals")
def h_open_portals(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Open Portals: 2 chosen discards or 1 at random; an emptied hand draws 3."""
    _, p, cause = frame
    if option is None:
        prompt = f"{cause_name(cause)}: discard 2 cards of your choice, or 1 at random?"
        return s.ask(p, "age", prompt, [(verb,) for verb in _PORTAL_VERBS])
    s.stack.pop()
    s.stack.append(("portal_refill", p, cause))  # once the discards are done
    if option[0] == "discard_two":
        s.stack.append(("discard_n", p, 2, cause))
    else:
        s.discard_random(p, 1, cause)
    return None


@handler("portal_refill")
def h_portal_refill(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    s.stack.pop()
    if not s.hands[p]:
        s.draw(p, PORTAL_REFILL, cause)
    return None


@handler("ancients")
def h_ancients(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Return of the Ancients: instead of the turn (its play and its stabilizing), take a card
    of the top 4 of the discard pile that can be played now, and play it with its action."""
    _, p, cause = frame
    if option is None:
        top = s.discard_pile(p)[-ANCIENT_DEPTH:]
        options: list[Option] = [("revive", c) for c in s.playable(p, top)]
        if not options:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: instead of your turn, play a card of the discard pile?"
        return s.ask(p, "optional", prompt, [PASS, *options])
    s.stack.pop()
    if option == PASS:
        return None
    card = option[1]
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i] == ("main", p) or s.stack[i] == ("end_turn", p):
            del s.stack[i]
    _take_from_discard(s, p, card, cause)
    s.leave_hand(p, card)
    s.stack.append(("play", p, card, FROM_HAND, 1))
    return None


NEWER_DISASTERS: Final = frozenset(
    {
        CatastropheEffect.DISCARD_THREE_UP_AND_STABILIZE,
        CatastropheEffect.DISCARD_THREE_SPARING,
        CatastropheEffect.DISCARD_PER_TECHLING_THEN_DRAW,
        CatastropheEffect.KEEP_ONE_IF_DOMINANT,
    }
)
"""The newer catastrophes' white texts (:func:`newer_disaster`)."""
ANOXIC_FACE: Final = 3
"""Anoxic Event throws away the hand cards of this face value or more (a variable one is 0)."""
MAGIC_DISCARDS: Final = 3
TECHLINGS: Final = "techlings"


def newer_disaster(s: DoomlingsRules, p: int, age: int) -> None:
    """One player's share of a newer catastrophe's white text."""
    effect = AGES[age].effect
    cause = AGE_CAUSE + age
    hand = s.hands[p]
    if effect is CatastropheEffect.DISCARD_THREE_UP_AND_STABILIZE:
        for c in [c for c in hand if FACE_VALUE[c] >= ANOXIC_FACE]:
            s.discard_from_hand(p, c, cause)
        s.stack.append(("stabilize", p, 0, cause))
    elif effect is CatastropheEffect.DISCARD_THREE_SPARING:
        s.push(("discard_sparing", p, MAGIC_DISCARDS, cause), ("stabilize", p, 0, cause))
    elif effect is CatastropheEffect.DISCARD_PER_TECHLING_THEN_DRAW:
        techlings = sum(1 for c in s.piles[p] if SET_OF_CARD[s.same(c)] == TECHLINGS)
        if techlings:
            s.stack.append(("obsolete", p, techlings, 0, cause))
    elif len(hand) > 1 and s.dominants(p):  # CatastropheEffect.KEEP_ONE_IF_DOMINANT
        s.stack.append(("keep_one", p, tuple(hand), cause))


@handler("discard_sparing")
def h_discard_sparing(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Discovery of Magic: discard ``n`` chosen cards, none of them a Mythling (as many as the
    hand holds besides its Mythlings)."""
    _, p, n, cause = frame
    if option is None:
        spared = [c for c in s.hands[p] if SET_OF_CARD[c] != SPARED_FAMILY]
        if n <= 0 or not spared:
            s.stack.pop()
            return None
        prompt = f"{cause_name(cause)}: discard {plural(n, 'card')} (not a Mythling)"
        return s.ask(p, "discard", prompt, _distinct_discards(spared))
    s.stack.pop()
    s.discard_from_hand(p, option[1], cause)
    if n > 1:
        s.stack.append(("discard_sparing", p, n - 1, cause))
    return None


@handler("obsolete")
def h_obsolete(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Planned Obsolescence: ``left`` more chosen discards, then as many draws as discards."""
    _, p, left, done, cause = frame
    if option is None:
        options = _distinct_discards(s.hands[p]) if left > 0 else []
        if not options:
            s.stack.pop()
            s.draw(p, done, cause)
            return None
        prompt = f"{cause_name(cause)}: discard {plural(left, 'card')}, then draw as many"
        return s.ask(p, "discard", prompt, options)
    s.stack[-1] = ("obsolete", p, left - 1, done + 1, cause)
    s.discard_from_hand(p, option[1], cause)  # what the discard sets off comes first
    return None


@handler("discard_attachment")
def h_discard_attachment(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Planned Obsolescence's gold text: discard an attachment of your pile (one of 2)."""
    _, p, cause = frame
    if option is None:
        cards = [c for c in s.piles[p] if CARD[c].attachment and s.discardable(c)]
        prompt = f"{cause_name(cause)}: discard an attachment from your pile"
        return s.ask(p, "discard_trait", prompt, [("discard_trait", p, c) for c in cards])
    s.stack.pop()
    s.stack.append(("discard_trait_now", p, option[2], cause))
    return None
