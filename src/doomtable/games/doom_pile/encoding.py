"""Doom Pile's reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument, so each verb x card x target has one fixed
action index. A ``card`` is a card instance id (player ``p`` owns ``p*30 .. p*30+29`` all game,
numbered in the order of that player's deck list); an ``ability`` is the
index of one of a card's abilities (its RESOLVES text, then each trigger, then ON COMMAND);
``players`` is the view's per-seat list; ``observation`` is the structured observation's
layout (``doomtable.rl.observation``).
"""

from typing import Any

from doomtable.games.doom_pile import SPEC
from doomtable.games.doom_pile.data import CARD_DEFS, DECK_SIZE

MOST_ABILITIES = max(1 + len(d.triggers) + (d.command is not None) for d in CARD_DEFS)

CARD_KINDS = ("Plot", "Minion", "Artifice")
TALLIES = ("sacrificed", "killed", "destroyed", "thwarted", "interred", "revived")

RL_ENCODING: dict[str, Any] = {
    "domains": {"card": SPEC.max_players * DECK_SIZE, "ability": MOST_ABILITIES},
    "verbs": [
        ("end",),
        ("keep",),
        ("shuffle",),
        ("auto",),
        ("yes",),
        ("no",),
        ("play", "card"),
        ("command", "card"),
        ("next", "card"),
        ("resolve", "card"),
        ("pay", "card"),
        ("target", "card"),
        ("first", "card", "ability"),
        ("attack", "card", "card"),
    ],
    "seat_lists": ["players"],
    "decision_kinds": ["plot", "attack", "cost", "target", "optional", "order", "resolve", "stack"],
    "observation": [
        ("number", "turn"),
        ("number", "game_over"),
        ("seat", "turn_player"),
        ("one_of", "phase", ["start", "stacking", "plot", "attack", "end"]),
        ("cards", "interred", CARD_KINDS),
        (
            "seats",
            "players",
            [
                ("cards", "plan", ("Master Plan",)),
                ("number", "hand_size"),
                ("number", "deck_size"),
                *(("number", f"tally.{name}") for name in TALLIES),
                ("cards", "hand", CARD_KINDS),
                ("cards", "deck", CARD_KINDS),
                ("cards", "countdown", CARD_KINDS),
                ("number", "countdown.count"),
                ("cards", "field", CARD_KINDS),
                ("number", "field.strength"),
                ("number", "field.health"),
                ("cards", "discard", CARD_KINDS),
            ],
        ),
    ],
}
