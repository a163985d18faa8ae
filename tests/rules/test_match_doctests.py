"""The usage examples in the game/match modules' docstrings run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "rules.actions",
    "rules.cube",
    "rules.game",
    "rules.game_state",
    "rules.game_offers",
    "rules.match",
    "rules.match_state",
    "rules.match_view",
    "rules.matchid",
    "rules.matfile",
    "rules.chouette",
    "rules.sgf",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
