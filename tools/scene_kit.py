"""What the scenes of tools/scenes.py are made with: a fresh App per scene with its own store (a few
weeks of invented games and high scores, copied from one made once) and a fixed calendar, key events,
frames with an explicit dt, and games played to a given row."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import random
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app import App
from game.core.config import PRESETS, GameConfig
from game.core.highscores import HighScore
from game.core.records import GameEnd, GameResult
from game.core.variants import GridVariant
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant
from game.core.wordlists import word_code
from game.modes.classic.hooks import ClassicHooks
from game.play.record import GameRecord, Player
from game.screens.base import go
from game.store import Store

SHOT_DAY = (2026, 11, 23, 16, 47, 5)  # the calendar every scene sees (a fixed UTC time)
FRAME_S = 1 / 60
CONFIGS = {
    "2x2": GameConfig(2, 2),
    "4x6": GameConfig(4, 6),
    "5x8": GameConfig(5, 8),
    "6x9t": GameConfig(6, 9, difficulty="tight"),
    "8x10r": GameConfig(8, 10, difficulty="relaxed"),
    "g2x2": GameConfig(colours=6, variant=GridVariant(2, 2)),  # the grid puzzle's menu games
    "g3x3": GameConfig(colours=4, variant=GridVariant(3, 3)),
    # the games of symbols (the codemaker's and hand grading's scenes: a word, a number)
    "digits": GameConfig(variant=BullsAndCowsVariant()),
    "words": GameConfig(variant=WordVariant()),
    "word-marks": GameConfig(variant=WordMarksVariant()),
}
DEFAULT_CONFIG = "4x6"


def shot_now() -> dt.datetime:
    return dt.datetime(*SHOT_DAY, tzinfo=dt.UTC)


def sample_store() -> Store:
    """A store in a new temporary folder: a few weeks of invented games and a few high scores (a copy
    of one made once: writing forty games takes half a second)."""
    folder = Path(tempfile.mkdtemp(prefix="mastermind-shots-"))
    shutil.copytree(_sample_folder(), folder, dirs_exist_ok=True)
    return Store(folder)


@functools.cache
def _sample_folder() -> Path:
    store = Store(Path(tempfile.mkdtemp(prefix="mastermind-sample-")))
    rng = random.Random(5)
    for _ in range(40):
        config = rng.choice(PRESETS[:3]).config()
        won = rng.random() < 0.8
        guesses = min(config.turns, max(2, round(rng.gauss(config.pegs + 1.5, 1.2))))
        end = GameEnd.WON if won else GameEnd.LOST
        store.record(GameResult(config, end, guesses if won else config.turns, rng.uniform(40, 400)))
    for initials, points, day in (("ZED", 2400, 20), ("ANN", 1900, 21), ("BOB", 1700, 22), ("CAT", 900, 23)):
        store.add_high_score("Blitz", HighScore(initials, points, f"2026-11-{day}"))
    store.add_high_score("Classic", HighScore("MAX", 1350, "2026-11-19"))
    store.close()  # one database file to copy
    return store.directory


def new_app(size: tuple[int, int], settings: dict | None = None, store: bool = True) -> App:
    """A fresh app at `size` on the title screen, with a sample store and the fixed calendar."""
    look = {"symbols": True, "palette": "safe", **(settings or {})}
    app = App(size=size, seed=1, settings=look, store=sample_store() if store else None, now=shot_now)
    pygame.event.clear()
    return app


def key(k: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def press(app: App, *keys: int) -> None:
    for k in keys:
        app.step([key(k)], FRAME_S, draw=False)


def frames(app: App, seconds: float, dt: float = FRAME_S, until: Callable[[], bool] | None = None) -> None:
    for _ in range(max(1, round(seconds / dt))):
        if until is not None and until():
            return
        app.step([], dt, draw=False)


def settle(app: App) -> None:
    """Past the cross-fade of the last screen (the session's fade only: nothing else moves)."""
    for _ in range(6):
        app.session.update(0.1)


SHOT_WORD = "cloud"  # the secret of a word game's scenes (one of the answers)
# a word game's rows, all answers: closing in on CLOUD (PLANT one black, CHORD three, COULD two and
# three whites), then more than any board has rows, so a full board shows words too
SHOT_GUESS_WORDS = tuple("plant chord could crane light maybe shore dream tiger pound world".split())


def guesses(config: GameConfig, count: int, salt: int = 0) -> list[tuple[int, ...]]:
    """Varied, legal guesses that are not the secret (0, 1, 2, ...) shifted; in a word game, words
    of the answer list (SHOT_GUESS_WORDS, rotated by `salt`), as a player would type them."""
    if config.variant.listed:
        words = SHOT_GUESS_WORDS[salt:] + SHOT_GUESS_WORDS[:salt]
        return [word_code(word) for word in (words * (count // len(words) + 1))[:count]]
    out = []
    for k in range(count):
        code = tuple((k * 3 + i * (k + 1) + salt) % config.colours for i in range(config.pegs))
        if not config.duplicates:
            code = tuple((3 * k + salt + i) % config.colours for i in range(config.pegs))
        out.append(code)
    return out


def secret_for(config: GameConfig) -> tuple[int, ...]:
    if config.variant.listed:
        return word_code(SHOT_WORD)
    return tuple((config.colours - 1 - i) % config.colours for i in range(config.pegs))


def played(config: GameConfig, rows: int) -> GameRecord:
    """A game with `rows` rows played, some time on its clock (as a player's would have)."""
    record = GameRecord.new(config, secret_for(config))
    for code in guesses(config, rows):
        if code != record.game.secret and not record.over:
            record = record.played(code, Player.PLAYER)
    return dataclasses.replace(record, elapsed_s=40.0 + 17.0 * len(record.game.rows))


def playing(app: App, config: GameConfig, rows: int):
    app.apply(go("play", record=played(config, rows), hooks=ClassicHooks()))
    return app.state
