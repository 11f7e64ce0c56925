"""The help's key tables: every key of the break-the-code screen, the computer's screens and hand
grading, grouped by what they work on, as data the Controls page draws as key caps
(game/screens/help.py) and controls_text() turns into plain text.

Invariant: the keys listed are the keys the states handle (game/screens/playing.py with the bindings
in game/ui/breaker_input.py, solving.py, handgrade.py, and M, F11 and Alt+Enter in
game/session.py), and the pad glyphs the pad buttons that do the same there (game/ui/pads.py and
each screen's pad_keys); a test opens the page and finds every one drawn.
"""

from __future__ import annotations

from types import MappingProxyType

# Keys by what they work on: (keys, what they do, pad glyphs); a key tuple is drawn as key caps side
# by side, the glyphs beside them (game/ui/pad_glyphs.py: A, B, X, Y, LB, RB, Start, Back, D-pad).
DRAG = ("drag",)  # drawn as a peg moving onto an empty hole, not as key caps
KEY_SECTIONS = MappingProxyType(
    {
        "playing": (
            "Your game",
            (
                (("1-9", "0"), "place a colour under the cursor", ()),
                (("Left", "Right"), "move: row, palette, buttons", ("D-pad",)),
                (("Up", "Down"), "change the colour there", ("LB", "RB")),
                (("Space",), "choose, place, press", ("A",)),
                (("Backspace", "Del"), "empty a slot", ()),
                (("Enter",), "submit the row", ("Start",)),
                (("U", "Ctrl+Z"), "undo a change to the row", ("B",)),
                (("C",), "clear the row", ()),
                (("X",), "rule a colour out, or back in", ("X",)),
                (("?",), "ask for a hint", ("Y",)),
                (("S",), "let the computer solve it", ()),
                (("R",), "reveal the secret", ()),
                (("N",), "new game", ()),
            ),
        ),
        "mouse": (
            "Mouse",
            (
                (DRAG, "a colour onto a slot", ()),
                (("Right-click",), "empty a slot; rule a colour out", ()),
            ),
        ),
        "solving": (
            "Watching the computer",
            (
                (("Space", "P"), "pause or go on", ("Start",)),
                (("N", "Right"), "play one step", ("D-pad",)),
                (("1-4",), "speed, slow to instant", ()),
                (("+", "-"), "faster, slower", ("D-pad",)),
            ),
        ),
        "handgrade": (
            "You grade",
            (
                (("B", "W"), "add a black, a white", ("D-pad",)),
                (("B", "C"), "add a bull, a cow", ()),
                (("0", "1", "2"), "mark a letter", ()),
                (("Backspace",), "clear the grade", ()),
                (("Enter",), "confirm the grade", ("A",)),
                (("U", "Ctrl+Z"), "undo the last grade", ("X",)),
                (("G",), "give up (a grid: add a grey)", ()),
            ),
        ),
        "anywhere": (
            "Anywhere",
            (
                (("H", "F1"), "this help", ()),
                (("M",), "sound off or on", ()),
                (("F11", "Alt+Enter"), "fullscreen or a window", ()),
                (("Esc",), "back to the menu", ("Back",)),
            ),
        ),
    }
)
# The key tables each screen's Controls page shows: columns of sections (the menu's help: all).
SCREEN_KEYS = MappingProxyType(
    {
        "playing": (("playing", "anywhere"), ("mouse", "solving", "handgrade")),
        "solving": (("solving",), ("anywhere",)),
        "handgrade": (("handgrade",), ("anywhere",)),
    }
)
SCREEN_INTROS = MappingProxyType(
    {
        "playing": "",
        "solving": "The computer plays on from the board as it stands; it sees only the grades. Optimal "
        "plays exact tables up to 4x7 and small grids, books at 5x8 and 6x9 where they beat entropy, "
        "else entropy. Beside each colour, what every code left holds: ×2 exactly two, 1+ at least "
        "one, struck through none.",
        "handgrade": "Grade each guess against the code you keep in mind: click the grading pegs "
        "(empty, black, on a grid grey, white) or use the keys. Shift with a key takes one away. Word "
        "marks: click a letter to turn its mark, or type 0 absent, 1 elsewhere, 2 right place.",
    }
)


def controls_text(screen: str) -> str:
    """A screen's key tables as plain text (what the Controls page draws, for tests and readers)."""
    lines = [SCREEN_INTROS[screen]] if SCREEN_INTROS[screen] else []
    for column in SCREEN_KEYS[screen]:
        for name in column:
            title, rows = KEY_SECTIONS[name]
            lines.append(title + ": " + "; ".join(_row_text(*row) for row in rows))
    return "\n".join(lines)


def _row_text(keys: tuple[str, ...], action: str, pads: tuple[str, ...]) -> str:
    """One row as text: "U or Ctrl+Z (pad B): undo a change to the row"."""
    names = [" or ".join(keys)] if keys else []
    if pads:
        names.append(f"(pad {' or '.join(pads)})")
    return f"{' '.join(names)}: {action}"
