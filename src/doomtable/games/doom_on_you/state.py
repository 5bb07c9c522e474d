"""Doom On You on the doomtable engine: prep rounds, attack rounds, battle cards, bribes.

Cards are ints (ids into ``cards.CARDS``); every zone is a flat list of ids. An attack in
progress is a tuple ``(card, owner, target, beneficiary, need)``: ``need`` is the defence still
required to block it, ``beneficiary`` is who takes its food (the owner, or a deflector).
Counterable battle cards (Hunt, Force Field, Deflect) become an ``effect`` frame under a counter
window; each counter flips the frame's ``live`` flag and opens its own window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar, Self

from doomtable.engine import Decision, Field, GameState, Option, Rng, ScenarioError
from doomtable.engine.decision import Frame
from doomtable.games.doom_on_you.cards import (
    ALL_LOSE_FOOD,
    ATTACK,
    BATTLE_NAMES,
    BATTLE_OF,
    BOTH_PILES,
    CAMO,
    CAPTURE,
    CARD_DEF,
    CARD_DEFS,
    CARDS,
    DECK_SIZE,
    DEF_BY_NAME,
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

GAME = "doom-on-you"
START_FOOD = 10
DUEL_START_FOOD = 15
HAND_SIZE = 6
PILE_LIMIT = 3
DUEL_PILE_LIMIT = 4
PREP_DRAWS = 3
BRIBE_MAX = 5
NOTES = ("don't attack me", "join my attack", "help me defend", "no strings attached")

# Option verb -> battle card it spends.
_PLAY_KIND = {"hunt": HUNT, "ff": FORCE_FIELD, "deflect": DEFLECT, "capture": CAPTURE}


class DoomOnYouState(GameState):
    """A game of Doom On You; see the module docstring for the data layout."""

    GAME: ClassVar[str] = GAME
    FIELDS: ClassVar[dict[str, Field]] = {
        "food": Field.LIST,
        "alive": Field.LIST,
        "hands": Field.LISTS,
        "piles": Field.LISTS,
        "deck": Field.LIST,  # the top card is the last one
        "removed": Field.LIST,  # removed from play, face up
        "damage": Field.LIST,  # card id -> defence already spent while in a pile
        "attacks": Field.TUPLES,
        "bribed": Field.LIST,  # offered a bribe this attack round
        "revealed": Field.TUPLES,  # (viewer, target, hand ids seen by a Hand-a)
        "lost_food": Field.VALUE,
        "attack_round": Field.VALUE,
        "rotation": Field.VALUE,
        "defender": Field.VALUE,
        "serial": Field.VALUE,  # counts battle plays, so a defence knows to look again
        "over": Field.VALUE,
        "winner_list": Field.VALUE,
        "end_reason": Field.VALUE,
    }

    food: list[int]
    alive: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    deck: list[int]
    removed: list[int]
    damage: list[int]
    attacks: list[tuple[int, int, int, int, int]]
    bribed: list[int]
    revealed: list[tuple[int, int, tuple[int, ...]]]
    lost_food: int
    attack_round: int
    rotation: int
    defender: int
    serial: int
    over: bool
    winner_list: tuple[int, ...]
    end_reason: str

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self._init_core(players, seed, options)
        self.food = [DUEL_START_FOOD if self._duel else START_FOOD] * players
        self.alive = [1] * players
        rest = [c for c in range(DECK_SIZE) if not IS_DOOM[c]]
        self.rng.shuffle(rest)
        self.hands = [[rest.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        self.piles = [[] for _ in range(players)]
        self.deck = rest + [c for c in range(DECK_SIZE) if IS_DOOM[c]]
        self.rng.shuffle(self.deck)
        self.removed = []
        self.damage = [0] * DECK_SIZE
        self.attacks = []
        self.bribed = [0] * players
        self.revealed = []
        self.lost_food = 0
        self.attack_round = 0
        self.rotation = 0
        self.defender = -1
        self.serial = 0
        self.over = False
        self.winner_list = ()
        self.end_reason = ""
        self.events.append(("setup", players, self.food[0]))
        self.push(("prep", 1))
        self._advance()

    # ----------------------------------------------------------------- small helpers

    @property
    def _duel(self) -> bool:
        """The 2-player variant (our design: docs/rulings.md) is in force."""
        return self.players == 2 and bool(self.options.get("two_player_variant"))

    @property
    def pile_limit(self) -> int:
        return DUEL_PILE_LIMIT if self._duel else PILE_LIMIT

    def _others(self, p: int) -> list[int]:
        """Living players other than ``p``, in seat order after ``p``."""
        n = self.players
        return [q for q in ((p + i) % n for i in range(1, n)) if self.alive[q]]

    def _order_from(self, p: int) -> list[int]:
        n = self.players
        return [q for q in ((p + i) % n for i in range(n)) if self.alive[q]]

    def _first_defender(self, r: int) -> int:
        n = self.players
        start = (r - 1 + self.rotation) % n
        return next(q for q in ((start + i) % n for i in range(n)) if self.alive[q])

    def _can_bribe(self, p: int) -> bool:
        return not self.bribed[p] and self.food[p] >= 2 and len(self._others(p)) > 0

    def _take_battle(self, p: int, kind: str) -> None:
        hand = self.hands[p]
        card = next(c for c in hand if BATTLE_OF[c] == kind)
        hand.remove(card)
        self.removed.append(card)

    def _attack_at(self, card: int) -> int:
        return next(i for i, a in enumerate(self.attacks) if a[0] == card)

    def _discard_from_pile(self, p: int, card: int) -> None:
        self.piles[p].remove(card)
        self.damage[card] = 0
        self.removed.append(card)

    def _lose_pile(self, p: int) -> None:
        pile = self.piles[p]
        if pile:
            self.events.append(("lose_animals", p, tuple(pile)))
            for card in pile:
                self.damage[card] = 0
            self.removed.extend(pile)
            pile.clear()

    def _lose_food(self, players: list[int], amount: int) -> None:
        """Remove food from play (doom cards); then anyone at zero is out."""
        for p in players:
            lost = min(amount, self.food[p])
            self.food[p] -= lost
            self.lost_food += lost
            self.events.append(("lose_food", p, lost))
        self._check_out()

    def _check_out(self) -> None:
        out = [p for p in range(self.players) if self.alive[p] and self.food[p] == 0]
        if not out:
            return
        for p in out:
            self._eliminate(p)
        living = [p for p in range(self.players) if self.alive[p]]
        if len(living) <= 1:
            self._end("last player with food" if living else "everyone ran out", living or out)
        elif self.options.get("end_on_first_out"):
            self._end("a player ran out of food", self._most_food(living))

    def _eliminate(self, p: int) -> None:
        self.alive[p] = 0
        self.events.append(("out", p))
        self.removed.extend(self.hands[p])
        self.hands[p].clear()
        self._lose_pile(p)
        keep = []
        for a in self.attacks:
            if p in (a[1], a[3]):
                self.removed.append(a[0])
            else:
                keep.append(a)
        self.attacks = keep

    def _most_food(self, candidates: list[int]) -> list[int]:
        best = max(self.food[p] for p in candidates)
        return [p for p in candidates if self.food[p] == best]

    def _end(self, reason: str, winners: list[int]) -> None:
        self.over = True
        self.winner_list = tuple(winners)
        self.end_reason = reason
        self.events.append(("game_over", tuple(winners), reason))
        self.stack.clear()

    def _stalemate(self) -> bool:
        """Nothing can change food any more: no card to draw and no animal in play or in hand."""
        if self.deck or self.removed:
            return False
        return not any(
            IS_ANIMAL[c] for p in range(self.players) for c in (*self.hands[p], *self.piles[p])
        )

    @staticmethod
    def _distinct(cards: list[int], key: Callable[[int], object]) -> list[int]:
        """One card per distinct key: identical choices get one option (and one label)."""
        seen: set[object] = set()
        picked = []
        for c in cards:
            k = key(c)
            if k not in seen:
                seen.add(k)
                picked.append(c)
        return picked

    def _attack_key(self, card: int) -> object:
        a = self.attacks[self._attack_at(card)]
        return (CARD_DEF[card], a[1], a[2], a[3], a[4])

    def _pile_key(self, card: int) -> object:
        return (CARD_DEF[card], self.damage[card])

    # ----------------------------------------------------------------- options

    def _battle_options(self, p: int, t: int) -> list[Option]:
        """Battle cards ``p`` could play while player ``t`` defends."""
        hand = self.hands[p]
        kinds = {BATTLE_OF[c] for c in hand}
        kinds.discard("")
        if not kinds:
            return []
        opts: list[Option] = []
        live = [a[0] for a in self.attacks if a[2] == t]
        live = self._distinct(live, self._attack_key)
        if HUNT in kinds:
            for q in range(self.players):
                pile = [c for c in self.piles[q] if POWER[c] != CAMO]
                opts.extend(("hunt", c) for c in self._distinct(pile, CARD_DEF.__getitem__))
            hunted = [a[0] for a in self.attacks if POWER[a[0]] != CAMO]
            opts.extend(("hunt", c) for c in self._distinct(hunted, self._attack_key))
        if FORCE_FIELD in kinds and any(POWER[c] != FLAME for c in live):
            opts.append(("ff", t))
        if DEFLECT in kinds:
            targets = [y for y in self._others(p) if y != t]
            opts.extend(("deflect", c, y) for c in live for y in targets)
        if CAPTURE in kinds:
            opts.extend(("capture", c) for c in live)
        if SNEAK in kinds and p != t:
            animals = [c for c in hand if IS_ANIMAL[c]]
            opts.extend(("sneak", c) for c in self._distinct(animals, CARD_DEF.__getitem__))
        return opts

    def _defence_options(self, d: int) -> list[Option]:
        live = self._distinct([a[0] for a in self.attacks if a[2] == d], self._attack_key)
        guards = [c for c in self.piles[d] if DEFENCE[c] > self.damage[c]]
        guards = self._distinct(guards, self._pile_key)
        opts: list[Option] = [("block", a, g) for a in live for g in guards]
        opts.extend(self._battle_options(d, d))
        return opts

    # ----------------------------------------------------------------- battle plays

    def _play(self, p: int, option: Option, t: int) -> None:
        """``p`` plays a battle card while ``t`` defends."""
        verb = option[0]
        self.serial += 1
        if verb == "sneak":
            self._take_battle(p, SNEAK)
            card = option[1]
            self.hands[p].remove(card)
            self.attacks.append((card, p, t, p, ATTACK[card]))
            self.events.append(("sneak", p, t, card))
            return
        kind = _PLAY_KIND[verb]
        self._take_battle(p, kind)
        if verb == "capture":
            card = option[1]
            del self.attacks[self._attack_at(card)]
            self.piles[p].append(card)
            self.events.append(("capture", p, card))
            return
        self.events.append(("play", p, *option))
        self.stack.append(("effect", 1, p, *option))
        self.open_window(("counter", kind, p), self._others(p))

    def _block(self, d: int, card: int, guard: int) -> None:
        i = self._attack_at(card)
        card, owner, target, beneficiary, need = self.attacks[i]
        used = min(need, DEFENCE[guard] - self.damage[guard])
        self.damage[guard] += used
        need -= used
        self.events.append(("block", d, card, guard, used))
        if self.damage[guard] >= DEFENCE[guard]:
            self._discard_from_pile(d, guard)
        if need:
            self.attacks[i] = (card, owner, target, beneficiary, need)
        else:
            del self.attacks[i]
            self.removed.append(card)

    def _resolve_attacks(self, d: int) -> None:
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
                    self._reveal(beneficiary, d)
            if self.options.get("successful_return") and self.alive[owner]:
                self.piles[owner].append(card)
            else:
                self.removed.append(card)
            self._check_out()
            if self.over:
                self.removed.extend(a[0] for a in hits[i + 1 :])
                return

    def _reveal(self, viewer: int, target: int) -> None:
        seen = tuple(self.hands[target])
        self.revealed = [r for r in self.revealed if r[:2] != (viewer, target)]
        self.revealed.append((viewer, target, seen))
        self.events.append(("reveal", viewer, target, seen))

    # ----------------------------------------------------------------- response windows

    def response_options(self, player: int, trigger: tuple[Any, ...]) -> list[Option]:
        kind = trigger[0]
        if kind == "battle":
            return self._battle_options(player, trigger[1])
        card_kind = trigger[1] if kind == "counter" else FORCE_FIELD
        if not any(BATTLE_OF[c] == card_kind for c in self.hands[player]):
            return []
        return [("counter", card_kind)] if kind == "counter" else [("ff_doom",)]

    def on_response(self, player: int, option: Option, trigger: tuple[Any, ...]) -> bool:
        verb = option[0]
        if verb == "counter":
            kind = option[1]
            self._take_battle(player, kind)
            self.events.append(("counter", player, kind))
            at = max(i for i, fr in enumerate(self.stack) if fr[0] == "effect")
            frame = self.stack[at]
            self.stack[at] = (frame[0], 1 - frame[1], *frame[2:])
            self.open_window(("counter", kind, player), self._others(player))
        elif verb == "ff_doom":
            self._take_battle(player, FORCE_FIELD)
            self.events.append(("play", player, "ff_doom", trigger[1]))
            self.stack.append(("effect", 1, player, "ff_doom"))
            self.open_window(("counter", FORCE_FIELD, player), self._others(player))
        else:
            self._play(player, option, trigger[1])
        return False

    def window_prompt(self, trigger: tuple[Any, ...]) -> str:
        kind = trigger[0]
        if kind == "battle":
            return f"Play a battle card while player {trigger[1]} defends?"
        if kind == "counter":
            name = BATTLE_NAMES[trigger[1]]
            return f"Cancel player {trigger[2]}'s {name} with a {name}?"
        return f"Block {NAMES[trigger[1]]} with a Force Field?"

    # ----------------------------------------------------------------- hooks

    def label(self, option: Option) -> str:
        verb = option[0]
        fixed = _FIXED_LABELS.get(verb)
        if fixed is not None:
            return fixed
        if verb in ("place", "attack", "sneak", "lose"):
            return f"{_VERB_TEXT[verb]} {NAMES[option[1]]}"
        if verb == "pile":
            return f"put {NAMES[option[1]]} in your pile"
        if verb == "block":
            return f"block {self._attack_text(option[1])} with {self._guard_text(option[2])}"
        if verb == "hunt":
            card = option[1]
            owner = next((q for q in range(self.players) if card in self.piles[q]), -1)
            where = f"{NAMES[card]} in player {owner}'s pile" if owner >= 0 else None
            return f"play Hunt on {where or 'attacking ' + self._attack_text(card)}"
        if verb == "ff":
            return f"play Force Field for player {option[1]}"
        if verb == "ff_doom":
            return "play Force Field against the doom card"
        if verb == "deflect":
            return f"play Deflect on {self._attack_text(option[1])} to player {option[2]}"
        if verb == "capture":
            return f"play Capture on {self._attack_text(option[1])}"
        if verb == "counter":
            return f"counter with {BATTLE_NAMES[option[1]]}"
        if verb in ("victim", "bribe_to"):
            return f"{'choose' if verb == 'victim' else 'offer to'} player {option[1]}"
        if verb == "bribe_amount":
            return f"offer {option[1]} food"
        if verb == "bribe_note":
            return f"note: {NOTES[option[1]]}"
        raise ValueError(f"not a Doom On You option: {option!r}")

    def _attack_text(self, card: int) -> str:
        _, owner, target, beneficiary, need = self.attacks[self._attack_at(card)]
        text = f"{NAMES[card]} of player {owner}"
        if target != self.defender:  # a deflected attack, set apart from the turn's own attacks
            text += f" on player {target}"
        if beneficiary != owner:
            text += f" (deflected by player {beneficiary})"
        if need != ATTACK[card]:
            text += f" ({need} to block)"
        return text

    def _guard_text(self, card: int) -> str:
        left = DEFENCE[card] - self.damage[card]
        return NAMES[card] + (f" ({left} defence left)" if left != DEFENCE[card] else "")

    def scores(self) -> list[int]:
        return list(self.food)

    def winners(self) -> list[int]:
        return list(self.winner_list)

    def _public_players(self) -> list[dict[str, Any]]:
        return [
            {
                "food": self.food[p],
                "alive": bool(self.alive[p]),
                "hand_size": len(self.hands[p]),
                "animals": [self._guard_text(c) for c in self.piles[p]],
                "offered_bribe": bool(self.bribed[p]),
            }
            for p in range(self.players)
        ]

    def _attack_list(self) -> list[dict[str, Any]]:
        return [
            {"animal": NAMES[c], "owner": o, "target": t, "beneficiary": b, "to_block": n}
            for c, o, t, b, n in self.attacks
        ]

    def _card_info(self, card: int) -> dict[str, Any]:
        """A card as the view shows it: name and kind, and an animal's numbers."""
        d = CARDS[card]
        info: dict[str, Any] = {"name": d.name, "kind": d.kind}
        if IS_ANIMAL[card]:
            info.update(attack=d.attack, defence=d.defence, tokens=d.tokens, power=d.power)
        elif d.kind == "battle":
            info["power"] = d.power
        return info

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see. ``players[q]``: food, alive, hand_size, offered_bribe and
        ``animals`` (card dicts with ``defence_left``); the viewer's own entry adds ``hand``
        (card dicts, by name). ``attacks`` (with each animal's ``attack``, ``tokens`` and
        ``power``), ``seen_hands`` (target -> names a Hand-a showed the viewer), ``bribes``
        (this attack round's offers the viewer knows of), ``decision`` (prompt and options only
        for the viewer's own decision) and the public counters."""
        players = self._public_players()
        for q, entry in enumerate(players):
            entry["animals"] = [
                {**self._card_info(c), "defence_left": DEFENCE[c] - self.damage[c]}
                for c in self.piles[q]
            ]
        hand = sorted(self.hands[player], key=NAMES.__getitem__)
        players[player]["hand"] = [self._card_info(c) for c in hand]
        attacks = self._attack_list()
        for entry, (card, *_) in zip(attacks, self.attacks, strict=True):
            entry.update(attack=ATTACK[card], tokens=TOKENS[card], power=POWER[card])
        seen = {
            str(target): sorted(NAMES[c] for c in cards)
            for viewer, target, cards in self.revealed
            if viewer == player
        }
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
            "attacks": attacks,
            "deck_size": len(self.deck),
            "removed": [NAMES[c] for c in self.removed],
            "seen_hands": seen,
            "bribes": self._bribes_seen(player),
            "attack_round": self.attack_round,
            "defender": self.defender,
            "pile_limit": self.pile_limit,
            "decision": due,
            "game_over": self.over,
            "winners": list(self.winner_list),
        }

    def _bribes_seen(self, viewer: int) -> list[dict[str, Any]]:
        """This attack round's bribes as ``viewer`` knows them: offers made to or by the viewer
        (with their note and answer), and every accepted offer (payments are public)."""
        events = self.events
        begin = len(events)
        while begin and events[begin - 1][0] != "attack_round":
            begin -= 1
        found: dict[int, dict[str, Any]] = {}
        for event in events[begin:]:
            kind = event[0]
            if kind == "offer" and viewer in event[1:3]:
                _, giver, to, amount, note = event
                found[giver] = {
                    "from": giver,
                    "to": to,
                    "amount": amount,
                    "note": NOTES[note],
                    "status": "offered",
                }
            elif kind == "declined" and event[1] in found:
                found[event[1]]["status"] = "declined"
            elif kind == "paid":
                _, giver, to, amount = event
                entry = found.setdefault(
                    giver, {"from": giver, "to": to, "amount": amount, "note": None}
                )
                entry["status"] = "accepted"
        return list(found.values())

    def card_zones(self) -> dict[str, list[int]]:
        zones = {"deck": self.deck, "removed": self.removed}
        zones["attacking"] = [attack[0] for attack in self.attacks]
        for player in range(self.players):
            zones[f"hand {player}"] = self.hands[player]
            zones[f"pile {player}"] = self.piles[player]
        return zones

    def bounded_values(self) -> dict[str, tuple[int, int, list[int]]]:
        total = self.players * max(START_FOOD, DUEL_START_FOOD)
        return {"food": (0, total, self.food)}

    def snapshot(self) -> dict[str, Any]:
        players = self._public_players()
        for p, entry in enumerate(players):
            entry["hand"] = [NAMES[c] for c in self.hands[p]]
            entry["animals"] = [NAMES[c] for c in self.piles[p]]
            entry["defence_left"] = [DEFENCE[c] - self.damage[c] for c in self.piles[p]]
        decision = self._pending
        return {
            "players": players,
            "attacks": self._attack_list(),
            "deck_top": [NAMES[c] for c in reversed(self.deck[-5:])],
            "deck_size": len(self.deck),
            "removed": [NAMES[c] for c in self.removed],
            "lost_food": self.lost_food,
            "revealed": [
                {"viewer": v, "target": q, "hand": [NAMES[c] for c in cards]}
                for v, q, cards in self.revealed
            ],
            "attack_round": self.attack_round,
            "rounds": self.attack_round,  # game length for the simulator's reports
            "defender": self.defender,
            "pending": None if decision is None else decision.player,
            "options": self.labels(),
            "game_over": self.over,
            "winners": list(self.winner_list),
            "end_reason": self.end_reason,
        }

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        return _event_text(event, viewer)

    def determinize(self, player: int, rng: Rng) -> Self:
        copy = self.clone()
        known: dict[int, set[int]] = {}
        for viewer, target, cards in self.revealed:
            if viewer == player:
                known[target] = set(cards)
        pool = list(copy.deck)
        for q in range(self.players):
            if q != player:
                pool.extend(c for c in copy.hands[q] if c not in known.get(q, ()))
        pool.sort()  # shuffle from a canonical order: the real one must not show through
        rng.shuffle(pool)
        copy.deck = [pool.pop() for _ in copy.deck]
        for q in range(self.players):
            if q != player:
                copy.hands[q] = [c if c in known.get(q, ()) else pool.pop() for c in copy.hands[q]]
        copy.rng = Rng(rng.next64())
        return copy

    def evaluate(self, player: int) -> float:
        """Food first; animals and battle cards in hand are worth a little."""
        if not self.alive[player]:
            return -100.0
        rivals = [self.food[q] for q in self._others(player)]
        own = self.food[player] + 0.3 * len(self.piles[player]) + 0.2 * len(self.hands[player])
        return own - (max(rivals) if rivals else 0)

    # ----------------------------------------------------------------- scenarios

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        unknown = set(setup) - _SCENARIO_KEYS
        if unknown:
            raise ScenarioError(
                f"unknown scenario key(s) {sorted(unknown)}; known: {sorted(_SCENARIO_KEYS)}"
            )
        n = self.players
        specs = _player_specs(setup.get("players", {}), n)
        # Claim from the deck first, so unnamed hands keep their cards where possible.
        table = [*(c for h in self.hands for c in h), *(c for p in self.piles for c in p)]
        table.extend(self.removed)
        table.extend(a[0] for a in self.attacks)
        pool = self.deck + table
        free = Counter(pool)
        if "deck" in setup and "deck_top" in setup:
            raise ScenarioError("give either deck (the whole draw pile) or deck_top, not both")

        def claim(names: list[str], where: str) -> list[int]:
            if not isinstance(names, list):
                raise ScenarioError(f"{where} must be a list of card names, not {names!r}")
            picked = []
            for name in names:
                index = DEF_BY_NAME.get(str(name).casefold())
                if index is None:
                    known = ", ".join(d.name for d in CARD_DEFS)
                    raise ScenarioError(f"unknown card {name!r} in {where}; cards: {known}")
                card = next((c for c in pool if CARD_DEF[c] == index and free[c]), None)
                if card is None:
                    raise ScenarioError(
                        f"{where}: no copy of {CARD_DEFS[index].name} left "
                        f"(the deck has {CARD_DEFS[index].count})"
                    )
                free[card] -= 1
                picked.append(card)
            return picked

        hands: list[list[int] | None] = [None] * n
        piles: list[list[int]] = [[] for _ in range(n)]
        for p, spec in specs.items():
            if "hand" in spec:
                hands[p] = claim(spec["hand"], f"player {p}'s hand")
            piles[p] = claim(spec.get("animals", []), f"player {p}'s animals")
            if any(not IS_ANIMAL[c] for c in piles[p]):
                raise ScenarioError(f"player {p}'s animals must all be animal cards")
        exact = "deck" in setup
        top = claim(setup.get("deck", setup.get("deck_top", [])), "deck")
        for p in range(n):
            if hands[p] is None:
                own = [c for c in self.hands[p] if free[c]]
                for c in own:
                    free[c] -= 1
                spare = [c for c in self.deck if free[c] and not IS_DOOM[c]]
                for c in spare[: HAND_SIZE - len(own)]:
                    free[c] -= 1
                    own.append(c)
                hands[p] = own
        rest = [c for c in table + self.deck if free[c]]
        self.hands = [h or [] for h in hands]
        self.piles = piles
        self.deck = list(reversed(top)) if exact else rest + list(reversed(top))
        self.removed = rest if exact else []
        self.attacks = []
        self.damage = [0] * DECK_SIZE
        for p, spec in specs.items():
            if "food" in spec:
                self.food[p] = int(spec["food"])
            self.alive[p] = 0 if spec.get("out") else int(self.food[p] > 0)
            if not self.alive[p]:
                self.removed.extend((*self.hands[p], *self.piles[p]))
                self.hands[p], self.piles[p] = [], []
        self._restart(setup)

    def _restart(self, setup: dict[str, Any]) -> None:
        start = setup.get("start", "placement")
        r = int(setup.get("attack_round", 1 if start != "prep" else 2))
        if "first_defender" in setup:
            first = int(setup["first_defender"])
            if not 0 <= first < self.players:
                raise ScenarioError(f"first_defender {first} is not a player")
            self.rotation = (first - (r - 1)) % self.players
        frames = {"placement": ("prep", 1), "prep": ("prep", r), "attack": ("attack_round", r)}
        if start not in frames:
            raise ScenarioError(f"start must be one of {sorted(frames)}, not {start!r}")
        self.bribed = [0] * self.players
        self.revealed = []
        self.over, self.winner_list, self.end_reason = False, (), ""
        self.stack = [frames[start]]
        self.events.append(("scenario",))
        self._advance()


_SCENARIO_KEYS = {"players", "deck", "deck_top", "start", "attack_round", "first_defender"}
_PLAYER_KEYS = {"hand", "animals", "food", "out"}


def _player_specs(raw: Any, n: int) -> dict[int, dict[str, Any]]:
    items = enumerate(raw) if isinstance(raw, list) else dict(raw).items()
    specs: dict[int, dict[str, Any]] = {}
    for key, spec in items:
        p = int(key)
        if not 0 <= p < n:
            raise ScenarioError(f"player {p} is not in this {n}-player game")
        if not isinstance(spec, dict):
            raise ScenarioError(f"player {p}'s setup must be a mapping, not {spec!r}")
        unknown = set(spec) - _PLAYER_KEYS
        if unknown:
            raise ScenarioError(
                f"unknown key(s) {sorted(unknown)} for player {p}; known: {sorted(_PLAYER_KEYS)}"
            )
        specs[p] = spec
    return specs


_FIXED_LABELS = {
    "pass": "pass",
    "draw": "draw a card",
    "stop": "stop drawing",
    "done": "done",
    "go": "no bribe",
    "bribe": "offer a bribe",
    "accept": "accept the offer",
    "decline": "decline the offer",
    "keep": "keep it in hand",
}
_VERB_TEXT = {
    "place": "place",
    "attack": "attack with",
    "sneak": "sneak attack with",
    "lose": "lose",
}


# --------------------------------------------------------------------- frame handlers


def _h_prep(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    r = f[1]
    s.stack.pop()
    s.events.append(("prep", r))
    if s._stalemate():
        s._end("nothing left to draw or attack with", s._most_food(s._order_from(0)))
        return None
    order = s._order_from(s._first_defender(r))
    frames: list[Frame] = [("draw_step", p, 0) for p in order] if r > 1 else []
    frames.extend(("place", p) for p in order)
    frames.append(("attack_round", r))
    s.push(*frames)
    return None


def _draw(s: DoomOnYouState, p: int, in_attack: int) -> int:
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


def _h_draw_step(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, p, drawn = f
    if not s.alive[p] or drawn >= PREP_DRAWS or not (s.deck or s.removed):
        s.stack.pop()
        return None
    if o is None:
        prompt = f"Prep round: draw a card? ({drawn} of {PREP_DRAWS} drawn)"
        return Decision(p, "draw", (("draw",), ("stop",)), prompt)
    if o[0] == "stop":
        s.stack.pop()
        return None
    s.stack[-1] = ("draw_step", p, drawn + 1)
    _draw(s, p, 0)
    return None


def _h_place(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    p = f[1]
    pile, hand = s.piles[p], s.hands[p]
    if not s.alive[p] or len(pile) >= s.pile_limit or not hand:
        s.stack.pop()
        return None
    if o is None:
        animals = s._distinct([c for c in hand if IS_ANIMAL[c]], CARD_DEF.__getitem__)
        options = (*(("place", c) for c in animals), ("done",))
        prompt = f"Prep round: place animals in your pile ({len(pile)} of {s.pile_limit})"
        return Decision(p, "place", options, prompt)
    if o[0] == "done":
        s.stack.pop()
        return None
    hand.remove(o[1])
    pile.append(o[1])
    s.events.append(("place", p, o[1]))
    return None


def _h_attack_round(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    r = f[1]
    s.stack.pop()
    s.attack_round = r
    s.bribed = [0] * s.players
    first = s._first_defender(r)
    s.events.append(("attack_round", r, first))
    s.push(*(("turn", d) for d in s._order_from(first)), ("round_end", r))
    return None


def _h_round_end(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    r = f[1]
    s.stack.pop()
    s.defender = -1
    cap = int(s.options.get("max_attack_rounds") or 0)  # 0: no cap
    if cap and r >= cap:
        s._end(f"round cap: {r} attack rounds played", s._most_food(s._order_from(0)))
    else:
        s.stack.append(("prep", r + 1))
    return None


def _h_turn(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    d = f[1]
    s.stack.pop()
    if not s.alive[d]:
        return None
    s.defender = d
    s.events.append(("turn", d))
    s.push(
        ("pre", d),
        *(("declare", d, a) for a in s._others(d)),
        ("defender_draw", d),
        ("defend", d, 0, -1),
    )
    return None


def _h_pre(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    d = f[1]
    if not s.alive[d] or not s._can_bribe(d):
        s.stack.pop()
        return None
    if o is None:
        prompt = "Before attacks are declared on you: offer a bribe?"
        return Decision(d, "bribe", (("bribe",), ("go",)), prompt)
    s.stack.pop()
    if o[0] == "bribe":
        s.bribed[d] = 1
        s.stack.append(("bribe", d, -1, 0))
    return None


def _h_bribe(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, giver, to, amount = f
    if o is None:
        if to < 0:
            options: tuple[Option, ...] = tuple(("bribe_to", q) for q in s._others(giver))
            prompt = "Offer food to which player?"
        elif not amount:
            top = min(BRIBE_MAX, s.food[giver] - 1)
            options = tuple(("bribe_amount", a) for a in range(1, top + 1))
            prompt = f"How much food to offer player {to}?"
        else:
            options = tuple(("bribe_note", k) for k in range(len(NOTES)))
            prompt = f"Which note goes with your offer of {amount} food to player {to}?"
        return Decision(giver, "bribe", options, prompt)
    if o[0] == "bribe_to":
        s.stack[-1] = ("bribe", giver, o[1], 0)
    elif o[0] == "bribe_amount":
        s.stack[-1] = ("bribe", giver, to, o[1])
    else:
        s.stack[-1] = ("bribe_answer", giver, to, amount, o[1])
        s.events.append(("offer", giver, to, amount, o[1]))
    return None


def _h_bribe_answer(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, giver, to, amount, note = f
    if o is None:
        prompt = f"Player {giver} offers you {amount} food ({NOTES[note]!r}). Accept?"
        return Decision(to, "bribe", (("accept",), ("decline",)), prompt)
    s.stack.pop()
    if o[0] == "accept":
        s.food[giver] -= amount
        s.food[to] += amount
        s.events.append(("paid", giver, to, amount))
    else:
        s.events.append(("declined", giver, to))
    return None


def _h_declare(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, d, a = f
    pile, hand = s.piles[a], s.hands[a]
    can_bribe = s._can_bribe(a)
    # Only public facts decide whether to ask, so being asked reveals nothing.
    if not s.alive[d] or not s.alive[a] or not (pile or hand or can_bribe):
        s.stack.pop()
        return None
    if o is None:
        options: list[Option] = [
            ("attack", c) for c in s._distinct(pile, CARD_DEF.__getitem__) if ATTACK[c]
        ]
        if any(BATTLE_OF[c] == SNEAK for c in hand):
            animals = [c for c in hand if IS_ANIMAL[c]]
            options.extend(("sneak", c) for c in s._distinct(animals, CARD_DEF.__getitem__))
        if can_bribe:
            options.append(("bribe",))
        options.append(("done",))
        return Decision(a, "declare", tuple(options), f"Declare attacks on player {d}?")
    verb = o[0]
    if verb == "done":
        s.stack.pop()
    elif verb == "bribe":
        s.bribed[a] = 1
        s.stack.append(("bribe", a, -1, 0))
    elif verb == "attack":
        card = o[1]
        pile.remove(card)
        s.damage[card] = 0
        s.attacks.append((card, a, d, a, ATTACK[card]))
        s.events.append(("attack", a, d, card))
    else:
        s._play(a, o, d)
    return None


def _h_defender_draw(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
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


def _h_drawn(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
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


def _h_defend(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, d, mode, serial = f
    if not s.alive[d] or (mode == 1 and s.serial == serial):
        # Nobody answered the last call for battle cards: what still stands gets through.
        s.stack.pop()
        s._resolve_attacks(d)
        return None
    if not any(a[2] == d for a in s.attacks):
        s.stack.pop()
        return None
    if mode == 1:
        s.stack[-1] = ("defend", d, 0, serial)
        return None
    if o is None:
        options = s._defence_options(d)
        if options or s.hands[d]:
            prompt = f"Defend against {sum(a[2] == d for a in s.attacks)} attack(s)"
            return Decision(d, "defend", (*options, ("done",)), prompt)
        o = ("done",)
    verb = o[0]
    if verb == "done":
        s.stack[-1] = ("defend", d, 1, s.serial)
        s.open_window(("battle", d), s._others(d))
    elif verb == "block":
        s._block(d, o[1], o[2])
    else:
        s._play(d, o, d)
    return None


def _h_effect(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, live, p, verb, *args = f
    s.stack.pop()
    if not live:
        s.events.append(("cancelled", p, verb))
        return None
    if verb == "hunt":
        card = args[0]
        owner = next((q for q in range(s.players) if card in s.piles[q]), -1)
        if owner >= 0:
            s._discard_from_pile(owner, card)
        elif any(a[0] == card for a in s.attacks):
            del s.attacks[s._attack_at(card)]
            s.removed.append(card)
        else:
            return None
        s.events.append(("killed", p, card))
    elif verb == "ff":
        t = args[0]
        blocked = [a[0] for a in s.attacks if a[2] == t and POWER[a[0]] != FLAME]
        s.attacks = [a for a in s.attacks if a[0] not in blocked]
        s.removed.extend(blocked)
        s.events.append(("shielded", p, t, tuple(blocked)))
    elif verb == "deflect":
        card, y = args
        if s.alive[y] and any(a[0] == card for a in s.attacks):
            i = s._attack_at(card)
            card, owner, _, _, need = s.attacks[i]
            s.attacks[i] = (card, owner, y, p, need)
            s.events.append(("deflected", p, card, y))
            s.stack.append(("defend", y, 0, -1))
    else:
        i = max(i for i, fr in enumerate(s.stack) if fr[0] == "doom_apply")
        s.stack[i] = (*s.stack[i][:4], 1)
    return None


def _h_doom(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, card, drawer, in_attack = f
    if not s.alive[drawer]:
        s.stack.pop()
        return None
    victim = -1
    if POWER[card] == BOTH_PILES:
        others = s._others(drawer)
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
        s.open_window(("doom", card, drawer), s._order_from(drawer))
    return None


def _h_doom_apply(s: DoomOnYouState, f: Frame, o: Option | None) -> Decision | None:
    _, card, drawer, victim, blocked = f
    effect = POWER[card]
    if blocked or not s.alive[drawer]:
        s.stack.pop()
        return None
    if effect == LOSE_ONE:
        pile = s.piles[drawer]
        choices = s._distinct(pile, CARD_DEF.__getitem__)
        if len(choices) > 1 and o is None:
            options = tuple(("lose", c) for c in choices)
            return Decision(drawer, "doom", options, f"{NAMES[card]}: lose which animal?")
        s.stack.pop()
        if choices:
            lost = o[1] if o is not None else choices[0]
            s.events.append(("lose_animals", drawer, (lost,)))
            s._discard_from_pile(drawer, lost)
        return None
    s.stack.pop()
    amount = CARDS[card].amount
    if effect == BOTH_PILES:
        s._lose_pile(drawer)
        if victim >= 0 and s.alive[victim]:
            s._lose_pile(victim)
    elif effect == LOSE_FOOD:
        s._lose_food([drawer], amount)
    elif effect == ALL_LOSE_FOOD:
        s._lose_food(s._order_from(drawer), amount)
    else:
        s._lose_pile(drawer)
        s._lose_food([drawer], amount)
    return None


DoomOnYouState.HANDLERS = {
    "window": GameState._window,
    "prep": _h_prep,
    "draw_step": _h_draw_step,
    "place": _h_place,
    "attack_round": _h_attack_round,
    "round_end": _h_round_end,
    "turn": _h_turn,
    "pre": _h_pre,
    "bribe": _h_bribe,
    "bribe_answer": _h_bribe_answer,
    "declare": _h_declare,
    "defender_draw": _h_defender_draw,
    "drawn": _h_drawn,
    "defend": _h_defend,
    "effect": _h_effect,
    "doom": _h_doom,
    "doom_apply": _h_doom_apply,
}


# --------------------------------------------------------------------- event log


def _event_text(event: tuple[Any, ...], viewer: int | None) -> str | None:
    kind = event[0]
    if kind == "draw":
        _, p, card = event
        if IS_DOOM[card] or viewer == p:
            return f"player {p} draws {NAMES[card]}"
        return f"player {p} draws a card"
    if kind in ("offer", "declined") and viewer not in event[1:3]:
        return None  # a bribe offer is private to its two players; only payment is public
    if kind == "reveal":
        _, who, target, cards = event
        if viewer == who:
            shown = ", ".join(NAMES[c] for c in cards) or "nothing"
            return f"player {target} shows you their hand: {shown}"
        return f"player {target} shows their hand to player {who}" if viewer == target else None
    text = _PUBLIC_TEXT[kind]
    return text(event) if callable(text) else text


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join(NAMES[c] for c in cards) or "nothing"


_PLAY_NAME: dict[str, str] = {
    "hunt": "Hunt",
    "ff": "Force Field",
    "deflect": "Deflect",
    "ff_doom": "Force Field against the doom card",
}

_PUBLIC_TEXT: dict[str, str | Callable[[tuple[Any, ...]], str]] = {
    "setup": lambda e: f"{e[1]} players get {e[2]} food and {HAND_SIZE} cards each",
    "scenario": "the table is rearranged for a scenario",
    "reshuffle": lambda e: f"the {e[1]} cards removed from play are shuffled into a new draw pile",
    "prep": lambda e: f"prep round {e[1]}",
    "attack_round": lambda e: f"attack round {e[1]}: player {e[2]} defends first",
    "turn": lambda e: f"player {e[1]} is attacked",
    "place": lambda e: f"player {e[1]} places {NAMES[e[2]]}",
    "attack": lambda e: f"player {e[1]} attacks player {e[2]} with {NAMES[e[3]]}",
    "sneak": lambda e: f"player {e[1]} sneak attacks player {e[2]} with {NAMES[e[3]]}",
    "capture": lambda e: f"player {e[1]} captures {NAMES[e[2]]}",
    "play": lambda e: f"player {e[1]} plays {_PLAY_NAME[e[2]]}",
    "counter": lambda e: f"player {e[1]} cancels it with {BATTLE_NAMES[e[2]]}",
    "cancelled": lambda e: f"player {e[1]}'s {_PLAY_NAME[e[2]]} is cancelled",
    "killed": lambda e: f"Hunt kills {NAMES[e[2]]}",
    "shielded": lambda e: f"Force Field blocks {_names(e[3])} for player {e[2]}",
    "deflected": lambda e: f"player {e[1]} deflects {NAMES[e[2]]} to player {e[3]}",
    "block": lambda e: f"player {e[1]} blocks {NAMES[e[2]]} with {NAMES[e[3]]} ({e[4]} defence)",
    "hit": lambda e: f"{NAMES[e[3]]} takes {e[4]} food from player {e[2]} for player {e[1]}",
    "doom": lambda e: (
        f"player {e[1]} suffers {NAMES[e[2]]}" + (f" with player {e[3]}" if e[3] >= 0 else "")
    ),
    "lose_animals": lambda e: f"player {e[1]} loses {_names(e[2])}",
    "lose_food": lambda e: f"player {e[1]} loses {e[2]} food",
    "out": lambda e: f"player {e[1]} is out of food and out of the game",
    "offer": lambda e: f"player {e[1]} offers player {e[2]} {e[3]} food: {NOTES[e[4]]!r}",
    "declined": lambda e: f"player {e[2]} declines player {e[1]}'s offer",
    "paid": lambda e: f"player {e[1]} gives player {e[2]} {e[3]} food",
    "game_over": lambda e: (
        f"game over ({e[2]}): winner(s) " + ", ".join(f"player {p}" for p in e[1])
    ),
}

__all__ = ["GAME", "NOTES", "DoomOnYouState"]
