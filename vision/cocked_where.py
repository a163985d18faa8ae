"""Where the labelled cocked dice go: for each one, what the reader's saved predictions made of
it (``bgref vision eval SET --save-pred DIR``), matched as the dice figures match
(``vision.eval_dice.match_dice``):

- ``called``: matched to a die read cocked;
- ``read flat``: matched to a die read with a value, not cocked (the model's miss);
- ``unread flat``: matched to a die found but left unread, not cocked;
- ``merged``: matched to nothing, though a die found lies in its box (two dice found as one,
  or a die found there matched to another label);
- ``not found``: no die found in its box (the finder's miss).

    >>> lab = {"dice": [{"value": 5, "bbox": [10, 10, 30, 30], "state": "cocked"},
    ...                 {"value": 2, "bbox": [90, 90, 110, 110], "state": "cocked"}]}
    >>> pred = {"dice": [{"value": None, "bbox": [12, 12, 30, 30], "state": "flat"}]}
    >>> where_cocked(pred, lab)
    ['unread flat', 'not found']

Run on a set (prints the count of each class, then each die that was not called):

    .venv/bin/python -m vision.cocked_where tests/data/synthetic/dev /tmp/pred_dev

Session 16 (2026-11-26), board given, 1d0ec3f's reader (called / read flat / unread flat /
merged / not found): dev 51 cocked dice 37 / 9 / 2 / 0 / 3; /tmp/train (seed 3000) 346:
258 / 46 / 11 / 0 / 31; /tmp/unseen14 180: 121 / 31 / 10 / 0 / 18; 200 fresh renders
(render-synthetic --set train --start 22400 --count 200, not looked at before) 200 cocked
dice: 135 / 44 / 5 / 0 / 16. The model's misses of dice read with a value outnumber the
finder's. Of the dice not found (find_dice's own pips), most show no pip the pip search
finds (light pips on green or dark red bodies, faint and foreshortened) or only one or two.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vision.dice_match import _box, _centre, _inside, match_dice
from vision.eval_dice import list_images

CLASSES = ("called", "read flat", "unread flat", "merged", "not found")


def where_cocked(prediction: Mapping[str, Any], label: Mapping[str, Any]) -> list[str]:
    """The class (one of ``CLASSES``) of each die labelled cocked, in label order."""
    lab = list(label.get("dice") or [])
    pred = list(prediction.get("dice") or [])
    of_label = {j: i for i, j in match_dice(pred, lab)}
    out = []
    for j, lb in enumerate(lab):
        if lb.get("state") != "cocked":
            continue
        if j in of_label:
            p = pred[of_label[j]]
            if p.get("state") == "cocked":
                out.append("called")
            else:
                out.append("unread flat" if p.get("value") is None else "read flat")
        else:
            box = _box(lb)
            out.append(
                "merged" if any(_inside(_centre(p), box, 0.0) for p in pred) else "not found"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set_dir", type=Path, help="labelled images")
    ap.add_argument("pred_dir", type=Path, help="saved predictions (--save-pred)")
    a = ap.parse_args(argv)
    counts: Counter[str] = Counter()
    missed = []
    for img in list_images(a.set_dir):
        pred_path = a.pred_dir / f"{img.stem}.json"
        if not pred_path.exists():
            continue
        label = json.loads(img.with_suffix(".json").read_text())
        classes = where_cocked(json.loads(pred_path.read_text()), label)
        counts.update(classes)
        missed += [f"  {img.stem}: {c}" for c in classes if c != "called"]
    total = sum(counts.values())
    print(f"{total} cocked dice: " + ", ".join(f"{c} {counts[c]}" for c in CLASSES))
    print("\n".join(missed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
