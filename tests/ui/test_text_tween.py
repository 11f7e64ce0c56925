"""Text fitting (never wider or taller than its box while a size fits) and the easings game/ui draws with."""

from __future__ import annotations

import pygame
import pytest

from game.ui.text import MIN_FONT_PX, TextRenderer
from game.ui.tween import EASINGS, ease_out_back


@pytest.fixture(scope="module")
def text():
    pygame.font.init()
    return TextRenderer()


@pytest.mark.parametrize("box", [(60, 20), (200, 40), (400, 90), (30, 12)])
def test_text__fit_size_fits_the_box_and_is_the_largest_that_does(text, box):
    label = "Clear row"
    size = text.fit_size(label, *box)
    w, h = text.size(label, size)
    if size > MIN_FONT_PX:
        assert w <= box[0] and h <= box[1]
        bigger = text.size(label, size + 1)
        assert bigger[0] > box[0] or bigger[1] > box[1]


def test_text__wrapped_paragraphs_fit_width_and_height(text):
    paragraph = (
        "Each peg earns at most one grading peg, so a repeated colour counts only as often as it is in both."
    )
    size, lines = text.fit_paragraphs(paragraph + "\n" + paragraph, 300, 200, 40)
    assert all(text.size(line, size)[0] <= 300 for line, _ in lines)
    assert lines[-1][1] + text.font(size).get_linesize() <= 200
    assert " ".join(line for line, _ in lines).replace("  ", " ").count("grading") == 2


def test_tween__the_ui_names_the_timelines_easings_and_the_pop_overshoots():
    from game.play import timeline

    assert EASINGS is timeline.EASINGS and ease_out_back is timeline.ease_out_back
    assert max(ease_out_back(t / 100) for t in range(101)) > 1  # the pop overshoots, then settles


def test_text__fit_size_is_the_largest_fitting_size_a_search_of_every_size_finds(text):
    import random

    rng = random.Random(3)
    words = [
        "Hg",
        "Play again",
        "1,757",
        "Colour-blind safe",
        "MASTERMIND",
        "i",
        "WWWWWW",
        "Next codes in 7:12",
    ]
    for _ in range(400):
        line, w, h = rng.choice(words), rng.uniform(5, 900), rng.uniform(5, 200)
        largest = rng.choice([20, 40, 80, 160])
        top = max(MIN_FONT_PX, min(largest, int(h * 2) + 1))
        fitting = [
            px
            for px in range(MIN_FONT_PX, top + 1)
            if text.size(line, px)[0] <= w and text.size(line, px)[1] <= h
        ]
        assert text.fit_size(line, w, h, largest) == (max(fitting) if fitting else MIN_FONT_PX), (line, w, h)
