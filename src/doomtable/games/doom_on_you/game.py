"""The Doom On You game: setup, labels, views, the event log, scenarios and determinization."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from doomtable.engine import Option, Rng, ScenarioError
from doomtable.engine.state import Handler
from doomtable.games.doom_on_you import rules, scoring
from doomtable.games.doom_on_you import value as win_model
from doomtable.games.doom_on_you.cards import (
    ATTACK,
    BATTLE_NAMES,
    CARD_DEF,
    CARD_DEFS,
    CARDS,
    DECK_SIZE,
    DEF_BY_NAME,
    DEFENCE,
    IS_ANIMAL,
    IS_DOOM,
    NAMES,
    POWER,
    TOKENS,
)
from doomtable.games.doom_on_you.data import (
    DUEL_START_FOOD,
    GAME,
    HAND_SIZE,
    NOTES,
    START_FOOD,
)
from doomtable.games.doom_on_you.rules import DoomOnYouRules


# Games and variants outside the compiled modules (and tests) subclass it.
@mypyc_attr(allow_interpreted_subclasses=True)
class DoomOnYouState(DoomOnYouRules):
    """A game of Doom On You; see ``state.py`` for the data layout."""

    HANDLERS: ClassVar[dict[str, Handler]] = rules.HANDLERS
    PLAYOUT_DECISIONS: ClassVar[int] = 0
    """Random moves only blur the win-chance model here: ISMCTS judged at once won 53% of
    3-player games against two greedy bots, after 16 random decisions 25% (docs/performance.md)."""

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self._init_core(players, seed, options)
        self.food = [DUEL_START_FOOD if self.duel else START_FOOD] * players
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

    # ----------------------------------------------------------------- labels

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
        _, owner, target, beneficiary, need = self.attacks[self.attack_at(card)]
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
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return list(self.winner_list)

    def _public_players(self, offered: list[int] | None = None) -> list[dict[str, Any]]:
        """Every seat's public entry; ``offered`` flags the bribes the reader may know of."""
        flags = self.bribed if offered is None else offered
        return [
            {
                "food": self.food[p],
                "alive": bool(self.alive[p]),
                "hand_size": len(self.hands[p]),
                "animals": [self._guard_text(c) for c in self.piles[p]],
                "offered_bribe": bool(flags[p]),
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
        """What ``player`` may see. ``players[q]``: food, alive, hand_size, offered_bribe (an
        offer this round the viewer knows of: their own, one made to them, or a paid one) and
        ``animals`` (card dicts with ``defence_left``); the viewer's own entry adds ``hand``
        (card dicts, by name). ``attacks`` (with each animal's ``attack``, ``tokens`` and
        ``power``), ``seen_hands`` (target -> names a Hand-a showed the viewer), ``bribes``
        (this attack round's offers the viewer knows of), ``decision`` (who is deciding, as far
        as the viewer may know; prompt and options only for the viewer's own decision) and the
        public counters."""
        bribes = self._bribes_seen(player)
        players = self._public_players(self._offers_known(player, bribes))
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
            due = {"player": self._seen_decider(player)}
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
            "bribes": bribes,
            "attack_round": self.attack_round,
            "prep_round": self.prep_round(),
            "defender": self.defender,
            "pile_limit": self.pile_limit,
            "decision": due,
            "game_over": self.over,
            "winners": list(self.winner_list),
        }

    def prep_round(self) -> int:
        """The prep round under way (its attack round waits on the stack), else 0."""
        for frame in self.stack:
            if frame[0] == "attack_round":
                return int(frame[1])
        return 0

    def _offers_known(self, viewer: int, bribes: list[dict[str, Any]]) -> list[int]:
        """Per seat, 1 if ``viewer`` knows that player offered a bribe this attack round."""
        known = [0] * self.players
        known[viewer] = self.bribed[viewer]
        for offer in bribes:
            known[offer["from"]] = 1
        return known

    def _seen_decider(self, viewer: int) -> int:
        """Who ``viewer`` sees deciding. A bribe offer is private to its two players, so while
        its recipient answers, everyone else still sees the offerer at their public step."""
        decision = self._pending
        assert decision is not None
        frame = self.stack[-1]
        if frame[0] == "bribe_answer" and viewer not in frame[1:3]:
            return int(frame[1])
        return decision.player

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

    def card_name(self, card: int) -> str:
        return CARDS[card].name if 0 <= card < len(CARDS) else f"card {card}"

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
        # Nothing the player has not seen goes into the sample: other players' hidden draws,
        # private offers and Hand-a glimpses, and the decisions behind them.
        copy.events = [e for e in map(_event_seen_by(player), self.events) if e is not None]
        copy.revealed = [r for r in self.revealed if player in r[:2]]
        copy.bribed = self._offers_known(player, self._bribes_seen(player))
        copy.log = []
        return copy

    def evaluate(self, player: int) -> float:
        return scoring.evaluate(self, player)

    def win_chances(self) -> list[float]:
        return win_model.win_chances(self)

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
                        f"(the deck has {CARD_DEFS[index].copies})"
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


# --------------------------------------------------------------------- event log


HIDDEN: Final = -1
"""A card id the reader may not know: a hidden draw in a searching bot's sample."""


def _event_seen_by(player: int) -> Callable[[tuple[Any, ...]], tuple[Any, ...] | None]:
    """The event as ``player`` knows it (a hidden draw without its card), or ``None`` when
    ``player`` may not know of it at all."""

    def seen(event: tuple[Any, ...]) -> tuple[Any, ...] | None:
        kind = event[0]
        if kind == "draw" and event[1] != player and not IS_DOOM[event[2]]:
            return ("draw", event[1], HIDDEN)
        if kind in _PRIVATE and player not in event[1:3]:
            return None
        return event

    return seen


_PRIVATE: Final = frozenset({"offer", "declined", "reveal"})
"""Events only their two players may know of (see ``_event_text``)."""


def _event_text(event: tuple[Any, ...], viewer: int | None) -> str | None:
    kind = event[0]
    if kind == "draw":
        _, p, card = event
        if card != HIDDEN and (IS_DOOM[card] or viewer == p):
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


def _play_target(event: tuple[Any, ...]) -> str:
    """Whom or what a battle card was played on: `` on Bull-doze``, `` for player 2``."""
    verb, args = event[2], event[3:]
    if verb == "hunt":
        return f" on {NAMES[args[0]]}"
    if verb == "ff":
        return f" for player {args[0]}"
    if verb == "deflect":
        return f" on {NAMES[args[0]]} to player {args[1]}"
    return ""


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
    "play": lambda e: f"player {e[1]} plays {_PLAY_NAME[e[2]]}{_play_target(e)}",
    "counter": lambda e: f"player {e[1]} cancels it with {BATTLE_NAMES[e[2]]}",
    "cancelled": lambda e: f"player {e[1]}'s {_PLAY_NAME[e[2]]} is cancelled",
    "killed": lambda e: (
        f"Hunt kills {NAMES[e[2]]}, attacking for player {e[3]}"
        if e[4]
        else f"Hunt kills {NAMES[e[2]]} in player {e[3]}'s pile"
    ),
    "removed": lambda e: f"{NAMES[e[1]]} is removed from play ({e[2]})",
    "shielded": lambda e: f"Force Field blocks {_names(e[3])} for player {e[2]}",
    "deflected": lambda e: f"player {e[1]} deflects {NAMES[e[2]]} to player {e[3]}",
    "block": lambda e: (
        f"player {e[1]} blocks {NAMES[e[2]]} with {NAMES[e[3]]} ({e[4]} defence)"
        + (f": not enough, the attack goes on ({e[5]} more to stop it)" if e[5] else "")
    ),
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
