"""The help overlay: how to play, a worked grading example with duplicates, and the controls.

Three pages (Rules, Controls, Grid: the grid puzzle with a worked example), switched with the tabs,
Left/Right or Tab; Escape, Enter or Close pops it. A mode's page takes the middle tab under the name its
HelpPage gives it (Deduce's rules under "Deduce", not "Controls"). `screen` picks whose controls the
Controls page lists (SCREEN_CONTROLS: the playing screen, the computer solving, hand grading); the
screens other than playing open it on the Controls page. Text is wrapped and sized to fit the card at
every window size. The Rules page draws graded examples as pegs (graded by the core score() function, so
the page can never disagree with the game; a game of digits or words, given as `variant`, gets its own
Rules page, game/screens/help_rules.py), the Grid page likewise with score_grid(); the Controls page
draws key caps from the tables in help_keys.py (the menu's help: all of them), or, for the modes, their
paragraph. A "Learn to play" button (or L) replays the guided first game when a mode declares one (the
registry's lesson_entry()); leaving a game for it keeps the game, as leaving for the menu does.
"""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.core.codes import score
from game.core.variants import Variant, grade_words
from game.modes.registry import help_pages, help_tabs, lesson_entry
from game.screens.base import Pop, Reset, State, Transition, board_art
from game.screens.help_keys import DRAG, KEY_SECTIONS, SCREEN_INTROS, SCREEN_KEYS, controls_text
from game.screens.help_rules import rules_page
from game.ui import help_view
from game.ui import palette as pal
from game.ui.layout_dialogs import HelpLayout
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

# The shared screens' controls, then each mode's (its HelpPage, from the registry).
SCREEN_CONTROLS = MappingProxyType({"playing": CONTROLS, "solving": SOLVING_CONTROLS, **help_pages()})
SCREEN_TABS = MappingProxyType(help_tabs())  # the middle tab's name where a mode names it


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

    def __init__(
        self, page: int | str | None = None, screen: str = "playing", variant: Variant | None = None
    ) -> None:
        self.screen = screen
        # a game of digits or words explains its own grading (help_rules.py); None: the colours'
        self.variant = variant
        self.rules = rules_page(variant) if variant is not None else None
        self.controls = SCREEN_CONTROLS[screen]
        middle = SCREEN_TABS.get(screen, "Controls")
        self.tabs = tuple(middle if name == "Controls" else name for name in PAGES)  # the tabs' labels
        if isinstance(page, str):
            page = PAGES.index(page)
        self.page = page if page is not None else (0 if screen == "playing" else PAGES.index("Controls"))
        self.mouse = (-1, -1)
        self.lesson = lesson_entry()  # the guided game this help replays (None: no mode has one)

    def layout(self) -> HelpLayout:
        return HelpLayout(self.app.surface.get_size(), self.tabs)

    def lesson_rect(self, layout: HelpLayout) -> pygame.Rect | None:
        """Learn to play's button, at the card's bottom left, at most Close's size (None without a
        lesson)."""
        if self.lesson is None:
            return None
        gap = layout.body.x - layout.card.x  # the card's inner margin, kept between the two buttons
        width = min(layout.close.w, layout.close.x - gap - layout.body.x)
        return pygame.Rect(layout.body.x, layout.close.y, width, layout.close.h)

    def replay(self) -> Transition | None:
        return None if self.lesson is None else Reset(self.lesson.route)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            layout = self.layout()
            if layout.close.collidepoint(event.pos):
                return Pop(("help", True))
            lesson = self.lesson_rect(layout)
            if lesson is not None and lesson.collidepoint(event.pos):
                return self.replay()
            for i, rect in enumerate(layout.tabs.values()):
                if rect.collidepoint(event.pos):
                    self.page = i
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_h, pygame.K_F1):
                return Pop(("help", True))
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.page = (self.page + 1) % len(PAGES)
            if event.key == pygame.K_l:
                return self.replay()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        layout = self.layout()
        card, tabs, body, close = layout.card, layout.tabs, layout.body, layout.close
        draw_card(surface, card)
        art = board_art(self.app)
        text = art.text
        for i, (name, rect) in enumerate(tabs.items()):
            draw_button(surface, text, rect, name, primary=i == self.page, hot=rect.collidepoint(self.mouse))
        if self.page == 0 and self.rules is not None:
            rules, variant = self.rules, self.variant
            examples = [
                (sec, guess, caption, variant.score(guess, sec)) for caption, sec, guess in rules.examples
            ]
            help_view.draw_rules(surface, art, body, rules.goal, rules.note, examples)
        elif self.page == 0:
            examples = [
                (sec, guess, self._caption(i), score(guess, sec))
                for i, (_, sec, guess) in enumerate(RULE_EXAMPLES)
            ]
            help_view.draw_rules(surface, art, body, GOAL, RULES_NOTE, examples)
        elif PAGES[self.page] == "Grid":
            names = tuple(pal.colour_name(i, self.app.settings.palette) for i in range(5))
            help_view.draw_grid(surface, art, body, names)
        elif self.screen in SCREEN_KEYS:
            columns = [[KEY_SECTIONS[name] for name in column] for column in SCREEN_KEYS[self.screen]]
            help_view.draw_keys(surface, art, body, SCREEN_INTROS[self.screen], columns, DRAG)
        else:
            help_view.draw_paragraphs(surface, art, self.controls, body)
        draw_button(surface, text, close, "Close", primary=True, hot=close.collidepoint(self.mouse))
        lesson = self.lesson_rect(layout)
        if lesson is not None:
            draw_button(surface, text, lesson, self.lesson.label, hot=lesson.collidepoint(self.mouse))

    def _caption(self, index: int) -> str:
        """Example `index`'s caption: its title and grade; the repeats example says why."""
        title, secret, guess = RULE_EXAMPLES[index]
        if (secret, guess) == (EXAMPLE_SECRET, EXAMPLE_GUESS):
            return example_caption(self.app.settings.palette)
        return f"{title}\n{grade_words(score(guess, secret))}"
