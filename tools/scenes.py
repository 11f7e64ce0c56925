"""Every screen and overlay of the game, reached through the real app: the scenes tools/screenshots.py
draws and tests/screens/test_text_sizes.py measures.

A scene is a function (app, config) that puts a fresh App into one screen the way a player gets
there: real states entered through the app's routes and transitions, real key events, frames with an
explicit dt. Every app a scene gets has its own store in a new temporary folder, filled with a few
weeks of invented games and high scores (`sample_store`), and a fixed calendar (SHOT_DAY), so the
menu's bests, the statistics and the Daily code show what a player who has played a while sees.

SCENES maps a name to (function, takes_config); SHEET lists what `--sheet` draws: each scene once,
the board scenes at a few sizes of game too.
"""

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
from game.core.config import PRESETS, GameConfig, preset
from game.core.highscores import HighScore
from game.core.records import GameEnd, GameResult
from game.core.state import Guess, Reveal, apply_move
from game.play.record import GameRecord, Player
from game.screens.base import Push, go
from game.store import Store

SHOT_DAY = (2026, 11, 23, 16, 47, 5)  # the calendar every scene sees (a fixed UTC time)
FRAME_S = 1 / 60
CONFIGS = {
    "2x2": GameConfig(2, 2),
    "4x6": GameConfig(4, 6),
    "5x8": GameConfig(5, 8),
    "6x9t": GameConfig(6, 9, difficulty="tight"),
    "8x10r": GameConfig(8, 10, difficulty="relaxed"),
    "g2x2": GameConfig(colours=6, grid=(2, 2)),  # the grid puzzle's menu games
    "g3x3": GameConfig(colours=4, grid=(3, 3)),
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


def guesses(config: GameConfig, count: int, salt: int = 0) -> list[tuple[int, ...]]:
    """Varied, legal guesses that are not the secret (0, 1, 2, ...) shifted."""
    out = []
    for k in range(count):
        code = tuple((k * 3 + i * (k + 1) + salt) % config.colours for i in range(config.pegs))
        if not config.duplicates:
            code = tuple((k + i) % config.colours for i in range(config.pegs))
        out.append(code)
    return out


def secret_for(config: GameConfig) -> tuple[int, ...]:
    return tuple((config.colours - 1 - i) % config.colours for i in range(config.pegs))


def played(config: GameConfig, rows: int) -> GameRecord:
    """A game with `rows` rows played, some time on its clock (as a player's would have)."""
    record = GameRecord.new(config, secret_for(config))
    for code in guesses(config, rows):
        if code != record.game.secret and not record.over:
            record = record.played(code, Player.PLAYER)
    return dataclasses.replace(record, elapsed_s=40.0 + 17.0 * len(record.game.rows))


def playing(app: App, config: GameConfig, rows: int):
    app.apply(go("play", record=played(config, rows)))
    return app.state


# --- the title screen and what hangs off it -----------------------------------------------------------
def menu(app: App, config: GameConfig) -> None:
    frames(app, 1.0)


def menu_resume(app: App, config: GameConfig) -> None:
    """Two kept games: the strip of Resume lines on top."""
    for cfg in (config, preset("Super").config()):
        state = playing(app, cfg, 2)
        app.step([], FRAME_S, draw=False)
        app.apply(go("menu"))
        del state
    frames(app, 0.5)


def menu_more(app: App, config: GameConfig) -> None:
    app.apply(go("menu", focus="Deduce"))
    frames(app, 0.5)


def settings(app: App, config: GameConfig) -> None:
    app.apply(Push(go("settings")))


def statistics(app: App, config: GameConfig) -> None:
    app.apply(Push(go("stats", selected="Classic")))


def high_scores(app: App, config: GameConfig) -> None:
    app.apply(Push(go("high_scores", mode="Blitz")))


def help_page(page: str, screen: str = "playing") -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        playing(app, config, 2)
        app.apply(Push(go("help", page=page, screen=screen)))

    return build


def attract(app: App, config: GameConfig) -> None:
    app.apply(Push(go("attract")))
    demo = app.state
    for _ in range(3000):  # play on until the third row's grade is popping in
        demo.update(FRAME_S)
        if len(demo.run.game.rows) >= 3 and demo.run.phase.value == "grading":
            break


def attract_page(page: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        app.apply(Push(go("attract")))
        app.state._show_scores()
        if page == "title":
            app.state.phase = "title"

    return build


def setup(app: App, config: GameConfig) -> None:
    app.apply(go("setup", config=config))


def notice(app: App, config: GameConfig) -> None:
    playing(app, config, 1)
    app.session.notices.show(
        "The statistics file is damaged (not valid JSON); it was moved to statistics.corrupt-1.json "
        "and the game uses defaults."
    )
    app.session.notices.show("Sound off (M turns it back on)")


def menu_muted(app: App, config: GameConfig) -> None:
    frames(app, 0.3)
    press(app, pygame.K_m)


# --- a game in progress ---------------------------------------------------------------------------------
def playing_rows(rows: int | None) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        playing(app, config, config.turns - 1 if rows is None else min(rows, config.turns - 1))

    return build


def playing_mid(app: App, config: GameConfig) -> None:
    state = playing(app, config, min(3, config.turns - 1))
    state.run.draft = [0, None] + [1] * (config.pegs - 2) if config.pegs > 2 else [0, None]
    state.run.cursor = 1
    state.run.selected = 1


def playing_drag(app: App, config: GameConfig) -> None:
    from game.play.drag import Drag, DragSource

    state = playing(app, config, 1)
    layout = state.layout()
    target = layout.slot_rect(1, config.pegs - 1)
    pos = (target.centerx + target.w // 3, target.centery - target.h // 3)
    state.run.drag = Drag(
        config.colours - 1, DragSource.PALETTE, layout.palette_rect(0).center, pos, moved=True
    )
    state.mouse = pos


def playing_grading(app: App, config: GameConfig) -> None:
    state = playing(app, config, 1)
    state.run.draft = list(reversed(state.game.secret))
    state.run.submit()
    frames(app, 0.4)


def confirm(question: str, yes: str, no: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        playing(app, config, 2)
        app.apply(Push(go("confirm", question=question, result=None, yes=yes, no=no, focus="yes")))

    return build


def hint(app: App, config: GameConfig) -> None:
    state = playing(app, config, 2)
    app.apply(Push(go("hint", game=state.game)))
    overlay = app.state
    overlay.pump.finish()
    overlay.show_guess = True


def win_flash(app: App, config: GameConfig) -> None:
    """The winning row submitted: its flash, the shield opening."""
    state = playing(app, config, 2)
    state.run.draft = list(state.game.secret)
    app.step([key(pygame.K_RETURN)], FRAME_S, draw=False)
    frames(app, 6.0, until=lambda: state.run.shield_progress > 0.4)


def finished(game, seconds: float) -> GameRecord:
    return GameRecord(game, (Player.PLAYER,) * len(game.rows), seconds)


def result(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        record = played(config, 2 if kind != "lost" else config.turns)
        game = record.game
        if kind == "won" and not game.over:
            game = apply_move(game, Guess(game.secret))
        elif kind == "revealed" and not game.over:
            game = apply_move(game, Reveal())
        app.apply(go("result", record=finished(game, 95.0)))
        frames(app, 8.0, until=lambda: app.state.is_overlay)

    return build


def win_sequence(seconds: float) -> Callable[[App, GameConfig], None]:
    """A win played for real, `seconds` after the winning row went in (the result screen's beats)."""

    def build(app: App, config: GameConfig) -> None:
        state = playing(app, config, 2)
        state.run.draft = list(state.game.secret)
        app.step([key(pygame.K_RETURN)], FRAME_S, draw=False)
        frames(app, seconds)

    return build


def analysis(app: App, config: GameConfig) -> None:
    record = played(config, 2)
    game = apply_move(record.game, Guess(record.game.secret)) if not record.over else record.game
    app.apply(go("result", record=finished(game, 83.0)))
    app.apply(Push(go("analysis", record=app.state.record)))
    frames(app, 30.0, dt=0.1, until=lambda: getattr(app.state, "result", None) is not None)


# --- the computer at work -----------------------------------------------------------------------------
def solving(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from game.core.state import new_game
        from game.play.computer import Phase

        game = new_game(config, secret_for(config))
        if kind == "thinking":
            app.apply(go("solve", start=game, budget_ms=0.0))
        else:
            app.apply(go("solve", start=game, strategy="knuth" if config.code_count < 10**6 else None))
        state = app.state
        for _ in range(20_000):
            app.step([], FRAME_S, draw=False)
            run = state.run
            if kind == "thinking" and run.game.rows and run.show_progress_bar and run.progress_fraction > 0.3:
                break
            if kind == "mid" and len(run.game.rows) >= 2 and run.phase is Phase.GRADING:
                break

    return build


def solving_after_rows(app: App, config: GameConfig) -> None:
    """Solve pressed after two rows of the player's: the computer's finish (the header names the preset)."""
    playing(app, config, 2)
    press(app, pygame.K_s)
    frames(app, 60.0, dt=1 / 30, until=lambda: app.state.__class__.__name__ == "ResultState")
    frames(app, 6.0, until=lambda: app.state.is_overlay)


def codemaker(mode: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from game.play.drag import Drag, DragSource

        app.apply(go("codemaker", mode=mode, config=config))
        state = app.state
        if mode == "make":
            secret = secret_for(config)
            state.secret = [c if i % 3 != 2 else None for i, c in enumerate(secret)]
            target = state.layout().secret_slot_rect(2)
            held = (target.centerx - target.w // 3, target.centery + target.h // 3)
            state.drag = Drag(1, DragSource.PALETTE, held, held, moved=True)

    return build


def handgrade(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from itertools import product

        from game.core.analysis import check_grade
        from game.core.variant import GradeError

        app.apply(
            go("handgrade", config=config, strategy="knuth" if config.code_count < 10**6 else "entropy")
        )
        run = app.state.run
        run.finish_pending()
        variant, secret = config.variant, secret_for(config)

        def grade_with(grade) -> None:
            for kind_, count in zip(variant.kinds, grade, strict=True):
                run.set_count(kind_, count)
            run.confirm()
            run.finish_pending()

        for _ in range(2 if kind == "refused" else config.turns):
            if run.over:
                break
            grade_with(variant.score(run.guess, secret))
        if kind == "refused" and not run.over:
            for numbers in product(range(config.pegs + 1), repeat=len(variant.kinds)):
                try:
                    grade = variant.check_grade(numbers)
                except GradeError:
                    continue
                conflict = check_grade(config, run.game.history, run.guess, grade).conflict
                if conflict is not None and conflict.rows:
                    grade_with(grade)
                    break

    return build


# --- the Daily code, Blitz, Deduce --------------------------------------------------------------------
def play_out(app: App, state, config: GameConfig) -> None:
    for code in [c for c in guesses(config, 3, salt=1) if c != state.run.game.secret]:
        if not state.run.game.over:
            state.run.record = state.run.record.played(code, Player.PLAYER)
    state.run.record = state.run.record.played(state.run.game.secret, Player.PLAYER)
    frames(app, 10.0, dt=0.1, until=lambda: app.state is not state and not app.state.is_overlay)


def daily(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from game.modes.daily.screens import open_daily

        if kind == "choice":
            app.apply(go("daily"))
            return
        app.apply(open_daily(app, "Classic"))
        if kind == "playing":
            state = app.state
            for code in guesses(state.config, 2, salt=1):
                state.run.record = state.run.record.played(code, Player.PLAYER)
            return
        play_out(app, app.state, app.state.config)
        frames(app, 8.0, dt=0.1, until=lambda: app.state.is_overlay)
        if app.state.is_overlay:  # the initials: skipped
            press(app, pygame.K_ESCAPE)
        if kind == "refused":
            app.apply(open_daily(app, "Classic"))

    return build


def blitz(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from game.core.blitz import new_blitz

        if kind == "end":
            run = new_blitz(7).crack(3).crack(5).miss().tick(240.0)
            app.apply(go("blitz_result", run=run))
            frames(app, 8.0, until=lambda: app.state.is_overlay)
            if app.state.is_overlay:  # the initials: skipped, the card is the scene
                press(app, pygame.K_ESCAPE)
            return
        app.apply(go("blitz"))
        state = app.state
        app.step([], 0.0, draw=False)
        for code in guesses(state.config, 2, salt=2):
            if code != state.run.game.secret:
                state.run.record = state.run.record.played(code, Player.PLAYER)
        frames(app, 400.0, dt=0.1, until=lambda: state.hooks.run.time_left_s <= 6.3)

    return build


def deduce(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from game.core.deduce import practice_puzzle
        from game.modes.deduce.hooks import start_record

        if kind == "choice":
            app.apply(go("deduce"))
            return
        if kind == "deal":
            app.apply(go("deduce_deal", level="6x9", number=3))
            app.step([], FRAME_S, draw=False)
            return
        puzzle = practice_puzzle("4x6", 0)
        app.apply(go("deduce_deal", level="4x6", number=0))
        frames(app, 20.0, until=lambda: app.state.__class__.__name__ == "PlayingState")
        state = app.state
        if kind == "playing":
            state.run.draft = [0, 1, None, None]
            return
        record = start_record(puzzle)
        for code in ((0, 0, 0, 0), puzzle.secret):
            record = record.played(code, Player.PLAYER)
        state.run.record = record
        frames(app, 10.0, until=lambda: app.state is not state)
        frames(app, 8.0, until=lambda: app.state.is_overlay)
        if app.state.is_overlay:  # the initials: skipped, the card is the scene
            press(app, pygame.K_ESCAPE)

    return build


# --- the duel and two players -------------------------------------------------------------------------
def duel(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from game.core.duel import DuelRules, level_named

        if kind == "setup":
            app.apply(go("duel_setup"))
            return
        from game.modes.duel.hooks import DuelHooks

        rules = DuelRules(preset("Classic").config(), level_named("Expert"))
        app.apply(go("play", config=rules.config, secret=(2, 3, 4, 5), hooks=DuelHooks(rules)))
        state = app.state
        for turn, code in enumerate(((0, 0, 1, 1), (2, 2, 3, 3), (2, 3, 0, 4)), start=1):
            for colour in code:
                app.step([key(pygame.K_1 + colour)], FRAME_S, draw=False)
            app.step([key(pygame.K_RETURN)], FRAME_S, draw=False)
            frames(
                app,
                20.0,
                dt=1 / 30,
                until=lambda t=turn: (
                    len(state.hooks.computer.game.rows) >= t and not state.hooks.refuse("submit", state)
                ),
            )
        if kind == "end":
            for colour in (2, 3, 4, 5):
                app.step([key(pygame.K_1 + colour)], FRAME_S, draw=False)
            app.step([key(pygame.K_RETURN)], FRAME_S, draw=False)
            frames(app, 20.0, dt=1 / 30, until=lambda: app.state is not state)

    return build


def match(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from game.core.match import new_match

        game = new_match(("Ann", "Bob"), 4)
        if kind == "setup":
            app.apply(go("match_setup"))
            for k, ch in ((pygame.K_a, "A"), (pygame.K_n, "n"), (pygame.K_n, "n"), (pygame.K_TAB, "")):
                app.step([key(k, ch)], FRAME_S, draw=False)
        elif kind == "look-away":
            app.apply(go("match_handover", match=game))
        elif kind == "secret":
            app.apply(go("match_handover", match=game))
            press(app, pygame.K_RETURN)
            press(app, pygame.K_2, pygame.K_6)
        else:
            results = ((5, True), (7, False), (3, True), (4, True))
            for guesses_, cracked in results[: 2 if kind == "scoreboard" else 4]:
                game = game.record(guesses_, cracked)
            app.apply(
                go("match_scores", match=game, round_record=GameRecord.new(game.rules.config, (5, 5, 0, 1)))
            )

    return build


SCENES: dict[str, tuple[Callable[[App, GameConfig], None], bool]] = {
    "menu": (menu, False),
    "menu-resume": (menu_resume, False),
    "menu-more": (menu_more, False),
    "menu-muted": (menu_muted, False),
    "attract": (attract, False),
    "attract-scores": (attract_page("scores"), False),
    "attract-title": (attract_page("title"), False),
    "settings": (settings, False),
    "statistics": (statistics, False),
    "high-scores": (high_scores, False),
    "help-rules": (help_page("Rules"), True),
    "help-controls": (help_page("Controls"), True),
    "help-grid": (help_page("Grid"), True),
    "setup": (setup, True),
    "notice": (notice, True),
    "playing-empty": (playing_rows(0), True),
    "playing-mid": (playing_mid, True),
    "playing-full": (playing_rows(None), True),
    "playing-drag": (playing_drag, True),
    "playing-grading": (playing_grading, True),
    "confirm-reveal": (confirm("Reveal the secret and end this game?", "Reveal", "Keep playing"), True),
    "confirm-leave": (
        confirm(
            "Leave this game for the menu? It is kept: Resume in the menu takes it up again.",
            "Leave (your game is kept)",
            "Abandon",
        ),
        True,
    ),
    "hint": (hint, True),
    "win-flash": (win_flash, True),
    "win-counting": (win_sequence(2.2), True),
    "win-celebration": (win_sequence(3.4), True),
    "win-initials": (win_sequence(7.0), True),
    "result-won": (result("won"), True),
    "result-lost": (result("lost"), True),
    "result-revealed": (result("revealed"), True),
    "analysis": (analysis, True),
    "solving-mid": (solving("mid"), True),
    "solving-thinking": (solving("thinking"), True),
    "solving-after-rows": (solving_after_rows, True),
    "codemaker-make": (codemaker("make"), True),
    "codemaker-grade": (codemaker("grade"), True),
    "codemaker-watch": (codemaker("watch"), True),
    "handgrade-refused": (handgrade("refused"), True),
    "handgrade-ended": (handgrade("ended"), True),
    "daily-choice": (daily("choice"), False),
    "daily-playing": (daily("playing"), False),
    "daily-end": (daily("end"), False),
    "daily-refused": (daily("refused"), False),
    "blitz-urgent": (blitz("urgent"), False),
    "blitz-end": (blitz("end"), False),
    "deduce-choice": (deduce("choice"), False),
    "deduce-deal": (deduce("deal"), False),
    "deduce-playing": (deduce("playing"), False),
    "deduce-end": (deduce("end"), False),
    "duel-setup": (duel("setup"), False),
    "duel-mid": (duel("mid"), False),
    "duel-end": (duel("end"), False),
    "match-setup": (match("setup"), False),
    "look-away": (match("look-away"), False),
    "match-secret": (match("secret"), False),
    "scoreboard": (match("scoreboard"), False),
    "scoreboard-final": (match("final"), False),
}
EXTRA_CONFIGS = {  # board scenes drawn at more sizes of game on the sheet
    "playing-mid": ("2x2", "5x8", "6x9t", "8x10r", "g2x2", "g3x3"),
    "result-won": ("8x10r", "g3x3"),
    "solving-mid": ("6x9t", "g3x3"),
    "codemaker-make": ("8x10r", "g3x3"),
    "setup": ("g3x3",),
}
SHEET: tuple[tuple[str, str | None], ...] = tuple(
    (name, DEFAULT_CONFIG if takes else None) for name, (_, takes) in SCENES.items()
) + tuple((name, config) for name, configs in EXTRA_CONFIGS.items() for config in configs)


def build(
    size: tuple[int, int], name: str, config_name: str | None = None, settings: dict | None = None
) -> App:
    """A fresh app at `size` in scene `name` (with game `config_name` when the scene takes one)."""
    function, takes = SCENES[name]
    app = new_app(size, settings)
    function(app, CONFIGS[config_name or DEFAULT_CONFIG])
    settle(app)
    return app
