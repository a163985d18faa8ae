"""The usage examples in rules/ docstrings are run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import rules

MODULES = ["rules"] + [f"rules.{m.name}" for m in pkgutil.iter_modules(rules.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
