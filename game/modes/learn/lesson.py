"""The guided first game: its fixed code, its steps, and what each grading peg came from. Pygame-free.

The lesson is a short real game, 3 pegs in 4 colours with six turns, whose code is LESSON_SECRET
(3 1 2 as the keys number colours). It walks a new player through one way of finding it:
1. row 1 is 2 1 4: placing pegs (drag or keys) and submitting, then each grading peg explained
   against the peg of the guess it came from (grade_sources(): which the grade itself never says):
   a black for the 1, a white for the 2, nothing for the 4;
2. row 2 is 4 4 4: no grading peg at all, so 4 is ruled out, and the player marks it on the palette;
3. a deduction together: row 1's black and white can only be its 2 and its 1, one of them in its
   place and the other elsewhere;
4. row 3 is 2 3 1, which could be the code: three whites, every colour right and none in place;
5. a second deduction: row 3 moves the 2 off the first place, so row 1's black was its 1 (second),
   its white the 2 (third); the player works out the last place, enters 3 1 2 (any row that cannot
   be the code is refused with the Why-not sentence, as hard mode does) and wins;
then the lesson hands over to a Classic game.

Every grade and every claim in the text is computed from the engine when the steps are made
(score, grade_sources, why_not), and tests check the claims against a brute force over all 64
codes, so the lesson can never teach something the game does not do.

A Step says what the callout reads, what it points at (Targets: the layout names them) and what the
player does to go on (Wait): press Next, build and submit a row, rule a colour out, win, or, at the
end, Next once more to hand over. Lesson.observe(...) moves on when the board shows the step done.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.core.codes import Code, colour_label, score
from game.core.config import GameConfig

LESSON_CONFIG = GameConfig(3, 4, turns=6)
LESSON_SECRET: Code = (2, 0, 1)  # 3 1 2
FIRST_ROW: Code = (1, 0, 3)  # 2 1 4: a black, a white, and a peg that earns nothing
COLOUR_TEST_ROW: Code = (3, 3, 3)  # 4 4 4: no grading peg, so 4 is out
FITTING_ROW: Code = (1, 2, 0)  # 2 3 1: could be the code after rows 1 and 2; leaves only one
RULED_OUT = 3  # the colour the lesson rules out (4)
PLACES = ("first", "second", "third")


def grade_sources(guess: Code, secret: Code) -> tuple[tuple[str, int], ...]:
    """Which peg of `guess` each grading peg stands for, in the grade's order (blacks, then whites):
    ("black", place) for a right colour in the right place; ("white", place) for a right colour
    elsewhere, the guess's pegs of a colour taken left to right while the code has that colour left
    over (the rule counts, it does not place; this is one honest way to show its count)."""
    blacks = [place for place, (g, s) in enumerate(zip(guess, secret, strict=True)) if g == s]
    left_over: dict[int, int] = {}
    for place, colour in enumerate(secret):
        if place not in blacks:
            left_over[colour] = left_over.get(colour, 0) + 1
    whites = []
    for place, colour in enumerate(guess):
        if place not in blacks and left_over.get(colour, 0) > 0:
            left_over[colour] -= 1
            whites.append(place)
    return tuple(("black", place) for place in blacks) + tuple(("white", place) for place in whites)


NBSP = "\u00a0"


def code_text(code: Sequence[int]) -> str:
    """A code's colour numbers joined by no-break spaces: a narrow card or panel wraps its line between
    words, never inside a code."""
    return NBSP.join(colour_label(peg) for peg in code)


class Wait(StrEnum):
    """What moves a step on."""

    NEXT = "next"  # the Next button, Enter, Space or Right
    PLACE = "place"  # the first peg of the row in its place
    SUBMIT = "submit"  # the row asked for, submitted and graded
    RULE_OUT = "rule out"  # the colour marked ruled out on the palette
    WIN = "win"  # the code found
    DONE = "done"  # Next hands over to a Classic game


@dataclass(frozen=True)
class Target:
    """Something on the board a callout points at: kind "palette" (colour), "slot" (row, col),
    "button" (name), "grades" (a row's grading pegs), "grade" (row, index), "row" or "secret"."""

    kind: str
    row: int = 0
    col: int = 0
    name: str = ""


@dataclass(frozen=True)
class Step:
    text: str
    wait: Wait
    targets: tuple[Target, ...] = ()
    row: Code | None = None  # the row to build (PLACE: its first peg; SUBMIT: all of it)
    turn: int = 0  # the row's number on the board, from 0


def _grade_words(grade) -> str:
    black, white = int(grade[0]), int(grade[1])
    parts = [
        f"{n} {kind} peg{'s' if n != 1 else ''}" for n, kind in ((black, "black"), (white, "white")) if n
    ]
    return " and ".join(parts) if parts else "no grading peg at all"


def _explain_row(turn: int, guess: Code) -> list[Step]:
    """One step per grading peg of row `turn`, then one for the pegs that earned nothing."""
    steps = []
    sources = grade_sources(guess, LESSON_SECRET)
    for index, (kind, place) in enumerate(sources):
        colour = colour_label(guess[place])
        why = "right colour, right place" if kind == "black" else "right colour, wrong place"
        where = "is in the code, in that very place" if kind == "black" else "is in the code, but not there"
        text = f"This {kind} peg: the {colour} in place {place + 1} {where}. {why[:1].upper()}{why[1:]}."
        targets = (Target("grade", turn, index), Target("slot", turn, place))
        steps.append(Step(text, Wait.NEXT, targets))
    earned = {place for _, place in sources}
    idle = [place for place in range(len(guess)) if place not in earned]
    if idle:
        names = " and ".join(f"the {colour_label(guess[p])} in place {p + 1}" for p in idle)
        text = (
            f"{names[:1].upper()}{names[1:]} earned nothing. The grade never says which peg earned "
            "which; only the counts. Working that out is the game."
        )
        steps.append(Step(text, Wait.NEXT, tuple(Target("slot", turn, p) for p in idle)))
    return steps


def lesson_steps() -> tuple[Step, ...]:
    """The whole lesson, its grades computed here from the rules."""
    first, test, fitting = (score(row, LESSON_SECRET) for row in (FIRST_ROW, COLOUR_TEST_ROW, FITTING_ROW))
    a, b, out = (colour_label(c) for c in (FIRST_ROW[0], FIRST_ROW[1], RULED_OUT))
    steps = [
        Step(
            "Under the shield is a secret code: 3 pegs, each one of 4 colours. Find it! Each guess "
            "you make is graded. Let's play one game together.",
            Wait.NEXT,
            (Target("secret"),),
        ),
        Step(
            f"Drag colour {a} from the palette into the first hole of row 1 (or press {a}).",
            Wait.PLACE,
            (Target("palette", col=FIRST_ROW[0]), Target("slot", 0, 0)),
            FIRST_ROW,
        ),
        Step(
            f"Now fill the row: your first guess is {code_text(FIRST_ROW)}. Drag the pegs, or click a "
            "colour and then a hole, or type the numbers. Then Submit (or Enter).",
            Wait.SUBMIT,
            tuple(Target("palette", col=c) for c in FIRST_ROW[1:]) + (Target("button", name="submit"),),
            FIRST_ROW,
            0,
        ),
        Step(
            f"Row 1 got {_grade_words(first)}. Each grading peg stands for one peg of your guess. "
            "Which one? This once, we peek at the code to show you.",
            Wait.NEXT,
            (Target("grades", 0),),
        ),
        *_explain_row(0, FIRST_ROW),
        Step(
            f"Now test one colour alone: your second guess is {code_text(COLOUR_TEST_ROW)}. Submit it.",
            Wait.SUBMIT,
            (Target("palette", col=RULED_OUT), Target("row", 1)),
            COLOUR_TEST_ROW,
            1,
        ),
        Step(
            f"Row 2 got {_grade_words(test)}: not one {out} is in the code. Mark it so you do not "
            f"forget: right-click {out} on the palette (or click it and press X).",
            Wait.RULE_OUT,
            (Target("palette", col=RULED_OUT),),
        ),
        Step(
            f"Now rows 1 and 2 together. {out} is out, so row 1's black and white came from its {a} "
            f"and its {b}: one of them is in its place, the other is in the code somewhere else. "
            "Which is which? Another guess will tell.",
            Wait.NEXT,
            (Target("slot", 0, 0), Target("slot", 0, 1), Target("grades", 0)),
        ),
        Step(
            f"A guess that could be the code: {code_text(FITTING_ROW)}. It keeps the {a} first, moves "
            f"the {b} and tries a new colour. Make it row 3 and submit it.",
            Wait.SUBMIT,
            (Target("row", 2),),
            FITTING_ROW,
            2,
        ),
        Step(
            f"Row 3 got {_grade_words(fitting)}: every colour is right and none is in its place: "
            + ", ".join(f"{colour_label(c)} is not {PLACES[p]}" for p, c in enumerate(FITTING_ROW))
            + ".",
            Wait.NEXT,
            (Target("grades", 2), Target("row", 2)),
        ),
        Step(
            f"Put it together. Row 3 says {a} is not first, so row 1's black was not its {a}: it was "
            f"its {b}, and {b} is {PLACES[1]}. Row 1's white is then its "
            f"{a}: not first, and the {PLACES[1]} place is taken, so {a} is {PLACES[2]}. "
            "What is left for the first place?",
            Wait.NEXT,
            (Target("row", 0), Target("row", 2)),
        ),
        Step(
            "Only one code fits every row now. Enter it and submit it. (Try another first if you "
            "like: a row that cannot be the code is refused, with the reason.)",
            Wait.WIN,
            (Target("row", 3),),
        ),
        Step(
            "Cracked! That is the whole game: black, right colour in the right place; white, right "
            "colour elsewhere. Now a real one: Classic, 4 pegs in 6 colours, 10 turns. Help (H) has "
            "the rules, and Settings has a coach that explains as you play.",
            Wait.DONE,
        ),
    ]
    return tuple(steps)


class Lesson:
    """Where the player is in the steps; observe() moves on when the board shows the step done."""

    def __init__(self, steps: tuple[Step, ...] | None = None) -> None:
        self.steps = steps if steps is not None else lesson_steps()
        self.index = 0

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def done(self) -> bool:
        return self.step.wait is Wait.DONE

    def next(self) -> bool:
        """Next was pressed: moves on from a step that waits for it (True), else nothing."""
        if self.step.wait is not Wait.NEXT:
            return False
        self.index += 1
        return True

    def observe(self, draft: Sequence[int | None], rows: int, graded: bool, ruled_out, won: bool) -> None:
        """Move on past every step the board shows done: `rows` submitted, the last one's grade on the
        board when `graded`, the `ruled_out` colours, `won` once the code is found."""
        while True:
            step = self.step
            if step.wait is Wait.PLACE:  # placed, or the whole row already handed in
                moved = draft[0] == step.row[0] or rows > step.turn
            elif step.wait is Wait.SUBMIT:
                moved = rows > step.turn and graded
            elif step.wait is Wait.RULE_OUT:
                moved = RULED_OUT in ruled_out
            elif step.wait is Wait.WIN:
                moved = won
            else:
                moved = False
            if not moved:
                return
            self.index += 1

    def refusal(self, draft: Sequence[int | None]) -> str | None:
        """Why the row being built cannot be handed in at this step (None: it can)."""
        step = self.step
        if step.wait is Wait.WIN:
            return None  # any full row: the board refuses one that cannot be the code (hard mode)
        if step.wait in (Wait.PLACE, Wait.SUBMIT) and step.row is not None:
            if tuple(draft) != step.row:
                mine = "" if None in draft else f", not {code_text(draft)}"
                return f"this step's row is {code_text(step.row)}{mine}"
            return None
        return "first read the note beside the board (Next goes on)"
