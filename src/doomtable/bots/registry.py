"""Bots by name: ``make_bot("ismcts:1s", seed=7)``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from doomtable.bots.base import Bot
from doomtable.bots.greedy import GreedyBot
from doomtable.bots.ismcts import IsmctsBot
from doomtable.bots.random_bot import RandomBot
from doomtable.engine import DoomtableError


class BotSpecError(DoomtableError, ValueError):
    """A bot spec names no bot, or gives it a budget or parameter it cannot take."""


def bot_seed(game_seed: int, seat: int, decisions: int) -> int:
    """A bot's seed at a table: fixed by the game's seed, its seat and how far the game has
    gone, so the terminal and the browser table seat the same bot the same way."""
    return game_seed * 1_000_003 + seat * 7_919 + decisions


def _random_arg(arg: str) -> dict[str, Any]:
    raise BotSpecError(f"random takes no argument, not {arg!r}")


def _greedy_arg(arg: str) -> dict[str, Any]:
    return {"samples": _positive_int(arg, "greedy:SAMPLES")}


def _seconds_arg(arg: str, bot: str) -> dict[str, Any]:
    """``{"seconds": ...}`` for a time per move such as ``0.2s``."""
    try:
        seconds = float(arg[:-1])
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise BotSpecError(f"bad {bot} time {arg!r}: use e.g. {bot}:1s or {bot}:0.2s")
    return {"seconds": seconds}


def _ismcts_arg(arg: str) -> dict[str, Any]:
    if arg.endswith("s"):
        return _seconds_arg(arg, "ismcts")
    return {"iterations": _positive_int(arg, "ismcts:ITERATIONS or ismcts:SECONDSs")}


def _policy_arg(arg: str) -> dict[str, Any]:
    """``N`` (iterations), ``SECONDSs`` (time per move), ``FILE.json`` (weights), or
    ``FILE.json:N`` / ``FILE.json:SECONDSs``."""
    if arg.isdigit():
        return {"iterations": _positive_int(arg, "policy:ITERATIONS")}
    if _is_time(arg):
        return _seconds_arg(arg, "policy")
    weights, _, budget = arg.rpartition(":")
    if weights and budget.isdigit():
        return {"weights": weights, "iterations": _positive_int(budget, "policy:FILE:ITERATIONS")}
    if weights and _is_time(budget):
        return {"weights": weights, **_seconds_arg(budget, "policy")}
    return {"weights": arg}


def _is_time(arg: str) -> bool:
    """Whether ``arg`` reads as a time per move (``0.2s``, ``1s``), not a file name."""
    return arg.endswith("s") and arg[:-1].replace(".", "", 1).isdigit()


def _policy_bot(seed: int, **params: Any) -> Bot:
    # Imported on first use: the learned policy lives with the RL adapters.
    from doomtable.rl.policy import PolicyBot

    return PolicyBot(seed, **params)


def _positive_int(arg: str, form: str) -> int:
    if not arg.isdigit() or int(arg) < 1:
        raise BotSpecError(f"bad bot budget {arg!r}: use {form} with a positive whole number")
    return int(arg)


_BOTS: dict[str, tuple[Callable[..., Bot], Callable[[str], dict[str, Any]], str]] = {
    "random": (RandomBot, _random_arg, "uniformly random legal options"),
    "greedy": (GreedyBot, _greedy_arg, "one step of look-ahead on sampled worlds [:SAMPLES]"),
    "ismcts": (IsmctsBot, _ismcts_arg, "information-set MCTS [:ITERATIONS or :SECONDSs]"),
    "policy": (
        _policy_bot,
        _policy_arg,
        "ISMCTS judged by a learned value network [:ITERATIONS, :SECONDSs, :WEIGHTS.json[:BUDGET]]",
    ),
}


def bot_names() -> list[str]:
    return sorted(_BOTS)


def bot_help() -> dict[str, str]:
    """Each bot's name and a one-line description."""
    return {name: entry[2] for name, entry in sorted(_BOTS.items())}


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """The bot name and constructor parameters a spec such as ``ismcts:200`` stands for.

    >>> parse_bot_spec("ismcts:0.5s")
    ('ismcts', {'seconds': 0.5})
    >>> parse_bot_spec("Greedy")
    ('greedy', {})
    """
    name, _, arg = spec.strip().partition(":")
    name = name.strip().lower()
    entry = _BOTS.get(name)
    if entry is None:
        raise BotSpecError(f"unknown bot {spec.strip()!r}; bots: {', '.join(bot_names())}")
    return name, (entry[1](arg.strip()) if arg.strip() else {})


def make_bot(spec: str, seed: int, **params: Any) -> Bot:
    """A bot from a spec (``random``, ``greedy:4``, ``ismcts:200``, ``ismcts:1s``).

    Keyword ``params`` go to the bot's constructor and win over the spec's budget.

    >>> make_bot("ismcts:50", seed=1).name
    'ismcts:50'
    """
    name, parsed = parse_bot_spec(spec)
    try:
        return _BOTS[name][0](seed, **{**parsed, **params})
    except (TypeError, ValueError) as exc:
        raise BotSpecError(f"bad parameters for bot {name!r}: {exc}") from None
