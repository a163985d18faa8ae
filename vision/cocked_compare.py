"""Why the cocked-die model scores one set's flat dice higher than another's: which parts of the
feature vector (``FEATURE_GROUPS``) carry the difference, and what a change to the die's patch
or to its view does to the scores.

``group_swap`` replaces one group of a suspect die's features (all six ``VIEWS``) by the same
group of a random reference die and takes the model's mean again: a group whose swap pulls the
suspects' scores down is one the model reads them as cocked by. ``probe`` scores dice again
after changing their patch (``PATCH_PROBES``: local contrast, blur) or their view
(``VIEW_PROBES``: no perspective lean, twice it). The run compares the flat dice ``find_dice``
finds in two labelled sets (labelled board corners and die size, as training does):

    .venv/bin/python -m vision.cocked_compare SUSPECT_SET REFERENCE_SET [--above 0.6]

Session 17 (2026-11-26), the real paper webcam (all 32 dice flat) against dev's renders, this
run (labelled corners and die size), mean score (dice over 0.7): paper 0.41 (2), dev's 139 flat
dice 0.09 (3); local contrast x2 0.20 (0) / 0.07 (3), x0.5 0.65 (12) / 0.20 (9); blur 2 0.50 (7)
/ 0.13 (7); no lean 0.29 (0) / 0.05 (0); lean x2 0.53 (5) / 0.20 (11). The 4 paper dice over
0.6 (0.67): a render's gradient histograms swapped in 0.23, any other group 0.62-0.73. With the
reader's own views (found boards, captured: die side 30.5 px against the labels' 28.4) the
paper's dice score 0.52 (7 over 0.7, at most 0.868); the 11 over 0.6 (0.72) go to 0.36 with a
render's gradient histograms, 0.45 with its body mask, 0.65-0.76 with any other group. So the
model reads the paper's dice as cocked by their edges: faint and soft (cream dice with rounded
edges, lit from the side, on light paper), and with little of the side face perspective should
show (without the lean none scores over 0.7). A swap shows what the model reads, not what to
drop: a network trained without the gradient histograms (2 x 16 units, the 11251 training dice
of ``vision.train_cocked``'s second network, ``--real-looks``) scored the paper's dice higher
still (22 of 32 over 0.7, at most 0.976) and renders worse (AUC 0.973 on the 900 calibration
renders, the committed model 0.991).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from vision import cocked as vc
from vision.cocked_shape import N_GEOMETRY, N_PROFILE
from vision.cocked_view import DieView
from vision.train_cocked import local_contrast, view_rows


def _groups() -> dict[str, slice]:
    sizes = [
        ("hog", (vc._CROP // vc._CELL) ** 2 * vc._BINS),
        ("chroma", vc._CHROMA**2),
        ("thumbnail", vc._SMALL**2),
        ("tilt cues", vc.N_CUES),
        ("lean", vc.N_PLACE),
        ("face mask", vc._MASK**2),
        ("body mask", vc._MASK**2),
        ("mask shape", vc.N_SHAPE),
        ("outside", vc.N_OUTSIDE),
        ("geometry", N_GEOMETRY),
        ("edge profiles", N_PROFILE),
    ]
    out, start = {}, 0
    for name, n in sizes:
        out[name] = slice(start, start + n)
        start += n
    assert start == vc.N_FEATURES, "feature groups out of step with vision.cocked"
    return out


# Where each part of ``vision.cocked.patch_features``'s vector lies, in its order.
FEATURE_GROUPS = _groups()


def _local_contrast(k: float) -> Callable[[np.ndarray], np.ndarray]:
    def f(p: np.ndarray) -> np.ndarray:
        return np.clip(local_contrast(p.astype(np.float32), k) + 0.5, 0, 255).astype(np.uint8)

    return f


PATCH_PROBES: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "contrast x2": _local_contrast(2.0),
    "contrast x0.5": _local_contrast(0.5),
    "blur 2": lambda p: cv2.GaussianBlur(p, (0, 0), 2.0),
}
# A flat die as the probes take it: (patch, view, die_px, cues).
FlatDie = tuple[np.ndarray, DieView, float, np.ndarray]

VIEW_PROBES: dict[str, Callable[[DieView], DieView]] = {
    "no lean": lambda v: DieView(v.lin, v.down * 0.01),
    "lean x2": lambda v: DieView(v.lin, v.down * 2.0),
}


def mean_scores(model: vc.CockedModel, rows: np.ndarray) -> np.ndarray:
    """Each die's mean probability over its views; ``rows`` (n, views, features)."""
    n, k, f = rows.shape
    means: np.ndarray = model.probabilities(rows.reshape(-1, f)).reshape(n, k).mean(axis=1)
    return means


def group_swap(
    model: vc.CockedModel,
    suspects: np.ndarray,
    reference: np.ndarray,
    draws: int = 30,
    seed: int = 0,
) -> dict[str, float]:
    """Mean score of the ``suspects`` (n, views, features) with each group swapped for that
    of ``draws`` random ``reference`` dice, averaged; "none" is their own mean."""
    rng = np.random.default_rng(seed)
    out = {"none": float(mean_scores(model, suspects).mean())}
    picks = rng.integers(0, len(reference), (len(suspects), draws))
    for name, sl in FEATURE_GROUPS.items():
        rows = np.repeat(suspects, draws, axis=0)
        rows[:, :, sl] = reference[picks.ravel()][:, :, sl]
        out[name] = float(mean_scores(model, rows).mean())
    return out


def probe(model: vc.CockedModel, dice: list[FlatDie]) -> dict[str, np.ndarray]:
    """Scores of ``dice`` ((patch, view, die_px, cues) each) as they are and under each probe."""
    out = {"none": np.array([]), **{k: np.array([]) for k in (*PATCH_PROBES, *VIEW_PROBES)}}
    rows: dict[str, list[np.ndarray]] = {k: [] for k in out}
    for patch, view, d, cues in dice:
        rows["none"].append(view_rows(patch, view, d, cues))
        for k, f in PATCH_PROBES.items():
            rows[k].append(view_rows(f(patch), view, d, cues))
        for k, g in VIEW_PROBES.items():
            rows[k].append(view_rows(patch, g(view), d, cues))
    return {k: mean_scores(model, np.array(v)) for k, v in rows.items() if v}


def flat_dice(set_dir: Path) -> list[FlatDie]:
    """(patch, view, die_px, cues) of each die ``find_dice`` finds in a labelled box marked flat."""
    from vision.cocked_samples import STATES, DieSamples, collect

    s: DieSamples = collect(sorted(set_dir.glob("*.jpg")))
    flat = STATES.index("flat")
    return [
        (s.patches[k], s.view(k), float(s.die_px[k]), s.cues[k])
        for k in range(len(s.state))
        if s.state[k] == flat
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("suspect", type=Path, help="set whose flat dice score high")
    ap.add_argument("reference", type=Path, help="set whose flat dice score as they should")
    ap.add_argument("--above", type=float, default=0.6, help="suspects scoring over this")
    args = ap.parse_args(argv)
    model = vc.CockedModel.load()
    sus, ref = flat_dice(args.suspect), flat_dice(args.reference)
    if not sus or not ref:
        raise SystemExit("no flat dice found in one of the sets")
    for name, dice in (("suspect", sus), ("reference", ref)):
        res = probe(model, dice)
        line = ", ".join(f"{k} {v.mean():.2f} ({int((v > 0.7).sum())})" for k, v in res.items())
        print(f"{name} {len(dice)} flat dice, mean score (over 0.7): {line}")
    rows_s = np.array([view_rows(*d) for d in sus])
    rows_r = np.array([view_rows(*d) for d in ref])
    high = mean_scores(model, rows_s) > args.above
    if not high.any():
        print(f"no suspect die scores over {args.above}")
        return 0
    swap = group_swap(model, rows_s[high], rows_r)
    print(f"{int(high.sum())} suspects over {args.above}, mean score with the group swapped:")
    for k, v in sorted(swap.items(), key=lambda kv: kv[1]):
        print(f"  {k:14s} {v:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
