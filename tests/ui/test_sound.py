"""The sound player: silent fallback without a device, lazy loading, mute and volume."""

from __future__ import annotations

import logging

import pytest

from game.ui.sound import NO_DEVICE_MESSAGE, SOUND_DIR, SOUND_NAMES, Sound


class FakeEffect:
    def __init__(self, path: str, log: list):
        self.path, self.log = path, log

    def set_volume(self, volume: float) -> None:
        self.log.append(("volume", self.path, volume))

    def play(self) -> None:
        self.log.append(("play", self.path))


class FakeMixer:
    """Stands in for pygame.mixer: records what the player asks of it."""

    def __init__(self, init_fails: bool = False):
        self.init_fails, self.started, self.log, self.loads = init_fails, False, [], []

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
