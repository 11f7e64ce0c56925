"""The protocol both ways: what is valid round-trips, and each kind of bad message is refused with
a reason (size, JSON, version, type, missing, extra and out-of-range fields)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net.client import new_device_token
from game.net.protocol import (
    MAX_MESSAGE_BYTES,
    MAX_NICK_CHARS,
    VERSION,
    ProtocolError,
    clean_nick,
    decode_client,
    decode_server,
    encode,
)


def test_protocol__valid_client_messages_round_trip():
    token = new_device_token()
    for text in (
        encode("hello", token=token, nick="Ann", last_seq=3, epoch="abc"),
        encode("create", size="Classic", kind="race"),
        encode("quick", size="Expert", kind="codemaker", rounds=4),
        encode("join", invite="AB3CD"),
        encode("guess", code=[0, 9, 3, 3, 1, 1, 2, 2, 4, 5]),
        encode("ack", seq=12),
        encode("claim"),
    ):
        message = decode_client(text)
        assert message["v"] == VERSION and json.loads(text) == message


@pytest.mark.parametrize(
    "raw, reason",
    [
        ("{nope", "not JSON"),
        ("[1, 2]", "one JSON object"),
        ('{"v": 2, "type": "ping"}', "version 1"),
        ('{"type": "ping"}', "version 1"),
        ('{"v": 1, "type": "teleport"}', "unknown message type"),
        ('{"v": 1, "type": "welcome", "player": "x", "nick": "x", "server_seq": 0, "epoch": "e"}', "unknown"),
        ('{"v": 1, "type": "guess"}', "needs 'code'"),
        ('{"v": 1, "type": "guess", "code": [1, 2], "extra": 1}', "no field 'extra'"),
        ('{"v": 1, "type": "guess", "code": [1]}', "list of 2 to 10"),
        ('{"v": 1, "type": "guess", "code": [1, 10]}', "colour is a whole number from 0 to 9"),
        ('{"v": 1, "type": "guess", "code": [1, true]}', "colour"),
        ('{"v": 1, "type": "guess", "code": [1, 2.0]}', "colour"),
        ('{"v": 1, "type": "ack", "seq": -1}', "from 0"),
        ('{"v": 1, "type": "create", "size": "Huge", "kind": "race"}', "one of Easy"),
        ('{"v": 1, "type": "create", "size": "Classic", "kind": "race", "rounds": 3}', "rounds"),
        ('{"v": 1, "type": "join", "invite": "abcde"}', "invite code"),
        ('{"v": 1, "type": "hello", "token": "xyz", "nick": "A"}', "device token"),
        ('{"v": 1, "type": "hello", "token": "' + "a" * 32 + '", "nick": "' + "n" * 13 + '"}', "at most 12"),
        ("[" * 100_000, "at most 4096 bytes"),
        ("[" * 4000 + "]" * 4000, "at most 4096 bytes"),
        ("[" * 2000 + "]" * 2000, "one JSON object"),
    ],
)
def test_protocol__a_bad_client_message_is_refused_with_its_reason(raw, reason):
    with pytest.raises(ProtocolError, match=reason.replace("(", r"\(")):
        decode_client(raw)


def test_protocol__the_client_checks_the_server_too():
    assert decode_server(encode("event", seq=1, event={"kind": "start"}))["seq"] == 1
    for bad in (
        encode("event", seq=0, event={"kind": "start"}),
        encode("event", seq=1, event=[1]),
        encode("guess", code=[1, 2]),
        "x" * (MAX_MESSAGE_BYTES + 1),
    ):
        with pytest.raises(ProtocolError):
            decode_server(bad)


@given(st.text(max_size=60))
def test_protocol__a_cleaned_nickname_is_short_printable_and_never_empty(text):
    nick = clean_nick(text)
    assert 1 <= len(nick) <= MAX_NICK_CHARS and nick.isprintable() and nick == nick.strip()
    assert "  " not in nick


@given(st.binary(max_size=200) | st.text(max_size=200))
def test_protocol__any_bytes_are_a_message_or_a_protocol_error(raw):
    try:
        decode_client(raw)
    except ProtocolError:
        pass


def test_protocol__a_device_token_is_128_random_bits():
    tokens = {new_device_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(t) == 32 and int(t, 16) >= 0 for t in tokens)
