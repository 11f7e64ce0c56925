"""Numbers and words on the menu: Bulls and Cows (4 different digits, bulls and cows), Words
(a 5-letter word graded black and white over its letters) and Word marks (the same words, a mark a
letter). Each is the playing screen's plain game with its variant's config (typed from the keyboard or
the on-screen keyboard of tiles, kept with PLAIN_SAVE like any other game, in its variant's own
statistics bucket); Custom offers them too. This mode adds their menu entries and statistics tabs,
and, beside the computer's colour games, a word for the computer: one the player sets and watches
cracked, or one the player only thinks of and grades by hand (the shared codemaker screen, on Words:
its Shape steps on to Word marks and Bulls and Cows).
"""

from game.core.config import GameConfig
from game.core.variants import Variant
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant
from game.modes.base import MenuEntry, Mode, StatsTab
from game.screens.base import go

# the menu's games: (the variant, what the entry says of it)
GAMES: tuple[tuple[Variant, str], ...] = (
    (BullsAndCowsVariant(), "4 different digits · bulls and cows"),
    (WordVariant(), "a 5-letter word · black and white"),
    (WordMarksVariant(), "a 5-letter word · a mark a letter"),
)

# their statistics buckets (the variants' own), which are their high-score tables too
BUCKETS: tuple[str, ...] = tuple(str(variant.bucket) for variant, _ in GAMES)


def _entry(variant: Variant, detail: str) -> MenuEntry:
    config = GameConfig(variant=variant)
    route = go("new_game", config=config)  # the plain game's (the registry's PLAIN_MODE)
    detail = f"{detail} · {config.turns} turns"
    return MenuEntry(variant.shape_name, detail, route, "Puzzles")


# the computer breaks a word: (label, detail, the codemaker's mode)
MAKER_ENTRIES = (
    ("Your word, cracked", "set a word, watch the computer find it", "make"),
    ("A word you think of", "the computer guesses, you grade", "grade"),
)


def _maker_entry(label: str, detail: str, mode: str) -> MenuEntry:
    route = go("codemaker", mode=mode, config=GameConfig(variant=WordVariant()))
    return MenuEntry(label, detail, route, "Computer")


MODE = Mode(
    id="codes",
    title="Numbers and words",
    entries=(*(_entry(*game) for game in GAMES), *(_maker_entry(*entry) for entry in MAKER_ENTRIES)),
    # Bulls and Cows' tab wears the game's short name (its variant's, as Custom's Board row shows it)
    stats_tabs=(
        StatsTab(BUCKETS[0], label=GAMES[0][0].segment_label),
        StatsTab(BUCKETS[1]),
        StatsTab(BUCKETS[2]),
    ),
    high_scores=BUCKETS,  # a win's table is its statistics bucket (game/screens/play_hooks.py)
)
