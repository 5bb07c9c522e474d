"""The playable Doom Pile state: dealing and stacking, what a searching bot may sample, and
scenario set-up; rules, scoring and views come from the layers below."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Any, Final, Self

from doomtable.engine import Option, Rng, ScenarioError
from doomtable.games.doom_pile import scoring, view
from doomtable.games.doom_pile.card_set import SUBTYPES
from doomtable.games.doom_pile.cards import HAND
from doomtable.games.doom_pile.data import (
    CARD_DEFS,
    COMMAND,
    COPY_LIMIT,
    DECK_SIZE,
    DEF_BY_NAME,
    HAND_SIZE,
    MAX_TRACKED_START,
    NAME,
    PLAN_BY_NAME,
    PLAN_DEFS,
    STACKING_MODES,
    START,
    SUBTYPE_INDEX,
    T_RESOLVED_AT,
    TALLY_NAMES,
    TALLY_SIZE,
    TRIGGERS,
    deck_cards,
    precon_names,
    resolve_deck,
)
from doomtable.games.doom_pile.rules import PHASE_OF_STEP, TURN_STEPS, DoomPileRules, turn_frames
from doomtable.games.doom_pile.state import ABILITY_SLOTS, HIDDEN, owner_of

SUBTYPE_PULL: Final = 3
"""How much each seen card of a subtype raises the odds of unseen cards of that subtype."""


class DoomPileState(DoomPileRules):
    """A game of Doom Pile; see ``state.py`` for the data layout."""

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

    # ----------------------------------------------------------------- hooks

    def label(self, option: Option) -> str:
        return view.label(self, option)

    def card_text(self, card: int) -> str:
        """A card as choices name it: name, whose zone, and its numbers there."""
        return view.card_text(self, card)

    def plan_progress(self, p: int) -> tuple[int, int]:
        """How far ``p``'s Master Plan is: (value, value needed)."""
        return scoring.plan_progress(self, p)

    def scores(self) -> list[int]:
        """Each player's Master Plan progress in percent (the winner's counts 100)."""
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return list(self.winner_list)

    def view(self, player: int) -> dict[str, Any]:
        return view.view(self, player)

    def snapshot(self) -> dict[str, Any]:
        return view.snapshot(self)

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        return view.event_text(self, event, viewer)

    def evaluate(self, player: int) -> float:
        """Master Plan progress against the best rival's, plus a little board presence."""
        return scoring.evaluate(self, player)

    def win_chances(self) -> list[float] | None:
        """A softmax over Master Plan progress and board presence (hand-set weights)."""
        return scoring.win_chances(self)

    # ----------------------------------------------------------------- samples

    def seen_events(self, player: int) -> list[tuple[Any, ...]]:
        """The events ``player`` saw, with the cards others drew or Stacked from their hand
        left unnamed (``HIDDEN``): a sample must not know which card that was."""
        seen: list[tuple[Any, ...]] = []
        for event in self.events:
            kind = event[0]
            if kind == "draw" and event[1] != player:
                seen.append(("draw", event[1], HIDDEN))
            elif kind == "stack" and event[2] == HAND and event[1] != HIDDEN:
                owner = owner_of(event[1])
                seen.append(event if owner == player else ("stack", HIDDEN, HAND, owner))
            elif self.event_visible(event, player):
                seen.append(event)
        return seen

    def determinize(self, player: int, rng: Rng) -> Self:
        """A copy as ``player`` may know it. Each opponent's hand and deck are redealt from
        the cards there; the ones ``player`` never saw get a deck list drawn from the card
        pool (``sample_unseen_cards``), as a deck is face down and may be any legal 30 (see
        docs/rulings.md); before the reveal an opponent's Master Plan is drawn at random."""
        copy = self.clone()
        copy.events = copy.seen_events(player)
        for q in self._opponents(player):
            pool = sorted(copy.hand[q] + copy.deck[q])
            known = self.known_hidden_cards(q)
            unseen = [c for c in pool if c not in known]
            drawn = self.sample_unseen_cards(q, len(unseen), rng)
            for card, definition in zip(unseen, drawn, strict=True):
                copy.defs[card] = definition
            rng.shuffle(pool)
            hand_size = len(copy.hand[q])
            copy.hand[q] = pool[:hand_size]
            copy.deck[q] = pool[hand_size:]
            if not copy.revealed:
                copy.plans[q] = rng.below(len(PLAN_DEFS))
        copy.log = []
        copy.rng = Rng(rng.next64())
        return copy

    def known_hidden_cards(self, q: int) -> set[int]:
        """``q``'s cards in hand or deck that every player has seen go there: Stacked from
        the field, a discard pile or countdown (each is public until drawn or Restacked)."""
        hidden = set(self.hand[q]) | set(self.deck[q])
        return {e[1] for e in self.events if e[0] == "stack" and e[2] != HAND and e[1] in hidden}

    def sample_unseen_cards(self, q: int, n: int, rng: Rng) -> list[int]:
        """``n`` card definitions for ``q``'s cards nobody else has seen, drawn from what an
        opponent knows: the card pool and its limits, less the copies of ``q``'s already
        seen; each definition weighted up by the cards of its subtype seen so far."""
        hidden = set(self.hand[q]) | set(self.deck[q])
        known = self.known_hidden_cards(q)
        seen = [
            self.defs[c]
            for c in range(q * DECK_SIZE, (q + 1) * DECK_SIZE)
            if (c not in hidden or c in known) and c not in self.aside
        ]
        by_subtype = [0] * len(SUBTYPES)
        copies = [0] * len(CARD_DEFS)
        for d in seen:
            by_subtype[SUBTYPE_INDEX[d]] += 1
            copies[d] += 1
        left = [max(0, COPY_LIMIT[d] - copies[d]) for d in range(len(CARD_DEFS))]
        weight = [1 + SUBTYPE_PULL * by_subtype[SUBTYPE_INDEX[d]] for d in range(len(CARD_DEFS))]
        # Each definition's share of the draw is its weight times its copies left: a draw
        # is the first definition whose running total passes a number below the whole (never
        # 0: a legal deck never holds more than 30 of the pool's hundreds of copies).
        mass = [w * k for w, k in zip(weight, left, strict=True)]
        drawn: list[int] = []
        for _ in range(n):
            running = list(accumulate(mass))
            d = bisect_right(running, rng.below(running[-1]))
            mass[d] -= weight[d]
            drawn.append(d)
        return drawn

    # ----------------------------------------------------------------- scenarios

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        unknown = set(setup) - _SCENARIO_KEYS
        if unknown:
            raise ScenarioError(
                f"unknown scenario key(s) {sorted(unknown)}; known: {sorted(_SCENARIO_KEYS)}"
            )
        specs = _player_specs(setup.get("players", {}), self.players)
        self.used, self.attacked = [], []
        for p in range(self.players):
            self._setup_player(p, specs.get(p, {}))
        turn_player = int(setup.get("turn_player", 0))
        if not 0 <= turn_player < self.players:
            raise ScenarioError(f"turn_player {turn_player} is not a player")
        start = setup.get("start", "plot")
        start = "maintenance" if start == "end" else start
        if start not in TURN_STEPS:
            steps = ", ".join((*TURN_STEPS, "end"))
            raise ScenarioError(f"start must be one of {steps}, not {start!r}")
        self.revealed = True
        self.turn_player = turn_player
        self.triggered, self.resolving = [], []
        self.over, self.winner_list, self.end_reason = False, (), ""
        self.events.append(("scenario",))
        self.stack = []
        self.push(*turn_frames(turn_player, start))
        self.phase = PHASE_OF_STEP[start]
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
                    if not raw.strip().lstrip("-").isdigit():
                        raise ScenarioError(f"{entry!r} in player {p}'s {where}: count {raw!r}")
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

        extra = set(spec) - _PLAYER_KEYS
        if extra:
            known = ", ".join(sorted(_PLAYER_KEYS))
            raise ScenarioError(f"unknown key(s) {sorted(extra)} for player {p}; known: {known}")
        for zone in ("hand", "countdown", "field", "discard", "interred", "deck"):
            if zone in spec:
                zones[zone] = claim(spec[zone], zone, with_count=zone == "countdown")
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
        self.interred = [c for c in self.interred if owner_of(c) != p] + zones.get("interred", [])
        self.aside = [c for c in self.aside if owner_of(c) != p]
        if "deck" in zones:
            self.deck[p] = list(reversed(zones["deck"] + top))
            self.aside.extend(rest)
        else:
            self.deck[p] = list(reversed(top + rest))
        if "hand" not in spec and "deck" not in spec:
            # An unnamed hand is dealt from the top of the arranged deck.
            self.hand[p] = [self.deck[p].pop() for _ in range(min(HAND_SIZE, len(self.deck[p])))]
        self._setup_field_state(p, spec)
        self._setup_counters(p, spec)

    def _setup_field_state(self, p: int, spec: dict[str, Any]) -> None:
        """Damage and Strength bonuses lined up with the field; field cards that have used
        their once-per-turn effects or attacked this turn, by name."""
        field = self.field[p]
        for key, values in (("damage", self.damage), ("bonus", self.bonus)):
            amounts = spec.get(key, [])
            if not isinstance(amounts, list) or len(amounts) > len(field):
                raise ScenarioError(f"player {p}'s {key} is a list lined up with their field")
            for card, amount in zip(field, amounts, strict=False):
                values[card] = _count(amount, p, key)
        for key in ("used", "attacked"):
            names = spec.get(key, [])
            if not isinstance(names, list):
                raise ScenarioError(f"player {p}'s {key} must be a list of field cards")
            marked: list[int] = []
            for name in names:
                wanted = str(name).casefold()
                matching = [c for c in field if NAME[self.defs[c]].casefold() == wanted]
                free = [c for c in matching if c not in marked]
                if not free:
                    raise ScenarioError(f"player {p}'s {key}: no {name!r} on their field to mark")
                marked.append(free[0])
            for card in marked:
                if key == "attacked":
                    self.attacked.append(card)
                    continue
                d = self.defs[card]
                abilities = [a for _, a, optional in TRIGGERS[d] if optional]
                if COMMAND[d] >= 0:
                    abilities.append(COMMAND[d])
                self.used.extend(card * ABILITY_SLOTS + a for a in abilities)

    def _setup_counters(self, p: int, spec: dict[str, Any]) -> None:
        """The running counts Master Plans read, turns taken, and the first Draw Phase."""
        counts = spec.get("counts", {})
        if not isinstance(counts, dict):
            raise ScenarioError(f"player {p}'s counts must be a mapping, e.g. {{sacrificed: 2}}")
        self.tally[p] = [0] * TALLY_SIZE
        for key, value in counts.items():
            if key == "resolved":
                if not isinstance(value, dict):
                    raise ScenarioError(
                        f"player {p}'s counts.resolved maps a Starting Countdown to a number"
                    )
                for start, number in value.items():
                    slot = T_RESOLVED_AT + min(_count(start, p, "resolved"), MAX_TRACKED_START)
                    self.tally[p][slot] += _count(number, p, "resolved")
            elif key in TALLY_NAMES:
                self.tally[p][TALLY_NAMES.index(key)] = _count(value, p, key)
            else:
                known = ", ".join((*TALLY_NAMES, "resolved"))
                raise ScenarioError(f"unknown count {key!r} for player {p}; counts: {known}")
        self.turns_taken[p] = max(1, _count(spec.get("turns", 1), p, "turns"))
        skipped = spec.get("draw_skipped", True)
        if not isinstance(skipped, bool):
            raise ScenarioError(f"player {p}'s draw_skipped must be true or false")
        self.skipped_draw[p] = int(skipped)


def _count(value: Any, p: int, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ScenarioError(f"player {p}'s {key}: {value!r} is not a whole number")
    return value


_SCENARIO_KEYS: Final = frozenset({"players", "turn_player", "start"})
_PLAYER_KEYS: Final = frozenset(
    {
        "plan",
        "hand",
        "countdown",
        "field",
        "discard",
        "interred",
        "deck",
        "deck_top",
        "damage",
        "bonus",
        "used",
        "attacked",
        "counts",
        "turns",
        "draw_skipped",
    }
)


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
