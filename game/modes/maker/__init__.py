"""The computer at work: make the code for it, grade its guesses by hand, or watch it break a code.

Its screens are the shared codemaker screen (game/screens/codemaker.py: choices and the secret, used
by the two-player match too), the shared solving screen and, for grading by hand, its own
HandGradeState (game/modes/maker/handgrade.py). A computer game is never kept (the computer never
leaves a game half-played) and counts nothing in the statistics.
"""

from game.modes.base import HelpPage, MenuEntry, Mode
from game.modes.maker.handgrade import HandGradeState
from game.screens.base import go
from game.screens.help_keys import controls_text

ENTRIES = (
    ("Make the code", "the computer breaks your secret", "make"),
    ("Make the code, you grade", "grade the computer's guesses", "grade"),
    ("Watch the computer", "a random secret, any strategy", "watch"),
)

MODE = Mode(
    id="maker",
    title="The computer breaks a code",
    entries=tuple(
        MenuEntry(label, detail, go("codemaker", mode=mode), "Computer") for label, detail, mode in ENTRIES
    ),
    screens={"handgrade": HandGradeState},
    help=HelpPage("handgrade", controls_text("handgrade")),
)
