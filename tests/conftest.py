"""Suite-wide order: the tests marked ``slow`` (each many CPU seconds) are handed out first.

`make test` runs `pytest -n auto --dist worksteal`: each worker starts on its share of the
collection, and one that runs out takes tests from the end of the other's queue. A long test
collected near the end would run alone while the other worker has finished; started first, the
long tests overlap each other and the many short ones fill the gaps at the end.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: takes many CPU seconds; started before the other tests"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
