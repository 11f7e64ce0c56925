"""The server's games for one through the real app: today's online Daily played to its ranked card,
a second attempt refused, a challenge made by one client and opened from its share text, and the
duel rating shown. Real pygame events on the app's side, a real game server on 127.0.0.1 port 0
(SQLite in a temporary folder), other players real net clients (tests/server/netkit.py)."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game.core.config import preset
from game.modes.online.result import OnlineResultState
from game.modes.online_solo.card import OnlineSoloCardState
from game.modes.online_solo.gate import ROWS, OnlineSoloState
from game.net.protocol import share_text
from game.screens.base import go
from game.screens.playing import PlayingState
from game.server.results import SqliteStore
from game.server.solo import DAILY_SIZE, derived_code, label, today
from game.store import Store
from game.ui import palette as pal
from tests.screens import driver as d
from tests.screens.test_online import SECRET, frames_until, lobby_app
from tests.server.netkit import Player, fixed_secret, start_server


@pytest.fixture
def served(tmp_path):
    path = tmp_path / "server.sqlite3"
    store = SqliteStore(path)
    thread = start_server(store)
    yield thread, path
    thread.stop()
    store.close()


@pytest.fixture
def duel_server():
    store = SqliteStore(":memory:")
    thread = start_server(store, rooms=fixed_secret(SECRET))
    yield thread
    thread.stop()
    store.close()


def secret_of(path, kind: str, ref: str, size: str) -> tuple[int, ...]:
    """The code the server derives, worked out from the key in its database (as a test may)."""
    store = SqliteStore(path)
    try:
        key = store.server_key()
    finally:
        store.close()
    config = preset(size).config()
    return derived_code(key, label(kind, ref), config.pegs, config.colours)


def wrong(secret: tuple[int, ...], colours: int) -> tuple[int, ...]:
    return tuple((peg + 1) % colours for peg in secret)


def gate_app(port: int, job: str, folder=None):
    """The app opened on the gate; with `folder`, on a real store there (this device's identity)."""
    start = go("online_solo", job=job, url=f"ws://127.0.0.1:{port}")
    if folder is None:
        return d.make_app(start=start)
    app = d.App(size=(1024, 720), seed=7, store=Store(folder), start=start)
    pygame.event.clear()
    return app


def test_online_daily__played_to_its_ranked_card_then_a_second_attempt_is_refused(served, tmp_path):
    thread, path = served
    folder = tmp_path / "game"
    folder.mkdir()
    rival = Player(thread.port, "Ann")  # someone who played today's Daily before, in one more row
    rival.send("daily")
    rival.event("solo")
    secret = secret_of(path, "daily", today(time.time()), DAILY_SIZE)
    colours = preset(DAILY_SIZE).config().colours
    for code in (wrong(secret, colours), wrong(wrong(secret, colours), colours), secret):
        time.sleep(0.06)  # a person's pace: rows under 50 ms apart are kept off the board
        rival.send("solo_guess", code=list(code))
    rival.event("solo_over")

    app = gate_app(thread.port, "daily", folder)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the Daily's board")
    d.submit_code(app, wrong(secret, colours))
    frames_until(app, lambda: len(app.state.game.rows) == 1, "the server's grade")
    time.sleep(0.06)
    d.submit_code(app, secret)
    frames_until(app, lambda: isinstance(app.state, OnlineSoloCardState), "the end card")
    card = app.state
    frames_until(app, lambda: (card.link.view.board or {}).get("top"), "the day's board")
    headline, did, stand = card.lines()
    assert did.startswith("Cracked in 2")
    assert "Rank 1 of 2" in stand and "better than 50.0%" in stand and "streak 1 day" in stand
    assert [(e["guesses"], e["cracked"]) for e in card.entries()[1]] == [(2, True), (3, True)]
    assert card.entries()[1][1]["nick"] == "Ann"
    d.press_key(app, pygame.K_ESCAPE)

    again = gate_app(thread.port, "daily", folder)  # the same device, the game started again
    frames_until(again, lambda: isinstance(again.state, OnlineSoloCardState), "the refusal")
    headline, did, _ = again.state.lines()
    assert "one attempt a day" in headline and did.startswith("Cracked in 2")
    rival.close()


def light(colour) -> bool:
    return pal.relative_luminance(tuple(colour)[:3]) > 0.3


def ink_bands(app, room: pygame.Rect) -> list[tuple[int, int, int, int]]:
    """Each run of pixel rows of `room` holding text (light ink on the dark card): (top, bottom, leftmost
    ink x, rightmost ink x)."""
    bands: list[list[int]] = []
    for y in range(room.top, room.bottom):
        xs = [
            x
            for x in range(room.left, room.right)
            if pal.relative_luminance(app.surface.get_at((x, y))[:3]) > 0.3
        ]
        if not xs:
            continue
        if bands and bands[-1][1] == y - 1:
            bands[-1][1:] = [y, min(bands[-1][2], xs[0]), max(bands[-1][3], xs[-1])]
        else:
            bands.append([y, y, xs[0], xs[-1]])
    return [tuple(band) for band in bands]


@pytest.mark.parametrize("players", [1, 3, 7, 10])
def test_online_daily__the_top_ten_is_one_even_column_for_one_to_ten_players(served, players):
    """A line each, one under the other, each across the card (place and name on the left, the result
    on the right), whether one player is ranked or ten."""
    thread, path = served
    secret = secret_of(path, "daily", today(time.time()), DAILY_SIZE)
    rivals = [Player(thread.port, f"R{n}") for n in range(players - 1)]
    for rival in rivals:  # each cracks it in one row, before this device plays
        rival.send("daily")
        rival.event("solo")
        rival.send("solo_guess", code=list(secret))
        rival.event("solo_over")
    app = gate_app(thread.port, "daily")
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the Daily's board")
    d.submit_code(app, secret)
    frames_until(app, lambda: isinstance(app.state, OnlineSoloCardState), "the end card")
    card = app.state
    frames_until(app, lambda: len((card.link.view.board or {}).get("top", [])) == players, "the day's board")
    for _ in range(60):  # the way in from the board is over
        app.step([], d.FRAME_S)
    layout = card.layout()
    room = layout.rows[3].union(layout.rows[7]).inflate(-16, 0)  # the board's room, inside its edges
    bands = ink_bands(app, room)
    assert len(bands) == players
    quarter = room.w // 4
    for _, _, left, right in bands:
        assert left < room.left + quarter and right > room.right - quarter  # across the card
    lefts = [left for _, _, left, _ in bands]
    assert max(lefts) - min(lefts) <= room.w // 40  # one column: every line starts where the first does
    stand = card.lines()[2]
    assert f"Rank {players} of {players}" in stand and ("better than" in stand) == (players > 1)
    for rival in rivals:
        rival.close()


def test_online_daily__a_board_with_no_one_ranked_says_so(tmp_path):
    """Rows faster than a person keep an attempt off the board: alone on the day, the card says no
    one is ranked rather than showing an empty box. (The server's wall clock stands still here, so
    the two rows are no time apart, as a bot's would be.)"""
    frozen = time.time()
    path = tmp_path / "server.sqlite3"
    store = SqliteStore(path)
    thread = start_server(store, wall=lambda: frozen)
    try:
        secret = secret_of(path, "daily", today(frozen), DAILY_SIZE)
        colours = preset(DAILY_SIZE).config().colours
        app = gate_app(thread.port, "daily")
        frames_until(app, lambda: isinstance(app.state, PlayingState), "the Daily's board")
        d.submit_code(app, wrong(secret, colours))
        frames_until(app, lambda: len(app.state.game.rows) == 1, "the server's grade")
        d.submit_code(app, secret)
        frames_until(app, lambda: isinstance(app.state, OnlineSoloCardState), "the end card")
        card = app.state
        frames_until(app, lambda: (card.link.view.board or {}).get("day") == card.day, "the day's board")
        assert card.entries()[1] == [] and "Not ranked" in card.lines()[2]
        assert "No one ranked yet" in d.drawn_lines(app)
    finally:
        thread.stop()
        store.close()


def test_challenge__made_by_one_client_opened_from_its_share_text_in_the_app(served):
    thread, path = served
    maker = Player(thread.port, "Max")
    maker.send("challenge_new", size="Classic")
    made = maker.event("challenge_made")
    assert made["share"] == share_text(made["id"])
    secret = secret_of(path, "challenge", made["id"], "Classic")

    app = gate_app(thread.port, "open")
    frames_until(app, lambda: app.state.link.view.status == "connected", "the connection")
    for char in made["share"]:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=char, scancode=0)], d.FRAME_S)
    d.click(app, app.state.layout().rows[ROWS.index("go")].center)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the challenge's board")
    d.submit_code(app, secret)
    frames_until(app, lambda: isinstance(app.state, OnlineSoloCardState), "the challenge's page")
    card = app.state
    frames_until(app, lambda: (card.link.view.page or {}).get("entries"), "the page's entries")
    heading, entries = card.entries()
    assert "Made by Max" in heading
    assert [(e["guesses"], e["cracked"]) for e in entries] == [(1, True)]
    maker.close()


def test_challenge__the_share_text_names_the_entry_that_opens_it(served):
    """The text a friend gets says where to go ("Play people > ..."): that page has an entry of that
    name, and it opens a challenge."""
    thread, _ = served
    app = gate_app(thread.port, "make")
    frames_until(app, lambda: app.state.link.view.status == "connected", "the connection")
    d.click(app, app.state.layout().rows[ROWS.index("go")].center)
    frames_until(app, lambda: app.state.link.view.made, "the challenge made")
    share = app.state.link.view.made["share"]
    page, entry = re.search(r"\(([^>]+?) > ([^,]+),", share).groups()
    d.press_key(app, pygame.K_ESCAPE)
    d.settle(app, 1.0)
    labels = [e.label for e in app.state.entries]
    d.click(app, app.state.layout().entries[labels.index(page)].center)
    shown = [labels[i] for i in app.state.layout().shown()]
    assert entry in shown, (entry, shown)
    d.click(app, app.state.layout().entries[labels.index(entry)].center)
    assert isinstance(app.state, OnlineSoloState) and app.state.job == "open"


def test_challenge__a_text_without_an_id_is_refused_with_the_reason(served):
    thread, _ = served
    app = gate_app(thread.port, "open")
    frames_until(app, lambda: app.state.link.view.status == "connected", "the connection")
    d.press_key(app, pygame.K_RETURN)
    frames_until(app, lambda: "no challenge id" in app.state.link.view.error, "the refusal")
    assert isinstance(app.state, OnlineSoloState)


def test_rating__shown_in_the_lobby_before_to_after_at_a_duel_s_end_and_unmoved_by_an_abort(duel_server):
    server = duel_server
    app = lobby_app(server)
    frames_until(app, lambda: app.state.link.view.rating is not None, "the rating")
    before = app.state.link.view.rating
    assert before["provisional"] and f"rating {before['shown']} ±{before['rd']}" in app.state.rows()[1][1]
    d.press_key(app, pygame.K_RETURN)  # Quick match
    frames_until(app, lambda: app.state.link.view.phase == "queued", "the queue")
    bob = Player(server.port, "Bob")
    bob.send("quick", size="Classic", kind="race", rounds=2)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the board")
    assert "Give up" in d.drawn_lines(app)  # the board's Reveal button gives a duel up
    d.submit_code(app, SECRET)
    frames_until(app, lambda: isinstance(app.state, OnlineResultState), "the end")
    link = app.state.link
    frames_until(app, lambda: link.view.rating_before is not None, "the rating after the duel")
    after = link.view.rating
    assert after["rating"] > before["rating"] and after["rd"] < before["rd"] and after["games"] == 1
    details = app.state.lines()[2]
    assert f"rating {before['shown']} ±{before['rd']} → {after['shown']} ±{after['rd']}" in details
    bob.close()

    # Played again on the same link and given up at once: aborted, so no change, and it says so.
    d.press_key(app, pygame.K_RETURN)  # Play again: back to the lobby
    d.press_key(app, pygame.K_RETURN)  # Quick match
    frames_until(app, lambda: app.state.link.view.phase == "queued", "the queue again")
    carol = Player(server.port, "Carol")
    carol.send("quick", size="Classic", kind="race", rounds=2)
    frames_until(app, lambda: isinstance(app.state, PlayingState), "the second board")
    d.press_key(app, pygame.K_r)  # give up...
    d.press_key(app, pygame.K_y)  # ...confirmed
    frames_until(app, lambda: isinstance(app.state, OnlineResultState), "the second end")
    assert carol.event("rating")["rating"] == 1500  # Carol's own, unmoved
    frames_until(app, lambda: "not rated" in app.state.lines()[2], "the abort said")
    assert link.view.rating == after and link.view.rating_before is None
    assert app.state.lines()[2].endswith(f"rating {after['shown']} ±{after['rd']}")
    carol.close()


def test_play_people__a_title_page_of_its_own_opened_from_its_tile():
    app = d.make_app()
    labels = [entry.label for entry in app.state.entries]
    tile = labels.index("Play people")
    d.click(app, app.state.layout().entries[tile].center)
    assert app.state.page == "people"
    shown = [labels[i] for i in app.state.layout().shown()]
    wanted = ("Online duel: race", "Daily (online)", "Challenge a friend", "Open a challenge", "Host a game")
    assert set(wanted) <= set(shown), shown
    d.press_key(app, pygame.K_ESCAPE)  # back to the top page, the tile it came from focused
    assert app.state.page == "top" and app.state.focus == tile
    more = labels.index("More ways to play")
    d.click(app, app.state.layout().entries[more].center)
    assert app.state.page == "more"
    assert "Online duel: race" not in [labels[i] for i in app.state.layout().shown()]
