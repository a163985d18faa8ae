"""A black cube at the end of a light side tray on a dark frame (vision.cube_notch): no darker
than the frame the side strip's median is, it shows only as a notch bitten out of the tray's
blob, and is found by the number read there."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import train_render
from vision.board import BoardGeometry
from vision.cube import find_cube
from vision.cube_notch import notch_blobs
from vision.evaluate import labelled_board


@pytest.mark.parametrize(
    "index",
    [
        27426,  # /tmp/unseen22 IMG_27427: fm_beige, a 16 at the top of the right tray
        27462,  # IMG_27463: a 16 at the bottom of the left tray, by the tray's shadowed edge
    ],
)
def test_a_black_cube_at_a_light_trays_end_is_found(index: int) -> None:
    """Train renders (seed 3000), board given: the cube was not found at all before."""
    image, labels = train_render(index)
    fix = labelled_board(labels["board"]["corners"])(image)
    assert fix is not None
    home = labels["board"]["white_home"]
    cube = find_cube(image, fix.matrix, fix.geometry, home)
    truth = labels["cube"]
    assert cube is not None
    assert (cube.location, cube.value) == (truth["location"], truth["value"])
    geo: BoardGeometry = fix.geometry
    assert cube.centre is not None and not 0 <= cube.centre[0] <= geo.width  # in a tray


def test_notches_are_the_gaps_a_large_blob_leaves_in_its_box() -> None:
    """A tray-like bar with a square bitten out of its end and a hole in its middle: both gaps
    are notches; a small blob's gaps are not looked at."""
    mask = np.zeros((200, 60), bool)
    mask[10:190, 10:50] = True
    mask[12:32, 25:45] = False  # the notch: a cube at the tray's top end, inside its box
    mask[100:110, 20:30] = False  # a hole
    mask[192:199, 0:7] = True  # a small blob: the gap in its box is not looked at
    mask[192:196, 3:7] = False
    n, stats, cents = notch_blobs(mask, min_area=400)
    assert n == 3  # the background row and the two gaps
    boxes = sorted(tuple(int(v) for v in s[:4]) for s in stats[1:])
    assert boxes == [(20, 100, 10, 10), (25, 12, 20, 20)]
    assert np.allclose(sorted(map(tuple, cents[1:].round(1))), [(24.5, 104.5), (34.5, 21.5)])
