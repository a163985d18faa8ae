"""Checker counting on rendered scenes with known counts (seeded), board found by markers."""

from __future__ import annotations

import numpy as np
import pytest

from vision.board import find_board_markers, rectify
from vision.checkers import WORK_H, WORK_W, BoardShape, count_checkers, quad_aspect
from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, random_position, render


def _render(
    style: str, position: Position, home: str, seed: int, pair: int = 0, stack: str = "pyramid"
):
    spec = SceneSpec(
        style=style,
        stack_mode=stack,
        white_home=home,
        position=position,
        markers=True,
        checker_pair=pair,
        camera=CameraSpec(distance_mm=750, tilt_deg=6.0, tilt_azimuth_deg=200.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.5),
    )
    return render(spec, np.random.default_rng(seed))


def _rectified(image):
    """The board found by its markers, rectified: (image, fix, shape, the image's geometry)."""
    from vision.board import BoardGeometry

    fix = find_board_markers(image)
    assert fix is not None
    rect = rectify(image, fix.matrix, WORK_W, WORK_H)
    shape = BoardShape(aspect=quad_aspect(fix.corners))
    h, w = rect.shape[:2]
    geo = BoardGeometry(width=w, height=h, bar_frac=fix.geometry.bar_frac)
    return rect, fix, shape, geo


def _count(image, home: str):
    rect, fix, shape, _ = _rectified(image)
    return count_checkers(rect, fix.geometry, home, shape=shape)


@pytest.mark.parametrize(
    "style,home,seed",
    [
        ("tournament_green", "bottom-right", 21),  # white checkers on light points
        ("walnut", "top-left", 22),
        ("black_red", "bottom-left", 23),
    ],
)
def test_counts_match_a_random_position(style: str, home: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    position = random_position(rng, "midgame")
    image, labels = _render(style, position, home, seed)
    counts = _count(image, home)
    assert list(counts.white) == labels["board"]["white"]
    assert list(counts.black) == labels["board"]["black"]
    assert (counts.bar_white, counts.bar_black) == (position.bar_white, position.bar_black)
    assert (counts.off_white, counts.off_black) == (position.off_white, position.off_black)
    assert not counts.off_from_trays
    assert min(counts.point_confidence) >= 0.0


def test_a_second_layer_counts() -> None:
    # Seven on one point: five flat, two on top in the gaps (the renderer's "pyramid").
    white = [0] * 24
    black = [0] * 24
    white[5], white[7], white[12] = 7, 3, 5
    black[0], black[11], black[18] = 2, 5, 5
    black[16] = 3
    position = Position(tuple(white), tuple(black))
    position.validate()
    image, labels = _render("tournament_green", position, "bottom-right", 31)
    counts = _count(image, "bottom-right")
    assert counts.white[5] == 7
    assert list(counts.black) == labels["board"]["black"]


def _tall_six_point(tall: int) -> Position:
    """White's 6 point holding ``tall`` checkers (the rest on the midpoint), black spread."""
    white = [0] * 24
    black = [0] * 24
    white[5], white[12] = tall, 15 - tall
    black[0], black[11], black[18] = 2, 8, 5
    position = Position(tuple(white), tuple(black))
    position.validate()
    return position


@pytest.mark.parametrize("tall", [6, 7, 8])
def test_a_fanned_stack_counts(tall: int) -> None:
    # Longer than five, fanned along the whole point: counted from the outlines' period.
    position = _tall_six_point(tall)
    image, labels = _render("tournament_green", position, "bottom-right", 41, stack="overlap")
    counts = _count(image, "bottom-right")
    assert counts.white[5] == tall
    assert counts.black[11] == 8
    assert list(counts.white) == labels["board"]["white"]


def test_colours_from_calibration_are_used() -> None:
    from vision.calibration import calibrate

    image, _ = _render("black_red", Position.starting(), "top-right", 41)
    cal = calibrate(image)  # orientation found from the starting position
    assert cal.white_home == "top-right"
    assert cal.colours is not None
    assert cal.colours.white[0] > cal.colours.black[0]  # the lighter set is white


def test_colour_split_resists_a_glint_and_keeps_a_lone_checker() -> None:
    from vision.checkers.colours import two_clusters

    dark, grey, glint = [15, 130, 130], [80, 135, 138], [177, 132, 135]
    split = two_clusters(np.array([dark] * 10 + [grey] * 10 + [glint], np.float32))
    assert split.tolist() == [True] * 10 + [False] * 11
    lone = two_clusters(np.array([grey] * 14 + [dark], np.float32))
    assert lone.tolist() == [False] * 14 + [True]


@pytest.mark.parametrize("tall", [11, 12])
def test_a_pyramid_with_a_third_layer_counts(tall: int) -> None:
    # Five flat, four in the gaps, then two or three on top of those (the renderer's pyramid).
    image, labels = _render("tournament_green", _tall_six_point(tall), "bottom-right", 51)
    counts = _count(image, "bottom-right")
    assert counts.white[5] == tall
    assert list(counts.black) == labels["board"]["black"]


def test_pyramid_layers_from_the_gaps_seen() -> None:
    from vision.checkers.layers import pyramid_layers

    assert pyramid_layers([0, 1]) == ([0, 1], 0)  # 7: a second layer seen whole
    assert pyramid_layers([2, 3]) == ([0, 1, 2, 3], 2)  # 11: gaps 0, 1 hidden
    assert pyramid_layers([3]) == ([0, 1, 2, 3], 3)  # 12: gaps 0-2 hidden


def test_hue_splits_two_light_checker_sets() -> None:
    from vision.checkers.colours import two_clusters

    # White and natural-wood checkers under a lighting gradient: lightness overlaps, hue not.
    rng = np.random.default_rng(3)
    white = np.stack([rng.uniform(150, 240, 12), np.full(12, 129), np.full(12, 136)], axis=1)
    wood = np.stack([rng.uniform(140, 220, 12), np.full(12, 134), np.full(12, 153)], axis=1)
    split = two_clusters(np.concatenate([white, wood]).astype(np.float32))
    assert split.tolist() == [False] * 12 + [True] * 12


def test_second_layer_checkers_from_the_full_rows_rims() -> None:
    from vision.checkers.row_rims import hidden_by_second_layer

    # The edge slot's rim hidden under a checker on gap 0, the others clear: one on top.
    assert hidden_by_second_layer([1.4, 14.8, 23.5, 22.0, 29.3]) == 1
    # Two from the edge hidden (gaps 0 and 1 filled).
    assert hidden_by_second_layer([1.4, 1.2, 4.4, 5.2, 7.7]) == 2
    # Dark checkers on a dark point: all rims faint, nothing to say there is a layer on top.
    assert hidden_by_second_layer([1.1, 1.8, 4.9, 4.7, 7.0]) == 0
    assert hidden_by_second_layer([12.0, 11.0, 13.0, 12.5, 14.0]) == 0


def test_grey_pearl_checkers_shaded_darker_than_wood_are_still_white() -> None:
    from vision.checkers.colours import two_clusters

    rng = np.random.default_rng(5)
    pearl = np.stack([rng.uniform(182, 194, 13), np.full(13, 129), np.full(13, 129)], axis=1)
    wood = np.stack([rng.uniform(186, 196, 4), np.full(4, 130), np.full(4, 144)], axis=1)
    split = two_clusters(np.concatenate([pearl, wood]).astype(np.float32))
    assert split.tolist() == [False] * 13 + [True] * 4
    # Near-black beside brown (both coloured sets dark): the darker is black as before.
    black = np.stack([rng.uniform(28, 40, 8), np.full(8, 130), np.full(8, 128)], axis=1)
    brown = np.stack([rng.uniform(80, 105, 8), np.full(8, 140), np.full(8, 148)], axis=1)
    split = two_clusters(np.concatenate([black, brown]).astype(np.float32))
    assert split.tolist() == [True] * 8 + [False] * 8


def test_a_rows_last_checker_must_show_its_rim() -> None:
    from vision.checkers.row_rims import row_tail

    assert row_tail([17.9, 17.4, 2.6]) == (2, False)  # a shadow read as a third checker
    assert row_tail([10.2, 11.2, 0.6, 0.5]) == (2, False)
    assert row_tail([12.0, 11.0, 13.0, 14.0]) == (4, False)  # the last the clearest: kept
    assert row_tail([12.0, 10.0, 11.0, 4.0]) == (4, True)  # fading: kept, doubtful
    assert row_tail([1.9, 2.5, 0.5]) == (3, False)  # faint rims say nothing


def test_a_fanned_chain_whose_edge_outline_is_lost_still_counts() -> None:
    from vision.checkers.fanned import chain_count

    d, pitch, half = 42.0, 44.0, 239
    # Eight fanned checkers (period 28) coloured like their point: the edge one's outline is
    # lost, so the chain starts at the second, just over a checker from the edge.
    chain = np.array([43.5, 74.5, 100.5, 129.5, 159.5, 189.5, 217.5])
    assert chain_count(chain, d, pitch, half, even_only=True) == 8
    # A chain starting well beyond the first two slots is not a stack from the edge.
    assert chain_count(chain + 40.0, d, pitch, half, even_only=True) is None


def test_a_faint_or_far_bar_circle_makes_the_bar_count_doubtful() -> None:
    from vision.board import BoardGeometry
    from vision.checkers.bar import bar_checkers

    geo = BoardGeometry(width=600, height=490, bar_frac=0.08)
    lab = np.full((490, 600, 3), 128.0, np.float32)
    d = 0.9 * geo.point_width
    mid = sum(geo.bar_span) / 2.0

    def bar(ys: list[float], rims: list[float]) -> tuple[int, int, float]:
        circles = np.array([[mid, y, 0.48 * d] for y in ys], np.float32)
        return bar_checkers(lab, geo, circles, np.array(rims, np.float32), d, None, np.zeros(0), [])

    clear = 245 + 1.5 * d
    assert bar([clear], [12.0])[:2] == (1, 0) and bar([clear], [12.0])[2] >= 0.65
    assert bar([clear], [0.5])[2] >= 0.65  # no rim at all: nothing there, as sure as before
    assert bar([clear], [2.2]) == (0, 0, 0.5)  # too faint to count, too clear to ignore
    assert bar([clear], [1.6]) == (0, 0, 0.5)  # a light checker on a light bar, as faint
    assert bar([245 + 5.0 * d], [12.0])[2] < 0.65  # at the bar's end, where dice land


def test_an_empty_slot_coloured_like_a_checker_set_is_recognised() -> None:
    from vision.checkers.colours import set_colours
    from vision.checkers.slot_colour import looks_like

    feats = np.array([[200, 128, 130], [205, 128, 131], [20, 129, 127], [22, 129, 128]], np.float32)
    sets = set_colours(feats, np.array([0, 0, 1, 1]), None)
    near_black = np.array([[21.5, 129.0, 127.5]] * 9, np.float32)
    dark_brown = np.array([[30.0, 132.0, 136.0]] * 9, np.float32)  # a dark point, not a checker
    assert looks_like(near_black, sets) is True  # the black set's
    assert looks_like(np.array([[202.0, 128.0, 130.5]] * 9, np.float32), sets) is False  # white
    assert looks_like(dark_brown, sets) is None
    assert looks_like(near_black[:0], sets) is None


def test_edge_looks_is_looks_like_strip_by_strip() -> None:
    """The empty points' edge-slot colours in one gather: ``looks_like`` on each strip's disc
    (bottom points' strips are reversed views), None on points holding checkers."""
    from vision.checkers.slot_colour import edge_looks, looks_like

    rng = np.random.default_rng(5)
    sets = [(True, np.array([40.0, 128.0, 130.0])), (False, np.array([200.0, 128.0, 131.0]))]
    strips = []
    for i in range(12):
        base = sets[i % 2][1] if i % 3 else np.array([120.0, 140.0, 150.0])
        strips.append((base + rng.normal(0, 2.0, (50, 20, 3))).astype(np.float32))
    views = [s if i % 2 else s[::-1][::-1] for i, s in enumerate(strips)]
    yy, xx = np.mgrid[0:50, 0:20]
    disc = (xx - 9.5) ** 2 + (yy - 9.0) ** 2 <= 6.0**2
    counts = [0 if i % 4 else 2 for i in range(12)]
    pairs = zip(views, counts, strict=True)
    want = [looks_like(v[disc], sets) if n == 0 else None for v, n in pairs]
    assert edge_looks(np.stack(views), counts, disc, sets) == want
    assert {True, False, None} <= set(want)  # each answer is compared


def test_too_few_outlines_make_no_chain_nor_run() -> None:
    """Under three outlines no chain, under four no run (both answered before any sort), even
    at a fanned step from the edge; one more and they count."""
    from vision.checkers.fanned import chain_count, fanned_run

    d, pitch, half = 43.4, 43.0, 420
    fan = 18.5 + 30.0 * np.arange(8)
    assert chain_count(fan[:2], d, pitch, half) is None
    assert chain_count(np.zeros(0, np.float32), d, pitch, half) is None
    assert fanned_run(fan[:3], d, pitch) == 0 and fanned_run(fan[:4], d, pitch) == 4


def test_a_run_of_outlines_at_a_fanned_step_from_the_edge() -> None:
    from vision.checkers.fanned import fanned_run

    d, pitch = 43.4, 43.0
    # Five outlines at 0.7 of a pitch from the edge: a fanned stack (its top ones may be lost).
    assert fanned_run(np.array([18.5, 47.5, 80.5, 110.5, 141.5]), d, pitch) == 5
    # Ten fanned tighter than a chain counts (0.46 pitch): the run says ten.
    assert fanned_run(20.5 + 21.6 * np.arange(10), d, pitch) == 10
    # A flat row (one pitch apart) is not a run.
    assert fanned_run(np.array([21.7, 64.7, 107.7, 150.7]), d, pitch) == 0
    # Not from the edge.
    assert fanned_run(np.array([60.0, 90.0, 120.0, 150.0]), d, pitch) == 0
    # A pyramid's outlines a little closer than half a pitch (0.37 here): a run only for the
    # doubt's shorter step.
    bunched = np.array([0.4, 0.9, 1.3, 1.9, 2.5, 2.8, 3.9]) * 44.6
    assert fanned_run(bunched, 44.6, 48.0) == 0
    assert fanned_run(bunched, 44.6, 48.0, 0.3) == 5


def test_a_row_of_four_with_a_straddling_circle_is_not_a_pyramid() -> None:
    from vision.checkers.model import Cell
    from vision.checkers.stacks import cell_checkers

    cell, h, half, d, pitch = Cell(1, False, 45, 90), 440, 220, 39.8, 41.0

    def count(alongs: list[float]) -> int:
        circles = np.array([[67.5, h - 1 - a, 0.48 * d] for a in alongs], np.float32)
        strip = np.zeros((half, 45, 3), np.float32)
        diff = np.zeros((half, 45), bool)
        found = cell_checkers(
            cell, strip, diff, circles, 134.0, pitch, d, h, half, sure=circles, raw=circles
        )
        return len(found)

    # Four in a row and a sure circle where the third and fourth touch (a gap): still four.
    assert count([19.5, 58.5, 102.5, 119.5, 143.5]) == 4
    # With the fifth checker's outline too, the circle in the gap is one on top: a pyramid.
    assert count([19.5, 58.5, 102.5, 119.5, 143.5, 183.5]) > 5


def _dark_bar_geometry():
    """The dark-bar scenes' board and checker diameter."""
    from vision.board import BoardGeometry

    geo = BoardGeometry(width=600, height=490, bar_frac=0.08)
    return geo, 0.9 * geo.point_width


def _dark_bar_read(draw, rng: np.random.Generator) -> tuple[int, int, float]:
    """``bar_checkers`` on a dark brown bar (L 32) with two light and two near-black checkers
    seen on the points; ``draw(lab, mid, d)`` paints near-black (L 21) on it before the noise."""
    from vision.checkers.bar import bar_checkers

    geo, d = _dark_bar_geometry()
    mid = sum(geo.bar_span) / 2.0
    feats = [
        (200.0, 128.0, 130.0),
        (205.0, 128.0, 131.0),
        (20.0, 129.0, 127.0),
        (22.0, 129.0, 128.0),
    ]
    labels = np.array([0, 0, 1, 1])
    lab = np.empty((490, 600, 3), np.float32)
    lab[:] = (32.0, 131.0, 134.0)
    draw(lab, mid, d)
    lab += rng.normal(0.0, 1.5, lab.shape).astype(np.float32)
    none = np.zeros((0, 3), np.float32)
    return bar_checkers(lab, geo, none, np.zeros(0, np.float32), d, None, labels, feats)


def test_a_dark_checker_on_a_dark_bar_is_seen_by_its_colour() -> None:
    import cv2

    rng = np.random.default_rng(5)
    _, d = _dark_bar_geometry()

    def bar_with(spans: list[tuple[float, float]]) -> tuple[int, int, float]:
        # Near-black discs or stripes along the bar's middle.
        def draw(lab: np.ndarray, mid: float, d: float) -> None:
            for y0, y1 in spans:
                cv2.rectangle(
                    lab,
                    (int(mid - 0.45 * d), int(y0)),
                    (int(mid + 0.45 * d), int(y1)),
                    (21, 129, 127),
                    -1,
                )
                for y in (y0, y1):
                    cv2.circle(lab, (int(mid), int(y)), int(0.48 * d), (21, 129, 127), -1)

        return _dark_bar_read(draw, rng)

    assert bar_with([]) == (0, 0, 0.6)  # a plain bar: empty
    assert bar_with([(180.0, 180.0)]) == (0, 1, 0.5)  # one black checker, doubtfully
    assert bar_with([(160.0, 160.0 + d)]) == (0, 2, 0.5)  # two touching
    assert bar_with([(60.0, 60.0 + 4 * d)]) == (0, 0, 0.5)  # a long dark streak: shading


def test_a_short_run_of_checker_colour_on_the_bar_doubts_its_empty_count() -> None:
    import cv2

    def bar_with(radius: float) -> tuple[int, int, float]:
        # A near-black patch: a dark checker mostly lost in the bar, or seen in part.
        def draw(lab: np.ndarray, mid: float, d: float) -> None:
            cv2.circle(lab, (int(mid), 180), int(radius * d), (21, 129, 127), -1)

        return _dark_bar_read(draw, np.random.default_rng(5))

    # A dark checker mostly lost in the bar, or seen in part (a die on it): too short or too
    # faint a run to count, long enough to doubt.
    assert bar_with(0.44) == (0, 0, 0.5)
    assert bar_with(0.42) == (0, 0, 0.5)
    assert bar_with(0.36) == (0, 0, 0.6)  # a speck: empty, as sure as before
    assert bar_with(0.30) == (0, 0, 0.6)


def test_a_doubtful_bar_checker_goes_first_when_a_side_has_sixteen() -> None:
    from vision.checkers.totals import fit_total

    counts = [0] * 24
    counts[:3] = [5, 5, 5]
    conf = [1.0, 0.9, 0.8] + [1.0] * 21
    assert fit_total(counts, 1, conf, 0.5) == (0, 0.4) and counts[:3] == [5, 5, 5]
    assert fit_total(counts, 1, conf, 0.95) == (1, 0.95) and counts[:3] == [5, 5, 4]
    assert conf[2] == 0.4


def test_one_set_split_by_shading_is_recognised() -> None:
    from vision.checkers.colours import colour_labels, one_set

    rng = np.random.default_rng(9)
    # White checkers only, lit unevenly (L 178-200): the 2-means still splits them.
    whites = np.stack(
        [rng.uniform(178, 200, 15), rng.normal(126.8, 0.3, 15), rng.normal(123.7, 0.3, 15)], 1
    ).astype(np.float32)
    labels = colour_labels(whites, None)
    assert 0 < labels.sum() < len(labels) and one_set(whites, labels, None)
    # White beside natural wood (hue apart) are two sets.
    wood = whites.copy()
    wood[:7, 2] += 16.0
    wood[:7, 0] -= 10.0
    split = colour_labels(wood, None)
    assert split[:7].all() and not split[7:].any() and not one_set(wood, split, None)


def test_slots_past_a_row_coloured_like_its_set_are_checkers() -> None:
    import cv2

    from vision.checkers.slot_colour import like_set_slots

    d, pitch, half, w = 42.0, 43.0, 230, 45
    rng = np.random.default_rng(3)
    yy, xx = np.mgrid[0:half, 0:w]
    tri_mask = np.abs(xx - (w - 1) / 2) < np.clip((1 - yy / 190.0) * w / 2, 0, None)
    care = np.ones((half, w), bool)

    def strip(board: tuple[float, ...], checker: tuple[float, ...], n: int) -> np.ndarray:
        s = np.empty((half, w, 3), np.float32)
        s[:] = board
        for k in range(n):
            cv2.circle(s, (w // 2, int(0.5 * d + k * pitch)), int(0.48 * d), checker, -1)
        return s + rng.normal(0.0, 1.0, s.shape).astype(np.float32)

    slots = [0.5 * d + k * pitch for k in (1, 2, 3)]

    def like(board: tuple[float, float, float], colour: np.ndarray, n: int) -> int:
        refs = (np.array(board, np.float32), np.array(board, np.float32))
        s = strip(board, tuple(map(float, colour)), n)
        return like_set_slots(s, care, tri_mask, refs, colour, slots, d)

    dark, black = (30.0, 132.0, 131.0), np.array([18.0, 130.0, 128.0], np.float32)
    # Black checkers on a dark point: the two past the first are its set's colour.
    assert like(dark, black, 3) == 2
    assert like(dark, black, 1) == 0
    # A white set as near a light point as shading goes: no checker from colour alone.
    light, white = (187.0, 136.0, 126.0), np.array([176.0, 136.0, 126.0], np.float32)
    assert like(light, white, 3) == 0


def test_a_lone_checker_touching_a_die_and_bar_ties() -> None:
    from vision.checkers.by_die import by_a_die
    from vision.checkers.model import Found
    from vision.checkers.totals import fit_total

    d, sy = 42.0, 0.9
    die = ((100.0, 90.0, 130.0, 120.0),)  # input pixels: y over sy in the working image
    beside = Found(21.0, 100.0 + 0.5 * d + 0.1 * d + 30.0, 120.0, (0.0, 0.0, 0.0))
    clear = Found(21.0, 130.0 + 0.5 * d + 0.5 * d, 120.0, (0.0, 0.0, 0.0))
    assert by_a_die(beside, die, sy, d) and not by_a_die(clear, die, sy, d)
    under = Found(21.0, 130.0 + 0.3 * d, 120.0, (0.0, 0.0, 0.0))  # centre 0.3 d off the box
    assert by_a_die(under, die, sy, d, -0.1) and not by_a_die(beside, die, sy, d, -0.1)
    # A side one over with a bar checker and a point as doubtful: the bar's goes.
    counts = [5, 5, 4] + [0] * 21
    conf = [1.0, 1.0, 0.5] + [1.0] * 21
    assert fit_total(counts, 2, conf, 0.5) == (1, 0.4) and counts[:3] == [5, 5, 4]


def test_a_pyramid_on_a_half_that_barely_holds_five_counts() -> None:
    # Checkers large for their points: five slots need 5.2 d, the half is 5.14 d.  A sure
    # outline on the fifth slot puts a full row there, and the four in its gaps count.
    from vision.checkers.model import Cell
    from vision.checkers.stacks import cell_checkers, first_layer_slots

    d, pitch, half = 44.0, 44.0, 226
    cell = Cell(column=1, top=True, x0=78, x1=122)
    strip = np.full((half, 44, 3), 128.0, np.float32)
    diff = np.zeros((half, 44), bool)

    def count(alongs: list[float]) -> int:
        c = np.array([[100.0, a, d / 2] for a in alongs], np.float32).reshape(-1, 3)
        return len(cell_checkers(cell, strip, diff, c, 0.0, pitch, d, 2 * half, half, [], c, c))

    slots = [0.5 * d + k * pitch for k in range(5)]
    gaps = [0.5 * d + (k + 0.5) * pitch for k in range(4)]
    assert first_layer_slots(half, d, pitch) == 4
    assert count(slots + gaps) == 9
    assert count(slots) == 5


def test_a_chain_fanned_tighter_than_a_pyramid_counts() -> None:
    from vision.checkers.fanned import chain_count

    d, pitch, half = 38.0, 45.0, 242
    # Twelve fanned over the point (step 0.4 pitch), their faint outlines (unverified) all seen.
    tight = 0.5 * d + 0.4 * pitch * np.arange(12)
    assert chain_count(tight, d, pitch, half, even_only=True) == 12
    # A pyramid's outlines, slot and gap alternating at half a pitch, are no such chain.
    pyramid = 0.5 * d + 0.5 * pitch * np.arange(9)
    assert chain_count(pyramid, d, pitch, half, even_only=True) is None


def test_a_fanned_chain_whose_top_outlines_are_lost_counts_to_its_colours_end() -> None:
    from vision.checkers.fanned import chain_count

    d, pitch, half = 42.0, 40.0, 215
    # Seven fanned (step 0.7 d): six outlines found, the colour run reaching the seventh's end.
    chain = np.array([0.4, 1.1, 1.8, 2.4, 3.2, 3.8]) * d
    assert chain_count(chain, d, pitch, half, even_only=True) == 6
    assert chain_count(chain, d, pitch, half, even_only=True, end=4.88 * d) == 7
    # A colour run ending with the chain's last checker adds none.
    assert chain_count(chain, d, pitch, half, even_only=True, end=4.3 * d) == 6


def test_a_fanned_stack_drifting_sideways_is_followed_across() -> None:
    from vision.checkers.alongs import alongs_of
    from vision.checkers.fanned import chain_count, drifting_alongs
    from vision.checkers.model import Cell

    d, pitch, h = 42.0, 45.0, 470
    half = h // 2
    cell = Cell(3, True, 139, 185)  # 46 px wide, middle at 162
    # Eleven fanned at 0.45 d whose top drifts 2 px a checker to the left (seen at an angle),
    # and a neighbour's stack a point to the right.
    k = np.arange(11)
    stack = np.stack([162.0 - 2.0 * k, 0.5 * d + 0.45 * d * k, np.full(11, 21.0)], axis=1)
    neighbour = np.stack([208.0 + 0 * k[:5], 0.5 * d + pitch * k[:5], np.full(5, 21.0)], axis=1)
    raw = np.concatenate([stack, neighbour]).astype(np.float32)
    followed = drifting_alongs(raw, cell, h, d)
    assert len(followed) == 11
    assert chain_count(followed, d, pitch, half, even_only=True) == 11
    # Within the middle's band alone the chain stops where the stack leaves it.
    assert len(alongs_of(raw, cell, h)) < 11
    # An outline off the middle with no chain leading to it is not the stack's.
    lone = np.array([[184.0, 0.5 * d, 21.0]], np.float32)
    assert len(drifting_alongs(lone, cell, h, d)) == 0
    # Nor one jumping a third of the point across past the stack's top (it would count a 12th).
    jump = np.array([[142.0 + 16.0, 0.5 * d + 0.45 * d * 11, 21.0]], np.float32)
    assert len(drifting_alongs(np.concatenate([raw, jump]), cell, h, d)) == 11


@pytest.mark.parametrize(
    "style,azimuth", [("tournament_green", 200.0), ("walnut", 90.0), ("tournament_green", 90.0)]
)
def test_eleven_fanned_seen_at_an_angle_count(style: str, azimuth: float) -> None:
    # Eleven fanned over white's 13 point, the camera tilted 14 degrees: the raised top
    # checkers lean toward the middle (their outlines step about half a pitch, like a pyramid's,
    # but go on past a pyramid's reach; the top one's is centred within 0.2 d of the middle).
    white = [0] * 24
    black = [0] * 24
    white[12], white[5] = 11, 4
    black[18], black[11], black[16] = 5, 5, 5
    position = Position(tuple(white), tuple(black))
    position.validate()
    spec = SceneSpec(
        style=style,
        stack_mode="overlap",
        white_home="bottom-right",
        position=position,
        markers=True,
        camera=CameraSpec(distance_mm=750, tilt_deg=14.0, tilt_azimuth_deg=azimuth, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.5),
    )
    image, _ = render(spec, np.random.default_rng(5))
    counts = _count(image, "bottom-right")
    assert counts.white[12] == 11


def test_a_die_on_an_empty_points_edge_slot_of_a_checker_sets_colour_is_doubtful() -> None:
    from vision.checkers.model import point_cells

    home = "bottom-left"
    position = random_position(np.random.default_rng(23), "midgame")
    # The white and blue pair: no set is coloured like the red triangles (with red checkers, one
    # could hide under a die on a red triangle, and checkers.die_cover rightly doubts that).
    image, _ = _render("black_red", position, home, 23, pair=1)
    rect, fix, shape, geo = _rectified(image)
    h = rect.shape[0]

    def with_a_die_on(point: int) -> tuple[int, float]:
        # A die (a third of a point wide) on the point's edge slot, where a checker would lie.
        cell = next(
            c
            for c in point_cells(geo)
            if geo.point_index(c.column, "top" if c.top else "bottom", home) == point - 1
        )
        cx, s = (cell.x0 + cell.x1) / 2.0, 0.35 * (cell.x1 - cell.x0)
        y = 0.06 * h if cell.top else 0.94 * h
        box = (cx - s / 2, y - s / 2, cx + s / 2, y + s / 2)
        c = count_checkers(rect, fix.geometry, home, shape=shape, ignore=(box,))
        return c.white[point - 1] + c.black[point - 1], c.point_confidence[point - 1]

    # Empty points: one whose edge slot is coloured like the dark checkers (a checker could be
    # under the die) is asked about; one of the other triangle colour stays believed.
    assert with_a_die_on(6)[0] == 0 and with_a_die_on(6)[1] <= 0.5
    assert with_a_die_on(7)[0] == 0 and with_a_die_on(7)[1] >= 0.65


def _with_arm(rect: np.ndarray, cell, length: float) -> np.ndarray:
    """A smooth skin-coloured band from the point's edge, ``length`` of the board's height (an
    arm reaching over it): colour unlike the board, and not one checker outline on it."""
    import cv2

    h, w = rect.shape[:2]
    cx, pw = (cell.x0 + cell.x1) / 2.0, cell.x1 - cell.x0
    y0, y1 = (0, int(length * h)) if cell.top else (int((1 - length) * h), h)
    arm = rect.copy()
    cv2.rectangle(arm, (int(cx - 0.45 * pw), y0), (int(cx + 0.45 * pw), y1), (120, 160, 215), -1)
    near = np.abs(np.arange(w) - cx)[None, :, None] < 0.8 * pw
    return np.where(near, cv2.GaussianBlur(arm, (0, 0), 3), arm)


def _empty_points(style: str, seed: int, home: str):
    """A rendered midgame's rectified board, its fix and shape, and its points read empty."""
    from vision.checkers.model import point_cells

    image, _ = _render(style, random_position(np.random.default_rng(seed), "midgame"), home, seed)
    rect, fix, shape, geo = _rectified(image)
    before = count_checkers(rect, fix.geometry, home, shape=shape)
    empty = [
        (c, p)
        for c in point_cells(geo)
        if before.white[p := geo.point_index(c.column, "top" if c.top else "bottom", home)]
        + before.black[p]
        == 0
    ]
    return rect, fix, shape, before, empty


@pytest.mark.parametrize("style,seed", [("walnut", 22), ("black_red", 23)])
def test_an_arm_over_an_empty_point_is_no_stack(style: str, seed: int) -> None:
    home = "bottom-right"
    rect, fix, shape, _, empty = _empty_points(style, seed, home)
    assert len(empty) >= 4
    for cell, p in empty[:4]:
        # Every other point's checkers show outlines: the arm's colour is no stack.
        counts = count_checkers(_with_arm(rect, cell, 0.38), fix.geometry, home, shape=shape)
        assert counts.white[p] + counts.black[p] == 0
        assert counts.point_confidence[p] < 0.65


def test_a_colour_run_without_outlines_stays_in_a_soft_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import cv2

    import vision.checkers.totals as totals

    # The board at a quarter of its resolution, blown up again: real stacks lose their
    # outlines too (they still count), so a colour run without one may be checkers: it stays,
    # doubtfully.  (The totals would take the arm's run off as its side's excess over fifteen,
    # ``totals._trim_many``: turned off, to check the colour-alone rule on its own.)
    monkeypatch.setattr(totals, "MAX_TRIM", 2)
    home = "bottom-right"
    rect, fix, shape, before, empty = _empty_points("tournament_green", 21, home)
    h, w = rect.shape[:2]
    small = cv2.resize(rect, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
    soft = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    counts = count_checkers(soft, fix.geometry, home, shape=shape)
    assert (counts.white, counts.black) == (before.white, before.black)
    for cell, p in empty[:2]:
        counts = count_checkers(_with_arm(soft, cell, 0.38), fix.geometry, home, shape=shape)
        assert counts.white[p] + counts.black[p] >= 3
        assert counts.point_confidence[p] < 0.65
