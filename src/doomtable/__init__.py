"""doomtable: doom-themed tabletop card games with enforced rules, bots and simulators."""

__version__ = "0.1.0"
