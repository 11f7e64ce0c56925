"""The scenes of the modes' own screens (the Daily code, Blitz, Deduce, the duel, two players), reached
as a player gets there; tools/scenes.py lists them with the others."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.core.config import GameConfig, preset
from game.modes.classic.hooks import ClassicHooks
from game.play.record import GameRecord, Player
from game.screens.base import go
from tools.scene_kit import FRAME_S, frames, guesses, key, press


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
        if kind == "paused":  # P a minute in: the board hidden under the pause
            frames(app, 60.0, dt=0.1)
            press(app, pygame.K_p)
            frames(app, 0.2)
            return
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


def deduce_variant(level: str, kind: str) -> Callable[[App, GameConfig], None]:
    """A Deduce board of digits or words (practice 0): its page of the level choice ("choice"), a
    wrong try typed and explained ("playing"), or the end card after the code is named ("end")."""

    def build(app: App, config: GameConfig) -> None:
        app.apply(go("deduce", level=level))
        if kind == "choice":
            return
        app.apply(go("deduce_deal", level=level, number=0))
        frames(app, 20.0, until=lambda: app.state.__class__.__name__ == "PlayingState")
        state = app.state
        puzzle = state.hooks.puzzle
        game, variant = puzzle.config, puzzle.config.variant
        ranked = (variant.secret_of_rank(game.colours, game.duplicates, rank) for rank in range(3, 10))
        wrong = next(code for code in ranked if code != puzzle.secret)
        for code in (wrong, puzzle.secret) if kind == "end" else (wrong,):
            for symbol in variant.code_symbols(code):
                app.step([key(pygame.key.key_code(symbol), symbol)], FRAME_S)
            app.step([key(pygame.K_RETURN, "\r")], FRAME_S)
            frames(app, 3.0)
        if kind == "end":
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


# --- learning: the guided game, the coach, games by number -------------------------------------------
def typed(app: App, code) -> None:
    """A row typed by keys and submitted, then its grade dropping in."""
    for colour in code:
        app.step([key(pygame.K_1 + colour, str(colour + 1))], FRAME_S, draw=False)
    press(app, pygame.K_RETURN)
    frames(app, 2.0)


def learn(kind: str) -> Callable[[App, GameConfig], None]:
    def build(app: App, config: GameConfig) -> None:
        if kind == "lesson":  # the first row typed, Next to the callout on its black grading peg
            from game.modes.learn.lesson import Wait

            app.apply(go("learn"))
            lesson = app.state.hooks.lesson
            frames(app, 0.5)
            while lesson.index < 4:
                if lesson.step.wait is Wait.NEXT:
                    press(app, pygame.K_RETURN)
                else:
                    typed(app, lesson.step.row)
            frames(app, 0.3)
        elif kind == "refused":  # step 3: the first row typed wrong (2 4 1 for 2 1 4), Submit refused
            from game.modes.learn.lesson import FIRST_ROW

            app.apply(go("learn"))
            frames(app, 0.5)
            press(app, pygame.K_RETURN)
            wrong = (FIRST_ROW[0], FIRST_ROW[2], FIRST_ROW[1])
            for colour in wrong:
                app.step([key(pygame.K_1 + colour, str(colour + 1))], FRAME_S, draw=False)
            press(app, pygame.K_RETURN)
            frames(app, 0.3)
        elif kind == "coach":  # a coached Super game: three rows, the answers worked out, a Why not?
            from game.screens.playing import PlayingState

            app.settings = app.settings.changed(coach=True)
            state = PlayingState(preset("Super").config(), secret=(6, 2, 7, 2, 4), hooks=ClassicHooks())
            app.apply(state)
            frames(app, 0.5)
            for code in ((0, 0, 1, 1, 2), (3, 2, 4, 4, 5), (2, 2, 6, 6, 7)):
                typed(app, code)
            frames(app, 60.0, until=lambda: not state.hooks.coach.busy)
            for colour in (2, 2, 7, 4, 0):
                app.step([key(pygame.K_1 + colour, str(colour + 1))], FRAME_S, draw=False)
            frames(app, 0.3)
        elif kind == "by-number":  # a number typed in, the game it names described
            app.apply(go("by_number"))
            for char in "211TR":
                app.step([key(pygame.key.key_code(char.lower()), char)], FRAME_S, draw=False)
            frames(app, 0.3)
        else:  # the Daily archive, a week back
            app.apply(go("daily"))
            press(app, pygame.K_p)
            for _ in range(7):
                press(app, pygame.K_LEFT)
            frames(app, 0.3)

    return build
