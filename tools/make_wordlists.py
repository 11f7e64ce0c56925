"""Make the word variants' lists, assets/words/answers.txt and allowed.txt, byte for byte.

    python tools/make_wordlists.py                 # rewrite assets/words/answers.txt and allowed.txt
    python tools/make_wordlists.py --check         # exit 1 if the committed files differ
    python tools/make_wordlists.py --out DIR       # write them into DIR instead
    python tools/make_wordlists.py --first-guesses # then the first words worth weighing per variant

Needs two packages that are NOT dependencies of the game (the game reads the files it writes):
`pip install -e '.[wordlists]'`: wordfreq==3.1.1 and english-words==2.0.2 (in the development
virtualenv), pinned because a new version may rank words otherwise.
- allowed.txt, the words a guess may be: every five-letter word of english-words' "web2" list
  (Webster's Second International, public domain; the package is MIT) written there in lower case,
  plus every five-letter word that wordfreq rates at least ALLOWED_ZIPF
  (common inflected forms, "years", that a dictionary's headwords leave out), plus the answers.
- answers.txt, the secrets: the ANSWERS words of web2's five-letter headwords that wordfreq (Apache-2.0
  code; data CC-BY-SA 4.0) rates most frequent in English, leaving out every word of
  assets/words/blocklist.txt (offensive words, our own list), every word that is also an entry with a
  capital (a name: "Henry"), every word of assets/words/names.txt (names, places and brands that web2
  lists only in lower case, as some rare noun, so no capitalisation test finds them: "abbas", "arjun";
  wordfreq folds case away, and english-words' other list, gcide, capitalises most of its words, so
  neither package tells; our own list) and every contraction written without its apostrophe ("didnt").
Both files are sorted, one word a line, lower-case a-z, ending in a newline. english-words was
chosen for the allowed list because its licence (MIT, over a public-domain word list) asks nothing
of a game that ships a list derived from it; wordfreq's frequencies are CC-BY-SA 4.0, so the answers
list carries that licence and its attribution (assets/words/LICENCE-wordfreq.txt, README.md).
- first_guesses.txt (--first-guesses, from the two lists and the game's own code, no package needed):
  per word variant, the allowed words best as a first guess by each criterion the strategies use,
  weighed over every answer (about 3 s a variant here), so a word game's first guess weighs a dozen
  words, not 11,000 (game/core/wordspace.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from game import words  # noqa: E402
from game.cli import OneLineParser, path_arg  # noqa: E402
from game.core import wordlists  # noqa: E402
from game.core.config import GameConfig  # noqa: E402
from game.core.solver import run  # noqa: E402
from game.core.strategies import partition  # noqa: E402
from game.core.variants import VARIANTS  # noqa: E402
from game.core.wordspace import partition_steps  # noqa: E402

WORDS_DIR = Path(__file__).resolve().parent.parent / "assets" / "words"
LETTERS = 5
ANSWERS = 2_000  # secrets: the most frequent headwords (Wordle's answer list is about 2,300)
ALLOWED_ZIPF = 2.5  # wordfreq's Zipf scale: 2.5 is about once per 300 million words
FILES = ("answers.txt", "allowed.txt")
PACKAGES = ("wordfreq", "english_words")


def _plain(word: str) -> bool:
    return len(word) == LETTERS and word.isascii() and word.isalpha() and word.islower()


def _contraction(word: str, zipf) -> bool:
    """Whether `word` is more often written with an apostrophe in it ("thats", "youve")."""
    alone = zipf(word, "en")
    return any(zipf(f"{word[:i]}'{word[i:]}", "en") > alone for i in range(1, len(word)))


def read_words(name: str, directory: Path = WORDS_DIR) -> set[str]:
    """The words of one of our own lists (`name` in `directory`): one a line, # comments."""
    text = (directory / name).read_text(encoding="utf-8")
    return {line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")}


def read_blocklist(directory: Path = WORDS_DIR) -> set[str]:
    """The offensive words never drawn as a secret: blocklist.txt."""
    return read_words("blocklist.txt", directory)


def read_names(directory: Path = WORDS_DIR) -> set[str]:
    """The proper nouns never drawn as a secret that no capitalisation test finds: names.txt."""
    return read_words("names.txt", directory)


def make_lists(blocked: set[str]) -> tuple[list[str], list[str]]:
    """(answers, allowed), each sorted: see the module docstring (`blocked`: our own lists' words)."""
    from english_words import get_english_words_set
    from wordfreq import top_n_list, zipf_frequency

    entries = get_english_words_set(["web2"], lower=False, alpha=False)
    headwords = {w for w in entries if _plain(w)}
    # a secret is no name ("Henry" is an entry too) and no contraction written without its apostrophe
    # ("didnt": wordfreq knows "didn't" better)
    names = {w for w in headwords if w.capitalize() in entries}
    contractions = {w for w in headwords if _contraction(w, zipf_frequency)}
    secrets = headwords - blocked - names - contractions
    ranked = sorted(secrets, key=lambda w: (-zipf_frequency(w, "en"), w))
    answers = sorted(ranked[:ANSWERS])
    common = {w for w in top_n_list("en", 200_000) if _plain(w) and zipf_frequency(w, "en") >= ALLOWED_ZIPF}
    allowed = sorted(headwords | common | set(answers))
    return answers, allowed


def texts(directory: Path = WORDS_DIR) -> dict[str, str]:
    """The files' contents as the tool writes them, by name."""
    answers, allowed = make_lists(read_blocklist(directory) | read_names(directory))
    return {"answers.txt": "\n".join(answers) + "\n", "allowed.txt": "\n".join(allowed) + "\n"}


# The first words kept per variant and criterion: every word tied with the best, and at least this many.
FIRST_GUESSES_KEPT = 4
# The criteria of the partition strategies (knuth, irving, entropy, most-parts)
CRITERIA = (
    partition.largest_part,
    partition.sum_of_squares,
    partition.negative_information,
    partition.negative_parts,
)


def first_guesses_text(directory: Path = WORDS_DIR) -> str:
    """first_guesses.txt as the tool writes it, from the lists in `directory` (no package needed):
    for every listed variant, the allowed words best by each partition criterion the strategies use
    (game.core.strategies.partition), weighed over every answer; alphabetical, one variant a line.
    The lists installed before (the game's) are installed again afterwards."""
    lists = words.load(directory)
    lists = wordlists.WordLists(lists.answers, lists.allowed, {})  # weigh every allowed word
    previous = wordlists.source()
    wordlists.install(lambda: lists)
    try:
        lines = [
            "# The first guesses worth weighing per word variant: tools/make_wordlists.py --first-guesses"
        ]
        codes = [tuple(int(v) for v in row) for row in lists.allowed.codes]
        for cls in (cls for cls in VARIANTS if cls.listed):
            config = GameConfig(variant=cls())
            rows = np.vstack([run(partition_steps(config, code)) for code in codes])
            kept: set[int] = set()
            for criterion in CRITERIA:
                scores = criterion(rows)
                tied = np.flatnonzero(scores <= partition._tie_limit(scores.min(), criterion))
                kept.update(int(i) for i in tied)
                kept.update(int(i) for i in np.lexsort((np.arange(len(codes)), scores))[:FIRST_GUESSES_KEPT])
            lines.append(f"{cls.name}: " + " ".join(wordlists.code_word(codes[i]) for i in sorted(kept)))
    finally:
        if previous is not None:  # the game's own lists again (read afresh: installing clears the cache)
            wordlists.install(previous)
    return "\n".join(lines) + "\n"


def build_parser() -> OneLineParser:
    parser = OneLineParser(
        prog="make_wordlists.py", description="Make assets/words/ answers and allowed lists."
    )
    parser.add_argument(
        "--out", type=path_arg, default=None, help="write into this folder (default assets/words)"
    )
    parser.add_argument(
        "--check", action="store_true", help="only compare with the files there; exit 1 if they differ"
    )
    parser.add_argument(
        "--first-guesses", action="store_true", help="only (re)write first_guesses.txt from the lists there"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    out = args.out or WORDS_DIR
    if args.first_guesses:
        (out / "first_guesses.txt").write_text(first_guesses_text(out), encoding="utf-8", newline="\n")
        print(f"first_guesses.txt written in {out}")
        return 0
    try:
        made = texts()
    except ImportError as exc:
        print(f"make_wordlists.py: needs {', '.join(PACKAGES)}: {exc}", file=sys.stderr)
        return 2
    if args.check:
        differ = [name for name, text in made.items() if (out / name).read_text(encoding="utf-8") != text]
        print("differ: " + ", ".join(differ) if differ else "the files match")
        return 1 if differ else 0
    out.mkdir(parents=True, exist_ok=True)
    for name, text in made.items():
        (out / name).write_text(text, encoding="utf-8", newline="\n")
    counts = {name: text.count("\n") for name, text in made.items()}
    print(", ".join(f"{name}: {count} words" for name, count in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
