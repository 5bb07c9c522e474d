"""Doomlings (Classic edition): traits, ages, catastrophes and the end of the world."""

from dataclasses import replace
from typing import Any

from doomtable.engine import GameSpec, OptionSpec
from doomtable.games.doomlings.blackbox import DoomlingsBlackboxState
from doomtable.games.doomlings.data import AGES, TRAITS
from doomtable.games.doomlings.game import TIEBREAKS, DoomlingsState, card_dict
from doomtable.games.doomlings.variants import VARIANTS


def card_list() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for trait in TRAITS:
        d = card_dict(trait)
        cards.append(
            {
                "name": trait.name,
                "kind": "dominant trait" if trait.dominant else "trait",
                "colors": d["colors"],
                "face_value": trait.face,
                "dominant": trait.dominant,
                "gene_pool": trait.gene_pool,
                "copies": trait.copies,
                "effects": trait.kinds,
                "text": trait.text(),
            }
        )
    for age in AGES:
        kind = "catastrophe" if age.catastrophe else "birth of life" if age.birth_of_life else "age"
        entry: dict[str, Any] = {
            "name": age.name,
            "kind": kind,
            "colors": [],
            "face_value": None,
            "dominant": False,
            "gene_pool": age.gene_pool,
            "copies": 1,
            "text": age.text,
        }
        if age.catastrophe:
            entry["worlds_end"] = age.doom_text
            entry["text"] = f"{age.text} World's End: {age.doom_text}"
        cards.append(entry)
    return cards


SPEC = GameSpec(
    name="doomlings",
    title="Doomlings",
    min_players=1,
    max_players=8,
    create=DoomlingsState.create,
    state_class=DoomlingsState,
    default_options={"tiebreak": "casual", "variant": "none", "eras": 3},
    aliases=("doomlings-classic",),
    summary="Evolve traits before the world ends; most points after 3 catastrophes wins.",
    cards=card_list,
    # Types here; the values allowed (and which go together) are checked by create(), whose
    # messages name the variants and tie-break rules.
    option_schema={
        "tiebreak": OptionSpec(str, f"who wins a tie: {' or '.join(TIEBREAKS)}"),
        "variant": OptionSpec(str, f"a rulebook variation: {', '.join(VARIANTS)}"),
        "eras": OptionSpec(int, "era piles: 3, or 4 with prosperous-world"),
    },
)

# The same cards and options; only the rules hooks and the default tie-break differ.
BLACKBOX_SPEC = replace(
    SPEC,
    name="doomlings-blackbox",
    title="Doomlings (Blackbox edition)",
    create=DoomlingsBlackboxState.create,
    state_class=DoomlingsBlackboxState,
    default_options={**SPEC.default_options, "tiebreak": "draw"},
    aliases=("blackbox",),
    summary="The Blackbox edition's rules: same cards, its own setup and scoring steps.",
)

__all__ = ["BLACKBOX_SPEC", "SPEC", "DoomlingsBlackboxState", "DoomlingsState"]
