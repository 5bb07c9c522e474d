"""Doom On You rules as frame handlers: prep and attack rounds, declarations, the defence,
battle cards and their counters, doom cards and bribes.

Every handler follows the engine contract: called with ``option=None`` it either changes the
state and returns ``None`` or returns a Decision and changes nothing; called with an option it
carries the choice out and pops (or replaces) its frame. Counterable battle cards (Hunt, Force
Field, Deflect) become an ``effect`` frame under a counter window; each counter flips the
frame's ``live`` flag and opens its own window.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from doomtable.engine import Decision, GameState, Option
from doomtable.engine.decision import Frame
from doomtable.engine.state import Handler
from doomtable.games.doom_on_you.cards import (
    ALL_LOSE_FOOD,
    ATTACK,
    BATTLE_NAMES,
    BATTLE_OF,
    BOTH_PILES,
    CAMO,
    CAPTURE,
    CARDS,
    DEFENCE,
    DEFLECT,
    FLAME,
    FORCE_FIELD,
    HUNT,
    IS_ANIMAL,
    IS_DOOM,
    LOSE_FOOD,
    LOSE_ONE,
    NAMES,
    PEEK,
    POWER,
    SNEAK,
    TOKENS,
)
from doomtable.games.doom_on_you.data import BRIBE_MAX, NOTES, PREP_DRAWS
from doomtable.games.doom_on_you.state import DoomOnYouBase, distinct

# Option verb -> battle card it spends.
_PLAY_KIND: Final = {"hunt": HUNT, "ff": FORCE_FIELD, "deflect": DEFLECT, "capture": CAPTURE}

# Option tuples that never change, built once (a bribe is several decisions in a row).
_NOTE_OPTIONS: Final[tuple[Option, ...]] = tuple(("bribe_note", k) for k in range(len(NOTES)))
_AMOUNT_OPTIONS: Final[tuple[tuple[Option, ...], ...]] = tuple(
    tuple(("bribe_amount", a) for a in range(1, top + 1)) for top in range(BRIBE_MAX + 1)
)
"""The amounts ``p`` may offer, by the most ``p`` can spare."""


def _card_options(verb: str) -> tuple[Option, ...]:
    """``(verb, card)`` for every card id, so an option list indexes these rather than building
    a tuple per card at each decision."""
    return tuple((verb, c) for c in range(len(CARDS)))


_ATTACK: Final = _card_options("attack")
_SNEAK: Final = _card_options("sneak")
_HUNT: Final = _card_options("hunt")
_CAPTURE: Final = _card_options("capture")
_PLACE: Final = _card_options("place")
_DONE: Final[Option] = ("done",)
_BRIBE: Final[Option] = ("bribe",)
_DRAW_OR_STOP: Final[tuple[Option, ...]] = (("draw",), ("stop",))
_ACCEPT_OR_DECLINE: Final[tuple[Option, ...]] = (("accept",), ("decline",))


# Each card's battle kind as a bit, so one pass over a hand finds every kind it holds.
_HUNT_BIT: Final = 1
_FORCE_FIELD_BIT: Final = 2
_DEFLECT_BIT: Final = 4
_CAPTURE_BIT: Final = 8
_SNEAK_BIT: Final = 16
_KIND_BIT: Final = {
    HUNT: _HUNT_BIT,
    FORCE_FIELD: _FORCE_FIELD_BIT,
    DEFLECT: _DEFLECT_BIT,
    CAPTURE: _CAPTURE_BIT,
    SNEAK: _SNEAK_BIT,
}
_BATTLE_BIT: Final[tuple[int, ...]] = tuple(_KIND_BIT.get(kind, 0) for kind in BATTLE_OF)


def _battle_kinds(hand: list[int]) -> int:
    """The battle kinds in ``hand``, as an or of their bits."""
    kinds = 0
    for c in hand:
        kinds |= _BATTLE_BIT[c]
    return kinds


# A name of this module: compiled code reads it without a look-up in an imported module.
_NOTE_KINDS: Final = len(NOTES)


class _Texts:
    """One prompt template's texts, each made once and then shared: most decisions repeat a
    prompt seen before. Found by list indices, as a look-up by a tuple or a large int key
    allocates at every decision."""

    def __init__(self, template: str) -> None:
        self.template = template
        self.made: list[list[str]] = []

    def text(self, first: int, second: int = 0, note: int = 0) -> str:
        """The template with ``first``, ``second`` and ``NOTES[note]`` put in (the values are
        small counts and seats)."""
        made = self.made
        while len(made) <= first:
            made.append([])
        row = made[first]
        column = second * _NOTE_KINDS + note
        while len(row) <= column:
            row.append("")  # not made yet: no prompt is empty
        found = row[column]
        if not found:
            found = row[column] = self.template.format(first, second, NOTES[note])
        return found


_DRAW_PROMPT: Final = _Texts("Prep round: draw a card? ({0} of {1} drawn)")
_PLACE_PROMPT: Final = _Texts("Prep round: place animals in your pile ({0} of {1})")
_AMOUNT_PROMPT: Final = _Texts("How much food to offer player {0}?")
_NOTE_PROMPT: Final = _Texts("Which note goes with your offer of {0} food to player {1}?")
_OFFER_PROMPT: Final = _Texts("Player {0} offers you {1} food ({2!r}). Accept?")
_DECLARE_PROMPT: Final = _Texts("Declare attacks on player {0}?")
_DEFEND_PROMPT: Final = _Texts("Defend against {0} attack(s)")


@mypyc_attr(allow_interpreted_subclasses=True)  # as GameState
class DoomOnYouRules(DoomOnYouBase):
    """The rules: which options a player has, and what battle plays and responses do."""

    def resolve_frame(self, frame: Frame, option: Option | None) -> Decision | None:
        # The frames that resolve most often, by name: compiled, each is a direct call. Every
        # other frame goes through HANDLERS, which names these same handlers.
        name: str = frame[0]
        if name == "declare":
            return h_declare(self, frame, option)
        if name == "bribe":
            return h_bribe(self, frame, option)
        if name == "defend":
            return h_defend(self, frame, option)
        if name == "place":
            return h_place(self, frame, option)
        if name == "draw_step":
            return h_draw_step(self, frame, option)
        if name == "pre":
            return h_pre(self, frame, option)
        if name == "bribe_answer":
            return h_bribe_answer(self, frame, option)
        if name == "window":
            return GameState._window(self, frame, option)
        if name == "turn":
            return h_turn(self, frame, option)
        if name == "defender_draw":
            return h_defender_draw(self, frame, option)
        return self.HANDLERS[name](self, frame, option)

    # ----------------------------------------------------------------- options

    def battle_options(self, p: int, t: int, live: list[int] | None = None) -> list[Option]:
        """Battle cards ``p`` could play while player ``t`` defends (``live``: the distinct
        attacks on ``t``, where the caller has them already)."""
        hand = self.hands[p]
        kinds = _battle_kinds(hand)
        opts: list[Option] = []
        if not kinds:
            return opts
        if live is None:
            live = self.live_attacks(t)
        if kinds & _HUNT_BIT:
            opts.extend(self.hunt_targets())
        if kinds & _FORCE_FIELD_BIT and any(POWER[c] != FLAME for c in live):
            opts.append(("ff", t))
        if kinds & _DEFLECT_BIT:
            targets = [y for y in self.others(p) if y != t]
            opts.extend(("deflect", c, y) for c in live for y in targets)
        if kinds & _CAPTURE_BIT:
            for c in live:
                opts.append(_CAPTURE[c])
        if kinds & _SNEAK_BIT and p != t:
            animals = [c for c in hand if IS_ANIMAL[c]]
            for c in distinct(animals):
                opts.append(_SNEAK[c])
        return opts

    def hunt_targets(self) -> list[Option]:
        """Hunt on any animal in a pile or in an attack, except a Camo."""
        opts: list[Option] = []
        for q in range(self.players):
            pile = [c for c in self.piles[q] if POWER[c] != CAMO]
            for c in distinct(pile):
                opts.append(_HUNT[c])
        hunted = [a[0] for a in self.attacks if POWER[a[0]] != CAMO]
        for c in self.distinct_attacks(hunted):
            opts.append(_HUNT[c])
        return opts

    def hunts(self, p: int) -> list[Option]:
        """``p``'s Hunt plays: a Hunt may be played at any time during an attack round."""
        return self.hunt_targets() if _battle_kinds(self.hands[p]) & _HUNT_BIT else []

    def next_declarer(self, d: int, a: int) -> int:
        """The living player after ``a`` in seat order who declares against ``d``."""
        n = self.players
        alive = self.alive
        for i in range(1, n + 1):
            q = (a + i) % n
            if q != d and alive[q]:
                return q
        raise StopIteration

    def defence_options(self, d: int) -> list[Option]:
        live = self.live_attacks(d)
        opts: list[Option] = []
        if live:
            guards = [c for c in self.piles[d] if DEFENCE[c] > self.damage[c]]
            guards = self.distinct_guards(guards)
            opts.extend(("block", a, g) for a in live for g in guards)
        opts.extend(self.battle_options(d, d, live))
        return opts

    # ----------------------------------------------------------------- battle plays

    def play_battle(self, p: int, option: Option, t: int) -> None:
        """``p`` plays a battle card while ``t`` defends."""
        verb = option[0]
        self.serial += 1
        if verb == "sneak":
            self.take_battle(p, SNEAK)
            card = option[1]
            self.hands[p].remove(card)
            self.attacks.append((card, p, t, p, ATTACK[card]))
            self.events.append(("sneak", p, t, card))
            return
        kind = _PLAY_KIND[verb]
        self.take_battle(p, kind)
        if verb == "capture":
            card = option[1]
            del self.attacks[self.attack_at(card)]
            self.piles[p].append(card)
            self.events.append(("capture", p, card))
            return
        self.events.append(("play", p, *option))
        self.stack.append(("effect", 1, p, *option))
        self.open_window(("counter", kind, p), self.others(p))

    def block(self, d: int, card: int, guard: int) -> None:
        i = self.attack_at(card)
        card, owner, target, beneficiary, need = self.attacks[i]
        used = min(need, DEFENCE[guard] - self.damage[guard])
        self.damage[guard] += used
        need -= used
        self.events.append(("block", d, card, guard, used, need))
        if self.damage[guard] >= DEFENCE[guard]:
            self.discard_from_pile(d, guard)
            self.events.append(("removed", guard, "its defence is used up"))
        if need:
            self.attacks[i] = (card, owner, target, beneficiary, need)
        else:
            del self.attacks[i]
            self.removed.append(card)
            self.events.append(("removed", card, "blocked"))

    def resolve_attacks(self, d: int) -> None:
        """Every attack on ``d`` still standing succeeds; then the animal leaves."""
        keep = [a for a in self.attacks if a[2] != d]
        hits = [a for a in self.attacks if a[2] == d]
        self.attacks = keep
        for i, (card, owner, _, beneficiary, _) in enumerate(hits):
            if self.alive[d] and self.alive[beneficiary]:
                taken = min(TOKENS[card], self.food[d])
                self.food[d] -= taken
                self.food[beneficiary] += taken
                self.events.append(("hit", beneficiary, d, card, taken))
                if POWER[card] == PEEK:
                    self.reveal(beneficiary, d)
            if self.options.get("successful_return") and self.alive[owner]:
                self.piles[owner].append(card)
            else:
                self.removed.append(card)
                self.events.append(("removed", card, "its attack is over"))
            self.check_out()
            if self.over:
                self.removed.extend(a[0] for a in hits[i + 1 :])
                return

    def reveal(self, viewer: int, target: int) -> None:
        seen = tuple(self.hands[target])
        self.revealed = [r for r in self.revealed if r[:2] != (viewer, target)]
        self.revealed.append((viewer, target, seen))
        self.events.append(("reveal", viewer, target, seen))

    # ----------------------------------------------------------------- response windows

    def response_options(self, player: int, trigger: tuple[Any, ...]) -> list[Option]:
        kind = trigger[0]
        if kind == "battle":
            return self.battle_options(player, trigger[1])
        card_kind = trigger[1] if kind == "counter" else FORCE_FIELD
        if not _battle_kinds(self.hands[player]) & _KIND_BIT[card_kind]:
            return []
        return [("counter", card_kind)] if kind == "counter" else [("ff_doom",)]

    def on_response(self, player: int, option: Option, trigger: tuple[Any, ...]) -> bool:
        verb = option[0]
        if verb == "counter":
            kind = option[1]
            self.take_battle(player, kind)
            self.events.append(("counter", player, kind))
            at = max(i for i, fr in enumerate(self.stack) if fr[0] == "effect")
            frame = self.stack[at]
            self.stack[at] = (frame[0], 1 - frame[1], *frame[2:])
            self.open_window(("counter", kind, player), self.others(player))
        elif verb == "ff_doom":
            self.take_battle(player, FORCE_FIELD)
            self.events.append(("play", player, "ff_doom", trigger[1]))
            self.stack.append(("effect", 1, player, "ff_doom"))
            self.open_window(("counter", FORCE_FIELD, player), self.others(player))
        else:
            self.play_battle(player, option, trigger[1])
        return False

    def window_prompt(self, trigger: tuple[Any, ...]) -> str:
        kind = trigger[0]
        if kind == "battle":
            return f"Play a battle card while player {trigger[1]} defends?"
        if kind == "counter":
            name = BATTLE_NAMES[trigger[1]]
            return f"Cancel player {trigger[2]}'s {name} with a {name}?"
        return f"Block {NAMES[trigger[1]]} with a Force Field?"


# --------------------------------------------------------------------- frame handlers


def h_prep(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    r = f[1]
    s.stack.pop()
    s.events.append(("prep", r))
    if s.stalemate():
        s.end_game("nothing left to draw or attack with", s.most_food(s.order_from(0)))
        return None
    order = s.order_from(s.first_defender(r))
    frames: list[Frame] = [("draw_step", p, 0) for p in order] if r > 1 else []
    frames.extend(("place", p) for p in order)
    frames.append(("attack_round", r))
    s.push(*frames)
    return None


def _draw(s: DoomOnYouRules, p: int, in_attack: int) -> int:
    """``p`` draws the top card; a doom card goes off at once. Returns the card."""
    if not s.deck:
        # Ruling: an empty draw pile is rebuilt from the cards removed from play.
        s.deck, s.removed = s.removed, []
        s.rng.shuffle(s.deck)
        s.events.append(("reshuffle", len(s.deck)))
    card = s.deck.pop()
    s.events.append(("draw", p, card))
    if IS_DOOM[card]:
        s.removed.append(card)
        s.stack.append(("doom", card, p, in_attack))
    else:
        s.hands[p].append(card)
    return card


def h_draw_step(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    p: int = f[1]
    drawn: int = f[2]
    if not s.alive[p] or drawn >= PREP_DRAWS or not (s.deck or s.removed):
        s.stack.pop()
        return None
    if o is None:
        prompt = _DRAW_PROMPT.text(drawn, PREP_DRAWS)
        return Decision(p, "draw", _DRAW_OR_STOP, prompt)
    if o[0] == "stop":
        s.stack.pop()
        return None
    s.stack[-1] = ("draw_step", p, drawn + 1)
    _draw(s, p, 0)
    return None


def h_place(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    p: int = f[1]
    pile, hand = s.piles[p], s.hands[p]
    if not s.alive[p] or len(pile) >= s.pile_limit or not hand:
        s.stack.pop()
        return None
    if o is None:
        animals = distinct([c for c in hand if IS_ANIMAL[c]])
        places = [_PLACE[c] for c in animals]
        places.append(_DONE)
        prompt = _PLACE_PROMPT.text(len(pile), s.pile_limit)
        return Decision(p, "place", tuple(places), prompt)
    if o[0] == "done":
        s.stack.pop()
        return None
    hand.remove(o[1])
    pile.append(o[1])
    s.events.append(("place", p, o[1]))
    return None


def h_attack_round(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    r = f[1]
    s.stack.pop()
    s.attack_round = r
    s.bribed = [0] * s.players
    first = s.first_defender(r)
    # Count the next round from the player actually chosen, so skipping players who are out
    # can never make the same player defend first twice in a row.
    s.rotation = (first - (r - 1)) % s.players
    s.events.append(("attack_round", r, first))
    s.push(*(("turn", d) for d in s.order_from(first)), ("round_end", r))
    return None


def h_round_end(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    r = f[1]
    s.stack.pop()
    s.defender = -1
    cap = int(s.options.get("max_attack_rounds") or 0)  # 0: no cap
    if cap and r >= cap:
        s.end_game(f"round cap: {r} attack rounds played", s.most_food(s.order_from(0)))
    else:
        s.stack.append(("prep", r + 1))
    return None


def h_turn(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    d = f[1]
    s.stack.pop()
    if not s.alive[d]:
        return None
    s.defender = d
    s.events.append(("turn", d))
    first = s.next_declarer(d, d)
    s.push(("pre", d), ("declare", d, first, 0), ("defender_draw", d), ("defend", d, 0, -1))
    return None


def h_pre(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    d: int = f[1]
    # Only public facts decide whether to ask, so being asked reveals nothing.
    if not s.alive[d] or not (s.may_bribe(d) or s.hands[d]):
        s.stack.pop()
        return None
    if o is None:
        offer: tuple[Option, ...] = (("bribe",),) if s.can_bribe(d) else ()
        prompt = "Before attacks are declared on you: offer a bribe?"
        return Decision(d, "bribe", (*offer, *s.hunts(d), ("go",)), prompt)
    if o[0] == "hunt":
        s.play_battle(d, o, d)
        return None
    s.stack.pop()
    if o[0] == "bribe":
        s.bribed[d] = 1
        s.stack.append(("bribe", d, -1, 0))
    return None


def h_bribe(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    giver: int = f[1]
    to: int = f[2]
    amount: int = f[3]
    if o is None:
        if to < 0:
            options: tuple[Option, ...] = tuple(("bribe_to", q) for q in s.others(giver))
            prompt = "Offer food to which player?"
        elif not amount:
            top = min(BRIBE_MAX, s.food[giver] - 1)
            options = _AMOUNT_OPTIONS[top] if top > 0 else ()
            prompt = _AMOUNT_PROMPT.text(to)
        else:
            options = _NOTE_OPTIONS
            prompt = _NOTE_PROMPT.text(amount, to)
        return Decision(giver, "bribe", options, prompt)
    if o[0] == "bribe_to":
        s.stack[-1] = ("bribe", giver, o[1], 0)
    elif o[0] == "bribe_amount":
        s.stack[-1] = ("bribe", giver, to, o[1])
    else:
        s.stack[-1] = ("bribe_answer", giver, to, amount, o[1])
        s.events.append(("offer", giver, to, amount, o[1]))
    return None


def h_bribe_answer(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    _, giver, to, amount, note = f
    if o is None:
        prompt = _OFFER_PROMPT.text(giver, amount, note)
        return Decision(to, "bribe", _ACCEPT_OR_DECLINE, prompt)
    s.stack.pop()
    if o[0] == "accept":
        s.food[giver] -= amount
        s.food[to] += amount
        s.events.append(("paid", giver, to, amount))
    else:
        s.events.append(("declined", giver, to))
    return None


def h_declare(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    """An open negotiation: the others declare in seat order, round and round, a player who
    said ``done`` coming back in when someone else acts, until all of them pass in a row.
    ``passes`` counts the passes in a row so far (saves from before it have none: 0)."""
    # Typed, so the compiled code indexes lists and compares with native ints.
    d: int = f[1]
    a: int = f[2]
    passes: int = f[3] if len(f) == 4 else 0
    declarers = s.others_count(d)
    if not s.alive[d] or passes >= declarers:
        s.stack.pop()
        return None
    if not s.alive[a]:
        s.stack[-1] = ("declare", d, s.next_declarer(d, a), passes)
        return None
    pile, hand = s.piles[a], s.hands[a]
    # Only public facts decide whether to ask, so being asked reveals nothing.
    if not (pile or hand or s.may_bribe(a)):
        o = _DONE
    elif o is None:
        options: list[Option] = [_ATTACK[c] for c in distinct(pile) if ATTACK[c]]
        kinds = _battle_kinds(hand)  # a declarer may Sneak or Hunt now
        if kinds & _SNEAK_BIT:
            animals = [c for c in hand if IS_ANIMAL[c]]
            for c in distinct(animals):
                options.append(_SNEAK[c])
        if kinds & _HUNT_BIT:
            options.extend(s.hunt_targets())
        if s.can_bribe(a):
            options.append(_BRIBE)
        options.append(_DONE)
        return Decision(a, "declare", tuple(options), _DECLARE_PROMPT.text(d))
    verb = o[0]
    if verb == "done":
        s.stack[-1] = ("declare", d, s.next_declarer(d, a), passes + 1)
        return None
    s.stack[-1] = ("declare", d, a, 0)
    if verb == "bribe":
        s.bribed[a] = 1
        s.stack.append(("bribe", a, -1, 0))
    elif verb == "attack":
        card = o[1]
        pile.remove(card)
        s.damage[card] = 0
        s.attacks.append((card, a, d, a, ATTACK[card]))
        s.events.append(("attack", a, d, card))
    else:
        s.play_battle(a, o, d)
    return None


def h_defender_draw(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    d = f[1]
    s.stack.pop()
    if not s.alive[d] or not (s.deck or s.removed):
        return None
    card = _draw(s, d, 1)
    if (
        s.options.get("drawn_animal_to_pile")
        and not IS_DOOM[card]
        and len(s.piles[d]) < s.pile_limit
    ):
        # Asked after every kept draw, animal or not, so the question reveals nothing.
        s.stack.append(("drawn", d, card))
    return None


def h_drawn(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    _, d, card = f
    if o is None:
        options: tuple[Option, ...] = (("keep",),)
        if IS_ANIMAL[card]:
            options = (("pile", card), *options)
        return Decision(d, "drawn", options, f"You drew {NAMES[card]}: put it in your pile?")
    s.stack.pop()
    if o[0] == "pile":
        s.hands[d].remove(card)
        s.piles[d].append(card)
        s.events.append(("place", d, card))
    return None


def h_defend(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    d: int = f[1]
    mode: int = f[2]
    serial: int = f[3]
    if not s.alive[d] or (mode == 1 and s.serial == serial):
        # Nobody answered the last call for battle cards: what still stands gets through.
        s.stack.pop()
        s.resolve_attacks(d)
        return None
    attacked = 0
    for attack in s.attacks:
        if attack[2] == d:
            attacked += 1
    if not attacked and d != s.defender:
        # A deflected attack that is gone: nothing left to defend. The turn's own defender
        # goes on without attacks: battle cards are played "immediately" after the draw, and
        # Hunt at any time.
        s.stack.pop()
        return None
    if mode == 1:
        s.stack[-1] = ("defend", d, 0, serial)
        return None
    if o is None:
        options = s.defence_options(d)
        if options or s.hands[d]:
            prompt = (
                _DEFEND_PROMPT.text(attacked)
                if attacked
                else "No attack on you: play a battle card?"
            )
            options.append(_DONE)
            return Decision(d, "defend", tuple(options), prompt)
        o = _DONE
    verb = o[0]
    if verb == "done":
        s.stack[-1] = ("defend", d, 1, s.serial)
        s.open_window(("battle", d), s.others(d))
    elif verb == "block":
        s.block(d, o[1], o[2])
    else:
        s.play_battle(d, o, d)
    return None


def h_effect(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    _, live, p, verb, *args = f
    s.stack.pop()
    if not live:
        s.events.append(("cancelled", p, verb))
        return None
    if verb == "hunt":
        card = args[0]
        owner = next((q for q in range(s.players) if card in s.piles[q]), -1)
        attacking = 0
        if owner >= 0:
            s.discard_from_pile(owner, card)
        elif any(a[0] == card for a in s.attacks):
            attack = s.attacks.pop(s.attack_at(card))
            owner, attacking = attack[1], 1
            s.removed.append(card)
        else:
            return None
        s.events.append(("killed", p, card, owner, attacking))
    elif verb == "ff":
        t = args[0]
        blocked = [a[0] for a in s.attacks if a[2] == t and POWER[a[0]] != FLAME]
        s.attacks = [a for a in s.attacks if a[0] not in blocked]
        s.removed.extend(blocked)
        s.events.append(("shielded", p, t, tuple(blocked)))
    elif verb == "deflect":
        card, y = args
        if s.alive[y] and any(a[0] == card for a in s.attacks):
            i = s.attack_at(card)
            card, owner, _, _, need = s.attacks[i]
            s.attacks[i] = (card, owner, y, p, need)
            s.events.append(("deflected", p, card, y))
            s.stack.append(("defend", y, 0, -1))
    else:
        i = max(i for i, fr in enumerate(s.stack) if fr[0] == "doom_apply")
        s.stack[i] = (*s.stack[i][:4], 1)
    return None


def h_doom(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    _, card, drawer, in_attack = f
    if not s.alive[drawer]:
        s.stack.pop()
        return None
    victim = -1
    if POWER[card] == BOTH_PILES:
        others = s.others(drawer)
        if len(others) > 1:
            if o is None:
                prompt = f"{NAMES[card]}: choose the other player who loses their animals"
                return Decision(drawer, "doom", tuple(("victim", q) for q in others), prompt)
            victim = o[1]
        elif others:
            victim = others[0]
    s.stack.pop()
    s.events.append(("doom", drawer, card, victim))
    s.stack.append(("doom_apply", card, drawer, victim, 0))
    if in_attack:
        s.open_window(("doom", card, drawer), s.order_from(drawer))
    return None


def h_doom_apply(s: DoomOnYouRules, f: Frame, o: Option | None) -> Decision | None:
    _, card, drawer, victim, blocked = f
    effect = POWER[card]
    if blocked or not s.alive[drawer]:
        s.stack.pop()
        return None
    if effect == LOSE_ONE:
        pile = s.piles[drawer]
        choices = distinct(pile)
        if len(choices) > 1 and o is None:
            options = tuple(("lose", c) for c in choices)
            return Decision(drawer, "doom", options, f"{NAMES[card]}: lose which animal?")
        s.stack.pop()
        if choices:
            lost = o[1] if o is not None else choices[0]
            s.events.append(("lose_animals", drawer, (lost,)))
            s.discard_from_pile(drawer, lost)
        return None
    s.stack.pop()
    amount = CARDS[card].amount
    if effect == BOTH_PILES:
        s.lose_pile(drawer)
        if victim >= 0 and s.alive[victim]:
            s.lose_pile(victim)
    elif effect == LOSE_FOOD:
        s.lose_food([drawer], amount)
    elif effect == ALL_LOSE_FOOD:
        s.lose_food(s.order_from(drawer), amount)
    else:
        s.lose_pile(drawer)
        s.lose_food([drawer], amount)
    return None


HANDLERS: Final[dict[str, Handler]] = {
    **GameState.HANDLERS,
    "prep": h_prep,
    "draw_step": h_draw_step,
    "place": h_place,
    "attack_round": h_attack_round,
    "round_end": h_round_end,
    "turn": h_turn,
    "pre": h_pre,
    "bribe": h_bribe,
    "bribe_answer": h_bribe_answer,
    "declare": h_declare,
    "defender_draw": h_defender_draw,
    "drawn": h_drawn,
    "defend": h_defend,
    "effect": h_effect,
    "doom": h_doom,
    "doom_apply": h_doom_apply,
}
