"""YAML from files a user hands us, read with limits.

``yaml.safe_load`` builds nothing dangerous, but a "billion laughs" file (anchors whose aliases
repeat one another) expands to billions of items as soon as anything walks it, and a deep
nesting overflows the parser. Here the parsed node graph is measured before any Python object
is built: a file whose expanded size or depth passes the limits, or that is not text, is refused
with one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 1024 * 1024
"""Scenario and score files are a few kB; composing a megabyte of YAML stays well under
200 MB of memory."""
MAX_NODES = 200_000
"""Items once every alias is expanded: scenario and score files hold a few hundred."""
MAX_PARSED_NODES = 50_000
"""Items as written; parsing stops here, so a large file is refused before it is all read."""
MAX_DEPTH = 200


class YamlLimitError(ValueError):
    """Text that is not YAML we will read: binary, malformed, too large once expanded."""


def read_text_file(path: Path) -> str:
    """The UTF-8 text of ``path``; a binary or oversized file raises :class:`YamlLimitError`.
    (``OSError`` passes through for the caller to word.)"""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise YamlLimitError(f"{path}: {size} bytes is too large (at most {MAX_BYTES})")
    raw = path.read_bytes()
    if b"\x00" in raw:
        raise YamlLimitError(f"{path}: a binary file, not YAML or JSON text")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlLimitError(f"{path}: byte {exc.start} is not UTF-8 text") from None


def yaml_problem(exc: yaml.YAMLError) -> str:
    """What is wrong with a YAML text and where, in one line:
    ``line 3, column 7: mapping values are not allowed here``.

    >>> try:
    ...     yaml.safe_load("cards: [Kidney")
    ... except yaml.YAMLError as exc:
    ...     print(yaml_problem(exc))
    line 1, column 15: expected ',' or ']', but got '<stream end>'
    """
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0] or "invalid YAML"
    if mark is None:
        return str(problem)
    return f"line {mark.line + 1}, column {mark.column + 1}: {problem}"


def load_yaml(text: str, source: str) -> Any:
    """The document in ``text``, refusing what would expand past :data:`MAX_NODES` items or
    nest past :data:`MAX_DEPTH` levels. ``yaml.YAMLError`` passes through for the caller."""
    if len(text) > MAX_BYTES:
        raise YamlLimitError(f"{source}: too large (at most {MAX_BYTES} characters)")
    loader = _CountingLoader(text)
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise YamlLimitError(f"{source}: nested too deeply") from None
        except YamlLimitError as exc:
            raise YamlLimitError(f"{source}: {exc}") from None
        if node is None:
            return None
        _check_size(node, source)
        return loader.construct_document(node)
    finally:
        loader.dispose()


class _CountingLoader(yaml.SafeLoader):
    """A safe loader that stops composing after :data:`MAX_PARSED_NODES` nodes."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        self.nodes += 1
        if self.nodes > MAX_PARSED_NODES:
            raise YamlLimitError(f"more than {MAX_PARSED_NODES} items; refused")
        return super().compose_node(parent, index)


def _check_size(root: yaml.Node, source: str) -> None:
    """Count the items of the document with every alias expanded, without expanding it:
    each node's expanded size is computed once and reused wherever an alias repeats it."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    on_path: set[int] = set()
    while stack:
        node, depth, children_done = stack.pop()
        key = id(node)
        if depth > MAX_DEPTH:
            raise YamlLimitError(f"{source}: nested more than {MAX_DEPTH} levels deep")
        children = _children(node)
        if children_done:
            on_path.discard(key)
            size = 1 + sum(sizes[id(child)] for child in children)
            if size > MAX_NODES:
                raise YamlLimitError(
                    f"{source}: expands to more than {MAX_NODES} items (aliases repeating "
                    "aliases?); refused"
                )
            sizes[key] = size
            continue
        if key in sizes:
            continue
        if key in on_path:  # a recursive alias: SafeLoader builds it, but it never ends
            raise YamlLimitError(f"{source}: an alias refers to itself")
        on_path.add(key)
        stack.append((node, depth, True))
        stack.extend((child, depth + 1, False) for child in children if id(child) not in sizes)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []
