"""Earlier versions' JSON files read into the records database: once, in one transaction, then kept.

The files: statistics.json, kept.json, game.json (the one saved game before kept games),
highscores.json, and each RecordBook's <name>.json (daily.json, blitz.json, deduce.json,
daily_scores.json: the modes declare them, and a book's `legacy` reads its old form into the store).
Each is read through storefiles' hardened path. All of them go in one transaction, each marked read
in meta (so it is never read twice, even if the renaming below is cut short; a file no RecordBook
declares yet waits for one); only then is each renamed <stem>.migrated.json (never deleted). A
file that cannot be trusted is named in a notice and renamed <stem>.corrupt.json; the rest still go in.
A database in memory (a read-only folder) reads them the same way and renames nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from .core.highscores import book_from_dict
from .core.records import checked_book, stats_key, stats_to_dict
from .play.record import GameRecord
from .storefiles import read_document, unwrap

MIGRATED = "migrated"


def legacy_kept(data: Any) -> tuple[str, dict[str, Any]]:
    """(slot, save) of an earlier version's game.json data (one saved game, maybe with the mode data
    of a duel, a two-player round or a Blitz run); the mode's codec checks the rest when read."""
    if not isinstance(data, Mapping):
        raise ValueError("the saved game is not an object")
    if "version" not in data and isinstance(data.get("moves"), list):  # written before records had one
        data = {"version": 1, "played_by": ["player"] * len(data["moves"]), "draft": [], **data}
        data.setdefault("elapsed_s", 0.0)
        data.setdefault("assisted", False)
    record = {key: value for key, value in data.items() if key != "mode"}
    mode = data.get("mode")
    kind = mode.get("kind") if isinstance(mode, Mapping) else None
    if kind == "duel":
        save = {"level": mode.get("level"), "player": record, "computer": mode.get("computer")}
        return "duel", {"mode": "duel", "version": 1, "data": save}
    if kind == "match":
        return "match", {
            "mode": "match",
            "version": 1,
            "data": {"match": mode.get("match"), "phase": "round", "round": record},
        }
    if kind == "blitz":
        return "blitz", {"mode": "blitz", "version": 1, "data": {"run": mode.get("run"), "code": record}}
    config = GameRecord.from_dict(record).config
    return f"classic:{stats_key(config)}", {"mode": "classic", "version": 1, "data": record}


def _statistics(store: Any, data: Any) -> None:
    for bucket, stats in checked_book(data, store.histogram).items():
        store.db.execute(
            "INSERT OR REPLACE INTO stats(bucket, data) VALUES (?, ?)",
            (bucket, json.dumps(stats_to_dict(stats))),
        )


def _kept(store: Any, data: Any) -> None:
    if not isinstance(data, Mapping) or not isinstance(data.get("games"), Mapping):
        raise ValueError("kept games are an object with games: slot -> save")
    for slot, save in data["games"].items():
        try:
            store.save_kept(slot, save)
        except (ValueError, TypeError, KeyError) as exc:
            store.set_aside("kept game", str(slot), save, str(exc))


def _game(store: Any, data: Any) -> None:
    slot, save = legacy_kept(data)
    if slot not in store.load_kept():
        store.save_kept(slot, save)


def _high_scores(store: Any, data: Any) -> None:
    for table, scores in book_from_dict(data, ()).items():
        for entry in scores.entries:
            store.db.execute(
                "INSERT INTO high_scores(tbl, initials, score, day) VALUES (?, ?, ?, ?)",
                (table, entry.initials, entry.score, entry.date),
            )


FILES = (
    ("statistics.json", "statistics", _statistics),
    ("kept.json", "kept games", _kept),
    ("game.json", "game", _game),
    ("highscores.json", "high scores", _high_scores),
)


def _book(book: Any):
    def take(store: Any, data: Any) -> None:
        if book.legacy is not None:
            book.legacy(store, data)
        else:
            value = book.decode(data)
            store.update_record(book, lambda _: value)

    return take


def migrate(store: Any) -> None:
    """Read every earlier file into `store`'s database once (see the module docstring)."""
    db = store.db
    done = {key for (key,) in db.execute("SELECT key FROM meta WHERE key LIKE 'migrated:%'")}
    readers = list(FILES) + [(f"{book.name}.json", book.name, _book(book)) for book in store.records]
    read, damaged = [], []
    try:
        with store.transaction():
            for name, kind, take in readers:
                path = store.directory / name
                if f"{MIGRATED}:{name}" in done:
                    continue
                try:
                    data = unwrap(read_document(path), kind, 1)
                except FileNotFoundError:
                    continue
                except (ValueError, OSError) as exc:
                    damaged.append((name, exc))
                    continue
                db.execute("SAVEPOINT one_file")  # a file refused halfway leaves none of its rows
                try:
                    take(store, data)
                    read.append(name)
                except (ValueError, TypeError, KeyError) as exc:
                    db.execute("ROLLBACK TO one_file")
                    damaged.append((name, exc))
                db.execute("RELEASE one_file")
            for name in read + [name for name, _ in damaged]:
                db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, '1')", (f"{MIGRATED}:{name}",))
    except Exception as exc:  # noqa: BLE001  (the database refused: the files stay as they are)
        store.notice(
            f"The records of an earlier version could not be read in ({str(exc)[:60]}); left as they are."
        )
        return
    if store._in_memory:
        return
    for name in read:
        _rename(store, name, "migrated")
    for name, exc in damaged:
        aside = _rename(store, name, "corrupt")
        store.notice(
            f"The earlier file {name} could not be read in ({str(exc)[:60]}); it is kept as {aside}."
        )


def _rename(store: Any, name: str, label: str) -> str:
    path = store.directory / name
    for n in range(1, 1000):
        aside = path.with_name(f"{path.stem}.{label}{'' if n == 1 else f'-{n}'}.json")
        if not os.path.lexists(aside):
            try:
                os.replace(path, aside)
            except OSError:
                return name
            return aside.name
    return name
