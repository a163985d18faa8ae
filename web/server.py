"""Serve the scoreboard from a background thread of the referee's process.

::

    server = serve(hub, host="0.0.0.0", port=8080)   # returns at once, already listening
    print(server.url)                                 # http://0.0.0.0:8080/
    ...
    server.stop()                                     # ends open streams and the listener

Werkzeug's threaded server: one thread per connection, so every phone's SSE stream has its own
thread and a few phones never starve each other (a fixed small pool, as waitress's default 4
threads, would). ``port=0`` picks a free port (tests).
"""

from __future__ import annotations

import logging
import socket
import threading

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from web.app import create_app
from web.closing import ClosedOnExit
from web.hub import ScoreboardHub

log = logging.getLogger("bgref.web")


class _QuietHandler(WSGIRequestHandler):
    """Request lines go to the ``bgref.web`` logger at DEBUG, not to stderr."""

    # A phone that stays connected but stops reading blocks its stream's write once the socket
    # buffers fill; this socket timeout ends that stream (and frees its thread) after a minute.
    timeout = 60

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        log.debug("%s %s %s", self.command, self.path, code)

    def log(self, type: str, message: str, *args: object) -> None:
        if type == "error":
            log.warning(message, *args)
        else:
            log.debug(message, *args)


class ScoreboardServer(ClosedOnExit):
    """A running scoreboard server; :meth:`stop` it (or use it as a context manager)."""

    def __init__(self, server: BaseWSGIServer, closing: threading.Event, hub: ScoreboardHub):
        self._server = server
        self._closing = closing
        self._hub = hub
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.2}, name="bgref-web"
        )
        self._thread.daemon = True
        self._thread.start()

    @property
    def host(self) -> str:
        return str(self._server.host)

    @property
    def port(self) -> int:
        return int(self._server.port)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self, timeout: float = 5.0) -> None:
        """Close every open stream, stop listening and wait for the server thread."""
        self._closing.set()
        self._hub.close_subscribers()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout)

    def close(self) -> None:
        """:meth:`stop` with its default timeout (what leaving a ``with`` block does)."""
        self.stop()


def serve(
    hub: ScoreboardHub,
    host: str = "0.0.0.0",
    port: int = 8080,
    *,
    keepalive: float = 15.0,
) -> ScoreboardServer:
    """Start serving ``hub``'s scoreboard in a background thread; raises ``OSError`` naming
    the address if it cannot listen."""
    closing = threading.Event()
    app = create_app(hub, keepalive=keepalive, closing=closing)
    # Bind the socket ourselves: werkzeug calls sys.exit() when the port is taken.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        listener = socket.create_server((host, port), family=family, backlog=64)
    except OSError as exc:
        raise OSError(exc.errno, f"cannot serve the scoreboard on {host}:{port}: {exc}") from exc
    with listener:  # werkzeug keeps a duplicate of the descriptor
        server = make_server(
            host, port, app, threaded=True, request_handler=_QuietHandler, fd=listener.fileno()
        )
    return ScoreboardServer(server, closing, hub)
