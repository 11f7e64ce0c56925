"""On this network: host a duel (the game starts a server in a thread and advertises it with
python-zeroconf, `_mastermind._tcp`) or join one (the hosts found, or host:port typed by hand).

Hosting is the online lobby's (game/modes/online: go("online_lobby", host=True)); joining is this
folder's screen (screens.py), which hands the address to the same lobby.
"""

from game.modes.base import MenuEntry, Mode
from game.modes.lan.screens import LanJoinState
from game.screens.base import go

MODE = Mode(
    id="lan",
    title="On this network",
    entries=(
        MenuEntry(
            "Host a game", "on this network: others join you", go("online_lobby", host=True), "Play people"
        ),
        MenuEntry("Join a game", "on this network, or by address", go("lan_join"), "Play people"),
    ),
    screens={"lan_join": LanJoinState},
)
