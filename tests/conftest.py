"""Suite-wide order: the tests marked ``slow`` (each many CPU seconds) are handed out first.

With `pytest -n 2` the workers take tests in collection order; a long test collected near the
end would leave one worker running it alone while the other has finished. Started first, the
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
