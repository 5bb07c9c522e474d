"""The game-agnostic core: state machine, decisions, effect stack, registry, RNG."""

from doomtable.engine.decision import (
    CLOCK,
    PASS,
    RESPOND,
    WAIT,
    Decision,
    Frame,
    LogEntry,
    Option,
    distinct_by,
)
from doomtable.engine.errors import (
    BadOptionError,
    DoomtableError,
    GameOverError,
    IllegalChoiceError,
    NotYourDecisionError,
    SaveFileError,
    ScenarioError,
    UnknownGameError,
    close_names,
    did_you_mean,
)
from doomtable.engine.registry import (
    GameSpec,
    OptionSpec,
    find_game,
    game_names,
    load_state,
    load_verified,
    new_game,
    register_game,
    replay,
)
from doomtable.engine.rng import Rng
from doomtable.engine.state import Field, GameState
from doomtable.engine.timed import TimedGameState

__all__ = [
    "close_names",
    "did_you_mean",
    "CLOCK",
    "WAIT",
    "LogEntry",
    "TimedGameState",
    "PASS",
    "RESPOND",
    "BadOptionError",
    "Decision",
    "DoomtableError",
    "Field",
    "Frame",
    "GameOverError",
    "GameSpec",
    "GameState",
    "IllegalChoiceError",
    "NotYourDecisionError",
    "Option",
    "OptionSpec",
    "Rng",
    "SaveFileError",
    "ScenarioError",
    "UnknownGameError",
    "find_game",
    "game_names",
    "load_state",
    "load_verified",
    "new_game",
    "register_game",
    "replay",
    "distinct_by",
]
