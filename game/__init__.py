"""mastermind-arcade: an arcade-style Mastermind built on pygame-ce.

Layers: game.core (pure rules and solvers), game.ui (drawing pieces), game.screens (the state
machine), game.app (the imperative shell). The arrow goes one way: states -> ui -> core.
"""

__version__ = "0.1.0"
