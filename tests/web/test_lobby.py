"""The lobby page in Debian's Chromium: controls drawn from each game's option schema, every
game creatable as the engine allows it, and refusals shown next to the field they concern."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from doomtable.engine import find_game
from doomtable.games.doom_pile.data import PRECON_DIR, precon_names
from doomtable.games.doomlings.variants import VARIANTS
from doomtable.web.store import Store
from web.conftest import Server


@pytest.fixture
def lobby(chromium: Browser, server: Server) -> Page:
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    return page


def _choose_game(page: Page, game: str, players: int) -> None:
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")


def _stored(server: Server, page: Page) -> tuple[str, dict[str, object]]:
    watch = page.locator("#links a").last.get_attribute("href") or ""
    table_id = watch.rsplit("/", 1)[1]
    info: dict[str, object] = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    return table_id, info


def test_controls_come_from_each_games_option_schema(lobby: Page) -> None:
    _choose_game(lobby, "doomlings", 3)
    variants = lobby.locator("#option-variant option")
    expect(variants).to_have_count(len(VARIANTS))
    assert find_game("doomlings").default_options["variant"] == "none"
    expect(lobby.locator("#option-variant")).to_have_value('"none"')
    expect(lobby.locator("label[for=option-variant]")).to_have_text("Variant")
    expect(lobby.locator("#option-variant-help")).to_contain_text("A rulebook variation")
    expect(lobby.locator("#seat2 option[value='bot:policy']")).to_have_count(1)
    # a choice per seat: think time only for the searching bot
    expect(lobby.locator("#think2")).to_be_hidden()
    lobby.select_option("#seat2", "bot:ismcts")
    expect(lobby.locator("#think2")).to_be_visible()

    _choose_game(lobby, "were-doomed", 4)
    expect(lobby.locator("#option-minutes")).to_have_attribute("max", "120")
    expect(lobby.locator("#option-realtime")).to_have_count(0)  # the server fixes it
    expect(lobby.locator("#option-event_order")).to_have_count(0)
    expect(lobby.locator("#seat2 option[value='bot:policy']")).to_have_count(1)  # weights ship

    _choose_game(lobby, "doom-on-you", 3)
    expect(lobby.locator("#option-two_player_variant")).to_have_attribute("type", "checkbox")
    expect(lobby.locator("#option-two_player_variant")).to_be_checked()


def test_doom_pile_with_its_defaults_and_with_a_deck_file(lobby: Page, server: Server) -> None:
    _choose_game(lobby, "doom-pile", 2)
    lobby.fill("#table-name", "Pile night")
    lobby.fill("#seat-name0", "Ada")
    lobby.select_option("#seat1", "bot:random")
    lobby.click("button[type=submit]")
    expect(lobby.locator("#links a")).to_have_count(2)
    expect(lobby.locator("#links")).to_contain_text("Ada (seat 0)")
    table_id, info = _stored(server, lobby)
    assert info["game"] == "doom-pile" and info["name"] == "Pile night"
    assert [s["name"] for s in info["seats"]] == ["Ada", "seat 1 (random bot)"]  # type: ignore[attr-defined]
    assert "decks" not in info["options"] or info["options"]["decks"] == []  # type: ignore[operator,index]

    # a bad deck file is refused next to its seat; a good one is used as that seat's deck
    _choose_game(lobby, "doom-pile", 2)
    lobby.select_option("#deck0", "file")
    bad = {"name": "bad.yaml", "mimeType": "text/yaml", "buffer": b"plan: Nothing\ncards: []\n"}
    lobby.set_input_files("#deck-file0", files=[bad])
    expect(lobby.locator("#err-deck-file0")).to_contain_text("Unknown Master Plan 'Nothing'")
    # the server's check of the file is slowed, so the click below comes before its answer:
    # the table is still created with that deck, not refused as if no file were chosen
    lobby.evaluate(
        """() => {
          const real = window.fetch;
          window.fetch = (url, init) => url === "/api/decks"
            ? new Promise((wait) => setTimeout(wait, 800)).then(() => real(url, init))
            : real(url, init);
        }"""
    )
    deck_file = PRECON_DIR / f"{precon_names()[-1]}.yaml"
    lobby.set_input_files("#deck-file0", files=[str(deck_file)])
    lobby.select_option("#deck1", f"precon:{precon_names()[0]}")
    lobby.click("button[type=submit]")
    expect(lobby.locator("#err-deck-file0")).to_be_empty()
    expect(lobby.locator("#links a")).to_have_count(2)
    table_id, info = _stored(server, lobby)
    store = Store(server.database)
    stored = store.load(table_id)
    store.close()
    assert stored is not None
    decks = stored.options["decks"]
    assert decks[1] == precon_names()[0]
    assert decks[0]["plan"] and sum(card["copies"] for card in decks[0]["cards"]) == 30


def test_were_doomed_seats_ten(lobby: Page, server: Server) -> None:
    _choose_game(lobby, "were-doomed", 10)
    expect(lobby.locator(".seat-row")).to_have_count(10)
    for seat in range(2, 10):
        lobby.select_option(f"#seat{seat}", "bot:random")
    lobby.click("button[type=submit]")
    expect(lobby.locator("#links a")).to_have_count(3)
    _, info = _stored(server, lobby)
    assert info["players"] == 10 and info["game"] == "were-doomed"


def test_refusals_are_sentences_next_to_their_field(lobby: Page, server: Server) -> None:
    _choose_game(lobby, "doom-on-you", 3)
    lobby.fill("#option-max_attack_rounds", "20000")
    lobby.click("button[type=submit]")
    error = lobby.locator("#err-option-max_attack_rounds")
    expect(error).to_have_text("Option max_attack_rounds is from 0 to 10000, not 20000.")
    expect(lobby.locator("#option-max_attack_rounds")).to_have_attribute("aria-invalid", "true")
    expect(lobby.locator("#links a")).to_have_count(0)

    lobby.fill("#option-max_attack_rounds", "30")
    lobby.fill("#players", "9")  # typed, not confirmed: the seats still say 3
    lobby.click("button[type=submit]")
    expect(lobby.locator("#err-players")).to_have_text("Doom On You takes 2 to 6 players, not 9.")
    expect(lobby.locator("#err-option-max_attack_rounds")).to_be_empty()
    # the API refuses a bot it does not know, naming the seat
    body = {
        "game": "doom-pile",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "alphazero"}],
    }
    refused = httpx.post(server.url + "/api/tables", json=body)
    assert refused.status_code == 400
    assert refused.json() == {
        "detail": "unknown bot 'alphazero'; bots: greedy, ismcts, policy, random",
        "field": "seat1",
    }


def test_a_deck_file_that_is_not_yaml_is_refused_in_one_sentence(server: Server) -> None:
    refused = httpx.post(server.url + "/api/decks", json={"text": "plan: [unclosed"})
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith("this file is not YAML or JSON:")
    read = httpx.post(
        server.url + "/api/decks", json={"text": Path(PRECON_DIR / "cult.yaml").read_text()}
    )
    assert read.status_code == 200 and read.json()["plan"]


def test_doomlings_card_sets_are_ticked_in_the_lobby(lobby: Page, server: Server) -> None:
    from doomtable.games.doomlings.data import SET_NAMES

    _choose_game(lobby, "doomlings", 2)
    boxes = lobby.locator("#option-sets input[type=checkbox]")
    expect(boxes).to_have_count(len(SET_NAMES))
    # the base set is always in: ticked, and cannot be taken out
    expect(lobby.locator("#option-sets-base")).to_be_checked()
    expect(lobby.locator("#option-sets-base")).to_be_disabled()
    expect(lobby.locator("#option-sets-multicolor")).not_to_be_checked()
    lobby.check("#option-sets-multicolor")
    lobby.select_option("#seat1", "bot:random")
    lobby.click("button[type=submit]")
    expect(lobby.locator("#links a")).to_have_count(2)
    _, info = _stored(server, lobby)
    assert info["options"]["sets"] == "base,multicolor"  # type: ignore[index]
