"""The post-game analysis overlay, driven through the real app with real events."""

import re
from dataclasses import replace

import pygame

from game.core.codes import score
from game.core.config import GameConfig
from game.core.postgame import OPTIMAL_SOURCE, PostGame, RowReport
from game.core.state import Guess, apply_move, new_game
from game.screens.analysis import AnalysisOverlay, row_cells, summary_lines
from game.screens.result import ResultState
from game.tables import load_table
from tests.screens.driver import click, make_app, press_key, record_of, settle, text_spy


def finished_game(config, secret, guesses):
    game = new_game(config, secret)
    for guess in guesses:
        game = apply_move(game, Guess(guess))
    return game


def open_overlay(game, size=(1024, 720)):
    """The result screen, then its Analysis button clicked with real mouse events."""
    app = make_app(size=size, start=ResultState(record_of(game, 61.0)))
    settle(app, 2.0)  # the win lands before the buttons work
    click(app, app.state.layout().button_rect("analysis").center)
    for _ in range(600):  # frames; the analysis is pumped a few ms per frame
        app.step([], 1 / 60)
        if app.state.result is not None:
            break
    return app


def test_analysis_overlay__shows_rows_against_the_optimal_table_and_pops_on_escape():
    secret = (3, 1, 4, 5)
    game = finished_game(GameConfig(4, 6), secret, [(0, 0, 1, 1), (2, 2, 3, 3), (4, 5, 1, 3), secret])
    app = open_overlay(game)
    overlay = app.state
    assert isinstance(overlay, AnalysisOverlay)
    result = overlay.result
    assert [r.possible_before for r in result.rows][:2] == [1296, 256]
    assert result.rows[0].best_guess == load_table(4, 6).moves[()]
    assert result.optimal_guesses == len(load_table(4, 6).play(secret))
    assert overlay.pump.calls >= 1  # pumped frame by frame, not run in one go
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, ResultState)


def test_analysis_overlay__while_it_weighs_it_names_a_row_of_the_game():
    """The note over the empty table counts the game's rows ("row 3 of 13"), never the work units of
    the codes it lists and weighs."""
    config = GameConfig(5, 8)
    secret = (7, 7, 7, 6, 5)
    game = finished_game(config, secret, [(0, 0, 0, 0, 0)] * config.turns)
    app = make_app(size=(640, 480), start=ResultState(record_of(game, 61.0)))
    settle(app, 2.0)
    click(app, app.state.layout().button_rect("analysis").center)
    notes = []
    for _ in range(40):
        shown = text_spy(app)
        app.step([], 1 / 60)
        del app.text.draw
        notes += [line for line in shown if line.startswith("Weighing")]
    assert notes
    for note in notes:
        row, rows = map(int, re.fullmatch(r"Weighing row (\d+) of (\d+)\.\.\.", note).groups())
        assert rows == config.turns and 1 <= row <= rows


def test_analysis_overlay__close_button_pops_at_the_smallest_window():
    secret = (2, 1, 0)
    game = finished_game(GameConfig(3, 4), secret, [(0, 0, 0), (1, 1, 1), secret])
    app = open_overlay(game, size=(640, 480))
    close = app.state.layout().close
    assert app.surface.get_rect().contains(close)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=close.center, button=1))
    app.step(None, 1 / 60)
    assert isinstance(app.state, ResultState)


def test_row_cells__and_summary_say_what_the_numbers_are():
    row = RowReport(
        0,
        (0, 0, 1, 1),
        score((0, 0, 1, 1), (1, 2, 3, 4)),
        1296,
        256,
        False,
        256,
        204.54,
        (0, 0, 1, 2),
        OPTIMAL_SOURCE,
        276,
        276,
        185.27,
        guess_to_finish=4.4312,
        best_to_finish=5625 / 1296,
        best_exact=True,
    )
    assert row_cells(row) == {"row": "1", "left": "1,296 to 256", "finish": "~4.43 / 4.34"}
    assert row_cells(replace(row, guess_to_finish=None))["finish"] == "-"
    result = PostGame((row,), 5, True, 4, OPTIMAL_SOURCE)
    lines = summary_lines(result)
    assert lines[0] == "Optimal play needs 4 guesses for this code from the start; you took 5 (1 more)."
    assert lines[1] == "Best guess from the optimal table."
    lost = PostGame((row,), 8, False, 4, "entropy")
    assert summary_lines(lost)[0] == "The strongest strategy (entropy) needs 4 guesses."


def test_result_screen__a_key_opens_the_analysis_and_escape_returns():
    secret = (1, 1, 2)
    game = finished_game(GameConfig(3, 4), secret, [(0, 1, 2), secret])
    app = make_app(start=ResultState(record_of(game, 12.0)))
    settle(app, 2.0)
    press_key(app, pygame.K_a)
    assert isinstance(app.state, AnalysisOverlay)
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, ResultState)


def test_analysis_overlay__card_fits_its_content_and_draws_the_whole_footnote():
    secret = (3, 1, 4, 5)
    game = finished_game(GameConfig(4, 6), secret, [(0, 0, 1, 1), (2, 2, 3, 3), secret])
    long_game = finished_game(
        GameConfig(4, 6),
        (5, 5, 4, 3),
        [(0, 0, 1, 1), (0, 1, 2, 2), (1, 0, 3, 3), (2, 3, 0, 4), (3, 4, 4, 5), (4, 2, 5, 5), (5, 5, 4, 3)],
    )
    for played, size in ((game, (1920, 1080)), (game, (1024, 720)), (long_game, (640, 480))):
        app = open_overlay(played, size)
        overlay = app.state
        layout = overlay.layout()
        card, title, table = layout.card, layout.title, layout.table
        footer, close = layout.footer, layout.close
        assert app.surface.get_rect().contains(card) and card.contains(close)
        assert title.bottom <= table.y and table.bottom <= footer.y and footer.bottom <= close.y
        lines = overlay._footer_lines(footer.w)
        assert sum(app.text.font(px).get_linesize() for _, px, _ in lines) <= footer.h + 2
        assert min(px for _, px, _ in lines) >= 16  # a readable footnote at every size
        drawn = text_spy(app)
        overlay.draw(app.surface)
        assert all(line in drawn for line, _, _ in lines), size  # every footer line is drawn
        if played is game:  # a short game: the card is as tall as its content, not the window
            assert card.h < app.surface.get_height() * 0.8


def test_analysis_overlay__a_long_game_in_a_small_window_scrolls_through_every_row():
    import random

    rng = random.Random(1)
    config = GameConfig(6, 9, difficulty="relaxed")
    secret = tuple(rng.randrange(9) for _ in range(6))
    guesses = [tuple(rng.randrange(9) for _ in range(6)) for _ in range(config.turns - 1)] + [secret]
    game = finished_game(config, secret, guesses)
    app = open_overlay(game, size=(640, 480))
    overlay = app.state
    assert overlay.result is not None
    layout = overlay.layout()
    rows = len(game.rows)
    assert 3 <= layout.visible < rows  # not all rows fit: some are shown, the rest are scrolled to
    assert layout.table.bottom <= layout.footer.y <= layout.close.y and layout.footer.h > 0
    seen = text_spy(app)
    for scroll in [None] + [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)] * rows:
        if scroll is not None:
            pygame.event.post(scroll)
        app.step(None, 1 / 60)
    assert overlay.first == rows - layout.visible  # the wheel stops at the last row
    press_key(app, pygame.K_PAGEUP)
    assert overlay.first == max(0, rows - 2 * layout.visible)
    press_key(app, pygame.K_UP)
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_DOWN)
    up_then_two_down = min(rows - layout.visible, max(0, rows - 2 * layout.visible - 1) + 2)
    assert overlay.first == up_then_two_down
    row_numbers = {line for line in seen if line.isdigit()}
    assert row_numbers >= {str(n) for n in range(1, rows + 1)}  # every row was drawn at some point


def test_summary_lines__say_where_grades_given_by_hand_leave_no_code():
    fits = RowReport(0, (0, 0, 1, 1), score((0, 0, 1, 1), (1, 2, 3, 4)), 1296, 256, False)
    dead = RowReport(1, (2, 2, 3, 3), score((2, 2, 3, 3), (1, 2, 3, 4)), 0, 0, False)
    lines = summary_lines(PostGame((fits, dead), 2, False, None, ""))
    assert "From row 2 no code fits the grades given: those rows have nothing to weigh." in lines
    assert not any("no code fits" in line for line in summary_lines(PostGame((fits,), 1, False, None, "")))


def test_analysis_overlay__marks_only_estimates_with_a_tilde():
    """Through the real app: a row with few codes left before it shows its figures exact (no "~"),
    a row with many, off the optimal table's path, shows them as estimates."""
    from game.core.tofinish import EXACT_CODES

    config = GameConfig(4, 6)
    secret = (3, 1, 4, 5)
    game = finished_game(config, secret, [(0, 1, 2, 3), (1, 3, 5, 4), (3, 4, 4, 5), secret])
    app = open_overlay(game)
    overlay = app.state
    rows = overlay.result.rows
    assert rows[0].possible_before > EXACT_CODES >= min(r.possible_before for r in rows)
    shown = text_spy(app)
    app.draw()
    del app.text.draw
    for report in rows:
        cell = row_cells(report)["finish"]
        assert cell in shown
        assert ("~" in cell) == (report.possible_before > EXACT_CODES and not report.guess_exact)
        if report.possible_before <= EXACT_CODES:
            assert "~" not in cell and report.guess_exact and report.best_exact
