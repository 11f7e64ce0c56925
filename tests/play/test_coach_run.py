"""Coach (game/play/coach.py): the coached game's facts, par and par moves, pumped per frame with a
hand-driven clock; answers always belong to the position last followed."""

from __future__ import annotations

from game.core.config import GameConfig
from game.core.facts import ruled_out_facts, what_we_know
from game.core.par import par, par_move
from game.play.coach import Coach
from game.play.record import GameRecord, Player
from game.tables import load_table

CONFIG = GameConfig(4, 6)
SECRET = (0, 1, 2, 3)


class Clock:
    """A clock that moves on 1 ms each time it is read: a pump call advances its job one step."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def settle(coach: Coach, budget_ms: float = 6.0, frames: int = 100_000) -> int:
    for frame in range(frames):
        if not coach.busy:
            return frame
        coach.update(budget_ms)
    raise AssertionError("the coach never finished")


def test_coach__answers_what_core_answers_for_the_position_followed() -> None:
    table = load_table(4, 6)
    record = GameRecord.new(CONFIG, SECRET).played((0, 0, 1, 1), Player.PLAYER).with_ruled_out(5, True)
    coach = Coach(table, clock=Clock())
    coach.follow(record)
    assert coach.busy and coach.known is None and coach.par is None
    frames = settle(coach)
    assert frames > 3  # spread over frames, never all at once
    history = record.game.history
    assert coach.known == what_we_know(CONFIG, history, ruled_out_facts([5]))
    assert coach.par == par(CONFIG, history, table)
    assert coach.moves == {0: par_move(CONFIG, history, table)} and coach.error is None


def test_coach__a_frame_keeps_to_its_budget() -> None:
    clock = Clock()
    coach = Coach(load_table(4, 6), clock=clock)
    coach.follow(GameRecord.new(CONFIG, SECRET).played((0, 0, 1, 2), Player.PLAYER))
    while coach.busy:
        start = clock.now
        coach.update(budget_ms=4.0)
        # each read moves the clock 1 ms: the budget, one step over it, and the reads around it
        assert clock.now - start <= 0.004 + 0.003 + 1e-9


def test_coach__a_new_row_drops_stale_answers_and_keeps_earlier_moves() -> None:
    coach = Coach(clock=Clock())
    first = GameRecord.new(CONFIG, SECRET).played((0, 0, 1, 1), Player.PLAYER)
    coach.follow(first)
    settle(coach)
    move_0 = coach.moves[0]
    second = first.played((2, 2, 3, 3), Player.PLAYER)
    coach.follow(second)
    assert coach.known is None and coach.par is None and coach.moves == {0: move_0}
    settle(coach)
    assert set(coach.moves) == {0, 1} and coach.moves[0] is move_0
    assert coach.par == par(CONFIG, second.game.history)


def test_coach__new_marks_redo_only_the_facts() -> None:
    coach = Coach(clock=Clock())
    record = GameRecord.new(CONFIG, SECRET).played((4, 4, 5, 5), Player.PLAYER)  # 4 and 5 are not in it
    coach.follow(record)
    settle(coach)
    shown = {f.colour for f in coach.known.facts}
    assert {4, 5} <= shown
    found_par = coach.par
    coach.follow(record.with_ruled_out(4, True))
    assert coach.known is None and coach.par is found_par
    settle(coach)
    assert {f.colour for f in coach.known.facts} == shown - {4}
    coach.follow(record.with_ruled_out(4, True))  # nothing changed: nothing to do
    assert not coach.busy


def test_coach__rows_taken_back_forget_their_moves() -> None:
    coach = Coach(clock=Clock())
    record = GameRecord.new(CONFIG, None).played((0, 0, 1, 1), Player.COMPUTER, (1, 0))
    record = record.played((2, 2, 3, 3), Player.COMPUTER, (0, 1))
    coach.follow(record)
    settle(coach)
    assert set(coach.moves) == {0, 1}
    coach.follow(record.without_last_row())
    settle(coach)
    assert set(coach.moves) == {0}


def test_coach__a_contradictory_grade_is_reported_not_raised() -> None:
    coach = Coach(clock=Clock())
    # hand grades (no secret): the same row graded two ways
    record = GameRecord.new(CONFIG, None).played((0, 0, 1, 1), Player.COMPUTER, (0, 0))
    record = record.played((0, 0, 1, 1), Player.COMPUTER, (1, 0))
    coach.follow(record)
    settle(coach)
    assert coach.error is not None and "grades must be wrong" in coach.error
    assert coach.known is None and coach.par is None


def test_coach__without_par_follows_a_position_by_its_rows_and_works_out_the_facts_only() -> None:
    history = GameRecord.new(CONFIG, SECRET).played((0, 0, 1, 1), Player.PLAYER).game.history
    coach = Coach(clock=Clock(), par=False)
    coach.follow_position(CONFIG, history)
    settle(coach)
    assert coach.known == what_we_know(CONFIG, history)
    assert coach.par is None and coach.moves == {}
    longer = history + GameRecord.new(CONFIG, SECRET).played((2, 3, 4, 5), Player.PLAYER).game.history
    coach.follow_position(CONFIG, longer)
    assert coach.known is None  # the old position's answer is not this one's
    settle(coach)
    assert coach.known == what_we_know(CONFIG, longer) and coach.par is None
