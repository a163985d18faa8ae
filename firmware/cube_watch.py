"""The cube the camera sees against the match's cube: a notice when they disagree.

The referee keeps the cube only from the players' commands (double, take, pass, beaver: the
buttons or the page, :mod:`firmware.commands`); the camera's cube (``Observation.cube``, from
:mod:`vision.cube`) is a check on them.  After a take the cube lies on the taker's side showing
twice the value; if the camera sees it elsewhere or on another number, a button was likely
missed or pressed for the wrong side (a take pressed as a pass ends the game), and the players
are told once.  It never blocks play and never changes the match: only the players' commands do.

Only a cube whose number is read is compared (an unread one says too little, and is what
the reader leaves in doubt).  Renders, board given (IMG_64401-64800, dev found and given):
of 480 frames with a cube read with its number, 3 disagreed with the truth (a cube read where
there was none, two faces misread); four-dice renders of IMG_64401-64800 (plain and real pips,
the same cubes), 5 and 7 of 312 (faces misread, cubes on the wrong side): with the buttons
pressed right, 1-2% of such still scenes would say a false notice (a glance for the
players). The referee sees still scenes again and again, so one misreading says its notice
once, not every frame.  The cube is compared only while it should lie still: not while a
double or a resignation is offered, nor after the match.

::

    watch = CubeWatch()
    text = watch.notice(obs.cube, match.cube, match.phase)  # None: agreed, said, or unread
"""

from __future__ import annotations

from rules.cube import Cube
from rules.game_state import Phase
from vision.observation import CubeReading

# Where the cube lies still: not while a double or resignation is offered, nor after a game.
_STILL = (Phase.OPENING, Phase.TO_ROLL, Phase.ROLLED, Phase.MOVED)


class CubeWatch:
    """Says each disagreement once: until the camera sees the cube where the match has it."""

    def __init__(self) -> None:
        self._said: str | None = None

    def notice(self, seen: CubeReading | None, cube: Cube, phase: Phase) -> str | None:
        """:func:`cube_notice`, unless the cube is not still (``phase``) or it was just said.

        >>> w = CubeWatch()
        >>> w.notice(CubeReading("black", 2, 0.9), Cube(), Phase.TO_ROLL) is not None
        True
        >>> w.notice(CubeReading("black", 2, 0.9), Cube(), Phase.ROLLED) is None  # said
        True
        """
        if phase not in _STILL:
            return None
        text = cube_notice(seen, cube)
        if text is None:
            if seen is not None and seen.value is not None:
                self._said = None  # seen where the match has it: a new disagreement is said
            return None
        if text == self._said:
            return None
        self._said = text
        return text


def cube_notice(seen: CubeReading | None, cube: Cube) -> str | None:
    """What to tell the players when ``seen`` (the camera's cube, its number read) is not
    where or not on the number the match's ``cube`` says; None when they agree or when
    nothing was read.

    >>> from rules.side import Side
    >>> cube_notice(CubeReading("centre", 64, 0.9), Cube()) is None
    True
    >>> cube_notice(CubeReading("centre", 2, 0.9), Cube(2, Side.BLACK))
    "the camera sees the cube centred on 2, the match has it on black's side on 2: \
was a cube button missed?"
    """
    if seen is None or seen.value is None:
        return None
    where = "centre" if cube.owner is None else str(cube.owner)
    if seen.location == where and seen.value == cube.face:
        return None
    return (
        f"the camera sees the cube {_place(seen.location, seen.value)}, the match has it "
        f"{_place(where, cube.face)}: was a cube button missed?"
    )


def _place(location: str, face: int) -> str:
    return f"centred on {face}" if location == "centre" else f"on {location}'s side on {face}"
