"""The websocket protocol ``doomtable serve`` runs uvicorn with."""

from __future__ import annotations

import asyncio
from typing import Any, Final

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

DEFLATE_LEVEL: Final = 1
"""zlib's fastest level for permessage-deflate, against its default 6: an update (about 9 KB
of a Doomlings table's HTML) is compressed in about 30% less time, to about 1.8 KB instead of
1.4 KB. zlib took about a tenth of the server's CPU per action at level 6."""


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets protocol, except that

    - a handshake websockets cannot read (a request line or a header over its 8 KiB limits,
      such as a 10 KB token in the URL) gets the 414 or 431 answer websockets prepared and a
      closed connection, where uvicorn leaves the client waiting for ever;
    - permessage-deflate compresses at :data:`DEFLATE_LEVEL` (uvicorn's window and memory
      settings otherwise)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=12,
                client_max_window_bits=12,
                compress_settings={"memLevel": 5, "level": DEFLATE_LEVEL},
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=config.ws_max_size, logger=self.conn.logger
            )

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.handshake_exc is not None and not self.handshake_initiated:
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()
