"""What the referee remembers about dice between observations, and what a die's reading means.

Two memories, both in image pixels:

- **scenery**: places where the camera "sees a die" when no die can be there (at the moment the
  dice were picked up, or on the set-up board): a glint, a print, a gap between checkers. A die
  read at such a place later is ignored. Kept short, since a real die may land there later.
- **the accepted roll**: where its dice lay. A different roll elsewhere before any checker moved
  means the players rolled again (they saw a cocked die the camera missed, say).

>>> from vision.observation import ObservedDie
>>> memory = DiceMemory(confidence=0.6)
>>> glint = ObservedDie(value=1, bbox=(100, 100, 120, 120), centre=(110.0, 110.0),
...                     zone="white_right", state="flat", confidence=0.9)
>>> memory.remember_scenery((glint,))
>>> memory.is_scenery(glint), fault(glint, Side.BLACK)[0]
(True, 'outside')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.side import Side
from vision.observation import Observation, ObservedDie

# x, y, size (longest box side) and value of one die of the accepted roll
DiePlace = tuple[float, float, float, int | None]

_SCENERY_KEPT = 8


@dataclass
class DiceMemory:
    """Scenery and the accepted roll's dice; ``confidence`` is the least a die's reading needs
    to count as read (below it a die is doubtful)."""

    confidence: float
    scenery: list[tuple[float, float, float]] = field(default_factory=list)  # x, y, radius
    roll: list[DiePlace] = field(default_factory=list)

    def remember_scenery(self, dice: tuple[ObservedDie, ...]) -> None:
        """Add these readings to the scenery (the last few only)."""
        self.scenery += [
            (d.centre[0], d.centre[1], 0.6 * max(d.bbox[2] - d.bbox[0], d.bbox[3] - d.bbox[1]))
            for d in dice
        ]
        self.scenery = self.scenery[-_SCENERY_KEPT:]

    def is_scenery(self, die: ObservedDie) -> bool:
        x, y = die.centre
        return any((x - sx) ** 2 + (y - sy) ** 2 <= r * r for sx, sy, r in self.scenery)

    def without_scenery(self, obs: Observation) -> Observation:
        """The observation without the dice read at scenery places."""
        if not self.scenery or not obs.dice:
            return obs
        kept = tuple(d for d in obs.dice if not self.is_scenery(d))
        return obs if len(kept) == len(obs.dice) else replace(obs, dice=kept)

    def remember_roll(self, dice: tuple[ObservedDie, ...]) -> None:
        self.roll = [(*die_place(d), d.value) for d in dice]

    def forget_roll(self) -> None:
        self.roll = []

    def early_roll(self, obs: Observation, turn: Side) -> bool:
        """Two confidently read dice in the opponent's half while the mover's are still down.
        (A stray reflection read as a third die must not stop the game.)"""
        theirs = sum(self._credible(d, f"{turn.opponent}_right") for d in obs.dice)
        ours = sum(self._credible(d, f"{turn}_right") for d in obs.dice)
        return theirs >= 2 and ours >= 1

    def new_roll(self, obs: Observation, turn: Side, dice: tuple[int, int]) -> list[int] | None:
        """The values of another roll, if two flat, well-read dice of a different roll lie in the
        mover's half with at least one of them away from where the accepted roll lay. A die
        still where an accepted die lay must read as that die did, so a misread of dice that
        did not move can never replace a roll."""
        if len(self.roll) != 2 or len(obs.dice) != 2:
            return None
        if not all(self._credible(d, f"{turn}_right") for d in obs.dice):
            return None
        new = [d.value for d in obs.dice if d.value is not None]
        if sorted(new) == sorted(dice):
            return None
        moved = 0
        for die in obs.dice:
            x, y, size = die_place(die)
            stayed = [
                value
                for ox, oy, osize, value in self.roll
                if (x - ox) ** 2 + (y - oy) ** 2 < (1.5 * max(size, osize)) ** 2
            ]
            if not stayed:
                moved += 1
            elif die.value not in stayed:
                return None  # the same die, read differently: not a new roll
        return new if moved else None

    def _credible(self, die: ObservedDie, zone: str) -> bool:
        return (
            die.zone == zone
            and die.state == "flat"
            and die.value is not None
            and die.confidence >= self.confidence
        )


def die_place(die: ObservedDie) -> tuple[float, float, float]:
    """Centre and size (longest box side) of a die reading, in image pixels."""
    x0, y0, x1, y1 = die.bbox
    return die.centre[0], die.centre[1], float(max(x1 - x0, y1 - y0))


def read_surely(die: ObservedDie, threshold: float) -> bool:
    """Is ``die`` read, with at least ``threshold`` confidence? Only such dice make a call
    (a void roll) on their own; an unread or doubtful "die" may be none at all."""
    return die.value is not None and die.confidence >= threshold


@dataclass(frozen=True)
class DiceCall:
    """What the dice on the board call for: a void roll (``reason`` is the re-roll's reason)
    or, with ``reason`` None, a question to the players."""

    text: str
    reason: str | None = None


def judge_dice(
    dice: tuple[ObservedDie, ...] | list[ObservedDie], roller: Side | None, threshold: float
) -> DiceCall | None:
    """The first die that voids the roll or must be asked about, if any. A doubtful die (a
    phantom: a spot on a checker read as a 1) never voids a roll on its own: a wrongly voided
    roll is a false call.

    >>> flat = ObservedDie(value=3, bbox=(0, 0, 20, 20), centre=(10.0, 10.0),
    ...                    zone="white_right", state="flat", confidence=0.9)
    >>> judge_dice([flat], Side.WHITE, 0.6) is None
    True
    >>> judge_dice([replace(flat, state="cocked")], Side.WHITE, 0.6)
    DiceCall(text='a die is cocked', reason='cocked')
    >>> judge_dice([replace(flat, state="cocked", confidence=0.4)], Side.WHITE, 0.6).reason
    """
    for die in dice:
        found = fault(die, roller)
        if found is not None:
            reason, said, maybe = found
            if die.confidence < threshold:
                return DiceCall(f"a die may be {maybe}: check the dice")
            return DiceCall(said, reason)
        if not read_surely(die, threshold):
            return DiceCall("a die cannot be read: check the dice")
    return None


def too_many_dice(dice: tuple[ObservedDie, ...], threshold: float) -> DiceCall | None:
    """More than two dice void the roll only when all of them are read surely: with an
    unread or doubtful "die" among them (a phantom beside the board?) the players are asked."""
    if len(dice) <= 2:
        return None
    if sum(read_surely(d, threshold) for d in dice) > 2:
        return DiceCall(f"{len(dice)} dice on the board", "other")
    return DiceCall(f"{len(dice)} dice seen: is each one a die?")


def fault(die: ObservedDie, roller: Side | None) -> tuple[str, str, str] | None:
    """What voids a roll in this die, if anything: the reroll's reason, what is said, and what
    is asked when the die is doubtful. Where it lies counts once the roller is known."""
    if die.state == "cocked":
        return "cocked", "a die is cocked", "cocked"
    if die.state == "on_checker":
        return "on_checker", "a die landed on a checker", "on a checker"
    if roller is not None and die.zone != f"{roller}_right":
        half = f"outside {roller}'s right half"
        return "outside", f"a die is {half}", half
    return None
