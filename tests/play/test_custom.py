"""CustomChoices (game/play/custom.py): the Custom game's choices and their rules, without a screen."""

from __future__ import annotations

import itertools

import pytest

from game.core.config import MAX_COLOURS, MAX_PEGS, MIN_COLOURS, MIN_PEGS, GameConfig
from game.core.variants import GridVariant, RowVariant
from game.core.variants.bullscows import BullsAndCowsVariant
from game.play.custom import DIFFICULTIES, SHAPES, CustomChoices


def choices_from(config: GameConfig) -> CustomChoices:
    choices = CustomChoices()
    choices.take_choices(config)
    return choices


def test_custom__every_mix_builds_its_own_game_or_says_why_not():
    choices = choices_from(GameConfig(6, 6))
    refused = 0
    for shape, colours, duplicates, difficulty in itertools.product(
        SHAPES, range(MIN_COLOURS, MAX_COLOURS + 1), (True, False), DIFFICULTIES
    ):
        choices.shape, choices.colours = shape, colours
        choices.duplicates, choices.difficulty = duplicates, difficulty
        config, problem = choices.config(), choices.problem()
        if config is None:
            refused += 1
            assert problem  # Start is disabled with a reason, never silently
            continue
        assert problem is None
        chosen = (config.variant, config.colours, config.duplicates, config.difficulty, config.pegs)
        # Bulls and Cows and the word games play their own symbols and repeats rule, whatever was stepped
        own_colours = colours if shape.fixed_colours is None else shape.fixed_colours
        own_duplicates = duplicates if shape.fixed_duplicates is None else shape.fixed_duplicates
        assert chosen == (shape.with_pegs(6), own_colours, own_duplicates, difficulty, choices.cells)
        assert choices.row_enabled("colours") is (shape.fixed_colours is None)
    assert refused  # some mixes are not offered (no repeats with too few colours, big grids)


def test_custom__a_mix_the_game_does_not_offer_gives_gameconfigs_reason():
    choices = choices_from(GameConfig(6, 6))
    choices.change_choice("colours", -1)
    choices.change_choice("duplicates", +1)
    assert choices.config() is None and "at least 6 colours" in choices.problem()
    choices.change_choice("duplicates", +1)
    choices.choose("shape", SHAPES.index(GridVariant(3, 3)))
    assert choices.config() is None and "3x3 grid with 5 colours" in choices.problem()
    choices.change_choice("colours", -1)
    assert choices.config() == GameConfig(colours=4, variant=GridVariant(3, 3))


def test_custom__a_grid_keeps_the_rows_pegs_aside_and_refuses_to_change_its_cells():
    choices = choices_from(GameConfig(7, 8))
    choices.choose("shape", SHAPES.index(GridVariant(3, 3)))
    assert choices.cells == 9 and not choices.row_enabled("pegs")
    assert choices.change_choice("pegs", +1) is False and choices.pegs == 7
    choices.choose("shape", SHAPES.index(RowVariant(4)))  # the row, whatever its pegs
    assert choices.row_enabled("pegs") and choices.change_choice("pegs", +1) and choices.pegs == 8
    assert choices.config() == GameConfig(8, 8)


@pytest.mark.parametrize(
    "name, low, high", [("pegs", MIN_PEGS, MAX_PEGS), ("colours", MIN_COLOURS, MAX_COLOURS)]
)
def test_custom__steppers_stop_at_the_limits(name: str, low: int, high: int):
    choices = choices_from(GameConfig())
    for _ in range(MAX_PEGS + MAX_COLOURS):
        choices.change_choice(name, +1)
    assert getattr(choices, name) == high
    for _ in range(MAX_PEGS + MAX_COLOURS):
        choices.change_choice(name, -1)
    assert getattr(choices, name) == low


def test_custom__shape_and_turns_rule_step_within_their_options_and_repeats_flip():
    choices = choices_from(GameConfig(difficulty="relaxed"))
    choices.change_choice("difficulty", -1)
    assert choices.difficulty is DIFFICULTIES[0]
    for _ in range(len(DIFFICULTIES) + 1):
        choices.change_choice("difficulty", +1)
    assert choices.difficulty is DIFFICULTIES[-1]
    for _ in range(len(SHAPES) + 1):
        choices.change_choice("shape", +1)
    assert choices.shape == SHAPES[-1]
    before = choices.duplicates  # the last shape (word marks) fixes repeats: the toggle refuses
    assert choices.change_choice("duplicates", +1) is False and choices.duplicates is before
    choices.choose("shape", 0)
    choices.change_choice("duplicates", +1)
    assert choices.duplicates is not before


def test_custom__a_grid_setup_does_not_offer_is_taken_as_a_row():
    choices = choices_from(GameConfig(colours=4, variant=GridVariant(3, 2)))  # legal, but not one of SHAPES
    assert choices.shape == SHAPES[0] and choices.config() == GameConfig(6, 4)  # its 6 cells as a row


def test_custom__bulls_and_cows_steps_its_digits_within_three_to_five() -> None:
    choices = choices_from(GameConfig(7, 8))
    choices.choose("shape", next(i for i, shape in enumerate(SHAPES) if shape.name == "bulls-and-cows"))
    assert choices.cells == 4  # the row's 7 pegs are not Bulls and Cows' to play
    assert choices.change_choice("pegs", +1) and choices.cells == 5
    assert choices.change_choice("pegs", +1) is False and choices.cells == 5
    for _ in range(2):
        choices.change_choice("pegs", -1)
    assert choices.cells == 3 and choices.change_choice("pegs", -1) is False and choices.cells == 3
    assert choices.config() == GameConfig(variant=BullsAndCowsVariant(3))
