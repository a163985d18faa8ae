"""A side still short of 15 though it bore none off doubts the empty corner points 1 and 24,
where its missing dark pair hides read empty (vision.checkers.short_corner)."""

from __future__ import annotations

from vision.checkers.short_corner import doubt_short_corner


def _sides() -> tuple[list[int], list[int]]:
    """White 15; black 13 (two missing) with one on point 17, outside its home."""
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[12] = 5, 3, 7
    black[16], black[18], black[20], black[22] = 1, 4, 4, 4
    return white, black


def test_a_short_side_that_bore_none_off_doubts_the_empty_corner_points() -> None:
    # /tmp/unseen54 IMG_73234: black's pair on point 1 read empty at 1.0, black two short.
    white, black = _sides()
    conf = [1.0] * 24
    doubt_short_corner(white, black, 0, 0, conf)
    assert (conf[0], conf[23]) == (0.5, 0.5)
    assert conf[1:23] == [1.0] * 22  # other empty points and the stacks are left believed
    assert (white, black) == _sides()  # counts kept


def test_a_corner_holding_checkers_is_left_alone() -> None:
    white, black = _sides()
    white[23], white[12] = 1, 6
    conf = [1.0] * 24
    doubt_short_corner(white, black, 0, 0, conf)
    assert (conf[0], conf[23]) == (0.5, 1.0)


def test_a_whole_side_or_one_that_may_have_borne_off_doubts_nothing() -> None:
    white, black = _sides()
    cases = ((2, (None, None), 1.0), (0, (None, 2), 1.0), (0, (None, None), 0.5))
    for bar_black, off, outside_conf in cases:
        conf = [1.0] * 24
        conf[16] = outside_conf  # black's only checker outside home, doubted: it may have borne off
        doubt_short_corner(white, black, 0, bar_black, conf, off)
        assert (conf[0], conf[23]) == (1.0, 1.0)
    black[16], black[18] = 0, 5  # all at home, two off: bearing off
    conf = [1.0] * 24
    doubt_short_corner(white, black, 0, 0, conf)
    assert (conf[0], conf[23]) == (1.0, 1.0)


def test_a_side_far_short_is_misread_elsewhere_and_doubts_nothing() -> None:
    white, black = _sides()
    black[20] = 0  # five missing: beyond MAX_FILL
    conf = [1.0] * 24
    doubt_short_corner(white, black, 0, 0, conf)
    assert (conf[0], conf[23]) == (1.0, 1.0)
