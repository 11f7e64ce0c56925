"""Online duels against another person, through a game server (game/server; `mastermind-server`).

- Race: both break the same code the server made; each sees the other's rows as grades only, as
  they land; the first to crack it wins, else the better best row, else a draw.
- Codemaker: a match of 2 or 4 rounds; each round one makes the code and the other breaks it; the
  server grades from the maker's code, so no grade can be wrong; points as in Two players.
Opponents are found in the lobby (lobby.py): a quick match by size, a room with an invite code, or
a code typed in. The board is the playing screen with OnlineHooks (hooks.py), a code to make is
maker.py's, the end result.py's. A duel is kept in the slot "online" while played (ONLINE_SAVE):
the menu offers it back after the game was closed, and the server says where it is.
"""

from game.modes.base import HelpPage, MenuEntry, Mode
from game.modes.online.flow import ONLINE_SAVE
from game.modes.online.lobby import OnlineLobbyState
from game.modes.online.maker import OnlineMakerState
from game.modes.online.result import OnlineResultState
from game.screens.base import go

CONTROLS = (
    "Online duel: you play another person through a game server. Start one with mastermind-server "
    "(or Host a game on this network), then Quick match pairs whoever waits for the same game and "
    "size; Create a room shows a five-letter code to give your opponent, who types it at Join by code.\n"
    "Race: both break the same code; you see the other's rows as grades only. First to crack it wins; "
    "when both run out of turns the better best row (blacks, then whites) wins, else a draw. "
    "Codemaker: take turns making a code (keys 1-9 and 0, R random, Enter sends it) and breaking "
    "the other's; the server grades, so nobody can grade wrong.\n"
    "A dropped connection reconnects by itself and catches up; the server holds the duel 60 s for a "
    "player who dropped, after which the other may claim the win (C). Menu leaves the duel held: "
    "Resume in the menu takes it up. R gives up (the other player wins).\n"
    "Duels are rated (Glicko-2), shown beside your nickname and at the end as 1523? ±290: the ± is "
    "how sure the rating is yet, and ? marks it provisional until it settles after a few duels."
)

MODE = Mode(
    id="online",
    title="Online duel",
    entries=(
        MenuEntry(
            "Online duel: race", "crack the same code first", go("online_lobby", kind="race"), "Play people"
        ),
        MenuEntry(
            "Online duel: codemaker",
            "take turns making codes",
            go("online_lobby", kind="codemaker"),
            "Play people",
        ),
    ),
    screens={
        "online_lobby": OnlineLobbyState,
        "online_maker": OnlineMakerState,
        "online_result": OnlineResultState,
    },
    save=ONLINE_SAVE,
    help=HelpPage("online", CONTROLS, tab="Online"),
)
