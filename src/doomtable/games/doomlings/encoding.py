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
        # --- mythlings, relics, special edition ---
        ("replay", "card"),
        ("replay_on", "card", "player"),
        ("conjure", "card"),
        ("place", "age"),
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
        "order",  # --- relics ---
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
SET_VERBS: dict[str, list[tuple[str, ...]]] = {
    "overlush": _AGE_VERBS,
    "kickstarter": _AGE_VERBS,
    "deeplings": [("suppress", "card")],
}
SET_DECISION_KINDS: dict[str, list[str]] = {
    "overlush": ["choice"],
    "kickstarter": ["choice"],
    "deeplings": ["suppress"],
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
    encoding: dict[str, Any] = {
        **RL_ENCODING,
        "domains": {
            "card": max(cards_of_sets(sets)) + 1,
            "color": 16,
            "age": max(ages_of_sets(sets)) + 1,
        },
        "card_sets": list(sets),
        "verbs": _in_order(RL_ENCODING["verbs"], *(SET_VERBS.get(s, []) for s in sets)),
        "decision_kinds": _in_order(
            RL_ENCODING["decision_kinds"], *(SET_DECISION_KINDS.get(s, []) for s in sets)
        ),
    }
    if "overlush" in sets:  # --- overlush (traits b) ---
        encoding = _with_overlush_b(encoding)
    return encoding


# --- overlush (traits b) ---

_OVERLUSH_B_VERBS: list[tuple[str, ...]] = [
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
]
_OVERLUSH_B_KINDS = ["bottom", "top", "face", "choose", "return", "scavenge"]


def _with_overlush_b(encoding: dict[str, Any]) -> dict[str, Any]:
    """The verbs and decision kinds of the Overlush traits Mycelium to Xylophage, after the
    base set's (whose action indexes stay as they are)."""
    from doomtable.games.doomlings.rules import FACES, ONE_OFS

    return {
        **encoding,
        "domains": {
            **encoding["domains"],
            "face": list(FACES),
            "one_of": len(ONE_OFS),
            "choice": max(len(one_of.options) for one_of in ONE_OFS),
        },
        "verbs": [*encoding["verbs"], *_OVERLUSH_B_VERBS],
        "decision_kinds": [*encoding["decision_kinds"], *_OVERLUSH_B_KINDS],
    }
