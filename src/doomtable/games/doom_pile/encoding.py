"""Doom Pile's reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument, so each verb x card x target has one fixed
action index. A ``card`` is a card instance id (player ``p`` owns ``p*30 .. p*30+29`` all game;
which card each id is follows the decks in use, as the view shows); an ``ability`` is the
index of one of a card's abilities (its RESOLVES text, then each trigger, then ON COMMAND);
``players`` is the view's per-seat list.
"""

from typing import Any

from doomtable.games.doom_pile import SPEC
from doomtable.games.doom_pile.data import CARD_DEFS, DECK_SIZE

MOST_ABILITIES = max(1 + len(d.triggers) + (d.command is not None) for d in CARD_DEFS)

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
}
