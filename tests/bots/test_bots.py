"""Bots: legal, reproducible, blind to hidden cards, and stronger than chance on a toy game."""

from __future__ import annotations

import pytest

from bots.toygame import SPEC, ToyState
from doomtable.bots import (
    Bot,
    BotSpecError,
    InfoSet,
    IsmctsBot,
    bot_names,
    make_bot,
    parse_bot_spec,
)
from doomtable.bots.ismcts import _Node
from doomtable.engine import GameState, Option, Rng, find_game, game_names, new_game

SPECS = ["random", "greedy", "greedy:1", "ismcts:40"]


def midgame(seed: int, steps: int, players: int = 3) -> ToyState:
    state = SPEC.create(players, seed, {})
    assert isinstance(state, ToyState)
    rng = Rng(seed + 1000)
    for _ in range(steps):
        decision = state.pending
        assert decision is not None
        state._apply_unchecked(rng.choice(decision.options))
    return state


def play(state: GameState, specs: list[str], seed: int) -> GameState:
    return play_bots(state, [make_bot(spec, seed + seat) for seat, spec in enumerate(specs)])


def play_bots(state: GameState, bots: list[Bot]) -> GameState:
    while (decision := state.pending) is not None:
        option = bots[decision.player].choose(InfoSet(state, decision))
        state.apply(decision.player, option)
    return state


@pytest.mark.parametrize("spec", SPECS)
def test_bot_plays_legal_options_to_the_end(spec: str) -> None:
    state = play(SPEC.create(3, 4, {}), [spec, "random", spec], seed=9)
    assert state.is_over and state.winners()


@pytest.mark.parametrize("spec", SPECS)
def test_same_seed_same_choices(spec: str) -> None:
    a = play(SPEC.create(2, 5, {}), [spec, spec], seed=3)
    b = play(SPEC.create(2, 5, {}), [spec, spec], seed=3)
    assert a.log == b.log


class Cheater:
    """Reads the opponents' hands from the real state: what the blindness test must catch."""

    name = "cheater"

    def choose(self, info: InfoSet) -> Option:
        hidden = sum(sum(h) for p, h in enumerate(info._state.hands) if p != info.player)  # type: ignore[attr-defined]
        return info.options[hidden % len(info.options)]


def twins(seed: int) -> tuple[ToyState, ToyState, int]:
    """Two states that look the same to the deciding player but hide different cards."""
    real = midgame(seed, steps=seed % 5)
    decision = real.pending
    assert decision is not None
    other = real.determinize(decision.player, Rng(seed * 7 + 1))
    return real, other, decision.player


@pytest.mark.parametrize("spec", SPECS)
def test_choice_ignores_hidden_cards(spec: str) -> None:
    differing = 0
    for seed in range(12):
        real, other, player = twins(seed)
        assert real.view(player) == other.view(player)
        differing += real.hands != other.hands or real.deck != other.deck
        choices = []
        for state in (real, other):
            decision = state.pending
            assert decision is not None
            choices.append(make_bot(spec, seed=seed).choose(InfoSet(state, decision)))
        assert choices[0] == choices[1], f"seed {seed}"
    assert differing >= 10


def test_blindness_check_catches_a_cheater() -> None:
    caught = 0
    for seed in range(12):
        real, other, _ = twins(seed)
        picks = []
        for state in (real, other):
            decision = state.pending
            assert decision is not None
            picks.append(Cheater().choose(InfoSet(state, decision)))
        caught += picks[0] != picks[1]
    assert caught > 0


def test_samples_keep_the_view_and_hide_the_future() -> None:
    real = midgame(3, steps=2)
    decision = real.pending
    assert decision is not None
    info = InfoSet(real, decision)
    sample = info.sample(Rng(1))
    assert sample.view(decision.player) == real.view(decision.player)
    assert sample.pending == decision
    assert sample.log == [] and sample.rng.seed != real.rng.seed
    assert info.view() == real.view(decision.player)
    assert info.labels() == real.labels()


def wins_against_random(spec: str, games: int) -> float:
    won = 0.0
    for g in range(games):
        lineup = [spec, "random"] if g % 2 == 0 else ["random", spec]
        state = play(SPEC.create(2, 100 + g, {}), lineup, seed=g)
        seat = lineup.index(spec)
        winners = state.winners()
        won += seat in winners and 1 / len(winners)
    return won / games


def test_ismcts_beats_random() -> None:
    assert wins_against_random("ismcts:60", 30) > 0.6


def test_greedy_beats_random() -> None:
    assert wins_against_random("greedy:3", 60) > 0.55


def test_ismcts_time_budget() -> None:
    bot = make_bot("ismcts:0.02s", seed=1)
    assert bot.name == "ismcts:0.02s"
    state = play(SPEC.create(2, 1, {}), ["ismcts:0.02s", "random"], seed=1)
    assert state.is_over


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        ("random", ("random", {})),
        (" ISMCTS:200 ", ("ismcts", {"iterations": 200})),
        ("ismcts:1.5s", ("ismcts", {"seconds": 1.5})),
        ("greedy:4", ("greedy", {"samples": 4})),
        ("policy:50", ("policy", {"iterations": 50})),
        ("policy:my.json", ("policy", {"weights": "my.json"})),
        ("policy:runs/my.json:80", ("policy", {"weights": "runs/my.json", "iterations": 80})),
        ("policy:0.2s", ("policy", {"seconds": 0.2})),
        ("policy:runs/my.json:1s", ("policy", {"weights": "runs/my.json", "seconds": 1.0})),
        ("policy:runs.json", ("policy", {"weights": "runs.json"})),
    ],
)
def test_parse_bot_spec(spec: str, parsed: tuple[str, dict[str, object]]) -> None:
    assert parse_bot_spec(spec) == parsed


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'; bots: greedy, ismcts, policy, random"),
        ("random:3", "random takes no argument"),
        ("ismcts:0", "positive whole number"),
        ("ismcts:xs", "bad ismcts time"),
        ("ismcts:-1s", "bad ismcts time"),
        ("greedy:many", "greedy:SAMPLES"),
        ("policy:0", "policy:ITERATIONS"),
        ("policy:my.json:0", "policy:FILE:ITERATIONS"),
        ("policy:0s", "bad policy time '0s'"),
        ("policy:my.json:0.0s", "bad policy time"),
    ],
)
def test_bad_bot_specs(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, seed=0)


def test_bad_bot_params() -> None:
    with pytest.raises(BotSpecError, match="reward"):
        make_bot("ismcts", seed=0, reward="glory")
    with pytest.raises(BotSpecError, match="rollout >= 0"):
        make_bot("ismcts", seed=0, rollout=-1)
    with pytest.raises(BotSpecError, match="unexpected keyword"):
        make_bot("random", seed=0, depth=3)
    assert bot_names() == ["greedy", "ismcts", "policy", "random"]


def test_ismcts_judges_a_short_play_out_by_the_games_chances() -> None:
    state = new_game("doomlings", 4, seed=3)
    decision = state.pending
    assert decision is not None
    bot = IsmctsBot(seed=1, rollout=5)
    root = _Node()
    world = InfoSet(state, decision).sample(bot.rng)
    bot._iterate(root, world, bot.rng)
    assert not world.is_over
    [child] = root.children.values()
    chances = world.win_chances()
    assert chances is not None
    assert (child.visits, child.total) == (1, pytest.approx(chances[decision.player]))


def test_a_judge_given_to_ismcts_replaces_the_games_chances() -> None:
    state = new_game("doomlings", 4, seed=3)
    decision = state.pending
    assert decision is not None
    asked: list[int] = []

    def judge(world: GameState, searcher: int) -> list[float]:
        asked.append(searcher)
        return [0.1, 0.2, 0.3, 0.4]

    bot = IsmctsBot(seed=1, iterations=3, rollout=5, judge=judge)
    bot.choose(InfoSet(state, decision))
    assert asked == [decision.player] * 3
    root = _Node()
    bot._iterate(root, InfoSet(state, decision).sample(bot.rng), bot.rng)
    [child] = root.children.values()
    assert child.total == pytest.approx([0.1, 0.2, 0.3, 0.4][decision.player])


def test_ismcts_plays_on_to_the_end_where_a_game_has_no_chances() -> None:
    state = midgame(seed=2, steps=1)
    decision = state.pending
    assert decision is not None
    assert state.win_chances() is None
    bot = IsmctsBot(seed=1, rollout=0)
    world = InfoSet(state, decision).sample(bot.rng)
    bot._iterate(_Node(), world, bot.rng)
    assert world.is_over


def test_score_reward() -> None:
    bots = [make_bot("ismcts:30", seed=1, reward="score"), make_bot("random", seed=2)]
    assert play_bots(SPEC.create(2, 2, {}), bots).is_over


QUICK_SPECS = {"greedy": "greedy:1", "ismcts": "ismcts:5", "policy": "policy:5"}


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("bot", bot_names())
def test_registered_games_take_every_bot(game: str, bot: str) -> None:
    """Every registered game: bots pick legal options for a stretch of a 4-player game."""
    spec = QUICK_SPECS.get(bot, bot)
    rules = find_game(game)
    players = min(max(4, rules.min_players), rules.max_players)
    state = new_game(game, players, seed=1)
    bots = [make_bot(spec, seed) for seed in range(players)]
    for _ in range(30):
        decision = state.pending
        if decision is None:
            break
        state.apply(decision.player, bots[decision.player].choose(InfoSet(state, decision)))


@pytest.mark.parametrize("game", game_names())
def test_registered_games_keep_bots_blind(game: str) -> None:
    """Same view, same seed, different hidden cards: same samples, so the same choices."""
    rules = find_game(game)
    players = min(max(4, rules.min_players), rules.max_players)
    for seed in range(6):
        real = new_game(game, players, seed=seed)
        rng = Rng(seed + 50)
        for _ in range(10 + 7 * seed):
            decision = real.pending
            if decision is None:
                break
            real._apply_unchecked(rng.choice(decision.options))
        decision = real.pending
        if decision is None:
            continue
        other = real.determinize(decision.player, Rng(seed * 3 + 1))
        assert real.view(decision.player) == other.view(decision.player), f"seed {seed}"
        for k in range(4):
            samples = [InfoSet(state, decision).sample(Rng(k)) for state in (real, other)]
            assert samples[0] == samples[1], (
                f"seed {seed}: determinize() must depend only on what player "
                f"{decision.player} has seen"
            )
        for spec in ("random", "greedy:1", "ismcts:10"):
            picks = [
                make_bot(spec, seed).choose(InfoSet(state, decision)) for state in (real, other)
            ]
            assert picks[0] == picks[1], f"{spec}, seed {seed}"
