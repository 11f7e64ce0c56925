"""tools/make_wordlists.py remakes the committed word lists byte for byte: the answers and allowed
lists from the packages (skipped where they are not installed) and the first guesses from the lists."""

from __future__ import annotations

import importlib.util

import pytest

from game.core import wordlists
from tools import make_wordlists

PACKAGES = all(importlib.util.find_spec(name) is not None for name in make_wordlists.PACKAGES)


@pytest.mark.skipif(not PACKAGES, reason="wordfreq and english-words are not installed (tools only)")
def test_make_wordlists__the_committed_answers_and_allowed_lists_are_what_the_tool_writes():
    for name, text in make_wordlists.texts().items():
        assert (make_wordlists.WORDS_DIR / name).read_text(encoding="utf-8") == text, name
    answers = make_wordlists.texts()["answers.txt"].split()
    assert not set(answers) & (make_wordlists.read_blocklist() | make_wordlists.read_names())
    assert {"abbas", "arjun", "singh"} <= make_wordlists.read_names()  # lower-case web2 entries, names here


def test_make_wordlists__the_committed_first_guesses_are_what_the_tool_writes_and_the_lists_stay():
    source = wordlists.source()
    text = make_wordlists.first_guesses_text()
    assert (make_wordlists.WORDS_DIR / "first_guesses.txt").read_text(encoding="utf-8") == text
    # the tool weighed every word with lists of its own, then put the game's back
    assert wordlists.source() is source and wordlists.word_lists().first_guesses["words"]
