"""The pure rooms: races and codemaker matches played by hand with a known secret and an explicit
clock, the hold for a dropped player, flags, and a hypothesis state machine that throws any sequence
of joins, guesses, drops, returns, claims, leaves and waits at them and checks the invariants."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from game.core.codes import score
from game.core.config import preset
from game.core.match import round_points
from game.server.rooms import FORGET_S, HOLD_S, RoomError, Rooms

SECRET = (1, 2, 3, 4)


def fixed_rooms(secret=SECRET, hold_s: float = HOLD_S) -> Rooms:
    invites = (f"AB{n:03d}".replace("0", "C").replace("1", "D") for n in itertools.count())
    return Rooms(
        make_code=lambda pegs, colours: secret[:pegs], make_invite=lambda: next(invites), hold_s=hold_s
    )


def events(rooms: Rooms, player: str) -> list[dict]:
    return [event for _, event in rooms.events_after(player, 0)]


def kinds(rooms: Rooms, player: str) -> list[str]:
    return [event["kind"] for event in events(rooms, player)]


def race(rooms: Rooms, size: str = "Classic", now: float = 0.0) -> None:
    invite = rooms.create("a", "Ann", size, "race", 2, now)
    rooms.join("b", "Bob", invite, now)


def test_rooms__race_first_to_crack_wins_and_the_secret_is_told_only_at_the_end():
    rooms = fixed_rooms()
    race(rooms)
    assert rooms.guess("a", [1, 1, 2, 2], 1.0) == tuple(score((1, 1, 2, 2), SECRET))
    rooms.guess("b", [1, 2, 3, 4], 2.0)
    for player in "ab":
        seen = events(rooms, player)
        assert seen[-1]["kind"] == "over" and seen[-1]["winner"] == 1 and seen[-1]["secret"] == list(SECRET)
        assert all("secret" not in event for event in seen[:-1])
    opponent_rows = [e for e in events(rooms, "b") if e["kind"] == "opponent_row"]
    assert opponent_rows == [{"kind": "opponent_row", "row": 1, "grade": list(score((1, 1, 2, 2), SECRET))}]
    [result] = rooms.take_finished()
    assert result["winner"] == 1 and result["reason"] == "cracked" and result["rows"] == [1, 1]
    assert rooms.rooms == {} and rooms.room_of == {}


@pytest.mark.parametrize(
    "a_rows, b_rows",
    [
        ([(1, 1, 1, 1)], [(2, 2, 2, 2)]),  # 1B0W each: a draw
        ([(1, 2, 0, 0)], [(4, 3, 2, 1)]),  # 2B0W beats 0B4W: blacks first
        ([(0, 0, 0, 0), (2, 1, 0, 0)], [(1, 5, 5, 5)]),  # 0B2W loses to 1B0W
    ],
)
def test_rooms__race_out_of_turns_goes_to_the_better_best_row(a_rows, b_rows):
    rooms = fixed_rooms()
    race(rooms)
    turns = preset("Classic").config().turns
    fill = (5, 5, 5, 5)
    t = 0.0
    for rows, player in ((a_rows, "a"), (b_rows, "b")):
        for code in [*rows, *[fill] * (turns - len(rows))]:
            t += 1
            rooms.guess(player, list(code), t)
    best = [max(score(code, SECRET) for code in rows + [fill]) for rows in (a_rows, b_rows)]
    expected = None if best[0] == best[1] else (0 if best[0] > best[1] else 1)
    [result] = rooms.take_finished()
    assert result["winner"] == expected and result["rows"] == [turns, turns]
    with pytest.raises(RoomError):
        rooms.guess("a", list(fill), t + 1)


def test_rooms__a_guess_of_the_wrong_length_or_colours_is_refused_with_a_reason():
    rooms = fixed_rooms()
    race(rooms)
    with pytest.raises(RoomError, match="4 pegs, not 5"):
        rooms.guess("a", [1, 1, 1, 1, 1], 1.0)
    with pytest.raises(RoomError, match="6 colours"):
        rooms.guess("a", [1, 1, 1, 7], 1.0)
    with pytest.raises(RoomError, match="not in a game"):
        rooms.guess("c", [1, 1, 1, 1], 1.0)
    assert kinds(rooms, "a") == ["waiting", "start"]


def test_rooms__codemaker_match_grades_from_the_makers_secret_and_scores_as_two_players():
    rooms = fixed_rooms()
    invite = rooms.create("a", "Ann", "Classic", "codemaker", 2, 0.0)
    rooms.join("b", "Bob", invite, 0.0)
    with pytest.raises(RoomError, match="not your turn"):
        rooms.set_secret("b", [0, 0, 0, 0], 1.0)
    with pytest.raises(RoomError, match="not your turn"):
        rooms.guess("b", [0, 0, 0, 0], 1.0)  # no secret yet
    rooms.set_secret("a", [0, 1, 2, 3], 1.0)
    assert "secret" not in events(rooms, "b")[-1]
    for t, code in enumerate(([3, 2, 1, 0], [0, 1, 2, 3]), start=2):
        assert rooms.guess("b", code, t) == tuple(score(tuple(code), (0, 1, 2, 3)))
    rooms.set_secret("b", [5, 5, 5, 5], 10.0)
    turns = preset("Classic").config().turns
    for t in range(turns):
        rooms.guess("a", [0, 0, 0, 0], 11.0 + t)
    [result] = rooms.take_finished()
    config = preset("Classic").config()
    totals = [round_points(config, 2, True), round_points(config, turns, False)]
    assert result["totals"] == totals and result["winner"] == (0 if totals[0] > totals[1] else 1)
    round_overs = [e for e in events(rooms, "b") if e["kind"] == "round_over"]
    assert [e["secret"] for e in round_overs] == [[0, 1, 2, 3], [5, 5, 5, 5]]


def test_rooms__a_dropped_player_is_held_60_s_then_the_other_may_claim():
    rooms = fixed_rooms()
    race(rooms)
    rooms.drop("a", 10.0)
    assert kinds(rooms, "b")[-1] == "opponent_away"
    rooms.tick(10.0 + HOLD_S - 1)
    with pytest.raises(RoomError, match="1 s left"):
        rooms.claim("b", 10.0 + HOLD_S - 1)
    assert "claim_ready" not in kinds(rooms, "b")
    rooms.tick(10.0 + HOLD_S)
    assert kinds(rooms, "b")[-1] == "claim_ready"
    rooms.claim("b", 10.0 + HOLD_S)
    [result] = rooms.take_finished()
    assert result["winner"] == 1 and result["reason"] == "claimed"


def test_rooms__coming_back_in_time_keeps_the_game_and_the_hold_used():
    rooms = fixed_rooms()
    race(rooms)
    rooms.drop("a", 0.0)
    rooms.back("a", 40.0)
    assert kinds(rooms, "b")[-2:] == ["opponent_away", "opponent_back"]
    rooms.drop("a", 50.0)
    rooms.tick(50.0 + HOLD_S - 40.0)  # 40 s were used already: 20 more run the hold out
    rooms.claim("b", 50.0 + HOLD_S - 40.0)
    assert rooms.take_finished()[0]["reason"] == "claimed"


def test_rooms__the_hold_runs_only_on_the_dropped_players_turn():
    rooms = fixed_rooms()
    invite = rooms.create("a", "Ann", "Classic", "codemaker", 2, 0.0)
    rooms.join("b", "Bob", invite, 0.0)
    rooms.set_secret("a", [0, 1, 2, 3], 1.0)
    rooms.drop("a", 2.0)  # the maker drops while the breaker plays: not the maker's turn
    rooms.tick(500.0)
    with pytest.raises(RoomError, match="60 s left"):
        rooms.claim("b", 500.0)
    rooms.guess("b", [0, 1, 2, 3], 501.0)  # round over: b makes the next code, still not a's turn
    rooms.tick(900.0)
    rooms.set_secret("b", [1, 1, 1, 1], 900.0)  # now the dropped player must break it
    rooms.tick(900.0 + HOLD_S - 1)
    with pytest.raises(RoomError, match="1 s left"):
        rooms.claim("b", 900.0 + HOLD_S - 1)
    rooms.tick(900.0 + HOLD_S)
    rooms.claim("b", 900.0 + HOLD_S)
    assert rooms.take_finished()[0]["winner"] == 1


def test_rooms__guesses_under_50_ms_apart_are_flagged():
    rooms = fixed_rooms()
    race(rooms)
    rooms.guess("a", [0, 0, 0, 0], 1.0)
    rooms.guess("a", [0, 0, 0, 0], 1.02)
    rooms.guess("b", [0, 0, 0, 0], 1.0)
    rooms.guess("b", [0, 0, 0, 0], 1.5)
    rooms.leave("b", 2.0)
    [result] = rooms.take_finished()
    assert result["flagged"] == [True, False] and result["winner"] == 0 and result["reason"] == "left"


def test_rooms__quick_match_pairs_only_the_same_game():
    rooms = fixed_rooms()
    rooms.quick("a", "Ann", "Classic", "race", 2, 0.0)
    rooms.quick("b", "Bob", "Super", "race", 2, 0.0)
    rooms.quick("c", "Cy", "Classic", "codemaker", 2, 0.0)
    assert rooms.rooms == {}
    rooms.quick("d", "Di", "Super", "race", 2, 0.0)
    [room] = rooms.rooms.values()
    assert [seat.player for seat in room.seats] == ["b", "d"] and room.config.pegs == 5
    rooms.drop("a", 1.0)  # a dropped player leaves the queue
    rooms.quick("e", "Ed", "Classic", "race", 2, 1.0)
    assert "e" not in rooms.room_of
    with pytest.raises(RoomError, match="already"):
        rooms.create("e", "Ed", "Classic", "race", 2, 1.0)


def test_rooms__an_abandoned_waiting_room_closes_after_the_hold():
    rooms = fixed_rooms()
    invite = rooms.create("a", "Ann", "Classic", "race", 2, 0.0)
    rooms.drop("a", 5.0)
    rooms.tick(5.0 + HOLD_S)
    assert rooms.rooms == {} and "a" not in rooms.room_of
    with pytest.raises(RoomError, match="no game is waiting"):
        rooms.join("b", "Bob", invite, 70.0)


def test_rooms__acknowledged_events_are_let_go_and_the_rest_kept_for_catch_up():
    rooms = fixed_rooms()
    race(rooms)
    rooms.guess("a", [0, 0, 0, 0], 1.0)
    assert [n for n, _ in rooms.events_after("a", 0)] == [1, 2, 3]
    rooms.ack("a", 2)
    assert [n for n, _ in rooms.events_after("a", 0)] == [3] and rooms.last_seq("a") == 3


def test_rooms__the_events_of_players_long_gone_are_let_go_but_not_while_their_game_is_held():
    rooms = fixed_rooms()
    race(rooms)
    rooms.quick("c", "Cy", "Classic", "race", 2, 0.0)
    for player in "abc":
        rooms.drop(player, 0.0)
    rooms.tick(FORGET_S)
    assert set(rooms.streams) == {"a", "b"}  # c had no game; a and b's race is held
    rooms.back("a", FORGET_S)
    rooms.claim("a", FORGET_S)
    rooms.tick(2 * FORGET_S)
    assert set(rooms.streams) == {"a"}  # a is here; b has been gone long and has no game now


def test_rooms__resume_tells_the_whole_view_and_a_breaker_never_the_makers_secret():
    rooms = fixed_rooms()
    invite = rooms.create("a", "Ann", "Classic", "codemaker", 2, 0.0)
    assert rooms.resume("a") and events(rooms, "a")[-1]["invite"] == invite
    rooms.join("b", "Bob", invite, 0.0)
    rooms.set_secret("a", [0, 1, 2, 3], 1.0)
    rooms.guess("b", [0, 0, 1, 1], 2.0)
    rooms.resume("a")
    rooms.resume("b")
    maker, breaker = events(rooms, "a")[-1], events(rooms, "b")[-1]
    assert maker["secret"] == [0, 1, 2, 3] and maker["opponent_rows"][0]["code"] == [0, 0, 1, 1]
    assert "secret" not in breaker and breaker["rows"][0]["grade"] == list(score((0, 0, 1, 1), (0, 1, 2, 3)))
    assert breaker["role"] == "breaker" and breaker["secret_set"] is True and breaker["totals"] == [0, 0]
    assert not rooms.resume("c")


# --- any sequence keeps the invariants ----------------------------------------------------------

PLAYERS = ("p0", "p1", "p2", "p3", "p4")
SIZES = ("Easy", "Classic")


class RoomsMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rooms = Rooms(hold_s=5.0)
        self.now = 0.0
        self.secrets: dict[int, tuple[int, ...]] = {}  # room -> the secret graded against now
        self.decided: set[int] = set()
        self.results = 0

    def _try(self, call, *args) -> None:
        try:
            call(*args)
        except RoomError:
            pass
        self._note_secrets()

    def _note_secrets(self) -> None:
        for room in self.rooms.rooms.values():
            if room.secret is not None:
                self.secrets[room.id] = room.secret
        finished = self.rooms.take_finished()
        for result in finished:
            assert result["room"] not in self.decided, "a game decided twice"
            self.decided.add(result["room"])
        self.results += len(finished)

    @rule(
        player=st.sampled_from(PLAYERS),
        size=st.sampled_from(SIZES),
        kind=st.sampled_from(("race", "codemaker")),
    )
    def create(self, player, size, kind):
        self._try(self.rooms.create, player, player, size, kind, 2, self.now)

    @rule(player=st.sampled_from(PLAYERS), pick=st.integers(0, 3))
    def join(self, player, pick):
        invites = sorted(self.rooms.invites)
        self._try(
            self.rooms.join, player, player, invites[pick % len(invites)] if invites else "ZZZZZ", self.now
        )

    @rule(
        player=st.sampled_from(PLAYERS),
        size=st.sampled_from(SIZES),
        kind=st.sampled_from(("race", "codemaker")),
    )
    def quick(self, player, size, kind):
        self._try(self.rooms.quick, player, player, size, kind, 2, self.now)

    @rule(player=st.sampled_from(PLAYERS), code=st.lists(st.integers(0, 6), min_size=2, max_size=5))
    def secret(self, player, code):
        self._try(self.rooms.set_secret, player, code, self.now)

    @rule(player=st.sampled_from(PLAYERS), code=st.lists(st.integers(0, 6), min_size=3, max_size=5))
    def guess(self, player, code):
        room = self.rooms.rooms.get(self.rooms.room_of.get(player, -1))
        secret = room.secret if room is not None else None
        try:
            grade = self.rooms.guess(player, code, self.now)
        except RoomError:
            grade = None
        if grade is not None:
            assert secret is not None and grade == tuple(score(tuple(code), secret))
        self._note_secrets()

    @rule(player=st.sampled_from(PLAYERS))
    def drop(self, player):
        self._try(self.rooms.drop, player, self.now)

    @rule(player=st.sampled_from(PLAYERS))
    def back(self, player):
        self._try(self.rooms.back, player, self.now)

    @rule(player=st.sampled_from(PLAYERS))
    def claim(self, player):
        self._try(self.rooms.claim, player, self.now)

    @rule(player=st.sampled_from(PLAYERS))
    def leave(self, player):
        self._try(self.rooms.leave, player, self.now)

    @rule(player=st.sampled_from(PLAYERS))
    def resume(self, player):
        self._try(self.rooms.resume, player)

    @rule(dt=st.sampled_from((0.01, 0.5, 3.0, 10.0)))
    def wait(self, dt):
        self.now += dt
        self._try(self.rooms.tick, self.now)

    @invariant()
    def a_player_is_in_one_place_at_most(self):
        seated = [seat.player for room in self.rooms.rooms.values() for seat in room.seats]
        queued = self.rooms.queues.players()
        assert len(seated + queued) == len(set(seated + queued))
        assert all(self.rooms.rooms[self.rooms.room_of[p]].seats for p in seated)
        assert set(self.rooms.room_of) == set(seated)

    @invariant()
    def rooms_are_well_formed(self):
        for room in self.rooms.rooms.values():
            assert 1 <= len(room.seats) <= 2
            assert (room.state == "waiting") == (len(room.seats) == 1)
            for seat in room.seats:
                assert len(seat.rows) <= room.config.turns
                assert 0 <= seat.away_used
            if room.kind == "race" and room.state == "playing":
                assert room.secret is not None

    @invariant()
    def streams_are_numbered_in_order_and_secrets_come_only_at_the_end(self):
        for stream in self.rooms.streams.values():
            numbers = [n for n, _ in stream.events]
            assert numbers == list(range(stream.next_seq - len(numbers), stream.next_seq))
            for _, event in stream.events:
                if "secret" in event:
                    assert event["kind"] in ("over", "round_over", "secret_ok", "resume"), event
                if event["kind"] == "resume" and "secret" in event:
                    assert event["role"] == "maker", event


TestRoomsMachine = RoomsMachine.TestCase
TestRoomsMachine.settings = settings(
    max_examples=150,
    stateful_step_count=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
