"""The hand-grading screen's input: the pointer and the keys turned into the grade's changes.

The half of game/modes/maker/handgrade.py that reads events (the other half, the screen's run,
geometry, buttons and drawing, is HandGradeState's). HandGradeInput is the base the screen is built
on, not a screen: it names what it reads of the screen and leaves each button's meaning to `press`.

- the pointer: a button is the button's; a grading peg (or, by place, a letter's mark) turns; a
  stepper's minus and plus step its kind;
- the keys: B, G, W (Bulls and Cows: B, C) add a peg of their kind and Shift takes one away; the
  arrows and Page Up/Down step black, white and grey (bulls as black, cows as white); by place 0, 1,
  2 mark the letter at the cursor, Left/Right move it, Up/Down and Space turn its mark; Backspace
  clears, Enter confirms (ends once over), U or Ctrl+Z undoes, G gives up (a row game's), H or F1
  helps, A analyses
  a finished game, Esc goes to the menu.
"""

from __future__ import annotations

import pygame

from game.screens.base import Push, State, Transition, go
from game.ui.layout import Button

# The key that adds one peg of each kind (Shift takes one away); grey only exists on a grid, bulls
# and cows in Bulls and Cows
KIND_KEYS = {"black": pygame.K_b, "grey": pygame.K_g, "white": pygame.K_w}
KIND_KEYS |= {"bulls": pygame.K_b, "cows": pygame.K_c}
# Bulls and cows are stepped by the arrows that step black and white (STEP_KEYS names the row's kinds)
SAME_AS = {"bulls": "black", "cows": "white"}
MARK_KEYS = {pygame.K_0: 0, pygame.K_1: 1, pygame.K_2: 2, pygame.K_KP0: 0, pygame.K_KP1: 1, pygame.K_KP2: 2}
STEP_KEYS = {  # keys a pad has too (its D-pad and shoulders): one more or one fewer of a kind
    pygame.K_UP: ("black", +1),
    pygame.K_DOWN: ("black", -1),
    pygame.K_RIGHT: ("white", +1),
    pygame.K_LEFT: ("white", -1),
    pygame.K_PAGEDOWN: ("grey", +1),
    pygame.K_PAGEUP: ("grey", -1),
}


class HandGradeInput:
    """Events in, grade changes out (see the module docstring); HandGradeState's base."""

    # of HandGradeState: run, app, config, mouse, cursor; layout(), grade_peg_at(), mark_at(),
    # stepper_parts(), press()

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        return None

    def _click(self, pos: tuple[int, int]) -> Transition | State | None:
        run = self.run
        hit = self.layout().hit_test(pos)
        if isinstance(hit, Button):
            return self.press(hit.name)
        peg = self.grade_peg_at(pos)
        if peg is None:
            peg = self.mark_at(pos)
            if peg is not None:
                self.cursor = peg
        if peg is not None:
            run.cycle_peg(peg)
            self.app.sound.play("peg")
            return None
        for name in run.kinds:
            parts = self.stepper_parts(name)
            for part, delta in (("minus", -1), ("plus", +1)):
                if parts[part].collidepoint(pos):
                    self._adjust(name, delta)
                    return None
        return None

    def _adjust(self, kind: str, delta: int) -> None:
        run = self.run
        run.step_count(kind, delta)
        self.app.sound.play("click")

    def _key(self, key: int, mod: int) -> Transition | State | None:
        run = self.run
        shift = bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            return self.press("menu")
        if key in (pygame.K_h, pygame.K_F1):
            return self.press("help")
        if key == pygame.K_a and run.over:  # the computer's rows next to the best play at each point
            return Push(go("analysis", record=run.record))
        if run.by_place and self._mark_key(key):
            return None
        kind = next((kind for kind in run.kinds if KIND_KEYS.get(kind) == key), None)
        stepped = STEP_KEYS.get(key)
        stepped_kind = next((k for k in run.kinds if stepped and SAME_AS.get(k, k) == stepped[0]), None)
        if kind is not None:
            self._adjust(kind, -1 if shift else +1)
        elif stepped_kind is not None:
            self._adjust(stepped_kind, stepped[1])
        elif key == pygame.K_BACKSPACE:
            run.clear_grade()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("end" if run.over else "confirm")
        elif key == pygame.K_u or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            return self.press("undo")
        elif key == pygame.K_g and not run.over:
            return self.press("end")
        return None

    def _mark_key(self, key: int) -> bool:
        """By place: a key that marks a letter or moves the cursor over them; False for any other."""
        run, pegs = self.run, self.config.pegs
        if key in MARK_KEYS:
            run.set_mark(self.cursor, MARK_KEYS[key])
            self.cursor = min(pegs - 1, self.cursor + 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = (self.cursor + (1 if key == pygame.K_RIGHT else -1)) % pegs
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE):
            run.cycle_mark(self.cursor, -1 if key == pygame.K_DOWN else +1)
        else:
            return False
        self.app.sound.play("click")
        return True
