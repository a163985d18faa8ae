"""Count checkers on the rectified board: 24 points, bar and borne off, with confidences.

Works on the canonical top-down board (``vision.board``), resized internally to the board's
real proportions so checkers are circles.  Two cues find checkers:

- colour: the empty board is modelled from the board itself (the field colour from the middle
  band, which checkers rarely reach, and the two triangle colours, medians over alternate columns
  near the tips); along each point the run of pixels unlike that model gives the stack's extent;
- outline: circles of checker size (Hough on a contrast-equalised grey), kept when unlike the
  board inside or with a rim on the side facing the board's middle (which also rejects the circle
  inscribed in an empty triangle's base).  This finds light-on-light and dark-on-dark checkers.

A third cue helps a checker coloured like its triangle: beside the narrowing triangle, it hides
the field.  Circles too weak to verify still help where they cannot be triangle edges: between
sure checkers, as a row on the first slots of an otherwise empty point, or as an even chain from
the edge (a fanned stack); colour alone (a shadow, a die) needs some outline on its run.  The
slot grid follows a point's outlines when the board edge is registered a few pixels off.  A
point's first layer is the run of slots from its edge seen by any cue (outlines further out
imply the checkers below them, but not one centred on a die, whose corners and shadow make a
circle, nor one past a slot nothing sees after a colour run of the row's set; a fifth slot the
half barely holds counts under a sure outline);
a full first layer (5) may carry a second layer in its gaps, seen as circles nearer a gap than a
slot, filled from the edge like a pyramid, and gaps hidden under a third layer add to it (a dark
pyramid on a dark point, whose first layer nothing sees, is told by unverified outlines on two
or more gaps and one on the fifth slot, all on the half-pitch grid); a
stack fanned along the point is counted from its outlines' even period (up to its colour run's
end when that goes past them) or its profile's repeat period (also where the half holds five at
most and a colour run without outlines reaches the middle: a period well under a pitch is a
fanned stack's, not five in a row's; a colour run from the edge with no outline on it but a
sure one past a pyramid's reach is a dark fanned stack up to that top checker).  A circle
centred on a die is no checker's: slots seen by such circles alone imply no checker under
them.  Colours: the checker colours
learned at calibration, or else a 2-means split of this frame's checkers (on lightness, or on
hue when that separates far better; the lighter set is white; two clusters nearly alike are one
set split by shading: light ones white, and every count doubtful), split on the checkers clear of
dice (a die on a checker shows its own colour; covered ones take the nearer set); one checker's
colour beside a cluster that itself splits far apart may be no set (a sleeve read as a checker):
every count doubtful; a point takes the majority
colour of its checkers not under a die.  Bar: circles with a rim all round in the bar strip
beside its middle (where the cube waits); a faint bar circle, or one at the bar's ends, makes it
doubtful; a bar read empty with a checker-long run of a checker set's colour along its middle
holds checkers, doubtfully (a dark checker on a dark bar), and gives them up first when a side
has 16.  An empty point is doubtful when its edge slot shows a rim, or a faint one and a checker
set's own colour (a dark checker on a dark point); with that colour and a clear rim it holds
one, doubtfully.  Slots past a row of one to four coloured like its set rather than the board (a
light set also clearly apart from the board there) hold more of them, doubtfully; a row's last
checker under a die with no outline of its own is doubtful, and so are three or more checkers
without one outline on any of them (colour alone: a hand, a shadow), which read empty
when every other point's checkers show one.  A row's last checker beside a die whose disc shows
the board round the die, not its row's colour, is the die's outline (dropped, doubtfully); an
edge slot a die lies on, whose disc round the die is a checker set's colour far from the
board's, holds one checker of that set (doubtfully; kept last when its side has 16); an empty
point whose edge slot a die covers, what shows round the die no nearer the triangle's colour
than a set's, is doubted at the end unless that side's believed counts hold all fifteen.  On
a point already doubted, a learned cue (a logistic model of the slot's window: colours against
the board's, gradient orientations) adds the checkers it sees past the row, doubtfully (a dark
checker on a dark point shows its round shading where no outline or colour cue does); on a
point believed empty, the cue seeing a checker on its edge slot (or two on its first two) makes
it doubtful (dark checkers on a dark point at the board's side, their rim cut by the frame; a
die over a little of the slot is read as the triangle's colour).  A row of one or two with no
sharp rim on any checker, on a point not dark, is doubtful (a die's soft shadow).  A
side counted at 16 or 17 loses the extra checkers on its least certain points (one or two
checkers, one of them with no outline at all, first; then a lone checker without a verified
outline, or touching a die; a doubtful bar checker before a point as doubtful; one or two with
a clear rim the learned cue sees last). A side one or two short of 15 with a checker on a point
outside its home board has borne none off: its missing checkers go to its doubted points when
these explain them one each (or to those empty ones the learned cue clearly sees a checker on,
or to a doubted row the cue sees going on past its last checker, or to its one doubted tall
stack), doubtfully; a side still one or two short at the end leaves the bar in doubt (its
missing checker may be there). A side at fifteen with one doubted row going on takes the row's
checkers from its doubted bar holding as many or its one doubted stack of six or more. After
that, an empty point whose edge slot is coloured like a set, with a rim, and that the learned
cue sees a checker on, holds one (and the next slots the cue sees), doubtfully, when its side is
short of 15 by at least as many such points; more of them than
missing checkers are only doubted.  A full row whose edge slot's rim toward the middle is faint
beside the next ones' (a checker on top hides it) is doubtful, and a believed row of one to four
the learned cue sees a checker just past is doubtful at the end (counts kept).  Without
calibrated colours, a frame whose sides break the rules as named (a side far short of 15, so it
bore off, with checkers outside its home) and keep them renamed (both sides, or one point) is
renamed, doubtfully.  Borne off: a side's count read from the bear-off tray where believed
(``trays``; the reader passes it in, for the totals above: a side seen to have borne some off
is short of 15 less those, bearing off or not), else 15 minus the rest; ``off_from_trays``
when both sides' are from the tray.  ``unexplained`` measures large blobs unlike the board
and unexplained by checkers or dice (a hand: the reader says "occluded").

Modules: ``count`` (the stage), ``stacks`` (one point's layers), ``weak_slots`` (slots only
unverified outlines see), ``layers`` (a pyramid's upper layers), ``row_rims`` (a row checked by
its slots' rims), ``bare_tail`` (a row's tail no shape cue sees), ``fanned`` (fanned stacks),
``bar`` (checkers on the bar), ``bar_dice`` (a bar count a die or a checker found twice puts
in doubt), ``outlines`` (circles and rims),
``empty_board`` (board colours, colour runs), ``colours`` (white or black),
``covered_colour`` (a checker under a die sampled round it),
``slot_colour`` (slots coloured like a checker set), ``by_die`` (a row's last checker beside a
die), ``die_cover`` (an empty point a die may hide a checker on), ``slot_model`` (the learned
cue), ``totals`` (15 a side, unexplained blobs), ``short_side`` (a side short of 15 that bore
none off; ``seen_many``: its missing where the cue sees them, ``short_bar``: on the bar,
``covered_rest``: on a five a second layer covers),
``trays`` (borne off, read from the tray), ``seen_empty`` (an empty point both weak cues see a
checker on, or doubted where they single it out), ``home_sides`` (sets named the
wrong way round; a side that bore off doubts its one point away from home), ``model`` (shapes
and results).

::

    rect = rectify(frame, fix.homography, WORK_W, WORK_H)
    counts = count_checkers(rect, fix.geometry, "bottom-right",
                            shape=BoardShape(aspect=quad_aspect(fix.corners)))
    counts.white[5], counts.point_confidence[5]
"""

from vision.checkers.count import count_checkers
from vision.checkers.model import (
    CHECKERS_PER_SIDE,
    WORK_H,
    WORK_W,
    BoardShape,
    CheckerColours,
    CheckerCounts,
    quad_aspect,
)

__all__ = [
    "CHECKERS_PER_SIDE",
    "WORK_H",
    "WORK_W",
    "BoardShape",
    "CheckerColours",
    "CheckerCounts",
    "count_checkers",
    "quad_aspect",
]
