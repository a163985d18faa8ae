"""One image's prediction scored against its labels, for ``vision.evaluate``: the board's
counts (and which of them the referee would believe), the corners, the cube and the dice
figures of a set; split from ``vision.evaluate`` for size.

>>> corner_error([[0, 0], [100, 0], [100, 50], [0, 50]], [[0, 3], [100, 3], [100, 53], [0, 53]])
(3.0, 100.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.dataset import Labels
from vision.observation import BELIEVED  # the referee's "sure"

# A quarter of a point width as a share of the playing area's width (12 points and a bar of
# about one point across it: 1/52).
QUARTER_POINT = 1.0 / 52.0


def _ordered(corners: Any) -> np.ndarray:
    """Four points as TL, TR, BR, BL (clockwise on screen from the corner nearest the origin)."""
    pts = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    pts = pts[np.argsort(np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0]))]
    return np.roll(pts, -int(np.argmin(pts.sum(axis=1))), axis=0)


def corner_error(pred_corners: Any, label_corners: Any) -> tuple[float, float]:
    """(largest corner distance in pixels, playing-area width in pixels) of a predicted quad
    against the labelled one, both ordered TL, TR, BR, BL first.  The width is the mean length
    of the labelled quad's top and bottom sides."""
    p, q = _ordered(pred_corners), _ordered(label_corners)
    err = float(np.max(np.linalg.norm(p - q, axis=1)))
    width = float((np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2.0)
    return err, width


def corner_figures(errors: Mapping[str, tuple[float, float] | None]) -> dict[str, Any]:
    """Corner figures from per-image (max error px, board width px), None = no corners predicted:
    median and p95 of the error over images with corners, share of all images under a quarter
    point width, and the images that miss it (worst first, error in point widths)."""
    measured = {k: v for k, v in errors.items() if v is not None}
    errs = np.array([e for e, _ in measured.values()], dtype=np.float64)
    good = sum(1 for e, w in measured.values() if e < QUARTER_POINT * w)
    misses = sorted(
        ((k, e / (4 * QUARTER_POINT * w)) for k, (e, w) in measured.items()),
        key=lambda t: -t[1],
    )
    misses = [(k, r) for k, r in misses if r >= 0.25]
    return {
        "labelled": len(errors),
        "measured": len(measured),
        "median_px": float(np.median(errs)) if len(errs) else None,
        "p95_px": float(np.percentile(errs, 95)) if len(errs) else None,
        "within_quarter_point": ratio(good, len(errors)),
        "off_images": [f"{k} {r:.2f}pt" for k, r in misses]
        + [f"{k} none" for k, v in errors.items() if v is None],
    }


@dataclass(frozen=True)
class SetQuirks:
    score_off: bool = True
    checkers_per_side: int = 15


QUIRKS: dict[str, SetQuirks] = {
    "board_paper_webcam": SetQuirks(score_off=False, checkers_per_side=12),
}


@dataclass
class Tally:
    boards: int = 0
    found: int = 0
    points: int = 0
    points_ok: int = 0
    exact: int = 0
    bar: int = 0
    bar_ok: int = 0
    off: int = 0
    off_ok: int = 0
    cubes: int = 0
    cube_found: int = 0
    cube_loc_ok: int = 0
    cube_values: int = 0
    cube_value_ok: int = 0
    cube_false: int = 0
    cube_elsewhere: int = 0
    cube_value_wrong: int = 0
    believed: int = 0
    believed_wrong: int = 0


def ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def board_pair(pred: Mapping[str, Any], lab: Labels, quirks: SetQuirks, t: Tally) -> list[str]:
    """Add one image's board figures to ``t``; return what was wrong (for the failure list)."""
    b = lab.board
    assert b is not None
    t.boards += 1
    pb = pred.get("board") if isinstance(pred.get("board"), dict) else None
    have = pb is not None and pb.get("white") is not None and pb.get("black") is not None
    raw_conf = pred.get("confidence")
    conf: Mapping[str, Any] = raw_conf if isinstance(raw_conf, dict) else {}
    believing = have and pred.get("status") == "ok"  # the referee believes only ok reads
    sure = [believing and c >= BELIEVED for c in conf.get("points") or [0.0] * 24]
    if pred.get("status", "ok") in ("ok", "uncertain", "occluded") and have:
        t.found += 1
    wrong: list[str] = []
    all_ok = True
    for i in range(24):
        lw = b.white[i] if b.white else None
        lb = b.black[i] if b.black else None
        if lw is None or lb is None:
            continue
        t.points += 1
        ok = have and pb is not None and pb["white"][i] == lw and pb["black"][i] == lb
        t.believed += sure[i]
        t.believed_wrong += sure[i] and not ok
        if ok:
            t.points_ok += 1
        else:
            all_ok = False
            if have and pb is not None:
                wrong.append(f"pt{i + 1} {lw}w{lb}b->{pb['white'][i]}w{pb['black'][i]}b")
    pbar = (pb or {}).get("bar") or {}
    if b.bar_white is not None and b.bar_black is not None:
        t.bar += 1
        ok = have and pbar.get("white") == b.bar_white and pbar.get("black") == b.bar_black
        bar_sure = believing and (conf.get("bar") or 0.0) >= BELIEVED
        t.believed += bar_sure
        t.believed_wrong += bar_sure and not ok
        t.bar_ok += ok
        if not ok:
            all_ok = False
            wrong.append(
                f"bar {b.bar_white}w{b.bar_black}b->{pbar.get('white')}w{pbar.get('black')}b"
            )
    if quirks.score_off and b.off_white is not None and b.off_black is not None:
        poff = (pb or {}).get("off") or {}
        t.off += 1
        ok = have and poff.get("white") == b.off_white and poff.get("black") == b.off_black
        t.off_ok += ok
        if not ok:
            all_ok = False
            wrong.append(
                f"off {b.off_white}w{b.off_black}b->{poff.get('white')}w{poff.get('black')}b"
            )
    t.exact += all_ok and have
    if not have:
        wrong = [f"no board ({pred.get('status')})"]
    return wrong


def cube_pair(pred: Mapping[str, Any], lab: Labels, t: Tally) -> None:
    pc = pred.get("cube")
    if lab.cube is None:
        if lab.cube_labelled and isinstance(pc, dict):
            t.cube_false += 1
        return
    t.cubes += 1
    if not isinstance(pc, dict):
        return
    t.cube_found += 1
    t.cube_loc_ok += pc.get("location") == lab.cube.location
    t.cube_elsewhere += pc.get("location") != lab.cube.location
    if lab.cube.value is not None:
        t.cube_values += 1
        t.cube_value_ok += pc.get("value") == lab.cube.value
        t.cube_value_wrong += pc.get("value") not in (None, lab.cube.value)


def dice_figures(pairs: list[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> dict[str, Any]:
    if not pairs:
        return {}
    try:
        from vision.eval_dice import evaluate as dice_evaluate
    except ImportError:
        return {"error": "vision.eval_dice not available"}
    m = dice_evaluate(pairs)
    c = m.counts
    return {
        "labelled": c.labels,
        "predicted": c.predictions,
        "matched": c.matched,
        "recall": m.recall,
        "precision": m.precision,
        "value_accuracy": m.value_accuracy,
        "value_wrong": m.value_wrong,
        "value_unread": c.value_unread,
        "uncocked_value_accuracy": m.uncocked_value_accuracy,
        "uncocked_matched": c.uncocked_matched,
        "end_to_end_value": m.end_to_end_value,
        "cocked_precision": m.cocked_precision,
        "cocked_recall": m.cocked_recall,
        "cocked_tp_fp_fn": [c.cocked_tp, c.cocked_fp, c.cocked_fn],
        "cocked_asked_right_wrong": [c.cocked_asked_tp, c.cocked_asked_fp],
        "state_accuracy": m.state_accuracy,
        "state_sure_wrong": [c.state_sure, c.state_sure_wrong],
        "zone_accuracy": m.zone_accuracy,
        "zone_labelled": c.zone_labelled,
    }
