"""Work done a step at a time: the Progress a step reports, the History of grades it reads, run().

Every long computation of the core (listing and filtering code spaces, building tables, the
strategies) is a generator that yields Progress often, so the game can pump it inside a frame, and
returns its result; run() drives one to the end for tools and tests. This module sits below the
variants and their code spaces, which step this way too, so it imports nothing of the game but codes.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .codes import Code, Feedback

History = Sequence[tuple[Code, Feedback]]
# Byte-operations of numpy work between two yields; about 1-2 ms on one core of the test machine.
WORK_PER_YIELD = 2_000_000
Result = TypeVar("Result")


@dataclass(frozen=True)
class Progress:
    """How far a stepwise computation (a strategy's guess, a code space's filter) has got.

    done/total: work units (any unit, for a progress bar); note: a short human phrase;
    possible: codes still consistent with every grade, once known (None before that).
    """

    done: int
    total: int
    note: str = ""
    possible: int | None = None


def run(gen: Generator[Progress, None, Result]) -> Result:
    """Run a stepwise generator to the end and return what it returns (for tools and tests)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
