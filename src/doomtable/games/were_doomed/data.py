"""We're Doomed!'s fixed numbers: the components (token bags, the seat chart) read from
``components.yaml``, and the game's timings.

The rulebook leaves timing to the table; the values here are our readings (docs/rulings.md).
"""

from __future__ import annotations

from importlib.resources import files

import yaml

GAME = "were-doomed"
_COMPONENTS = yaml.safe_load(
    files("doomtable.games.were_doomed").joinpath("components.yaml").read_text("utf-8")
)
RESOURCE_TOKENS: int = _COMPONENTS["bags"]["resources"]
INFLUENCE_TOKENS: int = _COMPONENTS["bags"]["influence"]
FIRST_SEAT: int = _COMPONENTS["seats"]["first"]
SEAT_STEP: int = _COMPONENTS["seats"]["step"]
MOST_SEATS: int = _COMPONENTS["seats"]["most"]

QUIET_SECONDS = 8
"""By default a Contribute phase closes after this long with nobody raising (rulebook: 'when
nobody challenges'): time for a person to type a raise. The ``quiet`` option changes it."""
PICK_MS = 30_000
"""A leader has this long to pick a civilization; then one is drawn for them by lot."""
SLOW_MS = 15_000
"""A player deciding an action this long may be pressured."""
PRESSURE_MS = 10_000
"""The pressure countdown: at zero the staller is eliminated."""
VOTE_MS = 10_000
"""A vote closes after this long; who has not voted abstains."""
CONVENTION_VOTE = 3
"""From this vote on in a row of tied votes, bots keep to a table convention (see
:meth:`WereDoomedState.bot_options`), so a table of bots breaks its ties by changing votes."""
ROBOTS = -1
"""Nuke target meaning the robots of Robot Uprising."""
EXPECTED_GIVEN = 0.5
"""Share of Resources in hand or still to come that bots expect to reach the Project."""
ROUND_MS = 45_000
"""About how long a round of actions and contributions takes, for bots' estimates."""

EVENT_FRAMES = frozenset({"draw", "effect", "finish", "challenge"})
EVENT_VOTES = frozenset({"dilemma", "lizard"})


FULL_MINUTES = 15
"""The rulebook's hourglass: its seat chart is for a game this long."""


def seat_count(project: int, first: int = FIRST_SEAT, step: int = SEAT_STEP) -> int:
    """Seats the Project's Resources pay for, on a chart whose first seat costs ``first`` and
    each further one ``step`` more (the rulebook's by default).

    >>> [seat_count(n) for n in (39, 40, 49, 50, 130, 200)]
    [0, 1, 1, 2, 10, 10]
    """
    if project < first:
        return 0
    return min(MOST_SEATS, 1 + (project - first) // step)


def seat_chart(minutes: float) -> tuple[int, int]:
    """The first seat's cost and the step for a clock of ``minutes``: the rulebook's chart at
    15 minutes or more; on a shorter clock (our quick-game variation) both shrink in
    proportion, so the Resources a short game can gather still build a rocket.

    >>> seat_chart(15), seat_chart(5), seat_chart(3), seat_chart(1)
    ((40, 10), (13, 3), (8, 2), (3, 1))
    """
    share = min(1.0, minutes / FULL_MINUTES)
    return max(1, round(FIRST_SEAT * share)), max(1, round(SEAT_STEP * share))
