"""The websocket protocol ``doomtable serve`` runs uvicorn with."""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets protocol, except that a handshake websockets cannot read (a
    request line or a header over its 8 KiB limits, such as a 10 KB token in the URL) gets
    the 414 or 431 answer websockets prepared and a closed connection, where uvicorn leaves
    the client waiting for ever."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.handshake_exc is not None and not self.handshake_initiated:
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()
