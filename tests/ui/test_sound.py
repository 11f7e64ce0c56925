"""The sound player: silent fallback without a device, lazy loading, mute and volume, the music loop."""

from __future__ import annotations

import logging

import pytest

from game.ui.sound import MUSIC_NAME, NO_DEVICE_MESSAGE, SOUND_DIR, SOUND_NAMES, Sound


class FakeEffect:
    def __init__(self, path: str, log: list):
        self.path, self.log = path, log

    def set_volume(self, volume: float) -> None:
        self.log.append(("volume", self.path, volume))

    def play(self) -> None:
        self.log.append(("play", self.path))


class FakeMusic:
    """Stands in for pygame.mixer.music: records the calls."""

    def __init__(self, log: list, fails: bool = False):
        self.log, self.fails = log, fails

    def load(self, path: str) -> None:
        if self.fails:
            raise FileNotFoundError(path)
        self.log.append(("music.load", path.rsplit("/", 1)[-1]))

    def play(self, loops: int = 0, start: float = 0.0, fade_ms: int = 0) -> None:
        self.log.append(("music.play", loops, fade_ms > 0))

    def set_volume(self, volume: float) -> None:
        self.log.append(("music.volume", volume))

    def fadeout(self, ms: int) -> None:
        self.log.append(("music.fadeout", ms > 0))


class FakeMixer:
    """Stands in for pygame.mixer: records what the player asks of it."""

    def __init__(self, init_fails: bool = False, music_fails: bool = False):
        self.init_fails, self.started, self.log, self.loads = init_fails, False, [], []
        self.music = FakeMusic(self.log, music_fails)

    def get_init(self):
        return (44100, -16, 2) if self.started else None

    def init(self) -> None:
        if self.init_fails:
            import pygame

            raise pygame.error("No available audio device")
        self.started = True

    def Sound(self, path: str) -> FakeEffect:  # noqa: N802 - mirrors pygame.mixer.Sound
        self.loads.append(path)
        if "missing" in path:
            raise FileNotFoundError(path)
        return FakeEffect(path, self.log)


def no_device_logs(caplog) -> int:
    return sum(NO_DEVICE_MESSAGE in r.getMessage() for r in caplog.records)


def test_sound__dummy_driver_is_silent_and_logs_once(caplog, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    caplog.set_level(logging.INFO, logger="game.ui.sound")
    mixer = FakeMixer()
    sound = Sound(mixer=mixer)
    assert [sound.play(name) for name in SOUND_NAMES * 3] == [False] * len(SOUND_NAMES) * 3
    assert no_device_logs(caplog) == 1
    assert not mixer.started and mixer.loads == [] and sound.played == []


def test_sound__mixer_that_fails_to_start_is_silent_and_logs_once(caplog, monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    caplog.set_level(logging.INFO, logger="game.ui.sound")
    sound = Sound(mixer=FakeMixer(init_fails=True))
    for _ in range(5):
        assert sound.play("win") is False
    assert not sound.available and no_device_logs(caplog) == 1


def test_sound__real_pygame_under_the_test_driver_never_raises(caplog):
    caplog.set_level(logging.INFO, logger="game.ui.sound")
    sound = Sound()  # real pygame.mixer; conftest sets SDL_AUDIODRIVER=dummy
    for name in SOUND_NAMES:
        assert sound.play(name) is False
    assert no_device_logs(caplog) == 1


def test_sound__loads_lazily_once_per_name_at_the_current_volume(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    mixer = FakeMixer()
    sound = Sound(mixer=mixer, volume=0.5)
    assert mixer.loads == [] and not mixer.started  # building it touches nothing
    assert sound.play("drop") and sound.play("drop")
    sound.volume = 2.0  # clamped
    assert sound.play("pick")
    assert [p.rsplit("/", 1)[-1] for p in mixer.loads] == ["drop.wav", "pick.wav"]
    volumes = [entry[2] for entry in mixer.log if entry[0] == "volume"]
    assert volumes == [0.5, 0.5, 1.0] and sound.played == ["drop", "drop", "pick"]


def test_sound__mute_stops_playing_and_toggles_back(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    mixer = FakeMixer()
    sound = Sound(mixer=mixer)
    assert sound.toggle_mute() is False and sound.muted
    assert sound.play("click") is False and not mixer.started
    assert sound.toggle_mute() is True and sound.play("click")
    sound.volume = 0.0
    assert sound.play("click") is False and sound.played == ["click"]


def test_sound__missing_file_is_skipped_and_reported_once(caplog, monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    caplog.set_level(logging.WARNING, logger="game.ui.sound")
    mixer = FakeMixer()
    sound = Sound(directory="/missing", mixer=mixer)
    assert not sound.play("win") and not sound.play("win")
    assert len(mixer.loads) == 1 and sum("cannot load sound" in r.getMessage() for r in caplog.records) == 1


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound__every_effect_the_game_names_is_a_wav_pygame_can_load(name):
    import pygame.mixer

    path = SOUND_DIR / f"{name}.wav"
    assert path.is_file()
    if not pygame.mixer.get_init():
        pygame.mixer.init()
    assert 0.02 < pygame.mixer.Sound(str(path)).get_length() < 2.0


def test_sound__generic_peg_right_after_its_variant_is_not_played_twice(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    sound = Sound(mixer=FakeMixer())
    for name in ("peg_black", "peg", "peg_white", "peg", "peg", "drop", "peg"):
        sound.play(name)
    assert sound.played == ["peg_black", "peg_white", "peg", "drop", "peg"]


def music_calls(mixer: FakeMixer) -> list:
    return [entry for entry in mixer.log if entry[0].startswith("music.")]


def test_sound__music_is_untouched_until_asked_for(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    mixer = FakeMixer()
    sound = Sound(mixer=mixer)
    sound.toggle_mute()
    sound.toggle_mute()
    assert sound.play("click") and music_calls(mixer) == [] and not sound.music_playing


def test_sound__music_loops_forever_at_its_own_volume_and_fades_in(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    mixer = FakeMixer()
    sound = Sound(mixer=mixer, volume=0.9)
    assert sound.set_music(True, 0.4) and sound.music_playing
    assert sound.set_music(volume=7.0)  # clamped, no second start
    assert music_calls(mixer) == [
        ("music.load", f"{MUSIC_NAME}.wav"),
        ("music.play", -1, True),
        ("music.volume", 0.4),
        ("music.volume", 1.0),
    ]
    assert sound.volume == 0.9  # effects keep their own volume


def test_sound__muting_or_turning_music_off_fades_it_out_and_unmuting_restarts_it(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    mixer = FakeMixer()
    sound = Sound(mixer=mixer)
    sound.set_music(True, 0.5)
    assert sound.toggle_mute() is False and not sound.music_playing
    assert music_calls(mixer)[-1] == ("music.fadeout", True)
    assert sound.toggle_mute() is True and sound.music_playing
    assert music_calls(mixer)[-2] == ("music.play", -1, True)
    assert sound.set_music(False) is False and music_calls(mixer)[-1] == ("music.fadeout", True)
    sound.set_music(True, 0.0)  # volume 0 is off as well: nothing starts
    assert not sound.music_playing and music_calls(mixer)[-1] == ("music.fadeout", True)


def test_sound__music_without_a_device_or_file_stays_silent_and_effects_go_on(caplog, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert Sound(mixer=FakeMixer()).set_music(True, 0.5) is False
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    caplog.set_level(logging.WARNING, logger="game.ui.sound")
    mixer = FakeMixer(music_fails=True)
    sound = Sound(mixer=mixer)
    assert sound.set_music(True, 0.5) is False and sound.set_music(True, 0.6) is False
    assert sum("music off" in r.getMessage() for r in caplog.records) == 1
    assert sound.play("drop") and sound.played == ["drop"]


def test_sound__shipped_music_loop_loads_in_pygame():
    import pygame.mixer

    path = SOUND_DIR / f"{MUSIC_NAME}.wav"
    if not pygame.mixer.get_init():
        pygame.mixer.init()
    assert 16.0 <= pygame.mixer.Sound(str(path)).get_length() <= 32.0
