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
    max_face: int | None = None  # --- overlush ---: "negative" is max_face=-1

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

    def text(self) -> str:
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
        if self.who is Who.ALL:
            return f"Every player, you too, discards {plural(self.n, 'card')} from their hand{how}."
        return f"Each opponent discards {plural(self.n, 'card')} from their hand{how}."


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
    richer_only: bool = False  # only from an opponent whose Gene Pool is larger than yours

    def text(self) -> str:
        extra = " Then resolve its action." if self.play_action else ""
        if self.richer_only:
            return (
                f"Take a {self.filter.words()} into your trait pile from the pile of an opponent "
                f"whose Gene Pool is larger than yours.{extra}"
            )
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
    n: int = 1  # each card to the opponent of your choice

    def text(self) -> str:
        if self.n > 1:
            return f"Hand {self.n} cards from your hand, each to the opponent of your choice."
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
    play_action: bool = False  # then resolve the action of the trait received

    def text(self) -> str:
        extra = " Then resolve the action of the trait you receive." if self.play_action else ""
        return (
            f"Exchange this trait for a {self.filter.words()} in an opponent's trait pile.{extra}"
        )


class SameColor(Enum):
    SAME = "same"
    DIFFERENT = "different"


@dataclass(frozen=True, slots=True)
class SwapTraits:
    """Exchange one of your traits for an opponent's trait of the same or another colour."""

    match: SameColor

    def text(self) -> str:
        kind = "sharing a color with it" if self.match is SameColor.SAME else "of another color"
        return f"Exchange 1 trait in your trait pile for an opponent's trait {kind}."


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
    def text(self) -> str:
        return "Then discard 1 trait from your trait pile."


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

    def text(self) -> str:
        whose = "an opponent's" if self.opponents else "your"
        return f"Resolve the action of a trait in {whose} trait pile."


@dataclass(frozen=True, slots=True)
class MayDiscardHandAndStabilize:
    def text(self) -> str:
        return "You may throw away your whole hand, then stabilize."


@dataclass(frozen=True, slots=True)
class PeekAge:
    def text(self) -> str:
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


# --- overlush ---


@dataclass(frozen=True, slots=True)
class DrawFromBottom:
    """Draw from the bottom of the trait deck; ``use_action``: then you may resolve the action
    of one of the cards drawn (it stays in your hand)."""

    n: int
    use_action: bool = False

    def text(self) -> str:
        extra = " You may resolve the action of 1 of them." if self.use_action else ""
        return f"Draw {plural(self.n, 'card')} from the bottom of the trait deck.{extra}"


@dataclass(frozen=True, slots=True)
class DiscardHand:
    def text(self) -> str:
        return "Then discard every card in your hand."


@dataclass(frozen=True, slots=True)
class ShuffleDiscardIntoDeck:
    def text(self) -> str:
        return "Shuffle the discard pile into the trait deck."


@dataclass(frozen=True, slots=True)
class SkipStabilize:
    def text(self) -> str:
        return "You do not stabilize at the end of this turn."


@dataclass(frozen=True, slots=True)
class Stabilize:
    def text(self) -> str:
        return "Stabilize at once."


@dataclass(frozen=True, slots=True)
class TakeFromDiscard:
    """Take a card of the discard pile into your hand."""

    filter: TraitFilter = ANY
    optional: bool = False

    def text(self) -> str:
        may = "You may take" if self.optional else "Take"
        return f"{may} 1 {self.filter.words()} of your choice from the discard pile into your hand."


@dataclass(frozen=True, slots=True)
class UseColorAction:
    """Resolve the action of a trait of ``color`` in a pile (yours, or an opponent's)."""

    color: int
    opponents: bool = False
    return_it: bool = False  # then that trait goes back to its owner's hand

    def text(self) -> str:
        whose = "an opponent's" if self.opponents else "your"
        tail = " Then send that trait back to its owner's hand." if self.return_it else ""
        return f"Resolve the action of a {color_words(self.color)} trait in {whose} pile.{tail}"


@dataclass(frozen=True, slots=True)
class PassToNeighbour:
    """Every player hands 1 card to the player beside them, at once."""

    left: bool
    at_random: bool = False

    def text(self) -> str:
        how = "a random card" if self.at_random else "1 card of their choice"
        side = "left" if self.left else "right"
        return f"Every player, you too, hands {how} to the player on their {side}."


@dataclass(frozen=True, slots=True)
class PeekHand:
    def text(self) -> str:
        return "Look at the hand of an opponent of your choice."


@dataclass(frozen=True, slots=True)
class ShedTraits:
    """Discard up to ``up_to`` traits of your pile; for each, draw ``draw`` and discard ``pay``
    cards of your hand (a trait goes only while your hand can pay for it)."""

    up_to: int
    draw: int = 0
    pay: int = 0

    def text(self) -> str:
        each = []
        if self.draw:
            each.append(f"draw {plural(self.draw, 'card')}")
        if self.pay:
            each.append(f"discard {plural(self.pay, 'card')} from your hand")
        tail = f" For each one, {' and '.join(each)}." if each else ""
        return f"You may discard up to {plural(self.up_to, 'trait')} from your trait pile.{tail}"


@dataclass(frozen=True, slots=True)
class PlayMatching:
    """Play one more trait of ``filter`` from your hand, with its action."""

    filter: TraitFilter
    optional: bool = True

    def text(self) -> str:
        may = "You may play" if self.optional else "Play"
        return f"{may} another {self.filter.words()}, with its action."


@dataclass(frozen=True, slots=True)
class SwapOwnTraits:
    """Exchange up to ``up_to`` traits of ``filter`` from your pile for opponents' traits."""

    up_to: int
    filter: TraitFilter = ANY

    def text(self) -> str:
        what = self.filter.words().replace("trait", "traits", 1)
        return (
            f"You may exchange up to {self.up_to} {what} of your trait pile, one at a time, for "
            "traits of any opponents' piles."
        )


@dataclass(frozen=True, slots=True)
class DrawAndPlayColors:
    """Draw ``n``; discard the dominants drawn; play 1 drawn trait of each colour drawn, with
    no actions."""

    n: int

    def text(self) -> str:
        return (
            f"Draw {plural(self.n, 'card')} and discard any dominants among them. You may play 1 "
            "of the others for each color drawn, without their actions."
        )


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
    | DrawFromBottom
    | DiscardHand
    | ShuffleDiscardIntoDeck
    | SkipStabilize
    | Stabilize
    | TakeFromDiscard
    | UseColorAction
    | PassToNeighbour
    | PeekHand
    | ShedTraits
    | PlayMatching
    | SwapOwnTraits
    | DrawAndPlayColors
)


# --------------------------------------------------------------------------- requirements


@dataclass(frozen=True, slots=True)
class NeedInPile:
    filter: TraitFilter
    at_least: int

    def text(self) -> str:
        what = self.filter.words().replace("trait", "traits", 1)
        return f"You can play this only with {self.at_least}+ {what} in your pile."


class Payment(Enum):
    GIVE = "give"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class PayWithTrait:
    payment: Payment
    filter: TraitFilter
    n: int = 1

    def text(self) -> str:
        if self.payment is Payment.GIVE:
            return (
                f"To play this, move 1 {self.filter.words()} from your trait pile to an opponent's."
            )
        if self.n > 1:
            what = self.filter.words().replace("trait", "traits", 1)
            return f"To play this, discard {self.n} {what} from your trait pile."
        return f"To play this, discard 1 {self.filter.words()} from your trait pile."


# --- overlush ---


@dataclass(frozen=True, slots=True)
class NoDominants:
    def text(self) -> str:
        return "You can play this only while your trait pile holds no dominant."


@dataclass(frozen=True, slots=True)
class NotOnYourTurn:
    def text(self) -> str:
        return "Never played on your own turn."


@dataclass(frozen=True, slots=True)
class DiscardColors:
    """Discard ``n`` cards of different colours from your hand (one colour per card)."""

    n: int

    def text(self) -> str:
        return f"To play this, discard {self.n} cards of different colors from your hand."


Requirement = NeedInPile | PayWithTrait | NoDominants | NotOnYourTurn | DiscardColors


# --------------------------------------------------------------------------- out-of-turn plays


class PlayWhen(Enum):
    PREVENT_ACTION = "prevent"
    STEAL_PLAYED = "parasitic"
    INTO_OPPONENT_PILE = "self_awareness"
    AFTER_STABILIZE = "late"
    AT_WORLDS_END = "sneaky"
    # --- overlush ---
    ANY_TIME = "lucky"
    STEAL_AFTER_STABILIZE = "firebite"
    INSTEAD_OF_DISCARD = "muse"
    OPPONENT_REMOVES = "dart"
    TRAIT_LEAVES = "motion_dazzle"
    ENTERS_HAND_OFF_TURN = "elusive"

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
            # --- overlush ---
            PlayWhen.ANY_TIME: f"You may play {name} from your hand at any time, even on "
            "another player's turn.",
            PlayWhen.STEAL_AFTER_STABILIZE: f"Once you have stabilized, you may play {name} from "
            "your hand: then take 1 random card from each opponent's hand.",
            PlayWhen.INSTEAD_OF_DISCARD: f"When {name} is discarded from your hand, you may "
            "play it into your trait pile instead.",
            PlayWhen.OPPONENT_REMOVES: f"When an opponent takes a trait out of your trait pile, "
            f"you may play {name} from your hand.",
            PlayWhen.TRAIT_LEAVES: f"When a trait leaves your trait pile, you may play {name} "
            "from your hand.",
            PlayWhen.ENTERS_HAND_OFF_TURN: f"When {name} comes into your hand through an age or "
            "on another player's turn, you may play it at once.",
        }[self]


# --------------------------------------------------------------------------- persistent effects


class Persistent(Enum):
    COMES_BACK = "endurance"
    REGROW = "regenerative"
    IGNORE_CATASTROPHE = "denial"
    DRAW_AT_TURN_START = "echolocation"
    RETURN_ON_GREEN = "self_replicating"
    # --- overlush ---
    REFILL_AT_TURN_START = "adrenalized"
    MAY_SKIP_STABILIZE = "apricity"
    FILLS_DOMINANT_SLOTS = "epic"
    DRAW_WHEN_DISCARDED = "cap"
    DRAW_WHEN_REMOVED = "fleshy_scales"
    TRADE_EFFECTLESS = "harrier"
    GUARD_GREEN = "ironwood"
    GUARD_RED = "meek"
    ONE_FACE_ONE_AFTER = "mimicry"
    ACTION_FROM_HAND = "illusory"

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
            # --- overlush ---
            Persistent.REFILL_AT_TURN_START: "When your turn begins with 2 or fewer cards in "
            "your hand, draw 4 cards.",
            Persistent.MAY_SKIP_STABILIZE: "At the end of your turn, if your hand holds 8 or "
            "fewer cards, you may leave it as it is instead of stabilizing.",
            Persistent.FILLS_DOMINANT_SLOTS: f"{name} takes up both of your dominant places.",
            Persistent.DRAW_WHEN_DISCARDED: f"If {name} is discarded from your trait pile, draw "
            "3 cards.",
            Persistent.DRAW_WHEN_REMOVED: f"If {name} leaves your trait pile in any way, draw 1 "
            "card.",
            Persistent.TRADE_EFFECTLESS: "Once you have stabilized, you may discard 1 effectless "
            "trait from your hand to draw 3 cards.",
            Persistent.GUARD_GREEN: "While your trait pile holds 5 or fewer green traits "
            "(dominants aside), none of them can leave it.",
            Persistent.GUARD_RED: "While your trait pile holds 3 or fewer red traits, none of "
            "them can leave it.",
            Persistent.ONE_FACE_ONE_AFTER: "If you have played only 1 trait this turn, once you "
            "have stabilized you may play 1 trait with a face value of 1, without its action.",
            Persistent.ACTION_FROM_HAND: "If no trait with an action was played on your turn, "
            "once you have stabilized you may resolve the action of a card in your hand, then "
            "discard it.",
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
    # --- overlush ---
    DRAW_AND_PLAY = "blossom"
    OPPONENTS_LOSE_EFFECTLESS = "chompers"
    RETURN_FOR_POINTS = "lily_pad"

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
            # --- overlush ---
            WorldsEnd.DRAW_AND_PLAY: "When the world ends, draw 4 cards; you may then play 1 "
            "trait from your hand, with its action.",
            WorldsEnd.OPPONENTS_LOSE_EFFECTLESS: "When the world ends, each opponent discards "
            "1 random effectless trait from their pile; draw 1 card for each trait so lost.",
            WorldsEnd.RETURN_FOR_POINTS: "When the world ends, you may take up to 3 traits from "
            "your pile back into your hand: +1 for each.",
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
    # --- overlush ---
    LOWER_OF_COLORS = "trait of whichever of this color you have fewer of in your pile"
    FULL_COLOR_SETS = "full set of all 4 colors in your pile"
    HIGHEST_GENE_POOL = "the highest Gene Pool at the table"


_UNIT: dict[Count, str] = {
    Count.HAND: "card in your hand",
    Count.HIGHEST_GENE_POOL: "point of the highest Gene Pool at the table",  # --- overlush ---
}
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


# --- overlush ---


@dataclass(frozen=True, slots=True)
class IfPile:
    """``points`` once, if your pile holds at least (or at most) ``n`` traits of ``filter``."""

    points: int
    filter: TraitFilter
    n: int
    at_most: bool = False

    def text(self) -> str:
        bound = "or fewer" if self.at_most else "or more"
        what = self.filter.words().replace("trait", "traits", 1)
        return f"+{self.points} if your trait pile holds {self.n} {bound} {what}."


BonusRule = Bonus | MostTraitsBonus | IfPile


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
    gene_pool_opponents: bool = False  # --- overlush ---: the delta applies to each opponent

    @property
    def effectless(self) -> bool:
        return not (
            self.action
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
        if self.persistent:
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
            if self.gene_pool_opponents:
                who = "Every opponent gets "
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
