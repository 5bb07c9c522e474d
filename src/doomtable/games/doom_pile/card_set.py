"""Our Doom Pile card set: 105 cards in five villain subtypes, 14 Master Plans, a limit list.

Each subtype has Plots, Minions and Artifices. The text of every card is generated from these
definitions (``CardDef.text``); design notes are in docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from doomtable.games.doom_pile.cards import (
    ARTIFICE,
    BURN,
    BURN_ALL,
    COST_DESTROY,
    COST_DISCARD,
    COST_SACRIFICE,
    COUNTDOWN,
    DELAY,
    DESTROY,
    DISCARD,
    DRAW,
    EMPOWER,
    FIELD,
    HAND,
    HASTEN,
    INTER,
    KILL,
    MINION,
    ON_ALLY_RESOLVES,
    ON_ARTIFICE_DESTROYED,
    ON_ATTACKS,
    ON_DIES,
    ON_MAINTENANCE,
    ON_MINION_KILLED,
    ON_PLAYED,
    ON_SACRIFICE,
    ON_TARGETED,
    OPP,
    PLAN_ARTIFICES,
    PLAN_COUNTDOWN,
    PLAN_DESTROY,
    PLAN_DISCARD,
    PLAN_INTER,
    PLAN_KILL,
    PLAN_MINIONS,
    PLAN_MIXED,
    PLAN_RESOLVE_BIG,
    PLAN_REVIVE,
    PLAN_SACRIFICE,
    PLAN_SUBTYPES,
    PLAN_THWART,
    PLOT,
    RECALL,
    RESTACK,
    REVIVE,
    REWIND,
    SACRIFICE,
    STACK,
    THWART,
    CardDef,
    CardSet,
    Command,
    Cost,
    Effect,
    PlanDef,
    Trigger,
)

NECRO: Final = "Necromancer"
SCIENCE: Final = "Mad Scientist"
CULT: Final = "Cult"
WARLORD: Final = "Warlord"
TRICK: Final = "Trickster"
SUBTYPES: Final = (NECRO, SCIENCE, CULT, WARLORD, TRICK)


def _e(op: str, n: int = 0, what: str = "any", whose: str = "any", where: str = "") -> Effect:
    return Effect(op, n, what, whose, where)


def _plot(name: str, sub: str, cd: int, *effects: Effect, cost: Cost | None = None) -> CardDef:
    return CardDef(name, PLOT, sub, cd, cost=cost, resolves=effects)


def _minion(
    name: str,
    sub: str,
    cd: int,
    strength: int,
    health: int,
    *,
    resolves: tuple[Effect, ...] = (),
    triggers: tuple[Trigger, ...] = (),
    command: Command | None = None,
    siege: bool = False,
    cost: Cost | None = None,
) -> CardDef:
    return CardDef(
        name, MINION, sub, cd, strength, health, cost, resolves, triggers, command, siege
    )


def _artifice(
    name: str,
    sub: str,
    cd: int,
    health: int,
    *,
    resolves: tuple[Effect, ...] = (),
    triggers: tuple[Trigger, ...] = (),
    command: Command | None = None,
    cost: Cost | None = None,
) -> CardDef:
    return CardDef(name, ARTIFICE, sub, cd, 0, health, cost, resolves, triggers, command)


def _when(when: str, *effects: Effect, optional: bool = False) -> tuple[Trigger]:
    return (Trigger(when, effects, optional),)


def _can(when: str, *effects: Effect) -> tuple[Trigger]:
    return (Trigger(when, effects, True),)


def _cmd(*effects: Effect, cost: Cost | None = None) -> Command:
    return Command(effects, cost)


SAC1: Final = Cost(COST_SACRIFICE, 1)
DISC1: Final = Cost(COST_DISCARD, 1)
WRECK1: Final = Cost(COST_DESTROY, 1)

DRAW1: Final = _e(DRAW, 1)
DRAW2: Final = _e(DRAW, 2)
REVIVE_M: Final = _e(REVIVE, what=MINION)
INTER_DISCARD: Final = _e(INTER, where=DISCARD)
STACK_DISCARD: Final = _e(STACK, where=DISCARD)
STACK_COUNTDOWN: Final = _e(STACK, where=COUNTDOWN)


def _burn(n: int, what: str = MINION, whose: str = "any") -> Effect:
    return _e(BURN, n, what, whose)


def _restack(n: int) -> Effect:
    return _e(RESTACK, n)


def _hasten(n: int) -> Effect:
    return _e(HASTEN, n)


def _delay(n: int) -> Effect:
    return _e(DELAY, n)


def _thwart(limit: int = 0) -> Effect:
    return _e(THWART, limit)


NECROMANCER_CARDS: Final = (
    _plot("Grave Call", NECRO, 2, REVIVE_M),
    _plot("Bone Harvest", NECRO, 1, DRAW2, cost=SAC1),
    _plot("Unmarked Graves", NECRO, 3, INTER_DISCARD, DRAW1),
    _plot("Mass Exhumation", NECRO, 5, REVIVE_M, REVIVE_M),
    _plot("Soul Siphon", NECRO, 1, _burn(2)),
    _plot("Deathless Pact", NECRO, 0, REVIVE_M, cost=DISC1),
    _plot("Final Rest", NECRO, 2, _e(INTER, what=MINION, whose=OPP, where=FIELD), cost=SAC1),
    _plot("Rite of the Long Night", NECRO, 6, REVIVE_M, REVIVE_M, DRAW2),
    _minion("Shambling Thrall", NECRO, 1, 1, 2),
    _minion("Crypt Ghoul", NECRO, 2, 2, 3, triggers=_can(ON_DIES, DRAW1)),
    _minion("Bone Knight", NECRO, 3, 3, 5),
    _minion("Wailing Wraith", NECRO, 2, 2, 2, resolves=(INTER_DISCARD,)),
    _minion("Grave Robber", NECRO, 1, 1, 1, command=_cmd(STACK_DISCARD)),
    _minion("Lich Apprentice", NECRO, 3, 2, 3, triggers=_can(ON_SACRIFICE, REVIVE_M)),
    _minion("Corpse Hound", NECRO, 0, 1, 1),
    _minion("Necrotic Colossus", NECRO, 5, 5, 6, resolves=(REVIVE_M,)),
    _artifice("Ossuary", NECRO, 4, 4, triggers=_can(ON_MAINTENANCE, REVIVE_M)),
    _artifice("Phylactery", NECRO, 3, 5, command=_cmd(REVIVE_M, cost=DISC1)),
    _artifice("Tomb Door", NECRO, 1, 3, command=_cmd(INTER_DISCARD)),
    _artifice("Black Candle", NECRO, 2, 2, triggers=_can(ON_MAINTENANCE, _restack(2))),
    _artifice("Charnel Pit", NECRO, 3, 4, triggers=_can(ON_SACRIFICE, DRAW1)),
)

MAD_SCIENTIST_CARDS: Final = (
    _plot("Spark Test", SCIENCE, 1, _burn(2, what="any")),
    _plot("Overclock", SCIENCE, 0, _hasten(2)),
    _plot("Tesla Storm", SCIENCE, 3, _e(BURN_ALL, 1, MINION, OPP)),
    _plot("Calculated Risk", SCIENCE, 1, DRAW2, cost=DISC1),
    _plot("Doomsday Device", SCIENCE, 6, _e(BURN_ALL, 3, "any", OPP)),
    _plot("Recompile", SCIENCE, 2, _e(RECALL)),
    _plot("Dismantle", SCIENCE, 2, _e(DESTROY, whose=OPP)),
    _minion("Lab Assistant", SCIENCE, 1, 1, 2, resolves=(DRAW1,)),
    _minion("Clockwork Sentry", SCIENCE, 2, 2, 4),
    _minion("Voltaic Golem", SCIENCE, 4, 4, 5, siege=True),
    _minion("Failed Experiment", SCIENCE, 1, 2, 1, triggers=_when(ON_DIES, _burn(1))),
    _minion("Chief Engineer", SCIENCE, 3, 2, 3, command=_cmd(_hasten(1))),
    _minion("Spider Drone", SCIENCE, 1, 1, 1, triggers=_when(ON_TARGETED, _burn(1))),
    _minion("Rocket Ape", SCIENCE, 2, 3, 2, siege=True),
    _artifice("Tesla Coil", SCIENCE, 2, 3, triggers=_when(ON_MAINTENANCE, _burn(1, whose=OPP))),
    _artifice("Time Accelerator", SCIENCE, 3, 4, command=_cmd(_hasten(1))),
    _artifice("Death Ray", SCIENCE, 4, 4, command=_cmd(_burn(3, what="any"), cost=DISC1)),
    _artifice("Cloning Vat", SCIENCE, 3, 5, triggers=_can(ON_ALLY_RESOLVES, DRAW1)),
    _artifice("Blast Shield", SCIENCE, 1, 6, triggers=_when(ON_TARGETED, _burn(2, whose=OPP))),
    _artifice("Scrap Heap", SCIENCE, 1, 2, command=_cmd(DRAW2, cost=WRECK1)),
    _artifice("Perpetual Engine", SCIENCE, 5, 6, triggers=_when(ON_MAINTENANCE, DRAW1)),
)

CULT_CARDS: Final = (
    _plot("Blood Offering", CULT, 0, DRAW2, cost=SAC1),
    _plot("Whispered Prophecy", CULT, 1, _restack(3), DRAW1),
    _plot("Dark Communion", CULT, 2, STACK_DISCARD),
    _plot("Call the Faithful", CULT, 2, REVIVE_M),
    _plot("Ritual of Binding", CULT, 3, _e(KILL, whose=OPP), cost=SAC1),
    _plot("The Great Awakening", CULT, 7, _e(BURN_ALL, 4, MINION, OPP), DRAW2),
    _plot("Fervent Chant", CULT, 1, _e(SACRIFICE), DRAW2),
    _minion("Hooded Acolyte", CULT, 1, 0, 2),
    _minion("Zealot", CULT, 1, 2, 1, triggers=_can(ON_DIES, DRAW1)),
    _minion("Blood Priest", CULT, 2, 1, 3, triggers=_can(ON_SACRIFICE, _burn(2))),
    _minion("Doom Herald", CULT, 3, 3, 3, resolves=(_restack(3),)),
    _minion("Cult Leader", CULT, 3, 2, 4, command=_cmd(DRAW2, cost=SAC1)),
    _minion("Eager Initiate", CULT, 1, 1, 2, resolves=(DRAW1, _e(STACK, where=HAND))),
    _minion("Spawn of the Deep", CULT, 5, 6, 6),
    _artifice("Altar of Ash", CULT, 2, 4, command=_cmd(_hasten(2), cost=SAC1)),
    _artifice("Sacrificial Dagger", CULT, 1, 2, triggers=_when(ON_SACRIFICE, DRAW1)),
    _artifice("Idol of the Void", CULT, 3, 5, triggers=_can(ON_MAINTENANCE, _restack(2))),
    _artifice("Forbidden Tome", CULT, 2, 3, command=_cmd(_restack(3))),
    _artifice("Shrine of Whispers", CULT, 1, 3, triggers=_can(ON_PLAYED, _restack(2))),
    _artifice("Blood Font", CULT, 4, 5, triggers=_can(ON_MINION_KILLED, _hasten(1))),
    _artifice("Portal of Hunger", CULT, 5, 6, command=_cmd(_burn(3, what="any"), cost=SAC1)),
)

WARLORD_CARDS: Final = (
    _plot("War Cry", WARLORD, 0, _e(EMPOWER, 2)),
    _plot("Muster the Legion", WARLORD, 1, DRAW1, _hasten(1)),
    _plot("Scorched Earth", WARLORD, 3, _e(BURN_ALL, 2, MINION)),
    _plot("Siege Engines", WARLORD, 2, _e(DESTROY, whose=OPP)),
    _plot("Execution", WARLORD, 2, _e(KILL, whose=OPP), cost=DISC1),
    _plot("Total War", WARLORD, 5, _e(BURN_ALL, 2, "any", OPP)),
    _plot("Ambush", WARLORD, 1, _burn(3, whose=OPP)),
    _minion("Footsoldier", WARLORD, 1, 1, 2),
    _minion("Shield Bearer", WARLORD, 1, 1, 4),
    _minion("Berserker", WARLORD, 1, 3, 2),
    _minion("Warhound Pack", WARLORD, 2, 3, 3, triggers=_when(ON_ATTACKS, _burn(1, whose=OPP))),
    _minion("Siege Ogre", WARLORD, 3, 4, 5, siege=True),
    _minion("Battle Captain", WARLORD, 3, 3, 4, command=_cmd(_e(EMPOWER, 1))),
    _minion("Warlord's Champion", WARLORD, 4, 5, 5, resolves=(_burn(2, whose=OPP),)),
    _minion("Grizzled Veteran", WARLORD, 2, 2, 3, triggers=_can(ON_TARGETED, _e(EMPOWER, 2))),
    _artifice("War Banner", WARLORD, 2, 3, command=_cmd(_e(EMPOWER, 1))),
    _artifice("Barracks", WARLORD, 3, 5, triggers=_can(ON_MAINTENANCE, DRAW1)),
    _artifice("Watchtower", WARLORD, 1, 4, command=_cmd(_burn(1))),
    _artifice("Iron Fortress", WARLORD, 4, 8, triggers=_when(ON_TARGETED, _burn(1, whose=OPP))),
    _artifice("Forge of War", WARLORD, 2, 4, triggers=_can(ON_ALLY_RESOLVES, _burn(1, whose=OPP))),
    _artifice("Trophy Hall", WARLORD, 3, 4, triggers=_can(ON_MINION_KILLED, DRAW1)),
)

TRICKSTER_CARDS: Final = (
    _plot("Sleight of Hand", TRICK, 0, _thwart(1)),
    _plot("Foiled!", TRICK, 1, _thwart()),
    _plot("Stalling Tactics", TRICK, 0, _delay(2)),
    _plot("Back to the Drawing Board", TRICK, 1, STACK_COUNTDOWN),
    _plot("Misdirection", TRICK, 2, _restack(3), DRAW1),
    _plot("Grand Heist", TRICK, 5, _thwart(), _thwart(), DRAW2),
    _plot("Double Bluff", TRICK, 1, _e(RECALL)),
    _minion("Pickpocket", TRICK, 1, 1, 1, resolves=(DRAW1,)),
    _minion("Saboteur", TRICK, 2, 2, 2, resolves=(_delay(1),)),
    _minion("Illusionist", TRICK, 2, 1, 3, triggers=_can(ON_TARGETED, _e(REWIND))),
    _minion("Jester", TRICK, 1, 2, 2, triggers=_when(ON_DIES, _delay(1))),
    _minion("Master of Disguise", TRICK, 3, 3, 3, command=_cmd(_thwart(1))),
    _minion("Con Artist", TRICK, 1, 1, 2, command=_cmd(DRAW1, cost=DISC1)),
    _minion("Shadow Double", TRICK, 4, 4, 4, resolves=(STACK_COUNTDOWN,)),
    _artifice("Hourglass of Mischief", TRICK, 2, 3, command=_cmd(_delay(1))),
    _artifice("Trick Mirror", TRICK, 1, 3, triggers=_can(ON_TARGETED, DRAW1)),
    _artifice("Smoke Bombs", TRICK, 1, 2, command=_cmd(_thwart(), cost=WRECK1)),
    _artifice("Vanishing Cabinet", TRICK, 3, 4, command=_cmd(INTER_DISCARD)),
    _artifice("Puppet Strings", TRICK, 3, 4, triggers=_can(ON_MAINTENANCE, STACK_DISCARD)),
    _artifice("Marked Deck", TRICK, 2, 3, triggers=_can(ON_MAINTENANCE, _restack(3))),
    _artifice("Rigged Game", TRICK, 4, 5, triggers=_can(ON_ARTIFICE_DESTROYED, _delay(1))),
)

PLANS: Final = (
    PlanDef("The Grand Offering", PLAN_SACRIFICE, 8),
    PlanDef("The Endless Night", PLAN_RESOLVE_BIG, 6, times=2),
    PlanDef("The Long Game", PLAN_RESOLVE_BIG, 4, times=3),
    PlanDef("Army of the Damned", PLAN_MINIONS, 10),
    PlanDef("The Iron Citadel", PLAN_ARTIFICES, 5),
    PlanDef("Grand Design", PLAN_MIXED, 3),
    PlanDef("The Pantheon of Doom", PLAN_SUBTYPES, 4),
    PlanDef("Conquest", PLAN_KILL, 8),
    PlanDef("Raze the World", PLAN_DESTROY, 4),
    PlanDef("Sabotage Supreme", PLAN_THWART, 6),
    PlanDef("Erase History", PLAN_INTER, 7),
    PlanDef("Rise Again", PLAN_REVIVE, 6),
    PlanDef("Clockwork Apocalypse", PLAN_COUNTDOWN, 10),
    PlanDef("Overflowing Crypt", PLAN_DISCARD, 20),
)

LIMITS: Final = {"Overclock": 2, "Deathless Pact": 2, "Sleight of Hand": 2, "Grand Heist": 1}
"""Our ban/limit list: these cards are limited to the given number of copies per deck."""

CARD_SET: Final = CardSet(
    NECROMANCER_CARDS + MAD_SCIENTIST_CARDS + CULT_CARDS + WARLORD_CARDS + TRICKSTER_CARDS,
    PLANS,
    LIMITS,
)
