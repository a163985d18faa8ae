"""A die lying on a lone checker: what shows of the checker round the die counts it
(vision.checkers.by_die.checker_under_die).  Renders of ``scripts/render-synthetic --set train
--start 20800`` (/tmp/unseen19, looked at when the rule was made)."""

from __future__ import annotations

from typing import Any

from tests.vision.board_scenes import train_render
from tests.vision.test_checkers_learned import _count_given
from vision.evaluate import labelled_board
from vision.reader import BoardReader

SURE = 0.65


def test_a_lone_checker_under_a_die_is_counted(monkeypatch) -> None:
    # IMG_20963: a white die on black's blue checker, point 13 of a cream board.
    counts, board = _count_given(20962)
    assert (board["white"][12], board["black"][12]) == (0, 1)
    assert (counts.white[12], counts.black[12]) == (0, 1)
    assert counts.point_confidence[12] < SURE
    monkeypatch.setattr("vision.checkers.point_reads.checker_under_die", lambda *a: None)
    without = _count_given(20962)[0]
    assert (without.white[12], without.black[12]) == (0, 0)


def test_a_die_on_an_empty_point_is_no_checker() -> None:
    # IMG_20990: a white die on point 2's light triangle of a black board, by a red neighbour;
    # round it the triangle, the field and the die's shadow.
    counts, board = _count_given(20989)
    assert (board["white"][1], board["black"][1]) == (0, 0)
    assert (counts.white[1], counts.black[1]) == (0, 0)


def _read_given(index: int) -> dict[str, Any]:
    """The reader's board (its own dice found) on the labelled corners of train render
    ``index + 1``, as ``vision eval --board-given`` reads it."""
    image, labels = train_render(index)
    reader = BoardReader(None, white_home=labels["board"]["white_home"], redetect=True)
    reader.board_finder = labelled_board(labels["board"]["corners"])
    out = reader.read(image).to_json()
    return {"board": out["board"], "conf": out["confidence"]["points"], "labels": labels}


def test_a_lone_checker_under_a_die_takes_its_colour_and_stays_at_16(monkeypatch) -> None:
    # IMG_20830: a white die on black's checker, point 7: read a white one, the first to go
    # when white counted 16, while black's 7 on point 12 took black's missing one (8).  The
    # dice the reader finds have tighter boxes than the labels' (which leave too little seen).
    read = _read_given(20829)
    labelled = read["labels"]["board"]
    assert (labelled["white"][6], labelled["black"][6], labelled["black"][11]) == (0, 1, 7)
    board = read["board"]
    assert (board["white"][6], board["black"][6], board["black"][11]) == (0, 1, 7)
    assert read["conf"][6] < SURE
    monkeypatch.setattr("vision.checkers.point_reads.checker_under_die", lambda *a: None)
    # The die's colour at the checker's centre is a glint to ``colours.unglinted`` too: the
    # median round it names the checker black, so both must go for the old misread.
    board = _read_given(20829)["board"]
    assert (board["white"][6], board["black"][6], board["black"][11]) == (0, 1, 7)
    monkeypatch.setattr(
        "vision.checkers.count.unglinted", lambda lab, fc, d: [f.colour for fs in fc for f in fs]
    )
    board = _read_given(20829)["board"]
    # White's extra one, trimmed off point 7 with black one short, goes back to black there
    # (``other_set.trimmed_to_other``): a third cue for the same misread.
    assert (board["white"][6], board["black"][6], board["black"][11]) == (0, 1, 7)
    monkeypatch.setattr("vision.checkers.settle.trimmed_to_other", lambda *a: None)
    board = _read_given(20829)["board"]
    assert (board["white"][6], board["black"][6], board["black"][11]) == (0, 1, 7)
    # A fourth: the checker's disc round the die (``covered_colour.bare_samples``) is black.
    monkeypatch.setattr("vision.checkers.count.bare_samples", lambda lab, f, feats, *a: feats)
    board = _read_given(20829)["board"]
    assert (board["white"][6], board["black"][6], board["black"][11]) == (0, 0, 8)
