"""An empty point whose edge slot is coloured like a checker set, with a rim, and that the
learned cue sees a checker on, holds one when its side is short of 15 by at least as many such
points (vision.checkers.seen_empty): lone dark checkers on dark points, read empty; and two the
learned cue sees on a point's first slots are not believed empty (slot_model.edge_slot_seen).
Renders of ``scripts/render-synthetic --set train --start 21000`` (IMG_21001-21300, looked at
when the rules were made)."""

from __future__ import annotations

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.seen_empty import (
    LIKE_P,
    LIKE_RIM,
    NEAR_P,
    RIM_NEAR,
    RIM_SEEN,
    SEEN_FROM,
    add_seen,
    doubt_faint,
)

SURE = 0.65


def test_lone_dark_checkers_read_empty_are_counted_doubtfully(monkeypatch) -> None:
    # IMG_21067: black's 1, 2 and 2 on dark points of a dark board (no outline, no colour run;
    # rims 1.08-1.35, the learned cue 0.79-0.82 on their edge slots), read empty: black 10 of
    # 15, too short for fill_short.
    counts, board = _count_given(21066)
    for point, n in ((17, 1), (21, 2), (23, 2)):
        assert board["black"][point - 1] == n
        assert counts.black[point - 1] == n
        assert counts.point_confidence[point - 1] < SURE  # for the players to confirm
    monkeypatch.setattr("vision.checkers.seen_empty.SEEN_FROM", 2.0)
    monkeypatch.setattr("vision.checkers.seen_many.SEEN", 2.0)  # it counts them first now
    without, _ = _count_given(21066)
    assert [without.black[p - 1] for p in (17, 21, 23)] == [0, 0, 0]


def _board() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """White 15; black 12, with two empty points (6 and 9) whose edge slots look black."""
    white, black = [0] * 24, [0] * 24
    white[0], white[11] = 10, 5
    black[23], black[12] = 10, 2
    likes: list[bool | None] = [None] * 24
    likes[5] = likes[8] = True
    return white, black, [1.0] * 24, likes


def _seen(p: dict[int, float]):
    return lambda i: p.get(i, 0.0)


def test_a_seen_point_takes_one_doubtfully() -> None:
    white, black, conf, likes = _board()
    rims = [1.0] * 24
    add_seen(white, black, 0, 0, conf, likes, rims, _seen({5: 0.7, 8: 0.2}), lambda i, least: 0)
    assert black[5] == 1 and conf[5] == 0.5
    assert black[8] == 0 and conf[8] == 1.0 and sum(white) == 15


def test_the_colour_the_rim_and_the_cue_are_all_needed() -> None:
    for rim, p, like in (
        (RIM_SEEN - 0.01, 0.9, True),
        (1.2, SEEN_FROM - 0.01, True),
        (1.2, 0.9, None),
    ):
        white, black, conf, likes = _board()
        likes[5] = like
        add_seen(white, black, 0, 0, conf, likes, [rim] * 24, _seen({5: p}), lambda i, least: 0)
        assert black[5] == 0 and conf[5] == 1.0


def test_more_seen_points_than_missing_checkers_are_only_doubted() -> None:
    white, black, conf, likes = _board()
    black[12] = 4  # one missing, two seen points: which is the phantom?
    add_seen(
        white, black, 0, 0, conf, likes, [1.2] * 24, _seen({5: 0.7, 8: 0.69}), lambda i, least: 0
    )
    assert black[5] == black[8] == 0 and conf[5] == conf[8] == 0.5  # left for the players
    white, black, conf, likes = _board()
    add_seen(
        white, black, 0, 1, conf, likes, [1.2] * 24, _seen({5: 0.7, 8: 0.69}), lambda i, least: 0
    )
    assert black[5] == black[8] == 1  # two missing (one on the bar): both
    white, black, conf, likes = _board()
    likes[5] = False  # white's colour: white has 15 already
    add_seen(white, black, 0, 0, conf, likes, [1.2] * 24, _seen({5: 0.9}), lambda i, least: 0)
    assert white[5] == black[5] == 0 and conf[5] == 0.5


def test_the_next_slots_the_cue_sees_add_up_to_the_missing() -> None:
    white, black, conf, likes = _board()
    add_seen(
        white, black, 0, 0, conf, likes, [1.2] * 24, _seen({5: 0.7, 8: 0.7}), lambda i, least: 4
    )
    assert black[5] + black[8] == 3 and min(black[5], black[8]) >= 1 and sum(black) == 15


def test_two_dark_checkers_the_cue_sees_on_the_first_slots_are_not_believed_empty(
    monkeypatch,
) -> None:
    # Fresh IMG_21229: black's two checkers on point 12, at the board's side, read empty at 1.0
    # (edge slot 0.45 to the learned cue, the next one 0.98; no colour like a set: no count).
    counts, board = _count_given(21228)
    assert board["black"][11] == 2
    assert counts.black[11] == 0 and counts.point_confidence[11] < SURE
    monkeypatch.setattr("vision.checkers.slot_model.PAIR_FROM", 2.0)
    monkeypatch.setattr("vision.checkers.first_slot.EDGE_DOUBT", 2.0)  # it doubts it too
    before, _ = _count_given(21228)
    assert before.black[11] == 0 and before.point_confidence[11] >= SURE


def test_slot_share_and_norm_are_numpys() -> None:
    """The slot model's window share and HOG norm without numpy's wrappers: the same floats."""
    import math

    import numpy as np

    from vision.checkers.slot_model import _share

    rng = np.random.default_rng(11)
    for n in range(1, 200, 7):
        mask = rng.random((n, 13)) < rng.random()
        assert _share(mask) == float(mask.mean())
        hist = rng.random(54) * rng.random() * 1e3
        assert math.sqrt(float(hist @ hist)) == float(np.linalg.norm(hist))
    assert _share(np.full((3, 3), 0.5, np.float32)) == 0.5  # not a mask: numpy's mean


def test_a_faint_rim_the_cue_sees_a_checker_on_is_doubted() -> None:
    # Near the count's own rim doubt with the cue, or fainter on a slot like a set with the cue.
    for rim, p, like in ((RIM_NEAR, NEAR_P, None), (LIKE_RIM, LIKE_P, True)):
        conf, likes = [1.0] * 24, list[bool | None]([None] * 24)
        likes[6] = like
        rims = [0.3] * 24
        rims[6] = rim
        doubt_faint([0] * 24, [0] * 24, conf, likes, rims, _seen({6: p}))
        assert conf[6] < SURE and conf.count(1.0) == 23


def test_either_trace_alone_leaves_an_empty_point_believed() -> None:
    for rim, p, like in (
        (RIM_NEAR - 0.01, 0.99, None),  # the cue without a rim near the doubt's
        (RIM_NEAR, NEAR_P - 0.01, None),  # the rim without the cue
        (LIKE_RIM - 0.01, 0.99, True),  # a slot like a set, its rim too faint
        (LIKE_RIM, LIKE_P - 0.01, True),
    ):
        conf, likes = [1.0] * 24, list[bool | None]([None] * 24)
        likes[6] = like
        rims = [0.3] * 24
        rims[6] = rim
        doubt_faint([0] * 24, [0] * 24, conf, likes, rims, _seen({6: p}))
        assert conf == [1.0] * 24
    # The cue on another empty point too (a printed board's grain): it singles none out.
    conf, rims = [1.0] * 24, [0.3] * 24
    rims[6] = RIM_NEAR
    doubt_faint([0] * 24, [0] * 24, conf, [None] * 24, rims, _seen({6: 0.9, 12: NEAR_P}))
    assert conf == [1.0] * 24
    # A point holding checkers is not the rule's.
    white, conf = [0] * 24, [1.0] * 24
    white[6] = 2
    doubt_faint(white, [0] * 24, conf, [None] * 24, [1.3] * 24, _seen({6: 0.9}))
    assert conf == [1.0] * 24


def test_a_lone_dark_checker_read_empty_is_not_believed(monkeypatch) -> None:
    # IMG_34889 (board given, looked at when the rule was made): black's lone checker on point
    # 24 of a dark board read empty (rim 1.29, the learned cue 0.68 on its edge slot).
    # Black one short, short_unseen.seen_instead now gives the missing checker to this point
    # (still doubted); without that fill the point reads empty and the doubt must hold.
    counts, board = _count_given(34888)
    assert board["black"][23] == 1 and counts.black[23] == 1
    assert counts.point_confidence[23] < SURE
    monkeypatch.setattr("vision.checkers.short_side.seen_instead", lambda *a: {})
    counts, _ = _count_given(34888)
    assert counts.black[23] == 0 and counts.point_confidence[23] < SURE
    monkeypatch.setattr("vision.checkers.seen_empty.NEAR_P", 2.0)
    monkeypatch.setattr("vision.checkers.first_slot.EDGE_DOUBT", 2.0)  # it doubts it too
    # short_corner doubts it too (black one short, bore none off, point 24 a corner).
    monkeypatch.setattr("vision.checkers.settle.doubt_short_corner", lambda *a: None)
    without, _ = _count_given(34888)
    assert without.black[23] == 0 and without.point_confidence[23] >= SURE
