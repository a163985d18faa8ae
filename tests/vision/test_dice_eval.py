"""vision.eval_dice: matching by centre, metric arithmetic, the fixed tuning/held-out split."""

from __future__ import annotations

from typing import Any

import pytest

from vision.dice_match import match_dice
from vision.eval_dice import (
    DiceCounts,
    DiceMetrics,
    evaluate,
    score_image,
    split_half,
)


def die(value, box, state="flat", zone=None):
    d = {"value": value, "bbox": list(box), "state": state}
    if zone is not None:
        d["zone"] = zone
    return d


def test_match_by_centre_not_iou() -> None:
    # A pips-only label box (tiny) and a whole-die prediction: IoU is small, centres agree.
    labels = [die(1, (100, 100, 108, 108))]
    preds = [die(1, (80, 80, 130, 130))]
    assert match_dice(preds, labels) == [(0, 0)]
    # Far away: no match.
    assert match_dice([die(1, (300, 300, 340, 340))], labels) == []


def test_greedy_nearest_pairs_each_used_once() -> None:
    labels = [die(2, (0, 0, 40, 40)), die(3, (45, 0, 85, 40))]
    preds = [die(3, (46, 1, 86, 41)), die(2, (2, 0, 42, 40)), die(5, (20, 0, 60, 40))]
    pairs = sorted(match_dice(preds, labels))
    assert pairs == [(0, 1), (1, 0)]


def test_counts_and_ratios() -> None:
    label = {
        "dice": [
            die(5, (0, 0, 40, 40), "cocked", "white_right"),
            die(2, (100, 0, 140, 40), "flat", "white_right"),
            die(6, (200, 0, 240, 40), "cocked", "black_right"),
            die(1, (300, 0, 340, 40)),
        ]
    }
    pred = {
        "dice": [
            die(5, (1, 1, 41, 41), "cocked", "white_right"),  # right value, right state
            die(3, (101, 0, 141, 40), "cocked", "black_right"),  # wrong value, false cocked
            die(6, (200, 0, 240, 40), "flat", "black_right"),  # missed cocked
            die(4, (500, 500, 540, 540), "cocked"),  # unmatched, false cocked
        ]
    }
    c = score_image(pred, label)
    assert (c.labels, c.predictions, c.matched, c.value_correct) == (4, 4, 3, 2)
    assert (c.cocked_tp, c.cocked_fp, c.cocked_fn) == (1, 2, 1)
    assert (c.zone_labelled, c.zone_correct) == (3, 2)
    m = DiceMetrics.from_counts(c)
    assert m.recall == pytest.approx(3 / 4)
    assert m.precision == pytest.approx(3 / 4)
    assert m.value_accuracy == pytest.approx(2 / 3)
    assert m.end_to_end_value == pytest.approx(2 / 4)
    assert m.cocked_precision == pytest.approx(1 / 3)
    assert m.cocked_recall == pytest.approx(1 / 2)
    assert m.zone_accuracy == pytest.approx(2 / 3)
    assert dict(((a, b), n) for a, b, n in c.confusion) == {(5, 5): 1, (2, 3): 1, (6, 6): 1}


def test_evaluate_sums_images_and_skips_unlabelled() -> None:
    a = ({"dice": [die(4, (0, 0, 10, 10))]}, {"dice": [die(4, (0, 0, 10, 10))]})
    b = ({"dice": [die(1, (0, 0, 10, 10))]}, {"dice": [die(2, (0, 0, 10, 10))]})
    unlabelled: tuple[dict[str, Any], dict[str, Any]] = (
        {"dice": [die(3, (0, 0, 10, 10))]},
        {"board": {}},
    )
    m = evaluate([a, b, unlabelled])
    assert (m.counts.labels, m.counts.predictions, m.counts.matched) == (2, 2, 2)
    assert m.value_accuracy == pytest.approx(0.5)
    empty = DiceMetrics.from_counts(DiceCounts())
    assert empty.recall == 1.0 and empty.counts.labels == 0


def test_unread_value_counts_as_wrong() -> None:
    c = score_image({"dice": [die(None, (0, 0, 10, 10))]}, {"dice": [die(3, (0, 0, 10, 10))]})
    assert (c.matched, c.value_correct, c.value_unread) == (1, 0, 1)


def test_bad_box_is_named() -> None:
    with pytest.raises(ValueError, match="bbox"):
        score_image({"dice": [{"value": 1}]}, {"dice": [die(1, (0, 0, 5, 5))]})


def test_split_is_fixed_and_blocks_near_duplicates() -> None:
    small = [f"image_{i}" for i in range(20)]
    s = split_half(small)
    assert s == split_half(list(reversed(small)))  # order of listing does not matter
    assert [s[f"image_{i}"] for i in range(4)] == ["tuning", "heldout", "tuning", "heldout"]
    big = [f"two_{i}" for i in range(1, 121)]
    s = split_half(big)
    # Runs of 10 consecutive frames stay together.
    assert {s[f"two_{i}"] for i in range(1, 11)} == {"tuning"}
    assert {s[f"two_{i}"] for i in range(11, 21)} == {"heldout"}
    assert sum(v == "heldout" for v in s.values()) == 60


def test_docstring_examples_hold() -> None:
    import doctest

    import vision.cocked
    import vision.dice
    import vision.eval_dice
    import vision.pip_groups
    import vision.pips

    for mod in (vision.dice, vision.pips, vision.pip_groups, vision.eval_dice, vision.cocked):
        res = doctest.testmod(mod)
        assert res.attempted > 0 and res.failed == 0, mod.__name__


def test_cocked_figures_are_undefined_without_cocked_dice() -> None:
    lab = {"dice": [{"value": 5, "bbox": [10, 10, 30, 30], "state": "flat"}]}
    pred = {"dice": [{"value": 5, "bbox": [10, 10, 30, 30], "state": "flat"}]}
    m = evaluate([(pred, lab)])
    assert m.cocked_precision is None and m.cocked_recall is None
    assert "cocked P n/a R n/a" in m.summary()


def test_wrong_values_are_told_apart_from_unread_ones() -> None:
    labels = {
        "dice": [die(2, (0, 0, 40, 40)), die(5, (100, 0, 140, 40)), die(6, (200, 0, 240, 40))]
    }
    preds = {
        "dice": [die(2, (0, 0, 40, 40)), die(3, (100, 0, 140, 40)), die(None, (200, 0, 240, 40))]
    }
    m = evaluate([(preds, labels)])
    assert (m.counts.value_correct, m.value_wrong, m.counts.value_unread) == (1, 1, 1)
    assert "1 wrong, 1 unread" in m.summary()


def test_value_of_dice_not_cocked_leaves_out_cocked_labels() -> None:
    # A cocked die's roll is void whatever it shows: its misread lowers the overall value
    # figure but not the one over dice that decide plays (flat, on a checker, no state).
    labels = {
        "dice": [
            die(4, (0, 0, 40, 40), state="cocked"),
            die(5, (100, 0, 140, 40)),
            die(6, (200, 0, 240, 40), state=None),
            die(1, (300, 0, 340, 40), state="on_checker"),
        ]
    }
    preds = {
        "dice": [
            die(3, (0, 0, 40, 40), state="cocked"),
            die(5, (100, 0, 140, 40)),
            die(6, (200, 0, 240, 40)),
            die(None, (300, 0, 340, 40)),
        ]
    }
    m = evaluate([(preds, labels)])
    assert m.value_accuracy == pytest.approx(2 / 4)
    assert (m.counts.uncocked_matched, m.counts.uncocked_value_correct) == (3, 2)
    assert m.uncocked_value_accuracy == pytest.approx(2 / 3)
    assert "not cocked 0.6667 of 3" in m.summary()


def test_cocked_calls_made_in_doubt_are_counted_as_asked() -> None:
    # A cocked call under the referee's dice confidence is a question to the players, not a
    # void roll: it still counts for precision / recall, and is told apart as "asked".
    labels = {"dice": [die(4, (0, 0, 40, 40), state="cocked"), die(5, (100, 0, 140, 40))]}
    preds = {
        "dice": [
            {**die(4, (0, 0, 40, 40), state="cocked"), "confidence": 0.5},
            {**die(5, (100, 0, 140, 40), state="cocked"), "confidence": 0.5},
            {**die(2, (300, 0, 340, 40), state="cocked"), "confidence": 0.9},
        ]
    }
    m = evaluate([(preds, labels)])
    c = m.counts
    assert (c.cocked_tp, c.cocked_fp, c.cocked_fn) == (1, 2, 0)
    assert (c.cocked_asked_tp, c.cocked_asked_fp) == (1, 1)
    assert "asked: 1 right 1 wrong" in m.summary()


def test_states_read_surely_are_told_apart_and_their_wrong_ones_counted() -> None:
    # The referee acts on a die's state read at its dice confidence or more: a cocked die or
    # one on a checker called flat so lets a void roll stand. Those are the wrong sure states;
    # a state read in doubt, or of a die read without a value, is asked about, so it is not one.
    labels = {
        "dice": [
            die(4, (0, 0, 40, 40), state="cocked"),
            die(5, (100, 0, 140, 40), state="on_checker"),
            die(6, (200, 0, 240, 40)),
            die(1, (300, 0, 340, 40), state="cocked"),
            die(2, (400, 0, 440, 40), state="cocked"),
        ]
    }
    preds = {
        "dice": [
            {**die(4, (0, 0, 40, 40)), "confidence": 1.0},  # cocked called flat, surely
            {**die(5, (100, 0, 140, 40), state="on_checker"), "confidence": 0.9},
            die(6, (200, 0, 240, 40)),  # no confidence given: read surely
            {**die(1, (300, 0, 340, 40)), "confidence": 0.5},  # wrong, but asked
            {**die(2, (400, 0, 440, 40)), "value": None, "confidence": 1.0},  # unread: asked
        ]
    }
    m = evaluate([(preds, labels)])
    assert (m.counts.state_labelled, m.counts.state_correct) == (5, 2)
    assert (m.counts.state_sure, m.counts.state_sure_wrong) == (3, 1)
    assert "sure states 3, 1 wrong" in m.summary()
