"""The usage examples in the docstrings of vision/, firmware/ and web/ are run as tests.

(rules/ has its own: tests/rules/test_doctests.py.)
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import firmware
import vision
import web


def _modules() -> list[str]:
    names = []
    for package in (vision, firmware, web):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
