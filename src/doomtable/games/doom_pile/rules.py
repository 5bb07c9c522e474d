"""The turn as frames: stacking, the Start, Draw, Plot, Attack and End phases, resolving cards
at 0, ordering waiting conditional effects, and the Master Plan check before every frame."""

from __future__ import annotations

from typing import ClassVar, Final

from doomtable.engine import Decision, GameState, Option, distinct_by
from doomtable.engine.decision import Frame
from doomtable.engine.state import Handler
from doomtable.games.doom_pile.cards import (
    COST_DISCARD,
    COST_SACRIFICE,
    ON_ATTACKS,
    ON_MAINTENANCE,
    ON_TARGETED,
    PICKS_A_CARD,
)
from doomtable.games.doom_pile.data import (
    ABILITIES,
    CARD_DEFS,
    COMMAND,
    COMMAND_COST,
    HAND_SIZE,
    IS_ARTIFICE,
    IS_MINION,
    NAME,
    PLAY_COST,
    SIEGE,
    START,
    TRIGGERS,
)
from doomtable.games.doom_pile.effects import DoomPileEffects
from doomtable.games.doom_pile.scoring import plan_progress
from doomtable.games.doom_pile.state import ABILITY_SLOTS, owner_of


class DoomPileRules(DoomPileEffects):
    """The flow of play: every frame handler is in ``HANDLERS`` below."""

    HANDLERS: ClassVar[dict[str, Handler]]

    def resolve_frame(self, frame: Frame, option: Option | None) -> Decision | None:
        """A Master Plan is checked before anything else happens: "cards and effects cannot be
        activated, played, or resolved ... after a Master Plan has been achieved". Each handler
        moves at most one card (or several at the same moment), so this sees every change."""
        if self._check_plans():
            return None
        return self.HANDLERS[frame[0]](self, frame, option)

    def _check_plans(self) -> bool:
        """Whoever's Master Plan is met wins at once; nothing may respond."""
        if self.over or not self.revealed:
            return self.over
        met = []
        for p in range(self.players):
            value, needed = plan_progress(self, p)
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


TURN_STEPS: Final = ("turn", "resolve", "draw", "plot", "attack", "maintenance", "cleanup")
"""The points a turn may be entered at (a scenario's ``start``), in order: the Countdown step,
the Resolve step, the Draw, Plot and Attack Phases, the Maintenance and Cleanup steps."""

PHASE_OF_STEP: Final = {
    "turn": "start",
    "resolve": "start",
    "draw": "draw",
    "plot": "plot",
    "attack": "attack",
    "maintenance": "end",
    "cleanup": "end",
}


def turn_frames(p: int, start: str = "turn") -> list[Frame]:
    """The frames of ``p``'s turn from step ``start`` (one of ``TURN_STEPS``) on."""
    frames: list[Frame] = []
    for step in TURN_STEPS[TURN_STEPS.index(start) :]:
        if step == "turn":
            frames += [("turn", p), ("countdown_step", p)]
        elif step == "resolve":
            frames.append(("settle",))
        elif step == "maintenance":
            frames += [("maintenance", p), ("settle",)]
        elif step == "cleanup":
            frames += [("cleanup", p), ("end_turn", p)]
        else:
            frames.append((step, p))
    return frames


# --------------------------------------------------------------------- frame handlers


def _h_arrange(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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


def _h_begin(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    s.stack.pop()
    s.revealed = True
    s.events.append(("reveal", tuple(s.plans)))
    first = int(s.options.get("first_player", -1))
    if not 0 <= first < s.players:
        first = s.rng.below(s.players)
    s.events.append(("first", first))
    for p in s._order_from(first):
        s._draw(p, HAND_SIZE)
    s.push(*turn_frames(first))
    return None


def _h_turn(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    s.turn_player = p
    s.turns_taken[p] += 1
    s.used.clear()
    s.attacked.clear()
    s.phase = "start"
    s.events.append(("turn", p, s.turns_taken[p]))
    return None


def _h_countdown_step(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    for card in s.countdown[p]:
        s.count[card] -= 1
    return None


def _h_settle(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    """Nothing new starts until this frame is done: first the waiting conditional effects are
    ordered and resolved, then each card at 0 count remaining resolves, one at a time."""
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


def _h_order(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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


def _h_batch(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    _, items, i = f
    if i >= len(items):
        s.stack.pop()
        return None
    s.stack[-1] = ("batch", items, i + 1)
    p, card, ability = items[i]
    optional = any(t[1] == ability and t[2] for t in TRIGGERS[s.defs[card]])
    s.stack.append(("activate", p, card, ability, int(optional)))
    return None


def _h_activate(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    _, p, card, ability, optional = f
    key = card * ABILITY_SLOTS + ability
    if optional:
        # A "you can" effect with nothing to do is not offered and keeps its use.
        if key in s.used or not s.can_do(p, ABILITIES[s.defs[card]][ability]):
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


def _h_steps(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    """One effect step after another; a step with nothing to pick does nothing."""
    _, p, card, ability, i = f
    effects = ABILITIES[s.defs[card]][ability]
    if i >= len(effects):
        s.stack.pop()
        return None
    effect = effects[i]
    target = -1
    if effect.op in PICKS_A_CARD:
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
    return None


def _h_discard_plot(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    card = f[1]
    s.stack.pop()
    s.resolving.remove(card)
    s._to_discard(card)
    return None


def _h_draw(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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


def _h_plot(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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
                if COMMAND[s.defs[c]] >= 0 and c * ABILITY_SLOTS + COMMAND[s.defs[c]] not in s.used
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
        s.used.append(card * ABILITY_SLOTS + ability)
        s.events.append(("command", p, card))
        cost = COMMAND_COST[d]
        s.push(
            *((("pay", p, card, cost.kind, cost.n),) if cost else ()),
            ("steps", p, card, ability, 0),
            ("settle",),
        )
    return None


def _h_pay(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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
    return None


def _h_enter(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    """A played card, its cost paid, goes into countdown. At 0 it "resolves immediately":
    before the "when played" effects it set off, unless another card is still resolving (a
    Recall), as only one card resolves at a time; it then waits for the next ``settle``."""
    card = f[1]
    s.stack.pop()
    s.resolving.remove(card)
    s._enter_countdown(card, played=True)
    if s.count[card] <= 0 and not s.resolving:
        s.push(("resolve_now", card))
    return None


def _h_resolve_now(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    card = f[1]
    s.stack.pop()
    s._resolve(card)
    return None


def _h_attack(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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


def _h_damage(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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
    return None


def _h_maintenance(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    s.stack.pop()
    s.phase = "end"
    s._fire(ON_MAINTENANCE, p)
    return None


def _h_cleanup(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
    s.stack.pop()
    for q in range(s.players):
        for card in s.field[q]:
            s.damage[card] = 0
            s.bonus[card] = 0
    return None


def _h_end_turn(s: DoomPileRules, f: Frame, o: Option | None) -> Decision | None:
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
    s.push(*turn_frames(nxt))
    return None


HANDLERS: Final[dict[str, Handler]] = {
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
    "resolve_now": _h_resolve_now,
    "attack": _h_attack,
    "damage": _h_damage,
    "maintenance": _h_maintenance,
    "cleanup": _h_cleanup,
    "end_turn": _h_end_turn,
}
DoomPileRules.HANDLERS = HANDLERS

HANDLERS_CLEANUP: Final = _h_cleanup
"""The Cleanup step's handler, for tests that wrap it."""
