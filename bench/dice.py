"""Latency of ``vision.dice.find_dice`` (prints figures; not a test).

    .venv/bin/python bench/dice.py [--n 30]

Measures, on one core, the median and p95 time per image for:
- 1280x960 synthetic board frames (tests/data/synthetic/dev) with the die size given, as the
  board stage calls it (die size here from the label boxes, 0.8 x their median side);
- the same frames with no die size (whole-photo search);
- each real dice set in /work/shared/photos (no die size), if present.
Accuracy figures come from ``python -m vision.eval_dice SET`` and ``bgref vision eval SET``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
# Run as a script, bench/ comes first on sys.path and bench/vision.py would shadow the package.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p).resolve() != ROOT / "bench"]

from vision.dice import find_dice  # noqa: E402
from vision.memory import keep_freed_memory  # noqa: E402

PHOTOS = ROOT / ".." / "shared" / "photos"


def _time(calls: Iterable[Callable[[], object]]) -> tuple[float, float]:
    ts = []
    for fn in calls:
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1000)
    return float(np.median(ts)), float(np.percentile(ts, 95))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=30, help="images per set")
    args = ap.parse_args()
    cv2.setNumThreads(1)  # one core, as on the Pi budget
    # As on the device (BoardReader sets it): glibc keeps freed image buffers instead of
    # page-faulting them in again every call. Without it, 20 dev frames twice: 312k minor
    # faults and 0.54 s of system time, with it 38k and 0.08 s (find_dice alone knows no reader).
    keep_freed_memory()
    dev = ROOT / "tests" / "data" / "synthetic" / "dev"
    if dev.is_dir():
        frames = []
        for j in sorted(dev.glob("IMG_*.json"))[: args.n]:
            lab = json.loads(j.read_text()).get("dice") or []
            img = cv2.imread(str(j.with_suffix(".jpg")))
            if img is None or not lab:
                continue
            size = 0.8 * float(
                np.median([max(b[2] - b[0], b[3] - b[1]) for b in (d["bbox"] for d in lab)])
            )
            frames.append((img, size))
        med, p95 = _time([partial(find_dice, i, die_size_px=s) for i, s in frames])
        print(f"synthetic 1280x960, die size given : median {med:6.1f} ms  p95 {p95:6.1f} ms")
        med, p95 = _time([partial(find_dice, i) for i, _ in frames])
        print(f"synthetic 1280x960, no die size    : median {med:6.1f} ms  p95 {p95:6.1f} ms")
    for name in ("dice_pi_camera", "dice_fudw", "dice_matteop65"):
        d = PHOTOS / name
        if not d.is_dir():
            continue
        read = (cv2.imread(str(p)) for p in sorted(d.glob("*.jpg"))[: args.n])
        imgs = [i for i in read if i is not None]
        if not imgs:
            continue
        med, p95 = _time([partial(find_dice, i) for i in imgs])
        shape = "x".join(str(v) for v in imgs[0].shape[1::-1])
        print(f"{name:16s} {shape:>9s}          : median {med:6.1f} ms  p95 {p95:6.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
