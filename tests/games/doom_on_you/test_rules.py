"""Rules and card tests: a scenario, choices by label, asserts on the snapshot."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from doomtable.engine import RESPOND, Decision, Rng, ScenarioError, find_game, new_game
from doomtable.games.doom_on_you import DoomOnYouState
from doomtable.games.doom_on_you.cards import CARD_DEFS, DECK_SIZE, IS_DOOM, NAMES, card_reference


def game(
    players: int = 3, setup: dict[str, Any] | None = None, seed: int = 1, **options: Any
) -> DoomOnYouState:
    s = new_game("doom-on-you", players, seed, options)
    assert isinstance(s, DoomOnYouState)
    if setup is not None:
        s.setup_scenario(setup)
    return s


def attack_game(players: int = 3, seed: int = 1, **options: Any) -> DoomOnYouState:
    """An attack round with player 0 defending first; ``pN`` gives player N's setup."""
    table = {k[1:]: v for k, v in options.items() if k[0] == "p" and k[1:].isdigit()}
    rest = {k: v for k, v in options.items() if not (k[0] == "p" and k[1:].isdigit())}
    setup = {"start": "attack", "first_defender": 0, "deck_top": rest.pop("deck_top", [])}
    setup["players"] = {p: table.get(str(p), {"hand": []}) for p in range(players)}
    return game(players, setup, seed, **rest)


def act(s: DoomOnYouState, *steps: str) -> None:
    """Each step is ``"P: label"``: player P must be the one deciding, and choose that label."""
    for step in steps:
        player, label = step.split(": ", 1)
        s.apply(int(player), label)


def due(s: DoomOnYouState) -> Decision:
    assert s.pending is not None, "the game is over"
    return s.pending


def passes(s: DoomOnYouState) -> None:
    """Everyone asked in the open response window passes."""
    while s.pending is not None and s.pending.kind == RESPOND:
        s.apply(s.pending.player, "pass")


def snap(s: DoomOnYouState, path: str) -> Any:
    at: Any = s.snapshot()
    for part in path.split("."):
        at = at[int(part)] if isinstance(at, list) else at[part]
    return at


def food(s: DoomOnYouState) -> list[int]:
    return [p["food"] for p in s.snapshot()["players"]]


# --------------------------------------------------------------------- the card set


def test_deck_has_110_cards_and_the_named_animals_match_the_rulebook() -> None:
    assert DECK_SIZE == 110
    spec = {d["name"]: d for d in find_game("doom-on-you").cards()}
    assert (spec["Alpaca-punch"]["attack"], spec["Alpaca-punch"]["defence"]) == (1, 1)
    assert spec["Alpaca-punch"]["tokens"] == 1
    assert (spec["Hunting-bird"]["attack"], spec["Hunting-bird"]["tokens"]) == (1, 3)
    assert spec["Deter-tle"]["defence"] == 2
    assert {"Camo", "Flame-ingo", "Hand-a", "Volcano"} <= set(spec)
    battle = {d.name for d in CARD_DEFS if d.kind == "battle"}
    assert battle == {"Hunt", "Force Field", "Deflect", "Capture", "Sneak Attack"}
    assert sum(d["copies"] for d in spec.values()) == 110
    assert all(d["text"] for d in spec.values())


def test_card_text_is_generated_from_values() -> None:
    text = card_reference()
    assert "Hunting-bird x" in text and "takes 3 food" in text
    assert "Hunt cannot kill it." in text and "Force Field cannot block it." in text


# --------------------------------------------------------------------- setup and prep


@pytest.mark.parametrize("players", [2, 3, 6])
def test_setup_deals_food_and_six_cards_without_doom(players: int) -> None:
    s = game(players, two_player_variant=False)
    for p in range(players):
        assert snap(s, f"players.{p}.food") == 10
        assert len(s.hands[p]) == 6 and not any(IS_DOOM[c] for c in s.hands[p])
    assert len(s.deck) == DECK_SIZE - 6 * players
    assert sum(IS_DOOM[c] for c in s.deck) == sum(d.copies for d in CARD_DEFS if d.kind == "doom")


def test_first_prep_skips_drawing_and_places_up_to_three_animals() -> None:
    s = game(3, {"players": {"0": {"hand": ["Camo"] * 4 + ["Hunt"]}}})
    assert s.pending is not None and due(s).kind == "place" and due(s).player == 0
    assert s.labels() == ["place Camo", "done"]
    act(s, "0: place Camo", "0: place Camo", "0: place Camo")
    assert snap(s, "players.0.animals") == ["Camo"] * 3
    assert snap(s, "players.0.hand") == ["Camo", "Hunt"]
    assert due(s).player == 1  # a full pile ends player 0's placing


def test_prep_draws_zero_to_three_and_doom_goes_off_at_once() -> None:
    s = game(2, {"start": "prep", "first_defender": 0, "deck_top": ["Camo", "Wildfire", "Hunt"]})
    assert s.labels() == ["draw a card", "stop drawing"]
    act(s, "0: draw a card", "0: draw a card")
    assert snap(s, "players.0.food") == 13  # duel food 15, Wildfire takes 2
    assert "Wildfire" in snap(s, "removed") and "Camo" in snap(s, "players.0.hand")
    act(s, "0: draw a card")
    assert due(s).player == 1  # three cards drawn: the turn passes
    act(s, "1: stop drawing")
    assert due(s).kind == "place"


def test_attack_round_declare_then_draw_then_defend() -> None:
    s = attack_game(p1={"hand": [], "animals": ["Alpaca-punch"]}, deck_top=["Capture"])
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done")
    assert snap(s, "players.0.hand") == []  # no draw until every attack is declared
    act(s, "2: done")
    assert snap(s, "players.0.hand") == ["Capture"]
    assert due(s).kind == "defend" and due(s).player == 0
    assert "play Capture on Alpaca-punch of player 1" in s.labels()


def test_declared_attacks_cannot_be_taken_back() -> None:
    s = attack_game(p1={"hand": [], "animals": ["Alpaca-punch", "Camo"]})
    act(s, "0: no bribe", "1: attack with Alpaca-punch")
    assert s.labels() == ["attack with Camo", "offer a bribe", "done"]
    assert snap(s, "attacks.0.animal") == "Alpaca-punch"


def test_unblocked_attack_takes_tokens_and_the_animal_is_removed() -> None:
    s = attack_game(p2={"hand": [], "animals": ["Hunting-bird"]})
    act(s, "0: no bribe", "1: done", "2: attack with Hunting-bird", "2: done", "1: done", "0: done")
    passes(s)
    assert food(s)[:3] == [7, 10, 13]
    assert "Hunting-bird" in snap(s, "removed") and snap(s, "players.2.animals") == []


def test_deter_tle_blocks_both_attacks_and_all_three_leave() -> None:
    s = attack_game(
        p0={"hand": [], "animals": ["Deter-tle"]},
        p1={"hand": [], "animals": ["Alpaca-punch"]},
        p2={"hand": [], "animals": ["Hunting-bird"]},
    )
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done")
    act(s, "2: attack with Hunting-bird", "2: done", "1: done")
    act(s, "0: block Alpaca-punch of player 1 with Deter-tle")
    act(s, "0: block Hunting-bird of player 2 with Deter-tle (1 defence left)")
    assert snap(s, "attacks") == [] and snap(s, "players.0.animals") == []
    assert sorted(snap(s, "removed")) == ["Alpaca-punch", "Deter-tle", "Hunting-bird"]
    assert food(s) == [10, 10, 10]


def test_deter_tle_half_used_blocks_one_and_lets_the_other_through() -> None:
    s = attack_game(
        p0={"hand": [], "animals": ["Deter-tle"]},
        p1={"hand": [], "animals": ["Alpaca-punch"]},
        p2={"hand": [], "animals": ["Hunting-bird"]},
    )
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done")
    act(s, "2: attack with Hunting-bird", "2: done", "1: done")
    act(s, "0: block Hunting-bird of player 2 with Deter-tle", "0: done")
    passes(s)
    assert food(s) == [9, 11, 10]
    assert snap(s, "players.0.animals") == ["Deter-tle"]
    assert snap(s, "players.0.defence_left") == [1]  # turned sideways: half its defence left


def test_attack_two_needs_two_defence_points() -> None:
    s = attack_game(
        p0={"hand": [], "animals": ["Alpaca-punch", "Camo"]},
        p1={"hand": [], "animals": ["Bull-doze"]},
    )
    act(s, "0: no bribe", "1: attack with Bull-doze", "1: done", "2: done")
    act(s, "0: block Bull-doze of player 1 with Alpaca-punch")
    assert snap(s, "attacks.0.to_block") == 1
    act(s, "0: block Bull-doze of player 1 (1 to block) with Camo")
    assert snap(s, "attacks") == [] and snap(s, "players.0.animals") == []


def test_each_player_defends_once_and_first_defender_rotates() -> None:
    s = game(3, {"start": "attack", "first_defender": 1})
    assert snap(s, "defender") == 1
    seen: list[int] = []
    while snap(s, "attack_round") == 1:
        if snap(s, "defender") not in (-1, *seen):
            seen.append(snap(s, "defender"))
        opts = s.labels()
        s.apply(due(s).player, "done" if "done" in opts else opts[-1])
    assert seen == [1, 2, 0]
    while due(s).kind != "bribe" or snap(s, "attack_round") != 2:
        opts = s.labels()
        choice = next((o for o in ("done", "stop drawing", "pass") if o in opts), opts[-1])
        s.apply(due(s).player, choice)
    assert snap(s, "defender") == 2


def test_first_defender_changes_even_when_skipping_a_player_who_is_out() -> None:
    # Round 2 should start with player 1, who is out: player 2 defends first. Round 3 must then
    # start with someone else (player 0), not with player 2 again.
    setup = {
        "start": "attack",
        "attack_round": 2,
        "first_defender": 1,
        "deck": ["Camo"] * 5,
        "players": {"1": {"out": True}},
    }
    s = game(3, setup)
    assert snap(s, "defender") == 2
    while snap(s, "attack_round") == 2 or snap(s, "defender") == -1:
        opts = s.labels()
        choice = next((o for o in ("done", "no bribe", "pass", "stop drawing") if o in opts), None)
        s.apply(due(s).player, choice or opts[-1])
    assert snap(s, "attack_round") == 3 and snap(s, "defender") == 0
    assert "attack round 3: player 0 defends first" in s.log_lines(None)


def test_declarations_are_an_open_negotiation() -> None:
    s = attack_game(
        p1={"hand": [], "animals": ["Alpaca-punch"]},
        p2={"hand": [], "animals": ["Hunting-bird"]},
    )
    act(s, "0: no bribe", "1: done", "2: attack with Hunting-bird", "2: done")
    # Player 1 said done, but player 2 acted since: player 1 may come back in.
    assert due(s).player == 1 and "attack with Alpaca-punch" in s.labels()
    act(s, "1: attack with Alpaca-punch", "1: done")
    assert due(s).player == 2 and due(s).kind == "declare"  # 1 acted: 2 is asked again
    act(s, "2: done")  # everyone has now passed in a row: the defender draws
    assert due(s).kind == "defend" and len(snap(s, "attacks")) == 2


def test_a_drawn_battle_card_can_be_played_at_once_with_no_attack() -> None:
    s = attack_game(
        p0={"hand": []}, p1={"hand": [], "animals": ["Rhino-ssault"]}, deck_top=["Hunt"]
    )
    act(s, "0: no bribe", "1: done", "2: done")
    assert due(s).player == 0 and due(s).kind == "defend"
    act(s, "0: play Hunt on Rhino-ssault in player 1's pile")
    passes(s)
    assert snap(s, "players.1.animals") == [] and "Rhino-ssault" in snap(s, "removed")


def test_drawn_animal_waits_for_the_next_prep() -> None:
    s = attack_game(p0={"hand": [], "animals": []}, deck_top=["Camo"])
    act(s, "0: no bribe", "1: done", "2: done")
    assert snap(s, "players.0.hand") == ["Camo"] and snap(s, "players.0.animals") == []


def test_option_drawn_animal_to_pile() -> None:
    s = attack_game(deck_top=["Camo"], drawn_animal_to_pile=True)
    act(s, "0: no bribe", "1: done", "2: done")
    assert s.labels() == ["put Camo in your pile", "keep it in hand"]
    act(s, "0: put Camo in your pile")
    assert snap(s, "players.0.animals") == ["Camo"]


def test_option_drawn_card_question_is_asked_for_battle_cards_too() -> None:
    s = attack_game(deck_top=["Hunt"], drawn_animal_to_pile=True)
    act(s, "0: no bribe", "1: done", "2: done")
    assert s.labels() == ["keep it in hand"]


def test_option_successful_return() -> None:
    s = attack_game(p1={"hand": [], "animals": ["Camo"]}, successful_return=True)
    act(s, "0: no bribe", "1: attack with Camo", "1: done", "2: done", "0: done")
    passes(s)
    assert food(s)[:2] == [8, 12] and snap(s, "players.1.animals") == ["Camo"]


# --------------------------------------------------------------------- elimination and end


def test_out_of_food_is_out_at_once_cards_removed_last_player_wins() -> None:
    s = attack_game(
        2,
        p0={"food": 3, "hand": ["Hunt"], "animals": ["Chee-theft"]},
        p1={"hand": [], "animals": ["Hunting-bird"]},
    )
    act(s, "0: no bribe", "1: attack with Hunting-bird", "1: done", "0: done")
    passes(s)
    assert s.is_over and snap(s, "winners") == [1] and snap(s, "game_over")
    assert snap(s, "players.0.alive") is False and snap(s, "players.0.hand") == []
    assert "Chee-theft" in snap(s, "removed") and food(s) == [0, 18]


def test_eliminated_player_skipped_and_game_goes_on() -> None:
    s = attack_game(
        3,
        p0={"food": 1, "hand": [], "animals": ["Camo"]},
        p1={"hand": [], "animals": ["Alpaca-punch"]},
    )
    act(s, "1: attack with Alpaca-punch", "1: done")
    act(s, "2: done", "0: done")
    passes(s)
    assert not s.is_over and snap(s, "players.0.alive") is False
    assert snap(s, "defender") == 1 and food(s) == [0, 11, 10]


def test_option_end_on_first_out_most_food_wins() -> None:
    s = attack_game(
        3,
        p0={"food": 1, "hand": []},
        p1={"hand": [], "animals": ["Alpaca-punch"]},
        p2={"food": 12, "hand": []},
        end_on_first_out=True,
    )
    act(s, "1: attack with Alpaca-punch", "1: done", "2: done")
    act(s, "0: done")
    passes(s)
    assert s.is_over and snap(s, "winners") == [2]


def test_round_cap_ends_with_most_food() -> None:
    s = game(
        2,
        {"start": "attack", "attack_round": 3, "players": {"1": {"food": 16}}},
        max_attack_rounds=3,
    )
    while not s.is_over:
        opts = s.labels()
        s.apply(due(s).player, next(o for o in ("done", "no bribe", "pass") if o in opts))
    assert snap(s, "winners") == [1] and "round cap" in snap(s, "end_reason")


# --------------------------------------------------------------------- battle cards


def test_hunt_kills_an_attacking_animal_but_never_a_camo() -> None:
    s = attack_game(
        p0={"hand": ["Hunt"]},
        p1={"hand": [], "animals": ["Camo", "Alpaca-punch"]},
    )
    act(s, "0: no bribe", "1: attack with Camo", "1: attack with Alpaca-punch", "1: done")
    act(s, "2: done")
    labels = s.labels()
    assert "play Hunt on attacking Alpaca-punch of player 1" in labels
    assert not any("Camo" in label for label in labels if label.startswith("play Hunt"))
    act(s, "0: play Hunt on attacking Alpaca-punch of player 1")
    passes(s)  # the counter window: nobody has a Hunt
    assert [a["animal"] for a in snap(s, "attacks")] == ["Camo"]
    assert "Hunt" in snap(s, "removed") and "Alpaca-punch" in snap(s, "removed")


def test_hunt_can_kill_an_animal_in_any_pile() -> None:
    s = attack_game(
        p0={"hand": []},
        p1={"hand": [], "animals": ["Alpaca-punch"]},
        p2={"hand": ["Hunt"], "animals": ["Ele-fence"]},
    )
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done", "2: done", "0: done")
    assert due(s).kind == RESPOND and due(s).player == 1
    act(s, "1: pass", "2: play Hunt on Ele-fence in player 2's pile")
    passes(s)
    assert snap(s, "players.2.animals") == []


def test_hunt_is_cancelled_by_hunt_and_a_third_hunt_restores_it() -> None:
    s = attack_game(
        p0={"hand": ["Hunt", "Hunt"]},
        p1={"hand": ["Hunt"], "animals": ["Alpaca-punch"]},
    )
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done", "2: done")
    act(s, "0: play Hunt on attacking Alpaca-punch of player 1")
    assert due(s).kind == RESPOND and s.labels() == ["pass", "counter with Hunt"]
    act(s, "1: counter with Hunt")
    # The counter opens its own window, asking everyone but player 1: player 2 first.
    act(s, "2: pass", "0: counter with Hunt")
    passes(s)
    assert snap(s, "attacks") == [] and snap(s, "removed").count("Hunt") == 3


def test_hunt_cancelled_leaves_the_attack() -> None:
    s = attack_game(
        p0={"hand": ["Hunt"]},
        p1={"hand": [], "animals": ["Alpaca-punch"]},
        p2={"hand": ["Hunt"]},
    )
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done", "2: done")
    act(s, "0: play Hunt on attacking Alpaca-punch of player 1", "1: pass")
    act(s, "2: counter with Hunt")
    passes(s)
    assert [a["animal"] for a in snap(s, "attacks")] == ["Alpaca-punch"]


def test_force_field_blocks_every_attack_except_flame_ingo() -> None:
    s = attack_game(
        p0={"hand": ["Force Field"]},
        p1={"hand": [], "animals": ["Flame-ingo", "Alpaca-punch"]},
        p2={"hand": [], "animals": ["Hunting-bird"]},
    )
    act(s, "0: no bribe", "1: attack with Flame-ingo", "1: attack with Alpaca-punch", "1: done")
    act(s, "2: attack with Hunting-bird", "2: done", "1: done", "0: play Force Field for player 0")
    passes(s)
    assert [a["animal"] for a in snap(s, "attacks")] == ["Flame-ingo"]
    act(s, "0: done")
    passes(s)
    assert food(s) == [8, 12, 10]


def test_force_field_for_another_player_and_cancelled_by_force_field() -> None:
    s = attack_game(
        p1={"hand": ["Force Field"], "animals": ["Alpaca-punch"]},
        p2={"hand": ["Force Field"]},
    )
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done", "2: done", "0: done")
    act(s, "1: pass", "2: play Force Field for player 0")
    act(s, "0: pass", "1: counter with Force Field")
    passes(s)
    assert [a["animal"] for a in snap(s, "attacks")] == ["Alpaca-punch"]
    act(s, "0: done")
    passes(s)
    assert food(s) == [9, 11, 10]


def test_force_field_blocks_a_doom_card_in_an_attack_round() -> None:
    s = attack_game(p0={"hand": ["Force Field"]}, deck_top=["Wildfire"])
    act(s, "0: no bribe", "1: done", "2: done")
    assert due(s).kind == RESPOND and due(s).player == 0
    assert s.labels() == ["pass", "play Force Field against the doom card"]
    act(s, "0: play Force Field against the doom card")
    passes(s)
    assert food(s) == [10, 10, 10]


def test_deflect_sends_an_attack_on_and_the_deflector_takes_the_food() -> None:
    s = attack_game(
        p0={"hand": ["Deflect"]},
        p1={"hand": [], "animals": ["Hunting-bird"]},
        p2={"hand": [], "animals": ["Deter-tle"]},
    )
    act(s, "0: no bribe", "1: attack with Hunting-bird", "1: done", "2: done")
    act(s, "0: play Deflect on Hunting-bird of player 1 to player 2")
    passes(s)
    # Player 2 must now defend against the deflected attack.
    assert due(s).kind == "defend" and due(s).player == 2
    assert s.labels()[0] == (
        "block Hunting-bird of player 1 on player 2 (deflected by player 0) with Deter-tle"
    )
    act(s, "2: done")
    passes(s)
    assert food(s) == [13, 10, 7]


def test_deflect_back_to_the_owner_and_deflect_cancels_deflect() -> None:
    s = attack_game(
        p0={"hand": ["Deflect"]},
        p1={"hand": ["Deflect"], "animals": ["Hunting-bird"]},
    )
    act(s, "0: no bribe", "1: attack with Hunting-bird", "1: done", "2: done")
    act(s, "0: play Deflect on Hunting-bird of player 1 to player 1", "1: counter with Deflect")
    passes(s)
    act(s, "0: done")
    passes(s)
    assert food(s) == [7, 13, 10]


def test_capture_takes_an_attacking_animal_even_past_three() -> None:
    s = attack_game(
        p0={"hand": ["Capture"], "animals": ["Camo", "Camo", "Deter-tle"]},
        p1={"hand": [], "animals": ["Hunting-bird"]},
    )
    act(s, "0: no bribe", "1: attack with Hunting-bird", "1: done", "2: done")
    act(s, "0: play Capture on Hunting-bird of player 1")
    assert snap(s, "players.0.animals") == ["Camo", "Camo", "Deter-tle", "Hunting-bird"]
    assert snap(s, "attacks") == [] and food(s) == [10, 10, 10]


def test_sneak_attack_attacks_straight_from_the_hand() -> None:
    s = attack_game(p2={"hand": ["Sneak Attack", "Bull-doze", "Hunt"]})
    act(s, "0: no bribe", "1: done")
    assert s.labels() == ["sneak attack with Bull-doze", "offer a bribe", "done"]
    act(s, "2: sneak attack with Bull-doze", "2: done", "1: done", "0: done")
    passes(s)
    assert food(s) == [7, 10, 13] and snap(s, "players.2.hand") == ["Hunt"]


def test_sneak_attack_in_the_battle_window_lets_the_defender_answer() -> None:
    s = attack_game(
        p0={"hand": [], "animals": ["Alpaca-punch"]},
        p1={"hand": [], "animals": ["Camo"]},
        p2={"hand": ["Sneak Attack", "Chee-theft"]},
    )
    act(s, "0: no bribe", "1: attack with Camo", "1: done", "2: done", "0: done", "1: pass")
    act(s, "2: sneak attack with Chee-theft")
    assert due(s).kind == "defend" and due(s).player == 0
    act(s, "0: block Chee-theft of player 2 with Alpaca-punch", "0: done")
    passes(s)
    assert food(s) == [8, 12, 10]


def test_battle_window_asks_every_other_player_even_with_no_cards() -> None:
    s = attack_game(p1={"hand": [], "animals": ["Alpaca-punch"]})
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done", "2: done", "0: done")
    assert due(s).kind == RESPOND and due(s).player == 1 and s.labels() == ["pass"]
    act(s, "1: pass")
    assert due(s).kind == RESPOND and due(s).player == 2 and s.labels() == ["pass"]


def test_drawn_battle_card_can_be_played_at_once() -> None:
    s = attack_game(p1={"hand": [], "animals": ["Alpaca-punch"]}, deck_top=["Force Field"])
    act(s, "0: no bribe", "1: attack with Alpaca-punch", "1: done", "2: done")
    assert "play Force Field for player 0" in s.labels()


# --------------------------------------------------------------------- special animals


def test_hand_a_shows_the_hand_to_its_attacker_only() -> None:
    s = attack_game(
        p0={"hand": ["Hunt", "Camo"]},
        p1={"hand": [], "animals": ["Hand-a"]},
        deck_top=["Capture"],
    )
    act(s, "0: no bribe", "1: attack with Hand-a", "1: done", "2: done", "0: done")
    passes(s)
    assert s.view(1)["seen_hands"] == {"0": ["Camo", "Capture", "Hunt"]}
    assert s.view(2)["seen_hands"] == {} and s.view(0)["seen_hands"] == {}
    assert "shows you their hand: Hunt, Camo, Capture" in "\n".join(s.log_lines(1))
    assert "Hunt, Camo" not in "\n".join(s.log_lines(2) + s.log_lines(None))
    # What player 1 saw stays put when they determinize.
    for seed in range(5):
        d = s.determinize(1, Rng(seed))
        assert sorted(d.hands[0]) == sorted(s.hands[0])


def test_flame_ingo_attack_gets_through_force_field() -> None:
    s = attack_game(p0={"hand": ["Force Field"]}, p1={"hand": [], "animals": ["Flame-ingo"]})
    act(s, "0: no bribe", "1: attack with Flame-ingo", "1: done", "2: done")
    assert "play Force Field for player 0" not in s.labels()


# --------------------------------------------------------------------- doom cards


def test_volcano_wipes_your_pile_and_a_chosen_players_pile() -> None:
    s = game(
        3,
        {
            "start": "prep",
            "first_defender": 0,
            "deck_top": ["Volcano"],
            "players": {p: {"animals": ["Alpaca-punch"]} for p in range(3)},
        },
    )
    act(s, "0: draw a card")
    assert s.labels() == ["choose player 1", "choose player 2"]
    act(s, "0: choose player 2")
    assert [snap(s, f"players.{p}.animals") for p in range(3)] == [[], ["Alpaca-punch"], []]


@pytest.mark.parametrize(
    ("doom", "foods", "piles"),
    [
        ("Wildfire", [8, 10, 10], [1, 1, 1]),
        ("Famine", [9, 9, 9], [1, 1, 1]),
        ("Meteor", [8, 10, 10], [0, 1, 1]),
        ("Sinkhole", [10, 10, 10], [0, 1, 1]),
    ],
)
def test_doom_cards(doom: str, foods: list[int], piles: list[int]) -> None:
    setup = {
        "start": "prep",
        "first_defender": 0,
        "deck_top": [doom],
        "players": {p: {"animals": ["Camo"]} for p in range(3)},
    }
    s = game(3, setup)
    act(s, "0: draw a card")
    assert food(s) == foods
    assert [len(snap(s, f"players.{p}.animals")) for p in range(3)] == piles
    assert snap(s, "lost_food") == 30 - sum(foods)


def test_sinkhole_lets_you_choose_which_animal() -> None:
    s = game(
        2,
        {
            "start": "prep",
            "first_defender": 0,
            "deck_top": ["Sinkhole"],
            "players": {"0": {"animals": ["Camo", "Ele-fence"]}},
        },
    )
    act(s, "0: draw a card", "0: lose Ele-fence")
    assert snap(s, "players.0.animals") == ["Camo"]


def test_doom_food_can_put_a_player_out() -> None:
    s = game(
        2,
        {
            "start": "prep",
            "first_defender": 0,
            "deck_top": ["Wildfire"],
            "players": {"0": {"food": 2}},
        },
    )
    act(s, "0: draw a card")
    assert s.is_over and snap(s, "winners") == [1]


# --------------------------------------------------------------------- bribes


def test_bribe_offer_is_private_and_payment_public() -> None:
    s = attack_game()
    act(
        s, "0: offer a bribe", "0: offer to player 2", "0: offer 3 food", "0: note: don't attack me"
    )
    assert due(s).player == 2 and s.labels() == ["accept the offer", "decline the offer"]
    assert "offers you 3 food" in s.view(2)["decision"]["prompt"]
    assert "prompt" not in s.view(1)["decision"]
    act(s, "2: accept the offer")
    assert food(s) == [7, 10, 13]
    assert any("offers player 2 3 food" in line for line in s.log_lines(0))
    assert not any("offers" in line for line in s.log_lines(1) + s.log_lines(None))
    assert any("gives player 2 3 food" in line for line in s.log_lines(1))


def test_declined_bribe_moves_nothing_and_offers_are_limited_per_round() -> None:
    s = attack_game(p1={"hand": [], "animals": ["Camo"]})
    act(s, "0: offer a bribe", "0: offer to player 1", "0: offer 2 food")
    act(s, "0: note: no strings attached", "1: decline the offer")
    assert food(s) == [10, 10, 10]
    assert s.labels() == ["attack with Camo", "offer a bribe", "done"]
    act(s, "1: offer a bribe", "1: offer to player 0", "1: offer 1 food")
    act(s, "1: note: help me defend", "0: accept the offer")
    assert "offer a bribe" not in s.labels()  # one offer per player per attack round
    assert food(s) == [11, 9, 10]


def test_bribe_cannot_give_away_the_last_food() -> None:
    s = attack_game(p0={"food": 3, "hand": []})
    act(s, "0: offer a bribe", "0: offer to player 1")
    assert s.labels() == ["offer 1 food", "offer 2 food"]


# --------------------------------------------------------------------- variants


def test_two_player_variant_gives_15_food_and_a_pile_of_four() -> None:
    s = game(2, {"players": {"0": {"hand": ["Camo"] * 5}}})
    assert food(s) == [15, 15]
    act(s, "0: place Camo", "0: place Camo", "0: place Camo", "0: place Camo")
    assert len(snap(s, "players.0.animals")) == 4 and due(s).player == 1
    plain = game(2, two_player_variant=False)
    assert food(plain) == [10, 10] and plain.pile_limit == 3


def test_an_empty_draw_pile_is_rebuilt_from_removed_cards() -> None:
    setup = {"start": "attack", "first_defender": 0, "deck": [], "players": {"0": {"hand": []}}}
    s = game(2, setup)
    assert snap(s, "deck_size") == 0 and len(s.removed) == DECK_SIZE - 6
    act(s, "0: no bribe", "1: done")
    assert snap(s, "deck_size") == DECK_SIZE - 7 and len(s.hands[0]) == 1
    assert any("shuffled into a new draw pile" in line for line in s.log_lines(None))


# --------------------------------------------------------------------- views and hooks


def test_view_hides_other_hands_and_the_deck_order() -> None:
    s = game(4)
    view = s.view(2)
    assert "hand" in view["players"][2]
    assert all("hand" not in view["players"][q] for q in (0, 1, 3))
    assert view["deck_size"] == len(s.deck) and "deck" not in view


def test_draw_events_show_the_card_only_to_the_drawer() -> None:
    s = game(2, {"start": "prep", "first_defender": 0, "deck_top": ["Camo"]})
    act(s, "0: draw a card")
    assert s.log_lines(0)[-1] == "player 0 draws Camo"
    assert s.log_lines(1)[-1] == "player 0 draws a card"


def test_determinize_keeps_what_the_player_knows() -> None:
    s = game(4, {"players": {"1": {"animals": ["Camo"]}}})
    d = s.determinize(0, Rng(5))
    assert d.hands[0] == s.hands[0] and d.piles == s.piles
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert sorted(d.deck + [c for h in d.hands[1:] for c in h]) == sorted(
        s.deck + [c for h in s.hands[1:] for c in h]
    )
    assert d.deck != s.deck


def test_scores_winners_and_labels_are_plain() -> None:
    s = game(3)
    assert s.scores() == [10, 10, 10] and s.winners() == []
    assert s.label(("pass",)) == "pass"
    assert all(isinstance(label, str) and label for label in s.labels())


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"bogus": 1}, "unknown scenario key"),
        ({"players": {"0": {"hand": ["Dragon"]}}}, "unknown card 'Dragon'"),
        ({"players": {"0": {"hand": ["Camo"] * 6}}}, "no copy of Camo left"),
        ({"players": {"7": {}}}, "player 7 is not in this 3-player game"),
        ({"players": {"0": {"pets": []}}}, "unknown key(s) ['pets']"),
        ({"players": {"0": {"animals": ["Hunt"]}}}, "must all be animal cards"),
        ({"start": "lunch"}, "start must be one of"),
        ({"deck": [], "deck_top": []}, "not both"),
    ],
)
def test_scenario_errors_are_clear(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(message)):
        game(3, setup)


def test_scenario_exact_deck() -> None:
    s = game(2, {"deck": ["Camo", "Hunt"], "start": "prep"})
    assert snap(s, "deck_top") == ["Camo", "Hunt"] and snap(s, "deck_size") == 2
    assert len(s.removed) == DECK_SIZE - 2 - 12
    assert NAMES[s.deck[-1]] == "Camo"


def test_a_save_from_before_open_declarations_still_loads() -> None:
    s = attack_game()
    act(s, "0: no bribe")
    data = json.loads(s.to_json())
    stack = data["state"]["stack"]
    stack[-1] = stack[-1][:3]  # the old frames: one ("declare", defender, attacker) each
    stack.insert(-1, ["declare", 0, 2])
    loaded = DoomOnYouState.from_dict(data)
    act(loaded, "1: done", "2: done")
    assert due(loaded).kind in ("declare", "defend")
