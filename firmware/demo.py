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


@dataclass
class DemoResult:
    events: list[RefereeEvent]
    match: Match
    runner: Runner
    seconds: float
    mat_path: Path | None


def print_event(event: RefereeEvent) -> None:
    light = {"green": "  ", "yellow": "! ", "red": "!!"}[str(event.light)]
    print(f"{light} [{event.kind:10s}] {event.message}", flush=True)


def run_demo(
    recording: Path = RECORDING,
    *,
    workdir: Path,
    outputs: list[Output] | None = None,
    state_outputs: list[StateOutput] | None = None,
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
    progress(f"playing {len(source)} frames from {recording}")
    t0 = time.perf_counter()
    events = runner.run(source, scheduled=source.commands)
    seconds = time.perf_counter() - t0
    mat_path = workdir / "bgref-demo.mat"
    mat_path.write_text(to_mat(match))
    journal.close()
    return DemoResult(events, match, runner, seconds, mat_path)
