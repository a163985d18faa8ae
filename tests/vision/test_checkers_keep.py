"""A side counted at 16 loses a checker, but not a lone one whose edge slot shows a clear rim
the learned cue sees (vision.checkers.totals.sure_lone): its colour run may be short (a light
checker beside a die or on a light point), yet it is there; the doubted stack read one too long
gives up its extra one."""

from __future__ import annotations

from vision.checkers.totals import KEEP_P, KEEP_RIM, fit_total, sure_lone


def _side() -> tuple[list[int], list[float]]:
    """16 checkers: a doubted 6 (really 5) and a lone checker with little colour (conf 0.1)."""
    counts = [0] * 24
    counts[0], counts[5], counts[7], counts[12] = 5, 6, 1, 4
    conf = [1.0] * 24
    conf[5], conf[7] = 0.5, 0.1
    return counts, conf


def test_a_sure_lone_checker_is_kept_and_the_stack_gives_up_its_extra() -> None:
    counts, conf = _side()
    rims = [0.0] * 24
    rims[7] = KEEP_RIM + 1.0
    keep = sure_lone(counts, [0] * 24, rims, lambda i: 0.99 if i == 7 else 0.0)
    assert keep == [i == 7 for i in range(24)]
    fit_total(counts, 0, conf, keep=keep)
    assert counts[7] == 1 and counts[5] == 5 and sum(counts) == 15


def test_without_both_cues_the_least_certain_goes_first() -> None:
    for rim, p in ((KEEP_RIM - 0.1, 0.99), (KEEP_RIM + 1.0, KEEP_P - 0.01)):
        counts, conf = _side()
        rims = [0.0] * 24
        rims[7] = rim

        def cue(i: int, p: float = p) -> float:
            return p if i == 7 else 0.0

        keep = sure_lone(counts, [0] * 24, rims, cue)
        assert not any(keep)
        fit_total(counts, 0, conf, keep=keep)
        assert counts[7] == 0 and counts[5] == 6


def test_only_lone_checkers_are_kept() -> None:
    counts, _ = _side()
    rims = [KEEP_RIM + 1.0] * 24
    keep = sure_lone(counts, [0] * 24, rims, lambda i: 1.0)
    assert [i for i in range(24) if keep[i]] == [7]


def test_a_side_far_over_fifteen_loses_its_one_doubted_stack_that_holds_the_excess() -> None:
    from vision.checkers.totals import fit_total

    counts = [0] * 24
    counts[0], counts[5], counts[12], counts[19] = 5, 5, 5, 8  # a phantom 8 on point 20
    conf = [1.0] * 24
    conf[19] = 0.5
    fit_total(counts, 0, conf)
    assert counts[19] == 0 and sum(counts) == 15 and conf[19] < 0.65
    # Two doubted points that could hold the eight: which is the phantom is unknown.
    counts = [0] * 24
    counts[0], counts[5], counts[12], counts[19] = 5, 5, 5, 8
    conf = [1.0] * 24
    conf[19] = conf[5] = 0.5
    counts[5] = 8
    fit_total(counts, 0, conf)
    assert counts[19] == 8 and counts[5] == 8


def test_no_trim_while_a_believed_but_unsure_point_could_hold_the_phantom() -> None:
    """Black read 19: a doubted 5 (real) and a 4 believed at 0.76 (a phantom).  Cutting the 5
    would make the total look right and leave the phantom believed; the side stays over."""
    from vision.checkers.totals import TRIM_SURE, fit_total
    from vision.observation import BELIEVED

    counts = [0] * 24
    counts[0], counts[8], counts[16], counts[17], counts[18], counts[19] = 1, 4, 4, 2, 3, 5
    conf = [1.0] * 24
    conf[8], conf[17], conf[19] = 0.76, 0.5, 0.62
    assert BELIEVED <= conf[8] < TRIM_SURE
    fit_total(counts, 0, conf)
    assert counts[19] == 5 and counts[8] == 4 and sum(counts) == 19
    # The same side with the 4 read sure: the doubted 5 is the only place the excess can be.
    conf[8] = 1.0
    fit_total(counts, 0, conf)
    assert counts[19] == 1 and conf[19] < BELIEVED and sum(counts) == 15


def test_after_a_trim_a_count_the_trim_did_not_prove_is_doubted() -> None:
    """White read 20: a doubted 6 (really 2) and the bar read 2 at 0.7 (really 1).  The trim
    takes the whole excess off the 6; the bar may hold part of it, so it is no longer believed,
    nor is a point under TRIM_SURE, while sure points keep their confidence."""
    from vision.checkers.totals import TRIM_SURE, fit_total
    from vision.observation import BELIEVED

    counts = [0] * 24
    counts[0], counts[2], counts[3], counts[5], counts[12], counts[17] = 2, 2, 2, 1, 3, 6
    counts[18], counts[22] = 1, 1
    conf = [1.0] * 24
    conf[3], conf[17] = 0.83, 0.5
    bar, bar_conf = fit_total(counts, 2, conf, 0.7)
    assert counts[17] == 1 and sum(counts) + bar == 15
    assert bar_conf < BELIEVED and conf[3] < BELIEVED and conf[17] < BELIEVED
    assert conf[0] == 1.0 and TRIM_SURE <= conf[12]
