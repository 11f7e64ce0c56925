"""The playing state: the player breaks a secret with mouse or keyboard.

How the solving state plugs in: the "Solve" button is shown only when the module
game.states.solving exists (checked with importlib.util.find_spec when this state enters). Pressing
it (or the S key) calls `SolvingState(self.game, elapsed_s=self.elapsed_s)` from that module and
returns Replace(that state): the computer plays on from `self.game` (a core GameState holding the
config, the secret and the rows played so far; a solver must only read `game.history`). Likewise
"Hint" is shown only when game.states.hint exists; pressing it pushes
`HintOverlay(self.game)` from that module as an overlay (it may pop a suggested code, a tuple of
colour indices, which fills the row being built; a game with a hint is marked `assisted`). Both
imports happen inside the handler, so this module never depends on them.

Homes for data: `game` is the undoable game state (core GameState); `draft`, `cursor`, `selected`,
`drag`, `mouse` are UI state (not undone); `view`, `layout`, `grading` are view state, rebuilt
or finished at will. Invariants: `draft` has exactly `pegs` entries, each None or a colour index
below `colours`; `cursor` is a valid position; `game` only changes through apply_move.

Undo (Ctrl+Z, U or the Undo button) steps back through changes to the row being built: every event
that changes `draft` (a place, move, swap, removal, Clear row or a hint) pushes the draft and cursor
it replaced onto `draft_undo`. It is UI state of the row being built: submitting empties it, and it
never takes back a submitted row (those are in the game state, which a guess cannot leave).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.codes import Code, CodeError, Feedback
from game.core.config import GameConfig
from game.core.state import GameState, Guess, Outcome, Reveal, apply_move, new_game
from game.states.base import Push, Replace, Reset, State, Transition
from game.states.playing_view import BUTTON_LABELS, PlayingDrawing
from game.ui.board import BoardView, FrameCache
from game.ui.layout import Board, Button, PaletteItem, PlayLayout, Slot
from game.ui.tween import Tween, ease_out_back

GRADE_STAGGER_S = 0.16  # between one grading peg and the next
GRADE_POP_S = 0.18  # one grading peg growing into place
WIN_FLASH_S = 1.1  # the winning row flashes this long before the result screen; always completes
LOSS_PAUSE_S = 0.8  # pause on the full board before the result screen after the last turn
PEG_SNAP_S = 0.14  # a placed peg grows into its slot with a little overshoot
DRAG_THRESHOLD_PX = 6  # a press that moves less than this is a click, not a drag
DRAFT_UNDO_DEPTH = 200  # steps of the row being built that Undo can take back; older ones are dropped
DIGIT_KEYS = {pygame.K_1 + i: i for i in range(9)} | {pygame.K_0: 9}
DIGIT_KEYS |= {pygame.K_KP1 + i: i for i in range(9)} | {pygame.K_KP0: 9}


@dataclass
class Drag:
    """A peg being dragged: from the palette, from the row being built, or copied from a played row."""

    colour: int
    source: str  # "palette", "draft" or "played"
    start: tuple[int, int]
    pos: tuple[int, int]
    col: int | None = None  # the draft slot it came from
    moved: bool = False


class GradeAnimation:
    """Grading pegs of one row popping in one by one (blacks first), with a sound for each."""

    def __init__(self, row: int, feedback: Feedback) -> None:
        self.row = row
        self.feedback = feedback
        total = feedback.black + feedback.white
        self.tweens = [Tween(GRADE_POP_S, GRADE_STAGGER_S * (i + 1), ease_out_back) for i in range(total)]
        self.sounded = 0

    def update(self, dt: float, speed: float, sound: Any) -> None:
        for tween in self.tweens:
            tween.update(dt, speed)
        while self.sounded < len(self.tweens) and self.tweens[self.sounded].started:
            # one sound per peg: "peg_black" or "peg_white" (the sound set also has a generic "peg")
            sound.play("peg_black" if self.sounded < self.feedback.black else "peg_white")
            self.sounded += 1

    def finish(self) -> None:
        for tween in self.tweens:
            tween.finish()
        self.sounded = len(self.tweens)

    @property
    def done(self) -> bool:
        return all(t.done for t in self.tweens)


class PlayingState(PlayingDrawing, State):
    """Break the code: build a row, submit, read the grade."""

    def __init__(self, config: GameConfig, secret: Code | None = None, game: GameState | None = None) -> None:
        self.config = config
        self._secret = secret
        self.game: GameState | None = game
        self.draft: list[int | None] = [None] * config.pegs
        self.draft_undo: list[tuple[tuple[int | None, ...], int]] = []  # (draft, cursor) before each change
        self.cursor = 0
        self.selected: int | None = None
        self.drag: Drag | None = None
        self.mouse = (-1, -1)
        self.pressed_button: str | None = None
        self.elapsed_s = 0.0
        self.message = ""
        self.assisted = False
        self.grading: GradeAnimation | None = None
        self.snaps: dict[int, Tween] = {}  # draft slots whose peg is still snapping in (view state)
        self.finish_timer: Tween | None = None
        self.view = BoardView()
        self.frame = FrameCache()
        self._layout: PlayLayout | None = None
        self._layout_key: tuple = ()
        self.can_solve = False
        self.can_hint = False
        self._undoing = False  # set while an undo runs, so taking back a change is not itself recorded

    # --- life cycle ---------------------------------------------------------------------------
    def enter(self, app) -> None:
        super().enter(app)
        if self.game is None:
            secret = self._secret if self._secret is not None else random_secret(self.config, app.rng)
            self.game = new_game(self.config, secret)
        self.can_solve = importlib.util.find_spec("game.states.solving") is not None
        self.can_hint = importlib.util.find_spec("game.states.hint") is not None

    def resume(self, result: Any) -> Transition | State | None:
        self.drag = None  # the overlay took the mouse release: a drag begun before it is over
        self.pressed_button = None
        if not isinstance(result, tuple) or len(result) != 2:
            return None
        tag, answer = result
        if tag == "reveal" and answer and not self.game.over:
            self.game = apply_move(self.game, Reveal())
            self.app.sound.play("reveal")
            return self._to_result()
        if tag == "new" and answer:
            return Replace(PlayingState(self.config))
        if tag == "menu" and answer:
            from game.states.menu import MenuState

            return Reset(MenuState())
        if tag == "hint" and answer is not None:
            self.assisted = True
            code = tuple(answer)
            if len(code) == self.config.pegs and list(code) != self.draft:
                self.remember_draft(tuple(self.draft), self.cursor)
                self.draft = list(code)
        return None

    # --- layout -------------------------------------------------------------------------------
    def panel_items(self) -> list[tuple[str, float]]:
        items = [
            ("info", 1.3),
            ("submit", 1.15),
            ("message", 1.3),
            ("clear", 1.0),
            ("undo", 1.0),
            ("reveal", 1.0),
            ("new", 1.0),
        ]
        if self.can_solve:
            items.append(("solve", 1.0))
        if self.can_hint:
            items.append(("hint", 1.0))
        return items

    def layout(self) -> PlayLayout:
        size = self.app.surface.get_size()
        items = tuple(self.panel_items())
        if self._layout is None or self._layout_key != (size, items):
            buttons = [name for name, _ in items if name in BUTTON_LABELS]
            self._layout = PlayLayout(
                size, self.config.pegs, self.config.colours, self.config.turns, items, buttons
            )
            self._layout_key = (size, items)
        return self._layout

    # --- rules of the row being built ---------------------------------------------------------
    @property
    def active_row(self) -> int | None:
        return None if self.game.over else self.game.turn

    def submit_problem(self) -> str | None:
        """Why the row cannot be submitted now, or None when it can."""
        if self.game.over:
            return "the game is over"
        missing = self.draft.count(None)
        if missing:
            return f"place {missing} more peg{'s' if missing > 1 else ''}"
        try:
            self.config.check_code(tuple(self.draft))
        except CodeError as exc:
            return str(exc)
        return None

    def place(self, col: int, colour: int, sound: str = "place") -> None:
        self.draft[col] = colour
        self.snap(col)
        self.app.sound.play(sound)

    def snap(self, col: int) -> None:
        """Start the peg in draft slot `col` snapping in (not with reduced motion)."""
        if not self.app.settings.get("reduced_motion"):
            self.snaps[col] = Tween(PEG_SNAP_S, ease=ease_out_back)

    def clear_slot(self, col: int) -> None:
        self.snaps.pop(col, None)
        if self.draft[col] is not None:
            self.draft[col] = None
            self.app.sound.play("clear")

    def remember_draft(self, draft: tuple[int | None, ...], cursor: int) -> None:
        """Record the row being built as it was before a change, for Undo."""
        self.draft_undo.append((draft, cursor))
        del self.draft_undo[:-DRAFT_UNDO_DEPTH]

    def undo_draft(self) -> bool:
        """Take back the last change to the row being built; False when there is none."""
        if not self.draft_undo or self.game.over:
            return False
        draft, cursor = self.draft_undo.pop()
        self.draft = list(draft)
        self.cursor = cursor
        self.snaps.clear()
        self.message = ""
        return True

    def next_empty(self, after: int) -> int:
        pegs = self.config.pegs
        for step in range(1, pegs + 1):
            col = (after + step) % pegs
            if self.draft[col] is None:
                return col
        return min(after + 1, pegs - 1)

    def submit(self) -> Transition | State | None:
        problem = self.submit_problem()
        if problem is not None:
            self.message = problem
            self.app.sound.play("error")
            return None
        code = tuple(self.draft)
        self.game = apply_move(self.game, Guess(code))
        row = self.game.rows[-1]
        self.app.sound.play("submit")
        self.grading = GradeAnimation(len(self.game.rows) - 1, row.feedback)
        self.draft = [None] * self.config.pegs
        self.draft_undo.clear()  # a submitted row is never undone
        self.snaps.clear()
        self.cursor = 0
        self.message = ""
        if self.game.over:
            won = self.game.outcome is Outcome.WON
            self.finish_timer = Tween(WIN_FLASH_S if won else LOSS_PAUSE_S)
        return None

    def finish_animations(self) -> None:
        """New input finishes the grading animation (a win flash is not cut short)."""
        if self.grading is not None:
            self.grading.finish()

    # --- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self.drag.pos = event.pos
                dx, dy = event.pos[0] - self.drag.start[0], event.pos[1] - self.drag.start[1]
                if dx * dx + dy * dy >= DRAG_THRESHOLD_PX**2:
                    self.drag.moved = True
            return None
        if self.finish_timer is not None:
            return None  # the game is over; the result screen comes when the finish timer ends
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.finish_animations()
        before, cursor, rows = tuple(self.draft), self.cursor, len(self.game.rows)
        result = self._dispatch(event)
        if tuple(self.draft) != before and len(self.game.rows) == rows and not self._undoing:
            self.remember_draft(before, cursor)
        self._undoing = False
        return result

    def _dispatch(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            return self._mouse_down(event)
        if event.type == pygame.MOUSEBUTTONUP:
            self.mouse = event.pos
            return self._mouse_up(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _mouse_down(self, event) -> Transition | State | None:
        hit = self.layout().hit_test(event.pos)
        if event.button == 3:
            if isinstance(hit, Slot) and hit.row == self.active_row:
                self.clear_slot(hit.col)
                self.cursor = hit.col
            else:
                self.selected = None
            return None
        if event.button != 1:
            return None
        self.drag = None
        self.pressed_button = None
        if isinstance(hit, Button):
            self.pressed_button = hit.name
        elif isinstance(hit, PaletteItem):
            self.drag = Drag(hit.colour, "palette", event.pos, event.pos)
            self.app.sound.play("pick")
        elif isinstance(hit, Slot) and hit.row == self.active_row:
            self.cursor = hit.col
            colour = self.draft[hit.col]
            if colour is not None:
                self.drag = Drag(colour, "draft", event.pos, event.pos, col=hit.col)
                self.app.sound.play("pick")
            elif self.selected is not None:
                self.place(hit.col, self.selected)
        elif isinstance(hit, Slot) and hit.row < len(self.game.rows):
            colour = self.game.rows[hit.row].guess[hit.col]
            self.drag = Drag(colour, "played", event.pos, event.pos)
            self.app.sound.play("pick")
        return None

    def _mouse_up(self, event) -> Transition | State | None:
        if event.button != 1:
            return None
        layout = self.layout()
        hit = layout.hit_test(event.pos)
        drag, self.drag = self.drag, None
        pressed, self.pressed_button = self.pressed_button, None
        if drag is None:
            if pressed is not None and hit == Button(pressed):
                return self.press(pressed)
            return None
        if not drag.moved:
            # a click: palette and played pegs choose the colour for click-to-place
            if drag.source in ("palette", "played"):
                self.selected = (
                    None if self.selected == drag.colour and drag.source == "palette" else drag.colour
                )
            elif drag.source == "draft" and self.selected is not None and drag.col is not None:
                self.place(drag.col, self.selected)
            return None
        if isinstance(hit, Slot) and hit.row == self.active_row:
            previous = self.draft[hit.col]
            if drag.source == "draft" and drag.col is not None and drag.col != hit.col:
                self.draft[drag.col] = previous  # dropping on a filled slot swaps the two pegs
                if previous is not None:
                    self.snap(drag.col)
            self.place(hit.col, drag.colour, sound="drop")
            self.cursor = hit.col
        elif drag.source == "draft" and drag.col is not None and not isinstance(hit, Board | Slot):
            self.clear_slot(drag.col)  # dragged off the board: removed
        return None

    def _key(self, event) -> Transition | State | None:
        key = event.key
        pegs = self.config.pegs
        typed = getattr(event, "unicode", "")
        # the typed character wins over the key code, so digits typed with Shift (AZERTY) work too
        digit = (
            DIGIT_KEYS.get(key)
            if not (typed and typed.isdigit() and len(typed) == 1)
            else (int(typed) - 1) % 10
        )
        if key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            return self.press("undo")
        if digit is not None and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            colour = digit
            if colour < self.config.colours and self.active_row is not None:
                self.place(self.cursor, colour)
                self.cursor = self.next_empty(self.cursor)
            return None
        if key == pygame.K_LEFT:
            self.cursor = (self.cursor - 1) % pegs
        elif key == pygame.K_RIGHT:
            self.cursor = (self.cursor + 1) % pegs
        elif key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if key == pygame.K_UP else -1
            current = self.draft[self.cursor]
            start = (
                (self.selected if self.selected is not None else -1 if step > 0 else 0)
                if current is None
                else current
            )
            self.place(self.cursor, (start + step) % self.config.colours)
        elif key == pygame.K_BACKSPACE:
            if self.draft[self.cursor] is None and self.cursor > 0:
                self.cursor -= 1
            self.clear_slot(self.cursor)
        elif key == pygame.K_DELETE:
            self.clear_slot(self.cursor)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.submit()
        elif key in (pygame.K_h, pygame.K_F1):
            return self.press("help")
        elif key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
                return None
            return self.press("menu")
        elif key == pygame.K_r:
            return self.press("reveal")
        elif key == pygame.K_n:
            return self.press("new")
        elif key == pygame.K_c:
            return self.press("clear")
        elif key == pygame.K_s and self.can_solve:
            return self.press("solve")
        return None

    def press(self, name: str) -> Transition | State | None:
        """Do what button `name` does (also reached by keyboard shortcuts)."""
        from game.states.confirm import ConfirmOverlay

        self.app.sound.play("click")
        if name == "submit":
            return self.submit()
        if name == "clear":
            for col in range(self.config.pegs):
                self.clear_slot(col)
            self.cursor = 0
            return None
        if name == "undo":
            self._undoing = self.undo_draft()
            return None
        if name == "help":
            from game.states.help import HelpOverlay

            return Push(HelpOverlay())
        if name == "reveal":
            return Push(
                ConfirmOverlay(
                    "Reveal the secret and end this game?", "reveal", yes="Reveal", no="Keep playing"
                )
            )
        if name == "new":
            if not self.game.rows:
                return Replace(PlayingState(self.config))
            return Push(
                ConfirmOverlay(
                    "Abandon this game and start a new one?", "new", yes="New game", no="Keep playing"
                )
            )
        if name == "menu":
            if not self.game.rows:
                from game.states.menu import MenuState

                return Reset(MenuState())
            return Push(
                ConfirmOverlay("Leave this game for the menu?", "menu", yes="Leave", no="Keep playing")
            )
        if name == "solve" and self.can_solve:
            try:
                solving = importlib.import_module("game.states.solving")
            except ImportError:
                self.can_solve = False
                return None
            return Replace(solving.SolvingState(self.game, elapsed_s=self.elapsed_s))
        if name == "hint" and self.can_hint:
            try:
                hint = importlib.import_module("game.states.hint")
            except ImportError:
                self.can_hint = False
                return None
            return Push(hint.HintOverlay(self.game))
        return None

    # --- time ---------------------------------------------------------------------------------
    def speed(self) -> float:
        settings = self.app.settings
        return float(settings.get("animation_speed", 1.0)) * (4.0 if settings.get("reduced_motion") else 1.0)

    def update(self, dt: float) -> Transition | State | None:
        if not self.game.over:
            self.elapsed_s += dt
        for col, tween in list(self.snaps.items()):
            tween.update(dt, self.speed())
            if tween.done:
                del self.snaps[col]
        if self.grading is not None:
            self.grading.update(dt, self.speed(), self.app.sound)
            if self.grading.done and self.finish_timer is None:
                self.grading = None
        if self.finish_timer is not None and (self.grading is None or self.grading.done):
            if self.finish_timer.elapsed_s == 0.0:
                self.app.sound.play("win" if self.game.outcome is Outcome.WON else "lose")
            self.finish_timer.update(dt)
            if self.finish_timer.done:
                return self._to_result()
        return None

    def _to_result(self) -> Transition:
        from game.states.result import ResultState

        return Replace(ResultState(self.game, self.elapsed_s, assisted=self.assisted))


def random_secret(config: GameConfig, rng) -> Code:
    """A secret drawn with `rng` that obeys the duplicates rule."""
    if config.duplicates:
        return tuple(rng.randrange(config.colours) for _ in range(config.pegs))
    return tuple(rng.sample(range(config.colours), config.pegs))
