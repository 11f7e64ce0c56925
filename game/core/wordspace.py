"""The code space of the word variants: a list of words, not every code of a size.

The secrets are the installed answers (wordlists.py); a guess may be any allowed word. Codes are
passed as their code numbers (base 26, so sorted numbers are alphabetical words), as in every space.
Consistent sets are the answers that give every grade so far, remembered per history so a position
filters its parent's set by its last grade only; a guess's split of the space is its grades against
every answer. The variant grades (Variant.grades_between over letters and letter counts).

First guesses: the partition strategies open with the variant's opening, an answer, where the lists
hold it (WordVariant.opening, variants/words.py). Else, no symmetry shrinking a list (letters are not
interchangeable as colours are), the first guess is chosen among the shortlist shipped for the
variant (wordlists.WordLists.first_guesses, made by tools/make_wordlists.py --first-guesses: the best
first words by each criterion the strategies use, weighed over every allowed word), or among every
allowed word where there is none.

pool_steps() is what the partition strategies weigh instead of a colour space's pool: the allowed
words (or only the consistent ones), consistent first, each part ascending: the tie rule's order.
Like space.py, every loop is a generator that yields Progress after about WORK_PER_YIELD
byte-operations.
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from typing import TYPE_CHECKING

import numpy as np

from .arraycache import ArrayCache
from .codes import Code
from .headtail import WORK_PER_YIELD
from .progress import History, Progress
from .wordlists import ALPHABET, Listed, word_lists

if TYPE_CHECKING:
    from .variants.base import ChooseRow, GameSize

CACHE_ENTRIES = 512
CACHE_BYTES = 32_000_000


@functools.lru_cache(maxsize=1)
def _remembered() -> ArrayCache:
    return ArrayCache(CACHE_ENTRIES, CACHE_BYTES)


def _rows(config: GameSize) -> int:
    """Words graded per step against one guess."""
    return max(64, WORK_PER_YIELD // (config.variant.grade_cost(len(ALPHABET))))


def grades_against(
    config: GameSize, guess: Code, listed: Listed, positions: np.ndarray | None = None
) -> Generator[Progress, None, np.ndarray]:
    """Packed grades of `guess` against the listed words at `positions` (all of them if None)."""
    g = np.asarray([guess], dtype=np.uint8)
    g_counts = np.bincount(g[0], minlength=len(ALPHABET)).astype(np.uint8)[None, :]
    total = len(listed) if positions is None else positions.shape[0]
    out = np.empty(total, dtype=config.variant.grade_dtype)
    step = _rows(config)
    for start in range(0, total, step):
        stop = min(total, start + step)
        at = slice(start, stop) if positions is None else positions[start:stop]
        out[start:stop] = config.variant.grades_between(g, g_counts, listed.codes[at], listed.counts[at])[0]
        if total > step:
            yield Progress(stop, total, "reading grades")
    return out


def _key(config: GameSize, history: History) -> tuple:
    variant = config.variant  # the lists' identity too: installing others (tests) forgets these sets
    return (
        id(word_lists()),
        variant,
        tuple((tuple(int(p) for p in guess), variant.pack(fb)) for guess, fb in history),
    )


def consistent_positions_steps(config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
    """Positions in the answer list of the answers consistent with every grade (sorted, read-only)."""
    answers = word_lists().answers
    remembered = _remembered()
    found = remembered.get(_key(config, history))
    if found is not None:
        return found
    depth, positions = 0, None
    for depth in range(len(history) - 1, 0, -1):
        positions = remembered.get(_key(config, history[:depth]))
        if positions is not None:
            break
    if positions is None:
        depth, positions = 0, np.arange(len(answers), dtype=np.int32)
    for guess, feedback in history[depth:]:
        grades = yield from grades_against(config, tuple(guess), answers, positions)
        positions = positions[grades == config.variant.pack(feedback)]
    positions.setflags(write=False)
    remembered.put(_key(config, history), positions)
    return positions


def consistent_steps(config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted code numbers of the answers consistent with every grade (every answer before the first)."""
    positions = yield from consistent_positions_steps(config, history)
    result = word_lists().answers.indices[positions]
    yield Progress(1, 1, "words filtered", int(result.shape[0]))
    return result


def count_steps(config: GameSize, history: History) -> Generator[Progress, None, int]:
    count = int((yield from consistent_positions_steps(config, history)).shape[0])
    yield Progress(1, 1, "words counted", count)
    return count


def remember_consistent(config: GameSize, history: History, indices: np.ndarray) -> None:
    """A whole-tree walk hands the answers it holds at a node: kept as positions in the list."""
    positions = word_lists().answers.positions(indices).astype(np.int32)
    positions.setflags(write=False)
    _remembered().put(_key(config, history), positions)


def partition_steps(config: GameSize, guess: Code) -> Generator[Progress, None, np.ndarray]:
    """How `guess` splits every answer: counts per packed grade (int64, grade_count long)."""
    grades = yield from grades_against(config, tuple(guess), word_lists().answers)
    return np.bincount(grades, minlength=config.variant.grade_count).astype(np.int64)


def first_guess_steps(config: GameSize, choose: ChooseRow) -> Generator[Progress, None, Code]:
    """The first guess choose() picks among the variant's shipped shortlist (else every allowed word),
    each split over every answer; ties go to the first in the shortlist's (alphabetical) order."""
    lists = word_lists()
    candidates = lists.first_guesses.get(config.variant.name) or tuple(
        tuple(int(v) for v in row) for row in lists.allowed.codes
    )
    possible = len(lists.answers)
    rows = []
    for number, code in enumerate(candidates):
        rows.append((yield from partition_steps(config, code)))
        yield Progress(number + 1, len(candidates), "choosing a first guess", possible)
    return candidates[choose(np.vstack(rows))]


def pool(consistent: np.ndarray, consistent_only: bool) -> tuple[np.ndarray, int]:
    """(guesses to weigh as code numbers, how many of them are consistent): the consistent answers
    ascending, then (unless consistent_only) every other allowed word ascending."""
    if consistent_only:
        return consistent, int(consistent.shape[0])
    allowed = word_lists().allowed.indices
    rest = allowed[~np.isin(allowed, consistent, assume_unique=True)]
    return np.concatenate([consistent, rest]), int(consistent.shape[0])


def letters_of(indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(letters, letter counts) of allowed words given by code number, read from the allowed list."""
    allowed = word_lists().allowed
    at = allowed.positions(indices)
    return allowed.codes[at], allowed.counts[at]
