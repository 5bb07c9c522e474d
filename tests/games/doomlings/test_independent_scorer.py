"""Our scoring checked against an independent scorer: DoomPy's machine-readable rule per card
(``doompy_rule`` in the shared reference's ``traits.csv``), re-implemented here for the rule
forms that are plain counts, and evaluated on the end positions of random games of both
editions with every card set. Each card's bonus in ``scoring.breakdown`` must equal it.

Rule forms read (``drop_effect=K WHO WHAT WHERE``; ``K`` a number, or ``n`` for 1 each):
``WHO`` is ``self`` (the card's owner) or ``opponents`` (each opponent, on their own pile);
``WHAT`` with ``WHERE`` ``own`` (the owner's pile): ``n_<colour>``, ``n_colorless``,
``n_colors``, ``n_color_pairs``, ``n_face_is_1``, ``n_negative``, ``n_traits``, ``n_<card>``
(copies of that card), ``gene_pool``, ``lowest_color_count``, ``n_color_worlds_end`` (the
colour named at World's End), ``4_or_more_<colour>`` and ``if_all_colors`` (``K`` if so);
``n_<card>`` with ``all`` (every pile), ``if_most_traits`` with ``all`` (``K`` for strictly
the most traits), ``n_green_pairs`` with ``other`` (green pairs in the opponents' piles); and
with ``own_hand``: ``n_hand``, ``n_dominant``, ``cards_with_effects``, ``n_colors_hand``.
The expansions' forms: Overlush's ``if_one_negative``, ``4_or_less_face_is_<=1``,
``each_lower_count_<colour>_or_<colour>``, ``each_set_of_4_colors``,
``every_color_count_>=3``, ``if_min_2_of_each_color``, ``each_color_less_than_host`` (on
each opponent), ``if_>=5_red`` with ``opponents`` and ``gene_pool_max*`` with ``all``;
Techlings' ``n_effectless``, ``n_color_host``, ``host``, ``n_techlings`` (doubled while
Bionic Arm hosts); Dinolings' ``n_dominant``, ``n_3_negative_traits`` and ``n_dinolings``
with ``discarded``; Mythlings' ``n_mythlings`` with ``all``. Where DoomPy knows no such
thing, our rulings are read in: face-down cards are traits, and Sparkles adds its owner's
hand to the counts of that pile (a second test moves Sparkles into each pile of the same
kind of positions). The sets DoomPy does not code (Deeplings, Moonlings, Prototypes) are
read from their card text, written in the same notation here (``TEXT_RULES``). Every other
rule (attachment effects, ``x``, World's End tasks, ...) is listed in docs/rulings.md as not
read. A card whose reference row is not in our card list yet is skipped: the test covers the
expansions' cards as they land.
"""

from __future__ import annotations

import csv
import functools
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from test_tally import _play_out

from doomtable.engine import new_game
from doomtable.games.doomlings.cards import COLOR_BY_NAME, COLORS, OpponentsColorDeficit
from doomtable.games.doomlings.data import AGES, TRAIT_OF, TRAIT_SET, TRAITS
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import breakdown, silenced
from doomtable.games.doomlings.state import CARD

REFERENCE = Path(os.environ.get("DOOMTABLE_REFERENCE", "/work/shared/reference/doomlings"))
SEEDS = int(os.environ.get("DOOMPY_SEEDS", "30"))
Rule = tuple[int | None, str, str, str]
"""(points each, or None for ``n``; who; what; where)."""


def _rows() -> list[dict[str, str]]:
    path = REFERENCE / "traits.csv"
    if not path.exists():
        pytest.skip(f"{path} is not here: the independent rules come from it")
    with path.open(newline="", encoding="utf-8") as file:
        return [row for row in csv.DictReader(file) if row["doompy_rule"]]


def _face(text: str) -> int | None:
    return None if not text.lstrip("-").isdigit() else int(text)


def parse_rule(text: str, name: str) -> Rule | None:
    """Card ``name``'s ``drop_effect=K WHO WHAT WHERE`` rule, if of a form this test reads."""
    parts = [p.strip() for p in text.split(";")]
    drops = [p for p in parts if p.startswith("drop_effect=")]
    if len(drops) != 1:
        return None
    words = drops[0].removeprefix("drop_effect=").split()
    if len(words) == 8 and words[6] == f"{words[2]}_if_{_slug(name)}s_is_host":
        # Bionic Arm: "2 self n_techlings_if_BionicArms_is_host own" after the plain form.
        words = [words[0], words[1], f"{words[2]}_doubled_if_host", words[3]]
    if len(words) != 4:
        return None
    points, who, what, where = words
    if points != "n" and not points.lstrip("-").isdigit():
        return None
    rule: Rule = (None if points == "n" else int(points), who, what, where)
    return rule if _reader(rule, name) is not None else None


def _slug(name: str) -> str:
    """A card's name as DoomPy writes it inside a rule (``BionicArm``)."""
    return "".join(ch for ch in name if ch.isalnum())


def _host(s: DoomlingsState, card: int) -> int:
    """The trait attachment ``card`` is attached to, or -1."""
    return next((host for gear, host in s.attached if gear == card), -1)


def _counted(s: DoomlingsState, p: int) -> list[int]:
    """The cards a pile's Drop of Life bonuses count: the pile, and the hand too while
    Sparkles is in it ("Traits in your hand count toward your Drop of Life bonuses")."""
    sparkles = any(s.trait(c).name == "Sparkles" for c in s.piles[p])
    return [*s.piles[p], *s.hands[p]] if sparkles else s.piles[p]


def _owner(s: DoomlingsState, card: int) -> int:
    return next(q for q in range(s.players) if card in s.piles[q])


def _face_of(s: DoomlingsState, card: int) -> int:
    """A printed face value (a variable one is 0, as the rulebook counts it); Opposable
    Thumbs has the face value, colours and family of the dominant it copies."""
    return s.trait(card).face or 0


def _colors(s: DoomlingsState, card: int) -> int:
    """A trait's colours at scoring: a recolour (Faith, Free Will) replaces the printed ones."""
    return s.recolor[card] if s.recolor[card] >= 0 else s.trait(card).colors


def _count(s: DoomlingsState, cards: list[int], color: int) -> int:
    return sum(1 for c in cards if _colors(s, c) & color)


def _reader(rule: Rule, name: str) -> Callable[[DoomlingsState, int, int], int] | None:
    """How to count ``rule`` for card ``name``: a function of (state, player, card)."""
    _, who, what, where = rule
    slug = "n_" + name.casefold().replace(" ", "_").replace("-", "_")
    # Sparkles adds its owner's hand to that owner's own bonuses only: an opponent's card
    # (Viral) counts the pile alone (docs/rulings.md, Sparkles).
    pile: Callable[[DoomlingsState, int], list[int]] = (
        _counted if who != "opponents" else lambda s, p: s.piles[p]
    )
    own = where == "own" and who in ("self", "opponents")
    if own and what.startswith("n_") and what[2:] in COLOR_BY_NAME:
        color = COLOR_BY_NAME[what[2:]]
        return lambda s, p, c: _count(s, pile(s, p), color)
    if own and what.startswith("4_or_more_") and what[10:] in COLOR_BY_NAME:
        color = COLOR_BY_NAME[what[10:]]
        return lambda s, p, c: int(_count(s, pile(s, p), color) >= 4)
    present = lambda s, p: [n for n in (_count(s, pile(s, p), k) for k in COLORS) if n]  # noqa: E731
    simple: dict[str, Callable[[DoomlingsState, int, int], int]] = {
        "n_colorless": lambda s, p, c: sum(1 for d in pile(s, p) if not _colors(s, d)),
        "n_colors": lambda s, p, c: len(present(s, p)),
        "n_color_pairs": lambda s, p, c: sum(n // 2 for n in present(s, p)),
        "n_face_is_1": lambda s, p, c: sum(1 for d in pile(s, p) if s.trait(d).face == 1),
        "n_negative": lambda s, p, c: sum(1 for d in pile(s, p) if _face_of(s, d) < 0),
        # Face-down (Deeplings' suppressed) cards are traits of the pile (docs/rulings.md,
        # "What a suppressed card is"); DoomPy has no face-down cards.
        "n_traits": lambda s, p, c: len(pile(s, p)) + len(s.suppressed[p]),
        "gene_pool": lambda s, p, c: s.gene_pool[p],
        "lowest_color_count": lambda s, p, c: min(present(s, p)) if len(present(s, p)) > 1 else 0,
        "n_color_worlds_end": lambda s, p, c: (
            _count(s, pile(s, p), s.named_color[c]) if s.named_color[c] >= 0 else 0
        ),
        "if_all_colors": lambda s, p, c: int(len(present(s, p)) == 4),
        # --- overlush ---
        "if_one_negative": lambda s, p, c: int(any(_face_of(s, d) < 0 for d in pile(s, p))),
        "4_or_less_face_is_<=1": lambda s, p, c: int(
            sum(1 for d in pile(s, p) if _face_of(s, d) <= 1) <= 4
        ),
        "each_set_of_4_colors": lambda s, p, c: min(_count(s, pile(s, p), k) for k in COLORS),
        "every_color_count_>=3": lambda s, p, c: sum(
            1 for k in COLORS if _count(s, pile(s, p), k) >= 3
        ),
        "if_min_2_of_each_color": lambda s, p, c: int(
            all(_count(s, pile(s, p), k) >= 2 for k in COLORS)
        ),
        # Prowler, on each opponent's pile: the colours they have fewer of than its owner.
        # It compares piles: Sparkles adds no hand (docs/rulings.md).
        "each_color_less_than_host": lambda s, p, c: sum(
            1 for k in COLORS if _count(s, s.piles[p], k) < _count(s, s.piles[_owner(s, c)], k)
        ),
    }
    lower = what.removeprefix("each_lower_count_").split("_or_")
    if own and len(lower) == 2 and all(k in COLOR_BY_NAME for k in lower):
        pair = [COLOR_BY_NAME[k] for k in lower]  # Sweet, Spicy, Sour Grapes, Bitter Berries
        return lambda s, p, c: min(_count(s, pile(s, p), k) for k in pair)
    techlings: dict[str, Callable[[DoomlingsState, int, int], int]] = {
        "n_effectless": lambda s, p, c: sum(1 for d in pile(s, p) if s.trait(d).effectless),
        "n_color_host": lambda s, p, c: _host_color_count(s, pile(s, p), _host(s, c)),
        "host": lambda s, p, c: _face_of(s, _host(s, c)) if _host(s, c) >= 0 else 0,
        "n_techlings": lambda s, p, c: _of_set(s, pile(s, p), "techlings"),
        "n_techlings_doubled_if_host": lambda s, p, c: (
            _of_set(s, pile(s, p), "techlings") * (2 if any(h == c for _, h in s.attached) else 1)
        ),
    }
    traits = lambda s, p: len(pile(s, p)) + len(s.suppressed[p])  # noqa: E731
    text: dict[str, Callable[[DoomlingsState, int, int], int]] = {
        "if_>=12_traits": lambda s, p, c: int(traits(s, p) >= 12),
        "if_<=10_traits": lambda s, p, c: int(traits(s, p) <= 10),
        "n_under": lambda s, p, c: s.suppressed_under[p].count(c),
        "n_moonlings": lambda s, p, c: _of_set(s, pile(s, p), "moonlings"),
        "if_gene_pool_<=2": lambda s, p, c: int(s.gene_pool[p] <= 2),
    }
    if (own or who == "all") and where == "own" and what in text:
        return text[what]
    if who == "self" and where == "other" and what == "n_opponents_with_more_traits":
        # Compares piles: Sparkles adds no hand here (docs/rulings.md).
        size = lambda s, q: len(s.piles[q]) + len(s.suppressed[q])  # noqa: E731
        return lambda s, p, c: sum(
            1 for q in range(s.players) if q != p and size(s, q) > size(s, p)
        )
    if who == "self" and where == "all" and what == "gene_pool_min":
        return lambda s, p, c: min(s.gene_pool)
    if who == "self" and where == "own_hand" and what == "if_hand_<=3":
        return lambda s, p, c: int(len(s.hands[p]) <= 3)
    if own and what in simple:
        return simple[what]
    if who == "self" and where == "own" and what in techlings:
        return techlings[what]
    if who == "self" and where == "all" and what.startswith("gene_pool_max"):
        return lambda s, p, c: max(s.gene_pool)  # Hyper-Myelination, Mutualism
    if who == "self" and where == "all" and what == "n_mythlings":
        return lambda s, p, c: sum(_of_set(s, s.piles[q], "mythlings") for q in range(s.players))
    if who == "self" and where == "opponents" and what == "if_>=5_red":
        red = COLOR_BY_NAME["red"]
        return lambda s, p, c: int(
            any(_count(s, pile(s, q), red) >= 5 for q in range(s.players) if q != p)
        )
    discarded: dict[str, Callable[[list[int]], int]] = {  # Dinolings, on the discard pile
        "n_dominant": lambda cards: sum(1 for d in cards if CARD[d].dominant),
        "n_3_negative_traits": lambda cards: sum(1 for d in cards if (CARD[d].face or 0) < 0) // 3,
        "n_dinolings": lambda cards: sum(1 for d in cards if TRAIT_SET[TRAIT_OF[d]] == "dinolings"),
    }
    if who == "self" and where == "discarded" and what in discarded:
        # The tie-break draw-off's traits count only their face value (docs/rulings.md).
        return lambda s, p, c: discarded[what]([d for d in s.discard if d not in s.tie_drawn])
    if own and what == slug:
        return lambda s, p, c: sum(1 for d in pile(s, p) if s.trait(d).name == name)
    if who == "self" and where == "all" and what == slug:  # Sparkles adds its owner's hand
        return lambda s, p, c: sum(
            1
            for q in range(s.players)
            for d in (pile(s, q) if q == p else s.piles[q])
            if s.trait(d).name == name
        )
    if who == "self" and where == "all" and what == "if_most_traits":
        size = lambda s, q: len(s.piles[q]) + len(s.suppressed[q])  # noqa: E731
        return lambda s, p, c: int(all(size(s, q) < size(s, p) for q in range(s.players) if q != p))
    if who == "self" and where == "other" and what == "n_green_pairs":
        green = COLOR_BY_NAME["green"]
        return lambda s, p, c: sum(
            _count(s, pile(s, q), green) // 2 for q in range(s.players) if q != p
        )
    hand: dict[str, Callable[[DoomlingsState, int, int], int]] = {
        "n_hand": lambda s, p, c: len(s.hands[p]),
        "n_dominant": lambda s, p, c: sum(1 for d in s.hands[p] if CARD[d].dominant),
        "cards_with_effects": lambda s, p, c: sum(1 for d in s.hands[p] if not CARD[d].effectless),
        "n_colors_hand": lambda s, p, c: len(
            [k for k in COLORS if any(CARD[d].colors & k for d in s.hands[p])]
        ),
    }
    if who == "self" and where == "own_hand" and what in hand:
        return hand[what]
    return None


def _of_set(s: DoomlingsState, cards: list[int], card_set: str) -> int:
    """How many of ``cards`` are of ``card_set``: an Opposable Thumbs of its copy's set."""
    return sum(1 for d in cards if TRAIT_SET[TRAIT_OF[s.same(d)]] == card_set)


def _host_color_count(s: DoomlingsState, cards: list[int], host: int) -> int:
    """GMO's count: the traits sharing a colour with the host (a colourless host: the
    colourless traits); none without a host."""
    if host < 0:
        return 0
    colors = _colors(s, host)
    if not colors:
        return sum(1 for d in cards if not _colors(s, d))
    return sum(1 for d in cards if _colors(s, d) & colors)


@functools.cache
def _design_rules() -> tuple[dict[int, Rule], list[str]]:
    """The read rule of each of our trait designs that the reference gives one, and the
    names of the reference's rules this test does not read."""
    rows = _rows()
    ours = {(t.name, TRAIT_SET[i]): i for i, t in enumerate(TRAITS)}
    read: dict[int, Rule] = {}
    unread: list[str] = []
    for row in rows:
        design = ours.get((row["name"], row["set"]))
        if design is None:
            continue  # not in the game yet
        trait = TRAITS[design]
        if (
            _face(row["face_value"]) != trait.face
            and len([r for r in rows if (r["name"], r["set"]) == (row["name"], row["set"])]) > 1
        ):
            continue  # another printing's row (Fortunate (1)): the one matching ours is read
        rule = parse_rule(row["doompy_rule"], row["name"])
        if rule is None:
            unread.append(f"{row['name']} ({row['set']}): {row['doompy_rule']}")
        else:
            read[design] = rule
    for (name, card_set), text in TEXT_RULES.items():
        design = ours.get((name, card_set))
        if design is not None:
            rule = parse_rule(text, name)
            assert rule is not None, text
            read[design] = rule
    return read, unread


TEXT_RULES: dict[tuple[str, str], str] = {
    # The sets DoomPy does not code, their card text (the reference's ``effect_text``)
    # written in DoomPy's notation by this test.
    ("Cryptic", "deeplings"): "drop_effect=-4 self if_>=12_traits own",
    ("Enigma", "deeplings"): "drop_effect=10 self if_<=10_traits own",
    ("Spineless", "deeplings"): "drop_effect=-1 self n_face_is_1 own",
    ("Stygian", "deeplings"): "drop_effect=-2 self n_colors own",
    ("Telescopic Eyes", "deeplings"): "drop_effect=2 self n_opponents_with_more_traits other",
    ("Untold", "deeplings"): "drop_effect=1 self n_under own",
    ("Frumple Pumple", "moonlings"): "drop_effect=5 self if_hand_<=3 own_hand",
    ("Jibwib", "moonlings"): "drop_effect=5 all if_gene_pool_<=2 own",
    ("Mufflemops", "moonlings"): "drop_effect=1 self n_moonlings own",
    ("Thwopplers", "moonlings"): "drop_effect=-1 self gene_pool_min all",
    ("Titanic", "prototypes"): "drop_effect=1 self n_traits own",
}


def test_the_readable_rules_cover_the_base_counts() -> None:
    read, unread = _design_rules()
    base = sorted({TRAITS[d].name for d in read if TRAIT_SET[d] == "base"})
    assert base == [
        "Altruistic", "Apex Predator", "Boredom", "Branches", "Brave", "Camouflage",
        "Egg Clusters", "Fortunate", "Gratitude", "Immunity", "Kidney", "Mindful",
        "Overgrowth", "Pack Behavior", "Pollination", "Random Fertilization", "Saudade",
        "Sentience", "Sticky Secretions", "Swarm", "Symbiosis", "Tiny", "Viral",
    ]  # fmt: skip
    # Not read (docs/rulings.md): Faith's recolour is a World's End question, and Heat
    # Vision's rule is only "x" (its text: +1 per red trait).
    assert [u for u in unread if u.split(" (")[1].startswith("base")] == [
        "Faith (base): worlds_end_task=may_change_color",
        "Heat Vision (base): drop_effect=x",
    ]


def test_the_readable_rules_cover_the_expansions_counts() -> None:
    read, unread = _design_rules()
    by_set: dict[str, list[str]] = {}
    for design in read:
        by_set.setdefault(TRAIT_SET[design], []).append(TRAITS[design].name)
    assert {name: sorted(cards) for name, cards in by_set.items() if name != "base"} == {
        "overlush": [
            "Backbiter", "Big Feller", "Bitter Berries", "Contagious", "Euphoric", "Harmony",
            "Kidney", "Mutualism", "Noxious", "Nuptial Plumage", "Prolific", "Prowler", "Shy",
            "Sour Grapes", "Spicy", "Swarm", "Sweet", "Sycophant", "Tenacious", "Vivacious",
        ],
        "techlings": ["Bionic Arm", "GMO", "Hyper-Myelination", "Mecha", "Nano"],
        "dinolings": ["Cranial Crest", "Serrated Teeth", "Tiny Arms"],
        "mythlings": ["Dragon Heart", "Elven Ears"],
        "multicolor": ["Tetrachromatic"],
        # TEXT_RULES: the card text of the sets DoomPy does not code.
        "deeplings": [
            "Cryptic", "Enigma", "Spineless", "Stygian", "Telescopic Eyes", "Untold",
        ],
        "moonlings": ["Frumple Pumple", "Jibwib", "Mufflemops", "Thwopplers"],
        "prototypes": ["Titanic"],
    }  # fmt: skip
    # Not read (docs/rulings.md): World's End tasks, guards and attachment effects (no
    # points), Lily Pad's World's End points, Sparkles, which changes the other counts, and
    # Opposable Thumbs, read by the rule of the dominant it copies.
    assert sorted(u.split(" (")[0] for u in unread if "(base)" not in u) == [
        "Bone Reinforcement", "Cybernetic", "Electromagnetic", "Free Will", "Ironwood",
        "Lily Pad", "Lyonization", "Meek", "Opposable Thumbs", "Rainbow Horn", "Ruggedized",
        "Sleepy", "Sparkles", "Spores", "Subdermal Plating", "Transgenic Modification",
    ]  # fmt: skip


@pytest.mark.parametrize("game", ["doomlings", "doomlings-blackbox"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_each_card_scores_as_the_independent_rule(seed: int, game: str) -> None:
    s = _scored_end(5000 + seed, game)
    assert sum(_compare(s, p) for p in range(s.players)) > 0


@pytest.mark.parametrize("seed", range(SEEDS // 2))
def test_each_card_scores_as_the_independent_rule_beside_sparkles(seed: int) -> None:
    # The same end positions with Sparkles moved into the scored player's pile: every count
    # of that pile takes the hand in (docs/rulings.md), the comparisons of piles do not.
    game = _scored_end(7000 + seed, "doomlings")
    sparkles = next(c for c in range(len(CARD)) if CARD[c].name == "Sparkles")
    compared = 0
    for p in range(game.players):
        s = game.clone()
        for zone in (*s.piles, *s.hands, *s.suppressed, s.deck, s.discard):
            if sparkles in zone:
                zone.remove(sparkles)
        s.piles[p].append(sparkles)
        compared += _compare(s, p)
    assert compared > 0


def _scored_end(seed: int, game: str) -> DoomlingsState:
    s = _play_out(2 + seed % 5, seed, game, "all")
    if s.final_doom < 0:
        pytest.skip("the traits ran out before the 3rd catastrophe")
    if AGES[s.final_doom].name == "AI Takeover":
        pytest.skip("AI Takeover: silenced traits count 2, a reading the rules do not have")
    return s


def _compare(s: DoomlingsState, p: int) -> int:
    """Check every read card of ``p``'s pile against its rule; how many were compared."""
    read, _ = _design_rules()
    compared = 0
    ours = breakdown(s, p)
    # Opposable Thumbs is scored as the dominant it copies: by that card's rule.
    with_bonus = [
        c
        for c in s.piles[p]
        if s.trait(c).bonus is not None
        and not isinstance(s.trait(c).bonus, OpponentsColorDeficit)  # on opponents' scores
        and not silenced(s.final_doom, s.trait(c))
        and not s.inactive(c)  # Lyonization attached to it: no bonus
    ]
    bonus_of = dict(zip(with_bonus, (points for _, points in ours.bonuses), strict=True))
    for card in s.piles[p]:
        rule = read.get(TRAIT_OF[s.same(card)])
        if rule is None or silenced(s.final_doom, s.trait(card)):
            continue
        points, who, _, _ = rule
        count = _reader(rule, s.trait(card).name)
        assert count is not None
        each = 1 if points is None else points
        off = s.inactive(card)  # Lyonization attached to it: its bonus counts nothing
        if who in ("self", "all"):
            expected = 0 if off else each * count(s, p, card)
            assert bonus_of.get(card, 0) == expected, (s.shown_name(card), p)
            compared += 1
        if who in ("opponents", "all"):  # each opponent scores it on their own pile
            for q in range(s.players):
                if q == p:
                    continue
                expected = 0 if off else each * count(s, q, card)
                theirs = [v for n, v in breakdown(s, q).opponents if n == s.shown_name(card)]
                assert sum(theirs) == expected, (s.shown_name(card), p, q)
                compared += 1
    return compared


def test_an_opposable_thumbs_counts_in_the_set_of_the_dominant_it_copies() -> None:
    # Elven Ears: +1 for each Mythling in all piles. Legendary and Opposable Thumbs as
    # Legendary are 2 Mythlings, Elven Ears the 3rd.
    s = new_game("doomlings", 2, 1, {"sets": "overlush,mythlings"})
    assert isinstance(s, DoomlingsState)
    s.setup_scenario(
        {
            "players": {
                0: {"traits": ["Legendary", "Opposable Thumbs", "Elven Ears"]},
                1: {"traits": ["Bark"]},
            }
        }
    )
    pile = s.piles[0]
    s.copies = [(pile[1], pile[0])]
    assert breakdown(s, 0).bonuses == [("Elven Ears", 3)]
    assert _compare(s, 0) == 1
