"""Kill a running game with SIGKILL at random moments and count the submitted rows it lost.

    python tools/kill_probe.py --kills 100 --seed 1
    python tools/kill_probe.py --writes all

--writes MODE (classic, daily, daily-deduce, deduce, blitz, duel, match, or all): a game one input
from its decision is decided in a child process that kills itself at its k-th database statement
after that input, for k = 1, 2, ... until a child finishes unkilled; after each, the folder is read
as the next start would: the game decided at most once and never still kept, or not decided and
still kept with every row (a Blitz run recorded or still kept). Prints one JSON object per mode.
--decisive: each random kill comes 0-40 ms after a winning row was submitted (the child plays
Classic games whose secret it knows, a few wrong rows then the secret).

Each kill starts a fresh game process (headless, its own data folder) that plays Custom games of
8 pegs x 10 colours (Relaxed: 20 turns, so a game lasts) with seeded random rows typed as a
player types them, playing again after each game. After every frame the child prints the game it
holds: its secret, how many rows were submitted and how many games were decided. The probe kills
it at a random moment and reads the data folder as the next start would: the kept game must hold
every row the child had printed for that secret, and the statistics every game it had decided.
Prints one JSON object: kills, rows the children had submitted, rows lost, decided games lost.
Exit status 0 (1 if anything was lost; 2 for bad arguments).
The children's own code is tools/kill_children.py.
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
from tools.kill_children import COLOURS, DAY, PEGS, child, decisive_child, writes_child  # noqa: E402

SLOT = "classic:Custom"
MAX_KILLS = 10_000
FIRST_LINE_S = 60.0  # the child's first frame, at the latest (a loaded CI machine)
WRITE_MODES = ("classic", "daily", "daily-deduce", "deduce", "blitz", "duel", "match")


def check_writes(mode: str, directory: Path) -> list[str]:
    """What is wrong with `directory` after a `mode` decision was killed (empty: nothing)."""
    from game.modes.blitz.book import load_blitz
    from game.store import Store

    store = Store(directory)
    rows = store.db.execute("SELECT bucket FROM decided").fetchall()
    stats = store.load_stats()
    counted = sum(s.games for s in stats.values())
    problems = []
    if len(rows) > 1:
        problems.append(f"{len(rows)} decisions of one game")
    if counted != sum(1 for (bucket,) in rows if bucket is not None):
        problems.append(f"{counted} games counted for {len(rows)} decisions")
    decided = bool(rows)
    slot = {
        "classic": "classic:Classic",
        "deduce": "deduce",
        "blitz": "blitz",
        "duel": "duel",
        "match": "match",
    }
    kept = store.load_kept()
    if mode in slot and decided == (slot[mode] in kept):
        problems.append("decided and still kept" if decided else "neither decided nor kept")
    if mode in ("daily", "daily-deduce"):
        kind = "daily:Classic" if mode == "daily" else "deduce:4x6"
        attempt = store.attempts(kind).get(DAY)
        if attempt is None or (attempt.state == "decided") != decided:
            problems.append(f"the day's attempt is {attempt and attempt.state} for a game decided={decided}")
        elif not decided and not attempt.game:
            problems.append("the day's attempt lost its game")
    if mode == "blitz" and decided and load_blitz(store).stats.runs != 1:
        problems.append("the Blitz run is decided but not in its record")
    if (
        mode == "match"
        and not decided
        and kept.get("match", {}).get("data", {}).get("match", {}).get("results") is None
    ):
        problems.append("the match lost its rounds")
    return problems


def kill_at_every_write(mode: str) -> dict:
    """Kill a `mode` decision at its 1st, 2nd, ... database statement until one child lives."""
    from game.store import Store

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    figures = {"mode": mode, "kills": 0, "writes": 0, "bad": 0, "problems": []}
    for kill_at in range(1, 200):
        with tempfile.TemporaryDirectory() as folder:
            done = subprocess.run(
                [sys.executable, __file__, "--writes-child", mode, folder, str(kill_at)],
                capture_output=True,
                env=env,
                timeout=FIRST_LINE_S * 4,
            )
            problems = check_writes(mode, Path(folder))
            figures["bad"] += bool(problems)
            figures["problems"] += [f"kill at {kill_at}: {p}" for p in problems]
            if done.returncode == 0:
                figures["writes"] = int(done.stdout.split()[-1])
                if not Store(Path(folder)).db.execute("SELECT 1 FROM decided").fetchone():
                    figures["bad"] += 1
                    figures["problems"].append("the child that lived never decided its game")
                return figures
            figures["kills"] += 1
    return figures


def probe(kills: int, seed: int, decisive: bool = False) -> dict:
    rng = random.Random(seed)
    totals = {
        "kills": kills,
        "rows_submitted": 0,
        "rows_lost": 0,
        "decided_lost": 0,
        "counted_twice": 0,
        "games": 0,
        "killed_before_the_win_showed": 0,  # kills between a winning row's input and its frame's end
    }
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    role = "--decisive-child" if decisive else "--child"
    for kill in range(kills):
        with tempfile.TemporaryDirectory() as folder:
            directory = Path(folder)
            process = subprocess.Popen(
                [sys.executable, __file__, role, str(directory), "--seed", str(seed * 1000 + kill)],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
            )
            if decisive:  # 0-40 ms after the first, second or third winning row
                lines = read_until_killed(process, rng.uniform(0.0, 0.040), wins=rng.randint(1, 3))
            else:
                lines = read_until_killed(process, rng.uniform(0.2, 2.5))
            status = [line for line in lines if line != "WIN"]
            if not status:
                raise SystemExit(f"kill_probe: the game never drew a frame within {FIRST_LINE_S:.0f} s")
            code, rows, over, decided = status[-1].split()
            last_win = max((i for i, line in enumerate(lines) if line == "WIN"), default=-1)
            in_flight = last_win > max(i for i, line in enumerate(lines) if line != "WIN")
            totals["killed_before_the_win_showed"] += in_flight
            lost, lost_decided, twice = check(directory, code, int(rows), int(over), int(decided))
            totals["rows_submitted"] += int(rows)
            totals["rows_lost"] += lost
            totals["decided_lost"] += lost_decided
            totals["counted_twice"] += twice
            totals["games"] += int(decided) + 1
    return totals


def read_until_killed(process: subprocess.Popen, after_s: float, wins: int = 0) -> list[str]:
    """The complete lines the child printed before it was killed `after_s` after its first frame
    (with `wins`, after the line announcing that many winning rows)."""
    buffer = b""
    deadline = time.monotonic() + FIRST_LINE_S * (1 + wins)
    started = None
    while True:
        now = time.monotonic()
        if started is None and (buffer.count(b"WIN\n") >= wins if wins else b"\n" in buffer):
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


def check(directory: Path, code: str, rows: int, over: int, decided: int) -> tuple[int, int, int]:
    """(rows lost, decided games lost, games counted twice) reading `directory` as the next start
    would. The frame the child was killed in may have decided its game after its last line (always
    possible, and likely after a "WIN" line), so up to one more game may be recorded; a
    game counted twice would be one recorded and still kept (its resume would count it again)."""
    from game.core.config import GameConfig
    from game.store import Store

    store = Store(directory)
    stats = store.load_stats().get("Custom")
    recorded = stats.games if stats is not None else 0
    least, most = decided + over, decided + 1
    decided_lost, twice = max(0, least - recorded), max(0, recorded - most)
    save = store.load_kept().get(SLOT)
    turns = GameConfig(PEGS, COLOURS, difficulty="relaxed").turns
    if save is not None and save["data"]["secret"] == code:
        moves = save["data"]["moves"]
        twice += code in (m[1:] for m in moves) or len(moves) >= turns  # a decided game still kept
    if over or rows == 0:
        return 0, decided_lost, twice
    if save is None or save["data"]["secret"] != code:
        # gone from the kept games: only right if the game was decided (and so recorded) after the
        # child's last line, in the frame it was killed in
        return (0 if recorded > decided else rows), decided_lost, twice
    return max(0, rows - len(save["data"]["moves"])), decided_lost, twice


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="kill_probe.py", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--kills", type=number(1, MAX_KILLS), default=10, help="games killed (1 to 10,000; default 10)"
    )
    parser.add_argument("--seed", type=SEED, default=1, help="seeds the moments and the games (0 or more)")
    parser.add_argument("--decisive", action="store_true", help="kill 0-40 ms after a winning row")
    parser.add_argument(
        "--writes", choices=(*WRITE_MODES, "all"), help="kill at every database write of a decision"
    )
    parser.add_argument("--child", type=path_arg, help=argparse.SUPPRESS)
    parser.add_argument("--decisive-child", type=path_arg, help=argparse.SUPPRESS)
    parser.add_argument("--writes-child", nargs=3, help=argparse.SUPPRESS)
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
    if args.decisive_child is not None:
        decisive_child(args.decisive_child, args.seed)
        return 0
    if args.writes_child is not None:
        mode, folder, kill_at = args.writes_child
        writes_child(mode, Path(folder), int(kill_at))
        return 0
    if args.writes is not None:
        bad = 0
        for mode in WRITE_MODES if args.writes == "all" else (args.writes,):
            figures = kill_at_every_write(mode)
            print(json.dumps(figures))
            bad += figures["bad"]
        return 1 if bad else 0
    totals = probe(args.kills, args.seed, args.decisive)
    print(json.dumps(totals))
    return 1 if totals["rows_lost"] or totals["decided_lost"] or totals["counted_twice"] else 0


if __name__ == "__main__":
    sys.exit(main())
