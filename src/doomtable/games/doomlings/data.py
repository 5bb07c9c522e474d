"""The Doomlings cards: the base set (107 traits, 116 cards; 25 ages, 15 catastrophes, the Birth
of Life) here, then every expansion of ``sets/``.

Names, colours and values follow the current printing (see docs/rulings.md); every sentence of
rules text is generated from the effect primitives in ``cards.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from doomtable.engine import BadOptionError
from doomtable.engine.cards import slugify
from doomtable.engine.errors import not_one_of
from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    Age,
    AgeRule,
    Bonus,
    CatastropheEffect,
    Count,
    DiscardColorFromHands,
    DiscardFromHand,
    DiscardOwnTrait,
    Doom,
    Draw,
    DrawAndPlayGreen,
    EndOfWorldRush,
    GiveFromHand,
    GiveTrait,
    LookAndSteal,
    MayDiscardHandAndStabilize,
    Meaning,
    Merchant,
    MostTraitsBonus,
    MoveSelfToOpponent,
    MutualDiscardTrait,
    NeedInPile,
    OpponentsDiscardTrait,
    Payment,
    PayWithTrait,
    PeekAge,
    Persistent,
    PlayAnother,
    PlayPileAction,
    PlayWhen,
    ReturnTrait,
    RevealAndSteal,
    SameColor,
    Source,
    StealFromHand,
    StealTrait,
    SwapHands,
    SwapThis,
    SwapTraits,
    Trait,
    TraitFilter,
    Trinket,
    Who,
    WorldsEnd,
    color_words,
)
from doomtable.games.doomlings.sets import CardSet, expansions

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS

BASE_TRAITS: tuple[Trait, ...] = (
    Trait("Adorable", P, 4),
    Trait("Altruistic", C, None, bonus=Bonus(Count.GENE_POOL, value=True)),
    Trait("Antlers", R, 3),
    Trait("Apex Predator", R, 4, dominant=True, bonus=MostTraitsBonus(4)),
    Trait("Appealing", G, 3),
    Trait("Automimicry", B, -1, play_when=PlayWhen.PREVENT_ACTION),
    Trait("Bad", R, 1, action=(DiscardFromHand(2, Who.OPPONENTS, at_random=True),)),
    Trait("Bark", G, 2),
    Trait("Big Ears", P, 1),
    Trait("Blubber", B, 4),
    Trait("Boredom", C, None, bonus=Bonus(Count.EFFECT_CARDS_IN_HAND, value=True)),
    Trait("Branches", G, 0, bonus=Bonus(Count.GREEN_PAIRS_OPPONENTS)),
    Trait("Brave", R, 1, bonus=Bonus(Count.DOMINANTS_IN_HAND, points=2)),
    Trait("Brute Strength", R, 4, gene_pool=-1),
    Trait("Camouflage", P, 1, dominant=True, gene_pool=1, bonus=Bonus(Count.HAND)),
    Trait("Chromatophores", B, 0, play_when=PlayWhen.PREVENT_ACTION),
    Trait("Clever", P, 1, action=(RevealAndSteal(),)),
    Trait("Cold Blood", B, 1, action=(Draw(3), PlayAnother(optional=True))),
    Trait("Confusion", C, -2),
    Trait("Costly Signaling", B, -2, action=(ReturnTrait(), PlayAnother())),
    Trait("Deep Roots", G, 2),
    Trait("Delicious", C, 4, requirement=NeedInPile(TraitFilter(color=C), 1)),
    Trait("Denial", C, 4, dominant=True, persistent=Persistent.IGNORE_CATASTROPHE),
    Trait("Directly Register", P, 1, action=(StealTrait(TraitFilter(face=1)),)),
    Trait("Doting", C, 2, action=(GiveFromHand(),)),
    Trait("Dreamer", P, 1, gene_pool=1),
    Trait("Echolocation", B, 4, dominant=True, persistent=Persistent.DRAW_AT_TURN_START),
    Trait("Egg Clusters", B, -1, bonus=Bonus(Count.COLOR_IN_PILE, color=B)),
    Trait("Eloquence", C, 1, worlds_end=WorldsEnd.PLAY_ANOTHER),
    Trait("Endurance", R, 1, persistent=Persistent.COMES_BACK),
    Trait("Faith", C, 4, dominant=True, worlds_end=WorldsEnd.RECOLOR),
    Trait("Fangs", R, 1),
    Trait("Fear", C, 1),
    Trait("Fecundity", G, 1, gene_pool=1),
    Trait("Fine Motor Skills", P, 2),
    Trait("Fire Skin", R, 3),
    Trait("Flatulence", C, 3),
    Trait("Flight", B, 2, action=(SwapHands(),)),
    Trait("Fortunate", G, None, bonus=Bonus(Count.HAND, value=True)),
    Trait("Gills", B, 1),
    Trait("Gratitude", C, None, bonus=Bonus(Count.COLORS_IN_PILE, value=True)),
    Trait("Heat Vision", R, -1, bonus=Bonus(Count.COLOR_IN_PILE, color=R)),
    Trait("Heroic", G, 7, dominant=True, requirement=NeedInPile(TraitFilter(color=G), 3)),
    Trait("Hot Temper", R, 2, action=(DiscardFromHand(2),)),
    Trait("Hyper-Intelligence", R, 4, dominant=True, worlds_end=WorldsEnd.OPPONENTS_DISCARD_COLOR),
    Trait("Immunity", B, 4, dominant=True, bonus=Bonus(Count.NEGATIVE_FACE, points=2)),
    Trait("Impatience", P, 1, action=(StealFromHand(2),)),
    Trait("Introspective", C, 1, action=(Draw(4),)),
    Trait("Inventive", P, 1, action=(PlayPileAction(opponents=True),)),
    Trait("Iridescent Scales", B, 1, action=(Draw(3),)),
    Trait("Just", C, 2, gene_pool=1),
    Trait("Kidney", R, None, bonus=Bonus(Count.SAME_NAME, value=True), copies=6),
    Trait("Late", C, 1, play_when=PlayWhen.AFTER_STABILIZE),
    Trait("Leaves", G, 1),
    Trait("Memory", P, 2, action=(MayDiscardHandAndStabilize(),)),
    Trait("Migratory", B, 2),
    Trait("Mindful", C, 0, bonus=Bonus(Count.COLOR_IN_PILE, color=C)),
    Trait("Mitochondrion", C, 1, gene_pool=1),
    Trait(
        "Morality",
        C,
        5,
        requirement=PayWithTrait(Payment.GIVE, TraitFilter(positive=True)),
    ),
    Trait("Nocturnal", P, 3),
    Trait("Nosy", P, 1, action=(LookAndSteal(2),)),
    Trait("Optimistic Nihilism", C, 4, dominant=True, on_play=(EndOfWorldRush(),)),
    Trait("Overgrowth", G, -1, bonus=Bonus(Count.COLOR_IN_PILE, color=G)),
    Trait("Pack Behavior", G, 3, dominant=True, bonus=Bonus(Count.COLOR_PAIRS)),
    Trait("Painted Shell", B, 1, action=(PlayPileAction(opponents=False),)),
    Trait("Parasitic", P, -2, play_when=PlayWhen.STEAL_PLAYED),
    Trait("Persuasive", P, 1, action=(DiscardColorFromHands(),)),
    Trait("Photosynthesis", G, 1, action=(DrawAndPlayGreen(2),)),
    Trait("Poisonous", P, 2, action=(SwapThis(),)),
    Trait("Pollination", G, 1, bonus=Bonus(Count.FACE_ONE)),
    Trait("Prepper", C, 2, worlds_end=WorldsEnd.PICK_CATASTROPHE),
    Trait("Propagation", G, 1, action=(PlayAnother(),)),
    Trait("Quick", R, 2),
    Trait("Random Fertilization", G, None, bonus=Bonus(Count.GENE_POOL, value=True)),
    Trait("Reckless", R, 3, action=(MutualDiscardTrait(),)),
    Trait("Regenerative Tissue", B, 0, persistent=Persistent.REGROW),
    Trait(
        "Retractable Claws",
        R,
        5,
        requirement=PayWithTrait(Payment.DISCARD, TraitFilter(color=R)),
    ),
    Trait("Saliva", B, 1, gene_pool=1),
    Trait("Saudade", C, 1, bonus=Bonus(Count.COLORS_IN_HAND)),
    Trait("Scutes", B, 3, action=(GiveTrait(),)),
    Trait("Selective Memory", B, 0, action=(PlayAnother(Source.DISCARD),)),
    Trait("Self-Awareness", C, -1, play_when=PlayWhen.INTO_OPPONENT_PILE),
    Trait(
        "Self-Replicating",
        G,
        0,
        action=(PlayAnother(Source.DISCARD, with_action=False),),
        persistent=Persistent.RETURN_ON_GREEN,
    ),
    Trait("Selfish", P, 1, action=(StealTrait(TraitFilter(color=R)),)),
    Trait(
        "Sentience",
        R,
        2,
        dominant=True,
        worlds_end=WorldsEnd.BONUS_PER_COLOR,
        bonus=Bonus(Count.CHOSEN_COLOR),
    ),
    Trait(
        "Sneaky",
        P,
        2,
        play_when=PlayWhen.AT_WORLDS_END,
        worlds_end=WorldsEnd.PLAY_FROM_HAND,
    ),
    Trait("Spiny", B, 1),
    Trait("Sticky Secretions", P, -1, bonus=Bonus(Count.COLOR_IN_PILE, color=P)),
    Trait("Stone Skin", R, 2),
    Trait("Super Spreader", P, 2, gene_pool=-1, gene_pool_all=True),
    Trait("Swarm", G, None, bonus=Bonus(Count.SAME_NAME_ALL_PILES, value=True), copies=5),
    Trait("Sweat", B, 2, action=(DiscardFromHand(1),)),
    Trait("Symbiosis", G, 3, dominant=True, bonus=Bonus(Count.LOWEST_COLOR, points=2)),
    Trait("Teeth", P, 1, gene_pool=1),
    Trait("Telekinetic", P, 1, action=(SwapTraits(SameColor.DIFFERENT),)),
    Trait("Tentacles", B, 1, action=(SwapTraits(SameColor.SAME),)),
    Trait("Territorial", R, 1, action=(OpponentsDiscardTrait(TraitFilter(color=R)),)),
    Trait("The Third Eye", C, 0, action=(PeekAge(), PlayAnother())),
    Trait("Tiny Little Melons", G, 1, action=(StealTrait(TraitFilter(color=G)),)),
    Trait("Tiny", B, 17, dominant=True, bonus=Bonus(Count.TRAITS, points=-1)),
    Trait("Trunk", G, 1, action=(PlayAnother(Source.DISCARD_TOP, with_action=False),)),
    Trait("Vampirism", P, 3, dominant=True, on_play=(StealTrait(play_action=True),)),
    Trait("Venomous", P, -2, action=(PlayAnother(), MoveSelfToOpponent())),
    Trait(
        "Viral",
        P,
        2,
        dominant=True,
        worlds_end=WorldsEnd.PENALTY_PER_COLOR,
    ),
    Trait("Voracious", R, 2, action=(PlayAnother(), DiscardOwnTrait())),
    Trait("Warm Blood", R, -1, gene_pool=2),
    Trait("Woody Stems", G, 1),
)

BASE_AGES: tuple[Age, ...] = (
    Age(
        "The Birth of Life",
        "Everyone starts with a Gene Pool of 5. Play 1 trait on your turn, then stabilize.",
        birth_of_life=True,
    ),
    Age(
        "Age of Dracula",
        "As your turn begins, discard a random card from your hand; if Vampirism is in your "
        "pile, also take a random card from an opponent's hand.",
        AgeRule.DRACULA,
    ),
    Age(
        "Age of Nietzsche",
        "When you would stabilize, you may instead throw away your hand and draw 3.",
        AgeRule.NIETZSCHE,
    ),
    Age("Age of Peace", "No trait actions happen this round.", AgeRule.PEACE),
    Age(
        "Age of Reason",
        "As your turn begins, draw 3 cards, keep 1 of them and discard the other 2.",
        AgeRule.REASON,
    ),
    Age("Age of Wonder", "End your turn holding exactly 4 cards.", AgeRule.WONDER),
    Age(
        "Alien Terraform",
        "As your turn begins, you may throw away the dominant traits in your hand; if you do, "
        "stabilize at once.",
        AgeRule.ALIEN_TERRAFORM,
    ),
    Age("Arid Lands", "Nobody may play blue traits.", AgeRule.NO_BLUE),
    Age("Awakening", "Look at the next age before taking your turn.", AgeRule.AWAKENING),
    Age(
        "Birth of a Hero",
        "Whoever holds Heroic may play it right now, ignoring its requirement and the limit of "
        "2 dominants.",
        AgeRule.HERO,
    ),
    Age("Coastal Formations", "Once you have stabilized, draw 1 more card.", AgeRule.COASTAL),
    Age(
        "Comet Showers", "As your turn begins, discard a random card from your hand.", AgeRule.COMET
    ),
    Age("Eclipse", "Nobody may play red traits.", AgeRule.NO_RED),
    Age(
        "Enlightenment",
        "Before stabilizing, you may discard up to 2 cards from your hand.",
        AgeRule.ENLIGHTENMENT,
    ),
    Age("Flourish", "As your turn begins, draw 2 cards.", AgeRule.FLOURISH),
    Age(
        "Galactic Drift",
        "After playing a colorless trait, you may play one more colorless trait.",
        AgeRule.GALACTIC_DRIFT,
    ),
    Age(
        "Glacial Drift",
        "Only traits with a face value of 3 or less may be played.",
        AgeRule.GLACIAL_DRIFT,
    ),
    Age(
        "High Tides",
        "After playing an effectless trait, you may play one more effectless trait.",
        AgeRule.HIGH_TIDES,
    ),
    Age("Lunar Retreat", "Nobody may play purple traits.", AgeRule.NO_PURPLE),
    Age(
        "Natural Harmony",
        "You may not play a trait sharing a color with the last trait played.",
        AgeRule.NATURAL_HARMONY,
    ),
    Age(
        "Northern Winds",
        "As your turn begins, draw 1 card, then discard 1 card from your hand.",
        AgeRule.NORTHERN_WINDS,
    ),
    Age("Prosperity", "You may skip stabilizing at the end of your turn.", AgeRule.PROSPERITY),
    Age(
        "Reforestation",
        "Traits in trait piles cannot be swapped, stolen or discarded.",
        AgeRule.REFORESTATION,
    ),
    Age("Tectonic Shift", "Nobody may play green traits.", AgeRule.NO_GREEN),
    Age(
        "The Messiah",
        "This round goes backwards: the 1st player goes last.",
        AgeRule.MESSIAH,
    ),
    Age("Tropical Lands", "Nobody may play colorless traits.", AgeRule.NO_COLORLESS),
    # ---- catastrophes
    Age(
        "AI Takeover",
        "Discard down to 1 card in hand.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.KEEP_ONE,
        doom=Doom.COLORLESS_WORTH_TWO,
        doom_text="Every colorless trait is worth 2 and its effects count for nothing "
        "(dominants keep theirs).",
    ),
    Age(
        "Deus Ex Machina",
        "Stabilize. Nothing else happens.",
        catastrophe=True,
        effect=CatastropheEffect.STABILIZE,
        doom=Doom.DRAW_FACE_VALUE,
        doom_text="Draw a card, add its face value (at most 5) to your score, then discard it.",
    ),
    Age(
        "Glacial Meltdown",
        "Discard 2 random cards from your hand.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_TWO_RANDOM,
        doom=Doom.DISCARD_TRAIT,
        doom_filter=TraitFilter(color=BLUE),
        doom_text="Discard 1 blue trait from your trait pile.",
    ),
    Age(
        "Grey Goo",
        "Throw away your hand, then stabilize.",
        catastrophe=True,
        effect=CatastropheEffect.DISCARD_HAND_AND_STABILIZE,
        doom=Doom.MOST_TRAITS_MINUS_FIVE,
        doom_text="Whoever has the most traits (all tied, too) loses 5 points.",
    ),
    Age(
        "Ice Age",
        "Discard 1 card from your hand per red trait in your pile.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_PER_COLOR,
        effect_color=RED,
        doom=Doom.MINUS_PER_COLOR,
        doom_color=RED,
        doom_text="-1 for each red trait in your trait pile.",
    ),
    Age(
        "Mass Extinction",
        "Discard 1 card from your hand per colorless trait in your pile.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_PER_COLOR,
        effect_color=COLORLESS,
        doom=Doom.DISCARD_TRAIT,
        doom_filter=TraitFilter(color=GREEN),
        doom_text="Discard 1 green trait from your trait pile.",
    ),
    Age(
        "Mega Tsunami",
        "Everyone passes their hand to the player on their right.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.PASS_HAND_RIGHT,
        doom=Doom.DISCARD_TRAIT,
        doom_filter=TraitFilter(color=RED),
        doom_text="Discard 1 red trait from your trait pile.",
    ),
    Age(
        "Nuclear Winter",
        "Stabilize, then discard 1 card from your hand.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.STABILIZE_THEN_DISCARD,
        doom=Doom.DISCARD_TRAIT,
        doom_filter=TraitFilter(color=COLORLESS),
        doom_text="Discard 1 colorless trait from your trait pile.",
    ),
    Age(
        "Overpopulation",
        "Draw 1 card per color in your trait pile.",
        catastrophe=True,
        gene_pool=1,
        effect=CatastropheEffect.DRAW_PER_COLOR,
        doom=Doom.FEWEST_TRAITS_PLUS_FOUR,
        doom_text="Whoever has the fewest traits (all tied, too) gains 4 points.",
    ),
    Age(
        "Pulse Event",
        "Discard 1 card from your hand per purple trait in your pile.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_PER_COLOR,
        effect_color=PURPLE,
        doom=Doom.DISCARD_TRAIT,
        doom_filter=TraitFilter(color=PURPLE),
        doom_text="Discard 1 purple trait from your trait pile.",
    ),
    Age(
        "Retrovirus",
        "Discard 1 card from your hand per green trait in your pile.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_PER_COLOR,
        effect_color=GREEN,
        doom=Doom.MINUS_PER_COLOR,
        doom_color=GREEN,
        doom_text="-1 for each green trait in your trait pile.",
    ),
    Age(
        "Solar Flare",
        "Discard half of your hand, rounding up.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_HALF,
        doom=Doom.MINUS_PER_COLOR,
        doom_color=PURPLE,
        doom_text="-1 for each purple trait in your trait pile.",
    ),
    Age(
        "Super Volcano",
        "Discard 1 card from your hand per blue trait in your pile.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_PER_COLOR,
        effect_color=BLUE,
        doom=Doom.MINUS_PER_COLOR,
        doom_color=BLUE,
        doom_text="-1 for each blue trait in your trait pile.",
    ),
    Age(
        "The Big One",
        "Hand 1 card from your hand to each neighbour, left and right.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.GIVE_NEIGHBOURS,
        doom=Doom.MINUS_PER_MISSING_COLOR,
        doom_text="-2 for each of the 4 colors missing from your trait pile.",
    ),
    Age(
        "The Four Horsemen",
        "Discard 1 trait from your trait pile.",
        catastrophe=True,
        gene_pool=-1,
        effect=CatastropheEffect.DISCARD_ANY_TRAIT,
        doom=Doom.DISCARD_TRAIT,
        doom_filter=TraitFilter(min_face=4),
        doom_text="Discard 1 trait with a face value of 4 or more from your trait pile.",
    ),
)

BASE = "base"
EXPANSIONS: tuple[CardSet, ...] = expansions()
SET_NAMES: tuple[str, ...] = (BASE, *(card_set.name for card_set in EXPANSIONS))
SET_TITLES: dict[str, str] = {BASE: "Classic", **{c.name: c.title for c in EXPANSIONS}}
SIDE_GAMES: tuple[str, ...] = tuple(
    c.name for c in EXPANSIONS if c.trinkets and not c.traits and not c.ages
)
"""--- trinkets ---: sets that add a game beside the decks rather than cards to them: ``all``
leaves them out, so that a game of every card set scores as the cards on the table say."""

# Expansion cards follow the base set's, so a base card's index never changes.
TRAITS: tuple[Trait, ...] = BASE_TRAITS + tuple(t for c in EXPANSIONS for t in c.traits)
AGES: tuple[Age, ...] = BASE_AGES + tuple(a for c in EXPANSIONS for a in c.ages)
TRAIT_SET: tuple[str, ...] = (BASE,) * len(BASE_TRAITS) + tuple(
    c.name for c in EXPANSIONS for _ in c.traits
)
AGE_SET: tuple[str, ...] = (BASE,) * len(BASE_AGES) + tuple(
    c.name for c in EXPANSIONS for _ in c.ages
)

BIRTH_OF_LIFE = 0
FOUR_HORSEMEN = next(i for i, a in enumerate(AGES) if a.name == "The Four Horsemen")

# Instance ids: card i of the deck is TRAITS[TRAIT_OF[i]]; copies get consecutive ids.
TRAIT_OF: tuple[int, ...] = tuple(
    index for index, trait in enumerate(TRAITS) for _ in range(trait.copies)
)


def _design_slugs(names: list[str], sets: tuple[str, ...], details: list[str]) -> tuple[str, ...]:
    """A slug per design: its name's; a later design whose name is taken (Overlush's green
    Kidney, its Swarms) adds its set and its colours (``swarm-overlush-blue``)."""
    slugs: list[str] = []
    for name, card_set, detail in zip(names, sets, details, strict=True):
        slug = slugify(name)
        if slug in slugs:
            slug = slugify(f"{name} {card_set} {detail}")
        slugs.append(slug)
    return tuple(slugs)


TRAIT_SLUGS: tuple[str, ...] = _design_slugs(
    [t.name for t in TRAITS], TRAIT_SET, [color_words(t.colors) for t in TRAITS]
)
AGE_SLUGS: tuple[str, ...] = _design_slugs(
    [a.name for a in AGES], AGE_SET, ["catastrophe" if a.catastrophe else "age" for a in AGES]
)

# By name (a name several sets print finds the earliest design) and by slug.
TRAIT_INDEX: dict[str, int] = {}
for _index, _trait in enumerate(TRAITS):
    TRAIT_INDEX.setdefault(_trait.name.casefold(), _index)
    TRAIT_INDEX.setdefault(TRAIT_SLUGS[_index], _index)
AGE_INDEX: dict[str, int] = {}
for _index, _age in enumerate(AGES):
    AGE_INDEX.setdefault(_age.name.casefold(), _index)
    AGE_INDEX.setdefault(AGE_SLUGS[_index], _index)


def parse_sets(text: str) -> tuple[str, ...]:
    """The card sets a ``sets`` option names, in table order: a comma-separated list of set
    names, or ``all`` (every set of traits and ages: a side game such as the trinkets is
    played only when named); the base set is always in. Raises ``ValueError`` naming what is
    wrong."""
    names = [n.strip().casefold() for n in text.split(",") if n.strip()]
    if names == ["all"]:
        return tuple(n for n in SET_NAMES if n not in SIDE_GAMES)
    unknown = [n for n in names if n not in SET_NAMES]
    if unknown:
        raise ValueError(not_one_of("card set", unknown[0], SET_NAMES, also="all"))
    return tuple(n for n in SET_NAMES if n == BASE or n in names)


def card_sets(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The card sets a game's ``sets`` option names (the base set alone when absent)."""
    try:
        return parse_sets(str(options.get("sets", BASE)))
    except ValueError as error:
        raise BadOptionError(str(error)) from None


def cards_of_sets(sets: tuple[str, ...]) -> list[int]:
    """The trait card ids (instances) of these sets, in id order."""
    return [card for card, design in enumerate(TRAIT_OF) if TRAIT_SET[design] in sets]


def ages_of_sets(sets: tuple[str, ...]) -> list[int]:
    """The ages and catastrophes (Birth of Life included) of these sets, in index order."""
    return [age for age in range(len(AGES)) if AGE_SET[age] in sets]


# --- trinkets ---
# Trinkets and merchants are numbered apart from traits and ages: an index into TRINKETS, and
# a merchant card an index into MERCHANT_OF (its copies get consecutive ids).
TRINKETS: tuple[Trinket, ...] = tuple(t for c in EXPANSIONS for t in c.trinkets)
TRINKET_SET: tuple[str, ...] = tuple(c.name for c in EXPANSIONS for _ in c.trinkets)
MERCHANTS: tuple[Merchant, ...] = tuple(m for c in EXPANSIONS for m in c.merchants)
MERCHANT_SET: tuple[str, ...] = tuple(c.name for c in EXPANSIONS for _ in c.merchants)
MERCHANT_OF: tuple[int, ...] = tuple(i for i, m in enumerate(MERCHANTS) for _ in range(m.copies))
TRINKET_SLUGS: tuple[str, ...] = tuple(slugify(t.name) for t in TRINKETS)
MERCHANT_SLUGS: tuple[str, ...] = tuple(slugify(m.name) for m in MERCHANTS)
TRINKET_INDEX: dict[str, int] = {}
for _index, _trinket in enumerate(TRINKETS):
    TRINKET_INDEX[_trinket.name.casefold()] = _index
    TRINKET_INDEX[TRINKET_SLUGS[_index]] = _index
MERCHANT_INDEX: dict[str, int] = {}
for _index, _merchant in enumerate(MERCHANTS):
    MERCHANT_INDEX[_merchant.name.casefold()] = _index
    MERCHANT_INDEX[MERCHANT_SLUGS[_index]] = _index


def trinkets_of_sets(sets: tuple[str, ...]) -> list[int]:
    """The trinkets of these sets, in index order."""
    return [t for t in range(len(TRINKETS)) if TRINKET_SET[t] in sets]


def merchants_of_sets(sets: tuple[str, ...]) -> list[int]:
    """The merchant cards (copies each) of these sets, in id order."""
    return [m for m, design in enumerate(MERCHANT_OF) if MERCHANT_SET[design] in sets]


# --- meaning of life ---
MEANING_OF_LIFE = "meaning_of_life"
"""The set whose presence deals Meaning of Life cards: its own, and those of the other sets
of the game (Overlush's)."""
MEANINGS: tuple[Meaning, ...] = tuple(m for c in EXPANSIONS for m in c.meanings)
MEANING_SET: tuple[str, ...] = tuple(c.name for c in EXPANSIONS for _ in c.meanings)
MEANING_SLUGS: tuple[str, ...] = tuple(slugify(m.name) for m in MEANINGS)
MEANING_INDEX: dict[str, int] = {}
for _index, _meaning in enumerate(MEANINGS):
    MEANING_INDEX.setdefault(_meaning.name.casefold(), _index)
    MEANING_INDEX.setdefault(MEANING_SLUGS[_index], _index)


def meanings_of_sets(sets: tuple[str, ...]) -> list[int]:
    """The Meaning of Life cards a game with these sets deals (none without the Meaning of
    Life set), in index order."""
    if MEANING_OF_LIFE not in sets:
        return []
    return [m for m in range(len(MEANINGS)) if MEANING_SET[m] in sets]
