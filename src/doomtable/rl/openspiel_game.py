"""OpenSpiel Python games: every registered game, as ``python_doomtable_<name>``.

The game tree starts with one explicit chance node: the deal, one of ``deals`` equally likely
outcomes, each a game seed. Every later shuffle and draw follows from that seed, so the tree
is ``deals`` ordinary game trees under one chance root. Players' actions are the game's fixed
action indexes (``doomtable.rl.encoding``); utilities are win shares (constant-sum, 1 in all,
except in a game that declares otherwise: We're Doomed!, where nobody may board, is
general-sum). The game's options are OpenSpiel parameters beside ``players`` and ``deals``.
Information is imperfect: the observation string is the player's view (JSON); the
information-state string is the player's perfect-recall history (every event as the player
saw it, in words, and its own actions, in order), then its view now and, at its own
decisions, the legal actions (copies of a card look alike but are different actions). The
observation tensor is the game's observation (``doomtable.rl.observation``); the
information-state tensor adds how often the player took each verb.
``resample_from_infostate`` draws a state with the game's own ``determinize``, so OpenSpiel's
ISMCTS runs on these games.

Importing this module registers the games with ``pyspiel`` (``register_openspiel_games``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from doomtable.engine import BadOptionError, GameState, Rng, find_game, game_names, new_game
from doomtable.rl.encoding import GameEncoding, final_rewards, game_encoding

DEFAULT_DEALS = 1000
MAX_GAME_LENGTH = 20_000
"""A bound well above the longest game seen (about 1,100 decisions in random play)."""


def short_name(game: str) -> str:
    return "python_doomtable_" + find_game(game).name.replace("-", "_")


UNSETTABLE_OPTIONS = frozenset({"realtime"})
"""Game options OpenSpiel does not offer: a tree search has no wall clock to follow."""


def game_parameters(game: str) -> dict[str, Any]:
    """OpenSpiel's parameters of ``game`` with their defaults: ``players``, ``deals`` and each
    game option (a list option as comma-separated text, OpenSpiel having no lists)."""
    spec = find_game(game)
    parameters: dict[str, Any] = {"players": max(spec.min_players, 2), "deals": DEFAULT_DEALS}
    for key, default in spec.default_options.items():
        if key not in UNSETTABLE_OPTIONS:
            parameters[key] = ",".join(map(str, default)) if isinstance(default, list) else default
    return parameters


def game_options(game: str, parameters: dict[str, Any]) -> dict[str, Any]:
    """The game options OpenSpiel's ``parameters`` set (``new_game`` checks their values)."""
    spec = find_game(game)
    options: dict[str, Any] = {}
    for key, value in parameters.items():
        if key in ("players", "deals"):
            continue
        if key in UNSETTABLE_OPTIONS or key not in spec.default_options:
            settable = ", ".join(sorted(set(game_parameters(game)) - {"players", "deals"}))
            raise BadOptionError(
                f"{spec.name} has no OpenSpiel parameter {key!r}; it has: {settable}"
            )
        if spec.option_spec(key).kind is list:
            value = [item.strip() for item in str(value).split(",") if item.strip()]
        options[key] = value
    return options


def _game_type(game: str) -> Any:
    spec = find_game(game)
    constant_sum = game_encoding(game).constant_sum
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"doomtable {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.CONSTANT_SUM
            if constant_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_parameters(game),
    )


class DoomtableGame(pyspiel.Game):  # type: ignore[misc]
    """One registered doomtable game; parameters ``players``, ``deals`` and the game's
    options."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(game)
        merged = {**game_type.parameter_specification, **(params or {})}
        self.game_name = find_game(game).name
        self.players = int(merged["players"])
        self.deals = int(merged["deals"])
        self.game_options = game_options(self.game_name, merged)
        self.encoding: GameEncoding = game_encoding(game, self.game_options)
        # Rejects a bad player count or option value now.
        new_game(self.game_name, self.players, 0, self.game_options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions.size,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if self.encoding.constant_sum else None,
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

    # Only plain data are attributes: OpenSpiel serialises a Python state by pickling them.
    def __init__(self, game: DoomtableGame) -> None:
        super().__init__(game)
        self.table: GameState | None = None  # None until the deal
        self.own_actions: list[list[int]] = [[] for _ in range(game.players)]
        self.histories: list[list[str]] = [[] for _ in range(game.players)]
        """Each player's perfect-recall history: the events as the player saw them, in words,
        and the player's own actions, in order."""
        self.events_recorded = 0
        """How many of the table's events are in the histories."""

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
            self.table = new_game(game.game_name, game.players, int(action), game.game_options)
            self._record_events()
            return
        decision = self.table.pending
        assert decision is not None
        option = self.encoding.actions.option(int(action), decision.options)
        self.own_actions[decision.player].append(int(action))
        self.histories[decision.player].append(f"you: {self.table.label(option)} #{action}")
        self.table.apply(decision.player, option)
        self._record_events()

    def _record_events(self) -> None:
        table = self.table
        assert table is not None
        for player, history in enumerate(self.histories):
            history.extend(table.log_lines(player, self.events_recorded))
        self.events_recorded = len(table.events)

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
            copy.events_recorded = len(world.events)  # the world keeps only the seen events
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> DoomtableSpielState:
        copy = DoomtableSpielState.__new__(DoomtableSpielState)
        pyspiel.State.__init__(copy, self.spiel_game)
        copy.table = self.table.clone() if self.table is not None else None
        copy.own_actions = [list(actions) for actions in self.own_actions]
        copy.histories = [list(history) for history in self.histories]
        copy.events_recorded = self.events_recorded
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
        if state.table is None:
            observed = encoding.observations.encode(
                self._view(state, player), player, self.game.players, kind
            )
        else:
            observed = encoding.observe(state.table, player, kind)
        size = len(observed)
        self.tensor[:size] = observed
        if self.perfect_recall:
            self.tensor[size:] = 0.0
            for action in state.own_actions[player]:
                self.tensor[size + encoding.actions.verb_of(action)] += 1.0

    def string_from(self, state: DoomtableSpielState, player: int) -> str:
        text = json.dumps(self._view(state, player), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            # The player's whole history (what it saw happen and what it did), then the view
            # now, which holds what no event tells (its own hand).
            text = "\n".join([*state.histories[player], text])
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
