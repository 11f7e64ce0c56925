"""One owner for a game's lifetime: kept games journaled as they are played, decided games recorded once.

The session (game/session.py) owns one Lifetime and hands it, every frame and whenever a screen
leaves, what each screen on the stack holds (game/screens/holding.py Holding). Promises, in the
spirit of a database that returns only once a transaction is on disk:
- a submitted row (Kept.rows changed) is written before the frame that shows it is drawn;
- the rest of a position (the half-built row: Kept.draft) is written at most DRAFT_DELAY_S later,
  and at once when the screen leaves or the app closes;
- a decided game (Decided) is recorded the frame it is decided, once, in one transaction of the
  store: the decided game (its game id unique), statistics, the mode's own records, its high-score
  entry (under the last initials used; signed later) and the spending of its kept slot, so a
  finished game is never offered for resume nor counted twice, whatever happens to the window;
- each kept game has a game id: a new one when a screen first keeps a game, the claimed one when it
  resumes a kept game (Store.claim_kept), so a decision spends exactly the game it decided;
- a slot is written, spent or abandoned only by the screen that owns it: the one whose game was
  last journaled there. A new game that has nothing to keep yet owns nothing, so leaving an empty
  game never deletes a kept one, and a kept game is replaced only once its replacement has
  something on it;
- nothing is lost to a database that stays busy past its timeout (another window or process
  holding it) or refuses a write (a full disk): the refused journal write or decision is kept in
  memory, said once in a notice, and tried again every RETRY_S and when the app closes, in the
  order it was made, until it is written. A retry writes the same game id, so a decision written
  twice is counted once; a later write of the same kept game replaces its refused one, and a
  decision or an abandon of a game forgets the refused writes of its kept slot (an abandon
  refused is itself kept and tried again).
Without a store (tests) nothing is written and nothing recorded on disk; outcomes still come back.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.records import GameEnd, stats_key
from game.screens.holding import Decided, Holding, Kept, RecordedOutcome

log = logging.getLogger(__name__)

DRAFT_DELAY_S = 1.0  # a half-built row is on disk this long after it changed, at the latest
REMEMBERED_DECISIONS = 32  # decisions recorded recently, so one is never recorded twice
RETRY_S = 2.0  # how often writes the database refused are tried again
RETRY_WAIT_S = 0.05  # how long such a retry waits for the database: a frame's moment, not the busy timeout
BUSY_NOTICE = "The records database is busy; what is played is kept and written once it is free."


@dataclass
class _Journal:
    owner: int  # id() of the screen whose game the slot holds
    game_id: str
    rows: int
    draft: Any
    due_s: float | None = None  # when the draft, changed since written, must be on disk
    pending: Kept | None = None


class Lifetime:
    """`owner` is what holds the store (the app): read at each write, so a store plugged in late counts."""

    def __init__(self, owner: Any) -> None:
        self.owner = owner
        self.time_s = 0.0
        self._journals: dict[str, _Journal] = {}
        # games whose screen left once they were over, by slot: the screen that decides them (Blitz's
        # end) spends that very game
        self._over: dict[str, str] = {}
        self._decided: deque[tuple[Any, RecordedOutcome]] = deque(maxlen=REMEMBERED_DECISIONS)
        # writes the database refused, by what they write (("kept" or "spent", slot, game id) or
        # ("decided", game id)), in the order they were made: tried again until written
        self._unwritten: dict[tuple[str, ...], Callable[[], Any]] = {}
        self._retry_at = 0.0
        self._told = False  # the busy notice was given for the refused writes now kept

    @property
    def store(self) -> Any:
        return self.owner.store

    # --- each frame, and as screens leave ------------------------------------------------------------
    def track(self, screen: Any, holding: Holding) -> RecordedOutcome | None:
        """Act on what `screen` holds now; the outcome when a decision was recorded this call."""
        owner = id(screen)
        if holding.kept is not None:
            self._journal(owner, holding.kept)
        if holding.abandoned is not None:
            self._spend(owner, holding.abandoned)
        if holding.decided is not None:
            return self._record(owner, holding.decided)
        return None

    def leave(self, screen: Any, holding: Holding) -> RecordedOutcome | None:
        """`screen` leaves the stack: whatever it still holds is written now, as it stands (the play
        time too, which the journal does not follow frame by frame)."""
        outcome = self.track(screen, holding)
        owner = id(screen)
        kept = holding.kept
        if kept is not None and kept.slot in self._journals and self._journals[kept.slot].owner == owner:
            self._journals[kept.slot].pending = kept
        for slot, journal in list(self._journals.items()):
            if journal.owner == owner:
                self._flush(slot, journal)
                del self._journals[slot]
                if kept is None and holding.abandoned != slot:
                    self._over[slot] = journal.game_id
        return outcome

    def update(self, dt: float) -> None:
        """Time passes: half-built rows that have waited DRAFT_DELAY_S are written."""
        self.time_s += dt
        for slot, journal in self._journals.items():
            if journal.due_s is not None and self.time_s >= journal.due_s:
                self._flush(slot, journal)
        if self._unwritten and self.time_s >= self._retry_at:
            self._retry(RETRY_WAIT_S)

    def close(self) -> None:
        for slot, journal in self._journals.items():
            self._flush(slot, journal)
        self._retry(None)  # the last chance: each waits the store's whole busy timeout
        if self._unwritten:
            log.error("%d writes the records database refused are lost with the app", len(self._unwritten))

    def outcome_of(self, key: Any) -> RecordedOutcome | None:
        """The recorded outcome of the decision `key` (a record or its game), if recorded."""
        for recorded, outcome in reversed(self._decided):
            if recorded is key or (outcome.record is not None and outcome.record is key):
                return outcome
        return None

    # --- inside --------------------------------------------------------------------------------------
    def _journal(self, owner: int, kept: Kept) -> None:
        journal = self._journals.get(kept.slot)
        if journal is None or journal.owner != owner:
            claimed = self.store.take_claim(kept.slot) if self.store is not None else None
            # a resumed game is written again at once; a new one has no rows on disk, so its first
            # row is written at once and its first pegs within DRAFT_DELAY_S, as any half-built row
            rows = -1 if claimed else 0
            journal = self._journals[kept.slot] = _Journal(owner, claimed or uuid.uuid4().hex, rows, None)
            self._over.pop(kept.slot, None)
        if kept.rows != journal.rows:
            journal.pending = kept
            self._flush(kept.slot, journal)  # a row the player saw accepted: on disk before it is drawn
        elif kept.draft != journal.draft:
            journal.pending = kept
            if journal.due_s is None:
                journal.due_s = self.time_s + DRAFT_DELAY_S

    def _flush(self, slot: str, journal: _Journal) -> None:
        kept, journal.pending, journal.due_s = journal.pending, None, None
        if kept is None:
            return
        journal.rows, journal.draft = kept.rows, kept.draft
        if self.store is None:
            return
        store, game_id = self.store, journal.game_id
        if kept.write is not None:
            write = kept.write
        elif kept.save is not None:
            save = kept.save()  # the position now, whenever it is written

            def write(store: Any) -> Any:
                return store.save_kept(slot, save, game_id)
        else:
            return

        def in_one_transaction() -> None:
            with store.transaction():
                write(store)

        self._write(("kept", slot, game_id), in_one_transaction)

    def _spend(self, owner: int, slot: str) -> None:
        journal = self._journals.get(slot)
        if journal is None or journal.owner != owner:
            return  # not this screen's to give up: a kept game of another screen stays
        del self._journals[slot]
        self._unwritten.pop(("kept", slot, journal.game_id), None)  # never written back after it
        store, game_id = self.store, journal.game_id
        if store is not None:

            def spend() -> None:
                with store.transaction():
                    store.drop_kept(slot, game_id=game_id)

            self._write(("spent", slot, game_id), spend)

    def _record(self, owner: int, decided: Decided) -> RecordedOutcome | None:
        if any(key is decided.key for key, _ in self._decided):
            return None
        journal = self._journals.get(decided.slot) if decided.slot is not None else None
        game_id = None
        if journal is not None and journal.owner == owner:
            game_id = journal.game_id
            del self._journals[decided.slot]
        elif decided.slot is not None:
            game_id = self._over.pop(decided.slot, None)
        for slot in [slot for slot, j in self._journals.items() if j.owner == owner]:
            del self._journals[slot]  # what the deciding screen kept is decided now: never written again
        outcome = self._write_outcome(decided, game_id)
        self._decided.append((decided.key, outcome))
        return outcome

    def _write(self, what: tuple[str, ...], write: Callable[[], Any]) -> None:
        """Run `write` (one transaction) after any refused before it; when the database refuses it
        (busy past its timeout, a full disk), keep it to try again, said once (module docstring)."""
        self._unwritten.pop(what, None)
        self._unwritten[what] = write
        if not self._retry(None) and not self._told:
            self.store.notice(BUSY_NOTICE)
            self._told = True

    def _retry(self, wait: float | None) -> bool:
        """Try the refused writes again, oldest first, each waiting at most `wait` seconds (None: the
        store's busy timeout); the first still refused and those after it wait for the next try.
        True when none is left."""
        self._retry_at = self.time_s + RETRY_S
        for what, write in list(self._unwritten.items()) if self.store is not None else ():
            try:
                with self.store.patience(wait):
                    write()
            except sqlite3.OperationalError as exc:
                log.warning("the records database refused a write (%s); kept to try again", exc)
                return False
            except sqlite3.Error as exc:  # refused for good (not busy): said, never tried forever
                self.store.notice(f"A game could not be recorded ({str(exc)[:60]}).")
            del self._unwritten[what]
        self._told = False
        return True

    def _write_outcome(self, decided: Decided, kept_id: str | None) -> RecordedOutcome:
        """The decision in one transaction (see the module docstring); a decision already recorded
        (in another window, or before a kill) changes nothing and gives no lines. One the database
        refuses is kept and tried again (its outcome `waiting` until it is written)."""
        store, record = self.store, decided.record
        if store is None:
            return RecordedOutcome(record, key=decided.key)
        game_id = kept_id or uuid.uuid4().hex
        if kept_id is not None:
            self._unwritten.pop(("kept", decided.slot, kept_id), None)  # the decision spends it
        outcome = RecordedOutcome(record, key=decided.key, waiting=True)

        def write() -> None:
            nonlocal outcome
            outcome = self._decide(decided, game_id, kept_id)
            for n, (key, _) in enumerate(self._decided):
                if key is decided.key:  # a retry's outcome replaces the refused one
                    self._decided[n] = (key, outcome)

        self._write(("decided", game_id), write)
        return outcome

    def _decide(self, decided: Decided, game_id: str, kept_id: str | None) -> RecordedOutcome:
        """The decision's one transaction (sqlite3.OperationalError when the database refuses it)."""
        store, result, record = self.store, decided.result, decided.record
        score_line = streak_line = ""
        points = best = streak = 0
        high_score = None
        key = (result.bucket or stats_key(result.config)) if result is not None else None
        try:
            with store.transaction():
                if not store.decide(game_id, key):
                    return RecordedOutcome(record, key=decided.key, recorded=False)
                chance = decided.high_score
                if chance is not None and chance.points:
                    day = store.clock().date().isoformat()
                    if store.enter_high_score(chance.table, chance.points, day, game_id) is not None:
                        high_score = (chance.table, chance.points)
                    points = points or chance.points
                if decided.write is not None:
                    decided.write(store)
                if result is not None:
                    before = store.load_stats().get(key)
                    book, points = store.count(result)
                    best = before.best_score if before is not None else 0
                    streak = book[key].current_streak
                if kept_id is not None:
                    store.drop_kept(decided.slot, game_id=kept_id)
        except ValueError:  # the mode's records refused it (the day decided in another window)
            return RecordedOutcome(record, key=decided.key, recorded=False)
        if points:
            score_line = f"Score {points:,}" + (" · new best!" if points > best else "")
        elif result is not None and result.end is GameEnd.WON:
            score_line = "No score: a hint was used"
        if streak > 1:
            streak_line = f"Streak {streak}"
        new_best = result is not None and bool(points) and points > best
        return RecordedOutcome(
            record, score_line, streak_line, high_score, points, new_best, streak, decided.key
        )
