"""A row the learned cue lengthened, or a row of four on a half that barely holds five, takes
the slots past it coloured like its set (vision.checkers.slot_colour.set_slot_room, used by
vision.checkers.point_reads): a dark fifth checker on the dark field past the triangle's tip.
Renders of ``scripts/render-synthetic --set train`` (IMG_63027 and IMG_63122, looked at when
the rule was made; IMG_60126, session 28's touching row, not looked at for it)."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.board_scenes import read_given
from vision.checkers.slot_colour import like_set_slots, set_slot_room

SURE = 0.65


def test_a_fifth_slot_the_half_barely_holds_is_looked_at() -> None:
    # Five slots need 0.5 d + 4 pitch + 0.5 d = 218 of a 225 half less its 0.2 d: four in the
    # first layer, yet the fifth's sampled disc (0.35 d) lies inside the half.
    d, pitch, half, w = 42.0, 44.0, 225, 45
    assert set_slot_room(4, half, d, pitch) == 5
    assert set_slot_room(4, 210, d, pitch) == 4  # its disc would leave the half
    rng = np.random.default_rng(5)
    field, black = (30.0, 132.0, 131.0), np.array([12.0, 129.0, 128.0], np.float32)
    care = np.ones((half, w), bool)
    tri_mask = np.zeros((half, w), bool)  # past the triangle's tip: the field only
    refs = (np.array(field, np.float32), np.array(field, np.float32))

    def strip(n: int) -> np.ndarray:
        s = np.empty((half, w, 3), np.float32)
        s[:] = field
        for k in range(n):
            c = tuple(map(float, black))
            cv2.circle(s, (w // 2, int(0.5 * d + k * pitch)), int(0.48 * d), c, -1)
        return s + rng.normal(0.0, 1.0, s.shape).astype(np.float32)

    fifth = [0.5 * d + 4 * pitch]
    assert like_set_slots(strip(5), care, tri_mask, refs, black, fifth, d) == 1
    assert like_set_slots(strip(4), care, tri_mask, refs, black, fifth, d) == 0


def test_a_dark_fifth_checker_past_a_row_of_four_is_counted(monkeypatch) -> None:
    # IMG_63027: black's 5 on point 12 at the board's end, dark on the dark field past its
    # triangle, read 4 (doubted); the short side's fill then gave its missing checker to the
    # doubted 5 on point 19.
    read, labels = read_given(63026)
    assert labels["board"]["black"][11] == 5 and labels["board"]["black"][18] == 5
    assert read["board"]["black"][11] == 5 and read["board"]["black"][18] == 5
    assert read["confidence"]["points"][11] < SURE
    monkeypatch.setattr("vision.checkers.point_reads.set_slot_room", lambda *a: 0)
    without = read_given(63026)[0]
    assert without["board"]["black"][11] == 4 and without["board"]["black"][18] == 6


def test_a_row_the_learned_cue_lengthened_takes_its_set_coloured_fifth(monkeypatch) -> None:
    # IMG_63122: black's 5 on point 12, read empty, then four by the learned cue (its fifth
    # slot under the cue's bar); the fill then put the missing checker on empty point 18.
    read, labels = read_given(63121)
    assert labels["board"]["black"][11] == 5 and labels["board"]["black"][17] == 0
    assert read["board"]["black"][11] == 5 and read["board"]["black"][17] == 0
    assert read["confidence"]["points"][11] < SURE
    monkeypatch.setattr("vision.checkers.point_reads.set_slot_room", lambda *a: 0)
    without = read_given(63121)[0]
    assert without["board"]["black"][11] == 4 and without["board"]["black"][17] == 1


def test_a_touching_row_at_the_side_read_one_short_takes_its_fifth(monkeypatch) -> None:
    # IMG_60126: black's 5 touching at the board's side (point 24) read 4 (doubted by the
    # outline past the row); its fifth slot's colour now counts it, still doubted.
    read, labels = read_given(60125)
    assert labels["board"]["black"][23] == 5
    assert read["board"]["black"][23] == 5
    assert read["confidence"]["points"][23] < SURE
    monkeypatch.setattr("vision.checkers.point_reads.set_slot_room", lambda *a: 0)
    assert read_given(60125)[0]["board"]["black"][23] == 4
