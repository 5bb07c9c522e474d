"""The Doom Pile card vocabulary: effects, costs, triggers, cards and Master Plans as typed data.

No card list of Doom Pile is public, so the set (``card_set.py``) is our own design. Every card
is built from the small vocabulary below; one definition drives the rules (``state.py``), the
printed text (``CardDef.text``) and the tests. Static tables indexed by definition number are
built once at import, so a game state holds only ints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

PLOT: Final = "Plot"
MINION: Final = "Minion"
ARTIFICE: Final = "Artifice"
KINDS: Final = (PLOT, MINION, ARTIFICE)

# ----------------------------------------------------------------------------- effects

DRAW: Final = "draw"  # draw n cards
BURN: Final = "burn"  # burn target <what> for n
BURN_ALL: Final = "burn_all"  # burn every <what> on <whose> field for n
THWART: Final = "thwart"  # thwart target card in an opponent's countdown (n: max count left)
STACK: Final = "stack"  # stack a card from <where> on top of its owner's deck
RESTACK: Final = "restack"  # restack the top n cards of your deck
INTER: Final = "inter"  # inter target card from <where>
REVIVE: Final = "revive"  # revive target <what> in your discard pile
KILL: Final = "kill"  # kill target Minion on an opponent's field
DESTROY: Final = "destroy"  # destroy target Artifice on an opponent's field
HASTEN: Final = "hasten"  # reduce the count remaining of another card in your countdown by n
DELAY: Final = "delay"  # add n to the count remaining of a card in an opponent's countdown
RECALL: Final = "recall"  # play target Plot in your discard pile
REWIND: Final = "rewind"  # return target Minion on your field to countdown (not "played")
EMPOWER: Final = "empower"  # target Minion on your field gets +n Strength this turn
SACRIFICE: Final = "sacrifice"  # sacrifice a Minion you control

TARGETED_OPS: Final = frozenset(
    {BURN, THWART, STACK, INTER, REVIVE, KILL, DESTROY, HASTEN, DELAY, RECALL, REWIND, EMPOWER}
)
"""Effects whose text says "target": they pick a card when they apply."""

PICKS_A_CARD: Final = TARGETED_OPS | {SACRIFICE}
"""Effects that pick a card when they apply (a sacrifice picks one without targeting); with
nothing to pick they do nothing."""

# what / whose / where words
ANY: Final = "any"
OPP: Final = "opp"
YOU: Final = "you"
ALL: Final = "all"
HAND: Final = "hand"
DISCARD: Final = "discard"
FIELD: Final = "field"
COUNTDOWN: Final = "countdown"


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of a card's effect: ``op`` with an amount and the words that qualify it."""

    op: str
    n: int = 0
    what: str = ANY  # MINION, ARTIFICE or ANY (Minion or Artifice)
    whose: str = ANY  # OPP, YOU or ANY
    where: str = ""  # for STACK and INTER: HAND, DISCARD, FIELD or COUNTDOWN

    @property
    def text(self) -> str:
        text: str = _EFFECT_TEXT[self.op](self)
        return text


def _what(e: Effect) -> str:
    return {MINION: "Minion", ARTIFICE: "Artifice"}.get(e.what, "Minion or Artifice")


def _field_of(e: Effect) -> str:
    return {OPP: " on an opponent's field", YOU: " on your field"}.get(e.whose, "")


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _stack_text(e: Effect) -> str:
    return {
        HAND: "Stack a card from your hand on top of your deck.",
        DISCARD: "Stack target card in your discard pile on top of your deck.",
        COUNTDOWN: "Stack target card in an opponent's countdown on top of its owner's deck.",
        FIELD: f"Stack target {_what(e)}{_field_of(e)} on top of its owner's deck.",
    }[e.where]


def _inter_text(e: Effect) -> str:
    if e.where == FIELD:
        return f"Inter target {_what(e)}{_field_of(e)}."
    return "Inter target card in a discard pile."


def _burn_all_text(e: Effect) -> str:
    things = {MINION: "Minion", ARTIFICE: "Artifice"}.get(e.what, "Minion and Artifice")
    where = "an opponent's field" if e.whose == OPP else "the field"
    return f"Burn every {things} on {where} for {e.n}."


def _thwart_text(e: Effect) -> str:
    limit = f" with {e.n} or less count remaining" if e.n else ""
    return f"Thwart target card in an opponent's countdown{limit}."


_EFFECT_TEXT: Final[dict[str, Callable[[Effect], str]]] = {
    DRAW: lambda e: f"Draw {_cards(e.n)}.",
    BURN: lambda e: f"Burn target {_what(e)}{_field_of(e)} for {e.n}.",
    BURN_ALL: _burn_all_text,
    THWART: _thwart_text,
    STACK: _stack_text,
    RESTACK: lambda e: f"Restack the top {e.n} cards of your deck.",
    INTER: _inter_text,
    REVIVE: lambda e: f"Revive target {_what(e)} in your discard pile.",
    KILL: lambda e: f"Kill target Minion{_field_of(e)}.",
    DESTROY: lambda e: f"Destroy target Artifice{_field_of(e)}.",
    HASTEN: lambda e: (
        f"Reduce the count remaining of target other card in your countdown by {e.n}."
    ),
    DELAY: lambda e: f"Add {e.n} to the count remaining of target card in an opponent's countdown.",
    RECALL: lambda e: "Play target Plot in your discard pile.",
    REWIND: lambda e: (
        "Return target Minion on your field to your countdown at its Starting Countdown."
    ),
    EMPOWER: lambda e: f"Target Minion on your field gets +{e.n} Strength this turn.",
    SACRIFICE: lambda e: "Sacrifice a Minion.",
}

# ----------------------------------------------------------------------------- costs

COST_SACRIFICE: Final = "sacrifice"  # sacrifice n Minions you control
COST_DISCARD: Final = "discard"  # discard n cards from your hand
COST_DESTROY: Final = "destroy"  # destroy n Artifices you control (never a sacrifice)


@dataclass(frozen=True, slots=True)
class Cost:
    kind: str
    n: int = 1

    @property
    def text(self) -> str:
        if self.kind == COST_SACRIFICE:
            return f"Sacrifice {self.n} Minion{'s' * (self.n != 1)}"
        if self.kind == COST_DISCARD:
            return f"Discard {_cards(self.n)}"
        return f"Destroy {self.n} Artifice{'s' * (self.n != 1)} you control"


# ----------------------------------------------------------------------------- triggers

ON_PLAYED: Final = "played"  # another card of yours is played
ON_ALLY_RESOLVES: Final = "ally_resolves"  # another card of yours resolves
ON_MINION_KILLED: Final = "minion_killed"  # any Minion is killed
ON_SACRIFICE: Final = "sacrificed"  # you sacrifice a Minion
ON_ARTIFICE_DESTROYED: Final = "artifice_destroyed"  # any Artifice is destroyed
ON_TARGETED: Final = "targeted"  # this card is targeted for an attack
ON_ATTACKS: Final = "attacks"  # this Minion attacks
ON_MAINTENANCE: Final = "maintenance"  # your Maintenance step
ON_DIES: Final = "dies"  # this card is killed or destroyed

_CONDITION_TEXT: Final = {
    ON_PLAYED: "If another card of yours is played",
    ON_ALLY_RESOLVES: "If another card of yours resolves",
    ON_MINION_KILLED: "If a Minion is killed",
    ON_SACRIFICE: "If you sacrifice a Minion",
    ON_ARTIFICE_DESTROYED: "If an Artifice is destroyed",
    ON_TARGETED: "If this card is targeted for an attack",
    ON_ATTACKS: "If this card attacks",
    ON_MAINTENANCE: "At your Maintenance step",
    ON_DIES: "If this card is killed or destroyed",
}


@dataclass(frozen=True, slots=True)
class Trigger:
    """A conditional effect; ``optional`` ones ("you can") work once per turn per card."""

    when: str
    effects: tuple[Effect, ...]
    optional: bool = False

    @property
    def text(self) -> str:
        body = " ".join(e.text for e in self.effects)
        can = ", you can" if self.optional else ""
        return f"{_CONDITION_TEXT[self.when]}{can}: {body}"


@dataclass(frozen=True, slots=True)
class Command:
    """An ON COMMAND effect: its cost is paid when it is activated (once per turn per card)."""

    effects: tuple[Effect, ...]
    cost: Cost | None = None

    @property
    def text(self) -> str:
        cost = f" {self.cost.text}" if self.cost else ""
        return f"ON COMMAND{cost} — " + " ".join(e.text for e in self.effects)


# ----------------------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card of the set. Plots have no Strength/Health; Artifices have Health only."""

    name: str
    kind: str
    subtype: str
    countdown: int
    strength: int = 0
    health: int = 0
    cost: Cost | None = None
    resolves: tuple[Effect, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    command: Command | None = None
    siege: bool = False
    """Card text beats the rules: this Minion may attack Artifices even while their owner
    controls a Minion."""

    @property
    def text(self) -> str:
        """The rules text, generated from the definition."""
        parts = []
        if self.cost:
            parts.append(f"COST: {self.cost.text}.")
        if self.siege:
            parts.append(
                "This Minion can attack Artifices even while their owner controls a Minion."
            )
        if self.resolves:
            parts.append("RESOLVES: " + " ".join(e.text for e in self.resolves))
        parts.extend(t.text for t in self.triggers)
        if self.command:
            parts.append(self.command.text)
        return " ".join(parts)

    @property
    def keywords(self) -> frozenset[str]:
        """Rulebook keywords the card uses (for the set's coverage test and deck builders)."""
        words = set()
        effects = [*self.resolves, *(e for t in self.triggers for e in t.effects)]
        if self.command:
            words.add("ON COMMAND")
            effects.extend(self.command.effects)
        if self.cost or (self.command and self.command.cost):
            words.add("COST")
        names = {BURN: "Burn", BURN_ALL: "Burn", THWART: "Thwart", STACK: "Stack"}
        names |= {RESTACK: "Restack", INTER: "Inter", REVIVE: "Revive"}
        for e in effects:
            if e.op in names:
                words.add(names[e.op])
            if e.op in TARGETED_OPS:
                words.add("Target")
        return frozenset(words)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "subtype": self.subtype,
            "countdown": self.countdown,
        }
        if self.kind == MINION:
            data["strength"] = self.strength
        if self.kind != PLOT:
            data["health"] = self.health
        data["text"] = self.text
        return data


# ----------------------------------------------------------------------------- Master Plans

PLAN_SACRIFICE: Final = "sacrifice"  # you have sacrificed n Minions this game
PLAN_RESOLVE_BIG: Final = "resolve_big"  # `times` cards of Starting Countdown >= n resolved
PLAN_MINIONS: Final = "minions"  # you control n Minions
PLAN_ARTIFICES: Final = "artifices"  # you control n Artifices
PLAN_MIXED: Final = "mixed"  # you control n Minions and n Artifices
PLAN_SUBTYPES: Final = "subtypes"  # you control a Minion and an Artifice of n subtypes
PLAN_KILL: Final = "kill"  # you have killed n Minions opponents controlled
PLAN_DESTROY: Final = "destroy"  # you have destroyed n Artifices opponents controlled
PLAN_THWART: Final = "thwart"  # you have Thwarted n cards
PLAN_INTER: Final = "inter"  # you have Interred n cards
PLAN_REVIVE: Final = "revive"  # you have Revived n cards
PLAN_COUNTDOWN: Final = "countdown"  # you have n cards in countdown at once
PLAN_DISCARD: Final = "discard_pile"  # your discard pile holds n cards


@dataclass(frozen=True, slots=True)
class PlanDef:
    name: str
    goal: str
    n: int
    times: int = 1

    @property
    def text(self) -> str:
        n = self.n
        goals = {
            PLAN_SACRIFICE: f"you have sacrificed {n} Minions this game",
            PLAN_RESOLVE_BIG: (
                f"{'a card' if self.times == 1 else f'{self.times} cards'} with Starting "
                f"Countdown {n} or more {'has' if self.times == 1 else 'have'} resolved from "
                "your countdown this game"
            ),
            PLAN_MINIONS: f"you control {n} Minions",
            PLAN_ARTIFICES: f"you control {n} Artifices",
            PLAN_MIXED: f"you control {n} Minions and {n} Artifices",
            PLAN_SUBTYPES: f"you control a Minion and an Artifice of each of {n} subtypes",
            PLAN_KILL: f"you have killed {n} Minions your opponents controlled",
            PLAN_DESTROY: f"you have destroyed {n} Artifices your opponents controlled",
            PLAN_THWART: f"you have Thwarted {n} cards this game",
            PLAN_INTER: f"you have Interred {n} cards this game",
            PLAN_REVIVE: f"you have Revived {n} cards this game",
            PLAN_COUNTDOWN: f"you have {n} cards in countdown at once",
            PLAN_DISCARD: f"your discard pile holds {n} cards",
        }
        return f"You win as soon as {goals[self.goal]}."

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "Master Plan", "text": self.text}


@dataclass(frozen=True)
class CardSet:
    cards: tuple[CardDef, ...]
    plans: tuple[PlanDef, ...]
    limits: dict[str, int] = field(default_factory=dict)
    """Ban/limit list: name -> most copies a deck may hold (0: illegal)."""
