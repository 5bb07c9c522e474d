"""The `doomtable` command line: thin commands over the engine and its adapters."""
