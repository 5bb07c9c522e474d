"""Every effect primitive, with every target kind, resolved on one known table.

The cases are checked against a matrix generated from the vocabulary itself: every member of
``cards.Action`` once, and a primitive with a ``who`` field once per ``Who`` (you, each
opponent, every player) and per value of its other flags. A new primitive or target kind fails
``test_the_cases_cover_every_primitive_and_target_kind`` until a case says what it does.

Each case resolves the primitive through ``EFFECTS`` as an effect of Sweat (in player 0's pile,
not otherwise involved), for player 0 of three, then answers every decision with its first
option other than ``pass`` (response windows: ``pass``) until a turn is due again. It checks
who was asked what, in order, the zones that changed, and that every zone change the log shows
names Sweat as its cause.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any

import pytest

from doomtable.engine import PASS, RESPOND, new_game
from doomtable.games.doomlings import cards as c
from doomtable.games.doomlings.game import _CAUSED, DoomlingsState
from doomtable.games.doomlings.rules import EFFECTS
from doomtable.games.doomlings.state import CARD

SWEAT = next(i for i, t in enumerate(CARD) if t.name == "Sweat")
HANDS = {
    0: ["Bark", "Gills", "Fangs"],
    1: ["Spiny", "Deep Roots", "Woody Stems"],
    2: ["Big Ears", "Fear", "Adorable"],
}
PILES = {0: ["Leaves", "Quick", "Sweat"], 1: ["Antlers", "Blubber"], 2: ["Stone Skin", "Fire Skin"]}
SETUP: dict[str, Any] = {
    "players": {p: {"hand": HANDS[p], "traits": PILES[p], "gene_pool": 5} for p in range(3)},
    "deck_top": ["Appealing", "Migratory", "Nocturnal", "Confusion", "Fine Motor Skills"],
    "discard": ["Flatulence"],
    "age_deck": ["Flourish", "Ice Age", "Eclipse", "Grey Goo", "Age of Peace", "Solar Flare"],
    "first_player": 0,
}
RED = c.TraitFilter(color=c.RED)


@dataclass(frozen=True)
class Case:
    fx: Any
    asks: list[tuple[int, str]] = field(default_factory=list)  # (player, decision kind), in order
    hands: dict[int, list[str] | int] = field(default_factory=dict)  # names, or a size
    piles: dict[int, list[str]] = field(default_factory=dict)
    discard: list[str] | int | None = None  # names, or a size
    extra: dict[str, Any] = field(default_factory=dict)  # other state fields
    hand_0: list[str] | None = None  # player 0's hand, where not SETUP's

    @property
    def id(self) -> str:
        return repr(self.fx)


def both(responders: tuple[int, ...] = (1, 2)) -> list[tuple[int, str]]:
    return [(q, RESPOND) for q in responders]


CASES = [
    # ---------------------------------------------------------------- hands
    Case(c.Draw(2), hands={0: [*HANDS[0], "Appealing", "Migratory"]}),
    Case(
        c.Draw(1, c.Who.OPPONENTS),
        hands={0: HANDS[0], 1: [*HANDS[1], "Appealing"], 2: [*HANDS[2], "Migratory"]},
    ),
    Case(
        c.Draw(1, c.Who.ALL),
        hands={
            0: [*HANDS[0], "Appealing"],
            1: [*HANDS[1], "Migratory"],
            2: [*HANDS[2], "Nocturnal"],
        },
    ),
    Case(
        c.DiscardFromHand(1),
        asks=[(0, "discard")],
        hands={0: ["Gills", "Fangs"], 1: HANDS[1]},
        discard=["Flatulence", "Bark"],
    ),
    Case(
        c.DiscardFromHand(1, c.Who.OPPONENTS),
        asks=[(1, "discard"), (2, "discard")],  # in turn order from the player's left
        hands={0: HANDS[0], 1: ["Deep Roots", "Woody Stems"], 2: ["Fear", "Adorable"]},
        discard=["Flatulence", "Spiny", "Big Ears"],
    ),
    Case(
        c.DiscardFromHand(1, c.Who.ALL),
        asks=[(0, "discard"), (1, "discard"), (2, "discard")],
        hands={0: ["Gills", "Fangs"], 1: ["Deep Roots", "Woody Stems"], 2: ["Fear", "Adorable"]},
        discard=["Flatulence", "Bark", "Spiny", "Big Ears"],
    ),
    Case(c.DiscardFromHand(2, at_random=True), hands={0: 1, 1: 3, 2: 3}, discard=3),
    Case(
        c.DiscardFromHand(2, c.Who.OPPONENTS, at_random=True),
        hands={0: 3, 1: 1, 2: 1},
        discard=5,
    ),
    Case(c.DiscardFromHand(1, c.Who.ALL, at_random=True), hands={0: 2, 1: 2, 2: 2}, discard=4),
    Case(
        c.DiscardColorFromHands(),  # names blue: Gills and Spiny go
        asks=[(0, "color")],
        hands={0: ["Bark", "Fangs"], 1: ["Deep Roots", "Woody Stems"], 2: HANDS[2]},
        discard=["Flatulence", "Gills", "Spiny"],
    ),
    Case(
        c.StealFromHand(2),
        asks=[(0, "target")],
        hands={0: 5, 1: 1, 2: 3},
        discard=["Flatulence"],
    ),
    Case(
        c.RevealAndSteal(),  # Spiny and Big Ears are shown; Spiny is taken and played
        asks=[(1, "reveal"), (2, "reveal"), (0, "take"), *both()],
        hands={0: HANDS[0], 1: ["Deep Roots", "Woody Stems"], 2: HANDS[2]},
        piles={0: [*PILES[0], "Spiny"]},
    ),
    Case(
        c.LookAndSteal(2),  # 2 of player 1's cards seen, 1 taken and played
        asks=[(0, "target"), (0, "take"), *both()],
        hands={0: HANDS[0], 1: 2, 2: HANDS[2]},
        extra={"pile_sizes": [4, 2, 2]},
    ),
    Case(
        c.GiveFromHand(),
        asks=[(0, "give")],
        hands={0: ["Gills", "Fangs"], 1: [*HANDS[1], "Bark"], 2: HANDS[2]},
    ),
    Case(
        c.SwapHands(),
        asks=[(0, "target")],
        hands={0: HANDS[1], 1: HANDS[0], 2: HANDS[2]},
    ),
    Case(
        c.MayDiscardHandAndStabilize(),  # then stabilizes to the Gene Pool of 5
        asks=[(0, "optional")],
        hands={0: ["Appealing", "Migratory", "Nocturnal", "Confusion", "Fine Motor Skills"]},
        discard=["Flatulence", "Bark", "Gills", "Fangs"],
    ),
    # ---------------------------------------------------------------- trait piles
    Case(
        c.StealTrait(),
        asks=[(0, "take")],
        piles={0: [*PILES[0], "Antlers"], 1: ["Blubber"], 2: PILES[2]},
    ),
    Case(
        c.StealTrait(c.TraitFilter(color=c.BLUE), play_action=True),  # Blubber has no action
        asks=[(0, "take")],
        piles={0: [*PILES[0], "Blubber"], 1: ["Antlers"], 2: PILES[2]},
    ),
    Case(
        c.ReturnTrait(),
        asks=[(0, "target")],
        hands={1: [*HANDS[1], "Antlers"]},
        piles={0: PILES[0], 1: ["Blubber"]},
    ),
    Case(
        c.GiveTrait(),
        asks=[(0, "give")],
        piles={0: ["Quick", "Sweat"], 1: [*PILES[1], "Leaves"], 2: PILES[2]},
    ),
    Case(
        c.SwapThis(),
        asks=[(0, "swap")],
        piles={0: ["Leaves", "Quick", "Antlers"], 1: ["Blubber", "Sweat"], 2: PILES[2]},
    ),
    Case(
        c.SwapTraits(c.SameColor.SAME),  # green Leaves shares no colour: red Quick for Antlers
        asks=[(0, "swap")],
        piles={0: ["Leaves", "Sweat", "Antlers"], 1: ["Blubber", "Quick"], 2: PILES[2]},
    ),
    Case(
        c.SwapTraits(c.SameColor.DIFFERENT),
        asks=[(0, "swap")],
        piles={0: ["Quick", "Sweat", "Antlers"], 1: ["Blubber", "Leaves"], 2: PILES[2]},
    ),
    Case(
        c.OpponentsDiscardTrait(RED),
        asks=[(1, "discard_trait"), (2, "discard_trait")],
        piles={0: PILES[0], 1: ["Blubber"], 2: ["Fire Skin"]},
        discard=["Flatulence", "Antlers", "Stone Skin"],
    ),
    Case(
        c.MutualDiscardTrait(),  # never Sweat itself
        asks=[(0, "target"), (0, "discard_trait"), (1, "discard_trait")],
        piles={0: ["Quick", "Sweat"], 1: ["Blubber"], 2: PILES[2]},
        discard=["Flatulence", "Antlers", "Leaves"],
    ),
    Case(
        c.DiscardOwnTrait(),
        asks=[(0, "discard_trait")],
        piles={0: ["Quick", "Sweat"], 1: PILES[1]},
        discard=["Flatulence", "Leaves"],
    ),
    Case(
        c.MoveSelfToOpponent(),
        asks=[(0, "target")],
        piles={0: ["Leaves", "Quick"], 1: [*PILES[1], "Sweat"], 2: PILES[2]},
    ),
    # ---------------------------------------------------------------- more plays
    Case(
        c.PlayAnother(),
        asks=[(0, "play"), *both()],
        hands={0: ["Gills", "Fangs"]},
        piles={0: [*PILES[0], "Bark"]},
    ),
    Case(
        c.DrawAndPlayGreen(2),  # Appealing (green) and Migratory are drawn
        asks=[(0, "play"), *both()],
        hands={0: [*HANDS[0], "Migratory"]},
        piles={0: [*PILES[0], "Appealing"]},
    ),
    Case(
        c.PlayPileAction(opponents=False),  # Sweat's own action: discard 1
        asks=[(0, "use"), *both(), (0, "discard")],
        hands={0: ["Gills", "Fangs"]},
        discard=["Flatulence", "Bark"],
    ),
    # ---------------------------------------------------------------- the ages
    Case(c.PeekAge(), extra={"age_seen": 1}),
    Case(
        # Flourish is skipped; Ice Age (discard 1 per red trait) comes at once, and its new 1st
        # player, player 1, starts: Antlers, Stone Skin and Fire Skin, Quick are red.
        c.EndOfWorldRush(),
        asks=[(1, "discard"), (2, "discard"), (2, "discard"), (0, "discard")],
        hands={0: ["Gills", "Fangs"], 1: ["Deep Roots", "Woody Stems"], 2: ["Adorable"]},
        extra={"catastrophes": 1, "age_deck_size": 4, "first_player": 1},
    ),
    # ---------------------------------------------------------------- overlush (traits b)
    # (Snuffler's and Trapper's scenarios hold the cards these find none of here.)
    Case(c.DiscardCardsWithEffects(), hands={0: HANDS[0]}, discard=["Flatulence"]),
    Case(
        c.ReturnOwnTrait(),
        asks=[(0, "return")],
        hands={0: [*HANDS[0], "Sweat"]},
        piles={0: ["Leaves", "Quick"]},
    ),
    Case(
        c.HandToDeckBottom(2),
        asks=[(0, "bottom"), (0, "bottom")],
        hands={0: ["Fangs"]},
        extra={"deck_bottom": ["Gills", "Bark"]},
    ),
    Case(
        c.HandToDeckBottom(2, up_to=True),
        asks=[(0, "bottom"), (0, "bottom")],
        hands={0: ["Fangs"]},
        extra={"deck_bottom": ["Gills", "Bark"]},
    ),
    Case(
        c.OneOf((c.Draw(1), c.DiscardFromHand(1))),
        asks=[(0, "choose")],
        hands={0: [*HANDS[0], "Appealing"]},
        discard=["Flatulence"],
    ),
    Case(
        c.OpponentDrawsAndGives(2),  # player 1 draws Appealing and Migratory, gives Spiny
        asks=[(0, "target"), (1, "give")],
        hands={0: [*HANDS[0], "Spiny"], 1: ["Deep Roots", "Woody Stems", "Appealing", "Migratory"]},
    ),
    Case(
        c.TradeWithOpponents(),  # takes Spiny and Big Ears at random, gives Bark and Gills
        asks=[(0, "give"), (0, "give")],
        hands={
            0: ["Fangs", "Spiny", "Big Ears"],
            1: ["Deep Roots", "Woody Stems", "Bark"],
            2: ["Fear", "Adorable", "Gills"],
        },
    ),
    Case(c.DominantsToDeckTop(2), discard=["Flatulence"]),
    Case(c.PassHandsRight(), hands={0: HANDS[1], 1: HANDS[2], 2: HANDS[0]}),
    Case(
        c.DrawAndPlayFace(3),  # names the lowest face value: none of the 3 drawn has it
        asks=[(0, "face")],
        hands={0: HANDS[0]},
        discard=["Flatulence", "Appealing", "Migratory", "Nocturnal"],
    ),
    Case(
        c.PlayIntoOpponentPile(),
        asks=[(0, "play"), *both()],
        hands={0: ["Gills", "Fangs"]},
        piles={0: PILES[0], 1: [*PILES[1], "Bark"]},
    ),
    Case(
        c.DiscardTopAndColorFromHands(),  # green Appealing: Bark, Deep Roots, Woody Stems go
        hands={0: 5, 1: 5, 2: 5},
        discard=["Flatulence", "Appealing", "Bark", "Deep Roots", "Woody Stems"],
    ),
    Case(c.Stabilize(), hands={0: [*HANDS[0], "Appealing", "Migratory"], 1: HANDS[1]}),
    Case(
        c.Stabilize(c.Who.OPPONENTS),
        hands={
            0: HANDS[0],
            1: [*HANDS[1], "Appealing", "Migratory"],
            2: [*HANDS[2], "Nocturnal", "Confusion"],
        },
    ),
    Case(
        c.Stabilize(c.Who.ALL),
        hands={
            0: [*HANDS[0], "Appealing", "Migratory"],
            1: [*HANDS[1], "Nocturnal", "Confusion"],
            2: 5,
        },
    ),
    Case(c.GainGenePool(1), extra={"gene_pool": [6, 5, 5]}),
    # No other dominant in player 0's pile: no copy is made, nothing is asked (Opposable
    # Thumbs' copies: test_opposable_thumbs.py and traits-b-thumbs.yaml).
    Case(c.CopyDominant(), extra={"copies": [], "pile_sizes": [3, 2, 2], "gene_pool": [5, 5, 5]}),
    # ---------------------------------------------------------------- mythlings, prototypes,
    # relics, special edition
    Case(
        c.DigForColor(3),  # names blue: of Appealing, Migratory, Nocturnal, keeps Migratory
        asks=[(0, "color"), (0, "keep")],
        hands={0: [*HANDS[0], "Migratory"]},
        extra={"deck_bottom": ["Appealing", "Nocturnal"]},
    ),
    Case(
        c.DiscardWholeHand(skip_stabilize=True),  # the empty hand then draws 5 as the turn's
        hands={0: ["Appealing", "Migratory", "Nocturnal", "Confusion", "Fine Motor Skills"]},
        discard=["Flatulence", "Bark", "Gills", "Fangs"],
    ),
    Case(
        c.DiscardOpponentTrait(RED),
        asks=[(0, "discard_trait")],
        piles={0: PILES[0], 1: ["Blubber"], 2: PILES[2]},
        discard=["Flatulence", "Antlers"],
    ),
    Case(
        c.DiscardThenPlay(2),  # Bark and Gills go, Fangs is played; the empty hand draws 5
        asks=[(0, "discard"), (0, "discard"), (0, "play"), *both()],
        piles={0: [*PILES[0], "Fangs"]},
        discard=["Flatulence", "Bark", "Gills"],
    ),
    Case(c.PeekAges(2, bottom=True), extra={"age_seen": 0, "age_deck_size": 6}),
    Case(
        c.RearrangeAges(3),  # the 1st place, then the 2nd; the 3rd age is what is left
        asks=[(0, "order"), (0, "order")],
        extra={"age_seen": 1, "age_deck_size": 6},
    ),
    Case(
        c.StealFromEachAndPlay(),  # Spiny and Big Ears at random: Spiny played, Big Ears thrown
        asks=[(0, "play"), *both()],
        hands={0: HANDS[0], 1: ["Deep Roots", "Woody Stems"], 2: ["Fear", "Adorable"]},
        piles={0: [*PILES[0], "Spiny"]},
        discard=["Flatulence", "Big Ears"],
    ),
    Case(
        c.OpponentsGiveColor(c.TraitFilter(positive=True)),  # blue: player 2 has none to give
        asks=[(0, "color"), (1, "give")],
        piles={0: [*PILES[0], "Blubber"], 1: ["Antlers"], 2: PILES[2]},
    ),
    # ---------------------------------------------------------------- overlush
    Case(c.DrawFromBottom(1), hands={0: 4}, extra={"deck_top": ["Appealing", "Migratory"]}),
    Case(
        # The bottom two are Nosy and Selective Memory; Nosy's action takes and plays Spiny.
        c.DrawFromBottom(2, use_action=True),
        asks=[(0, "use"), *both(), (0, "target"), (0, "take"), *both()],
        hands={0: [*HANDS[0], "Nosy", "Selective Memory"], 1: ["Deep Roots", "Woody Stems"]},
        piles={0: [*PILES[0], "Spiny"]},
        extra={"deck_top": ["Appealing", "Migratory"], "then_caused_by": "Nosy"},
    ),
    Case(
        c.DiscardHand(),  # then the empty hand draws 5 as the turn begins
        hands={0: ["Appealing", "Migratory", "Nocturnal", "Confusion", "Fine Motor Skills"]},
        discard=["Flatulence", "Bark", "Gills", "Fangs"],
    ),
    Case(c.ShuffleDiscardIntoDeck(), hands={0: HANDS[0]}, discard=[]),
    Case(c.SkipStabilize(), hands={0: HANDS[0]}, extra={"stack_has": ("skip_end", 0)}),
    Case(c.Stabilize(), hands={0: [*HANDS[0], "Appealing", "Migratory"]}),
    Case(
        c.TakeFromDiscard(),
        asks=[(0, "take")],
        hands={0: [*HANDS[0], "Flatulence"]},
        discard=[],
    ),
    Case(
        c.UseColorAction(c.BLUE),  # Sweat's own action: discard 1
        asks=[(0, "use"), *both(), (0, "discard")],
        hands={0: ["Gills", "Fangs"]},
        discard=["Flatulence", "Bark"],
    ),
    Case(
        c.UseColorAction(c.GREEN, opponents=True, return_it=True),  # no green trait with one
        hands={0: HANDS[0], 1: HANDS[1], 2: HANDS[2]},
        piles=PILES,
    ),
    Case(
        c.PassToNeighbour(left=True),
        asks=[(0, "give"), (1, "give"), (2, "give")],
        hands={0: ["Gills", "Fangs", "Big Ears"], 1: ["Deep Roots", "Woody Stems", "Bark"]},
    ),
    Case(c.PassToNeighbour(left=False, at_random=True), hands={0: 3, 1: 3, 2: 3}, discard=1),
    Case(c.PeekHand(), asks=[(0, "target")], hands={1: HANDS[1]}, extra={"seen": 3}),
    Case(
        c.ShedTraits(1, draw=2),
        asks=[(0, "discard_trait")],
        hands={0: [*HANDS[0], "Appealing", "Migratory"]},
        piles={0: ["Quick", "Sweat"]},
        discard=["Flatulence", "Leaves"],
    ),
    Case(
        c.ShedTraits(2, pay=1),
        asks=[(0, "discard_trait"), (0, "discard"), (0, "discard_trait"), (0, "discard")],
        hands={0: ["Fangs"]},
        piles={0: ["Sweat"]},
        discard=["Flatulence", "Leaves", "Bark", "Quick", "Gills"],
    ),
    Case(
        c.PlayMatching(c.TraitFilter(face=2)),  # Bark is the only 2 in hand
        asks=[(0, "play"), *both()],
        hands={0: ["Gills", "Fangs"]},
        piles={0: [*PILES[0], "Bark"]},
    ),
    Case(
        c.SwapOwnTraits(1, c.TraitFilter(positive=True)),
        asks=[(0, "swap")],
        piles={0: ["Quick", "Sweat", "Antlers"], 1: ["Blubber", "Leaves"], 2: PILES[2]},
    ),
    Case(
        c.DrawAndPlayColors(2),  # green Appealing and blue Migratory: both may be played
        asks=[(0, "play"), *both(), (0, "play"), *both()],
        hands={0: HANDS[0]},
        piles={0: [*PILES[0], "Appealing", "Migratory"]},
    ),
    Case(
        # The bottom five are Nosy, Selective Memory, Painted Shell and two Kidneys: blue is
        # named, Selective Memory is played with its action, which plays Flatulence.
        c.LookAtBottomAndPlay(5),
        asks=[(0, "color"), (0, "play"), *both(), (0, "play"), *both()],
        piles={0: [*PILES[0], "Selective Memory", "Flatulence"]},
        discard=[],
        extra={"then_caused_by": "Selective Memory"},
    ),
    Case(
        c.DrawThenMaybeFromBottom(),  # Appealing drawn and played at once
        asks=[(0, "choose"), *both()],
        hands={0: HANDS[0]},
        piles={0: [*PILES[0], "Appealing"]},
        extra={"deck_top": ["Migratory"]},
    ),
    # ---------------------------------------------------------------- dinolings
    Case(
        c.DrawThenTrade(3),  # Sweat goes to play Appealing; Migratory and Nocturnal discarded
        asks=[(0, "play"), *both()],
        hands={0: HANDS[0]},
        piles={0: ["Leaves", "Quick", "Appealing"]},
        discard=["Flatulence", "Migratory", "Nocturnal", "Sweat"],
    ),
    Case(
        c.PlayHandAction(),  # Iridescent Scales' action draws 3; the card stays in the hand
        asks=[(0, "use"), *both()],
        hands={0: ["Bark", "Gills", "Iridescent Scales", "Appealing", "Migratory", "Nocturnal"]},
        hand_0=["Bark", "Gills", "Iridescent Scales"],
        extra={"then_caused_by": "Iridescent Scales"},
    ),
    Case(
        c.DrawAndPlay(),  # Appealing is played without its action
        asks=both(),
        hands={0: HANDS[0]},
        piles={0: [*PILES[0], "Appealing"]},
        extra={"deck_top": ["Migratory"]},
    ),
    Case(
        c.SuppressFromPile(1),  # never Sweat itself: Leaves goes face down
        asks=[(0, "suppress")],
        piles={0: ["Quick", "Sweat"]},
        extra={"suppressed": [["Leaves"], [], []]},
    ),
    Case(
        c.SuppressFromPile(2, up_to=True),
        asks=[(0, "suppress"), (0, "suppress")],
        piles={0: ["Sweat"]},
        extra={"suppressed": [["Leaves", "Quick"], [], []]},
    ),
    Case(
        c.SuppressFromPile(None, RED),  # every red trait but Sweat: Quick
        piles={0: ["Leaves", "Sweat"]},
        extra={"suppressed": [["Quick"], [], []]},
    ),
    Case(
        c.SuppressFromHand(1),
        asks=[(0, "suppress")],
        hands={0: ["Gills", "Fangs"]},
        extra={"suppressed": [["Bark"], [], []]},
    ),
    Case(c.SetGenePool(3), extra={"gene_pool": [3, 5, 5]}),
    Case(
        c.StealAndSuppress(),
        asks=[(0, "take")],
        piles={0: PILES[0], 1: ["Blubber"]},
        extra={"suppressed": [["Antlers"], [], []]},
    ),
    Case(
        c.RightNamesColorSuppressHand(),  # player 2, on the right, names blue: Gills
        asks=[(2, "color")],
        hands={0: ["Bark", "Fangs"], 2: HANDS[2]},
        extra={"suppressed": [["Gills"], [], []]},
    ),
    Case(
        c.ReturnAnyOwnTrait(),
        asks=[(0, "take")],
        hands={0: [*HANDS[0], "Leaves"]},
        piles={0: ["Quick", "Sweat"]},
    ),
    Case(
        c.GiveToOpponent(2),
        asks=[(0, "target"), (0, "give"), (0, "give")],
        hands={0: ["Fangs"], 1: [*HANDS[1], "Bark", "Gills"], 2: HANDS[2]},
    ),
    Case(
        c.OnlyIf(c.Check.GENE_POOL_AT_MOST, 5, c.Draw(1)),
        hands={0: [*HANDS[0], "Appealing"]},
    ),
    Case(c.OnlyIf(c.Check.HAND_AT_MOST, 2, c.Draw(1)), hands={0: HANDS[0]}),
    Case(c.RestartRound(), extra={"round_no": 2, "first_player": 0}),  # one round: one more
    Case(
        c.OpponentsPlayThenTake(),  # players 1 and 2 play Spiny and Big Ears; Spiny is taken
        asks=[
            (1, "play"),
            (2, RESPOND),
            (0, RESPOND),
            (2, "play"),
            (0, RESPOND),
            (1, RESPOND),
            (0, "take"),
        ],
        hands={1: ["Deep Roots", "Woody Stems"], 2: ["Fear", "Adorable"]},
        piles={0: [*PILES[0], "Spiny"], 1: PILES[1], 2: [*PILES[2], "Big Ears"]},
    ),
    # ---------------------------------------------------------------- glitterlings
    Case(
        c.DrawChain(effectless=True, repeat_family="glitterlings"),  # Appealing: no Glitterling
        asks=both(),
        hands={0: HANDS[0]},
        piles={0: [*PILES[0], "Appealing"]},
    ),
    Case(
        c.DrawChain(c.TraitFilter(min_face=3), repeat_played=True),  # Appealing, then Migratory
        asks=both(),
        hands={0: [*HANDS[0], "Migratory"]},
        piles={0: [*PILES[0], "Appealing"]},
    ),
    Case(c.ShiftGenePools(1, c.Who.YOU), extra={"gene_pool": [6, 5, 5]}),
    Case(c.ShiftGenePools(-1, c.Who.OPPONENTS), extra={"gene_pool": [5, 4, 4]}),
    Case(c.ShiftGenePools(1, c.Who.ALL), extra={"gene_pool": [6, 6, 6]}),
    Case(
        c.GiveEachOpponent(),
        asks=[(0, "give"), (0, "give")],
        hands={0: ["Fangs"], 1: [*HANDS[1], "Bark"], 2: [*HANDS[2], "Gills"]},
    ),
    Case(
        c.IfDrawn(c.Draw(1), c.GREEN),  # Appealing is green
        hands={0: [*HANDS[0], "Appealing", "Migratory"]},
        extra={"seen": 0},
    ),
    Case(
        c.MayDiscardFromHands(c.TraitFilter(max_face=-1)),
        hand_0=["Bark", "Egg Clusters"],
        asks=[(0, "discard")],
        hands={0: ["Bark"], 1: HANDS[1], 2: HANDS[2]},
        discard=["Flatulence", "Egg Clusters"],
    ),
    Case(
        c.GuessTopColor(2),  # blue named; Appealing is green
        asks=[(0, "color")],
        hands={0: HANDS[0], 1: HANDS[1], 2: HANDS[2]},
        discard=["Flatulence", "Appealing"],
    ),
    Case(
        c.MillAndPlay(5, c.TraitFilter(max_face=-1)),  # Confusion is played
        asks=both(),
        piles={0: [*PILES[0], "Confusion"]},
        discard=["Flatulence", "Appealing", "Migratory", "Nocturnal", "Fine Motor Skills"],
    ),
    Case(
        c.PlayBothOrNeither(),
        asks=[(0, "optional"), *both(), *both()],
        hands={0: HANDS[0]},
        piles={0: ["Leaves", "Quick", "Appealing", "Migratory"]},
        discard=["Flatulence", "Sweat"],
    ),
    # ---------------------------------------------------------------- fuzelings
    Case(
        c.DrawAndSuppress(("deeplings", "glitterlings")),  # Appealing is neither: once
        hands={0: HANDS[0]},
        extra={"deck_top": ["Migratory"]},
    ),
    Case(c.GiveFamiliesToOpponent(("moonlings",)), hands={0: HANDS[0], 1: HANDS[1]}),
    Case(
        c.GiveThenSuppressColor(),  # green Bark given: no green card left to suppress
        asks=[(0, "give")],
        hands={0: ["Gills", "Fangs"], 1: [*HANDS[1], "Bark"]},
    ),
    Case(c.OpponentsPassHandsRight(), hands={0: HANDS[0], 1: HANDS[2], 2: HANDS[1]}),
    Case(
        c.StabilizeToYours(),
        hands={
            0: HANDS[0],
            1: [*HANDS[1], "Appealing", "Migratory"],
            2: [*HANDS[2], "Nocturnal", "Confusion"],
        },
    ),
    Case(
        c.SuppressWholeHand(),  # the hand emptied, the turn begins with the rules' draw of 5
        hands={0: ["Appealing", "Migratory", "Nocturnal", "Confusion", "Fine Motor Skills"]},
    ),
]


def generated_matrix() -> set[tuple[type, tuple[Any, ...]]]:
    """Every primitive of the vocabulary once; one with a ``who``, once per target kind (and,
    with ``at_random``, chosen and at random)."""
    matrix: set[tuple[type, tuple[Any, ...]]] = set()
    for primitive in typing.get_args(c.Action):
        fields = {f.name for f in dataclasses.fields(primitive)}
        if "who" not in fields:
            matrix.add((primitive, ()))
            continue
        hows: tuple[tuple[bool, ...], ...] = ((False,), (True,)) if "at_random" in fields else ((),)
        matrix.update((primitive, (who, *how)) for who in c.Who for how in hows)
    return matrix


def case_key(fx: Any) -> tuple[type, tuple[Any, ...]]:
    """Where ``fx`` sits in :func:`generated_matrix`."""
    if not hasattr(fx, "who"):
        return (type(fx), ())
    return (type(fx), (fx.who, fx.at_random) if hasattr(fx, "at_random") else (fx.who,))


def test_the_cases_cover_every_primitive_and_target_kind() -> None:
    assert set(EFFECTS) == set(typing.get_args(c.Action))
    assert {case_key(case.fx) for case in CASES} == generated_matrix()


def names(cards: list[int]) -> list[str]:
    return [CARD[card].name for card in cards]


def drill(
    fx: Any, hand_0: list[str] | None = None
) -> tuple[DoomlingsState, list[tuple[int, str]], int]:
    state = new_game("doomlings", 3, 5)
    assert isinstance(state, DoomlingsState)
    setup = SETUP
    if hand_0 is not None:
        players = {**SETUP["players"], 0: {**SETUP["players"][0], "hand": hand_0}}
        setup = {**SETUP, "players": players}
    state.setup_scenario(setup)
    start = len(state.events)
    EFFECTS[type(fx)](state, 0, SWEAT, fx)
    state._advance()
    asked: list[tuple[int, str]] = []
    while (decision := state.pending) is not None and decision.kind != "turn":
        asked.append((decision.player, decision.kind))
        others = [o for o in decision.options if o != PASS]
        state.apply(decision.player, PASS if decision.kind == RESPOND or not others else others[0])
        assert len(asked) < 20
    return state, asked, start


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_primitive(case: Case) -> None:
    state, asked, start = drill(case.fx, case.hand_0)
    assert asked == case.asks
    for p, hand in case.hands.items():
        assert (len(state.hands[p]) if isinstance(hand, int) else names(state.hands[p])) == hand
    for p, pile in case.piles.items():
        assert names(state.piles[p]) == pile
    if isinstance(case.discard, int):
        assert len(state.discard) == case.discard
    elif case.discard is not None:
        assert names(state.discard) == case.discard
    if not (case.hands or case.piles or case.discard is not None or case.extra):
        pytest.fail("a case must check something")
    for key, value in case.extra.items():
        if key == "pile_sizes":
            assert [len(pile) for pile in state.piles] == value
        elif key == "age_deck_size":
            assert len(state.age_deck) == value
        elif key == "deck_bottom":
            assert names(state.deck[: len(value)]) == value
        elif key == "deck_top":
            assert names(state.deck[::-1][: len(value)]) == value
        elif key == "stack_has":
            assert value in state.stack
        elif key == "then_caused_by":
            pass  # read below
        elif key == "seen":
            assert sum(1 for mask, _ in state.revealed if mask == 1) == value
        elif key == "suppressed":
            assert [names(zone) for zone in state.suppressed] == value
        else:
            assert getattr(state, key) == value
    # Every zone change is Sweat's doing (until a rushed catastrophe, the rules' draw for an
    # empty hand, or the trait whose action Sweat's effect used takes over).
    causes = state.event_causes
    assert causes is not None
    for event, cause in zip(state.events[start:], causes[start:], strict=True):
        if event[1] in ("rush", "empty_hand"):
            break
        if 0 <= cause < len(CARD) and CARD[cause].name == case.extra.get("then_caused_by"):
            break
        if event[1] in _CAUSED:
            assert cause == SWEAT, event


def test_a_primitive_says_whom_it_aims_at() -> None:
    assert c.Draw(2).text() == "Draw 2 cards."
    assert c.Draw(1, c.Who.OPPONENTS).text() == "Each opponent draws 1 card."
    assert c.Draw(3, c.Who.ALL).text() == "Every player draws 3 cards."
    assert c.DiscardFromHand(1, c.Who.OPPONENTS).text() == (
        "Each opponent discards 1 card from their hand."
    )
