"""The help's Rules page for a game whose codes are not colours: Bulls and Cows, Words, Word marks.

A game of digits or words opens the help on rules in its own terms (the colour page's "a right colour"
and its worked example of repeated colours would be drawn in digit or letter tiles and mean nothing):
the goal with the game's noun ("Crack the hidden number"), three graded examples and a note. The
examples are written in the variant's symbols and graded on the page by the variant's own score(),
so the page can never disagree with the game; every word is an answer (the allowed list's names and
oddities never show). A Bulls and Cows game of 3 or 5 digits takes as many digits of each example.

Pure data and words (no pygame); game/screens/help.py draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codes import Code
from game.core.variants import Variant

DIGIT_SECRET = "40718"  # 3 to 5 digits are taken from the left: every digit different, as the game's are
# (title, guess): a bull, a cow, then bulls and cows together
DIGIT_EXAMPLES = (
    ("Bull (black): a right digit in the right place", "45962"),
    ("Cow (white): a right digit in the wrong place", "54962"),
    ("Bulls and cows together: every digit is different, each counts once", "47108"),
)
WORD_SECRET = "cloud"
# (title for Words, title for Word marks, guess): one in place, one elsewhere, a letter twice
WORD_EXAMPLES = (
    ("Black: a right letter in the right place", "Black under a letter: it is in the right place", "crane"),
    (
        "White: a right letter in the wrong place",
        "White under a letter: it is elsewhere in the word",
        "angle",
    ),
    ("Repeats count once each", "A letter twice is marked as often as the word has it", "color"),
)
REPEAT_NOTE = "{word} has one {letter}, so the second {letter} earns nothing"


@dataclass(frozen=True)
class RulesPage:
    """The Rules page of one kind of code: `goal` over the examples, `examples` (caption, secret,
    guess; the caption's first line its title, the rest the grade in words), `note` under them."""

    goal: str
    note: str
    examples: tuple[tuple[str, Code, Code], ...]


def rules_page(variant: Variant) -> RulesPage | None:
    """The Rules page of `variant`'s game, or None for colours (the help's own page)."""
    if not variant.symbols:
        return None
    if variant.name == "bulls-and-cows":
        return _digits_page(variant)
    return _words_page(variant)


def grade_line(variant: Variant, grade) -> str:
    """A grade as the page says it: "1 bull, 2 cows", "0 black, 1 white" (Word marks: its counts)."""
    if variant.marks_by_place:
        return f"{grade.black} black, {grade.white} white"
    return ", ".join(_count(int(n), kind) for n, kind in zip(grade, variant.kinds, strict=True))


def _count(n: int, kind: str) -> str:
    """ "1 bull", "2 cows", "0 black" (a colour's name stays as it is)."""
    return f"{n} {kind[:-1] if n == 1 and kind.endswith('s') else kind}"


def _digits_page(variant: Variant) -> RulesPage:
    secret = variant.code_from_symbols(DIGIT_SECRET[: variant.pegs])
    examples = []
    for title, guess_text in DIGIT_EXAMPLES:
        guess = variant.code_from_symbols(guess_text[: variant.pegs])
        examples.append((f"{title}\n{grade_line(variant, variant.score(guess, secret))}", secret, guess))
    return RulesPage(
        goal=f"Crack the hidden {variant.nouns.code} of different digits before the turns run out:",
        note="The grading pegs show bulls first and never say which digit earned them.",
        examples=tuple(examples),
    )


def _words_page(variant: Variant) -> RulesPage:
    secret = variant.code_from_symbols(WORD_SECRET)
    examples = []
    for words_title, marks_title, guess_text in WORD_EXAMPLES:
        guess = variant.code_from_symbols(guess_text)
        title = marks_title if variant.marks_by_place else words_title
        caption = f"{title}\n{grade_line(variant, variant.score(guess, secret))}"
        repeated = [letter for letter in guess_text if guess_text.count(letter) == 2]
        if repeated:
            letter = repeated[0].upper()
            caption += ": " + REPEAT_NOTE.format(word=WORD_SECRET.upper(), letter=letter)
        examples.append((caption, secret, guess))
    if variant.marks_by_place:
        goal = "Crack the hidden word before the turns run out. Every letter of a guess gets a mark:"
        note = "The pegs beside a row count its marks, blacks first; an empty hole: not in the word."
    else:
        goal = "Crack the hidden word before the turns run out. Each guess is graded with small pegs:"
        note = "The grading pegs show blacks first and never say which letter earned them."
    return RulesPage(goal=goal, note=note, examples=tuple(examples))
