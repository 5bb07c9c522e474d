"""Structured observations: one named slot per feature, each card identity by zone, seats
relative to the viewer, decision kinds, and declarations complete for random play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from doomtable.engine import GameState, Rng, find_game, new_game
from doomtable.rl.encoding import game_encoding
from doomtable.rl.observation import ObservationLayoutError, StructuredObservation, gather

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
SHIPPED = ["doomlings", "doomlings-blackbox", "doom-on-you", "doom-pile", "were-doomed"]
SIZES = {
    "doomlings": 1707,
    "doomlings-blackbox": 1707,
    "doom-on-you": 418,
    "doom-pile": 2327,
    "were-doomed": 464,
}


def _structured(game: str) -> StructuredObservation:
    observations = game_encoding(game).observations
    assert isinstance(observations, StructuredObservation)
    return observations


def _random_states(game: str, players: int, seed: int, steps: int) -> Iterator[GameState]:
    state = new_game(game, players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        decision = state.pending
        if decision is None:
            return
        yield state
        state.apply(decision.player, rng.choice(decision.options))
    yield state


@pytest.mark.parametrize("game", SHIPPED)
def test_no_two_features_share_a_slot(game: str) -> None:
    observations = _structured(game)
    assert observations.size == SIZES[game] == len(observations.names)
    assert len(set(observations.names)) == observations.size


@pytest.mark.parametrize("game", SHIPPED)
def test_declarations_cover_random_play(game: str) -> None:
    """No decision kind or value of random play falls in an ``other`` slot, every card read is
    a known card, and every slot holds what its name says for the cards and numbers."""
    observations = _structured(game)
    names = observations.names
    spec = find_game(game)
    others = [i for i, name in enumerate(names) if name.endswith("=other")]
    for players in sorted({spec.min_players, min(4, spec.max_players), spec.max_players}):
        if game.startswith("doomlings") and players == 1:
            continue  # solo needs a variant
        for index, state in enumerate(_random_states(game, players, seed=players, steps=600)):
            if index % 20:
                continue
            decision = state.pending
            for player in range(players):
                kind = decision.kind if decision and decision.player == player else None
                vector = observations.encode(state.view(player), player, players, kind)
                assert not vector[others].any(), [names[i] for i in others if vector[i]]
                assert vector[0] == (kind is not None)


def _slot(observations: StructuredObservation, name: str) -> int:
    return observations.names.index(name)


def test_doomlings_keeps_cards_apart() -> None:
    """The issue's example: Sentience in hand and the deck size are two slots, each exact."""
    observations = _structured("doomlings")
    state = new_game("doomlings", 4, 3)
    view = state.view(2)
    vector = observations.encode(view, 2, 4, "turn")
    hand = Counter(card["name"] for card in view["hand"])
    for name, count in hand.items():
        assert vector[_slot(observations, f"hand:{name}")] == count
    assert vector[_slot(observations, "hand:Sentience")] == hand["Sentience"]
    assert vector[_slot(observations, "deck_size")] == view["deck_size"]
    assert sum(vector[i] for i, n in enumerate(observations.names) if n.startswith("hand:")) == 5
    assert vector[_slot(observations, "decision=turn")] == 1.0
    # Seats are relative: block +0 is the viewer (seat 2), block +1 is seat 3.
    assert vector[_slot(observations, "seats[+0].hand_size")] == view["seats"][2]["hand_size"]
    assert vector[_slot(observations, "seats[+1].gene_pool")] == view["seats"][3]["gene_pool"]


def test_doom_pile_zones_and_phase() -> None:
    observations = _structured("doom-pile")
    state = new_game("doom-pile", 2, 5)
    view = state.view(1)
    vector = observations.encode(view, 1, 2)
    own = view["players"][1]
    for zone in ("hand", "deck", "countdown", "field", "discard"):
        for name, count in Counter(gather(own, [zone, "name"]) or gather(own, [zone])).items():
            assert vector[_slot(observations, f"players[+0].{zone}:{name}")] == count
    assert vector[_slot(observations, f"phase={view['phase']}")] == 1.0
    assert vector[_slot(observations, "players[+1].hand_size")] == view["players"][0]["hand_size"]
    assert vector[0] == 0.0  # nobody asked


def test_were_doomed_times_and_seats() -> None:
    observations = _structured("were-doomed")
    state = new_game("were-doomed", 5, 2)
    view = state.view(3)
    vector = observations.encode(view, 3, 5)
    assert vector[_slot(observations, "remaining_ms")] == view["remaining_ms"] / 1000
    assert vector[_slot(observations, "phase=setup")] == 1.0
    assert vector[_slot(observations, "players[+2].resources")] == view["players"][0]["resources"]


def test_unknown_card_and_entry_are_clear_errors() -> None:
    observations = _structured("doom-on-you")
    with pytest.raises(ObservationLayoutError, match="'Unicorn', not a known card"):
        observations.encode({"removed": ["Unicorn"]}, 0, 2)
    with pytest.raises(ObservationLayoutError, match="unknown observation entry"):
        StructuredObservation("doom-on-you", [("histogram", "food")], [], 6, [])


@pytest.mark.parametrize("game", ["doomlings", "doom-on-you", "doom-pile", "were-doomed"])
def test_docs_show_the_layout_the_code_builds(game: str) -> None:
    table = _structured(game).table()
    assert table in DOCS.read_text(encoding="utf-8"), (
        f"docs/rl.md does not show {game}'s observation layout; it is:\n{table}"
    )


VARIANT_PLAYERS = {
    "none": 4,
    "intelligent-design": 3,
    "strategic-start": 4,
    "genetic-mishap": 1,
    "stunted-growth": 4,
    "prosperous-world": 3,
}


@pytest.mark.parametrize("variant", sorted(VARIANT_PLAYERS))
def test_doomlings_variants_fit_the_layout(variant: str) -> None:
    """Drafts and the solo Lab ask their own kinds of decision: each has its slot."""
    observations = _structured("doomlings")
    others = [i for i, name in enumerate(observations.names) if name.endswith("=other")]
    players = VARIANT_PLAYERS[variant]
    state = new_game("doomlings", players, 1, {"variant": variant})
    rng = Rng(1)
    kinds = set()
    while (decision := state.pending) is not None and len(state.log) < 1500:
        kinds.add(decision.kind)
        view = state.view(decision.player)
        vector = observations.encode(view, decision.player, players, decision.kind)
        assert not vector[others].any(), decision.kind
        state.apply(decision.player, rng.choice(decision.options))
    expected = {
        "intelligent-design": "draft",
        "strategic-start": "draft",
        "genetic-mishap": "mishap",
    }
    assert expected.get(variant, "turn") in kinds


def test_doom_on_you_drawn_animal_to_pile_fits_the_layout() -> None:
    """With ``drawn_animal_to_pile`` a drawn animal asks its own kind of decision."""
    observations = _structured("doom-on-you")
    others = [i for i, name in enumerate(observations.names) if name.endswith("=other")]
    state = new_game("doom-on-you", 2, 0, {"drawn_animal_to_pile": True})
    rng = Rng(0)
    kinds = set()
    while (decision := state.pending) is not None and len(state.log) < 2000:
        kinds.add(decision.kind)
        vector = observations.encode(state.view(decision.player), decision.player, 2, decision.kind)
        assert not vector[others].any(), decision.kind
        state.apply(decision.player, rng.choice(decision.options))
    assert "drawn" in kinds


def test_doom_on_you_hands_seen_are_kept_by_seat() -> None:
    """``seen_hands`` is keyed by absolute seat (as text): read into that seat's block."""
    observations = _structured("doom-on-you")
    view = {"seen_hands": {"2": ["Camo", "Camo", "Capture"], "0": ["Hunt"]}}
    vector = observations.encode(view, 1, 3)
    assert {observations.names[i]: float(vector[i]) for i in np.flatnonzero(vector)} == {
        "seen_hands[+1]:Camo": 2.0,
        "seen_hands[+1]:Capture": 1.0,
        "seen_hands[+2]:Hunt": 1.0,
    }
