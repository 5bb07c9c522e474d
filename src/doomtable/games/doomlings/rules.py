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
from doomtable.games.doomlings.cards import (
    ANY,
    COLORLESS,
    COLORS,
    AgeRule,
    CatastropheEffect,
    DiscardColorFromHands,
    DiscardColors,
    DiscardFromHand,
    # --- overlush ---
    DiscardHand,
    DiscardOwnTrait,
    Doom,
    Draw,
    DrawAndPlayColors,
    DrawAndPlayGreen,
    DrawFromBottom,
    EndOfWorldRush,
    GiveFromHand,
    GiveTrait,
    LookAndSteal,
    MayDiscardHandAndStabilize,
    MoveSelfToOpponent,
    MutualDiscardTrait,
    NeedInPile,
    NoDominants,
    NotOnYourTurn,
    OpponentsDiscardTrait,
    PassToNeighbour,
    Payment,
    PayWithTrait,
    PeekAge,
    PeekHand,
    Persistent,
    PlayAnother,
    PlayMatching,
    PlayPileAction,
    PlayWhen,
    ReturnTrait,
    RevealAndSteal,
    SameColor,
    ShedTraits,
    ShuffleDiscardIntoDeck,
    SkipStabilize,
    Source,
    Stabilize,
    StealFromHand,
    StealTrait,
    SwapHands,
    SwapOwnTraits,
    SwapThis,
    SwapTraits,
    TakeFromDiscard,
    TraitFilter,
    UseColorAction,
    Who,
    WorldsEnd,
    color_words,
)
from doomtable.games.doomlings.data import AGES, FOUR_HORSEMEN
from doomtable.games.doomlings.scoring import final_scores, silenced
from doomtable.games.doomlings.state import (
    AGE_CAUSE,
    ALL,
    BY_RULE,
    CARD,
    DOOM_CAUSE,
    FACE_VALUE,
    RULE_OF_AGE,
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
    return None


_ALLOWED_OF_AGE: Final = tuple(_allowed_under(rule) for rule in RULE_OF_AGE)
"""Per age (index -1: none flipped yet), the cards it allows, looked up on every play check."""
_HARMONY_OF_AGE: Final = tuple(rule is AgeRule.NATURAL_HARMONY for rule in RULE_OF_AGE)
_CANON: Final = tuple(min(i for i, t in enumerate(CARD) if t.name == trait.name) for trait in CARD)
"""Each card's lowest-numbered copy: copies of one trait make the same option."""
_PLAY_WHEN: Final = tuple(t.play_when for t in CARD)
_HAS_TWIN: Final = tuple(_CANON.count(canon) > 1 for canon in _CANON)
"""Whether another card is a copy of the same trait."""
_PLAY_OPTION: Final[tuple[Option, ...]] = tuple(("play", c) for c in range(len(CARD)))
_DISCARD_OPTION: Final[tuple[Option, ...]] = tuple(("discard", c) for c in range(len(CARD)))
"""Each card's ``play`` and ``discard`` options, built once: a turn offers several."""


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
        # --- overlush ---
        if isinstance(req, NoDominants):
            return not self.dominants(player)
        if isinstance(req, NotOnYourTurn):
            return self.turn_player != player
        if isinstance(req, DiscardColors):
            hand = [c for c in self.hands[player] if c != card]
            return _can_cover(self, hand, 0, req.n)
        return len(self.payment_cards(player, req)) >= req.n

    def payment_cards(self, player: int, req: PayWithTrait) -> list[int]:
        if req.payment is Payment.DISCARD and self.protected():
            return []
        if req.payment is Payment.GIVE and self.players < 2:
            return []
        return [
            c for c in self.piles[player] if not CARD[c].dominant and self.matches(c, req.filter)
        ]

    def can_play(self, player: int, card: int, checks: bool = True) -> bool:
        """Whether ``player`` may put ``card`` into their pile now (``checks``: requirements)."""
        if not self.age_allows(card):
            return False
        if CARD[card].dominant and not self.dominant_room(player):
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
    return (flt.color, flt.face, flt.min_face, flt.positive)


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
        if state.movable(c) and keep(c)
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
            if info.rule is AgeRule.HERO:
                call_hero(s)
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
    for p in range(s.players):
        if info.gene_pool and not s.ignoring & bit(p):
            s.shift_gene_pool(p, info.gene_pool)
    final = s.catastrophes >= s.era_count()
    if final:
        s.final_doom = age
    if not final or s.FINAL_MOVES_FIRST_PLAYER:
        s.first_player = (s.first_player + 1) % s.players
        s.emit((ALL, "first_player", s.first_player))
    if final and not s.FINAL_WHITE_TEXT:
        s.stack.append(("worlds_end",))
        return
    order = [p for p in s.order_from(s.first_player) if not s.ignoring & bit(p)]
    effect = info.effect
    frames: list[Frame] = []
    if effect is CatastropheEffect.PASS_HAND_RIGHT:
        frames.append(("pass_right", age))
    elif effect is not None:
        frames.extend(("disaster", p, age) for p in order)
    if final:
        frames.append(("worlds_end",))
    elif s.variant == "stunted-growth":
        frames.append(("flip", 0))  # nobody takes turns on a catastrophe
    else:
        frames.append(("round",))
    s.push_all(frames)


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
    return None


def h_turn(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p = frame[1]
    s.stack.pop()
    s.turn_player = p
    s.emit((ALL, "turn", p))
    if s.flow_hooks_in_game():  # --- overlush ---
        adrenalized = s.in_pile(p, Persistent.REFILL_AT_TURN_START)
        if adrenalized >= 0 and len(s.hands[p]) <= 2:
            s.draw(p, 4, adrenalized)
    echolocation = s.in_pile(p, Persistent.DRAW_AT_TURN_START)
    if echolocation >= 0:
        s.draw(p, 1, echolocation)
    s.push(("main", p), ("end_turn", p))
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
        if any(CARD[c].name == "Vampirism" for c in s.piles[p]):
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
                options.extend(("play_on", c, q) for q in s.opponents(p))
                break
        if not options:
            options = [("skip",), ("redraw",)]
        return s.ask(p, "turn", "Play a trait", options)
    s.stack.pop()
    verb = option[0]
    # The play is carried out here rather than pushed as a ``play`` frame: it would be the
    # very next frame to resolve, and it never asks.
    if verb == "play":
        card = option[1]
        s.leave_hand(p, card)
        s.stack.append(("age_extra", p, card))
        if s.FAST_PATHS:
            play_trait(s, p, card, FROM_HAND, 1, p)
        else:
            s.stack.append(("play", p, card, FROM_HAND, 1))
    elif verb == "play_on":
        _, card, q = option
        s.leave_hand(p, card)
        if s.FAST_PATHS:
            play_trait(s, q, card, FROM_HAND, 0, p)
        else:
            s.stack.append(("play", q, card, FROM_HAND, 0, p))
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
    return None


def h_end_turn(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Stabilize (as the age allows), then the after-stabilizing window."""
    p = frame[1]
    s.stack.pop()
    rule = s.rule()
    if s.deck_out:
        return None  # the FAQ: with no traits left, turns end without stabilizing
    size = _stabilize_size(rule)
    choice = (
        rule is AgeRule.ENLIGHTENMENT or rule is AgeRule.PROSPERITY or rule is AgeRule.NIETZSCHE
    )
    if s.flow_hooks_in_game() and not choice:  # --- overlush ---
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
            f"{AGES[s.age].name}: discard up to {left} more card(s) before stabilizing?",
            [PASS, *_distinct_discards(hand)],
        )
    s.stack.pop()
    if option != PASS:
        s.discard_from_hand(p, option[1], AGE_CAUSE + s.age)
        s.stack.append(("enlighten", p, left - 1))
    return None


def _distinct_discards(hand: list[int]) -> list[Option]:
    return [_DISCARD_OPTION[c] for c in distinct(hand)]


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
    goal = size or s.gene_pool[p]
    if option is None:
        extra = s.stabilize_now(p, goal, cause)
        if extra <= 0:
            s.stack.pop()
            return None
        return s.ask(
            p,
            "discard",
            f"Stabilize: discard {extra} card(s) down to {goal}",
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
    s.open_window(("stabilized", p), (p,))


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
    # What follows, pushed last to first (the last pushed resolves first): Self-Replicating's
    # offer, the payment, the on-play effects, the action.
    stack = s.stack
    acting = bool(with_action and trait.action and how == FROM_HAND)
    if acting:
        stack.append(("do_action", owner, card))
    for k in range(len(trait.on_play) - 1, -1, -1):
        stack.append(("fx", owner, card, k, 1))
    req = trait.requirement
    if isinstance(req, PayWithTrait) and how != UNRESTRICTED:
        stack.append(("pay", owner, card) if req.n == 1 else ("pay", owner, card, req.n))
    elif isinstance(req, DiscardColors) and how != UNRESTRICTED:  # --- overlush ---
        stack.append(("pay_colors", owner, card, req.n, 0))
    if how == FROM_HAND and trait.colors & 2:
        stack.append(("self_replicate", owner, card))
    # Under Age of Peace no action will happen, so there is none to prevent.
    preventable = acting and s.rule() is not AgeRule.PEACE
    s.open_window(("played", player, card, int(preventable)), s.seats_after(player))


@handler("pay")
def h_pay(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Morality gives, Retractable Claws discards, a trait from the pile as its price."""
    p: int = frame[1]
    card: int = frame[2]
    left: int = frame[3] if len(frame) > 3 else 1  # Metamorphosis pays 3, one at a time
    req = CARD[card].requirement
    assert isinstance(req, PayWithTrait)
    cards = [c for c in s.payment_cards(p, req) if c != card]
    if option is None:
        if not cards:
            s.stack.pop()
            return None
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
    if option[0] == "give_trait":
        _, q, c = option
        s.move_trait(p, q, c)
        s.emit((ALL, "gives_trait", p, c, q), card)
        removed(s, p, c, p)
    else:
        if left > 1:
            s.stack.append(("pay", p, card, left - 1))
        s.stack.append(("discard_trait_now", p, option[2], card))
    return None


@handler("self_replicate")
def h_self_replicate(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Self-Replicating may go back to the hand when another green trait is played."""
    _, p, card = frame
    reps = [
        c
        for c in s.piles[p]
        if c != card and CARD[c].persistent is Persistent.RETURN_ON_GREEN and s.movable(c)
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
        removed(s, p, option[1], p)
    return None


def h_do_action(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Resolve the action of ``card`` for ``player``, unless an age silences actions."""
    _, p, card = frame[:3]
    s.stack.pop()
    if s.rule() is AgeRule.PEACE:
        s.emit((ALL, "peace", card))
        return None
    trait = CARD[card]
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
    for c in s.hands[q]:  # every Play When trait is a single copy: no duplicate options
        when = _PLAY_WHEN[c]
        if when is None or not s.age_allows(c):
            continue
        if when is PlayWhen.INTO_OPPONENT_PILE:
            if kind != "worlds_end":
                out.extend(("respond_on", c, t) for t in s.opponents(q))
        elif _answers(s, when, trigger) and (
            when is not PlayWhen.ENTERS_HAND_OFF_TURN or c in trigger[2]
        ):
            out.append(("respond", c))
    if kind == "hero":
        out.extend(("respond", c) for c in s.hands[q] if CARD[c].name == "Heroic")
    if kind == "stabilized" and s.flow_hooks_in_game():  # --- overlush ---
        _after_stabilizing_options(s, q, out)
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
        return card in s.piles[owner] and s.movable(card)
    if when is PlayWhen.AFTER_STABILIZE or when is PlayWhen.STEAL_AFTER_STABILIZE:
        return kind == "stabilized"
    if when is PlayWhen.ANY_TIME:  # --- overlush ---
        return kind != "worlds_end"
    if when is PlayWhen.TRAIT_LEAVES:
        return kind == "removed"
    if when is PlayWhen.OPPONENT_REMOVES:  # never on its owner's own turn
        return kind == "removed" and 0 <= trigger[2] != trigger[1] != s.turn_player
    if when is PlayWhen.ENTERS_HAND_OFF_TURN:
        return kind == "arrived"  # and it is among the cards arrived (response_options)
    if when is PlayWhen.INSTEAD_OF_DISCARD:
        return False  # offered by a frame of its own once discarded
    return kind == "worlds_end"


def on_response(s: DoomlingsRules, q: int, option: Option, trigger: tuple[Any, ...]) -> bool:
    card = option[1]
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
    if card in s.piles[p] and s.movable(card):
        s.move_trait(p, q, card)
        s.emit((ALL, "steals_trait", q, card, p), parasite)
        removed(s, p, card, q)
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
            p, "discard", f"{cause_name(cause)}: discard {n} card(s)", _distinct_discards(hand)
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
    """A player discards one trait of their own pile matching a filter (chosen)."""
    _, p, key, cause = frame
    flt = None if key is None else _filter(key)
    cards = [c for c in s.piles[p] if s.movable(c) and (flt is None or s.matches(c, flt))]
    if option is None:
        if not cards:
            s.stack.pop()
            return None
        what = flt.words() if flt is not None else "trait"
        return s.ask(
            p,
            "discard_trait",
            f"{cause_name(cause)}: discard a {what} from your pile",
            [("discard_trait", p, c) for c in cards],
        )
    s.stack.pop()
    s.stack.append(("discard_trait_now", p, option[2], cause))
    return None


@handler("discard_trait_now")
def h_discard_trait_now(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Discard a trait from its pile, with Endurance and Regenerative Tissue reacting."""
    _, p, card, cause = frame
    s.stack.pop()
    if card not in s.piles[p]:
        return None
    if CARD[card].persistent is Persistent.COMES_BACK:
        s.emit((ALL, "endures", p, card))
        return None
    regrow = s.in_pile(p, Persistent.REGROW)
    s.leave_pile(p, card)
    s.discard_pile(p).append(card)
    s.emit((ALL, "discards_trait", p, card), cause)
    if regrow >= 0:
        s.stack.append(("regrow", p, regrow))
    if _PERSISTENT_OF[card] is Persistent.DRAW_WHEN_DISCARDED:  # --- overlush ---
        s.draw(p, 3, card)
    removed(s, p, card, _remover(s, cause))
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
    elif purpose == LOOK:
        shown = s.rng.sample(s.hands[q], n)
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
    played = s.plays_at_once(p, card)
    if shown_to_all or played:
        s.emit((ALL, "takes_shown", p, q, card), cause)
    else:
        # Nosy's card was shown to the taker alone and now hides in their hand.
        s.emit((s.others(p) & s.others(q), "takes_hidden", p, q), cause)
        s.emit((bit(p) | bit(q), "takes_shown", p, q, card), cause)
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
    if s.FAST_PATHS:
        # Each card's resolvers, looked up in EFFECTS once at import rather than per effect.
        steps = _ON_PLAY_STEPS[card] if on_play else _ACTION_STEPS[card]
        fx, resolve = steps[k]
        resolve(s, p, card, fx)
    else:
        trait = CARD[card]
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
        s.draw(q, fx.n, card)


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
    s.stack.append(("swap_traits", p, int(fx.match is SameColor.SAME), card))


def fx_opponents_discard_trait(
    s: DoomlingsRules, p: int, card: int, fx: OpponentsDiscardTrait
) -> None:
    s.push_all([("discard_own", q, _key(fx.filter), card) for q in s.opponents(p)])


def fx_mutual_discard(s: DoomlingsRules, p: int, card: int, fx: MutualDiscardTrait) -> None:
    s.stack.append(("mutual_discard", p, card))


def fx_discard_own_trait(s: DoomlingsRules, p: int, card: int, fx: DiscardOwnTrait) -> None:
    s.stack.append(("discard_own", p, None, card))


_SOURCE: Final = {Source.HAND: FROM_HAND, Source.DISCARD: FROM_DISCARD, Source.DISCARD_TOP: 9}


def fx_play_another(s: DoomlingsRules, p: int, card: int, fx: PlayAnother) -> None:
    s.stack.append(
        ("play_extra", p, _SOURCE[fx.source], int(fx.optional), int(fx.with_action), ANY_TRAIT)
    )


def fx_draw_and_play_green(s: DoomlingsRules, p: int, card: int, fx: DrawAndPlayGreen) -> None:
    drawn = s.draw(p, fx.n, card)
    s.stack.append(("play_drawn_green", p, tuple(drawn)))


def fx_play_pile_action(s: DoomlingsRules, p: int, card: int, fx: PlayPileAction) -> None:
    s.stack.append(("pile_action", p, card, int(fx.opponents)))


def fx_discard_hand_and_stabilize(
    s: DoomlingsRules, p: int, card: int, fx: MayDiscardHandAndStabilize
) -> None:
    s.stack.append(("discard_hand_stabilize", p, card))


def fx_peek_age(s: DoomlingsRules, p: int, card: int, fx: PeekAge) -> None:
    if s.age_deck:
        s.age_seen |= bit(p)
        s.emit((bit(p), "peek", p, s.age_deck[-1]))


def fx_move_self(s: DoomlingsRules, p: int, card: int, fx: MoveSelfToOpponent) -> None:
    s.stack.append(("move_self", p, card))


def fx_end_of_world_rush(s: DoomlingsRules, p: int, card: int, fx: EndOfWorldRush) -> None:
    _rush_to_catastrophe(s, p)


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
            s.emit((ALL, "no_stabilize", p), card)
            return


def fx_stabilize(s: DoomlingsRules, p: int, card: int, fx: Stabilize) -> None:
    s.stack.append(("stabilize", p, 0, card))


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
    # --- overlush ---
    DrawFromBottom: fx_draw_from_bottom,
    DiscardHand: fx_discard_hand,
    ShuffleDiscardIntoDeck: fx_shuffle_discard,
    SkipStabilize: fx_skip_stabilize,
    Stabilize: fx_stabilize,
    TakeFromDiscard: fx_take_from_discard,
    UseColorAction: fx_use_color_action,
    PassToNeighbour: fx_pass_to_neighbour,
    PeekHand: fx_peek_hand,
    ShedTraits: fx_shed_traits,
    PlayMatching: fx_play_matching,
    SwapOwnTraits: fx_swap_own,
    DrawAndPlayColors: fx_draw_and_play_colors,
}
"""The resolver of every effect primitive, by its type: the one place an effect is carried out."""

_ACTION_STEPS: Final = tuple(tuple((fx, EFFECTS[type(fx)]) for fx in t.action) for t in CARD)
_ON_PLAY_STEPS: Final = tuple(tuple((fx, EFFECTS[type(fx)]) for fx in t.on_play) for t in CARD)
"""Per card, each action (on-play) effect with its resolver, built from EFFECTS."""


def _rush_to_catastrophe(s: DoomlingsRules, p: int) -> None:
    """Optimistic Nihilism: drop the rest of the round and flip up to the next catastrophe."""
    if ("round_end",) not in s.stack:
        return  # already past the last round (e.g. played at World's End)
    while s.stack:
        frame = s.stack.pop()
        if frame == ("round_end",):
            break
    s.stack.pop()  # the flip that would have come
    s.turn_player = -1
    s.emit((ALL, "rush", p))
    s.stack.append(("flip", 1))


@handler("name_color")
def h_name_color(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, card, purpose = frame
    if option is None:
        return s.ask(p, "color", f"{CARD[card].name}: name a color", [("color", c) for c in COLORS])
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
            cards = [c for c in s.piles[q] if s.movable(c) and s.colors_of(c) & color]
            if cards:
                s.stack.append(("discard_trait_now", q, cards[s.rng.below(len(cards))], card))
    elif purpose == BECOME_COLOR:
        s.recolor[card] = color
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
    removed(s, q, stolen, p)
    if play_action and CARD[stolen].action:
        s.stack.append(("act_from_pile", p, stolen))
    return None


@handler("return_trait")
def h_return_trait(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, cause = frame
    if option is None:
        targets = [
            (q, c)
            for q in s.opponents(p)
            for c in s.piles[q]
            if not CARD[c].dominant and not (s.guards_in_game() and s.guarded(q, c))
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
    removed(s, q, card, p)
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
        cards = [c for c in s.piles[p] if not CARD[c].dominant]
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
    removed(s, p, card, p)
    return None


@handler("swap_this")
def h_swap_this(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p: int = frame[1]
    card: int = frame[2]
    flt = _filter(frame[3]) if len(frame) > 3 else ANY
    if option is None:
        targets = _opp_traits(s, p, lambda c: s.matches(c, flt))
        if card not in s.piles[p] or not s.movable(card) or not targets:
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
    removed(s, p, mine, p)
    removed(s, q, theirs, p)


@handler("swap_traits")
def h_swap_traits(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, p, same, cause = frame
    if option is None:
        options: list[Option] = []
        targets = _opp_traits(s, p, lambda c: bool(s.colors_of(c)))
        for mine in s.piles[p]:
            colors = s.colors_of(mine)
            if not s.movable(mine) or not colors:
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
        cards = [c for c in s.piles[owner] if c != excluded and s.movable(c)]
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
    _, p, card, opponents = frame
    if option is None:
        owners = s.opponents(p) if opponents else [p]
        options: list[Option] = [
            ("use", q, c)
            for q in owners
            for c in s.piles[q]
            # Copying another copier could loop forever (Inventive <-> Painted Shell).
            if CARD[c].action and not isinstance(CARD[c].action[0], PlayPileAction)
        ]
        if not options:
            s.stack.pop()
            return None
        return s.ask(p, "use", "Use the action of which trait?", options)
    s.stack.pop()
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
        if card not in s.piles[p]:
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
    removed(s, p, card, p)
    return None


# ====================================================================== World's End


@handler("worlds_end")
def h_worlds_end(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Sneaky first, then every World's End trait in turn order, then the catastrophe."""
    s.stack.pop()
    s.turn_player = -1
    s.emit((ALL, "worlds_end", s.final_doom))
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
            we = CARD[c].worlds_end
            if (
                we is not None
                and we is not WorldsEnd.PLAY_FROM_HAND
                and not silenced(s.final_doom, CARD[c])
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
    we = CARD[card].worlds_end
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
    elif we is WorldsEnd.DRAW_AND_PLAY:  # --- overlush ---
        s.draw(p, 4, card)
        s.stack.append(("play_extra", p, FROM_HAND, 1, 1, ANY_TRAIT))
    elif we is WorldsEnd.OPPONENTS_LOSE_EFFECTLESS:
        _chompers(s, p, card)
    elif we is WorldsEnd.RETURN_FOR_POINTS:
        s.stack.append(("return_for_points", p, card, 3))
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
        return s.ask(p, "recolor", f"{CARD[card].name}: recolor your traits?", options)
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
    for p in s.order_from(s.first_player):
        if s.ignoring & bit(p):
            continue
        if info.doom is Doom.DISCARD_TRAIT:
            frames.append(("discard_own", p, _key(info.doom_filter), DOOM_CAUSE + s.final_doom))
        elif info.doom is Doom.DRAW_FACE_VALUE:
            card = s.draw_card(p)
            if card is not None:
                value = min(FACE_VALUE[card], 5)
                s.end_points[p] += value
                s.discard_pile(p).append(card)
                s.emit((ALL, "deus", p, card, value))
    s.push_all(frames)
    return None


@handler("score")
def h_score(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
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
                    s.discard_pile(p).append(card)
                    s.emit((ALL, "tie_draw", p, card))
    s.emit((ALL, "game_over"))
    return None


# --- overlush ---

_PERSISTENT_OF: Final = tuple(t.persistent for t in CARD)


def removed(s: DoomlingsRules, owner: int, card: int, by: int) -> None:
    """A trait has just left ``owner``'s pile by an effect (discarded, stolen, swapped, given,
    returned), ``by`` a player (-1: by an age or an effect of nobody's): Fleshy Scales draws its
    owner a card. Where Dart or Motion Dazzle is in the game, the owner is asked whether they
    play one, whatever they hold (a frame opens that window, last, as windows are)."""
    if _PERSISTENT_OF[card] is Persistent.DRAW_WHEN_REMOVED:
        s.draw(owner, 1, card)
    if s.removal_plays_in_game():
        s.stack.append(("removed_window", owner, by))


def _remover(s: DoomlingsRules, cause: int) -> int:
    """Who removes a trait by the effect of ``cause``: the holder of the trait whose effect it
    is, or -1 (an age, a catastrophe, the rules, a card in nobody's pile)."""
    if 0 <= cause < len(CARD):
        for q in range(s.players):
            if cause in s.piles[q]:
                return q
    return -1


@handler("removed_window")
def h_removed_window(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    _, owner, by = frame
    s.stack.pop()
    s.open_window(("removed", owner, by), (owner,))
    return None


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


def _played_this_turn(s: DoomlingsRules, p: int) -> list[int]:
    """The traits ``p`` has played since their turn began, read from the events."""
    played: list[int] = []
    for event in reversed(s.events):
        if event[1] == "turn":
            break
        if event[1] == "plays" and event[2] == p:
            played.append(event[3])
    return played


def _after_stabilizing_options(s: DoomlingsRules, q: int, out: list[Option]) -> None:
    """What Harrier, Mimicry and Illusory offer once their owner has stabilized."""
    hand = s.hands[q]
    if s.has_in_pile(q, Persistent.TRADE_EFFECTLESS):
        out.extend(_DISCARD_OPTION[c] for c in distinct(hand) if CARD[c].effectless)
    if s.has_in_pile(q, Persistent.ONE_FACE_ONE_AFTER) and len(_played_this_turn(s, q)) == 1:
        out.extend(
            ("respond", c)
            for c in s.playable(q, hand)
            if CARD[c].face == 1 and CARD[c].play_when is None
        )
    if s.has_in_pile(q, Persistent.ACTION_FROM_HAND) and not any(
        CARD[c].action for c in _played_this_turn(s, q)
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
        s.emit((ALL, "no_stabilize", p), card)
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
            if s.colors_of(c) & color and _copies_nothing(c)
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
        removed(s, q, card, p)
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
        cards = [c for c in s.piles[q] if s.movable(c) and CARD[c].effectless]
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
        removed(s, p, back, p)
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
