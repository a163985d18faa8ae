"""The checker sets' colours: the two-set split (vision.checkers.colours) and slots read by
colour alone (vision.checkers.slot_colour)."""

from __future__ import annotations

import numpy as np


def test_colour_split_resists_a_glint_and_keeps_a_lone_checker() -> None:
    from vision.checkers.colours import two_clusters

    dark, grey, glint = [15, 130, 130], [80, 135, 138], [177, 132, 135]
    split = two_clusters(np.array([dark] * 10 + [grey] * 10 + [glint], np.float32))
    assert split.tolist() == [True] * 10 + [False] * 11
    lone = two_clusters(np.array([grey] * 14 + [dark], np.float32))
    assert lone.tolist() == [False] * 14 + [True]


def test_hue_splits_two_light_checker_sets() -> None:
    from vision.checkers.colours import two_clusters

    # White and natural-wood checkers under a lighting gradient: lightness overlaps, hue not.
    rng = np.random.default_rng(3)
    white = np.stack([rng.uniform(150, 240, 12), np.full(12, 129), np.full(12, 136)], axis=1)
    wood = np.stack([rng.uniform(140, 220, 12), np.full(12, 134), np.full(12, 153)], axis=1)
    split = two_clusters(np.concatenate([white, wood]).astype(np.float32))
    assert split.tolist() == [False] * 12 + [True] * 12


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
