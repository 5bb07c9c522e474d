"""A Gymnasium single-agent environment: one seat of a game against doomtable bots.

The other seats are played by bots named as on the command line (``greedy``, ``random``,
``ismcts:200``, ``policy``), each seeing only its own view. Observations are the seat's
encoded view (float32 vector); ``info`` holds only ``action_mask`` (int8, also given by
:meth:`DoomtableGymEnv.action_masks`, the convention of maskable PPO implementations), so
that vector environments can stack infos; :meth:`DoomtableGymEnv.view` gives the raw view the
observation was encoded from. The reward comes when the game ends. An action outside the
mask either raises (``illegal="raise"``) or ends the episode with reward -1
(``illegal="lose"``, the default, so that unmasked random agents and Gymnasium's checker
can run).

Importing this module registers one Gymnasium id per game, ``doomtable/<Game>-v0`` (see
:func:`gym_id`), so ``gymnasium.make("doomtable/Doomlings-v0", players=4)`` works, as does
``gymnasium.make("doomtable.rl.gym_env:doomtable/Doomlings-v0")`` without the import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from doomtable.bots import Bot, InfoSet, make_bot
from doomtable.engine import GameState, Rng, find_game, game_names, new_game
from doomtable.rl.candidates import CandidateEncoder, candidate_encoder
from doomtable.rl.encoding import EncodingError, LegalActions, final_rewards, game_encoding

ILLEGAL = ("lose", "raise")


class DoomtableGymEnv(gym.Env[np.ndarray[Any, Any], np.int64]):
    """Seat ``seat`` of ``game`` against ``opponents`` (one bot spec, or one per other seat)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str = "doomlings",
        players: int = 4,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        game_options: dict[str, Any] | None = None,
        reward: str = "win",
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        self.encoding = game_encoding(game, game_options)
        self.game = self.encoding.spec.name
        self.players = players
        self.game_options = dict(game_options or {})
        if not 0 <= seat < players:
            raise EncodingError(f"seat {seat} is not one of the {players} seats")
        if illegal not in ILLEGAL:
            raise EncodingError(f"illegal={illegal!r}: use one of {', '.join(ILLEGAL)}")
        if render_mode not in (None, "ansi"):
            raise EncodingError(f"render mode {render_mode!r}: only 'ansi' is offered")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise EncodingError(f"{len(specs)} opponents given for {players - 1} other seats")
        self.opponent_specs = specs
        self.seat = seat
        self.reward_kind = reward
        self.illegal = illegal
        self.render_mode = render_mode
        self.state: GameState = new_game(self.game, players, 0, self.game_options)
        final_rewards(self.state, reward)  # rejects an unknown reward now
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.encoding.observations.size,), np.float32
        )
        self.action_space = spaces.Discrete(self.encoding.actions.size)
        self._seeds = Rng(0)
        self._bots: dict[int, Bot] = {}
        self._legal = LegalActions(self.encoding.actions)
        self._candidate_encoder: CandidateEncoder | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Rng(seed)
        self.state = new_game(
            self.game, self.players, self._seeds.next64() % 2**31, self.game_options
        )
        others = [p for p in range(self.players) if p != self.seat]
        self._bots = {
            player: make_bot(spec, self._seeds.next64())
            for player, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._play_bots()
        return self._observation(), self._info()

    def step(
        self, action: np.int64
    ) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        decision = self.state.pending
        if decision is None:
            raise EncodingError("the game is over: call reset()")
        try:
            option = self._legal.option(decision, int(action))
        except EncodingError:
            if self.illegal == "raise":
                raise
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": True}
        # One of the seat's pending decision's own options: applied as bots apply theirs.
        self.state._apply_unchecked(option)
        self._play_bots()
        over = self.state.is_over
        reward = final_rewards(self.state, self.reward_kind)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> np.ndarray[Any, Any]:
        mask = np.zeros(self.encoding.actions.size, np.int8)
        mask[self.legal_actions()] = 1
        return mask

    def legal_actions(self) -> list[int]:
        """The action index of each legal option, in the decision's order (none when the game
        is over): the mask's ones without scanning the mask."""
        decision = self.state.pending
        if decision is None or decision.player != self.seat:
            return []
        return list(self._legal.of(decision))  # a copy: the caller may reorder it

    def candidates(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The legal options as a candidate list (``doomtable.rl.candidates``): their action
        indexes and one feature row each; empty when the seat is not deciding."""
        decision = self.state.pending
        encoder = self._candidates()
        if decision is None or decision.player != self.seat:
            return np.zeros(0, np.int64), np.zeros((0, encoder.width), np.float32)
        return encoder.encode(decision.options, self.seat, self.players)

    def _candidates(self) -> CandidateEncoder:
        if self._candidate_encoder is None:
            self._candidate_encoder = candidate_encoder(self.encoding.actions)
        return self._candidate_encoder

    def view(self) -> dict[str, Any]:
        """The seat's view of the table now (what the observation was encoded from)."""
        return self.state.view(self.seat)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(self.state.log_lines(self.seat))

    def _play_bots(self) -> None:
        while (decision := self.state.pending) is not None and decision.player != self.seat:
            bot = self._bots[decision.player]
            self.state.apply(decision.player, bot.choose(InfoSet(self.state, decision)))

    def _observation(self) -> np.ndarray[Any, Any]:
        decision = self.state.pending
        kind = decision.kind if decision is not None and decision.player == self.seat else None
        return self.encoding.observe(self.state, self.seat, kind)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


GYM_NAMESPACE = "doomtable"


def gym_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``doom-pile`` is ``doomtable/DoomPile-v0``."""
    name = find_game(game).name
    return f"{GYM_NAMESPACE}/{''.join(part.title() for part in name.split('-'))}-v0"


def register_gym_envs() -> list[str]:
    """Register every registered game with Gymnasium (once); the ids."""
    ids = []
    for game in game_names():
        env_id = gym_id(game)
        if env_id not in gym.registry:
            gym.register(env_id, entry_point=f"{__name__}:DoomtableGymEnv", kwargs={"game": game})
        ids.append(env_id)
    return ids


register_gym_envs()
