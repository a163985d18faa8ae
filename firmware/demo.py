"""``bgref demo``: the bundled recording through the whole pipeline, with no camera attached.

Frames are read from ``firmware/demo_recording`` (rendered by ``firmware.demo_render``),
calibrated on the first frame (the starting position), then go through the motion check, the
board reader, the read confirmation and the referee, exactly as camera frames would. Events are
journalled to SQLite and printed; at the end the match is written as a .mat file.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from firmware.events import RefereeEvent
from firmware.journal import Journal
from firmware.referee import Referee
from firmware.runner import Output, Runner, StateOutput
from firmware.sources import RecordingSource, SourceError
from rules.match import Match
from rules.matfile import to_mat
from vision.calibration import CalibrationError, calibrate
from vision.reader import BoardReader

RECORDING = Path(__file__).resolve().parent / "demo_recording"


# Events that must never appear unless the script expects them: a false call is a bug.
ALARMS = {"illegal", "reroll", "uncertain", "warning", "error"}


@dataclass
class SceneCheck:
    """What the referee said during one scripted scene, against what the script expects."""

    scene: int
    note: str
    expected: list[str]
    produced: list[str]

    @property
    def ok(self) -> bool:
        missing = [k for k in self.expected if k not in self.produced]
        unexpected = [k for k in self.produced if k in ALARMS and k not in self.expected]
        return not missing and not unexpected


@dataclass
class DemoResult:
    events: list[RefereeEvent]
    match: Match
    runner: Runner
    seconds: float
    mat_path: Path | None
    scenes: list[SceneCheck]

    @property
    def scenes_ok(self) -> int:
        return sum(s.ok for s in self.scenes)


def print_event(event: RefereeEvent) -> None:
    light = {"green": "  ", "yellow": "! ", "red": "!!"}[str(event.light)]
    print(f"{light} [{event.kind:10s}] {event.message}", flush=True)


def run_demo(
    recording: Path = RECORDING,
    *,
    workdir: Path,
    outputs: list[Output] | None = None,
    state_outputs: list[StateOutput] | None = None,
    on_runner: Callable[[Runner], None] = lambda runner: None,
    progress: Callable[[str], None] = lambda text: print(text, file=sys.stderr, flush=True),
) -> DemoResult:
    """Play ``recording`` through the pipeline; journal and .mat go to ``workdir``."""
    source = RecordingSource(recording)
    first = next(iter(source))
    if first.image is None:
        raise SourceError(f"the first frame of {recording} cannot be read: {first.error}")
    white_home = source.manifest.get("white_home")
    try:
        calibration = calibrate(first.image, white_home=white_home)
    except CalibrationError as exc:
        raise SourceError(f"cannot calibrate on the first frame of {recording}: {exc}") from exc
    progress(f"calibrated on {first.name}: white's home board is {calibration.white_home}")
    info = source.manifest.get("match", {})
    match = Match(
        int(info.get("length", 3)),
        white=str(info.get("white", "White")),
        black=str(info.get("black", "Black")),
    )
    workdir.mkdir(parents=True, exist_ok=True)
    journal = Journal(workdir / "bgref-demo.sqlite")
    journal.start(match)
    referee = Referee(match, record=journal.append_action)
    runner = Runner(
        BoardReader(calibration),
        referee,
        journal=journal,
        outputs=outputs if outputs is not None else [print_event],
        state_outputs=state_outputs or [],
    )
    on_runner(runner)  # e.g. connect the web page's commands and .mat download
    runner.publish_state()
    progress(f"playing {len(source)} frames from {recording}")
    t0 = time.perf_counter()
    # Which scene each frame belongs to: a scene runs from its still frames to the next's.
    # (The loop below is Runner.run's, keeping track of scenes for the self-check.)
    scene_of: list[int] = []
    scene = -1
    for entry in source.entries:
        if "note" in entry:
            scene += 1
        scene_of += [max(scene, 0)] * int(entry.get("hold", 1))
    produced: dict[int, list[str]] = {}
    events: list[RefereeEvent] = []
    pending = sorted(source.commands, key=lambda c: c.at)
    for frame in source:
        new: list[RefereeEvent] = []
        while pending and pending[0].at <= frame.index:
            command = pending.pop(0)
            new += runner.command(command.name, command.side)
        new += runner.process(frame)
        # Hand frames before a scene's still frames still belong to the scene before.
        owner = scene_of[frame.index] if frame.index < len(scene_of) else scene
        produced.setdefault(owner, []).extend(str(e.kind) for e in new)
        events += new
    seconds = time.perf_counter() - t0
    checks = [
        SceneCheck(
            int(e["scene"]), str(e["note"]), list(e["events"]), produced.get(int(e["scene"]), [])
        )
        for e in source.manifest.get("expected", [])
    ]
    mat_path = workdir / "bgref-demo.mat"
    mat_path.write_text(to_mat(match))
    journal.close()
    return DemoResult(events, match, runner, seconds, mat_path, checks)
