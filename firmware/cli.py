"""The ``bgref`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bgref", description="Backgammon referee.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("demo", help="run the main job with no camera attached")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "demo":
        print("bgref demo: nothing to show yet")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
