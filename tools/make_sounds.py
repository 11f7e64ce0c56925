"""Synthesise the game's sound effects with numpy into assets/sounds/*.wav (16-bit mono PCM).

Every sound the game plays comes from this file, so each asset has a known source. The output is
deterministic (noise comes from a seeded generator): rerunning the tool rewrites the same files,
and a test checks that the committed WAVs match what the tool makes.

    python tools/make_sounds.py                 # rewrite assets/sounds/
    python tools/make_sounds.py --out /tmp/s    # somewhere else

Prints one JSON line per file (name, seconds, peak) and a human summary line.
"""

from __future__ import annotations

import argparse
import json
import sys
import wave
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType

import numpy as np

SAMPLE_RATE_HZ = 22_050
FADE_OUT_S = 0.006  # ends every sound on silence, so no click when it stops
NOISE_SEED = 20_240_601
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

# Note frequencies (equal temperament, A4 = 440 Hz) used by the musical effects.
C4, E4_FLAT, G4 = 261.63, 311.13, 392.00
C5, E5, G5, C6, E6 = 523.25, 659.26, 783.99, 1046.50, 1318.51


def _time(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * SAMPLE_RATE_HZ))) / SAMPLE_RATE_HZ


def _envelope(t: np.ndarray, attack_s: float, decay_s: float) -> np.ndarray:
    """Linear attack, then exponential decay with time constant decay_s."""
    rise = np.clip(t / attack_s, 0.0, 1.0) if attack_s > 0 else np.ones_like(t)
    return rise * np.exp(-np.maximum(t - attack_s, 0.0) / decay_s)


def _glide(t: np.ndarray, start_hz: float, end_hz: float, partials: tuple[float, ...] = (1.0,)) -> np.ndarray:
    """A tone whose pitch slides exponentially from start_hz to end_hz over the length of t."""
    span = t[-1] if len(t) > 1 and t[-1] > 0 else 1.0
    freq = start_hz * (end_hz / start_hz) ** (t / span)
    phase = 2 * np.pi * np.cumsum(freq) / SAMPLE_RATE_HZ
    return sum(weight * np.sin((k + 1) * phase) for k, weight in enumerate(partials))


def _bell(t: np.ndarray, hz: float, decay_s: float) -> np.ndarray:
    """A soft bell: inharmonic partials, the high ones dying faster."""
    out = np.zeros_like(t)
    for ratio, weight, decay_scale in (
        (1.0, 1.0, 1.0),
        (2.0, 0.35, 0.6),
        (2.76, 0.2, 0.35),
        (5.4, 0.08, 0.2),
    ):
        out += weight * np.sin(2 * np.pi * hz * ratio * t) * _envelope(t, 0.004, decay_s * decay_scale)
    return out


def _mix(length_s: float, notes: list[tuple[float, np.ndarray]]) -> np.ndarray:
    """Place each (start_s, samples) note on a silent track of length_s."""
    track = np.zeros(int(round(length_s * SAMPLE_RATE_HZ)))
    for start_s, samples in notes:
        i = int(round(start_s * SAMPLE_RATE_HZ))
        n = min(len(samples), len(track) - i)
        track[i : i + n] += samples[:n]
    return track


def pick() -> np.ndarray:
    """Picking up a peg: a short rising blip."""
    t = _time(0.07)
    return _glide(t, 520, 880, (1.0, 0.25)) * _envelope(t, 0.003, 0.025)


def drop() -> np.ndarray:
    """Dropping a peg into a hole: a low falling thock with a tiny tap of noise."""
    t = _time(0.10)
    rng = np.random.default_rng(NOISE_SEED)
    tap = rng.uniform(-1, 1, len(t)) * _envelope(t, 0.0005, 0.004) * 0.5
    return _glide(t, 330, 170, (1.0, 0.4, 0.1)) * _envelope(t, 0.002, 0.03) + tap


def place() -> np.ndarray:
    """Placing a peg from the keyboard: a lighter, shorter tap than a drop."""
    t = _time(0.06)
    return _glide(t, 440, 300, (1.0, 0.3)) * _envelope(t, 0.002, 0.018)


def clear() -> np.ndarray:
    """Taking a peg off the row: a quick falling blip."""
    t = _time(0.07)
    return _glide(t, 700, 380, (1.0, 0.2)) * _envelope(t, 0.003, 0.022)


def submit() -> np.ndarray:
    """Submitting a row: two quick rising notes."""
    t = _time(0.09)

    def note(hz: float) -> np.ndarray:
        return _glide(t, hz, hz, (1.0, 0.3)) * _envelope(t, 0.003, 0.035)

    return _mix(0.18, [(0.0, note(G5)), (0.075, note(C6))])


def _pop(hz: float, partials: tuple[float, ...]) -> np.ndarray:
    t = _time(0.08)
    return _glide(t, hz * 1.35, hz, partials) * _envelope(t, 0.002, 0.022)


def peg() -> np.ndarray:
    """A grading peg popping in (neutral)."""
    return _pop(C6, (1.0, 0.2))


def peg_black() -> np.ndarray:
    """A black grading peg: lower and fuller."""
    return _pop(G5, (1.0, 0.45, 0.15))


def peg_white() -> np.ndarray:
    """A white grading peg: higher and purer."""
    return _pop(E6, (1.0, 0.1))


def win() -> np.ndarray:
    """A win: a bright rising arpeggio of bells ending on a held chord."""
    t = _time(0.9)
    notes = [(i * 0.09, _bell(t, hz, 0.35)) for i, hz in enumerate((C5, E5, G5, C6))]
    notes.append((0.36, 0.5 * _bell(t, E6, 0.3)))
    return _mix(1.3, notes)


def lose() -> np.ndarray:
    """A loss that lands softly: three slow falling minor notes, no harsh edges."""
    t = _time(0.6)

    def soft(hz: float) -> np.ndarray:
        return _glide(t, hz, hz, (1.0, 0.12)) * _envelope(t, 0.03, 0.2)

    return _mix(1.1, [(0.0, soft(G4)), (0.22, soft(E4_FLAT)), (0.44, soft(C4))])


def reveal() -> np.ndarray:
    """Giving up: the secret slides open, a soft falling shimmer."""
    t = _time(0.5)
    shimmer = _glide(t, 1200, 500, (1.0, 0.3)) * (0.75 + 0.25 * np.sin(2 * np.pi * 14 * t))
    return shimmer * _envelope(t, 0.04, 0.16)


def error() -> np.ndarray:
    """A move that is not allowed: two low soft buzzes (square-ish, no shrill top)."""
    t = _time(0.08)
    buzz = _glide(t, 180, 170, (1.0, 0.0, 0.33, 0.0, 0.2)) * _envelope(t, 0.004, 0.04)
    return _mix(0.2, [(0.0, buzz), (0.1, buzz)])


def click() -> np.ndarray:
    """A menu button: a very short tick."""
    t = _time(0.035)
    rng = np.random.default_rng(NOISE_SEED + 1)
    noise = rng.uniform(-1, 1, len(t)) * _envelope(t, 0.0003, 0.002) * 0.4
    return _glide(t, 1900, 1500) * _envelope(t, 0.001, 0.008) + noise


# name -> (synthesiser, peak level 0..1). UI ticks sit lower than the win fanfare.
SOUNDS: Mapping[str, tuple[Callable[[], np.ndarray], float]] = MappingProxyType(
    {
        "pick": (pick, 0.45),
        "drop": (drop, 0.55),
        "place": (place, 0.45),
        "clear": (clear, 0.4),
        "submit": (submit, 0.5),
        "peg": (peg, 0.4),
        "peg_black": (peg_black, 0.45),
        "peg_white": (peg_white, 0.38),
        "win": (win, 0.7),
        "lose": (lose, 0.5),
        "reveal": (reveal, 0.45),
        "error": (error, 0.4),
        "click": (click, 0.35),
    }
)


def render(name: str) -> np.ndarray:
    """The finished int16 samples of one effect: normalised to its peak level and faded out."""
    make, peak = SOUNDS[name]
    samples = np.asarray(make(), dtype=np.float64)
    samples = samples / max(float(np.max(np.abs(samples))), 1e-9) * peak
    fade = min(len(samples), int(FADE_OUT_S * SAMPLE_RATE_HZ))
    samples[len(samples) - fade :] *= np.linspace(1.0, 0.0, fade)
    return np.round(samples * 32767).astype(np.int16)


def write_wav(path: Path, samples: np.ndarray) -> None:
    """16-bit mono PCM at SAMPLE_RATE_HZ, little-endian as WAV requires."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE_HZ)
        out.writeframes(samples.astype("<i2").tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="directory for the .wav files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    total_s = 0.0
    for name in SOUNDS:
        samples = render(name)
        write_wav(args.out / f"{name}.wav", samples)
        seconds = len(samples) / SAMPLE_RATE_HZ
        total_s += seconds
        peak = round(float(np.max(np.abs(samples.astype(np.int32)))) / 32767, 3)
        print(json.dumps({"name": name, "seconds": round(seconds, 3), "peak": peak}))
    print(f"wrote {len(SOUNDS)} sounds ({total_s:.2f} s in all) to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
