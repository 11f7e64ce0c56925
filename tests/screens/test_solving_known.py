"""The computer's screen shows, where the player's palette stood, what every code still possible
holds of each colour: played through the real app (two rows typed, Solve pressed), each count drawn
beside its colour matches a brute force over every code that fits the rows on the board, a colour in
none of them is struck through, the palette's key numbers (which pick nothing here: 1-4 set the
speed) are gone, and the board stands where the playing screen had it. The panel's key hints, too
wide for a small window's column, break between their phrases."""

from __future__ import annotations

import itertools
from collections import Counter

import pygame
import pytest

from game.core.config import GameConfig
from game.core.state import new_game
from game.modes.classic.hooks import ClassicHooks
from game.play.computer import Phase
from game.screens.playing import PlayingState
from game.screens.solving import SolvingState
from game.ui import palette as pal
from game.ui.board import FrameCache
from tests.screens.driver import make_app, press_key, settle, text_rects, type_code


def brute_grade(guess, secret) -> tuple[int, int]:
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    return black, sum((Counter(guess) & Counter(secret)).values()) - black


def expected_labels(history, pegs: int, colours: int) -> tuple[list[str], set[int]]:
    """Beside each colour, from every code that fits: "×n" when all hold n, "n+" when all hold at
    least n >= 1, else nothing; and the colours no code holds."""
    codes = [
        code
        for code in itertools.product(range(colours), repeat=pegs)
        if all(brute_grade(guess, code) == tuple(grade) for guess, grade in history)
    ]
    labels, absent = [], set()
    for colour in range(colours):
        counts = {code.count(colour) for code in codes}
        if counts == {0}:
            absent.add(colour)
            labels.append("")
        elif len(counts) == 1:
            labels.append(f"×{counts.pop()}")
        elif min(counts) >= 1:
            labels.append(f"{min(counts)}+")
        else:
            labels.append("")
    return labels, absent


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_solving_known__the_palette_says_what_every_code_still_possible_holds(size) -> None:
    config, secret = GameConfig(4, 6), (2, 3, 4, 4)
    app = make_app(size=size, seed=5, start=PlayingState(config, secret=secret, hooks=ClassicHooks()))
    playing_board = app.state.layout().board.copy()
    for code in ((0, 0, 1, 1), (2, 2, 3, 5)):
        type_code(app, code)
        press_key(app, pygame.K_RETURN)
        settle(app, 2.0)
    press_key(app, pygame.K_s)
    solving = app.state
    assert isinstance(solving, SolvingState)
    layout = solving.layout()
    assert layout.board == playing_board
    checked, seen_struck, seen_counts = set(), set(), set()
    for _ in range(6000):
        if app.state is not solving:
            break
        app.step([], 1 / 60)
        run = solving.run
        shown = run.game.history[: run.shown_rows]
        if run.phase is not Phase.RESTING or solving.known.busy or len(shown) in checked:
            continue
        checked.add(len(shown))
        solving.view.screen = FrameCache()  # view state, thrown away at will: the next frame draws afresh
        drawn = text_rects(app)
        app.draw()
        del app.text.draw
        labels, absent = expected_labels(shown, config.pegs, config.colours)
        for colour in range(config.colours):
            cell = layout.palette_rect(colour)
            beside = sorted(line for line, rects in drawn.items() for r in rects if cell.contains(r))
            assert beside == ([labels[colour]] if labels[colour] else []), (shown, colour)
            struck = tuple(app.surface.get_at(layout.palette_peg_rect(colour).center))[:3] == pal.TEXT_WARN
            assert struck == (colour in absent), (shown, colour)
        seen_struck |= absent
        seen_counts |= {label for label in labels if label}
    assert len(checked) >= 2  # the player's two rows and at least one of the computer's
    assert seen_struck and any(label.startswith("×") for label in seen_counts)


def test_solving_known__key_hints_too_wide_for_their_box_break_between_phrases_not_words() -> None:
    """At 640x480 the panel's two lines of keys do not fit its column: each " · " part takes a line of
    its own, none broken between its words."""
    app = make_app(size=(640, 480), seed=5, start=SolvingState(new_game(GameConfig(4, 6), (1, 2, 3, 4))))
    app.step([], 1 / 60)
    solving = app.state
    solving.view.screen = FrameCache()
    drawn = text_rects(app)
    app.draw()
    del app.text.draw
    box = solving.layout().item_rect("keys")
    inside = {line for line, rects in drawn.items() for r in rects if box.contains(r)}
    assert inside == {"Space pause", "N or Right: step", "1-4 or +/- speed", "Esc menu"}
