"""doomtable: doom-themed tabletop card games with enforced rules, bots and simulators."""

from doomtable.compiled import choose_modules as _choose_modules

__version__ = "0.1.0"

# The compiled hot modules, or their Python sources where asked or stale (doomtable.compiled).
_choose_modules()
