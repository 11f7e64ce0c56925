"""Nicknames as boards show them: printable (protocol.clean_nick) and not an insult.

The check folds case, look-alike digits and symbols (0->o, 1->i, 3->e, 4->a, 5->s, 7->t, @->a,
$->s) and drops everything but letters, then looks for a short list of slurs and obscenities
anywhere in what is left; a nickname that has one is shown as "Player". A short list misses
things and a long one hits innocent names (the Scunthorpe problem): this keeps the worst off the
top ten and leaves the rest to people reporting.
"""

from __future__ import annotations

FOLD = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"}
)
BLOCKED = (
    "fuck",
    "shit",
    "cunt",
    "nigger",
    "nigga",
    "faggot",
    "retard",
    "whore",
    "slut",
    "bitch",
    "nazi",
    "hitler",
    "penis",
    "vagina",
    "pussy",
    "asshole",
    "wank",
)
REPLACEMENT = "Player"


def folded(nick: str) -> str:
    return "".join(ch for ch in nick.lower().translate(FOLD) if ch.isalpha())


def board_nick(nick: str) -> str:
    """`nick` (already cleaned), or REPLACEMENT when it carries a blocked word."""
    text = folded(nick)
    return REPLACEMENT if any(word in text for word in BLOCKED) else nick
