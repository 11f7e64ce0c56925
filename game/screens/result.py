"""The result screen: won, out of turns, or revealed; the secret, guesses used of the limit, time.

It shows the finished board with the secret uncovered and puts the verdict and its buttons in the
side panel: Play again (same settings, new secret), Analysis, Same code again and Menu. Enter plays
again, A opens the post-game analysis (each row next to the best play, game/screens/analysis.py), S
plays the same code again (the route "numbered": the game's number, game/core/gamenumber.py, shown
among the details; for a game with no number the button is disabled), Escape goes to the menu.
Everything it shows comes from the finished GameRecord (game/play/record.py): guesses, the time,
who solved it, whether it was assisted; the score and streak lines come from the
session's outcome for this very record, so the result screen and statistics cannot disagree.
`again`, when given, is where Play again goes (a computer game started from the codemaker screen
goes back there with the same choices); without it Play again starts a break-the-code game with
the same config. The game was recorded when it was decided (game/lifetime.py); this screen only
shows what the session's outcome says, and holds the decided game so a record that reaches it
without having been decided elsewhere is still recorded once.

A scored win counts its score up (SCORE_COUNT_S on a play/ Timeline, so animation speed scales it
and reduced motion shows the score at once) and then says "New best!" when it beat this
difficulty's best; the confetti stays off the secret row (`keep_clear`).
"""

from __future__ import annotations

import functools

import pygame

from game.core.gamenumber import GameNumberError, game_number
from game.core.records import score_game, stats_key
from game.core.state import GameState, Outcome
from game.play.record import GameRecord
from game.play.timeline import Timeline, Track, linear
from game.screens.base import Push, Route, State, Transition, board_art, go, motion, to_menu
from game.screens.holding import Decided, HighScoreChance, Holding
from game.ui import palette as pal
from game.ui.board import BoardView, draw_board_screen
from game.ui.breaker_view import hud_name
from game.ui.juice import count_up
from game.ui.layout import PlayLayout
from game.ui.pad_actions import pad_keys
from game.ui.widgets import ButtonClicks, draw_button

PANEL_ITEMS = (
    ("verdict", 1.4),
    ("details", 3.2),
    ("again", 1.15),
    ("analysis", 1.0),
    ("same", 1.0),
    ("menu", 1.0),
)
BUTTON_LABELS = {"again": "Play again", "analysis": "Analysis", "same": "Same code again", "menu": "Menu"}
SCORE_COUNT_S = 1.2  # a win's score counts up from 0 this long (at animation speed 1)


class ResultState(State):
    pad_keys = pad_keys(hint=pygame.K_a)  # a pad's Y opens the analysis, as A does on the keyboard

    def __init__(self, record: GameRecord, again: Route | None = None) -> None:
        self.record = record
        self.again_route = again
        self.view = BoardView()
        self.clicks = ButtonClicks()
        self.initials_asked = False  # a score that makes a top ten asks for initials once
        self.timeline = Timeline()
        self._count: Track | None = None

    def layout(self) -> PlayLayout:
        c = self.game.config
        buttons = ("again", "analysis", "same", "menu")
        return self.sized_layout(
            lambda size: PlayLayout(
                size, c.pegs, c.colours, c.turns, PANEL_ITEMS, buttons, (), shape=c.variant.shape
            )
        )

    @property
    def game(self) -> GameState:
        return self.record.game

    def solved_by(self) -> str | None:
        """How the computer is named when it finished the game: its strategy, and the rows it took over."""
        record = self.record
        if not record.computer_rows or record.solved_by is None:
            return None
        mine = record.player_rows
        if mine:
            return f"{record.solved_by}, after your {mine} {'row' if mine == 1 else 'rows'}"
        return record.solved_by

    def verdict(self) -> str:
        if self.game.outcome is Outcome.WON:
            return "Solved by the computer" if self.record.computer_rows else "You cracked it!"
        if self.game.outcome is Outcome.LOST:
            return "Out of turns"
        return "Secret revealed"

    @property
    def points(self) -> int:
        """The score this game earned (0: none)."""
        outcome = self.app.session.outcome_of(self.record)
        return outcome.points if outcome is not None else 0

    @property
    def counted(self) -> bool:
        """The score has finished counting up (or there is none to count)."""
        return self._count is None or self._count.progress >= 1.0  # at once with reduced motion

    @property
    def shown_points(self) -> int:
        """The score as it is shown this frame: counting up to `points`."""
        if self._count is None or self._count.done:
            return self.points
        return count_up(self._count.progress, self.points)

    @property
    def new_best(self) -> bool:
        """"New best!" shows once the score has counted up and beat this difficulty's best."""
        outcome = self.app.session.outcome_of(self.record)
        return outcome is not None and outcome.new_best and self.counted

    def holding(self) -> Holding:
        """The decided game (recorded once, normally already when it was decided) and the secret row,
        which the session's confetti never covers."""
        record = self.record
        result = record.result()
        points = score_game(result) if result is not None else 0
        chance = HighScoreChance(stats_key(record.config), points) if points else None
        decided = Decided(record.game, record, result, chance)
        layout = self.layout()
        return Holding(decided=decided, keep_clear=layout.secret_rect(), celebrate=layout.board)

    @functools.cached_property
    def number(self) -> str | None:
        """The game's number (its size, rules and secret), or None for a game that has none."""
        secret = self.game.secret
        if secret is None:
            return None
        try:
            return game_number(self.game.config, secret)
        except GameNumberError:
            return None

    def same_code(self) -> Route | None:
        """The same game again, from its number (None when it has none)."""
        number = self.number
        return None if number is None else go("numbered", number=number)

    def details(self) -> list[str]:
        record = self.record
        lines = [f"{record.guesses} of {record.config.turns} guesses", f"Time {record.time_text}"]
        outcome = self.app.session.outcome_of(record)
        if outcome is not None and outcome.points and not self.counted:
            lines.insert(1, f"Score {self.shown_points:,}")
        elif outcome is not None and outcome.score_line:  # counted: "Score 1,310 · new best!"
            lines.insert(1, outcome.score_line)
        if outcome is not None and outcome.streak_line:
            lines.append(outcome.streak_line)
        solved_by = self.solved_by()
        if solved_by:
            lines.append(f"Computer: {solved_by}")
        elif record.assisted:
            lines.append("with a hint (assisted)")
        lines.append("The secret is shown on top")
        if self.number is not None:
            lines.append(f"Game number {self.number}")
        return lines

    def update(self, dt: float) -> Transition | State | None:
        self.timeline.set_motion(motion(self.app))
        self.timeline.update(dt)
        if self.initials_asked:
            return None
        self.initials_asked = True
        if self.points:  # the session records the game as this screen enters; count its score up
            self._count = self.timeline.move("count", SCORE_COUNT_S, ease=linear)
        outcome = self.app.session.outcome_of(self.record)
        if outcome is None or outcome.high_score is None:
            return None
        mode, points = outcome.high_score
        return Push(go("initials", mode=mode, score=points, date=self.app.now().date().isoformat()))

    def again(self) -> Route:
        return self.again_route if self.again_route is not None else go("play", config=self.game.config)

    def analysis(self) -> Transition:
        """The post-game analysis overlay (game/screens/analysis.py): each row next to the best play."""
        return Push(go("analysis", record=self.record))

    def menu(self) -> Transition:
        return to_menu()

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        clicked = self.clicks.click(event, self.layout().hit_test)
        if clicked is not None:
            self.app.sound.play("click")
            if clicked == "analysis":
                return self.analysis()
            if clicked == "same":
                return self.same_code()
            return self.again() if clicked == "again" else self.menu()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                return self.again()
            if event.key == pygame.K_ESCAPE:  # M is the global mute key (game.session)
                return self.menu()
            if event.key == pygame.K_a:
                return self.analysis()
            if event.key == pygame.K_s:
                return self.same_code()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        art = board_art(self.app)
        title = hud_name(self.game.config)  # the difficulty as the playing screen's HUD named it
        draw_board_screen(
            surface, layout, art, self.view, self.game, title=title, palette=False, show_secret=True
        )
        text = art.text
        won = self.game.outcome is Outcome.WON
        verdict_box = layout.item_rect("verdict")
        text.draw_in(surface, self.verdict(), verdict_box, pal.SELECTION if won else pal.TEXT, 40)
        details = layout.item_rect("details")
        lines = self.details()
        line_h = details.h / len(lines)
        for i, line in enumerate(lines):
            box = pygame.Rect(details.x, round(details.y + i * line_h), details.w, round(line_h * 0.8))
            colour = pal.SELECTION if (self.points and line.startswith("Score")) else None
            text.draw_in(surface, line, box, colour or (pal.TEXT if i < 2 else pal.TEXT_DIM), 30)
        for name in ("again", "analysis", "same", "menu"):
            rect = layout.button_rect(name)
            draw_button(
                surface,
                text,
                rect,
                BUTTON_LABELS[name],
                primary=name == "again",
                hot=rect.collidepoint(self.clicks.mouse),
                enabled=name != "same" or self.number is not None,
            )
