"""Card sets: the ``sets`` option, the decks it deals, slugs of same-named designs, and a
scenario for every expansion card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doomtable.engine import BadOptionError, ScenarioError, new_game
from doomtable.games.doomlings.data import (
    AGE_SET,
    AGES,
    BASE,
    EXPANSIONS,
    MEANING_SET,
    MEANINGS,
    MERCHANTS,
    SET_NAMES,
    SIDE_GAMES,
    TRAIT_OF,
    TRAIT_SET,
    TRAITS,
    TRINKETS,
    _design_slugs,
    ages_of_sets,
    cards_of_sets,
)
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.sets.special_edition import WITHOUT_TEXT

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "doomlings" / "sets"


def test_the_base_set_alone_is_the_game_as_it_was() -> None:
    plain = new_game("doomlings", 4, 5)
    named = new_game("doomlings", 4, 5, {"sets": "base"})
    assert plain.to_json() == named.to_json()
    assert "sets" not in plain.options
    assert isinstance(plain, DoomlingsState)
    assert sorted(plain.all_cards()) == list(range(116))
    assert all(AGE_SET[a] == BASE for a in plain.age_deck)


def test_every_set_deals_its_cards_and_ages() -> None:
    state = new_game("doomlings", 4, 5, {"sets": "all"})
    assert isinstance(state, DoomlingsState)
    # every set of cards; a side game (the trinkets) only when named
    assert state.options["sets"] == ",".join(n for n in SET_NAMES if n not in SIDE_GAMES)
    assert sorted(state.all_cards()) == list(range(len(TRAIT_OF)))
    copies = sum(t.copies for t in TRAITS)
    assert len(state.all_cards()) == copies
    for card_set in EXPANSIONS:
        alone = new_game("doomlings", 2, 1, {"sets": card_set.name})
        assert isinstance(alone, DoomlingsState)
        cards = sorted(alone.all_cards())
        assert cards == cards_of_sets((BASE, card_set.name))
        assert len(cards) == 116 + sum(t.copies for t in card_set.traits)
        assert set(ages_of_sets((BASE, card_set.name))) >= set(alone.age_deck)


def test_sets_are_named_in_any_order_and_case() -> None:
    names = list(reversed(SET_NAMES[1:]))
    state = new_game("doomlings", 2, 1, {"sets": " , ".join(n.upper() for n in names)})
    assert state.options["sets"] == ",".join(SET_NAMES)


@pytest.mark.parametrize(("bad", "named"), [("multicolour", "multicolour"), ("base,nope", "nope")])
def test_an_unknown_set_is_refused_by_name(bad: str, named: str) -> None:
    with pytest.raises(BadOptionError, match=f"option sets '{named}' is not one of"):
        new_game("doomlings", 2, 1, {"sets": bad})


def test_all_with_other_sets_is_refused_as_all_stands_alone() -> None:
    with pytest.raises(BadOptionError) as refused:
        new_game("doomlings", 2, 1, {"sets": "all,newer"})
    assert (
        str(refused.value)
        == "option sets: 'all' names every choice and stands alone, not 'all,newer'"
    )


def test_a_misspelt_set_gets_a_suggestion() -> None:
    with pytest.raises(BadOptionError, match="did you mean multicolor"):
        new_game("doomlings", 2, 1, {"sets": "multicolour"})


def test_a_name_printed_by_two_sets_gets_a_slug_with_its_set_and_colors() -> None:
    slugs = _design_slugs(
        ["Kidney", "Kidney", "Swarm"], ("base", "overlush", "base"), ["red", "green", "green"]
    )
    assert slugs == ("kidney", "kidney-overlush-green", "swarm")


def test_every_design_has_its_own_slug() -> None:
    from doomtable.games.doomlings.data import AGE_SLUGS, TRAIT_SLUGS

    assert len(set(TRAIT_SLUGS)) == len(TRAITS)
    assert len(set(AGE_SLUGS)) == len(AGES)


def test_a_scenario_must_ask_for_the_set_of_a_card_it_places() -> None:
    card_set = EXPANSIONS[0]
    name = card_set.traits[0].name
    state = new_game("doomlings", 2, 1)
    before = state.to_json()
    with pytest.raises(ScenarioError, match=f"{name!r} is a card of the {card_set.name} set"):
        state.setup_scenario({"players": {0: {"traits": [name]}}})
    assert json.loads(before)["options"] == state.options


@pytest.mark.parametrize("card_set", EXPANSIONS, ids=lambda c: c.name)
def test_every_expansion_card_has_a_scenario(card_set: object) -> None:
    """Each trait and age of a set is named in a scenario file of ``scenarios/doomlings/sets/
    <set>/``, where its effect (or, for an effectless card, its colours and value) is tested."""
    from doomtable.games.doomlings.sets import CardSet

    assert isinstance(card_set, CardSet)
    folder = SCENARIOS / card_set.name
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml")))
    missing = [c.name for c in (*card_set.traits, *card_set.ages) if c.name not in text]
    assert not missing, f"no scenario in {folder} names {', '.join(missing)}"


def test_set_of_every_card_is_known() -> None:
    assert set(TRAIT_SET) <= set(SET_NAMES) and set(AGE_SET) <= set(SET_NAMES)


REFERENCE = Path(__file__).parents[2] / "data" / "doomlings_reference_cards.csv"
"""The names, kinds and sets of every card of ``shared/reference/doomlings`` (traits, ages,
trinkets, merchants and current Meaning of Life cards; facts only:
current printings and colour designs, no older-edition variants), kept here for CI."""
LEFT_OUT = {
    **dict.fromkeys(WITHOUT_TEXT, "no card text is known (docs/rulings.md, Special Edition)"),
}
"""Cards of the reference that the game leaves out, each with the reason."""
DOOMPY_SPELLING = {"The Godlen Shrew": "The Golden Shrew"}
"""Meaning of Life names DoomPy spells otherwise than the card."""
SETS_TO_COME: dict[str, str] = {}
"""Reference sets with no cards in the game yet: once a set is offered, every card of it must
be defined (the first check below fails until this entry is removed)."""


def _reference() -> list[tuple[str, str, str]]:
    import csv

    with REFERENCE.open(encoding="utf-8", newline="") as file:
        return [(row["set"], row["kind"], row["name"]) for row in csv.DictReader(file)]


def test_every_card_of_the_reference_data_is_in_its_set_or_left_out_with_a_reason() -> None:
    assert not set(SETS_TO_COME) & set(SET_NAMES), "a set to come is offered: remove it above"
    defined_as = {
        "trait": {(TRAIT_SET[i], t.name) for i, t in enumerate(TRAITS)},
        "trinket": {("trinkets", t.name) for t in TRINKETS},
        "merchant": {("trinkets", m.name) for m in MERCHANTS},
        # DoomPy's names of Meaning of Life cards carry their points ("The Bilbies (4/10)")
        "meaning": {(MEANING_SET[i], m.name.casefold()) for i, m in enumerate(MEANINGS)},
    }
    ages = {(AGE_SET[i], a.name) for i, a in enumerate(AGES)}
    missing = []
    for card_set, kind, name in _reference():
        if card_set in SETS_TO_COME:
            continue
        if kind == "meaning":
            name = DOOMPY_SPELLING.get(name, name).split(" (")[0].casefold()
        defined = (card_set, name) in defined_as.get(kind, ages)
        if name in LEFT_OUT:
            assert not defined, f"{name} is left out ({LEFT_OUT[name]}), yet it is defined"
        elif not defined:
            missing.append(f"{name} ({card_set} {kind})")
    assert not missing, f"no definition for {', '.join(missing)}"


def test_every_card_with_an_effect_has_its_text() -> None:
    for trait in TRAITS:
        assert trait.effectless or trait.text(), f"{trait.name} has an effect but no text"
    for age in AGES:
        assert age.text or age.name == "The Birth of Life", f"{age.name} has no text"


def test_every_meaning_of_life_card_has_a_scenario() -> None:
    """Every Meaning of Life card, the Meaning of Life set's and Overlush's, is named in a
    scenario of ``scenarios/doomlings/sets/meaning_of_life/``, where its points are tested."""
    from doomtable.games.doomlings.data import MEANINGS

    folder = SCENARIOS / "meaning_of_life"
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml")))
    missing = [m.name for m in MEANINGS if f"card: {m.name}, points:" not in text]
    assert not missing, f"no scenario in {folder} scores {', '.join(missing)}"
