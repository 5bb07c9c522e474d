"""Doomlings (Classic edition): traits, ages, catastrophes and the end of the world."""

from dataclasses import replace
from typing import Any

from doomtable.engine import GameSpec, OptionSpec
from doomtable.games.doomlings.blackbox import DoomlingsBlackboxState
from doomtable.games.doomlings.data import (
    AGE_SET,
    AGES,
    MEANING_SET,
    MEANINGS,
    MERCHANT_SET,
    MERCHANTS,
    SET_NAMES,
    SET_TITLES,
    SIDE_GAMES,
    TRAIT_SET,
    TRAITS,
    TRINKET_SET,
    TRINKETS,
)
from doomtable.games.doomlings.game import TIEBREAKS, DoomlingsState, card_dict
from doomtable.games.doomlings.ids import CARD_IDENTITY
from doomtable.games.doomlings.variants import VARIANTS, option_notes


def card_list() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for index, trait in enumerate(TRAITS):
        d = card_dict(trait)
        cards.append(
            {
                "name": trait.name,
                "set": TRAIT_SET[index],
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
    for index, age in enumerate(AGES):
        kind = "catastrophe" if age.catastrophe else "birth of life" if age.birth_of_life else "age"
        entry: dict[str, Any] = {
            "name": age.name,
            "set": AGE_SET[index],
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
    for index, trinket in enumerate(TRINKETS):  # --- trinkets ---
        cards.append(
            {
                "name": trinket.name,
                "set": TRINKET_SET[index],
                "kind": "trinket",
                "value": trinket.value,
                "copies": 1,
                "text": trinket.text(),
            }
        )
    for index, merchant in enumerate(MERCHANTS):
        cards.append(
            {
                "name": merchant.name,
                "set": MERCHANT_SET[index],
                "kind": "merchant",
                "copies": merchant.copies,
                "text": merchant.text(),
            }
        )
    for index, meaning in enumerate(MEANINGS):  # --- meaning of life ---
        cards.append(
            {
                "name": meaning.name,
                "set": MEANING_SET[index],
                "kind": "meaning of life",
                "colors": [],
                "face_value": None,
                "dominant": False,
                "gene_pool": 0,
                "copies": 1,
                "text": meaning.text(),
            }
        )
    return cards


# One paragraph a string; the terminal wraps them to its width.
RULES_SUMMARY = "\n".join(
    (
        "Goal: the most points when the world ends, after the last catastrophe's round.",
        "Your turn: the age's rule applies; play one trait from your hand into your trait "
        "pile (the age must allow it, its requirement must be met, and you may hold at most "
        "2 dominant traits ★); then stabilize: draw up to your Gene Pool, or discard down "
        "to it.",
        "Traits may have an action (once, when played from the hand), a Play When (answers "
        "another player's move), a Drop of Life bonus or a World's End effect (at the end).",
        "Ages: one is flipped each round. Each era pile ends with a catastrophe: it changes "
        "every Gene Pool and has an effect at once, and the round after it is played under it.",
        "The end: after the last catastrophe's round, World's End traits happen, then the "
        "last catastrophe's World's End; then face values, bonuses and World's End effects "
        "are scored.",
        "Ties: casual (the tied players share the win) or draw (each draws a trait; the "
        "highest face value wins).",
    )
)

BLACKBOX_RULES_SUMMARY = "\n".join(
    (
        RULES_SUMMARY,
        "Blackbox edition: an empty hand at the start of a turn draws 3 and skips the turn; "
        "the last catastrophe's effect happens too, and its World's End comes before the "
        "players' World's End traits; Birth of a Hero makes the holder of Heroic play it; a "
        "3rd dominant that arrives by chance is discarded; ties are broken by a drawn trait.",
    )
)

SPEC = GameSpec(
    name="doomlings",
    title="Doomlings",
    min_players=1,
    max_players=8,
    create=DoomlingsState.create,
    state_class=DoomlingsState,
    default_options={"tiebreak": "casual", "variant": "none", "eras": 3, "sets": "base"},
    aliases=("doomlings-classic",),
    summary="Evolve traits before the world ends; most points after 3 catastrophes wins.",
    cards=card_list,
    card_identity=CARD_IDENTITY,
    # Types and choices here (the lobby offers them); which values go together is checked by
    # create(), whose messages say why.
    option_schema={
        "tiebreak": OptionSpec(str, f"who wins a tie: {' or '.join(TIEBREAKS)}", choices=TIEBREAKS),
        "variant": OptionSpec(
            str, f"a rulebook variation: {', '.join(VARIANTS)}", choices=tuple(VARIANTS)
        ),
        "eras": OptionSpec(int, "era piles: 3, or 4 with prosperous-world"),
        "sets": OptionSpec(
            str,
            "card sets added to the base set, comma-separated, or all: "
            + ", ".join(f"{name} ({SET_TITLES[name]})" for name in SET_NAMES[1:])
            + (f" (all leaves out {', '.join(SIDE_GAMES)}: name it)" if SIDE_GAMES else ""),
            choices=SET_NAMES,
            multiple=True,
        ),
    },
    rules_summary=RULES_SUMMARY,
    terminal_table="doomtable.cli.render_doomlings",
    web_page="doomtable.web.pages.doomlings",
    commands="doomtable.cli.score_commands",
    option_notes=option_notes,
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
    rules_summary=BLACKBOX_RULES_SUMMARY,
)

__all__ = ["BLACKBOX_SPEC", "SPEC", "DoomlingsBlackboxState", "DoomlingsState"]
