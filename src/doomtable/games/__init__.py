"""Game packages; importing this module registers every built-in game."""

import doomtable.games.doom_on_you  # noqa: F401
from doomtable.games import doomlings  # noqa: F401
