"""Direct observations: a game's structured observation read from its state, not its view.

An environment step used to build the player's whole view (prompts, labels, rule text, every
seat's score breakdown) and then read a few dozen of its values into the vector. A direct
encoder reads those values from the state and writes the same vector, slot for slot: the view
stays the definition of what a seat may see, and the tests prove, over random games of every
game, that the two vectors are equal and that a direct encoder reads nothing hidden (cards
redealt by ``determinize`` leave it unchanged).

:func:`direct_observation` gives a game's encoder, or ``None`` for a game that has none (its
environments encode the view, as before).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from doomtable.engine import GameSpec
from doomtable.rl.direct.base import DirectObservation
from doomtable.rl.observation import StructuredObservation

__all__ = ["DirectObservation", "direct_observation"]

_ENCODERS = {
    "doomtable.games.doomlings": "doomtable.rl.direct.doomlings:DoomlingsObservation",
    "doomtable.games.doom_on_you": "doomtable.rl.direct.doom_on_you:DoomOnYouObservation",
    "doomtable.games.doom_pile": "doomtable.rl.direct.doom_pile:DoomPileObservation",
    "doomtable.games.were_doomed": "doomtable.rl.direct.were_doomed:WereDoomedObservation",
}
"""A game package (where its state class lives, or a package above it) and its encoder."""


def direct_observation(
    spec: GameSpec, observation: StructuredObservation
) -> DirectObservation | None:
    """The direct encoder of ``spec``'s game writing ``observation``'s layout, if it has one."""
    module = spec.state_class.__module__
    for package, target in _ENCODERS.items():
        if module == package or module.startswith(package + "."):
            module_name, _, class_name = target.partition(":")
            factory: Callable[[StructuredObservation], DirectObservation] = getattr(
                import_module(module_name), class_name
            )
            return factory(observation)
    return None
