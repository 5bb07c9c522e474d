"""A table's chat through the API: stored with the table, kept across a restart, and shown in
replays as it stood at each step."""

from __future__ import annotations

import json
import time
from pathlib import Path

from fastapi.testclient import TestClient

from doomtable.web.app import create_app


def test_chat_is_stored_and_replayed_by_step(tmp_path: Path) -> None:
    database = str(tmp_path / "t.sqlite")
    seats = [{"kind": "bot", "bot": "random"}] * 2
    body = {
        "game": "doom-on-you",
        "players": 2,
        "seats": seats,
        "seed": 4,
        "options": {"max_attack_rounds": 1},
    }
    with TestClient(create_app(database, bot_processes=False)) as client:
        created = client.post("/api/tables", json=body).json()
        url = f"/ws/{created['id']}"
        with client.websocket_connect(url) as watcher:
            watcher.send_text(json.dumps({"type": "chat", "text": "  good   luck  "}))
            watcher.send_text(json.dumps({"type": "chat", "text": "x" * 301}))
            watcher.send_text(json.dumps({"type": "chat", "text": "\u0007"}))
            errors = []
            for _ in range(500):  # updates from the bots' moves come in between
                reply = json.loads(watcher.receive_text())
                if reply["type"] == "error":
                    errors.append(reply["message"])
                if len(errors) == 2:
                    break
        assert errors == [
            "a chat line is at most 300 characters, not 301",
            "a chat line may not hold control characters",
        ]
        deadline = time.monotonic() + 60
        while not (info := client.get(f"/api/tables/{created['id']}").json())["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.1)
        with client.websocket_connect(url) as watcher:
            watcher.send_text(json.dumps({"type": "chat", "text": "well played"}))
            said = []
            while "well played" not in said:  # the line comes back once stored
                said = [c["text"] for c in json.loads(watcher.receive_text()).get("chat", [])]
    # a restarted server has the chat from storage; a replay shows what was said by its step
    steps = info["decisions"]
    with TestClient(create_app(database, bot_processes=False)) as client:
        last = client.get(f"/api/tables/{created['id']}/replay/{steps}").json()
        assert [(c["who"], c["seat"], c["text"]) for c in last["chat"]] == [
            ("spectator", None, "good luck"),
            ("spectator", None, "well played"),
        ]
        assert last["chat"][1]["decision"] == steps
        before = client.get(f"/api/tables/{created['id']}/replay/{steps - 1}").json()
        assert [c["text"] for c in before["chat"]] == ["good luck"]
