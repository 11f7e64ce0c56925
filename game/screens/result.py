"""The result screen: won, out of turns, or revealed; the secret, the score, guesses and time.

It shows the finished board with the secret uncovered and a side panel: the verdict, the score as a
big number, the details (guesses, time, who solved it, the game's number), the streak, then Play
again (same settings, new secret), Analysis, Same code again and Menu. Enter plays again, A opens
the post-game analysis (each row next to the best play, game/screens/analysis.py), S plays the same
code again (the route "numbered": the game's number, game/core/gamenumber.py; for a game with no
number the button is disabled), Escape goes to the menu. Everything it shows comes from the
finished GameRecord (game/play/record.py) and the session's outcome for this very record, so the
result screen and the statistics cannot disagree: the words and figures are its base's, ResultFacts
(game/play/result_facts.py); this screen draws them and reads events. `again`, when given, is where
Play again goes (a computer game started from the codemaker screen goes back there with the same
choices); else a plain game of the same config (the route "new_game"). The game
was recorded when it was decided (game/lifetime.py); this screen only shows it, and holds the
decided game so a record that reaches it without having been decided elsewhere is still recorded.
`aids`, the game's hard mode and coach (game/play/aids.py), name it in the title ("Classic ·
coached") and say why a coached win has no score: the coach, not a hint.

A win of the player's lands before anything asks (game/play/finale.py): the score counts up, the streak's +1
pops, the celebration plays (confetti sized to the win: more for a new best, more again with gold
sparks for a top-ten score), and only then, at rest, the initials are asked for, pre-filled with
the last ones entered. A key or a click while it runs puts it all at rest at once. A game the
computer finished gets its confetti at once and takes keys at once. With reduced
motion everything is at rest from the first frame and the initials still come last. A loss has its
own ending: the board goes cold under a grey veil (the secret row stays lit) and dust settles.
"""

from __future__ import annotations

import pygame

from game.core.records import score_game, stats_key
from game.core.state import Outcome
from game.play.aids import NO_AIDS, Aids
from game.play.finale import Beat, Finale
from game.play.record import GameRecord
from game.play.result_facts import ResultFacts
from game.play.timeline import Timeline, Track, linear
from game.screens.base import Push, Route, State, Transition, board_art, go, motion, to_menu
from game.screens.holding import Decided, HighScoreChance, Holding, RecordedOutcome
from game.ui import result_view
from game.ui.board import BoardView, draw_board_screen
from game.ui.breaker_view import hud_name
from game.ui.juice import count_up
from game.ui.layout import PlayLayout
from game.ui.pad_actions import pad_keys
from game.ui.widgets import ButtonClicks

PANEL_ITEMS = (
    ("verdict", 1.2),
    ("score", 2.1),
    ("details", 2.1),
    ("streak", 0.95),
    ("again", 1.15),
    ("analysis", 1.0),
    ("same", 1.0),
    ("menu", 1.0),
)
# In a band below the board (4:3 and small windows) the items pack two to a column into the band's
# least height, the one the playing screen's band has: the board does not move or shrink as the game ends
BAND_WEIGHTS = {"verdict": 0.95, "score": 1.55, "details": 1.6, "streak": 0.9}
BUTTON_LABELS = {"again": "Play again", "analysis": "Analysis", "same": "Same code again", "menu": "Menu"}
LOSS_VEIL_S = 0.8  # a lost board goes cold this long (at animation speed 1)


class ResultState(ResultFacts, State):
    pad_keys = pad_keys(hint=pygame.K_a)  # a pad's Y opens the analysis, as A does on the keyboard

    def __init__(self, record: GameRecord, again: Route | None = None, aids: Aids = NO_AIDS) -> None:
        self.record = record
        self.aids = aids
        self.again_route = again
        self.view = BoardView()
        self.clicks = ButtonClicks()
        self.initials_asked = False  # a score that makes a top ten asks for initials once
        self.timeline = Timeline()
        self.finale: Finale | None = None
        self._begun = False
        self._loss: Track | None = None
        self._veil: pygame.Surface | None = None

    def layout(self) -> PlayLayout:
        c = self.game.config
        buttons = ("again", "analysis", "same", "menu")
        return self.sized_layout(
            lambda size: PlayLayout(
                size,
                c.pegs,
                c.colours,
                c.turns,
                PANEL_ITEMS,
                buttons,
                (),
                shape=c.variant.shape,
                band_weights=BAND_WEIGHTS,
            )
        )

    # --- what the session recorded (the facts are ResultFacts') -----------------------------------
    @property
    def outcome(self) -> RecordedOutcome | None:
        return self.app.session.outcome_of(self.record)

    @property
    def shown_points(self) -> int:
        """The score as it is shown this frame: counting up to `points`."""
        self._begin()
        if self.finale is None:
            return self.points
        return count_up(self.finale.progress(Beat.COUNT), self.points)

    def holding(self) -> Holding:
        """The decided game (recorded once, normally already when it was decided) and the secret row,
        which the session's confetti never covers; the screen fires its celebration itself, on its beat."""
        record = self.record
        result = record.result()
        if result is not None:  # a hard or coached game counts in its own bucket
            result = self.aids.result(result)
        points = score_game(result) if result is not None else 0
        chance = HighScoreChance(stats_key(record.config), points) if points else None
        decided = Decided(record.game, record, result, chance, celebrate=False)
        layout = self.layout()
        return Holding(decided=decided, keep_clear=layout.secret_rect(), celebrate=layout.board)

    def same_code(self) -> Route | None:
        """The same game again, from its number (None when it has none)."""
        number = self.number
        return None if number is None else go("numbered", number=number)

    def title(self) -> str:
        """The difficulty as the playing screen's HUD named it, with the game's aids."""
        name = hud_name(self.game.config)
        return f"{name} · {self.aids.label}" if self.aids.any else name

    # --- time ------------------------------------------------------------------------------------
    def _begin(self) -> None:
        """The ending starts the first time the screen is updated or drawn (after it entered, so the
        game is recorded: normally already when it was decided, else as this screen entered)."""
        if self._begun:
            return
        self._begun = True
        app = self.app
        self.timeline.set_motion(motion(app))  # drawn before its first update, it still knows the motion
        if self.game.outcome is Outcome.WON and self.record.computer_rows:
            app.session.celebrate(self.record, self.layout().board, "win")  # the computer's: no ceremony
        elif self.game.outcome is Outcome.WON:
            self.finale = Finale(
                self.timeline,
                counts=self.points > 0,
                streak=self.streak > 0,
                size=self.celebration,
            )
        elif self.game.outcome is Outcome.LOST:
            self._loss = self.timeline.move("loss", LOSS_VEIL_S, ease=linear)
            app.session.celebrate(self.record, self.layout().board)

    def update(self, dt: float) -> Transition | State | None:
        self.timeline.set_motion(motion(self.app))
        self.timeline.update(dt)
        self._begin()
        if self.finale is not None:
            for beat in self.finale.update():
                if beat is Beat.STREAK:
                    self.app.sound.play("peg_white")
                elif beat is Beat.CELEBRATE:
                    self.app.session.celebrate(self.record, self.layout().board, self.celebration)
                    self.app.sound.play("win" if self.celebration != "win" else "peg_black")
        if self.initials_asked or not self.ready:
            return None
        self.initials_asked = True
        outcome = self.outcome
        if outcome is None or outcome.high_score is None:
            return None
        mode, points = outcome.high_score
        return Push(go("initials", mode=mode, score=points, date=self.app.now().date().isoformat()))

    @property
    def ready(self) -> bool:
        """The ending has landed: the initials may be asked, the keys do what they say."""
        return self.finale is None or self.finale.ready

    # --- input -----------------------------------------------------------------------------------
    def again(self) -> Route:
        if self.again_route is not None:
            return self.again_route
        return go("new_game", config=self.game.config)  # a plain game: its mode makes the hooks

    def analysis(self) -> Transition:
        """The post-game analysis overlay (game/screens/analysis.py): each row next to the best play."""
        return Push(go("analysis", record=self.record))

    def menu(self) -> Transition:
        return to_menu()

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if not self.ready and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.finale.skip()  # a key or a click while the win lands: at rest at once
            self.clicks.pressed = None
            return None
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

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._begin()
        layout = self.layout()
        art = board_art(self.app)
        title = self.title()
        draw_board_screen(
            surface, layout, art, self.view, self.game, title=title, palette=False, show_secret=True
        )
        if self._loss is not None:
            self._draw_cold(surface, layout, 1.0 if self._loss.done else self._loss.progress)
        # "Same word again", "Same number again": the game's own noun for its codes
        labels = {**BUTTON_LABELS, "same": f"Same {self.game.config.variant.nouns.code} again"}
        result_view.draw_panel(surface, layout, art, self.panel(), labels, self.clicks.mouse)

    def panel(self) -> result_view.Panel:
        """What the panel shows this frame."""
        won = self.game.outcome is Outcome.WON
        mine = won and not self.record.computer_rows  # the player's own win wears the accent
        caption, figure = self.headline()
        streak, streak_pop = self.shown_streak()
        return result_view.Panel(
            verdict=self.verdict(),
            tone="won" if mine else "lost" if self.game.outcome is Outcome.LOST else "plain",
            caption=caption,
            figure=figure,
            counting=not self.counted,
            badges=self.badges(),
            lines=self.panel_lines(caption),
            streak=streak,
            streak_pop=streak_pop,
            code=self.shown_code(figure),
            widest=f"{self.points:,}" if self.points else figure,
            shape=self.game.config.variant.shape,
            disabled=frozenset() if self.number is not None else frozenset({"same"}),
        )

    def _draw_cold(self, surface: pygame.Surface, layout: PlayLayout, progress: float) -> None:
        """A lost board goes cold: a grey veil over its rows (the secret row stays lit)."""
        if self._veil is None or self._veil.get_size() != layout.board.size:
            self._veil = result_view.cold_veil(layout)
        self._veil.set_alpha(round(255 * progress))
        surface.blit(self._veil, layout.board)
