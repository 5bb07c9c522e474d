"""Doom On You's reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument (card ids of the deck in use, seats, food
amounts, bribe notes, battle powers); ``players`` is the view's per-seat list;
``observation`` is the structured observation's layout (``doomtable.rl.observation``).
"""

from typing import Any

from doomtable.games.doom_on_you.cards import BATTLE_NAMES, DECK_SIZE
from doomtable.games.doom_on_you.data import BRIBE_MAX, NOTES

RL_ENCODING: dict[str, Any] = {
    "domains": {
        "card": DECK_SIZE,
        "food": BRIBE_MAX + 1,
        "note": len(NOTES),
        "power": sorted(BATTLE_NAMES),
    },
    "verbs": [
        ("pass",),
        ("draw",),
        ("stop",),
        ("done",),
        ("go",),
        ("bribe",),
        ("accept",),
        ("decline",),
        ("keep",),
        ("ff_doom",),
        ("place", "card"),
        ("attack", "card"),
        ("sneak", "card"),
        ("lose", "card"),
        ("pile", "card"),
        ("hunt", "card"),
        ("capture", "card"),
        ("block", "card", "card"),
        ("deflect", "card", "player"),
        ("ff", "player"),
        ("counter", "power"),
        ("victim", "player"),
        ("bribe_to", "player"),
        ("bribe_amount", "food"),
        ("bribe_note", "note"),
    ],
    "seat_lists": ["players"],
    "decision_kinds": ["place", "draw", "drawn", "declare", "defend", "respond", "bribe", "doom"],
    "observation": [
        ("number", "deck_size"),
        ("number", "attack_round"),
        ("number", "pile_limit"),
        ("number", "game_over"),
        ("seat", "defender"),
        ("cards", "removed", ()),
        ("cards", "attacks.animal", ("animal",)),
        ("seat", "attacks.owner"),
        ("seat", "attacks.target"),
        ("seat", "attacks.beneficiary"),
        ("number", "attacks.to_block"),
        ("number", "attacks.attack"),
        ("number", "attacks.tokens"),
        ("seat", "bribes.from"),
        ("seat", "bribes.to"),
        ("number", "bribes.amount"),
        ("one_of", "bribes.status", ["offered", "accepted", "declined"]),
        ("seats", "seen_hands", [("cards", "", ())]),
        (
            "seats",
            "players",
            [
                ("number", "food"),
                ("number", "alive"),
                ("number", "hand_size"),
                ("number", "offered_bribe"),
                ("cards", "hand", ()),
                ("cards", "animals", ("animal",)),
                ("number", "animals.defence_left"),
            ],
        ),
    ],
}
