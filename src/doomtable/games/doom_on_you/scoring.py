"""Scores and the heuristic value of a position: food is the score; greedy bots also weigh
what each player has in play, so that an attack is worth what it is likely to take.

A greedy bot judges an option by this value when its own next decision comes, which after a
declared attack is at once: so the value must count attacks still in progress (an attack that
is likely to get through is food on its way), the animals left in piles (future attacks and
blocks) and offers not yet answered, or declaring would look like giving an animal away.
"""

from __future__ import annotations

from typing import Final

from doomtable.games.doom_on_you.cards import DEFENCE, TOKENS
from doomtable.games.doom_on_you.state import DoomOnYouBase

HIT_CHANCE: Final = 0.75
"""An attack the defender's pile cannot block may still meet a battle card."""
BLOCKED_HIT_CHANCE: Final = 0.15
"""An attack the pile can block still gets through now and then (the defender blocks another)."""
PILE_ATTACK: Final = 0.35
"""An animal in a pile is worth this share of its food as a later attack..."""
PILE_DEFENCE: Final = 0.3
"""...and this much per point of defence it has left."""
HAND_CARD: Final = 0.25
OFFER_COST: Final = 0.6
"""Expected cost of each food offered in a bribe not yet answered (at least one food)."""
OUT: Final = -100.0


def scores(s: DoomOnYouBase) -> list[int]:
    """Food is the score: the last player with food wins, and the round cap ends on most food."""
    return list(s.food)


def attack_outlook(s: DoomOnYouBase) -> list[float]:
    """Each player's expected food change from the attacks in progress. A defender is taken to
    block the attacks that would take most food first, while their pile's defence lasts."""
    change = [0.0] * s.players
    for target in range(s.players):
        incoming = sorted((a for a in s.attacks if a[2] == target), key=lambda a: -TOKENS[a[0]])
        guard = sum(DEFENCE[c] - s.damage[c] for c in s.piles[target])
        for card, _, _, beneficiary, need in incoming:
            if need <= guard:
                guard -= need
                chance = BLOCKED_HIT_CHANCE
            else:
                chance = HIT_CHANCE
            gain = chance * min(TOKENS[card], s.food[target])
            change[beneficiary] += gain
            change[target] -= gain
    return change


def _offers(s: DoomOnYouBase) -> list[float]:
    """Expected food each player gains (or, offering, loses) from offers not yet answered."""
    change = [0.0] * s.players
    for frame in s.stack:
        if frame[0] in ("bribe", "bribe_answer"):
            giver, to, amount = frame[1], frame[2], max(1, frame[3])
            change[giver] -= OFFER_COST * amount
            if to >= 0:
                change[to] += OFFER_COST * amount
    return change


def standing(s: DoomOnYouBase, p: int, outlook: list[float]) -> float:
    """Food, food on its way, what the pile and hand are worth."""
    pile = sum(
        PILE_ATTACK * TOKENS[c] + PILE_DEFENCE * (DEFENCE[c] - s.damage[c]) for c in s.piles[p]
    )
    return s.food[p] + outlook[p] + pile + HAND_CARD * len(s.hands[p])


def evaluate(s: DoomOnYouBase, player: int) -> float:
    """The player's standing minus the best rival's."""
    if not s.alive[player]:
        return OUT
    outlook = attack_outlook(s)
    for p, offered in enumerate(_offers(s)):
        outlook[p] += offered
    rivals = [standing(s, q, outlook) for q in s.others(player)]
    return standing(s, player, outlook) - (max(rivals) if rivals else 0.0)
