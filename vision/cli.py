"""``bgref vision ...`` subcommands.

::

    bgref vision read SET_DIR --out PRED_DIR     # one prediction JSON per image
    bgref vision eval SET_DIR [--json] [--pred PRED_DIR] [--limit N]
    bgref vision calibrate IMAGE --out calibration.json [--white-home bottom-right]

``read`` and ``eval`` use SET_DIR/calibration.json when present (orientation; checker colours
from its ``starting_image``).  Progress goes to stderr on long runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from vision.board import WHITE_HOMES


def register(subparsers: Any) -> None:
    vision = subparsers.add_parser("vision", help="read and evaluate board images")
    vsub = vision.add_subparsers(dest="vision_command", required=True, metavar="SUBCOMMAND")
    read = vsub.add_parser("read", help="write one prediction JSON per image")
    read.add_argument("set_dir")
    read.add_argument("--out", required=True, help="directory for the prediction JSON files")
    read.add_argument("--quiet", action="store_true", help="no progress on stderr")
    read.set_defaults(func=_read)
    ev = vsub.add_parser("eval", help="score the reader (or saved predictions) against labels")
    ev.add_argument("set_dir")
    ev.add_argument("--json", action="store_true", help="machine-readable output")
    ev.add_argument("--pred", help="score these saved predictions instead of running the reader")
    ev.add_argument("--limit", type=int, help="only the first N labelled images")
    ev.add_argument("--save-pred", help="also write the predictions to this directory")
    ev.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ev.add_argument(
        "--board-given",
        action="store_true",
        help="take each board from its labelled corners: score the later stages on their own",
    )
    ev.set_defaults(func=_eval)
    cal = vsub.add_parser("calibrate", help="calibrate from a starting-position image")
    cal.add_argument("image")
    cal.add_argument("--out", required=True)
    cal.add_argument("--white-home", choices=WHITE_HOMES)
    cal.set_defaults(func=_calibrate)


class _Progress:
    """Progress on stderr, at most once a second, and only on runs longer than a few images."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.t0 = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int, name: str) -> None:
        if self.quiet or total < 10:
            return
        now = time.monotonic()
        if now - self.last >= 1.0 or done == total:
            self.last = now
            rate = done / max(now - self.t0, 1e-6)
            eta = (total - done) / max(rate, 1e-6)
            print(
                f"\r{done}/{total} images ({rate:.1f}/s, ~{eta:.0f}s left) {name[:30]:30}",
                end="\n" if done == total else "",
                file=sys.stderr,
                flush=True,
            )


def _read(args: argparse.Namespace) -> int:
    from vision.dataset import DatasetError, load_image, load_set
    from vision.evaluate import default_reader_factory, white_home_for

    try:
        ds = load_set(args.set_dir)
    except DatasetError as exc:
        print(f"bgref vision read: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    progress = _Progress(args.quiet)
    readers: dict[str | None, Any] = {}
    for n, sample in enumerate(ds.samples):
        home = white_home_for(sample.labels, ds)
        if home not in readers:
            readers[home] = default_reader_factory(ds, home)
        try:
            image = load_image(sample.image_path)
        except DatasetError as exc:
            pred: dict[str, Any] = {"status": "bad_frame", "message": str(exc)}
        else:
            pred = readers[home].read(image).to_json()
        (out / f"{sample.name}.json").write_text(json.dumps(pred, indent=1), encoding="utf-8")
        progress(n + 1, len(ds.samples), sample.name)
    print(f"wrote {len(ds.samples)} predictions to {out}")
    return 0


def _eval(args: argparse.Namespace) -> int:
    from vision.dataset import DatasetError
    from vision.evaluate import evaluate_set, format_report

    try:
        report = evaluate_set(
            args.set_dir,
            pred_dir=args.pred,
            progress=_Progress(args.quiet),
            limit=args.limit,
            predictions_out=args.save_pred,
            board_given=args.board_given,
        )
    except DatasetError as exc:
        print(f"bgref vision eval: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
    else:
        print(format_report(report))
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    from vision.calibration import CalibrationError, calibrate
    from vision.dataset import DatasetError, load_image

    try:
        cal = calibrate(load_image(args.image), white_home=args.white_home)
    except (DatasetError, CalibrationError) as exc:
        print(f"bgref vision calibrate: {exc}", file=sys.stderr)
        return 2
    cal.save(args.out)
    print(f"calibration written to {args.out} (white_home {cal.white_home}, {cal.method})")
    return 0
