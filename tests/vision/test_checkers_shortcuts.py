"""The counter's session-28 shortcuts give exactly what the plain computations gave: the point
masks made once a board, the slot counts by gather, the triangle sides' samples by flat index,
the edge slots' means by flat index and the verified circles' shares from the running count."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.checkers.count import point_masks, slot_counts
from vision.checkers.empty_board import far_from
from vision.checkers.outlines import edges_of, ring_evidence, verified
from vision.checkers.slot_colour import _mean_like, edge_looks
from vision.checkers.triangle_sides import SEEN_SHARE, sides_seen


def _lab_strips(seed: int, n: int = 6, rows: int = 150, cols: int = 40) -> np.ndarray:
    """Float32 Lab strips of whole values (as the counter's), smooth noise and a disc each."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        bgr = cv2.GaussianBlur(rng.integers(0, 256, (rows, cols, 3)).astype(np.uint8), (0, 0), 2)
        cv2.circle(bgr, (cols // 2, int(rng.integers(15, rows - 15))), 14, (40, 60, 200), -1)
        out.append(cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32))
    return np.stack(out)


def test_point_masks_are_the_plain_masks_made_once_and_read_only() -> None:
    half, width, tip = 120, 38, 101.5
    m = point_masks(half, width, tip)
    yy, xx = np.mgrid[0:half, 0:width].astype(np.float32)
    cx = (width - 1) / 2.0
    tri_half = np.clip((1.0 - yy / tip) * width / 2.0, 0, None)
    tri_mask = np.abs(xx - cx) < tri_half
    unsure = (np.abs(np.abs(xx - cx) - tri_half) < 2.5) | ((yy > tip * 0.8) & (yy < tip * 1.2))
    band = (yy > tip * 0.55) & (yy < tip * 0.8) & tri_mask & ~unsure
    assert m.cx == cx and np.array_equal(m.yy, yy) and np.array_equal(m.xx, xx)
    assert np.array_equal(m.tri_mask, tri_mask) and np.array_equal(m.unsure, unsure)
    assert np.array_equal(m.band, band) and np.array_equal(m.care, (xx >= 1) & (xx <= width - 2))
    assert point_masks(half, width, tip) is m  # the next frame of the board: no new masks
    with pytest.raises(ValueError):
        m.tri_mask[0, 0] = False  # shared by every read: nobody may write one


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_slot_counts_are_the_matrix_products(seed: int) -> None:
    rng = np.random.default_rng(seed)
    masks = rng.random((24, 90, 30)) < 0.6
    slots = rng.random((5, 90, 30)) < 0.1
    slots[3] = False  # a slot with no pixel beside the triangle
    want = (
        masks.reshape(24, -1).astype(np.float32) @ slots.reshape(5, -1).T.astype(np.float32)
    ).astype(int)
    got = slot_counts(masks, slots)
    assert got.dtype == want.dtype and np.array_equal(got, want)
    assert slot_counts(masks, slots[:0]).shape == (24, 0)


def _plain_sides_seen(strips, cares, tip, d, triangles, field):
    """sides_seen as first written: rows and columns indexed, squares summed by einsum."""
    steps = np.linalg.norm(triangles - np.asarray(field, np.float32), axis=1)
    height, width = strips.shape[1:3]
    cx = (width - 1) / 2.0
    ys = np.arange(int(d), int(min(0.8 * tip, height - 1)), 3)
    half = (1.0 - ys / tip) * width / 2.0
    keep = half > 4
    ys, half = ys[keep], half[keep]
    shifts = np.arange(-4, 5, dtype=np.float64)[:, None]
    least = ((SEEN_SHARE * steps) ** 2)[:, None]
    seen, clear = [], []
    for sign in (-1.0, 1.0):
        at = cx + sign * half[None, :] + shifts
        inner = np.clip(np.round(at - sign * 3).astype(np.intp), 0, width - 1)
        outer = np.clip(np.round(at + sign * 3).astype(np.intp), 0, width - 1)
        clear.append((cares[:, ys, inner] & cares[:, ys, outer]).all(axis=1))
        diff = strips[:, ys, inner] - strips[:, ys, outer]
        seen.append(np.einsum("psrk,psrk->psr", diff, diff).max(axis=1) >= least)
    seen_a, clear_a = np.concatenate(seen, axis=1), np.concatenate(clear, axis=1)
    n_clear = clear_a.sum(axis=1)
    shares = (seen_a & clear_a).sum(axis=1) / np.maximum(n_clear, 1)
    return [float(s) if n else None for s, n in zip(shares.tolist(), n_clear.tolist(), strict=True)]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sides_seen_by_flat_index_is_the_plain_indexing(seed: int) -> None:
    strips = _lab_strips(seed)
    rng = np.random.default_rng(seed + 5)
    cares = rng.random(strips.shape[:3]) < 0.97
    cares[2] = False  # a point under a die: nothing can be told
    field = np.median(strips.reshape(-1, 3), axis=0).astype(np.float32)
    triangles = (field + rng.normal(0, 30, (len(strips), 3))).astype(np.float32)
    got = sides_seen(strips, cares, 130.0, 30.0, triangles, field)
    want = _plain_sides_seen(strips, cares, 130.0, 30.0, triangles, field)
    assert got == want
    assert got[2] is None and any(s is not None and 0 < s < 1 for s in got)


def test_edge_looks_by_flat_index_is_each_strips_disc_mean() -> None:
    strips = _lab_strips(4, n=5)
    disc = np.zeros(strips.shape[1:3], bool)
    cv2.circle(disc.view(np.uint8), (20, 18), 12, 1, -1)
    counts = [0, 2, 0, 0, 1]
    # Sets at two empty strips' own means: those two look like them, the third like neither.
    sets = [(True, strips[0][disc].mean(axis=0)), (False, strips[3][disc].mean(axis=0))]
    got = edge_looks(strips, counts, disc, sets)
    want = [
        _mean_like(s[disc].mean(axis=0), sets) if n == 0 else None
        for s, n in zip(strips, counts, strict=True)
    ]
    assert got == want and got[0] is True and got[3] is False


def test_verified_shares_belong_to_their_own_circles() -> None:
    # Circles alternately on patches unlike the board and like it (no rims: a flat image), so a
    # share given to the wrong circle flips its answer.
    lab8 = np.full((200, 400, 3), (120, 128, 128), np.uint8)
    centres = [(40 + 45 * k, 100) for k in range(8)]
    for k, (x, y) in enumerate(centres):
        if k % 2 == 0:
            lab8[y - 12 : y + 13, x - 12 : x + 13] = (220, 150, 100)  # unlike both
    lab = lab8.astype(np.float32)
    field = np.array([120, 128, 128], np.float32)
    tri = [np.array([60, 128, 128], np.float32), np.array([200, 128, 128], np.float32)]
    circles = np.array([(x, y, 18.0) for x, y in centres], np.float32)
    circles = np.concatenate([circles, [[2.0, 2.0, 18.0]]]).astype(np.float32)  # cut by a corner
    kept, strong, _ = verified(circles, lab, edges_of(lab8), field, tri)
    want = []
    for x, y, r in circles:
        rr = 0.55 * r
        patch = lab[int(max(0, y - rr)) : int(y + rr + 1), int(max(0, x - rr)) : int(x + rr + 1)]
        px = patch.reshape(-1, 3)
        unlike = far_from(px, field) & far_from(px, tri[0]) & far_from(px, tri[1])
        want.append(float(unlike.mean()) > 0.4)
    assert kept.tolist() == circles[np.array(want)].tolist()
    assert want[:8] == [True, False] * 4 and strong.all()


@pytest.mark.parametrize("seed", [0, 1])
def test_verified_rims_are_ring_evidences_from_one_sampling(seed: int) -> None:
    # verified samples every direction of every circle once: its rims all round are
    # ring_evidence's of the kept circles, and its keep rule sees ring_evidence's facing rims.
    rng = np.random.default_rng(seed)
    bgr = cv2.GaussianBlur(rng.integers(0, 256, (240, 420, 3)).astype(np.uint8), (0, 0), 3)
    circles = []
    for k in range(10):
        x, y = 30 + 40 * k, (60 if k % 2 else 180) + int(rng.integers(-8, 9))
        if k % 3:
            cv2.circle(bgr, (x, y), 17, (40, 60, 200) if k % 2 else (230, 230, 230), -1)
        circles.append((x + rng.normal(0, 1.5), y + rng.normal(0, 1.5), 17.0 + rng.normal(0, 1)))
    lab8 = cv2.cvtColor(cv2.GaussianBlur(bgr, (3, 3), 0), cv2.COLOR_BGR2LAB)
    lab = lab8.astype(np.float32)
    edges = edges_of(lab8)
    c = np.array(circles, np.float32)
    field = np.median(lab.reshape(-1, 3), axis=0)
    tri = [field + 30, field - 30]
    kept, _, round_ = verified(c, lab, edges, field, tri)
    assert 0 < len(kept) < len(c)  # some kept, some not: both paths of the keep rule
    want = ring_evidence(edges.gx, edges.gy, kept, edges.scale, all_round=True)
    assert round_.dtype == want.dtype and np.array_equal(round_, want)
    facing = ring_evidence(edges.gx, edges.gy, c, edges.scale)
    px_kept = {tuple(k) for k in kept.tolist()}
    for circle, rim in zip(c.tolist(), facing.tolist(), strict=True):
        if rim > 1.5:  # a rim kept it, whatever its colour
            assert tuple(circle) in px_kept
