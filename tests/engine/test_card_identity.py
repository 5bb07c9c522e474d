"""Cards keep their identity in everything kept beyond one run: saves, stored tables, replays.

Every card of every game has a slug; saves and stored decisions name cards by slug and record
the card set they were made with, so adding a card does not change what an old file means.
Files written before slugs (positional ids, ``tests/data/positional``, written by the build
of 2026-11-26 before this change) still load, read through each game's frozen tables.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any, Self

import pytest

from doomtable.bots import InfoSet, make_bot
from doomtable.cli.savefile import read_save, save_text
from doomtable.engine import (
    Decision,
    Field,
    Frame,
    GameSpec,
    GameState,
    Option,
    Rng,
    SaveFileError,
    find_game,
    load_verified,
    new_game,
    registry,
    replay,
)
from doomtable.engine.cards import (
    CardIdentity,
    CardTables,
    decode_option,
    encode_option,
    instance_slugs,
    slugify,
)
from doomtable.engine.registry import saved_dict
from doomtable.web.store import Store

POSITIONAL = Path(__file__).parent.parent / "data" / "positional"
SAVES = sorted(POSITIONAL.glob("*-save.json"))
GAMES = ["doomlings", "doomlings-blackbox", "doom-on-you", "doom-pile", "were-doomed"]


def _identity(game: str) -> CardIdentity:
    identity = find_game(game).card_identity
    assert identity is not None, f"{game} declares no card identity"
    return identity


def test_slugs_are_plain_words_joined_by_hyphens() -> None:
    assert slugify("Ripple Effect") == "ripple-effect"
    assert slugify("Selective Memory!") == "selective-memory"
    assert slugify("We're Doomed") == "we-re-doomed"
    assert slugify("Mañana  --  Día") == "manana-dia"
    assert instance_slugs(["fangs", "claws", "fangs", "fangs"]) == (
        "fangs",
        "claws",
        "fangs#2",
        "fangs#3",
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_every_game_has_one_slug_of_its_own(game: str) -> None:
    tables = _identity(game).tables()
    assert tables
    for kind, slugs in tables.items():
        assert slugs, f"{game}: no {kind} cards"
        assert len(set(slugs)) == len(slugs), f"{game}: two {kind} cards share a slug"
        for slug in slugs:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*(#[0-9]+)?", slug), slug


@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_the_frozen_positional_tables_is_still_known(game: str) -> None:
    # A card whose slug changed (a rename) would make every file naming it unreadable: a
    # renamed card keeps its old slug instead.
    identity = _identity(game)
    today = identity.tables()
    for kind, slugs in identity.positional().items():
        assert set(slugs) <= set(today[kind]), f"{game}: {set(slugs) - set(today[kind])}"


def _play(state: GameState, decisions: int, seed: int) -> GameState:
    rng = Rng(seed)
    for _ in range(decisions):
        decision = state.pending
        if decision is None:
            break
        state.apply(decision.player, decision.options[rng.below(len(decision.options))])
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_option_names_its_cards_by_slug_and_reads_back(game: str) -> None:
    identity = _identity(game)
    tables = identity.tables()
    for seed in range(3):
        state = new_game(game, 4 if game != "doom-pile" else 2, seed)
        rng = Rng(seed + 100)
        while (decision := state.pending) is not None:
            for option in decision.options:
                stored = encode_option(game, option)
                for index, kind in identity.option_items.get(option[0], ()):
                    assert stored[index] == tables[kind][option[index]]
                assert decode_option(game, json.loads(json.dumps(stored))) == option
            state.apply(decision.player, decision.options[rng.below(len(decision.options))])


def test_a_save_names_its_cards_by_slug_and_records_its_card_set(tmp_path: Path) -> None:
    state = _play(new_game("doomlings", 3, seed=4), 40, seed=1)
    data = json.loads(save_text(state.to_dict(), {"human": 0, "bots": {}, "auto_pass": True}))
    names = _identity("doomlings").tables()["trait"]
    assert data["format"] == 2
    assert data["cards"]["trait"] == list(names)
    hand = data["state"]["hands"][0]
    assert hand == [names[card] for card in state.hands[0]]
    plays = [entry[1] for entry in data["log"] if entry[1][0] == "play"]
    assert plays and all(type(option[1]) is str for option in plays)
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data))
    loaded, _ = read_save(path)
    assert loaded == state


@pytest.mark.parametrize("save", SAVES, ids=lambda path: path.stem)
def test_a_positional_save_loads_and_plays_on(save: Path, tmp_path: Path) -> None:
    old = json.loads(save.read_text())
    assert "format" not in old  # written before slugs: cards by position
    state, table = read_save(save)
    assert (
        state.log
        == replay(
            old["game"],
            state.players,
            state.seed,
            old["options"],
            [(e[0], tuple(e[1]), *e[2:]) for e in old["log"]],
        ).log
    )
    assert table["human"] == 0
    # Saved again, it names its cards by slug, and reads back the same.
    again = tmp_path / save.name
    again.write_text(save_text(state.to_dict(), table))
    assert json.loads(again.read_text())["format"] == 2
    assert read_save(again)[0] == state
    _play(state, 2000, seed=3)
    assert state.is_over


def test_a_database_of_positional_tables_restores_and_stores_slugs_from_then_on(
    tmp_path: Path,
) -> None:
    database = tmp_path / "tables.sqlite"
    shutil.copy(POSITIONAL / "tables.sqlite", database)
    store = Store(str(database))
    loaded = [store.load(table_id) for table_id in store.table_ids()]
    stored = {table.game: table for table in loaded if table is not None}
    assert sorted(stored) == sorted(GAMES)
    for game, table in stored.items():
        state = replay(game, table.players, table.seed, table.options, table.log)
        saved, _ = read_save(POSITIONAL / f"{game}-save.json")
        assert state == saved, game  # the same game as the save written with the same log
    doomlings = stored["doomlings"]
    state = replay("doomlings", doomlings.players, doomlings.seed, doomlings.options, doomlings.log)
    card_verbs = _identity("doomlings").option_items
    while True:  # answer (and store) until a decision names a card
        decision = state.pending
        assert decision is not None
        option = next((o for o in decision.options if o[0] in card_verbs), decision.options[0])
        store.append_decision(doomlings.id, len(state.log), decision.player, option)
        state.apply(decision.player, option)
        if option[0] in card_verbs:
            break
    with store.engine.connect() as connection:
        row = connection.exec_driver_sql(
            "SELECT option FROM doomtable_decisions WHERE table_id = ? AND number = ?",
            (doomlings.id, len(state.log) - 1),
        ).one()
    names = _identity("doomlings").tables()["trait"]
    stored_option = json.loads(row[0])
    assert stored_option[0] == option[0]
    for index, _ in card_verbs[option[0]]:
        assert stored_option[index] == names[option[index]]
    reloaded = store.load(doomlings.id)
    assert reloaded is not None and reloaded.log == state.log
    store.close()


# ---------------------------------------------------------------- a card added to a game
# A toy game whose card table a test can change: cards of the "base" set make the deck, in
# table order; each turn the player to move plays a card of their hand, by id.

CARD_TABLE: list[tuple[str, str]] = []  # (name, set) of each id, in today's order
FIRST_TABLE = [("Ace", "base"), ("Bee", "base"), ("Cat", "base"), ("Dog", "base"), ("Eel", "base")]


def _tables() -> CardTables:
    return {"card": tuple(slugify(name) for name, _ in CARD_TABLE)}


def _first_tables() -> CardTables:
    return {"card": tuple(slugify(name) for name, _ in FIRST_TABLE)}


class GrowingState(GameState):
    GAME = "growing-cards"
    FIELDS = {"hands": Field.LISTS, "deck": Field.LIST, "played": Field.LIST}
    hands: list[list[int]]
    deck: list[int]
    played: list[int]

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> GrowingState:
        state = cls()
        state._init_core(players, seed, options)
        deck = [i for i, (_, card_set) in enumerate(CARD_TABLE) if card_set == "base"]
        deck = deck * 2
        state.rng.shuffle(deck)
        state.hands = [[deck.pop(), deck.pop()] for _ in range(players)]
        state.deck = deck
        state.played = []
        state.push(("turn", 0))
        state._advance()
        return state

    @staticmethod
    def _turn(state: GrowingState, frame: Frame, option: Option | None) -> Decision | None:
        player = frame[1]
        if option is None:
            if not state.deck:
                state.stack.pop()
                return None
            return Decision(player, "turn", tuple(("play", c) for c in state.hands[player]), "")
        state.hands[player].remove(option[1])
        state.played.append(option[1])
        state.hands[player].append(state.deck.pop())
        state.stack[-1] = ("turn", (player + 1) % state.players)
        return None

    HANDLERS = {"window": GameState._window, "turn": _turn}

    def label(self, option: Option) -> str:
        return f"play {CARD_TABLE[option[1]][0]}"

    def view(self, player: int) -> dict[str, Any]:
        return {"hand": list(self.hands[player])}

    def scores(self) -> list[int]:
        return [0] * self.players

    def winners(self) -> list[int]:
        return []

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        return None

    def determinize(self, player: int, rng: Rng) -> Self:
        return self.clone()

    def snapshot(self) -> dict[str, Any]:
        return {"played": [CARD_TABLE[c][0] for c in self.played]}


GROWING = GameSpec(
    name=GrowingState.GAME,
    title="Growing cards",
    min_players=2,
    max_players=4,
    create=GrowingState.create,
    state_class=GrowingState,
    card_identity=CardIdentity(
        tables=_tables,
        positional=_first_tables,
        option_items={"play": ((1, "card"),)},
        fields={"hands": "card", "deck": "card", "played": "card"},
    ),
)


@pytest.fixture
def first_cards(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The toy game registered for this test only, with its first card table."""
    monkeypatch.setitem(registry._GAMES, GROWING.name, GROWING)
    monkeypatch.setitem(registry._ALIASES, GROWING.name, GROWING.name)
    CARD_TABLE[:] = FIRST_TABLE
    yield
    CARD_TABLE[:] = FIRST_TABLE


def _add_a_card_before_all_others() -> None:
    CARD_TABLE[:] = [("Aardvark", "promo"), *FIRST_TABLE]


def test_a_save_made_before_a_card_was_added_loads_as_the_same_game(
    first_cards: None, tmp_path: Path
) -> None:
    state = _play(new_game("growing-cards", 2, seed=9), 3, seed=2)
    played = state.snapshot()["played"]
    path = tmp_path / "save.json"
    path.write_text(save_text(state.to_dict(), {"human": 0, "bots": {}, "auto_pass": True}))
    _add_a_card_before_all_others()  # every id moves up by one
    loaded, _ = read_save(path)
    assert loaded.snapshot()["played"] == played
    assert [CARD_TABLE[c][0] for c in loaded.hands[0]] == [
        FIRST_TABLE[c][0] for c in state.hands[0]
    ]
    assert all(c != 0 for hand in loaded.hands for c in hand)  # the new card is not dealt


def test_a_hand_edit_is_still_refused_after_a_card_was_added(
    first_cards: None, tmp_path: Path
) -> None:
    state = _play(new_game("growing-cards", 2, seed=9), 3, seed=2)
    data = json.loads(save_text(state.to_dict(), {"human": 0, "bots": {}, "auto_pass": True}))
    data["state"]["hands"][1][0] = data["state"]["hands"][0][0]
    _add_a_card_before_all_others()
    with pytest.raises(SaveFileError, match=r"refused: hands\[1\]\[0\] is"):
        load_verified({k: v for k, v in data.items() if k != "table"})


def test_a_stored_table_made_before_a_card_was_added_replays_the_same(
    first_cards: None, tmp_path: Path
) -> None:
    from doomtable.web.store import StoredTable

    store = Store(str(tmp_path / "db.sqlite"))
    state = _play(new_game("growing-cards", 2, seed=5), 0, seed=0)
    store.create_table(StoredTable("t1", "growing-cards", 2, 5, {}, [], []))
    rng = Rng(1)
    for number in range(4):
        decision = state.pending
        assert decision is not None
        option = decision.options[rng.below(len(decision.options))]
        store.append_decision("t1", number, decision.player, option)
        state.apply(decision.player, option)
    played = state.snapshot()["played"]
    store.close()
    _add_a_card_before_all_others()
    stored = Store(str(tmp_path / "db.sqlite")).load("t1")
    assert stored is not None
    again = replay("growing-cards", 2, 5, {}, stored.log)
    assert again.snapshot()["played"] == played


def test_an_unknown_card_in_a_stored_decision_is_named() -> None:
    with pytest.raises(SaveFileError, match="'no-such-trait' is not a trait of this game"):
        decode_option("doomlings", ["play", "no-such-trait"])


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_game_saved_anywhere_loads_back_equal(game: str) -> None:
    players = 2 if game == "doom-pile" else 4
    state = new_game(game, players, seed=21)
    bots = [make_bot("random", seed=s) for s in range(players)]
    for _ in range(30):
        decision = state.pending
        if decision is None:
            break
        info = InfoSet(state, decision)
        state.apply(decision.player, bots[decision.player].choose(info))
        assert load_verified(saved_dict(state)) == state
