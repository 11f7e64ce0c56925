"""The game processes tools/kill_probe.py kills: each plays real games headless in its own data
folder and prints, frame by frame, what it holds, so the probe can tell what a kill must not lose.

child() plays Custom games of PEGS x COLOURS with seeded random keys; decisive_child() plays Classic
games whose secret it knows and announces each winning row ("WIN") before its frame runs;
writes_child() brings one mode's game to one input before its decision and kills itself at its
k-th database write after that input. kill_probe.py starts them as itself with --child,
--decisive-child and --writes-child; their output lines are kill_probe.py's docstring's.
"""

from __future__ import annotations

import os
import random
import signal
import sys
from pathlib import Path

PEGS, COLOURS = 8, 10
DAY = "2026-11-25"  # the day the Daily modes are played on (the child's clock)


def child(directory: Path, seed: int) -> None:
    """Play until killed, printing after every frame: "<secret> <rows> <decided>"."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App
    from game.core.config import GameConfig
    from game.screens.base import go
    from game.screens.playing import PlayingState
    from game.store import Store

    config = GameConfig(PEGS, COLOURS, difficulty="relaxed")
    app = App(size=(800, 600), seed=seed, store=Store(directory), start=go("new_game", config=config))
    rng = random.Random(seed)
    decided = 0  # games decided before the one being played
    secret = None
    while app.running:  # a SIGTERM or SIGINT ends it as a quit would (the probe itself uses SIGKILL)
        state = app.state
        if isinstance(state, PlayingState) and not state.game.over:
            typed = pygame.K_RETURN if rng.random() < 0.3 else pygame.K_0 + rng.randrange(1, COLOURS)
            events = [key(typed)]  # one key a frame: digits 1..9 are colours 0..8, Enter submits
        else:
            events = [] if isinstance(state, PlayingState) else [key(pygame.K_RETURN)]  # play again
        app.step(events, 1 / 60, draw=False)
        state = app.state
        if not isinstance(state, PlayingState):
            continue
        if state.game.secret != secret:
            decided += secret is not None  # the game before this one was decided
            secret = state.game.secret
        code = "".join(map(str, secret))
        sys.stdout.write(f"{code} {len(state.game.rows)} {int(state.game.over)} {decided}\n")
        sys.stdout.flush()


def key(k: int):
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def writes_child(mode: str, directory: Path, kill_at: int) -> None:
    """Bring a `mode` game to one input before its decision, then give that input and play on for a
    few seconds, killing this process at its `kill_at`-th database statement after the input that is
    not a read (0: never). Prints "done" if it lives."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import datetime as dt

    import pygame

    from game.app import App
    from game.core.config import GameConfig
    from game.core.daily import daily_config, daily_secret
    from game.core.duel import level_named
    from game.core.match import Match, MatchRules, RoundResult
    from game.screens.base import go
    from game.screens.playing import PlayingState
    from game.store import Store

    day = dt.date.fromisoformat(DAY)
    classic = GameConfig(4, 6)
    secret = (2, 3, 4, 5)
    if mode == "classic":
        from game.modes.classic.hooks import ClassicHooks  # a tool reaches a mode's hooks to drive it

        start = go("play", config=classic, secret=secret, hooks=ClassicHooks())
    elif mode == "daily":
        from game.modes.daily.hooks import DailyHooks  # a tool reaches a mode's hooks to drive it

        start = go("play", config=daily_config("Classic"), hooks=DailyHooks("Classic", day))
        secret = daily_secret(day, "Classic")
    elif mode in ("daily-deduce", "deduce"):
        start = go("deduce_deal", level="4x6", **({"day": day} if mode == "daily-deduce" else {"number": 0}))
    elif mode == "blitz":
        start = go("blitz")
    elif mode == "duel":
        from game.modes.duel.hooks import DuelHooks, DuelRules

        start = PlayingState(
            classic, secret=secret, hooks=DuelHooks(DuelRules(classic, level_named("Rookie")))
        )
    else:
        from game.modes.match.hooks import MatchRoundHooks

        match = Match(MatchRules(("Ann", "Bob"), 2, classic), (RoundResult(3, True),))
        start = PlayingState(classic, secret=secret, hooks=MatchRoundHooks(match))
    now = dt.datetime.combine(day, dt.time(12), dt.UTC)
    store = Store(directory)
    app = App(size=(800, 600), seed=1, store=store, start=start, now=lambda: now)

    def frames(n: int, dt_s: float = 1 / 30) -> None:
        for _ in range(n):
            app.step([], dt_s, draw=False)

    def submit(row) -> None:
        app.step([key(pygame.K_1 + c) for c in row] + [key(pygame.K_RETURN)], 1 / 30, draw=False)

    for _ in range(600):  # a Deduce puzzle is dealt over some frames
        if isinstance(app.state, PlayingState):
            break
        frames(1)
    state = app.state
    if mode in ("daily-deduce", "deduce"):
        secret = state.hooks.puzzle.secret
    if mode == "blitz":
        secret = state.game.secret
    wrong = tuple((c + 1) % state.config.colours for c in secret)
    if mode != "blitz":
        submit(wrong)  # a row kept before the decision (the Deduce puzzle: one wrong try)
        frames(60)
    else:  # a code cracked, then the clock runs down to its last moment
        submit(secret)
        frames(60)
        state.hooks.run = state.hooks.run.tick(state.hooks.run.time_left_s - 0.2)
        frames(2)

    count = 0

    def trace(statement: str) -> None:
        nonlocal count
        if statement.lstrip().split(" ", 1)[0].upper() not in ("SELECT", "PRAGMA"):
            count += 1
            if count == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)

    store.db.set_trace_callback(trace)
    if mode == "blitz":
        frames(30)  # the decisive input: time running out
    else:
        submit(secret)
    frames(240)
    app.close()
    sys.stdout.write(f"done {count}\n")
    sys.stdout.flush()


def decisive_child(directory: Path, seed: int) -> None:
    """Classic games whose secret the child knows: a few wrong rows, then the secret. Prints "WIN"
    in the frame whose input submits the winning row (before the frame runs), and after every frame
    "<secret> <rows> <over> <decided>" as child() does."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App
    from game.core.config import GameConfig
    from game.screens.base import go
    from game.screens.playing import PlayingState
    from game.store import Store

    def keys(row) -> list[int]:
        return [pygame.K_0 if c == 9 else pygame.K_1 + c for c in row] + [pygame.K_RETURN]

    config = GameConfig(PEGS, COLOURS, difficulty="relaxed")
    app = App(size=(800, 600), seed=seed, store=Store(directory), start=go("new_game", config=config))
    rng = random.Random(seed)
    decided, secret, queue = 0, None, []
    while app.running:
        state = app.state
        events = [key(pygame.K_RETURN)]  # the result screen's Play again
        if isinstance(state, PlayingState):
            events = [key(queue.pop(0))] if queue and not state.game.over else []
            if events and not queue:
                sys.stdout.write("WIN\n")
                sys.stdout.flush()
        app.step(events, 1 / 60, draw=False)
        state = app.state
        if isinstance(state, PlayingState):
            if state.game.secret != secret:  # a new game: the one before it was decided
                decided += secret is not None
                secret = state.game.secret
                wrong = tuple((c + 1) % COLOURS for c in secret)
                queue = [k for _ in range(rng.randrange(1, 4)) for k in keys(wrong)] + keys(secret)
            code = "".join(map(str, secret))
            sys.stdout.write(f"{code} {len(state.game.rows)} {int(state.game.over)} {decided}\n")
            sys.stdout.flush()
