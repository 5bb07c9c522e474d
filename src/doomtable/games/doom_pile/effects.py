"""The effect interpreter: what each effect step, cost and condition does to the zones.

Conditional effects whose condition is met wait in ``triggered`` until the current resolution
is done; ``rules.py``'s ``settle`` frame then has them ordered and resolved.
"""

from __future__ import annotations

from doomtable.engine import distinct_by
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
    ON_DIES,
    ON_MINION_KILLED,
    ON_PLAYED,
    ON_SACRIFICE,
    OPP,
    PICKS_A_CARD,
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
    ABILITIES,
    IS_ARTIFICE,
    IS_MINION,
    IS_PLOT,
    MAX_TRACKED_START,
    PLAY_COST,
    START,
    T_DESTROYED,
    T_INTERRED,
    T_KILLED,
    T_RESOLVED_AT,
    T_REVIVED,
    T_SACRIFICED,
    T_THWARTED,
    TRIGGERS,
    WHENS,
)
from doomtable.games.doom_pile.state import ABILITY_SLOTS, DoomPileBase, owner_of


class DoomPileEffects(DoomPileBase):
    """Conditions, the ways out of the field, playing and resolving cards, targets and effect
    steps."""

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
            used = optional and card * ABILITY_SLOTS + ability in self.used
            if trigger_when == when and not used:
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
            self._enter_field(card)
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
            cards = [
                c
                for c in self.discard[p]
                if IS_PLOT[defs[c]] and self.can_pay(p, PLAY_COST[defs[c]], c)
            ]
        elif op == STACK and effect.where == DISCARD:
            cards = list(self.discard[p])
        elif op == STACK and effect.where == HAND:
            cards = list(self.hand[p])
        elif op == INTER:
            for q in self._order_from(p):
                cards.extend(self.discard[q])
        return distinct_by(cards, self._zone_key)

    def can_do(self, p: int, effects: tuple[Effect, ...]) -> bool:
        """Whether any step of ``effects`` would do something now: one that picks a card
        needs a legal one."""
        return any(e.op not in PICKS_A_CARD or self.targets(p, e) for e in effects)

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
            self._enter_field(target)
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
            # Played from the discard pile: its COST is paid as for a card played from hand.
            self.discard[p].remove(target)
            self.resolving.append(target)
            cost = PLAY_COST[self.defs[target]]
            paying = (("pay", p, target, cost.kind, cost.n),) if cost else ()
            self.push(*paying, ("enter", target))
        elif op == REWIND:
            self._leave_field(target)
            self._enter_countdown(target, played=False)
            events.append(("rewind", target))
        elif op == EMPOWER:
            self.bonus[target] += n
            events.append(("empower", target, n))
        elif op == SACRIFICE:
            self._sacrifice(target)
