"""Whatever the game writes, it reads back unchanged (hypothesis): game records and saved games,
Blitz runs in progress and their statistics, high-score tables, daily results and games in
progress, statistics. Every value is made the way play makes it (moves applied, clocks ticked,
results recorded), written through a Store into a real folder and read by a fresh Store, whose
checks by meaning (times, dates, streaks) must believe it all: no notice, nothing moved aside."""

from __future__ import annotations

import datetime as dt
import json
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.blitz import BLITZ_CONFIG, new_blitz
from game.core.config import ConfigError, GameConfig
from game.core.daily import DAILY_PRESETS, daily_config, daily_secret
from game.core.highscores import HIGH_SCORE_MODES, LETTERS, MAX_SCORE, HighScore
from game.core.records import DUEL_KEY, GameEnd, GameResult
from game.core.variants import GRID_SHAPES, GridVariant
from game.modes.blitz.screens import BLITZ_SAVE, BlitzSave
from game.modes.registry import kept_games
from game.play.record import GameRecord, Player, random_secret
from game.screens.play_hooks import PLAIN_SAVE
from game.store import Store

NOW = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)


class StoreApp:
    """What kept_games() reads of an app: its store and the calendar."""

    def __init__(self, store) -> None:
        self.store = store

    def now(self) -> dt.datetime:
        return NOW
TODAY = NOW.date()
EXAMPLES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SECONDS = st.floats(min_value=0.0, max_value=1e12, allow_nan=False, allow_infinity=False)



def config_or_none(**choices) -> GameConfig | None:
    try:
        return GameConfig(**choices)
    except ConfigError:  # a mix the setup screen does not offer either
        return None


configs = st.one_of(
    st.builds(
        config_or_none,
        pegs=st.integers(2, 6),
        colours=st.integers(2, 10),
        duplicates=st.booleans(),
        difficulty=st.sampled_from(["relaxed", "classic", "tight"]),
    ),
    st.builds(
        config_or_none,
        colours=st.integers(2, 4),
        variant=st.sampled_from([GridVariant(*shape) for shape in GRID_SHAPES]),
    ),
).filter(lambda config: config is not None)


def fresh(directory: Path) -> Store:
    return Store(directory, clock=lambda: NOW)


@st.composite
def records(draw, config=None, secret=None, finish: bool | None = None) -> GameRecord:
    """A record as play makes it: rows by the player or the computer, time ticking between them,
    then maybe a reveal, a hint, the row being built and colours ruled out."""
    config = config if config is not None else draw(configs)
    rng = random.Random(draw(st.integers(0, 2**32)))
    secret = secret if secret is not None else random_secret(config, rng)
    record = GameRecord.new(config, secret)
    for _ in range(draw(st.integers(0, config.turns))):
        if record.over:
            break
        record = record.timed(draw(SECONDS))
        by = draw(st.sampled_from(list(Player)))
        record = record.played(random_secret(config, rng), by)
    if not record.over and draw(st.booleans()) and finish is not False:
        record = record.revealed()
    if finish is False and record.over:
        return draw(records(config, secret, finish))
    if draw(st.booleans()):
        record = record.with_assist()
    if draw(st.booleans()):
        record = record.with_solver(draw(st.text(max_size=20)))
    if not record.over and draw(st.booleans()):
        pegs = [draw(st.one_of(st.none(), st.integers(0, config.colours - 1))) for _ in range(config.pegs)]
        record = record.with_draft(tuple(pegs))
    for colour in draw(st.lists(st.integers(0, config.colours - 1), max_size=3)):
        record = record.with_ruled_out(colour, True)
    return record


@EXAMPLES
@given(records())
def test_store_roundtrip__a_game_record_reads_back_unchanged(record):
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record


@EXAMPLES
@given(records(finish=False).filter(lambda r: r.resumable))
def test_store_roundtrip__a_kept_game_reads_back_unchanged(record):
    with tempfile.TemporaryDirectory() as folder:
        assert fresh(Path(folder)).save_kept("classic:Classic", PLAIN_SAVE.envelope("classic", record))
        store = fresh(Path(folder))
        (kept,) = kept_games(StoreApp(store))
        assert kept.entry.route.args["record"] == record and store.take_notices() == []


@st.composite
def blitz_runs(draw):
    """A run as play makes it: the clock ticking, codes cracked in 1..10 guesses or missed."""
    run = new_blitz(draw(st.integers(-(2**63) + 1, 2**63 - 1)))
    for _ in range(draw(st.integers(0, 12))):
        if run.over:
            break
        step = draw(st.sampled_from(["tick", "crack", "miss"]))
        if step == "tick":
            run = run.tick(draw(st.floats(0.0, 400.0)))
        elif step == "crack":
            run = run.crack(draw(st.integers(1, BLITZ_CONFIG.turns)))
        else:
            run = run.miss()
    return run


@EXAMPLES
@given(st.lists(blitz_runs(), min_size=1, max_size=4), st.data())
def test_store_roundtrip__blitz_runs_and_their_statistics_read_back_unchanged(runs, data):
    with tempfile.TemporaryDirectory() as folder:
        store = fresh(Path(folder))
        for run in runs:
            if run.over:
                book = store.update_blitz(lambda b, run=run: b.finished(run))
            else:  # a run left: the run and its current code are kept
                record = data.draw(records(BLITZ_CONFIG, run.secret, finish=False))
                store.save_kept("blitz", BLITZ_SAVE.envelope("blitz", BlitzSave(run, record)))
                again = fresh(Path(folder))
                (kept,) = kept_games(StoreApp(again))
                hooks = kept.entry.route.args["hooks"]
                assert (hooks.run, kept.entry.route.args["record"]) == (run, record)
                assert again.take_notices() == []
        again = fresh(Path(folder))
        assert again.load_blitz() == store.load_blitz() and again.take_notices() == []
        if any(run.over for run in runs):
            assert again.load_blitz() == book


high_scores = st.builds(
    HighScore,
    initials=st.text(alphabet=LETTERS, min_size=3, max_size=3),
    score=st.integers(1, MAX_SCORE),
    date=st.dates(dt.date(2000, 1, 1), TODAY + dt.timedelta(days=1)).map(dt.date.isoformat),
)


@EXAMPLES
@given(st.lists(st.tuples(st.sampled_from(HIGH_SCORE_MODES), high_scores), max_size=25))
def test_store_roundtrip__high_score_tables_read_back_unchanged(entries):
    with tempfile.TemporaryDirectory() as folder:
        store = fresh(Path(folder))
        for mode, entry in entries:
            store.add_high_score(mode, entry)
        again = fresh(Path(folder))
        assert again.load_high_scores() == store.load_high_scores() and again.take_notices() == []


@EXAMPLES
@given(
    st.lists(
        st.tuples(st.sampled_from(DAILY_PRESETS), st.integers(1, 3), st.booleans(), st.integers(0, 2**32)),
        max_size=12,
    ),
    st.dates(dt.date(2020, 1, 1), TODAY - dt.timedelta(days=40)),
    st.data(),
)
def test_store_roundtrip__daily_results_and_games_in_progress_read_back_unchanged(plays, start, data):
    with tempfile.TemporaryDirectory() as folder:
        store = fresh(Path(folder))
        days = dict.fromkeys(DAILY_PRESETS, start)
        for preset, gap, finish, seed in plays:
            day = days[preset] = min(days[preset] + dt.timedelta(days=gap), TODAY + dt.timedelta(days=1))
            config, secret = daily_config(preset), daily_secret(day, preset)
            if finish and store.load_daily().can_play(preset, day):
                record = GameRecord.new(config, secret)
                rng = random.Random(seed)
                while not record.over:  # a player who may crack it, at random
                    guess = secret if rng.random() < 0.25 else random_secret(config, rng)
                    record = record.played(guess, Player.PLAYER)
                store.update_daily(lambda book, p=preset, d=day, r=record: book.finished(p, d, r))
            elif store.load_daily().can_play(preset, day):
                record = data.draw(records(config, secret, finish=False))
                store.update_daily(lambda book, p=preset, d=day, r=record: book.with_game(p, d, r))
        again = fresh(Path(folder))
        assert again.load_daily() == store.load_daily() and again.take_notices() == []


results = st.builds(
    lambda config, end, guesses, seconds, assisted, duel: GameResult(
        config,
        end,
        config.turns if end is GameEnd.LOST else min(guesses, config.turns),
        seconds,
        assisted,
        DUEL_KEY if duel else None,
    ),
    configs,
    st.sampled_from(list(GameEnd)),
    st.integers(1, 40),
    SECONDS,
    st.booleans(),
    st.booleans(),
)


@EXAMPLES
@given(st.lists(results, max_size=30))
def test_store_roundtrip__statistics_read_back_unchanged(games):
    with tempfile.TemporaryDirectory() as folder:
        store = fresh(Path(folder))
        for result in games:
            store.record(result)
        again = fresh(Path(folder))
        assert again.load_stats() == store.load_stats() and again.take_notices() == []
