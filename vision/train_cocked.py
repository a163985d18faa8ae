"""Train the cocked-die model (``vision/models/cocked_lr.npz``) on synthetic renders only.

    .venv/bin/python -m vision.train_cocked --renders /tmp/cocked/renders \
        --extra tests/data/synthetic/dev [--seed 0]

``--renders`` / ``--extra``: directories of ``IMG.jpg`` + ``IMG.json`` labels (DATASET.md;
renders made with ``vision.synth``, e.g. ``random_scene(rng, die_state_weights=(.45, .45, .1))``).
Never give it a test split. Each image is read by ``vision.dice.find_dice`` with the die size
as the reader computes it from the labelled board corners; every found die whose
centre lies in a labelled box becomes one example (cocked = 1, flat / on_checker = 0), its
features from ``vision.cocked.crop_features`` at the found centre. A fixed fifth of the images
(by seeded shuffle) is held out; the threshold is the lowest one giving precision >= 0.97 there.
Prints progress and held-out precision / recall.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from vision.cocked import MODEL_PATH, CockedModel, crop_features

_JITTER = (0.9, 1.0, 1.12)  # die-size jitter for training examples (calibration is not exact)


def label_die_px(labels: dict) -> float:
    """The die side the reader would use: from the labelled board corners as the reader
    computes it from a found board (a calibration gives nearly the same); without a board,
    0.8 x the median labelled box side."""
    corners = (labels.get("board") or {}).get("corners")
    if corners:
        from vision.board import BoardGeometry
        from vision.checkers import BoardShape, quad_aspect
        from vision.reader import _die_size

        c = tuple(tuple(float(v) for v in p) for p in corners)
        return _die_size(c, BoardGeometry().bar_frac, BoardShape(aspect=quad_aspect(c)))
    boxes = [d["bbox"] for d in labels.get("dice") or []]
    return 0.8 * float(np.median([max(b[2] - b[0], b[3] - b[1]) for b in boxes]))


def examples(
    img_path: Path, jitter: tuple[float, ...] = (1.0,)
) -> tuple[list[np.ndarray], list[int]]:
    """Features and labels (1 = cocked) of the dice ``find_dice`` finds in one labelled image."""
    from vision.dice import find_dice

    labels = json.loads(img_path.with_suffix(".json").read_text())
    lab = labels.get("dice") or []
    img = cv2.imread(str(img_path))
    if img is None or not lab:
        return [], []
    d = label_die_px(labels)
    xs, ys = [], []
    for r in find_dice(img, die_size_px=d, learned_state=False):
        cx, cy = r.centre
        hit = [
            lb
            for lb in lab
            if lb["bbox"][0] <= cx <= lb["bbox"][2] and lb["bbox"][1] <= cy <= lb["bbox"][3]
        ]
        if len(hit) > 1:
            continue  # ambiguous: two labelled boxes overlap there
        # A found "die" in no labelled box is a false find: a "cocked" call there is wrong too.
        y = int(bool(hit) and hit[0].get("state") == "cocked")
        cues = tuple(vars(r.tilt).values()) if r.tilt is not None else None
        for j in jitter:
            for flip in (False, True) if len(jitter) > 1 else (False,):
                # A mirror keeps the crop's orientation (image centre up) and the label.
                src = img[:, ::-1] if flip else img
                c = (img.shape[1] - 1 - r.centre[0], r.centre[1]) if flip else r.centre
                xs.append(crop_features(np.ascontiguousarray(src), c, d * j, cues))
                ys.append(y)
    return xs, ys


def fit_mlp(
    x: np.ndarray, y: np.ndarray, l2: float, hidden: int, seed: int, iters: int = 800
) -> tuple[np.ndarray, ...]:
    """Class-balanced one-hidden-layer network, full-batch Adam with L2; returns
    (w1, b1, w2, b2)."""
    rng = np.random.default_rng(seed)
    n, k = x.shape
    wt = np.where(y == 1, 0.5 / max(1, y.sum()), 0.5 / max(1, (1 - y).sum()))
    ps = [
        rng.normal(0, 1 / np.sqrt(k), (k, hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), hidden),
        np.zeros(()),
    ]
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
    return 1 / (1 + np.exp(-np.clip(h @ ps[2] + ps[3], -30, 30)))


def pr_at(p: np.ndarray, y: np.ndarray, thr: float) -> tuple[float, float]:
    """(precision, recall) of calling cocked when p > thr."""
    call = p > thr
    tp = int(np.sum(call & (y == 1)))
    return tp / max(1, int(call.sum())), tp / max(1, int(y.sum()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--renders", type=Path, required=True, nargs="+")
    ap.add_argument("--extra", type=Path, nargs="*", default=[])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--l2", type=float, default=None, help="fix L2 strength (else chosen)")
    ap.add_argument("--hidden", type=int, default=32, help="hidden units")
    ap.add_argument("--target-precision", type=float, default=0.97)
    ap.add_argument("--out", type=Path, default=MODEL_PATH)
    ap.add_argument("--cache", type=Path, default=None, help="npz of extracted features")
    args = ap.parse_args(argv)
    for d in [*args.renders, *args.extra]:
        if "test" in d.parts:
            raise SystemExit(f"refusing to train on a test split: {d}")
    imgs = sorted(p for d in [*args.renders, *args.extra] for p in d.glob("*.jpg"))
    rng = np.random.default_rng(args.seed)
    held = set(rng.permutation(len(imgs))[: len(imgs) // 5].tolist())
    if args.cache is not None and args.cache.is_file():
        z = np.load(args.cache)
        xtr, ytr, xte, yte = z["xtr"], z["ytr"], z["xte"], z["yte"]
    else:
        tr, te = ([], []), ([], [])
        for i, p in enumerate(imgs):
            xs, ys = examples(p, (1.0,) if i in held else _JITTER)
            dst = te if i in held else tr
            dst[0].extend(xs)
            dst[1].extend(ys)
            if i % 50 == 0:
                print(
                    f"{i}/{len(imgs)} images, {len(tr[1])} train / {len(te[1])} held-out dice",
                    flush=True,
                )
        xtr, ytr, xte, yte = np.array(tr[0]), np.array(tr[1]), np.array(te[0]), np.array(te[1])
        if args.cache is not None:
            np.savez_compressed(args.cache, xtr=xtr, ytr=ytr, xte=xte, yte=yte)
    print(f"train {len(ytr)} ({ytr.sum()} cocked), held-out {len(yte)} ({yte.sum()} cocked)")
    mean, scale = xtr.mean(0), xtr.std(0) + 1e-3
    ztr, zte = (xtr - mean) / scale, (xte - mean) / scale
    best = None
    for l2 in [args.l2] if args.l2 is not None else [1e-2, 1e-3, 1e-4]:
        ps = fit_mlp(ztr, ytr.astype(float), l2, args.hidden, args.seed)
        p, ptrain = _predict(zte, ps), _predict(ztr, ps)
        thr = next((t for t in np.sort(p) if pr_at(p, yte, t)[0] >= args.target_precision), 1.0)
        prec, rec = pr_at(p, yte, thr)
        ptr, rtr = pr_at(ptrain, ytr, thr)
        p90 = max(pr_at(p, yte, t)[1] for t in np.sort(p) if pr_at(p, yte, t)[0] >= 0.9)
        print(
            f"l2 {l2:g}: threshold {thr:.3f} held-out P {prec:.3f} R {rec:.3f} "
            f"(R at P>=0.9: {p90:.3f}; train P {ptr:.3f} R {rtr:.3f})",
            flush=True,
        )
        if best is None or rec > best[0]:
            best = (rec, l2, ps, thr)
    assert best is not None
    rec, l2, ps, thr = best
    w1, b1, w2, b2 = (np.asarray(v, np.float32) for v in ps)
    model = CockedModel(
        mean.astype(np.float32), scale.astype(np.float32), w1, b1, w2, float(b2), float(thr)
    )
    model.save(args.out)
    print(f"saved {args.out} (l2 {l2:g}, threshold {thr:.3f}, held-out recall {rec:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
