"""Per-connection limits on message size and rate, and the same-origin check."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

MAX_MESSAGE_BYTES = 4096
"""No client message needs more: an action is a decision number and an option."""


@dataclass
class RateLimit:
    """A token bucket: ``burst`` messages at once, refilled at ``per_second``."""

    per_second: float = 20.0
    burst: float = 40.0
    _tokens: float = field(default=-1.0)
    _last: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        if self._tokens < 0:
            self._tokens = self.burst
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


def origin_allowed(origin: str | None, host: str | None, extra: frozenset[str]) -> bool:
    """A browser's request comes from our own pages (same host) or a listed origin.

    Clients that send no ``Origin`` (scripts, the load benchmark) are not browsers another
    site could drive, so they pass; the seat token still decides what they may do.
    """
    if origin is None:
        return True
    if origin in extra:
        return True
    return host is not None and urlsplit(origin).netloc == host
