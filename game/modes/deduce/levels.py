"""Deduce's levels as its screens name and group them: the colour sizes on one page (4×6, 5×8, 6×9),
the codes of numbers and words on another (Bulls and Cows, Words, Word marks), in the core's order
(game/core/deduce.py LEVELS, then VARIANT_LEVELS). Pure: no pygame."""

from __future__ import annotations

from game.core.deduce import LEVELS, VARIANT_LEVELS, level

# (the page's tab, its levels' names): a page holds as many columns as the smallest window shows
PAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Colours", tuple(lv.name for lv in LEVELS)),
    ("Numbers and words", tuple(lv.name for lv in VARIANT_LEVELS)),
)
LEVEL_NAMES: tuple[str, ...] = tuple(name for _, names in PAGES for name in names)

# what a variant level's column says under its name
_DETAILS = {
    "digits": "4 different digits",
    "words": "5 letters, black and white",
    "marks": "5 letters, a mark a letter",
}


def page_of(name: str) -> int:
    """The page that shows level `name`."""
    return next(i for i, (_, names) in enumerate(PAGES) if name in names)


def title(name: str) -> str:
    """How a level is named on screen and in the share text: "4×6", "Bulls and Cows", "Word marks"."""
    lv = level(name)
    if lv.variant:
        return lv.config.variant.shape_name
    return f"{lv.pegs}×{lv.colours}"


def detail(name: str) -> str:
    """The line under a level's name: "4 pegs, 6 colours", "a 5-letter word, black and white"."""
    lv = level(name)
    return _DETAILS.get(lv.name, f"{lv.pegs} pegs, {lv.colours} colours")


def is_words(name: str) -> bool:
    """Whether the level's codes are words (the answer list's): a try may be any allowed word."""
    return level(name).config.variant.listed
