"""Print vision.synth rendering speed (CPU seconds per 1280x960 image, one OpenCV thread).

.venv/bin/python bench/synth.py [N]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.synth import random_scene, render  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    cv2.setNumThreads(1)
    cpu, wall = [], []
    for i in range(n):
        rng = np.random.default_rng([7, i])
        spec = random_scene(rng)
        c0, w0 = time.process_time(), time.perf_counter()
        render(spec, rng)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    print(f"vision.synth render, {n} random 1280x960 scenes, 1 OpenCV thread")
    print(f"  CPU  s/image: median {np.median(cpu):.3f}  p90 {np.percentile(cpu, 90):.3f}")
    print(f"  wall s/image: median {np.median(wall):.3f}  p90 {np.percentile(wall, 90):.3f}")


if __name__ == "__main__":
    main()
