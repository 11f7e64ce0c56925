"""Synthesise the game's sound effects and its music loop with numpy into assets/sounds/*.wav.

Every sound the game plays comes from this file, so each asset has a known source. The output is
deterministic (noise comes from a seeded generator): rerunning the tool rewrites the same files,
and a test checks that the committed WAVs match what the tool makes.

    python tools/make_sounds.py                 # rewrite assets/sounds/
    python tools/make_sounds.py --out /tmp/s    # somewhere else

Invariants (checked by tests/tools/test_make_sounds.py on the shipped files):
- no clicks: every note placed by _mix() and every finished sound starts and ends with a short
  raised-cosine fade, so the first and last samples are silence and no edge jumps further than
  the sound's own waveform does;
- matched levels: each effect is scaled so its loudest 50 ms has the same RMS (EFFECT_RMS_DBFS,
  plus a small per-sound trim of at most TRIM_LIMIT_DB); peaks stay at or below PEAK_LIMIT_DBFS;
- the music loop is periodic: notes still ringing at the loop's end wrap round to its start, so
  it repeats without a seam.

16-bit mono PCM at 22 050 Hz. Prints one JSON line per file (name, seconds, peak and loudest-50-ms
RMS in dBFS) and a human summary line.
"""

from __future__ import annotations

import json
import sys
import wave
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType

import numpy as np

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import OneLineParser, path_arg, writable_folder  # noqa: E402

SAMPLE_RATE_HZ = 22_050
FADE_IN_S = 0.004  # every note and every sound rises from silence over this
NOTE_FADE_OUT_S = 0.02  # every note placed by _mix() falls to silence over this
FADE_OUT_S = 0.012  # every finished sound ends on silence over this
EFFECT_RMS_DBFS = -16.0  # loudest-50-ms RMS every effect is matched to
TRIM_LIMIT_DB = 2.0  # per-effect trims stay within this, so levels stay matched
PEAK_LIMIT_DBFS = -1.0  # nothing is louder than this
MUSIC_RMS_DBFS = -21.0  # the loop sits under the effects at equal volume settings
MUSIC_EDGE_FADE_S = 0.002
LOUDNESS_WINDOW_S = 0.05
NOISE_SEED = 20_240_601
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

# Note frequencies (equal temperament, A4 = 440 Hz) used by the musical effects.
C4, E4_FLAT, G4 = 261.63, 311.13, 392.00
C5, E5, G5, C6, E6 = 523.25, 659.26, 783.99, 1046.50, 1318.51


def midi_hz(note: int) -> float:
    """The frequency of MIDI note `note` (69 = A4 = 440 Hz)."""
    return 440.0 * 2.0 ** ((note - 69) / 12)


def _fade(n: int, seconds: float) -> np.ndarray:
    """A raised-cosine rise from exactly 0 to 1 over `seconds` (at most n samples)."""
    k = max(2, min(n, int(round(seconds * SAMPLE_RATE_HZ))))
    return 0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, k))


def fade_edges(samples: np.ndarray, fade_in_s: float, fade_out_s: float) -> np.ndarray:
    """`samples` with a raised-cosine fade in at the start and out at the end (a copy)."""
    out = np.array(samples, dtype=np.float64)
    rise = _fade(len(out), fade_in_s)
    out[: len(rise)] *= rise
    fall = _fade(len(out), fade_out_s)[::-1]
    out[len(out) - len(fall) :] *= fall
    return out


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


def _mix(length_s: float, notes: list[tuple[float, np.ndarray]], wrap: bool = False) -> np.ndarray:
    """Place each (start_s, samples) note on a silent track of length_s, each faded in and out.

    A note that runs past the end is cut there (after its fade), or with wrap=True continues from
    the start of the track, which makes a seamless loop.
    """
    track = np.zeros(int(round(length_s * SAMPLE_RATE_HZ)))
    for start_s, samples in notes:
        i = int(round(start_s * SAMPLE_RATE_HZ))
        if not wrap:
            samples = samples[: len(track) - i]
        note = fade_edges(samples, FADE_IN_S, NOTE_FADE_OUT_S)
        index = (i + np.arange(len(note))) % len(track)
        np.add.at(track, index, note)
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
    length_s = 1.3
    # each bell rings to the end of the sound (faded there), none is cut off mid-ring
    notes = [(i * 0.09, _bell(_time(length_s - i * 0.09), hz, 0.35)) for i, hz in enumerate((C5, E5, G5, C6))]
    notes.append((0.36, 0.5 * _bell(_time(length_s - 0.36), E6, 0.3)))
    return _mix(length_s, notes)


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


# --- the music loop ---------------------------------------------------------------------------
MUSIC_BPM = 100
MUSIC_BEATS_PER_BAR = 4
MUSIC_BARS_PER_CHORD = 2
# Am7, Fmaj7, Cmaj7, G6 as MIDI notes (root first): a calm minor-major loop that never resolves hard
MUSIC_CHORDS = ((57, 60, 64, 67), (53, 57, 60, 64), (48, 52, 55, 59), (55, 59, 62, 64))
BASS_LOWEST_MIDI = 40  # E2, 82 Hz
ARPEGGIO_STEPS = (0, 1, 2, 3, 4, 3, 2, 1)  # chord tones up and back down; 4 = the root an octave up


def _soft_tone(t: np.ndarray, hz: float, decay_s: float, attack_s: float = 0.006) -> np.ndarray:
    """A rounded, mellow note: the fundamental, a little octave, a touch of the fifth above it."""
    body = np.sin(2 * np.pi * hz * t) + 0.25 * np.sin(4 * np.pi * hz * t) + 0.06 * np.sin(6 * np.pi * hz * t)
    return body * _envelope(t, attack_s, decay_s)


def music() -> np.ndarray:
    """A soft loop: a bass on the bar's first and third beats, an eighth-note arpeggio above, and a
    quiet detuned pad holding each chord, each pad overlapping the next chord's by a short swell.

    Notes wrap round the end, so the loop has no seam; the last beat is a breath (no new arpeggio
    notes, the last pad swells out by the end), so the loop's ends are also near silence and the
    file starts and stops without a click.
    """
    beat_s = 60.0 / MUSIC_BPM
    chord_s = beat_s * MUSIC_BEATS_PER_BAR * MUSIC_BARS_PER_CHORD
    steps = MUSIC_BEATS_PER_BAR * MUSIC_BARS_PER_CHORD * 2  # eighth notes per chord
    length_s = chord_s * len(MUSIC_CHORDS)
    notes: list[tuple[float, np.ndarray]] = []
    for index, chord in enumerate(MUSIC_CHORDS):
        start = index * chord_s
        last = index == len(MUSIC_CHORDS) - 1
        root = chord[0] - 12 if chord[0] - 12 >= BASS_LOWEST_MIDI else chord[0]  # E2..D#3: heard on laptops
        for beat in range(0, MUSIC_BEATS_PER_BAR * MUSIC_BARS_PER_CHORD, 2):
            bass = _soft_tone(_time(beat_s * 2), midi_hz(root), 0.55, 0.015)
            notes.append((start + beat * beat_s, 0.9 * bass))
        tones = [note + 12 for note in chord] + [chord[0] + 24]
        for step in range(steps - 2 if last else steps):
            hz = midi_hz(tones[ARPEGGIO_STEPS[step % len(ARPEGGIO_STEPS)]])
            accent = 1.0 if step % 4 == 0 else 0.7
            notes.append((start + step * beat_s / 2, 0.32 * accent * _soft_tone(_time(0.9), hz, 0.28)))
        overhang_s = 0.0 if last else 0.4
        t = _time(chord_s + overhang_s)
        swell = np.clip(t / 0.6, 0.0, 1.0) * np.clip((chord_s + overhang_s - t) / 0.8, 0.0, 1.0)
        pad = sum(
            np.sin(2 * np.pi * midi_hz(n) * t) + np.sin(2 * np.pi * (midi_hz(n) + 0.7) * t) for n in chord
        )
        notes.append((start, 0.05 * swell * pad))
    return _mix(length_s, notes, wrap=True)


# name -> (synthesiser, trim in dB around EFFECT_RMS_DBFS). Ticks sit a little lower than fanfares.
SOUNDS: Mapping[str, tuple[Callable[[], np.ndarray], float]] = MappingProxyType(
    {
        "pick": (pick, -1.0),
        "drop": (drop, 0.0),
        "place": (place, -1.0),
        "clear": (clear, -1.0),
        "submit": (submit, 0.0),
        "peg": (peg, -1.0),
        "peg_black": (peg_black, -1.0),
        "peg_white": (peg_white, -1.0),
        "win": (win, 1.5),
        "lose": (lose, 0.0),
        "reveal": (reveal, 0.0),
        "error": (error, -1.0),
        "click": (click, -2.0),
    }
)
MUSIC: Mapping[str, Callable[[], np.ndarray]] = MappingProxyType({"music": music})


def loudest_rms(samples: np.ndarray) -> float:
    """The RMS of the loudest LOUDNESS_WINDOW_S stretch (0..1 full scale): how loud it sounds."""
    window = max(1, min(len(samples), int(LOUDNESS_WINDOW_S * SAMPLE_RATE_HZ)))
    power = np.convolve(np.asarray(samples, dtype=np.float64) ** 2, np.ones(window) / window, "valid")
    return float(np.sqrt(np.max(power)))


def dbfs(level: float) -> float:
    return 20.0 * float(np.log10(max(level, 1e-9)))


def _finish(samples: np.ndarray, rms_dbfs: float, fade_in_s: float, fade_out_s: float) -> np.ndarray:
    """Fade the edges, scale to the loudness target (never past PEAK_LIMIT_DBFS), quantise."""
    samples = fade_edges(samples, fade_in_s, fade_out_s)
    gain = 10 ** (rms_dbfs / 20) / max(loudest_rms(samples), 1e-9)
    peak_gain = 10 ** (PEAK_LIMIT_DBFS / 20) / max(float(np.max(np.abs(samples))), 1e-9)
    return np.round(samples * min(gain, peak_gain) * 32767).astype(np.int16)


def render(name: str) -> np.ndarray:
    """The finished int16 samples of one effect or of the music loop."""
    if name in MUSIC:
        # the loop's ends meet at a breath of near-silence (see music()), so its edge fades are
        # brief: long ones would dip audibly at every repeat
        return _finish(MUSIC[name](), MUSIC_RMS_DBFS, MUSIC_EDGE_FADE_S, MUSIC_EDGE_FADE_S)
    make, trim_db = SOUNDS[name]
    return _finish(make(), EFFECT_RMS_DBFS + trim_db, FADE_IN_S, FADE_OUT_S)


def write_wav(path: Path, samples: np.ndarray) -> None:
    """16-bit mono PCM at SAMPLE_RATE_HZ, little-endian as WAV requires."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE_HZ)
        out.writeframes(samples.astype("<i2").tobytes())


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="make_sounds.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=path_arg, default=DEFAULT_OUT, help="directory for the .wav files")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    writable_folder(parser, args.out)
    total_s = 0.0
    names = [*SOUNDS, *MUSIC]
    for name in names:
        samples = render(name)
        write_wav(args.out / f"{name}.wav", samples)
        seconds = len(samples) / SAMPLE_RATE_HZ
        total_s += seconds
        level = samples.astype(np.float64) / 32767
        peak_db = round(dbfs(float(np.max(np.abs(level)))), 2)
        rms_db = round(dbfs(loudest_rms(level)), 2)
        print(
            json.dumps({"name": name, "seconds": round(seconds, 3), "peak_dbfs": peak_db, "rms_dbfs": rms_db})
        )
    print(f"wrote {len(names)} sounds ({total_s:.2f} s in all) to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
