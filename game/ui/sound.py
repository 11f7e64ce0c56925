"""The sound player: play(name) for the effects in assets/sounds, with mute and volume.

Invariants:
- play() never raises. With no audio device (the mixer will not start, or SDL_AUDIODRIVER is
  "dummy" or "disk", as in tests and CI) the player stays silent and logs "no audio device: sound
  off" once; a missing or unreadable file is logged once per name and skipped.
- Nothing is touched until the first play(): the mixer is started and each file is loaded lazily,
  then cached, so building a Sound costs nothing.
- Muting and volume are plain attributes of the player (the settings screen and the M key change
  them); a muted player does not start the mixer at all.
- Variants: the app names a grading peg twice, "peg_black" or "peg_white" and then the generic
  "peg" (for engines without variants). This player has the variants, so a "peg" that comes straight
  after one of them is the same event and is not played again.
- Music: set_music(enabled, volume) (the Settings fields `music` and `music_volume`) loops
  MUSIC_NAME.wav through pygame.mixer.music (streamed, not decoded into memory), fading in and out;
  it plays only while the player is on (not muted) and the music is on with a volume above 0, and
  nothing about music touches the mixer until set_music() asks for it. A failing music file or
  device is logged once and leaves the effects working.
The names the game uses are SOUND_NAMES and MUSIC_NAME; tools/make_sounds.py makes one .wav for each.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game import assets

SOUND_DIR = assets.directory(assets.SOUNDS)  # inside the package when installed, else the repository's
SOUND_NAMES = (
    "pick",
    "drop",
    "place",
    "clear",
    "submit",
    "peg",
    "peg_black",
    "peg_white",
    "win",
    "lose",
    "reveal",
    "error",
    "click",
)
MUSIC_NAME = "music"
MUSIC_FADE_IN_MS = 1500  # the loop eases in rather than starting at full level
MUSIC_FADE_OUT_MS = 600
SILENT_AUDIO_DRIVERS = ("dummy", "disk")  # SDL drivers that play to nobody
NO_DEVICE_MESSAGE = "no audio device: sound off"
# variant -> the generic name it stands for
GENERIC_NAMES = MappingProxyType({"peg_black": "peg", "peg_white": "peg"})

log = logging.getLogger(__name__)


def _pygame_mixer() -> Any:
    import pygame.mixer

    return pygame.mixer


class Sound:
    """Plays named effects; silent (never failing) when there is no audio device."""

    def __init__(
        self,
        directory: Path | str = SOUND_DIR,
        *,
        enabled: bool = True,
        volume: float = 0.8,
        mixer: Any | None = None,
    ) -> None:
        self.directory = Path(directory)
        self._music_wanted = False  # set_music(True, ...) was called
        self._music_volume = 0.5
        self._music_playing = False
        self._music_failed = False
        self._enabled = enabled
        self.volume = volume
        self._mixer = mixer  # pygame.mixer unless a test passes a stand-in
        self._device: bool | None = None  # None until the first play() tries the mixer
        self._loaded: dict[str, Any | None] = {}
        self.played: list[str] = []  # names actually sent to the mixer (for tests and debugging)
        self._last_name: str | None = None  # the name asked for last, to skip a generic after its variant

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        self._sync_music()  # muting silences the music too; unmuting brings it back

    @property
    def muted(self) -> bool:
        return not self.enabled

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @property
    def music_playing(self) -> bool:
        """Is the music loop playing (as far as this player has asked the mixer)?"""
        return self._music_playing

    def set_music(self, enabled: bool | None = None, volume: float | None = None) -> bool:
        """Turn the music loop on or off and/or set its own volume (0..1, clamped); starts or
        fades out the loop to match. Returns whether the loop is playing afterwards."""
        if enabled is not None:
            self._music_wanted = bool(enabled)
        if volume is not None:
            self._music_volume = min(1.0, max(0.0, float(volume)))
        return self._sync_music()

    def _sync_music(self) -> bool:
        want = self._enabled and self._music_wanted and self._music_volume > 0.0 and not self._music_failed
        try:
            if not want:
                if self._music_playing:
                    self._music_playing = False
                    self._mixer.music.fadeout(MUSIC_FADE_OUT_MS)
                return False
            if not self.available:
                return False
            if not self._music_playing:
                self._mixer.music.load(str(self.directory / f"{MUSIC_NAME}.wav"))
                self._mixer.music.play(loops=-1, fade_ms=MUSIC_FADE_IN_MS)
                self._music_playing = True
            self._mixer.music.set_volume(self._music_volume)
        except Exception as exc:  # no music module, a missing file, a device gone: effects go on
            log.warning("music off (%s)", exc)
            self._music_failed, self._music_playing = True, False
            return False
        return True

    def toggle_mute(self) -> bool:
        """Flip mute; returns True if sound is now on."""
        self.enabled = not self.enabled
        return self.enabled

    @property
    def available(self) -> bool:
        """Is there an audio device? Starts the mixer on first use."""
        if self._device is None:
            self._device = self._start_mixer()
        return self._device

    def play(self, name: str) -> bool:
        """Play effect `name` at the current volume; returns whether anything was sent to the mixer."""
        previous, self._last_name = self._last_name, name
        if GENERIC_NAMES.get(previous or "") == name:
            return False
        if not self.enabled or self.volume <= 0.0 or not self.available:
            return False
        effect = self._load(name)
        if effect is None:
            return False
        try:
            effect.set_volume(self.volume)
            effect.play()
        except Exception as exc:  # a device that vanished mid-game must not end the game
            log.warning("sound %r failed (%s): sound off", name, exc)
            self._device = False
            return False
        self.played.append(name)
        return True

    def _start_mixer(self) -> bool:
        driver = os.environ.get("SDL_AUDIODRIVER", "").strip().lower()
        if driver in SILENT_AUDIO_DRIVERS:
            log.info("%s (SDL_AUDIODRIVER=%s)", NO_DEVICE_MESSAGE, driver)
            return False
        try:
            if self._mixer is None:
                self._mixer = _pygame_mixer()
            if not self._mixer.get_init():
                self._mixer.init()
        except Exception as exc:  # pygame.error, or no mixer module in this pygame build
            log.info("%s (%s)", NO_DEVICE_MESSAGE, exc)
            return False
        return True

    def _load(self, name: str) -> Any | None:
        if name not in self._loaded:
            path = self.directory / f"{name}.wav"
            try:
                self._loaded[name] = self._mixer.Sound(str(path))
            except Exception as exc:  # missing or unreadable file: skip it, say so once
                log.warning("cannot load sound %s (%s); it will stay silent", path, exc)
                self._loaded[name] = None
        return self._loaded[name]
