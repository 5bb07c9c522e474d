"""Doomlings' reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument (card ids, seats, colour masks, ages), so
each verb x card x target has one fixed action index; ``seats`` is the view's per-seat list;
``observation`` is the structured observation's layout (``doomtable.rl.observation``).
"""

from collections.abc import Mapping
from typing import Any

from doomtable.games.doomlings.data import BASE, ages_of_sets, card_sets, cards_of_sets

TRAIT_KINDS = ("trait", "dominant trait")
AGE_KINDS = ("age", "catastrophe", "birth of life")

RL_ENCODING: dict[str, Any] = {
    # The base set's; a game with more card sets has its own (rl_encoding_for).
    "domains": {
        "card": max(cards_of_sets((BASE,))) + 1,
        "color": 16,
        "age": max(ages_of_sets((BASE,))) + 1,
    },
    "card_sets": [BASE],
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
    "decision_kinds": [
        "turn",
        "play",
        "respond",
        "discard",
        "discard_trait",
        "give",
        "take",
        "keep",
        "pay",
        "optional",
        "target",
        "use",
        "swap",
        "color",
        "recolor",
        "reveal",
        "stabilize",
        "age",
        "doom",
        "draft",
        "mishap",
    ],
    "observation": [
        ("number", "round"),
        ("number", "era"),
        ("number", "ages_left"),
        ("number", "deck_size"),
        ("number", "discard_size"),
        ("number", "own_deck_size"),
        ("number", "game_over"),
        ("seat", "first_player"),
        ("seat", "turn_player"),
        ("cards", "age", AGE_KINDS),
        ("cards", "next_age", AGE_KINDS),
        ("cards", "catastrophes", AGE_KINDS),
        ("cards", "hand", TRAIT_KINDS),
        ("cards", "discard", TRAIT_KINDS),
        ("cards", "discard_top", TRAIT_KINDS),
        ("cards", "pack", TRAIT_KINDS),
        ("cards", "lab", TRAIT_KINDS),
        ("cards", "revealed.card", TRAIT_KINDS),
        ("seat", "revealed.from"),
        (
            "seats",
            "seats",
            [
                ("number", "gene_pool"),
                ("number", "hand_size"),
                ("number", "score"),
                ("number", "dominants"),
                ("cards", "traits", TRAIT_KINDS),
            ],
        ),
    ],
}


# --- mythlings, relics, special edition ---
EXPANSION_VERBS: tuple[tuple[str, ...], ...] = (
    ("replay", "card"),
    ("replay_on", "card", "player"),
    ("conjure", "card"),
    ("place", "age"),
)
"""Verbs only expansion cards make, declared after the base game's for a game with expansions
(a base game's action space stays as it was)."""
EXPANSION_DECISION_KINDS: tuple[str, ...] = ("order",)


def rl_encoding_for(options: Mapping[str, Any]) -> dict[str, Any]:
    """The declaration for a game with these options: card ids and ages up to the highest of
    its card sets (expansion cards follow the base set's, so base ids keep their indexes),
    and the observation's card identities of those sets only."""
    sets = card_sets(options)
    expansions = sets != (BASE,)
    return {
        **RL_ENCODING,
        "verbs": [*RL_ENCODING["verbs"], *(EXPANSION_VERBS if expansions else ())],
        "decision_kinds": [
            *RL_ENCODING["decision_kinds"],
            *(EXPANSION_DECISION_KINDS if expansions else ()),
        ],
        "domains": {
            "card": max(cards_of_sets(sets)) + 1,
            "color": 16,
            "age": max(ages_of_sets(sets)) + 1,
        },
        "card_sets": list(sets),
    }
