"""What lasts across screens: settings and sound, the saved game, M for mute, F11 and Alt+Enter for
fullscreen, statistics when a game ends, the win/loss particles, notices, the fade between screens,
and saving on quit.

The app (game/app.py) owns one Session and tells it what happens: on_enter(state) after a state
joins the stack, on_exit(state) after one leaves, handle(event) before the top state sees an
event, update(dt) and draw(surface) each frame, close() once when the app stops (after every state
has left). The session imports no state class and writes into no state: it reads what states
offer by duck typing (`record`, `resume_record`, `is_overlay`) and states read it back
(outcome_of(record)). Everything works with app.store None (tests): nothing is read or written.

Invariants:
- settings: defaults < stored settings < settings given to App explicitly (command line, tests);
- a finished game is recorded exactly once, when a state showing it (one with a finished
  `record`) enters: statistics and the score come from record.result(), so a game the computer
  played from the first row or one graded by hand (no secret) is never counted;
- a state that holds the player's game offers `resume_record`: when it leaves the stack (Leave,
  quitting, closing the window) that record, half-filled row included, is saved; None (abandoned,
  handed to the computer, finished) forgets any saved game, so a game is never offered twice; a
  mode with more to keep than one record (duel, two-player round) offers a SavedGame with its mode;
- a mode's end screen that offers `stats_result` (a GameResult with its bucket, e.g. Duel) is
  recorded once when it enters, instead of its record;
- a new screen (a state that is not an overlay entering) cross-fades in over FADE_IN_S from the
  last frame of the screen it replaces (game/ui/juice.transition_alpha), scaled by the animation
  speed; with reduced motion it simply appears. Overlays never fade.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.highscores import HIGH_SCORE_MODES
from game.core.records import DifficultyStats, GameEnd, GameResult, stats_key
from game.play.record import GameRecord
from game.store import SavedGame
from game.ui import palette as pal
from game.ui.juice import transition_alpha
from game.ui.notices import SHORT_NOTICE_S, NoticeBoard
from game.ui.particles import ParticleField, loss_settle, win_burst

PARTICLE_SEED = 1729  # confetti is seeded on its own, so it never changes the game's secrets
FADE_IN_S = 0.2  # a new screen (not an overlay) fades in from the background colour this long
FADE_START_ALPHA = 200  # how much of the background veils the new screen on its first frame (of 255)


@dataclass(frozen=True)
class RecordedOutcome:
    """What recording a finished game gave: the lines the result screen adds for it."""

    record: GameRecord
    score_line: str = ""
    streak_line: str = ""
    high_score: tuple[str, int] | None = None  # (table, points) when the score makes a top ten
    points: int = 0  # the score the game earned (0: none)
    new_best: bool = False  # the points beat the best score this difficulty had before


class Session:
    def __init__(self, app: Any, explicit_settings: dict[str, Any] | None = None) -> None:
        self.app = app
        self.notices = NoticeBoard()
        self.particles = ParticleField(random.Random(PARTICLE_SEED))
        self.fade_s = 0.0  # time left of the fade-in of the current screen
        self._veil: pygame.Surface | None = None
        self._leaving: pygame.Surface | None = None  # the screen a new one cross-fades in over
        self._outcome: RecordedOutcome | None = None
        self._closed = False
        self._shown = False  # the first screen just appears; later ones fade in
        self._fade_pending = False
        store = app.store
        if store is not None:
            app.settings = store.load_settings().changed(**(explicit_settings or {}))
        self.apply_sound()
        self.apply_fullscreen()
        self._take_store_notices()

    # --- hooks the app calls ------------------------------------------------------------------
    def on_enter(self, state: Any) -> None:
        if _is_overlay(state):
            return
        self._fade_pending = self._shown  # the fade starts with the next frame's update
        if self._shown and not self.app.settings.reduced_motion:
            self._leaving = self.app.surface.copy()  # the last frame drawn: the screen being left
        self._shown = True
        if not _is_overlay(state) and self.particles.active:
            self.particles.clear()
        mode_result = getattr(state, "stats_result", None)
        if isinstance(mode_result, GameResult):  # a mode's end screen (duel) counts in its own bucket
            self._record_mode_result(mode_result)
            return
        record = getattr(state, "record", None)
        if hasattr(state, "resume_record") and isinstance(record, GameRecord):
            self.app.settings = self.app.settings.changed(last_difficulty=stats_key(record.config))
        elif isinstance(record, GameRecord) and record.over:
            self._on_finished(state, record)

    def on_exit(self, state: Any) -> None:
        if not hasattr(state, "resume_record") or getattr(state, "keeps_own_game", False):
            return  # a daily game is kept in daily.json, never in (nor clearing) the saved game
        store = self.app.store
        if store is None:
            return
        record = state.resume_record
        if isinstance(record, SavedGame):  # a mode's game (duel, match) with its own resume data
            store.save_game(record)
        elif isinstance(record, GameRecord):
            store.save_game(SavedGame(record))
        else:
            store.clear_game()

    def handle(self, event: pygame.event.Event) -> bool:
        """Global keys; returns True when the event was used here (the state does not see it)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not (event.mod & pygame.KMOD_CTRL):
            self.toggle_mute()
            return True
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F11
            or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT)
        ):
            self.toggle_fullscreen()
            return True
        return False

    def update(self, dt: float) -> None:
        if self._fade_pending:
            self._fade_pending = False
            self._start_fade()
        speed = self.app.settings.animation_speed
        self.fade_s = max(0.0, self.fade_s - dt * speed)
        if self.fade_s <= 0:
            self._leaving = None
        self.particles.update(dt)
        self.notices.update(dt)
        self._take_store_notices()

    def draw_effects(self, surface: pygame.Surface, screen) -> None:
        """The cross-fade and the particles of `screen`, the full screen under any overlays: they are
        drawn before the overlays, so a card opened over a win is never covered by its confetti."""
        if self.fade_s > 0:
            self._draw_fade(surface)
        # confetti never hides what the screen names (the secret row on a result screen)
        keep_clear = getattr(screen, "keep_clear", None)
        self.particles.draw(surface, keep_clear=keep_clear if isinstance(keep_clear, pygame.Rect) else None)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """Notices, on top of everything."""
        # a screen with a footer (the menu's key line) names a floor the notices stay above
        floor = getattr(getattr(self.app, "state", None), "notice_floor", None)
        self.notices.draw(surface, self.app.text, floor if isinstance(floor, int) else None)

    def close(self) -> None:
        """Write the settings (once; the app calls this after every state has left)."""
        if self._closed:
            return
        self._closed = True
        self.persist_settings()

    # --- what states ask ------------------------------------------------------------------------
    def outcome_of(self, record: GameRecord) -> RecordedOutcome | None:
        """The recorded outcome of `record` (the result screen's score and streak lines), if any."""
        outcome = self._outcome
        return outcome if outcome is not None and outcome.record is record else None

    def stats_of(self, config: Any) -> DifficultyStats | None:
        """The statistics of `config`'s difficulty (streak, best score) for a heads-up display; None
        without a store. It reads the file: call it when a screen enters, not every frame."""
        store = self.app.store
        if store is None:
            return None
        return store.load_stats().get(stats_key(config), DifficultyStats())

    def take_saved_game(self) -> SavedGame | None:
        """The game saved on the last quit, to offer for resume (None without a store or a save)."""
        store = self.app.store
        if store is None:
            return None
        saved = store.load_game()
        self._take_store_notices()
        return saved

    def discard_saved_game(self) -> None:
        if self.app.store is not None:
            self.app.store.clear_game()

    def toggle_mute(self) -> None:
        app = self.app
        on = not app.settings.sound
        self.change_settings(sound=on)
        self.notices.show("Sound on" if on else "Sound off (M turns it back on)", SHORT_NOTICE_S)
        if on:
            app.sound.play("click")

    def toggle_fullscreen(self) -> None:
        on = not self.app.settings.fullscreen
        self.change_settings(fullscreen=on)
        if self.app.fullscreen == on:  # a refusal has its own notice (apply_fullscreen)
            self.notices.show(
                "Fullscreen (F11 for a window)" if on else "Window (F11 for fullscreen)", SHORT_NOTICE_S
            )

    def change_settings(self, **values: Any) -> None:
        """The settings with `values` changed, at once (the sound and the window follow)."""
        self.app.settings = self.app.settings.changed(**values)
        self.apply_sound()
        if "fullscreen" in values:
            self.apply_fullscreen()

    def apply_fullscreen(self) -> None:
        """Make the window follow settings.fullscreen. A display that refuses is named in a notice and
        the setting goes back to what the window is, so Settings never shows a switch that did not work."""
        app = self.app
        wanted = app.settings.fullscreen
        if app.set_fullscreen(wanted):
            return
        app.settings = app.settings.changed(fullscreen=app.fullscreen)
        self.notices.show(
            "This display cannot switch to fullscreen; the game stays in a window."
            if wanted
            else "This display cannot leave fullscreen."
        )

    def apply_sound(self) -> None:
        """Make app.sound follow the settings (a sound without these attributes is left alone)."""
        settings, sound = self.app.settings, self.app.sound
        for name, value in (("enabled", settings.sound), ("volume", settings.volume)):
            if hasattr(sound, name):
                setattr(sound, name, value)
        if hasattr(sound, "set_music"):
            sound.set_music(enabled=settings.music, volume=settings.music_volume)

    def persist_settings(self) -> bool:
        """Write the settings (and the window size) to the store; False if there is none or it failed."""
        app = self.app
        if app.store is None:
            return False
        app.settings = app.settings.changed(window_size=tuple(app.window_size))
        return app.store.save_settings(app.settings)

    # --- inside ---------------------------------------------------------------------------------
    def _on_finished(self, state: Any, record: GameRecord) -> None:
        result = record.result()
        if result is None:
            return
        store = self.app.store
        score_line = streak_line = ""
        high_score = None
        points = best = 0
        if store is not None:
            key = stats_key(record.config)
            before = store.load_stats().get(key)
            book, points = store.record(result)
            store.clear_game()
            best = before.best_score if before is not None else 0
            if points:
                score_line = f"Score {points:,}" + (" · new best!" if points > best else "")
            elif result.end is GameEnd.WON:
                score_line = "No score: a hint was used"
            stats = book[key]
            if stats.current_streak > 1:
                streak_line = f"Streak {stats.current_streak}"
            if points and key in HIGH_SCORE_MODES and store.load_high_scores()[key].qualifies(points):
                high_score = (key, points)
        self._outcome = RecordedOutcome(
            record, score_line, streak_line, high_score, points, bool(points) and points > best
        )
        self._celebrate(state, record, result.end)

    def _record_mode_result(self, result: GameResult) -> None:
        """A mode's finished game, in its bucket (result.bucket); the saved game is spent."""
        store = self.app.store
        if store is not None:
            store.record(result)
            store.clear_game()

    def _start_fade(self) -> None:
        """A short fade-in for a new screen; none with reduced motion (a plain cut)."""
        self.fade_s = 0.0 if self.app.settings.reduced_motion else FADE_IN_S

    def _draw_fade(self, surface: pygame.Surface) -> None:
        leaving = self._leaving
        if leaving is not None and leaving.get_size() == surface.get_size():
            leaving.set_alpha(255 - transition_alpha(1.0 - self.fade_s / FADE_IN_S))
            surface.blit(leaving, (0, 0))
            return
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

    def _celebrate(self, state: Any, record: GameRecord, end: GameEnd) -> None:
        app = self.app
        reduced = app.settings.reduced_motion
        colours = pal.palette(app.settings.palette)
        secret_colours = [colours[c] for c in record.game.secret]
        layout = getattr(state, "layout", None)
        area = layout().board if callable(layout) else app.surface.get_rect()
        self.particles.clear()
        if end is GameEnd.WON:
            win_burst(self.particles, area, secret_colours + [pal.SELECTION], reduced_motion=reduced)
        elif end is GameEnd.LOST:
            loss_settle(self.particles, area, secret_colours, reduced_motion=reduced)


def _is_overlay(state: Any) -> bool:
    return bool(getattr(state, "is_overlay", False))
