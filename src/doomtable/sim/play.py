"""The play loop of a simulated game, compiled with mypyc (``doomtable.compiled``): with a
random bot, the loop's own work is a tenth of a game's time when it runs as Python."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from doomtable.bots.base import Bot, InfoSet
from doomtable.engine.state import GameState


def play_out(state: GameState, bots: Sequence[Bot], max_decisions: int) -> tuple[object] | None:
    """Let ``bots[player]`` answer each pending decision of ``state`` until the game ends or
    its log holds ``max_decisions`` entries. A bot's answer that is not one of the legal
    options stops play, unapplied, and comes back as ``(answer,)``."""
    log = state.log
    while (decision := state.pending) is not None and len(log) < max_decisions:
        # Called as ``Any``: compiled code would check the answer against ``Bot.choose``'s
        # return type, and a broken bot's answer of any type must reach the caller's error.
        bot: Any = bots[decision.player]
        option: object = bot.choose(InfoSet(state, decision))
        if option not in decision.options:
            return (option,)
        state._apply_unchecked(option)  # narrowed by ``in``: one of the options
    return None
