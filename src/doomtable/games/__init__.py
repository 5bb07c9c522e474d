"""Game packages; importing this module registers every built-in game."""

from doomtable.games import doomlings  # noqa: F401
