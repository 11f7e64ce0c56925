"""The two-player scoreboard, after every round and at the end of the match.

It uncovers the round's secret, says what the round was worth, and lists every round played (the
Match value's scoreboard: who made and who broke the code, guesses, points) with the totals. After
the last round it names the winner or the tie. Enter goes on (next round's look-away screen, or a new
match with the same names); Escape leaves for the menu (asking first while rounds remain).
Rounds are not counted in the per-difficulty statistics; a finished match counts once in the Two
players tab (MATCH_KEY, hooks.py: decided or tied, the higher total, the rounds) from the moment its
last round is decided (the round's hooks and this screen hold the same decision). Between rounds the
match is kept in its slot, to resume at the next look-away screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.match import Match
from game.core.state import Outcome
from game.modes.match.hooks import MatchSave, kept_match, leave_question, match_decided
from game.play.record import GameRecord
from game.screens.base import Route, State, Transition, go, to_menu
from game.screens.holding import Holding
from game.screens.outcomes import LeaveChosen
from game.ui import end_cards
from game.ui import palette as pal
from game.ui.end_cards import Tile
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.widgets import draw_card

TABLE_HEAD = ("Round", "Code maker", "Breaker", "Guesses", "Points")
COLUMN_WEIGHTS = (0.8, 1.6, 1.6, 1.0, 0.9)


class ScoreboardState(State):
    def __init__(self, match: Match, round_record: GameRecord) -> None:
        self.match = match  # with the round just played recorded
        self.round_record = round_record  # not `record`: a round of a match is not a statistics game
        self.mouse = (-1, -1)
        self.abandoned = False

    def holding(self) -> Holding:
        if self.match.over:
            return Holding(decided=match_decided(self.match, self.round_record.game))
        if self.abandoned:
            return Holding(abandoned="match")
        return Holding(kept=kept_match(MatchSave(self.match)))

    # --- words ---------------------------------------------------------------------------------
    def headline(self) -> str:
        match = self.match
        if not match.over:
            return f"After round {len(match.results)} of {match.rules.rounds}"
        winner = match.winner()
        first, second = sorted(match.totals, reverse=True)
        if winner is None:
            return f"A tie, {first} all!"
        return f"{match.rules.names[winner]} wins the match, {first} to {second}!"

    def round_line(self) -> str:
        row = self.match.scoreboard[-1]
        names = self.match.rules.names
        maker, breaker = names[row.maker], names[row.breaker]
        if row.cracked:
            how = f"{breaker} cracked it in {row.guesses} {'guess' if row.guesses == 1 else 'guesses'}"
        elif self.round_record.outcome is Outcome.REVEALED:
            how = f"{breaker} gave up"
        else:
            how = f"{breaker} ran out of turns"
        return f"{maker}'s code: {how}. {maker} scores {row.points}."

    def totals(self) -> list[Tile]:
        """Each player's total as a big number; once the match is over the winner's in the accent."""
        names, totals = self.match.rules.names, self.match.totals
        winner = self.match.winner() if self.match.over else None
        return [Tile(names[i], str(totals[i]), highlight=winner == i) for i in (0, 1)]

    def buttons(self) -> tuple[str, ...]:
        return ("menu", "new") if self.match.over else ("leave", "next")

    # --- moving on -----------------------------------------------------------------------------
    def go_on(self) -> State | Route:
        self.app.sound.play("click")
        if self.match.over:
            return go("match_setup", names=self.match.rules.names, rounds=self.match.rules.rounds)
        return go("match_handover", match=self.match)

    def leave(self) -> Transition:
        return to_menu() if self.match.over else leave_question()

    def resume(self, result: Any) -> Transition | None:
        if isinstance(result, LeaveChosen):
            self.abandoned = not result.keep
            return to_menu()
        return None

    # --- geometry ------------------------------------------------------------------------------
    def geometry(self):
        size = self.app.surface.get_size()
        card = dialog_rect(size, 0.9, 0.92, 600, 440)
        m = margin_px(size)
        bh = button_height_px(size)
        buttons = button_row(card, self.buttons(), bh, m * 2)
        inner = pygame.Rect(
            card.x + 2 * m, card.y + m, card.w - 4 * m, min(b.y for b in buttons.values()) - card.y - 2 * m
        )
        head_h = round(inner.h * 0.11)
        totals_h = round(inner.h * 0.2)
        secret_h = round(inner.h * 0.1)
        line_h = round(inner.h * 0.08)
        headline = pygame.Rect(inner.x, inner.y, inner.w, head_h)
        half = (inner.w - m) // 2
        totals = [
            pygame.Rect(inner.x, headline.bottom, half, totals_h),
            pygame.Rect(inner.right - half, headline.bottom, half, totals_h),
        ]
        secret = pygame.Rect(inner.x, headline.bottom + totals_h + m // 2, inner.w, secret_h)
        round_line = pygame.Rect(inner.x, secret.bottom, inner.w, line_h)
        table = pygame.Rect(
            inner.x, round_line.bottom + m // 2, inner.w, inner.bottom - round_line.bottom - m // 2
        )
        return card, headline, totals, secret, round_line, table, buttons

    # --- input and drawing ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name, rect in self.geometry()[-1].items():
                if rect.collidepoint(event.pos):
                    return self.go_on() if name in ("next", "new") else self.leave()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.go_on()
            if event.key == pygame.K_ESCAPE:
                return self.leave()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        text = app.text
        surface.fill(pal.BACKGROUND)
        card, headline, totals, secret, round_line, table, buttons = self.geometry()
        draw_card(surface, card)
        colour = pal.SELECTION if self.match.over else pal.TEXT
        end_cards.draw_title(surface, text, headline, self.headline(), colour)
        end_cards.draw_tiles(surface, text, totals, self.totals())
        self._draw_secret(surface, secret)
        end_cards.draw_lines(surface, text, round_line, [(self.round_line(), pal.TEXT)])
        self._draw_table(surface, table)
        labels = {"next": "Next round", "leave": "Leave match", "new": "New match", "menu": "Menu"}
        end_cards.draw_buttons(
            surface, text, buttons, labels, self.mouse, primary="next" if "next" in buttons else "new"
        )

    def _draw_secret(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The round's secret, uncovered, as pegs."""
        app = self.app
        colours = pal.palette(app.settings.palette)
        code = self.round_record.game.secret
        d = max(8, min(round(box.h * 0.8), box.w // (len(code) + 4)))
        pitch = round(d * 1.2)
        label_w = app.text.draw_in(
            surface, "Secret", pygame.Rect(box.x, box.y, box.w // 4, box.h), pal.TEXT_DIM, app.text.grown(30)
        )
        left = box.centerx - pitch * len(code) // 2
        left = max(left, label_w.right + pitch // 2)
        for i, colour in enumerate(code):
            peg = app.pegs.peg(colours[colour], colour, d, app.settings.symbols)
            surface.blit(peg, peg.get_rect(center=(left + i * pitch + pitch // 2, box.centery)))

    def _draw_table(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        text = self.app.text
        names = self.match.rules.names
        rows = [TABLE_HEAD]
        for row in self.match.scoreboard:
            guesses = str(row.guesses) if row.cracked else "failed"
            rows.append((str(row.round), names[row.maker], names[row.breaker], guesses, str(row.points)))
        totals = self.match.totals
        lines = len(rows) + 1 + (self.match.rules.rounds - len(self.match.results))
        line_h = min(box.h / max(lines, 4), box.h / 5)
        total_w = sum(COLUMN_WEIGHTS)
        xs = [box.x]
        for weight in COLUMN_WEIGHTS:
            xs.append(xs[-1] + box.w * weight / total_w)
        widths = [xs[c + 1] - xs[c] - 12 for c in range(len(COLUMN_WEIGHTS))]
        px = min(
            text.fit_size(cell, widths[c], line_h * 0.7, text.grown(30))
            for cells in rows
            for c, cell in enumerate(cells)
        )  # one size for the whole table
        for r, cells in enumerate(rows):
            y = box.y + r * line_h
            if r % 2 == 1:
                pygame.draw.rect(
                    surface, pal.BUTTON, (box.x, round(y), box.w, round(line_h)), border_radius=4
                )
            for c, cell in enumerate(cells):
                colour = pal.TEXT_DIM if r == 0 else pal.TEXT
                text.draw(surface, cell, px, colour, ((xs[c] + xs[c + 1]) / 2, y + line_h / 2))
        y = box.y + len(rows) * line_h
        pygame.draw.line(surface, pal.BOARD_EDGE, (box.x, round(y)), (box.right, round(y)), 2)
        total = f"Total: {names[0]} {totals[0]} · {names[1]} {totals[1]}"
        text.draw_in(
            surface,
            total,
            pygame.Rect(box.x, round(y), box.w, round(line_h)).inflate(0, -round(line_h * 0.25)),
            pal.TEXT,
            text.grown(34),
        )
