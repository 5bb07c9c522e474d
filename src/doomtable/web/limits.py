"""Limits on message size and rate per connection, on new tables per client, and the
same-origin check."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

MAX_MESSAGE_BYTES = 4096
"""No client message needs more: an action is a decision number and an option."""
MAX_TOKEN_CHARS = 64
"""An invite token is 32 characters; anything much longer is not one."""
MAX_CLIENTS_TRACKED = 10_000
"""Per-client buckets kept at most; full buckets are forgotten first when there are more."""


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

    def rested(self) -> bool:
        """Whether the bucket would be full now (forgetting it changes nothing)."""
        refill = (time.monotonic() - self._last) * self.per_second
        return self._tokens < 0 or self._tokens + refill >= self.burst


class ClientRateLimits:
    """One :class:`RateLimit` per client address: ``per_minute`` at most, all at once."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._buckets: dict[str, RateLimit] = {}

    def allow(self, client: str) -> bool:
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) >= MAX_CLIENTS_TRACKED:
                self._forget_rested()
            bucket = self._buckets[client] = RateLimit(self.per_minute / 60, self.per_minute)
        return bucket.allow()

    def _forget_rested(self) -> None:
        rested = [c for c, b in self._buckets.items() if b.rested()]
        for client in rested or list(self._buckets)[: len(self._buckets) // 2]:
            del self._buckets[client]


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
