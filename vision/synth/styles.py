"""Board, checker, dice and table looks for synthetic scenes (colours are BGR).

Usage::

    >>> s = STYLES["tournament_green"]
    >>> s.surface_kind
    'felt'
    >>> sorted(STYLES)[:2]
    ['black_red', 'dark']
"""

from __future__ import annotations

from dataclasses import dataclass

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class BoardStyle:
    """How one kind of board looks. ``checkers`` lists (white, black) top colours; white is
    always the lighter. ``geometry`` holds (min, max) ranges picked by random_scene."""

    name: str
    surface: BGR
    surface_kind: str  # felt | wood | leather | paper
    points: tuple[BGR, BGR]
    point_outline: BGR | None
    frame: BGR
    frame_kind: str  # wood | leather | paper
    checkers: tuple[tuple[BGR, BGR], ...]
    checker_finish: str  # glossy | pearl | matte | flat
    dice: tuple[tuple[BGR, BGR], ...]  # (body, pips)
    cube: tuple[BGR, BGR]  # (body, digits)
    trays: bool = True
    thin_checkers: bool = False


STYLES: dict[str, BoardStyle] = {
    s.name: s
    for s in (
        BoardStyle(
            name="tournament_green",
            surface=(58, 104, 40),
            surface_kind="felt",
            points=((196, 222, 232), (38, 40, 160)),
            point_outline=None,
            frame=(30, 55, 90),
            frame_kind="wood",
            checkers=(((222, 232, 238), (38, 36, 40)), ((214, 228, 236), (40, 34, 150))),
            checker_finish="glossy",
            dice=(((232, 236, 238), (30, 30, 30)), ((40, 40, 190), (235, 235, 235))),
            cube=((230, 236, 240), (30, 30, 30)),
        ),
        BoardStyle(
            name="black_red",
            surface=(28, 28, 30),
            surface_kind="leather",
            points=((40, 38, 175), (215, 220, 222)),
            point_outline=None,
            frame=(22, 22, 26),
            frame_kind="leather",
            checkers=(((225, 230, 232), (36, 36, 160)), ((205, 220, 230), (120, 60, 30))),
            checker_finish="glossy",
            dice=(((235, 236, 238), (25, 25, 25)), ((36, 36, 175), (235, 235, 235))),
            cube=((230, 232, 235), (30, 30, 150)),
        ),
        BoardStyle(
            name="light",
            surface=(168, 200, 222),
            surface_kind="wood",
            points=((118, 158, 200), (205, 226, 238)),
            point_outline=None,
            frame=(120, 165, 205),
            frame_kind="wood",
            checkers=(((236, 240, 244), (176, 208, 228)), ((226, 232, 232), (150, 190, 220))),
            checker_finish="pearl",
            dice=(((238, 240, 240), (30, 30, 30)), ((220, 226, 230), (40, 40, 40))),
            cube=((238, 240, 240), (40, 40, 40)),
        ),
        BoardStyle(
            name="dark",
            surface=(34, 48, 66),
            surface_kind="wood",
            points=((22, 26, 32), (52, 80, 112)),
            point_outline=None,
            frame=(22, 32, 46),
            frame_kind="wood",
            checkers=(((60, 92, 132), (28, 28, 32)), ((70, 80, 96), (22, 22, 26))),
            checker_finish="glossy",
            dice=(((232, 236, 238), (25, 25, 25)), ((30, 30, 30), (230, 230, 230))),
            cube=((30, 30, 30), (60, 170, 220)),
        ),
        BoardStyle(
            name="fm_beige",
            surface=(196, 212, 222),
            surface_kind="leather",
            points=((32, 30, 30), (60, 140, 196)),
            point_outline=None,
            frame=(30, 42, 58),
            frame_kind="wood",
            checkers=(((222, 228, 230), (50, 150, 210)), ((220, 226, 232), (34, 30, 120))),
            checker_finish="pearl",
            dice=(((40, 40, 180), (236, 236, 236)), ((60, 150, 40), (236, 236, 236))),
            cube=((24, 24, 24), (70, 180, 225)),
        ),
        BoardStyle(
            name="walnut",
            surface=(40, 78, 122),
            surface_kind="wood",
            points=((226, 230, 234), (26, 26, 28)),
            point_outline=None,
            frame=(30, 58, 95),
            frame_kind="wood",
            checkers=(((230, 234, 236), (34, 28, 115)), ((225, 230, 234), (30, 30, 32))),
            checker_finish="glossy",
            dice=(((235, 236, 238), (25, 25, 25)),),
            cube=((235, 236, 238), (30, 30, 30)),
        ),
        BoardStyle(
            name="paper",
            surface=(232, 234, 236),
            surface_kind="paper",
            points=((112, 112, 112), (236, 238, 240)),
            point_outline=(30, 30, 30),
            frame=(20, 20, 20),
            frame_kind="paper",
            checkers=(((70, 190, 120), (50, 80, 235)), ((60, 200, 230), (160, 80, 40))),
            checker_finish="flat",
            dice=(((236, 238, 240), (25, 25, 25)),),
            cube=((236, 238, 240), (25, 25, 25)),
            trays=False,
            thin_checkers=True,
        ),
    )
}

TABLES: dict[str, tuple[BGR, str]] = {
    "oak": ((90, 140, 185), "wood"),
    "dark_wood": ((35, 55, 80), "wood"),
    "blue_cloth": ((120, 70, 40), "cloth"),
    "green_cloth": ((60, 100, 50), "cloth"),
    "grey_desk": ((150, 150, 148), "plain"),
    "white_desk": ((215, 218, 220), "plain"),
    "black": ((25, 25, 25), "cloth"),
}

SKIN_TONES: tuple[BGR, ...] = (
    (150, 175, 225),
    (120, 150, 205),
    (95, 125, 180),
    (70, 95, 140),
    (50, 70, 105),
    (140, 170, 215),
)
