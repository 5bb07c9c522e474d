"""PettingZoo AEC environments: every registered game at any player count.

Agents are ``player_0`` .. ``player_{n-1}``. The agent selected is always the player of the
pending decision, response windows included (a window is one more agent turn). Observations
are ``{"observation": float32 vector, "action_mask": int8 vector}``; the mask is all zeros
for an agent that is not deciding; ``view(agent)`` is the raw view the observation is encoded
from. Rewards come only when the game ends (see :data:`doomtable.rl.encoding.REWARDS`).
``env()`` gives the environment inside PettingZoo's usual wrappers (bounds and call order
checked), ``raw_env()`` without them.
Turn-based games take no simultaneous moves, so there is no parallel version
(``is_parallelizable`` is false).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from doomtable.engine import GameState, Rng, new_game
from doomtable.rl.candidates import CandidateEncoder, candidate_encoder
from doomtable.rl.encoding import EncodingError, LegalActions, final_rewards, game_encoding

ObsDict = dict[str, np.ndarray[Any, Any]]


class DoomtableAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One game of ``game`` for ``players`` players per episode."""

    metadata = {"name": "doomtable_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str = "doomlings",
        players: int = 4,
        game_options: dict[str, Any] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.encoding = game_encoding(game, game_options)
        self.game = self.encoding.spec.name
        self.players = players
        self.game_options = dict(game_options or {})
        self.reward_kind = reward
        if render_mode not in (None, "ansi"):
            raise EncodingError(f"render mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        new_game(self.game, players, 0, self.game_options)  # check count and options now
        final_rewards(new_game(self.game, players, 0, self.game_options), reward)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size = self.encoding.actions.size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self.encoding.observations.size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._seeds = Rng(0)
        self._legal = LegalActions(self.encoding.actions)
        self._candidate_encoder: CandidateEncoder | None = None
        self.state: GameState = new_game(self.game, players, 0, self.game_options)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
        self.state = new_game(
            self.game, self.players, self._seeds.next64() % 2**31, self.game_options
        )
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        decision = self.state.pending
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.player]

    def candidates(self, agent: str) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The agent's legal options as a candidate list (``doomtable.rl.candidates``): their
        action indexes and one feature row each; empty when the agent is not deciding."""
        if self._candidate_encoder is None:
            self._candidate_encoder = candidate_encoder(self.encoding.actions)
        decision = self.state.pending
        player = self.possible_agents.index(agent)
        if decision is None or decision.player != player:
            width = self._candidate_encoder.width
            return np.zeros(0, np.int64), np.zeros((0, width), np.float32)
        return self._candidate_encoder.encode(decision.options, player, self.players)

    def view(self, agent: str) -> dict[str, Any]:
        """The agent's view of the table now (what its observation is encoded from)."""
        return self.state.view(self.possible_agents.index(agent))

    def observe(self, agent: str) -> ObsDict:
        player = self.possible_agents.index(agent)
        decision = self.state.pending
        deciding = decision is not None and decision.player == player
        kind = decision.kind if decision is not None and deciding else None
        observation = self.encoding.observe(self.state, player, kind)
        mask = np.zeros(self.encoding.actions.size, np.int8)
        if decision is not None and deciding:
            mask[self._legal.of(decision)] = 1
        return {"observation": observation, "action_mask": mask}

    def legal_actions(self, agent: str) -> list[int]:
        """The agent's legal action indexes, in the decision's order (none when it is not
        deciding): the mask's ones without scanning the mask."""
        decision = self.state.pending
        if decision is None or self.possible_agents[decision.player] != agent:
            return []
        return list(self._legal.of(decision))  # a copy: the caller may reorder it

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decision = self.state.pending
        assert decision is not None and action is not None
        option = self._legal.option(decision, int(action))
        # One of the pending decision's own options: applied as bots apply theirs, without
        # looking it up again among them.
        self.state._apply_unchecked(option)
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_over:
            rewards = final_rewards(self.state, self.reward_kind)
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = rewards[i]
                self.terminations[name] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        decision = self.state.pending
        if decision is None:
            return f"game over; winners: {self.state.winners()}"
        return f"player {decision.player}: {decision.prompt} [{', '.join(self.state.labels())}]"

    def close(self) -> None:
        pass


def raw_env(
    game: str = "doomlings", players: int = 4, reward: str = "win", **kwargs: Any
) -> DoomtableAECEnv:
    """A PettingZoo AEC environment of ``game``, unwrapped."""
    return DoomtableAECEnv(game, players, reward=reward, **kwargs)


def env(game: str = "doomlings", players: int = 4, reward: str = "win", **kwargs: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` in PettingZoo's standard wrappers (the usual
    ``env()`` constructor): an action out of bounds and a call out of order are refused."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(game, players, reward, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
