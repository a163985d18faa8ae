"""``bgref run``: the referee on a real camera (or a video / recording), with the page and LEDs.

::

    bgref run --source pi --length 7 --white Ann --black Bob

1. The journal is opened and the last unfinished match resumed (``--new`` starts another).
2. The camera source is opened; the calibration is loaded, or made from the first still frame
   that shows the starting position, and saved.
3. Frames run through the pipeline (motion, reader, confirmation, referee) until Ctrl-C or
   SIGTERM; events go to the journal first, then the console, the page and the LEDs.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from firmware.demo import print_event
from firmware.events import Kind, RefereeEvent
from firmware.journal import Journal
from firmware.referee import Referee
from firmware.runner import Output, Runner
from firmware.sources import (
    Frame,
    PiCameraSource,
    RecordingSource,
    SourceError,
    VideoSource,
)
from rules.match import Match
from vision.calibration import Calibration, CalibrationError, calibrate
from vision.motion import MotionDetector
from vision.reader import BoardReader


@dataclass(frozen=True)
class RunOptions:
    source: str = "pi"  # "pi", "usb:N", a video file, or a recording folder
    journal: Path = Path("bgref.sqlite")
    calibration: Path = Path("calibration.json")
    white_home: str | None = None
    length: int = 7
    white: str = "White"
    black: str = "Black"
    new_match: bool = False
    host: str = "0.0.0.0"
    port: int = 8080
    gpio: bool = False


def open_source(spec: str) -> Iterable[Frame]:
    """``pi``, ``usb:N``, a video file or a recording folder."""
    if spec == "pi":
        return PiCameraSource()
    if spec.startswith("usb:"):
        try:
            return VideoSource(int(spec[4:]))
        except ValueError:
            raise SourceError(f"usb camera must be usb:N (a number), got {spec!r}") from None
    path = Path(spec)
    if path.is_dir():
        return RecordingSource(path, realtime=True)
    if path.is_file():
        return VideoSource(str(path))
    raise SourceError(f"no camera, video file or recording folder called {spec!r}")


def calibrate_from(frames: Iterator[Frame], white_home: str | None, say: Output) -> Calibration:
    """Calibrate on the first still frame that reads as the starting position."""
    motion = MotionDetector(still_frames=3)
    told = False
    for frame in frames:
        if frame.image is None or not motion.update(frame.image).still:
            continue
        try:
            return calibrate(frame.image, white_home=white_home)
        except CalibrationError as exc:
            if not told:
                say(RefereeEvent(Kind.STATUS, f"calibration: {exc}; set up the starting position"))
                told = True
    raise SourceError("the source ended before a calibration frame was seen")


def run(options: RunOptions) -> int:
    source = open_source(options.source)  # before the journal: a bad source starts nothing
    frames = iter(source)
    journal = Journal(options.journal)
    match = None if options.new_match else journal.resume()
    if match is None:
        match = journal.start(Match(options.length, white=options.white, black=options.black))
        print(f"new match to {options.length}: {options.white} (white) v {options.black}")
    else:
        print(
            f"resumed: {match.white_name} {match.score.white}-{match.score.black} "
            f"{match.black_name}; {match.prompt()}"
        )
    if options.calibration.exists():
        calibration = Calibration.load(options.calibration)
        print(f"calibration loaded from {options.calibration}")
    else:
        calibration = calibrate_from(frames, options.white_home, print_event)
        calibration.save(options.calibration)
        print(f"calibrated (white's home: {calibration.white_home}); saved {options.calibration}")

    from web import ScoreboardHub, serve

    hub = ScoreboardHub()
    server = serve(hub, options.host, options.port)
    outputs: list[Output] = [print_event, lambda e: hub.publish_event(e.to_json())]
    referee = Referee(match, record=journal.append_action)
    runner = Runner(
        BoardReader(calibration),
        referee,
        journal=journal,
        outputs=outputs,
        state_outputs=[hub.publish_state],
    )
    hub.set_command_handler(runner.command_json)
    hub.set_mat_provider(runner.match_file)
    panel = None
    if options.gpio:
        from firmware.gpio import RefereePanel

        panel = RefereePanel(on_command=runner.submit)
        outputs.append(panel.show)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print(f"scoreboard: http://{options.host}:{options.port}/", flush=True)
    runner.publish_state()
    try:
        runner.run(frames, stop=stop)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        if panel is not None:
            panel.close()
        if match.is_over:
            journal.finish()
        journal.close()
    return 0


def main_run(options: RunOptions) -> int:
    try:
        return run(options)
    except SourceError as exc:
        print(f"bgref run: {exc}", file=sys.stderr)
        return 2
