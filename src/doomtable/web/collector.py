"""The server process's garbage collector, set for a server that holds many tables at once.

With 500 tables and their 1,000 sockets a server holds about 300,000 objects the cyclic
collector tracks, and its full collection stopped the event loop for 0.1 to 0.7 s every 10 to
15 s of play (under load) while finding nothing to free: the tables' states are plain data
and reference counting frees almost everything. Those stops, not the average cost of an
action, were what set the 99th percentile of the action-to-update latency.
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
