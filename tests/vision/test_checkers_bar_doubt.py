"""A side still short of 15 though it has borne none off leaves the bar in doubt: its missing
checker may be there (vision.checkers.short_bar.bar_doubt).  Renders of ``scripts/render-synthetic
--set train`` (/tmp/unseen19, looked at when the rule was made)."""

from __future__ import annotations

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.short_bar import bar_doubt

SURE = 0.65


def test_a_missed_bar_checker_is_not_believed(monkeypatch) -> None:
    # IMG_20806: black's checker on the bar of a dark board, read empty at 0.8; black then
    # counts 14 with checkers outside its home board.
    counts, board = _count_given(20805)
    assert (board["bar"]["white"], board["bar"]["black"]) == (0, 1)
    # The bar's faint run is black: black's missing checker goes there, doubtfully
    # (short_bar.short_on_bar).
    assert (counts.bar_white, counts.bar_black) == (0, 1)
    assert counts.bar_confidence < SURE
    monkeypatch.setattr(
        "vision.checkers.settle.short_on_bar", lambda w, b, bw, bb, c, *a: (bw, bb, c)
    )
    counts = _count_given(20805)[0]
    assert (counts.bar_white, counts.bar_black) == (0, 0)
    assert counts.bar_confidence < SURE
    monkeypatch.setattr("vision.checkers.settle.bar_doubt", lambda *a, **k: a[-1])
    # bar.py's own doubt (a checker-coloured run too faint to count) sees it too: off here,
    # so this checks the short side's doubt alone.
    monkeypatch.setattr("vision.checkers.bar.DOUBT_SHARE", 2.0)
    assert _count_given(20805)[0].bar_confidence >= SURE


def test_only_a_side_short_with_none_off_doubts_the_bar() -> None:
    white, black = [0] * 24, [0] * 24
    white[5], white[12] = 5, 10  # white whole
    black[18], black[11] = 9, 5  # black 14, point 12 outside its home (19-24)
    assert bar_doubt(white, black, 0, 0, 0.8) == 0.5
    assert bar_doubt(white, black, 0, 1, 0.8) == 0.8  # whole with the bar's one
    black[18] = 6  # 11: misread elsewhere, or a board of fewer a side
    assert bar_doubt(white, black, 0, 0, 0.8) == 0.8
    black[18], black[11], black[20] = 9, 0, 5  # 14 all home: one borne off
    assert bar_doubt(white, black, 0, 0, 0.8) == 0.8
