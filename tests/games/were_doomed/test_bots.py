"""We're Doomed!'s own estimates make the generic greedy bot play sensibly: it produces and
contributes so the Project buys seats, and it votes and pressures.

The thresholds come from ``bench/bench_were_doomed_bots.py`` (docs/performance.md), with margin.
"""

from __future__ import annotations

from collections import Counter

from doomtable.bots import InfoSet, make_bot
from doomtable.engine import new_game
from doomtable.games.were_doomed import WereDoomedState

SEEDS = range(8)
PLAYERS = 6


def play_greedy(seed: int) -> tuple[WereDoomedState, Counter[str]]:
    state = new_game("were-doomed", PLAYERS, seed, {})
    assert isinstance(state, WereDoomedState)
    bots = [make_bot("greedy", seed * 31 + seat) for seat in range(PLAYERS)]
    verbs: Counter[str] = Counter()
    while (decision := state.pending) is not None:
        option = bots[decision.player].choose(InfoSet(state, decision))
        verbs[str(option[0])] += 1
        state._apply_unchecked(option)
    return state, verbs


def test_greedy_six_player_games_build_seats_and_board_leaders() -> None:
    seats = 0
    aboard = 0
    verbs: Counter[str] = Counter()
    for seed in SEEDS:
        state, counts = play_greedy(seed)
        assert state.is_over
        seats += next(int(e[1]) for e in state.events if e[0] == "launch")
        aboard += len(state.winners())
        verbs += counts
    # Before the game estimated its seats, greedy built 1.6 seats a game and boarded 25%.
    assert seats / len(SEEDS) >= 3.0
    assert aboard / (PLAYERS * len(SEEDS)) >= 0.4
    assert verbs["produce"] > 0 and verbs["contribute"] > 0
    assert verbs["vote"] + verbs["yes"] + verbs["no"] > 0
    assert verbs["pressure"] > 0


def table(project: int) -> WereDoomedState:
    state = new_game("were-doomed", 4, 1, {})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {
            "civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"],
            "coin": 0,
            "players": {0: {"influence": 3}, 1: {"influence": 1}},
            "project": project,
        }
    )
    return state


def test_aboard_chance_rises_with_the_project_and_with_rank() -> None:
    poor, rich = table(0), table(60)
    assert poor.aboard_chance(0) > poor.aboard_chance(1)
    assert rich.aboard_chance(1) > poor.aboard_chance(1)
    assert rich.evaluate(1) > poor.evaluate(1)
    chances = rich.win_chances()
    assert chances is not None and all(0.0 <= c <= 1.0 for c in chances)


def test_bots_break_a_boarding_deadlock_by_changing_votes_not_by_lot() -> None:
    # Two survivors tied on everything for one seat: each first votes for itself.
    state = new_game("were-doomed", 4, 3, {})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {
            "civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"],
            "coin": 1,
            "project": 40,
            "players": {2: {"alive": False}, 3: {"alive": False}},
        }
    )
    state.advance_clock(state.end_at)
    assert state.view(0)["vote"]["candidates"] == [0, 1]
    bots = [make_bot("greedy", seat) for seat in range(4)]
    while (decision := state.pending) is not None:
        info = InfoSet(state, decision)
        if state.view(decision.player)["vote"]["round"] >= 3:
            # The convention: the tied leader first clockwise from the coin (player 1).
            assert info.options == (("vote", 1),)
        state._apply_unchecked(bots[decision.player].choose(info))
    ballots = [e[2] for e in state.events if e[0] == "ballots"]
    assert ballots == [(0, 1, -1, -1), (0, 1, -1, -1), (1, 1, -1, -1)]
    assert state.winners() == [1]


def test_a_five_minute_five_player_game_of_greedy_bots_launches_a_seat() -> None:
    launched = 0
    for seed in range(10):
        state = new_game("were-doomed", 5, seed, {"minutes": 5})
        assert isinstance(state, WereDoomedState) and state.seat_chart() == (13, 3)
        bots = [make_bot("greedy", seed * 31 + seat) for seat in range(5)]
        while (decision := state.pending) is not None:
            state._apply_unchecked(bots[decision.player].choose(InfoSet(state, decision)))
        launched += state.seats() > 0
    # On the printed chart (40 Resources a first seat) none of these games launched one.
    assert launched >= 8
