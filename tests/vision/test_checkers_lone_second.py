"""A two with a clear rim the learned cue sees on its edge slot is kept from a side's trim only
when the cue sees its second checker too (vision.checkers.totals.sure_lone's ``second``,
``lone_second``): a two whose second slot a die covers or shows nothing held a phantom, and
the kept two made the trim take a right stack's checker (own IMG_77567: a white 1 read 2
beside a 9, made 8)."""

from __future__ import annotations

from vision.checkers.totals import KEEP_RIM, KEEP_SECOND, fit_total, second_seen, sure_lone


def _side() -> tuple[list[int], list[float], list[float]]:
    """White 16: a doubted 9 on point 3 (right), a doubted 2 on point 19 (really 1) with a clear
    rim the cue sees, and a believed 5 on point 6."""
    counts = [0] * 24
    counts[2], counts[5], counts[18] = 9, 5, 2
    conf = [1.0] * 24
    conf[2] = conf[18] = 0.5
    rims = [0.0] * 24
    rims[18] = KEEP_RIM + 1.0
    return counts, conf, rims


def _edge(i: int) -> float:
    return 0.99 if i == 18 else 0.0


def test_lone_second_a_two_whose_second_the_cue_misses_gives_up_its_phantom() -> None:
    counts, conf, rims = _side()
    keep = sure_lone(counts, [0] * 24, rims, _edge, lambda i: False)
    assert not any(keep)
    fit_total(counts, 0, conf, first=[i == 18 for i in range(24)], keep=keep)
    assert (counts[2], counts[18]) == (9, 1)


def test_lone_second_a_two_the_cue_sees_whole_is_kept() -> None:
    counts, conf, rims = _side()
    keep = sure_lone(counts, [0] * 24, rims, _edge, lambda i: True)
    assert keep == [i == 18 for i in range(24)]
    fit_total(counts, 0, conf, first=[i == 18 for i in range(24)], keep=keep)
    assert (counts[2], counts[18]) == (8, 2)
    # Not asked (None): as before.
    assert sure_lone(counts, [0] * 24, rims, _edge) == keep


def test_lone_second_a_lone_checker_needs_no_second() -> None:
    counts, _, rims = _side()
    counts[18] = 1
    keep = sure_lone(counts, [0] * 24, rims, _edge, lambda i: False)
    assert keep == [i == 18 for i in range(24)]


def test_lone_second_asks_the_cue_from_the_second_slot() -> None:
    asked = []

    def seen_from(i: int, least: float, first: int) -> int:
        asked.append((i, least, first))
        return 1 if i == 4 else 0

    assert second_seen(seen_from, 4) and not second_seen(seen_from, 5)
    assert asked == [(4, KEEP_SECOND, 1), (5, KEEP_SECOND, 1)]
