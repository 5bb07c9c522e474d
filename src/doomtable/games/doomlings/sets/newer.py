"""Newer ages (2025, unverified): 8 ages and 4 catastrophes known only from one fan app's
data, without a set or box. Opt-in (``-o sets=newer``); their readings, and why the
dominants they name (Slumbering) never count, are in docs/rulings.md."""

from __future__ import annotations

from doomtable.games.doomlings.cards import Age, AgeRule, CatastropheEffect, Doom
from doomtable.games.doomlings.sets import CardSet

SET = CardSet(
    name="newer",
    title="Newer ages (2025, unverified)",
    summary="Eight ages and four catastrophes seen only in a fan app's data (2025).",
    traits=(),
    ages=(
        Age(
            "Age of Stability",
            "As your turn begins, you may stabilize to a hand of 5 cards.",
            AgeRule.MAY_STABILIZE_FIVE,
        ),
        Age(
            "Age of the First Ferns",
            "As your turn begins, if your trait pile holds 7 traits or fewer, you may play 1 "
            "effectless trait from your hand.",
            AgeRule.FIRST_FERNS,
        ),
        Age(
            "Age of the Last Dragons",
            "As your turn begins, draw 3 cards; then throw away either those 3 or every other "
            "card in your hand.",
            AgeRule.LAST_DRAGONS,
        ),
        Age(
            "Carbon Boom",
            "As your turn begins, take the top 2 cards of the discard pile into your hand (from "
            "the trait deck for any the discard pile lacks).",
            AgeRule.CARBON_BOOM,
        ),
        Age(
            "Industrial Revolution",
            "When the trait you play on your turn is an attachment, you may play 1 more trait.",
            AgeRule.INDUSTRIAL,
        ),
        Age(
            "Open Portals",
            "As your turn begins, discard 2 cards of your choice or 1 at random; if that leaves "
            "your hand empty, draw 3.",
            AgeRule.OPEN_PORTALS,
        ),
        Age(
            "Return of the Ancients",
            "As your turn begins, you may give up your turn to take 1 of the top 4 cards of "
            "the discard pile and play it.",
            AgeRule.ANCIENTS,
        ),
        Age(
            "Thousand-Year Slumber",
            "As your turn begins, draw 1 card. Playing Slumbering this age would let you draw 4 "
            "and play 1 more trait (no such card is in the game).",
            AgeRule.SLUMBER,
        ),
        Age(
            "Anoxic Event",
            "Throw away every card of face value 3 or more in your hand, then stabilize.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.DISCARD_THREE_UP_AND_STABILIZE,
            doom=Doom.CROWDED_MINUS_SEVEN,
            doom_text="-7 for a trait pile of more than 20 traits.",
        ),
        Age(
            "Discovery of Magic",
            "Discard 3 cards from your hand, none of them a Mythling, then stabilize.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.DISCARD_THREE_SPARING,
            doom=Doom.FAMILY_IN_HAND,
            doom_text="Add the face values of the Mythlings in your hand.",
        ),
        Age(
            "Planned Obsolescence",
            "Discard 1 card from your hand for each Techling in your trait pile, then draw as "
            "many cards as you discarded.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.DISCARD_PER_TECHLING_THEN_DRAW,
            doom=Doom.DISCARD_ATTACHMENTS,
            doom_text="Discard 2 attachments from your trait pile.",
        ),
        Age(
            "Titan's Call",
            "With a dominant in your trait pile, keep 1 card of your hand and throw the rest away.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.KEEP_ONE_IF_DOMINANT,
            doom=Doom.OLD_POWERS,
            doom_text="+3 for 1 dominant Mythling, Dinoling or Techling in your trait pile; +5 "
            "for 2.",
        ),
    ),
)
