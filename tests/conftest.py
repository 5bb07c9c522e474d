"""Suite-wide order: the tests marked ``slow`` (each many CPU seconds) are handed out first.

`make test` runs `pytest -n auto --dist worksteal`: each worker starts on its share of the
collection, and one that runs out takes tests from the end of the other's queue. A long test
collected near the end would run alone while the other worker has finished; started first, the
long tests overlap each other and the many short ones fill the gaps at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs in an empty folder of its own: a command that writes its default file
    (a save, a report) writes it there, never into the checkout, where the next test run (or a
    fresh clone's CI) would find it."""
    monkeypatch.chdir(tmp_path)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: takes many CPU seconds; started before the other tests"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
