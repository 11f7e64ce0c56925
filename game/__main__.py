"""`python -m game` and the `mastermind` script: start the game.

Ctrl+C, SIGTERM and SIGHUP that arrive while the game's modules load (pygame and numpy take a
while) are held, not lost and not a KeyboardInterrupt traceback: game.app.main() installs its quit
handlers first thing and lets them through, and the game then ends the way closing its window does.
"""

import signal
import sys

# the signals game.app.QUIT_SIGNALS names (named here: importing game.app is what takes the time)
HELD_SIGNALS = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def main() -> int:
    if hasattr(signal, "pthread_sigmask"):  # POSIX; elsewhere the handlers come a moment later
        signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    from game.app import main as run  # imported here, once the signals are held: it loads pygame

    return run()


if __name__ == "__main__":
    sys.exit(main())
