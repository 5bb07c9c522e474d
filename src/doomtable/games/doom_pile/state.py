"""Doom Pile on the doomtable engine: stacked decks, countdowns, Master Plans.

Card instances are ints: player ``p`` owns ids ``p*30 .. p*30+29`` for the whole game, and
``defs[id]`` is the card definition (index into ``data.CARD_DEFS``). Zones are per-player lists
of ids; a deck's top card is its last item. ``count``, ``damage`` and ``bonus`` are indexed by
id. Conditional effects whose condition is met wait in ``triggered`` until the current
resolution is done; the ``settle`` frame then has them ordered (turn player first, then each
opponent in turn order, round and round) and resolved in that order, and resolves every card at
0 count remaining. Rulings: docs/rulings.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, ClassVar, Final, Self

from doomtable.engine import Decision, Field, GameState, Option, Rng, ScenarioError, distinct_by
from doomtable.engine.decision import Frame
from doomtable.games.doom_pile.card_set import SUBTYPES
from doomtable.games.doom_pile.cards import (
    ANY,
    BURN,
    BURN_ALL,
    COST_DISCARD,
    COST_SACRIFICE,
    COUNTDOWN,
    DELAY,
    DESTROY,
    DISCARD,
    DRAW,
    EMPOWER,
    FIELD,
    HAND,
    HASTEN,
    INTER,
    KILL,
    MINION,
    ON_ALLY_RESOLVES,
    ON_ARTIFICE_DESTROYED,
    ON_ATTACKS,
    ON_DIES,
    ON_MAINTENANCE,
    ON_MINION_KILLED,
    ON_PLAYED,
    ON_SACRIFICE,
    ON_TARGETED,
    OPP,
    PLAN_ARTIFICES,
    PLAN_COUNTDOWN,
    PLAN_DESTROY,
    PLAN_DISCARD,
    PLAN_INTER,
    PLAN_KILL,
    PLAN_MINIONS,
    PLAN_MIXED,
    PLAN_RESOLVE_BIG,
    PLAN_REVIVE,
    PLAN_SACRIFICE,
    PLAN_SUBTYPES,
    PLAN_THWART,
    RECALL,
    RESTACK,
    REVIVE,
    REWIND,
    SACRIFICE,
    STACK,
    THWART,
    Cost,
    Effect,
)
from doomtable.games.doom_pile.data import (
    CARD_DEFS,
    DECK_SIZE,
    DEF_BY_NAME,
    HEALTH,
    IS_ARTIFICE,
    IS_MINION,
    IS_PLOT,
    NAME,
    PLAN_BY_NAME,
    PLAN_DEFS,
    START,
    STRENGTH,
    SUBTYPE_INDEX,
    deck_cards,
    precon_names,
    resolve_deck,
)

GAME: Final = "doom-pile"
HAND_SIZE: Final = 5
STACKING_MODES: Final = ("choose", "keep", "shuffle", "auto")

# Tally slots per player: what Master Plans count.
T_SACRIFICED, T_KILLED, T_DESTROYED, T_THWARTED, T_INTERRED, T_REVIVED = range(6)
T_RESOLVED_AT: Final = 6
"""Slot ``T_RESOLVED_AT + k``: cards of Starting Countdown ``k`` (capped) resolved from the
player's countdown."""
MAX_TRACKED_START: Final = 9
TALLY_SIZE: Final = T_RESOLVED_AT + MAX_TRACKED_START + 1
TALLY_NAMES: Final = ("sacrificed", "killed", "destroyed", "thwarted", "interred", "revived")

# Static ability tables: ability 0 is the card's RESOLVES text, then one per trigger, then the
# ON COMMAND effect.
ABILITIES: Final[tuple[tuple[tuple[Effect, ...], ...], ...]] = tuple(
    (
        d.resolves,
        *(t.effects for t in d.triggers),
        *((d.command.effects,) if d.command else ()),
    )
    for d in CARD_DEFS
)
TRIGGERS: Final[tuple[tuple[tuple[str, int, bool], ...], ...]] = tuple(
    tuple((t.when, 1 + i, t.optional) for i, t in enumerate(d.triggers)) for d in CARD_DEFS
)
WHENS: Final[tuple[frozenset[str], ...]] = tuple(frozenset(t[0] for t in trig) for trig in TRIGGERS)
COMMAND: Final[tuple[int, ...]] = tuple(1 + len(d.triggers) if d.command else -1 for d in CARD_DEFS)
COMMAND_COST: Final[tuple[Cost | None, ...]] = tuple(
    d.command.cost if d.command else None for d in CARD_DEFS
)
PLAY_COST: Final[tuple[Cost | None, ...]] = tuple(d.cost for d in CARD_DEFS)
SIEGE: Final[tuple[bool, ...]] = tuple(d.siege for d in CARD_DEFS)


def owner_of(card: int) -> int:
    return card // DECK_SIZE


class DoomPileState(GameState):
    """A game of Doom Pile; see the module docstring for the data layout."""

    GAME: ClassVar[str] = GAME
    FIELDS: ClassVar[dict[str, Field]] = {
        "defs": Field.LIST,
        "plans": Field.LIST,
        "deck": Field.LISTS,
        "hand": Field.LISTS,
        "countdown": Field.LISTS,
        "field": Field.LISTS,
        "discard": Field.LISTS,
        "interred": Field.LIST,
        "aside": Field.LIST,  # set aside by a scenario's exact deck; never in play
        "resolving": Field.LIST,  # a Plot resolving is in no zone
        "count": Field.LIST,
        "damage": Field.LIST,
        "bonus": Field.LIST,
        "used": Field.LIST,  # card * 8 + ability: once-per-turn effects used this turn
        "attacked": Field.LIST,
        "triggered": Field.TUPLES,  # (owner, card, ability) waiting to be ordered
        "tally": Field.LISTS,
        "skipped_draw": Field.LIST,
        "turns_taken": Field.LIST,
        "revealed": Field.VALUE,
        "turn_player": Field.VALUE,
        "phase": Field.VALUE,
        "over": Field.VALUE,
        "winner_list": Field.VALUE,
        "end_reason": Field.VALUE,
    }

    defs: list[int]
    plans: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    countdown: list[list[int]]
    field: list[list[int]]
    discard: list[list[int]]
    interred: list[int]
    aside: list[int]
    resolving: list[int]
    count: list[int]
    damage: list[int]
    bonus: list[int]
    used: list[int]
    attacked: list[int]
    triggered: list[tuple[int, int, int]]
    tally: list[list[int]]
    skipped_draw: list[int]
    turns_taken: list[int]
    revealed: bool
    turn_player: int
    phase: str
    over: bool
    winner_list: tuple[int, ...]
    end_reason: str

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self._init_core(players, seed, options)
        entries = options.get("decks") or []
        if not isinstance(entries, list):
            raise ScenarioError("option 'decks' is a list of decks, one per player")
        names = precon_names()
        # A seat without a deck of its own plays a preconstructed one.
        decks = [
            resolve_deck(entries[p] if p < len(entries) and entries[p] else names[p % len(names)])
            for p in range(players)
        ]
        self.defs, self.plans, self.deck = [], [], []
        for p, deck in enumerate(decks):
            plan, cards = deck_cards(deck)
            self.plans.append(plan)
            self.defs.extend(cards)
            # The file's first card is the top of the deck; the top is the list's last item.
            self.deck.append([p * DECK_SIZE + i for i in reversed(range(DECK_SIZE))])
        ids = DECK_SIZE * players
        self.hand = [[] for _ in range(players)]
        self.countdown = [[] for _ in range(players)]
        self.field = [[] for _ in range(players)]
        self.discard = [[] for _ in range(players)]
        self.interred, self.aside, self.resolving = [], [], []
        self.count, self.damage, self.bonus = [0] * ids, [0] * ids, [0] * ids
        self.used, self.attacked, self.triggered = [], [], []
        self.tally = [[0] * TALLY_SIZE for _ in range(players)]
        self.skipped_draw = [0] * players
        self.turns_taken = [0] * players
        self.revealed = False
        self.turn_player = -1
        self.phase = "stacking"
        self.over, self.winner_list, self.end_reason = False, (), ""
        mode = options.get("stacking", "choose")
        if mode not in STACKING_MODES:
            raise ScenarioError(f"stacking must be one of {', '.join(STACKING_MODES)}")
        self.events.append(("setup", players))
        self.push(*(("arrange", p, DECK_SIZE, 0, "stack") for p in range(players)), ("begin",))
        self._advance()

    # ----------------------------------------------------------------- small helpers

    def _order_from(self, p: int) -> list[int]:
        return list(self.seats_from(p))

    def _opponents(self, p: int) -> list[int]:
        return self._order_from(p)[1:]

    def strength(self, card: int) -> int:
        return STRENGTH[self.defs[card]] + self.bonus[card]

    def health_left(self, card: int) -> int:
        return HEALTH[self.defs[card]] - self.damage[card]

    def _zone_key(self, card: int) -> object:
        """What tells two cards apart for a choice: where they are, whose, what, their state."""
        return (
            self.zone_of(card),
            owner_of(card),
            self.defs[card],
            self.damage[card],
            self.bonus[card],
            self.count[card],
        )

    def zone_of(self, card: int) -> str:
        p = owner_of(card)
        for zone, cards in (
            (FIELD, self.field[p]),
            (COUNTDOWN, self.countdown[p]),
            (HAND, self.hand[p]),
            (DISCARD, self.discard[p]),
        ):
            if card in cards:
                return zone
        if card in self.interred:
            return "interred"
        if card in self.resolving:
            return "resolving"
        return "deck" if card in self.deck[p] else "aside"

    def _leave_field(self, card: int) -> None:
        self.field[owner_of(card)].remove(card)
        self.damage[card] = 0
        self.bonus[card] = 0

    def _to_discard(self, card: int) -> None:
        self.discard[owner_of(card)].append(card)

    def _draw(self, p: int, n: int) -> None:
        """Draw up to ``n`` cards; drawing from an empty deck is no penalty."""
        deck = self.deck[p]
        for _ in range(n):
            if not deck:
                self.events.append(("empty_draw", p))
                return
            card = deck.pop()
            self.hand[p].append(card)
            self.events.append(("draw", p, card))

    # ----------------------------------------------------------------- conditional effects

    def _fire(self, when: str, p: int | None, exclude: int = -1) -> None:
        """Conditions met: cards on ``p``'s field (every field for ``None``) with a ``when``
        effect start waiting, in turn order (the order is chosen when they are flushed)."""
        players = self._order_from(max(self.turn_player, 0)) if p is None else [p]
        for q in players:
            for card in self.field[q]:
                if card != exclude and when in WHENS[self.defs[card]]:
                    self._wait(card, when)

    def _wait(self, card: int, when: str) -> None:
        for trigger_when, ability, optional in TRIGGERS[self.defs[card]]:
            if trigger_when == when and not (optional and card * 8 + ability in self.used):
                self.triggered.append((owner_of(card), card, ability))

    def _fire_on(self, card: int, when: str) -> None:
        """A condition about ``card`` itself (targeted, attacks, killed or destroyed)."""
        if when in WHENS[self.defs[card]]:
            self._wait(card, when)

    # ----------------------------------------------------------------- leaving the field

    def _kill(self, card: int, by: int) -> None:
        """A Minion is killed (its Health reached 0, or a card killed it)."""
        p = owner_of(card)
        self._leave_field(card)
        self._to_discard(card)
        self.events.append(("killed", card, by))
        if by != p:
            self.tally[by][T_KILLED] += 1
        self._fire(ON_MINION_KILLED, None)
        self._fire_on(card, ON_DIES)

    def _sacrifice(self, card: int) -> None:
        """``card``'s owner sacrifices it: it is killed, and sacrificed."""
        p = owner_of(card)
        self._leave_field(card)
        self._to_discard(card)
        self.events.append(("sacrificed", card))
        self.tally[p][T_SACRIFICED] += 1
        self._fire(ON_SACRIFICE, p)
        self._fire(ON_MINION_KILLED, None)
        self._fire_on(card, ON_DIES)

    def _destroy(self, card: int, by: int) -> None:
        p = owner_of(card)
        self._leave_field(card)
        self._to_discard(card)
        self.events.append(("destroyed", card, by))
        if by != p:
            self.tally[by][T_DESTROYED] += 1
        self._fire(ON_ARTIFICE_DESTROYED, None)
        self._fire_on(card, ON_DIES)

    def _harm(self, cards: list[int], by: int) -> None:
        """Cards whose Health reached 0 are killed or destroyed, together."""
        for card in cards:
            if card in self.field[owner_of(card)] and self.health_left(card) <= 0:
                if IS_MINION[self.defs[card]]:
                    self._kill(card, by)
                else:
                    self._destroy(card, by)

    def _burn(self, card: int, n: int, by: int) -> None:
        self.damage[card] += n
        self.events.append(("burn", card, n))

    # ----------------------------------------------------------------- Master Plans

    def plan_progress(self, p: int) -> tuple[int, int]:
        """How far ``p``'s Master Plan is: (value, value needed)."""
        plan = PLAN_DEFS[self.plans[p]]
        goal, n = plan.goal, plan.n
        tally = self.tally[p]
        field = self.field[p]
        defs = self.defs
        if goal == PLAN_SACRIFICE:
            return tally[T_SACRIFICED], n
        if goal == PLAN_RESOLVE_BIG:
            return sum(tally[T_RESOLVED_AT + min(n, MAX_TRACKED_START) :]), plan.times
        if goal == PLAN_MINIONS:
            return sum(IS_MINION[defs[c]] for c in field), n
        if goal == PLAN_ARTIFICES:
            return sum(IS_ARTIFICE[defs[c]] for c in field), n
        if goal == PLAN_MIXED:
            minions = sum(IS_MINION[defs[c]] for c in field)
            return min(minions, len(field) - minions), n
        if goal == PLAN_SUBTYPES:
            return len({SUBTYPE_INDEX[defs[c]] for c in field}), n
        if goal == PLAN_COUNTDOWN:
            return len(self.countdown[p]), n
        if goal == PLAN_DISCARD:
            return len(self.discard[p]), n
        slot = {
            PLAN_KILL: T_KILLED,
            PLAN_DESTROY: T_DESTROYED,
            PLAN_THWART: T_THWARTED,
            PLAN_INTER: T_INTERRED,
            PLAN_REVIVE: T_REVIVED,
        }[goal]
        return tally[slot], n

    def _check_plans(self) -> bool:
        """Whoever's Master Plan is met wins at once; nothing may respond."""
        if self.over or not self.revealed:
            return self.over
        met = []
        for p in range(self.players):
            value, needed = self.plan_progress(p)
            if value >= needed:
                met.append(p)
        if met:
            self._end(met, "master plan")
        return self.over

    def _end(self, winners: list[int], reason: str) -> None:
        self.over = True
        self.winner_list = tuple(winners)
        self.end_reason = reason
        self.events.append(("game_over", tuple(winners), reason))
        self.stack.clear()
        self.triggered.clear()

    # ----------------------------------------------------------------- playing cards

    def can_pay(self, p: int, cost: Cost | None, card: int) -> bool:
        if cost is None:
            return True
        if cost.kind == COST_SACRIFICE:
            return sum(IS_MINION[self.defs[c]] for c in self.field[p]) >= cost.n
        if cost.kind == COST_DISCARD:
            return len([c for c in self.hand[p] if c != card]) >= cost.n
        return sum(IS_ARTIFICE[self.defs[c]] for c in self.field[p]) >= cost.n

    def _enter_countdown(self, card: int, played: bool) -> None:
        """``card`` goes into its owner's countdown at its Starting Countdown."""
        p = owner_of(card)
        self.countdown[p].append(card)
        self.count[card] = START[self.defs[card]]
        if played:
            self.events.append(("played", p, card))
            self._fire(ON_PLAYED, p, exclude=card)

    def _resolve(self, card: int) -> None:
        """``card`` leaves countdown at 0 and resolves."""
        p = owner_of(card)
        d = self.defs[card]
        self.countdown[p].remove(card)
        self.count[card] = 0
        self.tally[p][T_RESOLVED_AT + min(START[d], MAX_TRACKED_START)] += 1
        self.events.append(("resolves", p, card))
        if IS_PLOT[d]:
            self.resolving.append(card)
            self.push(("steps", p, card, 0, 0), ("discard_plot", card))
        else:
            self.field[p].append(card)
            self.damage[card] = 0
            if ABILITIES[d][0]:
                self.push(("steps", p, card, 0, 0))
        self._fire(ON_ALLY_RESOLVES, p, exclude=card)

    # ----------------------------------------------------------------- targets

    def targets(self, p: int, effect: Effect) -> list[int]:
        """Cards ``effect`` (applied by ``p``) could pick now, one per distinct choice."""
        op = effect.op
        opponents = self._opponents(p)
        defs = self.defs
        cards: list[int] = []
        if op in (BURN, KILL, DESTROY, EMPOWER, REWIND, SACRIFICE) or (
            op in (STACK, INTER) and effect.where == FIELD
        ):
            whose = {OPP: opponents, ANY: self._order_from(p)}.get(effect.whose, [p])
            if op in (EMPOWER, REWIND, SACRIFICE):
                whose = [p]
            kind = {KILL: MINION, DESTROY: "Artifice"}.get(op, effect.what)
            if op in (EMPOWER, REWIND, SACRIFICE):
                kind = MINION
            for q in whose:
                for c in self.field[q]:
                    d = defs[c]
                    if (
                        kind == ANY
                        or (kind == MINION and IS_MINION[d])
                        or (kind == "Artifice" and IS_ARTIFICE[d])
                    ):
                        cards.append(c)
        elif op in (THWART, DELAY) or (op == STACK and effect.where == COUNTDOWN):
            limit = effect.n if op == THWART else 0
            for q in opponents:
                cards.extend(c for c in self.countdown[q] if not limit or self.count[c] <= limit)
        elif op == HASTEN:
            cards = list(self.countdown[p])
        elif op == REVIVE:
            kind = effect.what
            cards = [
                c
                for c in self.discard[p]
                if (IS_MINION[defs[c]] if kind == MINION else not IS_PLOT[defs[c]])
                and (kind != "Artifice" or IS_ARTIFICE[defs[c]])
            ]
        elif op == RECALL:
            cards = [c for c in self.discard[p] if IS_PLOT[defs[c]]]
        elif op == STACK and effect.where == DISCARD:
            cards = list(self.discard[p])
        elif op == STACK and effect.where == HAND:
            cards = list(self.hand[p])
        elif op == INTER:
            for q in self._order_from(p):
                cards.extend(self.discard[q])
        return distinct_by(cards, self._zone_key)

    def _apply_effect(self, p: int, source: int, effect: Effect, target: int) -> None:
        """Carry out one effect step of ``source`` (owned by ``p``) on ``target`` (-1: none)."""
        op, n = effect.op, effect.n
        events = self.events
        if op == DRAW:
            self._draw(p, n)
        elif op == BURN:
            self._burn(target, n, p)
            self._harm([target], p)
        elif op == BURN_ALL:
            whose = self._opponents(p) if effect.whose == OPP else self._order_from(p)
            hit = [
                c
                for q in whose
                for c in self.field[q]
                if effect.what == ANY or (effect.what == MINION) == bool(IS_MINION[self.defs[c]])
            ]
            for c in hit:
                self._burn(c, n, p)
            self._harm(hit, p)
        elif op == THWART:
            q = owner_of(target)
            self.countdown[q].remove(target)
            self.count[target] = 0
            self._to_discard(target)
            self.tally[p][T_THWARTED] += 1
            events.append(("thwarted", target, p))
        elif op == STACK:
            q = owner_of(target)
            zone = self.zone_of(target)
            if zone == FIELD:
                self._leave_field(target)
            elif zone == COUNTDOWN:
                self.countdown[q].remove(target)
                self.count[target] = 0
            elif zone == HAND:
                self.hand[q].remove(target)
            else:
                self.discard[q].remove(target)
            self.deck[q].append(target)
            events.append(("stack", target, zone))
        elif op == RESTACK:
            depth = min(n, len(self.deck[p]))
            events.append(("restack", p, depth))
            if depth > 1:
                self.push(("arrange", p, depth, 0, "restack"))
        elif op == INTER:
            q = owner_of(target)
            if self.zone_of(target) == FIELD:
                self._leave_field(target)
            else:
                self.discard[q].remove(target)
            self.interred.append(target)
            self.tally[p][T_INTERRED] += 1
            events.append(("interred", target, p))
        elif op == REVIVE:
            self.discard[p].remove(target)
            self.field[p].append(target)
            self.tally[p][T_REVIVED] += 1
            events.append(("revived", target))
        elif op == KILL:
            self._kill(target, p)
        elif op == DESTROY:
            self._destroy(target, p)
        elif op == HASTEN:
            self.count[target] -= n
            events.append(("hasten", target, n))
        elif op == DELAY:
            self.count[target] += n
            events.append(("delay", target, n))
        elif op == RECALL:
            self.discard[p].remove(target)
            self._enter_countdown(target, played=True)
        elif op == REWIND:
            self._leave_field(target)
            self._enter_countdown(target, played=False)
            events.append(("rewind", target))
        elif op == EMPOWER:
            self.bonus[target] += n
            events.append(("empower", target, n))
        elif op == SACRIFICE:
            self._sacrifice(target)

    # ----------------------------------------------------------------- hooks

    def label(self, option: Option) -> str:
        verb = option[0]
        if verb in _FIXED_LABELS:
            return _FIXED_LABELS[verb]
        if verb == "next":
            return f"put {NAME[self.defs[option[1]]]} next"
        if verb == "play":
            return f"play {NAME[self.defs[option[1]]]}"
        if verb == "command":
            return f"command {NAME[self.defs[option[1]]]}"
        if verb == "resolve":
            return f"resolve {NAME[self.defs[option[1]]]}"
        if verb == "first":
            return f"activate {NAME[self.defs[option[1]]]}"
        if verb in ("pay", "target"):
            return f"{verb} {self.card_text(option[1])}"
        if verb == "attack":
            return f"{self.card_text(option[1])} attacks {self.card_text(option[2])}"
        raise ValueError(f"not a Doom Pile option: {option!r}")

    def card_text(self, card: int) -> str:
        """A card as choices name it: name, whose zone, and its numbers there."""
        d = self.defs[card]
        q = owner_of(card)
        zone = self.zone_of(card)
        name = NAME[d]
        if zone == FIELD:
            if IS_MINION[d]:
                return f"{name} {self.strength(card)}/{self.health_left(card)} (player {q})"
            return f"{name} {self.health_left(card)} (player {q})"
        if zone == COUNTDOWN:
            return f"{name} [{self.count[card]}] (player {q}'s countdown)"
        if zone == HAND:
            return f"{name} (hand)"
        return f"{name} (player {q}'s discard)"

    def scores(self) -> list[int]:
        """Each player's Master Plan progress in percent (the winner's counts 100)."""
        out = []
        for p in range(self.players):
            value, needed = self.plan_progress(p)
            out.append(min(100, 100 * value // max(1, needed)))
        return out

    def winners(self) -> list[int]:
        return list(self.winner_list)

    def _card_entry(self, card: int) -> dict[str, Any]:
        d = self.defs[card]
        entry: dict[str, Any] = {"name": NAME[d], "kind": CARD_DEFS[d].kind}
        if not IS_PLOT[d]:
            entry["health"] = self.health_left(card)
            entry["max_health"] = HEALTH[d]
        if IS_MINION[d]:
            entry["strength"] = self.strength(card)
        return entry

    def _plan_entry(self, p: int) -> dict[str, Any]:
        plan = PLAN_DEFS[self.plans[p]]
        value, needed = self.plan_progress(p)
        return {"name": plan.name, "text": plan.text, "progress": [value, needed]}

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: every countdown (with counts), field (Strength/Health),
        discard pile and the interred cards; hand and deck sizes; the Master Plans once
        revealed (one's own always); one's own hand and deck order (top first)."""
        players = []
        for q in range(self.players):
            entry: dict[str, Any] = {
                "plan": self._plan_entry(q) if self.revealed or q == player else None,
                "hand_size": len(self.hand[q]),
                "deck_size": len(self.deck[q]),
                "countdown": [
                    {**self._card_entry(c), "count": self.count[c], "start": START[self.defs[c]]}
                    for c in self.countdown[q]
                ],
                "field": [self._card_entry(c) for c in self.field[q]],
                "discard": [NAME[self.defs[c]] for c in self.discard[q]],
                "tally": dict(zip(TALLY_NAMES, self.tally[q], strict=False)),
                "turns": self.turns_taken[q],
            }
            if q == player:
                entry["hand"] = [
                    {
                        **self._card_entry(c),
                        "countdown": START[self.defs[c]],
                        "text": CARD_DEFS[self.defs[c]].text,
                    }
                    for c in self.hand[q]
                ]
                entry["deck"] = [NAME[self.defs[c]] for c in reversed(self.deck[q])]
            players.append(entry)
        decision = self._pending
        due: dict[str, Any] | None = None
        if decision is not None:
            due = {"player": decision.player}
            if decision.player == player:
                due.update(prompt=decision.prompt, options=self.labels())
        return {
            "game": GAME,
            "you": player,
            "players": players,
            "interred": [NAME[self.defs[c]] for c in self.interred],
            "turn_player": self.turn_player,
            "turn": sum(self.turns_taken),
            "phase": self.phase,
            "decision": due,
            "game_over": self.over,
            "winners": list(self.winner_list),
            "end_reason": self.end_reason,
        }

    def snapshot(self) -> dict[str, Any]:
        players = []
        for q in range(self.players):
            names = self.defs
            players.append(
                {
                    "plan": PLAN_DEFS[self.plans[q]].name,
                    "hand": [NAME[names[c]] for c in self.hand[q]],
                    "hand_size": len(self.hand[q]),
                    "deck": [NAME[names[c]] for c in reversed(self.deck[q])],
                    "deck_size": len(self.deck[q]),
                    "countdown": [f"{NAME[names[c]]}:{self.count[c]}" for c in self.countdown[q]],
                    "field": [NAME[names[c]] for c in self.field[q]],
                    "health": [self.health_left(c) for c in self.field[q]],
                    "strength": [
                        self.strength(c) if IS_MINION[names[c]] else None for c in self.field[q]
                    ],
                    "discard": [NAME[names[c]] for c in self.discard[q]],
                    **dict(zip(TALLY_NAMES, self.tally[q], strict=False)),
                    "turns": self.turns_taken[q],
                }
            )
        return {
            "players": players,
            "interred": [NAME[self.defs[c]] for c in self.interred],
            "turn_player": self.turn_player,
            "phase": self.phase,
            "revealed": self.revealed,
            "rounds": max(self.turns_taken),
            "game_over": self.over,
            "winners": list(self.winner_list),
            "end_reason": self.end_reason,
            "options": self.labels(),
            "waiting": [NAME[self.defs[c]] for _, c, _ in self.triggered],
        }

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        kind = event[0]
        name = self._event_name
        if kind == "draw":
            _, p, card = event
            return f"player {p} draws {name(card)}" if viewer == p else f"player {p} draws a card"
        if kind == "stack" and event[2] == HAND:
            p = owner_of(event[1])
            shown = name(event[1]) if viewer == p else "a card"
            return f"player {p} Stacks {shown} from their hand on top of their deck"
        text = _EVENT_TEXT.get(kind)
        if text is None or (kind == "arranged" and event[3] != "stack"):
            return None
        return text(self, event)

    def _event_name(self, card: int) -> str:
        return NAME[self.defs[card]]

    def determinize(self, player: int, rng: Rng) -> Self:
        """Each opponent's hand and deck order are redealt (their deck list is public: see
        docs/rulings.md); before the reveal, their Master Plan is drawn at random too."""
        copy = self.clone()
        for q in self._opponents(player):
            pool = sorted(copy.hand[q] + copy.deck[q])
            rng.shuffle(pool)
            hand_size = len(copy.hand[q])
            copy.hand[q] = pool[:hand_size]
            copy.deck[q] = pool[hand_size:]
            if not copy.revealed:
                copy.plans[q] = rng.below(len(PLAN_DEFS))
        # Nothing the player did not see: others' stacking choices are in the log.
        copy.events = copy.seen_events(player)
        copy.log = []
        copy.rng = Rng(rng.next64())
        return copy

    def evaluate(self, player: int) -> float:
        """Master Plan progress against the best rival's, plus a little board presence."""
        if self.over:
            return 10.0 if player in self.winner_list else -10.0
        mine = self._progress(player)
        rivals = max(self._progress(q) for q in self._opponents(player))
        board = sum(self.strength(c) + self.health_left(c) for c in self.field[player])
        foes = sum(
            self.strength(c) + self.health_left(c)
            for q in self._opponents(player)
            for c in self.field[q]
        )
        return 4 * (mine - rivals) + 0.03 * (board - foes) + 0.02 * len(self.countdown[player])

    def _progress(self, p: int) -> float:
        value, needed = self.plan_progress(p)
        return min(1.0, value / max(1, needed))

    def win_chances(self) -> list[float] | None:
        """A softmax over Master Plan progress and board presence (hand-set weights)."""
        if self.over:
            return None
        if not self.revealed:
            return [1.0 / self.players] * self.players  # stacking: nobody is ahead yet
        logits = [
            5.0 * self._progress(p)
            + 0.04 * sum(self.strength(c) + self.health_left(c) for c in self.field[p])
            for p in range(self.players)
        ]
        top = max(logits)
        weights = [math.exp(x - top) for x in logits]
        total = sum(weights)
        return [w / total for w in weights]

    # ----------------------------------------------------------------- scenarios

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        unknown = set(setup) - _SCENARIO_KEYS
        if unknown:
            raise ScenarioError(
                f"unknown scenario key(s) {sorted(unknown)}; known: {sorted(_SCENARIO_KEYS)}"
            )
        specs = _player_specs(setup.get("players", {}), self.players)
        for p in range(self.players):
            self._setup_player(p, specs.get(p, {}))
        turn_player = int(setup.get("turn_player", 0))
        if not 0 <= turn_player < self.players:
            raise ScenarioError(f"turn_player {turn_player} is not a player")
        start = setup.get("start", "plot")
        if start not in _START_PHASES:
            raise ScenarioError(f"start must be one of {', '.join(_START_PHASES)}, not {start!r}")
        self.revealed = True
        self.skipped_draw = [1] * self.players
        self.turns_taken = [max(1, t) for t in self.turns_taken]
        self.turn_player = turn_player
        self.used, self.attacked, self.triggered, self.resolving = [], [], [], []
        self.over, self.winner_list, self.end_reason = False, (), ""
        self.events.append(("scenario",))
        self.stack = []
        self.push(*_turn_frames(turn_player, start))
        self.phase = start if start != "turn" else "start"
        self._advance()

    def _setup_player(self, p: int, spec: dict[str, Any]) -> None:
        if "plan" in spec:
            index = PLAN_BY_NAME.get(str(spec["plan"]).casefold())
            if index is None:
                known = ", ".join(plan.name for plan in PLAN_DEFS)
                raise ScenarioError(f"unknown Master Plan {spec['plan']!r}; plans: {known}")
            self.plans[p] = index
        ids = list(range(p * DECK_SIZE, (p + 1) * DECK_SIZE))
        free = [c for c in reversed(self.deck[p])]  # top first
        free += [c for c in ids if c not in free]
        zones: dict[str, list[int]] = {}
        counts: dict[int, int] = {}
        used = 0

        def claim(entries: Any, where: str, with_count: bool = False) -> list[int]:
            nonlocal used
            if not isinstance(entries, list):
                raise ScenarioError(f"player {p}'s {where} must be a list, not {entries!r}")
            cards = []
            for entry in entries:
                text, count = str(entry), None
                if with_count and ":" in text:
                    text, _, raw = text.rpartition(":")
                    count = int(raw)
                index = DEF_BY_NAME.get(text.strip().casefold())
                if index is None:
                    raise ScenarioError(f"unknown card {text!r} in player {p}'s {where}")
                if used >= DECK_SIZE:
                    raise ScenarioError(f"player {p} is given more than {DECK_SIZE} cards")
                card = free[used]
                used += 1
                self.defs[card] = index
                if count is not None:
                    counts[card] = count
                cards.append(card)
            return cards

        for zone in ("hand", "countdown", "field", "discard", "deck"):
            if zone in spec:
                zones[zone] = claim(spec[zone], zone, with_count=zone == "countdown")
        extra = set(spec) - {"plan", "hand", "countdown", "field", "discard", "deck", "deck_top"}
        if extra:
            raise ScenarioError(f"unknown key(s) {sorted(extra)} for player {p}")
        top = claim(spec.get("deck_top", []), "deck_top")
        rest = free[used:]
        for card in ids:
            self.count[card] = self.damage[card] = self.bonus[card] = 0
        self.hand[p] = zones.get("hand", [])
        self.countdown[p] = zones.get("countdown", [])
        for card in self.countdown[p]:
            self.count[card] = counts.get(card, START[self.defs[card]])
        self.field[p] = zones.get("field", [])
        self.discard[p] = zones.get("discard", [])
        self.interred = [c for c in self.interred if owner_of(c) != p]
        self.aside = [c for c in self.aside if owner_of(c) != p]
        if "deck" in zones:
            self.deck[p] = list(reversed(zones["deck"] + top))
            self.aside.extend(rest)
        else:
            self.deck[p] = list(reversed(top + rest))
        if "hand" not in spec and "deck" not in spec:
            # An unnamed hand is dealt from the top of the arranged deck.
            self.hand[p] = [self.deck[p].pop() for _ in range(min(HAND_SIZE, len(self.deck[p])))]


_SCENARIO_KEYS: Final = frozenset({"players", "turn_player", "start"})
_START_PHASES: Final = ("turn", "plot", "attack", "end")


def _player_specs(raw: Any, n: int) -> dict[int, dict[str, Any]]:
    items = enumerate(raw) if isinstance(raw, list) else dict(raw).items()
    specs: dict[int, dict[str, Any]] = {}
    for key, spec in items:
        p = int(key)
        if not 0 <= p < n:
            raise ScenarioError(f"player {p} is not in this {n}-player game")
        if not isinstance(spec, dict):
            raise ScenarioError(f"player {p}'s setup must be a mapping, not {spec!r}")
        specs[p] = spec
    return specs


def _turn_frames(p: int, start: str = "turn") -> list[Frame]:
    """The frames of ``p``'s turn from phase ``start`` on."""
    frames: list[Frame] = []
    if start == "turn":
        frames += [("turn", p), ("countdown_step", p), ("settle",), ("draw", p)]
    if start in ("turn", "plot"):
        frames.append(("plot", p))
    if start in ("turn", "plot", "attack"):
        frames.append(("attack", p))
    frames += [("maintenance", p), ("settle",), ("cleanup", p), ("end_turn", p)]
    return frames


_FIXED_LABELS: Final = {
    "keep": "keep this order",
    "shuffle": "shuffle the rest",
    "auto": "auto-stack (quick cards on top)",
    "end": "end the phase",
    "yes": "yes",
    "no": "no",
}


# --------------------------------------------------------------------- frame handlers


def _h_arrange(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    """Stacking a whole deck before play, or Restacking its top cards: the deck's owner puts
    cards in order from the top (``placed`` of the top ``depth`` are fixed)."""
    _, p, depth, placed, purpose = f
    deck = s.deck[p]
    depth = min(depth, len(deck))
    mode = s.options.get("stacking", "choose") if purpose == "stack" else "choose"
    if placed >= depth - 1 or mode == "keep":
        s.stack.pop()
        s.events.append(("arranged", p, depth, purpose))
        return None
    if mode in ("shuffle", "auto"):
        o = (mode,)
    low = len(deck) - depth
    rest = deck[low : len(deck) - placed]  # bottom .. top of the cards not yet placed
    if o is None:
        firsts = distinct_by(list(reversed(rest)), lambda c: s.defs[c])
        options: list[Option] = [("next", c) for c in firsts]
        options.append(("keep",))
        if purpose == "stack":
            options += [("shuffle",), ("auto",)]
        what = "your deck" if purpose == "stack" else f"the top {depth} cards of your deck"
        prompt = f"Stack {what}: choose card {placed + 1} from the top"
        return Decision(p, "stack", tuple(options), prompt)
    verb = o[0]
    if verb == "next":
        card = o[1]
        rest.remove(card)
        rest.append(card)
        deck[low : len(deck) - placed] = rest
        s.stack[-1] = ("arrange", p, depth, placed + 1, purpose)
        return None
    if verb == "shuffle":
        s.rng.shuffle(rest)
    elif verb == "auto":
        # Quick cards on top: the top of the deck is the end of the list.
        rest.sort(key=lambda c: (-START[s.defs[c]], c))
    deck[low : len(deck) - placed] = rest
    s.stack.pop()
    s.events.append(("arranged", p, depth, purpose))
    return None


def _h_begin(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    s.stack.pop()
    s.revealed = True
    s.events.append(("reveal", tuple(s.plans)))
    first = int(s.options.get("first_player", -1))
    if not 0 <= first < s.players:
        first = s.rng.below(s.players)
    s.events.append(("first", first))
    for p in s._order_from(first):
        s._draw(p, HAND_SIZE)
    s.push(*_turn_frames(first))
    return None


def _h_turn(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    s.turn_player = p
    s.turns_taken[p] += 1
    s.used.clear()
    s.attacked.clear()
    s.phase = "start"
    s.events.append(("turn", p, s.turns_taken[p]))
    return None


def _h_countdown_step(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    for card in s.countdown[p]:
        s.count[card] -= 1
    return None


def _h_settle(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    """Nothing new starts until this frame is done: first the waiting conditional effects are
    ordered and resolved, then each card at 0 count remaining resolves, one at a time."""
    if s._check_plans():
        return None
    if s.triggered:
        waiting = tuple(s.triggered)
        s.triggered.clear()
        s.stack.append(("order", waiting, (), s.turn_player))
        return None
    for q in s._order_from(s.turn_player):
        ready = [c for c in s.countdown[q] if s.count[c] <= 0]
        if not ready:
            continue
        choices = distinct_by(ready, lambda c: s.defs[c])
        if o is None and len(choices) > 1:
            options = tuple(("resolve", c) for c in choices)
            return Decision(
                q, "resolve", options, "Cards at 0 count remaining: resolve which first?"
            )
        card = o[1] if o is not None else choices[0]
        s._resolve(card)
        return None
    s.stack.pop()
    return None


def _h_order(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    """Waiting effects are activated in turns: the turn player picks one of theirs, then each
    opponent in turn order, round and round; they then resolve in that order."""
    _, waiting, chosen, chooser = f
    if not waiting:
        s.stack[-1] = ("batch", chosen, 0)
        return None
    order = s._order_from(chooser)
    q = next(x for x in order if any(w[0] == x for w in waiting))
    mine = [w for w in waiting if w[0] == q]
    distinct = distinct_by([w[1] for w in mine], lambda c: s.defs[c])
    pick = mine[0]
    if len(distinct) > 1:
        if o is None:
            options = tuple(("first", c, a) for _, c, a in mine if c in distinct)
            return Decision(q, "order", options, "Conditional effects: activate which next?")
        pick = (q, o[1], o[2])
    rest = list(waiting)
    rest.remove(pick)
    s.stack[-1] = ("order", tuple(rest), (*chosen, pick), (q + 1) % s.players)
    return None


def _h_batch(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    _, items, i = f
    if i >= len(items):
        s.stack.pop()
        return None
    s.stack[-1] = ("batch", items, i + 1)
    p, card, ability = items[i]
    optional = any(t[1] == ability and t[2] for t in TRIGGERS[s.defs[card]])
    s.stack.append(("activate", p, card, ability, int(optional)))
    return None


def _h_activate(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    _, p, card, ability, optional = f
    key = card * 8 + ability
    if optional:
        if key in s.used:
            s.stack.pop()
            return None
        if o is None:
            text = CARD_DEFS[s.defs[card]].triggers[ability - 1].text
            return Decision(
                p, "optional", (("yes",), ("no",)), f"{NAME[s.defs[card]]}: {text} Use it?"
            )
        if o[0] == "no":
            s.stack.pop()
            return None
        s.used.append(key)
    s.events.append(("activates", card))
    s.stack[-1] = ("steps", p, card, ability, 0)
    return None


def _h_steps(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    """One effect step after another; a step with nothing to pick does nothing."""
    _, p, card, ability, i = f
    effects = ABILITIES[s.defs[card]][ability]
    if i >= len(effects) or s.over:
        s.stack.pop()
        s._check_plans()
        return None
    effect = effects[i]
    target = -1
    if effect.op in _TARGETED:
        choices = s.targets(p, effect)
        if not choices:
            s.stack[-1] = ("steps", p, card, ability, i + 1)
            return None
        if o is None and len(choices) > 1:
            options = tuple(("target", c) for c in choices)
            return Decision(p, "target", options, f"{NAME[s.defs[card]]}: {effect.text}")
        target = o[1] if o is not None else choices[0]
    s.stack[-1] = ("steps", p, card, ability, i + 1)
    s._apply_effect(p, card, effect, target)
    s._check_plans()
    return None


_TARGETED: Final = frozenset(
    {
        "burn",
        "thwart",
        "stack",
        "inter",
        "revive",
        "kill",
        "destroy",
        "hasten",
        "delay",
        "recall",
        "rewind",
        "empower",
        "sacrifice",
    }
)


def _h_discard_plot(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    card = f[1]
    s.stack.pop()
    s.resolving.remove(card)
    if not s.over:
        s._to_discard(card)
        s._check_plans()
    else:
        s._to_discard(card)
    return None


def _h_draw(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    s.phase = "draw"
    if not s.skipped_draw[p]:
        s.skipped_draw[p] = 1
        s.events.append(("skip_draw", p))
    else:
        s.events.append(("draw_phase", p))
        s._draw(p, 1)
    return None


def _h_plot(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.phase = "plot"
    if o is None:
        options: list[Option] = []
        for card in distinct_by(s.hand[p], lambda c: s.defs[c]):
            if s.can_pay(p, PLAY_COST[s.defs[card]], card):
                options.append(("play", card))
        for card in distinct_by(
            [
                c
                for c in s.field[p]
                if COMMAND[s.defs[c]] >= 0 and c * 8 + COMMAND[s.defs[c]] not in s.used
            ],
            lambda c: s.defs[c],
        ):
            if s.can_pay(p, COMMAND_COST[s.defs[card]], -1):
                options.append(("command", card))
        options.append(("end",))
        return Decision(p, "plot", tuple(options), "Plot Phase: play cards or use ON COMMAND")
    verb = o[0]
    if verb == "end":
        s.stack.pop()
        return None
    card = o[1]
    d = s.defs[card]
    if verb == "play":
        s.hand[p].remove(card)
        s.resolving.append(card)  # in no zone while its cost is paid
        cost = PLAY_COST[d]
        s.push(
            *((("pay", p, card, cost.kind, cost.n),) if cost else ()),
            ("enter", card),
            ("settle",),
        )
    else:
        ability = COMMAND[d]
        s.used.append(card * 8 + ability)
        s.events.append(("command", p, card))
        cost = COMMAND_COST[d]
        s.push(
            *((("pay", p, card, cost.kind, cost.n),) if cost else ()),
            ("steps", p, card, ability, 0),
            ("settle",),
        )
    return None


def _h_pay(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    _, p, card, kind, left = f
    if left <= 0:
        s.stack.pop()
        return None
    defs = s.defs
    if kind == COST_SACRIFICE:
        pool = [c for c in s.field[p] if IS_MINION[defs[c]]]
    elif kind == COST_DISCARD:
        pool = [c for c in s.hand[p] if c != card]
    else:
        pool = [c for c in s.field[p] if IS_ARTIFICE[defs[c]]]
    choices = distinct_by(pool, s._zone_key)
    if not choices:
        s.stack.pop()
        return None
    if o is None and len(choices) > 1:
        verb = {COST_SACRIFICE: "sacrifice", COST_DISCARD: "discard"}.get(kind, "destroy")
        prompt = f"COST of {NAME[defs[card]]}: {verb} which card?"
        return Decision(p, "cost", tuple(("pay", c) for c in choices), prompt)
    paid = o[1] if o is not None else choices[0]
    s.stack[-1] = ("pay", p, card, kind, left - 1)
    if kind == COST_SACRIFICE:
        s._sacrifice(paid)
    elif kind == COST_DISCARD:
        s.hand[p].remove(paid)
        s._to_discard(paid)
        s.events.append(("discarded", p, paid))
    else:
        s._destroy(paid, p)
    s._check_plans()
    return None


def _h_enter(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    card = f[1]
    s.stack.pop()
    s.resolving.remove(card)
    s._enter_countdown(card, played=True)
    s._check_plans()
    return None


def _h_attack(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.phase = "attack"
    defs = s.defs
    if o is None:
        attackers = [c for c in s.field[p] if IS_MINION[defs[c]] and c not in s.attacked]
        options: list[Option] = []
        if attackers:
            attackers = distinct_by(attackers, s._zone_key)
            targets: list[tuple[int, bool]] = []
            for q in s._opponents(p):
                has_minion = any(IS_MINION[defs[c]] for c in s.field[q])
                for c in distinct_by(s.field[q], s._zone_key):
                    targets.append((c, IS_MINION[defs[c]] or not has_minion))
            for a in attackers:
                options.extend(("attack", a, t) for t, open_ in targets if open_ or SIEGE[defs[a]])
        if not options:
            s.stack.pop()
            return None
        options.append(("end",))
        return Decision(p, "attack", tuple(options), "Attack Phase: attack with a Minion?")
    if o[0] == "end":
        s.stack.pop()
        return None
    _, attacker, target = o
    s.attacked.append(attacker)
    s.events.append(("attack", attacker, target))
    s._fire_on(attacker, ON_ATTACKS)
    s._fire_on(target, ON_TARGETED)
    # Effects of the attack being declared resolve before damage.
    s.push(("settle",), ("damage", attacker, target), ("settle",))
    return None


def _h_damage(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    _, attacker, target = f
    s.stack.pop()
    on_field = s.field[owner_of(attacker)]
    if attacker not in on_field or target not in s.field[owner_of(target)]:
        s.events.append(("attack_fizzles", attacker, target))
        return None
    hit = s.strength(attacker)
    back = s.strength(target) if IS_MINION[s.defs[target]] else 0
    if hit > 0:
        s.damage[target] += hit
        s.events.append(("hit", target, hit))
    if back > 0:
        s.damage[attacker] += back
        s.events.append(("hit", attacker, back))
    # Each is killed or destroyed by the other's controller.
    s._harm([target], owner_of(attacker))
    s._harm([attacker], owner_of(target))
    s._check_plans()
    return None


def _h_maintenance(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    s.phase = "end"
    s._fire(ON_MAINTENANCE, p)
    return None


def _h_cleanup(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    s.stack.pop()
    for q in range(s.players):
        for card in s.field[q]:
            s.damage[card] = 0
            s.bonus[card] = 0
    return None


def _h_end_turn(s: DoomPileState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    if not s.countdown[p] and not s.deck[p]:
        s._end([p], "empty deck and countdown")
        return None
    cap = int(s.options.get("max_turns") or 0)
    nxt = (p + 1) % s.players
    if cap and s.turns_taken[nxt] >= cap:
        s._end([], f"turn limit: {cap} turns each")
        return None
    s.push(*_turn_frames(nxt))
    return None


DoomPileState.HANDLERS = {
    "window": GameState._window,
    "arrange": _h_arrange,
    "begin": _h_begin,
    "turn": _h_turn,
    "countdown_step": _h_countdown_step,
    "settle": _h_settle,
    "order": _h_order,
    "batch": _h_batch,
    "activate": _h_activate,
    "steps": _h_steps,
    "discard_plot": _h_discard_plot,
    "draw": _h_draw,
    "plot": _h_plot,
    "pay": _h_pay,
    "enter": _h_enter,
    "attack": _h_attack,
    "damage": _h_damage,
    "maintenance": _h_maintenance,
    "cleanup": _h_cleanup,
    "end_turn": _h_end_turn,
}


# --------------------------------------------------------------------- event log


def _n(s: DoomPileState, card: int) -> str:
    return NAME[s.defs[card]]


def _who(card: int) -> str:
    return f"player {owner_of(card)}'s"


_EVENT_TEXT: Final[dict[str, Callable[[DoomPileState, tuple[Any, ...]], str]]] = {
    "setup": lambda s, e: f"{e[1]} players stack their decks in secret",
    "scenario": lambda s, e: "the table is arranged for a scenario",
    "arranged": lambda s, e: f"player {e[1]} has stacked their deck",
    "reveal": lambda s, e: (
        "Master Plans revealed: "
        + "; ".join(f"player {p}: {PLAN_DEFS[i].name}" for p, i in enumerate(e[1]))
    ),
    "first": lambda s, e: f"player {e[1]} goes first; everyone draws {HAND_SIZE}",
    "turn": lambda s, e: f"— player {e[1]}'s turn {e[2]} —",
    "empty_draw": lambda s, e: f"player {e[1]} has no card to draw",
    "skip_draw": lambda s, e: f"player {e[1]} skips their first Draw Phase",
    "played": lambda s, e: (
        f"player {e[1]} plays {_n(s, e[2])} into countdown ({START[s.defs[e[2]]]})"
    ),
    "command": lambda s, e: f"player {e[1]} commands {_n(s, e[2])}",
    "resolves": lambda s, e: f"{_n(s, e[2])} resolves for player {e[1]}",
    "activates": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} activates",
    "attack": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} attacks {_who(e[2])} {_n(s, e[2])}",
    "attack_fizzles": lambda s, e: f"{_n(s, e[1])}'s attack on {_n(s, e[2])} does nothing",
    "hit": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} takes {e[2]} damage",
    "burn": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is burned for {e[2]}",
    "killed": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is killed",
    "sacrificed": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is sacrificed",
    "destroyed": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is destroyed",
    "thwarted": lambda s, e: f"player {e[2]} Thwarts {_who(e[1])} {_n(s, e[1])}",
    "stack": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is Stacked on top of their deck",
    "restack": lambda s, e: f"player {e[1]} Restacks the top {e[2]} cards of their deck",
    "interred": lambda s, e: f"player {e[2]} Inters {_who(e[1])} {_n(s, e[1])}",
    "revived": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is Revived",
    "hasten": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} counts down {e[2]} more",
    "delay": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is delayed by {e[2]}",
    "rewind": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} returns to countdown",
    "empower": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} gets +{e[2]} Strength this turn",
    "discarded": lambda s, e: f"player {e[1]} discards {_n(s, e[2])}",
    "game_over": lambda s, e: (
        f"game over ({e[2]}): " + (", ".join(f"player {p}" for p in e[1]) or "nobody") + " wins"
    ),
}

HANDLERS_CLEANUP: Final = _h_cleanup
"""The Cleanup step's handler, for tests that wrap it."""

__all__ = ["GAME", "HANDLERS_CLEANUP", "SUBTYPES", "DoomPileState"]
