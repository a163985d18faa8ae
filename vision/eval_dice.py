"""Scoring dice predictions against labels (DATASET.md schema), and a dice-only evaluation run.

Matching is by centre, not IoU, because the real sets draw boxes differently (pips only, top
face, whole die). A prediction and a label match when the prediction's centre lies in the label
box grown by ``GROW`` of its size on each side, or the label's centre lies in the prediction box;
pairs are taken greedily by centre distance, so each label and each prediction is used once.

    >>> lab = {"dice": [{"value": 5, "bbox": [10, 10, 30, 30], "state": "flat"}]}
    >>> pred = {"dice": [{"value": 5, "bbox": [8, 8, 33, 33], "state": "flat"}]}
    >>> m = evaluate([(pred, lab)])
    >>> (m.recall, m.precision, m.value_accuracy)
    (1.0, 1.0, 1.0)

Honest split of the real sets (see ``split_half``): images are sorted by (prefix, number) of
their stem; runs of ``block`` consecutive images (10 for sets with >= 100 images, so the many
near-duplicate frames of dice_matteop65 stay on one side; 1 otherwise) alternate between the
**tuning** half (even runs) and the **held-out** half (odd runs). Thresholds and any learned
model may only see the tuning half; figures are reported on the held-out half and, labelled as
such, on the whole set.

Run alone on a dice-only set (prints recall, precision, value accuracy per half and latency):

    .venv/bin/python -m vision.eval_dice /work/shared/photos/dice_pi_camera
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vision.dice_match import match_dice

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")
# A die read under this confidence is asked about, not acted on (the referee's dice_confidence).
ASKED_BELOW = 0.6


@dataclass(frozen=True)
class DiceCounts:
    """Raw tallies; add them up over images, then turn them into ``DiceMetrics``."""

    labels: int = 0
    predictions: int = 0
    matched: int = 0
    value_correct: int = 0
    value_unread: int = 0  # matched predictions with value None
    # Matched dice not labelled cocked, and how many of them read right: a cocked die's roll
    # is void whatever it shows, so this is the value figure that decides plays.
    uncocked_matched: int = 0
    uncocked_value_correct: int = 0
    cocked_tp: int = 0
    cocked_fp: int = 0
    cocked_fn: int = 0
    # Of the cocked calls, those made in doubt (confidence under ASKED_BELOW): the referee asks
    # the players about them instead of voiding the roll. Right (a cocked die) / wrong (flat).
    cocked_asked_tp: int = 0
    cocked_asked_fp: int = 0
    state_labelled: int = 0  # matched pairs whose label has a state
    state_correct: int = 0
    # Of those, the states the referee acts on (a die read with a value at ASKED_BELOW or more,
    # as firmware.dice_memory.read_surely asks; an unread die is asked about) and how many are
    # wrong: a cocked die or one on a checker called flat lets a void roll stand, a flat die
    # called either voids a legal one.
    state_sure: int = 0
    state_sure_wrong: int = 0
    zone_labelled: int = 0  # matched pairs whose label has a zone
    zone_correct: int = 0
    confusion: tuple[tuple[int, int, int], ...] = ()  # (label value, predicted value or 0, n)

    def __add__(self, other: DiceCounts) -> DiceCounts:
        conf: dict[tuple[int, int], int] = {}
        for a, b, n in self.confusion + other.confusion:
            conf[(a, b)] = conf.get((a, b), 0) + n
        return DiceCounts(
            labels=self.labels + other.labels,
            predictions=self.predictions + other.predictions,
            matched=self.matched + other.matched,
            value_correct=self.value_correct + other.value_correct,
            value_unread=self.value_unread + other.value_unread,
            uncocked_matched=self.uncocked_matched + other.uncocked_matched,
            uncocked_value_correct=self.uncocked_value_correct + other.uncocked_value_correct,
            cocked_tp=self.cocked_tp + other.cocked_tp,
            cocked_fp=self.cocked_fp + other.cocked_fp,
            cocked_fn=self.cocked_fn + other.cocked_fn,
            cocked_asked_tp=self.cocked_asked_tp + other.cocked_asked_tp,
            cocked_asked_fp=self.cocked_asked_fp + other.cocked_asked_fp,
            state_labelled=self.state_labelled + other.state_labelled,
            state_correct=self.state_correct + other.state_correct,
            state_sure=self.state_sure + other.state_sure,
            state_sure_wrong=self.state_sure_wrong + other.state_sure_wrong,
            zone_labelled=self.zone_labelled + other.zone_labelled,
            zone_correct=self.zone_correct + other.zone_correct,
            confusion=tuple(sorted((a, b, n) for (a, b), n in conf.items())),
        )


def _ratio(num: int, den: int) -> float:
    """num/den, or 1.0 when there is nothing to measure (den == 0)."""
    return num / den if den else 1.0


@dataclass(frozen=True)
class DiceMetrics:
    """Dice figures over a set of images.

    ``value_accuracy`` is over matched dice (is the value right when the die was found);
    ``end_to_end_value`` is over all labelled dice (found AND read right), the stricter one.
    Ratios with an empty denominator are 1.0; check the counts.
    """

    counts: DiceCounts
    recall: float
    precision: float
    value_accuracy: float
    uncocked_value_accuracy: float  # over matched dice not labelled cocked
    end_to_end_value: float
    cocked_precision: float | None  # None: no cocked die predicted (precision undefined)
    cocked_recall: float | None  # None: no cocked die labelled
    state_accuracy: float
    zone_accuracy: float

    @classmethod
    def from_counts(cls, c: DiceCounts) -> DiceMetrics:
        return cls(
            counts=c,
            recall=_ratio(c.matched, c.labels),
            precision=_ratio(c.matched, c.predictions),
            value_accuracy=_ratio(c.value_correct, c.matched),
            uncocked_value_accuracy=_ratio(c.uncocked_value_correct, c.uncocked_matched),
            end_to_end_value=_ratio(c.value_correct, c.labels),
            cocked_precision=_ratio_or_none(c.cocked_tp, c.cocked_tp + c.cocked_fp),
            cocked_recall=_ratio_or_none(c.cocked_tp, c.cocked_tp + c.cocked_fn),
            state_accuracy=_ratio(c.state_correct, c.state_labelled),
            zone_accuracy=_ratio(c.zone_correct, c.zone_labelled),
        )

    @property
    def value_wrong(self) -> int:
        """Matched dice given a value that is not the label's: the reads a referee would
        believe wrongly (an unread die, value None, is asked about instead)."""
        c = self.counts
        return c.matched - c.value_correct - c.value_unread

    def summary(self) -> str:
        c = self.counts
        return (
            f"dice {c.labels} labelled, {c.predictions} predicted, {c.matched} matched | "
            f"recall {self.recall:.4f} precision {self.precision:.4f} | "
            f"value acc (matched) {self.value_accuracy:.4f} ({c.value_correct}/{c.matched}; "
            f"{self.value_wrong} wrong, {c.value_unread} unread; not cocked "
            f"{self.uncocked_value_accuracy:.4f} of {c.uncocked_matched}) "
            f"end-to-end {self.end_to_end_value:.4f} | "
            f"cocked P {_fmt(self.cocked_precision)} R {_fmt(self.cocked_recall)} "
            f"(tp {c.cocked_tp} fp {c.cocked_fp} fn {c.cocked_fn}; asked: "
            f"{c.cocked_asked_tp} right {c.cocked_asked_fp} wrong) | "
            f"sure states {c.state_sure}, {c.state_sure_wrong} wrong"
            + (f" | zone {self.zone_accuracy:.4f} (n={c.zone_labelled})" if c.zone_labelled else "")
        )


def _asked(die: Mapping[str, Any]) -> bool:
    """A die read in doubt: the referee asks about it (no confidence given: read surely)."""
    conf = die.get("confidence")
    return conf is not None and float(conf) < ASKED_BELOW


def _ratio_or_none(num: int, den: int) -> float | None:
    """A ratio that says "undefined" when there is nothing to count (a set with no cocked dice
    has no cocked-die recall, not a perfect one)."""
    return num / den if den else None


def _fmt(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def score_image(prediction: Mapping[str, Any], label: Mapping[str, Any]) -> DiceCounts:
    """Tallies for one image. A label without a "dice" key was not labelled: zero counts."""
    if "dice" not in label or label["dice"] is None:
        return DiceCounts()
    lab = list(label["dice"])
    pred = list(prediction.get("dice") or [])
    pairs = match_dice(pred, lab)
    matched_p = {i for i, _ in pairs}
    matched_l = {j for _, j in pairs}
    c: dict[str, int] = dict.fromkeys(
        (
            "value_correct value_unread uncocked_matched uncocked_value_correct cocked_tp "
            "cocked_fp cocked_fn cocked_asked_tp cocked_asked_fp state_labelled state_correct "
            "state_sure state_sure_wrong zone_labelled zone_correct"
        ).split(),
        0,
    )
    conf: dict[tuple[int, int], int] = {}
    for i, j in pairs:
        p, lb = pred[i], lab[j]
        pv = p.get("value")
        if pv is None:
            c["value_unread"] += 1
        elif int(pv) == int(lb["value"]):
            c["value_correct"] += 1
        if lb.get("state") != "cocked":
            c["uncocked_matched"] += 1
            c["uncocked_value_correct"] += pv is not None and int(pv) == int(lb["value"])
        key = (int(lb["value"]), int(pv) if pv is not None else 0)
        conf[key] = conf.get(key, 0) + 1
        lc, pc = lb.get("state") == "cocked", p.get("state") == "cocked"
        c["cocked_tp"] += lc and pc
        c["cocked_fp"] += pc and not lc
        c["cocked_fn"] += lc and not pc
        asked = pc and _asked(p)
        c["cocked_asked_tp"] += asked and lc
        c["cocked_asked_fp"] += asked and not lc
        if lb.get("state") is not None:
            c["state_labelled"] += 1
            c["state_correct"] += p.get("state") == lb.get("state")
            if not _asked(p) and p.get("value") is not None:
                c["state_sure"] += 1
                c["state_sure_wrong"] += p.get("state") != lb.get("state")
        if lb.get("zone") is not None:
            c["zone_labelled"] += 1
            c["zone_correct"] += p.get("zone") == lb.get("zone")
    # Unmatched predictions / labels still count for cocked precision / recall.
    stray = [p for i, p in enumerate(pred) if i not in matched_p and p.get("state") == "cocked"]
    c["cocked_fp"] += len(stray)
    c["cocked_asked_fp"] += sum(_asked(p) for p in stray)
    c["cocked_fn"] += sum(
        1 for j, lb in enumerate(lab) if j not in matched_l and lb.get("state") == "cocked"
    )
    return DiceCounts(
        labels=len(lab),
        predictions=len(pred),
        matched=len(pairs),
        confusion=tuple(sorted((a, b, n) for (a, b), n in conf.items())),
        **c,
    )


def evaluate(pairs: Iterable[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> DiceMetrics:
    """Metrics over (prediction JSON, label JSON) pairs, both in the DATASET.md schema."""
    total = DiceCounts()
    for pred, lab in pairs:
        total = total + score_image(pred, lab)
    return DiceMetrics.from_counts(total)


# --- the honest split -------------------------------------------------------------------------


def _sort_key(stem: str) -> tuple[str, int, str]:
    m = re.match(r"^(.*?)(\d+)$", stem)
    return (m.group(1), int(m.group(2)), stem) if m else (stem, -1, stem)


def split_half(stems: Sequence[str]) -> dict[str, str]:
    """Map each image stem to "tuning" or "heldout" (rule in the module docstring)."""
    order = sorted(stems, key=_sort_key)
    block = 10 if len(order) >= 100 else 1
    return {s: ("tuning" if (k // block) % 2 == 0 else "heldout") for k, s in enumerate(order)}


def list_images(set_dir: Path) -> list[Path]:
    """Images in a set directory that have a label JSON next to them."""
    out = [
        p
        for p in sorted(set_dir.iterdir())
        if p.suffix.lower() in IMAGE_SUFFIXES and p.with_suffix(".json").exists()
    ]
    return out


@dataclass(frozen=True)
class SetReport:
    """Dice metrics of one set: held-out half, tuning half, whole set; latency in ms."""

    name: str
    heldout: DiceMetrics
    tuning: DiceMetrics
    whole: DiceMetrics
    median_ms: float
    p95_ms: float
    failures: tuple[str, ...] = field(default=())


def readings_to_json(readings: Sequence[Any]) -> dict[str, Any]:
    """DieReading list -> prediction JSON {"dice": [...]} in the DATASET schema."""
    return {
        "dice": [
            {
                "value": r.value,
                "bbox": list(r.bbox),
                "centre": list(r.centre),
                "state": r.state,
                "confidence": r.confidence,
            }
            for r in readings
        ]
    }


def run_set(set_dir: Path, *, verbose: bool = False) -> SetReport:
    """Run ``vision.dice.find_dice`` on every labelled image of a set and score it."""
    import cv2
    import numpy as np

    from vision.dice import find_dice

    images = list_images(set_dir)
    if not images:
        raise ValueError(f"no labelled images (.jpg/.png with a .json) in {set_dir}")
    halves = split_half([p.stem for p in images])
    per: dict[str, DiceCounts] = {"tuning": DiceCounts(), "heldout": DiceCounts()}
    times = []
    failures = []
    for k, path in enumerate(images):
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError(f"cannot read image {path}")
        label = json.loads(path.with_suffix(".json").read_text())
        # find_dice alone knows no board, so it names no zone: do not score zones here.
        if label.get("dice"):
            label["dice"] = [{k: v for k, v in d.items() if k != "zone"} for d in label["dice"]]
        t0 = time.perf_counter()
        readings = find_dice(img)
        times.append((time.perf_counter() - t0) * 1000)
        pred = readings_to_json(readings)
        c = score_image(pred, label)
        per[halves[path.stem]] = per[halves[path.stem]] + c
        if c.value_correct < c.labels or c.predictions > c.matched:
            failures.append(
                f"{path.stem} [{halves[path.stem]}]: labels {c.labels} pred {c.predictions} "
                f"matched {c.matched} correct {c.value_correct} conf {c.confusion}"
            )
        if verbose and (k + 1) % 20 == 0:
            print(f"  {set_dir.name}: {k + 1}/{len(images)}", file=sys.stderr)
    t = np.array(times)
    return SetReport(
        name=set_dir.name,
        heldout=DiceMetrics.from_counts(per["heldout"]),
        tuning=DiceMetrics.from_counts(per["tuning"]),
        whole=DiceMetrics.from_counts(per["heldout"] + per["tuning"]),
        median_ms=float(np.median(t)),
        p95_ms=float(np.percentile(t, 95)),
        failures=tuple(failures),
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Dice-only evaluation of vision.dice on label sets")
    ap.add_argument("sets", nargs="+", help="set directories (images + label JSONs)")
    ap.add_argument("--failures", action="store_true", help="list images with errors")
    args = ap.parse_args(argv)
    for s in args.sets:
        rep = run_set(Path(s), verbose=True)
        print(f"== {rep.name}  (median {rep.median_ms:.1f} ms, p95 {rep.p95_ms:.1f} ms per image)")
        print(f"  held-out: {rep.heldout.summary()}")
        print(f"  tuning  : {rep.tuning.summary()}")
        print(f"  whole   : {rep.whole.summary()}")
        if args.failures:
            for f in rep.failures:
                print("   ", f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
