"""The shipped word lists: the one place that reads assets/words/ (core never reads files).

install() hands game.core.wordlists a source that reads answers.txt, allowed.txt and, where it is
there, first_guesses.txt (a shortlist of first words per word variant, "variant: word word ..."),
once, when a word game first needs them. The shell, the tools that play words and the tests call it.
The folder comes from game/assets.py (inside the package when installed from a wheel).
"""

from __future__ import annotations

from pathlib import Path

from game import assets
from game.core import wordlists

WORDS_DIR = assets.directory(assets.WORDS)
ANSWERS, ALLOWED, FIRST_GUESSES = "answers.txt", "allowed.txt", "first_guesses.txt"


def _words(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def read_first_guesses(path: Path) -> dict[str, list[str]]:
    """ "words: crane slate" lines -> {"words": ["crane", "slate"]}; # comments and blanks skipped."""
    if not path.is_file():
        return {}
    found: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, words = line.partition(":")
        if sep and not line.startswith("#"):
            found[name.strip()] = words.split()
    return found


def load(directory: Path = WORDS_DIR) -> wordlists.WordLists:
    """The word lists in `directory`."""
    return wordlists.WordLists.of(
        _words(directory / ANSWERS),
        _words(directory / ALLOWED),
        read_first_guesses(directory / FIRST_GUESSES),
    )


def install(directory: Path = WORDS_DIR) -> None:
    """Make the lists in `directory` the ones the word variants play (read when first needed)."""
    wordlists.install(lambda: load(directory))
