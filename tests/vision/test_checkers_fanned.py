"""Fanned stacks counted from their outlines' chain or run (vision.checkers.fanned)."""

from __future__ import annotations

import numpy as np


def test_a_fanned_chain_whose_edge_outline_is_lost_still_counts() -> None:
    from vision.checkers.fanned import chain_count

    d, pitch, half = 42.0, 44.0, 239
    # Eight fanned checkers (period 28) coloured like their point: the edge one's outline is
    # lost, so the chain starts at the second, just over a checker from the edge.
    chain = np.array([43.5, 74.5, 100.5, 129.5, 159.5, 189.5, 217.5])
    assert chain_count(chain, d, pitch, half, even_only=True) == 8
    # A chain starting well beyond the first two slots is not a stack from the edge.
    assert chain_count(chain + 40.0, d, pitch, half, even_only=True) is None


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
