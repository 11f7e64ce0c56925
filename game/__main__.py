"""`python -m game`: start the game (same as the `mastermind` script)."""

import sys

from game.app import main

sys.exit(main())
