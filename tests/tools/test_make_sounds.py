"""tools/make_sounds.py is the source of every committed sound: rerunning it reproduces them."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path

import numpy as np
import pytest

from game.ui.sound import SOUND_DIR, SOUND_NAMES

TOOL = Path(__file__).resolve().parents[2] / "tools" / "make_sounds.py"


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


@pytest.mark.parametrize("name", SOUND_NAMES)
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
    for name in SOUND_NAMES:
        shape, samples = read_wav(tmp_path / f"{name}.wav")
        assert (
            shape[:2] == (1, 2) and samples.size > 0 and int(np.abs(samples.astype(np.int32)).max()) < 32767
        )
