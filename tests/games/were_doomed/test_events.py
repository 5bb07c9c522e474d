"""Every event card does exactly what its printed text says, in exact amounts.

Each test sets the table so that, when player 1 draws (or plays) the card, the tokens are the
ones the test names; the seat order clockwise from the drawer is 2, 3, 4, 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from doomtable.engine import new_game
from doomtable.games.were_doomed import EVENTS, WereDoomedState
from doomtable.games.were_doomed.cards import EFFECT_OPS, check_effect, effect_text

CIVS = ["Technocracy", "Theocracy", "Corporatocracy", "Democracy", "Autocracy"]
PRODUCE = [3, 2, 2, 2, 2]
DRAWER = 1
BID = 2
SECONDS = 60_000


def at_contribute(
    res: list[int], inf: list[int], project: int = 20, **setup: Any
) -> WereDoomedState:
    """A 5-player table in its first Contribute phase holding exactly ``res``/``inf``."""
    state = new_game("were-doomed", 5, 2, {"realtime": True})
    assert isinstance(state, WereDoomedState)
    players: dict[int, dict[str, Any]] = {
        p: {"resources": res[p] - PRODUCE[p], "influence": inf[p]} for p in range(5)
    }
    for p, spec in setup.pop("players", {}).items():
        players[p].update(spec)
    state.setup_scenario({"civs": CIVS, "coin": 0, "project": project, "players": players, **setup})
    for p in state.living():
        state.apply(p, "produce")
    living = [(res[p], inf[p]) for p in state.living()]
    assert [(state.res[p], state.inf[p]) for p in state.living()] == living
    assert state.project == project
    return state


def drawn(
    name: str, res: list[int], inf: list[int], project: int = 20, **setup: Any
) -> tuple[WereDoomedState, int]:
    """Player 1 wins the contribution and draws ``name`` with exactly ``res``/``inf`` and the
    Project at ``project``; returns the state and the game-clock end before the draw."""
    res = list(res)
    inf = list(inf)
    res[DRAWER] += BID
    inf[DRAWER] -= 1
    state = at_contribute(res, inf, project - BID, deck_top=[name], **setup)
    state.apply(DRAWER, f"contribute {BID}")
    end_at = state.end_at
    for p in range(5):
        state.apply(p, "done")
    return state, end_at


EVEN = [10, 10, 10, 10, 10]
TWO = [2, 2, 2, 2, 2]


@pytest.mark.parametrize(
    ("name", "res", "inf", "after_res", "after_inf", "project"),
    [
        ("Windfall", EVEN, TWO, [10, 14, 10, 10, 10], TWO, 20),
        ("Charismatic Broadcast", EVEN, TWO, EVEN, [2, 4, 2, 2, 2], 20),
        ("Global Blackout", [10, 1, 10, 3, 2], TWO, [8, 0, 8, 1, 0], TWO, 20),
        ("Mass Hysteria", EVEN, [2, 2, 0, 1, 3], EVEN, [1, 1, 0, 0, 2], 20),
        ("Relief Shipment", EVEN, TWO, [11, 11, 11, 11, 11], TWO, 20),
        ("Launch Pad Fire", EVEN, TWO, EVEN, TWO, 15),
        ("Volunteer Engineers", EVEN, TWO, EVEN, TWO, 24),
        # The richest besides the drawer: players 2 and 4 tie, 2 is first clockwise.
        ("Hostile Takeover", [10, 10, 12, 9, 12], TWO, [10, 13, 9, 9, 12], TWO, 20),
        ("Smear Campaign", EVEN, [5, 2, 3, 5, 1], EVEN, [5, 3, 3, 4, 1], 20),
        ("Coup d'Etat", EVEN, [5, 2, 3, 6, 1], EVEN, [5, 6, 3, 2, 1], 20),
        ("Rogue AI", [10, 15, 12, 9, 12], TWO, [10, 8, 12, 9, 12], TWO, 20),
        ("Alien Ambassadors", EVEN, [5, 2, 3, 6, 1], EVEN, [5, 2, 3, 6, 4], 20),
        ("Helper Bots", EVEN, TWO, EVEN, TWO, 23),
    ],
)
def test_a_token_event_moves_exactly_what_its_text_says(
    name: str,
    res: list[int],
    inf: list[int],
    after_res: list[int],
    after_inf: list[int],
    project: int,
) -> None:
    state, _ = drawn(name, res, inf)
    assert (state.res, state.inf, state.project) == (after_res, after_inf, project)
    assert state.deck[-1] == next(c.id for c in EVENTS if c.name == name)


def test_helper_bots_count_as_the_drawers_contribution() -> None:
    state, _ = drawn("Helper Bots", EVEN, TWO)
    assert state.given == [0, BID + 3, 0, 0, 0]


@pytest.mark.parametrize(("name", "shift"), [("Doomsday Clock", -60), ("Stay of Execution", 30)])
def test_a_time_event_moves_the_end_by_its_seconds(name: str, shift: int) -> None:
    state, end_at = drawn(name, EVEN, TWO)
    assert state.end_at == end_at + shift * 1000


def test_emergency_session_gives_the_drawer_one_more_action_at_once() -> None:
    state, _ = drawn("Emergency Session", EVEN, TWO)
    assert state.pending is not None and (state.pending.player, state.pending.kind) == (1, "act")
    state.apply(1, "produce")
    # Then the next round begins, from the coin the drawer now holds.
    assert state.res[1] == 12 and state.round == 2 and state.pending.player == 1
    assert state.deck[-1] == next(c.id for c in EVENTS if c.name == "Emergency Session")


def test_poverty_line_passes_the_coin_to_the_poorest_who_gains_two() -> None:
    state, _ = drawn("Poverty Line", [10, 10, 3, 3, 10], TWO)
    assert state.coin == 2 and state.res == [10, 10, 5, 3, 10]


@pytest.mark.parametrize(
    ("name", "action"),
    [("Nuclear Treaty", "nuke"), ("Border Closures", "invade"), ("Free Press", "propagandize")],
)
def test_a_ban_stays_in_play_and_removes_its_action(name: str, action: str) -> None:
    state, _ = drawn(name, EVEN, TWO)
    assert [EVENTS[c].name for c in state.in_play] == [name]
    verbs = {o[0] for o in state._action_options(1)}
    assert action not in verbs and len(verbs) == 4


def test_arms_race_caps_every_nuke_at_four() -> None:
    state, _ = drawn("Arms Race", EVEN, TWO)
    assert [state._cost(p, "nuke") for p in range(5)] == [4, 4, 4, 4, 4]


def test_counterclockwise_reverses_take_action_from_the_coin() -> None:
    state, _ = drawn("Counterclockwise", EVEN, TWO)
    assert state._turn_order() == [1, 0, 4, 3, 2]


def test_vow_of_silence_closes_contributions_after_three_quiet_seconds() -> None:
    state, _ = drawn("Vow of Silence", EVEN, TWO)
    assert state._quiet_ms() == 3_000


@pytest.mark.parametrize(
    ("name", "project", "seats"),
    [
        ("Cargo Bay", 39, 0),
        ("Cargo Bay", 50, 3),
        ("Cut Corners", 40, 0),
        ("Cut Corners", 60, 2),
    ],
)
def test_a_seat_card_changes_the_seats_once_the_first_is_built(
    name: str, project: int, seats: int
) -> None:
    state, _ = drawn(name, EVEN, TWO, project=project)
    assert state.project == project and state.seats() == seats


def test_pay_to_play_boards_by_resources_first() -> None:
    state, _ = drawn("Pay to Play", [10, 3, 10, 10, 10], [2, 9, 2, 2, 2])
    assert [state.boarding_key(p) for p in (0, 1)] == [(10, 2), (3, 9)]


def test_robot_uprising_taxes_every_living_leader_one_resource_each_round() -> None:
    state, _ = drawn("Robot Uprising", [10, 10, 2, 10, 10], TWO)
    # The event done, the next round begins with the robots' tax.
    assert state.round == 2 and state.res == [9, 9, 1, 9, 9]
    assert "The robots take 1 Resource from every living leader" in state.log_lines(None)
    assert state.bag_res + sum(state.res) + state.project == 140


def test_alien_tech_adds_one_resource_to_every_produce() -> None:
    state, _ = drawn("Alien Tech", EVEN, TWO)
    state.apply(1, "produce")
    assert state.res[1] == 13


def test_abduction_eliminates_the_richest_rival_and_returns_their_tokens() -> None:
    state, _ = drawn("Abduction", [10, 15, 12, 9, 12], [2, 2, 3, 2, 2])
    assert state.alive == [1, 1, 0, 1, 1] and (state.res[2], state.inf[2]) == (0, 0)
    assert state.bag_res + sum(state.res) + state.project == 140


def vote(state: WereDoomedState, ballots: dict[int, str]) -> None:
    for p, choice in ballots.items():
        state.apply(p, choice)


@pytest.mark.parametrize(
    ("name", "choice", "after_res", "after_inf", "project", "shift"),
    [
        ("Refugee Ship", "yes", [9, 9, 9, 9, 9], TWO, 26, 0),
        ("Refugee Ship", "no", EVEN, [3, 3, 3, 3, 3], 20, 0),
        ("Clone the Leaders", "yes", EVEN, [4, 4, 4, 4, 4], 20, -30),
        ("Clone the Leaders", "no", EVEN, TWO, 20, 0),
        ("Sacrifice the Archives", "yes", EVEN, [1, 1, 1, 1, 1], 25, 0),
        ("Sacrifice the Archives", "no", EVEN, TWO, 18, 0),
    ],
)
def test_a_dilemma_carries_out_the_side_the_vote_chose(
    name: str,
    choice: str,
    after_res: list[int],
    after_inf: list[int],
    project: int,
    shift: int,
) -> None:
    state, end_at = drawn(name, EVEN, TWO)
    other = "no" if choice == "yes" else "yes"
    vote(state, {0: f"vote {choice}", 1: f"vote {choice}", 2: f"vote {choice}", 3: f"vote {other}"})
    vote(state, {4: f"vote {other}"})
    assert (state.res, state.inf, state.project) == (after_res, after_inf, project)
    assert state.end_at == end_at + shift * 1000


def test_the_lottery_of_souls_seat_counts_before_the_project_pays_for_one() -> None:
    state, _ = drawn("Lottery of Souls", EVEN, TWO)
    vote(state, {p: "vote yes" for p in range(5)})
    assert state.project == 20 and state.seats() == 1
    assert sum(state.alive) == 4 and len(state.eliminated) == 1


def test_the_lizard_vote_eliminates_the_leader_with_most_votes() -> None:
    state, _ = drawn("Lizard-People Among Us", EVEN, TWO)
    vote(state, {0: "vote 3", 1: "vote 3", 2: "vote 3", 3: "vote 0", 4: "vote 0"})
    assert state.alive == [1, 1, 1, 0, 1]


def play_secret(name: str, res: list[int], inf: list[int], project: int = 20) -> WereDoomedState:
    state = at_contribute(res, inf, project, players={DRAWER: {"hand": [name]}})
    state.apply(DRAWER, f"play {name}")
    return state


def test_cold_blooded_deal_robs_everyone_above_the_player_before_any_moves() -> None:
    # Influence 1 against rivals at 3 and 2: both are above, so +4 (not +2).
    state = play_secret("Cold-Blooded Deal", EVEN, [3, 1, 2, 1, 0])
    assert state.inf == [1, 5, 0, 1, 0]


@pytest.mark.parametrize(
    ("name", "inf", "after_res", "after_inf", "project"),
    [
        ("Shed Skin", TWO, [10, 13, 10, 10, 10], [2, 3, 2, 2, 2], 20),
        ("Sabotage", TWO, EVEN, TWO, 16),
        ("Offshore Account", TWO, [10, 15, 10, 10, 10], TWO, 20),
        ("Blackmail File", [2, 2, 2, 4, 2], EVEN, [2, 4, 2, 2, 2], 20),
    ],
)
def test_a_clandestine_trick_does_exactly_its_text(
    name: str, inf: list[int], after_res: list[int], after_inf: list[int], project: int
) -> None:
    state = play_secret(name, EVEN, inf)
    assert (state.res, state.inf, state.project) == (after_res, after_inf, project)
    assert not state.hands[DRAWER]


@pytest.mark.parametrize(
    ("name", "setup", "gained"),
    [
        ("Master Diplomat", {"given": 15}, 3),
        ("Master Diplomat", {"given": 14}, 0),
        ("Hoarder", {"res": [10, 12, 12, 3, 2]}, 2),
        ("Hoarder", {"res": [10, 11, 12, 3, 2]}, 0),
        ("Rocket Scientist", {"project": 70}, 3),
        ("Rocket Scientist", {"project": 69}, 0),
        ("Last One Standing", {"dead": [0, 2]}, 3),
        ("Last One Standing", {"dead": [0]}, 0),
    ],
)
def test_a_secret_mission_pays_its_influence_only_when_met(
    name: str, setup: dict[str, Any], gained: int
) -> None:
    res = setup.get("res", EVEN)
    players: dict[int, dict[str, Any]] = {DRAWER: {"hand": [name]}}
    for p in setup.get("dead", []):
        players[p] = {"alive": False}
    state = at_contribute(res, TWO, setup.get("project", 20), players=players)
    state.given[DRAWER] = setup.get("given", 0)
    state.advance_clock(state.end_at)
    assert state.ended and state.inf[DRAWER] == 2 + gained


@pytest.mark.parametrize(
    ("name", "met", "after_res", "after_inf", "project"),
    [
        ("Count to Ten", True, EVEN, [2, 4, 2, 2, 2], 20),
        ("Count to Ten", False, [10, 8, 10, 10, 10], TWO, 20),
        ("Tongue Twister", True, [10, 13, 10, 10, 10], TWO, 20),
        ("Tongue Twister", False, EVEN, [2, 1, 2, 2, 2], 20),
        ("Countdown Drill", True, EVEN, TWO, 23),
        ("Countdown Drill", False, EVEN, TWO, 17),
    ],
)
def test_a_challenge_pays_or_costs_what_its_text_says(
    name: str, met: bool, after_res: list[int], after_inf: list[int], project: int
) -> None:
    state, _ = drawn(name, EVEN, TWO)
    phrase = next(c.effect["phrase"] for c in EVENTS if c.name == name)
    state.apply(DRAWER, phrase if met else "give up")
    assert (state.res, state.inf, state.project) == (after_res, after_inf, project)


def test_every_event_card_has_an_exact_test_here() -> None:
    tested = {
        "Windfall", "Charismatic Broadcast", "Global Blackout", "Mass Hysteria",
        "Relief Shipment", "Launch Pad Fire", "Volunteer Engineers", "Hostile Takeover",
        "Smear Campaign", "Coup d'Etat", "Rogue AI", "Alien Ambassadors", "Helper Bots",
        "Doomsday Clock", "Stay of Execution", "Emergency Session", "Poverty Line",
        "Nuclear Treaty", "Border Closures", "Free Press", "Arms Race", "Counterclockwise",
        "Vow of Silence", "Cargo Bay", "Cut Corners", "Pay to Play", "Robot Uprising",
        "Alien Tech", "Abduction", "Refugee Ship", "Clone the Leaders", "Sacrifice the Archives",
        "Lottery of Souls", "Lizard-People Among Us", "Cold-Blooded Deal", "Shed Skin",
        "Sabotage", "Offshore Account", "Blackmail File", "Master Diplomat", "Hoarder",
        "Rocket Scientist", "Last One Standing", "Count to Ten", "Tongue Twister",
        "Countdown Drill",
    }  # fmt: skip
    assert {c.name for c in EVENTS} == tested


def test_a_card_text_is_written_from_its_effect() -> None:
    by_name = {c.name: c for c in EVENTS}
    assert by_name["Windfall"].text == "A forgotten stockpile turns up. Gain 4 Resources."
    assert by_name["Cold-Blooded Deal"].text.endswith(
        "take 2 Influence from every leader who has more Influence than you as you play it."
    )
    assert "even before the Project pays for its first" in by_name["Lottery of Souls"].text
    assert "a tied vote is held again" in by_name["Refugee Ship"].text
    assert (
        by_name["Arms Race"].text == "Stays in play. Nuking costs at most 4 Resources for everyone."
    )
    for card in EVENTS:
        rules = effect_text(card.effect)
        assert card.text.endswith(rules[0].upper() + rules[1:] + ".")


@pytest.mark.parametrize(
    ("effect", "error"),
    [
        ({"op": "teleport"}, "unknown effect op 'teleport' in effect"),
        ({"op": "gain", "resorces": 2}, r"effect \(gain\) does not take resorces"),
        ({"op": "rob", "influence": 1}, r"effect \(rob\) needs who"),
        ({"op": "rob", "who": "tallest"}, "effect.who must be one of richest"),
        ({"op": "time", "seconds": "soon"}, "effect.seconds must be a whole number"),
        ({"op": "secret", "play": {"op": "fly"}}, "unknown effect op 'fly' in effect.play"),
        ({"op": "dilemma", "yes": {"op": "none"}}, r"effect \(dilemma\) needs no"),
    ],
)
def test_an_effect_the_rules_cannot_carry_out_is_refused_when_the_deck_loads(
    effect: dict[str, Any], error: str
) -> None:
    with pytest.raises(ValueError, match=f"^event Test: {error}"):
        check_effect("Test", effect)


def test_every_op_the_deck_may_name_is_used_by_a_card() -> None:
    used: set[str] = set()

    def walk(effect: dict[str, Any]) -> None:
        used.add(effect["op"])
        for value in effect.values():
            if isinstance(value, dict):
                walk(value)

    for card in EVENTS:
        walk(card.effect)
    assert used == set(EFFECT_OPS)


@pytest.mark.parametrize(
    ("minutes", "project", "seats"),
    [(15, 39, 0), (15, 40, 1), (20, 50, 2), (5, 12, 0), (5, 13, 1), (5, 16, 2), (3, 8, 1)],
)
def test_the_seat_chart_shrinks_with_a_clock_under_fifteen_minutes(
    minutes: float, project: int, seats: int
) -> None:
    state = new_game("were-doomed", 4, 1, {"minutes": minutes})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {"civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"], "project": project}
    )
    assert state.seats() == seats
    assert state.view(0)["seat_chart"] == dict(
        zip(("first", "step"), state.seat_chart(), strict=True)
    )


def test_the_log_speaks_to_its_reader_in_agreement() -> None:
    state = at_contribute(EVEN, TWO)
    state.apply(1, f"contribute {BID}")
    for p in range(5):
        state.apply(p, "done")
    mine = state.log_lines(1)
    assert "you win the contribution: coin, 1 Influence, an event" in mine
    assert "player 1 wins the contribution: coin, 1 Influence, an event" in state.log_lines(0)
    state.eliminate(3, "nuked", by=1)
    assert "you are eliminated (nuked by player 1)" in state.log_lines(3)
    assert "player 3 is eliminated (nuked by you)" in state.log_lines(1)
    assert "player 3 is eliminated (nuked by player 1)" in state.log_lines(None)


def test_a_ballot_is_seen_only_by_its_voter_until_the_vote_closes() -> None:
    state, _ = drawn("Refugee Ship", EVEN, TWO)
    vote(state, {0: "vote yes", 1: "vote no"})
    mine, theirs = state.view(0)["players"], state.view(1)["players"]
    assert (mine[0]["vote"], mine[1]["vote"]) == (1, None)
    assert (theirs[0]["vote"], theirs[1]["vote"]) == (None, 0)
    assert [row["voted"] for row in state.view(4)["players"]] == [True, True, False, False, False]
    assert not any("Votes shown" in line for line in state.log_lines(4))
    vote(state, {2: "vote yes", 3: "vote yes", 4: "vote no"})
    shown = "Votes shown: player 0 yes, player 1 no, player 2 yes, player 3 yes, you no"
    assert shown in state.log_lines(4)
