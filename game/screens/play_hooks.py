"""The shared parts a way of playing the break-the-code screen composes its hooks from.

The playing screen (game/screens/playing.py) reads a mode's hooks through the PlayHooks protocol
(game/screens/play_protocol.py: three groups, rules and keeping, the side panel, presentation).
Each mode's hooks live in its own folder (the plain game's, ClassicHooks, in game/modes/classic/);
what they share is here, in small parts:
- StandardHooks: the protocol's ordinary answers, each a line or two (no aids, the full side panel
  but Hint, the result screen at the end, Menu asking to keep or abandon, New game through the route
  "new_game" of the hooks' mode, so the mode makes fresh hooks for it). It keeps nothing of its own:
  what a game keeps and records is its mode's `holding`;
- keep_in_slot: the ordinary keeping (kept in one slot while it has something worth keeping,
  decided once it is over, abandoned when given up), for hooks that keep that way;
- progress_of, leave_kept, panel_without, confirm, draw_title, kept_record: small helpers;
- ForFunHooks: a game played for fun (by number, a past Daily code): shown, never counted or kept.
A mode that allows aids composes them in (game/modes/classic/aids.py); a mode's `aids_allowed`
names the same AidsAllowed its Mode value declares as Mode.aids (none unless declared).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from game.play.aids import HINTS_ONLY, NO_AID_ALLOWED, NO_AIDS, Aids, AidsAllowed
from game.play.breaker import BreakerRun
from game.play.record import GameRecord
from game.play.timeline import Motion
from game.screens.base import Context, Push, Replace, Route, go, to_menu
from game.screens.holding import Decided, Holding, Kept
from game.screens.outcomes import LeaveChosen
from game.screens.play_protocol import Next, PlayHooks, PlayScreen
from game.ui import palette as pal
from game.ui import theme
from game.ui.board import Art
from game.ui.breaker_view import PANEL_ITEMS, hud_name, play_layout
from game.ui.layout import PlayLayout

NO_ASSIST_BUTTONS = ("new", "solve", "hint")  # a mode that is one game at a time, unhelped, drops them


def panel_without(names: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    """The playing screen's side panel without the items `names`."""
    return tuple(item for item in PANEL_ITEMS if item[0] not in names)


def kept_record(data: Any) -> GameRecord:
    """A kept game's record, strictly: it knows its secret, is the player's and is not over."""
    record = GameRecord.from_dict(data)
    if record.game.secret is None:
        raise ValueError("a kept game knows its secret")
    if record.over:
        raise ValueError("the kept game had already ended")
    if record.computer_rows:
        raise ValueError("a kept game is the player's own")
    return record


def progress_of(run: BreakerRun) -> tuple[int, Any]:
    """(rows that must never be lost, the rest of the position) of a game kept: the journal writes
    at once when the first changes, within a second when only the second does."""
    return len(run.game.rows), (tuple(run.draft), run.record.ruled_out)


def keep_in_slot(
    state: PlayScreen,
    slot: str,
    save: Callable[[PlayScreen], dict[str, Any]],
    decided: Callable[[PlayScreen], Decided],
    from_the_start: bool = False,
) -> Holding:
    """The ordinary keeping: decided once the game is over; abandoned in `slot` when given up (Abandon,
    New game, Solve); else kept there (written by `save`) once it has a row or a peg placed, or
    `from_the_start` (a dealt puzzle: the deal is the work)."""
    run = state.run
    if run is None:
        return Holding()
    area = state.layout().board
    if run.game.over:
        return Holding(decided=decided(state), celebrate=area)
    if not state.keep_on_exit:
        return Holding(abandoned=slot)
    if not from_the_start and not run.resumable:
        return Holding(celebrate=area)
    rows, draft = progress_of(run)
    return Holding(kept=Kept(slot, rows, draft, lambda: save(state)), celebrate=area)


def confirm(question: str, result: Any, **labels: Any) -> Push:
    """A confirm overlay over the screen (game/screens/confirm.py) popping `result` on yes."""
    return Push(go("confirm", question=question, result=result, **labels))


def leave_kept(state: PlayScreen) -> Next:
    """What Menu does: a game with something kept asks whether to keep it or abandon it; one with
    nothing to keep goes straight to the menu."""
    if state.holding().kept is None:
        return to_menu()
    return confirm(
        "Leave this game for the menu? It is kept: Resume in the menu takes it up again.",
        LeaveChosen(keep=True),
        yes="Leave (your game is kept)",
        no="Abandon",
        no_result=LeaveChosen(keep=False),
        focus="yes",
    )


def draw_title(surface: pygame.Surface, layout: PlayLayout, art: Art, title: str) -> None:
    """The mode's title over the top bar's (the bar is redrawn under it, so nothing shows through)."""
    rect = layout.title_rect
    pygame.draw.rect(surface, pal.BOARD, rect)
    px = theme.type_px(layout.size, "heading")
    art.text.draw_in(surface, title, rect.inflate(0, -round(rect.h * 0.3)), pal.TEXT, px, align="midleft")


class StandardHooks:
    """The protocol's ordinary answers (see the module docstring). A subclass names its `mode` (the
    id whose Mode.new_game makes its next game) and says what it keeps (`holding`)."""

    help_screen = "playing"  # the help overlay's controls for this mode (game/screens/help.py)
    panel_items: tuple[tuple[str, float], ...] = panel_without(("hint",))  # no aids, so no Hint
    shows_hud = True  # the arcade heads-up display: streak, best, what a win is worth now
    mode: ClassVar[str]  # the mode's id
    aids_allowed: ClassVar[AidsAllowed] = NO_AID_ALLOWED  # as the mode's Mode.aids declares

    # --- rules and keeping ---------------------------------------------------------------------
    def again(self, state: PlayScreen) -> Route:
        """A new game of the same kind (New game, Play again): its mode makes fresh hooks for it."""
        return go("new_game", mode=self.mode, config=state.config)

    def start(self, app: Context) -> GameRecord | None:
        """The record to play; None lets the screen draw a random secret for its config."""
        return None

    def aids(self, app: Context) -> Aids:
        """What this game is played with: no aids (a mode that allows some composes them in)."""
        return NO_AIDS

    def make_run(self, record: GameRecord, motion: Motion, hard: bool) -> BreakerRun:
        """The run that plays `record`: a person breaking a secret the record knows."""
        return BreakerRun(record, motion, hard=hard)

    def entered(self, state: PlayScreen) -> None:
        """The screen entered with its run: a mode with more to set up (a duel's opponent) does it here."""

    def accepts_input(self, state: PlayScreen) -> bool:
        """Whether the board takes input now (a decided duel waits for its end screen)."""
        return True

    def update(self, state: PlayScreen, dt: float) -> Next:
        return None

    def finished(self, state: PlayScreen) -> Next:
        """The finish has run: the result screen (its Play again starts the same kind of game)."""
        result = go("result", record=state.record, again=self.again(state), aids=self.aids(state.app))
        return Replace(result)

    def resign(self, state: PlayScreen) -> None:
        """The player confirmed Reveal: a mode that counts a resignation notes it here."""

    def holding(self, state: PlayScreen) -> Holding:
        """What the session keeps and records: each mode says (keep_in_slot is the ordinary way)."""
        raise NotImplementedError(f"{type(self).__name__} says what it keeps: its holding()")

    # --- the side panel ------------------------------------------------------------------------
    def allows(self, name: str, state: PlayScreen) -> bool:
        """Whether the button or shortcut `name` does anything in this mode now."""
        if name == "hint" and not self.aids_allowed.hints:
            return False
        return name in ("help", "menu") or name in dict(self.panel_items)

    def refuse(self, name: str, state: PlayScreen) -> str | None:
        """Why `name` cannot be done at this moment (None: it can)."""
        return None

    def intercept(self, state: PlayScreen, event: pygame.event.Event) -> bool:
        """Whether the mode takes `event` itself, before the board sees it (a lesson's Next button,
        even once the game is over); True: nothing else sees it."""
        return False

    def leave(self, state: PlayScreen) -> Next:
        return leave_kept(state)

    def reveal_question(self, state: PlayScreen) -> tuple[str, str]:
        """(question, yes label) of Reveal's confirmation."""
        return "Reveal the secret and end this game?", "Reveal"

    def help_route(self, state: PlayScreen) -> Route:
        """The help overlay; a variant with rules of its own (a grid) opens on them, and a game of
        digits or words explains its grading in its own terms (game/screens/help_rules.py)."""
        variant = state.config.variant
        page = variant.rules_page
        if page:
            return go("help", page=page)
        if variant.symbols:
            return go("help", screen=self.help_screen, variant=variant)
        return go("help", screen=self.help_screen)

    def pad_owner(self, state: PlayScreen) -> int | None:
        """The player whose gamepad drives the board (None: any pad)."""
        return None

    # --- presentation --------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> PlayLayout:
        return play_layout(size, state.config, self.panel_items)

    def title(self, state: PlayScreen) -> str:
        return hud_name(state.config)

    def turn_text(self, state: PlayScreen) -> str:
        return f"Turn {state.run.turn} of {state.config.turns}"

    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayScreen, art: Art) -> None:
        """A heads-up display over the board (the screen's own HUD is drawn already)."""


class ForFunHooks(StandardHooks):
    """A game played for fun (by its number, a past Daily code): its code may be known, so it is
    never scored, counted or kept; the result screen still shows how it went."""

    mode = "for fun"  # never kept, so no save codec is ever asked for
    aids_allowed = HINTS_ONLY  # nothing to count, so nothing to coach or make hard
    shows_hud = False
    panel_items = panel_without(("new", "solve"))  # Solve would count it as a game the computer won

    def again(self, state: PlayScreen) -> Route:
        """Play again: a plain game of the same config (the route names no mode), counted as any."""
        return go("new_game", config=state.config)

    def holding(self, state: PlayScreen) -> Holding:
        run = state.run
        if run is None:
            return Holding()
        area = state.layout().board
        if run.game.over:  # decided: shown, never counted
            return Holding(decided=Decided(run.game, run.record, result=None), celebrate=area)
        return Holding(celebrate=area)


__all__ = [
    "ForFunHooks",
    "NO_ASSIST_BUTTONS",
    "Next",
    "PlayHooks",
    "PlayScreen",
    "StandardHooks",
    "confirm",
    "draw_title",
    "keep_in_slot",
    "kept_record",
    "leave_kept",
    "panel_without",
    "progress_of",
]
