"""The Doom On You card set as data: one table drives the rules, the printed text and the tests.

The published deck list is not public, so this set is our own design (see docs/rulings.md):
110 cards, the six named animals with values matching the rulebook's examples, four more
animals, the five battle cards and five doom cards. Cards are ids ``0..109`` into ``CARDS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import yaml

from doomtable.engine import DoomtableError

ANIMAL: Final = "animal"
BATTLE: Final = "battle"
DOOM: Final = "doom"

# Animal powers.
CAMO: Final = "camo"
FLAME: Final = "flame"
PEEK: Final = "peek"

# Battle cards.
HUNT: Final = "hunt"
FORCE_FIELD: Final = "force-field"
DEFLECT: Final = "deflect"
CAPTURE: Final = "capture"
SNEAK: Final = "sneak-attack"

# Doom effects.
BOTH_PILES: Final = "both-piles"  # you and a player you choose lose every animal in your piles
LOSE_FOOD: Final = "lose-food"  # you lose `amount` food
ALL_LOSE_FOOD: Final = "all-lose-food"  # every player loses `amount` food
LOSE_ONE: Final = "lose-one"  # you lose one animal of your choice
PILE_AND_FOOD: Final = "pile-and-food"  # you lose every animal in your pile and `amount` food


@dataclass(frozen=True, slots=True)
class CardDef:
    """One kind of card; ``copies`` of it are in the deck."""

    name: str
    kind: str
    copies: int
    attack: int = 0
    defence: int = 0
    tokens: int = 0
    power: str = ""
    """Animals: ``camo``, ``flame``, ``peek``; battle cards: which one; doom: the effect."""
    amount: int = 0
    flavour: str = ""

    @property
    def text(self) -> str:
        """The card's rules text, generated from its values."""
        if self.kind == ANIMAL:
            base = (
                f"Attack {self.attack}, defence {self.defence}. A successful attack takes "
                f"{_food(self.tokens)} from the defender."
            )
            return f"{base} {_POWER_TEXT[self.power]}".rstrip()
        if self.kind == BATTLE:
            return _BATTLE_TEXT[self.power]
        return _doom_text(self.power, self.amount)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "copies": self.copies}
        if self.kind == ANIMAL:
            data.update(attack=self.attack, defence=self.defence, tokens=self.tokens)
        if self.power:
            data["power"] = self.power
        if self.amount:
            data["amount"] = self.amount
        data["text"] = self.text
        if self.flavour:
            data["flavour"] = self.flavour
        return data


def _food(n: int) -> str:
    return f"{n} food" if n != 1 else "1 food"


_POWER_TEXT: Final[dict[str, str]] = {
    "": "",
    CAMO: "Hunt cannot kill it.",
    FLAME: "Force Field cannot block it.",
    PEEK: "When its attack succeeds, its attacker sees the defender's hand.",
}

_BATTLE_TEXT: Final[dict[str, str]] = {
    HUNT: "Kill one animal anywhere on the table, except a Camo. Another Hunt cancels it.",
    FORCE_FIELD: (
        "Block every attack on one player, except Flame-ingo attacks, or block a doom card's "
        "effect. Another Force Field cancels it."
    ),
    DEFLECT: (
        "Send one attack on a player to another opponent of yours, who must defend against it; "
        "if it succeeds you take its food. Another Deflect cancels it."
    ),
    CAPTURE: "Take one attacking animal into your animal pile, even if it already holds three.",
    SNEAK: "Attack the player now defending with an animal straight from your hand.",
}


def _doom_text(effect: str, amount: int) -> str:
    if effect == BOTH_PILES:
        return "You and another player of your choice lose every animal in your animal piles."
    if effect == LOSE_FOOD:
        return f"You lose {_food(amount)}."
    if effect == ALL_LOSE_FOOD:
        return f"Every player loses {_food(amount)}."
    if effect == LOSE_ONE:
        return "You lose one animal of your choice from your animal pile."
    return f"You lose every animal in your animal pile, and {_food(amount)}."


DECK_FILE: Final = Path(__file__).with_name("deck.yaml")
"""The deck as data; owners of the printed deck can replace it with their own copies."""

_POWERS: Final[dict[str, tuple[str, ...]]] = {
    ANIMAL: ("", CAMO, FLAME, PEEK),
    BATTLE: (HUNT, FORCE_FIELD, DEFLECT, CAPTURE, SNEAK),
    DOOM: (BOTH_PILES, LOSE_FOOD, ALL_LOSE_FOOD, LOSE_ONE, PILE_AND_FOOD),
}
_INT_FIELDS: Final = ("copies", "attack", "defence", "tokens", "amount")


class DeckFileError(DoomtableError, ValueError):
    """The deck file is malformed: it names what is wrong and where."""


def load_deck(path: Path) -> tuple[CardDef, ...]:
    """Card kinds from a deck file (see ``deck.yaml``), checked field by field."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DeckFileError(f"cannot read deck file {path}: {exc}") from None
    entries = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise DeckFileError(f"{path}: expected a non-empty list under 'cards'")
    defs: list[CardDef] = []
    for i, entry in enumerate(entries):
        where = f"{path}: card {i + 1}"
        if not isinstance(entry, dict):
            raise DeckFileError(f"{where}: expected a mapping")
        if "count" in entry:
            raise DeckFileError(f"{where}: 'count' is now called 'copies' (as in every game)")
        unknown = set(entry) - {"name", "kind", "power", "flavour", *_INT_FIELDS}
        if unknown:
            raise DeckFileError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        name, kind = entry.get("name"), entry.get("kind")
        if not isinstance(name, str) or not name.strip():
            raise DeckFileError(f"{where}: needs a name")
        if kind not in _POWERS:
            raise DeckFileError(f"{where} ({name}): kind must be animal, battle or doom")
        power = entry.get("power", "")
        if power not in _POWERS[kind]:
            choices = ", ".join(p for p in _POWERS[kind] if p)
            raise DeckFileError(f"{where} ({name}): power must be one of {choices}")
        numbers = {k: entry.get(k, 0) for k in _INT_FIELDS}
        if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in numbers.values()):
            raise DeckFileError(f"{where} ({name}): copies and values are whole numbers >= 0")
        defs.append(
            CardDef(name, kind, power=power, flavour=str(entry.get("flavour", "")), **numbers)
        )
    return tuple(defs)


CARD_DEFS: Final[tuple[CardDef, ...]] = load_deck(DECK_FILE)

DEF_BY_NAME: Final[dict[str, int]] = {d.name.casefold(): i for i, d in enumerate(CARD_DEFS)}

CARDS: Final[tuple[CardDef, ...]] = tuple(d for d in CARD_DEFS for _ in range(d.copies))
"""Card id -> definition; copies of one kind have consecutive ids."""

CARD_DEF: Final[tuple[int, ...]] = tuple(
    i for i, d in enumerate(CARD_DEFS) for _ in range(d.copies)
)
"""Card id -> index into ``CARD_DEFS`` (cheap identity for de-duplicating options)."""

NAMES: Final[tuple[str, ...]] = tuple(d.name for d in CARDS)
IS_ANIMAL: Final[tuple[bool, ...]] = tuple(d.kind == ANIMAL for d in CARDS)
IS_DOOM: Final[tuple[bool, ...]] = tuple(d.kind == DOOM for d in CARDS)
BATTLE_OF: Final[tuple[str, ...]] = tuple(d.power if d.kind == BATTLE else "" for d in CARDS)
ATTACK: Final[tuple[int, ...]] = tuple(d.attack for d in CARDS)
DEFENCE: Final[tuple[int, ...]] = tuple(d.defence for d in CARDS)
TOKENS: Final[tuple[int, ...]] = tuple(d.tokens for d in CARDS)
POWER: Final[tuple[str, ...]] = tuple(d.power for d in CARDS)
DECK_SIZE: Final = len(CARDS)

BATTLE_NAMES: Final[dict[str, str]] = {d.power: d.name for d in CARD_DEFS if d.kind == BATTLE}


def card_dicts() -> list[dict[str, Any]]:
    """Every card definition as JSON-ready dicts, for ``GameSpec.cards``."""
    return [d.to_json() for d in CARD_DEFS]


def card_reference() -> str:
    """The card list in plain words, generated from the table (our printed rules insert)."""
    lines = [f"Doom On You: {DECK_SIZE} cards."]
    for kind, title in ((ANIMAL, "Animals"), (BATTLE, "Battle cards"), (DOOM, "Doom cards")):
        group = [d for d in CARD_DEFS if d.kind == kind]
        lines.append(f"\n{title} ({sum(d.copies for d in group)}):")
        lines.extend(f"- {d.name} x{d.copies}: {d.text}" for d in group)
    return "\n".join(lines)
