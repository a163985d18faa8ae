"""A point's colour from its checkers' samples: a glint on a glossy dark checker is no light set
(``colours.unglinted``), a tie goes to the edge checker and a row's dropped tail does not vote
(``colours.majority``, ``point_reads``), and a cold cast does not make white the coloured set
(``colours._chroma``).  Renders of ``scripts/render-synthetic --set train --start 55500``
(IMG_55527, IMG_55675, IMG_55754, looked at when the rules were made)."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.colours import majority, two_clusters, unglinted
from vision.checkers.model import Found

SURE = 0.65


def _disc_image(centre_l: float, body_l: float) -> np.ndarray:
    """A 60x60 Lab board (L 120) with a checker of radius 15 at (30, 30), its centre's 7x7
    pixels at ``centre_l`` (a glint) and the rest of it at ``body_l``."""
    lab = np.full((60, 60, 3), (120.0, 128.0, 140.0), np.float32)
    yy, xx = np.mgrid[0:60, 0:60]
    lab[(xx - 30) ** 2 + (yy - 30) ** 2 <= 15**2] = (body_l, 128.0, 128.0)
    lab[27:34, 27:34] = (centre_l, 128.0, 128.0)
    return lab


def test_a_glint_on_a_lone_dark_checker_gives_way_to_its_disc() -> None:
    lab = _disc_image(80.0, 22.0)
    f = Found(15.0, 30.0, 30.0, (80.0, 128.0, 128.0))
    (feat,) = unglinted(lab, [[f]], 30.0)
    assert feat[0] < 30.0  # the disc's dark body, not the highlight
    # A stack's checker keeps its sample: the others outvote a glint on one of them.
    stack = unglinted(lab, [[f, f, f]], 30.0)
    assert [s[0] for s in stack] == [80.0] * 3
    # A light checker without a glint keeps its own sample.
    light = _disc_image(200.0, 196.0)
    g = Found(15.0, 30.0, 30.0, (200.0, 128.0, 128.0))
    assert unglinted(light, [[g]], 30.0) == [(200.0, 128.0, 128.0)]


def test_a_tie_goes_to_the_edge_checker() -> None:
    assert majority(np.array([1, 0, 0, 1]))  # edge black, a tie
    assert not majority(np.array([0, 1]))
    assert not majority(np.array([1, 0, 0]))  # a majority is a majority
    assert majority(np.array([0, 1, 1]))


def test_white_under_a_cold_cast_is_white_beside_cream() -> None:
    # Two light sets apart in hue: white cast blue (b 118) and cream (b 134), the cream darker.
    white = np.array([(200, 129, 118)] * 8, np.float32)
    cream = np.array([(168, 129, 134)] * 7, np.float32)
    feats = np.concatenate([white + np.arange(8)[:, None] * (2, 0, 0), cream])
    dark = two_clusters(feats)
    assert not dark[:8].any() and dark[8:].all()
    # Pearl white beside wood, both warm: the greyer one is white (the old rule's case).
    pearl = np.array([(190, 128, 132)] * 8, np.float32)
    wood = np.array([(200, 134, 150)] * 7, np.float32)
    dark = two_clusters(np.concatenate([pearl + np.arange(8)[:, None] * (2, 0, 0), wood]))
    assert not dark[:8].any() and dark[8:].all()


def test_a_glossy_black_checker_is_not_believed_white() -> None:
    # IMG_55527: black's lone checker on its point 4 with a highlight at its centre (L 78,
    # white's grey checkers 82-100) was believed white, and the sides' fills moved a checker.
    counts, board = _count_given(55526)
    assert (board["white"][3], board["black"][3]) == (0, 1)
    assert counts.white[3] == 0 or counts.point_confidence[3] < SURE
    assert (counts.white[3], counts.black[3]) == (0, 1)


def test_a_dropped_tail_does_not_name_the_point() -> None:
    # IMG_55675: white's lone checker on point 4 with two slots of the wood triangle past it:
    # the row checked down to one, named by the two dropped.
    counts, board = _count_given(55674)
    assert (board["white"][3], board["black"][3]) == (1, 0)
    assert (counts.white[3], counts.black[3]) == (1, 0)


def test_a_cold_white_set_is_named_white() -> None:
    # IMG_55754: a light board under cool light, every point named the other colour (doubted).
    counts, board = _count_given(55753)
    swapped = [i for i in range(24) if board["white"][i] and counts.black[i]]
    assert not swapped


def test_names_that_hang_on_one_checker_are_doubted() -> None:
    from vision.checkers.colours import frame_colours, named_closely

    # Fifteen red checkers (L 126) beside a lone green one (L 158) and a stray sample at L 77
    # (own IMG_62731 under +-1 grey of noise): the stray made the green set the darker, and
    # without it the names swap. Doubted; without the stray, or with a second like checker
    # instead, the names stand.
    red = np.array([(126.0 + k % 3, 182, 172) for k in range(15)], np.float32)
    green, stray = (158.0, 92, 173), (77.0, 130, 127)
    feats = np.concatenate([red, np.array([green, stray], np.float32)])
    free = np.ones(len(feats), bool)
    labels = np.array([0] * 15 + [1, 1])  # the 2-means split of the frame
    assert named_closely(feats[labels == 0, 0], feats[labels == 1, 0])
    assert frame_colours(feats, None, free)[1]
    alone = np.concatenate([red, np.array([green], np.float32)])
    assert not frame_colours(alone, None, np.ones(16, bool))[1]
    dark = np.concatenate([red, np.array([(60.0, 128, 128), (62.0, 128, 128)], np.float32)])
    assert not named_closely(dark[:15, 0], dark[15:, 0])
