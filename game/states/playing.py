"""The playing state: the player breaks a secret with mouse or keyboard.

A thin shell around a BreakerRun (game/play/breaker.py), which owns the game: this state turns
pygame events into the run's intents, draws with game/ui/breaker_view.py, plays the run's sound
cues, and returns transitions. Solve hands the run's record to SolvingState; the finished record
goes to ResultState(record).

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
from types import MappingProxyType
from typing import Any

import pygame

from game.core.codes import Code
from game.core.config import GameConfig
from game.core.state import GameState
from game.play.breaker import BreakerRun
from game.play.drag import Target
from game.play.record import GameRecord, random_secret
from game.states.base import Push, Replace, State, Transition, board_art, motion, to_menu
from game.states.confirm import ConfirmOverlay
from game.states.hint import HintOverlay, HintTaken
from game.states.modes import PlayMode
from game.ui import breaker_view
from game.ui.board import Art, BoardView, FrameCache
from game.ui.layout import Button, PlayLayout

DIGIT_KEYS = {pygame.K_1 + i: i for i in range(9)} | {pygame.K_0: 9}
DIGIT_KEYS |= {pygame.K_KP1 + i: i for i in range(9)} | {pygame.K_KP0: 9}
KEY_BUTTONS = MappingProxyType(  # shortcuts that press a button (a mode without it ignores them)
    {pygame.K_h: "help", pygame.K_F1: "help", pygame.K_r: "reveal"}
    | {pygame.K_n: "new", pygame.K_c: "clear", pygame.K_s: "solve"}
)


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
        self._secret = secret
        self._record = record
        self.run: BreakerRun | None = None
        self.mouse = (-1, -1)
        self.pressed_button: str | None = None
        self.keep_on_exit = True  # False once abandoned, handed to the computer or finished
        self.board = BoardView()
        self.frame = FrameCache()
        self.stats = None  # this difficulty's DifficultyStats for the HUD (None: no statistics)

    # --- life cycle ---------------------------------------------------------------------------
    def enter(self, app) -> None:
        super().enter(app)
        if self.run is None:
            record = self._record
            if record is None and self.mode is not None:
                record = self.mode.start(app)
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
        return self.mode is not None and self.mode.keeps_own_game

    def exit(self) -> None:
        if self.mode is not None and self.run is not None:
            self.mode.exit(self)

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
        if self.mode is not None:
            return self.mode.resume_record(self)
        return self.plain_resume_record()

    def plain_resume_record(self) -> GameRecord | None:
        if self.run is None or not self.keep_on_exit:
            return None
        record = self.run.snapshot()
        return record if record.resumable else None

    def resume(self, result: Any) -> Transition | State | None:
        run = self.run
        run.cancel_drag()  # the overlay took the mouse release: a drag begun before it is over
        self.pressed_button = None
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
        c = self.config
        items = breaker_view.PANEL_ITEMS if self.mode is None else self.mode.panel_items
        buttons = tuple(name for name in breaker_view.PANEL_BUTTONS if name in dict(items))
        return PlayLayout(size, c.pegs, c.colours, c.turns, items, buttons, grid=c.grid)

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
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            result = self._mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.mouse = event.pos
            result = self._mouse_up(event)
        elif event.type == pygame.KEYDOWN:
            result = self._key(event)
        self._play_cues()
        return result

    def _target(self, pos: tuple[int, int]) -> Target:
        return breaker_view.target_at(self.layout(), pos)

    def _mouse_down(self, event) -> Transition | State | None:
        hit = self.layout().hit_test(event.pos)
        if event.button == 3:
            self.run.right_click(self._target(event.pos))
        elif event.button == 1:
            self.pressed_button = hit.name if isinstance(hit, Button) else None
            self.run.press(self._target(event.pos) if self.pressed_button is None else None, event.pos)
        return None

    def _mouse_up(self, event) -> Transition | State | None:
        if event.button != 1:
            return None
        pressed, self.pressed_button = self.pressed_button, None
        if pressed is not None:
            self.run.cancel_drag()
            return self.press(pressed) if self.layout().hit_test(event.pos) == Button(pressed) else None
        self.run.release(self._target(event.pos), event.pos)
        return None

    def _key(self, event) -> Transition | State | None:
        run, key = self.run, event.key
        typed = getattr(event, "unicode", "")
        # the typed character wins over the key code, so digits typed with Shift (AZERTY) work too
        digit = (int(typed) - 1) % 10 if (len(typed) == 1 and typed.isdigit()) else DIGIT_KEYS.get(key)
        if key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            return self.press("undo")
        if digit is not None and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            run.type_colour(digit)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            run.move_cursor(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            run.cycle_colour(1 if key == pygame.K_UP else -1)
        elif key == pygame.K_BACKSPACE:
            run.backspace()
        elif key == pygame.K_DELETE:
            run.delete()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            run.submit()
        elif key == pygame.K_x:
            run.rule_out()
        elif key == pygame.K_ESCAPE:
            return None if run.deselect() else self.press("menu")
        elif key in KEY_BUTTONS:
            return self.press(KEY_BUTTONS[key])
        return None

    def press(self, name: str) -> Transition | State | None:
        """Do what button `name` does (also reached by keyboard shortcuts)."""
        run = self.run
        if self.mode is not None and not self.mode.allows(name, self):
            return None  # the mode has no such button (Blitz: no Solve), so no shortcut either
        self.app.sound.play("click")
        leave = self.mode.leave(self) if self.mode is not None and name == "menu" else None
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

            if self.mode is None and self.config.grid is not None:  # a grid game opens on the grid's rules
                return Push(HelpOverlay(page=PAGES.index("Grid")))
            return Push(HelpOverlay(screen=self.mode.help_screen if self.mode is not None else "playing"))
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
        if self.mode is not None:
            change = self.mode.update(self, dt)
            if change is not None:
                return change
        self.run.update(dt)
        self._play_cues()
        return self._to_result() if self.run.finished else None

    def draw_board(self, surface: pygame.Surface, title: str | None) -> tuple[PlayLayout, Art]:
        """The board's still image (drawn once per look, then blitted) under the top bar's `title`;
        the screens built on this one (duel, two-player rounds) draw their board with it too."""
        layout, run, art = self.layout(), self.run, board_art(self.app)
        hot = breaker_view.hot_item(layout, self.mouse)
        key = breaker_view.still_key(layout, run, hot, art) + (title,)
        self.frame.blit(
            surface,
            key,
            lambda image: breaker_view.draw_still(image, layout, run, art, self.board, hot, title),
        )
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
        from game.states.result import ResultState

        self.keep_on_exit = False
        if self.mode is not None:
            return self.mode.finished(self)
        return Replace(ResultState(self.run.record))

