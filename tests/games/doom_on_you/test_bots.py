"""Doom On You's bots play the game: greedy attacks when attacking pays (issue 10, item 7)."""

from __future__ import annotations

from typing import Any

from doomtable.bots import GreedyBot, InfoSet
from doomtable.engine import new_game
from doomtable.games.doom_on_you import DoomOnYouState


def table(players: dict[str, Any], **options: Any) -> DoomOnYouState:
    s = new_game("doom-on-you", 3, 2, options)
    assert isinstance(s, DoomOnYouState)
    s.setup_scenario({"start": "attack", "first_defender": 0, "players": players})
    s.apply(0, "no bribe")
    return s


def greedy_choice(s: DoomOnYouState, seed: int) -> str:
    assert s.pending is not None
    return s.label(GreedyBot(seed).choose(InfoSet(s, s.pending)))


def test_greedy_attacks_a_player_who_cannot_block() -> None:
    players = {
        "0": {"hand": [], "animals": []},
        "1": {"hand": [], "animals": ["Hunting-bird", "Chee-theft"]},
        "2": {"hand": []},
    }
    choices = {greedy_choice(table(players), seed) for seed in range(6)}
    assert choices <= {"attack with Hunting-bird", "attack with Chee-theft"}, choices


def test_an_attack_that_will_get_through_is_worth_its_food_already() -> None:
    open_target = table({"0": {"hand": []}, "1": {"hand": [], "animals": ["Hunting-bird"]}})
    before = open_target.evaluate(1)
    open_target.apply(1, "attack with Hunting-bird")
    assert open_target.evaluate(1) > before
    walled = table(
        {"0": {"hand": [], "animals": ["Ele-fence"]}, "1": {"hand": [], "animals": ["Deter-tle"]}}
    )
    before = walled.evaluate(1)
    walled.apply(1, "attack with Deter-tle")  # Ele-fence blocks it: the wall is worth keeping
    assert walled.evaluate(1) < before


def test_greedy_games_are_full_of_attacks() -> None:
    attacks = 0
    games = 4
    for seed in range(games):
        s = new_game("doom-on-you", 3, seed, {})
        bots = [GreedyBot(seed * 3 + seat) for seat in range(3)]
        while (decision := s.pending) is not None:
            s.apply(decision.player, bots[decision.player].choose(InfoSet(s, decision)))
        attacks += sum(event[0] in ("attack", "sneak") for event in s.events)
    assert attacks / games >= 10  # greedy played 3 per game before it valued attacks
