"""The bundled recording through the whole pipeline: frames -> vision -> referee -> journal.

This is the product's promise in one test: the referee never calls a legal play illegal, and
the scripted illegal play is called.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.demo import RECORDING, DemoResult, run_demo
from firmware.journal import Journal


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    workdir = tmp_path_factory.mktemp("demo")
    return run_demo(RECORDING, workdir=workdir, outputs=[], progress=lambda text: None)


def test_no_legal_play_is_called_illegal(demo: DemoResult) -> None:
    false_calls = [
        (s.scene, s.note)
        for s in demo.scenes
        if "illegal" in s.produced and "illegal" not in s.expected
    ]
    assert not false_calls


def test_no_valid_roll_is_voided(demo: DemoResult) -> None:
    false_rerolls = [
        (s.scene, s.note)
        for s in demo.scenes
        if "reroll" in s.produced and "reroll" not in s.expected
    ]
    assert not false_rerolls


def test_the_scripted_illegal_play_is_called(demo: DemoResult) -> None:
    assert any("illegal" in s.produced for s in demo.scenes if "illegal" in s.expected)


def test_every_scripted_scene_goes_as_expected(demo: DemoResult) -> None:
    wrong = [(s.scene, s.note, s.expected, s.produced) for s in demo.scenes if not s.ok]
    assert not wrong, f"{demo.scenes_ok}/{len(demo.scenes)} scenes as expected; {wrong}"


def test_the_journal_and_match_file_hold_the_match(demo: DemoResult) -> None:
    assert demo.mat_path is not None and demo.mat_path.exists()
    journal = Journal(Path(demo.mat_path).with_suffix(".sqlite"))
    resumed = journal.resume()
    assert resumed is not None and resumed.state == demo.match.state
    assert len(journal.events(1000)) == len(demo.events)


def test_a_reroll_the_camera_did_not_ask_for_is_followed(demo: DemoResult) -> None:
    # Whatever the camera made of the cocked die, the players' re-roll (scene 5) is taken as
    # the roll, and the plays made with it are judged against it.
    by_note = {s.note: s for s in demo.scenes}
    assert by_note["black rolls"].ok
    assert by_note["black plays 24/18 13/9"].ok
