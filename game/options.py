"""The game's command line: its parser, and the game it asks to start straight into.

Pure standard library and game.core (no pygame), like game/cli.py whose OneLineParser it builds on:
every value is checked before a window opens, and a mistake is one line and exit status 2. Numbers
are the ASCII digits 0-9 only (not "٣" or "１０２４", which int() would take) and within a bound (PEGS
and COLOURS are the tools' types too), "--" is no option's value, and a bad value is quoted back at
most cli.MAX_SHOWN_CHARS long.
"""

from __future__ import annotations

import argparse

from game.cli import SEED, OneLineParser, number, shown
from game.core.config import (
    MAX_COLOURS,
    MAX_PEGS,
    MIN_COLOURS,
    MIN_PEGS,
    PRESETS,
    ConfigError,
    GameConfig,
    preset,
)
from game.core.grid import parse_shape
from game.core.variants import GridVariant

PEGS = number(MIN_PEGS, MAX_PEGS, "pegs")  # the types of --pegs and --colours (the tools' too)
COLOURS = number(MIN_COLOURS, MAX_COLOURS, "colours")
MAX_FRAMES = 10**9  # --frames: about six months at 60 frames a second
MIN_SIZE = (640, 480)  # layouts are never asked for less: a smaller window shows part of a canvas this big
MAX_SIZE = (4096, 4096)  # each full-window surface at 16384 x 16384 costs a gigabyte; 4096 covers 4K screens


def window_size(text: str) -> tuple[int, int]:
    """An argparse type: WIDTHxHEIGHT in ASCII digits, from MIN_SIZE to MAX_SIZE (tools share it)."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        raise argparse.ArgumentTypeError(f"size is WIDTHxHEIGHT such as 1024x720, not {shown(text)}")
    w, h = (int(part) for part in parts)
    if w < MIN_SIZE[0] or h < MIN_SIZE[1] or w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(
            f"size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}, not {text}"
        )
    return (w, h)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="mastermind", description="An arcade-style Mastermind: break the code with mouse or keyboard."
    )
    parser.add_argument(
        "--frames", type=number(1, MAX_FRAMES), help="quit by itself after N frames (smoke tests)"
    )
    parser.add_argument("--seed", type=SEED, help="seed for secrets (same seed, same game)")
    parser.add_argument(
        "--size", type=window_size, help="window size WxH (default: the last one, else 1024x720)"
    )
    parser.add_argument("--preset", help="start straight into a preset game: easy, classic, super, expert")
    parser.add_argument(
        "--pegs", type=PEGS, help=f"start a game with this many pegs ({MIN_PEGS}..{MAX_PEGS})"
    )
    parser.add_argument(
        "--colours",
        type=COLOURS,
        help=f"start a game with this many colours ({MIN_COLOURS}..{MAX_COLOURS})",
    )
    parser.add_argument("--difficulty", choices=["relaxed", "classic", "tight"], help="turn limit rule")
    parser.add_argument("--grid", help="start a grid game of RxC cells (2x2, 3x3...): black, grey, white")
    parser.add_argument(
        "--no-duplicates", action="store_true", help="a secret never uses a colour twice (nor may guesses)"
    )
    parser.add_argument("--no-symbols", action="store_true", help="colour only, no symbols on pegs")
    parser.add_argument(
        "--serve",
        action="store_true",
        help="run the game server instead of the game (first argument; then mastermind-server's options)",
    )
    about = parser.add_mutually_exclusive_group()
    about.add_argument("--version", action="store_true", help="print the version and exit")
    about.add_argument(
        "--check-assets",
        action="store_true",
        help="print one JSON line counting the sounds, strategy tables and icons found and naming any "
        "missing; exit 1 if one is",
    )
    return parser


def settings_from_args(args: argparse.Namespace) -> dict[str, object]:
    """The settings the command line sets for this run (they win over the stored ones)."""
    settings: dict[str, object] = {}
    if args.no_symbols:
        settings["symbols"] = False
    if args.size:
        settings["fullscreen"] = False  # a size asked for is a window's size
    return settings


def config_from_args(args: argparse.Namespace) -> GameConfig | None:
    """The game to start straight into, or None for the menu; raises ConfigError when impossible."""
    grid = getattr(args, "grid", None)
    if grid is not None:
        return _grid_config(args)
    if args.preset is None and args.pegs is None and args.colours is None and args.difficulty is None:
        if args.no_duplicates:
            raise ConfigError("--no-duplicates needs --preset or --pegs/--colours")
        return None
    if args.pegs is not None and not MIN_PEGS <= args.pegs <= MAX_PEGS:  # GameConfig reads 0 as "default"
        raise ConfigError(f"pegs must be a whole number from {MIN_PEGS} to {MAX_PEGS}, not {args.pegs}")
    base = _preset_config(args) if args.preset is not None else GameConfig()
    return GameConfig(
        pegs=args.pegs if args.pegs is not None else base.pegs,
        colours=args.colours if args.colours is not None else base.colours,
        duplicates=base.duplicates and not args.no_duplicates,
        difficulty=args.difficulty or base.difficulty,
    )


def _grid_config(args: argparse.Namespace) -> GameConfig:
    """The grid game of --grid RxC: its cells are its pegs, so --preset and --pegs conflict."""
    given = [f"--{flag}" for flag in ("preset", "pegs") if getattr(args, flag) is not None]
    if given:
        raise ConfigError(f"--grid sets the cells itself; drop {' and '.join(given)}")
    try:
        variant = GridVariant(*parse_shape(args.grid))
    except ValueError as error:  # a VariantError (sides, cells) is one too
        raise ConfigError(f"--grid: {error}") from None
    return GameConfig(
        colours=args.colours if args.colours is not None else GameConfig().colours,
        duplicates=not args.no_duplicates,
        difficulty=args.difficulty or "classic",
        variant=variant,
    )


def _preset_config(args: argparse.Namespace) -> GameConfig:
    """The config of --preset; a preset fixes size and turns, so --pegs/--colours/--difficulty conflict."""
    names = ", ".join(p.name.lower() for p in PRESETS)
    name = args.preset.strip()
    if not name or name.lower() == "custom":
        raise ConfigError(
            f"--preset takes one of {names}; for any other game give --pegs, --colours and --difficulty"
        )
    given = [f"--{flag}" for flag in ("pegs", "colours", "difficulty") if getattr(args, flag) is not None]
    if given:
        raise ConfigError(
            f"--preset {name} sets pegs, colours and difficulty itself; drop {' and '.join(given)} "
            "or drop --preset"
        )
    try:
        return preset(name).config()
    except ConfigError:
        raise ConfigError(f"no preset called {shown(name)}; choose one of {names}") from None
