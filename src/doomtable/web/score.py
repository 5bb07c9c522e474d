"""The score page (``/score``): a Doomlings score sheet for a phone at a real table.

The page scores with the same Python as ``doomtable score``: ``POST /api/score`` calls
:func:`doomtable.games.doomlings.sheet.sheet`, and so does the browser itself once Pyodide has
loaded ``/score/doomtable.zip``, the server's own pure-Python sources built on the fly. A
service worker (``/score-sw.js``) keeps the page, Pyodide and the zip for offline use.

Pyodide is not in the repository nor in the package: ``make pyodide`` unpacks the pinned npm
package into the checkout's ``build/pyodide`` (ignored by git); ``$DOOMTABLE_PYODIDE`` names
another folder holding it. Without it the page scores through the server.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import mypy_extensions
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, Response

import doomtable
from doomtable.games.doomlings import sheet

SCORE_STATIC = files("doomtable.web") / "static" / "score"
PYODIDE = Path(
    os.environ.get("DOOMTABLE_PYODIDE")
    or Path(__file__).resolve().parents[3] / "build" / "pyodide"  # the checkout's build folder
)
MAX_BOARD_BYTES = 64 * 1024
"""A board of 8 players with every card named is a few KiB."""

PAGE_FILES: dict[str, str] = {
    "score.js": "text/javascript",
    "score.css": "text/css",
    "manifest.webmanifest": "application/manifest+json",
    "icon.svg": "image/svg+xml",
}
PYODIDE_FILES: dict[str, str] = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
ZIPPED_PACKAGES = ("engine", "games/doomlings")
"""What the scorer imports, with their subpackages (a card set's folder), besides
``doomtable/__init__.py``, ``compiled.py`` and ``games/__init__.py`` (tested: the zip imports
``sheet`` with nothing else on the path)."""


@cache
def scorer_zip() -> bytes:
    """The installed doomtable's pure-Python scoring sources and ``mypy_extensions.py``, as
    the zip the page unpacks into Pyodide: the browser runs the server's own code."""
    root = Path(doomtable.__file__).parent
    paths = [root / "__init__.py", root / "compiled.py", root / "games" / "__init__.py"]
    for package in ZIPPED_PACKAGES:
        folder = root / package
        paths += sorted(
            p
            for p in folder.rglob("*")
            if p.suffix in (".py", ".json") and "__pycache__" not in p.parts
        )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in paths:
            archive.write(path, Path("doomtable") / path.relative_to(root))
        archive.write(str(mypy_extensions.__file__), "mypy_extensions.py")
    return buffer.getvalue()


def _asset(folder: Any, name: str, kinds: dict[str, str]) -> Response:
    resource = folder / name
    if name not in kinds or not resource.is_file():
        raise HTTPException(404, f"no such file: {name}")
    return Response(
        resource.read_bytes(), media_type=kinds[name], headers={"Cache-Control": "no-cache"}
    )


router = APIRouter()


@router.get("/score", include_in_schema=False)
def score_page() -> Response:
    return _asset(SCORE_STATIC, "index.html", {"index.html": "text/html; charset=utf-8"})


@cache
def cache_version() -> str:
    """A digest of everything the service worker keeps: a new doomtable, page or Pyodide
    gives the worker new bytes, so browsers install it and drop the old cache."""
    digest = hashlib.sha256(scorer_zip())
    kept = [SCORE_STATIC / name for name in ("index.html", *PAGE_FILES)]
    kept.append(PYODIDE / "pyodide-lock.json")  # names the Pyodide version
    for resource in kept:
        if resource.is_file():
            digest.update(resource.read_bytes())
    return digest.hexdigest()[:16]


@router.get("/score-sw.js", include_in_schema=False)
def service_worker() -> Response:
    script = (SCORE_STATIC / "sw.js").read_text(encoding="utf-8")
    return Response(
        script.replace("__CACHE_VERSION__", cache_version()),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/score/doomtable.zip", include_in_schema=False)
def scorer_sources() -> Response:
    return Response(scorer_zip(), media_type="application/zip")


@router.get("/score/pyodide/{name}", include_in_schema=False)
def pyodide_file(name: str) -> Response:
    if not (PYODIDE / "pyodide.mjs").is_file():
        raise HTTPException(404, "Pyodide is not installed on this server: run `make pyodide`")
    if name not in PYODIDE_FILES or not (PYODIDE / name).is_file():
        raise HTTPException(404, f"no such file: {name}")
    # Streamed from disk (the WebAssembly is 9 MB), with an ETag for the browser's cache.
    return FileResponse(PYODIDE / name, media_type=PYODIDE_FILES[name])


@router.get("/score/{name}", include_in_schema=False)
def page_file(name: str) -> Response:
    return _asset(SCORE_STATIC, name, PAGE_FILES)


@router.get("/api/score/cards")
def score_cards() -> dict[str, Any]:
    """The traits and catastrophes the calculator knows (the game's own card list), the
    colours, and the ranges of the values a board may hold."""
    return sheet.catalog()


@router.post(
    "/api/score",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object"}}},
        }
    },
    responses={
        400: {"description": "the body is not JSON"},
        413: {"description": "the body is too large"},
        422: {"description": "the board does not add up: `error` says why"},
    },
)
async def score_board(request: Request) -> JSONResponse:
    """Score a board (the mapping `doomtable score FILE.json` reads). The answer holds
    `report` (what `doomtable score --json` prints) or `error` (one line), and per player
    `needs` (the facts the cards still need entered) and `questions` (each World's End
    decision the cards ask, as the engine asks it: `key`, `prompt`, `options`, `short`,
    `answer` (null while unanswered) and `optional`)."""
    body = b""
    async for chunk in request.stream():  # read no more than a board can hold
        body += chunk
        if len(body) > MAX_BOARD_BYTES:
            raise HTTPException(413, f"a board is at most {MAX_BOARD_BYTES // 1024} KiB")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise HTTPException(400, "the body is not JSON: send the board as a JSON object") from None
    result = sheet.sheet(data)
    return JSONResponse(result, status_code=422 if result["report"] is None else 200)
