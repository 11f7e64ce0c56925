"""`python -m game` and the `mastermind` script: start the game (or, with --serve first, the game
server instead: `mastermind --serve --port 0` is `mastermind-server --port 0`, so the built program,
one executable, can serve duels too).

Ctrl+C, SIGTERM and SIGHUP that arrive while the game's modules load (pygame and numpy take a
while) are held, not lost and not a KeyboardInterrupt traceback: game.launch.main() installs its quit
handlers first thing and lets them through, and the game then ends the way closing its window does.
"""

import signal
import sys

# the signals game.launch.QUIT_SIGNALS names (named here: importing game.launch is what takes the time)
HELD_SIGNALS = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


SERVE = "--serve"


def main() -> int:
    if sys.argv[1:2] == [SERVE]:
        # the server needs no window: pygame is never loaded, and its own options follow
        from game.server.__main__ import main as serve

        return serve(sys.argv[2:])
    if hasattr(signal, "pthread_sigmask"):  # POSIX; elsewhere the handlers come a moment later
        signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    from game.launch import main as run  # imported here, once the signals are held: it loads pygame

    return run()


if __name__ == "__main__":
    sys.exit(main())
