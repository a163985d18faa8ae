"""bench/vision.py --stages --functions wraps module attributes by name: every name it lists
must still be there (a renamed or no longer imported function made --functions fail)."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "vision.py"


def test_bench_stage_and_function_names_exist() -> None:
    spec = importlib.util.spec_from_file_location("bench_vision", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    missing = [
        f"{module}.{name}"
        for module, name in (*bench._STAGES, *bench._FUNCTIONS)
        if not hasattr(importlib.import_module(module), name)
    ]
    assert missing == []
