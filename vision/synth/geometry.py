"""Canonical board layout used by the synthetic renderer.

Coordinates are millimetres on the playing surface, origin at the TOP-LEFT corner of the
playing area as seen in the image, x to the right, y down (z, used by the renderer, points
down into the table, so heights above the surface are negative z). The playing area is the
surface holding the 24 points and the bar; frame and bear-off trays lie outside it.

Point indices are WHITE-numbered as in DATASET.md: index 0 is white's point 1, index 23 is
white's point 24. ``white_home`` says in which image corner white's points 1-6 lie.

Usage::

    >>> g = BoardGeometry()
    >>> col, top = g.point_cell(0, "bottom-right")   # white's ace point
    >>> (col, top)
    (11, False)
    >>> g.zone_at(10.0, 300.0, "bottom-right")        # a die in the left half
    'black_right'
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE_HOMES = ("bottom-right", "bottom-left", "top-right", "top-left")
ZONES = ("white_right", "black_right", "bar", "outside")


def check_white_home(white_home: str) -> None:
    """Raise ValueError unless ``white_home`` is one of WHITE_HOMES."""
    if white_home not in WHITE_HOMES:
        raise ValueError(f"white_home must be one of {WHITE_HOMES}, got {white_home!r}")


@dataclass(frozen=True)
class BoardGeometry:
    """Physical sizes of one board (mm) and the mapping from points to places.

    >>> BoardGeometry().play_width
    524.0
    """

    point_width: float = 40.0
    bar_width: float = 44.0
    play_height: float = 430.0
    triangle_height: float = 175.0
    frame_width: float = 30.0
    tray_width: float = 55.0  # 0 = no bear-off trays
    checker_diameter: float = 37.0
    checker_thickness: float = 7.5
    die_size: float = 15.0
    cube_size: float = 22.0
    frame_height: float = 9.0  # frame top above the playing surface
    board_thickness: float = 40.0  # playing surface above the table

    # --- overall extents -------------------------------------------------------------
    @property
    def play_width(self) -> float:
        return 12 * self.point_width + self.bar_width

    @property
    def half_width(self) -> float:
        return 6 * self.point_width

    @property
    def checker_radius(self) -> float:
        return self.checker_diameter / 2

    def play_corners(self) -> list[tuple[float, float]]:
        """Playing-area corners clockwise from top-left (mm)."""
        w, h = self.play_width, self.play_height
        return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]

    def outer_rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the whole board: playing area + trays + frame."""
        side = self.frame_width + (self.tray_width + self.frame_width if self.tray_width else 0)
        return (
            -side,
            -self.frame_width,
            self.play_width + side,
            self.play_height + self.frame_width,
        )

    def tray_rect(self, side: str) -> tuple[float, float, float, float] | None:
        """(x0, y0, x1, y1) of the bear-off tray on ``side`` ("left"/"right"), or None."""
        if not self.tray_width:
            return None
        if side == "left":
            x1 = -self.frame_width
            return (x1 - self.tray_width, 0.0, x1, self.play_height)
        if side == "right":
            x0 = self.play_width + self.frame_width
            return (x0, 0.0, x0 + self.tray_width, self.play_height)
        raise ValueError(f"tray side must be 'left' or 'right', got {side!r}")

    def bar_rect(self) -> tuple[float, float, float, float]:
        x0 = self.half_width
        return (x0, 0.0, x0 + self.bar_width, self.play_height)

    # --- points ------------------------------------------------------------------------
    def column_x(self, col: int) -> float:
        """Centre x of point column ``col`` (0..11, image left to right)."""
        if not 0 <= col < 12:
            raise ValueError(f"column must be 0..11, got {col}")
        x = (col + 0.5) * self.point_width
        return x + (self.bar_width if col >= 6 else 0.0)

    def point_cell(self, index: int, white_home: str) -> tuple[int, bool]:
        """(column 0..11, on_top_row) of white-numbered point ``index`` (0..23)."""
        check_white_home(white_home)
        if not 0 <= index < 24:
            raise ValueError(f"point index must be 0..23, got {index}")
        # Reference layout: white home bottom-right, index 0 at column 11 bottom.
        if index < 12:
            col, top = 11 - index, False
        else:
            col, top = index - 12, True
        if white_home.endswith("left"):
            col = 11 - col
        if white_home.startswith("top"):
            top = not top
        return col, top

    def point_triangle(self, index: int, white_home: str) -> list[tuple[float, float]]:
        """Triangle of a point (base corners then tip), mm."""
        col, top = self.point_cell(index, white_home)
        cx, hw = self.column_x(col), self.point_width / 2
        if top:
            return [(cx - hw, 0.0), (cx + hw, 0.0), (cx, self.triangle_height)]
        h = self.play_height
        return [(cx - hw, h), (cx + hw, h), (cx, h - self.triangle_height)]

    def point_base(self, index: int, white_home: str) -> tuple[float, float, float]:
        """(x centre, y of the outer edge, direction +1 down / -1 up toward the middle)."""
        col, top = self.point_cell(index, white_home)
        return (self.column_x(col), 0.0 if top else self.play_height, 1.0 if top else -1.0)

    def checker_spot(self, index: int, white_home: str, slot: float) -> tuple[float, float]:
        """Centre (mm) of the ``slot``-th checker (0 = at the edge) on a point, no gaps."""
        x, y0, d = self.point_base(index, white_home)
        r = self.checker_radius
        return (x, y0 + d * (r + 0.5 + slot * self.checker_diameter))

    # --- sides and zones ---------------------------------------------------------------
    @staticmethod
    def white_edge(white_home: str) -> str:
        """Long edge white sits at ("top" or "bottom")."""
        check_white_home(white_home)
        return "top" if white_home.startswith("top") else "bottom"

    @staticmethod
    def home_side(white_home: str) -> str:
        """Side ("left"/"right") of both home boards: the bear-off side."""
        check_white_home(white_home)
        return "left" if white_home.endswith("left") else "right"

    def half_rect(self, half: str) -> tuple[float, float, float, float]:
        if half == "left":
            return (0.0, 0.0, self.half_width, self.play_height)
        if half == "right":
            x0 = self.half_width + self.bar_width
            return (x0, 0.0, self.play_width, self.play_height)
        raise ValueError(f"half must be 'left' or 'right', got {half!r}")

    def zone_half(self, zone: str, white_home: str) -> str:
        """Image half ("left"/"right") of zone white_right or black_right."""
        white_at_bottom = self.white_edge(white_home) == "bottom"
        if zone == "white_right":
            return "right" if white_at_bottom else "left"
        if zone == "black_right":
            return "left" if white_at_bottom else "right"
        raise ValueError(f"zone {zone!r} is not a half of the board")

    def zone_at(self, x: float, y: float, white_home: str) -> str:
        """Zone (DATASET.md) of a die whose centre is at (x, y) mm."""
        if not (0.0 <= x <= self.play_width and 0.0 <= y <= self.play_height):
            return "outside"
        if self.half_width <= x <= self.half_width + self.bar_width:
            return "bar"
        half = "left" if x < self.half_width else "right"
        return "white_right" if self.zone_half("white_right", white_home) == half else "black_right"
