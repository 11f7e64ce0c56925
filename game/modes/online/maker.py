"""A codemaker round's maker: make the code the other player breaks, then watch their rows land.

Colours by keys (1-9 and 0, as on the board), Backspace takes the last one back, R makes a random
code, Enter sends it. The server checks it (its size and colours) and grades every guess from it,
so the maker cannot grade wrong and the breaker never sees it before the round ends. Below the
code, the breaker's rows as they land (guess and grade: the maker may see them). When the round
ends the screen goes where hooks.next_route says (the next round, or the end).
"""

from __future__ import annotations

import pygame

from game.modes.online import view as online_view
from game.modes.online.flow import ONLINE_SAVE, SLOT, config_of, save_of
from game.modes.online.hooks import next_route
from game.net.duel import DuelLink
from game.screens.base import Replace, State, Transition, board_art, to_menu
from game.screens.holding import Holding, Kept
from game.ui import palette as pal

END_PAUSE_S = 1.2
MAKER_ROWS = 9  # the code, the words under it, then the breaker's rows in the rest (as the lobby's card)


class OnlineMakerState(State):
    """Make the code; watch it being broken (see the module docstring)."""

    def __init__(self, link: DuelLink) -> None:
        self.link = link
        self.round = link.view.round
        self.code: list[int] = []
        self.ending = 0.0
        self.handed_on = False

    def exit(self) -> None:
        if not self.handed_on:
            self.link.close()

    @property
    def config(self):
        return config_of(self.link.view)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type != pygame.KEYDOWN:
            return None
        view, config = self.link.view, self.config
        if event.key == pygame.K_ESCAPE:
            return to_menu()
        if view.secret_set:
            return None
        if event.key == pygame.K_BACKSPACE and self.code:
            self.code.pop()
        elif event.key == pygame.K_r:
            self.code = [self.app.rng.randrange(config.colours) for _ in range(config.pegs)]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and len(self.code) == config.pegs:
            self.link.set_secret(tuple(self.code))
        elif event.unicode and event.unicode.isdigit() and len(self.code) < config.pegs:
            colour = (int(event.unicode) - 1) % 10
            if colour < config.colours:
                self.code.append(colour)
        return None

    def update(self, dt: float) -> Transition | State | None:
        link = self.link
        link.pump(dt)
        view = link.view
        if view.phase == "playing" and view.round == self.round:
            return None
        self.ending += dt
        if self.ending < END_PAUSE_S:
            return None
        route = next_route(link)
        if route is None:
            return None
        self.handed_on = True
        return Replace(route)

    def holding(self) -> Holding:
        if self.link.view.phase == "over":
            return Holding(abandoned=SLOT)
        view = self.link.view
        rows = len(view.rounds_done) + len(view.opponent_rows)
        return Holding(
            kept=Kept(
                SLOT, rows, tuple(self.code), lambda: ONLINE_SAVE.envelope("online", save_of(self.link))
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        view, config = self.link.view, self.config
        size = surface.get_size()
        layout = self.sized_layout(lambda s: online_view.FormLayout(s, MAKER_ROWS))
        art = board_art(self.app)
        rounds = view.shape.get("rounds", 2)
        score = online_view.score_line(view)
        online_view.draw_title(
            surface, layout, art, f"Round {view.round} of {rounds}: you make the code · {score}"
        )
        shown = list(view.my_secret) if view.my_secret is not None else self.code
        online_view.draw_code(
            surface, layout.rows[0], art, [*shown, *[None] * (config.pegs - len(shown))], config.pegs
        )
        if view.secret_set:
            words = f"{view.opponent} is breaking your code"
        else:
            words = f"Keys 1-{min(config.colours, 10)}: colours · Backspace · R: random · Enter: send it"
        art.text.draw_in(surface, words, layout.rows[1], pal.TEXT_DIM, max(14, size[1] // 30))
        column = layout.rows[2].unionall([*layout.rows[3:], layout.status])
        online_view.draw_opponent(surface, column, art, view, self.status(), show_codes=True)

    def status(self) -> list[str]:
        view = self.link.view
        lines = []
        if view.status == "reconnecting":
            lines.append("Reconnecting…")
        if view.opponent_away:
            lines.append("Away")
        lines.append(f"{len(view.opponent_rows)} of {view.shape.get('turns', 0)} rows")
        return lines
