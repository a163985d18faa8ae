"""Running GNU Backgammon for the test oracle: one ``gnubg -t -q -r -p worker.py`` process per
batch of items, under a timeout, with its answers read back from a JSON file.

:mod:`tests.support.gnubg` (legal plays, Position IDs) and :mod:`tests.support.gnubg_match`
(Match IDs, .mat import) ask their questions through :func:`_call`; the program run inside gnubg
is ``gnubg_worker.py``. Any failure raises :class:`GnubgError` with gnubg's own output.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

_DEFAULT_WORKERS = 8
# Seconds per process: start-up allowance plus a per-item allowance far above the ~10 ms a
# hint takes, so a loaded 2-core machine does not trip it, yet a hung gnubg fails in minutes.
_BASE_TIMEOUT = 30.0
_PER_ITEM_TIMEOUT = 0.25
# The program run inside gnubg: reads the request file, writes the response file.
_WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gnubg_worker.py")


class GnubgError(RuntimeError):
    """gnubg failed, timed out, or rejected an input; the message carries gnubg's output."""


def find_gnubg() -> str | None:
    """Path of the gnubg binary: ``$BGREF_GNUBG``, ``gnubg`` on PATH, ``/usr/games/gnubg``."""
    env = os.environ.get("BGREF_GNUBG")
    if env:
        return env if os.access(env, os.X_OK) else None
    found = shutil.which("gnubg")
    if found:
        return found
    fallback = "/usr/games/gnubg"
    return fallback if os.access(fallback, os.X_OK) else None


requires_gnubg = pytest.mark.skipif(
    find_gnubg() is None,
    reason="GNU Backgammon not found (apt-get install gnubg, or set BGREF_GNUBG to the binary)",
)


@dataclass(frozen=True)
class _Job:
    op: str
    items: list[Any]
    timeout: float


def _binary() -> str:
    path = find_gnubg()
    if path is None:
        raise GnubgError("GNU Backgammon not found (apt-get install gnubg, or set BGREF_GNUBG)")
    return path


def _run_jobs(jobs: Sequence[_Job]) -> list[list[dict[str, Any]]]:
    """Run each job in its own gnubg process, all at once; per-item results in job order."""
    binary = _binary()
    with tempfile.TemporaryDirectory(prefix="bgref-gnubg-") as tmp:
        script = os.path.join(tmp, "worker.py")
        shutil.copyfile(_WORKER, script)
        running = []
        for k, job in enumerate(jobs):
            req, resp = os.path.join(tmp, f"req{k}.json"), os.path.join(tmp, f"resp{k}.json")
            with open(req, "w") as f:
                json.dump({"op": job.op, "items": job.items}, f)
            # Each process gets its own home: gnubg creates ~/.gnubg at start-up, and several
            # starting at once on a fresh machine race for it ("File exists", exit 1).
            home = os.path.join(tmp, f"home{k}")
            os.mkdir(home)
            env = dict(os.environ, BGREF_GNUBG_REQ=req, BGREF_GNUBG_RESP=resp, HOME=home)
            # Output goes to files, not pipes: a chatty process can never block on a full pipe
            # while the parent waits for another one.
            with (
                open(os.path.join(tmp, f"out{k}.txt"), "wb") as out_file,
                open(os.path.join(tmp, f"err{k}.txt"), "wb") as err_file,
            ):
                proc = subprocess.Popen(
                    [binary, "-t", "-q", "-r", "-p", script],
                    cwd=tmp,  # gnubg puts ./scripts on its sys.path; keep it away from the repo
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=out_file,
                    stderr=err_file,
                )
            running.append((job, proc, k, time.monotonic() + job.timeout))
        out: list[list[dict[str, Any]]] = []
        try:
            for job, proc, k, deadline in running:
                try:
                    proc.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                    raise GnubgError(
                        f"gnubg timed out after {job.timeout:.0f} s on {len(job.items)} "
                        f"{job.op!r} items; stderr: {_read_tail(tmp, f'err{k}.txt')}"
                    ) from None
                out.append(_read_response(job, proc.returncode, tmp, k))
        finally:
            for _, proc, _, _ in running:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
        return out


def _read_tail(tmp: str, name: str, limit: int = 2000) -> str:
    try:
        with open(os.path.join(tmp, name), "rb") as f:
            return f.read().decode("utf-8", "replace")[-limit:]
    except OSError:
        return ""


def _read_response(job: _Job, returncode: int, tmp: str, k: int) -> list[dict[str, Any]]:
    try:
        with open(os.path.join(tmp, f"resp{k}.json")) as f:
            data = json.load(f)
    except (OSError, ValueError):
        raise GnubgError(
            f"gnubg (exit {returncode}) gave no answer for {job.op!r}; "
            f"stdout: {_read_tail(tmp, f'out{k}.txt')}; stderr: {_read_tail(tmp, f'err{k}.txt')}"
        ) from None
    if "fatal" in data:
        raise GnubgError(f"gnubg's Python failed on {job.op!r}: {data['fatal']}")
    results: list[dict[str, Any]] = data["results"]
    if len(results) != len(job.items):
        raise GnubgError(f"gnubg answered {len(results)} of {len(job.items)} {job.op!r} items")
    return results


def _call(op: str, items: Sequence[Any], workers: int = 1, weight: int = 1) -> list[Any]:
    """Answer items with op over up to ``workers`` processes; raise on any item's error.

    ``weight`` is the number of hint-sized steps one item costs (for the timeout)."""
    items = list(items)
    if not items:
        return []
    n_jobs = max(1, min(workers, len(items)))
    size = math.ceil(len(items) / n_jobs)
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    jobs = [_Job(op, c, _BASE_TIMEOUT + _PER_ITEM_TIMEOUT * weight * len(c)) for c in chunks]
    values: list[Any] = []
    errors: list[str] = []
    for chunk, results in zip(chunks, _run_jobs(jobs), strict=True):
        for item, result in zip(chunk, results, strict=True):
            if "error" in result:
                errors.append(f"{item!r}: {result['error']}")
                values.append(None)
            else:
                values.append(result["ok"])
    if errors:
        shown = "; ".join(errors[:5])
        raise GnubgError(f"gnubg {op!r} failed on {len(errors)} of {len(items)} items: {shown}")
    return values


def _workers(workers: int | None) -> int:
    if workers is not None:
        return max(1, workers)
    return max(1, int(os.environ.get("BGREF_GNUBG_WORKERS", _DEFAULT_WORKERS)))


def _bulk_workers(n_items: int) -> int:
    # ID conversions take ~0.1 ms each: only huge batches are worth more processes.
    return max(1, min(_workers(None), n_items // 5000))
