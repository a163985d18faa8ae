"""What shows round a die tells what it lies on (``die_rest``): a flat die whose disc shows the
board is flat, not on a checker; a die on a bar disc showing the bar's set lies on a checker,
believed as far as the bar's count is."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import numpy as np

from tests.vision.checker_scenes import die_lab
from vision.board import BoardGeometry
from vision.checkers.die_rest import UNTOLD, bar_dice_round, board_round, set_round
from vision.checkers.last_checker import seen_round_die
from vision.checkers.model import CheckerCounts
from vision.checkers.point_reads import FrameMeasures
from vision.dice_place import NEAR_DOUBT, place_die
from vision.read_outcome import point_index_at

FIELD = np.array([200.0, 128.0, 140.0], np.float32)  # a pale board
BAR = np.array([90.0, 135.0, 150.0], np.float32)  # a wooden bar
SET = np.array([70.0, 160.0, 150.0], np.float32)  # the checkers' set, dark red
DIE = np.array([245.0, 128.0, 128.0], np.float32)


def _measures(checker_under: bool) -> FrameMeasures:
    """A board (radius-20 checkers, d 40) with a die's box at (50, 50), a checker under it or
    not."""
    lab = die_lab(FIELD, SET, DIE, checker_under)
    none = np.zeros((0, 3))
    return FrameMeasures(
        lab, 40.0, 40.0, 100, 5, 1.0, ((44.0, 44.0, 56.0, 56.0),), FIELD, [FIELD, FIELD],
        np.zeros((100, 100), bool), none, np.zeros(0, bool), [(False, DIE), (True, SET)], False,
    )  # fmt: skip


def _board_round(checker_under: bool) -> float:
    m = _measures(checker_under)
    seen = partial(seen_round_die, m.lab, d=m.d, ignore=m.ignore, sy=m.sy)
    return board_round(m, seen, [(50.0, 50.0, 20.0, 1)], [FIELD])[0]


def test_a_disc_round_a_die_on_the_board_shows_the_board() -> None:
    assert _board_round(checker_under=False) == 1.0
    assert _board_round(checker_under=True) == 0.0


def test_a_bar_disc_under_a_die_shows_its_set_and_the_die_s_own_circle_the_bar() -> None:
    for under, want in ((True, 1.0), (False, 0.0)):
        m = _measures(under)
        seen = partial(seen_round_die, m.lab, d=m.d, ignore=m.ignore, sy=m.sy)
        assert set_round(m, seen, [(50.0, 50.0, 20.0)], (0, 1), BAR) == (want,)
    # no die on it, or the bar's set coloured like the board: nothing told
    assert set_round(m, lambda c: None, [(50.0, 50.0, 20.0)], (0, 1), BAR) == (UNTOLD,)
    assert set_round(m, seen, [(50.0, 50.0, 20.0)], (0, 1), SET + 5) == (UNTOLD,)
    assert set_round(m, seen, [(50.0, 50.0, 20.0)], (0, 0), BAR) == (UNTOLD,)  # a bare bar


def _placed(counts: CheckerCounts, x: float, y: float) -> tuple[str, float]:
    reading = SimpleNamespace(
        value=3, bbox=(0, 0, 1, 1), centre=(x, y), state="flat", confidence=1.0
    )
    eye = np.eye(3)
    die = place_die(reading, eye, BoardGeometry(), "bottom-right", counts, eye)
    return die.state, die.confidence


def test_a_flat_die_whose_disc_shows_the_board_is_flat_not_on_a_checker() -> None:
    # Renders IMG_64001-64200 board given: 41 flat dice on empty points read on a checker
    # (asked), 13 of them showing the board round them; dice really on a checker: at most 0.29.
    g = BoardGeometry()
    x, y = g.width * 0.8, g.height * 0.9
    for told, want in (
        (0.9, ("flat", 1.0)),
        (0.3, ("on_checker", 0.2)),
        (UNTOLD, ("on_checker", 0.2)),
    ):
        counts = CheckerCounts(
            _one_at(x, y), (0,) * 24, 0, 0, 14, 15, False, (0.2,) * 24, 1.0, 1.0,
            discs=((x, y, 30.0, 0),), disc_board=(told,),
        )  # fmt: skip
        assert _placed(counts, x + 5.0, y) == want


def _one_at(x: float, y: float) -> tuple[int, ...]:
    """White's counts: one checker on the point at canonical (x, y)."""
    at = point_index_at(x, y, BoardGeometry(), "bottom-right")
    return tuple(int(i == at) for i in range(24))


def test_a_flat_die_on_a_disc_of_a_point_read_empty_is_flat_not_on_a_checker() -> None:
    # Renders IMG_64001-64200 board given: 18 of 29 flat dice asked about as on a checker lay
    # on a circle of a point the count read empty; no die on a checker did (0 of 67).
    g = BoardGeometry()
    x, y = g.width * 0.8, g.height * 0.9
    at = point_index_at(x, y, g, "bottom-right")
    assert at is not None
    for white, sure, want in (
        (_one_at(x, y), 0.2, ("on_checker", 0.2)),
        ((0,) * 24, 0.9, ("flat", 1.0)),
        # An empty read the count doubts may have lost the checker under the die: still asked.
        ((0,) * 24, 0.2, ("on_checker", 0.2)),
    ):
        counts = CheckerCounts(
            white, (0,) * 24, 0, 0, 15 - sum(white), 15, False, (sure,) * 24, 1.0, 1.0,
            discs=((x, y, 30.0, 0),), disc_points=(at,), disc_board=(UNTOLD,),
        )  # fmt: skip
        assert _placed(counts, x + 5.0, y) == want


def test_a_die_on_a_bar_disc_showing_the_bar_s_set_is_believed_on_a_checker() -> None:
    g = BoardGeometry()
    x, y = g.width / 2, g.height * 0.3
    for told, want in (
        (0.9, ("on_checker", 0.6)),  # the bar's count's confidence
        (0.1, ("flat", 1.0)),  # the die's own circle: the board shows round it
        (0.5, ("on_checker", NEAR_DOUBT)),
        (UNTOLD, ("on_checker", NEAR_DOUBT)),
    ):
        counts = CheckerCounts(
            (0,) * 24, (0,) * 24, 1, 0, 14, 15, False, (0.9,) * 24, 0.6, 1.0,
            bar_discs=((x, y, 30.0),), bar_disc_set=(told,),
        )  # fmt: skip
        assert _placed(counts, x, y + 5.0) == want


def test_a_flat_die_on_the_bar_showing_a_set_with_no_bar_disc_under_it_is_doubted() -> None:
    # Bar-focused renders: 9 dice on a bar checker the counter missed read flat and believed.
    for under, shows in ((True, 1.0), (False, 0.0)):
        m = _measures(under)
        seen = partial(seen_round_die, m.lab, d=m.d, ignore=m.ignore, sy=m.sy)
        assert bar_dice_round(m, seen, (50.0, 10.0), BAR) == ((50.0, 50.0, 20.0, shows),)
        assert bar_dice_round(m, seen, (20.0, 10.0), BAR) == ()  # a die off the bar
    g = BoardGeometry()
    x, y = g.width / 2, g.height * 0.3
    for share, placed in ((0.9, ("flat", NEAR_DOUBT)), (0.2, ("flat", 1.0))):
        counts = CheckerCounts(
            (0,) * 24, (0,) * 24, 0, 0, 15, 15, False, (0.9,) * 24, 0.8, 1.0,
            bar_dice_set=((x, y, 30.0, share),),
        )  # fmt: skip
        assert _placed(counts, x, y + 5.0) == placed
