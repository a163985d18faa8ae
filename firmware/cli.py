"""The ``bgref`` command line.

    bgref demo                      the bundled recording through the whole pipeline
    bgref plays 4HPwATDgc/ABMA 31   every legal play for a position and roll
    bgref check 4HPwATDgc/ABMA 31 "13/7"   judge a play
    bgref vision read|eval ...      the vision pipeline on labelled image sets

Each package contributes subcommands through a ``register(subparsers)`` function that adds a
parser and sets ``func`` (called with the parsed arguments, returning an exit code).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the commands import their packages lazily, to start quickly
    from rules.position import Position


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bgref", description="Backgammon referee.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser(
        "demo", help="play the bundled recording through the whole pipeline and serve the page"
    )
    demo.add_argument("--recording", type=Path, default=None, help="a recording folder")
    demo.add_argument(
        "--workdir",
        type=Path,
        default=Path("var/demo"),
        help="where the journal and the .mat file go (default var/demo)",
    )
    demo.add_argument(
        "--exit",
        action="store_true",
        help="stop when the recording ends (exit code 1 if a scene went unexpectedly)",
    )
    demo.add_argument("--host", default="0.0.0.0", help="address to serve the page on")
    demo.add_argument("--port", type=int, default=8080)
    demo.set_defaults(func=_run_demo)

    run = sub.add_parser("run", help="referee a real board (camera, page, LEDs)")
    run.add_argument(
        "--source", default="pi", help="pi, usb:N, a video file or a recording folder (default pi)"
    )
    run.add_argument("--journal", type=Path, default=Path("bgref.sqlite"))
    run.add_argument(
        "--calibration",
        type=Path,
        default=Path("calibration.json"),
        help="loaded if it exists, else made from the starting position and saved",
    )
    run.add_argument(
        "--white-home",
        choices=["bottom-right", "bottom-left", "top-right", "top-left"],
        default=None,
        help="where white's home board is in the image (found if not given)",
    )
    run.add_argument("--length", type=int, default=7, help="match length (0 = money play)")
    run.add_argument("--white", default="White", help="white's name")
    run.add_argument("--black", default="Black", help="black's name")
    run.add_argument("--new", action="store_true", help="start a new match, do not resume")
    run.add_argument("--host", default="0.0.0.0")
    run.add_argument("--port", type=int, default=8080)
    run.add_argument("--gpio", action="store_true", help="drive the LED/button panel (Pi)")
    run.set_defaults(func=_run_run)

    plays = sub.add_parser("plays", help="list the legal plays for a position and roll")
    plays.add_argument("position", help="GNU Backgammon Position ID or XGID (side on roll)")
    plays.add_argument("dice", help="the roll, e.g. 31 or 3-1")
    plays.set_defaults(func=_run_plays)

    check = sub.add_parser("check", help="judge a play for a position and roll")
    check.add_argument("position", help="GNU Backgammon Position ID or XGID (side on roll)")
    check.add_argument("dice", help="the roll, e.g. 31 or 3-1")
    check.add_argument("play", help='the play in GNU Backgammon notation, e.g. "8/5 6/5"')
    check.set_defaults(func=_run_check)

    from vision import cli as vision_cli  # imported here so `bgref --help` stays fast

    vision_cli.register(sub)
    return parser


def _run_run(args: argparse.Namespace) -> int:
    from firmware.app import RunOptions, main_run

    if args.length < 0:
        print("bgref run: --length must be 0 (money) or more", file=sys.stderr)
        return 2
    return main_run(
        RunOptions(
            source=args.source,
            journal=args.journal,
            calibration=args.calibration,
            white_home=args.white_home,
            length=args.length,
            white=args.white,
            black=args.black,
            new_match=args.new,
            host=args.host,
            port=args.port,
            gpio=args.gpio,
        )
    )


def _parse_dice(text: str) -> tuple[int, int]:
    digits = [c for c in text if c.isdigit()]
    if len(digits) != 2 or not all("1" <= d <= "6" for d in digits):
        raise ValueError(f"dice {text!r}: give two numbers 1-6, e.g. 31 or 3-1")
    return int(digits[0]), int(digits[1])


def _parse_position(text: str) -> Position:
    from rules.position import Position

    if text.upper().startswith("XGID="):
        return Position.from_xgid(text)
    return Position.from_position_id(text)


def _run_plays(args: argparse.Namespace) -> int:
    from rules.legal import legal_plays
    from rules.position import InvalidPosition

    try:
        position = _parse_position(args.position)
        dice = _parse_dice(args.dice)
    except (InvalidPosition, ValueError) as exc:
        print(f"bgref plays: {exc}", file=sys.stderr)
        return 2
    plays = legal_plays(position, dice)
    print(position.diagram())
    print(f"{len(plays)} legal play(s) for {dice[0]}-{dice[1]}:")
    for play in sorted(plays, key=str):
        assert play.result is not None
        print(f"  {str(play) or '(no move)':24s} -> {play.result.position_id()}")
    return 0


def _run_check(args: argparse.Namespace) -> int:
    from rules.check import check_play
    from rules.play import IllegalMove, NotationError, Play
    from rules.position import InvalidPosition

    try:
        position = _parse_position(args.position)
        dice = _parse_dice(args.dice)
        after = position.apply(Play.parse(args.play))
    except (InvalidPosition, ValueError) as exc:
        print(f"bgref check: {exc}", file=sys.stderr)
        return 2
    except (NotationError, IllegalMove) as exc:  # pragma: no cover - both are ValueErrors
        print(f"bgref check: {exc}", file=sys.stderr)
        return 2
    verdict = check_play(position, dice, after)
    print(f"{verdict.status}: {verdict.reason if not verdict.legal else verdict.play}")
    if not verdict.legal and verdict.closest:
        print("closest legal plays: " + ", ".join(str(p) for p in verdict.closest))
    return 0 if verdict.legal else 1


def _run_demo(args: argparse.Namespace) -> int:
    import threading

    from firmware.demo import RECORDING, print_event, run_demo
    from firmware.runner import Runner
    from firmware.sources import SourceError
    from web import ScoreboardHub, serve

    hub = ScoreboardHub()
    try:
        server = serve(hub, args.host, args.port)
    except OSError as exc:
        print(f"bgref demo: cannot serve on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2
    print(
        f"scoreboard: http://localhost:{args.port}/ (open it on a phone on this network)",
        flush=True,
    )

    def connect(runner: Runner) -> None:
        hub.set_command_handler(runner.command_json)
        hub.set_mat_provider(runner.match_file)

    try:
        result = run_demo(
            args.recording or RECORDING,
            workdir=args.workdir,
            outputs=[print_event, lambda e: hub.publish_event(e.to_json())],
            state_outputs=[hub.publish_state],
            on_runner=connect,
        )
    except SourceError as exc:
        print(f"bgref demo: {exc}", file=sys.stderr)
        server.stop()
        return 2
    stats = result.runner.stats
    match = result.match
    print()
    print(
        f"frames {stats.frames}, still {stats.still_frames}, confirmed reads {stats.confirmed},"
        f" events {stats.events}, {result.seconds:.1f} s"
    )
    print(
        f"score: {match.white_name} {match.score.white} - {match.score.black} {match.black_name}"
        f" (match to {match.length}); now: {match.prompt()}"
    )
    print(f"journal: {args.workdir / 'bgref-demo.sqlite'}; match file: {result.mat_path}")
    print(f"self-check: {result.scenes_ok} of {len(result.scenes)} scripted scenes as expected")
    for check in result.scenes:
        if not check.ok:
            print(
                f"  scene {check.scene} ({check.note}): expected {check.expected},"
                f" referee said {check.produced}"
            )
    if args.exit:
        server.stop()
        return 0 if result.scenes_ok == len(result.scenes) else 1
    print(f"still serving http://localhost:{args.port}/ ; press Ctrl-C to stop", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
