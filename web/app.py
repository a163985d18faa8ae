"""The Flask app: the scoreboard page, its JSON API and the live Server-Sent-Events stream.

::

    app = create_app(hub)                 # nothing happens at import time
    client = app.test_client()
    client.get("/api/state").json         # {"seq": ..., "state": {...}, "events": [...]}
    client.post("/api/command", json={"name": "accept", "side": "black"})

Routes: ``/`` page, ``/api/state``, ``/api/events`` (SSE), ``POST /api/command``,
``/api/match.mat``, ``/healthz``. Serve it with :func:`web.serve` (threaded: each open
SSE stream holds one thread).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

from web.hub import COMMANDS, SIDES, Message, NoHandler, ScoreboardHub, TooManySubscribers

COMMAND_EXAMPLE = '{"name": "accept", "side": "black"}'


def create_app(
    hub: ScoreboardHub,
    *,
    keepalive: float = 15.0,
    poll: float = 1.0,
    closing: threading.Event | None = None,
) -> Flask:
    """The scoreboard app reading from ``hub``.

    ``keepalive`` is the seconds between SSE comments (they let the server notice a phone that
    went away); ``poll`` how often a stream checks ``closing`` (set by the server's ``stop``).
    """
    if keepalive <= 0 or poll <= 0:
        raise ValueError(f"keepalive ({keepalive}) and poll ({poll}) must be positive")
    app = Flask(__name__)
    # Flask's default provider, keys kept in the order the state gives them (typed as the
    # base JSONProvider, which has no sort_keys).
    provider = app.json
    assert isinstance(provider, DefaultJSONProvider)
    provider.sort_keys = False
    stop = closing or threading.Event()

    @app.get("/")
    def index() -> str:
        return render_template("index.html", initial=hub.state())

    @app.get("/healthz")
    def healthz() -> Response:
        return jsonify(ok=True, subscribers=hub.subscriber_count, seq=hub.state()["seq"])

    @app.get("/api/state")
    def state() -> Response:
        return jsonify(hub.state())

    @app.get("/api/events")
    def events() -> Response | tuple[Response, int]:
        try:
            sub = hub.subscribe(timeout=min(poll, keepalive))
        except TooManySubscribers as exc:
            return jsonify(ok=False, error=str(exc)), 503

        def stream() -> Iterator[str]:
            # Subscribe first, then read the state: nothing published in between is lost,
            # and what the initial state already holds is skipped.
            with sub:
                initial = hub.state()
                yield "retry: 2000\n" + _sse("init", initial["seq"], initial)
                last = time.monotonic()
                while not stop.is_set() and not sub.closed:
                    message = sub.get()
                    now = time.monotonic()
                    if message is not None and message.seq <= initial["seq"]:
                        continue
                    if message is not None:
                        yield _sse_message(message)
                        last = now
                    elif now - last >= keepalive:
                        # A write to a phone that went away fails here and ends the stream.
                        yield ": keep-alive\n\n"
                        last = now

        headers = {
            "Cache-Control": "no-cache, no-transform",
            "X-Accel-Buffering": "no",  # no proxy buffering (hop-by-hop headers are the server's)
        }
        response = Response(stream(), mimetype="text/event-stream", headers=headers)
        response.call_on_close(sub.close)  # also when the stream never started
        return response

    @app.post("/api/command")
    def command() -> tuple[Response, int]:
        body = request.get_json(silent=True)
        if body is None:
            return _error(400, f"the body must be JSON like {COMMAND_EXAMPLE}")
        if not isinstance(body, dict):
            return _error(400, f"the body must be a JSON object like {COMMAND_EXAMPLE}")
        extra = sorted(set(body) - {"name", "side"})
        if extra:
            return _error(400, f"unexpected field(s) {', '.join(extra)}; only name and side")
        name, side = body.get("name"), body.get("side")
        if not isinstance(name, str) or not name:
            return _error(400, f"'name' must be a command name string, got {name!r}")
        if name not in COMMANDS:
            return _error(400, f"unknown command {name!r}; known: {', '.join(COMMANDS)}")
        if side is not None and side not in SIDES:
            return _error(400, f'\'side\' must be "white", "black" or null, got {side!r}')
        try:
            result = hub.command(name, side)
        except NoHandler as exc:
            return _error(503, str(exc))
        except TimeoutError:
            return _error(504, f"the referee did not answer {name!r} in time")
        except Exception as exc:  # the phone gets a reason, not an HTML error page
            app.logger.exception("command %r failed", name)
            return _error(500, f"the referee failed on {name!r}: {exc}")
        events = list(result.events)
        if result.refused is not None:
            return jsonify(ok=False, error=result.refused, events=events), 409
        return jsonify(ok=True, events=events), 200

    @app.get("/api/match.mat")
    def match_mat() -> Response | tuple[Response, int]:
        try:
            text = hub.match_file()
        except NoHandler as exc:
            return _error(404, str(exc))
        except Exception as exc:
            app.logger.exception("the .mat provider failed")
            return _error(500, f"the match file cannot be written: {exc}")
        return Response(
            text,
            mimetype="text/plain",
            headers={"Content-Disposition": 'attachment; filename="bgref-match.mat"'},
        )

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response | HTTPException:
        if request.path.startswith("/api/"):
            response = jsonify(ok=False, error=f"{exc.code} {exc.name}: {exc.description}")
            response.status_code = exc.code or 500
            return response
        return exc

    return app


def _error(status: int, text: str) -> tuple[Response, int]:
    return jsonify(ok=False, error=text), status


def _sse(event: str, seq: int, data: dict[str, Any]) -> str:
    # json.dumps never emits a raw newline, so one data: line carries the whole message.
    return f"id: {seq}\nevent: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def _sse_message(message: Message) -> str:
    return _sse(message.kind, message.seq, message.data)
