"""The help overlay: how to play, a worked grading example with duplicates, and the controls.

Two pages (Rules, Controls), switched with the tabs, Left/Right or Tab; Escape, Enter or Close
pops it. `screen` picks whose controls the Controls page lists (SCREEN_CONTROLS: the playing screen,
the computer solving, hand grading); the screens other than playing open it on the Controls page.
Text is wrapped and sized to fit the card at every window size. The worked example is
graded by the core score() function, so the page can never disagree with the game.
"""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.core.codes import score
from game.states.base import Pop, Push, Reset, State, Transition
from game.ui import palette as pal
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.widgets import draw_button, draw_card, shade

EXAMPLE_SECRET = (0, 0, 1, 2)
EXAMPLE_GUESS = (0, 1, 1, 0)
PAGES = ("Rules", "Controls")

RULES = (
    "A secret code of coloured pegs is hidden at the top of the board. Guess it: fill the active row "
    "and press Submit. Each guess is graded with small pegs: black for a peg of the right colour in the "
    "right place; white for a peg of a right colour, but in the wrong place.\n"
    "Each peg earns at most one grading peg, so a repeated colour counts only as often as it is in both "
    "codes. Grading pegs are shown blacks first and do not say which peg they belong to. "
    "Crack the code before the turns run out."
)

CONTROLS = (
    "Mouse: drag a colour from the palette onto a slot; drag a peg to another slot to move it, or off "
    "the board to remove it; drag a peg from an earlier row to copy it. Or click a colour, then click "
    "slots. Right-click empties a slot.\n"
    "Keys: 1-9 and 0 place colours in the slot under the cursor; Left/Right move the cursor; Up/Down "
    "change its colour; Backspace/Delete clear; Ctrl+Z or U undoes the last change to the row being "
    "built (never a submitted guess); Enter submits.\n"
    "C clears the row, R reveals the secret, N starts a new game, H shows this help, Esc goes to the menu.\n"
    "M turns the sound off or on anywhere; Settings (menu) has the volume, colours, symbols, animation "
    "speed and reduced motion."
)

SOLVING_CONTROLS = (
    "The computer plays on from the board as it stands. It sees only the grades, never the secret.\n"
    "Space or P pauses and resumes; N, Right or . plays one step; 1-4 pick the speed (slow, normal, "
    "fast, instant); + or Up is faster, - or Down slower. The Speed, Pause and Step buttons do the "
    "same.\n"
    "H or F1 shows this help, Esc goes to the menu, M turns the sound off or on. The result screen "
    "comes by itself when the code is broken."
)

HANDGRADE_CONTROLS = (
    "The computer guesses; you grade each guess against the code you keep in mind (or on a real "
    "board): black for a right colour in the right place, white for a right colour elsewhere.\n"
    "Mouse: click the grading pegs of the active row (each click: empty, black, white), or use the "
    "Black and White steppers; Confirm grade submits.\n"
    "Keys: B or W adds a black or a white, Shift+B or Shift+W takes one away, Backspace clears the "
    "grade, Enter confirms. A grade that contradicts earlier ones is refused and the rows it "
    "contradicts are outlined.\n"
    "U or Ctrl+Z undoes the last grade, G gives up, Enter after the end starts again, H or F1 shows "
    "this help, Esc goes to the menu, M turns the sound off or on."
)

DUEL_CONTROLS = (
    "Duel: you and the computer crack the same secret, each on your own board. Each turn you guess "
    "first, then the computer replies. First to crack it wins; both on the same turn is a draw; "
    "nobody within the turns, nobody wins. You see the computer's grades as it plays; its guesses "
    "stay covered until the duel ends. It sees only its own guesses and grades, never the secret.\n"
    "Your board works as in a normal game (mouse, 1-9 and 0, arrows, Backspace, U to undo); Enter "
    "submits when it is your turn. R gives up (the computer wins). Esc leaves: the duel is kept and "
    "the next start offers to resume it. H or F1 shows this help, M turns the sound off or on."
)

MATCH_CONTROLS = (
    "Two players, one screen, the board game's rules: each round one player makes the code and the "
    "other breaks it; the roles swap every round. The codemaker scores one point per guess the "
    "breaker makes, and one extra (turns + 1 in all) if the breaker fails or gives up. After the "
    "last round the higher total wins; equal totals are a tie.\n"
    "Before each round the screen asks the breaker to look away; the codemaker sets the secret by "
    "dragging colours onto the row (or keys 1-9 and 0, R for a random code) and hands over. The "
    "breaker plays with the usual controls; Enter submits, R gives up, Esc leaves (kept for resume)."
)

DAILY_CONTROLS = (
    "Daily code: one code a day for Classic and one for Super, the same for everyone; new codes come "
    "at midnight UTC (the Daily code screen counts down to them). One attempt a day at each: leave a "
    "game half-played and it is kept for that day (choose it again to go on); asking again once it "
    "is over shows that day's result. No New game, Solve or Hint; Reveal gives up once a row is "
    "played.\n"
    "The end screen shows the share text, copied to the clipboard: the date, the preset, guesses/"
    "turns (X if not cracked) and one line of marks per row (a filled dot for each black, a ring for "
    "each white, a small dot for each empty place) and no colours, so it spoils nothing. C copies "
    "it again. A win scores as a Classic or Super game would and may enter the Daily high scores; "
    "the streak counts days won in a row.\n"
    "The board plays as always: mouse or 1-9 and 0, arrows, Backspace, U to undo, Enter submits; "
    "Esc leaves, H or F1 shows this help, M turns the sound off or on."
)

BLITZ_CONTROLS = (
    "Blitz: crack as many Classic codes as you can before the clock runs out. It starts at 3:00; "
    "each code cracked in g guesses scores 100 x (11 - g) and adds 15 seconds. A code not cracked "
    "in its 10 turns (or given up with Reveal) scores nothing, adds no time, and the next one "
    "starts. The clock turns red in the last 10 seconds. No New game, Solve or Hint.\n"
    "The board plays as always: mouse or 1-9 and 0, arrows, Backspace, U to undo, Enter submits, "
    "R gives up this code. Esc leaves: the run is kept with its clock stopped and the next start "
    "offers to resume it. This help stops the clock too. A score in the top ten asks for initials."
)

SCREEN_CONTROLS = MappingProxyType(
    {
        "playing": CONTROLS,
        "solving": SOLVING_CONTROLS,
        "handgrade": HANDGRADE_CONTROLS,
        "duel": DUEL_CONTROLS,
        "match": MATCH_CONTROLS,
        "daily": DAILY_CONTROLS,
        "blitz": BLITZ_CONTROLS,
    }
)


def example_text(palette_name: str = "safe") -> str:
    """The worked example in words; the numbers come from score(), the reasoning fits EXAMPLE_*."""
    black, white = score(EXAMPLE_GUESS, EXAMPLE_SECRET)
    a, b, c = (pal.colour_name(i, palette_name) for i in (0, 1, 2))
    return (
        f"Example with repeats (below): secret {a}, {a}, {b}, {c}; guess {a}, {b}, {b}, {a}. "
        f"Places 1 and 3 match: {black} black. The guess's last {a} finds the secret's second {a} "
        f"elsewhere: {white} white. The guess's {b} in place 2 earns nothing: the secret's only {b} "
        f"is already matched in place 3. Grade: {black} black, {white} white."
    )


class HelpOverlay(State):
    is_overlay = True

    def __init__(self, page: int | None = None, screen: str = "playing") -> None:
        self.controls = SCREEN_CONTROLS[screen]
        self.page = page if page is not None else (0 if screen == "playing" else PAGES.index("Controls"))
        self.mouse = (-1, -1)

    def geometry(self):
        size = self.app.surface.get_size()
        card = dialog_rect(size, 0.86, 0.9, 600, 440)
        m = margin_px(size)
        bh = button_height_px(size)
        tab_w = min(200, (card.w - 4 * m) // 3)
        tabs = {
            name: pygame.Rect(card.x + 2 * m + i * (tab_w + m), card.y + m, tab_w, bh)
            for i, name in enumerate(PAGES)
        }
        close = button_row(card, ("close",), bh, m)["close"]
        body = pygame.Rect(
            card.x + 2 * m, card.y + 2 * m + bh, card.w - 4 * m, close.y - m - (card.y + 2 * m + bh)
        )
        return card, tabs, body, close

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            _, tabs, _, close = self.geometry()
            if close.collidepoint(event.pos):
                return Pop(("help", True))
            for i, rect in enumerate(tabs.values()):
                if rect.collidepoint(event.pos):
                    self.page = i
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_h, pygame.K_F1):
                return Pop(("help", True))
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.page = (self.page + 1) % len(PAGES)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        card, tabs, body, close = self.geometry()
        draw_card(surface, card)
        text = self.app.text
        for i, (name, rect) in enumerate(tabs.items()):
            draw_button(surface, text, rect, name, primary=i == self.page, hot=rect.collidepoint(self.mouse))
        if self.page == 0:
            example_h = round(body.h * 0.3)
            words = pygame.Rect(body.x, body.y, body.w, body.h - example_h)
            self._draw_paragraphs(surface, RULES + "\n" + example_text(self.app.settings.palette), words)
            self._draw_example(surface, pygame.Rect(body.x, words.bottom, body.w, example_h))
        else:
            self._draw_paragraphs(surface, self.controls, body)
        draw_button(surface, text, close, "Close", primary=True, hot=close.collidepoint(self.mouse))

    def _draw_paragraphs(self, surface, paragraphs: str, box: pygame.Rect) -> None:
        text = self.app.text
        size, lines = text.fit_paragraphs(paragraphs, box.w, box.h, 28)
        for line, y in lines:
            text.draw(surface, line, size, pal.TEXT, (box.x, box.y + y), align="topleft")

    def _draw_example(self, surface, box: pygame.Rect) -> None:
        """Secret and guess as pegs, with the guess's grade drawn as key pegs."""
        text = self.app.text
        colours = pal.palette(self.app.settings.palette)
        symbols = self.app.settings.symbols
        line_h = box.h / 2
        d = max(8, min(round(line_h * 0.8), box.w // 12))
        label_w = min(box.w // 4, 160)
        feedback = score(EXAMPLE_GUESS, EXAMPLE_SECRET)
        for line, (label, code) in enumerate((("Secret", EXAMPLE_SECRET), ("Guess", EXAMPLE_GUESS))):
            y = box.y + line * line_h
            label_rect = pygame.Rect(box.x, round(y), label_w, round(line_h))
            text.draw_in(
                surface, label, label_rect.inflate(0, -round(line_h * 0.4)), pal.TEXT_DIM, 28, align="midleft"
            )
            for i, colour in enumerate(code):
                peg = self.app.pegs.peg(colours[colour], colour, d, symbols)
                surface.blit(peg, (box.x + label_w + round(i * d * 1.1), round(y + (line_h - d) / 2)))
            if line == 1:
                kd = max(4, round(d * 0.45))
                x0 = box.x + label_w + round(len(code) * d * 1.1) + d // 2
                pygame.draw.rect(
                    surface,
                    pal.GRADE_AREA,
                    (x0 - 4, round(y + (line_h - d) / 2), kd * 2 * 1.2 * 2 + 8, d),
                    border_radius=4,
                )
                for k in range(feedback.black + feedback.white):
                    key = self.app.pegs.key(k < feedback.black, kd)
                    surface.blit(key, (x0 + round(k * kd * 1.2), round(y + line_h / 2 - kd / 2)))


def top_bar_action(name: str, screen: str) -> Transition | None:
    """The Menu and Help buttons every computer screen has: Menu leaves for the menu, Help opens
    this overlay on `screen`'s controls. None for any other button name."""
    if name == "menu":
        from game.states.menu import MenuState

        return Reset(MenuState())
    if name == "help":
        return Push(HelpOverlay(screen=screen))
    return None
