"""Ways of playing as plug-ins: one folder per mode, each declaring one Mode (game/modes/base.py).

Only game/modes/registry.py imports a mode folder: one line of its FOLDERS each, MODES made from them.
"""
