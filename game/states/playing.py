"""The playing state: the player breaks a secret with mouse or keyboard.

A thin shell around a BreakerRun (game/play/breaker.py), which owns the game: this state turns
pygame events into the run's intents (game/ui/breaker_input.py says what the keys and the pointer
name), draws with game/ui/breaker_view.py, plays the run's sound cues, and returns transitions.
Solve hands the run's record to SolvingState; the finished record goes to ResultState(record).

Leaving: Esc or Menu asks "Leave (your game is kept)" or "Abandon". `resume_record` is what the
session keeps for resume when this state leaves the stack (the record with its half-filled row), or
None when the game was abandoned, handed to the computer or finished. Overlays answer with the
frozen values below, never with tag tuples.

A mode (game/states/modes.py: Daily code, Blitz) is composed in with `mode=`: it picks the record to
play, the panel's buttons (a button it leaves out has no shortcut either), what Menu asks, a heads-up
display over the board, what happens when a game ends, and keeps its own game in progress when the
state leaves (`keeps_own_game`: the session's saved game is left alone).

The arcade heads-up display (`hud`: the difficulty's name, turn, time, streak, best and what a win
now is worth) reads this difficulty's statistics once, as the state enters, through the session
(no store import); a loss shakes the frame (breaker_view.shake, timed by the run).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.codes import Code
from game.core.config import GameConfig
from game.core.state import GameState
from game.play.breaker import BreakerRun
from game.play.record import GameRecord, random_secret
from game.states.base import Push, Replace, State, Transition, board_art, motion, to_menu
from game.states.confirm import ConfirmOverlay
from game.states.hint import HintOverlay, HintTaken
from game.states.modes import PlayMode
from game.ui import breaker_input, breaker_view
from game.ui.board import Art, BoardView, FrameCache
from game.ui.layout import PlayLayout
from game.ui.widgets import ButtonClicks


@dataclass(frozen=True)
class RevealChosen:
    """The player confirmed: show the secret and end the game."""


@dataclass(frozen=True)
class NewGameChosen:
    """The player confirmed: abandon this game for a new one."""


@dataclass(frozen=True)
class LeaveChosen:
    """The player leaves for the menu; `keep` says whether the game is kept for resume."""

    keep: bool


class PlayingState(State):
    """Break the code: build a row, submit, read the grade."""

    def __init__(
        self,
        config: GameConfig,
        secret: Code | None = None,
        record: GameRecord | None = None,
        mode: PlayMode | None = None,
    ) -> None:
        self.config = config
        self.mode = mode
        self.hooks = mode if mode is not None else PlayMode()  # PlayMode's own hooks are the plain game's
        self._secret = secret
        self._record = record
        self.run: BreakerRun | None = None
        self.mouse = (-1, -1)
        self.clicks = ButtonClicks()  # which panel button a press began on (a click ends over it)
        self.keep_on_exit = True  # False once abandoned, handed to the computer or finished
        self.board = BoardView()
        self.frame = FrameCache()
        self.stats = None  # this difficulty's DifficultyStats for the HUD (None: no statistics)

    # --- life cycle ---------------------------------------------------------------------------
    def enter(self, app) -> None:
        super().enter(app)
        if self.run is None:
            record = self._record if self._record is not None else self.hooks.start(app)
            if record is None:
                secret = self._secret if self._secret is not None else random_secret(self.config, app.rng)
                record = GameRecord.new(self.config, secret)
            self.run = BreakerRun(record, motion(app))
            if self.mode is None:
                self.stats = app.session.stats_of(self.config)

    @property
    def hud(self) -> breaker_view.Hud:
        """What the heads-up display shows this frame."""
        return breaker_view.make_hud(self.run, self.stats)

    @property
    def keeps_own_game(self) -> bool:
        """A mode keeps its game in progress itself (the session's saved game is not touched)."""
        return self.hooks.keeps_own_game

    def exit(self) -> None:
        if self.run is not None:
            self.hooks.exit(self)

    @property
    def record(self) -> GameRecord:
        return self.run.record

    @property
    def game(self) -> GameState:
        return self.run.game

    @property
    def resume_record(self) -> Any:
        """The game to keep for resume if this state leaves now (None: nothing to keep); a mode's
        game is a SavedGame with the mode's data."""
        return self.hooks.resume_record(self)

    def plain_resume_record(self) -> GameRecord | None:
        if self.run is None or not self.keep_on_exit:
            return None
        record = self.run.snapshot()
        return record if record.resumable else None

    def resume(self, result: Any) -> Transition | State | None:
        run = self.run
        run.cancel_drag()  # the overlay took the mouse release: a drag begun before it is over
        self.clicks.pressed = None
        if isinstance(result, RevealChosen) and not run.game.over:
            run.reveal()
            self._play_cues()
            return self._to_result()
        if isinstance(result, NewGameChosen):
            self.keep_on_exit = False
            return Replace(PlayingState(self.config))
        if isinstance(result, LeaveChosen):
            self.keep_on_exit = result.keep
            return to_menu()
        if isinstance(result, HintTaken):
            run.take_hint(result.code)
        return None

    def layout(self) -> PlayLayout:
        """This window size's layout, made once per size (screens built on this one override
        make_layout, not the caching)."""
        return self.sized_layout(self.make_layout)

    def make_layout(self, size: tuple[int, int]) -> PlayLayout:
        return breaker_view.play_layout(size, self.config, self.hooks.panel_items)

    # --- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        run = self.run
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            run.motion(event.pos)
            return None
        if run.finishing:
            return None  # the game is over; the result screen comes when the finish ends
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            run.input_arrived()
        result = None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
            result = self._pointer(event)
        elif event.type == pygame.KEYDOWN:
            result = self._key(event)
        self._play_cues()
        return result

    def _pointer(self, event) -> Transition | State | None:
        """A left press on a panel button is the button's (ButtonClicks: a click is a release over
        the button the press began on); any other press, drag or release is the run's."""
        layout, pos = self.layout(), event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.run.right_click(breaker_input.target_at(layout, pos))
        if event.button != 1:
            return None
        began_on_button = self.clicks.pressed is not None
        clicked = self.clicks.click(event, layout.hit_test)
        if event.type == pygame.MOUSEBUTTONDOWN:
            on_button = self.clicks.pressed is not None
            self.run.press(None if on_button else breaker_input.target_at(layout, pos), pos)
        elif began_on_button:
            self.run.cancel_drag()
            return None if clicked is None else self.press(clicked)
        else:
            self.run.release(breaker_input.target_at(layout, pos), pos)
        return None

    def _key(self, event) -> Transition | State | None:
        run, key = self.run, event.key
        if breaker_input.is_undo(event):
            return self.press("undo")
        colour = breaker_input.typed_colour(event)
        if colour is not None:
            run.type_colour(colour)
        elif key in breaker_input.RUN_KEYS:
            breaker_input.RUN_KEYS[key](run)
        elif key == pygame.K_ESCAPE:
            return None if run.deselect() else self.press("menu")
        elif key in breaker_input.KEY_BUTTONS:
            return self.press(breaker_input.KEY_BUTTONS[key])
        return None

    def press(self, name: str) -> Transition | State | None:
        """Do what button `name` does (also reached by keyboard shortcuts)."""
        run = self.run
        if not self.hooks.allows(name, self):
            return None  # the mode has no such button (Blitz: no Solve), so no shortcut either
        self.app.sound.play("click")
        leave = self.hooks.leave(self) if name == "menu" else None
        if leave is not None:
            return leave
        if name == "submit":
            run.submit()
        elif name == "clear":
            run.clear_row()
        elif name == "undo":
            run.undo()
        elif name == "help":
            from game.states.help import PAGES, HelpOverlay

            if self.mode is None and self.config.variant.rules_page:  # a grid game opens on its own rules
                return Push(HelpOverlay(page=PAGES.index(self.config.variant.rules_page)))
            return Push(HelpOverlay(screen=self.hooks.help_screen))
        elif name == "reveal":
            question = "Reveal the secret and end this game?"
            return Push(ConfirmOverlay(question, RevealChosen(), yes="Reveal", no="Keep playing"))
        elif name == "new":
            if not run.game.rows:
                return Replace(PlayingState(self.config))
            question = "Abandon this game and start a new one?"
            return Push(ConfirmOverlay(question, NewGameChosen(), yes="New game", no="Keep playing"))
        elif name == "menu":
            if self.resume_record is None:
                return to_menu()
            return Push(
                ConfirmOverlay(
                    "Leave this game for the menu? It is kept: the next start offers to resume it.",
                    LeaveChosen(keep=True),
                    yes="Leave (your game is kept)",
                    no="Abandon",
                    no_result=LeaveChosen(keep=False),
                    focus="yes",
                )
            )
        elif name == "solve":
            from game.states.solving import SolvingState

            self.keep_on_exit = False
            return Replace(SolvingState(run.record))
        elif name == "hint":
            return Push(HintOverlay(run.game))
        self._play_cues()
        return None

    # --- time and drawing -------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | State | None:
        self.run.set_motion(motion(self.app))
        change = self.hooks.update(self, dt)
        if change is not None:
            return change
        self.run.update(dt)
        self._play_cues()
        return self._to_result() if self.run.finished else None

    def draw_board(self, surface: pygame.Surface, title: str | None) -> tuple[PlayLayout, Art]:
        """The board's still image (drawn once per look, then blitted) under the top bar's `title`;
        the screens built on this one (duel, two-player rounds) draw their board with it too."""
        layout, art = self.layout(), board_art(self.app)
        breaker_view.blit_still(surface, self.frame, self.board, layout, self.run, art, self.mouse, title)
        return layout, art

    def draw(self, surface: pygame.Surface) -> None:
        title = breaker_view.hud_name(self.config) if self.mode is None else None
        layout, art = self.draw_board(surface, title)
        breaker_view.draw_live(surface, layout, self.run, art)
        if self.mode is not None:
            self.mode.draw(surface, layout, self, art)
        else:
            breaker_view.draw_hud(surface, layout, self.hud, art)
        breaker_view.shake(surface, self.run)

    def _play_cues(self) -> None:
        for cue in self.run.take_cues():
            self.app.sound.play(cue.value)

    def _to_result(self) -> Transition:
        self.keep_on_exit = False
        return self.hooks.finished(self)
