"""Pure rules of Mastermind: codes, scoring, configuration, game state, moves and solvers.

Invariant: this package imports only the standard library and numpy. Never pygame, never a clock,
never a file. A test checks that importing it leaves pygame out of sys.modules.
"""
