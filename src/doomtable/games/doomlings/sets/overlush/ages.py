"""Overlush ages and catastrophes: each age's rule and each catastrophe's texts in our words,
carried out by the ``AgeRule``, ``CatastropheEffect`` and ``Doom`` members they name."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    Age,
    AgeRule,
    CatastropheEffect,
    Doom,
)

_FOUR_IF_FEW = "-4 if your trait pile holds 2 or fewer {} traits."
_PER_COLOR_LEFT = "+1 for each {} trait in the trait pile of the player on your left."


def _pass_right(
    name: str, color: int, words: str, doom: Doom, doom_text: str, doom_color: int | None = None
) -> Age:
    return Age(
        name,
        f"Everyone hands every {words} card in their hand to the player on their right.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.PASS_COLOR_RIGHT,
        effect_color=color,
        doom=doom,
        doom_color=doom_color,
        doom_text=doom_text,
    )


def _may_discard_color(name: str, color: int, words: str) -> Age:
    return Age(
        name,
        f"As your turn begins, you may throw away every {words} card in your hand.",
        AgeRule.MAY_DISCARD_COLOR,
        effect_color=color,
    )


AGES: tuple[Age, ...] = (
    Age(
        "Age of Adventure",
        "As your turn begins, discard up to 4 cards from your hand, then draw 1. If it shares a "
        "color with a card you just discarded, you may play it at once, without its action "
        "(not a dominant).",
        AgeRule.ADVENTURE,
    ),
    Age(
        "Age of Certainty",
        "The trait deck is turned over for this age: cards are drawn from the other end, face "
        "up for everyone to see.",
        AgeRule.FACE_UP_DECK,
    ),
    Age("Age of Discovery", "As your turn begins, draw 3 cards.", AgeRule.DRAW_THREE),
    Age(
        "Age of Doubt",
        "Nobody may play traits whose face value is below 0.",
        AgeRule.NO_NEGATIVE,
    ),
    Age(
        "Age of Envy",
        "End your turn by stabilizing to the Gene Pool of the player on your right, not yours.",
        AgeRule.ENVY,
    ),
    Age(
        "Backwoods Melodies",
        "As your turn begins, play every trait in your hand with a face value below 0 (not "
        "dominants), without their actions.",
        AgeRule.PLAY_NEGATIVES,
    ),
    Age(
        "Cleansing Rains",
        "As your turn begins, you may discard as many cards from your hand as you like.",
        AgeRule.MAY_DISCARD_ANY,
    ),
    Age(
        "Crackletown",
        "As your turn begins, name a color: the player on your left hands you 1 card of that "
        "color from their hand, if they have one.",
        AgeRule.CRACKLETOWN,
    ),
    Age(
        "Dueling Moons",
        "As your turn begins, either put 1 card from your hand on top of the trait deck, or "
        "draw the bottom card of the trait deck.",
        AgeRule.DUELING_MOONS,
    ),
    Age(
        "Glimmering Gardens",
        "As your turn begins, you may put 1 trait of your trait pile on the discard pile.",
        AgeRule.MAY_DISCARD_TRAIT,
    ),
    Age(
        "Harlequin Falls",
        "As your turn begins, name a color and draw 3 cards: keep those of that color, discard "
        "the others.",
        AgeRule.HARLEQUIN,
    ),
    Age(
        "King of the Jungle",
        "Everyone picks 1 card of their hand and all are shown together. Whoever alone shows "
        "the highest face value keeps their hand; everyone else throws theirs away and draws 3.",
        AgeRule.KING_OF_THE_JUNGLE,
    ),
    Age(
        "Lingering Shadows",
        "Nobody may play a trait of two or more colors.",
        AgeRule.NO_MULTICOLOR,
    ),
    _may_discard_color("Lunar Advance", PURPLE, "purple"),
    _may_discard_color("Misty Groves", GREEN, "green"),
    Age(
        "Nostalgia",
        "As your turn begins, you may take 1 trait from your trait pile back into your hand.",
        AgeRule.MAY_RETURN_TRAIT,
    ),
    _may_discard_color("Rainstorms", BLUE, "blue"),
    Age(
        "Ramblin' River Markets",
        "Before the turns, each player in turn order names a color: for this age, neither they "
        "nor the player on their left may play traits of it.",
        AgeRule.RAMBLIN,
    ),
    Age(
        "Rustling Meadows",
        "As your turn begins, you may trade 1 card of your hand for a new one: discard it, then "
        "draw 1.",
        AgeRule.MAY_REPLACE_ONE,
    ),
    Age("Slumberwood", "Nobody may play dominant traits.", AgeRule.NO_DOMINANT),
    Age(
        "Star Tails",
        "As your turn begins, draw 3 cards; for the rest of your turn you draw no more.",
        AgeRule.STAR_TAILS,
    ),
    _may_discard_color("Summer Solstice", RED, "red"),
    Age(
        "Swamplands",
        "Once you have stabilized, every trait with an action that you played this turn is "
        "discarded, from wherever it is now.",
        AgeRule.SWAMPLANDS,
    ),
    Age(
        "Tangled Canopies",
        "The discard pile is shuffled back into the trait deck.",
        AgeRule.RESHUFFLE_DISCARDS,
    ),
    Age(
        "The Legend of Mokoko Village",
        "As your turn begins, draw 1 card. If Heroic is in your trait pile, you may play 2 "
        "traits this turn, both without their actions.",
        AgeRule.MOKOKO,
    ),
    Age(
        "The Living Library",
        "Before you stabilize, you may use the action of 1 trait in your trait pile again.",
        AgeRule.LIVING_LIBRARY,
    ),
    Age(
        "The Painted Valley",
        "As your turn begins, name a color and draw 1 card: if it is of that color, it is shown "
        "and each opponent draws 1 too.",
        AgeRule.PAINTED_VALLEY,
    ),
    Age(
        "The Stranger",
        "As your turn begins, draw 1 card; you may play it at once, without its action (not a "
        "dominant).",
        AgeRule.STRANGER,
    ),
    # ---- catastrophes
    Age(
        "Algal Superbloom",
        "Draw 1 card for each trait with a face value below 0 in your trait pile.",
        catastrophe=True,
        effect=CatastropheEffect.DRAW_PER_NEGATIVE,
        doom=Doom.PLUS_PER_COLOR_LEFT,
        doom_color=BLUE,
        doom_text=_PER_COLOR_LEFT.format("blue"),
    ),
    Age(
        "Ancient Corruption",
        "Discard every card with an action from your hand.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_ACTIONS,
        doom=Doom.MINUS_PER_ACTION,
        doom_text="-1 for each trait with an action in your trait pile.",
    ),
    Age(
        "Ashlands",
        "Discard every purple and every blue card from your hand, then stabilize.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_COLORS_AND_STABILIZE,
        effect_color=PURPLE | BLUE,
        doom=Doom.MINUS_FOUR_IF_FEW,
        doom_color=PURPLE,
        doom_text=_FOUR_IF_FEW.format("purple"),
    ),
    Age(
        "Choking Vines",
        "For this round, the actions of blue and green traits do not happen.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.IGNORE_COLOR_ACTIONS,
        effect_color=BLUE | GREEN,
        doom=Doom.PLUS_PER_COLOR_LEFT,
        doom_color=GREEN,
        doom_text=_PER_COLOR_LEFT.format("green"),
    ),
    Age(
        "Ecological Collapse",
        "For each color among your traits, discard 1 card from your hand.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_PER_COLOR_KIND,
        doom=Doom.PLUS_TWO_PER_NEGATIVE,
        doom_text="+2 for each trait with a face value below 0 in your trait pile.",
    ),
    _pass_right(
        "Endless Monsoon",
        PURPLE,
        "purple",
        Doom.MINUS_PER_HAND_CARD,
        "-1 for each card left in your hand.",
    ),
    _pass_right(
        "Great Deluge",
        BLUE,
        "blue",
        Doom.MINUS_FOUR_IF_FEW,
        _FOUR_IF_FEW.format("blue"),
        doom_color=BLUE,
    ),
    _pass_right(
        "Invasive Species",
        GREEN,
        "green",
        Doom.SCORE_HAND_CARD,
        "Throw away 1 card of your hand worth 7 or less, and score its face value.",
    ),
    Age(
        "Jungle Rot",
        "For this round, the actions of red and purple traits do not happen.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.IGNORE_COLOR_ACTIONS,
        effect_color=RED | PURPLE,
        doom=Doom.MINUS_FOUR_IF_FEW,
        doom_color=GREEN,
        doom_text=_FOUR_IF_FEW.format("green"),
    ),
    Age(
        "Planetary Deforestation",
        "Discard every green and every red card from your hand, then stabilize.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_COLORS_AND_STABILIZE,
        effect_color=GREEN | RED,
        doom=Doom.MINUS_GENE_POOL,
        doom_text="Your Gene Pool is taken off your score.",
    ),
    Age(
        "Sacrifice",
        "Take 1 trait with a face value above 0 from your trait pile back into your hand.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.RETURN_POSITIVE,
        doom=Doom.MINUS_FOUR_IF_FEW,
        doom_color=RED,
        doom_text=_FOUR_IF_FEW.format("red"),
    ),
    _pass_right(
        "Strange Matter",
        RED,
        "red",
        Doom.MINUS_TWO_PER_DROP,
        "-2 for each trait with a Drop of Life in your trait pile.",
    ),
    Age(
        "Tragedy of the Commons",
        "Name a color among the cards in your hand: keep the cards of that color and discard "
        "the rest.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.KEEP_ONE_COLOR,
        doom=Doom.DISCARD_DROP,
        doom_text="Put 1 of your traits with a Drop of Life on the discard pile.",
    ),
    _pass_right(
        "Tropical Superstorm",
        COLORLESS,
        "colorless",
        Doom.PLUS_PER_COLOR_LEFT,
        _PER_COLOR_LEFT.format("purple"),
        doom_color=PURPLE,
    ),
    Age(
        "Volcanic Winter",
        "Throw away each card in your hand worth 4 or more.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_HIGH,
        doom=Doom.PLUS_PER_COLOR_LEFT,
        doom_color=RED,
        doom_text=_PER_COLOR_LEFT.format("red"),
    ),
)
