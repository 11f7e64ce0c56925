"""Write PNG screenshots of every state at several game sizes and window sizes, headless.

    python tools/screenshots.py --out shots/            # everything (default folder shots/, git-ignored)
    python tools/screenshots.py --sizes 800x600 --configs 8x10r --scenes playing-mid
    python tools/screenshots.py --configs g2x2 g3x3 --scenes playing-mid solving-mid help-grid
    python tools/screenshots.py --readme                # the README's pictures into docs/

Scenes are built through the real App and states (SDL dummy video driver), then saved with
pygame.image.save. Playing scenes are also saved in greyscale (suffix -grey) to check that pegs
stay distinguishable without colour. Prints one JSON line: the folder and the number of files.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cli import OneLineParser, writable_folder  # noqa: E402
from game.core.config import GameConfig  # noqa: E402
from game.core.state import Guess, Reveal, apply_move  # noqa: E402
from game.modes.classic.setup import SetupState  # noqa: E402
from game.options import window_size  # noqa: E402
from game.play.record import GameRecord, Player  # noqa: E402
from game.screens.base import Push  # noqa: E402
from game.screens.confirm import ConfirmOverlay  # noqa: E402
from game.screens.help import HelpOverlay  # noqa: E402
from game.screens.menu import MenuState  # noqa: E402
from game.screens.playing import PlayingState  # noqa: E402
from game.screens.result import ResultState  # noqa: E402

SIZES = ((800, 600), (1280, 800), (1920, 1080))
CONFIGS = {
    "2x2": GameConfig(2, 2),
    "4x6": GameConfig(4, 6),
    "5x8": GameConfig(5, 8),
    "6x9t": GameConfig(6, 9, difficulty="tight"),
    "8x10r": GameConfig(8, 10, difficulty="relaxed"),
    "g2x2": GameConfig(colours=6, grid=(2, 2)),  # the grid puzzle's menu games
    "g3x3": GameConfig(colours=4, grid=(3, 3)),
}
GREY_SCENES = {"playing-mid", "result-lost"}


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


def playing(app: App, config: GameConfig, rows: int) -> PlayingState:
    record = GameRecord.new(config, secret_for(config))
    for code in guesses(config, rows):
        if code != record.game.secret and not record.over:
            record = record.played(code, Player.PLAYER)
    state = PlayingState(config, record=record)
    app.apply(state)
    return state


def finished(game, seconds: float) -> GameRecord:
    """A record of `game` played by the player in `seconds`."""
    return GameRecord(game, (Player.PLAYER,) * len(game.rows), seconds)


def scene(app: App, name: str, config: GameConfig) -> None:
    """Put the app into scene `name`."""
    if name == "menu":
        app.apply(MenuState())
    elif name == "setup":
        app.apply(SetupState(config))
    elif name == "settings":
        from game.screens.settings import SettingsState

        app.apply(MenuState())
        app.apply(Push(SettingsState()))
    elif name in ("help-rules", "help-controls", "help-grid"):
        from game.screens.help import PAGES

        playing(app, config, 2)
        page = {"help-rules": "Rules", "help-controls": "Controls", "help-grid": "Grid"}[name]
        app.apply(Push(HelpOverlay(page=PAGES.index(page))))
    elif name == "playing-empty":
        playing(app, config, 0)
    elif name == "playing-mid":
        state = playing(app, config, min(3, config.turns - 1))
        state.run.draft = [0, None] + [1] * (config.pegs - 2) if config.pegs > 2 else [0, None]
        state.run.cursor = 1
        state.run.selected = 1
    elif name == "playing-full":
        playing(app, config, config.turns - 1)
    elif name == "playing-drag":
        from game.play.breaker import Drag, DragSource

        state = playing(app, config, 1)
        layout = state.layout()
        target = layout.slot_rect(1, config.pegs - 1)
        pos = (target.centerx + target.w // 3, target.centery - target.h // 3)
        start = layout.palette_rect(0).center
        state.run.drag = Drag(config.colours - 1, DragSource.PALETTE, start, pos, moved=True)
        state.mouse = pos
    elif name == "playing-grading":
        state = playing(app, config, 1)
        state.run.draft = list(reversed(state.game.secret))
        state.run.submit()
        state.run.update(0.4)
    elif name == "confirm":
        playing(app, config, 2)
        app.apply(
            Push(ConfirmOverlay("Reveal the secret and end this game?", None, "Reveal", "Keep playing"))
        )
    elif name.startswith("result"):
        state = playing(app, config, 2 if name != "result-lost" else config.turns)
        game = state.game
        if name == "result-won" and not game.over:
            game = apply_move(game, Guess(game.secret))
        elif name == "result-revealed" and not game.over:
            game = apply_move(game, Reveal())
        app.apply(ResultState(finished(game, 95.0)))
    elif name in RECORD_SCENES:
        record_scene(app, name, config)
    elif name in COMPUTER_SCENES:
        computer_scene(app, name, config)
    elif name in MODE_SCENES:
        mode_scene(app, name)
    elif name in DUEL_MATCH_SCENES:
        duel_match_scene(app, name)
    else:
        raise ValueError(f"no scene called {name!r}")


# --- statistics, settings, attract, resume and the win celebration ---------------------------
RECORD_SCENES = (
    "statistics",
    "settings-screen",
    "attract",
    "resume",
    "win-celebration",
    "loss-dust",
    "notice",
)


def sample_store():
    """A store in a temporary folder holding a few weeks of invented games, for the statistics scene."""
    import random
    import tempfile

    from game.core.config import PRESETS
    from game.core.records import GameEnd, GameResult
    from game.store import Store

    store = Store(Path(tempfile.mkdtemp(prefix="mastermind-shots-")))
    rng = random.Random(5)
    for _ in range(40):
        config = rng.choice(PRESETS[:3]).config()
        won = rng.random() < 0.8
        guesses = min(config.turns, max(2, round(rng.gauss(config.pegs + 1.5, 1.2))))
        end = GameEnd.WON if won else GameEnd.LOST
        store.record(GameResult(config, end, guesses if won else config.turns, rng.uniform(40, 400)))
    return store


def record_scene(app: App, name: str, config: GameConfig) -> None:
    from game.screens.attract import AttractState
    from game.screens.settings import SettingsState
    from game.screens.stats import StatsState
    from game.store import SavedGame

    app.session.particles.clear()  # scenes are built without frames, so nothing else clears them
    if name == "statistics":
        app.store = sample_store()
        app.apply(Push(StatsState("Classic")))
    elif name == "settings-screen":
        app.apply(Push(SettingsState()))
    elif name == "attract":
        app.apply(Push(AttractState()))
        demo = app.state
        for _ in range(2000):  # play on until the third row's grade is popping in
            demo.update(1 / 60)
            if len(demo.run.game.rows) >= 3 and demo.run.phase.value == "grading":
                break
        demo.time_s = 0.4
    elif name == "resume":
        from game.screens.resume import ResumeOverlay

        state = playing(app, config, 2)
        app.apply(Push(ResumeOverlay(SavedGame.from_state(state.game, 75.0))))
    elif name == "win-celebration":
        state = playing(app, config, 2)
        game = apply_move(state.game, Guess(state.game.secret))
        result = ResultState(finished(game, 95.0))
        app.apply(result)
        from game.core.records import GameEnd
        from game.session import RecordedOutcome

        app.session._outcome = RecordedOutcome(result.record, "Score 1,234 · new best!", "Streak 3")
        app.session._celebrate(result, result.record, GameEnd.WON)
        for _ in range(48):  # 0.8 s of frames: the confetti near the top of its flight
            app.session.particles.update(1 / 60)
    elif name == "loss-dust":
        state = playing(app, config, config.turns)
        result = ResultState(finished(state.game, 301.0))
        app.apply(result)
        from game.core.records import GameEnd

        app.session._celebrate(result, result.record, GameEnd.LOST)
        for _ in range(60):  # one second of the dust settling
            app.session.particles.update(1 / 60)
    elif name == "notice":
        playing(app, config, 1)
        app.session.notices.show(
            "The statistics file is damaged (not valid JSON); it was moved to statistics.corrupt-1.json "
            "and the game uses defaults."
        )
        app.session.notices.show("Sound off (M turns it back on)")


# --- the computer at work: solving, hand grading, codemaker, hint ----------------------------
COMPUTER_SCENES = (
    "solving-mid",
    "solving-thinking",
    "handgrade-refused",
    "handgrade-ended",
    "codemaker",
    "hint",
)


def computer_scene(app: App, name: str, config: GameConfig) -> None:
    from game.core.state import new_game
    from game.modes.maker.handgrade import HandGradeState
    from game.play.computer import Phase
    from game.play.drag import Drag, DragSource
    from game.screens.codemaker import CodemakerState, Mode
    from game.screens.hint import HintOverlay
    from game.screens.solving import SolvingState

    secret = secret_for(config)
    if name == "solving-mid":
        state = SolvingState(
            new_game(config, secret), strategy="knuth" if config.code_count < 10**6 else None
        )
        app.apply(state)
        for _ in range(20_000):  # play on until the second row's grade is popping in
            app.step([], 1 / 60, draw=False)
            if len(state.run.game.rows) >= 2 and state.run.phase is Phase.GRADING:
                break
    elif name == "solving-thinking":
        state = SolvingState(new_game(config, secret), budget_ms=0.0)  # one solver step a frame
        app.apply(state)
        for _ in range(20_000):
            app.step([], 1 / 60, draw=False)
            run = state.run
            if run.game.rows and run.show_progress_bar and run.progress_fraction > 0.3:
                break
    elif name.startswith("handgrade"):
        state = HandGradeState(config, "knuth" if config.code_count < 10**6 else "entropy")
        app.apply(state)
        run = state.run
        run.finish_pending()
        variant = config.variant

        def grade_with(grade) -> None:
            for kind, count in zip(variant.kinds, grade, strict=True):
                run.set_count(kind, count)
            run.confirm()
            run.finish_pending()

        for _ in range(2 if name == "handgrade-refused" else config.turns):
            if run.over:
                break
            grade_with(variant.score(run.guess, secret))
        if name == "handgrade-refused" and not run.over:
            from itertools import product

            from game.core.analysis import check_grade
            from game.core.variant import GradeError

            grades = []
            for numbers in product(range(config.pegs), repeat=len(variant.kinds)):
                try:
                    grades.append(variant.check_grade(numbers))
                except GradeError:
                    continue
            for grade in grades:  # the first grade that contradicts an earlier row, refused
                conflict = check_grade(config, run.game.history, run.guess, grade).conflict
                if conflict is not None and conflict.rows:
                    grade_with(grade)
                    break
    elif name == "codemaker":
        state = CodemakerState(Mode.MAKE, config)
        app.apply(state)
        state.secret = [c if i % 3 != 2 else None for i, c in enumerate(secret)]
        layout = state.layout()
        target = layout.secret_slot_rect(2)
        held = (target.centerx - target.w // 3, target.centery + target.h // 3)
        state.drag = Drag(1, DragSource.PALETTE, held, held, moved=True)
    elif name == "hint":
        state = playing(app, config, 2)
        overlay = HintOverlay(state.game)
        app.apply(Push(overlay))
        overlay.pump.finish()
        overlay.show_guess = True


# --- the Daily code, Blitz and the arcade high scores -------------------------------------------
MODE_SCENES = (
    "daily-choice",
    "daily-end",
    "daily-refused",
    "blitz-urgent",
    "blitz-end",
    "initials",
    "high-scores",
    "attract-scores",
    "attract-title",
)
SHOT_DAY = (2026, 11, 23, 16, 47, 5)  # the calendar the mode scenes see (a fixed UTC time)


def mode_store():
    """A store in a temporary folder with a few high scores (Blitz and Classic), for the mode scenes."""
    import tempfile

    from game.core.highscores import HighScore
    from game.store import Store

    store = Store(Path(tempfile.mkdtemp(prefix="mastermind-shots-")))
    for initials, points, day in (("ZED", 2400, 20), ("ANN", 1900, 21), ("BOB", 1700, 22), ("CAT", 900, 23)):
        store.add_high_score("Blitz", HighScore(initials, points, f"2026-11-{day}"))
    store.add_high_score("Classic", HighScore("MAX", 1350, "2026-11-19"))
    return store


def mode_scene(app: App, name: str) -> None:
    """Build a mode scene through real frames (fixed calendar, explicit dt), as a player gets there."""
    import datetime as dt

    from game.core.blitz import BLITZ_CONFIG
    from game.modes.blitz.screens import BlitzResultState, new_run_state
    from game.modes.daily.result import DailyResultState
    from game.modes.daily.screens import DailyState, open_daily
    from game.play.record import Player
    from game.screens.attract import AttractState
    from game.screens.highscores import HighScoresState, InitialsOverlay

    app.store = mode_store()
    app.now = lambda: dt.datetime(*SHOT_DAY, tzinfo=dt.UTC)
    app.session.particles.clear()

    def play_rows(state, codes) -> None:
        for code in codes:
            if not state.run.game.over:
                state.run.record = state.run.record.played(code, Player.PLAYER)

    def play_out(state) -> None:
        config = state.run.config
        play_rows(state, [c for c in guesses(config, 3, salt=1) if c != state.run.game.secret])
        play_rows(state, [state.run.game.secret])
        for _ in range(40):
            app.step([], 0.1, draw=False)

    if name == "daily-choice":
        app.apply(DailyState())
    elif name in ("daily-end", "daily-refused"):
        state = open_daily(app, "Classic")
        app.apply(state)
        play_out(state)
        if isinstance(app.state, InitialsOverlay):
            app.apply(app.state.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="")))
        if name == "daily-refused":  # the menu's Daily code again, the same day
            app.apply(open_daily(app, "Classic"))
        assert isinstance(app.state, DailyResultState)
    elif name == "blitz-urgent":
        state = new_run_state(app)
        app.apply(state)
        app.step([], 0.0, draw=False)
        play_rows(state, [c for c in guesses(BLITZ_CONFIG, 2, salt=2) if c != state.run.game.secret])
        while state.mode.run.time_left_s > 6.3:
            app.step([], 0.1, draw=False)
    elif name == "blitz-end":
        from game.core.blitz import new_blitz

        run = new_blitz(7).crack(3).crack(5).miss().tick(240.0)
        app.apply(BlitzResultState(run))
        app.step([], 0.0, draw=False)
        if isinstance(app.state, InitialsOverlay):
            app.stack.pop()
        assert run.config == BLITZ_CONFIG
    elif name == "initials":
        app.apply(Push(InitialsOverlay("Classic", 1412, "2026-11-23")))
        for key, char in ((pygame.K_UP, ""), (pygame.K_UP, ""), (pygame.K_RIGHT, ""), (pygame.K_j, "j")):
            app.apply(app.state.handle(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char)))
    elif name == "high-scores":
        app.apply(Push(HighScoresState("Blitz")))
    elif name in ("attract-scores", "attract-title"):
        attract = AttractState()
        app.apply(Push(attract))
        attract._show_scores()
        if name == "attract-title":
            attract.phase = "title"
    for _ in range(6):  # past the fade-in of the last screen
        app.session.update(0.1)


# --- the duel against the computer and two players at one screen ---------------------------------
DUEL_MATCH_SCENES = (
    "duel-setup",
    "duel-mid",
    "duel-end",
    "match-setup",
    "look-away",
    "match-secret",
    "scoreboard",
    "scoreboard-final",
)


def duel_match_scene(app: App, name: str) -> None:
    """Build a duel or two-player scene through real key events and frames (explicit dt)."""
    from game.core.config import preset
    from game.core.duel import DuelRules, level_named
    from game.core.match import new_match
    from game.modes.duel.hooks import DuelState
    from game.modes.duel.setup import DuelSetupState
    from game.modes.match.scores import ScoreboardState
    from game.modes.match.screens import HandOverState, MatchSecretState
    from game.modes.match.setup import MatchSetupState
    from game.play.record import GameRecord

    def keys(*pairs) -> None:
        for key, char in pairs:
            app.apply(app.state.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char)))
            app.step([], 1 / 60, draw=False)

    def play(code) -> None:
        keys(*((pygame.K_1 + colour, "") for colour in code), (pygame.K_RETURN, ""))

    match = new_match(("Ann", "Bob"), 4)
    if name == "duel-setup":
        app.apply(DuelSetupState())
    elif name in ("duel-mid", "duel-end"):
        duel = DuelState(DuelRules(preset("Classic").config(), level_named("Expert")), secret=(2, 3, 4, 5))
        app.apply(duel)
        for turn, code in enumerate(((0, 0, 1, 1), (2, 2, 3, 3), (2, 3, 0, 4)), start=1):
            play(code)
            for _ in range(600):
                if len(duel.computer.game.rows) == turn and duel.to_move() is not None:
                    break
                app.step([], 1 / 30, draw=False)
        keys((pygame.K_3, ""), (pygame.K_4, ""))
        if name == "duel-end":
            keys((pygame.K_5, ""), (pygame.K_6, ""), (pygame.K_RETURN, ""))
            for _ in range(300):
                app.step([], 1 / 30, draw=False)
    elif name == "match-setup":
        app.apply(MatchSetupState())
        keys((pygame.K_a, "A"), (pygame.K_n, "n"), (pygame.K_n, "n"), (pygame.K_TAB, ""))
    elif name == "look-away":
        app.apply(HandOverState(match))
    elif name == "match-secret":
        app.apply(MatchSecretState(match))
        keys((pygame.K_2, ""), (pygame.K_6, ""))
    elif name in ("scoreboard", "scoreboard-final"):
        results = ((5, True), (7, False), (3, True), (4, True))
        for guesses_, cracked in results[: 2 if name == "scoreboard" else 4]:
            match = match.record(guesses_, cracked)
        app.apply(ScoreboardState(match, GameRecord.new(match.rules.config, (5, 5, 0, 1))))
    for _ in range(6):  # past the fade-in of the last screen
        app.session.update(0.1)


SCENES = (
    "menu",
    "setup",
    "settings",
    "help-rules",
    "help-controls",
    "help-grid",
    "playing-empty",
    "playing-mid",
    "playing-full",
    "playing-drag",
    "playing-grading",
    "confirm",
    "result-won",
    "result-lost",
    "result-revealed",
    *RECORD_SCENES,
    *COMPUTER_SCENES,
    *MODE_SCENES,
    *DUEL_MATCH_SCENES,
)
CONFIG_FREE = {
    "menu",
    "settings",
    "help-controls",
    "help-grid",
    "statistics",
    "settings-screen",
    "attract",
    *MODE_SCENES,
    *DUEL_MATCH_SCENES,
}


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="screenshots.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="shots", help="folder for the PNGs (default shots/)")
    parser.add_argument("--sizes", nargs="*", type=window_size, default=list(SIZES))
    parser.add_argument("--configs", nargs="*", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--scenes", nargs="*", default=list(SCENES), choices=list(SCENES))
    parser.add_argument("--no-symbols", action="store_true", help="pegs without symbols")
    parser.add_argument("--palette", default="safe", choices=["safe", "classic"])
    parser.add_argument(
        "--readme",
        nargs="?",
        const="docs",
        metavar="DIR",
        help="write only the README's screenshots (1280x800) into DIR (default docs/)",
    )
    args = parser.parse_args(argv)
    if args.readme is not None:
        from tools.readme_shots import write_readme_shots

        folder = writable_folder(parser, Path(args.readme), "--readme")
        print(json.dumps({"out": args.readme, "files": write_readme_shots(folder)}))
        return 0
    out = writable_folder(parser, Path(args.out))
    settings = {"symbols": not args.no_symbols, "palette": args.palette}
    written = 0
    for size in args.sizes:
        size_text = f"{size[0]}x{size[1]}"
        app = App(size=size, seed=1, settings=settings)
        for name in args.scenes:
            for config_name in args.configs if name not in CONFIG_FREE else args.configs[:1]:
                app.stack.clear()
                app.apply(MenuState())
                scene(app, name, CONFIGS[config_name])
                app.draw()
                tag = "" if name in CONFIG_FREE else f"_{config_name}"
                path = out / f"{size_text}{tag}_{name}.png"
                pygame.image.save(app.surface, str(path))
                written += 1
                if name in GREY_SCENES:
                    grey = pygame.transform.grayscale(app.surface)
                    pygame.image.save(grey, str(path.with_name(path.stem + "-grey.png")))
                    written += 1
    pygame.quit()
    print(json.dumps({"out": str(out), "files": written}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
