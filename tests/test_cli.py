"""The bgref command line: rules commands and clear errors on bad input."""

from __future__ import annotations

import pytest

from firmware.cli import main


def test_plays_lists_every_legal_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plays", "4HPwATDgc/ABMA", "31"]) == 0
    out = capsys.readouterr().out
    assert "16 legal play(s) for 3-1" in out and "8/5 6/5" in out


def test_check_says_legal_or_why_not(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "4HPwATDgc/ABMA", "3-1", "8/5 6/5"]) == 0
    assert "legal: 8/5 6/5" in capsys.readouterr().out
    assert main(["check", "4HPwATDgc/ABMA", "31", "13/7"]) == 1
    out = capsys.readouterr().out
    assert "illegal: 13/7 does not fit the roll 3-1" in out and "closest legal plays" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["plays", "nonsense", "31"], "Position ID has 14 characters"),
        (["plays", "4HPwATDgc/ABMA", "71"], "two numbers 1-6"),
        (["check", "4HPwATDgc/ABMA", "31", "8/5 x"], "'x'"),
        (["check", "4HPwATDgc/ABMA", "31", "23/20"], "no white checker on point 23"),
    ],
)
def test_bad_input_names_what_is_wrong(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err
