"""The journal: every match action and referee event, in a SQLite file, written before shown.

::

    journal = Journal("bgref.sqlite")
    match = journal.resume() or journal.start(Match(7, white="Ann", black="Bob"))
    referee = Referee(match, record=journal.append_action)

Each append is its own transaction with ``synchronous=FULL``, so a power cut loses at most the
action being written, and that one was never shown. :meth:`resume` replays the last unfinished
match's actions into the same state.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from firmware.events import RefereeEvent
from rules.actions import Action, action_from_json, action_to_json
from rules.cube import Rules
from rules.match import Match

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,
    header TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    seq INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id),
    time REAL NOT NULL,
    action TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY,
    match_id INTEGER REFERENCES matches(id),
    time REAL NOT NULL,
    event TEXT NOT NULL
);
"""


class JournalError(RuntimeError):
    """The journal file cannot be used; the message names the file and the problem."""


class Journal:
    """An append-only SQLite record of matches, their actions and the referee's events."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise JournalError(f"cannot open journal {self.path}: {exc}") from exc
        self.match_id: int | None = None

    def close(self) -> None:
        self._db.close()

    # -- writing ---------------------------------------------------------------------

    def start(self, match: Match) -> Match:
        """Begin journalling a new match (its header: length, rules, names)."""
        header = {
            "length": match.length,
            "rules": _rules_json(match.rules),
            "white": match.white_name,
            "black": match.black_name,
        }
        with self._db:
            cur = self._db.execute(
                "INSERT INTO matches (created, header) VALUES (?, ?)",
                (time.time(), json.dumps(header)),
            )
        self.match_id = cur.lastrowid
        for action in match.log:  # a match handed over part-way keeps its history
            self.append_action(action)
        return match

    def append_action(self, action: Action) -> None:
        if self.match_id is None:
            raise JournalError("no match started in the journal")
        with self._db:
            self._db.execute(
                "INSERT INTO actions (match_id, time, action) VALUES (?, ?, ?)",
                (self.match_id, time.time(), json.dumps(action_to_json(action))),
            )

    def append_event(self, event: RefereeEvent) -> None:
        with self._db:
            self._db.execute(
                "INSERT INTO events (match_id, time, event) VALUES (?, ?, ?)",
                (self.match_id, event.time, json.dumps(event.to_json())),
            )

    def finish(self) -> None:
        if self.match_id is not None:
            with self._db:
                self._db.execute("UPDATE matches SET finished = 1 WHERE id = ?", (self.match_id,))

    # -- reading ---------------------------------------------------------------------

    def resume(self) -> Match | None:
        """The last unfinished match, replayed from its actions (None if there is none)."""
        row = self._db.execute(
            "SELECT id, header FROM matches WHERE finished = 0 ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        match_id, header_text = row
        header = json.loads(header_text)
        match = Match(
            int(header["length"]),
            _rules_from_json(header.get("rules") or {}),
            white=header.get("white", "White"),
            black=header.get("black", "Black"),
        )
        for (text,) in self._db.execute(
            "SELECT action FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
        ):
            match.apply(action_from_json(json.loads(text)))
        self.match_id = match_id
        return match

    def events(self, limit: int = 50) -> list[RefereeEvent]:
        """The most recent events of the current match, oldest first."""
        rows = self._db.execute(
            "SELECT event FROM events WHERE match_id IS ? ORDER BY seq DESC LIMIT ?",
            (self.match_id, limit),
        ).fetchall()
        return [RefereeEvent.from_json(json.loads(text)) for (text,) in reversed(rows)]


def _rules_json(rules: Rules) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(rules)


def _rules_from_json(data: dict[str, Any]) -> Rules:
    return Rules(**data)
