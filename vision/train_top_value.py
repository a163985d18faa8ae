"""Train the top-face value model (``vision.top_value``) on renders only.

Each labelled render (``scripts/render-synthetic --set train --dice 4``, DATASET.md) is read as
the reader reads a board frame with dice: ``vision.dice.find_dice`` at the die size the
labelled corners give, then ``vision.dice_tilt.restate`` with those corners (the value model
off). Every reading
restate calls cocked or leaves unread is one row (its label's value when its centre lies in
one labelled box; in none: a phantom, label 0, never trained on and counted wrong in
calibration); what is needed to make features again is cached (``--cache``,
``ValueSamples``). Training: a softmax network, one hidden layer, mini-batch Adam, seeded, on
the labelled rows, each at every size jitter and mirrored (``--turns``: mirrored and turned by
quarter turns). ``--calibrate`` sets the bars of the model at ``--out`` on renders it was not
trained on (other scenes): the lowest bars whose calls are right at ``--precision`` there
(``pick_bars``); ``--report`` prints right / wrong / unread before and after the bars.

Session 26, the committed model: trained on 1950 renders, IMG_45401-45800, 48601-49000,
45801-46000, 49401-49750, 51001-51600 (3103 readings, 2317 read right, 169 wrong, 615
unread), calibrated on IMG_54101-54600 and checked on IMG_54601-55100 (``--dice 4``, every
other hundred ``--real-pips``; ``vision.top_value``'s doc has the figures)::

    .venv/bin/python -m vision.train_top_value --cache /tmp/vn26/train.npz \
        --renders /tmp/dv23 /tmp/dv24 /tmp/co23/a /tmp/co24/a /tmp/co24/b /tmp/co25/a \
        /tmp/co25/b /tmp/tf25 --epochs 20 --hidden 64 --l2 1e-3 --turns --no-context
    .venv/bin/python -m vision.train_top_value --calibrate --doubt-precision 0.7 \
        --cache /tmp/vn26/cal.npz --renders /tmp/vn26/a /tmp/vn26/b ... /tmp/vn26/e
    .venv/bin/python -m vision.train_top_value --report \
        --cache /tmp/vn26/hold.npz --renders /tmp/vn26/f /tmp/vn26/g ... /tmp/vn26/j

(with the reader's context, ``--epochs 30`` without ``--turns``: the network copies the
value read; its disagreements are no better a doubt.)
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.cocked import die_patch
from vision.cocked_samples import label_die_px, labelled_at
from vision.cocked_strays import strays_beside
from vision.cocked_view import CameraView, DieView
from vision.top_value import (
    DOUBTED,
    VALUE_MODEL_PATH,
    VALUE_VIEWS,
    ReadContext,
    TopValueModel,
    decide,
    value_features,
)

_JITTER = (0.9, 1.0, 1.12)  # training's die-size jitter, each view also mirrored
_MAX_OTHERS = 4
_BATCH = 256
_MIN_CALLS = 20  # calls under which a bar's precision is not judged (the bar stays off)


@dataclass(frozen=True)
class ValueSamples:
    """Readings restate called cocked or left unread, in labelled renders: one row each."""

    patches: np.ndarray  # (n, P, P, 3) uint8 ``die_patch``
    centre: np.ndarray  # (n, 2)
    die_px: np.ndarray  # (n,)
    corners: np.ndarray  # (n, 4, 2)
    size: np.ndarray  # (n, 2)
    read: np.ndarray  # (n,) value read, 0 = unread
    others: np.ndarray  # (n, _MAX_OTHERS) values of faces aside, 0 unread, -1 none
    other_pips: np.ndarray  # (n, _MAX_OTHERS) their pip counts
    strays: np.ndarray  # (n,)
    cocked: np.ndarray  # (n,) restate called it cocked
    n_pips: np.ndarray  # (n,)
    label: np.ndarray  # (n,) labelled value, 0: in no box (a phantom)
    label_cocked: np.ndarray  # (n,) labelled state cocked
    image: np.ndarray  # (n,) image index (scenes: never split across train and calibration)

    def view(self, k: int) -> DieView:
        size = (int(self.size[k][0]), int(self.size[k][1]))
        cam = CameraView.from_corners(self.corners[k], size, float(self.die_px[k]))
        return cam.at((float(self.centre[k][0]), float(self.centre[k][1])))

    def context(self, k: int) -> ReadContext:
        sel = self.others[k] >= 0
        vals = tuple(int(v) if v > 0 else None for v in self.others[k][sel])
        return ReadContext(
            int(self.read[k]) or None,
            vals,
            tuple(int(n) for n in self.other_pips[k][sel]),
            int(self.strays[k]),
            bool(self.cocked[k]),
            int(self.n_pips[k]),
        )

    def save(self, path: Path) -> None:
        np.savez_compressed(path, **vars(self))

    @staticmethod
    def load(path: Path) -> ValueSamples:
        z = np.load(path)
        return ValueSamples(*(z[k] for k in ValueSamples.__dataclass_fields__))

    @staticmethod
    def concat(parts: list[ValueSamples]) -> ValueSamples:
        start, cols = 0, {k: [] for k in ValueSamples.__dataclass_fields__}  # type: ignore[var-annotated]
        for p in parts:
            for k in cols:
                v = getattr(p, k)
                cols[k].append(v + start if k == "image" else v)
            start += int(p.image.max()) + 1 if len(p.image) else 0
        return ValueSamples(**{k: np.concatenate(v) for k, v in cols.items()})


def image_rows(img_path: Path) -> list[dict[str, Any]]:
    """The cocked or unread readings of one labelled render, as ``ValueSamples`` rows."""
    from vision.dice import find_dice
    from vision.dice_tilt import restate

    labels = json.loads(img_path.with_suffix(".json").read_text())
    lab = labels.get("dice") or []
    corners = (labels.get("board") or {}).get("corners")
    img = cv2.imread(str(img_path))
    if img is None or not corners:
        return []
    d = label_die_px(labels)
    size = (img.shape[1], img.shape[0])
    cam = CameraView.from_corners(np.asarray(corners, float), size, d)
    found = find_dice(img, die_size_px=d, learned_state=False)
    rows = []
    for r in restate(img, found, corners, d):
        if r.tilt is None or not (r.state == "cocked" or r.value is None):
            continue
        hit = labelled_at(lab, r.centre)
        if len(hit) > 1:
            continue
        others = np.full(_MAX_OTHERS, -1, np.int8)
        opips = np.zeros(_MAX_OTHERS, np.int8)
        for i, o in enumerate(getattr(r, "others", ())[:_MAX_OTHERS]):
            others[i] = o.value or 0
            opips[i] = len(o.pips)
        view = cam.at(r.centre)
        rows.append(
            dict(
                patches=die_patch(img, r.centre, d),
                centre=np.asarray(r.centre, float),
                die_px=d,
                corners=np.asarray(corners, float),
                size=np.asarray(size),
                read=r.value or 0,
                others=others,
                other_pips=opips,
                strays=strays_beside(getattr(r, "strays", ()), r.centre, view),
                cocked=r.state == "cocked",
                n_pips=len(r.pips) if r.value is not None else 0,
                label=int(hit[0]["value"]) if hit else 0,
                label_cocked=bool(hit and hit[0].get("state") == "cocked"),
            )
        )
    return rows


def collect(imgs: list[Path]) -> ValueSamples:
    rows: list[dict[str, Any]] = []
    where: list[int] = []
    for i, p in enumerate(imgs):
        got = image_rows(p)
        rows += got
        where += [i] * len(got)
        if i % 100 == 0:
            print(f"{i}/{len(imgs)} images, {len(rows)} readings", flush=True)
    cols = {k: np.array([r[k] for r in rows]) for k in (rows[0] if rows else {})}
    return ValueSamples(**cols, image=np.array(where, np.int32))


def samples(dirs: list[str], cache: str | None) -> ValueSamples:
    if cache and Path(cache).is_file():
        return ValueSamples.load(Path(cache))
    imgs = sorted(p for d in dirs for p in Path(d).glob("IMG_*.jpg"))
    s = collect(imgs)
    if cache:
        s.save(Path(cache))
    return s


def features(
    s: ValueSamples, augment: bool, turns: bool = False, context: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows, labels (0-5) and each row's sample index; labelled readings only. ``augment``:
    every size jitter (``_JITTER``), each mirrored; with ``turns``, instead each mirrored and
    turned by 0-3 quarter turns (a face's value does not turn with it) at a size jitter drawn
    (seeded) from ``_JITTER``; else the ``VALUE_VIEWS``. ``context`` False: zeros for the
    reader's context (``TopValueModel.context``)."""
    rng = np.random.default_rng(1)
    xs, ys, ks = [], [], []
    for k in np.nonzero(s.label > 0)[0]:
        view, d = s.view(int(k)), float(s.die_px[k])
        ctx = s.context(int(k)) if context else None
        views = [(j, f, 0) for j, f in VALUE_VIEWS]
        if augment and turns:
            views = [(float(rng.choice(_JITTER)), f, q) for f in (False, True) for q in range(4)]
        elif augment:
            views = [(j, f, 0) for j in _JITTER for f in (False, True)]
        for j, f, q in views:
            xs.append(value_features(s.patches[k], view, d, ctx, j, f, q))
            ys.append(int(s.label[k]) - 1)
            ks.append(int(k))
    return np.array(xs, np.float32), np.array(ys, int), np.array(ks, int)


def fit_softmax(
    x: np.ndarray, y: np.ndarray, hidden: int, l2: float, seed: int, epochs: int
) -> tuple[np.ndarray, ...]:
    """One hidden layer, softmax over 6: mini-batch Adam with L2, shuffled by ``seed``."""
    rng = np.random.default_rng(seed)
    n, k = x.shape
    t1 = np.eye(6, dtype=x.dtype)[y]
    ps = [
        rng.normal(0, 1 / np.sqrt(k), (k, hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), (hidden, 6)),
        np.zeros(6),
    ]
    ps = [np.asarray(p, x.dtype) for p in ps]
    ms = [np.zeros_like(p) for p in ps]
    vs = [np.zeros_like(p) for p in ps]
    b1, b2, t = 0.9, 0.999, 0
    for ep in range(epochs):
        lr = 0.002 * (0.5 if ep >= epochs * 2 // 3 else 1.0)
        for idx in np.array_split(rng.permutation(n), max(1, n // _BATCH)):
            t += 1
            xb = x[idx]
            pre = xb @ ps[0] + ps[1]
            h = np.maximum(0, pre)
            z = h @ ps[2] + ps[3]
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            e = (p - t1[idx]) / len(idx)
            gh = (e @ ps[2].T) * (pre > 0)
            gs = [xb.T @ gh + l2 * ps[0], gh.sum(0), h.T @ e + l2 * ps[2], e.sum(0)]
            for i, g in enumerate(gs):
                ms[i] = b1 * ms[i] + (1 - b1) * g
                vs[i] = b2 * vs[i] + (1 - b2) * g * g
                step = (ms[i] / (1 - b1**t)) / (np.sqrt(vs[i] / (1 - b2**t)) + 1e-8)
                ps[i] = ps[i] - lr * step
        h = np.maximum(0, x @ ps[0] + ps[1])
        acc = float(((h @ ps[2] + ps[3]).argmax(1) == y).mean())
        print(f"epoch {ep + 1} train accuracy {acc:.4f}", flush=True)
    return tuple(ps)


def train(
    s: ValueSamples,
    hidden: int,
    l2: float,
    seed: int,
    epochs: int,
    turns: bool = False,
    context: bool = True,
) -> TopValueModel:
    x, y, _ = features(s, augment=True, turns=turns, context=context)
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
    w1, b1, w2, b2 = fit_softmax((x - mean) / scale, y, hidden, l2, seed, epochs)
    return TopValueModel(mean, scale, w1, b1, w2, b2, context=context)


def judged(s: ValueSamples, model: TopValueModel) -> np.ndarray:
    """(n, 6) probabilities of every reading (each the mean over ``VALUE_VIEWS``)."""
    out = np.zeros((len(s.label), 6))
    for k in range(len(s.label)):
        out[k] = model.judge(s.patches[k], s.view(k), float(s.die_px[k]), s.context(k))
    return out


def outcomes(s: ValueSamples, p: np.ndarray, model: TopValueModel) -> dict[str, int]:
    """Right / wrong / unread of the labelled readings before and after ``decide``, and the
    values given to phantoms (readings in no labelled box)."""
    c = dict.fromkeys(("right0", "wrong0", "unread0", "right1", "wrong1", "unread1", "phantom"), 0)
    for k in range(len(s.label)):
        before = int(s.read[k]) or None
        after, _ = decide(p[k], before, model)
        if s.label[k] == 0:
            c["phantom"] += after is not None and before is None
            continue
        for tag, v in (("0", before), ("1", after)):
            key = "unread" if v is None else "right" if v == s.label[k] else "wrong"
            c[key + tag] += 1
    return c


def pick_bars(
    s: ValueSamples, p: np.ndarray, precision: float, doubt_precision: float
) -> tuple[float, float, float]:
    """Bars for these readings: the lowest whose calls are right at ``precision`` or more,
    for unread ones given the model's value and read ones overridden; and the highest bar
    under which the model's probability of a ``DOUBTED`` value read puts reads that were
    wrong at ``doubt_precision`` or more (a right read left unread costs less than a wrong
    one kept, but costs)."""
    lab = s.label.astype(int)
    best = p.max(axis=1)
    k = p.argmax(axis=1) + 1
    read = s.read.astype(int)

    def lowest(sel: np.ndarray, good: np.ndarray) -> float:
        # Descending: the bar moves down while every bar above it (n >= _MIN_CALLS calls) keeps
        # the precision, so a lucky dip does not set it.
        bar = 1.01
        for t in np.sort(np.unique(np.round(best[sel], 4)))[::-1]:
            on = sel & (best >= t)
            if on.sum() >= _MIN_CALLS and good[on].mean() < precision:
                break
            if on.sum() >= _MIN_CALLS:  # fewer calls show no precision
                bar = float(t)
        return bar

    unread = lowest(read == 0, k == lab)
    override = lowest((read > 0) & (k != read), k == lab)
    sel = np.isin(read, DOUBTED) & (lab > 0)
    p_read = p[np.arange(len(read)), np.clip(read - 1, 0, 5)]
    doubt = 0.0
    for t in np.sort(np.unique(p_read[sel])):  # up while every bar (n >= 5) keeps it
        on = sel & (p_read <= t)
        share = (read[on] != lab[on]).mean()
        if on.sum() >= 5 and share < doubt_precision:
            break
        if share >= doubt_precision:
            doubt = float(np.nextafter(np.float32(t), np.float32(1)))
    return unread, override, doubt


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--renders", nargs="*", default=[])
    ap.add_argument("--cache", nargs="*", default=[])
    ap.add_argument("--out", default=str(VALUE_MODEL_PATH))
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--report", action="store_true", help="outcomes of --out's bars, no change")
    ap.add_argument("--precision", type=float, default=0.99)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--turns", action="store_true", help="quarter turns, not every jitter")
    ap.add_argument("--no-context", action="store_true", help="blind to the reader's context")
    ap.add_argument("--doubt-precision", type=float, default=0.7)
    a = ap.parse_args(argv)
    if len(a.cache) > 1:
        s = ValueSamples.concat([ValueSamples.load(Path(c)) for c in a.cache])
    else:
        s = samples(a.renders, a.cache[0] if a.cache else None)
    print(
        f"{len(s.label)} readings, {int((s.label > 0).sum())} labelled, "
        f"{int((s.label_cocked).sum())} cocked, {int((s.read == 0).sum())} unread"
    )
    if a.calibrate or a.report:
        model = TopValueModel.load(a.out)
        assert model is not None, a.out
        p = judged(s, model)
        if a.report:
            print("bars", model.bar_unread, model.bar_override, model.bar_doubt)
            print(outcomes(s, p, model))
            np.save(Path(a.cache[0]).with_suffix(".p.npy"), p)
            return 0
        bars = pick_bars(s, p, a.precision, a.doubt_precision)
        model = replace(model, bar_unread=bars[0], bar_override=bars[1], bar_doubt=bars[2])
        print("bars unread / override / doubt", bars, outcomes(s, p, model))
        model.save(a.out)
        return 0
    model = train(s, a.hidden, a.l2, a.seed, a.epochs, a.turns, not a.no_context)
    model.save(a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
