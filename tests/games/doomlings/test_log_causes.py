"""Every log line that changes a zone names what caused it, and only a cause that can.

Random games of both editions (and Genetic Mishap, whose drawn trait takes cards away) record a
cause beside each event. Each zone-changing event must have one, and it must be able to make
that change: a trait only through its own effects (its action, on-play effect, payment,
persistent or World's End text), an age through its rule, a catastrophe through its white text,
World's End through its gold text, the rules themselves only by drawing and discarding (a turn,
stabilizing, an empty hand). The table below says which event kinds each of those can make; it
is written from the cards' texts, not from the rules' code.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from doomtable.engine import load_verified, new_game
from doomtable.games.doomlings import cards as c
from doomtable.games.doomlings.data import AGES
from doomtable.games.doomlings.game import _CAUSED, DoomlingsState
from doomtable.games.doomlings.state import (
    AGE_CAUSE,
    BY_RULE,
    CARD,
    DOOM_CAUSE,
    N_CARDS,
    NO_CAUSE,
    cause_name,
)

DRAW = frozenset({"draws", "drew"})
DISCARD = frozenset({"discards"})
LOSE_TRAIT = frozenset({"discards_trait"})
SUPPRESS = frozenset({"suppresses_trait"})
SUPPRESS_HAND = frozenset({"suppresses_card", "suppressed_card"})
GIVE = frozenset({"gives_card", "gave_card"})

ACTION_MAKES: dict[type, frozenset[str]] = {
    c.Draw: DRAW,
    c.DiscardFromHand: DISCARD,
    c.DiscardColorFromHands: DISCARD,
    c.StealTrait: frozenset({"steals_trait"}),
    c.StealFromHand: frozenset({"steals_card", "stole_card"}),
    c.RevealAndSteal: frozenset({"shows", "takes_shown", "takes_hidden"}),
    c.LookAndSteal: frozenset({"sees", "looks", "takes_shown", "takes_hidden"}),
    c.ReturnTrait: frozenset({"returns_trait"}),
    c.GiveFromHand: frozenset({"gives_card", "gave_card"}),
    c.GiveTrait: frozenset({"gives_trait"}),
    c.SwapHands: frozenset({"swaps_hands"}),
    c.SwapThis: frozenset({"swaps"}),
    c.SwapTraits: frozenset({"swaps"}),
    c.OpponentsDiscardTrait: LOSE_TRAIT,
    c.MutualDiscardTrait: LOSE_TRAIT,
    c.DiscardOwnTrait: LOSE_TRAIT,
    c.PlayAnother: frozenset(),
    c.DrawAndPlayGreen: DRAW,
    c.PlayPileAction: frozenset(),
    c.MayDiscardHandAndStabilize: DRAW | DISCARD,
    c.PeekAge: frozenset(),
    c.MoveSelfToOpponent: frozenset({"moves_trait"}),
    c.EndOfWorldRush: frozenset(),
    # --- deeplings ---
    c.SuppressFromPile: SUPPRESS,
    c.SuppressFromHand: SUPPRESS_HAND,
    c.SetGenePool: frozenset({"gene_pool_set"}),
    c.StealAndSuppress: SUPPRESS | {"steals_trait"},
    c.RightNamesColorSuppressHand: SUPPRESS_HAND,
    # --- moonlings ---
    c.ReturnAnyOwnTrait: frozenset({"returns_to_hand"}),
    c.GiveToOpponent: GIVE,
    c.SkipStabilize: frozenset(),
    c.OnlyIf: DRAW | {"steals_trait"},  # what its effect makes (Whopple's, Turkendurt's)
    # --- dinolings ---
    c.DrawThenTrade: DRAW | DISCARD | LOSE_TRAIT,
    c.PlayHandAction: frozenset(),
    c.DrawAndPlay: DRAW | DISCARD,
    # --- overlush and kickstarter traits ---
    c.DiscardCardsWithEffects: DISCARD,
    c.DiscardHand: DISCARD,
    c.DiscardTopAndColorFromHands: DRAW | DISCARD | {"discards_top"},  # then all stabilize
    c.DominantsToDeckTop: frozenset({"tops"}),
    c.DrawAndPlayColors: DRAW | DISCARD,
    c.DrawAndPlayFace: DRAW | DISCARD,
    c.DrawFromBottom: DRAW,
    c.DrawThenMaybeFromBottom: DRAW,
    c.GainGenePool: frozenset(),
    c.HandToDeckBottom: frozenset({"bottoms", "bottoms_hidden"}),
    c.LookAtBottomAndPlay: frozenset({"sees_bottom", "looks_bottom"}),
    c.OpponentDrawsAndGives: DRAW | {"gives_card", "gave_card"},
    c.PassHandsRight: frozenset({"passes_hand"}),
    c.PassToNeighbour: frozenset({"gives_card", "gave_card"}),
    c.PeekHand: frozenset({"sees", "looks"}),
    c.PlayIntoOpponentPile: DRAW,
    c.PlayMatching: frozenset(),
    c.ReturnOwnTrait: frozenset({"returns_to_hand"}),
    c.ShedTraits: DRAW | DISCARD | LOSE_TRAIT,  # a trait shed for cards drawn or discarded
    c.ShuffleDiscardIntoDeck: frozenset({"shuffles_in"}),
    c.SkipStabilize: frozenset(),
    c.Stabilize: DRAW | DISCARD,
    c.SwapOwnTraits: frozenset({"swaps"}),
    c.TakeFromDiscard: frozenset({"takes_discard"}),
    c.TradeWithOpponents: frozenset({"steals_card", "stole_card", "gives_card", "gave_card"}),
    c.UseColorAction: frozenset(),
    # --- overlush (traits b) ---
    c.DigForColor: DRAW | {"to_deck_bottom"},
    c.DiscardOpponentTrait: LOSE_TRAIT,
    c.DiscardThenPlay: DISCARD,
    c.DiscardWholeHand: DISCARD,
    c.OpponentsGiveColor: frozenset({"gives_trait"}),
    c.OpponentsPlayThenTake: frozenset({"steals_trait"}),
    c.PeekAges: frozenset(),
    c.RearrangeAges: frozenset(),
    c.RestartRound: frozenset(),
    c.StealFromEachAndPlay: DISCARD | {"steals_card", "stole_card"},  # a card it cannot play
    # --- glitterlings ---
    c.DrawChain: DRAW | DISCARD | LOSE_TRAIT | {"shows"},  # Whimsy's dominant and itself
    c.ShiftGenePools: frozenset(),
    c.GiveEachOpponent: GIVE,
    c.IfDrawn: DRAW | {"shows"},  # and what its effect makes
    c.MayDiscardFromHands: DISCARD,
    c.GuessTopColor: DRAW | {"discards_top"},
    c.MillAndPlay: frozenset({"discards_top"}),
    c.PlayBothOrNeither: DRAW | LOSE_TRAIT,
    # --- fuzelings ---
    c.DrawAndSuppress: DRAW | SUPPRESS_HAND,
    c.GiveFamiliesToOpponent: GIVE,
    c.GiveThenSuppressColor: GIVE | SUPPRESS_HAND,
    c.OpponentsPassHandsRight: frozenset({"passes_hand"}),
    c.StabilizeToYours: DRAW | DISCARD,
    c.SuppressWholeHand: SUPPRESS_HAND,
}
PERSISTENT_MAKES = {
    c.Persistent.DRAW_AT_TURN_START: DRAW,
    c.Persistent.REGROW: DRAW,
    c.Persistent.RETURN_ON_GREEN: frozenset({"returns_to_hand"}),
    c.Persistent.STABILIZE_FROM_DISCARD: frozenset({"scavenges"}),  # --- overlush ---
    c.Persistent.DISCARD_IF_STOLEN: DISCARD | LOSE_TRAIT,  # --- mythlings ---
    c.Persistent.TO_OPPONENT_HAND: frozenset({"passes_to_hand", "returns_to_hand"}),  # solo
    c.Persistent.BACK_TO_HAND: frozenset({"returns_to_hand"}),  # --- mythlings: Witchy ---
    # --- deeplings, moonlings ---
    c.Persistent.SUPPRESS_INSTEAD_OF_STABILIZE: SUPPRESS_HAND | DRAW,
    c.Persistent.GENE_POOL_ONE: DRAW,
    c.Persistent.DISCARD_SELF_TO_DRAW: LOSE_TRAIT | DRAW,
    # --- overlush ---
    c.Persistent.REFILL_AT_TURN_START: DRAW,
    c.Persistent.DRAW_WHEN_DISCARDED: DRAW,
    c.Persistent.DRAW_WHEN_REMOVED: DRAW,
    c.Persistent.DRAW_ON_RED_PLAY: DRAW,
    c.Persistent.TRADE_EFFECTLESS: DRAW | DISCARD,
    c.Persistent.ACTION_FROM_HAND: DISCARD,
    c.Persistent.TRADE_FOR_EXTRA_PLAY: LOSE_TRAIT,
    c.Persistent.DISCARD_BEFORE_STABILIZE: DISCARD,
    # --- glitterlings ---
    c.Persistent.RETURN_AND_PLAY_RANDOM: frozenset({"returns_to_hand"}),
}
WORLDS_END_MAKES = {
    # --- deeplings ---
    c.WorldsEnd.SUPPRESS_COLOR: SUPPRESS,
    c.WorldsEnd.SUPPRESS_ONE: SUPPRESS,
    c.WorldsEnd.OPPONENTS_DISCARD_COLOR: LOSE_TRAIT,
    # --- overlush ---
    c.WorldsEnd.DRAW_AND_PLAY: DRAW,
    c.WorldsEnd.DRAW_AND_PLAY_LOW: DRAW,
    c.WorldsEnd.OPPONENTS_LOSE_EFFECTLESS: LOSE_TRAIT | DRAW,
    c.WorldsEnd.RETURN_FOR_POINTS: frozenset({"returns_to_hand"}),
    c.WorldsEnd.TAKE_REVEALED_COLOR: frozenset({"shows", "takes_shown"}),
    # --- glitterlings ---
    c.WorldsEnd.STABILIZE_AND_SCORE_HAND: DRAW | DISCARD | {"scores_hand"},
    c.WorldsEnd.REVEAL_DISCARD_TRAIT: DRAW | LOSE_TRAIT | {"shows"},
    c.WorldsEnd.REVEAL_RETURN_SELF: DRAW | {"shows", "returns_to_hand"},
}
PLAY_WHEN_MAKES = {
    c.PlayWhen.STEAL_PLAYED: frozenset({"steals_trait"}),
    # --- overlush ---
    c.PlayWhen.STEAL_AFTER_STABILIZE: frozenset({"steals_card", "stole_card"}),
    c.PlayWhen.DISCARD_FOR_TRAIT: DISCARD | LOSE_TRAIT,
    c.PlayWhen.TAKE_BACK_PLAYED: frozenset({"pinches"}),
    c.PlayWhen.STEAL_FROM_SECOND_PLAY: frozenset({"steals_trait"}),
    c.PlayWhen.RETURN_REMOVED: frozenset({"patches"}),
    # --- mythlings ---
    c.PlayWhen.TAKE_DISCARDED_TRAIT: frozenset({"takes_discarded"}),
}
AGE_MAKES = {
    c.AgeRule.FLOURISH: DRAW,
    c.AgeRule.COMET: DISCARD,
    c.AgeRule.DRACULA: DISCARD | {"steals_card", "stole_card"},
    c.AgeRule.REASON: DRAW | DISCARD,
    c.AgeRule.NORTHERN_WINDS: DRAW | DISCARD,
    c.AgeRule.ALIEN_TERRAFORM: DRAW | DISCARD,
    c.AgeRule.ENLIGHTENMENT: DISCARD,
    c.AgeRule.NIETZSCHE: DRAW | DISCARD,
    c.AgeRule.COASTAL: DRAW,
    # --- overlush and kickstarter ages ---
    c.AgeRule.DRAW_THREE: DRAW,
    c.AgeRule.STAR_TAILS: DRAW,
    c.AgeRule.MAY_DISCARD_COLOR: DISCARD,
    c.AgeRule.MAY_DISCARD_ANY: DISCARD,
    c.AgeRule.MAY_REPLACE_ONE: DRAW | DISCARD,
    c.AgeRule.MAY_DISCARD_TRAIT: LOSE_TRAIT,
    c.AgeRule.MAY_RETURN_TRAIT: frozenset({"returns_to_hand"}),
    c.AgeRule.STRANGER: DRAW,
    c.AgeRule.PAINTED_VALLEY: DRAW | {"shows"},
    c.AgeRule.HARLEQUIN: DRAW | DISCARD,
    c.AgeRule.CRACKLETOWN: frozenset({"gives_card", "gave_card"}),
    c.AgeRule.DUELING_MOONS: DRAW | {"tops_deck", "topped_deck"},
    c.AgeRule.ADVENTURE: DRAW | DISCARD,
    c.AgeRule.JOY: DRAW | DISCARD,
    c.AgeRule.MOKOKO: DRAW,
    c.AgeRule.PLAY_FROM_DECK: frozenset({"turns_up", "discards_turned_up"}),
    c.AgeRule.SWAMPLANDS: DISCARD | LOSE_TRAIT,
    c.AgeRule.KING_OF_THE_JUNGLE: DRAW | DISCARD | {"shows"},
    # --- deeplings, moonlings ---
    c.AgeRule.SOLITUDE: SUPPRESS_HAND,
    c.AgeRule.FADING_AWAY: SUPPRESS,
    c.AgeRule.QUIET_MOMENT: DRAW | DISCARD,
    c.AgeRule.MOONLIGHT: DRAW | DISCARD,
    # --- dinolings ---
    c.AgeRule.BADLANDS: DISCARD | {"dealt", "dealt_card"},
    # --- mythlings ---
    c.AgeRule.OZMORIAN_WINDS: GIVE,
    # --- glitterlings ---
    c.AgeRule.GLITTERSTORM: DRAW | DISCARD,
    c.AgeRule.SHOW_A_DRAW: DRAW | {"shows"},
    # --- fuzelings ---
    c.AgeRule.REVERIE: SUPPRESS_HAND | GIVE,
    c.AgeRule.UNUSUAL_FRIENDS: DRAW,
    # --- newer ---
    c.AgeRule.MAY_STABILIZE_FIVE: DRAW | DISCARD,
    c.AgeRule.LAST_DRAGONS: DRAW | DISCARD,
    c.AgeRule.CARBON_BOOM: DRAW | {"takes_discard"},
    c.AgeRule.OPEN_PORTALS: DRAW | DISCARD,
    c.AgeRule.ANCIENTS: frozenset({"takes_discard"}),
    c.AgeRule.SLUMBER: DRAW,
}
CATASTROPHE_MAKES = {
    c.CatastropheEffect.KEEP_ONE: DISCARD,
    c.CatastropheEffect.STABILIZE: DRAW | DISCARD,
    c.CatastropheEffect.STABILIZE_THEN_DISCARD: DRAW | DISCARD,
    c.CatastropheEffect.DISCARD_TWO_RANDOM: DISCARD,
    c.CatastropheEffect.DISCARD_HAND_AND_STABILIZE: DRAW | DISCARD,
    c.CatastropheEffect.DISCARD_PER_COLOR: DISCARD,
    c.CatastropheEffect.PASS_HAND_RIGHT: frozenset({"passes_hand"}),
    c.CatastropheEffect.DRAW_PER_COLOR: DRAW,
    c.CatastropheEffect.DISCARD_HALF: DISCARD,
    c.CatastropheEffect.GIVE_NEIGHBOURS: frozenset({"gives_card", "gave_card"}),
    c.CatastropheEffect.DISCARD_ANY_TRAIT: LOSE_TRAIT,
    # --- overlush catastrophes ---
    c.CatastropheEffect.DRAW_PER_NEGATIVE: DRAW,
    c.CatastropheEffect.DISCARD_ACTIONS: DISCARD,
    c.CatastropheEffect.DISCARD_COLORS_AND_STABILIZE: DRAW | DISCARD,
    c.CatastropheEffect.IGNORE_COLOR_ACTIONS: frozenset(),
    c.CatastropheEffect.DISCARD_PER_COLOR_KIND: DISCARD,
    c.CatastropheEffect.PASS_COLOR_RIGHT: frozenset({"passes_cards", "passed_cards"}),
    c.CatastropheEffect.RETURN_POSITIVE: frozenset({"returns_to_hand"}),
    c.CatastropheEffect.KEEP_ONE_COLOR: DISCARD,
    c.CatastropheEffect.DISCARD_HIGH: DISCARD,
    # --- deeplings ---
    c.CatastropheEffect.SUPPRESS_HAND_AND_STABILIZE: SUPPRESS_HAND | DRAW | DISCARD,
    # --- dinolings, techlings ---
    c.CatastropheEffect.DISCARD_PER_DOMINANT: DISCARD,
    c.CatastropheEffect.COLOR_FOR_LEFT: DISCARD,
    # --- mythlings ---
    c.CatastropheEffect.DISCARD_LOWEST_LOSES_TRAIT: DISCARD | LOSE_TRAIT,
    # --- glitterlings ---
    c.CatastropheEffect.DISCARD_HAND: DISCARD | DRAW,  # Too Much Pink: 4 as each turn begins
    # --- fuzelings ---
    c.CatastropheEffect.ISOLATION: SUPPRESS_HAND | DRAW | DISCARD,
    # --- newer ---
    c.CatastropheEffect.DISCARD_THREE_UP_AND_STABILIZE: DRAW | DISCARD,
    c.CatastropheEffect.DISCARD_THREE_SPARING: DRAW | DISCARD,
    c.CatastropheEffect.DISCARD_PER_TECHLING_THEN_DRAW: DRAW | DISCARD,
    c.CatastropheEffect.KEEP_ONE_IF_DOMINANT: DISCARD,
}
DOOM_MAKES = {
    c.Doom.DISCARD_TRAIT: LOSE_TRAIT,
    c.Doom.SCORE_HAND_CARD: DISCARD,
    c.Doom.DISCARD_DROP: LOSE_TRAIT,
    c.Doom.DISCARD_TOP_COLOR: LOSE_TRAIT,
    c.Doom.DISCARD_HIGHEST: LOSE_TRAIT,  # --- mythlings ---
    c.Doom.SMALL_HAND_CARD: frozenset({"scores_hand"}),  # --- fuzelings ---
    c.Doom.DISCARD_ATTACHMENTS: LOSE_TRAIT,  # --- newer ---
}


def action_makes(fx: Any) -> frozenset[str]:
    if isinstance(fx, c.OneOf):
        return frozenset().union(*(action_makes(option) for option in fx.options))
    kinds = ACTION_MAKES[type(fx)]
    if isinstance(fx, c.IfDrawn):  # --- glitterlings ---
        kinds |= action_makes(fx.effect)
    if isinstance(fx, c.PlayPileAction) and fx.then_discard:  # Sprightly
        kinds |= LOSE_TRAIT
    if isinstance(fx, c.UseColorAction) and fx.return_it:  # Hydrofuge, Mandibles
        kinds |= {"returns_trait"}
    return kinds


def trait_makes(trait: c.Trait, mishap: bool) -> frozenset[str]:
    kinds: set[str] = set()
    for fx in (*trait.action, *trait.on_play, *trait.on_discard):
        kinds |= action_makes(fx)
    if trait.persistent is not None:
        kinds |= PERSISTENT_MAKES.get(trait.persistent, frozenset())
    if isinstance(trait.requirement, c.PayWithTrait):
        payment = trait.requirement.payment
        if payment is c.Payment.SUPPRESS:
            kinds |= SUPPRESS
        else:
            kinds |= {"gives_trait"} if payment is c.Payment.GIVE else LOSE_TRAIT
        if payment is c.Payment.DISCARD_HAND_OR_PILE:
            kinds |= DISCARD
    if isinstance(trait.requirement, c.PayWithHand):
        kinds |= GIVE
    if isinstance(trait.requirement, c.DiscardColors):  # --- overlush: Fabled ---
        kinds |= DISCARD
    if trait.worlds_end is not None:
        kinds |= WORLDS_END_MAKES.get(trait.worlds_end, frozenset())
    if trait.play_when is not None:
        kinds |= PLAY_WHEN_MAKES.get(trait.play_when, frozenset())
    if mishap:  # Genetic Mishap's drawn trait takes a hand card or a pile trait away
        kinds |= DISCARD | {"to_lab"}
    return frozenset(kinds)


def can_make(cause: int, kind: str, mishap: bool) -> bool:
    if cause == BY_RULE:
        return kind in DRAW | DISCARD
    if 0 <= cause < N_CARDS:
        return kind in trait_makes(CARD[cause], mishap)
    if AGE_CAUSE <= cause < DOOM_CAUSE:
        age = AGES[cause - AGE_CAUSE]
        if age.catastrophe:
            return age.effect is not None and kind in CATASTROPHE_MAKES[age.effect]
        if age.rule is c.AgeRule.ECHO_PREVIOUS:  # Temporal Sands: any age's rule
            return any(kind in makes for makes in AGE_MAKES.values())
        return kind in AGE_MAKES.get(age.rule, frozenset())
    doom = AGES[cause - DOOM_CAUSE].doom
    return doom is not None and kind in DOOM_MAKES.get(doom, frozenset())


def play_random(game: str, players: int, seed: int, options: dict[str, Any]) -> DoomlingsState:
    state = new_game(game, players, seed, options)
    assert isinstance(state, DoomlingsState)
    rng = random.Random(seed)
    while (decision := state.pending) is not None:
        state.apply(decision.player, rng.choice(decision.options))
    return state


GAMES = [
    *[("doomlings", 2 + seed % 5, seed, {}) for seed in range(40)],
    *[("doomlings-blackbox", 3, seed, {}) for seed in range(20)],
    *[("doomlings", 1, seed, {"variant": "genetic-mishap"}) for seed in range(10)],
    *[("doomlings", 3, seed, {"variant": "intelligent-design"}) for seed in range(5)],
    *[("doomlings", 2 + seed % 5, seed, {"sets": "overlush,kickstarter"}) for seed in range(20)],
    *[("doomlings", 2 + seed % 5, seed, {"sets": "deeplings,moonlings"}) for seed in range(12)],
    *[("doomlings", 2 + seed % 4, seed, {"sets": "techlings,dinolings"}) for seed in range(12)],
    *[("doomlings", 2 + seed % 5, seed, {"sets": "all"}) for seed in range(20)],
    *[("doomlings", 2 + seed % 5, seed, {"sets": "glitterlings"}) for seed in range(16)],
    *[
        ("doomlings", 2 + seed % 5, seed, {"sets": "fuzelings,deeplings,moonlings,glitterlings"})
        for seed in range(12)
    ],
    *[
        ("doomlings", 2 + seed % 5, seed, {"sets": "newer,techlings,mythlings"})
        for seed in range(12)
    ],
]


@pytest.mark.parametrize(("game", "players", "seed", "options"), GAMES)
def test_every_zone_change_names_a_cause_that_can_make_it(
    game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    state = play_random(game, players, seed, options)
    causes = state.event_causes
    assert causes is not None and len(causes) == len(state.events)
    mishap = options.get("variant") == "genetic-mishap"
    checked = 0
    for event, cause in zip(state.events, causes, strict=True):
        kind = event[1]
        if kind not in _CAUSED:
            assert cause == NO_CAUSE, f"{event} changes no zone, yet has cause {cause}"
            continue
        checked += 1
        assert cause != NO_CAUSE, f"{event} records no cause"
        assert can_make(cause, kind, mishap), f"{cause_name(cause)} cannot make {event}"
    assert checked >= 20
    # Each such line, as every seat reads it, starts with the cause's name (rule steps: none).
    for viewer in (None, *range(players)):
        lines = iter(state.log_lines(viewer))
        for event, cause in zip(state.events, causes, strict=True):
            text = state.event_text(event, viewer)
            if text is None:
                continue
            name = cause_name(cause) if event[1] in _CAUSED else None
            assert next(lines) == (f"{name}: {text}" if name else text)


def test_a_game_loaded_from_its_save_names_the_same_causes() -> None:
    state = play_random("doomlings", 3, 7, {})
    loaded = load_verified(json.loads(state.to_json()))
    assert loaded.log_lines(None) == state.log_lines(None)
    assert loaded.log_lines(1) == state.log_lines(1)


def test_a_copy_keeps_the_events_but_names_no_causes() -> None:
    state = play_random("doomlings", 3, 8, {})
    copy = state.clone()
    assert copy == state and copy.event_causes is None
    plain = [text for e in state.events if (text := state.event_text(e, None)) is not None]
    assert copy.log_lines(None) == plain
    assert state.log_lines(None) != plain  # the game itself names causes
