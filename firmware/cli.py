"""The ``bgref`` command line.

Each package contributes its own subcommands through a ``register(subparsers)`` function that
adds a parser and sets ``func`` (called with the parsed arguments, returning an exit code).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bgref", description="Backgammon referee.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="run the main job with no camera attached")
    demo.set_defaults(func=_run_demo)

    from vision import cli as vision_cli  # imported here so `bgref --help` stays fast

    vision_cli.register(sub)
    return parser


def _run_demo(args: argparse.Namespace) -> int:
    print("bgref demo: nothing to show yet")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
