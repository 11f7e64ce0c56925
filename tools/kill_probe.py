"""Kill a running game with SIGKILL at random moments and count the submitted rows it lost.

    python tools/kill_probe.py --kills 100 --seed 1

Each kill starts a fresh game process (headless, its own data folder) that plays Custom games of
8 pegs x 10 colours (Relaxed: 20 turns, so a game lasts) with seeded random rows typed as a
player types them, playing again after each game. After every frame the child prints the game it
holds: its secret, how many rows were submitted and how many games were decided. The probe kills
it at a random moment and reads the data folder as the next start would: the kept game must hold
every row the child had printed for that secret, and the statistics every game it had decided.
Prints one JSON object: kills, rows the children had submitted, rows lost, decided games lost.
Exit status 0 (1 if anything was lost; 2 for bad arguments).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.cli import SEED, OneLineParser, number, path_arg  # noqa: E402

SLOT = "classic:Custom"
PEGS, COLOURS = 8, 10
MAX_KILLS = 10_000
FIRST_LINE_S = 60.0  # the child's first frame, at the latest (a loaded CI machine)


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
    app = App(size=(800, 600), seed=seed, store=Store(directory), start=go("play", config=config))
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


def probe(kills: int, seed: int) -> dict:
    rng = random.Random(seed)
    totals = {"kills": kills, "rows_submitted": 0, "rows_lost": 0, "decided_lost": 0, "games": 0}
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for kill in range(kills):
        with tempfile.TemporaryDirectory() as folder:
            directory = Path(folder)
            process = subprocess.Popen(
                [sys.executable, __file__, "--child", str(directory), "--seed", str(seed * 1000 + kill)],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
            )
            lines = read_until_killed(process, rng.uniform(0.2, 2.5))
            if not lines:
                raise SystemExit(f"kill_probe: the game never drew a frame within {FIRST_LINE_S:.0f} s")
            code, rows, over, decided = lines[-1].split()
            lost, lost_decided = check(directory, code, int(rows), int(over), int(decided))
            totals["rows_submitted"] += int(rows)
            totals["rows_lost"] += lost
            totals["decided_lost"] += lost_decided
            totals["games"] += int(decided) + 1
    return totals


def read_until_killed(process: subprocess.Popen, after_s: float) -> list[str]:
    """The complete lines the child printed before it was killed `after_s` after its first frame."""
    buffer = b""
    deadline = time.monotonic() + FIRST_LINE_S
    started = None
    while True:
        now = time.monotonic()
        if started is None and b"\n" in buffer:
            started = now
        if started is not None and now - started >= after_s:
            break
        if now > deadline or process.poll() is not None:
            break
        ready, _, _ = select.select([process.stdout], [], [], 0.01)
        if ready:
            buffer += os.read(process.stdout.fileno(), 1 << 16)
    process.send_signal(signal.SIGKILL)
    process.wait()
    buffer += process.stdout.read()  # what was already in the pipe when it died
    return [line.decode() for line in buffer.split(b"\n")[:-1]]  # the last piece may be cut short


def check(directory: Path, code: str, rows: int, over: int, decided: int) -> tuple[int, int]:
    """(rows lost, decided games lost) reading `directory` as the next start would."""
    from game.store import Store

    store = Store(directory)
    stats = store.load_stats().get("Custom")
    recorded = stats.games if stats is not None else 0
    decided_lost = max(0, decided + over - recorded)
    if over or rows == 0:
        return 0, decided_lost
    save = store.load_kept().get(SLOT)
    if save is None or save["data"]["secret"] != code:
        # gone from the kept games: only right if the game was decided (and so recorded) after the
        # child's last line, in the frame it was killed in
        return (0 if recorded > decided else rows), decided_lost
    return max(0, rows - len(save["data"]["moves"])), decided_lost


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="kill_probe.py", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--kills", type=number(1, MAX_KILLS), default=10, help="games killed (1 to 10,000; default 10)"
    )
    parser.add_argument("--seed", type=SEED, default=1, help="seeds the moments and the games (0 or more)")
    parser.add_argument("--child", type=path_arg, help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not 1 <= args.kills <= MAX_KILLS:
        parser.error(f"--kills runs from 1 to {MAX_KILLS:,}, not {args.kills}")
    if args.seed < 0:
        parser.error(f"--seed is 0 or more, not {args.seed}")
    if args.child is not None:
        child(args.child, args.seed)
        return 0
    totals = probe(args.kills, args.seed)
    print(json.dumps(totals))
    return 1 if totals["rows_lost"] or totals["decided_lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
