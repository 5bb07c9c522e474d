"""Simulators: many games between bots, their statistics, tournaments and an HTML report."""

from doomtable.sim.report import build_report
from doomtable.sim.runner import (
    BACKENDS,
    BotMoveError,
    GameRecord,
    RotatedTasks,
    SimError,
    SimInterrupted,
    SimResult,
    Task,
    default_workers,
    execute,
    game_seed,
    make_tasks,
    play_game,
    rotated_lineups,
    run,
)
from doomtable.sim.stats import summarize, wilson, write_csv
from doomtable.sim.tournament import bradley_terry, tournament

__all__ = [
    "BACKENDS",
    "BotMoveError",
    "GameRecord",
    "RotatedTasks",
    "SimError",
    "SimInterrupted",
    "SimResult",
    "Task",
    "bradley_terry",
    "build_report",
    "default_workers",
    "execute",
    "game_seed",
    "make_tasks",
    "play_game",
    "rotated_lineups",
    "run",
    "summarize",
    "tournament",
    "wilson",
    "write_csv",
]
