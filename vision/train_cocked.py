"""Train the cocked-die model (``vision/models/cocked_lr.npz``) on synthetic renders only.

The committed model joins three networks, their logits weighed 0.5 / 0.25 / 0.25
(``CockedModel.joined``; one network). The first: 3817 renders of seed 3000
(``scripts/render-synthetic --set train --count 3831``, in directories a-d), ``--l2 0.01
--ensemble 5`` (held-out renders: AUC 0.987, one view a die), trained before the geometric
cues of ``vision.cocked_shape`` existed (git 0d5f6b9's model): it ignores them
(``CockedModel.widened``). The second and third: 2000 renders with 4 or 6 dice each (``--dice
4 --start 6000 --count 250`` and 8000; ``--dice 6`` from 6250, 6500, 6750 and 8250, 8500,
8750: no scene of another set) and IMG_0001-0600, 11251 dice, ``--l2 0.01 --ensemble 3
--held-out 0``; the second on the features with the face's rectangle and sweep
(``shape_cues``) and without the edge profiles, the third with the edge profiles
(``edge_profiles``) and without the shape cues (each widened to take all). They join in
turn, the second with weight 1/3, then the third with 0.25:

    .venv/bin/python -m vision.train_cocked --renders DIR... --cache NPZ... --l2 0.01 \
        --ensemble 3 --held-out 0 --without profiles --join FIRST.npz --join-weight 0.333
    (the same with --without shape --join SECOND_JOINED.npz --join-weight 0.25)

(the committed second and third came from a session's script doing the same steps on cached
features: ``fit_mlp`` with these settings, widened at the missing cues).

A die is judged on the mean of six views (``vision.cocked.VIEWS``); the threshold is then
calibrated on 900 renders none of them saw (IMG_3832-4331 and IMG_4832-5231 of seed 3000,
``--start 3831 --count 100`` and so on, one directory a hundred):

    .venv/bin/python -m vision.train_cocked --calibrate --renders DIR... --cache NPZ... \
        --target-precision 0.97 --prior 0.25

threshold 0.905 (1864 dice, 790 cocked): P 0.972 R 0.780 with 1 in 4 dice cocked (the two
networks without the geometric cues: 0.904, R 0.766; the first alone: 0.959, R 0.648); AUC
0.991. Precision comes first (a false "cocked" voids a good roll; the issue asks for 95%); a
phantom die on a real board photo (fm gammon test6: a checker's logo read as a 1) scores 0.87
as before, the real paper-webcam frames' flat dice at most 0.87 (0.81 before).
``--threshold-no-board`` stays 1: without a board the camera is unknown and no die is called cocked.

``--real-looks`` (session 17, not in the committed model): training patches blurred more, made
fainter against their surroundings and faded (``real_looks``), for real flat dice that score
high (``vision.cocked_compare``). One network so trained on the 11251 dice above scored the
paper webcam's flat dice at most 0.846 (0.868), 5 of 32 over 0.7 (7), but rendered dice worse
(AUC 0.9867 on the 900 calibration renders, the committed model 0.9907); joined to the
committed model at 0.25 or 0.4, 6 of 32 over 0.7 and the renders' recall lower.

Real pip geometry (session 22, not in the committed model): renders whose dice sets draw
their own pip radius and spacing (``vision.synth.piece_faces.pip_geometry``, the real dice's
range) do not explain the paper webcam's flat 1-3 faces scoring 0.75-0.87. Networks trained
afresh score those faces higher than the committed model, whatever they were trained on:
seed 3000's IMG_0001-0400, 32201-32600, 35201-35800 with 200 new-pip renders (IMG_41201-41400)
0.99 (``--real-looks``: 0.95); those 200 alone 0.98; blind to the gradient histograms 1.0. Most
on new pips (IMG_41201-41400 and 41601-42200 with IMG_0001-0400 and 32201-32600): 0.80, its
4-6 faces 0.42, held-out recall as the committed model's, but fm gammon's second unread die
0.00 -> 0.91 (its phantom 0.97): none committed, a next step with more real boards. Joined
to the committed model at 0.25 they gain 1-2% of recall on held-out renders, and lift fm
gammon's phantom die over the bar (0.90 -> 0.92). On the committed model, the gradient
histograms carry the real faces' score (set to rendered flat 1-3 faces' mean: 0.13-0.37).
The committed model on found dice, board given, board-given bar (0.905; 4-6 faces 0.75):
new-pip renders (IMG_41401-41600) 265 / 5 of 355 cocked, old pips (IMG_32601-33000) 584 / 7 of
694. ``--view-jitter 0.006`` (session 23, not committed): corners ~5 px off in 3 of 4 rows, two
nets on IMG_41201-42400, joined at 0.25: paper webcam's top flat die found 0.867 -> 0.821 (no
jitter: 0.856), labelled 0.822 -> 0.760; held-out IMG_45801-46000 AUC 0.992 as before; but
fm gammon's phantom 0.900 -> 0.924 (0.911 joined at 0.1), over the 0.905 bar. The same on
old-pip IMG_0001-0600: the paper webcam's flat dice 0.60-0.87 -> 0.76-0.87 joined, 0.95 alone.
Session 24 committed that join (``--renders`` IMG_41201-42400 ``--view-jitter 0.006
--ensemble 2 --l2 0.01 --held-out 0 --join`` the model above ``--join-weight 0.25``): fm
gammon's phantom is the cube's side face, dropped by ``vision.cube_sides``; a read face of 1-3
pips takes ``vision.dice_tilt.FEW_PIP_THRESHOLD`` (0.85), over the paper webcam's flat 1-3
faces (0.821 found, 0.725 labelled; fm gammon's 0.18).

Session 29 (none committed): a fourth network on 600 new renders (IMG_61601-62200,
``--dice 4``, 2333 found dice; ``--view-jitter 0.006``, 2 x 16 units, the committed model's
missed cocked dice and flat dice over 0.5 weighed x3) scored 200 unseen renders
(IMG_62201-62400, 776 dice) at AUC 0.987 alone (the committed model 0.9955); joined at 0.25,
recall at the committed model's second false call 0.815 -> 0.857 but at its fourth 0.905 ->
0.866, and the paper webcam's flat dice (labelled corners) at most 0.775 -> 0.874, fm gammon's
0.906 -> 0.947. ``--real-looks`` on every patch: joined at 0.15, 0.830 at two false calls, the
paper's flat dice 0.813, fm gammon's 0.913; ``real_looks`` copies of the flat dice as extra
negatives scored everything real higher (alone AUC 0.941, the paper's dice 0.99). Refitting
only the output layer over the committed 208 hidden units (L2 toward its weights): 0.830-0.848
at two false calls, the paper's flat dice 0.95-0.97. Where the grey doubt does not reach (six-
view mean 0.45-0.905, body beyond a flat die's sweep 0.1 or more), the joined network does not
part the unseen renders' cocked dice (median 0.76) from the rest (0.84): 600 renders teach
nothing the 15 000 dice above did not, and every retrain lifts the real flat dice.

Session 31 (not committed): a fourth network on renders with the bleed look lowered the paper
webcam's flat dice, but read held-out renders no better (``vision.synth.bleed``); one on 1600
plain renders with or without the look's, joined at 0.25, read them one die better either way.

``--renders``: directories of ``IMG.jpg`` + ``IMG.json`` labels (DATASET.md) from
``scripts/render-synthetic --set train`` (seed 3000; never dev or test: the script refuses a
path with ``dev`` or ``test`` in it). Each image is read by ``vision.dice.find_dice`` with the
die size as the reader computes it from the labelled board corners; every found die whose
centre lies in one labelled box becomes one example (cocked = 1; flat, on_checker and a found
"die" in no box = 0). What the finder gives is cached (``--cache``) as
``vision.cocked_samples.DieSamples``: the unrotated patch around each die, where it is, the
labelled board corners (the camera, ``vision.cocked_view``) and tilt cues; features are made
from it with size jitter and mirroring. A share of the images (``--held-out``, seeded) is held
out; the threshold is the lowest giving ``--target-precision`` there on each die's six-view
mean. ``--calibrate`` only sets the threshold of the model at ``--out`` so, on renders it was
not trained on.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.cocked import (
    MODEL_PATH,
    N_FEATURES,
    SIZE_JITTER,
    VIEWS,
    CockedModel,
    patch_features,
)
from vision.cocked_samples import STATES, DieSamples, collect, found_dice
from vision.cocked_shape import N_GEOMETRY, N_PROFILE
from vision.cocked_view import CameraView, DieView

# Share of training examples blurred, and the Gaussian sigma range (patch pixels): renders are
# sharper than a webcam's frames, whose blurred flat dice otherwise look cocked to the model.
_BLUR = (0.5, 0.6, 2.0)
# ``--real-looks``: what a real frame does to a die that renders do not (``real_looks``).
# Share blurred and sigma range (patch pixels); share whose local contrast is lowered and the
# contrast kept (the paper webcam's cream dice on grey paper, blurred, barely stand out); share
# desaturated and the colour kept. On dev's flat dice, blur 3.5 lifts the model's mean score
# 0.08 -> 0.20 and contrast x0.3 to 0.28 (x0.3 puts 15% of them over 0.7): the model read
# a soft, faint die as cocked.
_REAL_BLUR = (0.6, 0.6, 3.5)
_REAL_FLAT = (0.4, 0.25, 0.9)
_REAL_GREY = (0.3, 0.3, 0.9)
_FLAT_SIGMA = 12.0  # the local mean's Gaussian sigma (patch pixels; a die is ~22 across)


def real_looks(patch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``patch`` as a real camera may show it (seeded by ``rng``): blurred, its contrast with
    the surroundings lowered, its colour faded, each at random (``_REAL_*``)."""
    out = patch
    if rng.random() < _REAL_BLUR[0]:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(*_REAL_BLUR[1:]))
    f = out.astype(np.float32)
    if rng.random() < _REAL_FLAT[0]:
        f = local_contrast(f, rng.uniform(*_REAL_FLAT[1:]))
    if rng.random() < _REAL_GREY[0]:
        g = f.mean(axis=2, keepdims=True)
        f = g + rng.uniform(*_REAL_GREY[1:]) * (f - g)
    return np.clip(f + 0.5, 0, 255).astype(np.uint8) if f is not out else out


def local_contrast(f: np.ndarray, k: float) -> np.ndarray:
    """``f`` (float32) with its contrast against its surroundings (a Gaussian of
    ``_FLAT_SIGMA``) times ``k``."""
    g = cv2.GaussianBlur(f, (0, 0), _FLAT_SIGMA)
    return g + k * (f - g)


def features(
    s: DieSamples, augment: bool, real: bool = False, view_jitter: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """Feature rows and labels; ``augment``: every size jitter, each also mirrored (a mirror
    keeps the crop's orientation, image centre up, and the label), some blurred (``_BLUR``,
    seeded); ``real``: with ``augment``, ``real_looks`` instead of that blur; ``view_jitter``:
    with ``augment``, 3 in 4 rows seen through corners that far off (``DieSamples.view``)."""
    xs, ys = [], []
    y = s.cocked
    rng = np.random.default_rng(0)
    for k in range(len(y)):
        variants = [(1.0, False)]
        if augment:
            variants = [(j, fl) for j in SIZE_JITTER for fl in (False, True)]
        view, d = s.view(k), float(s.die_px[k])
        for j, flip in variants:
            patch = s.patches[k]
            if augment and real:
                patch = real_looks(patch, rng)
            elif augment and rng.random() < _BLUR[0]:
                patch = cv2.GaussianBlur(patch, (0, 0), rng.uniform(*_BLUR[1:]))
            v = view
            if augment and view_jitter > 0 and rng.random() < 0.75:
                v = s.view(k, view_jitter, rng)
            xs.append(patch_features(patch, v, d, s.cues[k], j, flip))
            ys.append(y[k])
    return np.array(xs, np.float32), np.array(ys, int)


def view_rows(patch: np.ndarray, view: DieView, die_px: float, cues: np.ndarray) -> np.ndarray:
    """A die's ``VIEWS`` feature rows (``len(VIEWS)``, ``N_FEATURES``), as the reader judges it."""
    return np.array([patch_features(patch, view, die_px, cues, j, f) for j, f in VIEWS])


def view_features(s: DieSamples) -> np.ndarray:
    """Each die's ``VIEWS`` (as the reader judges it): ``len(VIEWS)`` rows a die, in order."""
    rows = [
        view_rows(s.patches[k], s.view(k), float(s.die_px[k]), s.cues[k])
        for k in range(len(s.state))
    ]
    return np.array(rows, np.float32).reshape(-1, N_FEATURES)


def pick_threshold(p: np.ndarray, y: np.ndarray, target: float, prior: float) -> float:
    """The lowest threshold giving ``target`` precision on held-out renders, their false calls
    weighed so that precision is what it would be with a share ``prior`` of cocked dice
    (renders have far more than a game, or dev/test, ~1 in 4)."""
    w_neg = y.sum() / max(1, (1 - y).sum()) * (1 - prior) / prior
    return float(next((t for t in np.sort(p) if pr_at(p, y, t, w_neg)[0] >= target), 1.0))


def examples(img_path: Path) -> tuple[list[np.ndarray], list[int]]:
    """Features and labels (1 = cocked) of the dice ``find_dice`` finds in one labelled image."""
    rows = found_dice(img_path)
    xs = []
    for patch, centre, d, corners, size, cues, _ in rows:
        view = CameraView.from_corners(corners, size, d).at(centre)
        xs.append(patch_features(patch, view, d, cues))
    return xs, [int(st == STATES.index("cocked")) for *_, st in rows]


def fit_mlp(
    x: np.ndarray, y: np.ndarray, l2: float, hidden: int, seed: int, iters: int = 800
) -> tuple[np.ndarray, ...]:
    """Class-balanced one-hidden-layer network, full-batch Adam with L2; returns
    (w1, b1, w2, b2)."""
    rng = np.random.default_rng(seed)
    n, k = x.shape
    wt = np.where(y == 1, 0.5 / max(1, y.sum()), 0.5 / max(1, (1 - y).sum())).astype(x.dtype)
    y = y.astype(x.dtype)
    ps = [
        rng.normal(0, 1 / np.sqrt(k), (k, hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), hidden),
        np.zeros(()),
    ]
    ps = [np.asarray(p, x.dtype) for p in ps]  # float32 features train twice as fast
    ms = [np.zeros_like(p) for p in ps]
    vs = [np.zeros_like(p) for p in ps]
    lr, b1, b2 = 0.01, 0.9, 0.999
    for t in range(1, iters + 1):
        pre = x @ ps[0] + ps[1]
        h = np.maximum(0, pre)
        p = 1 / (1 + np.exp(-np.clip(h @ ps[2] + ps[3], -30, 30)))
        e = wt * (p - y)
        gh = np.outer(e, ps[2]) * (pre > 0)
        gs = [x.T @ gh + l2 * ps[0], gh.sum(0), h.T @ e + l2 * ps[2], np.asarray(e.sum())]
        for i, g in enumerate(gs):
            ms[i] = b1 * ms[i] + (1 - b1) * g
            vs[i] = b2 * vs[i] + (1 - b2) * g * g
            ps[i] = ps[i] - lr * (ms[i] / (1 - b1**t)) / (np.sqrt(vs[i] / (1 - b2**t)) + 1e-8)
    return tuple(ps)


def _predict(z: np.ndarray, ps: tuple[np.ndarray, ...]) -> np.ndarray:
    h = np.maximum(0, z @ ps[0] + ps[1])
    p: np.ndarray = 1 / (1 + np.exp(-np.clip(h @ ps[2] + ps[3], -30, 30)))
    return p


def pr_at(p: np.ndarray, y: np.ndarray, thr: float, w_neg: float = 1.0) -> tuple[float, float]:
    """(precision, recall) of calling cocked when p > thr; each false call counts ``w_neg``."""
    call = p > thr
    tp = int(np.sum(call & (y == 1)))
    fp = int(np.sum(call & (y == 0)))
    return tp / max(1e-9, tp + w_neg * fp) if tp + fp else 0.0, tp / max(1, int(y.sum()))


def _average(nets: list[tuple[np.ndarray, ...]]) -> tuple[np.ndarray, ...]:
    """One network whose logit is the mean of the nets' logits (their hidden units side by
    side), so an ensemble is stored and run as one ``CockedModel``."""
    k = len(nets)
    return (
        np.concatenate([n[0] for n in nets], axis=1),
        np.concatenate([n[1] for n in nets]),
        np.concatenate([n[2] for n in nets]) / k,
        np.asarray(sum(float(n[3]) for n in nets) / k),
    )


def cue_columns(cues: str) -> tuple[int, int]:
    """Where ``vision.cocked_shape``'s cues lie among the features (they come last: the
    shape cues, then the edge profiles), for ``--without``."""
    start = N_FEATURES - N_GEOMETRY - N_PROFILE
    if cues == "shape":
        return start, start + N_GEOMETRY
    if cues == "profiles":
        return start + N_GEOMETRY, N_FEATURES
    raise ValueError(f"unknown cues {cues!r}: shape or profiles")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--renders", type=Path, required=True, nargs="+")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--held-out", type=float, default=0.2, help="share of images held out")
    ap.add_argument("--l2", type=float, default=None, help="fix L2 strength (else chosen)")
    ap.add_argument("--hidden", type=int, default=16, help="hidden units")
    ap.add_argument("--iters", type=int, default=400, help="full-batch Adam steps")
    ap.add_argument("--target-precision", type=float, default=0.97)
    ap.add_argument("--prior", type=float, default=0.2, help="share of cocked dice in play")
    ap.add_argument("--ensemble", type=int, default=3, help="networks averaged (seeds seed+k)")
    ap.add_argument(
        "--threshold", type=float, default=None, help="store this threshold (e.g. one set on dev)"
    )
    ap.add_argument(
        "--threshold-no-board",
        type=float,
        default=1.0,
        help="threshold for dice judged without a board (camera unknown)",
    )
    ap.add_argument("--out", type=Path, default=MODEL_PATH)
    ap.add_argument("--join", type=Path, help="store the new network joined with this model")
    ap.add_argument("--join-weight", type=float, default=0.5, help="the new network's weight")
    ap.add_argument(
        "--calibrate", action="store_true", help="only set the threshold of the model at --out"
    )
    ap.add_argument(
        "--cache", type=Path, nargs="*", default=[], help="npz of the found dice, one per --renders"
    )
    ap.add_argument(
        "--without", choices=("shape", "profiles"), help="train blind to these cues (widened)"
    )
    ap.add_argument(
        "--real-looks", action="store_true", help="augment with real_looks instead of _BLUR"
    )
    ap.add_argument("--view-jitter", type=float, default=0.0, help="corner noise, board widths")
    args = ap.parse_args(argv)
    for d in args.renders:
        if {"test", "dev"} & set(d.parts):
            raise SystemExit(f"refusing to train on an evaluation split: {d}")
    if args.cache and len(args.cache) != len(args.renders):
        raise SystemExit("give one --cache per --renders directory (or none)")
    parts = []
    for i, d in enumerate(args.renders):
        cache = args.cache[i] if args.cache else None
        if cache is not None and cache.is_file():
            parts.append(DieSamples.load(cache))
            continue
        parts.append(collect(sorted(d.glob("*.jpg"))))
        if cache is not None:
            parts[-1].save(cache)
    samples = DieSamples.concat(parts)
    if args.calibrate:
        return calibrate(samples, args)
    n_img = int(samples.image.max()) + 1
    rng = np.random.default_rng(args.seed)
    held = np.isin(samples.image, rng.permutation(n_img)[: int(n_img * args.held_out)])
    xtr, ytr = features(samples.take(~held), True, args.real_looks, args.view_jitter)
    xte, yte = view_features(samples.take(held)), samples.take(held).cocked
    blind = cue_columns(args.without) if args.without else None
    if blind is not None:
        xtr, xte = (np.delete(x, np.s_[blind[0] : blind[1]], axis=1) for x in (xtr, xte))
    print(f"train {len(ytr)} ({ytr.sum()} cocked), held-out {len(yte)} ({yte.sum()} cocked)")
    mean, scale = xtr.mean(0), xtr.std(0) + 1e-3
    ztr, zte = (xtr - mean) / scale, (xte - mean) / scale
    w_neg = yte.sum() / max(1, (1 - yte).sum()) * (1 - args.prior) / args.prior
    best = None
    for l2 in [args.l2] if args.l2 is not None else [3e-2, 1e-2]:
        nets = [
            fit_mlp(ztr, ytr.astype(float), l2, args.hidden, args.seed + k, args.iters)
            for k in range(args.ensemble)
        ]
        ps = _average(nets)
        p = _predict(zte, ps).reshape(-1, len(VIEWS)).mean(1)  # as the reader judges a die
        thr = pick_threshold(p, yte, args.target_precision, args.prior)
        prec, rec = pr_at(p, yte, thr, w_neg)
        auc = float(np.mean(p[yte == 1][:, None] > p[yte == 0][None, :]))
        print(f"l2 {l2:g}: threshold {thr:.3f} held-out P {prec:.3f} R {rec:.3f} AUC {auc:.3f}")
        if best is None or rec > best[0]:
            best = (rec, l2, ps, thr)
    assert best is not None
    rec, l2, ps, thr = best
    if args.threshold is not None:
        print(f"threshold {args.threshold:.3f} as given (held-out pick {thr:.3f})")
        thr = args.threshold
    w1, b1, w2, b2 = (np.asarray(v, np.float32) for v in ps)
    model = CockedModel(
        mean.astype(np.float32),
        scale.astype(np.float32),
        w1,
        b1,
        w2,
        float(b2),
        float(thr),
        float(args.threshold_no_board),
    )
    if blind is not None:
        model = model.widened(N_FEATURES, at=blind[0])
    if args.join is not None:  # its threshold: set it with --calibrate
        model = CockedModel.load(args.join, widen=True).joined(model, args.join_weight)
    model.save(args.out)
    print(f"saved {args.out} (l2 {l2:g}, threshold {thr:.3f}, held-out recall {rec:.3f})")
    return 0


def calibrate(samples: DieSamples, args: argparse.Namespace) -> int:
    """``--calibrate``: the model at ``--out`` keeps its weights and takes the threshold its
    mean-of-views probabilities need for ``--target-precision`` on all the given renders
    (which must be ones it was not trained on)."""
    model = CockedModel.load(args.out)
    x, y = view_features(samples), samples.cocked
    p = model.probabilities(x).reshape(-1, len(VIEWS)).mean(1)
    thr = pick_threshold(p, y, args.target_precision, args.prior)
    w_neg = y.sum() / max(1, (1 - y).sum()) * (1 - args.prior) / args.prior
    for t in sorted({0.8, 0.9, 0.95, 0.98, thr}):
        prec, rec = pr_at(p, y, t, w_neg)
        fp = int(np.sum((p > t) & (y == 0)))
        print(f"threshold {t:.3f}: P {prec:.3f} R {rec:.3f} ({fp} false calls)")
    if args.threshold is not None:
        print(f"threshold {args.threshold:.3f} as given (calibrated pick {thr:.3f})")
        thr = args.threshold
    replace(model, threshold=thr).save(args.out)
    print(f"{len(y)} dice ({y.sum()} cocked): saved {args.out} with threshold {thr:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
