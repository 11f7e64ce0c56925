"""Every screen and overlay of the game, reached through the real app: the scenes tools/screenshots.py
draws and tests/screens/test_text_sizes.py measures.

A scene is a function (app, config) that puts a fresh App into one screen the way a player gets
there: real states entered through the app's routes and transitions, real key events, frames with an
explicit dt. Every app a scene gets has its own store in a new temporary folder, filled with a few
weeks of invented games and high scores (`sample_store`), and a fixed calendar (SHOT_DAY), so the
menu's bests, the statistics and the Daily code show what a player who has played a while sees.

SCENES maps a name to (function, takes_config); SHEET lists what `--sheet` draws: each scene once,
the board scenes at a few sizes of game too. The helpers are tools/scene_kit.py's, the modes' own
screens tools/scene_modes.py's.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.core.config import GameConfig, preset
from game.core.state import Guess, Reveal, apply_move
from game.play.record import GameRecord, Player
from game.screens.base import Push, go
from game.screens.help import PAGES
from tools.scene_kit import (  # noqa: F401  (the kit's names, for whoever builds scenes)
    CONFIGS,
    DEFAULT_CONFIG,
    FRAME_S,
    SHOT_DAY,
    frames,
    guesses,
    key,
    new_app,
    played,
    playing,
    press,
    sample_store,
    secret_for,
    settle,
)
from tools.scene_modes import blitz, daily, deduce, deduce_variant, duel, learn, match


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
        if screen != "playing":
            app.apply(Push(go("help", page=page, screen=screen)))
            return
        # the game's own key, so a game of digits or words opens the rules in its own terms
        app.step([key(pygame.K_F1)], FRAME_S, draw=False)
        app.state.page = PAGES.index(page)

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
    if config.variant.symbols:  # digits or letters: the secret's first two typed, the rest to come
        for symbol in config.variant.code_symbols(state.game.secret)[:2]:
            app.step([key(pygame.key.key_code(symbol), symbol)], FRAME_S, draw=False)
        frames(app, 0.5)  # the tiles landed
        return
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


def confirm(button: str) -> Callable[[App, GameConfig], None]:
    """The question a board button asks (Reveal, Menu), asked the way the player meets it."""

    def build(app: App, config: GameConfig) -> None:
        state = playing(app, config, 2)
        app.apply(state.press(button))

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
            app.apply(
                go("solve", start=game, strategy=scene_strategy(config, large=None))
            )  # None: the default
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
        if mode == "make" and config.variant.symbols:  # typed: three places filled, two to go
            secret = secret_for(config)
            for value in secret[:3]:
                symbol = config.variant.symbols[value]
                app.step([key(pygame.key.key_code(symbol), symbol)], FRAME_S, draw=False)
        elif mode == "make":
            secret = secret_for(config)
            state.secret = [c if i % 3 != 2 else None for i, c in enumerate(secret)]
            target = state.layout().secret_slot_rect(2)
            held = (target.centerx - target.w // 3, target.centery + target.h // 3)
            state.drag = Drag(1, DragSource.PALETTE, held, held, moved=True)

    return build


def scene_strategy(config: GameConfig, large: str | None = "entropy") -> str | None:
    """The computer of a scene: Knuth where it is quick, else `large`; in a word game a random word
    that still fits (the app's seeded one), so every word on the board is one of the answers: the
    allowed guesses the other strategies open with hold names and oddities no picture should show."""
    if config.variant.listed:
        return "random"
    return "knuth" if config.code_count < 10**6 else large


def handgrade(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        from itertools import product

        from game.core.analysis import check_grade
        from game.core.variants import GradeError

        app.apply(go("handgrade", config=config, strategy=scene_strategy(config)))
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
    "confirm-reveal": (confirm("reveal"), True),
    "confirm-leave": (confirm("menu"), True),
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
    "blitz-paused": (blitz("paused"), False),
    "deduce-choice": (deduce("choice"), False),
    "deduce-deal": (deduce("deal"), False),
    "deduce-playing": (deduce("playing"), False),
    "deduce-end": (deduce("end"), False),
    "deduce-variants": (deduce_variant("words", "choice"), False),
    "deduce-digits": (deduce_variant("digits", "playing"), False),
    "deduce-words": (deduce_variant("words", "playing"), False),
    "deduce-marks": (deduce_variant("marks", "playing"), False),
    "deduce-words-end": (deduce_variant("words", "end"), False),
    "duel-setup": (duel("setup"), False),
    "duel-mid": (duel("mid"), False),
    "duel-end": (duel("end"), False),
    "match-setup": (match("setup"), False),
    "look-away": (match("look-away"), False),
    "match-secret": (match("secret"), False),
    "scoreboard": (match("scoreboard"), False),
    "scoreboard-final": (match("final"), False),
    "learn-lesson": (learn("lesson"), False),
    "learn-refused": (learn("refused"), False),
    "coach": (learn("coach"), False),
    "by-number": (learn("by-number"), False),
    "daily-archive": (learn("archive"), False),
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
