"""Online duels through the real app: real pygame events on one side, a real game server on
127.0.0.1 port 0 in a thread, and the other player a real net client (tests/server/netkit.py).

Every wait is bounded (netkit.WAIT_S); frames are stepped with an explicit dt while the network's
threads run in real time, and no step may take long (the frame loop never waits on the network)."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

import pygame
import pytest

from game.modes.online.lobby import GONE, ROWS, OnlineLobbyState
from game.modes.online.maker import OnlineMakerState
from game.modes.online.result import OnlineResultState
from game.net.client import CONNECT_TIMEOUT_S
from game.screens.base import go
from game.screens.playing import PlayingState
from game.server.results import SqliteStore
from game.store import Store
from tests.screens import driver as d
from tests.server.netkit import WAIT_S, Player, fixed_secret, start_server

SECRET = (0, 1, 2, 3)
STEP_BUDGET_S = 0.25  # one frame, however slow this shared machine is; never a network wait


@pytest.fixture
def server():
    store = SqliteStore(":memory:")
    thread = start_server(store, rooms=fixed_secret(SECRET))
    yield thread
    thread.stop()
    store.close()


def url_of(server) -> str:
    return f"ws://127.0.0.1:{server.port}"


def frames_until(app, done: Callable[[], bool], what: str, timeout: float = WAIT_S) -> None:
    """Step frames (real time passing for the network threads) until `done()`; each step is quick."""
    deadline = time.monotonic() + timeout
    while not done():
        before = time.perf_counter()
        app.step([], d.FRAME_S)
        assert time.perf_counter() - before < STEP_BUDGET_S, "a frame waited"
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout} s (on {type(app.state).__name__})")
        time.sleep(0.004)


def lobby_app(server, **options) -> object:
    app = d.make_app(start=go("online_lobby", url=url_of(server)), **options)
    frames_until(app, lambda: app.state.link.view.status == "connected", "connection")
    return app


def focus_row(app, name: str) -> None:
    d.click(app, app.state.layout().rows[ROWS.index(name)].center)


def bob_rows(bob: Player) -> int:
    return sum(1 for _, e in bob.events() if e["kind"] == "graded")


def test_online__a_race_played_to_the_end_the_opponent_seen_as_grades_only(server):
    app = lobby_app(server)
    d.press_key(app, pygame.K_RETURN)  # Quick match has the focus as the lobby opens
    frames_until(app, lambda: app.state.link.view.phase == "queued", "queue")
    bob = Player(server.port, "Bob")
    bob.send("quick", size="Classic", kind="race", rounds=2)
    bob.event("start")
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the board")
    hooks = app.state.hooks
    d.submit_code(app, (0, 0, 1, 1))
    frames_until(app, lambda: len(app.state.game.rows) == 1, "the server's grade")
    assert app.state.game.rows[0].feedback == (1, 1)  # graded by the server against SECRET
    bob.send("guess", code=[5, 5, 5, 5])
    frames_until(app, lambda: len(hooks.link.view.opponent_rows) == 1, "the opponent's row")
    assert hooks.link.view.opponent_rows == [(None, (0, 0))]  # their grade, never their colours
    assert "1 row · grades only" in d.drawn_lines(app)
    d.submit_code(app, SECRET)
    frames_until(app, lambda: isinstance(app.state, OnlineResultState), "the end")
    lines = d.drawn_lines(app)
    assert "You won" in lines and "you cracked the code first" in lines
    assert bob.event("over")["reason"] == "cracked"
    bob.close()


def test_online__a_codemaker_match_of_two_rounds(server):
    app = lobby_app(server)
    focus_row(app, "game")  # Race -> Codemaker, 2 rounds
    focus_row(app, "create")
    frames_until(app, lambda: app.state.link.view.phase == "waiting", "an invite code")
    invite = app.state.link.view.invite
    assert f"Room code {invite}" in d.drawn_lines(app)
    bob = Player(server.port, "Bob")
    bob.send("join", invite=invite)
    assert bob.event("start")["game"] == "codemaker"
    frames_until(app, lambda: isinstance(app.state, OnlineMakerState), "the code to make")
    d.type_code(app, (3, 2, 1, 0))
    d.press_key(app, pygame.K_RETURN)
    bob.event("secret_set")
    for code in ([0, 0, 0, 0], [3, 2, 1, 0]):
        bob.send("guess", code=code)
        bob.event("graded")
    frames_until(app, lambda: isinstance(app.state, PlayingState), "round two's board")
    bob.send("secret", code=[4, 4, 5, 5])
    frames_until(app, lambda: app.state.hooks.link.view.secret_set, "the other's code")
    for code in ((4, 4, 4, 4), (5, 5, 5, 5), (4, 4, 5, 5)):
        before = len(app.state.game.rows)
        d.submit_code(app, code)
        frames_until(app, lambda b=before: len(app.state.game.rows) > b, "the server's grade")
    assert [row.feedback for row in app.state.game.rows] == [(2, 0), (2, 0), (4, 0)]
    frames_until(app, lambda: isinstance(app.state, OnlineResultState), "the match's end")
    lines = d.drawn_lines(app)
    # Bob broke the code in 2 (2 points to the app's player), the app's player in 3 (3 to Bob)
    assert "Bob won" in lines and "more points over the match" in lines
    assert any("points: you 2 · Bob 3" in line for line in lines), lines
    assert "round 1: Bob broke yours in 2 · round 2: you broke theirs in 3" in lines
    bob.close()


def test_online__join_by_code_typed_in_the_lobby_from_the_menu(server):
    app = d.make_app()
    d.choose_entry(app, "Online duel: race")
    assert isinstance(app.state, OnlineLobbyState)
    focus_row(app, "server")
    for _ in range(len(app.state.url)):
        d.press_key(app, pygame.K_BACKSPACE)
    for char in url_of(server):
        d.post(app, d.key(pygame.K_a, unicode=char))
    d.press_key(app, pygame.K_RETURN)
    frames_until(app, lambda: app.state.link.view.status == "connected", "the typed server")
    ann = Player(server.port, "Ann")
    ann.send("create", size="Super", kind="race")
    invite = ann.event("waiting")["invite"]
    focus_row(app, "join")
    for char in invite.lower():  # typed in lower case: the code is read in capitals
        d.post(app, d.key(pygame.K_a, unicode=char))
    d.press_key(app, pygame.K_RETURN)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the board")
    assert ann.event("start")["opponent"] == "Player"
    assert app.state.config.pegs == 5  # Super, as Ann made it
    ann.close()


def test_online__no_server_says_so_within_3_s_and_how_to_start_one():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = d.make_app(start=go("online_lobby", url=f"ws://127.0.0.1:{port}"))
    started = time.monotonic()
    frames_until(app, lambda: app.state.link.view.status == "failed", "the refusal", CONNECT_TIMEOUT_S + 1)
    assert time.monotonic() - started <= CONNECT_TIMEOUT_S + 0.5
    lines = d.drawn_lines(app)
    assert any("mastermind-server" in line for line in lines), lines
    assert "Host a game on this network" in lines


def test_online__a_dropped_socket_reconnects_and_catches_up(server):
    app = lobby_app(server)
    d.press_key(app, pygame.K_RETURN)
    bob = Player(server.port, "Bob")
    bob.send("quick", size="Classic", kind="race", rounds=2)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the board")
    link = app.state.hooks.link
    link.client.drop_socket()
    frames_until(app, lambda: link.view.status == "reconnecting", "reconnecting")
    assert "Reconnecting… your rows are kept" in d.drawn_lines(app)
    bob.send("guess", code=[5, 5, 5, 5])  # lands while the app is away
    frames_until(app, lambda: link.view.status == "connected", "the way back")
    frames_until(app, lambda: len(link.view.opponent_rows) == 1, "the missed row")
    d.submit_code(app, (0, 0, 1, 1))
    frames_until(app, lambda: len(app.state.game.rows) == 1, "a grade after the reconnect")
    bob.close()


def test_online__a_duel_kept_when_the_game_was_killed_is_offered_back_and_resumes(server, tmp_path):
    bob = keep_a_duel(server, tmp_path)
    again = d.App(size=(1024, 720), seed=7, store=Store(tmp_path))
    pygame.event.clear()
    kept = d.kept_lines(again)
    assert kept == ["Resume: Online race vs Bob · Classic"], kept
    d.choose_entry(again, "Resume: Online race")
    frames_until(again, lambda: isinstance(again.state, PlayingState), "the duel taken up again")
    assert [row.guess for row in again.state.game.rows] == [(0, 0, 1, 1)]
    d.submit_code(again, SECRET)
    frames_until(again, lambda: isinstance(again.state, OnlineResultState), "the end")
    assert "You won" in d.drawn_lines(again)
    bob.close()


def test_online__a_new_room_replaces_the_one_waited_in(server):
    app = lobby_app(server)
    focus_row(app, "create")
    frames_until(app, lambda: app.state.link.view.phase == "waiting", "an invite code")
    first = app.state.link.view.invite
    focus_row(app, "create")
    frames_until(app, lambda: app.state.link.view.invite not in ("", first), "a second invite code")
    assert app.state.link.view.error == ""
    bob = Player(server.port, "Bob")
    bob.send("join", invite=first)
    assert "no game is waiting" in bob.error()["reason"]  # the first room was let go
    bob.close()


def keep_a_duel(server, tmp_path) -> Player:
    """A race with one row played by an app on a real store in `tmp_path`, then that process 'killed'
    (its socket closed, nothing said); returns the opponent, still connected."""
    app = d.App(size=(1024, 720), seed=7, store=Store(tmp_path), start=go("online_lobby", url=url_of(server)))
    pygame.event.clear()
    frames_until(app, lambda: app.state.link.view.status == "connected", "connection")
    d.press_key(app, pygame.K_RETURN)
    bob = Player(server.port, "Bob")
    bob.send("quick", size="Classic", kind="race", rounds=2)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the board")
    d.submit_code(app, (0, 0, 1, 1))
    frames_until(app, lambda: len(app.state.game.rows) == 1, "a grade")
    d.settle(app, 0.5)  # its events acknowledged
    app.state.hooks.link.client.close()
    return bob


def test_online__a_kept_duel_that_ended_meanwhile_shows_its_end_and_is_forgotten(server, tmp_path):
    bob = keep_a_duel(server, tmp_path)
    bob.send("guess", code=list(SECRET))  # Bob cracks it while the other game is closed
    assert bob.event("over")["reason"] == "cracked"
    app = d.App(size=(1024, 720), seed=7, store=Store(tmp_path))
    pygame.event.clear()
    d.choose_entry(app, "Resume: Online race")
    frames_until(app, lambda: isinstance(app.state, OnlineResultState), "the end, as the server kept it")
    assert "they cracked the code first" in d.drawn_lines(app)
    d.press_key(app, pygame.K_ESCAPE)
    assert d.kept_lines(app) == []
    bob.close()


def test_online__a_kept_duel_the_server_no_longer_has_is_let_go(tmp_path):
    first = start_server(SqliteStore(":memory:"), rooms=fixed_secret(SECRET))
    port = first.port
    try:
        keep_a_duel(first, tmp_path).close()
    finally:
        first.stop()  # the server restarts: games in progress are gone
    again = start_server(SqliteStore(":memory:"), port=port)
    try:
        app = d.App(size=(1024, 720), seed=7, store=Store(tmp_path))
        pygame.event.clear()
        d.choose_entry(app, "Resume: Online race")
        frames_until(app, lambda: app.state.gone, "the duel found gone")
        assert GONE in d.drawn_lines(app)
        d.press_key(app, pygame.K_ESCAPE)
        assert d.kept_lines(app) == []
    finally:
        again.stop()


def race_on(server) -> tuple[object, Player]:
    app = lobby_app(server)
    d.press_key(app, pygame.K_RETURN)
    bob = Player(server.port, "Bob")
    bob.send("quick", size="Classic", kind="race", rounds=2)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the board")
    return app, bob


def test_online__giving_up_hands_the_other_the_win():
    thread = start_server(SqliteStore(":memory:"), rooms=fixed_secret(SECRET))
    try:
        app, bob = race_on(thread)
        d.press_key(app, pygame.K_r)  # Reveal, here: give up
        d.press_key(app, pygame.K_y)
        frames_until(app, lambda: isinstance(app.state, OnlineResultState), "the end")
        lines = d.drawn_lines(app)
        assert "You lost" in lines and "you gave up" in lines
        assert bob.event("over")["reason"] == "left"
        bob.close()
    finally:
        thread.stop()


def test_online__the_win_is_claimed_once_the_hold_has_run_out():
    rooms = fixed_secret(SECRET)
    rooms.hold_s = 0.6  # the server's 60 s, shortened: the hold itself is the rooms' (tests/server)
    thread = start_server(SqliteStore(":memory:"), rooms=rooms)
    try:
        app, bob = race_on(thread)
        bob.close()  # Bob's game goes away and does not come back
        link = app.state.hooks.link
        frames_until(app, lambda: link.view.opponent_away, "the other player away")
        assert any(line.startswith("Away · held") for line in d.drawn_lines(app))
        frames_until(app, lambda: link.view.claim_ready, "the hold run out")
        assert "Claim the win: C" in d.drawn_lines(app)
        d.press_key(app, pygame.K_c)
        frames_until(app, lambda: isinstance(app.state, OnlineResultState), "the end")
        lines = d.drawn_lines(app)
        assert "You won" in lines and "the other player stayed away past the hold" in lines
    finally:
        thread.stop()


def test_online__a_round_s_last_row_lands_on_its_board_before_the_next_round(server):
    app = lobby_app(server)
    bob = Player(server.port, "Bob")
    bob.send("create", size="Classic", kind="codemaker", rounds=2)
    invite = bob.event("waiting")["invite"]
    focus_row(app, "join")
    for char in invite:
        d.post(app, d.key(pygame.K_a, unicode=char))
    d.press_key(app, pygame.K_RETURN)
    assert bob.event("round")["role"] == "maker"
    bob.send("secret", code=[5, 4, 3, 2])
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the board")
    frames_until(app, lambda: app.state.hooks.link.view.secret_set, "the other's code")
    board = app.state
    d.submit_code(app, (5, 4, 3, 2))  # cracked at once: the round ends with this row
    frames_until(app, lambda: len(board.game.rows) == 1, "the cracking row on the board")
    assert isinstance(app.state, PlayingState) and board.game.rows[0].feedback == (4, 0)
    frames_until(app, lambda: isinstance(app.state, OnlineMakerState), "round two: the app makes the code")
    bob.close()
