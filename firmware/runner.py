"""The runner: frames -> motion check -> reader -> confirmation -> referee -> outputs.

::

    runner = Runner(reader, referee, journal=journal, outputs=[panel.show, print_event])
    runner.run(RecordingSource("firmware/demo_recording"))

Only still scenes are read, and a reading reaches the referee only after several identical
reads. Every event is written to the journal first, then handed to the outputs (LEDs, web,
console). Player commands (buttons, web) may come from other threads: :meth:`command` queues
them for the runner's thread and waits for the referee's answer, so the referee is only ever
touched by one thread.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from firmware.events import Kind, RefereeEvent
from firmware.journal import Journal
from firmware.referee import Referee
from firmware.sources import Command, Frame
from vision.motion import MotionDetector, ReadConfirmer
from vision.observation import Observation
from vision.reader import BoardReader

Output = Callable[[RefereeEvent], None]
StateOutput = Callable[[dict[str, object]], None]


@dataclass
class RunnerStats:
    frames: int = 0
    still_frames: int = 0
    reads: int = 0
    confirmed: int = 0
    events: int = 0
    bad_frames: int = 0


class Runner:
    """Wires one source's frames through vision and the referee to the outputs."""

    def __init__(
        self,
        reader: BoardReader,
        referee: Referee,
        *,
        motion: MotionDetector | None = None,
        confirmer: ReadConfirmer | None = None,
        journal: Journal | None = None,
        outputs: Sequence[Output] = (),
        state_outputs: Sequence[StateOutput] = (),
    ) -> None:
        self.reader = reader
        self.referee = referee
        self.motion = motion or MotionDetector(still_frames=3)
        self.confirmer = confirmer or ReadConfirmer(confirmations=3)
        self.journal = journal
        self.outputs = list(outputs)
        self.state_outputs = list(state_outputs)
        self.stats = RunnerStats()
        self._commands: queue.Queue[tuple[str, str | None, Future[list[RefereeEvent]]]]
        self._commands = queue.Queue()
        self._loop_thread: threading.Thread | None = None
        self._lock = threading.RLock()
        self.last_event: RefereeEvent | None = None

    # -- frames ----------------------------------------------------------------------

    def process(self, frame: Frame) -> list[RefereeEvent]:
        """Handle queued commands, then one frame. Returns the events it produced."""
        events = self._drain_commands()
        self.stats.frames += 1
        if frame.image is None:
            self.stats.bad_frames += 1
            self.confirmer.reset()
            obs = Observation("bad_frame", message=frame.error)
            with self._lock:
                return events + self._emit(self.referee.observe(obs))
        state = self.motion.update(frame.image)
        if not state.still:
            self.confirmer.reset()
            return events
        self.stats.still_frames += 1
        observation = self.reader.read(frame.image)
        self.stats.reads += 1
        confirmed = self.confirmer.update(observation)
        if confirmed is None:
            return events
        self.stats.confirmed += 1
        with self._lock:
            return events + self._emit(self.referee.observe(confirmed))

    def run(
        self,
        frames: Iterable[Frame],
        *,
        scheduled: Sequence[Command] = (),
        stop: threading.Event | None = None,
    ) -> list[RefereeEvent]:
        """Process every frame (until ``stop`` is set); ``scheduled`` commands are issued
        before the frame they name (a recording's button presses). Returns all events."""
        self._loop_thread = threading.current_thread()
        pending = sorted(scheduled, key=lambda c: c.at)
        produced: list[RefereeEvent] = []
        try:
            for frame in frames:
                while pending and pending[0].at <= frame.index:
                    command = pending.pop(0)
                    produced += self._command_now(command.name, command.side)
                produced += self.process(frame)
                if stop is not None and stop.is_set():
                    break
            produced += self._drain_commands()
        finally:
            self._loop_thread = None
        return produced

    # -- commands --------------------------------------------------------------------

    def command(
        self, name: str, side: str | None = None, timeout: float = 5.0
    ) -> list[RefereeEvent]:
        """A player's command from any thread; returns the referee's answer."""
        loop = self._loop_thread
        if loop is None or loop is threading.current_thread():
            return self._command_now(name, side)
        future: Future[list[RefereeEvent]] = Future()
        self._commands.put((name, side, future))
        try:
            return future.result(timeout)
        except TimeoutError:
            return [RefereeEvent(Kind.ERROR, f"{name}: the referee did not answer in time", side)]

    def submit(self, name: str, side: str | None = None) -> None:
        """Queue a command without waiting (for GPIO callbacks)."""
        if self._loop_thread is None:
            self._command_now(name, side)
            return
        self._commands.put((name, side, Future()))

    def _command_now(self, name: str, side: str | None) -> list[RefereeEvent]:
        with self._lock:
            return self._emit(self.referee.command(name, side))

    def _drain_commands(self) -> list[RefereeEvent]:
        events: list[RefereeEvent] = []
        while True:
            try:
                name, side, future = self._commands.get_nowait()
            except queue.Empty:
                return events
            answer = self._command_now(name, side)
            future.set_result(answer)
            events += answer

    def match_file(self) -> str:
        """The match so far as a .mat file (safe from any thread)."""
        from rules.matfile import to_mat

        with self._lock:
            return to_mat(self.referee.match)

    def command_json(self, name: str, side: str | None) -> list[dict[str, object]]:
        """:meth:`command` for the web: the referee's answer as JSON events."""
        return [event.to_json() for event in self.command(name, side)]

    # -- outputs ---------------------------------------------------------------------

    def _emit(self, events: list[RefereeEvent]) -> list[RefereeEvent]:
        for event in events:
            if self.journal is not None:
                self.journal.append_event(event)  # journalled before anything is shown
            self.last_event = event
            for output in self.outputs:
                output(event)
            self.stats.events += 1
        if events:
            self.publish_state()
        return events

    def publish_state(self) -> None:
        """Hand the scoreboard state (match snapshot + referee light) to the state outputs."""
        if not self.state_outputs:
            return
        snapshot: dict[str, object] = dict(self.referee.match.snapshot())
        if self.last_event is not None:
            snapshot["light"] = str(self.last_event.light)
            snapshot["message"] = self.last_event.message
        for output in self.state_outputs:
            output(snapshot)
