"""The scenarios tools/bench_frames.py measures: each builds the real app in the state to time.

A scenario is a function (args, config) -> App, registered in SCENARIOS by the name --scenario
takes. It may set args.feed(frame) to post each frame's input, args.until() to end the run early
and args.report() to add figures of its own; the solve leaves its state in args.solving_state for
solve_report(). Frames advance by FRAME_DT_S, the fixed step a 60 fps loop passes (bench_frames.py's
docstring says what each scenario plays and what it reports).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app import App
from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState

FRAME_DT_S = 1 / 60
ONLINE_LATENCY_S = 0.1  # each way, the online duel's (a slow home connection)
ONLINE_ROW_EVERY_FRAMES = 30  # the app's rows in the online duel: one every half second at most
ONLINE_OPPONENT_EVERY_FRAMES = 45


def idle_playing(args: argparse.Namespace, config: GameConfig) -> App:
    """The playing state with a few rows played and a half-built row, mouse resting: nothing moves."""

    state = PlayingState(
        config,
        secret=tuple((config.colours - 1 - i) % config.colours for i in range(config.pegs)),
        hooks=ClassicHooks(),
    )
    app = App(size=args.size, seed=args.seed, start=state)
    for k in range(min(3, config.turns - 1)):
        code = tuple((k + i) % config.colours for i in range(config.pegs))
        if code != state.game.secret:
            state.run.draft = list(code)
            state.run.submit()
    state.run.input_arrived()  # the grades are on the board: nothing moves
    state.run.type_colour(0)
    state.run.input_arrived()
    return app


def computer_solve(args: argparse.Namespace, config: GameConfig) -> App:
    """A fresh game with a seeded random secret, handed to the solving state with --solve's strategy."""
    import random

    from game.core import strategies
    from game.core.state import new_game
    from game.play.computer import Speed
    from game.play.record import random_secret
    from game.screens.solving import SolvingState

    strategy = strategies.STRONGEST if args.solve == "strongest" else strategies.get(args.solve).name
    secret = random_secret(config, random.Random(args.seed))
    state = SolvingState(
        new_game(config, secret), strategy=strategy, speed=Speed(args.speed), budget_ms=args.budget_ms
    )
    args.solving_state = state  # the bench reads the run's figures from it when the solve is over
    app = App(size=args.size, seed=args.seed, start=state)
    # The first draw fills the font and peg-art caches, as the frame that switches to the solving state
    # does in the game; it is timed and reported apart (first_draw_ms). It does not advance the game.
    started = time.perf_counter()
    app.draw()
    args.first_draw_ms = round((time.perf_counter() - started) * 1000, 3)
    return app


def solve_report(state) -> dict:
    """Extra fields of a solve: how the game ended and the longest pump and solver step."""
    run = state.run
    game = run.game
    return {
        "strategy": run.info.name,
        "budget_ms": run.budget_ms,
        "guesses": len(game.rows),
        "solved": game.outcome.value == "won" and len(game.rows) <= game.config.turns,
        "longest_pump_ms": round(run.longest_pump_s * 1000, 3),
        "longest_step_ms": round(run.longest_step_s * 1000, 3),
    }


def attract(args: argparse.Namespace, config: GameConfig) -> App:
    """The menu left idle until attract mode starts (on the first warm-up frame), then the demo games:
    Knuth on Classic, most-parts on Easy, random on Super, ... (game/screens/attract.py DEMOS).
    --pegs/--colours do not apply; measure a minute or more (--frames 3600) to cover several demos."""
    from game.screens.menu import ATTRACT_IDLE_S

    app = App(size=args.size, seed=args.seed)
    app.state.idle_s = ATTRACT_IDLE_S  # as if the menu had been left alone for that long
    return app


def dragging(args: argparse.Namespace, config: GameConfig) -> App:
    """The idle_playing board with a peg picked up from the palette and carried around the board for
    every measured frame (one mouse motion event a frame, along a loop over the rows): the lifted
    peg, its shadow and the landing ring are drawn each frame."""
    import math

    from game.ui.layout import centre

    app = idle_playing(args, config)
    state = app.state
    layout = state.layout()
    start = centre(layout.palette_rect(0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(None, FRAME_DT_S)
    board = layout.board

    def feed(frame: int) -> None:
        angle = frame * 2 * math.pi / 240  # once round the board every 4 s
        pos = (
            round(board.centerx + 0.4 * board.w * math.cos(angle)),
            round(board.centery + 0.4 * board.h * math.sin(angle)),
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))

    args.feed = feed
    return app


def menu(args: argparse.Namespace, config: GameConfig) -> App:
    """The menu with its demo game playing behind it (never left idle long enough for the attract
    loop: the idle count is reset every frame); --pegs/--colours do not apply."""
    app = App(size=args.size, seed=args.seed)
    menu_state = app.state

    def feed(frame: int) -> None:
        menu_state.idle_s = 0.0

    args.feed = feed
    return app


RSS_EVERY_FRAMES = 500  # the resize scenario notes the process's memory this often


def resident_mb() -> float | None:
    """This process's resident memory now, in MB (Linux's /proc; None where there is none)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def drag_size(frame: int) -> tuple[int, int]:
    """The window's size at `frame` of a drag-resize: the corner swept back and forth a few px a
    frame (width and height at different rates), so nearly every frame is a size not seen before."""

    def sweep(low: int, high: int, period: int) -> int:
        phase = frame % (2 * period)
        return low + (high - low) * min(phase, 2 * period - phase) // period

    return sweep(640, 1920, 577), sweep(480, 1080, 401)


def resizing(args: argparse.Namespace, config: GameConfig) -> App:
    """The title screen while its window is drag-resized: a VIDEORESIZE every frame (drag_size),
    the demo game playing behind; adds rss_mb, the process's resident memory every
    RSS_EVERY_FRAMES frames (warm-up included) and at the end, and sizes, the sizes drawn."""
    app = App(size=drag_size(0), seed=args.seed)
    menu_state = app.state
    rss: dict[str, float | None] = {"0": resident_mb()}
    sizes: set[tuple[int, int]] = set()

    def feed(frame: int) -> None:
        menu_state.idle_s = 0.0
        if frame and frame % RSS_EVERY_FRAMES == 0:
            rss[str(frame)] = resident_mb()
        w, h = drag_size(frame + 1)
        sizes.add((w, h))
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))

    def report() -> dict:
        rss[str(app.frames)] = resident_mb()
        text_mb = round(app.text.cached_bytes() / 2**20, 1)
        return {"rss_mb": rss, "sizes": len(sizes), "text_cache_mb": text_mb}

    args.feed = feed
    args.report = report
    return app


COACH_ROW_EVERY_FRAMES = 90  # a new row this often: the coach starts over (facts, par, the row's move)


def coached(args: argparse.Namespace, config: GameConfig) -> App:
    """A coached game (game/play/coach.py, pumped by the playing screen's hooks within their budget):
    every COACH_ROW_EVERY_FRAMES frames a row of seeded random colours is typed and submitted with
    posted key events, so the coach starts What we know, Par and the row's par move over; the frames
    in between carry its work, and the coach's column is redrawn as its answers come. Reports rows
    (submitted while measured), busy_frames (measured frames that found the coach at work) and
    coach_budget_ms."""
    import random

    from game.modes.classic.aids import COACH_BUDGET_MS
    from game.play.aids import Aids

    secret = tuple((config.colours - 1 - i) % config.colours for i in range(config.pegs))
    state = PlayingState(config, secret=secret, hooks=ClassicHooks(Aids(coached=True)))
    app = App(size=args.size, seed=args.seed, start=state)
    rng = random.Random(args.seed)
    args.coach_rows = 0
    args.coach_busy = 0

    def key(code: int, char: str = "") -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0)

    def feed(frame: int) -> None:
        coach = state.hooks.coach
        if coach is not None and coach.busy:
            args.coach_busy += 1
        if frame % COACH_ROW_EVERY_FRAMES or state.game.over or len(state.game.rows) >= config.turns - 1:
            return
        row = secret
        while row == secret:
            row = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
        pygame.event.post(key(pygame.K_c))
        for colour in row:
            label = str((colour + 1) % 10)
            pygame.event.post(key(pygame.K_0 + int(label), label))
        pygame.event.post(key(pygame.K_RETURN))
        args.coach_rows += 1

    args.feed = feed
    args.report = lambda: {
        "rows": args.coach_rows,
        "busy_frames": args.coach_busy,
        "coach_budget_ms": COACH_BUDGET_MS,
    }
    return app


def win(args: argparse.Namespace, config: GameConfig) -> App:
    """A win landing, from the frame the winning row goes in to the frame the initials are asked for:
    the grade dropping in, the row's flash and the shield, the result screen (the score counting up,
    the streak, the top-ten celebration's confetti and sparks). A store in a new temporary folder,
    so the win is recorded and makes the (empty) high-score table, as a first win does."""
    import tempfile

    from game.store import Store

    secret = tuple((config.colours - 1 - i) % config.colours for i in range(config.pegs))
    state = PlayingState(config, secret=secret, hooks=ClassicHooks())
    app = App(size=args.size, seed=args.seed, start=state, store=Store(Path(tempfile.mkdtemp())))
    first = tuple((i + 1) % config.colours for i in range(config.pegs))
    state.run.draft = list(first if first != secret else reversed(first))
    state.run.submit()  # one row already on the board, graded during the warm-up
    warmup = args.warmup if args.warmup is not None else 30

    def feed(frame: int) -> None:
        if frame == warmup:  # the first measured frame: the winning row goes in
            state.run.draft = list(secret)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))

    args.feed = feed
    # the win has landed: the initials are asked (or would be, by a game with no high-score table)
    args.until = lambda: getattr(app.state, "initials_asked", False) or app.state.is_overlay
    return app


def online_duel(args: argparse.Namespace, config: GameConfig) -> App:
    """An online race on loopback: a real game server in a thread (127.0.0.1, any free port), the app
    connected through the lobby's quick match with ONLINE_LATENCY_S added each way to every message,
    and another client (the same latency) playing the opponent. Frames are paced to 60 a second in
    wall time (the wait is outside the measured step), so the network's threads run beside the
    frames as on screen: every ONLINE_ROW_EVERY_FRAMES frames the app types and submits a row (when
    its last one has been graded), the opponent every ONLINE_OPPONENT_EVERY_FRAMES. Neither row is
    the code (the server's secret is fixed here), so the race runs its turns; it ends at the result
    screen. Reports latency_ms, rows (the app's, graded by the server), opponent_rows (seen landing)
    and status (the connection's at the end). Classic size, whatever --pegs says."""
    import random

    from game.net.client import new_device_token
    from game.net.duel import DuelLink
    from game.screens.route import go
    from game.server.results import SqliteStore
    from game.server.rooms import Rooms
    from game.server.serverthread import ServerThread

    secret = (0, 1, 2, 3)
    server = ServerThread(SqliteStore(":memory:"), rooms=Rooms(make_code=lambda p, c: secret[:p])).start()
    url = f"ws://127.0.0.1:{server.port}"
    app = App(size=args.size, seed=args.seed, start=go("online_lobby", url=url, latency_s=ONLINE_LATENCY_S))
    opponent = DuelLink(url, new_device_token(), "Bench", latency_s=ONLINE_LATENCY_S).start()
    deadline = time.monotonic() + 10
    while app.state.link.view.status != "connected" and time.monotonic() < deadline:
        app.step([], FRAME_DT_S)
        time.sleep(FRAME_DT_S)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    opponent.send("quick", size="Classic", kind="race", rounds=2)
    while not isinstance(app.state, PlayingState) and time.monotonic() < deadline:
        app.step(pygame.event.get(), FRAME_DT_S)
        time.sleep(FRAME_DT_S)
    if not isinstance(app.state, PlayingState):
        server.stop()
        raise SystemExit("bench_frames.py: the online duel did not start within 10 s")
    state = app.state
    rng = random.Random(args.seed)
    paced = [time.perf_counter()]

    def row() -> tuple[int, ...]:
        code = secret
        while code == secret:
            code = tuple(rng.randrange(state.config.colours) for _ in range(state.config.pegs))
        return code

    def feed(frame: int) -> None:
        wait = paced[0] + FRAME_DT_S - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        paced[0] = time.perf_counter()
        opponent.pump()
        if frame % ONLINE_OPPONENT_EVERY_FRAMES == 0 and len(opponent.view.rows) < state.config.turns:
            opponent.guess(row())
        run = state.run
        if (
            frame % ONLINE_ROW_EVERY_FRAMES
            or run.pending is not None
            or len(run.game.rows) >= state.config.turns
        ):
            return
        for colour in row():
            label = str((colour + 1) % 10)
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0 + int(label), mod=0, unicode=label)
            )
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))

    def report() -> dict:
        view = state.hooks.link.view
        figures = {
            "latency_ms": round(ONLINE_LATENCY_S * 1000),
            "pegs": state.config.pegs,
            "colours": state.config.colours,
            "turns": state.config.turns,
            "rows": len(state.run.game.rows),
            "opponent_rows": len(view.opponent_rows),
            "status": view.status,
            "ended": view.phase == "over",
        }
        opponent.close()
        state.hooks.link.close()
        server.stop()
        return figures

    args.feed = feed
    args.report = report
    args.until = lambda: app.state is not state and not app.state.is_overlay
    return app


SCENARIOS: dict[str, Callable[[argparse.Namespace, GameConfig], App]] = {
    "idle-playing": idle_playing,
    "dragging": dragging,
    "menu": menu,
    "solve": computer_solve,
    "attract": attract,
    "coach": coached,
    "win": win,
    "resize": resizing,
    "online-duel": online_duel,
}
