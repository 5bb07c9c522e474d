"""OpenSpiel Python games: every registered game, as ``python_doomtable_<name>``.

The game tree starts with one explicit chance node: the deal, one of ``deals`` equally likely
outcomes, each a game seed. Every later shuffle and draw follows from that seed, so the tree
is ``deals`` ordinary game trees under one chance root. Players' actions are the game's fixed
action indexes (``doomtable.rl.encoding``); utilities are win shares (constant-sum, 1 in
all). Information is imperfect: the observation string is the player's view (JSON), the
information-state string adds the player's own past actions (and, at the player's own
decisions, the legal actions: copies of a card look alike in a view), and the tensors are the hashed
view (plus the player's own past actions for the information state).
``resample_from_infostate`` draws a state with the game's own ``determinize``, so OpenSpiel's
ISMCTS runs on these games.

Importing this module registers the games with ``pyspiel`` (``register_openspiel_games``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from doomtable.engine import GameState, Rng, find_game, game_names, new_game
from doomtable.rl.encoding import GameEncoding, final_rewards, game_encoding

DEFAULT_DEALS = 1000
MAX_GAME_LENGTH = 20_000
"""A bound well above the longest game seen (about 1,100 decisions in random play)."""


def short_name(game: str) -> str:
    return "python_doomtable_" + find_game(game).name.replace("-", "_")


def _game_type(game: str) -> Any:
    spec = find_game(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"doomtable {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": max(spec.min_players, 2), "deals": DEFAULT_DEALS},
    )


class DoomtableGame(pyspiel.Game):  # type: ignore[misc]
    """One registered doomtable game; parameters ``players`` and ``deals``."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(game)
        merged = {**game_type.parameter_specification, **(params or {})}
        self.encoding: GameEncoding = game_encoding(game)
        self.game_name = self.encoding.spec.name
        self.players = int(merged["players"])
        self.deals = int(merged["deals"])
        new_game(self.game_name, self.players, 0)  # rejects a bad player count now
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions.size,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, merged)

    def new_initial_state(self) -> DoomtableSpielState:
        return DoomtableSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DoomtableObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return DoomtableObserver(self, perfect_recall)


class DoomtableSpielState(pyspiel.State):  # type: ignore[misc]
    """A doomtable state behind OpenSpiel's state interface."""

    # Only the table and the players' own actions are attributes: OpenSpiel serialises a
    # Python state by pickling its attributes.
    def __init__(self, game: DoomtableGame) -> None:
        super().__init__(game)
        self.table: GameState | None = None  # None until the deal
        self.own_actions: list[list[int]] = [[] for _ in range(game.players)]

    @property
    def spiel_game(self) -> DoomtableGame:
        game: DoomtableGame = self.get_game()
        return game

    @property
    def encoding(self) -> GameEncoding:
        return self.spiel_game.encoding

    def current_player(self) -> int:
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        decision = self.table.pending
        return int(pyspiel.PlayerId.TERMINAL) if decision is None else decision.player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.table is not None and self.table.pending is not None
        return sorted(self.encoding.actions.indexes(self.table.pending.options))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.spiel_game.deals
        return [(deal, 1.0 / deals) for deal in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            game = self.spiel_game
            self.table = new_game(game.game_name, game.players, int(action))
            return
        decision = self.table.pending
        assert decision is not None
        option = self.encoding.actions.option(int(action), decision.options)
        self.own_actions[decision.player].append(int(action))
        self.table.apply(decision.player, option)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.table is None:
            return f"deal {action}"
        decision = self.table.pending
        if decision is not None and decision.player == player:
            indexes = self.encoding.actions.indexes(decision.options)
            if action in indexes:
                # Copies of a card share a label; the index tells them apart.
                return f"{self.table.label(decision.options[indexes.index(action)])} #{action}"
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.table is not None and self.table.is_over

    def returns(self) -> list[float]:
        if self.table is None or not self.table.is_over:
            return [0.0] * self.spiel_game.players
        return final_rewards(self.table, "win")

    def resample_from_infostate(self, player: int, sampler: Any) -> DoomtableSpielState:
        """A state the player cannot tell from this one: hidden cards redealt by the game."""
        copy: DoomtableSpielState = self.clone()
        if self.table is not None:
            rng = Rng(int(sampler() * 2**53))  # OpenSpiel's samplers give floats in [0, 1)
            world = self.table.determinize(player, rng)
            world.rng = Rng(rng.next64())
            copy.table = world
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> DoomtableSpielState:
        copy = DoomtableSpielState.__new__(DoomtableSpielState)
        pyspiel.State.__init__(copy, self.spiel_game)
        copy.table = self.table.clone() if self.table is not None else None
        copy.own_actions = [list(actions) for actions in self.own_actions]
        return copy

    def __str__(self) -> str:
        if self.table is None:
            return "before the deal"
        decision = self.table.pending
        if decision is None:
            return f"game over; winners {self.table.winners()}"
        return f"player {decision.player}: {decision.prompt}"


class DoomtableObserver:
    """OpenSpiel's PyObserver: observation or information state of one player."""

    def __init__(self, game: DoomtableGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.encoding.observations.size
        # The information state adds how often the player took each verb (perfect recall).
        extra = game.encoding.actions.verbs if perfect_recall else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: DoomtableSpielState, player: int) -> dict[str, Any]:
        if state.table is None:
            return {"game": self.game.game_name, "deal": "not yet dealt"}
        return state.table.view(player)

    def set_from(self, state: DoomtableSpielState, player: int) -> None:
        encoding = self.game.encoding
        decision = state.table.pending if state.table is not None else None
        kind = decision.kind if decision is not None and decision.player == player else None
        observed = encoding.observations.encode(
            self._view(state, player), player, self.game.players, kind
        )
        size = len(observed)
        self.tensor[:size] = observed
        if self.perfect_recall:
            self.tensor[size:] = 0.0
            for action in state.own_actions[player]:
                self.tensor[size + encoding.actions.verb_of(action)] += 1.0

    def string_from(self, state: DoomtableSpielState, player: int) -> str:
        text = json.dumps(self._view(state, player), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            text += " own actions " + " ".join(map(str, state.own_actions[player]))
            if state.current_player() == player:
                # Copies of a card look alike in the view but are different actions: the
                # legal set keeps two such states apart, as CFR and ISMCTS require.
                text += " legal " + " ".join(map(str, state.legal_actions()))
        return text


def _game_class(game: str) -> type[DoomtableGame]:
    """A subclass bound to ``game``: pyspiel registers a class and calls it with the params."""

    def __init__(self: DoomtableGame, params: dict[str, Any] | None = None) -> None:
        DoomtableGame.__init__(self, game, params)

    return type(f"Doomtable_{game.replace('-', '_')}", (DoomtableGame,), {"__init__": __init__})


def register_openspiel_games() -> list[str]:
    """Register every doomtable game with ``pyspiel``; the short names registered."""
    registered = set(pyspiel.registered_names())
    names = []
    for game in game_names():
        name = short_name(game)
        if name not in registered:
            pyspiel.register_game(_game_type(game), _game_class(game))
        names.append(name)
    return names


register_openspiel_games()
