"""GNU Backgammon as an oracle for Match IDs and .mat import (see :mod:`tests.support.gnubg`).

Each function hands its whole batch to gnubg through :mod:`tests.support.gnubg` and raises
:class:`~tests.support.gnubg.GnubgError` carrying gnubg's output on any failure.

What each function asks gnubg
-----------------------------
``match_id_info``
    ``set matchid <id>``, then ``gnubg.cubeinfo()`` and the texts of ``show score``, ``show
    cube``, ``show turn``, ``show dice``. ``set matchid`` normalises states it cannot set up
    (pending double or resignation, turn != on roll, finished game), so turn, doubled,
    resigned, game state, dice and the Jacoby bit are those for which gnubg's own encoder gives
    back the same ID.

``match_id_for``
    ``gnubg.matchid(cubeinfo, posinfo)``: gnubg's own encoder fed the fields directly (the
    dicts' ``jacoby`` and ``resigned`` entries set after construction, since ``cubeinfo()``
    copies the live Jacoby setting and ``posinfo()`` takes resigned 0/1 only). **gnubg 1.07
    writes bit 66 = NOT Jacoby**, so its match-play IDs end in ``E``-type characters where the
    manual's example ``QYkqASAAIAAA`` ends in ``A``.

``gnubg_state_after``
    Runs any command list (``new match 9``, ``set score 2 4`` ...) and reports
    ``gnubg.positionid()``, ``gnubg.matchid()`` and the printed lines.

``import_mat``
    ``import mat <file>`` in a process with no game yet, then ``gnubg.match(0, 1, 0, 0)``
    (games, per-record boards, names, length), ``show score``, and the printed lines (warnings
    such as ``Unrecognised move "77: 1/2" in .mat file.``). gnubg's importer is
    column-sensitive: write files the way ``export match mat`` does (second player's column
    at character 33, a final "Wins n point(s)" on the same line as the last action when the
    second player wins); otherwise it may read extra actions.

Player numbering: player 0 is the first player of a match (``X`` in ``gnubg.match()``, the
left column of a .mat file, named first in ``show score``); scores are (player 0, player 1).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict, Unpack

from tests.support.gnubg import _B64
from tests.support.gnubg_process import GnubgError, _call

__all__ = [
    "GameImport",
    "GnubgState",
    "MatImport",
    "MatchState",
    "gnubg_state_after",
    "import_mat",
    "match_id_for",
    "match_id_info",
    "match_ids_for",
]

# --------------------------------------------------------------------------------------------
# Match IDs

_GAME_STATES = {0: "none", 1: "playing", 2: "over", 3: "resigned", 4: "dropped"}


def match_id_info(match_ids: str | Sequence[str]) -> Any:
    """Decode Match IDs with gnubg; one dict per ID (or one dict for a str).

    How: ``set matchid <id>``, then ``gnubg.cubeinfo()`` for the cube, score, length, Crawford
    and player on roll. ``set matchid`` normalises states it cannot set up (a pending double:
    "SetMatchID cannot handle positions where a double has been offered"; a pending
    resignation; turn != on roll; a finished game), so the turn, doubled, resigned, game-state,
    dice and Jacoby fields are those for which gnubg's own encoder (``gnubg.matchid``) gives
    back exactly this ID. An ID gnubg cannot read raises :class:`GnubgError`.

    Keys: ``cube_value``; ``cube_owner`` (0, 1 or None = centred); ``on_roll`` (gnubg's fMove,
    the player holding the dice); ``turn`` (fTurn, who must act now: differs from on_roll after
    a double or resignation); ``crawford`` (bool); ``game_state`` (0 none, 1 playing, 2 over,
    3 resigned, 4 dropped) and ``game_state_name``; ``score`` (player 0, player 1);
    ``match_length`` (0 = money); ``dice`` (high die first, or None when not rolled);
    ``doubled`` (bool); ``resigned`` (0, or the resign level 1-3); ``jacoby`` (gnubg 1.07's
    extension bit 66 of the ID, which it writes as NOT Jacoby: the manual's ``QYkqASAAIAAA``
    has it clear, i.e. Jacoby, while gnubg itself ends match IDs in ``...E``-type characters,
    i.e. no Jacoby, because Jacoby never applies in a match); ``kept_by_set_matchid`` (the ID
    gnubg holds after ``set matchid``: differs from the input when it normalised the state);
    ``messages`` (what ``set matchid`` printed); ``text`` (gnubg's ``show score``, ``show
    cube``, ``show turn``, ``show dice`` lines after ``set matchid``).

    >>> match_id_info("QYkqASAAIAAA")["score"]        # doctest: +SKIP
    (2, 4)
    """
    single = isinstance(match_ids, str)
    ids = [match_ids] if single else list(match_ids)
    for mid in ids:
        if not isinstance(mid, str) or len(mid) != 12 or not set(mid) <= _B64:
            raise GnubgError(f"not a Match ID (12 base-64 characters): {mid!r}")
    infos = [_match_info(raw) for raw in _call("matchid_info", ids)]
    return infos[0] if single else infos


def _match_info(raw: dict[str, Any]) -> dict[str, Any]:
    pi, ci = raw["posinfo"], raw["cubeinfo"]
    dice = tuple(pi["dice"])
    owner = ci["cubeowner"]
    return {
        "cube_value": ci["cube"],
        "cube_owner": owner if owner in (0, 1) else None,
        "on_roll": ci["move"],
        "turn": pi["turn"],
        "crawford": bool(ci["crawford"]),
        "game_state": pi["gamestate"],
        "game_state_name": _GAME_STATES.get(pi["gamestate"], str(pi["gamestate"])),
        "score": tuple(ci["score"]),
        "match_length": ci["matchto"],
        "dice": None if dice == (0, 0) else dice,
        "doubled": bool(pi["doubled"]),
        "resigned": pi["resigned"],
        "jacoby": raw["jacoby"],
        "kept_by_set_matchid": raw["kept"],
        "messages": tuple(raw["messages"]),
        "text": raw["text"],
    }


class MatchState(TypedDict):
    """A state's keywords for :func:`match_id_for` (``match_length`` required), typed: mypy
    checks each caller's keywords (see :func:`_match_item` for the defaults)."""

    match_length: int
    score: NotRequired[tuple[int, int]]
    cube_value: NotRequired[int]
    cube_owner: NotRequired[int | None]
    on_roll: NotRequired[int]
    turn: NotRequired[int | None]
    crawford: NotRequired[bool]
    game_state: NotRequired[int]
    dice: NotRequired[tuple[int, int] | None]
    doubled: NotRequired[bool]
    resigned: NotRequired[int]
    jacoby: NotRequired[bool | None]


def match_id_for(**state: Unpack[MatchState]) -> str:
    """gnubg's Match ID for a state, from gnubg's own encoder (``gnubg.matchid``); ``state``
    is a :class:`MatchState`'s keywords (``match_length`` required, the others optional).

    Players are 0 and 1 as in gnubg: player 0 is the first player of the match (``X`` in
    ``gnubg.match()``, the left column of a .mat file); ``score`` is (player 0, player 1).
    ``cube_owner`` None = centred. ``turn`` (who acts now) defaults to ``on_roll`` (who holds
    the dice); they differ while a double or resignation awaits an answer. ``game_state`` is
    0 none, 1 playing, 2 over, 3 resigned, 4 dropped. ``jacoby`` sets gnubg 1.07's extension bit
    66 (written as NOT Jacoby); None means what gnubg itself writes: no Jacoby in a match (the
    ID ends in ``E``-type characters), Jacoby in money play (its default setting).

    >>> match_id_for(match_length=9, score=(2, 4), cube_value=2, cube_owner=0,
    ...              on_roll=1, dice=(5, 2))                          # doctest: +SKIP
    'QYkqASAAIAAE'
    >>> match_id_for(match_length=9, score=(2, 4), cube_value=2, cube_owner=0,
    ...              on_roll=1, dice=(5, 2), jacoby=True)             # doctest: +SKIP
    'QYkqASAAIAAA'  # the example of gnubg's manual
    """
    return match_ids_for([state])[0]


def match_ids_for(states: Sequence[MatchState]) -> list[str]:
    """:func:`match_id_for` for many states (:class:`MatchState` dicts), one process.

    >>> match_ids_for([dict(match_length=7), dict(match_length=0)])   # doctest: +SKIP
    ['MAHgAAAAAAAE', 'MAEAAAAAAAAA']
    """
    return [str(m) for m in _call("matchid_for", [_match_item(**st) for st in states])]


def _match_item(
    *,
    match_length: int,
    score: tuple[int, int] = (0, 0),
    cube_value: int = 1,
    cube_owner: int | None = None,
    on_roll: int = 0,
    turn: int | None = None,
    crawford: bool = False,
    game_state: int = 1,
    dice: tuple[int, int] | None = None,
    doubled: bool = False,
    resigned: int = 0,
    jacoby: bool | None = None,
) -> dict[str, Any]:
    if not 0 <= resigned <= 3:
        raise GnubgError(f"resigned must be 0 (none) or a resign level 1-3, got {resigned}")
    if dice is not None and not all(1 <= d <= 6 for d in dice):
        raise GnubgError(f"dice must be two numbers 1-6 or None, got {dice!r}")
    if jacoby is None:
        jacoby = match_length == 0
    return {
        "match_length": match_length,
        "score": list(score),
        "cube_value": cube_value,
        "cube_owner": -1 if cube_owner is None else cube_owner,
        "on_roll": on_roll,
        "turn": on_roll if turn is None else turn,
        "crawford": int(crawford),
        "game_state": game_state,
        "dice": list(dice) if dice else [0, 0],
        "doubled": int(doubled),
        "resigned": resigned,
        "jacoby": int(jacoby),
    }


@dataclass(frozen=True)
class GnubgState:
    """Where a list of gnubg commands left gnubg: its Position ID and Match ID (None when no
    game exists) and the lines it printed (boards left out)."""

    position_id: str | None
    match_id: str | None
    messages: tuple[str, ...]


def gnubg_state_after(commands: Sequence[str]) -> GnubgState:
    """Run gnubg commands in a fresh gnubg (both players human, dice seeded with ``set seed
    1``, no game yet) and report the state they leave, e.g. to build a Match ID the way a
    user would::

        gnubg_state_after(["new match 9", "set score 2 4", "set cube value 2",
                           "set dice 5 2"]).match_id      # doctest: +SKIP
    """
    for command in commands:
        if not isinstance(command, str) or "\n" in command:
            raise GnubgError(f"a gnubg command is one line of text, got {command!r}")
    pid, mid, printed = _call("commands", [list(commands)], weight=len(commands))[0]
    return GnubgState(pid, mid, tuple(printed))


# --------------------------------------------------------------------------------------------
# .mat import


@dataclass(frozen=True)
class GameImport:
    """One game as gnubg imported it.

    ``score_before``/``score_after`` are (player 0, player 1); ``winner`` is 0, 1 or None;
    ``final_position_id`` is the position after the game's last checker play, seen from the
    player who made it (mover = second block); ``records`` are gnubg's records
    ``(player, action, dice, move, board_before)`` with ``move`` as (from, to) steps and
    ``board_before`` the Position ID gnubg stores before the action, from the actor's view.
    ``position_ids_after_moves`` has one entry per checker play (None if gnubg stored a play
    that cannot be applied to its board; :attr:`MatImport.notes` says why).
    """

    score_before: tuple[int, int]
    score_after: tuple[int, int]
    winner: int | None
    points_won: int
    resigned: bool
    final_position_id: str | None
    final_mover: int | None
    position_ids_after_moves: tuple[str | None, ...]
    records: tuple[tuple[int, str, tuple[int, ...] | None, tuple[tuple[int, int], ...], str], ...]


@dataclass(frozen=True)
class MatImport:
    """What gnubg read from a .mat file. ``messages`` holds gnubg's printed lines (boards left
    out); ``warnings`` the subset that reports a problem. A file gnubg cannot read at all gives
    no games, ``match_length`` None and the reason in ``warnings``. ``gnubg_position_id`` and
    ``gnubg_match_id`` are what gnubg shows once the import is done (the end of the match, as
    ``show board`` prints it); ``notes`` are the driver's own remarks (plays it could not
    apply)."""

    path: str
    match_length: int | None
    player_names: tuple[str, str] | None
    games: tuple[GameImport, ...]
    final_score: tuple[int, int] | None
    score_text: str | None
    messages: tuple[str, ...]
    warnings: tuple[str, ...]
    gnubg_position_id: str | None = None
    gnubg_match_id: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def n_games(self) -> int:
        return len(self.games)


_WARNING_WORDS = (
    "warning",
    "unrecognised",
    "unrecognized",
    "not a valid",
    "no such",
    "error",
    "illegal",
    "invalid",
    "cannot",
    "can't",
    "failed",
)
_PLAYER = {"X": 0, "O": 1}


def import_mat(path: str | os.PathLike[str], *, command: str = "import mat") -> MatImport:
    """Import a plain-text .mat match file into gnubg (``import mat``) and report it.

    ``command`` may name another of gnubg's readers, e.g. ``"load match"`` for an SGF file.
    One gnubg process per call (~0.3 s).

    >>> imp = import_mat("tests/data/some.mat")                    # doctest: +SKIP
    >>> imp.n_games, imp.final_score, imp.player_names               # doctest: +SKIP
    (2, (1, 1), ('Alice', 'Bob'))
    """
    if not command.startswith(("import ", "load ")) or "\n" in command:
        raise GnubgError(f"command must be a gnubg 'import ...' or 'load ...' command: {command!r}")
    full = os.path.abspath(os.fspath(path))
    if any(c in full for c in '\n\r"') or " " in full:
        raise GnubgError(f"unusable path for gnubg's command line (space or quote): {full!r}")
    raw = _call("import_mat", [[command, full]])[0]
    msgs = tuple(raw["messages"])
    warnings = tuple(m for m in msgs if any(w in m.lower() for w in _WARNING_WORDS))
    match = raw["match"]
    if match is None:
        return MatImport(full, None, None, (), None, None, msgs, warnings)
    info = match["match-info"]
    games = tuple(
        _game_import(game, final) for game, final in zip(match["games"], raw["finals"], strict=True)
    )
    final_score = games[-1].score_after if games else (0, 0)
    final_ids = raw.get("final_ids") or [None, None]
    return MatImport(
        path=full,
        match_length=info.get("match-length"),
        player_names=(info["X"].get("name", ""), info["O"].get("name", "")),
        games=games,
        final_score=final_score,
        score_text=raw.get("score_text"),
        messages=msgs,
        warnings=warnings,
        gnubg_position_id=final_ids[0],
        gnubg_match_id=final_ids[1],
        notes=tuple(raw["notes"]),
    )


def _game_import(game: dict[str, Any], final: list[Any] | None) -> GameImport:
    gi = game["info"]
    before = (gi["score-X"], gi["score-O"])
    winner = _PLAYER.get(gi.get("winner") or "")
    points = gi.get("points-won", 0) or 0
    after = list(before)
    if winner is not None:
        after[winner] += points
    records = []
    afters = []
    for rec in game["game"]:
        dice = tuple(rec["dice"]) if rec.get("dice") else None
        move = tuple((s[0], s[1]) for s in rec.get("move") or ())
        records.append(
            (
                _PLAYER.get(rec.get("player", ""), -1),
                rec.get("action", ""),
                dice,
                move,
                rec.get("board", ""),
            )
        )
        if "after" in rec:
            afters.append(rec["after"])
    return GameImport(
        score_before=before,
        score_after=(after[0], after[1]),
        winner=winner,
        points_won=points,
        resigned=bool(gi.get("resigned", False)),
        final_position_id=final[0] if final else None,
        final_mover=_PLAYER.get(final[1]) if final else None,
        position_ids_after_moves=tuple(afters),
        records=tuple(records),
    )
