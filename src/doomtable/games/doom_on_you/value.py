"""Each player's chance of winning an unfinished game, to judge a searching bot's play-out.

A conditional logit over the players still in: player ``p`` wins with probability
``exp(u[p]) / sum(exp(u))``, where ``u[p]`` weighs ``p``'s food (the game's score), food on its
way in attacks still in progress (the scoring's own outlook), what the animal pile can still
take and block, and the animals and battle cards in hand; each weight is a polynomial in the
game's progress (attack rounds played, as a share of the round cap), since food counts for
more as the cap nears. A player who is out has no chance. ``bench/fit_value.py --game
doom-on-you`` fits the weights on random play-outs from the positions of greedy games and
writes them to ``value.json``; they are data, refitted when the rules or cards change.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Final

from doomtable.engine import win_model
from doomtable.engine.win_model import Weights
from doomtable.games.doom_on_you.cards import BATTLE_OF, DEFENCE, IS_ANIMAL, TOKENS
from doomtable.games.doom_on_you.scoring import attack_outlook, scores

if TYPE_CHECKING:
    from doomtable.games.doom_on_you.state import DoomOnYouBase

FEATURES: Final = (
    "food",
    "low_food",
    "outlook",
    "pile_tokens",
    "pile_defence",
    "hand_animals",
    "hand_battle",
)
DEGREE: Final = 1  # weights are polynomials of this degree in the game's progress
PACKAGE: Final = "doomtable.games.doom_on_you"  # where value.json lies
ROUND_SCALE: Final = 30
"""Progress counts attack rounds against this many when the game has no round cap."""


def parse_weights(data: Any) -> Weights:
    """The weights of ``value.json``, feature by feature; ``ValueError`` says what is wrong."""
    return win_model.parse_weights(data, FEATURES, DEGREE)


@cache
def weights() -> Weights:
    """The weights of ``value.json``, read on first use (so a refit can run on a stale file)."""
    return win_model.load_weights(PACKAGE, FEATURES, DEGREE)


def progress(state: DoomOnYouBase) -> float:
    """Attack rounds played as a share of the round cap: 0 at the start, 1 at the cap."""
    cap = int(state.options.get("max_attack_rounds") or 0) or ROUND_SCALE
    return min(1.0, state.attack_round / cap)


def contenders(state: DoomOnYouBase) -> list[bool]:
    """Who may still win: the players with food."""
    return [bool(alive) for alive in state.alive]


def features(state: DoomOnYouBase) -> list[tuple[float, ...]]:
    """Each player's feature row, in the order of ``FEATURES``. In a bot's sample, opponents'
    hands are the sampled ones."""
    food = scores(state)
    outlook = attack_outlook(state)
    damage = state.damage
    rows: list[tuple[float, ...]] = []
    for p in range(state.players):
        pile, hand = state.piles[p], state.hands[p]
        animals = sum(1 for c in hand if IS_ANIMAL[c])
        battle = sum(1 for c in hand if BATTLE_OF[c])
        rows.append(
            (
                float(food[p]),
                1.0 / (1 + food[p]),
                outlook[p],
                float(sum(TOKENS[c] for c in pile)),
                float(sum(DEFENCE[c] - damage[c] for c in pile)),
                float(animals),
                float(battle),
            )
        )
    return rows


def win_chances(state: DoomOnYouBase) -> list[float]:
    """Each player's chance of winning; 0 for a player who is out."""
    return win_model.chances(weights(), progress(state), features(state), contenders(state))
