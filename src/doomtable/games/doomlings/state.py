"""The Doomlings state: zones as lists of card ids, plus the helpers every rule uses.

Card ids: trait card ``i`` is ``TRAITS[TRAIT_OF[i]]`` (116 cards); ages are indexes into
``AGES``. The flow and the card effects live in ``rules.py`` as frame handlers.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from doomtable.engine import Field, GameState
from doomtable.games.doomlings.cards import (
    COLORLESS,
    GREEN,
    RED,
    AgeRule,
    Grant,
    Persistent,
    PlayWhen,
    PowerKind,
    Trait,
    TraitFilter,
)
from doomtable.games.doomlings.data import (  # --- trinkets ---
    AGES,
    MERCHANT_OF,
    MERCHANTS,
    TRAIT_OF,
    TRAIT_SET,
    TRAITS,
    TRINKETS,
    card_sets,
    cards_of_sets,
    trinkets_of_sets,
)

CARD: Final[tuple[Trait, ...]] = tuple(TRAITS[t] for t in TRAIT_OF)
"""The trait definition of every card id."""
N_CARDS: Final = len(CARD)
MAX_GENE_POOL: Final = 8
MIN_GENE_POOL: Final = 1

FACE_VALUE: Final[tuple[int, ...]] = tuple(t.face or 0 for t in CARD)
"""Every card's face value, a variable one (Faith, Gratitude, ...) counting as 0."""
_PERSISTENT: Final = tuple(t.persistent for t in CARD)
# --- moonlings ---
_KEEP_IN_HAND: Final = tuple(t.persistent is Persistent.KEEP_IN_HAND for t in CARD)
"""Grobblebobble: nothing discards it from a hand."""
_GENE_POOL_ONE: Final = tuple(t.persistent is Persistent.GENE_POOL_ONE for t in CARD)
"""Popplebelly: its owner's Gene Pool is 1 and does not change."""
_DOMINANT_SLOTS: Final = tuple(
    (2 if t.persistent is Persistent.FILLS_DOMINANT_SLOTS else 1) if t.dominant else 0 for t in CARD
)
"""How many dominant places each card takes (Overlush's Epic takes both)."""
# --- overlush ---
_GUARD_COLOR: Final = tuple(
    GREEN
    if t.persistent is Persistent.GUARD_GREEN
    else RED
    if t.persistent is Persistent.GUARD_RED
    else 0
    for t in CARD
)
"""The colour of the traits each card keeps in its pile (Ironwood green, Meek red), or 0."""
_GUARD_LIMIT: Final = {GREEN: 5, RED: 3}
"""How many traits of its colour a guard keeps at most (Ironwood counts no dominants)."""
_INSTEAD_OF_DISCARD: Final = tuple(t.play_when is PlayWhen.INSTEAD_OF_DISCARD for t in CARD)
_PLAYS_ON_ARRIVAL: Final = tuple(t.play_when is PlayWhen.ENTERS_HAND_OFF_TURN for t in CARD)
_GUARDS: Final = tuple(bool(color) for color in _GUARD_COLOR)
_ANSWERS_REMOVAL: Final = tuple(
    t.play_when
    in (
        PlayWhen.OPPONENT_REMOVES,
        PlayWhen.TRAIT_LEAVES,
        PlayWhen.RETURN_REMOVED,
        PlayWhen.INTO_REMOVER_PILE,
    )
    for t in CARD
)
_FLOW_HOOKS: Final = frozenset(
    {
        Persistent.REFILL_AT_TURN_START,
        Persistent.MAY_SKIP_STABILIZE,
        Persistent.TRADE_EFFECTLESS,
        Persistent.ONE_FACE_ONE_AFTER,
        Persistent.ACTION_FROM_HAND,
        Persistent.RETURN_AND_PLAY_RANDOM,  # --- glitterlings ---
    }
)
_HOOKS_FLOW: Final = tuple(t.persistent in _FLOW_HOOKS for t in CARD)
_SETS_HOLD: dict[tuple[str, str], bool] = {}
"""Per ``sets`` option and kind of card (``guard``, ``removal``), whether the sets hold one
(the base set holds none)."""
RULE_OF_AGE: Final[tuple[AgeRule, ...]] = (*(a.rule for a in AGES), AgeRule.NONE)
SET_OF_CARD: Final[tuple[str, ...]] = tuple(TRAIT_SET[t] for t in TRAIT_OF)
"""The card set (``dinolings``, ...) each card id was printed in: its family on the cards."""
# --- techlings ---
GUARD_TAKE: Final = 1
GUARD_DISCARD: Final = 2
GUARD_REMOVE: Final = 4  # returned to a hand, given away
_GUARD_OF_GRANT: Final = {
    Grant.NO_TAKE: GUARD_TAKE,
    Grant.NO_DISCARD: GUARD_DISCARD,
    Grant.NO_REMOVE: GUARD_TAKE | GUARD_DISCARD | GUARD_REMOVE,
}
GUARD: Final[tuple[int, ...]] = tuple(
    _GUARD_OF_GRANT.get(t.attach.grant, 0) if t.attach is not None else 0 for t in CARD
)
"""Per card, what it keeps its host from while attached."""
INACTIVATES: Final[tuple[bool, ...]] = tuple(
    t.attach is not None and t.attach.grant is Grant.INACTIVE for t in CARD
)
DOUBLES_FACE: Final[tuple[bool, ...]] = tuple(
    t.attach is not None and t.attach.double_face for t in CARD
)
"""Which attachments double their host's face value (Solar-Powered)."""
# --- mythlings, prototypes ---
_PLAYED_WHEN_DISCARDED: Final = tuple(
    t.play_when
    in (PlayWhen.MAY_PLAY_DISCARDED, PlayWhen.DISCARDED_INTO_OPPONENT, PlayWhen.MUST_PLAY_DISCARDED)
    for t in CARD
)
"""Per card: discarded from the hand, it may (or must) be played (Witchy, Zombified, Ghostly)."""

ALL: Final = -1
"""Event visibility: everyone."""

# What caused an event (see ``DoomlingsBase.event_causes``): a trait card id, an age, the
# World's End text of a catastrophe, or the rules themselves.
AGE_CAUSE: Final = N_CARDS
"""``AGE_CAUSE + age``: an age's rule or a catastrophe's white text."""
DOOM_CAUSE: Final = N_CARDS + len(AGES)
"""``DOOM_CAUSE + age``: the World's End (gold) text of catastrophe ``age``."""
BY_RULE: Final = -1
"""A step of the rules: a turn's play, stabilizing, an empty hand, a redraw."""
NO_CAUSE: Final = -2
"""An event that changes no zone (a turn starts, an age is flipped)."""
NO_TIE_DRAW: Final = -99
"""``tie_draws`` of a player who drew nothing in a draw-off."""
# --- trinkets ---
TRINKET_CAUSE: Final = DOOM_CAUSE + len(AGES)
"""``TRINKET_CAUSE + trinket``: a trinket's Awesome Power."""
MERCHANT_CAUSE: Final = TRINKET_CAUSE + len(TRINKETS)
"""``MERCHANT_CAUSE + merchant card``: a merchant's trade."""
_POWER_OF: Final = tuple(t.power.kind for t in TRINKETS)
_TRINKETS_IN: dict[str, bool] = {}
"""Per ``sets`` option, whether its sets bring trinkets."""


def cause_name(cause: int) -> str | None:
    """The words a log line gives as its cause: a trait, an age, World's End; ``None`` for
    the rules themselves."""
    if 0 <= cause < N_CARDS:
        return CARD[cause].name
    if cause >= MERCHANT_CAUSE:  # --- trinkets ---
        return MERCHANTS[MERCHANT_OF[cause - MERCHANT_CAUSE]].name
    if cause >= TRINKET_CAUSE:
        return TRINKETS[cause - TRINKET_CAUSE].name
    if AGE_CAUSE <= cause < DOOM_CAUSE:
        return AGES[cause - AGE_CAUSE].name
    if cause >= DOOM_CAUSE:
        return f"World's End ({AGES[cause - DOOM_CAUSE].name})"
    return None


def bit(player: int) -> int:
    return 1 << player


@mypyc_attr(allow_interpreted_subclasses=True)  # as GameState
class DoomlingsBase(GameState):
    """Fields and zone helpers shared by the rules and the views."""

    GAME: ClassVar[str] = "doomlings"
    TIE_DRAW_SCORES: ClassVar[bool] = False
    """A draw-off card's face value is added to the final score (Blackbox) rather than only
    compared (Classic). Here, not with the other edition hooks, because scoring reads it."""
    FIELDS: ClassVar[dict[str, Field]] = {
        "hands": Field.LISTS,
        "piles": Field.LISTS,
        "gene_pool": Field.LIST,
        "deck": Field.LIST,  # the top card is the last
        "discard": Field.LIST,  # the top card is the last
        "age_deck": Field.LIST,  # the top card is the last
        "eras": Field.LISTS,  # ages flipped so far, one list per era pile
        "age": Field.VALUE,  # the current age, -1 before the first flip
        "catastrophes": Field.VALUE,  # how many have been flipped
        "first_player": Field.VALUE,
        "turn_player": Field.VALUE,  # -1 between turns
        "round_no": Field.VALUE,
        "last_colors": Field.VALUE,  # colours of the last trait played, -1 for none yet
        "revealed": Field.TUPLES,  # (viewer mask, card): hand cards shown to those viewers
        "age_seen": Field.VALUE,  # mask of players who have looked at the next age
        "gp_applied": Field.TUPLES,  # (card, player, delta) Gene Pool changes a trait made
        "denial_spent": Field.VALUE,
        "recolor": Field.LIST,  # per card: colours after Faith, -1 if unchanged
        "named_color": Field.LIST,  # per card: colour named at World's End, -1 if none
        "end_points": Field.LIST,  # per player: points gained at World's End
        "final_doom": Field.VALUE,  # the catastrophe whose World's End text applies
        "deck_out": Field.VALUE,  # traits and discards both ran out
        "hero": Field.VALUE,  # player who may hold a 3rd dominant (Heroic), -1 if none
        "ignoring": Field.VALUE,  # mask of players whose Denial ignores the current catastrophe
        "tie_draws": Field.LIST,  # per player: face value drawn in a draw-off, or NO_TIE_DRAW
        "tie_drawn": Field.LIST,  # the cards drawn in the draw-off (on the discard pile)
        "over": Field.VALUE,
        # Game variations: drafting packs, Intelligent Design's own decks and discard piles,
        # Genetic Mishap's Lab. Empty lists when the variation is not played.
        "packs": Field.LISTS,
        "decks": Field.LISTS,
        "discards": Field.LISTS,
        "lab": Field.LIST,
        # --- techlings ---
        "attached": Field.TUPLES,  # (attachment, host) card pairs
        # --- overlush ---
        "copies": Field.TUPLES,  # (Opposable Thumbs, the dominant it is a copy of) pairs
        # --- deeplings ---
        "suppressed": Field.LISTS,  # per player: face-down cards in their trait pile
        "suppressed_under": Field.LISTS,  # beside each: the trait it lies under, -1 for none
        # --- trinkets ---: ids into TRINKETS (merchant cards: into MERCHANT_OF)
        "trinket_deck": Field.LIST,  # face down, the top card is the last
        "trinkets": Field.LISTS,  # per player: held face up, their powers on, not pocketed
        "pocketed": Field.LISTS,  # per player: pocketed, worth their value at the end
        "trashed": Field.LIST,  # out of the game, face up
        "merchant_deck": Field.LIST,  # face down, the top card is the last
        "merchants_seen": Field.LIST,  # the merchants that came, in order
        "turn_discards": Field.LIST,  # cards they discarded from their hand this turn
        "turn_draws": Field.VALUE,  # cards they drew this turn, stabilizing aside
        "turn_removed": Field.LIST,  # traits that left their pile this turn
        # --- meaning of life ---
        "meanings": Field.LISTS,  # per player: Meaning of Life cards held, hidden from others
        "meaning_deck": Field.LIST,  # the Meaning of Life cards not dealt (the top is the last)
        "meaning_points": Field.LIST,  # per player: points a Meaning of Life card drew for
    }

    FIELD_DEFAULTS: ClassVar[dict[str, Any]] = {"tie_drawn": []}
    """Saves written before the draw-off's cards were kept load with none drawn."""

    hands: list[list[int]]
    piles: list[list[int]]
    gene_pool: list[int]
    deck: list[int]
    discard: list[int]
    age_deck: list[int]
    eras: list[list[int]]
    age: int
    catastrophes: int
    first_player: int
    turn_player: int
    round_no: int
    last_colors: int
    revealed: list[tuple[int, int]]
    age_seen: int
    gp_applied: list[tuple[int, int, int]]
    denial_spent: bool
    recolor: list[int]
    named_color: list[int]
    end_points: list[int]
    final_doom: int
    deck_out: bool
    hero: int
    ignoring: int
    tie_draws: list[int]
    # The cards the draw-off drew: they lie on the discard pile, but no discard-pile bonus
    # counts them ("apply only the face value to your final score").
    tie_drawn: list[int]
    over: bool
    packs: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    lab: list[int]
    attached: list[tuple[int, int]]
    copies: list[tuple[int, int]]
    # --- deeplings ---
    suppressed: list[list[int]]
    suppressed_under: list[list[int]]
    # --- trinkets ---
    trinket_deck: list[int]
    trinkets: list[list[int]]
    pocketed: list[list[int]]
    trashed: list[int]
    merchant_deck: list[int]
    merchants_seen: list[int]
    turn_discards: list[int]
    turn_draws: int
    turn_removed: list[int]
    # --- meaning of life ---
    meanings: list[list[int]]
    meaning_deck: list[int]
    meaning_points: list[int]

    # ------------------------------------------------------------------ variations

    @property
    def variant(self) -> str:
        return str(self.options.get("variant", "none"))

    _own_decks: int = -1
    """:attr:`own_decks` once read (-1 before): it is read at every card drawn or discarded,
    and a game's options never change. Not a field: copies and loaded games read it again."""

    _expanded: int = -1
    """:meth:`expanded` once read (-1 before); not a field, as :attr:`_own_decks`."""

    def expanded(self) -> bool:
        """Whether this game deals a card of any expansion: the base game's turns skip every
        expansion's hook at once (the hooks look for cards a base game cannot hold)."""
        if self._expanded < 0:
            self._expanded = int(card_sets(self.options) != ("base",))
        return self._expanded == 1

    _guards: int = -1
    _removal_plays: int = -1
    _arrival_plays: int = -1
    _flow_hooks: int = -1
    _trinkets_in: int = -1  # --- trinkets ---
    """:meth:`guards_in_game`, :meth:`removal_plays_in_game`, :meth:`arrival_plays_in_game` and
    :meth:`flow_hooks_in_game` once read (-1 before); not fields, as :attr:`_own_decks`."""

    def _sets_hold(self, kind: str, flags: tuple[bool, ...]) -> bool:
        key = (str(self.options.get("sets", "")), kind)
        found = _SETS_HOLD.get(key)
        if found is None:
            found = any(flags[c] for c in self.game_cards())
            _SETS_HOLD[key] = found
        return found

    def guards_in_game(self) -> bool:
        """Whether this game's cards hold a trait that keeps others in its pile (Ironwood,
        Meek): without one, :meth:`movable` need not look for the owner of a trait."""
        if self._guards < 0:
            self._guards = int(self._sets_hold("guard", _GUARDS))
        return self._guards == 1

    def removal_plays_in_game(self) -> bool:
        """Whether this game's cards hold a trait played when one leaves a pile (Dart, Motion
        Dazzle, Patches, Quills): then its owner is asked each time, whatever they hold."""
        if self._removal_plays < 0:
            self._removal_plays = int(self._sets_hold("removal", _ANSWERS_REMOVAL))
        return self._removal_plays == 1

    def arrival_plays_in_game(self) -> bool:
        """Whether this game's cards hold a trait played as it comes into a hand off its
        owner's turn (Elusive): then whoever gets cards that way is asked each time."""
        if self._arrival_plays < 0:
            self._arrival_plays = int(self._sets_hold("arrival", _PLAYS_ON_ARRIVAL))
        return self._arrival_plays == 1

    def flow_hooks_in_game(self) -> bool:
        """Whether this game's cards hold a trait acting as a turn begins or ends (Adrenalized,
        Apricity, Harrier, Mimicry, Illusory): without one, the turn need not look for them."""
        if self._flow_hooks < 0:
            self._flow_hooks = int(self._sets_hold("flow", _HOOKS_FLOW))
        return self._flow_hooks == 1

    def trinkets_in_game(self) -> bool:
        """Whether this game's sets bring trinkets (--- trinkets ---); read at every play
        check, so known per ``sets`` option once parsed."""
        if self._trinkets_in < 0:
            key = str(self.options.get("sets", ""))
            found = _TRINKETS_IN.get(key)
            if found is None:
                found = _TRINKETS_IN[key] = bool(trinkets_of_sets(card_sets(self.options)))
            self._trinkets_in = int(found)
        return self._trinkets_in == 1

    def power(self, player: int, kind: PowerKind) -> int:
        """The first trinket ``player`` holds with this Awesome Power, or -1 (--- trinkets ---)."""
        if self.trinkets_in_game():
            for trinket in self.trinkets[player]:
                if _POWER_OF[trinket] is kind:
                    return trinket
        return -1

    def hand_goal(self, player: int) -> int:
        """What ``player`` stabilizes to: their Gene Pool, or a trinket's number."""
        crackle = self.power(player, PowerKind.STABILIZE_TO)
        return TRINKETS[crackle].power.n if crackle >= 0 else self.gene_pool[player]

    def guarded(self, owner: int, card: int) -> bool:
        """Whether a guard in ``owner``'s pile keeps ``card`` there (Ironwood, Meek)."""
        colors = self.colors_of(card)
        pile = self.piles[owner]
        for guard in pile:
            color = _GUARD_COLOR[self.same(guard)]
            if not color or not colors & color:
                continue
            kept = sum(
                1
                for c in pile
                if self.colors_of(c) & color and not (color == GREEN and CARD[c].dominant)
            )
            if kept <= _GUARD_LIMIT[color]:
                return True
        return False

    @property
    def own_decks(self) -> bool:
        """Intelligent Design: each player draws from and discards to piles of their own."""
        if self._own_decks < 0:
            self._own_decks = int(self.variant == "intelligent-design")
        return self._own_decks == 1

    def era_count(self) -> int:
        """How many era piles (each with one catastrophe) the age deck holds."""
        return int(self.options.get("eras", 3))

    def discard_pile(self, player: int) -> list[int]:
        """Where ``player``'s discards go (and what their discard-pile effects use)."""
        return self.discards[player] if self.own_decks else self.discard

    def card_zones(self) -> dict[str, list[int]]:
        zones = {
            "deck": self.deck,
            "discard": self.discard,
            "lab": self.lab,
        }
        for name, lists in (
            ("hand", self.hands),
            ("pile", self.piles),
            ("pack", self.packs),
            ("own deck", self.decks),
            ("own discard", self.discards),
            ("suppressed", self.suppressed),
        ):
            for player, cards in enumerate(lists):
                zones[f"{name} {player}"] = cards
        return zones

    def card_name(self, card: int) -> str:
        return CARD[card].name if 0 <= card < N_CARDS else f"card {card}"

    def bounded_values(self) -> dict[str, tuple[int, int, list[int]]]:
        return {"gene_pool": (MIN_GENE_POOL, MAX_GENE_POOL, self.gene_pool)}

    # ------------------------------------------------------------------ events

    event_causes: list[int] | None = None
    """Per event, what caused it (:data:`BY_RULE`, a card, an age...), for the log to name.
    Not a field: saves hold the events alone, so that the saves and records made before
    causes were kept still load and replay to the same state. A game created or replayed
    (every save loaded with ``load_verified``, every web table) keeps them; a copy or a state
    loaded unverified has ``None`` and its log names no causes."""

    def emit(self, event: tuple[Any, ...], cause: int = NO_CAUSE) -> None:
        """Record ``event``: ``(mask, kind, *data)``, where ``mask`` says who may see it
        (:data:`ALL`, or one bit per player), and what caused it. One tuple, built by the
        caller: a game makes hundreds of events, and joining a mask to separate arguments
        built two more."""
        self.events.append(event)
        causes = self.event_causes
        if causes is not None:
            causes.append(cause)

    def others(self, player: int) -> int:
        return ((1 << self.players) - 1) & ~bit(player)

    # ------------------------------------------------------------------ order

    def order_from(self, player: int) -> list[int]:
        return list(self.seats_from(player))

    def opponents(self, player: int) -> list[int]:
        """Opponents in turn order, starting at the player's left."""
        return list(self.seats_after(player))

    # ------------------------------------------------------------------ card facts

    def same(self, card: int) -> int:
        """The card whose definition ``card`` has now: the dominant an Opposable Thumbs in a
        pile is a copy of, else ``card`` itself. Every rule that reads what a card in a pile
        is (colours, face value, effects, World's End, bonus) reads it through this."""
        if self.copies:
            for thumbs, copied in self.copies:
                if thumbs == card:
                    return copied
        return card

    def trait(self, card: int) -> Trait:
        """The definition ``card`` has now (see :meth:`same`)."""
        return CARD[self.same(card)] if self.copies else CARD[card]

    def shown_name(self, card: int) -> str:
        """A card's name as views show it: ``Opposable Thumbs (as Heroic)`` for a copy."""
        copied = self.same(card)
        if copied == card:
            return CARD[card].name
        return f"{CARD[card].name} (as {CARD[copied].name})"

    def colors_of(self, card: int) -> int:
        override = self.recolor[card]
        if override >= 0:
            return override
        return CARD[self.same(card)].colors if self.copies else CARD[card].colors

    def matches(self, card: int, flt: TraitFilter) -> bool:
        # An Opposable Thumbs has its copy's family and face value (colours: colors_of).
        same = self.same(card) if self.copies else card
        if flt.family is not None and SET_OF_CARD[same] != flt.family:
            return False
        return flt.accepts(self.colors_of(card), FACE_VALUE[same])

    def recolor_pile(self, player: int, old: int, new: int) -> None:
        """Faith: every trait of colour ``old`` in the pile takes colour ``new`` instead."""
        for c in self.piles[player]:
            colors = self.colors_of(c)
            if colors & old:
                self.recolor[c] = (colors & ~old) | new

    def count_color(self, player: int, color: int) -> int:
        if color == COLORLESS:
            return sum(1 for c in self.piles[player] if not self.colors_of(c))
        return sum(1 for c in self.piles[player] if self.colors_of(c) & color)

    def colors_in_pile(self, player: int) -> int:
        mask = 0
        for c in self.piles[player]:
            mask |= self.colors_of(c)
        return mask

    def dominants(self, player: int) -> int:
        if self.copies:
            return sum(_DOMINANT_SLOTS[self.same(c)] for c in self.piles[player])
        return sum(_DOMINANT_SLOTS[c] for c in self.piles[player])

    def has_in_pile(self, player: int, persistent: Persistent) -> bool:
        return self.in_pile(player, persistent) >= 0

    def in_pile(self, player: int, persistent: Persistent) -> int:
        """The first trait in ``player``'s pile with ``persistent``, or -1 if none."""
        copies = self.copies
        for c in self.piles[player]:
            kind = _PERSISTENT[self.same(c)] if copies else _PERSISTENT[c]
            if kind is persistent and not (self.attached and self.inactive(c)):
                return c
        return -1

    def rule(self) -> AgeRule:
        # age -1 (none flipped yet) reads the NONE at the end
        rule = RULE_OF_AGE[self.age]
        if rule is AgeRule.ECHO_PREVIOUS:
            return RULE_OF_AGE[self.rule_age()]
        return rule

    def rule_age(self) -> int:
        """The age whose rule applies now: Temporal Sands applies the age flipped before it
        (catastrophes passed over; -1, no rule, when there is none)."""
        age = self.age
        if RULE_OF_AGE[age] is not AgeRule.ECHO_PREVIOUS:
            return age
        flipped = [a for era in self.eras for a in era]
        if age in flipped:
            flipped = flipped[: flipped.index(age)]
        for earlier in reversed(flipped):
            if not AGES[earlier].catastrophe:
                return earlier
        return -1

    def protected(self) -> bool:
        """Reforestation: traits in piles cannot be swapped, stolen or discarded."""
        return self.rule() is AgeRule.REFORESTATION

    def movable(self, card: int) -> bool:
        """Whether a trait in a pile may be stolen, swapped or discarded right now."""
        if CARD[card].dominant or self.protected():
            return False
        if self.guards_in_game():  # --- overlush ---
            for owner in range(self.players):
                if card in self.piles[owner]:
                    return not self.guarded(owner, card)
        return True

    # ------------------------------------------------------------------ gene pools

    def shift_gene_pool(self, player: int, delta: int) -> int:
        """Apply ``delta`` unless it would leave 1..8; return the change made."""
        if self.gene_pool_locked(player):
            return 0
        value = self.gene_pool[player] + delta
        if MIN_GENE_POOL <= value <= MAX_GENE_POOL:
            self.gene_pool[player] = value
            return delta
        return 0

    # ------------------------------------------------------------------ hands and decks

    def leave_hand(self, player: int, card: int) -> None:
        self.hands[player].remove(card)
        if self.revealed:
            self.revealed = [r for r in self.revealed if r[1] != card]

    def draw_card(self, player: int, bottom: bool = False) -> int | None:
        """The top trait; the discard pile is reshuffled when the deck runs out.

        With own decks, a player draws from their own deck (reshuffling their own discards),
        then from the community deck.
        """
        if self.own_decks:
            deck = self.decks[player]
            if not deck and self.discards[player]:
                deck.extend(self.discards[player])
                self.discards[player].clear()
                self.rng.shuffle(deck)
                self.emit((ALL, "reshuffle", len(deck)))
            if deck:
                return deck.pop(0) if bottom else deck.pop()
            if not self.deck:
                self.deck_out = True
                return None
            return self.deck.pop(0) if bottom else self.deck.pop()
        if not self.deck:
            if not self.discard:
                self.deck_out = True
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.emit((ALL, "reshuffle", len(self.deck)))
        return self.deck.pop(0) if bottom else self.deck.pop()

    def draw(
        self, player: int, n: int, cause: int, bottom: bool = False, stabilizing: bool = False
    ) -> list[int]:
        """Draw ``n`` cards from the top of the trait deck (``bottom``: from its bottom)."""
        drawn: list[int] = []
        rule = self.rule()
        own_turn = player == self.turn_player
        if self.trinkets_in_game() and not stabilizing:  # --- trinkets ---
            lily = self.power(player, PowerKind.DRAW_ONLY_STABILIZING)
            if lily >= 0 and cause != BY_RULE:
                self.emit((ALL, "no_draw", player, lily), TRINKET_CAUSE + lily)
                return drawn
        if rule is AgeRule.STAR_TAILS and own_turn and cause != AGE_CAUSE + self.age:
            return drawn  # Star Tails: no more cards this turn after the age's own 3
        face_up = rule is AgeRule.FACE_UP_DECK  # Age of Certainty: the deck is turned over
        bottom = bottom or face_up

        for _ in range(n):
            card = self.draw_card(player, bottom)
            if card is None:
                break
            self.hands[player].append(card)
            drawn.append(card)
        if drawn and face_up:
            # Age of Certainty: cards are drawn face up, so everyone sees them.
            self.revealed.extend((ALL, c) for c in drawn)
            self.emit((ALL, "drew", player, tuple(drawn)), cause)
        elif drawn:
            self.emit((self.others(player), "draws", player, len(drawn)), cause)
            self.emit((bit(player), "drew", player, tuple(drawn)), cause)
            self.arrived(player, drawn, cause)
        if own_turn and not stabilizing and self.trinkets_in_game():  # --- trinkets ---
            self.turn_draws += len(drawn)
        return drawn

    def arrived(self, player: int, cards: list[int], cause: int) -> None:
        """Cards came into ``player``'s hand (--- overlush ---): where Elusive is in the game,
        cards an age brought or that came on another player's turn open a window for their
        new holder, whatever the cards are (a frame opens it, last, as windows are)."""
        if self.arrival_plays_in_game() and (
            0 <= self.turn_player != player or AGE_CAUSE <= cause < DOOM_CAUSE
        ):
            self.stack.append(("arrived_window", player, tuple(cards)))

    def discard_from_hand(self, player: int, card: int, cause: int) -> None:
        if _KEEP_IN_HAND[card]:
            return  # Grobblebobble stays (callers offer it as no chosen discard)
        self.leave_hand(player, card)
        self.discard_pile(player).append(card)
        self.emit((ALL, "discards", player, card), cause)
        if player == self.turn_player and self.trinkets_in_game():  # --- trinkets ---
            self.turn_discards.append(card)
        if _PLAYED_WHEN_DISCARDED[card]:  # --- mythlings, prototypes ---
            self.stack.append(("discarded_play", player, card, cause))
        if _INSTEAD_OF_DISCARD[card]:  # --- overlush ---: Muse may be played instead
            self.stack.append(("instead_of_discard", player, card))

    def discard_random(self, player: int, n: int, cause: int) -> None:
        for _ in range(n):
            hand = [c for c in self.hands[player] if not _KEEP_IN_HAND[c]]
            if not hand:
                return
            self.discard_from_hand(player, hand[self.rng.below(len(hand))], cause)

    def discard_whole_hand(self, player: int, cause: int) -> None:
        for card in list(self.hands[player]):
            self.discard_from_hand(player, card, cause)

    # ------------------------------------------------------------------ trait piles

    def enter_pile(self, player: int, card: int) -> None:
        """Put a trait into a pile and apply its Gene Pool change."""
        self.piles[player].append(card)
        trait = CARD[card]
        if _GENE_POOL_ONE[card] or trait.gene_pool:
            self.apply_gene_pool(player, card, trait)

    def leave_pile(self, player: int, card: int) -> None:
        """Take a trait out of a pile and undo the Gene Pool change it made."""
        self.piles[player].remove(card)
        if player == self.turn_player and self.trinkets_in_game():  # --- trinkets ---
            self.turn_removed.append(card)
        trait = self.trait(card)
        if trait.gene_pool:
            self.undo_gene_pool(card)
        self.recolor[card] = -1
        self.named_color[card] = -1
        if self.attached:
            self.detach(card)
        if self.copies and trait is not CARD[card]:
            # Opposable Thumbs is a copy only while it stays in a pile: out of it, it is
            # Opposable Thumbs again (a new play makes a new copy).
            self.copies = [pair for pair in self.copies if pair[0] != card]
        if self.final_doom < 0:  # --- special edition: Magic Fingers, until World's End ---
            fingers = self.in_pile(player, Persistent.REPLACE_LEAVER)
            if fingers >= 0:
                self.stack.append(("replace", player, trait.colors, fingers))

    def undo_gene_pool(self, card: int) -> None:
        """Take back the Gene Pool changes ``card`` made as it entered a pile."""
        kept = []
        for entry in self.gp_applied:
            if entry[0] == card:
                self.shift_gene_pool(entry[1], -entry[2])
            else:
                kept.append(entry)
        self.gp_applied = kept

    def apply_gene_pool(self, player: int, card: int, trait: Trait) -> None:
        """Make ``trait``'s Gene Pool change for ``card`` entering ``player``'s pile."""
        if trait.persistent is Persistent.GENE_POOL_ONE:
            self.gene_pool[player] = 1
        if trait.gene_pool:
            targets: range | tuple[int, ...] = (
                range(self.players) if trait.gene_pool_all else (player,)
            )
            if trait.gene_pool_opponents:  # --- overlush ---
                targets = self.seats_after(player)
            for target in targets:
                done = self.shift_gene_pool(target, trait.gene_pool)
                if done:
                    self.gp_applied.append((card, target, done))

    def move_trait(self, source: int, target: int, card: int) -> None:
        # Attachments go on holding across a move from pile to pile (Techlings).
        held = list(self.attached) if self.attached else []
        linked = {c for pair in held if card in pair for c in pair}
        colors = [(c, self.recolor[c]) for c in linked]
        self.leave_pile(source, card)
        self.enter_pile(target, card)
        if linked:
            self.attached = held
            for c, color in colors:
                self.recolor[c] = color

    def stabilize_now(self, player: int, size: int, cause: int) -> int:
        """Draw up to ``size`` (0: the Gene Pool); return how many cards must still be
        discarded."""
        goal = size or self.hand_goal(player)
        hand = self.hands[player]
        if len(hand) < goal:
            self.draw(player, goal - len(hand), cause, stabilizing=True)
        return max(0, len(hand) - goal)

    # ------------------------------------------------------------------ conservation

    def game_cards(self) -> list[int]:
        """The trait card ids this game was dealt from: those of its card sets."""
        return cards_of_sets(card_sets(self.options))

    def all_cards(self) -> list[int]:
        cards = [*self.deck, *self.discard, *self.lab]
        for zone in (*self.packs, *self.decks, *self.discards):
            cards.extend(zone)
        for hand in self.hands:
            cards.extend(hand)
        for pile in self.piles:
            cards.extend(pile)
        for zone in self.suppressed:
            cards.extend(zone)
        return cards

    # ------------------------------------------------------------------ attachments
    # --- techlings ---

    def host_of(self, card: int) -> int:
        """The trait ``card`` is attached to, or -1."""
        for attachment, host in self.attached:
            if attachment == card:
                return host
        return -1

    def hosting(self, card: int) -> bool:
        """Whether any attachment is attached to ``card``."""
        return any(host == card for _, host in self.attached)

    def guard(self, card: int) -> int:
        """What the attachments on ``card`` keep it from (``GUARD_*`` bits)."""
        mask = 0
        for attachment, host in self.attached:
            if host == card:
                mask |= GUARD[self.same(attachment)]
        return mask

    def inactive(self, card: int) -> bool:
        """Lyonization: whether an attachment has switched ``card``'s effects off."""
        return any(host == card and INACTIVATES[self.same(a)] for a, host in self.attached)

    def doubled(self, card: int) -> bool:
        """Solar-Powered: whether an attachment doubles ``card``'s face value."""
        return any(host == card and DOUBLES_FACE[self.same(a)] for a, host in self.attached)

    def takeable(self, card: int) -> bool:
        """Whether a trait in a pile may be stolen or swapped right now."""
        return self.movable(card) and not (self.attached and self.guard(card) & GUARD_TAKE)

    def discardable(self, card: int) -> bool:
        """Whether a trait in a pile may be discarded right now."""
        return self.movable(card) and not (self.attached and self.guard(card) & GUARD_DISCARD)

    def removable(self, card: int) -> bool:
        """Whether a trait may be returned to a hand or given away (not dominance: callers
        check that as their card says)."""
        return not (self.attached and self.guard(card) & GUARD_REMOVE)

    def attach(self, card: int, host: int) -> None:
        """Attachment ``card`` holds ``host`` (letting go of any host it held); a colour-giving
        one (Cybernetic) gives the host its colour."""
        self.attached = [pair for pair in self.attached if pair[0] != card]
        self.attached.append((card, host))
        color = self.attachment_color(card)
        if color >= 0:
            self.recolor[host] = color

    def attachment_color(self, card: int) -> int:
        """The colour attachment ``card`` gives its host (Cybernetic), or -1 for none."""
        grant = self.trait(card).attach
        return grant.color if grant is not None and grant.color is not None else -1

    def detach(self, card: int) -> None:
        """``card`` leaves the piles: it lets go of its host, and its attachments of it. A
        host that another colour-giving attachment still holds takes that one's colour (the
        last attached shows)."""
        kept = []
        recolored = []
        for attachment, host in self.attached:
            if attachment == card or host == card:
                if self.attachment_color(attachment) >= 0:
                    self.recolor[host] = -1
                    recolored.append(host)
            else:
                kept.append((attachment, host))
        self.attached = kept
        for host in recolored:
            for attachment, held in kept:
                color = self.attachment_color(attachment)
                if held == host and color >= 0:
                    self.recolor[host] = color

    # --- deeplings ---
    def trait_count(self, player: int) -> int:
        """The traits in a pile, its face-down (suppressed) cards included."""
        return len(self.piles[player]) + len(self.suppressed[player])

    def suppress_trait(self, player: int, card: int, cause: int) -> None:
        """Turn a trait of ``player``'s pile face down: it leaves the pile (undoing its Gene
        Pool change) for the suppressed cards, under ``cause`` when that is a trait."""
        self.leave_pile(player, card)
        self._suppress(player, card, cause)
        self.emit((ALL, "suppresses_trait", player, card), cause)

    def suppress_from_hand(self, player: int, card: int, cause: int) -> None:
        """Put a card of ``player``'s hand face down into their trait pile: only they know it."""
        self.leave_hand(player, card)
        self._suppress(player, card, cause)
        self.emit((self.others(player), "suppresses_card", player), cause)
        self.emit((bit(player), "suppressed_card", player, card), cause)

    def _suppress(self, player: int, card: int, cause: int) -> None:
        self.suppressed[player].append(card)
        self.suppressed_under[player].append(cause if 0 <= cause < N_CARDS else -1)

    # --- moonlings ---
    def gene_pool_locked(self, player: int) -> bool:
        """Popplebelly holds its owner's Gene Pool at 1."""
        if self.copies:
            return any(_GENE_POOL_ONE[self.same(c)] for c in self.piles[player])
        return any(_GENE_POOL_ONE[c] for c in self.piles[player])
