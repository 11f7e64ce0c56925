"""The help overlay: how to play, a worked grading example with duplicates, and the controls.

Three pages (Rules, Controls, Grid: the grid puzzle with a worked example), switched with the tabs,
Left/Right or Tab; Escape, Enter or Close pops it. `screen` picks whose controls the Controls page
lists (SCREEN_CONTROLS: the playing screen, the computer solving, hand grading); the screens other
than playing open it on the Controls page. Text is wrapped and sized to fit the card at every window
size. The Rules page draws graded examples as pegs (graded by the core score() function, so the page
can never disagree with the game), the Grid page likewise with score_grid(); the Controls page draws
key caps from the tables in help_keys.py (the menu's help: all of them), or, for the modes, their
paragraph.
"""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.core.codes import score
from game.core.grid import score_grid
from game.core.variant import grade_words
from game.states.base import Pop, Push, Reset, State, Transition
from game.states.help_keys import DRAG, KEY_SECTIONS, SCREEN_INTROS, SCREEN_KEYS, controls_text
from game.ui import palette as pal
from game.ui.grid_board import (
    HELP_GUESS,
    HELP_RULES,
    HELP_SECRET,
    HELP_SHAPE,
    draw_grid_example,
    help_caption,
)
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.widgets import draw_button, draw_card, shade

EXAMPLE_SECRET = (0, 0, 1, 2)
EXAMPLE_GUESS = (0, 1, 1, 0)
PAGES = ("Rules", "Controls", "Grid")

GOAL = "Crack the hidden code before the turns run out. Each guess is graded with small pegs:"
# The Rules page shows, not tells: each example is drawn as pegs and graded by score() on the page.
RULE_EXAMPLES = (
    ("Black: a right colour in the right place", (0, 1, 2, 3), (0, 4, 4, 5)),
    ("White: a right colour in the wrong place", (0, 1, 2, 3), (4, 0, 5, 4)),
    ("Repeats count once each", EXAMPLE_SECRET, EXAMPLE_GUESS),
)
RULES_NOTE = "Grading pegs show blacks first and never say which peg earned them."

CONTROLS = controls_text("playing")
SOLVING_CONTROLS = controls_text("solving")
HANDGRADE_CONTROLS = controls_text("handgrade")

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

MIN_LINE_PX = 18  # a line of the help never shrinks below this (its text stays >= 14 px)
MAX_KEY_LINE_PX = 44  # a key table's line stops growing here
HEADING_LINES = 1.3  # a section heading's height, in table lines
CAP_GAP_PX = 4  # between two key caps of one row

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


def example_caption(palette_name: str = "safe") -> str:
    """The repeats example's caption: the grade from score() and why, in a few words."""
    black, white = score(EXAMPLE_GUESS, EXAMPLE_SECRET)
    a, b = (pal.colour_name(i, palette_name) for i in (0, 1))
    return (
        f"Repeats count once each\n{black} black, {white} white: places 1 and 3 match; the last {a} "
        f"finds the other {a}; the {b} in place 2 earns nothing (the only {b} is already matched)."
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
        self.screen = screen
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
            self._draw_rules(surface, body)
        elif PAGES[self.page] == "Grid":
            self._draw_grid(surface, body)
        elif self.screen in SCREEN_KEYS:
            self._draw_keys(surface, body)
        else:
            self._draw_paragraphs(surface, self.controls, body)
        draw_button(surface, text, close, "Close", primary=True, hot=close.collidepoint(self.mouse))

    def _draw_paragraphs(self, surface, paragraphs: str, box: pygame.Rect) -> None:
        text = self.app.text
        size, lines = text.fit_paragraphs(paragraphs, box.w, box.h, 28)
        for line, y in lines:
            text.draw(surface, line, size, pal.TEXT, (box.x, box.y + y), align="topleft")

    def _draw_rules(self, surface, body: pygame.Rect) -> None:
        """The goal, three graded examples drawn as pegs (caption on the left), and a note."""
        text = self.app.text
        line_h = max(MIN_LINE_PX, round(body.h * 0.08))
        goal = pygame.Rect(body.x, body.y, body.w, line_h)
        note = pygame.Rect(body.x, body.bottom - line_h, body.w, line_h)
        size = min(
            text.fit_size(GOAL, body.w, line_h * 0.75, 28),
            text.fit_size(RULES_NOTE, body.w, line_h * 0.75, 28),
        )
        text.draw(surface, GOAL, size, pal.TEXT, goal.midleft, align="midleft")
        text.draw(surface, RULES_NOTE, size, pal.TEXT_DIM, note.midleft, align="midleft")
        top, bottom = goal.bottom, note.y
        block_h = (bottom - top) / len(RULE_EXAMPLES)
        caption_w = round(body.w * 0.42)
        captions = [self._caption(i) for i in range(len(RULE_EXAMPLES))]
        caption_px = min(text.fit_wrapped(c, caption_w - 12, block_h * 0.8, 26)[0] for c in captions)
        for i, (_, secret, guess) in enumerate(RULE_EXAMPLES):
            y = round(top + i * block_h)
            block = pygame.Rect(body.x, y, body.w, round(block_h))
            if i % 2 == 0:
                pygame.draw.rect(surface, pal.BUTTON_DISABLED, block.inflate(8, -4), border_radius=6)
            title, _, detail = captions[i].partition("\n")
            inked = [(line, pal.TEXT) for line in text.wrap(title, caption_px, caption_w - 12)]
            inked += [(line, pal.TEXT_DIM) for line in text.wrap(detail, caption_px, caption_w - 12)]
            line_px = text.font(caption_px).get_linesize()
            y0 = block.centery - line_px * len(inked) / 2
            for k, (line, ink) in enumerate(inked):
                text.draw(surface, line, caption_px, ink, (block.x + 6, y0 + k * line_px), align="topleft")
            pegs_box = pygame.Rect(block.x + caption_w, block.y, block.w - caption_w, block.h)
            self._draw_example(surface, pegs_box.inflate(0, -round(block.h * 0.12)), secret, guess)

    def _draw_grid(self, surface, body: pygame.Rect) -> None:
        """The grid puzzle's rules, then a worked example graded by the core's score_grid()."""
        text = self.app.text
        feedback = score_grid(HELP_GUESS, HELP_SECRET, *HELP_SHAPE)
        names = tuple(pal.colour_name(i, self.app.settings.palette) for i in range(5))
        rules_box = pygame.Rect(body.x, body.y, body.w, round(body.h * 0.36))
        caption_box = pygame.Rect(body.x, body.bottom - round(body.h * 0.2), body.w, round(body.h * 0.2))
        self._draw_paragraphs(surface, HELP_RULES, rules_box)
        example = pygame.Rect(body.x, rules_box.bottom, body.w, caption_box.y - rules_box.bottom)
        pygame.draw.rect(surface, pal.BUTTON_DISABLED, example.inflate(8, -4), border_radius=6)
        colours = pal.palette(self.app.settings.palette)
        art, symbols = self.app.pegs, self.app.settings.symbols
        draw_grid_example(surface, example.inflate(0, -12), art, text, colours, symbols, feedback)
        size, lines = text.fit_paragraphs(help_caption(names, feedback), caption_box.w, caption_box.h, 24)
        for line, y in lines:
            text.draw(surface, line, size, pal.TEXT_DIM, (caption_box.x, caption_box.y + y), align="topleft")

    def _caption(self, index: int) -> str:
        """Example `index`'s caption: its title and grade; the repeats example says why."""
        title, secret, guess = RULE_EXAMPLES[index]
        if (secret, guess) == (EXAMPLE_SECRET, EXAMPLE_GUESS):
            return example_caption(self.app.settings.palette)
        return f"{title}\n{grade_words(score(guess, secret))}"

    def _draw_example(self, surface, box: pygame.Rect, secret, guess) -> None:
        """Secret and guess as pegs, with the guess's grade drawn as key pegs beside it."""
        text = self.app.text
        colours = pal.palette(self.app.settings.palette)
        symbols = self.app.settings.symbols
        line_h = box.h / 2
        label_w = min(box.w // 4, 110)
        d = max(8, min(round(line_h * 0.82), int((box.w - label_w) / ((len(guess) + 2.4) * 1.1))))
        feedback = score(guess, secret)
        label_px = min(text.fit_size(w, label_w - 6, line_h * 0.5, 22) for w in ("Secret", "Guess"))
        for line, (label, code) in enumerate((("Secret", secret), ("Guess", guess))):
            y = box.y + line * line_h
            text.draw(surface, label, label_px, pal.TEXT_DIM, (box.x, y + line_h / 2), align="midleft")
            for i, colour in enumerate(code):
                peg = self.app.pegs.peg(colours[colour], colour, d, symbols)
                surface.blit(peg, (box.x + label_w + round(i * d * 1.1), round(y + (line_h - d) / 2)))
            if line == 1:
                kd = max(6, round(d * 0.42))
                x0 = box.x + label_w + round(len(code) * d * 1.1) + d // 3
                area = pygame.Rect(x0, round(y + (line_h - d) / 2), round(kd * 2.6), d)
                pygame.draw.rect(surface, pal.GRADE_AREA, area, border_radius=4)
                for k in range(len(code)):
                    centre = (
                        area.x + kd * 0.75 + (k % 2) * kd * 1.15,
                        area.y + d * 0.3 + (k // 2) * d * 0.42,
                    )
                    if k < feedback.black + feedback.white:
                        key = self.app.pegs.key(k < feedback.black, kd)
                    else:
                        key = self.app.pegs.hole(max(2, round(kd * 0.55)), pal.GRADE_HOLE)
                    surface.blit(key, key.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_keys(self, surface, body: pygame.Rect) -> None:
        """The screen's key tables: section headings, key caps, what each does; columns side by side."""
        text = self.app.text
        intro = SCREEN_INTROS[self.screen]
        top = body.y
        if intro:
            size, lines = text.fit_wrapped(intro, body.w, body.h * 0.14, 26)
            line_px = text.font(size).get_linesize()
            for k, line in enumerate(lines):
                text.draw(surface, line, size, pal.TEXT_DIM, (body.x, top + k * line_px), align="topleft")
            top += line_px * len(lines) + line_px // 2
        columns = SCREEN_KEYS[self.screen]
        gap = max(12, body.w // 30)
        col_w = (body.w - gap * (len(columns) - 1)) / len(columns)
        lines_needed = max(
            sum(len(KEY_SECTIONS[name][1]) + HEADING_LINES for name in column) for column in columns
        )
        line_h = min((body.bottom - top) / lines_needed, MAX_KEY_LINE_PX)
        cap_h = max(MIN_LINE_PX - 4, round(line_h * 0.8))
        cap_px = text.fit_size("Ctrl+Z", 999, cap_h * 0.62, 26)
        for c, column in enumerate(columns):
            x = round(body.x + c * (col_w + gap))
            caps_w = max(
                self._caps_width(keys, cap_h, cap_px) for name in column for keys, _ in KEY_SECTIONS[name][1]
            )
            caps_w = min(caps_w, round(col_w * 0.55))
            y = float(top)
            for name in column:
                title, rows = KEY_SECTIONS[name]
                box = pygame.Rect(x, round(y), round(col_w), round(line_h * HEADING_LINES))
                text.draw_in(
                    surface, title, box.inflate(0, -round(line_h * 0.35)), pal.SELECTION, 30, "midleft"
                )
                y += line_h * HEADING_LINES
                action_px = min(
                    text.fit_size(action, col_w - caps_w - 10, line_h * 0.62, 26) for _, action in rows
                )
                for keys, action in rows:
                    mid = round(y + line_h / 2)
                    self._draw_caps(surface, keys, (x, mid), cap_h, cap_px)
                    text.draw(surface, action, action_px, pal.TEXT, (x + caps_w + 10, mid), align="midleft")
                    y += line_h

    def _caps_width(self, keys: tuple[str, ...], cap_h: int, cap_px: int) -> int:
        if keys == DRAG:
            return round(cap_h * 3.2)
        text = self.app.text
        return sum(text.size(k, cap_px)[0] + round(cap_h * 0.5) for k in keys) + CAP_GAP_PX * (len(keys) - 1)

    def _draw_caps(self, surface, keys: tuple[str, ...], midleft: tuple[int, int], cap_h: int, cap_px: int):
        """Key caps side by side from `midleft`; DRAG draws a peg, an arrow and an empty hole."""
        x, mid = midleft
        if keys == DRAG:
            colours = pal.palette(self.app.settings.palette)
            peg = self.app.pegs.peg(colours[2], 2, cap_h, self.app.settings.symbols)
            surface.blit(peg, peg.get_rect(midleft=(x, mid)))
            start, end = x + cap_h + 4, x + round(cap_h * 2.1)
            pygame.draw.line(surface, pal.TEXT, (start, mid), (end, mid), 2)
            pygame.draw.polygon(surface, pal.TEXT, [(end + 6, mid), (end - 2, mid - 5), (end - 2, mid + 5)])
            hole = self.app.pegs.hole(cap_h)
            surface.blit(hole, hole.get_rect(midleft=(end + 8, mid)))
            return
        text = self.app.text
        for k in keys:
            w = text.size(k, cap_px)[0] + round(cap_h * 0.5)
            cap = pygame.Rect(x, mid - cap_h // 2, w, cap_h)
            pygame.draw.rect(surface, pal.BUTTON, cap, border_radius=max(3, cap_h // 5))
            pygame.draw.rect(surface, pal.BOARD_EDGE, cap, width=1, border_radius=max(3, cap_h // 5))
            text.draw(surface, k, cap_px, pal.TEXT, cap.center)
            x += w + CAP_GAP_PX


def top_bar_action(name: str, screen: str) -> Transition | None:
    """The Menu and Help buttons every computer screen has: Menu leaves for the menu, Help opens
    this overlay on `screen`'s controls. None for any other button name."""
    if name == "menu":
        from game.states.menu import MenuState

        return Reset(MenuState())
    if name == "help":
        return Push(HelpOverlay(screen=screen))
    return None
