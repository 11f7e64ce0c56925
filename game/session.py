"""What lasts across screens: settings and sound, the game's lifetime, M for mute, F11 and Alt+Enter
for fullscreen, the win/loss particles, notices, the fade between screens, and saving on quit.

The app (game/app.py) owns one Session and tells it what happens: on_enter(state) after a state
joins the stack, on_exit(state) after one leaves, handle(event) before the top state sees an
event, update(dt) after the states' updates and before drawing, draw_effects/draw_notices, and
close() once when the app stops (after every state has left). The session imports no screen and
writes into none: it reads what each screen holds through one typed value, `holding()`
(game/screens/holding.py), and hands it to the lifetime owner (game/lifetime.py), which journals
kept games and records decided ones. Screens read back what was recorded with outcome_of(record).
Everything works with app.store None (tests): nothing is read or written.

Invariants:
- settings: defaults < stored settings < settings given to App explicitly (command line, tests);
- every frame, every screen on the stack is asked what it holds before anything is drawn, so a
  row submitted in this frame's events is on disk before the frame shows it, and a game decided
  this frame is recorded before its animation;
- the effects of an ending (confetti for a win, dust for a loss) play when a screen showing a
  decided game enters (the result screen), over its board, never over `keep_clear`;
- a new screen (a state that is not an overlay entering) comes in over FADE_IN_S through a dip: the
  last frame of the screen it replaces fades to the background, then the new one fades in from it
  (game/ui/juice.transition_alpha), never both at once; scaled by the animation speed; with reduced
  motion it simply appears. Overlays never fade.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core.records import DifficultyStats, GameEnd, stats_key
from game.lifetime import Lifetime, RecordedOutcome
from game.play.record import GameRecord
from game.play.timeline import Timeline, linear
from game.ui import palette as pal
from game.ui.juice import transition_alpha
from game.ui.notices import SHORT_NOTICE_S, NoticeBoard
from game.ui.particles import ParticleField, loss_settle, win_burst

PARTICLE_SEED = 1729  # confetti is seeded on its own, so it never changes the game's secrets
FADE_IN_S = 0.2  # a new screen (not an overlay) fades in from the background colour this long
FADE_KEY = "fade"
FADE_START_ALPHA = 200  # how much of the background veils the new screen on its first frame (of 255)


class Session:
    def __init__(self, app: Any, explicit_settings: dict[str, Any] | None = None) -> None:
        self.app = app
        self.notices = NoticeBoard()
        # the session's own motion: the fade between screens and the particles run on it
        self.timeline = Timeline(app.settings.motion)
        self.particles = ParticleField(random.Random(PARTICLE_SEED), timeline=self.timeline)
        self._frame_buffer: pygame.Surface | None = None
        self._leaving: pygame.Surface | None = None  # the screen a new one cross-fades in over
        self.lifetime = Lifetime(app)
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
        holding = state.holding()
        self.lifetime.track(state, holding)
        if state.is_overlay:
            return
        self._fade_pending = self._shown  # the fade starts with the next frame's update
        if self._shown:
            self._leaving = self._keep_frame(self.app.surface)  # the last frame drawn: the screen left
        self._shown = True
        if self.particles.active:
            self.particles.clear()
        decided = holding.decided
        if decided is not None and decided.celebrate and decided.record is not None:
            self.celebrate(decided.record, holding.celebrate)

    def on_exit(self, state: Any) -> None:
        self.lifetime.leave(state, state.holding())

    def handle(self, event: pygame.event.Event) -> bool:
        """Global keys; returns True when the event was used here (the state does not see it)."""
        mute = event.type == pygame.KEYDOWN and event.key == pygame.K_m and not (event.mod & pygame.KMOD_CTRL)
        if mute and not self.app.state.takes_text:  # where letters are typed, M is a letter
            self.toggle_mute()
            return True
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F11
            or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT)
        ):
            self.toggle_fullscreen()
            return True
        return False

    def keep(self) -> None:
        """Hand the lifetime owner what every screen on the stack holds (before the frame is drawn)."""
        for state in self.app.stack:
            self.lifetime.track(state, state.holding())

    def update(self, dt: float) -> None:
        self.keep()
        self.lifetime.update(dt)
        if self._fade_pending:
            self._fade_pending = False
            self._start_fade()
        self.timeline.set_motion(self.app.settings.motion)
        self.timeline.update(dt)
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
        self.particles.draw(surface, keep_clear=screen.holding().keep_clear)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """Notices, on top of everything."""
        # a screen with a footer (the menu's key line) names a floor the notices stay above
        floor = self.app.state.holding().notice_floor if self.app.stack else None
        self.notices.draw(surface, self.app.text, floor)

    def close(self) -> None:
        """Write what is still due and the settings, then let go of the records database (its log
        folded in); once, the app calls this after every state left."""
        if self._closed:
            return
        self._closed = True
        self.lifetime.close()
        self.persist_settings()
        if self.app.store is not None:
            self.app.store.close()

    # --- what states ask ------------------------------------------------------------------------
    def outcome_of(self, record: Any) -> RecordedOutcome | None:
        """The recorded outcome of the decided game `record` (its end screen's lines), if any."""
        return self.lifetime.outcome_of(record)

    def stats_of(self, config: Any, bucket: str | None = None) -> DifficultyStats | None:
        """The statistics of `config`'s difficulty, or of `bucket` when the game counts in another
        (hard mode), for a heads-up display; None without a store. It reads the file: call it when a
        screen enters, not every frame."""
        store = self.app.store
        if store is None:
            return None
        return store.load_stats().get(bucket or stats_key(config), DifficultyStats())

    def note_played(self, config: Any) -> None:
        """The menu comes back focused on what was played last."""
        self.app.settings = self.app.settings.changed(last_difficulty=stats_key(config))

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
        """Make app.sound (game/ui/sound.Sound, or the app's NullSound) follow the settings."""
        settings, sound = self.app.settings, self.app.sound
        sound.enabled, sound.volume = settings.sound, settings.volume
        sound.set_music(enabled=settings.music, volume=settings.music_volume)

    def persist_settings(self) -> bool:
        """Write the settings (and the window size) to the store; False if there is none or it failed."""
        app = self.app
        if app.store is None:
            return False
        app.settings = app.settings.changed(window_size=tuple(app.window_size))
        return app.store.save_settings(app.settings)

    @property
    def fade_s(self) -> float:
        """How much of the fade-in is left, in its own seconds (0: none; at once with reduced motion)."""
        track = self.timeline.get(FADE_KEY)
        return 0.0 if track is None or track.progress >= 1.0 else (1.0 - track.progress) * FADE_IN_S

    # --- inside ---------------------------------------------------------------------------------
    def _start_fade(self) -> None:
        """A short fade-in for a new screen: a move, so the animation speed scales it and reduced
        motion shows the new screen at once (a plain cut)."""
        self.timeline.move(FADE_KEY, FADE_IN_S, ease=linear)

    def _keep_frame(self, frame: pygame.Surface) -> pygame.Surface:
        """`frame` copied into a buffer kept from one change of screen to the next (a window-sized
        surface made once, not at every change)."""
        if self._frame_buffer is None or self._frame_buffer.get_size() != frame.get_size():
            self._frame_buffer = pygame.Surface(frame.get_size(), 0, frame)
        self._frame_buffer.blit(frame, (0, 0))
        return self._frame_buffer

    def _draw_fade(self, surface: pygame.Surface) -> None:
        """A dip through the background: the screen left fades out over the first half, the new one
        in over the second, so the two are never seen at once (two panels' words on top of each
        other read as neither). The veil is two blended fills, no alpha surface."""
        done = 1.0 - self.fade_s / FADE_IN_S
        leaving = self._leaving
        if leaving is not None and leaving.get_size() == surface.get_size():
            if done < 0.5:
                surface.blit(leaving, (0, 0))
                veil = transition_alpha(done * 2)
            else:
                veil = 255 - transition_alpha(done * 2 - 1)
        else:
            veil = round(FADE_START_ALPHA * self.fade_s / FADE_IN_S)
        keep = 255 - veil
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        surface.fill(tuple(round(c * veil / 255) for c in pal.BACKGROUND), special_flags=pygame.BLEND_RGB_ADD)

    def _take_store_notices(self) -> None:
        store = self.app.store
        if store is not None and store.notices:  # read each frame: asked only when there are some
            for text in store.take_notices():
                self.notices.show(text)

    def celebrate(self, record: GameRecord, area: pygame.Rect | None, kind: str = "best") -> None:
        """The end of `record` over `area` (None: the window): confetti for a win, sized by `kind`
        ("win", "best", "top": game/ui/particles.py), dust for a loss; nothing with reduced motion.
        A screen with beats of its own (the result screen) calls it when its celebration begins."""
        app = self.app
        end = record.end() if record.game.secret is not None else None
        colours = pal.palette(app.settings.palette)
        secret_colours = [colours[c] for c in record.game.secret or ()]
        area = area or app.surface.get_rect()
        self.particles.clear()
        if end is GameEnd.WON:
            win_burst(self.particles, area, secret_colours + [pal.SELECTION], kind=kind)
        elif end is GameEnd.LOST:
            loss_settle(self.particles, area, secret_colours)
