"""Reading the board with the rules' help.

The camera's counts are compared with the positions the rules allow at this moment (the legal
results of the roll, the positions part-way through them, and the position before the roll).
A reading that matches one of them exactly is taken as it is. A reading that differs from the
nearest allowed position only on points the camera was unsure of is taken as that position.
A checker gone from view is looked for on the least trusted points (their counts from before
the roll). A reading that differs from every allowed position on some count read surely is
believed (it may be an illegal play); anything else is "uncertain", and the players are asked:
never a false call.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.position import InvalidPosition, Position
from rules.side import Side
from vision.observation import BELIEVED, Observation


class Match(StrEnum):
    EXACT = "exact"  # the reading is one of the allowed positions
    CORRECTED = "corrected"  # the nearest allowed position, differing only where unsure
    OFF_SCRIPT = "off_script"  # a confident reading of a position the rules do not allow
    UNCERTAIN = "uncertain"  # cannot tell: ask the players


@dataclass(frozen=True)
class BoardRead:
    """The outcome of matching one observation against the allowed positions.

    ``position`` is what the referee should believe (None when uncertain), in the view of
    ``player``. ``doubtful_points`` lists white-numbered points (1-24) the camera was unsure of.
    """

    match: Match
    position: Position | None
    reason: str = ""
    doubtful_points: tuple[int, ...] = ()


@dataclass(frozen=True)
class MatchSettings:
    # A count at least this confident is believed against the rules; one below ``unsure`` may
    # be overruled by them; in between, the players are asked. Measured (tests/data/synthetic,
    # boards registered within 1/4 point): counts at confidence 0.6-0.85 were wrong 0 of 442
    # times on dev and 2 of 602 on test, no more often than counts above 0.85 (was 0.85).
    sure: float = BELIEVED
    unsure: float = 0.6


def position_from_observation(obs: Observation, player: Side) -> Position:
    """The observed position in ``player``'s view; raises InvalidPosition naming the problem."""
    if obs.white is None or obs.black is None:
        raise InvalidPosition(f"no board reading (status {obs.status})")
    off = None
    if obs.off_white is not None and obs.off_black is not None and obs.off_from_trays:
        off = {"white": obs.off_white, "black": obs.off_black}
    return Position.from_white_numbered(
        obs.white, obs.black, {"white": obs.bar_white, "black": obs.bar_black}, off, player
    )


def _patched(
    obs: Observation, before: Position, conf: list[float], settings: MatchSettings
) -> Observation | None:
    """``obs`` with its least trusted counts (below ``settings.unsure``) taken from ``before``,
    if that puts every checker back in view; else None."""
    assert obs.white is not None and obs.black is not None
    white, black, bar, _ = before.to_white_numbered()
    doubted = [i for i in range(24) if conf[i] < settings.unsure]
    if not doubted:
        return None
    w, b = list(obs.white), list(obs.black)
    for i in doubted:
        w[i], b[i] = white[i], black[i]
    on_board = sum(w) + sum(b) + obs.bar_white + obs.bar_black
    if on_board != sum(white) + sum(black) + bar["white"] + bar["black"]:
        return None
    return replace(obs, white=tuple(w), black=tuple(b))


def _confidences(obs: Observation) -> list[float]:
    """Per white-numbered point (index 0 = point 1), plus bar at index 24."""
    points = list(obs.point_confidence or [obs.confidence] * 24)
    return points + [obs.bar_confidence if obs.bar_confidence else obs.confidence]


def _differences(obs: Observation, candidate: Position) -> list[int]:
    """Indices (0-23 points, 24 = bar) where the reading and ``candidate`` disagree."""
    assert obs.white is not None and obs.black is not None
    white, black, bar, _ = candidate.to_white_numbered()
    diff = [i for i in range(24) if obs.white[i] != white[i] or obs.black[i] != black[i]]
    if obs.bar_white != bar["white"] or obs.bar_black != bar["black"]:
        diff.append(24)
    return diff


def read_board(
    obs: Observation,
    player: Side,
    allowed: Iterable[Position],
    settings: MatchSettings = MatchSettings(),
    before: Position | None = None,
) -> BoardRead:
    """Match ``obs`` against the ``allowed`` positions (all in ``player``'s view).

    ``before`` is the position before the turn: when the camera sees no bear-off trays, a
    checker missing from view would look borne off, so a changed borne-off count that matches
    nothing allowed is uncertain, not an illegal play.
    """
    if obs.white is None or obs.black is None:
        return BoardRead(Match.UNCERTAIN, None, f"no board reading ({obs.status})")
    conf = _confidences(obs)
    doubtful = tuple(i + 1 for i in range(24) if conf[i] < settings.sure)
    scored: list[tuple[float, int, Position, list[int]]] = []
    # The same position reached two ways (a part-way play, the position before) is one
    # candidate: a duplicate must not look like a rival.
    allowed_set = list(dict.fromkeys(allowed))
    for n, candidate in enumerate(allowed_set):
        diff = _differences(obs, candidate)
        if not diff:
            return BoardRead(Match.EXACT, candidate, "", doubtful)
        scored.append((sum(conf[i] for i in diff), n, candidate, diff))
    scored.sort(key=lambda s: (s[0], s[1]))
    if scored:
        cost, _, best, diff = scored[0]
        only_unsure = all(conf[i] < settings.unsure for i in diff)
        runner_up = scored[1][0] if len(scored) > 1 else None
        if only_unsure and (runner_up is None or runner_up > cost):
            where = ", ".join("bar" if i == 24 else str(i + 1) for i in diff)
            return BoardRead(
                Match.CORRECTED, best, f"unsure counts on {where} read as the legal position"
            )
    try:
        seen = position_from_observation(obs, player)
    except InvalidPosition as exc:
        return BoardRead(Match.UNCERTAIN, None, f"the reading is not a possible position: {exc}")
    if (
        before is not None
        and not obs.off_from_trays
        and seen.us[0] + seen.them[0] != (before.us[0] + before.them[0])
    ):
        # A checker gone from view: if the counts the camera doubts most, taken as they were
        # before, account for it, read on with them (they stay doubtful: no fault rests on
        # them); otherwise ask.
        patched = _patched(obs, before, conf, settings)
        if patched is None:
            return BoardRead(
                Match.UNCERTAIN,
                seen,
                "a checker is missing from view (or borne off unseen)",
                doubtful,
            )
        obs, seen = patched, position_from_observation(patched, player)
        if seen in allowed_set:
            return BoardRead(Match.CORRECTED, seen, "unsure counts read as before", doubtful)
    # Believed against the rules only if every allowed position differs from the reading on
    # some count read surely (doubtful counts alone never make a fault).
    if allowed_set and not doubtful_explanation(obs, allowed_set, settings):
        return BoardRead(Match.OFF_SCRIPT, seen, "", doubtful)
    # Name the doubtful places where the nearest allowed position differs: those are the ones
    # to look at (every unsure point only if the reading differs nowhere doubtful).
    near = scored[0][3] if scored else []
    unsure = [i for i in near if conf[i] < settings.sure] or [
        i for i in range(25) if conf[i] < settings.sure
    ]
    where = ", ".join("the bar" if i == 24 else str(i + 1) for i in unsure) or "the bar"
    return BoardRead(
        Match.UNCERTAIN,
        seen,
        f"the camera is unsure of point(s) {where} (white's numbering)",
        doubtful,
    )


def nearest(obs: Observation, candidates: Iterable[Position]) -> Position | None:
    """The candidate the reading disagrees with least (weighted by confidence), if unique."""
    if obs.white is None or obs.black is None:
        return None
    conf = _confidences(obs)
    scored = sorted(
        ((sum(conf[i] for i in _differences(obs, c)), n, c) for n, c in enumerate(candidates)),
        key=lambda s: (s[0], s[1]),
    )
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][2]


def doubtful_explanation(
    obs: Observation, candidates: Iterable[Position], settings: MatchSettings = MatchSettings()
) -> tuple[int, ...]:
    """White-numbered points (25 = the bar) where the reading differs from the nearest
    candidate it differs from only on counts the camera is not sure of; () if there is none
    (every candidate differs somewhere on a count read surely)."""
    if obs.white is None or obs.black is None:
        return ()
    conf = _confidences(obs)
    best: tuple[float, tuple[int, ...]] | None = None
    for candidate in candidates:
        diff = _differences(obs, candidate)
        if diff and all(conf[i] < settings.sure for i in diff):
            cost = sum(conf[i] for i in diff)
            if best is None or cost < best[0]:
                best = (cost, tuple(i + 1 for i in diff))
    return () if best is None else best[1]
