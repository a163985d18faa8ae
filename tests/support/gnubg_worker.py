"""The program :mod:`tests.support.gnubg` runs inside GNU Backgammon's embedded Python.

``gnubg -t -q -r -p gnubg_worker.py`` runs it with ``import gnubg`` available (so it cannot be
imported anywhere else). It reads ``{"op", "items", "options"}`` from the JSON file named by
``$BGREF_GNUBG_REQ``, answers every item with the op's function, and writes ``{"results":
[{"ok": value} | {"error": text}, ...]}`` (or ``{"fatal": traceback}``) to ``$BGREF_GNUBG_RESP``.
gnubg's board printing goes to /dev/null except where captured.
"""

import ctypes
import itertools
import json
import os
import random
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import gnubg

_libc = ctypes.CDLL(None)
START = "4HPwATDgc/ABMA"

# gnubg's board: (opponent, mover), each 25 counts (index 24 = the bar), tuples or lists.
Board = tuple[Sequence[int], Sequence[int]]
# An op answers one request item (a JSON value) with a JSON value.
Op = Callable[[Any, dict[str, Any]], object]


def capture(command: str) -> str:
    """Run a gnubg command and return what it printed on stdout and stderr."""
    with tempfile.TemporaryFile() as f:
        sys.stdout.flush()
        sys.stderr.flush()
        _libc.fflush(None)
        saved = os.dup(1), os.dup(2)
        os.dup2(f.fileno(), 1)
        os.dup2(f.fileno(), 2)
        try:
            gnubg.command(command)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            _libc.fflush(None)
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        f.seek(0)
        return f.read().decode("utf-8", "replace")


def messages(text: str) -> list[str]:
    """The lines of gnubg output that are not part of a printed board."""
    keep = []
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(("|", "+", "^|", "v|", "GNU Backgammon", "Match ID")):
            continue
        keep.append(s)
    return keep


def ensure_game() -> None:
    try:
        playing = gnubg.posinfo()["gamestate"] == 1
    except Exception:
        playing = False
    if not playing:
        gnubg.command("new game")


def decode(pid: object) -> Board:
    if not isinstance(pid, str):
        raise ValueError(f"position ID must be a string, got {pid!r}")
    try:
        board: Board = gnubg.positionfromid(pid)
    except Exception as exc:
        raise ValueError(f"gnubg rejects position ID {pid!r}: {exc}") from None
    if gnubg.positionid(board) != pid:
        raise ValueError(
            f"gnubg does not read {pid!r} as a canonical position ID (it re-encodes it "
            f"as {gnubg.positionid(board)!r})"
        )
    return board


def set_position(pid: str, dice: Sequence[int]) -> Board:
    board = decode(pid)
    if sum(board[1]) == 0:
        raise ValueError(f"position {pid!r}: the side on roll (second block) has no checkers left")
    ensure_game()
    gnubg.command("set board " + pid)
    if gnubg.positionid() != pid:
        raise ValueError(f"gnubg did not accept board {pid!r} (it shows {gnubg.positionid()!r})")
    gnubg.command(f"set dice {dice[0]} {dice[1]}")
    got = tuple(gnubg.posinfo()["dice"])
    if sorted(got) != sorted(dice):
        raise ValueError(f"gnubg did not accept dice {dice!r} (it shows {got!r})")
    shown: Board = gnubg.board()
    return shown


def apply_steps(board: Board, steps: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """(opponent, mover) after the mover plays steps [(from, to)], 25 = bar, 0 = off."""
    opp, me = list(board[0]), list(board[1])
    for frm, to in steps:
        i = 24 if frm == 25 else frm - 1
        if not 0 <= i <= 24 or me[i] <= 0:
            raise ValueError(f"step {frm}/{to} has no checker to move")
        me[i] -= 1
        if to > 0:
            me[to - 1] += 1
            j = 24 - to  # the opponent's own index of our point `to`
            if opp[j] == 1:
                opp[j] = 0
                opp[24] += 1
            elif opp[j] > 1:
                raise ValueError(f"step {frm}/{to} lands on a made point")
    return opp, me


def plays(pid: str, dice: Sequence[int]) -> list[list[str]]:
    board = set_position(pid, dice)
    out = []
    for entry in gnubg.hint()["hint"]:
        opp, me = apply_steps(board, gnubg.parsemove(entry["move"]))
        out.append([gnubg.positionid((opp, me)), entry["move"]])
    return out or [[pid, ""]]


def op_legal(item: Any, options: dict[str, Any]) -> list[list[str]]:
    return plays(item[0], item[1])


def op_check(item: Any, options: dict[str, Any]) -> list[list[str]]:
    """Every hint play of item, as played by gnubg's own `move` command (mover's view)."""
    pid, dice = item
    out = []
    for rid, notation in plays(pid, dice):
        if not notation:
            out.append([rid, notation])
            continue
        set_position(pid, dice)
        turn = gnubg.posinfo()["turn"]
        text = capture("move " + notation)
        info = gnubg.posinfo()
        b = gnubg.board()
        if info["gamestate"] == 1 and info["turn"] == turn:
            raise ValueError(f"gnubg refused {notation!r} in {pid}: {messages(text)}")
        if info["gamestate"] == 1:
            mover_view = (b[1], b[0])  # the opponent is on roll now: the mover is board[0]
        else:
            # Game over (the mover bore off its last checker): the mover has none left.
            mover_view = (b[0], b[1]) if sum(b[1]) == 0 else (b[1], b[0])
        out.append([gnubg.positionid(mover_view), notation])
    return out


def place(
    rnd: random.Random, own: list[int], other: list[int], count: int, lo: int, hi: int
) -> None:
    """Put count checkers on own points lo..hi (1-24) where the other side has none."""
    points = [p for p in range(lo, hi + 1) if other[24 - p] == 0]
    for _ in range(count):
        own[rnd.choice(points) - 1] += 1


def random_board(rnd: random.Random) -> tuple[list[int], list[int]]:
    me, opp = [0] * 25, [0] * 25
    kind = rnd.choice(["contact", "contact", "closed", "bearoff", "race"])
    if kind == "closed":
        made = rnd.randint(4, 6)
        for p in rnd.sample(range(1, 7), made):
            opp[p - 1] = 2
        me[24] = rnd.randint(1, 3)
        place(rnd, opp, me, 15 - 2 * made - rnd.randint(0, 2), 1, 24)
        place(rnd, me, opp, 15 - me[24] - rnd.randint(0, 3), 1, 18)
    elif kind == "bearoff":
        place(rnd, me, opp, rnd.randint(1, 15), 1, 6)
        opp[24] = rnd.choice([0, 0, 0, 1])
        place(rnd, opp, me, rnd.randint(1, 15 - opp[24]), 1, 24)
    elif kind == "race":
        place(rnd, me, opp, rnd.randint(1, 15), 1, 12)
        place(rnd, opp, me, rnd.randint(1, 15), 1, 12)
    else:
        me[24] = rnd.choice([0, 0, 0, 1, 2])
        opp[24] = rnd.choice([0, 0, 0, 1])
        place(rnd, me, opp, 15 - me[24] - rnd.choice([0, 0, 0, 2]), 1, 24)
        place(rnd, opp, me, 15 - opp[24] - rnd.choice([0, 0, 0, 2]), 1, 24)
    return opp, me


def op_sample(item: Any, options: dict[str, Any]) -> list[list[object]]:
    mode, n, seed = item
    rnd = random.Random(seed)
    out: list[list[object]] = []
    pid = START
    while len(out) < n:
        dice = [rnd.randint(1, 6), rnd.randint(1, 6)]
        if mode == "random":
            out.append([gnubg.positionid(random_board(rnd)), dice])
            continue
        out.append([pid, dice])
        listed = plays(pid, dice)
        # Mostly gnubg's best play (realistic games), sometimes any play (odd positions).
        rid = listed[0][0] if rnd.random() < 0.6 else rnd.choice(listed)[0]
        opp, me = gnubg.positionfromid(rid)
        pid = START if sum(me) == 0 else gnubg.positionid((me, opp))
    return out


def op_encode(item: Any, options: dict[str, Any]) -> str:
    board = item
    if len(board) != 2 or any(len(side) != 25 for side in board):
        raise ValueError(f"a board is two arrays of 25 counts, got {board!r}")
    pid: str = gnubg.positionid((tuple(board[0]), tuple(board[1])))
    return pid


def op_decode(item: Any, options: dict[str, Any]) -> list[list[int]]:
    return [list(side) for side in decode(item)]


def op_swap(item: Any, options: dict[str, Any]) -> str:
    board = decode(item)
    swapped: str = gnubg.positionid((board[1], board[0]))
    return swapped


def op_matchid_info(item: Any, options: dict[str, Any]) -> dict[str, object]:
    """gnubg's reading of a match ID.

    `set matchid` gives the cube, score, length and Crawford state, but it normalises what it
    cannot set up (a pending double or resignation, turn != on roll, finished games). The exact
    turn / doubled / resigned / game state / dice / Jacoby bits are then found by asking
    gnubg's own encoder (gnubg.matchid) which of those combinations gives back the same ID.
    """
    mid = item
    text = capture("set matchid " + mid)
    kept = gnubg.matchid()
    try:
        ci = gnubg.cubeinfo()
    except Exception as exc:
        raise ValueError(
            f"gnubg cannot read match ID {mid!r} ({str(exc).strip()}): {' '.join(messages(text))}"
        ) from None
    pi = gnubg.posinfo()
    base = gnubg.posinfo(0, 0, 0, 1, (0, 0))  # a valid dict; fields are overwritten below
    dice_tries = (
        [tuple(pi["dice"])] + [(0, 0)] + [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
    )
    # The first combination (in this order) gnubg's encoder turns into the same ID.
    found: tuple[dict[str, Any], int] | None = None
    tries = itertools.product(dice_tries, range(8), (0, 1), (0, 1), range(4), (0, 1))
    for dice, gs, turn, doubled, resigned, jacoby in tries:
        cand = dict(base, turn=turn, doubled=doubled, gamestate=gs, dice=dice, resigned=resigned)
        if gnubg.matchid(dict(ci, jacoby=jacoby), cand) == mid:
            found = (cand, jacoby)
            break
    if found is None:
        raise ValueError(
            "gnubg's encoder cannot reproduce match ID {!r} from what `set matchid` "
            "read (it keeps {!r}): {}".format(mid, kept, " ".join(messages(text)))
        )
    return {
        "cubeinfo": ci,
        "posinfo": found[0],
        "jacoby": bool(found[1]),
        "kept": kept,
        "messages": messages(text),
        "text": {k: gnubg.show(k) for k in ("score", "cube", "turn", "dice")},
    }


def op_matchid_for(item: Any, options: dict[str, Any]) -> str:
    ci = gnubg.cubeinfo(
        item["cube_value"],
        item["cube_owner"],
        item["on_roll"],
        item["match_length"],
        tuple(item["score"]),
        item["crawford"],
        0,
    )
    ci["jacoby"] = item["jacoby"]  # cubeinfo() copies the live setting; override it
    pi = gnubg.posinfo(item["turn"], 0, item["doubled"], item["game_state"], tuple(item["dice"]))
    pi["resigned"] = item["resigned"]  # posinfo() accepts only 0/1; the ID holds 0-3
    mid: str = gnubg.matchid(ci, pi)
    return mid


def op_import_mat(item: Any, options: dict[str, Any]) -> dict[str, Any]:
    command, path = item
    text = capture(command + " " + path)
    match = gnubg.match(0, 1, 0, 0)
    out: dict[str, Any] = {"messages": messages(text), "match": match, "notes": []}
    if match is not None:
        out["score_text"] = gnubg.show("score")
        try:
            out["final_ids"] = [gnubg.positionid(), gnubg.matchid()]
        except Exception:
            out["final_ids"] = [None, None]
        finals = []
        for number, game in enumerate(match["games"], 1):
            final = None
            for rec in game["game"]:
                if rec.get("action") != "move":
                    continue
                try:
                    opp, me = apply_steps(decode(rec["board"]), [tuple(s) for s in rec["move"]])
                    rec["after"] = gnubg.positionid((opp, me))
                except Exception as exc:
                    rec["after"] = None
                    out["notes"].append(
                        f"game {number}: cannot apply {rec.get('move')!r} by {rec.get('player')} "
                        f"to {rec.get('board')}: {exc}"
                    )
                final = [rec["after"], rec["player"]]
            finals.append(final)
        out["finals"] = finals
    return out


def op_commands(item: Any, options: dict[str, Any]) -> list[object]:
    """Run gnubg commands from a fresh state; report the position and match IDs."""
    printed: list[str] = []
    for command in item:
        printed += messages(capture(command))
    try:
        pid, mid = gnubg.positionid(), gnubg.matchid()
    except Exception:
        pid, mid = None, None
    return [pid, mid, printed]


OPS: dict[str, Op] = {
    "commands": op_commands,
    "legal": op_legal,
    "check": op_check,
    "sample": op_sample,
    "encode": op_encode,
    "decode": op_decode,
    "swap": op_swap,
    "matchid_info": op_matchid_info,
    "matchid_for": op_matchid_for,
    "import_mat": op_import_mat,
}


def main() -> None:
    with open(os.environ["BGREF_GNUBG_REQ"]) as f:
        req = json.load(f)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    setup = [
        "set player 0 human",
        "set player 1 human",
        "set confirm new off",
        "set display off",
        "set threads 1",
        "set automatic roll off",
        "set automatic game off",
        "set evaluation chequerplay evaluation plies 0",
        "set rng mersenne",
        "set seed 1",
    ]
    if req["op"] not in ("import_mat", "commands"):  # these start from no match at all
        setup.append("new game")
    for command in setup:
        gnubg.command(command)
    results = []
    op = OPS[req["op"]]
    for item in req["items"]:
        try:
            results.append({"ok": op(item, req.get("options", {}))})
        except Exception as exc:
            results.append({"error": f"{type(exc).__name__}: {exc}"})
    with open(os.environ["BGREF_GNUBG_RESP"], "w") as f:
        json.dump({"results": results}, f)


try:
    main()
except BaseException:
    with open(os.environ["BGREF_GNUBG_RESP"], "w") as f:
        json.dump({"fatal": traceback.format_exc()}, f)
