"""Observations as the vision layer would report them, built from rules positions."""

from __future__ import annotations

from rules.position import Position
from vision.observation import Observation, ObservedDie


def die(
    value: int | None,
    zone: str = "white_right",
    state: str = "flat",
    at: tuple[float, float] = (5.0, 5.0),
    confidence: float = 0.99,
) -> ObservedDie:
    """A die read at image point ``at`` (its box 10 px square around it)."""
    x, y = at
    box = (int(x - 5), int(y - 5), int(x + 5), int(y + 5))
    return ObservedDie(value, box, (float(x), float(y)), state, zone, confidence)


def seen(
    position: Position,
    dice: tuple[ObservedDie, ...] = (),
    confidence: float = 0.99,
    unsure: dict[int, float] | None = None,
) -> Observation:
    """The observation of ``position`` (any view) with ``dice``; ``unsure`` maps white-numbered
    points (1-24) to a lower confidence."""
    white, black, bar, off = position.to_white_numbered()
    conf = [confidence] * 24
    for point, c in (unsure or {}).items():
        conf[point - 1] = c
    return Observation(
        "ok",
        tuple(white),
        tuple(black),
        bar["white"],
        bar["black"],
        off["white"],
        off["black"],
        False,
        tuple(conf),
        confidence,
        confidence,
        dice,
        None,
        None,
        None,
        confidence,
    )


def with_counts(obs: Observation, white: dict[int, int], black: dict[int, int]) -> Observation:
    """``obs`` with some white-numbered point counts replaced (a misread)."""
    from dataclasses import replace

    assert obs.white is not None and obs.black is not None
    w, b = list(obs.white), list(obs.black)
    for p, n in white.items():
        w[p - 1] = n
    for p, n in black.items():
        b[p - 1] = n
    return replace(obs, white=tuple(w), black=tuple(b))
