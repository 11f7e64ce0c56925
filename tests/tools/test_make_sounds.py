"""tools/make_sounds.py is the source of every committed sound: rerunning it reproduces them, and
every shipped sound is clean: it starts and ends on silence, no edge jumps further than its own
waveform does, no note inside it is cut off, peaks stay at or below -1 dBFS and the effects' levels
are matched."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path

import numpy as np
import pytest

from game.ui.sound import MUSIC_NAME, SOUND_DIR, SOUND_NAMES

TOOL = Path(__file__).resolve().parents[2] / "tools" / "make_sounds.py"
SHIPPED = (*SOUND_NAMES, MUSIC_NAME)
FULL_SCALE = 32767
SILENCE = 0.01 * FULL_SCALE  # "silence" at the ends: within 1% of full scale
EDGE_S = 0.002  # a click at an edge shows as a jump in its first/last 2 ms bigger than the body's
PEAK_LIMIT = FULL_SCALE * 10 ** (-1 / 20)  # -1 dBFS
LEVEL_SPREAD_DB = 4.0  # loudest-50-ms RMS of every effect within this of each other


def load_tool():
    spec = importlib.util.spec_from_file_location("make_sounds", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_wav(path: Path) -> tuple[tuple[int, int, int], np.ndarray]:
    with wave.open(str(path), "rb") as wav:
        shape = (wav.getnchannels(), wav.getsampwidth(), wav.getframerate())
        return shape, np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")


def test_make_sounds__makes_exactly_the_effects_the_player_names():
    assert set(load_tool().SOUNDS) == set(SOUND_NAMES)


@pytest.mark.parametrize("name", SHIPPED)
def test_make_sounds__committed_wav_matches_a_fresh_render(name):
    tool = load_tool()
    fresh = tool.render(name)
    shape, committed = read_wav(SOUND_DIR / f"{name}.wav")
    assert shape == (1, 2, tool.SAMPLE_RATE_HZ)
    assert committed.shape == fresh.shape
    # Allow one step of rounding: sin() may differ in the last bit between machines.
    assert int(np.max(np.abs(committed.astype(np.int32) - fresh.astype(np.int32)))) <= 1
    assert committed[-1] == 0 or abs(int(committed[-1])) <= 1  # faded out: no click at the end


def test_make_sounds__writes_16_bit_mono_files(tmp_path):
    assert load_tool().main(["--out", str(tmp_path)]) == 0
    for name in SHIPPED:
        shape, samples = read_wav(tmp_path / f"{name}.wav")
        assert (
            shape[:2] == (1, 2) and samples.size > 0 and int(np.abs(samples.astype(np.int32)).max()) < 32767
        )


def shipped(name: str) -> np.ndarray:
    shape, samples = read_wav(SOUND_DIR / f"{name}.wav")
    return samples.astype(np.int64)


@pytest.mark.parametrize("name", SHIPPED)
def test_make_sounds__every_shipped_sound_starts_and_ends_on_silence(name):
    samples = shipped(name)
    assert abs(samples[0]) <= SILENCE and abs(samples[-1]) <= SILENCE


@pytest.mark.parametrize("name", SHIPPED)
def test_make_sounds__no_edge_jumps_further_than_the_sounds_own_waveform(name):
    samples = shipped(name)
    edge = int(EDGE_S * 22_050)
    jumps = np.abs(np.diff(samples))
    body = int(jumps[edge:-edge].max())
    assert int(jumps[:edge].max()) <= body and int(jumps[-edge:].max()) <= body


@pytest.mark.parametrize("name", SHIPPED)
def test_make_sounds__peaks_stay_at_or_below_minus_1_dbfs(name):
    assert int(np.abs(shipped(name)).max()) <= PEAK_LIMIT


def test_make_sounds__effect_levels_are_matched():
    tool = load_tool()
    levels = {name: 20 * np.log10(tool.loudest_rms(shipped(name) / FULL_SCALE)) for name in SOUND_NAMES}
    assert max(levels.values()) - min(levels.values()) <= LEVEL_SPREAD_DB, levels


def test_make_sounds__a_note_placed_in_a_mix_is_faded_at_both_ends_and_never_cut():
    tool = load_tool()
    note = np.ones(tool.SAMPLE_RATE_HZ)  # a full-scale step: the worst click there is
    track = tool._mix(0.5, [(0.1, note)])  # runs past the end of the track
    start = int(0.1 * tool.SAMPLE_RATE_HZ)
    assert track[0] == 0 and track[start] == 0 and abs(track[-1]) < 1e-9
    # the steepest step of the fades: a raised cosine over FADE_IN_S / NOTE_FADE_OUT_S, never a jump
    assert np.abs(np.diff(track)).max() <= np.pi / 2 / (tool.FADE_IN_S * tool.SAMPLE_RATE_HZ) * 1.05


def test_make_sounds__music_loop_is_long_quiet_under_effects_and_seamless():
    tool = load_tool()
    samples = shipped(MUSIC_NAME)
    assert 16.0 <= len(samples) / tool.SAMPLE_RATE_HZ <= 32.0
    jumps = np.abs(np.diff(samples))
    assert abs(samples[0] - samples[-1]) <= jumps.max()  # looping back is no bigger a step than any other
    music_db = 20 * np.log10(tool.loudest_rms(samples / FULL_SCALE))
    effects_db = [20 * np.log10(tool.loudest_rms(shipped(name) / FULL_SCALE)) for name in SOUND_NAMES]
    assert music_db < min(effects_db)
