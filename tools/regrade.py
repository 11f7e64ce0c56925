"""Check a sweep's trace with a grader of its own: every grade right, every game won, each secret once.

    python tools/sweep.py --pegs 6 --colours 9 --strategy entropy --all --jobs 2 --trace games.jsonl
    python tools/regrade.py games.jsonl --pegs 6 --colours 9 --all

The grader here is a few lines of plain Python written for this check (black: same colour in the same
place; white: colours in common, counted with multiplicity, less the blacks); it shares no code with
game/ (only the command line's one-line errors, game/cli.py, which grades nothing), so a bug in the
game's grading cannot hide in the trace. For every line of the trace
(tools/sweep.py --trace: {"secret", "guesses", "feedback"}) it checks that each guess and the secret
are codes of the size, that each feedback is the grade of its guess against the secret, that the last
guess is the secret and no earlier one is; with --all, that every code of the size is a secret exactly
once. Prints one JSON object: games, total_guesses, mean, max, histogram, errors (how many games
failed a check) and the first few problems; exit status 1 if any game failed, 2 for bad arguments.

The variants with codes of their own (tools/sweep.py --variant), checked the same way:

    python tools/regrade.py bc.jsonl --pegs 4 --colours 10 --no-repeats --all      # Bulls and Cows
    python tools/regrade.py words.jsonl --pegs 5 --colours 26 --all \
        --secrets assets/words/answers.txt --guesses assets/words/allowed.txt      # words
    python tools/regrade.py marks.jsonl --pegs 5 --colours 26 --marks --all \
        --secrets assets/words/answers.txt --guesses assets/words/allowed.txt      # word-marks

--no-repeats: no code repeats a colour (a digit), and --all means every such code. --marks grades
letter by letter (2 right place, 1 elsewhere, 0 absent: the exact places first, then left to right,
each elsewhere mark using up one unmatched copy of the letter in the secret). --secrets FILE: every
secret is a word of FILE (one a line, a = 0 ... z = 25), and with --all every word of it is a secret
exactly once; --guesses FILE: every guess is a word of FILE.
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import OneLineParser, path_arg  # noqa: E402
from game.cli import number as bounded  # noqa: E402  (a loop below counts with "number")

# Problems quoted in the output (the count covers them all).
SHOWN_PROBLEMS = 5


def grade(guess: list[int], secret: list[int]) -> list[int]:
    black = sum(1 for g, s in zip(guess, secret, strict=True) if g == s)
    common = sum(min(guess.count(colour), secret.count(colour)) for colour in set(guess))
    return [black, common - black]


def marks(guess: list[int], secret: list[int]) -> list[int]:
    """Letter by letter: 2 right place, 1 elsewhere (left to right, while unmatched copies last), 0."""
    out = [2 if g == s else 0 for g, s in zip(guess, secret, strict=True)]
    unmatched = Counter(s for s, mark in zip(secret, out, strict=True) if mark != 2)
    for place, letter in enumerate(guess):
        if out[place] != 2 and unmatched[letter] > 0:
            unmatched[letter] -= 1
            out[place] = 1
    return out


def read_words(path: Path) -> set[tuple[int, ...]]:
    """The words of a list file as codes (a = 0 ... z = 25); ValueError naming a line that is not one."""
    words = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        word = line.strip()
        if not (word.isascii() and word.isalpha() and word.islower()):
            raise ValueError(f"line {number} of {path} is not a lower-case word: {word[:40]!r}")
        words.add(tuple(ord(ch) - ord("a") for ch in word))
    return words


class Rules:
    """What a game of the trace must be: its size and rules (the options, see the docstring)."""

    def __init__(
        self,
        pegs: int,
        colours: int,
        repeats: bool = True,
        by_letter: bool = False,
        secrets: set | None = None,
        guesses: set | None = None,
    ) -> None:
        self.pegs, self.colours, self.repeats = pegs, colours, repeats
        self.grade = marks if by_letter else grade
        self.secrets, self.guesses = secrets, guesses

    def every(self) -> int:
        """How many secrets --all asks for."""
        if self.secrets is not None:
            return len(self.secrets)
        return self.colours**self.pegs if self.repeats else math.perm(self.colours, self.pegs)


def problem_with(game: dict, pegs: int, colours: int, rules: Rules | None = None) -> str | None:
    """Why this game is wrong, or None."""
    rules = rules or Rules(pegs, colours)
    secret, guesses, feedback = game.get("secret"), game.get("guesses"), game.get("feedback")
    codes = [secret, *(guesses or [])]
    for code in codes:
        if (
            not isinstance(code, list)
            or len(code) != pegs
            or not all(isinstance(peg, int) and 0 <= peg < colours for peg in code)
        ):
            return f"not a code of {pegs} pegs and {colours} colours: {code}"
        if not rules.repeats and len(set(code)) != len(code):
            return f"a code repeats a colour in a game without repeats: {code}"
    if rules.secrets is not None and tuple(secret) not in rules.secrets:
        return f"the secret {secret} is not a word of the secrets' list"
    if rules.guesses is not None and any(tuple(guess) not in rules.guesses for guess in guesses or []):
        return f"a guess is not a word of the guesses' list: {guesses}"
    if not guesses or not isinstance(feedback, list) or len(feedback) != len(guesses):
        return f"no guesses, or not one feedback per guess: {game}"
    for turn, (guess, given) in enumerate(zip(guesses, feedback, strict=True), 1):
        if given != rules.grade(guess, secret):
            return f"turn {turn}: {guess} against {secret} is {rules.grade(guess, secret)}, not {given}"
        if guess == secret and turn < len(guesses):
            return f"turn {turn} found {secret} but the game goes on"
    if guesses[-1] != secret:
        return f"never found {secret}"
    return None


def check(lines, pegs: int, colours: int, every: bool, rules: Rules | None = None) -> dict:
    rules = rules or Rules(pegs, colours)
    histogram: Counter[int] = Counter()
    secrets: Counter[tuple[int, ...]] = Counter()
    problems: list[str] = []
    errors = 0
    for number, line in enumerate(lines, 1):
        try:
            game = json.loads(line)
        except (json.JSONDecodeError, RecursionError):  # not JSON, or nested past the parser's depth
            game = None
        problem = problem_with(game, pegs, colours, rules) if isinstance(game, dict) else "not a JSON object"
        if problem is None:
            histogram[len(game["guesses"])] += 1
            secrets[tuple(game["secret"])] += 1
        else:
            errors += 1
            problems.append(f"line {number}: {problem}")
    repeated = sum(count - 1 for count in secrets.values() if count > 1)
    if repeated:
        errors += repeated
        problems.append(f"{repeated} games repeat a secret")
    if every and len(secrets) != rules.every():
        errors += rules.every() - len(secrets)
        problems.append(f"{rules.every() - len(secrets)} codes are never the secret")
    games = sum(histogram.values())
    total = sum(length * count for length, count in histogram.items())
    return {
        "pegs": pegs,
        "colours": colours,
        "games": games,
        "total_guesses": total,
        "mean": round(total / games, 4) if games else None,
        "max": max(histogram, default=None),
        "histogram": {str(length): histogram[length] for length in sorted(histogram)},
        "errors": errors,
        "problems": problems[:SHOWN_PROBLEMS],
    }


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(
        prog="regrade.py",
        usage="%(prog)s [-h] trace --pegs PEGS --colours COLOURS [--all] [--no-repeats] [--marks] "
        "[--secrets FILE] [--guesses FILE]",
        description=__doc__.splitlines()[0],
    )
    # Required, but checked after parsing: argparse would report a missing one before an unknown
    # argument, and the unknown one is the mistake to show.
    parser.add_argument("trace", type=path_arg, nargs="?", help="a tools/sweep.py --trace file (required)")
    parser.add_argument("--pegs", type=bounded(1, 12), help="required")
    parser.add_argument("--colours", type=bounded(2, 26), help="required (26: letters)")
    parser.add_argument("--all", action="store_true", help="every code must be a secret exactly once")
    parser.add_argument("--no-repeats", action="store_true", help="no code repeats a colour (Bulls and Cows)")
    parser.add_argument("--marks", action="store_true", help="grade letter by letter (word-marks)")
    parser.add_argument("--secrets", type=path_arg, metavar="FILE", help="secrets are words of this list")
    parser.add_argument("--guesses", type=path_arg, metavar="FILE", help="guesses are words of this list")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    missing = [
        name
        for name, value in (("trace", args.trace), ("--pegs", args.pegs), ("--colours", args.colours))
        if value is None
    ]
    if missing:
        parser.error(f"the following arguments are required: {', '.join(missing)}")
    if not (1 <= args.pegs <= 12 and 2 <= args.colours <= 26):
        parser.error("--pegs must be from 1 to 12 and --colours from 2 to 26")
    lists = {}
    for name in ("secrets", "guesses"):
        path = getattr(args, name)
        try:
            lists[name] = None if path is None else read_words(path)
        except OSError as exc:
            parser.error(f"cannot read --{name} {path}: {exc.strerror or exc}")
        except (UnicodeDecodeError, ValueError) as exc:
            parser.error(f"cannot read --{name} {path}: {str(exc)[:120]}")
    repeats = not args.no_repeats
    rules = Rules(args.pegs, args.colours, repeats, args.marks, lists["secrets"], lists["guesses"])
    try:
        with args.trace.open(encoding="utf-8") as lines:
            result = check(lines, args.pegs, args.colours, args.all, rules)
    except OSError as exc:
        parser.error(f"cannot read the trace {args.trace}: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        parser.error(f"cannot read the trace {args.trace}: not UTF-8 text (byte {exc.start:,} is not)")
    print(json.dumps(result))
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
