"""We're Doomed!'s reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument, so each action has one fixed index:
``player`` (seats; ``nuke`` also takes the robots of Robot Uprising), ``civilization`` (index
into the civilizations), ``event`` (event card ids), ``total`` (a player's running total
contributed this phase, at most every Resource token in the game); ``players`` is the view's
per-seat list.
"""

from typing import Any

from doomtable.games.were_doomed import SPEC
from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS
from doomtable.games.were_doomed.state import RESOURCE_TOKENS, ROBOTS

RL_ENCODING: dict[str, Any] = {
    "domains": {
        "civilization": len(CIVILIZATIONS),
        "event": len(EVENTS),
        "total": RESOURCE_TOKENS + 1,
        "target": [ROBOTS, *range(SPEC.max_players)],
    },
    "verbs": [
        ("produce",),
        ("indoctrinate",),
        ("done",),
        ("wait",),
        ("give_up",),
        ("yes",),
        ("no",),
        ("pick", "civilization"),
        ("propagandize", "player"),
        ("invade", "player"),
        ("nuke", "target"),
        ("pressure", "player"),
        ("contribute", "total"),
        ("play", "event"),
        ("type", "event"),
        ("vote", "player"),
    ],
    "seat_lists": ["players"],
}
