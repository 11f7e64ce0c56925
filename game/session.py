"""The app's memory and feel across screens: settings and sound at start, the resume offer, M for mute,
statistics when a game ends, the win/loss particles, notices, and saving on quit.

App owns one Session and calls it at four points of its loop (handle before the state sees an
event, update after the state's update, draw after the states draw, close once when the app
stops), so the states themselves stay unaware of the store. Everything works with app.store None
(tests, or no store): nothing is read or written then.

Invariants:
- settings: defaults < stored settings < settings given to App explicitly (command line, tests);
- a finished game is recorded exactly once, when its ResultState first shows: a game the player
  played (WON/LOST/REVEALED), or one the computer finished after at least one row of the player's
  (SOLVED, assisted). A computer game the player only watched (codemaker mode) and a hand-graded
  game (no secret) are not the player's and are not recorded;
- on quit, a game in progress with at least one row is saved for resume; a finished game or a
  declined resume offer clears the save, so a game is never offered twice;
- a new screen (the top state that is not an overlay changed) fades in over FADE_IN_S, scaled by the
  animation speed; with reduced motion it simply appears. Overlays never fade.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core.records import GameEnd, GameResult, stats_key
from game.core.state import GameState, Outcome
from game.states.base import Pop, Push, Reset, State, Transition
from game.states.confirm import ConfirmOverlay
from game.states.settings import apply_sound_settings, persist_settings
from game.store import SavedGame, Store
from game.ui import palette as pal
from game.ui.notices import SHORT_NOTICE_S, NoticeBoard
from game.ui.particles import ParticleField, loss_settle, win_burst

PARTICLE_SEED = 1729  # confetti is seeded on its own, so it never changes the game's secrets
FADE_IN_S = 0.2  # a new screen (not an overlay) fades in from the background colour this long
FADE_START_ALPHA = 200  # how much of the background veils the new screen on its first frame (of 255)


def stored_settings(store: Store | None) -> dict[str, Any]:
    """The stored settings as the plain dict the app keeps (empty without a store)."""
    return store.load_settings().to_dict() if store is not None else {}


class ResumeOverlay(ConfirmOverlay):
    """Offered at start when a game was saved on quit: Resume it, or start afresh (the save is dropped)."""

    def __init__(self, saved: SavedGame) -> None:
        config = saved.config
        played = len(saved.moves)
        question = (
            f"Resume your {stats_key(config)} game ({config.pegs} pegs, {config.colours} colours)? "
            f"{played} of {config.turns} guesses played."
        )
        super().__init__(question, "resume", yes="Resume", no="Discard")
        self.saved = saved
        self.focus = "yes"  # resuming loses nothing, so it is the default answer

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        answer = super().handle(event)
        if not (isinstance(answer, Pop) and isinstance(answer.result, tuple)):
            return answer
        if answer.result[1]:
            return Reset(resumed_playing_state(self.saved))
        if self.app.store is not None:
            self.app.store.clear_game()
        return Pop()


def resumed_playing_state(saved: SavedGame) -> State:
    from game.states.playing import PlayingState

    state = PlayingState(saved.config, game=saved.state())
    state.elapsed_s = saved.elapsed_s
    state.assisted = saved.assisted
    return state


class Session:
    def __init__(self, app: Any, explicit_settings: dict[str, Any] | None = None) -> None:
        self.app = app
        self.notices = NoticeBoard()
        self.particles = ParticleField(random.Random(PARTICLE_SEED))
        self._last_play: Any = None  # the last PlayingState seen on top (to tell whose game ended)
        self._result: Any = None  # the ResultState last handled
        self._closed = False
        self._screen: Any = _screen(app)  # the top full-screen state: when it changes, a new screen shows
        self.fade_s = 0.0  # time left of the fade-in of the current screen
        self._veil: pygame.Surface | None = None
        store = app.store
        if store is not None:
            app.settings.update(stored_settings(store))
            app.settings.update(explicit_settings or {})
        apply_sound_settings(app)
        self._take_store_notices()
        self._focus_last_difficulty(self._screen)
        if store is not None and _is_menu(app.state):
            saved = store.load_game()
            self._take_store_notices()
            if saved is not None:
                app.apply(Push(ResumeOverlay(saved)))

    # --- the four hooks --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Global keys; returns True when the event was used here (the state does not see it)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not (event.mod & pygame.KMOD_CTRL):
            self.toggle_mute()
            return True
        return False

    def update(self, dt: float) -> None:
        app = self.app
        top = app.state if app.stack else None
        if _is_playing(top):
            self._last_play = top
            app.settings["last_difficulty"] = stats_key(top.config)
        screen = _screen(app)
        if screen is not self._screen:
            self._screen = screen
            self._start_fade()
            self._focus_last_difficulty(screen)
        self.fade_s = max(0.0, self.fade_s - dt * float(app.settings.get("animation_speed", 1.0)))
        if _is_result(top) and top is not self._result:
            self._result = top
            self._on_result(top)
        elif not _is_result(top) and self.particles.active and not _is_overlay(top):
            self.particles.clear()
        self.particles.update(dt)
        self.notices.update(dt)
        self._take_store_notices()

    def draw(self, surface: pygame.Surface) -> None:
        if self.fade_s > 0:
            self._draw_fade(surface)
        self.particles.draw(surface)
        self.notices.draw(surface, self.app.text)

    def close(self) -> None:
        """Save the game in progress and the settings (once; the app calls this when it stops)."""
        if self._closed:
            return
        self._closed = True
        store = self.app.store
        if store is None:
            return
        play = self.game_in_progress()
        if play is not None:
            store.save_game(SavedGame.from_state(play.game, play.elapsed_s, play.assisted))
        persist_settings(self.app)

    # --- pieces ---------------------------------------------------------------------------------
    def toggle_mute(self) -> None:
        app = self.app
        on = not bool(app.settings.get("sound", True))
        app.settings["sound"] = on
        apply_sound_settings(app)
        self.notices.show("Sound on" if on else "Sound off (M turns it back on)", SHORT_NOTICE_S)
        if on:
            app.sound.play("click")

    def game_in_progress(self) -> Any:
        """The PlayingState (anywhere on the stack) holding an unfinished game with rows, or None."""
        for state in reversed(self.app.stack):
            game = getattr(state, "game", None)
            if _is_playing(state) and isinstance(game, GameState):
                if not game.over and game.secret is not None and game.rows:
                    return state
        return None

    def _focus_last_difficulty(self, screen: Any) -> None:
        """A menu that comes back puts its focus on the difficulty played last (Enter plays it again)."""
        if not _is_menu(screen) or screen.focus != 0:
            return
        labels = [entry.label for entry in screen.entries]
        last = self.app.settings.get("last_difficulty")
        if last in labels:
            screen.focus = labels.index(last)

    def _start_fade(self) -> None:
        """A short fade-in for a new screen; none with reduced motion (a plain cut)."""
        self.fade_s = 0.0 if self.app.settings.get("reduced_motion", False) else FADE_IN_S

    def _draw_fade(self, surface: pygame.Surface) -> None:
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size())
            self._veil.fill(pal.BACKGROUND)
        self._veil.set_alpha(round(FADE_START_ALPHA * self.fade_s / FADE_IN_S))
        surface.blit(self._veil, (0, 0))

    def _take_store_notices(self) -> None:
        store = self.app.store
        if store is not None:
            for text in store.take_notices():
                self.notices.show(text)

    def _on_result(self, result: Any) -> None:
        game: GameState = result.game
        end = self._players_end(result)
        if end is None:
            return
        app = self.app
        store = app.store
        guesses = len(game.rows)
        outcome = GameResult(game.config, end, guesses, float(result.elapsed_s), bool(result.assisted))
        if store is not None:
            before = store.load_stats().get(stats_key(game.config))
            book, points = store.record(outcome)
            store.clear_game()
            best = before.best_score if before is not None else 0
            if points:
                result.score_line = f"Score {points:,}" + (" · new best!" if points > best else "")
            elif end is GameEnd.WON:
                result.score_line = "No score: a hint was used"
            stats = book[stats_key(game.config)]
            if stats.current_streak > 1:
                result.streak_line = f"Streak {stats.current_streak}"
        self._celebrate(result, end)

    def _players_end(self, result: Any) -> GameEnd | None:
        game: GameState = result.game
        if game.secret is None or game.outcome is Outcome.PLAYING:
            return None
        if getattr(result, "solved_by", None) is None:
            return {Outcome.WON: GameEnd.WON, Outcome.LOST: GameEnd.LOST}.get(game.outcome, GameEnd.REVEALED)
        played = self._last_play.game if self._last_play is not None else None
        if (
            isinstance(played, GameState)
            and played.rows
            and played.secret == game.secret
            and played.config == game.config
            and game.rows[: len(played.rows)] == played.rows
        ):
            return GameEnd.SOLVED
        return None  # the computer's game from the start: the player only watched

    def _celebrate(self, result: Any, end: GameEnd) -> None:
        app = self.app
        reduced = bool(app.settings.get("reduced_motion", False))
        colours = pal.palette(app.settings.get("palette", "safe"))
        secret_colours = [colours[c] for c in result.game.secret]
        try:
            area = result.layout().board
        except Exception:  # a result screen without a board layout: celebrate over the window
            area = app.surface.get_rect()
        self.particles.clear()
        if end is GameEnd.WON:
            win_burst(self.particles, area, secret_colours + [pal.SELECTION], reduced_motion=reduced)
        elif end is GameEnd.LOST:
            loss_settle(self.particles, area, secret_colours, reduced_motion=reduced)


def _screen(app: Any) -> Any:
    """The top state that is not an overlay (what fills the window), or None."""
    for state in reversed(app.stack):
        if not _is_overlay(state):
            return state
    return None


def _is_menu(state: Any) -> bool:
    from game.states.menu import MenuState

    return isinstance(state, MenuState)


def _is_playing(state: Any) -> bool:
    from game.states.playing import PlayingState

    return isinstance(state, PlayingState)


def _is_result(state: Any) -> bool:
    from game.states.result import ResultState

    return isinstance(state, ResultState)


def _is_overlay(state: Any) -> bool:
    return bool(getattr(state, "is_overlay", False))
