"""Render the bundled demo recording: a scripted game filmed by the synthetic camera.

    .venv/bin/python -m firmware.demo_render [--out firmware/demo_recording] [--seed 7]

The script is played through the rules first (so every legal play is legal and the illegal one
is really illegal), then each scene is rendered by ``vision.synth``: hands reaching in between
scenes, still frames held long enough for the motion check and the read confirmation. The
manifest lists the frames, the button presses, and the events the referee should produce.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from rules.match import Match
from rules.play import Play
from rules.position import Position
from rules.side import Side
from vision.synth import CubeSpec, DieSpec, SceneSpec, motion_sequence, random_scene
from vision.synth import Position as SynthPosition
from vision.synth.spec import random_hand

DEFAULT_OUT = Path(__file__).resolve().parent / "demo_recording"
HOLD = 8  # still frames per scene: 3 to be still + 3 identical reads + margin


@dataclass
class Scene:
    """One still scene: the checkers (white's view of the rules position), dice, cube."""

    position: Position
    dice: tuple[DieSpec, ...] = ()
    cube: CubeSpec = field(default_factory=lambda: CubeSpec(64, "centre"))
    note: str = ""
    commands: tuple[tuple[str, str | None], ...] = ()  # pressed after this scene is seen
    expect: tuple[str, ...] = ()  # event kinds the referee should produce for this scene


def _synth_position(pos: Position) -> SynthPosition:
    white, black, bar, off = pos.to_white_numbered()
    return SynthPosition(
        tuple(white), tuple(black), bar["white"], bar["black"], off["white"], off["black"]
    )


def _dice(values: tuple[int, int], side: Side, cocked: int | None = None) -> tuple[DieSpec, ...]:
    zone = f"{side}_right"
    return tuple(
        DieSpec(v, "cocked" if i == cocked else "flat", zone) for i, v in enumerate(values)
    )


def script() -> list[Scene]:
    """The demo game: opening, plays, a cocked die, an illegal play accepted, a double."""
    match = Match(3, white="Ann", black="Bob")
    scenes: list[Scene] = [Scene(Position.start(), note="set-up", expect=())]

    def board() -> Position:
        return match.game.board()

    # Opening: white 3, black 1 -> white plays 3-1.
    scenes.append(
        Scene(
            board(),
            (DieSpec(3, "flat", "white_right"), DieSpec(1, "flat", "black_right")),
            note="opening roll",
            expect=("roll",),
        )
    )
    match.opening_roll(white=3, black=1)

    def turn(
        dice: tuple[int, int],
        notation: str,
        *,
        cocked_first: tuple[int, int] | None = None,
        expect_final: str = "play",
    ) -> None:
        side = match.turn
        assert side is not None
        if cocked_first is not None:
            scenes.append(
                Scene(
                    board(),
                    _dice(cocked_first, side, cocked=1),
                    note="cocked die",
                    expect=("reroll",),
                )
            )
        if match.dice is None:
            scenes.append(Scene(board(), _dice(dice, side), note=f"{side} rolls", expect=("roll",)))
            match.roll(*dice)
        after = match.game.position.apply(Play.parse(notation))
        scenes.append(
            Scene(
                after,
                _dice(dice, side),
                note=f"{side} plays {notation}",
                expect=("moving",) if expect_final == "play" else ("warning",),
            )
        )
        match.move(after)
        scenes.append(Scene(board(), note="dice picked up", expect=(expect_final,)))

    turn((3, 1), "8/5 6/5")
    turn((6, 4), "24/18 13/9", cocked_first=(6, 2))
    turn((5, 2), "13/8 13/11")
    # Bob moves a checker 6 pips with 4-2 from the mid-point and another 4: 13/7 and 13/9
    # is 10 pips, but he lands 13/7 6/2 (legal) ... instead he plays 13/7 13/7: illegal.
    turn((4, 2), "13/7(2)", expect_final="illegal")
    scenes[-1].commands = (("accept", "white"),)
    scenes[-1].expect = ("illegal", "ruling")
    turn((6, 3), "24/21 13/7*")
    return scenes


def render_recording(out: Path, seed: int) -> dict[str, object]:
    rng = np.random.default_rng(seed)
    base = random_scene(
        rng,
        style="tournament_green",
        white_home="bottom-right",
        markers=True,
        n_dice=0,
        hand_probability=0.0,
        cube_probability=1.0,
    )
    layout_seed = int(rng.integers(2**62))
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.jpg"):
        old.unlink()
    frames: list[dict[str, object]] = []
    commands: list[dict[str, object]] = []
    expected: list[dict[str, object]] = []
    index = 0
    scenes = script()
    for n, scene in enumerate(scenes):
        spec: SceneSpec = replace(
            base,
            position=_synth_position(scene.position),
            dice=scene.dice,
            cube=scene.cube,
            hand=random_hand(rng, base.geometry),
        )
        # The same board on every frame: the renderer's layout (decor, checker jitter) comes
        # from the first draw of the generator motion_sequence is given, when the hand is set.
        sequence = motion_sequence(
            spec, np.random.default_rng(layout_seed), enter=1, move=1, leave=1, still=1
        )
        # A hand reaches in (moving checkers or dice), then the scene is still.
        moving = [f for f in sequence if f.phase != "still"] if n else []
        for k, frame in enumerate(moving):
            name = f"s{n:02d}_hand{k}.jpg"
            cv2.imwrite(str(out / name), frame.image, [cv2.IMWRITE_JPEG_QUALITY, 45])
            frames.append({"image": name, "hold": 1})
            index += 1
        name = f"s{n:02d}_still.jpg"
        cv2.imwrite(str(out / name), sequence[-1].image, [cv2.IMWRITE_JPEG_QUALITY, 75])
        frames.append({"image": name, "hold": HOLD, "note": scene.note})
        for command, side in scene.commands:
            commands.append({"at": index + HOLD, "name": command, "side": side})
        expected.append({"scene": n, "note": scene.note, "events": list(scene.expect)})
        index += HOLD
        print(f"scene {n + 1}/{len(scenes)}: {scene.note}", file=sys.stderr)
    manifest = {
        "fps": 5,
        "match": {"length": 3, "white": "Ann", "black": "Bob"},
        "white_home": "bottom-right",
        "frames": frames,
        "commands": commands,
        "expected": expected,
        "generator": f"python -m firmware.demo_render --seed {seed}",
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    manifest = render_recording(args.out, args.seed)
    frames = manifest["frames"]
    assert isinstance(frames, list)
    print(f"wrote {len(frames)} images to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
