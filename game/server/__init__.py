"""The game server: the pure rooms (rooms.py), the websockets server around them (server.py) and
what it keeps (results.py). Uses game.core and game.net's protocol, never pygame."""
