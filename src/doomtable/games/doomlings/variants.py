"""The rulebook's game variations: drafting (Intelligent Design, Strategic Start), the solo
Genetic Mishap, Stunted Growth and Prosperous World.

Drafting and Lab decisions are ordinary engine decisions, made by humans and bots alike.
Stunted Growth and Prosperous World need no handlers: ``rules.py`` and the age deal read the
options directly.
"""

from __future__ import annotations

from typing import Any

from doomtable.engine import BadOptionError, Decision, Frame, Option
from doomtable.games.doomlings.cards import plural
from doomtable.games.doomlings.rules import DoomlingsRules, distinct, handler
from doomtable.games.doomlings.state import ALL, BY_RULE, CARD

VARIANTS: dict[str, str] = {
    "none": "the rules as printed",
    "intelligent-design": "draft your own 28-card trait deck (2-4 players)",
    "strategic-start": "draft your opening hand: keep 1 of 5, pass the rest right",
    "genetic-mishap": "solo mode with the Lab (1 player)",
    "stunted-growth": "no turns on catastrophes (shorter games)",
    "prosperous-world": "era piles of 4 ages, or eras=4 piles of 3 (2-4 players)",
}

DRAFT_DEAL = 28
FIRST_KEEP, SECOND_KEEP = 14, 7


def option_notes(options: dict[str, Any]) -> list[str]:
    """The variation and era count a game is played with, for the table's ``rules``."""
    notes = []
    variant = str(options.get("variant", "none"))
    if variant != "none":
        title = variant.replace("-", " ").title()
        notes.append(f"This game's variation: {title}: {VARIANTS.get(variant, '')}.")
    if options.get("eras", 3) != 3:
        notes.append(f"Era piles: {options['eras']}.")
    return notes


def check_options(players: int, options: dict[str, Any]) -> None:
    """Refuse option combinations the rulebook does not allow, saying why."""
    variant = options.get("variant", "none")
    if variant not in VARIANTS:
        raise BadOptionError(f"unknown variant {variant!r}; variants: {', '.join(VARIANTS)}")
    if variant == "genetic-mishap":
        if players != 1:
            raise BadOptionError("genetic-mishap is a solo mode: play it with --players 1")
    elif players < 2:
        raise BadOptionError(
            "Doomlings needs 2 to 8 players (1 only with --variant genetic-mishap)"
        )
    if variant in ("intelligent-design", "prosperous-world") and players > 4:
        raise BadOptionError(f"{variant} is for 2 to 4 players, not {players}")
    eras = options.get("eras", 3)
    if eras not in (3, 4):
        raise BadOptionError(
            f"eras is the number of era piles: 3, or 4 with --variant prosperous-world; not {eras}"
        )
    if eras == 4 and variant != "prosperous-world":
        raise BadOptionError("eras may be 4 only with --variant prosperous-world (default 3)")


def era_layout(options: dict[str, Any]) -> tuple[int, int]:
    """(era piles, ages per pile): Prosperous World has 3 piles of 4 or 4 piles of 3."""
    eras = int(options.get("eras", 3))
    if options.get("variant") == "prosperous-world" and eras == 3:
        return 3, 4
    return eras, 3


def deal(s: DoomlingsRules, hand_size: int) -> list[Frame]:
    """Deal the traits for the variant; return the frames that run before the first age."""
    variant = s.variant
    n = s.players
    if variant == "intelligent-design":
        s.packs = [[s.deck.pop() for _ in range(DRAFT_DEAL)] for _ in range(n)]
        return [*[("draft_keep", p, FIRST_KEEP) for p in range(n)], ("draft_pass", 1)]
    if variant == "strategic-start":
        s.packs = [[s.deck.pop() for _ in range(hand_size)] for _ in range(n)]
        return [("pick_round",)]
    for p in range(n):
        s.hands[p] = [s.deck.pop() for _ in range(hand_size)]
    if variant == "genetic-mishap":
        s.lab = [s.deck.pop() for _ in range(5)]
        s.emit((ALL, "lab", tuple(s.lab)))
    return []


def _keep_options(s: DoomlingsRules, p: int) -> list[Option]:
    return [("keep", c) for c in distinct(s.packs[p])]


@handler("draft_keep")
def h_draft_keep(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Intelligent Design: keep ``left`` more cards of your pack for your own trait deck."""
    _, p, left = frame
    if option is None:
        return s.ask(
            p,
            "draft",
            f"Draft: keep {plural(left, 'more card')} for your trait deck",
            _keep_options(s, p),
        )
    s.stack.pop()
    s.packs[p].remove(option[1])
    s.decks[p].append(option[1])
    if left > 1:
        s.stack.append(("draft_keep", p, left - 1))
    return None


@handler("draft_pass")
def h_draft_pass(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Pass what is left of each pack to the left; after the second pass, decks are built."""
    step = frame[1]
    s.stack.pop()
    n = s.players
    s.packs = [s.packs[(p - 1) % n] for p in range(n)]
    s.emit((ALL, "packs_passed", "left"))
    if step == 1:
        s.push_all([*[("draft_keep", p, SECOND_KEEP) for p in range(n)], ("draft_pass", 2)])
        return None
    for p in range(n):
        s.decks[p].extend(s.packs[p])
        s.packs[p] = []
        s.rng.shuffle(s.decks[p])
        s.draw(p, 5, BY_RULE)
    return None


@handler("pick_round")
def h_pick_round(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Strategic Start: everyone keeps 1 card of their pack, then passes the rest right."""
    s.stack.pop()
    if any(s.packs):
        s.push_all([*[("pick", p) for p in range(s.players)], ("pass_packs",)])
    return None


@handler("pick")
def h_pick(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    p = frame[1]
    if option is None:
        return s.ask(
            p, "draft", "Strategic Start: keep 1 card, pass the rest right", _keep_options(s, p)
        )
    s.stack.pop()
    s.packs[p].remove(option[1])
    s.hands[p].append(option[1])
    return None


@handler("pass_packs")
def h_pass_packs(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    s.stack.pop()
    n = s.players
    s.packs = [s.packs[(p + 1) % n] for p in range(n)]
    s.push(("pick_round",))
    return None


@handler("mishap")
def h_mishap(s: DoomlingsRules, frame: Frame, option: Option | None) -> Decision | None:
    """Genetic Mishap, before each age: draw a trait and let it take something away.

    A regular trait takes a hand card of its colour; a dominant moves a trait of its colour
    from the pile to the Lab. Either way the drawn trait is then discarded.
    """
    p = 0
    drawn = frame[1]
    if option is None:
        if drawn < 0:
            card = s.draw_card(p)
            s.stack.pop()
            if card is not None:
                s.discard_pile(p).append(card)
                s.emit((ALL, "mishap", card))
                s.stack.append(("mishap", card))
            return None
        colors = CARD[drawn].colors
        if CARD[drawn].dominant:
            cards = [c for c in s.piles[p] if s.colors_of(c) & colors and s.movable(c)]
            options: list[Option] = [("lab", c) for c in cards]
        else:
            cards = [c for c in s.hands[p] if CARD[c].colors & colors]
            options = [("discard", c) for c in cards]
        if not options:
            s.stack.pop()
            return None
        return s.ask(p, "mishap", f"Genetic Mishap: {CARD[drawn].name} was drawn", options)
    s.stack.pop()
    card = option[1]
    if option[0] == "lab":
        s.leave_pile(p, card)
        s.lab.append(card)
        s.emit((ALL, "to_lab", card), drawn)
    else:
        s.discard_from_hand(p, card, drawn)
    pile = s.discard_pile(p)  # the drawn trait is discarded last: it ends on top
    if drawn in pile:
        pile.remove(drawn)
        pile.append(drawn)
    return None
