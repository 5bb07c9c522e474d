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
    """``n`` of ``word``: the noun before a qualifier takes the s ("3 traits with a face value
    of 1 or more")."""
    if n == 1:
        return f"{n} {word}"
    cut = min((i for i in (word.find(" with "), word.find(" (")) if i >= 0), default=len(word))
    return f"{n} {word[:cut]}s{word[cut:]}"


# --------------------------------------------------------------------------- trait filters


@dataclass(frozen=True, slots=True)
class TraitFilter:
    """Which traits an effect may pick: by colour, face value, or anything."""

    color: int | None = None  # a colour bit, COLORLESS (0) for colourless, None for any
    face: int | None = None  # exact face value
    min_face: int | None = None
    positive: bool = False
    max_face: int | None = None  # --- overlush ---: "negative" is max_face=-1
    family: str | None = None  # a set's name ("dinolings"): only that set's traits pass

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
        noun = family_word(self.family) if self.family is not None else "trait"
        tail = ""
        if self.face is not None:
            tail = f" with a face value of {self.face}"
        elif self.max_face == -1 and self.min_face is None:  # read before the range below
            tail = " with a negative face value"
        elif self.max_face is not None:
            low = 0 if self.min_face is None else self.min_face
            joint = "or" if self.max_face - low == 1 else "to"
            tail = f" with a face value of {low} {joint} {self.max_face}"
        elif self.min_face is not None:
            tail = f" with a face value of {self.min_face} or more"
        elif self.max_face is not None:
            tail = f" with a face value of {self.max_face} or less"
        return " ".join([*parts, noun]) + tail


ANY = TraitFilter()


def family_word(family: str) -> str:
    """What a card of set ``family`` is called on cards: ``dinolings`` -> ``Dinoling``."""
    return family.capitalize().removesuffix("s")


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
    """Look at ``n`` random cards of one opponent's hand (0: the whole hand); take one and
    play it."""

    n: int

    def text(self) -> str:
        if self.n == 0:
            return "Look at an opponent's whole hand. Take 1 card of it and play it at once."
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
    optional: bool = False

    def text(self) -> str:
        if self.optional:
            return "You may discard 1 trait from your trait pile."
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
    effectless: bool = False  # only an effectless trait

    def text(self) -> str:
        may = "You may play" if self.optional else "Play"
        kind = "effectless trait" if self.effectless else "trait"
        if self.source is Source.HAND:
            what = f"another {kind}"
        elif self.source is Source.DISCARD:
            what = f"1 {kind} from the discard pile"
        else:
            what = "the trait on top of the discard pile"
        tail = "" if self.with_action or self.effectless else " Skip its action."
        if self.source is not Source.HAND and self.with_action and not self.effectless:
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
    n: int = 1
    last: int = 0  # look at the last ``last`` cards of the age deck instead

    def text(self) -> str:
        if self.last:
            return f"Look at the last {plural(self.last, 'age card')} of the age deck."
        if self.n > 1:
            return f"Look at the next {self.n} age cards."
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
        if self.who is Who.OPPONENTS:  # --- fuzelings ---
            return "Each opponent stabilizes at once."
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


# --- dinolings ---


@dataclass(frozen=True, slots=True)
class DrawThenTrade:
    """Draw ``n``; you may discard this trait to play one of them, discarding the others."""

    n: int

    def text(self) -> str:
        return (
            f"Draw {plural(self.n, 'card')}. You may then discard this trait from your pile to "
            "play 1 of the drawn cards in its place; the other drawn cards are discarded."
        )


@dataclass(frozen=True, slots=True)
class PlayHandAction:
    """Resolve the action of a card in your hand; the card stays there."""

    def text(self) -> str:
        return "Resolve the action of a card in your hand (the card stays in your hand)."


@dataclass(frozen=True, slots=True)
class DrawAndPlay:
    """Draw 1: a dominant is discarded, any other trait is played at once without its action."""

    def text(self) -> str:
        return (
            "Draw 1 card. A dominant trait is discarded; any other is played at once if it can "
            "be, without its action."
        )


# --- mythlings, prototypes, relics, special edition ---


@dataclass(frozen=True, slots=True)
class DigForColor:
    """Ancient: name a colour, draw ``n``, keep one of that colour, the rest to the bottom."""

    n: int

    def text(self) -> str:
        return (
            f"Name a color and draw {plural(self.n, 'card')}. Keep 1 of them of that color; "
            "the others go to the bottom of the trait deck."
        )


@dataclass(frozen=True, slots=True)
class DiscardWholeHand:
    """Discard every card in hand; ``skip_stabilize``: this turn ends without stabilizing."""

    skip_stabilize: bool = False

    def text(self) -> str:
        tail = " You do not stabilize this turn." if self.skip_stabilize else ""
        return f"Throw away your whole hand.{tail}"


@dataclass(frozen=True, slots=True)
class DiscardOpponentTrait:
    """You pick a trait of an opponent's pile that passes ``filter``; it is discarded."""

    filter: TraitFilter = ANY

    def text(self) -> str:
        return f"Pick a {self.filter.words()} in an opponent's trait pile: it is discarded."


@dataclass(frozen=True, slots=True)
class DiscardThenPlay:
    """Discard up to ``n`` cards, then play as many traits from the hand, without actions."""

    n: int

    def text(self) -> str:
        return (
            f"Throw away up to {plural(self.n, 'card')} from your hand, then play that many "
            "traits from your hand, skipping their actions."
        )


@dataclass(frozen=True, slots=True)
class PeekAges:
    """Look at ``n`` ages of the age deck: the next ones, or the last ones (``bottom``)."""

    n: int
    bottom: bool = False

    def text(self) -> str:
        where = "at the bottom of" if self.bottom else "on top of"
        return f"Look at the {plural(self.n, 'age')} {where} the age deck."


@dataclass(frozen=True, slots=True)
class RearrangeAges:
    """Look at the next ``n`` ages and put them back in the order you like."""

    n: int

    def text(self) -> str:
        return f"Look at the next {plural(self.n, 'age')} and put them back in any order."


@dataclass(frozen=True, slots=True)
class StealFromEachAndPlay:
    """Charmed: a random card from each opponent's hand; play one, throw the rest away."""

    def text(self) -> str:
        return (
            "Take 1 random card from each opponent's hand. Play 1 of them at once and throw "
            "the others away."
        )


@dataclass(frozen=True, slots=True)
class OpponentsGiveColor:
    """Name a colour: each opponent moves a trait of it (passing ``filter``) into your pile."""

    filter: TraitFilter = ANY

    def text(self) -> str:
        return (
            f"Name a color: each opponent moves 1 {self.filter.words()} of that color from "
            "their trait pile into yours."
        )


# --- deeplings ---
@dataclass(frozen=True, slots=True)
class SuppressFromPile:
    """Turn traits of your own pile face down (docs/rulings.md, Deeplings): ``n`` of them
    (``up_to``: as many as you like up to ``n``), or with ``n`` None every one that passes
    ``filter`` (``gene_pool``: every one with a Gene Pool change). Never the card itself, nor
    a dominant."""

    n: int | None = 1
    filter: TraitFilter = ANY
    up_to: bool = False
    gene_pool: bool = False

    def text(self) -> str:
        if self.n is None:
            what = "trait with a +/- Gene Pool effect" if self.gene_pool else self.filter.words()
            return f"Suppress every {what} in your trait pile."
        amount = f"up to {self.n}" if self.up_to else str(self.n)
        noun = self.filter.words() + ("s" if self.n != 1 else "")
        return f"Suppress {amount} other {noun} in your trait pile."


@dataclass(frozen=True, slots=True)
class SuppressFromHand:
    """Put ``n`` chosen cards of your hand face down into your trait pile."""

    n: int

    def text(self) -> str:
        return f"Suppress {plural(self.n, 'card')} from your hand."


@dataclass(frozen=True, slots=True)
class SetGenePool:
    value: int

    def text(self) -> str:
        return f"Your Gene Pool becomes {self.value}."


@dataclass(frozen=True, slots=True)
class StealAndSuppress:
    def text(self) -> str:
        return "Take a trait from an opponent's trait pile into yours, then suppress it."


@dataclass(frozen=True, slots=True)
class RightNamesColorSuppressHand:
    def text(self) -> str:
        return (
            "The opponent on your right names a color: suppress every card of that color "
            "from your hand."
        )


# --- moonlings ---
@dataclass(frozen=True, slots=True)
class ReturnAnyOwnTrait:
    def text(self) -> str:
        return "Take 1 trait from your trait pile back into your hand."


@dataclass(frozen=True, slots=True)
class GiveToOpponent:
    """Pick one opponent, then hand them ``n`` cards of your choice."""

    n: int

    def text(self) -> str:
        return f"Hand {plural(self.n, 'card')} from your hand to one opponent."


@dataclass(frozen=True, slots=True)
class SkipStabilize:
    def text(self) -> str:
        return "Do not stabilize at the end of this turn."


class Check(Enum):
    """What an :class:`OnlyIf` effect compares with its limit."""

    GENE_POOL_AT_MOST = "your Gene Pool is {} or lower"
    HAND_AT_MOST = "you hold {} cards or fewer"


@dataclass(frozen=True, slots=True)
class OnlyIf:
    """``effect`` happens only if the check holds when it resolves."""

    check: Check
    limit: int
    effect: Draw | StealTrait

    def text(self) -> str:
        then = self.effect.text()
        return f"If {self.check.value.format(self.limit)}, {then[0].lower()}{then[1:]}"


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


@dataclass(frozen=True, slots=True)
class CopyDominant:
    """Opposable Thumbs: it becomes a copy of another dominant of its owner's pile for the
    rest of the game, and that dominant's play effects happen as if the copy were played."""

    def text(self) -> str:
        return (
            "It becomes an exact copy of another dominant in your trait pile for the rest of "
            "the game, and is played as that copy."
        )


# --- glitterlings ---
@dataclass(frozen=True, slots=True)
class DrawChain:
    """Draw 1 card (``reveal``: shown to everyone). A dominant drawn is discarded, and this
    trait with it, when ``dominant_discards``; a card that passes ``play`` (and, with
    ``effectless`` or ``no_action``, is effectless or has no action) is played at once if it
    can be, without its action. Then draw again while the card drawn was played
    (``repeat_played``) or belongs to the set ``repeat_family``."""

    play: TraitFilter = ANY
    effectless: bool = False
    no_action: bool = False
    repeat_played: bool = False
    repeat_family: str | None = None
    dominant_discards: bool = False
    reveal: bool = False

    def text(self) -> str:
        parts = ["Draw 1 card and show it." if self.reveal else "Draw 1 card."]
        if self.dominant_discards:
            parts.append("If it is dominant, discard it and this trait.")
        what = "it"
        if self.effectless:
            what = "it is effectless"
        elif self.no_action:
            what = "it has no action"
        if self.play != ANY:
            what = f"it is a {self.play.words()}"
        head = "Otherwise, if" if self.dominant_discards else "If"
        again = ", and do this again" if self.repeat_played else ""
        bare = self.effectless or self.no_action  # nothing to leave out
        skip = "" if bare else ", without its action"
        parts.append(f"{head} {what}, play it at once{skip}{again}.")
        if self.repeat_family is not None:
            parts.append(f"If it is a {family_word(self.repeat_family)}, do this again.")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class ShiftGenePools:
    """A lasting Gene Pool change of ``n`` for the players ``who`` names."""

    n: int
    who: Who = Who.OPPONENTS

    def text(self) -> str:
        whom = {
            Who.YOU: "You get",
            Who.OPPONENTS: "Each opponent gets",
            Who.ALL: "Every player gets",
        }
        return f"{whom[self.who]} {self.n:+d} Gene Pool."


@dataclass(frozen=True, slots=True)
class GiveEachOpponent:
    """Hand each opponent, in turn order, 1 card of your choice from your hand."""

    def text(self) -> str:
        return "Hand each opponent 1 card of your choice from your hand."


@dataclass(frozen=True, slots=True)
class IfDrawn:
    """Draw 1 card and show it: ``effect`` happens if it is of ``color`` (or colorless, with
    ``or_colorless``)."""

    effect: Action
    color: int
    or_colorless: bool = False

    def text(self) -> str:
        what = color_words(self.color) + (" or colorless" if self.or_colorless else "")
        then = self.effect.text()
        return f"Draw 1 card and show it. If it is {what}, {then[0].lower()}{then[1:]}"


@dataclass(frozen=True, slots=True)
class MayDiscardFromHands:
    """Every player, in turn order, may discard any of their hand cards that pass ``filter``."""

    filter: TraitFilter

    def text(self) -> str:
        what = self.filter.words().replace("trait", "cards", 1)
        return f"Every player, you too, may discard any {what} from their hand."


@dataclass(frozen=True, slots=True)
class GuessTopColor:
    """Name a colour and discard the top card of the trait deck: if it is of that colour,
    every player draws ``n``."""

    n: int

    def text(self) -> str:
        return (
            "Name a color and discard the top card of the trait deck. If it is of that color, "
            f"every player, you too, draws {plural(self.n, 'card')}."
        )


@dataclass(frozen=True, slots=True)
class MillAndPlay:
    """Discard the top ``n`` cards of the trait deck; play each that passes ``filter``, in
    the order discarded, without its action."""

    n: int
    filter: TraitFilter

    def text(self) -> str:
        return (
            f"Discard the top {plural(self.n, 'card')} of the trait deck. Play every "
            f"{self.filter.words()} "
            "among them, without their actions."
        )


@dataclass(frozen=True, slots=True)
class PlayBothOrNeither:
    """Draw 2; you may play both, without their actions, and discard this trait."""

    def text(self) -> str:
        return (
            "Draw 2 cards. You may play both of them, without their actions, and then "
            "discard this trait; or play neither."
        )


# --- fuzelings ---
def families_words(families: tuple[str, ...]) -> str:
    """``("deeplings", "glitterlings")`` -> ``Deepling or Glitterling``."""
    return " or ".join(family_word(f) for f in families)


@dataclass(frozen=True, slots=True)
class DrawAndSuppress:
    """Draw 1 card and suppress it; again while the card is of one of ``families``."""

    families: tuple[str, ...]

    def text(self) -> str:
        return (
            f"Draw 1 card and suppress it. If it is a {families_words(self.families)}, do this "
            "again."
        )


@dataclass(frozen=True, slots=True)
class GiveFamiliesToOpponent:
    """Hand one opponent of your choice every card of ``families`` in your hand."""

    families: tuple[str, ...]

    def text(self) -> str:
        what = " and ".join(family_word(f) for f in self.families)
        return f"Hand every {what} card in your hand to one opponent."


@dataclass(frozen=True, slots=True)
class GiveThenSuppressColor:
    """Hand 1 card to an opponent, then suppress every hand card sharing a colour with it."""

    def text(self) -> str:
        return (
            "Hand 1 card from your hand to an opponent. Then suppress every card in your hand "
            "that shares a color with it (every colorless card, if it is colorless)."
        )


@dataclass(frozen=True, slots=True)
class OpponentsPassHandsRight:
    """Every opponent passes their hand to the next opponent on their right; yours stays."""

    def text(self) -> str:
        return (
            "Each opponent passes their whole hand to the next opponent on their right; your "
            "hand stays where it is."
        )


@dataclass(frozen=True, slots=True)
class StabilizeToYours:
    """Each opponent stabilizes to your Gene Pool."""

    def text(self) -> str:
        return "Each opponent stabilizes to your Gene Pool at once."


@dataclass(frozen=True, slots=True)
class SuppressWholeHand:
    def text(self) -> str:
        return "Suppress every card in your hand."


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
    | DrawThenTrade
    | PlayHandAction
    | DrawAndPlay
    | CopyDominant
    # --- mythlings, prototypes, relics, special edition ---
    | DigForColor
    | DiscardWholeHand
    | DiscardOpponentTrait
    | DiscardThenPlay
    | PeekAges
    | RearrangeAges
    | StealFromEachAndPlay
    | OpponentsGiveColor
    # --- deeplings ---
    | SuppressFromPile
    | SuppressFromHand
    | SetGenePool
    | StealAndSuppress
    | RightNamesColorSuppressHand
    # --- moonlings ---
    | ReturnAnyOwnTrait
    | GiveToOpponent
    | SkipStabilize
    | OnlyIf
    | OpponentsPlayThenTake
    | RestartRound
    | DrawFromBottom
    | DiscardHand
    | ShuffleDiscardIntoDeck
    | TakeFromDiscard
    | UseColorAction
    | PassToNeighbour
    | PeekHand
    | ShedTraits
    | PlayMatching
    | SwapOwnTraits
    | DrawAndPlayColors
    # --- glitterlings ---
    | DrawChain
    | ShiftGenePools
    | GiveEachOpponent
    | IfDrawn
    | MayDiscardFromHands
    | GuessTopColor
    | MillAndPlay
    | PlayBothOrNeither
    # --- fuzelings ---
    | DrawAndSuppress
    | GiveFamiliesToOpponent
    | GiveThenSuppressColor
    | OpponentsPassHandsRight
    | StabilizeToYours
    | SuppressWholeHand
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
    # --- dinolings ---
    DISCARD_HAND_OR_PILE = "discard_hand_or_pile"
    # --- deeplings ---
    SUPPRESS = "suppress"


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
        what = plural(self.n, self.filter.words())
        if self.payment is Payment.SUPPRESS:
            return f"To play this, suppress {what} in your trait pile."
        if self.payment is Payment.DISCARD_HAND_OR_PILE:
            return f"To play this, discard {what} from your hand or your trait pile."
        return f"To play this, discard {what} from your trait pile."


# --- overlush (traits b) ---


@dataclass(frozen=True, slots=True)
class NeedGenePool:
    at_most: int

    def text(self) -> str:
        return f"You can play this only with a Gene Pool of {self.at_most} or less."


# --- overlush ---


@dataclass(frozen=True, slots=True)
class NoDominants:
    def text(self) -> str:
        return "You can play this only while your trait pile holds no dominant."


@dataclass(frozen=True, slots=True)
class NotOnYourTurn:
    def text(self) -> str:
        return "You can never play this on your own turn."


@dataclass(frozen=True, slots=True)
class NeedDominant:
    """Opposable Thumbs: a dominant must already be in the pile."""

    def text(self) -> str:
        return "You can play this only while your trait pile holds a dominant."


# --- special edition ---


@dataclass(frozen=True, slots=True)
class FromDiscardAfterColors:
    """Conjured: never from the hand; from the discard pile once you have played traits of
    ``colors`` or more colors on your turn."""

    colors: int

    def text(self) -> str:
        return (
            "You cannot play this from your hand. Once you have played traits of "
            f"{self.colors} or more colors on your turn, you may play it from the discard pile."
        )


# --- moonlings ---
@dataclass(frozen=True, slots=True)
class PayWithHand:
    """A price paid from the hand: ``n`` random cards given to an opponent of your choice."""

    n: int

    def text(self) -> str:
        return f"To play this, hand {plural(self.n, 'random card')} from your hand to an opponent."


@dataclass(frozen=True, slots=True)
class DiscardColors:
    """Discard ``n`` cards of different colours from your hand (one colour per card)."""

    n: int

    def text(self) -> str:
        return f"To play this, discard {self.n} cards of different colors from your hand."


# --- fuzelings ---
@dataclass(frozen=True, slots=True)
class HandAtMost:
    n: int

    def text(self) -> str:
        return f"You can play this only while holding {self.n} other cards or fewer."


Requirement = (
    NeedInPile
    | PayWithTrait
    | NeedGenePool
    | NotOnYourTurn
    | FromDiscardAfterColors
    | PayWithHand
    | NoDominants
    | NeedDominant
    | DiscardColors
    | HandAtMost
)


# --------------------------------------------------------------------------- out-of-turn plays


class PlayWhen(Enum):
    PREVENT_ACTION = "prevent"
    STEAL_PLAYED = "parasitic"
    INTO_OPPONENT_PILE = "self_awareness"
    AFTER_STABILIZE = "late"
    AT_WORLDS_END = "sneaky"
    # --- overlush (traits b) ---
    ANY_TIME = "any_time"  # in any window, on anyone's turn
    DISCARD_FOR_TRAIT = "nimble"
    # --- mythlings, prototypes, special edition ---
    INTO_ACTING_PILE = "effigial"
    ANY_TIME_ALL_COLORS = "rainbow_horn"
    WHEN_STOLEN_FROM = "gelatinous"
    TAKE_DISCARDED_TRAIT = "necromantic"
    OPPONENT_DOMINANT = "orcish_tusks"
    PREVENT_TAKE_THAT = "righteous"
    MAY_PLAY_DISCARDED = "witchy"
    DISCARDED_INTO_OPPONENT = "zombified"
    MUST_PLAY_DISCARDED = "ghostly"
    OPPONENT_PLAYS_TWO = "seconder"
    # --- moonlings ---
    INTO_HIGH_GENE_POOL = "umbleboos"
    TAKE_BACK_PLAYED = "pinchy"
    STEAL_FROM_SECOND_PLAY = "snap_trap"
    AFTER_CATASTROPHE = "sleepy"
    AFTER_ROUND = "procrastination"
    RETURN_REMOVED = "patches"
    INTO_REMOVER_PILE = "quills"
    # --- overlush ---
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
            PlayWhen.ANY_TIME: f"You may play {name} from your hand at any time, even on "
            "another player's turn.",
            PlayWhen.DISCARD_FOR_TRAIT: f"On your turn you may discard {name} from your hand "
            "to discard 1 trait from your trait pile.",
            PlayWhen.INTO_ACTING_PILE: "When an opponent plays a trait with an action, you may "
            f"play {name} from your hand into their trait pile.",
            PlayWhen.ANY_TIME_ALL_COLORS: f"With all 4 colors in your trait pile, you may play "
            f"{name} from your hand whenever anyone may respond.",
            PlayWhen.WHEN_STOLEN_FROM: "When an opponent takes a card from your hand or a trait "
            f"from your pile, you may play {name} from your hand.",
            PlayWhen.TAKE_DISCARDED_TRAIT: "When a trait is discarded from an opponent's trait "
            f"pile, you may play {name} from your hand and take that trait into your hand.",
            PlayWhen.OPPONENT_DOMINANT: f"When an opponent plays a dominant trait, you may play "
            f"{name} from your hand.",
            PlayWhen.PREVENT_TAKE_THAT: f"Out of turn, you may play {name} from your hand to "
            "cancel an action as it happens, if it works on the acting player's opponents.",
            PlayWhen.MAY_PLAY_DISCARDED: f"When {name} is discarded from your hand, you may play "
            "it.",
            PlayWhen.DISCARDED_INTO_OPPONENT: f"When {name} is discarded from your hand, you may "
            "play it into an opponent's trait pile.",
            PlayWhen.MUST_PLAY_DISCARDED: f"When {name} is discarded from your hand, it is played "
            "at once.",
            PlayWhen.OPPONENT_PLAYS_TWO: "When an opponent plays a trait with a face value of 2, "
            f"you may play {name} from your hand.",
            # --- moonlings ---
            PlayWhen.INTO_HIGH_GENE_POOL: f"At any time you may play {name} from your hand "
            "into the trait pile of a player whose Gene Pool is 6 or more.",
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
            # --- overlush ---
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
    # --- overlush (traits b) ---
    DRAW_ON_RED_PLAY = "ravenous"
    DISCARD_BEFORE_STABILIZE = "whistler"
    TRADE_FOR_EXTRA_PLAY = "seedwing"
    # --- mythlings, prototypes ---
    BACK_TO_HAND = "witchy"
    TO_OPPONENT_HAND = "ghostly"
    DISCARD_IF_STOLEN = "gelatinous"
    # --- special edition ---
    REPLACE_LEAVER = "magic_fingers"
    # --- deeplings ---
    SUPPRESS_INSTEAD_OF_STABILIZE = "ethereal"
    # --- moonlings ---
    KEEP_IN_HAND = "grobblebobble"
    GENE_POOL_ONE = "popplebelly"
    DISCARD_SELF_TO_DRAW = "urf"
    # --- overlush (traits b) ---
    REPLAY_AFTER_EFFECTLESS = "skimmer"
    CATASTROPHE_AFTER_EFFECTLESS = "strange"
    STABILIZE_FROM_DISCARD = "scavenger"
    HAND_COUNTS_FOR_BONUSES = "sparkles"
    PLAY_DISCARD_TOP_WHEN_REMOVED = "mycelium"
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
    # --- glitterlings ---
    RETURN_AND_PLAY_RANDOM = "rainbow_magic"

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
            Persistent.BACK_TO_HAND: f"If {name} is discarded from your trait pile, it goes "
            "back into your hand.",
            Persistent.TO_OPPONENT_HAND: f"If {name} is discarded from your trait pile, it goes "
            "into the hand of an opponent you pick.",
            Persistent.DISCARD_IF_STOLEN: f"If anyone takes {name} from you, it is discarded.",
            Persistent.REPLACE_LEAVER: "Until the world ends, each time a trait leaves your "
            "trait pile, you may play a trait of its color from your hand in its place, "
            "without its action (dominants excluded).",
            # --- deeplings ---
            Persistent.SUPPRESS_INSTEAD_OF_STABILIZE: "Until the world ends, when you end your "
            "turn holding 6 cards or fewer, you may suppress 1 of them instead of stabilizing; "
            "if that leaves your hand empty, draw 2 cards.",
            # --- moonlings ---
            Persistent.KEEP_IN_HAND: f"Nothing can make you discard {name} from your hand.",
            Persistent.GENE_POOL_ONE: "While this is in your trait pile, your Gene Pool is 1 and "
            "nothing changes it. Draw 2 cards as each of your turns begins.",
            Persistent.DISCARD_SELF_TO_DRAW: f"As your turn begins, you may discard {name} from "
            "your trait pile to draw 3 cards.",
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
            # --- glitterlings ---
            Persistent.RETURN_AND_PLAY_RANDOM: f"Once you have stabilized, you may take {name} "
            "back into your hand; then play 1 random card from your hand, ignoring "
            "requirements and restrictions.",
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
    # --- relics ---
    IGNORE_DOOM = "omnibenevolent"
    # --- deeplings ---
    SUPPRESS_COLOR = "stygian"
    SUPPRESS_ONE = "undulating"
    # --- overlush ---
    DRAW_AND_PLAY = "blossom"
    OPPONENTS_LOSE_EFFECTLESS = "chompers"
    RETURN_FOR_POINTS = "lily_pad"
    # --- glitterlings ---
    STABILIZE_AND_SCORE_HAND = "awesome"
    REVEAL_DISCARD_TRAIT = "bubbly"
    REVEAL_RETURN_SELF = "ephemeral"

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
            WorldsEnd.IGNORE_DOOM: "When the world ends, nobody applies the final catastrophe's "
            "World's End effect.",
            # --- deeplings ---
            WorldsEnd.SUPPRESS_COLOR: "When the world ends, name a color and suppress every "
            "trait of it in your trait pile.",
            WorldsEnd.SUPPRESS_ONE: "When the world ends, suppress 1 other trait in your trait "
            "pile.",
            # --- overlush ---
            WorldsEnd.DRAW_AND_PLAY: "When the world ends, draw 4 cards; you may then play 1 "
            "trait from your hand, with its action.",
            WorldsEnd.OPPONENTS_LOSE_EFFECTLESS: "When the world ends, each opponent discards "
            "1 random effectless trait from their pile; draw 1 card for each trait so lost.",
            WorldsEnd.RETURN_FOR_POINTS: "When the world ends, you may take up to 3 traits from "
            "your pile back into your hand: +1 for each.",
            # --- glitterlings ---
            WorldsEnd.STABILIZE_AND_SCORE_HAND: "When the world ends, stabilize to 2 cards, "
            "then add the face values of the cards in your hand to your score (+17 at most).",
            WorldsEnd.REVEAL_DISCARD_TRAIT: "When the world ends, draw 1 card and show it. If "
            "it shares a color with this trait or is colorless, discard 1 trait from your "
            "trait pile.",
            WorldsEnd.REVEAL_RETURN_SELF: "When the world ends, draw 1 card and show it. If it "
            "shares a color with this trait or is colorless, take this trait back into your "
            "hand.",
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
    # --- dinolings ---
    DOMINANTS_IN_DISCARD = "dominant trait in the discard pile"
    NEGATIVE_IN_DISCARD = "trait with a negative face value in the discard pile"
    FAMILY_IN_DISCARD = "this family in the discard pile"
    # --- techlings ---
    HIGHEST_GENE_POOL = "the size of the largest Gene Pool at the table"
    HOST_FACE = "the face value of its host"
    HOST_COLOR_IN_PILE = "trait in your trait pile of its host's color"
    EFFECTLESS_IN_PILE = "effectless trait in your trait pile"
    FAMILY_HOSTING = (
        "this family in your trait pile (this one included); +2 each instead while a trait "
        "is attached to this one"
    )
    # --- mythlings, prototypes ---
    MYTHLINGS_ALL_PILES = "Mythlings trait in all trait piles (this one included)"
    # --- deeplings ---
    FACE_ONE_TRAITS = "trait with a face value of 1 in your pile"
    OPPONENTS_WITH_MORE_TRAITS = "opponent whose trait pile holds more traits than yours"
    SUPPRESSED_UNDER_THIS = "card suppressed under this one"
    # --- moonlings ---
    SAME_SET = "trait of this card's expansion in your trait pile (this one included)"
    LOWEST_GENE_POOL = "point of the lowest Gene Pool at the table"
    # --- overlush ---
    LOWER_OF_COLORS = "trait of whichever of this color you have fewer of in your pile"
    FULL_COLOR_SETS = "full set of all 4 colors in your pile"
    # --- glitterlings ---
    OPPONENT_DOMINANTS = "dominant trait in your opponents' trait piles"


_UNIT: dict[Count, str] = {
    Count.HAND: "card in your hand",
    # --- deeplings ---
    Count.COLORS_IN_PILE: "color in your trait pile",
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
    per: int = 1  # points for every ``per`` units counted
    family: str | None = None  # the set counted by Count.FAMILY_IN_DISCARD (and the like)

    def text(self) -> str:
        if self.value:
            return f"Worth {self.count.value}."
        what = _UNIT.get(self.count, self.count.value)
        if self.color is not None:
            what = what.replace("this color", color_words(self.color))
        if self.family is not None:
            what = what.replace("this family", family_word(self.family))
        sign = "+" if self.points > 0 else ""
        if self.per > 1:
            many = what.replace("trait", "traits", 1)
            return f"{sign}{self.points} for every {self.per} {many}."
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


# --------------------------------------------------------------------------- attachments
# --- techlings ---


class Grant(Enum):
    """What an attachment does to its host while attached."""

    NONE = "none"
    NO_TAKE = "no_take"  # cannot be stolen or swapped
    NO_DISCARD = "no_discard"
    NO_REMOVE = "no_remove"  # cannot leave its pile in any way
    INACTIVE = "inactive"  # its effects stop counting
    PLAY_ACTION = "play_action"  # its action resolves as the attachment arrives
    RECOLOR = "recolor"  # it takes the attachment's ``color``


_GRANT_TEXT: Final = {
    Grant.NONE: "",
    Grant.NO_TAKE: "The host cannot be stolen or swapped.",
    Grant.NO_DISCARD: "The host cannot be discarded.",
    Grant.NO_REMOVE: "The host cannot leave its trait pile in any way.",
    Grant.INACTIVE: "The host's effects stop counting.",
    Grant.PLAY_ACTION: "If the host has an action, resolve that action now.",
    Grant.RECOLOR: "The host is {color} from now on.",
}


@dataclass(frozen=True, slots=True)
class Attach:
    """Techlings' gear icon: as this trait enters its owner's pile it attaches to a host
    trait (of that pile, or of ``anywhere``), which keeps it while both stay in piles."""

    anywhere: bool = False
    effectless: bool = False  # the host must be effectless
    grant: Grant = Grant.NONE
    color: int | None = None  # Grant.RECOLOR: the colour given; hosts of it already are refused
    moves: bool = False  # may move to another host of its pile at the end of each turn
    double_face: bool = False  # the host's face value counts twice (Solar-Powered)

    def text(self) -> str:
        kind = "effectless trait" if self.effectless else "trait"
        if self.color is not None:
            kind = f"non-{color_words(self.color)} trait"
        where = "any trait pile" if self.anywhere else "your trait pile"
        parts = [f"Attaches to a{'n' if kind[0] == 'e' else ''} {kind} in {where} as it is played."]
        grant = _GRANT_TEXT[self.grant]
        if grant:
            parts.append(grant.format(color=color_words(self.color or 0)))
        if self.double_face:
            parts.append("The host's face value counts double.")
        if self.moves:
            parts.append("At the end of each turn you may move it to another host in your pile.")
        return " ".join(parts)


# --- mythlings ---


@dataclass(frozen=True, slots=True)
class AllColorsBonus:
    points: int

    def text(self) -> str:
        return f"+{self.points} if your trait pile holds all 4 colors."


# --- deeplings ---
@dataclass(frozen=True, slots=True)
class ThresholdBonus:
    """``points`` once if ``count`` is at least ``at_least`` (or at most ``at_most``)."""

    count: Count
    points: int
    at_least: int | None = None
    at_most: int | None = None

    def applies(self, n: int) -> bool:
        if self.at_least is not None and n < self.at_least:
            return False
        return self.at_most is None or n <= self.at_most

    def text(self) -> str:
        what = {Count.TRAITS: "traits in your trait pile", Count.HAND: "cards in your hand"}[
            self.count
        ]
        bound = (
            f"{self.at_least} or more" if self.at_least is not None else f"{self.at_most} or fewer"
        )
        return f"{self.points:+d} if you have {bound} {what}."


# --- moonlings ---
@dataclass(frozen=True, slots=True)
class LowGenePoolBonus:
    """``points`` to every player, this card's owner or not, whose Gene Pool is at most
    ``at_most``."""

    points: int
    at_most: int

    def text(self) -> str:
        return f"Every player whose Gene Pool is {self.at_most} or less scores {self.points:+d}."


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


# --- fuzelings ---
@dataclass(frozen=True, slots=True)
class FamiliesBonus:
    """``points`` for each trait of ``families`` in your pile, and for this one (whatever its
    own set)."""

    families: tuple[str, ...]
    points: int = 1

    def text(self) -> str:
        what = families_words(self.families)
        return f"{self.points:+d} for each {what} in your trait pile (this one included)."


@dataclass(frozen=True, slots=True)
class SuppressedUnderBonus:
    """``points`` once, if a trait of ``families`` in your pile has a suppressed card under it."""

    points: int
    families: tuple[str, ...]

    def text(self) -> str:
        what = families_words(self.families)
        return f"{self.points:+d} if a {what} in your trait pile has a suppressed card under it."


BonusRule = (
    Bonus
    | MostTraitsBonus
    | ColorThreshold
    | OpponentsColorDeficit
    | AllColorsBonus
    | ThresholdBonus
    | LowGenePoolBonus
    | IfPile
    | FamiliesBonus
    | SuppressedUnderBonus
)


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
    attach: Attach | None = None  # Techlings' gear icon

    @property
    def attachment(self) -> bool:
        return self.attach is not None

    gene_pool_opponents: bool = False  # --- overlush ---: the delta applies to each opponent

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
            or self.attach
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
        if self.attach:
            kinds.append("attachment")
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
        if self.attach:
            parts.append(self.attach.text())
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
    # --- overlush and kickstarter ages ---
    DRAW_THREE = "draw_three"
    NO_NEGATIVE = "no_negative"
    NO_MULTICOLOR = "no_multicolor"
    NO_DOMINANT = "no_dominant"
    MAY_DISCARD_COLOR = "may_discard_color"  # the colour is the age's ``effect_color``
    MAY_DISCARD_ANY = "may_discard_any"
    MAY_DISCARD_TRAIT = "may_discard_trait"
    MAY_RETURN_TRAIT = "may_return_trait"
    MAY_REPLACE_ONE = "may_replace_one"
    STAR_TAILS = "star_tails"
    RESHUFFLE_DISCARDS = "reshuffle_discards"
    STRANGER = "stranger"
    PAINTED_VALLEY = "painted_valley"
    HARLEQUIN = "harlequin"
    DUELING_MOONS = "dueling_moons"
    CRACKLETOWN = "crackletown"
    ADVENTURE = "adventure"
    PLAY_NEGATIVES = "play_negatives"
    ENVY = "envy"
    LIVING_LIBRARY = "living_library"
    JOY = "joy"
    TWO_QUIET_PLAYS = "two_quiet_plays"
    MOKOKO = "mokoko"
    PLAY_FROM_DECK = "play_from_deck"
    SWAMPLANDS = "swamplands"
    ECHO_PREVIOUS = "echo_previous"
    KING_OF_THE_JUNGLE = "king_of_the_jungle"
    FACE_UP_DECK = "face_up_deck"
    RAMBLIN = "ramblin"
    # --- dinolings ---
    BADLANDS = "badlands"  # when flipped: discard 1, then 1 card each from the discard pile
    # --- techlings ---
    OPEN_HANDS = "open_hands"  # every hand is shown to everyone
    # --- mythlings ---
    OZMORIAN_WINDS = "ozmorian_winds"
    # --- deeplings ---
    SOLITUDE = "solitude"
    FADING_AWAY = "fading_away"
    # --- moonlings ---
    QUIET_MOMENT = "quiet_moment"
    MOONLIGHT = "moonlight"
    # --- glitterlings ---
    GLITTERSTORM = "glitterstorm"  # as a turn begins: 1 to 3 random discards, then stabilize
    SHOW_A_DRAW = "show_a_draw"  # as a turn begins: draw 1 and show it
    DRAW_FOUR = "draw_four"  # as a turn begins: draw 4
    # --- fuzelings ---
    REVERIE = "reverie"  # as a turn begins: suppress 1 random card, then hand 1 to the left
    UNUSUAL_FRIENDS = "unusual_friends"  # playing a Deepling, Moonling or Glitterling draws 2
    # --- newer (2025, unverified) ---
    MAY_STABILIZE_FIVE = "may_stabilize_five"  # as a turn begins: may stabilize to 5
    FIRST_FERNS = "first_ferns"  # as a turn begins, with 7 traits or fewer: an effectless play
    LAST_DRAGONS = "last_dragons"  # as a turn begins: draw 3, keep them or the rest
    CARBON_BOOM = "carbon_boom"  # as a turn begins: 2 cards off the discard pile (or the deck)
    INDUSTRIAL = "industrial"  # the turn's trait an attachment: one more play
    OPEN_PORTALS = "open_portals"  # as a turn begins: 2 chosen discards or 1 at random
    ANCIENTS = "ancients"  # instead of the turn: play 1 of the top 4 of the discard pile
    SLUMBER = "slumber"  # as a turn begins: draw 1


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
    # --- overlush catastrophes ---
    DRAW_PER_NEGATIVE = "draw_per_negative"
    DISCARD_ACTIONS = "discard_actions"
    DISCARD_COLORS_AND_STABILIZE = "discard_colors_and_stabilize"  # colours: ``effect_color``
    IGNORE_COLOR_ACTIONS = "ignore_color_actions"  # for the round, of ``effect_color``
    DISCARD_PER_COLOR_KIND = "discard_per_color_kind"
    PASS_COLOR_RIGHT = "pass_color_right"
    RETURN_POSITIVE = "return_positive"
    KEEP_ONE_COLOR = "keep_one_color"
    DISCARD_HIGH = "discard_high"
    # --- dinolings ---
    DISCARD_PER_DOMINANT = "discard_per_dominant"
    # --- techlings ---
    COLOR_FOR_LEFT = "color_for_left"  # name a colour: the player on your left loses it from hand
    # --- mythlings ---
    DISCARD_LOWEST_LOSES_TRAIT = "discard_lowest_loses_trait"
    # --- deeplings ---
    SUPPRESS_HAND_AND_STABILIZE = "suppress_hand_and_stabilize"
    # --- glitterlings ---
    DISCARD_HAND = "discard_hand"
    # --- fuzelings ---
    ISOLATION = "isolation"  # with 3 cards or fewer: suppress 1 at random, then stabilize
    # --- newer (2025, unverified) ---
    DISCARD_THREE_UP_AND_STABILIZE = "discard_three_up_and_stabilize"
    DISCARD_THREE_SPARING = "discard_three_sparing"  # Mythlings may not be discarded
    DISCARD_PER_TECHLING_THEN_DRAW = "discard_per_techling_then_draw"
    KEEP_ONE_IF_DOMINANT = "keep_one_if_dominant"


class Doom(Enum):
    """A catastrophe's gold World's End text."""

    COLORLESS_WORTH_TWO = "colorless_worth_two"
    DRAW_FACE_VALUE = "draw_face_value"
    DISCARD_TRAIT = "discard_trait"
    MOST_TRAITS_MINUS_FIVE = "most_traits_minus_five"
    MINUS_PER_COLOR = "minus_per_color"
    FEWEST_TRAITS_PLUS_FOUR = "fewest_traits_plus_four"
    MINUS_PER_MISSING_COLOR = "minus_per_missing_color"
    # --- overlush catastrophes ---
    PLUS_PER_COLOR_LEFT = "plus_per_color_left"
    MINUS_PER_ACTION = "minus_per_action"
    MINUS_FOUR_IF_FEW = "minus_four_if_few"
    PLUS_TWO_PER_NEGATIVE = "plus_two_per_negative"
    MINUS_PER_HAND_CARD = "minus_per_hand_card"
    MINUS_GENE_POOL = "minus_gene_pool"
    MINUS_TWO_PER_DROP = "minus_two_per_drop"
    SCORE_HAND_CARD = "score_hand_card"
    DISCARD_DROP = "discard_drop"
    # --- dinolings ---
    MINUS_PER_MATCH = "minus_per_match"  # -1 per trait of the pile that doom_filter accepts
    # --- techlings ---
    DISCARD_TOP_COLOR = "discard_top_color"  # a random trait of the pile's most common colour
    # --- mythlings ---
    DISCARD_HIGHEST = "discard_highest"
    # --- deeplings ---
    MANY_TRAITS_MINUS_FIVE = "many_traits_minus_five"  # 12 or more traits
    # --- moonlings ---
    HIGH_GENE_POOL_MINUS_FIVE = "high_gene_pool_minus_five"  # a Gene Pool of 4 or more
    # --- glitterlings ---
    TOP_COLOR_COUNTS = "top_color_counts"  # +1 per trait of the top deck card's colour
    # --- fuzelings ---
    SMALL_HAND_CARD = "small_hand_card"  # with 3 cards or fewer: a hand card's face value
    # --- newer (2025, unverified) ---
    CROWDED_MINUS_SEVEN = "crowded_minus_seven"  # more than 20 traits
    FAMILY_IN_HAND = "family_in_hand"  # the face values of the held cards of a set
    DISCARD_ATTACHMENTS = "discard_attachments"  # 2 attachments of the pile
    OLD_POWERS = "old_powers"  # +3 for a dominant of the older families, +5 for 2


@dataclass(frozen=True, slots=True)
class Age:
    name: str
    text: str
    rule: AgeRule = AgeRule.NONE
    catastrophe: bool = False
    birth_of_life: bool = False
    gene_pool: int = 0
    effect: CatastropheEffect | None = None
    effect_color: int | None = None  # colour(s) the rule or the white text names
    doom: Doom | None = None
    doom_filter: TraitFilter | None = None  # which trait DISCARD_TRAIT takes
    doom_color: int | None = None  # colour the gold text counts
    doom_text: str = ""
    # --- moonlings ---
    gene_pool_floor: int = 0  # the Gene Pool change stops here (0: no floor)


# --------------------------------------------------------------------------- trinkets
# --- trinkets ---


@dataclass(frozen=True, slots=True)
class TraitTest:
    """Which traits a trinket's power or objective speaks of: by colour (any of ``color``'s
    bits; ``COLORLESS`` for colourless), face value, dominance or the kind of effect."""

    color: int | None = None
    min_face: int | None = None
    max_face: int | None = None
    dominant: bool = False
    effectless: bool = False
    drop_of_life: bool = False
    action: bool = False

    def accepts(self, trait: Trait, colors: int) -> bool:
        """Whether ``trait``, now of ``colors``, passes (a variable face value counts as 0)."""
        if self.color is not None and not (
            not colors if self.color == COLORLESS else colors & self.color
        ):
            return False
        face = trait.face or 0
        if self.min_face is not None and face < self.min_face:
            return False
        if self.max_face is not None and face > self.max_face:
            return False
        if self.dominant and not trait.dominant:
            return False
        if self.effectless and not trait.effectless:
            return False
        if self.drop_of_life and trait.bonus is None:
            return False
        return not (self.action and not trait.action)

    def words(self, n: int = 1) -> str:
        """``n`` such traits in words: ``2 red traits``, ``1 trait with an action``."""
        noun = "trait" if n == 1 else "traits"
        if self.dominant:
            noun = "dominant" if n == 1 else "dominants"
        elif self.effectless:
            noun = "effectless trait" if n == 1 else "effectless traits"
        front = ""
        if self.color is not None:
            front = " or ".join(color_names(self.color)) or "colorless"
            front += " "
        tail = ""
        if self.drop_of_life:
            tail = " with a Drop of Life"
        elif self.action:
            tail = " with an action (A)"
        elif self.max_face is not None and self.max_face < 0:
            front = "negative " + front
        elif self.min_face is not None and self.max_face is not None:
            tail = f" with a face value of {self.min_face}"
        elif self.min_face is not None:
            tail = f" with a face value of {self.min_face} or more"
        elif self.max_face is not None:
            tail = f" with a face value of {self.max_face} or less"
        return f"{n} {front}{noun}{tail}"

    def one(self) -> str:
        """One such trait, with its article: ``a red trait``, ``an effectless trait``."""
        words = self.words(1)[2:]
        return ("an " if words[0] in "aeiou" else "a ") + words


ANY_TRAIT_TEST: Final = TraitTest()


class PowerKind(Enum):
    """What an Awesome Power does while its trinket is held and not pocketed."""

    CANNOT_PLAY = "cannot_play"  # you cannot play traits the test accepts
    NO_NEGATIVE_INTO_PILE = "no_negative_into_pile"  # nobody plays a negative into your pile
    NO_PLAYS_OFF_TURN = "no_plays_off_turn"
    ONE_PLAY_PER_TURN = "one_play_per_turn"
    DRAW_ONLY_STABILIZING = "draw_only_stabilizing"
    PREVENT_OWN_ACTIONS = "prevent_own_actions"
    DRAW_ON_PLAY = "draw_on_play"  # you may draw n after playing a trait the test accepts
    STABILIZE_TO = "stabilize_to"  # stabilize to n, not to your Gene Pool
    TURN_START_DRAW = "turn_start_draw"
    TURN_START_DISCARD = "turn_start_discard"
    TURN_START_MAY_DISCARD = "turn_start_may_discard"
    TURN_START_DISCARD_DOMINANTS = "turn_start_discard_dominants"
    TURN_START_MAY_PLAY = "turn_start_may_play"  # one trait the test accepts, with its effects
    OPPONENTS_MAY_DRAW = "opponents_may_draw"  # at the start of your turn
    POCKET_AT_WORLDS_END = "pocket_at_worlds_end"
    DISCARD_OWN_DOMINANT = "discard_own_dominant"  # your effects may discard your dominants


@dataclass(frozen=True, slots=True)
class Power:
    """A trinket's Awesome Power."""

    kind: PowerKind
    test: TraitTest = ANY_TRAIT_TEST
    n: int = 1

    def text(self) -> str:
        k = PowerKind
        kind = self.kind
        if kind is k.CANNOT_PLAY:
            return f"You cannot play {self.test.words(2)[2:]}."
        if kind is k.NO_NEGATIVE_INTO_PILE:
            return "No trait with a negative face value may be played into your trait pile."
        if kind is k.NO_PLAYS_OFF_TURN:
            return "You cannot play traits on another player's turn."
        if kind is k.ONE_PLAY_PER_TURN:
            return "You play at most 1 trait on your turn."
        if kind is k.DRAW_ONLY_STABILIZING:
            return "You draw cards only by the rules (stabilizing, an empty hand, a redraw)."
        if kind is k.PREVENT_OWN_ACTIONS:
            return "The actions (A) of the traits you play do not happen."
        if kind is k.DRAW_ON_PLAY:
            return f"Each time you play {self.test.one()}, you may draw {self.n}."
        if kind is k.STABILIZE_TO:
            return f"You stabilize to {self.n} cards instead of your Gene Pool."
        if kind is k.TURN_START_DRAW:
            return f"As your turn begins, draw {self.n}."
        if kind is k.TURN_START_DISCARD:
            return f"As your turn begins, discard {self.n} card from your hand."
        if kind is k.TURN_START_MAY_DISCARD:
            return f"As your turn begins, you may discard {self.n} card from your hand."
        if kind is k.TURN_START_DISCARD_DOMINANTS:
            return "As your turn begins, discard every dominant in your hand."
        if kind is k.TURN_START_MAY_PLAY:
            return f"As your turn begins, you may play {self.test.one()} before your turn's play."
        if kind is k.OPPONENTS_MAY_DRAW:
            return f"As your turn begins, each opponent may draw {self.n}."
        if kind is k.DISCARD_OWN_DOMINANT:
            return (
                "When one of your traits has you discard a trait of your pile, it may be one "
                "of your dominants."
            )
        return "At World's End it is pocketed, not lost."


class Goal(Enum):
    """What a Pocket Objective checks at the end of its holder's turn."""

    REVEAL = "reveal"  # n cards of the test in hand, shown to everyone
    REVEAL_COLORS = "reveal_colors"  # cards of n different colours in hand, shown
    PLAY = "play"  # n traits of the test played this turn
    HAND_DISCARD = "hand_discard"  # n cards of the test discarded from the hand this turn
    PILE = "pile"  # n traits of the test in the trait pile
    PILE_EACH_COLOR = "pile_each_color"  # n traits of every colour in the pile
    PILE_SAME_COLOR = "pile_same_color"  # n traits of one colour in the pile
    DRAW = "draw"  # n cards drawn this turn, stabilizing aside
    PILE_REMOVAL = "pile_removal"  # n traits of the test left the trait pile this turn


@dataclass(frozen=True, slots=True)
class Objective:
    """A trinket's Pocket Objective."""

    goal: Goal
    n: int = 1
    test: TraitTest = ANY_TRAIT_TEST

    def text(self) -> str:
        g = Goal
        goal = self.goal
        if goal is g.REVEAL:
            return f"Show {self.test.words(self.n)} from your hand."
        if goal is g.REVEAL_COLORS:
            return f"Show cards of {self.n} different colors from your hand."
        if goal is g.PLAY:
            return f"Play {self.test.words(self.n)} on your turn."
        if goal is g.HAND_DISCARD:
            return f"Discard {self.test.words(self.n)} from your hand on your turn."
        if goal is g.PILE:
            return f"Have {self.test.words(self.n)} in your trait pile."
        if goal is g.PILE_EACH_COLOR:
            return f"Have {self.n} traits of each color in your trait pile."
        if goal is g.PILE_SAME_COLOR:
            return f"Have {self.n} traits of one color in your trait pile."
        if goal is g.PILE_REMOVAL:
            return f"Lose {self.test.words(self.n)} from your trait pile on your turn."
        return f"Draw {self.n} cards on your turn, stabilizing aside."


@dataclass(frozen=True, slots=True)
class Trinket:
    """A trinket: its value once pocketed, its Awesome Power while held, its objective."""

    name: str
    value: int
    power: Power
    objective: Objective

    def text(self) -> str:
        return (
            f"Awesome Power: {self.power.text()} Pocket Objective: {self.objective.text()} "
            f"Pocketed, it is worth {self.value}."
        )


class Deal(Enum):
    """What a merchant offers each player when it comes to the table."""

    BUY = "buy"  # gain 1 trinket, then trash 1
    EXCHANGE = "exchange"  # you may trash 1, then gain 1
    COLLECT = "collect"  # pocket 1, then gain 1
    BARGAIN = "bargain"  # trash 1, then gain 1; once more if you like


@dataclass(frozen=True, slots=True)
class Merchant:
    name: str
    deal: Deal
    copies: int = 1

    def text(self) -> str:
        return {
            Deal.BUY: "Buy: gain 1 trinket; then trash 1 of the trinkets you hold.",
            Deal.EXCHANGE: "Exchange: you may trash 1 of the trinkets you hold to gain 1.",
            Deal.COLLECT: "Collect: pocket 1 of the trinkets you hold, whatever its "
            "objective, to gain 1.",
            Deal.BARGAIN: "Bargain: trash 1 of the trinkets you hold to gain 1; you may do "
            "it once more.",
        }[self.deal]


# --- meaning of life ---
# Meaning of Life cards: each player keeps one hidden objective, scored when the world ends.
# A card is its name and one goal; the goal writes the card's text and ``scoring.py`` scores it.


class Tally(Enum):
    """What a Meaning of Life goal counts, for its own player at World's End."""

    COLOR = "color"  # traits of the goal's colour (a two-colour trait counts for both)
    DOMINANTS = "dominants"
    EFFECTLESS = "effectless"
    ACTIONS = "actions"  # traits with an action
    DROPS = "drops"  # traits with a Drop of Life bonus
    TRAITS = "traits"
    GENE_POOL = "gene_pool"
    HAND = "hand"
    NEGATIVE_FACE = "negative_face"
    FACE_ONE = "face_one"
    ZERO_FACE = "zero_face"  # a face value of 0, or the variable symbol
    DROP_POINTS = "drop_points"  # the points the pile's Drop of Life bonuses score

    def words(self, color: int | None) -> str:
        if self is Tally.COLOR:
            assert color is not None
            return f"{color_words(color)} traits"
        return _TALLY_WORDS[self]


_TALLY_WORDS: Final = {
    Tally.DOMINANTS: "dominant traits",
    Tally.EFFECTLESS: "effectless traits",
    Tally.ACTIONS: "traits with an action",
    Tally.DROPS: "traits with a Drop of Life bonus",
    Tally.TRAITS: "traits",
    Tally.GENE_POOL: "Gene Pool",
    Tally.HAND: "cards in hand",
    Tally.NEGATIVE_FACE: "traits with a negative face value",
    Tally.FACE_ONE: "traits with a face value of 1",
    Tally.ZERO_FACE: "traits with a face value of 0 or a variable one",
    Tally.DROP_POINTS: "points from Drop of Life bonuses",
}


@dataclass(frozen=True, slots=True)
class Tier:
    """``points`` when a count is from ``low`` to ``high`` (None: no upper end)."""

    low: int
    high: int | None
    points: int

    def holds(self, n: int) -> bool:
        return self.low <= n and (self.high is None or n <= self.high)

    def words(self) -> str:
        if self.high is None:
            return f"{self.low} or more"
        if self.low == self.high:
            return f"exactly {self.low}" if self.low else "none"
        if self.low == 0:
            return f"{self.high} or fewer"
        if self.high == self.low + 1:
            return f"{self.low} or {self.high}"
        return f"{self.low} to {self.high}"


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else str(points)


@dataclass(frozen=True, slots=True)
class TierGoal:
    """Points by how many of something you have: the first tier that holds scores."""

    tally: Tally
    tiers: tuple[Tier, ...]
    color: int | None = None

    def text(self) -> str:
        tiers = "; ".join(f"{_signed(t.points)} for {t.words()}" for t in self.tiers)
        if self.tally is Tally.GENE_POOL:
            return f"Your Gene Pool at the end: {tiers}."
        return f"Count your {self.tally.words(self.color)}: {tiers}."


@dataclass(frozen=True, slots=True)
class BothGoals:
    """``first``, and only if it scores, ``then`` on top (The Bush Kid)."""

    first: TierGoal
    then: TierGoal

    def text(self) -> str:
        then = self.then.text()
        return f"{self.first.text()} If you score that, also {then[:1].lower()}{then[1:]}"


@dataclass(frozen=True, slots=True)
class CountdownGoal:
    """``points``, less ``per`` for each of something (The Monkey Thief)."""

    points: int
    per: int
    tally: Tally

    def text(self) -> str:
        return f"+{self.points}, then -{self.per} for each of your {self.tally.words(None)}."


@dataclass(frozen=True, slots=True)
class MostGoal:
    """``points`` for strictly the most of something at the table, and ``per_opponent`` for
    each opponent you have more than; ``handicap`` is added to your own count first."""

    tally: Tally
    color: int | None = None
    points: int = 4
    per_opponent: int = 1
    handicap: int = 0

    def text(self) -> str:
        what = self.tally.words(self.color)
        extra = f" Count {self.handicap} more {what} than you have." if self.handicap else ""
        return (
            f"+{self.points} if you have more {what} than every opponent (no ties); "
            f"+{self.per_opponent} for each opponent you have more {what} than.{extra}"
        )


@dataclass(frozen=True, slots=True)
class FewestGoal:
    """For each of two colours, ``each`` if nobody has fewer traits of it than you (ties
    count); ``both`` instead when that holds for both colours."""

    colors: int
    each: int = 2
    both: int = 6

    def text(self) -> str:
        names = " and ".join(color_names(self.colors))
        return (
            f"For {names} each: +{self.each} if no opponent has fewer traits of that colour "
            f"than you (ties count). +{self.both} instead if that holds for both."
        )


class Ranked(Enum):
    """What :class:`LowestGoal` compares across the table."""

    SCORE = "score"  # every other point, Meaning of Life cards left out
    TRAITS = "traits"
    GENE_POOL = "gene_pool"


_RANKED_WORDS: Final = {
    Ranked.SCORE: "the lowest score (before Meaning of Life cards)",
    Ranked.TRAITS: "the fewest traits",
    Ranked.GENE_POOL: "the lowest Gene Pool",
}


@dataclass(frozen=True, slots=True)
class LowestGoal:
    """``alone`` for the lowest of something at the table by yourself, ``tied`` when others
    share it."""

    ranked: Ranked
    alone: int
    tied: int

    def text(self) -> str:
        what = _RANKED_WORDS[self.ranked]
        return f"+{self.alone} if you alone have {what}; +{self.tied} if you share it."


class Pattern(Enum):
    """A goal read from the shape of a trait pile (each written out in :data:`_PATTERN_TEXT`)."""

    DOMINANT_PAIRS = "dominant_pairs"  # The Child and the Bear
    NEGATIVE_MATCHES_HIGH = "negative_matches_high"  # The Clashing Crabs
    LONE_DOMINANTS = "lone_dominants"  # The Hero
    MISSING_COLORS = "missing_colors"  # The Lunar Guard
    EVEN_COLORS = "even_colors"  # The Painter
    COLORLESS_IF_ALL_COLORS = "colorless_if_all_colors"  # The Tracker
    COLOR_SETS = "color_sets"  # The Weaver
    SINGLE_TWOS = "single_twos"  # Thunder Frogs


_PATTERN_TEXT: Final = {
    Pattern.DOMINANT_PAIRS: "For each dominant trait, +1 per pair of non-dominant traits of its "
    "colour (at most +5); if both your dominants share a colour, +2 per such pair (at most "
    "+10).",
    Pattern.NEGATIVE_MATCHES_HIGH: "+8 if you have as many traits with a negative face value as "
    "traits with a face value of 4 or more; +4 if you have more of the negative ones.",
    Pattern.LONE_DOMINANTS: "+4 for each dominant trait with at most 1 other trait of its colour "
    "in your pile; +12 instead if you have 3 dominant traits.",
    Pattern.MISSING_COLORS: "Of the 4 colours and colorless: +4 if 1 is missing from your pile; "
    "+9 if 2 or more are.",
    Pattern.EVEN_COLORS: "+3 for each colour you have an even number of traits of (not none).",
    Pattern.COLORLESS_IF_ALL_COLORS: "If your pile has all 4 colours, +1 per colorless trait.",
    Pattern.COLOR_SETS: "+3 for each set of 4 traits, one of each colour, in your pile.",
    Pattern.SINGLE_TWOS: "+2 for each colour with exactly one trait of face value 2 in your pile.",
}


@dataclass(frozen=True, slots=True)
class PatternGoal:
    pattern: Pattern

    def text(self) -> str:
        return _PATTERN_TEXT[self.pattern]


@dataclass(frozen=True, slots=True)
class DrawForPoints:
    """At World's End, if you have at most ``at_most`` traits of each colour, draw ``draws``
    cards and score the face value of each that is ``max_face`` or less, then discard them;
    the first step that holds applies (The Silent Elder)."""

    steps: tuple[tuple[int, int], ...]  # (at_most of each colour, cards drawn)
    max_face: int = 4

    def text(self) -> str:
        parts = [
            f"with {at_most} or fewer traits of each colour, draw {plural(draws, 'card')}"
            for at_most, draws in self.steps
        ]
        return (
            "At World's End, "
            + "; or else, ".join(parts)
            + f": score the face value of each card drawn that is {self.max_face} or less, "
            "then discard them."
        )


@dataclass(frozen=True, slots=True)
class MoreMeanings:
    """At World's End, with ``at_least`` traits of any one colour, draw ``draws`` more Meaning
    of Life cards and score them too (The Blind Dragon)."""

    draws: int = 2
    at_least: int = 5

    def text(self) -> str:
        return (
            f"At World's End, if you have {self.at_least} or more traits of one colour, draw "
            f"{self.draws} more Meaning of Life cards and score them as well."
        )


MeaningGoal = (
    TierGoal
    | BothGoals
    | CountdownGoal
    | MostGoal
    | FewestGoal
    | LowestGoal
    | PatternGoal
    | DrawForPoints
    | MoreMeanings
)


@dataclass(frozen=True, slots=True)
class Meaning:
    """A Meaning of Life card: a hidden objective its holder scores at the end."""

    name: str
    goal: MeaningGoal

    def text(self) -> str:
        return self.goal.text()
