"""The score page (``/score``): its API, the sources it runs in the browser, and the page
itself in Debian's Chromium at a phone's size."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from doomtable.cli.app import app as cli_app
from doomtable.web.app import create_app

BOARD: dict[str, Any] = {
    "catastrophe": "Ice Age",
    "players": [
        {
            "name": "Ann",
            "traits": ["Viral", "Heroic", "Bark", "Leaves", "Woody Stems", "Deep Roots"],
            "viral": "red",
            "hand": 2,
        },
        {
            "name": "Bob",
            "traits": "Kidney x2, Fangs, Faith, Denial",
            "faith": "red > blue",
            "denial": "yes",
        },
        {
            "name": "Cy",
            "traits": ["Camouflage", "Antlers", "Quick", "Sentience"],
            "hand": ["Gills", "Spiny"],
            "gene_pool": 6,
            "sentience": "red",
        },
    ],
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(str(tmp_path_factory.mktemp("score") / "t.sqlite"), bot_processes=False)
    with TestClient(app) as test_client:
        yield test_client


def cli_json(board: dict[str, Any], tmp_path: Path) -> Any:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    result = CliRunner().invoke(cli_app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_api_scores_as_the_cli_does(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/api/score", json=BOARD)
    assert answer.status_code == 200
    body = answer.json()
    assert body["report"] == cli_json(BOARD, tmp_path)
    assert [p["score"] for p in body["report"]["players"]] == [15, 13, 7]  # docs/score.md
    assert body["error"] is None
    assert body["needs"] == [["VIRAL"], ["DENIAL", "FAITH"], ["HAND_SIZE", "SENTIENCE"]]


def test_api_refuses_bad_boards_in_one_line(client: TestClient) -> None:
    wrong = client.post("/api/score", json={**BOARD, "catastrophe": "Birth of Lief"})
    assert wrong.status_code == 422
    assert wrong.json()["error"] == "unknown catastrophe 'Birth of Lief'"
    assert wrong.json()["report"] is None
    not_json = client.post("/api/score", content=b"{players", headers={"content-type": "text"})
    assert not_json.status_code == 400
    assert not_json.json()["detail"] == "the body is not JSON: send the board as a JSON object"
    huge = client.post("/api/score", content=b"[" + b"1," * 40_000 + b"1]")
    assert huge.status_code == 413
    assert huge.json()["detail"] == "a board is at most 64 KiB"


def test_cards_come_from_the_game(client: TestClient) -> None:
    from doomtable.games.doomlings.data import TRAITS

    cards = client.get("/api/score/cards").json()
    assert [t["name"] for t in cards["traits"]] == [t.name for t in TRAITS]
    assert len(cards["catastrophes"]) == 15


def test_zip_holds_everything_the_scorer_imports(client: TestClient, tmp_path: Path) -> None:
    """Only the zip and the standard library on the path (no site-packages), as in Pyodide."""
    answer = client.get("/score/doomtable.zip")
    assert answer.status_code == 200
    zipfile.ZipFile(io.BytesIO(answer.content)).extractall(tmp_path)
    code = (
        "import json, sys; from doomtable.games.doomlings.sheet import sheet; "
        "print(json.dumps(sheet(json.loads(sys.stdin.read()))))"
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", f"import sys; sys.path.insert(0, '.'); {code}"],
        cwd=tmp_path,
        input=json.dumps(BOARD),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == client.post("/api/score", json=BOARD).json()
