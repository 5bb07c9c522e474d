"""Doomlings' reinforcement-learning declaration: plain data read by ``doomtable.rl``.

Every option verb with the domain of each argument (card ids, seats, colour masks, ages), so
each verb x card x target has one fixed action index; ``seats`` is the view's per-seat list;
``observation`` is the structured observation's layout (``doomtable.rl.observation``).
"""

from collections.abc import Mapping
from typing import Any

from doomtable.games.doomlings.data import (
    BASE,
    TRINKETS,
    ages_of_sets,
    card_sets,
    cards_of_sets,
    meanings_of_sets,
)

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


# The choices only some card sets' cards make, after the base set's verbs (so a game without
# the set keeps the base action table), in the order of the sets.
_AGE_VERBS: list[tuple[str, ...]] = [  # --- overlush and kickstarter ages ---
    ("discard_color", "color"),
    ("to_deck", "card"),
    ("draw_bottom",),
    ("draw_one",),
    ("discard_two",),
    ("two_plays",),
]
_OVERLUSH_B_VERBS: list[tuple[str, ...]] = [  # --- overlush (traits b) ---
    ("bottom", "card"),
    ("top", "card"),
    ("face", "face"),
    ("effect", "one_of", "choice"),
    ("nimble", "card"),
    ("seedwing", "card"),
    ("scavenge", "card"),
    ("again", "age"),
    ("from_bottom",),
    ("play_another",),
    ("copy", "card"),  # Opposable Thumbs' dominant to copy
]
_MYTH_VERBS: list[tuple[str, ...]] = [  # --- mythlings, relics, special edition ---
    ("replay", "card"),  # Witchy, Ghostly played as they are discarded
    ("replay_on", "card", "player"),  # Zombified into an opponent's pile
    ("conjure", "card"),  # Conjured from the discard pile
    ("place", "age"),  # Omnipotent's order of the next ages
]
SET_VERBS: dict[str, list[tuple[str, ...]]] = {
    "overlush": [*_AGE_VERBS, *_OVERLUSH_B_VERBS],
    "kickstarter": _AGE_VERBS,
    "mythlings": _MYTH_VERBS,
    "prototypes": _MYTH_VERBS,
    "relics": _MYTH_VERBS,
    "special_edition": _MYTH_VERBS,
    "deeplings": [("suppress", "card")],
    "glitterlings": [("play_both",), ("discard_one",), ("discard_two",), ("discard_three",)],
    # --- trinkets ---: a merchant's trade, a power's optional draw
    "trinkets": [("trash", "trinket"), ("pocket", "trinket"), ("draw_one",)],
    "meaning_of_life": [("meaning", "meaning")],  # keep a Meaning of Life card
    "newer": [
        ("discard_drawn",),
        ("discard_rest",),
        ("discard_two",),
        ("discard_random",),
        ("revive", "card"),
    ],
}
SET_DECISION_KINDS: dict[str, list[str]] = {
    "overlush": ["choice", "bottom", "top", "face", "choose", "return", "scavenge"],
    "kickstarter": ["choice"],
    "mythlings": ["order"],
    "prototypes": ["order"],
    "relics": ["order"],
    "special_edition": ["order"],
    "deeplings": ["suppress"],
    "trinkets": ["trinket"],
    "meaning_of_life": ["meaning"],
}


def _in_order(*groups: list[Any]) -> list[Any]:
    """The items of ``groups`` in order, each once (two sets may add the same verb)."""
    return list(dict.fromkeys(item for group in groups for item in group))


EVERY_VERB: list[tuple[str, ...]] = _in_order(RL_ENCODING["verbs"], *SET_VERBS.values())
"""Every verb of every set: where save files find the card ids of an option."""


def rl_encoding_for(options: Mapping[str, Any]) -> dict[str, Any]:
    """The declaration for a game with these options: card ids and ages up to the highest of
    its card sets (expansion cards follow the base set's, so base ids keep their indexes),
    the verbs its sets add, and the observation's card identities of those sets only."""
    sets = card_sets(options)
    domains: dict[str, Any] = {
        "card": max(cards_of_sets(sets)) + 1,
        "color": 16,
        "age": max(ages_of_sets(sets)) + 1,
    }
    if "overlush" in sets:
        from doomtable.games.doomlings.rules import FACES, ONE_OFS

        domains["face"] = list(FACES)
        domains["one_of"] = len(ONE_OFS)
        domains["choice"] = max(len(one_of.options) for one_of in ONE_OFS)
    if "trinkets" in sets:  # --- trinkets ---
        domains["trinket"] = len(TRINKETS)
    meanings = meanings_of_sets(sets)  # --- meaning of life ---
    if meanings:
        domains["meaning"] = max(meanings) + 1
    return {
        **RL_ENCODING,
        "domains": domains,
        "card_sets": list(sets),
        "verbs": _in_order(RL_ENCODING["verbs"], *(SET_VERBS.get(s, []) for s in sets)),
        "decision_kinds": _in_order(
            RL_ENCODING["decision_kinds"], *(SET_DECISION_KINDS.get(s, []) for s in sets)
        ),
    }
