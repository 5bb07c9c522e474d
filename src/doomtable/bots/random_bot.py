"""The baseline: a uniformly random legal option."""

from __future__ import annotations

from doomtable.bots.base import InfoSet
from doomtable.engine import Option, Rng


class RandomBot:
    """Picks uniformly among the legal options, from its own seeded generator.

    >>> from doomtable.engine import Decision
    >>> bot = RandomBot(seed=1)
    >>> bot.name
    'random'
    """

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    @property
    def name(self) -> str:
        return "random"

    def choose(self, info: InfoSet) -> Option:
        options = info.options
        if len(options) == 1:
            return options[0]
        return options[self.rng.below(len(options))]
