"""The state machine: one module per state (menu, setup, playing, result, ...) plus overlays.

See game/screens/base.py for the State base class and the transition values app.py applies.
"""
