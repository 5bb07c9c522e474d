"""Bots that play any registered game from their own seat's information only.

A bot gets an :class:`InfoSet` (its view, the decision, samples of the hidden cards drawn by
the game's ``determinize``) and returns one of the legal options.
"""

from doomtable.bots.base import Bot, InfoSet, outcome_shares, score_shares
from doomtable.bots.greedy import GreedyBot
from doomtable.bots.ismcts import IsmctsBot
from doomtable.bots.random_bot import RandomBot
from doomtable.bots.registry import (
    BotSpecError,
    bot_help,
    bot_names,
    bot_seed,
    make_bot,
    parse_bot_spec,
)

__all__ = [
    "Bot",
    "BotSpecError",
    "GreedyBot",
    "InfoSet",
    "IsmctsBot",
    "RandomBot",
    "bot_help",
    "bot_names",
    "bot_seed",
    "make_bot",
    "outcome_shares",
    "parse_bot_spec",
    "score_shares",
]
