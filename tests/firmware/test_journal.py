"""The SQLite journal: nothing lost across a restart, clear errors on a bad file."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.events import Kind, RefereeEvent
from firmware.journal import Journal, JournalError
from firmware.referee import Referee
from rules.actions import OpeningRoll
from rules.match import Match
from rules.play import Play
from rules.position import Position

from .observations import die, seen


def test_a_restart_resumes_the_match_from_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "bgref.sqlite"
    journal = Journal(path)
    match = journal.start(Match(5, white="Ann", black="Bob"))
    referee = Referee(match, record=journal.append_action)
    start = Position.start()
    referee.observe(seen(start, (die(3, "white_right"), die(1, "black_right"))))
    after = start.apply(Play.parse("8/5 6/5"))
    referee.observe(seen(after))  # dice picked up: the play is final
    referee.command("double", "black")
    journal.append_event(RefereeEvent(Kind.CUBE, "black doubles"))
    state = match.state
    journal.close()  # the power goes

    again = Journal(path)
    resumed = again.resume()
    assert resumed is not None
    assert resumed.state == state
    assert (resumed.white_name, resumed.black_name) == ("Ann", "Bob")
    assert resumed.prompt() == "black doubles to 2: white to take or pass"
    assert [e.message for e in again.events()] == ["black doubles"]


def test_a_finished_match_is_not_resumed(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite")
    journal.start(Match(1))
    journal.finish()
    assert journal.resume() is None


def test_an_empty_journal_has_nothing_to_resume(tmp_path: Path) -> None:
    assert Journal(tmp_path / "new.sqlite").resume() is None


def test_a_corrupt_journal_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(JournalError, match="broken.sqlite"):
        Journal(path)


def test_appending_before_a_match_started_is_refused(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite")
    with pytest.raises(JournalError, match="no match started"):
        journal.append_action(OpeningRoll(3, 1))
