"""bgref's rules engine: backgammon positions, legal plays, cube, games and matches.

Standard library only; knows nothing of cameras. Two central types: :class:`Position` (a
position and its legal plays) and :class:`Match` (a game or match driven by actions: rolls,
plays, cube, rulings; score, Crawford, Match ID, .mat export).

>>> import rules
>>> start = rules.Position.start()
>>> plays = rules.legal_plays(start, (3, 1))
>>> best = next(p for p in plays if str(p) == "8/5 6/5")
>>> rules.check_play(start, (3, 1), best.result).legal
True
>>> rules.check_play(start, (3, 1), start.apply(rules.Play.parse("13/7"))).reason
'13/7 does not fit the roll 3-1'
>>> print(start.apply(rules.Play.parse("8/5 6/5")).diagram())  # doctest: +NORMALIZE_WHITESPACE
  13  14  15  16  17  18 | 19  20  21  22  23  24
  5X   .   .   .  3O   . | 5O   .   .   .   .  2X
 bar: X 0  O 0    off: X 0  O 0
  5O   .   .   .  2X   . | 4X  2X   .   .   .  2O
  12  11  10   9   8   7 |  6   5   4   3   2   1
 X = white (on roll, pips 163), O = black (pips 167)
>>> match = rules.Match(5, white="Ann", black="Bob")
>>> match.opening_roll(white=3, black=1)
>>> match.move("8/5 6/5")
>>> match.prompt()
'black to roll or double'

"""

from rules.actions import ActionRefused, VoidReason
from rules.check import Verdict, check_play
from rules.cube import Cube, Rules
from rules.legal import InvalidDice, PlayTree, legal_plays, play_tree
from rules.match import Match
from rules.play import IllegalMove, Move, NotationError, Play
from rules.position import BAR, OFF, InvalidPosition, Position
from rules.side import Side

__all__ = [
    "ActionRefused",
    "BAR",
    "Cube",
    "Match",
    "Rules",
    "VoidReason",
    "OFF",
    "IllegalMove",
    "InvalidDice",
    "InvalidPosition",
    "Move",
    "NotationError",
    "Play",
    "PlayTree",
    "Position",
    "Side",
    "Verdict",
    "check_play",
    "legal_plays",
    "play_tree",
]
