"""The Daily code: one secret a day for Classic, Super, Bulls and Cows, Words and Word marks
(game/core/daily.py: DAILIES), played once.

Screens: the daily choice (game/modes/daily/screens.py), the playing screen with DailyHooks
(hooks.py), the day's result with its share text (result.py), and the archive of past codes played
for fun (archive.py). Its statistics tab reads its attempts (book.py: one a day per preset,
streaks of days won); its high-score table is Daily.
"""

from __future__ import annotations

from game.core.daily import DAILIES, DAILY_PRESETS, daily_config, daily_day, seconds_until_next_daily
from game.modes.base import HelpPage, MenuEntry, Mode, StatsTab
from game.modes.daily.archive import ArchiveState
from game.modes.daily.book import DAILY_BOOK, SCORES_BOOK, DailyBook
from game.modes.daily.hooks import DAILY_HIGH_SCORES, DailyHooks, load_daily
from game.modes.daily.result import DailyResultState
from game.modes.daily.screens import DailyState
from game.screens.base import Context, go
from game.ui.daily_view import countdown_text

CONTROLS = (
    "Daily code: one code a day for Classic, Super, Bulls and Cows, Words and Word marks, the same for "
    "everyone; new codes come "
    "at midnight UTC (the Daily code screen counts down to them). One attempt a day at each: leave a "
    "game half-played and it is kept for that day (choose it again to go on); asking again once it "
    "is over shows that day's result. No New game, Solve or Hint; Reveal gives up once a row is "
    "played.\n"
    "The end screen shows the share text, copied to the clipboard: the date, the preset, guesses/"
    "turns (X if not cracked) and one line of marks per row (a filled dot for each black, a ring for "
    "each white, a small dot for each empty place) and no colours, so it spoils nothing. C copies "
    "it again. A win scores as a Classic or Super game would and may enter the Daily high scores; "
    "the streak counts days won in a row.\n"
    "The board plays as always: mouse or 1-9 and 0, arrows, Backspace, U to undo, Enter submits; "
    "Esc leaves, H or F1 shows this help, M turns the sound off or on."
)


def today_words(book: DailyBook, preset: str, day) -> str:
    """Today's state of `preset`'s daily code, in a few words."""
    result = book.result_on(preset, day)
    if result is None:
        return "in progress" if book.game_for(preset, day) is not None else "not played"
    return f"cracked in {len(result.grades)}" if book.won_on(preset, day) else "not cracked"


def figures(app: Context) -> tuple[list[tuple[str, str]], str]:
    """The Daily statistics tab: today's state per daily, then the streak and best streak of each one
    ever won (five dailies' three lines each would not fit a small window)."""
    book = load_daily(app)
    day = daily_day(app.now())
    rows: list[tuple[str, str]] = [(f"{preset} today", today_words(book, preset, day)) for preset in DAILIES]
    for preset in DAILIES:
        streak, best = book.streaks(preset, day)
        if best:
            rows += [(f"{preset} streak", str(streak)), (f"{preset} best streak", str(best))]
    wait = countdown_text(seconds_until_next_daily(app.now()))
    return rows, f"Streaks count days won in a row · next codes in {wait}"


def status(app: Context) -> str:
    """The Daily code card's lines on the title screen: each preset's state today, the countdown."""
    book = load_daily(app)
    day = daily_day(app.now())
    lines = []
    for preset in DAILY_PRESETS:  # the card has room for the presets' lines (the others: its screen)
        lines.append(f"{preset}: {today_words(book, preset, day)}")
    lines.append(f"Next codes in {hours_minutes(seconds_until_next_daily(app.now()))}")
    return "\n".join(lines)


def hours_minutes(seconds: float) -> str:
    """A wait in words a glance cannot misread as minutes and seconds: "6 h 59 min", "12 min"
    (whole minutes, rounded down, as a clock's minutes are)."""
    hours, minutes = divmod(int(seconds // 60), 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def kept_entries(app: Context) -> tuple[MenuEntry, ...]:
    """A Resume line for each daily game left half-played today."""
    day = daily_day(app.now())
    book = load_daily(app)
    entries = []
    for preset in DAILIES:
        record = book.game_for(preset, day)
        if record is not None:
            detail = f"today's code · turn {record.turn} of {record.config.turns}"
            route = go("new_game", mode="daily", config=daily_config(preset), preset=preset, day=day)
            entries.append(MenuEntry(f"Resume Daily {preset}", detail, route, "Resume"))
    return tuple(entries)


MODE = Mode(
    id="daily",
    title="Daily code",
    # the past codes (the archive, played for fun) are reached from the Daily code's own screen
    entries=(MenuEntry("Daily code", "one code a day for all", go("daily"), "Today", status=status),),
    screens={"daily": DailyState, "daily_result": DailyResultState, "daily_archive": ArchiveState},
    stats_tabs=(StatsTab("Daily", figures),),
    high_scores=(DAILY_HIGH_SCORES,),
    records=(DAILY_BOOK, SCORES_BOOK),
    help=HelpPage("daily", CONTROLS, tab="Daily"),
    kept_entries=kept_entries,
    # a new day's game, or today's taken up again (its rows are in the day's attempt): the preset and
    # day beside the config
    hooks=lambda config, preset, day: DailyHooks(preset, day),
)
