"""The scoreboard hub: the firmware publishes to it, the web app (and every phone) reads from it.

::

    hub = ScoreboardHub()
    hub.set_command_handler(runner.ask_referee)        # fn(name, side) -> list of event dicts
    hub.set_mat_provider(lambda: match_to_mat(match))  # fn() -> .mat text
    hub.publish_event(event.to_json())                 # every referee event, after the journal
    hub.publish_state(match.snapshot())                # the scoreboard, after each change

    with hub.subscribe() as sub:                       # one per open phone (SSE stream)
        message = sub.get(timeout=1.0)                 # a Message, or None on timeout

The runner's side of commands, with :func:`queued_handler`::

    inbox = queue.SimpleQueue()                        # the referee thread's work queue
    hub.set_command_handler(queued_handler(inbox.put, timeout=5.0))
    ...                                                # on the referee thread:
    item = inbox.get()
    if isinstance(item, PendingCommand):
        events = referee.command(item.name, item.side)
        ...                                            # journal, publish, light the panel
        item.answer([e.to_json() for e in events])     # the phone's POST returns now

Thread-safe, no global state. Each subscriber has a small bounded queue: a phone that stops
reading loses its *oldest* messages (it is sent a fresh ``state`` on reconnect anyway); the
publisher never blocks and memory never grows with a dead client.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from web.closing import ClosedOnExit

# The player commands the referee understands (firmware.commands takes them from here: web does
# not import firmware, firmware builds the web app).
COMMANDS = (
    "double",
    "take",
    "pass",
    "beaver",
    "accept",
    "correct",
    "undo",
    "confirm",
    "resign",
    "accept_resignation",
    "decline_resignation",
)
SIDES = ("white", "black")
LIGHTS = ("green", "yellow", "red")

CommandHandler = Callable[[str, "str | None"], list[dict[str, Any]]]
MatProvider = Callable[[], str]


class HubError(RuntimeError):
    """A hub request that cannot be served; the message says why."""


class NoHandler(HubError):
    """No referee is attached to answer commands (or no match to download)."""


class TooManySubscribers(HubError):
    """Every subscriber slot is taken."""


@dataclass(frozen=True)
class Message:
    """One update for the phones. ``kind`` is ``"state"`` (``data`` is ``{"seq", "state"}``,
    the scoreboard with its light and message) or ``"event"`` (one referee event with its hub
    ``id``). ``seq`` increases with every publication."""

    kind: str
    seq: int
    data: dict[str, Any]


@dataclass(frozen=True)
class CommandResult:
    """The referee's answer to a player command: ``refused`` carries the reason when it said
    no (an ``"error"`` event), ``events`` everything it said."""

    events: tuple[dict[str, Any], ...]
    refused: str | None = None

    @property
    def ok(self) -> bool:
        return self.refused is None


class Subscription(ClosedOnExit):
    """A subscriber's bounded mailbox; use as a context manager (unsubscribes on exit) or
    iterate (yields messages, ``None`` on each timeout so the caller can send keep-alives)."""

    def __init__(self, hub: ScoreboardHub, maxlen: int, timeout: float) -> None:
        self._hub = hub
        self._queue: deque[Message] = deque(maxlen=maxlen)
        self._cond = threading.Condition()
        self._timeout = timeout
        self.dropped = 0  # messages lost because this subscriber fell behind
        self.closed = False

    def _put(self, message: Message) -> None:
        with self._cond:
            if len(self._queue) == self._queue.maxlen:
                self.dropped += 1  # deque(maxlen) drops the oldest for us
            self._queue.append(message)
            self._cond.notify()

    def get(self, timeout: float | None = None) -> Message | None:
        """The next message, or ``None`` if none came within ``timeout`` seconds (or the
        subscription was closed)."""
        wait = self._timeout if timeout is None else timeout
        with self._cond:
            if not self._queue and not self.closed:
                self._cond.wait(wait)
            return self._queue.popleft() if self._queue else None

    def pending(self) -> int:
        with self._cond:
            return len(self._queue)

    def close(self) -> None:
        """Stop receiving; wakes a reader blocked in :meth:`get`."""
        self._hub._unsubscribe(self)
        with self._cond:
            self.closed = True
            self._cond.notify_all()

    def __iter__(self) -> Iterator[Message | None]:
        while not self.closed:
            yield self.get()


class PendingCommand:
    """A player's command waiting for the referee's thread to answer it."""

    def __init__(self, name: str, side: str | None) -> None:
        self.name = name
        self.side = side
        self._done = threading.Event()
        self._events: list[dict[str, Any]] = []

    def answer(self, events: list[dict[str, Any]]) -> None:
        """The referee's events about this command (``RefereeEvent.to_json()`` each)."""
        self._events = [dict(e) for e in events]
        self._done.set()

    def wait(self, timeout: float) -> list[dict[str, Any]]:
        """The answer; raises ``TimeoutError`` if none came within ``timeout`` seconds."""
        if not self._done.wait(timeout):
            raise TimeoutError(f"the referee did not answer {self.name!r} in {timeout:g} s")
        return self._events

    def __repr__(self) -> str:
        return f"PendingCommand({self.name!r}, {self.side!r})"


def queued_handler(
    put: Callable[[PendingCommand], object], *, timeout: float = 5.0
) -> CommandHandler:
    """A command handler for :meth:`ScoreboardHub.set_command_handler` that hands each command
    to the referee thread's queue (``put``) and waits up to ``timeout`` s for its answer."""

    def handle(name: str, side: str | None) -> list[dict[str, Any]]:
        pending = PendingCommand(name, side)
        put(pending)
        return pending.wait(timeout)

    return handle


class ScoreboardHub:
    """Latest scoreboard state, the last ``history`` events, and fan-out to subscribers."""

    def __init__(
        self,
        *,
        history: int = 30,
        queue_size: int = 64,
        max_subscribers: int = 64,
    ) -> None:
        if history < 1 or queue_size < 2 or max_subscribers < 1:
            raise ValueError(
                f"history ({history}), queue_size ({queue_size}) and max_subscribers "
                f"({max_subscribers}) must be positive (queue_size at least 2)"
            )
        self._lock = threading.Lock()
        self._snapshot: dict[str, Any] = {}
        self._status: dict[str, Any] = {"light": "yellow", "message": "waiting for the referee"}
        self._events: deque[dict[str, Any]] = deque(maxlen=history)
        self._subscribers: list[Subscription] = []
        self._queue_size = queue_size
        self._max_subscribers = max_subscribers
        self._seq = 0
        self._handler: CommandHandler | None = None
        self._mat: MatProvider | None = None

    # -- publishing (firmware side) --------------------------------------------------

    def publish_state(self, snapshot: dict[str, Any]) -> None:
        """The scoreboard changed: ``snapshot`` is ``Match.snapshot()``, optionally with the
        referee's ``light`` (green/yellow/red) and ``message``; without them the last event's
        light and message stay on show."""
        if not isinstance(snapshot, dict):
            raise TypeError(f"publish_state wants a dict, got {type(snapshot).__name__}")
        with self._lock:
            self._snapshot = copy.deepcopy(snapshot)
            self._set_status(snapshot.get("light"), snapshot.get("message"), snapshot.get("kind"))
            self._seq += 1
            state = copy.deepcopy({**self._snapshot, **self._status})
            message = Message("state", self._seq, {"seq": self._seq, "state": state})
            self._deliver(message)

    def publish_event(self, event_json: dict[str, Any]) -> None:
        """One referee event (``RefereeEvent.to_json()``); its light and message become the
        status shown."""
        if not isinstance(event_json, dict) or "message" not in event_json:
            raise TypeError(f"publish_event wants RefereeEvent.to_json(), got {event_json!r:.80}")
        with self._lock:
            self._seq += 1
            event = {**copy.deepcopy(event_json), "id": self._seq}
            self._events.append(event)
            self._set_status(event.get("light"), event.get("message"), event.get("kind"))
            self._deliver(Message("event", self._seq, event))

    def _deliver(self, message: Message) -> None:
        # Under the hub's lock, so every subscriber sees messages in ``seq`` order (an older
        # state never overtakes a newer one). A put never blocks: the queues drop, not wait.
        for sub in self._subscribers:
            sub._put(message)

    def _set_status(self, light: Any, text: Any, kind: Any = None) -> None:
        if light is None and text is None:
            return
        if light is not None and light not in LIGHTS:
            raise ValueError(f"light must be one of {LIGHTS}, got {light!r}")
        same = (light or self._status["light"], text) == (
            self._status["light"],
            self._status["message"],
        )
        if kind is None and same:
            kind = self._status.get("kind")  # a state repeating the last event's word keeps it
        self._status = {
            "light": light or self._status["light"],
            "message": "" if text is None else str(text),
            "kind": kind,
            "time": round(time.time(), 3),
        }

    # -- reading (web side) ------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """``{"seq", "state": snapshot + light/message, "match_file": bool,
        "events": [oldest..newest]}``."""
        with self._lock:
            return self._state_locked()

    def _state_locked(self) -> dict[str, Any]:
        merged = {**self._snapshot, **self._status}
        return {
            "seq": self._seq,
            "state": copy.deepcopy(merged),
            "match_file": self._mat is not None,  # the page offers the .mat download
            "events": copy.deepcopy(list(self._events)),
        }

    def subscribe(self, *, timeout: float = 1.0) -> Subscription:
        """A new subscriber's mailbox (raises :class:`TooManySubscribers` when full)."""
        with self._lock:
            if len(self._subscribers) >= self._max_subscribers:
                raise TooManySubscribers(
                    f"{len(self._subscribers)} scoreboards are already open "
                    f"(limit {self._max_subscribers})"
                )
            sub = Subscription(self, self._queue_size, timeout)
            self._subscribers.append(sub)
            return sub

    def _unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            if sub in self._subscribers:
                self._subscribers.remove(sub)

    @property
    def subscriber_count(self) -> int:
        with self._lock:
            return len(self._subscribers)

    def close_subscribers(self) -> None:
        """Wake and close every subscriber (server shutdown)."""
        with self._lock:
            subscribers = list(self._subscribers)
        for sub in subscribers:
            sub.close()

    # -- commands and downloads -----------------------------------------------------

    def set_command_handler(self, handler: CommandHandler | None) -> None:
        """``handler(name, side) -> list of event dicts``; it runs on a web thread, so it
        should queue the command for the referee's thread and wait for the answer."""
        with self._lock:
            self._handler = handler

    def set_mat_provider(self, provider: MatProvider | None) -> None:
        """``provider() -> str``: the match so far as a GNU Backgammon .mat file."""
        with self._lock:
            self._mat = provider

    def command(self, name: str, side: str | None = None) -> CommandResult:
        """Forward a player command; raises ``ValueError`` for an unknown command or side and
        :class:`NoHandler` when no referee is attached. A refusal is a result, not an error."""
        if name not in COMMANDS:
            raise ValueError(f"unknown command {name!r}; known: {', '.join(COMMANDS)}")
        if side is not None and side not in SIDES:
            raise ValueError(f"side must be 'white', 'black' or null, got {side!r}")
        with self._lock:
            handler = self._handler
        if handler is None:
            raise NoHandler("no referee is running to take commands")
        events = tuple(dict(e) for e in handler(name, side))
        refused = next(
            (str(e.get("message", "")) for e in events if e.get("kind") == "error"), None
        )
        return CommandResult(events, refused)

    def match_file(self) -> str:
        """The .mat text from the provider (raises :class:`NoHandler` without one)."""
        with self._lock:
            provider = self._mat
        if provider is None:
            raise NoHandler("no match is being recorded")
        return provider()
