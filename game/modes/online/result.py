"""The end of an online duel: who won and why (cracked first, the better best row, a draw, the match's
points, a forfeit, a win claimed after the hold), the race's code as pegs and both players' rows, the
match's points, a player flagged for guessing faster than a person, and this device's duel rating
before -> after (the server's Glicko-2, sent after each rated duel). Enter plays again with the
same connection (back to the lobby); C makes a challenge for a friend; Esc or Menu goes to the menu.
"""

from __future__ import annotations

import pygame

from game.modes.online import view as online_view
from game.net.duel import DuelLink, outcome_line, rating_change
from game.screens.base import Replace, State, Transition, board_art, go, to_menu
from game.ui import palette as pal
from game.ui.widgets import draw_button

ROWS = ("headline", "why", "code", "details", "again", "challenge", "menu")


class OnlineResultState(State):
    """Who won the online duel, and why."""

    def __init__(self, link: DuelLink) -> None:
        self.link = link
        self.handed_on = False
        self.mouse = (-1, -1)

    def exit(self) -> None:
        if not self.handed_on:
            self.link.close()

    def layout(self) -> online_view.FormLayout:
        return self.sized_layout(lambda size: online_view.FormLayout(size, len(ROWS)))

    def lines(self) -> tuple[str, str, str]:
        view = self.link.view
        headline, why = outcome_line(view)
        over = view.over or {}
        details = []
        if view.kind == "race":
            details.append(f"your rows {len(view.rows)} · theirs {len(view.opponent_rows)}")
        if view.totals:
            details.append("points: " + online_view.score_line(view))
        flagged = over.get("flagged") or []
        if any(flagged):
            details.append("flagged: guesses faster than a person")
        elif over.get("rated") is False:
            details.append("not rated: nobody had played a row")
        if view.rating:
            details.append(rating_change(view))
        return headline, why, " · ".join(details)

    def rounds_line(self) -> str:
        """A match's rounds: who broke whose code in how many (the first round's maker is seat 0)."""
        view = self.link.view
        parts = []
        for done in view.rounds_done:
            breaker = 1 - (int(done["round"]) - 1) % 2
            who = "you" if breaker == view.seat else view.opponent
            whose = "theirs" if breaker == view.seat else "yours"
            if done.get("cracked"):
                parts.append(f"round {done['round']}: {who} broke {whose} in {done['guesses']}")
            else:
                parts.append(f"round {done['round']}: {who} did not break {whose}")
        return " · ".join(parts)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        choice = None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                choice = "again"
            elif event.key == pygame.K_ESCAPE:
                choice = "menu"
            elif event.key == pygame.K_c:
                choice = "challenge"
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit(event.pos)
            choice = ROWS[hit] if hit is not None else None
        if choice == "again":
            self.handed_on = True
            return Replace(go("online_lobby", link=self.link, kind=self.link.view.kind or "race"))
        if choice == "challenge":  # a code of the duel's size for a friend, on the same connection
            self.handed_on = True
            return Replace(go("online_solo", job="make", link=self.link))
        if choice == "menu":
            return to_menu()
        return None

    def update(self, dt: float) -> Transition | State | None:
        self.link.pump(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        layout, art = self.layout(), board_art(self.app)
        view = self.link.view
        headline, why, details = self.lines()
        online_view.draw_title(surface, layout, art, f"Online {view.kind or 'duel'} vs {view.opponent}")
        won = headline == "You won"
        art.text.draw_in(surface, headline, layout.rows[0], pal.SELECTION if won else pal.TEXT, layout.row_h)
        art.text.draw_in(surface, why, layout.rows[1], pal.TEXT_DIM, layout.row_h // 2)
        secret = (view.over or {}).get("secret")
        if secret:
            online_view.draw_code(surface, layout.rows[2], art, secret, len(secret))
        else:
            art.text.draw_in(surface, self.rounds_line(), layout.rows[2], pal.TEXT_DIM, layout.row_h // 2)
        art.text.draw_in(surface, details, layout.rows[3], pal.TEXT_DIM, layout.row_h // 2)
        hot = layout.hit(self.mouse)
        buttons = ((ROWS.index("again"), "Play again"), (ROWS.index("challenge"), "Challenge a friend"))
        for index, label in (*buttons, (ROWS.index("menu"), "Menu")):
            draw_button(
                surface, art.text, layout.rows[index], label, primary=label == "Play again", hot=hot == index
            )
