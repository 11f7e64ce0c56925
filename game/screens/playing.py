"""The playing state: the player breaks a secret with mouse or keyboard.

A thin shell around a BreakerRun (game/play/breaker.py), which owns the game: this state turns
pygame events into the run's intents (game/ui/breaker_input.py says what the keys and the pointer
name), draws with game/ui/breaker_view.py, plays the run's sound cues, and returns transitions as
routes (Solve goes to "solve" with the run's record; the finished record to the mode's end screen).

Every way of playing that has a person break a code hands it its hooks (game/screens/play_protocol.py:
the plain game's in game/modes/classic/hooks.py; the Daily code's, Blitz's, a duel's, a two-player
round's, a Deduce puzzle's in their folders): the record to play, the panel's buttons, what Menu and
Reveal ask, a heads-up display, the layout, what happens when a game ends, and what the session keeps
and records (`holding()`, from the hooks). The screen knows no mode, so a route to it always names
its hooks; a bare config goes through the route "new_game", whose mode makes them.

The input (the pointer, the keys, a pad's actions) is read by PlayInput (game/screens/play_input.py),
this screen's base: it turns events into the run's intents and into `press(name)`, which does what
each button does here. Keys and pads share one focus (game/ui/breaker_input.py BreakerFocus) over
the palette, the row being built and the buttons.

Leaving: Esc or Menu asks what the hooks' `leave` says (the plain game: "Leave (your game is kept)"
or "Abandon"); a game is kept by the session's lifetime owner while it is played (every submitted row
before the next frame); Abandon, New game and Solve give it up (`keep_on_exit` False). Overlays
answer with the frozen values of game/screens/outcomes.py (`resume`).

The arcade heads-up display (`hud`: the difficulty's name, turn, time, streak, best and what a win
now is worth) reads this difficulty's statistics once, as the state enters, through the session
(no store import); a loss shakes the frame (breaker_view.shake, timed by the run).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.core.codes import Code
from game.core.config import GameConfig
from game.core.state import GameState
from game.play.breaker import BreakerRun
from game.play.record import GameRecord, random_secret
from game.screens.base import Push, Replace, Route, State, Transition, board_art, go, motion, to_menu
from game.screens.holding import Holding
from game.screens.outcomes import HintTaken, LeaveChosen, NewGameChosen, RevealChosen
from game.screens.play_hooks import confirm
from game.screens.play_input import PlayInput
from game.screens.play_protocol import PlayHooks
from game.ui import breaker_input, breaker_view
from game.ui.board import Art, BoardView, FrameCache
from game.ui.layout import PlayLayout
from game.ui.widgets import ButtonClicks


class PlayingState(PlayInput, State):
    """Break the code: build a row, submit, read the grade."""

    pad_keys = breaker_input.PAD_KEYS

    def __init__(
        self,
        config: GameConfig | None = None,
        secret: Code | None = None,
        record: GameRecord | None = None,
        *,
        hooks: PlayHooks,
    ) -> None:
        if config is None:
            if record is None:
                raise ValueError("a game to play needs its config or its record")
            config = record.config
        self.config = config
        self.hooks = hooks
        self._secret = secret
        self._record = record
        self.run: BreakerRun | None = None
        self.mouse = (-1, -1)
        self.clicks = ButtonClicks()  # which panel button a press began on (a click ends over it)
        self.focus = breaker_input.BreakerFocus()  # what the arrow keys and a pad's D-pad move
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
            aids = self.hooks.aids(app)  # hard mode and the coach, fixed for this game now
            if aids.coached:
                record = record.with_assist()  # a coached game scores nothing
            self.run = self.hooks.make_run(record, motion(app), aids.hard)
            if self.hooks.shows_hud:
                self.stats = app.session.stats_of(self.config, aids.bucket)
                app.session.note_played(self.config)
            self.hooks.entered(self)

    @property
    def hud(self) -> breaker_view.Hud:
        """What the heads-up display shows this frame (named as the top bar's title names the game)."""
        return replace(breaker_view.make_hud(self.run, self.stats), name=self.hooks.title(self))

    @property
    def record(self) -> GameRecord:
        return self.run.record

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        """A game of letters: M types an M here instead of muting (the session's global key)."""
        return any(ch.isalpha() for ch in self.config.variant.symbols)

    @property
    def game(self) -> GameState:
        return self.run.game

    def holding(self) -> Holding:
        return self.hooks.holding(self)

    def pad_owner(self) -> int | None:
        return self.hooks.pad_owner(self)

    def resume(self, result: Any) -> Transition | State | None:
        run = self.run
        run.cancel_drag()  # the overlay took the mouse release: a drag begun before it is over
        self.clicks.pressed = None
        if isinstance(result, RevealChosen) and not run.game.over:
            self.hooks.resign(self)
            run.reveal()
            self._play_cues()
            return self._to_result()
        if isinstance(result, NewGameChosen):
            self.keep_on_exit = False
            return Replace(self.fresh_game())
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
        return self.hooks.make_layout(size, self)

    def fresh_game(self) -> Route:
        """A new game of the same kind (New game): same config, the hooks' mode, a new secret."""
        return self.hooks.again(self)

    def press(self, name: str) -> Transition | State | None:
        """Do what button `name` does (also reached by keyboard shortcuts)."""
        run = self.run
        if not self.hooks.allows(name, self):
            return None  # the mode has no such button (Blitz: no Solve), so no shortcut either
        refused = self.hooks.refuse(name, self)
        if refused is not None:
            run.message = refused
            self.app.sound.play("error")
            return None
        self.app.sound.play("click")
        if name == "menu":
            return self.hooks.leave(self)
        if name == "submit":
            run.submit()
        elif name == "clear":
            run.clear_row()
        elif name == "undo":
            run.undo()
        elif name == "help":
            return Push(self.hooks.help_route(self))
        elif name == "reveal":
            question, yes = self.hooks.reveal_question(self)
            return confirm(question, RevealChosen(), yes=yes, no="Keep playing")
        elif name == "new":
            if not run.game.rows:
                return Replace(self.fresh_game())
            question = "Abandon this game and start a new one?"
            return confirm(question, NewGameChosen(), yes="New game", no="Keep playing")
        elif name == "solve":
            self.keep_on_exit = False
            # the computer finishes the game with its aids: a hard game is counted as hard
            return Replace(go("solve", start=run.record, aids=self.hooks.aids(self.app)))
        elif name == "hint":
            return Push(go("hint", game=run.game))
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

    def draw_board(
        self, surface: pygame.Surface, title: str | None, turn: str | None = None
    ) -> tuple[PlayLayout, Art]:
        """The board's still image (drawn once per look, then blitted) under the top bar's `title`,
        the side panel headed `turn` (None: "Turn n of N"); the screens built on this one (duel,
        two-player rounds) draw their board with it too."""
        layout, art = self.layout(), board_art(self.app)
        breaker_view.blit_still(
            surface, self.frame, self.board, layout, self.run, art, self.mouse, title, turn
        )
        return layout, art

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.draw_board(surface, self.hooks.title(self), self.hooks.turn_text(self))
        breaker_view.draw_live(surface, layout, self.run, art)
        breaker_view.draw_focus(surface, self.focus.rect(layout))
        if self.hooks.shows_hud:
            breaker_view.draw_hud(surface, layout, self.hud, art)
        self.hooks.draw(surface, layout, self, art)
        breaker_view.shake(surface, self.run)

    def _play_cues(self) -> None:
        for cue in self.run.take_cues():
            self.app.sound.play(cue.value)

    def _to_result(self) -> Transition | None:
        change = self.hooks.finished(self)
        if change is not None:
            self.keep_on_exit = False
        return change
