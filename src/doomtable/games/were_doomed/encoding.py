"""We're Doomed!'s reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument, so each action has one fixed index:
``player`` (seats; ``nuke`` also takes the robots of Robot Uprising), ``civilization`` (index
into the civilizations), ``event`` (event card ids), ``total`` (a player's running total
contributed this phase, at most every Resource token in the game); ``players`` is the view's
per-seat list; ``observation`` is the structured observation's layout
(``doomtable.rl.observation``; times in seconds).
"""

from typing import Any

from doomtable.games.were_doomed import SPEC
from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS
from doomtable.games.were_doomed.data import RESOURCE_TOKENS, ROBOTS

EVENT_KINDS = ("public event", "clandestine event")

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
    # Nobody wins when nobody boards: every player's share is then 0.
    "constant_sum": False,
    "decision_kinds": ["pick", "act", "pressure", "contribute", "challenge", "vote"],
    "observation": [
        ("number", "clock_ms", 1000),
        ("number", "remaining_ms", 1000),
        ("number", "ended"),
        ("one_of", "phase", ["setup", "take action", "contribute", "vote", "challenge", "over"]),
        ("number", "round"),
        ("seat", "acting"),
        ("number", "project"),
        ("number", "seats"),
        ("number", "bags.resources"),
        ("number", "bags.influence"),
        ("number", "coin"),
        ("number", "deck_size"),
        ("cards", "civilizations_left", ("civilization",)),
        ("cards", "hand", EVENT_KINDS),
        ("cards", "in_play", EVENT_KINDS),
        ("seat", "pressure.by"),
        ("seat", "pressure.on"),
        ("number", "pressure.left_ms", 1000),
        ("one_of", "vote.purpose", ["coin", "dilemma", "lizard", "board"]),
        ("seat", "vote.candidates"),
        ("number", "vote.left_ms", 1000),
        ("seat", "aboard"),
        (
            "seats",
            "players",
            [
                ("cards", "civilization", ("civilization",)),
                ("number", "resources"),
                ("number", "influence"),
                ("number", "alive"),
                ("number", "contribution"),
                ("number", "contributed_total"),
                ("number", "done"),
                ("number", "clandestine"),
                ("number", "aboard"),
                ("seat", "vote"),
            ],
        ),
    ],
}
