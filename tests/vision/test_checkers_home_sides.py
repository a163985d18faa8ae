"""Sets named the wrong way round are renamed when the rules say so: a side that bore off has
every checker home (vision.checkers.home_sides).  Render of ``scripts/render-synthetic --set
train --start 25000`` (IMG_25009 of /tmp/unseen20, looked at when the rule was made)."""

from __future__ import annotations

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.home_sides import doubt_away, drop_away, fits, swap_named_sides

SURE = 0.65


def test_a_late_frame_named_the_wrong_way_round_is_renamed(monkeypatch) -> None:
    # Black (light wood) bore off 8 and holds 4 and 3 on its points 23 and 24; white (grey, in
    # the picture's darker corner) one on its point 1: the lighter set, wood, was named white.
    counts, board = _count_given(25008)
    assert (board["black"][22], board["black"][23], board["white"][0]) == (4, 3, 1)
    assert (counts.black[22], counts.black[23], counts.white[0]) == (4, 3, 1)
    assert counts.white[22] == counts.white[23] == counts.black[0] == 0
    assert max(counts.point_confidence[i] for i in (0, 22, 23)) < SURE
    assert [d[3] for d in counts.discs].count(1) == 7  # the discs renamed too
    monkeypatch.setattr("vision.checkers.settle.rename_sides", lambda w, b, bw, bb, *a: (bw, bb))
    without = _count_given(25008)[0]
    assert (without.white[22], without.white[23], without.black[0]) == (4, 3, 1)
    assert without.point_confidence[22] >= SURE  # believed wrong before


def _counts(points: dict[int, int]) -> list[int]:
    out = [0] * 24
    for p, n in points.items():
        out[p - 1] = n
    return out


def test_one_point_of_the_other_colour_is_renamed() -> None:
    # White bore off 12 and shows a lone "white" checker on its 24 point: black's, whose side
    # then holds 15.
    white, black = _counts({1: 2, 24: 1}), _counts({19: 5, 20: 4, 21: 5})
    conf = [1.0] * 24
    assert swap_named_sides(white, black, 0, 0, conf) == ([23], False)
    assert (white[23], black[23], conf[23]) == (0, 1, 0.5)
    assert conf[0] == 1.0


def test_what_the_rules_allow_is_left_alone() -> None:
    conf = [1.0] * 24
    # A middle game, one side read two short: a misread, not a side that bore off.
    white, black = _counts({6: 5, 8: 3, 13: 5}), _counts({1: 2, 12: 5, 17: 3, 19: 5})
    assert swap_named_sides(list(white), list(black), 0, 0, conf) == ([], False)
    # A side over 15 (a phantom) proves nothing: the lone white on black's home stays white.
    white, black = _counts({6: 5, 8: 3, 13: 5, 19: 1, 1: 2}), _counts({12: 5, 17: 3, 19: 5})
    assert swap_named_sides(list(white), list(black), 0, 0, conf) == ([], False)
    # Twelve a side (the paper webcam's set) in a middle game: both "bore off" three, and
    # neither naming fits.
    white, black = _counts({6: 4, 8: 3, 13: 5}), _counts({1: 2, 12: 4, 17: 3, 19: 3})
    assert swap_named_sides(list(white), list(black), 0, 0, conf) == ([], False)
    # Two points away from home, given to black, leave black short with one of its own away.
    white, black = _counts({1: 2, 20: 1, 24: 1}), _counts({8: 1, 19: 5, 21: 5})
    assert swap_named_sides(list(white), list(black), 0, 0, conf) == ([], False)
    assert conf == [1.0] * 24
    assert fits(_counts({1: 3}), 0, False) and not fits(_counts({1: 3}), 1, False)


def test_a_side_that_bore_off_doubts_its_one_point_away_from_home() -> None:
    # White ten short (borne off) with four on point 21 (black's home): not believed.
    white, black = _counts({1: 1, 21: 4}), _counts({24: 15})
    conf = [1.0] * 24
    doubt_away(white, black, 0, 0, conf)
    assert conf[20] < 0.65 and conf[0] == 1.0 and conf[23] == 1.0


def test_a_side_misread_short_or_seen_not_bearing_off_keeps_its_points() -> None:
    for white, off in (
        (_counts({1: 1, 13: 2, 21: 4}), (None, None)),  # two points away: a misread side
        (_counts({1: 1, 21: 4}), (0, None)),  # the tray seen empty: it bore none off
        (_counts({1: 9, 21: 4}), (None, None)),  # two short: a misread, not a bear-off
    ):
        conf = [1.0] * 24
        doubt_away(white, _counts({24: 15}), 0, 0, conf, off)
        assert conf == [1.0] * 24


def test_a_side_that_bore_off_drops_its_doubted_points_away_from_home() -> None:
    # White's last checker home, fourteen off, and a doubted phantom 1 and 4 on points 16-17
    # (/tmp/unseen60 IMG_90011: white read nine off): the rules allow them no checker there.
    white, black = _counts({1: 1, 16: 1, 17: 4}), _counts({24: 1})
    conf = [1.0] * 24
    conf[15], conf[16] = 0.25, 0.5
    assert drop_away(white, black, 0, 0, conf) == [15, 16]
    assert white == _counts({1: 1}) and black == _counts({24: 1})
    assert conf[15] < SURE and conf[16] < SURE and conf[0] == 1.0


def test_a_side_with_a_believed_point_away_or_an_empty_tray_keeps_its_points() -> None:
    for white, off in (
        (_counts({1: 1, 13: 2, 21: 4}), (None, None)),  # a believed two away: misread short
        (_counts({1: 1, 21: 4}), (0, None)),  # the tray seen empty: it bore none off
        (_counts({1: 9, 21: 4}), (None, None)),  # two short: a misread, not a bear-off
    ):
        conf = [1.0] * 24
        conf[20] = 0.5
        kept = list(white)
        assert drop_away(white, _counts({24: 15}), 0, 0, conf, off) == []
        assert white == kept


def test_names_the_rules_doubt_but_cannot_swap_leave_every_point_doubted() -> None:
    """White's last three home (points 1-2, twelve off) named black, black's fifteen named
    white: as named, "black" bore off with checkers far from home, and only one side breaks
    the rules, too little to swap; with the names swapped both sides fit, so every point is
    doubted (and nothing when the names fit as read)."""
    from vision.checkers.home_sides import RENAMED_CONF, doubt_every_point, names_in_doubt

    named_white = _counts({9: 1, 12: 1, 21: 1, 23: 3, 24: 9})
    named_black = _counts({1: 1, 2: 2})
    assert names_in_doubt(named_white, named_black, 0, 0)
    assert not names_in_doubt(named_black, named_white, 0, 0)
    assert swap_named_sides(list(named_white), list(named_black), 0, 0, [1.0] * 24) == ([], False)
    conf = [1.0] * 24
    doubt_every_point(named_white, named_black, conf)
    occupied = [bool(w or b) for w, b in zip(named_white, named_black, strict=True)]
    assert [c <= RENAMED_CONF for c in conf] == occupied
    # A side short but all home, the other whole: what the rules allow is left alone.
    assert not names_in_doubt(_counts({6: 5, 13: 5, 24: 5}), _counts({24: 3}), 0, 0)


def test_all_of_a_sides_points_away_are_given_to_the_other_side() -> None:
    # White bore off and shows 7 and 1 on black's points 23-24 beside its last one: black's
    # stack and neighbour named white (/tmp/train IMG_0300), given back to black together.
    white, black = _counts({1: 1, 23: 1, 24: 7}), _counts({})
    conf = [1.0] * 24
    assert swap_named_sides(white, black, 0, 0, conf) == ([22, 23], False)
    assert white == _counts({1: 1}) and black == _counts({23: 1, 24: 7})
    assert conf[22] < SURE and conf[23] < SURE and conf[0] == 1.0


def test_a_side_short_with_checkers_away_breaks_the_rules_too() -> None:
    """White's last thirteen home (points 1-3, two off) named black, black's last three (its
    24 point) named white: "white" bore off with checkers away, "black" is short though it
    holds checkers away from its home; with the names swapped both fit, so they are swapped
    (doubted).  Short with no checker away (all home), it proves nothing."""
    named_white, named_black = _counts({24: 3}), _counts({1: 6, 2: 6, 3: 1})
    conf = [1.0] * 24
    renamed, every = swap_named_sides(named_white, named_black, 0, 0, conf)
    assert every and renamed == [0, 1, 2, 23]
    assert named_white == _counts({1: 6, 2: 6, 3: 1}) and named_black == _counts({24: 3})
    assert all(conf[i] < SURE for i in renamed)
    # Black whole (15) on white's home is no break: one broken side is too little to swap.
    white, black = _counts({24: 3}), _counts({1: 6, 2: 6, 3: 3})
    assert swap_named_sides(white, black, 0, 0, [1.0] * 24) == ([], False)
    # Black short only by its bar: the bar proves nothing.
    white, black = _counts({24: 3}), _counts({19: 6, 20: 6})
    assert swap_named_sides(white, black, 0, 1, [1.0] * 24) == ([], False)


def test_a_side_over_15_beside_a_side_with_none_home_leaves_the_names_in_doubt() -> None:
    """Black's fifteen and white's last checker all read white (sixteen), a phantom "black"
    four on white's home: neither side is one, so every point is doubted; a broken side with
    checkers home beside a side one over (a side read short beside a phantom) is not."""
    from vision.checkers.home_sides import names_in_doubt

    named_white = _counts({1: 1, 14: 1, 22: 2, 23: 6, 24: 6})
    assert names_in_doubt(named_white, _counts({2: 4}), 0, 0)
    assert not names_in_doubt(named_white, _counts({2: 4, 20: 3}), 0, 0)
