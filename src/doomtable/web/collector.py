"""The server process's garbage collector, set for a server that holds many tables at once.

With 500 tables and their 1,000 sockets a server tracks about 300,000 objects, and each full
collection walked them all: in a 500-table run on the shared machine one fell every 10 to 13 s
of play and stopped the event loop for 0.4 to 0.7 s, freeing nothing (the tables' states are
plain data, and reference counting frees almost everything else). Those stops, not the
average cost of an action, set the 99th percentile of the action-to-update latency.
"""

from __future__ import annotations

import gc
from typing import Final

YOUNG_THRESHOLD: Final = 10_000
"""Tracked allocations (net of frees) between young collections, against Python's 700: an
update's short-lived dicts and lists are freed before a collection sees them, so fewer of them
are promoted to the old generation, whose growth is what sets off a full collection."""


def settle_collector() -> None:
    """Collect once, move everything alive now (the restored tables, the modules) out of the
    collector's sight for good, and collect the young generation less often. Called once by
    ``doomtable serve`` when its tables are restored, before it answers anyone."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
