"""Doomlings' reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument (card ids, seats, colour masks, ages), so
each verb x card x target has one fixed action index; ``seats`` is the view's per-seat list.
"""

from typing import Any

from doomtable.games.doomlings.data import AGES
from doomtable.games.doomlings.state import N_CARDS

RL_ENCODING: dict[str, Any] = {
    "domains": {"card": N_CARDS, "color": 16, "age": len(AGES)},
    "verbs": [
        ("pass",),
        ("skip",),
        ("redraw",),
        ("terraform",),
        ("stabilize",),
        ("no_stabilize",),
        ("memory",),
        ("play", "card"),
        ("respond", "card"),
        ("play_on", "card", "player"),
        ("respond_on", "card", "player"),
        ("discard", "card"),
        ("discard_trait", "player", "card"),
        ("give", "player", "card"),
        ("give_trait", "player", "card"),
        ("take", "player", "card"),
        ("take_card", "player", "card"),
        ("return_to", "player", "card"),
        ("return", "card"),
        ("keep", "card"),
        ("show", "card"),
        ("lab", "card"),
        ("use", "player", "card"),
        ("target", "player"),
        ("color", "color"),
        ("recolor", "color", "color"),
        ("doom", "age"),
        ("swap", "card", "player", "card"),
    ],
    "seat_lists": ["seats"],
}
