"""The two-player match's keeping and hooks: the kept match (MATCH_SAVE), the codemaker's secret entry
(MatchSecretHooks on the shared codemaker screen) and the breaker's round (MatchRoundHooks on the
playing screen). The screens of a match (game/modes/match/screens.py, scores.py) use them; see the
former's docstring for the order of a round and where a kept match resumes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from game.core.codes import Code
from game.core.match import Match, match_from_dict, match_to_dict
from game.core.records import DifficultyStats, GameEnd, GameResult
from game.core.state import Outcome
from game.play.record import GameRecord
from game.screens.base import Replace, Route, go, to_menu
from game.screens.holding import Decided, Holding, Kept, SaveCodec
from game.screens.maker_hooks import MakerHooks, MakerScreen
from game.screens.outcomes import LeaveChosen
from game.screens.play_hooks import PlayScreen, StandardHooks, confirm
from game.ui import breaker_view
from game.ui import palette as pal
from game.ui.layout import PlayLayout

ROUND_BUTTONS = ("submit", "clear", "undo", "reveal")
ROUND_PANEL_ITEMS = breaker_view.panel_items(ROUND_BUTTONS)


PHASES = ("maker", "breaker", "round")  # where a kept match resumes: see the module docstring


@dataclass(frozen=True)
class MatchSave:
    """A kept match: the match so far and where it stands (the round's code or record when set)."""

    match: Match
    phase: str = "maker"
    secret: Code | None = None
    round: GameRecord | None = None


def _decode(data: Any) -> MatchSave:
    if not isinstance(data, dict) or data.get("phase") not in PHASES or "match" not in data:
        raise ValueError(f"a kept match holds match and a phase ({', '.join(PHASES)})")
    match = match_from_dict(data["match"])
    if match.over:
        raise ValueError("the kept match is over")
    phase = data["phase"]
    if phase == "maker":
        if set(data) != {"match", "phase"}:
            raise ValueError("a match kept before the code is set holds only match and phase")
        return MatchSave(match)
    if phase == "breaker":
        if set(data) != {"match", "phase", "secret"}:
            raise ValueError("a match kept at the hand-over holds match, phase and secret")
        secret = match.rules.config.check_code(
            tuple(data["secret"]) if isinstance(data["secret"], list) else ()
        )
        return MatchSave(match, phase, secret)
    if set(data) != {"match", "phase", "round"}:
        raise ValueError("a match kept mid-round holds match, phase and round")
    record = GameRecord.from_dict(data["round"])
    if record.config != match.rules.config or record.over or record.game.secret is None:
        raise ValueError("the kept round does not fit its match")
    return MatchSave(match, phase, round=record)


def _encode(save: MatchSave) -> dict[str, Any]:
    data: dict[str, Any] = {"match": match_to_dict(save.match), "phase": save.phase}
    if save.phase == "breaker":
        data["secret"] = list(save.secret)
    elif save.phase == "round":
        data["round"] = save.round.to_dict()
    return data


def _describe(save: MatchSave) -> str:
    m = save.match
    return f"Two players: {' and '.join(m.rules.names)} · round {m.round_number} of {m.rules.rounds}"


def _resume(save: MatchSave) -> Route:
    if save.phase == "round":
        return go("play", record=save.round, hooks=MatchRoundHooks(save.match))
    return go("match_handover", match=save.match, secret=save.secret)


MATCH_SAVE = SaveCodec(version=1, encode=_encode, decode=_decode, describe=_describe, resume=_resume)


def kept_match(save: MatchSave, draft: Any = None) -> Kept:
    """The match as the session keeps it (journaled at once whenever the phase or the rounds change)."""
    progress = (len(save.match.results), save.phase, len(save.round.game.rows) if save.round else 0)
    return Kept("match", progress, draft, lambda: MATCH_SAVE.envelope("match", save))


def leave_question() -> Any:
    """Escape anywhere in a match: leave it kept, or abandon it."""
    return confirm(
        "Leave the match for the menu? It is kept: Resume in the menu takes it up again.",
        LeaveChosen(keep=True),
        yes="Leave (the match is kept)",
        no="Abandon the match",
        no_result=LeaveChosen(keep=False),
        focus="yes",
    )


# Two-player matches, one bucket. A match is not one player's game, so the bucket's fields mean:
# games = matches, wins = matches decided (the rest tied), best_score = the highest total a player
# reached, guesses_needed = rounds -> matches of that length. Streaks and times stay unused.
MATCH_KEY = "Two players"


def count_match(stats: DifficultyStats, result: GameResult) -> DifficultyStats:
    """The Two players bucket after one more match (WON: decided, LOST: a tie; guesses: its rounds)."""
    rounds = dict(stats.guesses_needed)
    rounds[result.guesses] = rounds.get(result.guesses, 0) + 1
    return replace(
        stats,
        games=stats.games + 1,
        wins=stats.wins + result.player_won,
        best_score=max(stats.best_score, result.points),
        guesses_needed=rounds,
    )


def match_decided(match: Match, key: Any) -> Decided:
    """A match played to its last round, counted once in the Two players tab (`key`: its last round's
    game, the same wherever the decision is seen)."""
    result = GameResult(
        match.rules.config,
        GameEnd.WON if match.winner() is not None else GameEnd.LOST,
        len(match.results),
        0.0,
        bucket=MATCH_KEY,
        points=max(match.totals),
        tally=count_match,
    )
    return Decided(key, None, result, slot="match", celebrate=False)


class MatchSecretHooks(MakerHooks):
    """The codemaker screen's secret entry, for the round's codemaker: the config is the match's."""

    choices = ("pegs", "colours", "duplicates", "strategy")  # rows for its four lines (no Shape to choose)
    fixed = True  # the match's code size is set in its setup

    def __init__(self, match: Match) -> None:
        self.match = match
        self.abandoned = False

    def title(self, state: MakerScreen) -> str:
        m = self.match
        return f"Round {m.round_number} of {m.rules.rounds} · {m.maker_name}, set your code"

    def start(self, state: MakerScreen) -> Any:
        return go("match_handover", match=self.match, secret=tuple(state.secret))

    def back(self, state: MakerScreen) -> Any:
        return leave_question()

    def pad_owner(self, state: MakerScreen) -> int:
        return self.match.maker  # the codemaker's pad sets the code

    def resume(self, state: MakerScreen, result: Any) -> Any:
        if isinstance(result, LeaveChosen):
            self.abandoned = not result.keep
            return to_menu()
        return None

    def holding(self, state: MakerScreen) -> Holding:
        """Kept at the look-away screen: a half-set secret is never kept (the breaker resumes it)."""
        if self.abandoned:
            return Holding(abandoned="match")
        return Holding(kept=kept_match(MatchSave(self.match)))

    def draw_choices(self, state: MakerScreen, surface: pygame.Surface, layout: Any, hit: Any) -> bool:
        """Where the codemaker screen has its choices: the round, the roles and the score so far."""
        m = self.match
        totals = m.totals
        names = m.rules.names
        lines = (
            f"{m.maker_name} makes the code; {m.breaker_name} is looking away",
            f"Score: {names[0]} {totals[0]} · {names[1]} {totals[1]}",
            f"One point per guess {m.breaker_name} needs; {m.rules.config.turns + 1} if not cracked",
            f"Drag colours onto the row, or press 1-{pal.KEY_LABELS[m.rules.config.colours - 1]}; "
            "R for a random code",
        )
        for i, (name, line) in enumerate(zip(layout.labels, lines, strict=True)):
            row = layout.labels[name].union(layout.controls[name])
            colour = pal.TEXT if i < 2 else pal.TEXT_DIM
            state.app.text.draw_in(
                surface, line, row.inflate(0, -round(row.h * 0.3)), colour, state.app.text.grown(30)
            )
        return True


class MatchRoundHooks(StandardHooks):
    """The breaker's turn: the normal playing screen, without Solve, Hint and New game."""

    help_screen = "match"
    mode = "match"
    shows_hud = False
    panel_items = ROUND_PANEL_ITEMS

    def __init__(self, match: Match) -> None:
        self.match = match

    def title(self, state: PlayScreen) -> str:
        m = self.match
        return f"Round {m.round_number} of {m.rules.rounds} · {m.breaker_name} breaks {m.maker_name}'s code"

    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> PlayLayout:
        c = state.config
        return PlayLayout(size, c.pegs, c.colours, c.turns, ROUND_PANEL_ITEMS, ROUND_BUTTONS)

    def reveal_question(self, state: PlayScreen) -> tuple[str, str]:
        m = self.match
        return f"Give up this round? {m.maker_name} scores {m.rules.config.turns + 1}.", "Give up"

    def leave(self, state: PlayScreen) -> Any:
        return leave_question()

    def pad_owner(self, state: PlayScreen) -> int:
        return self.match.breaker  # the breaker's pad plays the round; the codemaker's looks on

    def finished(self, state: PlayScreen) -> Any:
        record = state.run.record
        cracked = record.game.outcome is Outcome.WON
        return Replace(
            go("match_scores", match=self.match.record(record.guesses, cracked), round_record=record)
        )

    def holding(self, state: PlayScreen) -> Holding:
        run = state.run
        if run is None:
            return Holding()
        if not state.keep_on_exit and not run.game.over:
            return Holding(abandoned="match")
        if run.game.over:  # the round is played: the match goes on at the next look-away screen
            cracked = run.game.outcome is Outcome.WON
            after = self.match.record(run.record.guesses, cracked)
            if after.over:
                return Holding(decided=match_decided(after, run.record.game))
            return Holding(kept=kept_match(MatchSave(after)))
        save = MatchSave(self.match, "round", round=run.snapshot())
        return Holding(kept=kept_match(save, (tuple(run.draft), run.record.ruled_out)))
