"""Score the reader on a labelled set, stage by stage.

::

    report = evaluate_set("tests/data/synthetic/test")          # runs the reader
    report = evaluate_set(set_dir, pred_dir="preds/")            # scores saved predictions
    print(format_report(report))

Board figures are over images whose labels have a ``board`` and are not ``partial``: per-point
accuracy (both colours right on a point), whole-board exact (24 points, bar and, where the set
allows, off), bar and off accuracy, board-found rate.  A frame where no board was found counts
as wrong on every board figure.  Dice figures come from ``vision.eval_dice`` (matched by centre,
not IoU) over every image with dice labels, partial ones included.  Cube: location and value over
images whose label has a cube.

Board geometry: for every image whose label has ``board.corners`` (partial ones included, the
corners are still right there) the predicted corners are compared with the labelled ones, both
put in the same order (TL, TR, BR, BL by :func:`corner_error`), and the image's error is the
largest of the four corner distances in pixels. The report gives its median and 95th percentile
over images with predicted corners, and the share of all such images (no board found = miss)
whose error is under a quarter of a point width (``vision.eval_scoring.QUARTER_POINT`` of the
board's width).

Set quirks (from the sets' READMEs) are in ``vision.eval_scoring.QUIRKS``:
``board_paper_webcam`` plays 12 checkers a side and its ``off`` is an artefact, so ``off`` is
not scored there.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision.board import BoardFix, order_corners, pattern_score
from vision.board.geometry import make_fix
from vision.dataset import DataSet, DatasetError, Labels, load_image, load_set, parse_labels
from vision.eval_scoring import (
    QUIRKS,
    SetQuirks,
    Tally,
    board_pair,
    corner_error,
    corner_figures,
    cube_pair,
    dice_figures,
    ratio,
)
from vision.observation import BELIEVED


@dataclass(frozen=True)
class EvalReport:
    set_name: str
    images: int
    scored_boards: int
    point_accuracy: float | None
    board_exact: float | None
    bar_accuracy: float | None
    off_accuracy: float | None
    board_found_rate: float | None
    cube_location_accuracy: float | None
    cube_value_accuracy: float | None
    cube_false_positives: int
    dice: dict[str, Any]
    latency_median_ms: float | None
    latency_p95_ms: float | None
    statuses: dict[str, int]
    failures: tuple[str, ...] = field(default=())
    corners: dict[str, Any] = field(default_factory=dict)
    # Cube answers that are wrong (not merely missing): a location elsewhere, a value misread.
    cube_elsewhere: int = 0
    cube_value_wrong: int = 0
    board_given: bool = False  # boards from the labelled corners: later stages on their own
    # Point and bar counts the referee believes (status ok, confidence >= BELIEVED) and how many
    # of those are wrong: the errors that can make a false call.
    believed_counts: int = 0
    believed_wrong: int = 0

    def to_json(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()}


def white_home_for(lab: Labels | None, ds: DataSet) -> str | None:
    """Orientation as the user would give it: per image if the label says, else the set's."""
    if lab is not None and lab.board is not None and lab.board.white_home:
        return lab.board.white_home
    return ds.white_home


ReaderFactory = Callable[[DataSet, str | None], Any]


def default_reader_factory(ds: DataSet, white_home: str | None) -> Any:
    """A reader that finds the board in every frame (set images have their own camera poses).

    With a ``starting_image`` in the set's calibration.json, checker colours (and the
    orientation, if not given) are learned from it as the device would at set-up.
    """
    from vision.calibration import CalibrationError, calibrate
    from vision.reader import BoardReader

    cal = None
    if ds.starting_image is not None:
        try:
            cal = calibrate(load_image(ds.starting_image), white_home=white_home)
        except (CalibrationError, DatasetError):
            cal = None
    home = white_home or (cal.white_home if cal else None) or "bottom-right"
    return BoardReader(cal, white_home=home, redetect=True)


def labelled_board(corners: Any) -> Callable[[np.ndarray], BoardFix | None]:
    """A board finder that answers the labelled corners (bar width measured on the image):
    with it the later stages are scored as if the board had been found exactly."""
    quad = order_corners(np.asarray(corners, dtype=np.float64).reshape(4, 2))

    def find(image: np.ndarray) -> BoardFix | None:
        score, bar = pattern_score(image, quad)
        return make_fix(quad, "labels", score, bar)

    return find


def evaluate_set(
    set_dir: str | Path,
    *,
    pred_dir: str | Path | None = None,
    reader_factory: ReaderFactory = default_reader_factory,
    progress: Callable[[int, int, str], None] | None = None,
    limit: int | None = None,
    predictions_out: str | Path | None = None,
    board_given: bool = False,
) -> EvalReport:
    """Run the reader over a set (or read ``pred_dir``) and score it.

    ``board_given``: every image's board is taken from its labelled corners (images without
    corners are skipped), so the checker, dice and cube figures do not include board-finding
    errors; the corner figures are then meaningless and left out."""
    ds = load_set(set_dir)
    quirks = QUIRKS.get(ds.root.name, SetQuirks())
    samples = [s for s in ds.samples if s.labels is not None]
    if board_given:
        if pred_dir is not None:
            raise DatasetError("board_given scores the reader: it cannot rescore saved predictions")
        samples = [
            s
            for s in samples
            if s.labels is not None
            and s.labels.board is not None
            and s.labels.board.corners is not None
        ]
    if limit is not None:
        samples = samples[:limit]
    t = Tally()
    dice_pairs: list[tuple[Mapping[str, Any], Mapping[str, Any]]] = []
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    failures: list[str] = []
    corner_errs: dict[str, tuple[float, float] | None] = {}
    readers: dict[str | None, Any] = {}
    out_dir = Path(predictions_out) if predictions_out else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    for n, sample in enumerate(samples):
        lab = sample.labels
        assert lab is not None
        if pred_dir is not None:
            p = Path(pred_dir) / f"{sample.name}.json"
            if not p.exists():
                pred: dict[str, Any] = {"status": "missing"}
            else:
                try:
                    pred = json.loads(p.read_text(encoding="utf-8"))
                    parse_labels(pred, p)  # validates the schema
                except (json.JSONDecodeError, DatasetError) as exc:
                    raise DatasetError(f"{p}: bad prediction ({exc})") from exc
        else:
            home = white_home_for(lab, ds)
            if home not in readers:
                readers[home] = reader_factory(ds, home)
            reader = readers[home]
            if board_given:
                assert lab.board is not None
                reader.board_finder = labelled_board(lab.board.corners)
            try:
                image = load_image(sample.image_path)
            except DatasetError as exc:
                pred = {"status": "bad_frame", "message": str(exc)}
            else:
                t0 = time.perf_counter()
                obs = reader.read(image)
                latencies.append(time.perf_counter() - t0)
                pred = obs.to_json()
            if out_dir:
                (out_dir / f"{sample.name}.json").write_text(json.dumps(pred), encoding="utf-8")
        status = str(pred.get("status", "ok"))
        statuses[status] = statuses.get(status, 0) + 1
        if lab.board is not None and not lab.partial:
            wrong = board_pair(pred, lab, quirks, t)
            if wrong:
                failures.append(f"{sample.name}: " + ", ".join(wrong[:6]))
        if lab.board is not None and lab.board.corners is not None and not board_given:
            raw_board = pred.get("board")
            pb: Mapping[str, Any] = raw_board if isinstance(raw_board, dict) else {}
            pc = pb.get("corners")
            ok = pred.get("status", "ok") not in ("board_not_found", "bad_frame", "missing")
            corner_errs[sample.name] = (
                corner_error(pc, lab.board.corners) if ok and pc is not None else None
            )
        if lab.dice is not None:
            dice_pairs.append((pred, lab.raw))
        if lab.cube_labelled or lab.cube is not None:
            cube_pair(pred, lab, t)
        if progress is not None:
            progress(n + 1, len(samples), sample.name)
    return EvalReport(
        board_given=board_given,
        set_name=ds.root.name,
        images=len(samples),
        scored_boards=t.boards,
        point_accuracy=ratio(t.points_ok, t.points),
        board_exact=ratio(t.exact, t.boards),
        bar_accuracy=ratio(t.bar_ok, t.bar),
        off_accuracy=ratio(t.off_ok, t.off),
        board_found_rate=ratio(t.found, t.boards),
        cube_location_accuracy=ratio(t.cube_loc_ok, t.cubes),
        cube_value_accuracy=ratio(t.cube_value_ok, t.cube_values),
        cube_false_positives=t.cube_false,
        cube_elsewhere=t.cube_elsewhere,
        cube_value_wrong=t.cube_value_wrong,
        believed_counts=t.believed,
        believed_wrong=t.believed_wrong,
        dice=dice_figures(dice_pairs),
        latency_median_ms=float(np.median(latencies) * 1000) if latencies else None,
        latency_p95_ms=float(np.percentile(latencies, 95) * 1000) if latencies else None,
        statuses=statuses,
        failures=tuple(failures),
        corners=corner_figures(corner_errs) if corner_errs else {},
    )


def _pct(v: float | None) -> str:
    return "n/a" if v is None else f"{100 * v:.1f}%"


def format_report(r: EvalReport, *, max_failures: int = 15) -> str:
    given = " (board given: the labelled corners)" if r.board_given else ""
    lines = [f"set {r.set_name}: {r.images} images, {r.scored_boards} boards scored{given}"]
    lines.append(
        f"  board   found {_pct(r.board_found_rate)} | per-point {_pct(r.point_accuracy)} | "
        f"whole-board exact {_pct(r.board_exact)} | bar {_pct(r.bar_accuracy)} | "
        f"off {_pct(r.off_accuracy)}"
    )
    lines.append(
        f"  believed counts (status ok, confidence >= {BELIEVED}): {r.believed_counts}, "
        f"wrong {r.believed_wrong}"
    )
    c = r.corners
    if c and c.get("labelled"):
        med = "n/a" if c["median_px"] is None else f"{c['median_px']:.1f}"
        p95 = "n/a" if c["p95_px"] is None else f"{c['p95_px']:.1f}"
        lines.append(
            f"  corners max-corner error median {med} px, p95 {p95} px | within 1/4 point "
            f"{_pct(c['within_quarter_point'])} ({c['measured']}/{c['labelled']} with corners)"
        )
        if c["off_images"]:
            lines.append(f"          off by 1/4 point or more: {', '.join(c['off_images'][:12])}")
    d = r.dice
    if d and "recall" in d:
        lines.append(
            f"  dice    {d['labelled']} labelled, {d['predicted']} predicted | "
            f"recall {_pct(d['recall'])} precision {_pct(d['precision'])} | "
            f"value {_pct(d['value_accuracy'])} ({d['value_wrong']} wrong, "
            f"{d['value_unread']} unread; end-to-end {_pct(d['end_to_end_value'])}; "
            f"not cocked {_pct(d['uncocked_value_accuracy'])} of {d['uncocked_matched']})"
        )
        tp, fp, fn = d["cocked_tp_fp_fn"]
        ask_tp, ask_fp = d.get("cocked_asked_right_wrong", (0, 0))
        sure, sure_wrong = d.get("state_sure_wrong", (0, 0))
        lines.append(
            f"  cocked  precision {_pct(d['cocked_precision'])} recall {_pct(d['cocked_recall'])}"
            f" (tp {tp} fp {fp} fn {fn}; of them asked, not voided: {ask_tp} right "
            f"{ask_fp} wrong) | state {_pct(d['state_accuracy'])} ({sure} sure, {sure_wrong} "
            f"of them wrong) | "
            f"zone {_pct(d['zone_accuracy'] if d['zone_labelled'] else None)}"
        )
    elif d:
        lines.append(f"  dice    {d}")
    lines.append(
        f"  cube    location {_pct(r.cube_location_accuracy)} ({r.cube_elsewhere} elsewhere) | "
        f"value {_pct(r.cube_value_accuracy)} of found ({r.cube_value_wrong} wrong) | "
        f"false cubes {r.cube_false_positives}"
    )
    if r.latency_median_ms is not None:
        lines.append(
            f"  latency median {r.latency_median_ms:.0f} ms, "
            f"p95 {r.latency_p95_ms:.0f} ms per frame"
        )
    lines.append(f"  status  {dict(sorted(r.statuses.items()))}")
    if r.failures:
        lines.append(f"  failures ({len(r.failures)}):")
        lines += [f"    {f}" for f in r.failures[:max_failures]]
    return "\n".join(lines)
