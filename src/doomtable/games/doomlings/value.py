"""Each player's chance of winning an unfinished game, to judge a searching bot's play-out.

A conditional logit: player ``p`` wins with probability ``exp(u[p]) / sum(exp(u))``, where
``u[p]`` weighs ``p``'s score, hand size, face values in hand and trait-pile size, each weight
a quadratic in the game's progress (the share of the age deck already flipped), since a point
counts for more as the end nears. ``bench/fit_value.py`` fits the weights on random play-outs
from the positions of greedy games and writes them to ``value.json``; they are data, refitted
when the rules or cards change.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from doomtable.engine import win_model
from doomtable.engine.win_model import Weights
from doomtable.games.doomlings.state import FACE_VALUE

if TYPE_CHECKING:
    from doomtable.games.doomlings.rules import DoomlingsRules

FEATURES = ("score", "hand", "hand_points", "pile")
DEGREE = 2  # weights are polynomials of this degree in the game's progress
PACKAGE = "doomtable.games.doomlings"  # where value.json lies


def parse_weights(data: Any) -> Weights:
    """The weights of ``value.json``, feature by feature; ``ValueError`` says what is wrong."""
    return win_model.parse_weights(data, FEATURES, DEGREE)


@cache
def weights() -> Weights:
    """The weights of ``value.json``, read on first use (so a refit can run on a stale file)."""
    return win_model.load_weights(PACKAGE, FEATURES, DEGREE)


def progress(state: DoomlingsRules) -> float:
    """The share of the age deck flipped so far: 0 at the start, near 1 at the end."""
    flipped = sum(len(era) for era in state.eras)
    total = flipped + len(state.age_deck)
    return flipped / total if total else 1.0


def features(state: DoomlingsRules, scores: list[int]) -> list[tuple[float, ...]]:
    """Each player's score, hand size, face values in hand (points waiting to be played) and
    pile size. In a bot's sample, opponents' hands are the sampled ones."""
    return [
        (
            float(scores[p]),
            float(len(state.hands[p])),
            float(sum(FACE_VALUE[c] for c in state.hands[p])),
            float(len(state.piles[p])),
        )
        for p in range(state.players)
    ]


def win_chances(state: DoomlingsRules, scores: list[int]) -> list[float]:
    """Each player's chance of winning, given the scores ``state.scores()`` gave."""
    return win_model.chances(weights(), progress(state), features(state, scores))
