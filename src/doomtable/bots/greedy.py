"""One step of look-ahead: the option that leaves the player best placed."""

from __future__ import annotations

from doomtable.bots.base import InfoSet, outcome_shares
from doomtable.engine import GameState, Option, Rng


class GreedyBot:
    """Tries every option on sampled worlds and keeps the one that evaluates best.

    For each of ``samples`` worlds drawn from its information set, the bot applies each option
    to a copy, plays the other players' decisions in between (and its own forced ones) at
    random, the same random choices for every option, until the player decides again or the
    game ends (at most ``horizon`` decisions), then judges the result: a finished game by the
    player's win share (a loss counts -1), an unfinished one by ``evaluate(player)``. Ties
    between options are broken at random.
    """

    def __init__(self, seed: int, samples: int = 2, horizon: int = 64) -> None:
        if samples < 1 or horizon < 0:
            raise ValueError(f"greedy needs samples >= 1, horizon >= 0, not {samples}, {horizon}")
        self.rng = Rng(seed)
        self.samples = samples
        self.horizon = horizon

    @property
    def name(self) -> str:
        return "greedy" if self.samples == 2 else f"greedy:{self.samples}"

    def choose(self, info: InfoSet) -> Option:
        options = info.options
        if len(options) == 1:
            return options[0]
        player = info.player
        outcomes = [0.0] * len(options)
        values = [0.0] * len(options)
        for _ in range(self.samples):
            world = info.sample(self.rng)
            follow_seed = self.rng.next64()
            for i, option in enumerate(options):
                trial = world.clone()
                trial._apply_unchecked(option)
                self._follow(trial, player, Rng(follow_seed))
                outcome, value = self._score(trial, player)
                outcomes[i] += outcome
                values[i] += value
        keys = list(zip(outcomes, values, strict=True))
        best = max(keys)
        ties = [option for option, key in zip(options, keys, strict=True) if key == best]
        return ties[self.rng.below(len(ties))] if len(ties) > 1 else ties[0]

    def _follow(self, state: GameState, player: int, rng: Rng) -> None:
        """Play on at random until ``player`` has a real choice again or the game is over."""
        for _ in range(self.horizon):
            decision = state.pending
            if decision is None:
                return
            options = decision.options
            if decision.player == player and len(options) > 1:
                return
            state._apply_unchecked(options[rng.below(len(options))])

    def _score(self, state: GameState, player: int) -> tuple[float, float]:
        """(win share, or -1 for a loss, or 0 while the game goes on; the game's evaluation).

        Options are ranked by these pairs, summed over the sampled worlds.
        """
        if state.is_over:
            share = outcome_shares(state)[player]
            return (share if share > 0 else -1.0), state.evaluate(player)
        return 0.0, state.evaluate(player)
