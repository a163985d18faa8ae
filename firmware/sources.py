"""Camera sources: where frames come from.

Every source is an iterable of :class:`Frame`. A frame that cannot be read (a corrupt file, a
camera hiccup) is still yielded, with ``image=None`` and ``error`` saying what went wrong, so
the reader reports a bad frame and the referee keeps running.

::

    for frame in RecordingSource("firmware/demo_recording"):
        observation = reader.read(frame.image)
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


class SourceError(RuntimeError):
    """A source cannot be opened; the message names it and says why."""


@dataclass(frozen=True)
class Frame:
    """One camera frame (BGR), or ``image=None`` with ``error`` when it could not be read."""

    index: int
    time: float
    image: np.ndarray | None
    name: str = ""
    error: str = ""


@dataclass(frozen=True)
class Command:
    """A player's command scheduled in a recording (a button press), before frame ``at``."""

    at: int
    name: str
    side: str | None = None


def _read_image(path: Path) -> tuple[np.ndarray | None, str]:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        return None, f"cannot read image {path.name} (corrupt or not an image)"
    return image, ""


class RecordingSource:
    """Frames from a recording folder.

    A recording is a folder of images plus an optional ``manifest.json``::

        {"fps": 5, "frames": [{"image": "f000.jpg", "hold": 6}, ...],
         "commands": [{"at": 40, "name": "accept", "side": "black"}],
         "match": {"length": 3, "white": "Ann", "black": "Bob"}}

    ``hold`` repeats an image for that many frames (a still scene costs one file). Without a
    manifest every image in name order is one frame.
    """

    def __init__(self, folder: str | Path, *, realtime: bool = False) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise SourceError(f"recording folder {self.folder} does not exist")
        manifest_path = self.folder / "manifest.json"
        self.manifest: dict[str, Any] = {}
        if manifest_path.exists():
            try:
                self.manifest = json.loads(manifest_path.read_text())
            except (OSError, ValueError) as exc:
                raise SourceError(f"cannot read {manifest_path}: {exc}") from exc
        self.fps = float(self.manifest.get("fps", 5))
        self.realtime = realtime
        entries = self.manifest.get("frames")
        if entries is None:
            names = sorted(
                p.name for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES
            )
            entries = [{"image": n, "hold": 1} for n in names]
        if not entries:
            raise SourceError(f"recording folder {self.folder} holds no images")
        self.entries: list[dict[str, Any]] = entries
        self.commands = [
            Command(int(c["at"]), str(c["name"]), c.get("side"))
            for c in self.manifest.get("commands", [])
        ]

    def __len__(self) -> int:
        return sum(int(e.get("hold", 1)) for e in self.entries)

    def __iter__(self) -> Iterator[Frame]:
        index = 0
        start = time.monotonic()
        for entry in self.entries:
            path = self.folder / str(entry["image"])
            image, error = _read_image(path)
            for _ in range(int(entry.get("hold", 1))):
                t = index / self.fps
                if self.realtime:
                    delay = start + t - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                yield Frame(index, t, image, path.name, error)
                index += 1


class VideoSource:
    """Frames from a video file or a USB camera (an int device index), through OpenCV."""

    def __init__(self, what: str | int, *, size: tuple[int, int] = (1280, 960)) -> None:
        self.what = what
        self.capture = cv2.VideoCapture(what)
        if not self.capture.isOpened():
            raise SourceError(f"cannot open video source {what!r}")
        if isinstance(what, int):
            self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])

    def __iter__(self) -> Iterator[Frame]:
        index = 0
        start = time.monotonic()
        failures = 0
        while True:
            ok, image = self.capture.read()
            if not ok:
                failures += 1
                if not isinstance(self.what, int) or failures > 50:
                    return  # end of file, or a camera that stopped answering
                yield Frame(
                    index,
                    time.monotonic() - start,
                    None,
                    str(self.what),
                    "camera returned no frame",
                )
                index += 1
                continue
            failures = 0
            yield Frame(index, time.monotonic() - start, image, str(self.what))
            index += 1

    def close(self) -> None:
        self.capture.release()


class PiCameraSource:
    """Frames from the Raspberry Pi camera through picamera2 (imported only here: Pi only)."""

    def __init__(self, size: tuple[int, int] = (1280, 960)) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise SourceError(
                "picamera2 is not available: on Raspberry Pi OS run "
                "'sudo apt install python3-picamera2' and create the venv with "
                f"--system-site-packages ({exc})"
            ) from exc
        self.camera = Picamera2()
        # "RGB888" is BGR in memory, which is what OpenCV wants.
        config = self.camera.create_video_configuration(main={"size": size, "format": "RGB888"})
        self.camera.configure(config)
        self.camera.start()

    def __iter__(self) -> Iterator[Frame]:
        index = 0
        start = time.monotonic()
        while True:
            image = self.camera.capture_array()
            yield Frame(index, time.monotonic() - start, image, "picamera2")
            index += 1

    def close(self) -> None:
        self.camera.stop()
