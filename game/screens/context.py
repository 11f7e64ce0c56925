"""The parts of a screen's context that are not the program's own values: the sound and the session.

A screen and a mode's callbacks get a Context (game/screens/base.py), never the App: the App is one
(game/app.py), a test may hand another. Context names its parts by the types that exist below the
screens (Settings, the store, the text and peg art); the two parts whose owners stand above the
screens (the App's sound engine, game/session.py's Session) are named here by what a screen may ask
of them, so nothing under game/screens or game/modes imports the app or the session.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.core.config import GameConfig
from game.core.records import DifficultyStats
from game.play.record import GameRecord
from game.screens.holding import RecordedOutcome
from game.ui.notices import NoticeBoard
from game.ui.particles import ParticleField


class SoundPlayer(Protocol):
    """The sound as screens use it: an effect by name (game/ui/sound.py names them)."""

    def play(self, name: str) -> None: ...


class SessionView(Protocol):
    """What a screen may ask of the session (game/session.py) beyond its own lifetime: what a decided
    game's recording gave, statistics, the settings changed and written, the end-of-game effects."""

    notices: NoticeBoard
    particles: ParticleField

    def outcome_of(self, key: Any) -> RecordedOutcome | None:
        """The recorded outcome of the decision `key` (a record or its game), if recorded."""
        ...

    def stats_of(self, config: GameConfig, bucket: str | None = None) -> DifficultyStats | None: ...

    def note_played(self, config: GameConfig) -> None: ...

    def change_settings(self, **values: Any) -> None: ...

    def persist_settings(self) -> bool: ...

    def celebrate(self, record: GameRecord, area: pygame.Rect | None, kind: str = "best") -> None: ...


__all__ = ["SessionView", "SoundPlayer"]
