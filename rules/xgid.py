"""eXtreme Gammon's XGID: a position, the cube, the dice and the score in one line.

White is X (upper case, the bottom player), black is O. :meth:`Position.to_xgid
<rules.position.Position.to_xgid>` and :meth:`Position.from_xgid
<rules.position.Position.from_xgid>` call these.

>>> text = to_xgid(Position.start(), dice=(3, 1))
>>> text
'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10'
>>> Position.from_xgid(text) == Position.start()
True
"""

from __future__ import annotations

from rules.position import BAR, CHECKERS, OFF, SLOTS, InvalidPosition, Position
from rules.side import Side


def to_xgid(
    position: Position,
    *,
    cube_log: int = 0,
    cube_owner: int = 0,
    dice: tuple[int, int] | None = None,
    score: tuple[int, int] = (0, 0),
    crawford_jacoby: int = 0,
    match_length: int = 0,
    max_cube: int = 10,
) -> str:
    """eXtreme Gammon's XGID. White is X (upper case, the bottom player), black is O.

    The position field lists, from X's numbering: O's bar, points 1-24, X's bar.
    ``turn`` is 1 when X (white) is on roll, -1 when O (black) is. ``cube_owner``: 1 = X,
    -1 = O, 0 = centred. ``score`` is (X, O).

    >>> to_xgid(Position.start())
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
    """
    white, black = position.side(Side.WHITE), position.side(Side.BLACK)
    chars = [_xg_char(0, black[BAR])]
    for p in range(1, 25):
        chars.append(_xg_char(white[p], black[25 - p]))
    chars.append(_xg_char(white[BAR], 0))
    turn = 1 if position.player is Side.WHITE else -1
    dice_text = "00" if dice is None else f"{dice[0]}{dice[1]}"
    fields = [
        "".join(chars),
        str(cube_log),
        str(cube_owner),
        str(turn),
        dice_text,
        str(score[0]),
        str(score[1]),
        str(crawford_jacoby),
        str(match_length),
        str(max_cube),
    ]
    return "XGID=" + ":".join(fields)


def xgid_sides(xgid: str) -> tuple[list[int], list[int], Side]:
    """White's and black's slots (each in its own numbering: off, points 1-24, bar) and the
    colour on roll of an XGID; the cube and score fields are ignored.

    >>> white, black, player = xgid_sides('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10')
    >>> white[6], black[24], player
    (5, 2, <Side.WHITE: 'white'>)
    """
    text = xgid.strip()
    if text.upper().startswith("XGID="):
        text = text[5:]
    fields = text.split(":")
    board = fields[0]
    if len(board) != 26:
        raise InvalidPosition(
            f"an XGID position field has 26 characters, {board!r} has {len(board)}"
        )
    white = [0] * SLOTS
    black = [0] * SLOTS
    for i, ch in enumerate(board):
        if ch == "-":
            continue
        if "A" <= ch <= "P":
            n, is_x = ord(ch) - ord("A") + 1, True
        elif "a" <= ch <= "p":
            n, is_x = ord(ch) - ord("a") + 1, False
        else:
            raise InvalidPosition(f"XGID character {ch!r} at position {i} is not -, A-P or a-p")
        if is_x:
            if i == 0:
                raise InvalidPosition("XGID: the first character is O's bar, found X checkers")
            white[BAR if i == 25 else i] = n
        else:
            if i == 25:
                raise InvalidPosition("XGID: the last character is X's bar, found O checkers")
            black[BAR if i == 0 else 25 - i] = n
    white[OFF] = CHECKERS - sum(white)
    black[OFF] = CHECKERS - sum(black)
    turn = fields[3] if len(fields) > 3 else "1"
    if turn not in ("1", "-1"):
        raise InvalidPosition(f"XGID turn field must be 1 or -1, got {turn!r}")
    player = Side.WHITE if turn == "1" else Side.BLACK
    return white, black, player


def _xg_char(x: int, o: int) -> str:
    if x:
        return chr(ord("A") + x - 1)
    if o:
        return chr(ord("a") + o - 1)
    return "-"
