"""bgref runs numpy's BLAS on one thread unless the environment says otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = "import firmware, os; print(os.environ['OPENBLAS_NUM_THREADS'])"


def _probe(**env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def test_blas_runs_on_one_thread_by_default() -> None:
    assert _probe() == "1"


def test_the_environment_may_still_ask_for_more_blas_threads() -> None:
    assert _probe(OPENBLAS_NUM_THREADS="4") == "4"
