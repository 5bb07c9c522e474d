"""The browser table: a thin adapter that serves any registered game over HTTP and websockets.

Clients only ever receive a seat's view (or the onlooker view) and the log lines meant for
that seat; every accepted decision is stored before anyone is told of it, and a table is
rebuilt by replaying its seed and decision log (see ``docs/design.md``).
"""
