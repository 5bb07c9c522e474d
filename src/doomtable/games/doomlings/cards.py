"""Doomlings cards as typed data, composed from a small vocabulary of effect primitives.

One definition drives the rules (``rules.EFFECTS`` holds one resolver per primitive type), the
printed text (every primitive writes its own sentence) and the tests (a drill resolves every
primitive with every target kind). The table of cards is in
``data.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

# Colours are bits so a multicolour trait is one int and "shares a colour" is one ``&``.
BLUE: Final = 1
GREEN: Final = 2
PURPLE: Final = 4
RED: Final = 8
COLORLESS: Final = 0
COLORS: Final[tuple[int, ...]] = (BLUE, GREEN, PURPLE, RED)
COLOR_NAMES: dict[int, str] = {BLUE: "blue", GREEN: "green", PURPLE: "purple", RED: "red"}
COLOR_BY_NAME: dict[str, int] = {v: k for k, v in COLOR_NAMES.items()}


def color_names(mask: int) -> list[str]:
    return [COLOR_NAMES[c] for c in COLORS if mask & c]


def color_words(mask: int) -> str:
    names = color_names(mask)
    return "/".join(names) if names else "colorless"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --------------------------------------------------------------------------- trait filters


@dataclass(frozen=True, slots=True)
class TraitFilter:
    """Which traits an effect may pick: by colour, face value, or anything."""

    color: int | None = None  # a colour bit, COLORLESS (0) for colourless, None for any
    face: int | None = None  # exact face value
    min_face: int | None = None
    positive: bool = False
    max_face: int | None = None

    def accepts(self, colors: int, face: int) -> bool:
        """Whether a trait of these colours and face value (variable = 0) passes the filter."""
        if self.color is not None:
            if self.color == COLORLESS:
                if colors:
                    return False
            elif not colors & self.color:
                return False
        if self.face is not None and face != self.face:
            return False
        if self.min_face is not None and face < self.min_face:
            return False
        if self.max_face is not None and face > self.max_face:
            return False
        return not (self.positive and face <= 0)

    def words(self) -> str:
        parts = []
        if self.positive:
            parts.append("positive value")
        if self.color is not None:
            parts.append(color_words(self.color))
        noun = "trait"
        tail = ""
        if self.face is not None:
            tail = f" with a face value of {self.face}"
        elif self.min_face is not None:
            tail = f" with a face value of {self.min_face} or more"
        elif self.max_face == -1:
            tail = " with a negative face value"
        elif self.max_face is not None:
            tail = f" with a face value of {self.max_face} or less"
        return " ".join([*parts, noun]) + tail


ANY = TraitFilter()


# --------------------------------------------------------------------------- actions


class Who(Enum):
    YOU = "you"
    OPPONENTS = "opponents"
    ALL = "all"


@dataclass(frozen=True, slots=True)
class Draw:
    n: int
    who: Who = Who.YOU
    from_bottom: bool = False  # from the bottom of the trait deck

    def text(self) -> str:
        if self.from_bottom:
            return f"Draw {plural(self.n, 'card')} from the bottom of the trait deck."
        if self.who is Who.YOU:
            return f"Draw {plural(self.n, 'card')}."
        whom = "Each opponent draws" if self.who is Who.OPPONENTS else "Every player draws"
        return f"{whom} {plural(self.n, 'card')}."


@dataclass(frozen=True, slots=True)
class DiscardFromHand:
    n: int
    who: Who = Who.YOU
    at_random: bool = False

    def text(self) -> str:
        how = " at random" if self.at_random else ""
        if self.who is Who.YOU:
            return f"Discard {plural(self.n, 'card')} from your hand{how}."
        whom = "Each opponent discards" if self.who is Who.OPPONENTS else "Every player discards"
        return f"{whom} {plural(self.n, 'card')} from their hand{how}."


@dataclass(frozen=True, slots=True)
class DiscardColorFromHands:
    """Choose a colour; every player, you included, discards all hand cards of it."""

    def text(self) -> str:
        return "Name a color. Every player, you too, discards every card of that color in hand."


@dataclass(frozen=True, slots=True)
class StealTrait:
    """Take a trait from an opponent's trait pile into yours."""

    filter: TraitFilter = ANY
    play_action: bool = False

    def text(self) -> str:
        extra = " Then resolve its action." if self.play_action else ""
        return f"Take a {self.filter.words()} from an opponent's trait pile into yours.{extra}"


@dataclass(frozen=True, slots=True)
class StealFromHand:
    """Take ``n`` random cards from one opponent's hand."""

    n: int

    def text(self) -> str:
        return f"Take {plural(self.n, 'random card')} from an opponent's hand."


@dataclass(frozen=True, slots=True)
class RevealAndSteal:
    """Each opponent shows a card of their choice; you take one shown card and play it."""

    def text(self) -> str:
        return (
            "Each opponent shows everyone 1 card from their hand. Take 1 of the shown cards "
            "and play it at once."
        )


@dataclass(frozen=True, slots=True)
class LookAndSteal:
    """Look at ``n`` random cards of one opponent's hand; take one and play it."""

    n: int

    def text(self) -> str:
        return (
            f"Look at {plural(self.n, 'random card')} from an opponent's hand. Take 1 of them "
            "and play it at once."
        )


@dataclass(frozen=True, slots=True)
class ReturnTrait:
    """Send an opponent's trait back to its owner's hand."""

    def text(self) -> str:
        return "Send a trait from an opponent's trait pile back to their hand."


@dataclass(frozen=True, slots=True)
class GiveFromHand:
    def text(self) -> str:
        return "Hand 1 card from your hand to an opponent."


@dataclass(frozen=True, slots=True)
class GiveTrait:
    def text(self) -> str:
        return "Move 1 trait from your trait pile into an opponent's trait pile."


@dataclass(frozen=True, slots=True)
class SwapHands:
    def text(self) -> str:
        return "Trade your whole hand for an opponent's hand."


@dataclass(frozen=True, slots=True)
class SwapThis:
    """Exchange this card for a trait from an opponent's pile."""

    filter: TraitFilter = ANY

    def text(self) -> str:
        return f"Exchange this trait for a {self.filter.words()} in an opponent's trait pile."


class SameColor(Enum):
    SAME = "same"
    DIFFERENT = "different"


@dataclass(frozen=True, slots=True)
class SwapTraits:
    """Exchange one of your traits for an opponent's trait of the same or another colour."""

    match: SameColor
    not_this: bool = False  # the card itself may not be the one exchanged

    def text(self) -> str:
        kind = "sharing a color with it" if self.match is SameColor.SAME else "of another color"
        mine = "1 other trait" if self.not_this else "1 trait"
        return f"Exchange {mine} in your trait pile for an opponent's trait {kind}."


@dataclass(frozen=True, slots=True)
class OpponentsDiscardTrait:
    filter: TraitFilter

    def text(self) -> str:
        return f"Each opponent discards 1 {self.filter.words()} from their trait pile."


@dataclass(frozen=True, slots=True)
class MutualDiscardTrait:
    """You and an opponent each discard a trait of the other's pile (not this card)."""

    def text(self) -> str:
        return (
            "Pick an opponent: you discard 1 trait from their trait pile, and they discard 1 "
            "from yours (never this one)."
        )


@dataclass(frozen=True, slots=True)
class DiscardOwnTrait:
    then: bool = True  # follows another effect of the card

    def text(self) -> str:
        return f"{'Then d' if self.then else 'D'}iscard 1 trait from your trait pile."


class Source(Enum):
    HAND = "hand"
    DISCARD = "discard pile"
    DISCARD_TOP = "top of the discard pile"


@dataclass(frozen=True, slots=True)
class PlayAnother:
    """Play one more trait from ``source``."""

    source: Source = Source.HAND
    optional: bool = False
    with_action: bool = True

    def text(self) -> str:
        may = "You may play" if self.optional else "Play"
        if self.source is Source.HAND:
            what = "another trait"
        elif self.source is Source.DISCARD:
            what = "1 trait from the discard pile"
        else:
            what = "the trait on top of the discard pile"
        tail = "" if self.with_action else " Skip its action."
        if self.source is not Source.HAND and self.with_action:
            tail = " Resolve its action too."
        return f"{may} {what}.{tail}"


@dataclass(frozen=True, slots=True)
class DrawAndPlayGreen:
    n: int

    def text(self) -> str:
        return (
            f"Draw {plural(self.n, 'card')}. If a green trait is among them, play 1 of those at "
            "once (restrictions still apply)."
        )


@dataclass(frozen=True, slots=True)
class PlayPileAction:
    """Resolve the action of a trait already in a pile (yours or an opponent's)."""

    opponents: bool
    then_discard: bool = False  # the trait whose action was used is discarded afterwards

    def text(self) -> str:
        whose = "an opponent's" if self.opponents else "your"
        tail = " Then discard that trait." if self.then_discard else ""
        return f"Resolve the action of a trait in {whose} trait pile.{tail}"


@dataclass(frozen=True, slots=True)
class MayDiscardHandAndStabilize:
    def text(self) -> str:
        return "You may throw away your whole hand, then stabilize."


@dataclass(frozen=True, slots=True)
class PeekAge:
    last: int = 0  # look at the last ``last`` cards of the age deck instead

    def text(self) -> str:
        if self.last:
            return f"Look at the last {plural(self.last, 'age card')} of the age deck."
        return "Look at the next age card."


@dataclass(frozen=True, slots=True)
class MoveSelfToOpponent:
    def text(self) -> str:
        return "Then move this trait into an opponent's trait pile."


@dataclass(frozen=True, slots=True)
class EndOfWorldRush:
    """Optimistic Nihilism: jump straight to the next catastrophe."""

    def text(self) -> str:
        return (
            "Skip every remaining turn and age until the next catastrophe, which comes now. "
            "The skipped ages have no effect and nobody stabilizes."
        )


# --- overlush (traits b) ---


@dataclass(frozen=True, slots=True)
class DiscardCardsWithEffects:
    """Throw away every card of the hand that has an effect."""

    def text(self) -> str:
        return "Discard every card with an effect from your hand."


@dataclass(frozen=True, slots=True)
class ReturnOwnTrait:
    """Take a trait with an action from your own pile back into your hand."""

    def text(self) -> str:
        return "Take a trait with an action from your trait pile back into your hand."


@dataclass(frozen=True, slots=True)
class HandToDeckBottom:
    """Put ``n`` cards of the hand (``up_to``: as many as you like, at most ``n``) under the
    trait deck."""

    n: int
    up_to: bool = False

    def text(self) -> str:
        many = f"up to {self.n}" if self.up_to else str(self.n)
        may = "You may put" if self.up_to else "Put"
        noun = "card" if self.n == 1 else "cards"
        return f"{may} {many} {noun} from your hand under the trait deck."


@dataclass(frozen=True, slots=True)
class OneOf:
    """The player picks one of ``options`` and resolves it."""

    options: tuple[Action, ...]

    def text(self) -> str:
        return "Choose one: " + " Or: ".join(o.text() for o in self.options)


@dataclass(frozen=True, slots=True)
class OpponentDrawsAndGives:
    """An opponent of your choice draws ``n`` cards, then hands you 1 card of their choice."""

    n: int

    def text(self) -> str:
        return (
            f"Pick an opponent: they draw {plural(self.n, 'card')}, then hand you 1 card of "
            "their choice."
        )


@dataclass(frozen=True, slots=True)
class TradeWithOpponents:
    """Each opponent hands you a random card; then you hand each of them 1 card you choose."""

    def text(self) -> str:
        return (
            "Each opponent hands you 1 random card from their hand. Then hand each of them 1 "
            "card from yours."
        )


@dataclass(frozen=True, slots=True)
class DominantsToDeckTop:
    """Stack up to ``n`` dominants of the discard pile on top of the trait deck."""

    n: int

    def text(self) -> str:
        return (
            f"Put up to {self.n} dominant traits from the discard pile on top of the trait "
            "deck, in the order you like."
        )


@dataclass(frozen=True, slots=True)
class PassHandsRight:
    def text(self) -> str:
        return "Every player passes their whole hand to the player on their right."


@dataclass(frozen=True, slots=True)
class DrawAndPlayFace:
    """Name a face value, draw ``n``: play 1 drawn card of that value, discard the others."""

    n: int

    def text(self) -> str:
        return (
            f"Name a face value and draw {plural(self.n, 'card')}. Play 1 of them with that "
            "face value if you can; discard the rest of them."
        )


@dataclass(frozen=True, slots=True)
class PlayIntoOpponentPile:
    """Play a non-dominant card of your hand into an opponent's pile, without its action."""

    def text(self) -> str:
        return (
            "Play 1 non-dominant trait from your hand into an opponent's trait pile. Its "
            "action does not happen."
        )


@dataclass(frozen=True, slots=True)
class DiscardTopAndColorFromHands:
    """Discard the top trait of the deck; every player discards their hand cards sharing a
    colour with it (colourless ones if it is colourless), then stabilizes."""

    def text(self) -> str:
        return (
            "Discard the top card of the trait deck. Every player discards every card in "
            "their hand that shares a color with it (colorless cards, if it is colorless), "
            "then stabilizes at once."
        )


@dataclass(frozen=True, slots=True)
class Stabilize:
    who: Who = Who.YOU

    def text(self) -> str:
        return "Stabilize at once." if self.who is Who.YOU else "Every player stabilizes at once."


@dataclass(frozen=True, slots=True)
class LookAtBottomAndPlay:
    """Name a colour, look at the bottom ``n`` cards of the trait deck, and you may play 1
    of them of that colour."""

    n: int

    def text(self) -> str:
        return (
            f"Name a color and look at the bottom {self.n} cards of the trait deck. You may "
            "play 1 of them of that color."
        )


@dataclass(frozen=True, slots=True)
class DrawThenMaybeFromBottom:
    """Draw 1; play it, or draw 1 from the bottom of the deck, which you may then play."""

    def text(self) -> str:
        return (
            "Draw 1 card. Either play it at once, or draw 1 more from the bottom of the trait "
            "deck and you may play that one at once instead."
        )


@dataclass(frozen=True, slots=True)
class OpponentsPlayThenTake:
    """Each opponent plays a non-dominant trait, without its action; then you take 1 of those
    traits, or play 1 more trait yourself."""

    def text(self) -> str:
        return (
            "Each opponent plays 1 non-dominant trait from their hand, without its action. "
            "Then take 1 of those traits into your pile, or play another trait."
        )


@dataclass(frozen=True, slots=True)
class RestartRound:
    """The round starts over with you as the 1st player, beginning with your turn."""

    def text(self) -> str:
        return (
            "Start this age's round over: you become the 1st player and take your turn now. "
            "(A catastrophe is never started over.)"
        )


@dataclass(frozen=True, slots=True)
class GainGenePool:
    """A lasting Gene Pool change, not tied to a trait staying in a pile."""

    n: int

    def text(self) -> str:
        return f"Gain {self.n:+d} Gene Pool."


Action = (
    Draw
    | DiscardFromHand
    | DiscardColorFromHands
    | StealTrait
    | StealFromHand
    | RevealAndSteal
    | LookAndSteal
    | ReturnTrait
    | GiveFromHand
    | GiveTrait
    | SwapHands
    | SwapThis
    | SwapTraits
    | OpponentsDiscardTrait
    | MutualDiscardTrait
    | DiscardOwnTrait
    | PlayAnother
    | DrawAndPlayGreen
    | PlayPileAction
    | MayDiscardHandAndStabilize
    | PeekAge
    | MoveSelfToOpponent
    | EndOfWorldRush
    # --- overlush (traits b) ---
    | DiscardCardsWithEffects
    | ReturnOwnTrait
    | HandToDeckBottom
    | OneOf
    | OpponentDrawsAndGives
    | TradeWithOpponents
    | DominantsToDeckTop
    | PassHandsRight
    | DrawAndPlayFace
    | PlayIntoOpponentPile
    | DiscardTopAndColorFromHands
    | Stabilize
    | GainGenePool
    | LookAtBottomAndPlay
    | DrawThenMaybeFromBottom
    | OpponentsPlayThenTake
    | RestartRound
)


# --------------------------------------------------------------------------- requirements


@dataclass(frozen=True, slots=True)
class NeedInPile:
    filter: TraitFilter
    at_least: int

    def text(self) -> str:
        return f"You can play this only with {self.at_least}+ {self.filter.words()}s in your pile."


class Payment(Enum):
    GIVE = "give"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class PayWithTrait:
    payment: Payment
    filter: TraitFilter

    def text(self) -> str:
        if self.payment is Payment.GIVE:
            return (
                f"To play this, move 1 {self.filter.words()} from your trait pile to an opponent's."
            )
        return f"To play this, discard 1 {self.filter.words()} from your trait pile."


# --- overlush (traits b) ---


@dataclass(frozen=True, slots=True)
class NeedGenePool:
    at_most: int

    def text(self) -> str:
        return f"You can play this only with a Gene Pool of {self.at_most} or less."


@dataclass(frozen=True, slots=True)
class NotOnYourTurn:
    def text(self) -> str:
        return "You can never play this on your own turn."


Requirement = NeedInPile | PayWithTrait | NeedGenePool | NotOnYourTurn


# --------------------------------------------------------------------------- out-of-turn plays


class PlayWhen(Enum):
    PREVENT_ACTION = "prevent"
    STEAL_PLAYED = "parasitic"
    INTO_OPPONENT_PILE = "self_awareness"
    AFTER_STABILIZE = "late"
    AT_WORLDS_END = "sneaky"
    # --- overlush (traits b) ---
    ANY_TIME = "trippy"
    DISCARD_FOR_TRAIT = "nimble"
    TAKE_BACK_PLAYED = "pinchy"
    STEAL_FROM_SECOND_PLAY = "snap_trap"
    AFTER_CATASTROPHE = "sleepy"
    AFTER_ROUND = "procrastination"
    RETURN_REMOVED = "patches"
    INTO_REMOVER_PILE = "quills"

    def text(self, name: str) -> str:
        return {
            PlayWhen.PREVENT_ACTION: f"Out of turn, you may play {name} from your hand to "
            "cancel an action as it happens.",
            PlayWhen.STEAL_PLAYED: f"When an opponent plays a trait, you may play {name} from "
            "your hand to take that trait into your pile; its action does not happen.",
            PlayWhen.INTO_OPPONENT_PILE: f"At any time you may play {name} from your hand into "
            "an opponent's trait pile.",
            PlayWhen.AFTER_STABILIZE: f"Once you have stabilized, you may play {name} from your "
            "hand.",
            PlayWhen.AT_WORLDS_END: f"When the world ends, you may play {name} from your hand.",
            PlayWhen.ANY_TIME: f"Besides your own turn, you may play {name} from your hand "
            "whenever you are asked whether to respond.",
            PlayWhen.DISCARD_FOR_TRAIT: f"On your turn you may discard {name} from your hand "
            "to discard 1 trait from your trait pile.",
            PlayWhen.TAKE_BACK_PLAYED: f"When an opponent plays a trait, you may play {name} "
            "from your hand: that trait's action does not happen and it goes into your hand; "
            "that opponent may then play another trait.",
            PlayWhen.STEAL_FROM_SECOND_PLAY: f"When an opponent plays their 2nd (or later) "
            f"trait of a turn, you may play {name} from your hand and take 1 of the traits "
            "they played this turn into your pile.",
            PlayWhen.AFTER_CATASTROPHE: f"When a catastrophe is flipped, you may play {name} "
            "from your hand: that catastrophe's Gene Pool change does not apply to you.",
            PlayWhen.AFTER_ROUND: f"When the last turn of a round is over, you may play {name} "
            "from your hand and take 1 more turn in this age.",
            PlayWhen.RETURN_REMOVED: f"When another player's card or a catastrophe takes a "
            f"trait out of your trait pile, you may play {name} from your hand to bring that "
            "trait back into your pile (not when a dominant took it).",
            PlayWhen.INTO_REMOVER_PILE: f"When an opponent takes a trait out of your trait pile, "
            f"you may play {name} from your hand into their trait pile.",
        }[self]


# --------------------------------------------------------------------------- persistent effects


class Persistent(Enum):
    COMES_BACK = "endurance"
    REGROW = "regenerative"
    IGNORE_CATASTROPHE = "denial"
    DRAW_AT_TURN_START = "echolocation"
    RETURN_ON_GREEN = "self_replicating"
    # --- overlush (traits b) ---
    DRAW_ON_RED_PLAY = "ravenous"
    DISCARD_BEFORE_STABILIZE = "whistler"
    TRADE_FOR_EXTRA_PLAY = "seedwing"
    REPLAY_AFTER_EFFECTLESS = "skimmer"
    CATASTROPHE_AFTER_EFFECTLESS = "strange"
    STABILIZE_FROM_DISCARD = "scavenger"
    HAND_COUNTS_FOR_BONUSES = "sparkles"
    PLAY_DISCARD_TOP_WHEN_REMOVED = "mycelium"

    def text(self, name: str) -> str:
        return {
            Persistent.COMES_BACK: f"If {name} is discarded from your trait pile, it goes "
            "straight back into it.",
            Persistent.REGROW: "Each time a trait leaves your trait pile by discard (this one "
            "too), draw 1 card and play it at once if you can, without its action.",
            Persistent.IGNORE_CATASTROPHE: "The next catastrophe does not affect you. The Four "
            "Horsemen cannot be ignored.",
            Persistent.DRAW_AT_TURN_START: "Until the world ends, draw 1 card as each of your "
            "turns begins.",
            Persistent.RETURN_ON_GREEN: f"When you play another green trait from your hand, you "
            f"may take {name} back into your hand.",
            Persistent.DRAW_ON_RED_PLAY: "When you play a red trait on your turn, draw 3 cards "
            "before its effects happen.",
            Persistent.DISCARD_BEFORE_STABILIZE: "Until the world ends, you may discard up to 2 "
            "cards from your hand before you stabilize.",
            Persistent.TRADE_FOR_EXTRA_PLAY: f"On your turn, you may discard {name} from your "
            "trait pile to play 1 more trait from your hand, without its action.",
            Persistent.REPLAY_AFTER_EFFECTLESS: "Once a turn, when you have played an effectless "
            "trait, you may resolve the action of a trait in your trait pile.",
            Persistent.CATASTROPHE_AFTER_EFFECTLESS: "Until the world ends, when you play an "
            "effectless trait you may have the white text of a catastrophe already flipped "
            "happen again.",
            Persistent.STABILIZE_FROM_DISCARD: "When you stabilize at the end of your turn, you "
            "may take cards from the top of the discard pile instead of drawing them.",
            Persistent.HAND_COUNTS_FOR_BONUSES: "The cards in your hand count as traits of your "
            "trait pile for the Drop of Life bonuses in your pile.",
            Persistent.PLAY_DISCARD_TOP_WHEN_REMOVED: f"If {name} is taken out of your trait "
            "pile during your turn, you may play the card that was on top of the discard pile "
            "before it, with its action.",
        }[self]


# --------------------------------------------------------------------------- world's end


class WorldsEnd(Enum):
    PLAY_ANOTHER = "eloquence"
    RECOLOR = "faith"
    OPPONENTS_DISCARD_COLOR = "hyper_intelligence"
    PICK_CATASTROPHE = "prepper"
    BONUS_PER_COLOR = "sentience"
    PENALTY_PER_COLOR = "viral"
    PLAY_FROM_HAND = "sneaky"
    BECOME_COLOR = "free_will"
    # --- overlush (traits b) ---
    DRAW_AND_PLAY_LOW = "pyrophyte"
    OPPONENTS_PLAY_COLOR = "nectar"
    TAKE_REVEALED_COLOR = "spots"

    def text(self) -> str:
        return {
            WorldsEnd.PLAY_ANOTHER: "When the world ends, play 1 more trait, without its action.",
            WorldsEnd.RECOLOR: "When the world ends, you may turn every trait of one color in "
            "your pile into another color.",
            WorldsEnd.OPPONENTS_DISCARD_COLOR: "When the world ends, name a color: each opponent "
            "discards a random trait of that color from their pile.",
            WorldsEnd.PICK_CATASTROPHE: "When the world ends, pick which of the 3 catastrophes' "
            "World's End effects everyone ends on.",
            WorldsEnd.BONUS_PER_COLOR: "When the world ends, name a color: +1 for each trait of "
            "that color in your pile.",
            WorldsEnd.PENALTY_PER_COLOR: "When the world ends, name a color: each opponent "
            "scores -1 for each trait of that color in their pile.",
            WorldsEnd.PLAY_FROM_HAND: "",
            WorldsEnd.BECOME_COLOR: "When the world ends, this card becomes the color of your "
            "choice.",
            WorldsEnd.DRAW_AND_PLAY_LOW: "When the world ends, draw 4 cards. Play any of them "
            "with a face value of 2 or less, without their actions.",
            WorldsEnd.OPPONENTS_PLAY_COLOR: "When the world ends, name a color: each opponent "
            "may play 1 non-dominant trait of that color from their hand, without its action.",
            WorldsEnd.TAKE_REVEALED_COLOR: "When the world ends, name a color: each opponent "
            "shows every card of that color in their hand. Play 1 of the shown cards at once, "
            "without its action.",
        }[self]


# --------------------------------------------------------------------------- bonuses


class Count(Enum):
    """Quantities a Drop of Life bonus counts, for one player at scoring time."""

    GENE_POOL = "the size of your Gene Pool"
    EFFECT_CARDS_IN_HAND = "the number of cards with effects in your hand"
    HAND = "the number of cards in your hand"
    DOMINANTS_IN_HAND = "dominant trait in your hand"
    COLORS_IN_PILE = "the number of colors in your trait pile"
    COLORS_IN_HAND = "color in your hand"
    SAME_NAME = "the number of copies of this trait in your trait pile (this one included)"
    SAME_NAME_ALL_PILES = "the number of these in all trait piles (this one included)"
    COLOR_IN_PILE = "this color trait in your pile (this one included)"
    COLOR_ELSEWHERE = "this color trait in your pile"  # a colour the card itself is not
    TRAITS = "trait in your trait pile (this one included)"
    FACE_ONE = "card with a face value of 1 in your pile (this one included)"
    NEGATIVE_FACE = "trait with a negative face value in your pile"
    COLOR_PAIRS = "pair of same-colored traits in your pile"
    GREEN_PAIRS_OPPONENTS = "pair of green traits in each opponent's pile"
    LOWEST_COLOR = "trait of your least common color (you need 2+ colors; pick one if tied)"
    CHOSEN_COLOR = "trait of the color you named in your pile"
    # --- overlush (traits b) ---
    COLORS_OF_THREE = "color you have 3 or more traits of in your pile"
    FEWER_OF_PAIR = "this color trait in your pile, counting only the color you have fewer of"


_UNIT: dict[Count, str] = {Count.HAND: "card in your hand"}
"""How a count phrased as a total ("the number of ...") reads after "+1 for each"."""


@dataclass(frozen=True, slots=True)
class Bonus:
    """``points`` for each unit of ``count``; ``value=True`` makes the count the card's value."""

    count: Count
    points: int = 1
    color: int | None = None  # for Count.COLOR_IN_PILE and COLOR_ELSEWHERE
    value: bool = False

    def text(self) -> str:
        if self.value:
            return f"Worth {self.count.value}."
        what = _UNIT.get(self.count, self.count.value)
        if self.color is not None:
            what = what.replace("this color", color_words(self.color))
        sign = "+" if self.points > 0 else ""
        return f"{sign}{self.points} for each {what}."


@dataclass(frozen=True, slots=True)
class MostTraitsBonus:
    points: int

    def text(self) -> str:
        return f"+{self.points} if your trait pile is strictly the largest at the table."


# --- overlush (traits b) ---


@dataclass(frozen=True, slots=True)
class ColorThreshold:
    """``points`` if a pile holds ``at_least`` traits of ``color`` (``None``: of every colour);
    with ``opponents``, if any opponent's pile does."""

    points: int
    at_least: int
    color: int | None
    opponents: bool = False

    def text(self) -> str:
        what = (
            f"{self.at_least} or more traits of every color"
            if self.color is None
            else f"{self.at_least} or more {color_words(self.color)} traits"
        )
        if self.opponents:
            return f"+{self.points} if an opponent has {what} in their pile."
        return f"+{self.points} if you have {what} in your pile."


@dataclass(frozen=True, slots=True)
class OpponentsColorDeficit:
    """Each opponent loses ``points`` per colour they hold fewer traits of than the owner."""

    points: int

    def text(self) -> str:
        return (
            f"Each opponent scores {self.points} for each color they have fewer traits of in "
            "their pile than you have in yours."
        )


BonusRule = Bonus | MostTraitsBonus | ColorThreshold | OpponentsColorDeficit


# --------------------------------------------------------------------------- the cards


@dataclass(frozen=True, slots=True)
class Trait:
    name: str
    colors: int
    face: int | None  # None: the variable symbol, worth 0 printed
    dominant: bool = False
    gene_pool: int = 0
    gene_pool_all: bool = False  # the delta applies to every player
    action: tuple[Action, ...] = ()
    on_play: tuple[Action, ...] = ()  # not an action: no icon, cannot be prevented
    requirement: Requirement | None = None
    play_when: PlayWhen | None = None
    persistent: Persistent | None = None
    worlds_end: WorldsEnd | None = None
    bonus: BonusRule | None = None
    copies: int = 1
    on_discard: tuple[Action, ...] = ()  # --- overlush (traits b) ---: when discarded from a pile

    @property
    def effectless(self) -> bool:
        return not (
            self.on_discard
            or self.action
            or self.on_play
            or self.requirement
            or self.play_when
            or self.persistent
            or self.worlds_end
            or self.bonus
            or self.gene_pool
        )

    @property
    def kinds(self) -> list[str]:
        kinds = []
        if self.gene_pool:
            kinds.append("gene_pool")
        if self.action:
            kinds.append("action")
        if self.on_play:
            kinds.append("on_play")
        if self.requirement:
            kinds.append("requirement")
        if self.play_when:
            kinds.append("play_when")
        if self.persistent or self.on_discard:
            kinds.append("persistent")
        if self.worlds_end:
            kinds.append("worlds_end")
        if self.bonus:
            kinds.append("drop_of_life")
        return kinds

    def text(self) -> str:
        parts: list[str] = []
        if self.gene_pool:
            who = "Every player gets " if self.gene_pool_all else ""
            parts.append(f"{who}{self.gene_pool:+d} Gene Pool.")
        if self.requirement:
            parts.append(self.requirement.text())
        if self.action:
            parts.append("(A) " + " ".join(a.text() for a in self.action))
        if self.on_play:
            parts.append("When played: " + " ".join(a.text() for a in self.on_play))
        if self.play_when:
            parts.append(self.play_when.text(self.name))
        if self.persistent:
            parts.append(self.persistent.text(self.name))
        if self.on_discard:
            done = " ".join(a.text() for a in self.on_discard)
            parts.append(f"When {self.name} is discarded from your trait pile: {done}")
        if self.worlds_end and self.worlds_end is not WorldsEnd.PLAY_FROM_HAND:
            parts.append(self.worlds_end.text())
        if self.bonus and self.worlds_end is not WorldsEnd.BONUS_PER_COLOR:
            parts.append(self.bonus.text())  # Sentience's World's End text already says it
        return " ".join(parts)


# --------------------------------------------------------------------------- ages


class AgeRule(Enum):
    """What an age makes players do, or stops them doing, for one round."""

    NONE = "none"
    DRACULA = "dracula"
    NIETZSCHE = "nietzsche"
    PEACE = "peace"
    REASON = "reason"
    WONDER = "wonder"
    ALIEN_TERRAFORM = "alien_terraform"
    NO_BLUE = "no_blue"
    AWAKENING = "awakening"
    HERO = "hero"
    COASTAL = "coastal"
    COMET = "comet"
    NO_RED = "no_red"
    ENLIGHTENMENT = "enlightenment"
    FLOURISH = "flourish"
    GALACTIC_DRIFT = "galactic_drift"
    GLACIAL_DRIFT = "glacial_drift"
    HIGH_TIDES = "high_tides"
    NO_PURPLE = "no_purple"
    NATURAL_HARMONY = "natural_harmony"
    NORTHERN_WINDS = "northern_winds"
    PROSPERITY = "prosperity"
    REFORESTATION = "reforestation"
    NO_GREEN = "no_green"
    MESSIAH = "messiah"
    NO_COLORLESS = "no_colorless"


class CatastropheEffect(Enum):
    """A catastrophe's white text: what each player does when it is flipped."""

    KEEP_ONE = "keep_one"
    STABILIZE = "stabilize"
    STABILIZE_THEN_DISCARD = "stabilize_then_discard"
    DISCARD_TWO_RANDOM = "discard_two_random"
    DISCARD_HAND_AND_STABILIZE = "discard_hand_and_stabilize"
    DISCARD_PER_COLOR = "discard_per_color"
    PASS_HAND_RIGHT = "pass_hand_right"
    DRAW_PER_COLOR = "draw_per_color"
    DISCARD_HALF = "discard_half"
    GIVE_NEIGHBOURS = "give_neighbours"
    DISCARD_ANY_TRAIT = "discard_any_trait"


class Doom(Enum):
    """A catastrophe's gold World's End text."""

    COLORLESS_WORTH_TWO = "colorless_worth_two"
    DRAW_FACE_VALUE = "draw_face_value"
    DISCARD_TRAIT = "discard_trait"
    MOST_TRAITS_MINUS_FIVE = "most_traits_minus_five"
    MINUS_PER_COLOR = "minus_per_color"
    FEWEST_TRAITS_PLUS_FOUR = "fewest_traits_plus_four"
    MINUS_PER_MISSING_COLOR = "minus_per_missing_color"


@dataclass(frozen=True, slots=True)
class Age:
    name: str
    text: str
    rule: AgeRule = AgeRule.NONE
    catastrophe: bool = False
    birth_of_life: bool = False
    gene_pool: int = 0
    effect: CatastropheEffect | None = None
    effect_color: int | None = None  # colour counted by DISCARD_PER_COLOR
    doom: Doom | None = None
    doom_filter: TraitFilter | None = None  # which trait DISCARD_TRAIT takes
    doom_color: int | None = None  # colour counted by MINUS_PER_COLOR
    doom_text: str = ""
