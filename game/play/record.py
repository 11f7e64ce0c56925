"""GameRecord: what a game is and was, the single source for the result screen, statistics, score,
resume and the post-game analysis.

A record is a frozen value: the game state (config, secret, rows, outcome), who played each row,
the player's elapsed play time, whether the player was assisted (a hint count or suggestion), the
computer's label when it finished the game, the row being built (so a half-filled row survives
a resume) and the colours the player has ruled out (a note on the palette, kept with the game).
Runs (game/play/breaker.py, computer.py, handgrade.py) make new records as play goes on; nothing
else does, and only these methods call apply_move.

Its text form round-trips: GameRecord.from_dict(r.to_dict()) == r. from_dict checks every type and
raises RecordFormatError (a ValueError) with a message a person can act on: a count that is a bool,
a non-finite or negative time, a row owner that is not a player, moves that do not replay.

Invariants: len(played_by) == len(game.rows); elapsed_s is from 0 to records.MAX_PLAY_S (timed()
stops the clock there, from_dict refuses more); draft is () or holds
`pegs` entries, each None or a colour below `colours`; ruled_out is sorted, without repeats, each a
colour below `colours`; time is added only while the game is not over.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from game.core.codes import Code, CodeError, code_from_text, code_to_text
from game.core.config import ConfigError, GameConfig
from game.core.records import MAX_PLAY_S, GameEnd, GameResult, is_play_time
from game.core.state import (
    GameState,
    Guess,
    MoveError,
    Outcome,
    Reveal,
    apply_move,
    move_from_text,
    move_to_text,
)
from game.core.variants import VariantError, variant_from_fields

# 2: the config names its variant ("variant": "grid:2x3"); 1, still read, named a grid by "grid": "2x3"
# and a row by nothing (variants.variant_from_fields reads both)
RECORD_VERSION = 2
READ_VERSIONS = (1, 2)


class RecordFormatError(ValueError):
    """A record's text form that cannot be read; the message says which field and why."""


class Player(StrEnum):
    """Who played a row."""

    PLAYER = "player"  # the person at the screen, breaking the code
    COMPUTER = "computer"  # a strategy (Solve, watch mode, codemaker mode, hand grading)


def random_secret(config: GameConfig, rng) -> Code:
    """A secret drawn with `rng` (random.Random) that obeys the duplicates rule; a listed variant's
    (words) is an answer of its list, drawn by rank."""
    variant = config.variant
    if variant.listed:
        count = variant.legal_codes(config.colours, config.duplicates)
        return variant.secret_of_rank(config.colours, config.duplicates, rng.randrange(count))
    if config.duplicates:
        return tuple(rng.randrange(config.colours) for _ in range(config.pegs))
    return tuple(rng.sample(range(config.colours), config.pegs))


def format_play_time(seconds: float) -> str:
    """72.4 -> "1:12": whole seconds, rounded, so every screen shows the same time for one game."""
    whole = int(round(max(0.0, seconds)))
    minutes, secs = divmod(whole, 60)
    if minutes >= 60:
        hours, minutes = divmod(minutes, 60)
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


Draft = tuple[int | None, ...]


@dataclass(frozen=True)
class GameRecord:
    """A game in progress or finished, and who did what in it (see the module docstring)."""

    game: GameState
    played_by: tuple[Player, ...] = ()
    elapsed_s: float = 0.0
    assisted: bool = False
    solved_by: str | None = None
    draft: Draft = field(default=())
    ruled_out: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.played_by) != len(self.game.rows):
            raise RecordFormatError(
                f"played_by names {len(self.played_by)} rows but the game has {len(self.game.rows)}"
            )
        _check_seconds(self.elapsed_s)
        _check_draft(self.draft, self.game.config)
        _check_ruled_out(self.ruled_out, self.game.config)

    # --- starting ----------------------------------------------------------------------------
    @classmethod
    def new(cls, config: GameConfig, secret: Code | None) -> GameRecord:
        """A fresh game (`secret` None when nobody here knows it: hand grading)."""
        if secret is not None:
            secret = config.check_code(secret)
        return cls(GameState(config, secret))

    @classmethod
    def of_game(cls, game: GameState, by: Player = Player.PLAYER) -> GameRecord:
        """A record of a game whose rows so far were all played by `by` (a position set up by hand)."""
        return cls(game, (Player(by),) * len(game.rows))

    # --- what the screens read -----------------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self.game.config

    @property
    def outcome(self) -> Outcome:
        return self.game.outcome

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def guesses(self) -> int:
        return len(self.game.rows)

    @property
    def player_rows(self) -> int:
        return self.played_by.count(Player.PLAYER)

    @property
    def computer_rows(self) -> int:
        return self.played_by.count(Player.COMPUTER)

    @property
    def turn(self) -> int:
        """The turn to show, 1-based: the next row's while playing, the last row's once over."""
        rows = len(self.game.rows)
        return max(1, rows) if self.game.over else min(rows + 1, self.game.config.turns)

    @property
    def time_text(self) -> str:
        return format_play_time(self.elapsed_s)

    def end(self) -> GameEnd | None:
        """How the player's game ended for statistics, or None when it is not the player's to count:
        still going, graded by hand (no secret), or played by the computer from the first row."""
        game = self.game
        if game.secret is None or not game.over:
            return None
        if self.computer_rows:
            return GameEnd.SOLVED if self.player_rows else None
        if game.outcome is Outcome.WON:
            return GameEnd.WON
        if game.outcome is Outcome.LOST:
            return GameEnd.LOST
        return GameEnd.REVEALED

    def result(self) -> GameResult | None:
        """What statistics and the score read: the same time and guesses the result screen shows."""
        end = self.end()
        if end is None:
            return None
        assisted = self.assisted or end is GameEnd.SOLVED
        return GameResult(self.config, end, self.guesses, self.elapsed_s, assisted)

    @property
    def resumable(self) -> bool:
        """A game worth offering at the next start: the player's, not over, with something on it."""
        game = self.game
        started = bool(game.rows) or any(peg is not None for peg in self.draft)
        return game.secret is not None and not game.over and started and not self.computer_rows

    # --- new records (only these call apply_move) ----------------------------------------------------
    def played(self, code: Code, by: Player, feedback: Any = None) -> GameRecord:
        """The record after `by` plays `code` (with its hand grade when there is no secret)."""
        game = apply_move(self.game, Guess(tuple(code), feedback))
        return replace(self, game=game, played_by=self.played_by + (Player(by),), draft=())

    def revealed(self) -> GameRecord:
        return replace(self, game=apply_move(self.game, Reveal()), draft=())

    def without_last_row(self) -> GameRecord:
        """The last row taken back (hand grading's undo: a grade the player set, not the rules)."""
        if not self.game.rows:
            return self
        game = replace(self.game, rows=self.game.rows[:-1], outcome=Outcome.PLAYING)
        return replace(self, game=game, played_by=self.played_by[:-1])

    def timed(self, dt: float) -> GameRecord:
        """`dt` more seconds of play; a finished game's clock has stopped."""
        if self.game.over or dt <= 0 or self.elapsed_s >= MAX_PLAY_S:
            return self
        return replace(self, elapsed_s=min(self.elapsed_s + dt, MAX_PLAY_S))

    def with_draft(self, draft: Draft) -> GameRecord:
        return replace(self, draft=tuple(draft))

    def with_ruled_out(self, colour: int, ruled_out: bool) -> GameRecord:
        """The record with `colour` marked as ruled out (or no longer)."""
        marked = set(self.ruled_out) | {colour} if ruled_out else set(self.ruled_out) - {colour}
        return replace(self, ruled_out=tuple(sorted(marked)))

    def with_assist(self) -> GameRecord:
        return self if self.assisted else replace(self, assisted=True)

    def with_solver(self, label: str) -> GameRecord:
        return replace(self, solved_by=label)

    # --- text form ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        game = self.game
        moves = [move_to_text(Guess(r.guess, None if game.secret else r.feedback)) for r in game.rows]
        if game.outcome is Outcome.REVEALED:
            moves.append(move_to_text(Reveal()))
        c = game.config
        return {
            "version": RECORD_VERSION,
            "config": {
                "pegs": c.pegs,
                "colours": c.colours,
                "duplicates": c.duplicates,
                "difficulty": c.difficulty.value,
                "turns": c.turns,
                "variant": c.variant.text,  # its name and parameters: "row:4", "grid:2x3"
            },
            "secret": None if game.secret is None else code_to_text(game.secret),
            "moves": moves,
            "played_by": [p.value for p in self.played_by],
            "elapsed_s": self.elapsed_s,
            "assisted": self.assisted,
            "solved_by": self.solved_by,
            "draft": list(self.draft),
            "ruled_out": list(self.ruled_out),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Strict reading of to_dict()'s form; RecordFormatError names the first thing wrong."""
        if not isinstance(data, Mapping):
            raise RecordFormatError("a game record is a JSON object")
        version = _field(data, "version", int)
        if version not in READ_VERSIONS:
            raise RecordFormatError(f"a game record of version {version} cannot be read here")
        raw = _field(data, "config", Mapping)
        pegs = _field(raw, "pegs", int)
        try:
            variant = variant_from_fields(pegs, raw)
        except VariantError as exc:
            raise RecordFormatError(f"config: {exc}") from None
        try:
            config = GameConfig(
                pegs=pegs,
                colours=_field(raw, "colours", int),
                duplicates=_field(raw, "duplicates", bool),
                difficulty=_field(raw, "difficulty", str),
                turns=_field(raw, "turns", int),
                variant=variant,
            )
        except ConfigError as exc:
            raise RecordFormatError(f"config: {exc}") from None
        secret_text = data.get("secret")
        if secret_text is not None and not isinstance(secret_text, str):
            raise RecordFormatError(f"secret must be a code text or null, not {secret_text!r}")
        moves = _field(data, "moves", list)
        owners = _field(data, "played_by", list)
        if not all(isinstance(m, str) for m in moves):
            raise RecordFormatError("moves must be a list of move texts")
        names = {p.value for p in Player}
        if not all(isinstance(p, str) and p in names for p in owners):
            raise RecordFormatError(f"played_by holds only {sorted(names)}, not {owners!r}")
        players = tuple(Player(p) for p in owners)
        try:
            secret = (
                None
                if secret_text is None
                else config.check_code(code_from_text(secret_text, config.pegs, config.colours))
            )
            game = GameState(config, secret)
            for text in moves:
                game = apply_move(game, move_from_text(text))
        except (CodeError, MoveError) as exc:
            raise RecordFormatError(f"the moves do not replay: {exc}") from None
        elapsed = _field(data, "elapsed_s", float)
        assisted = _field(data, "assisted", bool)
        solved_by = data.get("solved_by")
        if solved_by is not None and not isinstance(solved_by, str):
            raise RecordFormatError(f"solved_by must be a strategy label or null, not {solved_by!r}")
        draft_raw = _field(data, "draft", list)
        draft = tuple(draft_raw)
        # a record written before colours could be ruled out has none
        ruled_out = tuple(_field(data, "ruled_out", list)) if "ruled_out" in data else ()
        return cls(game, players, elapsed, assisted, solved_by, draft, ruled_out)


def _field(data: Mapping, name: str, kind: type) -> Any:
    """data[name], checked to be a `kind` (a bool is never an int or a float here)."""
    if name not in data:
        raise RecordFormatError(f"the game record has no {name!r}")
    value = data[name]
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise RecordFormatError(f"{name} must be {kind.__name__}, not {value!r}")
    return value


def _check_seconds(seconds: Any) -> None:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise RecordFormatError(f"elapsed_s must be a finite number of seconds, not {seconds!r}")
    if seconds < 0:
        raise RecordFormatError(f"elapsed_s cannot be negative ({seconds!r})")
    if not is_play_time(seconds):  # a game's clock stops at 100 hours
        raise RecordFormatError(f"elapsed_s is at most {MAX_PLAY_S:.0f} seconds, not {seconds!r}")


def _check_draft(draft: Any, config: GameConfig) -> None:
    if draft == ():
        return
    if not isinstance(draft, tuple) or len(draft) != config.pegs:
        raise RecordFormatError(f"a draft row has {config.pegs} slots, not {draft!r}")
    for peg in draft:
        if peg is None:
            continue
        if isinstance(peg, bool) or not isinstance(peg, int) or not 0 <= peg < config.colours:
            raise RecordFormatError(f"a draft peg is a colour 0..{config.colours - 1} or empty, not {peg!r}")


def _check_ruled_out(ruled_out: Any, config: GameConfig) -> None:
    if not isinstance(ruled_out, tuple):
        raise RecordFormatError(f"ruled_out is a list of colours, not {ruled_out!r}")
    for colour in ruled_out:
        if isinstance(colour, bool) or not isinstance(colour, int) or not 0 <= colour < config.colours:
            raise RecordFormatError(f"a ruled-out colour is 0..{config.colours - 1}, not {colour!r}")
    if list(ruled_out) != sorted(set(ruled_out)):
        raise RecordFormatError(f"ruled_out lists each colour once, in order, not {list(ruled_out)!r}")
