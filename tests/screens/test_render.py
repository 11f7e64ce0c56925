"""Every state and overlay draws at three window sizes (and after a resize) without error, and
the pixels show what the state is about (the board is not blank, the overlay dims what is below)."""

from __future__ import annotations

import pygame
import pytest

from game.core.config import GameConfig
from game.core.state import Guess, Reveal, apply_move, new_game
from game.modes.classic.hooks import ClassicHooks
from game.modes.classic.setup import SetupState
from game.screens.base import Push
from game.screens.confirm import ConfirmOverlay
from game.screens.help import HelpOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.settings import SettingsState
from game.ui.text import TextRenderer
from tests.screens.driver import key, make_app, post, record_of

WINDOW_SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def finished_game(config: GameConfig, reveal: bool = False):
    game = new_game(config, tuple(range(config.pegs)) if not config.duplicates else (0,) * config.pegs)
    game = apply_move(game, Guess(tuple((i + 1) % config.colours for i in range(config.pegs))))
    return apply_move(game, Reveal()) if reveal else apply_move(game, Guess(game.secret))


def state_factories():
    big = GameConfig(8, 10, difficulty="relaxed")
    return {
        "menu": lambda: (MenuState(), None),
        "setup": lambda: (SetupState(), None),
        "playing": lambda: (PlayingState(GameConfig(4, 6), hooks=ClassicHooks()), None),
        "playing-8x10": lambda: (PlayingState(big, hooks=ClassicHooks()), None),
        "help-rules": lambda: (PlayingState(GameConfig(4, 6), hooks=ClassicHooks()), HelpOverlay()),
        "help-controls": lambda: (MenuState(), HelpOverlay(page=1)),
        "confirm": lambda: (
            PlayingState(GameConfig(5, 8), hooks=ClassicHooks()),
            ConfirmOverlay("Reveal the secret?", None),
        ),
        "settings": lambda: (MenuState(), SettingsState()),
        "result-won": lambda: (ResultState(record_of(finished_game(GameConfig(4, 6)), 83.0)), None),
        "result-revealed": lambda: (ResultState(record_of(finished_game(big, reveal=True), 5.0)), None),
    }


@pytest.mark.parametrize("size", WINDOW_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(state_factories()))
def test_render__each_state_draws_at_three_sizes(name, size):
    base, overlay = state_factories()[name]()
    app = make_app(size=size, start=base)
    if overlay is not None:
        app.apply(Push(overlay))
    app.step([], 1 / 60)
    surface = pygame.display.get_surface()
    assert surface.get_size() == size
    colours = {surface.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 41)}
    assert len(colours) > 3, "the screen is (nearly) blank"


def test_render__resize_event_reflows_the_playing_board():
    app = make_app(
        size=(1024, 720), start=PlayingState(GameConfig(8, 10, difficulty="relaxed"), hooks=ClassicHooks())
    )
    app.step([], 1 / 60)
    before = app.state.layout().slot_rect(19, 7)
    post(app, pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    assert pygame.display.get_surface().get_size() == (800, 600)
    after = app.state.layout().slot_rect(19, 7)
    assert after != before and after.right <= 800 and after.bottom <= 600


def test_render__overlay_draws_over_the_state_below():
    app = make_app(size=(800, 600), start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    app.step([], 1 / 60)
    plain = pygame.display.get_surface().copy()
    app.apply(Push(HelpOverlay()))
    app.step([], 1 / 60)
    corner = (3, 597)
    assert sum(pygame.display.get_surface().get_at(corner)[:3]) < sum(plain.get_at(corner)[:3])


class CheckingText(TextRenderer):
    """A text renderer that notes every text that does not fit its box even at the smallest size."""

    def __init__(self) -> None:
        super().__init__()
        self.misfits: list[str] = []

    def fit_size(self, text, max_w, max_h, largest=80, fine=False):
        size = super().fit_size(text, max_w, max_h, largest, fine)
        w, h = self.size(text, size)
        if w > max_w + 1 or h > max_h + 1:
            self.misfits.append(f"{text!r} {w}x{h} in {max_w:.0f}x{max_h:.0f}")
        return size

    def fit_paragraphs(self, text, max_w, max_h, largest=40, gap_frac=0.45, fine=False):
        size, lines = super().fit_paragraphs(text, max_w, max_h, largest, gap_frac, fine)
        if lines and lines[-1][1] + self.font(size).get_linesize() > max_h + 1:
            self.misfits.append(f"paragraphs {text[:30]!r} too tall for {max_h:.0f}")
        return size, lines

    def fit_wrapped(self, text, max_w, max_h, largest=40, fine=False):
        size, lines = super().fit_wrapped(text, max_w, max_h, largest, fine)
        if len(lines) * self.font(size).get_linesize() > max_h + 1:
            self.misfits.append(f"wrapped {text[:30]!r} too tall for {max_h:.0f}")
        return size, lines


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(state_factories()))
def test_render__no_text_is_clipped(name, size):
    base, overlay = state_factories()[name]()
    app = make_app(size=size, start=base)
    app.text = CheckingText()
    if overlay is not None:
        app.apply(Push(overlay))
    app.step([], 1 / 60)
    assert app.text.misfits == []


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(2, 2),
        GameConfig(3, 10),
        GameConfig(6, 9, difficulty="tight"),
        GameConfig(8, 10, duplicates=False),
    ],
    ids=lambda c: f"{c.pegs}x{c.colours}",
)
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_render__playing_and_result_fit_their_text_at_every_game_size(config, size):
    app = make_app(size=size, start=PlayingState(config, hooks=ClassicHooks()))
    app.text = CheckingText()
    for _ in range(2):
        for colour in range(config.pegs):
            post(app, key(pygame.K_1 + colour % 9))
        post(app, key(pygame.K_RETURN), dt=0.1)
    app.step([], 1 / 60)
    app.apply(ResultState(record_of(app.state.game, 3725.0)))
    app.step([], 1 / 60)
    assert app.text.misfits == []


def test_render__window_resized_event_and_tiny_sizes_clamp_to_the_minimum():
    app = make_app(size=(1024, 720), start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    post(app, pygame.event.Event(pygame.WINDOWRESIZED, x=900, y=700))
    assert pygame.display.get_surface().get_size() == (900, 700)
    post(app, pygame.event.Event(pygame.VIDEORESIZE, size=(200, 100), w=200, h=100))
    assert pygame.display.get_surface().get_size() == (640, 480)
    layout = app.state.layout()
    assert layout.board.right <= 640 and layout.board.bottom <= 480
