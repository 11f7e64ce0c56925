"""What a word game's opening costs: the game's first guess against others drawn from the answers.

    python tools/word_openings.py                               # both word variants, the four rules
    python tools/word_openings.py --variant words --strategy entropy --top 15
    python tools/word_openings.py --top 0 --opening slate --strategy knuth-consistent

For each listed variant (words, word-marks) and partition rule (entropy, knuth, irving, most-parts by
default; their "-consistent" forms on request) it plays every answer as the secret (a complete walk,
as tools/sweep.py --all does) below several openings, the games below each the rule's own:
- "game": the game's opening (WordVariant.opening where the lists' answers hold it);
- "shortlist": the rule's best of the shipped shortlist (assets/words/first_guesses.txt, weighed
  over every answer: what the game plays with no opening; these are words of the allowed list);
- "answers_played": each of the --top answer words the rule ranks best as a first guess (weighed
  over every answer, ties to the lowest word), and each --opening word; the one with the fewest
  guesses in all (then the lowest worst case, then the lowest word) is "answers_best".
It prints one JSON object: per variant and rule, each opening's word, whether it is an answer, total
guesses, mean and max; "extra_mean": answers_best's mean minus the shortlist's (what the best answer
opening costs a game on average; below 0 it saves), and "game_extra_mean" the game's opening's.
About 1.5 s of CPU per opening played, and 1-3 s per rule to rank the answers (--top above 0).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from game import words  # noqa: E402
from game.cli import OneLineParser, number  # noqa: E402
from game.core import wordlists  # noqa: E402
from game.core.codes import Code, encode  # noqa: E402
from game.core.config import GameConfig  # noqa: E402
from game.core.solver import run  # noqa: E402
from game.core.strategies import get  # noqa: E402
from game.core.strategies.partition import (  # noqa: E402
    largest_part,
    negative_information,
    negative_parts,
    sum_of_squares,
)
from game.core.strategies.walk import walk_played  # noqa: E402
from game.core.variants import VARIANTS, variant_named  # noqa: E402
from game.core.variants.words import WordVariant  # noqa: E402
from game.core.wordlists import ALPHABET  # noqa: E402
from game.core.wordspace import partition_steps  # noqa: E402

# The partition rules of the registry and their criteria (game.core.strategies.partition.make).
CRITERIA = {
    "entropy": negative_information,
    "knuth": largest_part,
    "irving": sum_of_squares,
    "most-parts": negative_parts,
}
RULES = (*CRITERIA, *(f"{name}-consistent" for name in CRITERIA))
MAX_TURNS = 40


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="word_openings.py", description="A word game's opening against the answers'.")
    names = [cls.name for cls in VARIANTS if cls.listed]
    parser.add_argument("--variant", choices=names, action="append", help="a listed variant (default: all)")
    parser.add_argument(
        "--strategy", choices=RULES, action="append", help="a partition rule (default: the four)"
    )
    parser.add_argument("--top", type=number(0, 100), default=5, help="answer openings played per rule")
    parser.add_argument(
        "--opening", type=word, action="append", default=[], help="an answer word to play as well"
    )
    return parser


def word(text: str) -> str:
    """A word of LETTERS lower-case letters a-z (argparse's type: a one-line refusal otherwise)."""
    try:
        wordlists.word_code(text)
    except ValueError:
        text = ""
    if len(text) != wordlists.LETTERS:
        raise argparse.ArgumentTypeError(f"expected a word of {wordlists.LETTERS} letters a-z")
    return text


def opening_as(cls: type[WordVariant], opening: str | None) -> WordVariant:
    """A variant of `cls` that opens with `opening` (None: the rule's choice of the shortlist)."""
    probe = dataclasses.dataclass(frozen=True)(type(f"{cls.__name__}Opening", (cls,), {"opening": opening}))
    return probe()


def play_all(config: GameConfig, rule: str) -> dict:
    """Every answer played by `rule`: its opening and the totals."""
    lists = wordlists.word_lists()
    secrets = lists.answers.indices
    played = walk_played(config, get(rule).think, secrets, 0, MAX_TURNS, complete=True)
    code = tuple(int(v) for v in wordlists.decode_words(played.guesses[:1, 0])[0])
    total = int(played.turns.sum())
    return {
        "word": wordlists.code_word(code),
        "answer": bool(lists.answers.contains(np.asarray(played.guesses[:1, 0]))[0]),
        "total_guesses": total,
        "mean": round(total / secrets.shape[0], 4),
        "max": int(played.turns.max()),
    }


def answer_ranking(config: GameConfig, rule: str) -> list[str]:
    """Every answer as a first guess, best first by the rule's criterion over every answer (ties:
    the lowest word first)."""
    answers = wordlists.word_lists().answers
    codes: list[Code] = [tuple(int(v) for v in row) for row in answers.codes]
    rows = np.vstack([run(partition_steps(config, code)) for code in codes])
    scores = CRITERIA[rule.removesuffix("-consistent")](rows)
    return [wordlists.code_word(codes[i]) for i in np.lexsort((np.arange(len(codes)), scores))]


def measure(variant: str, rule: str, top: int, extra: list[str]) -> dict:
    """One variant and rule: the game's opening, the shortlist's, and the answer openings'."""
    cls = variant_named(variant)
    colours = len(wordlists.ALPHABET)
    game = play_all(GameConfig(colours=colours, variant=cls()), rule)
    shortlist = play_all(GameConfig(colours=colours, variant=opening_as(cls, None)), rule)
    chosen = answer_ranking(GameConfig(colours=colours, variant=cls()), rule)[:top] if top else []
    played = []
    for opening in dict.fromkeys([*chosen, *extra]):
        played.append(play_all(GameConfig(colours=colours, variant=opening_as(cls, opening)), rule))
    result = {"game": game, "shortlist": shortlist, "answers_played": played}
    result["game_extra_mean"] = round(game["mean"] - shortlist["mean"], 4)
    if played:
        best = min(played, key=lambda row: (row["total_guesses"], row["max"], row["word"]))
        result["answers_best"] = best
        result["extra_mean"] = round(best["mean"] - shortlist["mean"], 4)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args: argparse.Namespace = parser.parse_args(argv)
    words.install()
    lists = wordlists.word_lists()
    for opening in args.opening:
        if not lists.answers.contains(encode(np.asarray([wordlists.word_code(opening)]), len(ALPHABET)))[0]:
            parser.error(f"--opening {opening} is not one of the answers")
    report: dict = {"answers": len(lists.answers), "allowed": len(lists.allowed), "top": args.top}
    for variant in args.variant or [cls.name for cls in VARIANTS if cls.listed]:
        rules = args.strategy or list(CRITERIA)
        report[variant] = {rule: measure(variant, rule, args.top, args.opening) for rule in rules}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
