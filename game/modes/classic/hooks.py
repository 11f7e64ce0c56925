"""The plain game (a preset, Custom, a grid) on the playing screen: ClassicHooks and how it is kept.

ClassicHooks are a mode's hooks like any other (game/screens/play_protocol.py): the shared answers
come from StandardHooks (game/screens/play_hooks.py), the rest is composed in: the aids (AidKit,
aids.py: hints, the coach and hard mode, all three allowed, as the classic and grid modes declare)
and the ordinary keeping (keep_in_slot: kept while it has rows on it, decided into its statistics
bucket with a high-score chance).
A plain game is kept in the slot "classic:<statistics bucket>" ("classic:Super", "classic:Grid"),
so one per bucket, with PLAIN_SAVE: the record, half-built row included, and the aids it is played
with. Its aids stay with it: a kept game resumes with its own, whatever the settings say then; a
save without aids (written before there were any) resumes without. The aids go with the game to
Solve and to the result screen (`aids` in their routes), so a hard game the computer finishes is
counted as hard, and a coached one is named so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.config import GameConfig
from game.core.records import score_game, stats_key
from game.modes.classic.aids import AidKit
from game.play.aids import EVERY_AID, NO_AIDS, Aids
from game.play.coach import Coach
from game.play.record import GameRecord
from game.screens.base import Context, go
from game.screens.holding import Decided, HighScoreChance, Holding, SaveCodec
from game.screens.play_hooks import PlayScreen, StandardHooks, keep_in_slot, kept_record
from game.ui.board import Art
from game.ui.breaker_view import PANEL_ITEMS, hud_name
from game.ui.layout import PlayLayout


def slot_of(config: GameConfig) -> str:
    """Where a plain game of `config` is kept: one game per statistics bucket."""
    return f"classic:{stats_key(config)}"


@dataclass(frozen=True)
class KeptPlay:
    """A kept plain game: its record and the aids it is played with."""

    record: GameRecord
    aids: Aids = NO_AIDS


def encode_plain(kept: KeptPlay | GameRecord) -> dict[str, Any]:
    """The record's text form, with "aids" beside it when the game has any (a reader that does not
    know them reads the record alone)."""
    if isinstance(kept, GameRecord):
        kept = KeptPlay(kept)
    data = kept.record.to_dict()
    if kept.aids.any:
        data["aids"] = kept.aids.to_dict()
    return data


def decode_plain(data: Any) -> KeptPlay:
    record = kept_record(data)
    aids = Aids.from_dict(data["aids"]) if isinstance(data, Mapping) and "aids" in data else NO_AIDS
    return KeptPlay(record, aids)


def describe_plain(kept: KeptPlay) -> str:
    """ "Super · turn 4 of 13", "Super · hard mode · turn 4 of 13" for the menu's Resume line."""
    record, aids = kept.record, kept.aids
    label = f" · {aids.label}" if aids.any else ""
    return f"{hud_name(record.config)}{label} · turn {record.turn} of {record.config.turns}"


PLAIN_SAVE = SaveCodec(
    version=1,
    encode=encode_plain,
    decode=decode_plain,
    describe=describe_plain,
    resume=lambda kept: go("play", record=kept.record, hooks=ClassicHooks(kept.aids)),
)


class ClassicHooks(StandardHooks):
    """The plain game (see the module docstring): every aid allowed, every panel button shown."""

    mode = "classic"
    aids_allowed = EVERY_AID
    panel_items = PANEL_ITEMS

    def __init__(self, aids: Aids | None = None) -> None:
        self.aid_kit = AidKit(self.aids_allowed, aids)
        self._slot: str | None = None  # found as the game starts (asked every frame; the config is fixed)
        self._title: str | None = None  # likewise, once its aids are fixed

    @property
    def coach(self) -> Coach | None:
        """The coach, while a coached game goes on (None: not coached)."""
        return self.aid_kit.coach

    def aids(self, app: Context) -> Aids:
        """Fixed the first time it is asked (as the game starts): its own (a kept game's), else the
        settings' hard mode and coach."""
        return self.aid_kit.aids(app.settings.hard_mode, app.settings.coach)

    def entered(self, state: PlayScreen) -> None:
        self.aids(state.app)
        self.aid_kit.start(state.config)
        self.slot(state)

    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> PlayLayout:
        self.aids(state.app)
        return self.aid_kit.layout(size, state.config, self.panel_items)  # the coach's column, if any

    def title(self, state: PlayScreen) -> str:
        if self._title is None:
            label = self.aids(state.app).label
            self._title = f"{hud_name(state.config)} · {label}" if label else hud_name(state.config)
        return self._title

    def update(self, state: PlayScreen, dt: float) -> None:
        self.aid_kit.update(state.run)

    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayScreen, art: Art) -> None:
        """The coach's column, when the game is coached or hard (the HUD is the screen's own)."""
        self.aid_kit.draw(surface, layout, state.run, art)

    # --- what the session keeps and records ---------------------------------------------------------
    def slot(self, state: PlayScreen) -> str:
        if self._slot is None:
            self._slot = slot_of(state.config)
        return self._slot

    def save(self, state: PlayScreen) -> dict[str, Any]:
        return PLAIN_SAVE.envelope(self.mode, KeptPlay(state.run.snapshot(), self.aids(state.app)))

    def decided(self, state: PlayScreen) -> Decided:
        """Counted in its statistics bucket (a hard or coached game in its own), maybe a high score."""
        record = state.run.record
        result = record.result()
        if result is not None:
            result = self.aids(state.app).result(result)
        points = score_game(result) if result is not None else 0
        chance = HighScoreChance(stats_key(record.config), points) if points else None
        return Decided(record.game, record, result, chance, slot=self.slot(state))

    def holding(self, state: PlayScreen) -> Holding:
        return keep_in_slot(state, self.slot(state), self.save, self.decided)
