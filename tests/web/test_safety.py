"""The server on an open network: bot seats are data, and one table's bots cannot starve
another's."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from doomtable.engine import Option
from doomtable.web import bots as web_bots
from doomtable.web.app import create_app


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(str(tmp_path / "t.sqlite"), bot_processes=False, bot_think_limit=1.5)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def _create(client: TestClient, game: str, bot: str) -> Any:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": bot}]
    return client.post("/api/tables", json={"game": game, "players": 2, "seats": seats})


@pytest.mark.parametrize(
    ("game", "bot", "reason"),
    [
        ("doomlings", "policy:/dev/zero", "plays its shipped weights, not a file"),
        ("doomlings", "policy:/etc/passwd:5", "plays its shipped weights, not a file"),
        ("doom-pile", "policy:45s", "at most 1.5s per move on this server, not 45s"),
        ("doomlings", "ismcts:45s", "at most 1.5s per move on this server, not 45s"),
        ("doomlings", "ismcts:1000000", "at most 1000 iterations per move"),
        ("doomlings", "greedy:500", "at most 16 worlds per move"),
        ("doomlings", "../bots", "unknown bot '../bots'"),
    ],
)
def test_a_bot_seat_is_a_named_bot_with_a_bounded_budget(
    client: TestClient, game: str, bot: str, reason: str
) -> None:
    refused = _create(client, game, bot)
    assert refused.status_code == 400 and reason in refused.json()["detail"]
    assert client.app.state.manager.tables == {}  # type: ignore[attr-defined]


def test_accepted_bot_seats_are_stored_canonically(client: TestClient, app: FastAPI) -> None:
    created = _create(client, "doomlings", " ISMCTS:1.5s ")
    assert created.status_code == 201, created.text
    table = app.state.manager.tables[created.json()["id"]]
    assert table.seats[1] == {"kind": "bot", "bot": "ismcts:1.5s"}
    games = {g["name"]: g["bots"] for g in client.get("/api/games").json()}
    assert games["doomlings"] == ["greedy", "ismcts", "policy", "random"]
    assert games["doom-pile"] == ["greedy", "ismcts", "policy", "random"]


def test_two_tables_bots_take_turns_for_the_one_worker(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one worker, a table whose bots always have a move waits behind at most one move
    of the other table's, never behind a run of them."""
    served: list[str] = []
    enough = threading.Event()
    real = web_bots.choose_in_worker

    def recording(state_json: str, bot: str, seat: int | None = None) -> Option:
        served.append(bot)
        if len(served) >= 40:
            enough.set()
        time.sleep(0.005)
        return real(state_json, bot, seat)

    monkeypatch.setattr(web_bots, "choose_in_worker", recording)
    for bot in ("greedy", "random"):
        seats = [{"kind": "bot", "bot": bot}] * 2
        body = {"game": "doomlings", "players": 2, "seats": seats, "seed": 4}
        assert client.post("/api/tables", json=body).status_code == 201
    assert enough.wait(60), f"only {len(served)} bot moves"
    # From the second table's first move on (the first may play alone until then), the
    # tables take turns.
    turns = served[served.index("random") :][:16]
    assert len(turns) == 16 and all(a != b for a, b in zip(turns, turns[1:], strict=False)), turns


def test_table_creation_is_rate_limited_per_client(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "t.sqlite"), bot_processes=False, tables_per_minute=3)
    body = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2}
    with TestClient(app) as one, TestClient(app, client=("10.0.0.2", 5000)) as other:
        assert [one.post("/api/tables", json=body).status_code for _ in range(3)] == [201] * 3
        refused = one.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert refused.json()["detail"] == "at most 3 new tables a minute from one address"
        assert other.post("/api/tables", json=body).status_code == 201
    assert len(app.state.manager.tables) == 4
