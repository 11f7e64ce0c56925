"""Two players at one screen, scored as the board game is: a match of an even number of rounds.

Rules:
- Two named players play 2, 4 or 6 rounds (ROUND_CHOICES). They swap roles every round: in round 1
  the first player makes the code and the second breaks it, in round 2 the other way round, and so on,
  so each makes the code equally often.
- The codemaker scores one point per guess the breaker makes; if the breaker fails (the turns run
  out, or gives up, which counts as using every turn) the codemaker scores turns + 1.
- After the last round the higher total wins; equal totals are a tie.

Match is a frozen value: record(guesses, cracked) returns the match after the current round.
Players are numbered 0 and 1 (rules.names[i]).

API for a screen:
    MatchRules(names=("Ann", "Bob"), rounds=2, config=Classic)   MatchError on bad names or rounds
    Match(rules) or new_match(names, rounds, config)
    .round_number (1-based, the round being played), .over, .maker, .breaker (player indices),
    .maker_name, .breaker_name, .totals -> (int, int), .scoreboard -> tuple[ScoreRow, ...],
    .winner() -> 0, 1 or None for a tie (MatchError before the end)
    .record(guesses, cracked) -> Match
    round_points(config, guesses, cracked) -> int
    match_to_dict(match) / match_from_dict(data)   for resume; MatchError on damaged data
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .config import ConfigError, GameConfig, preset

ROUND_CHOICES: tuple[int, ...] = (2, 4, 6)
MAX_NAME_LENGTH = 12


class MatchError(ValueError):
    """A match setup or result that cannot be (bad names, odd rounds, a round after the end)."""


def _classic() -> GameConfig:
    return preset("Classic").config()


def _clean_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise MatchError(f"each player needs a name, not {name!r}")
    name = " ".join(name.split())
    if len(name) > MAX_NAME_LENGTH:
        raise MatchError(f"a name has at most {MAX_NAME_LENGTH} characters, {name!r} has {len(name)}")
    return name


@dataclass(frozen=True)
class MatchRules:
    """What is chosen in setup: the two names (trimmed, different), the rounds, the code's size."""

    names: tuple[str, str]
    rounds: int = 2
    config: GameConfig = field(default_factory=_classic)

    def __post_init__(self) -> None:
        if not isinstance(self.names, tuple | list) or len(self.names) != 2:
            raise MatchError("a match has exactly two players")
        names = (_clean_name(self.names[0]), _clean_name(self.names[1]))
        if names[0].casefold() == names[1].casefold():
            raise MatchError(f"the two players need different names (both are {names[0]!r})")
        object.__setattr__(self, "names", names)
        if isinstance(self.rounds, bool) or self.rounds not in ROUND_CHOICES:
            choices = ", ".join(map(str, ROUND_CHOICES))
            raise MatchError(f"a match has {choices} rounds, not {self.rounds!r}")
        if not isinstance(self.config, GameConfig):
            raise MatchError(f"a match is played with a GameConfig, not {self.config!r}")


def round_points(config: GameConfig, guesses: int, cracked: bool) -> int:
    """The codemaker's points for one round: the breaker's guesses, or turns + 1 if not cracked."""
    low = 1 if cracked else 0
    if isinstance(guesses, bool) or not isinstance(guesses, int) or not low <= guesses <= config.turns:
        raise MatchError(f"a round {'cracked' if cracked else 'lost'} takes {low} to {config.turns} guesses")
    return guesses if cracked else config.turns + 1


@dataclass(frozen=True)
class RoundResult:
    """One round played: the breaker's guesses, and whether they cracked it."""

    guesses: int
    cracked: bool


@dataclass(frozen=True)
class ScoreRow:
    """One line of the scoreboard: round (1-based), who made and broke, points, totals after it."""

    round: int
    maker: int
    breaker: int
    guesses: int
    cracked: bool
    points: int
    totals: tuple[int, int]


def maker_of_round(round_index: int) -> int:
    """The codemaker of round `round_index` (0-based): player 0 first, then alternately."""
    return round_index % 2


@dataclass(frozen=True)
class Match:
    rules: MatchRules
    results: tuple[RoundResult, ...] = ()

    @property
    def over(self) -> bool:
        return len(self.results) >= self.rules.rounds

    @property
    def round_number(self) -> int:
        """The round being played (1-based); rounds + 1 once the match is over."""
        return len(self.results) + 1

    @property
    def maker(self) -> int:
        return maker_of_round(len(self.results))

    @property
    def breaker(self) -> int:
        return 1 - self.maker

    @property
    def maker_name(self) -> str:
        return self.rules.names[self.maker]

    @property
    def breaker_name(self) -> str:
        return self.rules.names[self.breaker]

    @property
    def scoreboard(self) -> tuple[ScoreRow, ...]:
        rows = []
        totals = [0, 0]
        for index, result in enumerate(self.results):
            maker = maker_of_round(index)
            points = round_points(self.rules.config, result.guesses, result.cracked)
            totals[maker] += points
            rows.append(
                ScoreRow(
                    index + 1,
                    maker,
                    1 - maker,
                    result.guesses,
                    result.cracked,
                    points,
                    (totals[0], totals[1]),
                )
            )
        return tuple(rows)

    @property
    def totals(self) -> tuple[int, int]:
        board = self.scoreboard
        return board[-1].totals if board else (0, 0)

    def winner(self) -> int | None:
        """The player with more points at the end, or None for a tie."""
        if not self.over:
            raise MatchError(
                f"the match is in round {self.round_number} of {self.rules.rounds}: no winner yet"
            )
        first, second = self.totals
        if first == second:
            return None
        return 0 if first > second else 1

    def record(self, guesses: int, cracked: bool) -> Match:
        """The match after the current round ended with the breaker's `guesses` (cracked or not)."""
        if self.over:
            raise MatchError(f"all {self.rules.rounds} rounds have been played")
        if not isinstance(cracked, bool):
            raise MatchError(f"cracked is True or False, not {cracked!r}")
        round_points(self.rules.config, guesses, cracked)  # validates
        return Match(self.rules, self.results + (RoundResult(guesses, cracked),))


def new_match(names: tuple[str, str], rounds: int = 2, config: GameConfig | None = None) -> Match:
    return Match(MatchRules(tuple(names), rounds, config or _classic()))


def match_to_dict(match: Match) -> dict[str, Any]:
    """A JSON-ready dict; the config in GameConfig's own text form."""
    return {
        "names": list(match.rules.names),
        "rounds": match.rules.rounds,
        "config": match.rules.config.to_text(),
        "results": [[r.guesses, r.cracked] for r in match.results],
    }


def match_from_dict(data: Any) -> Match:
    """Inverse of match_to_dict(); MatchError on anything missing, mistyped or impossible."""
    if not isinstance(data, Mapping) or set(data) != {"names", "rounds", "config", "results"}:
        raise MatchError("a match is a JSON object with names, rounds, config and results")
    if not isinstance(data["config"], str):
        raise MatchError(f"a match's config is its text form, not {data['config']!r}")
    try:
        config = GameConfig.from_text(data["config"])
    except ConfigError as exc:
        raise MatchError(f"a match's config is damaged: {exc}") from None
    names = data["names"]
    if not isinstance(names, list):
        raise MatchError("names are a list of two")
    match = Match(MatchRules(tuple(names), data["rounds"], config))
    results = data["results"]
    if not isinstance(results, list):
        raise MatchError("results are a list of [guesses, cracked] pairs")
    for result in results:
        if not isinstance(result, list) or len(result) != 2:
            raise MatchError(f"a round's result is [guesses, cracked], not {result!r}")
        match = match.record(result[0], result[1])
    return match
