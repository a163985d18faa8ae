"""bgref's Flask scoreboard: a live page for the players' phones.

::

    from web import ScoreboardHub, serve
    hub = ScoreboardHub()
    server = serve(hub, "0.0.0.0", 8080)   # background thread; server.stop() to end
    hub.publish_state(match.snapshot())

The firmware publishes to the :class:`~web.hub.ScoreboardHub`; the app in :mod:`web.app`
reads from it and forwards players' commands back through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.hub import ScoreboardHub

if TYPE_CHECKING:
    from web.server import ScoreboardServer

__all__ = ["ScoreboardHub", "serve"]


def serve(
    hub: ScoreboardHub, host: str = "0.0.0.0", port: int = 8080, **kw: Any
) -> ScoreboardServer:
    """Serve ``hub`` in a background thread (see :func:`web.server.serve`)."""
    from web.server import serve as _serve  # Flask is imported only when serving

    return _serve(hub, host, port, **kw)
