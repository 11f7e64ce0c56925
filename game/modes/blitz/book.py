"""What Blitz keeps of its own: the statistics of finished runs (BlitzBook, the store's record
"blitz"; a run in progress is a kept game like any other, BLITZ_SAVE). Strict on read:
blitz_file_from_dict raises BlitzBookError (a ValueError) naming the first thing wrong, and the
store sets a refused record aside. Best figures never exceed what the totals allow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.blitz import POINTS_PER_SPARE_TURN, BlitzSession, points_for
from game.screens.holding import RecordBook


class BlitzBookError(ValueError):
    """Stored Blitz statistics that cannot be trusted; the message says why."""


@dataclass(frozen=True)
class BlitzStats:
    """Finished Blitz runs: how many, the best score and most codes cracked in one, codes in all."""

    runs: int = 0
    best_score: int = 0
    best_cracked: int = 0
    total_cracked: int = 0

    def after(self, run: BlitzSession) -> BlitzStats:
        return BlitzStats(
            self.runs + 1,
            max(self.best_score, run.score),
            max(self.best_cracked, run.cracked),
            self.total_cracked + run.cracked,
        )


@dataclass(frozen=True)
class BlitzBook:
    """The statistics of finished runs (a run in progress is a kept game)."""

    stats: BlitzStats = BlitzStats()

    def finished(self, run: BlitzSession) -> BlitzBook:
        """The book after `run` ended: counted in the statistics."""
        return BlitzBook(self.stats.after(run))


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BlitzBookError(f"{name} must be a whole number of at least 0, not {value!r}")
    return value


def blitz_file_to_dict(book: BlitzBook) -> dict[str, Any]:
    s = book.stats
    return {
        "stats": {
            "runs": s.runs,
            "best_score": s.best_score,
            "best_cracked": s.best_cracked,
            "total_cracked": s.total_cracked,
        }
    }


def blitz_file_from_dict(data: Any) -> BlitzBook:
    """Inverse of blitz_file_to_dict(); BlitzBookError on anything damaged."""
    if not isinstance(data, Mapping) or set(data) != {"stats"}:
        raise BlitzBookError("Blitz results are an object with exactly stats")
    raw = data["stats"]
    names = ("runs", "best_score", "best_cracked", "total_cracked")
    if not isinstance(raw, Mapping) or set(raw) != set(names):
        raise BlitzBookError(f"Blitz statistics have exactly {', '.join(names)}")
    stats = BlitzStats(*(_whole(raw[name], name) for name in names))
    if stats.best_score % POINTS_PER_SPARE_TURN or stats.best_cracked > stats.total_cracked:
        raise BlitzBookError("Blitz statistics contradict themselves (best beyond the totals)")
    # the best score's run cracked at most the most codes any run did, each worth at most one guess's points
    if stats.best_score > stats.best_cracked * points_for(1):
        raise BlitzBookError(
            f"a best score of {stats.best_score} cannot come from {stats.best_cracked} codes"
        )
    if stats.runs == 0 and (stats.best_score or stats.total_cracked):
        raise BlitzBookError("Blitz statistics count codes cracked in no run")
    return BlitzBook(stats)


BLITZ_BOOK = RecordBook("blitz", blitz_file_from_dict, blitz_file_to_dict, BlitzBook)


def load_blitz(store: Any) -> BlitzBook:
    """Blitz's statistics as stored (none without a store)."""
    return store.load_record(BLITZ_BOOK) if store is not None else BlitzBook()
