"""What every request passes through: the Host allow-list and the security headers.

A page another site serves can point its own name at this server (DNS rebinding); the
browser then sends that name as the Host of requests it counts as same-origin. So a request
whose Host is neither an address nor a name this server is known by is refused, before any
route runs, websocket upgrades included.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Final

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""Scripts and styles from our own static files only: no inline script, no inline handler,
no inline style attribute; no framing by other sites."""

SCORE_PAGE_POLICY: Final = (
    CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
    + "; worker-src 'self'"
)
"""The score page (``/score``) compiles the Python interpreter it scores with offline
(Pyodide, WebAssembly) and registers a service worker: the same policy, with those two."""


def policy_for(path: str) -> str:
    """The Content-Security-Policy of the response at ``path``."""
    return (
        SCORE_PAGE_POLICY
        if path.startswith(("/score", "/score-sw.js"))
        else CONTENT_SECURITY_POLICY
    )


SECURITY_HEADERS: Final = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",  # invite links carry their token
    "x-frame-options": "DENY",
}

LOOPBACK_NAMES: Final = frozenset({"localhost"})
WILDCARD_ADDRESSES: Final = frozenset({"0.0.0.0", "::", ""})


def host_name(host_header: str) -> str:
    """The name or address part of a ``Host`` header, lower case, without port or brackets."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def default_allowed_hosts(bind: str) -> frozenset[str]:
    """The names ``--host bind`` implies: ``localhost``, the bind name when it is one, and the
    machine's own names when it listens on every address. (Addresses are always allowed:
    a rebinding page cannot make the browser send one as its Host.)"""
    names = set(LOOPBACK_NAMES)
    if bind in WILDCARD_ADDRESSES:
        names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
    elif not _is_address(host_name(bind)):
        names.add(host_name(bind))
    return frozenset(names)


def host_allowed(host_header: str | None, allowed: frozenset[str]) -> bool:
    if not host_header:
        return False
    name = host_name(host_header)
    return _is_address(name) or name in allowed


class SecurityMiddleware:
    """Refuses requests and websockets to unknown hosts (``allowed_hosts`` None: any host),
    and adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp, allowed_hosts: frozenset[str] | None) -> None:
        self.app = app
        self.allowed_hosts = (
            None if allowed_hosts is None else frozenset(host_name(h) for h in allowed_hosts)
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host")
        if self.allowed_hosts is not None and not host_allowed(host, self.allowed_hosts):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "unknown host"})
                return
            refusal = PlainTextResponse(
                f"this server does not answer to the host {host!r} "
                "(its admin may add it with --allowed-host)",
                status_code=421,
                headers=SECURITY_HEADERS,
            )
            await refusal(scope, receive, send)
            return

        policy = policy_for(scope.get("path", ""))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                headers["content-security-policy"] = policy
            await send(message)

        await self.app(scope, receive, send_with_headers)
