"""``bgref vision ...`` subcommands (placeholder until the vision pipeline lands)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    vision = subparsers.add_parser("vision", help="read and evaluate board images")
    vsub = vision.add_subparsers(dest="vision_command", required=True, metavar="SUBCOMMAND")
    read = vsub.add_parser("read", help="write one prediction JSON per image")
    read.add_argument("set_dir")
    read.add_argument("--out", required=True)
    read.set_defaults(func=_not_ready)
    ev = vsub.add_parser("eval", help="score predictions against labels")
    ev.add_argument("set_dir")
    ev.set_defaults(func=_not_ready)


def _not_ready(args: argparse.Namespace) -> int:
    print("bgref vision: not implemented yet")
    return 2
