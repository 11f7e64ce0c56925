"""The server's games for one, under Play people: today's online Daily (made and graded by the
server, one attempt per device a day, ranked), challenges made for a friend and opened from their
share text (the same code, server-graded, on one page for everyone who played it).

The way in is gate.py's (connect, ask the server), the board is the online board without an
opponent (hooks.py), the end card.py's (rank, top ten, streak, the days before; a challenge's page).
The offline Daily (game/modes/daily) stays as it is, unranked.
"""

from game.modes.base import HelpPage, MenuEntry, Mode
from game.modes.online_solo.card import OnlineSoloCardState
from game.modes.online_solo.gate import OnlineSoloState
from game.screens.base import go

CONTROLS = (
    "Daily (online): one Classic code a day for everyone, made and graded by the game server, one "
    "attempt per device; the end shows your rank (by guesses, then time), the top ten, your streak, "
    "and Left/Right the days before.\n"
    "Challenge a friend: the server makes a code and a share text (copied to the clipboard when there "
    "is one); Open a challenge: type or paste (Ctrl+V) that text, play the same code, and see "
    "everyone's guesses and times."
)

MODE = Mode(
    id="online_solo",
    title="Daily (online)",
    entries=(
        MenuEntry("Daily (online)", "ranked: one try a day", go("online_solo", job="daily"), "Play people"),
        MenuEntry(
            "Challenge a friend", "the server makes a code", go("online_solo", job="make"), "Play people"
        ),
        MenuEntry("Open a challenge", "paste a friend's text", go("online_solo", job="open"), "Play people"),
    ),
    screens={"online_solo": OnlineSoloState, "online_solo_card": OnlineSoloCardState},
    help=HelpPage("online_solo", CONTROLS, tab="Daily online"),
)
