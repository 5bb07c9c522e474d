"""Privacy in Doomlings, both editions: what each player's view and log may show.

The random games keep their own record of what each player has legitimately seen (their own
hand, pack and deck, the public zones, cards revealed to them, flipped ages and ages they peeked
at) and check every view and every new log line against it: a trait or age named there must be
one the player has seen. Games are short (many start in the last era) so that 1,000 games per
edition stay fast.
"""

from __future__ import annotations

import functools
import random
import re
from typing import Any

import pytest

from doomtable.bots import InfoSet
from doomtable.engine import GameState, Rng, find_game, game_names, new_game
from doomtable.engine.registry import checked_options
from doomtable.games.doomlings.data import AGES, TRAITS, ages_of_sets, card_sets
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.state import CARD, NO_CAUSE, bit

EDITIONS = ("doomlings", "doomlings-blackbox")
GAMES = 1000
CHUNK = 100
TRAIT_NAMES = {t.name for t in TRAITS}
NAME_OF = tuple(t.name for t in CARD)
AGE_NAMES = {a.name for a in AGES}
# Longest names first, so "Tiny Little Melons" is read as one name, not as "Tiny".
NAME_PATTERN = re.compile(
    r"\b("
    + "|".join(re.escape(n) for n in sorted(TRAIT_NAMES | AGE_NAMES, key=len, reverse=True))
    + r")(?![\w-])"
)
PRINTED_TEXT_KEYS = {"text", "worlds_end"}  # a card's printed words name other cards


@functools.lru_cache(maxsize=1 << 16)
def names_in(text: str) -> frozenset[str]:
    """The trait and age names a text mentions (cached: every player reads the same lines)."""
    return frozenset(NAME_PATTERN.findall(text))


PRINTED_NAMES = tuple(names_in(f"{a.text} {a.doom_text}") for a in AGES)
"""Cards an age's printed text names (Birth of a Hero names Heroic), known once it is seen."""
ALL_NAMES = TRAIT_NAMES | AGE_NAMES


def names_shown(data: Any, out: set[str]) -> None:
    """Every trait or age name in a view, leaving out cards' printed words."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in PRINTED_TEXT_KEYS:
                names_shown(value, out)
    elif isinstance(data, list):
        for value in data:
            names_shown(value, out)
    elif isinstance(data, str):
        if data in ALL_NAMES:
            out.add(data)
        else:
            out.update(names_in(data))


class Witness:
    """What each player has legitimately seen so far, kept apart from the game's own records
    of who saw what (except ``revealed`` and ``age_seen``, the game's answers to effects that
    show a card to some players)."""

    def __init__(self, state: DoomlingsState) -> None:
        self.cards: list[set[int]] = [set() for _ in range(state.players)]
        self.seen: list[set[str]] = [set() for _ in range(state.players)]
        self.log_start = [0] * state.players
        self.update(state)
        # Cards may pass through a zone within one decision (discarded, then reshuffled into
        # the deck): look at the zones whenever something happens, not only between decisions.
        state.witness = self  # type: ignore[attr-defined]  # a watched() state

    def update(self, state: DoomlingsState) -> None:
        public = set(state.discard).union(state.lab, *state.piles, *state.discards)
        for p in range(state.players):
            cards = public.union(state.hands[p], state.packs[p], state.decks[p])
            if state.revealed:
                cards.update(c for mask, c in state.revealed if mask & bit(p))
            new = cards - self.cards[p]
            if new:
                self.cards[p] |= new
                self.seen[p].update(NAME_OF[c] for c in new)
            if state.age_seen & bit(p) and state.age_deck:
                self.seen[p].add(AGES[state.age_deck[-1]].name)

    def look_at_ages(self, state: DoomlingsState) -> None:
        flipped: set[str] = set()
        for era in state.eras:
            for a in era:
                flipped.add(AGES[a].name)
                flipped |= PRINTED_NAMES[a]
        for seen in self.seen:
            seen |= flipped

    def check(self, state: DoomlingsState, players: list[int]) -> None:
        """The new log lines of every player, and the views of ``players``."""
        self.look_at_ages(state)
        for p in range(state.players):
            for line in state.log_lines(p, self.log_start[p]):
                unseen = names_in(line) - self.seen[p]
                assert not unseen, f"player {p}'s log shows {set(unseen)}: {line!r}"
            self.log_start[p] = len(state.events)
        for p in players:
            shown: set[str] = set()
            names_shown(state.view(p), shown)
            unseen = shown - self.seen[p]
            assert not unseen, f"player {p}'s view shows {unseen}"


def _late_start(state: DoomlingsState, chooser: random.Random) -> None:
    """Set the game in its last era: 2 catastrophes flipped, 1 to 3 ages and 1 catastrophe
    left, so the World's End, Prepper and the tie-breaks come within a few rounds."""
    dealt = [AGES[i] for i in ages_of_sets(card_sets(state.options))]  # the game's sets only
    ages = [a.name for a in dealt if not a.catastrophe and not a.birth_of_life]
    dooms = [a.name for a in dealt if a.catastrophe]
    chooser.shuffle(ages)
    chooser.shuffle(dooms)
    left = ages[1 : 1 + chooser.randrange(1, 4)]
    left.insert(chooser.randrange(len(left) + 1), dooms[2])
    state.setup_scenario({"age": ages[0], "catastrophes": dooms[:2], "age_deck": left})


def watched(edition: type[DoomlingsState]) -> type[DoomlingsState]:
    """``edition`` with a hook on every event for the witness. A subclass, not a patched
    method: the compiled rules call ``emit`` directly, past any attribute set on a state."""

    class Watched(edition):  # type: ignore[valid-type,misc]
        witness: Witness | None = None

        def emit(self, event: tuple[Any, ...], cause: int = NO_CAUSE) -> None:
            super().emit(event, cause)
            if self.witness is not None:
                self.witness.update(self)

    return Watched


WATCHED = {name: watched(type(new_game(name, 2))) for name in EDITIONS}  # type: ignore[arg-type]


VARIANT_OF_SEED = ("none", "none", "none", "strategic-start", "intelligent-design")


def play_private_game(game: str, seed: int) -> DoomlingsState:
    chooser = random.Random(seed)
    variant = VARIANT_OF_SEED[seed % len(VARIANT_OF_SEED)]
    players = chooser.randrange(2, 5) if variant == "intelligent-design" else 2 + seed % 7
    options = checked_options(find_game(game), players, {"variant": variant})
    state = WATCHED[game].create(players, seed, options)
    late = seed % 2 == 0 and variant == "none"
    if late:
        _late_start(state, chooser)
    witness = Witness(state)
    witness.check(state, list(range(players)))
    # Early games stop after a few rounds' worth of decisions: enough for the deal, the draft
    # and the first ages.
    budget = 10_000 if late else 12 * players
    while (decision := state.pending) is not None and budget > 0:
        state.apply(decision.player, decision.options[chooser.randrange(len(decision.options))])
        budget -= 1
        witness.update(state)
        # Every log line is checked at once; one seat's view, each seat in turn.
        witness.check(state, [budget % players])
    witness.check(state, list(range(players)))
    return state


@pytest.mark.parametrize("game", EDITIONS)
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_views_and_logs_show_only_what_each_player_has_seen(game: str, chunk: int) -> None:
    ended = 0
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        ended += play_private_game(game, seed).is_over
    assert ended >= CHUNK // 5  # the late starts play on to the World's End


# ---------------------------------------------------------------------- leaks found by hand


def _nosy_takes_tiny(game: str) -> DoomlingsState:
    state = new_game(game, 3, 3)
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "players": {
                0: {
                    "hand": ["Nosy", "Gills", "Bark", "Fangs", "Quick"],
                    "traits": ["Pack Behavior", "Symbiosis"],
                },
                1: {"hand": ["Tiny", "Leaves"]},
                2: {"hand": ["Spiny"]},
            },
        }
    )
    for choice in ("play Nosy", "pass", "pass", "target player 1", "take Tiny from player 1"):
        assert state.pending is not None
        state.apply(state.pending.player, choice)
    return state


def test_nosy_take_kept_in_hand_is_shown_to_taker_and_victim_only() -> None:
    state = _nosy_takes_tiny("doomlings")  # Classic: a 3rd dominant stays in the hand
    assert CARD[state.hands[0][-1]].name == "Tiny"
    taken = "Nosy: player 0 takes Tiny from player 1."
    assert taken in state.log_lines(0)
    assert taken in state.log_lines(1)
    assert not any("Tiny" in line for line in state.log_lines(2))
    assert not any("Tiny" in line for line in state.log_lines(None))
    assert "Nosy: player 0 takes a card from player 1's hand." in state.log_lines(2)


def test_nosy_take_that_is_played_is_public() -> None:
    state = _nosy_takes_tiny("doomlings-blackbox")  # Blackbox: played, so discarded openly
    assert "Nosy: player 0 takes Tiny from player 1." in state.log_lines(2)


def _at_alien_terraform(hand_1: list[str]) -> DoomlingsState:
    state = new_game("doomlings", 2, 5)
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "age": "Alien Terraform",
            "first_player": 1,
            "players": {
                0: {"hand": ["Gills", "Bark", "Fangs", "Quick", "Leaves"]},
                1: {"hand": hand_1},
            },
        }
    )
    return state


def test_another_players_question_does_not_show_what_they_hold() -> None:
    """Alien Terraform asks only a player holding a dominant: the others' views must look the
    same whether or not player 1 holds one."""
    with_dominant = _at_alien_terraform(["Tiny", "Spiny", "Fear", "Antlers", "Blubber"])
    without = _at_alien_terraform(["Adorable", "Spiny", "Fear", "Antlers", "Blubber"])
    assert with_dominant.pending is not None and with_dominant.pending.kind == "age"
    assert without.pending is not None and without.pending.kind == "turn"
    assert (
        with_dominant.view(0)["pending"]
        == without.view(0)["pending"]
        == {
            "player": 1,
            "kind": None,
            "prompt": "choosing",
        }
    )
    assert with_dominant.view(1)["pending"]["kind"] == "age"


# ---------------------------------------------------------------------- every game: samples


def _random_positions(game: str, players: int, seed: int, every: int) -> list[GameState]:
    spec = find_game(game)
    state = new_game(game, min(max(players, spec.min_players), spec.max_players), seed)
    chooser = random.Random(seed)
    positions = []
    while (decision := state.pending) is not None:
        if len(state.log) % every == 0:
            positions.append(state.clone())
        state.apply(decision.player, decision.options[chooser.randrange(len(decision.options))])
        if len(state.log) > 3000:
            break
    return positions


@pytest.mark.parametrize("game", game_names())
def test_samples_show_each_player_the_same_view(game: str) -> None:
    """Generic over every registered game: in ``determinize(player)`` and in a bot's sample
    the player's view is the real one, and a bot's sample holds no decision log."""
    rng = Rng(7)
    for seed in range(6):
        for state in _random_positions(game, 3, seed, every=7):
            for player in range(state.players):
                sample = state.determinize(player, rng)
                assert sample.view(player) == state.view(player), f"player {player}'s view"
            decision = state.pending
            assert decision is not None
            world = InfoSet(state, decision).sample(rng)
            assert world.view(decision.player) == state.view(decision.player)
            assert world.log == []


def _seen_lines(state: GameState, player: int) -> list[str]:
    texts = (state.event_text(event, player) for event in state.events)
    return [text for text in texts if text is not None]


# The tests' toy games, registered by hand in some workers, make no privacy promises.
SHIPPED = [g for g in game_names() if find_game(g).state_class.__module__.startswith("doomtable.")]


@pytest.mark.parametrize("game", SHIPPED)
def test_determinize_keeps_only_events_the_player_saw(game: str) -> None:
    rng = Rng(11)
    for seed in range(6):
        for state in _random_positions(game, 4, seed, every=9):
            for player in range(state.players):
                sample = state.determinize(player, rng)
                # Each game either drops unseen events or blanks the hidden part of them.
                unseen = [e for e in sample.events if sample.event_text(e, player) is None]
                assert unseen == [], f"player {player}'s sample keeps unseen events"

                assert _seen_lines(sample, player) == _seen_lines(state, player)
                assert sample.log == []
