"""Icons as inline SVG, so no symbol on the table depends on the fonts of the viewer's device.

Each icon is drawn in ``currentColor`` on a 24-unit grid and carries its meaning in words for
screen readers (``aria-label``) and on hover (``<title>``); a purely decorative one, next to
words that already say it, is hidden from them.
"""

from __future__ import annotations

from html import escape

PATHS: dict[str, str] = {
    "attack": "M4 20l3-3-2-2 2-2 2 2L19 5V3h2v2L9 17l2 2-2 2-2-2-3 3z",
    "defence": "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z",
    "health": "M12 21l-1.5-1.3C5 15 2 12 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 "
    "14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.5-3 6.5-8.5 11.2z",
    "countdown": "M6 2h12v2l-4.5 8L18 20v2H6v-2l4.5-8L6 4zm3 2 3 5.5L15 4z",
    "star": "M12 2l3 6.9 7.5.7-5.7 5 1.7 7.4L12 18l-6.5 4 1.7-7.4-5.7-5 7.5-.7z",
    "turn": "M7 4l13 8-13 8z",
    "first": "M5 4h3v16H5zM20 4v16L9 12z",
    "previous": "M17 4v16L6 12z",
    "next": "M7 4l11 8-11 8z",
    "last": "M16 4h3v16h-3zM4 4l11 8-11 8z",
    "plot": "M12 2l2.5 7.5L22 12l-7.5 2.5L12 22l-2.5-7.5L2 12l7.5-2.5z",
    "minion": "M12 3a3.5 3.5 0 110 7 3.5 3.5 0 010-7zM7 21c0-5 1.5-9 5-9s5 4 5 9z",
    "artifice": "M10 2h4l.6 3 2.4 1.4 2.9-1 2 3.4-2.3 2v2.4l2.3 2-2 3.4-2.9-1L14.6 19 14 22"
    "h-4l-.6-3-2.4-1.4-2.9 1-2-3.4 2.3-2V10.8L2.1 8.8l2-3.4 2.9 1L9.4 5z"
    "m2 7a3 3 0 100 6 3 3 0 000-6z",
    "dead": "M10 2h4v6h6v4h-6v10h-4V12H4V8h6z",
    "aboard": "M12 2c3 2 5 6 5 10l2 3v4l-4-2H9l-4 2v-4l2-3c0-4 2-8 5-10z"
    "m0 6a2 2 0 100 4 2 2 0 000-4z",
    "coin": "M12 3a9 9 0 110 18 9 9 0 010-18zm0 3a6 6 0 100 12 6 6 0 000-12z",
    "resources": "M12 2l9 10-9 10-9-10z",
    "influence": "M12 3l10 18H2z",
    "arrow": "M3 11h13l-5-5 1.5-1.5L20 12l-7.5 7.5L11 18l5-5H3z",
    "done": "M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z",
    "waiting": "M12 2a10 10 0 110 20 10 10 0 010-20zm1 5h-2v6l5 3 1-1.7-4-2.3z",
    "chat": "M4 4h16v12H8l-4 4z",
    "sound": "M3 9h4l5-5v16l-5-5H3zm13 .5a4 4 0 010 5l1.4 1.4a6 6 0 000-7.8z",
}


def icon(name: str, label: str = "") -> str:
    """Inline SVG icon ``name``; with a ``label`` it is announced and shown on hover as that,
    without one it is decoration next to words that say the same."""
    path = PATHS[name]
    if label:
        said = escape(label, quote=True)
        return (
            f'<svg class="icon i-{name}" viewBox="0 0 24 24" role="img" aria-label="{said}">'
            f'<title>{said}</title><path d="{path}"/></svg>'
        )
    return (
        f'<svg class="icon i-{name}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
        f'<path d="{path}"/></svg>'
    )
