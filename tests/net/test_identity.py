"""The device identity: a 128-bit token made once and kept in the data folder (the same token on the
next start), a nickname filtered to 12 printable characters, a damaged file copied aside and replaced,
and the server keeping only the token's hash."""

from __future__ import annotations

import json

from game.net.identity import IDENTITY_FILE, load_identity, typed_nick
from game.server.results import SqliteStore, player_id


def test_identity__made_once_kept_and_read_back(tmp_path):
    first = load_identity(tmp_path, "ANN")
    assert len(first.token) == 32 and int(first.token, 16) >= 0
    again = load_identity(tmp_path)
    assert again.token == first.token and again.nick == "ANN"
    assert load_identity(None).token != first.token  # without a folder: a new device each run


def test_identity__nickname_is_filtered_and_kept(tmp_path):
    identity = load_identity(tmp_path).with_nick("  Zoë\x00\x1b the   great and powerful ")
    assert identity.nick == "Zoë the grea"  # control characters gone, spaces squeezed, 12 characters
    assert load_identity(tmp_path).nick == identity.nick
    assert typed_nick("A" * 12, "B") == "A" * 12 and typed_nick("An", "\x07") == "An"
    assert typed_nick("An", "n") == "Ann"


def test_identity__a_damaged_file_is_set_aside_and_replaced(tmp_path):
    (tmp_path / IDENTITY_FILE).write_text('{"token": "not hex", "nick": "x"}')
    identity = load_identity(tmp_path)
    assert len(identity.token) == 32
    assert (tmp_path / "device.damaged.json").exists()
    assert json.loads((tmp_path / IDENTITY_FILE).read_text())["token"] == identity.token


def test_identity__the_server_keeps_only_the_hash(tmp_path):
    identity = load_identity(tmp_path)
    store = SqliteStore(tmp_path / "server.sqlite3")
    store.see_player(player_id(identity.token), identity.nick)
    store.close()
    assert identity.token.encode() not in (tmp_path / "server.sqlite3").read_bytes()
