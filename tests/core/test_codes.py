"""Scoring against an independent brute-force reference, and the worked examples of the seeds."""

import itertools
import subprocess
import sys

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from game.core.codes import (
    Feedback,
    code_from_text,
    code_index,
    code_to_text,
    colour_counts,
    decode,
    encode,
    index_code,
    pack,
    score,
    score_many,
    unpack,
)


def reference_score(guess, secret):
    """Strike-out grading, the way a person does it (seed 004): blacks first, then whites."""
    secret_left = list(secret)
    guess_left = list(guess)
    black = 0
    for i, (g, s) in enumerate(zip(guess, secret, strict=True)):
        if g == s:
            black += 1
            secret_left[i] = guess_left[i] = None
    white = 0
    for g in guess_left:
        if g is not None and g in secret_left:
            white += 1
            secret_left[secret_left.index(g)] = None
    return black, white


def test_score__equals_reference_for_every_pair_at_4x6():
    codes = list(itertools.product(range(6), repeat=4))
    array = np.array(codes, dtype=np.uint8)
    counts = colour_counts(array, 6)
    for guess in codes:
        packed = score_many(guess, array, 6, counts)
        expected = [pack(reference_score(guess, s), 4) for s in codes]
        assert packed.tolist() == expected
    for guess, secret in itertools.islice(itertools.product(codes, codes), 0, None, 97):
        assert tuple(score(guess, secret)) == reference_score(guess, secret)


@st.composite
def code_pairs(draw):
    pegs = draw(st.integers(2, 8))
    colours = draw(st.integers(2, 10))
    code = st.lists(st.integers(0, colours - 1), min_size=pegs, max_size=pegs).map(tuple)
    return colours, draw(code), draw(code)


@given(code_pairs())
def test_score__equals_reference_up_to_8x10(pair):
    colours, guess, secret = pair
    assert tuple(score(guess, secret)) == reference_score(guess, secret)
    packed = score_many(guess, np.array([secret], dtype=np.uint8), colours)
    assert unpack(packed[0], len(guess)) == reference_score(guess, secret)


def test_score__seed_examples():
    # seed 004: secret 2331, guess 1232 -> the 3 in place is black; 1 and one 2 are white.
    assert score((1, 2, 3, 2), (2, 3, 3, 1)) == Feedback(1, 2)
    # seed 001: secret rbyg against rmgm, rmmg, rbgy.
    letters = {c: i for i, c in enumerate("rygcbm")}

    def code(word):
        return tuple(letters[ch] for ch in word)

    assert score(code("rmgm"), code("rbyg")) == Feedback(1, 1)
    assert score(code("rmmg"), code("rbyg")) == Feedback(2, 0)
    assert score(code("rbgy"), code("rbyg")) == Feedback(2, 2)
    # seed 000, the applet's 3x3 walk-through towards secret 021.
    assert score((0, 0, 0), (0, 2, 1)) == Feedback(1, 0)
    assert score((0, 0, 1), (0, 0, 0)) == Feedback(2, 0)
    assert score((0, 1, 1), (0, 2, 1)) == Feedback(2, 0)
    assert score((0, 1, 2), (0, 2, 1)) == Feedback(1, 2)
    assert score((0, 2, 1), (0, 2, 1)) == Feedback(3, 0)
    # seed 000: two blues in the guess, one in the answer elsewhere -> one white only.
    assert score((0, 1, 2, 2), (2, 3, 4, 5)) == Feedback(0, 1)


def test_code_index__round_trips_and_orders_lexicographically():
    codes = list(itertools.product(range(3), repeat=3))
    assert [code_index(c, 3) for c in codes] == list(range(27))
    assert all(index_code(code_index(c, 3), 3, 3) == c for c in codes)
    array = decode(np.arange(27), 3, 3)
    assert [tuple(row) for row in array.tolist()] == codes
    assert encode(array, 3).tolist() == list(range(27))


def test_code_text__round_trips_and_rejects_bad_text():
    assert code_from_text(code_to_text((0, 9, 3))) == (0, 9, 3)
    for bad, args in [("", ()), ("12a", ()), ("123", (4, 6)), ("1239", (4, 6))]:
        try:
            code_from_text(bad, *args)
        except ValueError as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{bad!r} accepted")


def test_core__does_not_import_pygame():
    probe = "import sys, game.core.codes, game.core.config, game.core.state, game.core.solver; "
    probe += "import importlib, pkgutil, game.core as c; "
    probe += "[importlib.import_module(m.name) for m in pkgutil.walk_packages(c.__path__, 'game.core.')]; "
    probe += "print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
