"""tools/word_openings.py: the game's word opening, the shortlist's and answer openings, each played
over every answer; checked against walks of its own here."""

import json

import pytest

from game.core.config import GameConfig
from game.core.strategies import get
from game.core.strategies.walk import walk
from game.core.variants.words import WordVariant
from game.core.wordlists import code_word, word_lists
from tools import word_openings


def _total(config: GameConfig, name: str) -> tuple[str, int]:
    games = walk(config, get(name).think, word_lists().answers.indices, max_turns=40, complete=True)
    return code_word(games[0].guesses[0]), sum(len(game.guesses) for game in games)


def test_word_openings__reports_each_openings_games_over_every_answer(capsys):
    name = "most-parts-consistent"  # the quickest rule: 0.2 s a sweep
    argv = ["--variant", "words", "--strategy", name, "--top", "1", "--opening", "crane"]
    assert word_openings.main(argv) == 0
    row = json.loads(capsys.readouterr().out)["words"][name]
    game = GameConfig(variant=WordVariant())
    assert (row["game"]["word"], row["game"]["total_guesses"]) == _total(game, name)
    assert row["game"]["answer"] and row["game"]["word"] == WordVariant.opening
    shortlist = word_openings.opening_as(WordVariant, None)
    assert (row["shortlist"]["word"], row["shortlist"]["total_guesses"]) == _total(
        GameConfig(variant=shortlist), name
    )
    crane = word_openings.opening_as(WordVariant, "crane")
    played = {entry["word"]: entry for entry in row["answers_played"]}
    assert len(played) == 2 and played["crane"]["total_guesses"] == _total(GameConfig(variant=crane), name)[1]
    best = min(played.values(), key=lambda entry: (entry["total_guesses"], entry["max"]))
    assert row["answers_best"] == best
    assert row["extra_mean"] == pytest.approx(best["mean"] - row["shortlist"]["mean"], abs=1e-4)


def test_word_openings__refuses_a_word_that_is_not_an_answer(capsys):
    with pytest.raises(SystemExit) as exit_info:
        word_openings.main(["--top", "0", "--opening", "zzzzz"])
    assert exit_info.value.code == 2 and "not one of the answers" in capsys.readouterr().err
