"""The hint overlay through the real app: count and suggestion shown, the game marked assisted, and its
buttons the size of every other dialog's."""

from __future__ import annotations

import pygame
import pytest

from game.core.analysis import count_possible
from game.core.config import GameConfig
from game.core.solver import is_consistent
from game.modes.classic.hooks import ClassicHooks
from game.screens.base import Push
from game.screens.confirm import ConfirmOverlay
from game.screens.hint import HintOverlay
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from tests.screens.driver import click, font_spy, make_app, press_key, settle


def play_row(app, keys) -> None:
    for k in keys:
        press_key(app, k)
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)


def test_hint_overlay__shows_count_and_fills_the_row_and_marks_assisted() -> None:
    app = make_app(seed=3, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    play_row(app, (pygame.K_1, pygame.K_1, pygame.K_2, pygame.K_2))
    playing = app.state
    click(app, playing.layout().button_rect("hint").center)
    overlay = app.state
    assert isinstance(overlay, HintOverlay)
    settle(app, 0.5)
    hint = overlay.hint
    assert hint is not None
    assert hint.possible == count_possible(playing.config, playing.game.history)
    assert is_consistent(hint.guess, playing.game.history) or hint.possible > 2  # strongest may probe
    press_key(app, pygame.K_g)  # show the suggested guess
    press_key(app, pygame.K_RETURN)  # use it
    assert app.state is playing and playing.record.assisted and tuple(playing.run.draft) == hint.guess
    # Finish the game by reveal: the result screen says it was assisted.
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_y)
    settle(app, 3.0)
    assert isinstance(app.state, ResultState) and app.state.record.assisted
    assert any("assisted" in line for line in app.state.details())


def test_hint_overlay__once_asked_it_says_in_plain_words_that_the_game_scores_nothing() -> None:
    """The cost was said before asking; after, the card keeps saying it in the same plain words, not
    with a term ("assisted") the player was never told."""
    app = make_app(seed=3, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    play_row(app, (pygame.K_1, pygame.K_1, pygame.K_2, pygame.K_2))
    press_key(app, pygame.K_QUESTION)
    assert isinstance(app.state, HintOverlay)
    press_key(app, pygame.K_g)  # ask for a suggested guess
    for _ in range(3):
        lines = [shown.text for shown in font_spy(app)]
        assert any("scores nothing" in line for line in lines), lines
        assert not any("assisted" in line for line in lines), lines
        settle(app, 0.3)


def test_hint_overlay__closing_before_the_answer_is_not_assisted() -> None:
    app = make_app(seed=4, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    playing = app.state
    app.apply(Push(HintOverlay(playing.game, budget_ms=0.0)))
    assert isinstance(app.state, HintOverlay) and app.state.hint is None
    press_key(app, pygame.K_ESCAPE)  # handled before the overlay's first update: nothing was shown
    assert app.state is playing and not playing.record.assisted
    app.apply(Push(HintOverlay(playing.game)))
    settle(app, 0.5)
    assert app.state.hint is not None  # worked out, but not shown
    press_key(app, pygame.K_ESCAPE)  # closed without asking: still not assisted
    assert app.state is playing and not playing.record.assisted
    app.apply(Push(HintOverlay(playing.game)))
    settle(app, 0.5)
    press_key(app, pygame.K_c)  # asked for the count
    press_key(app, pygame.K_ESCAPE)  # closed after the count was shown: assisted, row untouched
    assert app.state is playing and playing.record.assisted and all(peg is None for peg in playing.run.draft)


def test_hint_overlay__the_question_mark_key_asks_for_a_hint_where_the_button_is() -> None:
    app = make_app(seed=5, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    playing = app.state
    app.step(
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")], 1 / 60
    )
    assert isinstance(app.state, HintOverlay) and app.state.game is playing.game


def dialog_buttons(app) -> tuple[set[int], set[int]]:
    """The label sizes and the heights of the buttons on the overlay's card, as drawn."""
    layout = app.state.layout()
    labels = {d.px for d in font_spy(app) if d.role == "button" and layout.card.contains(d.rect)}
    return labels, {rect.h for rect in layout.buttons.values()}


@pytest.mark.parametrize("size", [(640, 480), (1024, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_hint_overlay__buttons_wear_the_size_of_every_other_dialogs_buttons(size) -> None:
    app = make_app(size=size, seed=3, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    playing = app.state
    press_key(app, pygame.K_r)  # Reveal asks first: a standard two-button dialog
    assert isinstance(app.state, ConfirmOverlay)
    standard = dialog_buttons(app)
    assert len(standard[0]) == 1 and len(standard[1]) == 1
    press_key(app, pygame.K_ESCAPE)
    click(app, playing.layout().button_rect("hint").center)
    settle(app, 0.5)
    assert isinstance(app.state, HintOverlay)
    seen = [app.state.buttons()]
    assert dialog_buttons(app) == standard  # Close, How many codes?, Suggest a guess
    press_key(app, pygame.K_c)
    seen.append(app.state.buttons())
    assert dialog_buttons(app) == standard
    press_key(app, pygame.K_g)
    seen.append(app.state.buttons())
    assert dialog_buttons(app) == standard
    assert seen == [("close", "count", "show"), ("close", "show"), ("close", "use")]


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=["640x480", "1280x800"])
def test_hint_overlay__its_first_line_is_a_heading_over_the_lines_under_it(size) -> None:
    """The card's first line (what it is, then the answer: "Hint", "N codes still possible") reads
    first: larger than the lines under it, and no smaller than the card's button labels."""
    app = make_app(size=size, seed=3, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    play_row(app, (pygame.K_1, pygame.K_1, pygame.K_2, pygame.K_2))
    click(app, app.state.layout().button_rect("hint").center)
    overlay = app.state
    assert isinstance(overlay, HintOverlay)
    settle(app, 0.5)
    for ask in (None, pygame.K_c):  # before anything is asked, then with the count shown
        if ask is not None:
            press_key(app, ask)
        drawn = font_spy(app)
        card = overlay.layout().card
        inside = [d for d in drawn if card.contains(d.rect)]
        words = [d for d in inside if d.role != "button"]
        buttons = [d for d in inside if d.role == "button"]
        assert len(words) >= 2 and buttons
        head, rest = words[0], words[1:]
        assert all(head.px > d.px for d in rest), [(d.text, d.px) for d in words]
        assert head.px >= max(d.px for d in buttons), (head.px, [(d.text, d.px) for d in buttons])
