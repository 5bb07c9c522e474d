"""Game packages. Each names its spec in the ``doomtable.games`` entry-point group
(``pyproject.toml``), which is how the engine's registry finds it."""
