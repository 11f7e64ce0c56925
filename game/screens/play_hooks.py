"""The shared behaviour of a way of playing the break-the-code screen, and the plain game.

The playing screen (game/screens/playing.py) reads a mode's hooks through the PlayHooks protocol
(game/screens/play_protocol.py: three groups, rules and keeping, the side panel, presentation). This
module holds what a mode's hooks start from, StandardHooks, whose every method is the ordinary
answer and none the Classic game's own: a game kept in its mode's slot while it has rows on it (the
mode says how: `save`), decided into its statistics bucket with a high-score chance, the result
screen at the end, Menu asking to keep or abandon, the full side panel but Hint, no aids. A mode
changes what it must (a duel's second board, a lesson's Next button, a clock). ClassicHooks, the
plain game (a preset, Custom, a grid), is a mode's hooks like the others; ForFunHooks is a game
played for fun (by number, a past Daily code): shown, never counted or kept.
The aids (hints, the coach, hard mode; game/play/aids.py) are a part composed into the hooks,
AidKit: the hooks' class names what its mode allows (`aids_allowed`, the same AidsAllowed its Mode
value declares as Mode.aids; none unless declared), and the kit fixes what a game is played with
from Settings when it starts, runs the coach and draws its column. ClassicHooks is the plain game
(a preset, Custom or a grid), which allows all three; StandardHooks, and so every other mode that
does not declare any, allows none.
A plain game is kept in the slot "classic:<statistics bucket>" ("classic:Super", "classic:Grid")
with PLAIN_SAVE: the record, half-built row included, and the aids it is played with. Its aids stay
with it: a kept game resumes with its own, whatever the settings say then; a save without aids
(written before there were any) resumes without. A coached or hard game shows the coach's column
beside the board (game/ui/coach_view.py); the coach is pumped within COACH_BUDGET_MS each frame,
and only while the game goes on. The aids go with the game to Solve and to the result screen
(`aids` in their routes), so a hard game the computer finishes is counted as hard, and a coached
one is named so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from game.core.config import GameConfig
from game.core.records import score_game, stats_key
from game.play.aids import EVERY_AID, HINTS_ONLY, NO_AID_ALLOWED, NO_AIDS, Aids, AidsAllowed
from game.play.breaker import BreakerRun
from game.play.coach import Coach
from game.play.record import GameRecord
from game.play.timeline import Motion
from game.screens.base import Context, Push, Replace, Route, go, to_menu
from game.screens.holding import Decided, HighScoreChance, Holding, Kept, SaveCodec
from game.screens.outcomes import LeaveChosen
from game.screens.play_protocol import Next, PlayHooks, PlayScreen
from game.tables import table_for
from game.ui import coach_view, theme
from game.ui import palette as pal
from game.ui.board import Art
from game.ui.breaker_view import PANEL_BUTTONS, PANEL_ITEMS, hud_name, play_layout
from game.ui.layout import PlayLayout

NO_ASSIST_BUTTONS = ("new", "solve", "hint")  # a mode that is one game at a time, unhelped, drops them
COACH_BUDGET_MS = 5.0  # the coach's share of a frame (its jobs overshoot by one ~4 ms step at most)
COACH_SEED = 0  # the coach's sampling is its own, never the app's generator (secrets stay as seeded)


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


def describe_record(record: GameRecord) -> str:
    """ "Super · turn 4 of 13" for the menu's Resume line."""
    return f"{hud_name(record.config)} · turn {record.turn} of {record.config.turns}"


def slot_of(config: GameConfig) -> str:
    """Where a plain game of `config` is kept: one game per statistics bucket."""
    return f"classic:{stats_key(config)}"


@dataclass(frozen=True)
class KeptPlay:
    """A kept plain game: its record and the aids it is played with."""

    record: GameRecord
    aids: Aids = NO_AIDS


def encode_plain(kept: KeptPlay | GameRecord) -> dict[str, Any]:
    """The record's text form, with "aids" beside it when the game has any (a reader that does not
    know them reads the record alone)."""
    if isinstance(kept, GameRecord):
        kept = KeptPlay(kept)
    data = kept.record.to_dict()
    if kept.aids.any:
        data["aids"] = kept.aids.to_dict()
    return data


def decode_plain(data: Any) -> KeptPlay:
    record = kept_record(data)
    aids = Aids.from_dict(data["aids"]) if isinstance(data, Mapping) and "aids" in data else NO_AIDS
    return KeptPlay(record, aids)


def describe_plain(kept: KeptPlay) -> str:
    """ "Super · hard mode · turn 4 of 13"."""
    if not kept.aids.any:
        return describe_record(kept.record)
    config = kept.record.config
    return f"{hud_name(config)} · {kept.aids.label} · turn {kept.record.turn} of {config.turns}"


PLAIN_SAVE = SaveCodec(
    version=1,
    encode=encode_plain,
    decode=decode_plain,
    describe=describe_plain,
    resume=lambda kept: go("play", record=kept.record, hooks=ClassicHooks(kept.aids)),
)


class AidKit:
    """The aids part of a game's hooks: what its mode allows, what this game is played with (fixed
    the first time it is asked, as the game starts), the coach, and its column's view cache."""

    def __init__(self, allowed: AidsAllowed, aids: Aids | None = None) -> None:
        self.allowed = allowed
        self._aids = None if aids is None else allowed.keeps(aids)
        self.coach: Coach | None = None
        self.aside: coach_view.AsideCache | None = None

    def aids(self, hard: bool, coached: bool) -> Aids:
        """This game's aids: the ones it was given (a kept game's), else what the player asks for
        (`hard`, `coached`: the settings) as far as the mode allows, fixed from then on."""
        if self._aids is None:
            self._aids = self.allowed.choose(hard, coached)
        return self._aids

    def start(self, config: GameConfig) -> None:
        """The game started: a coached game's coach begins weighing it."""
        if self._aids is not None and self._aids.coached and self.coach is None:
            self.coach = Coach(table_for(config), seed=COACH_SEED)

    def update(self, run: BreakerRun) -> None:
        """A frame: the coach follows the game and works within its budget, until the game is decided."""
        coach = self.coach
        if coach is None:
            return
        if run.game.over:
            coach.close()  # the game is decided: nothing left to weigh
        else:
            coach.follow(run.record)
            coach.update(COACH_BUDGET_MS)

    def layout(
        self, size: tuple[int, int], config: GameConfig, panel_items: tuple[tuple[str, float], ...]
    ) -> PlayLayout | None:
        """The layout with the coach's column beside the board (None: the game has no aids)."""
        if self._aids is None or not self._aids.any:
            return None
        buttons = tuple(name for name in PANEL_BUTTONS if name in dict(panel_items))
        return coach_view.aside_layout(size, config, panel_items, buttons)

    def draw(self, surface: pygame.Surface, layout: PlayLayout, run: BreakerRun, art: Art) -> None:
        aids = self._aids
        if aids is None or not aids.any or not isinstance(layout, coach_view.AsideLayout):
            return
        if self.aside is None:
            self.aside = coach_view.AsideCache()
        lines = coach_view.coach_lines(run, self.coach, aids)
        coach_view.draw_aside(surface, layout, lines, art, self.aside)


class StandardHooks:
    """What a mode's hooks start from (see the module docstring): PlayHooks with the ordinary
    answers, allowing no aids. A subclass names its `mode` (the id whose save codec keeps its games)."""

    help_screen = "playing"  # the help overlay's controls for this mode (game/screens/help.py)
    panel_items: tuple[tuple[str, float], ...] = panel_without(("hint",))  # no aids, so no Hint
    shows_hud = True  # the arcade heads-up display: streak, best, what a win is worth now
    mode: ClassVar[str]  # the mode's id: its save codec keeps the game, in the slot of that name
    aids_allowed: ClassVar[AidsAllowed] = NO_AID_ALLOWED  # as the mode's Mode.aids declares
    _kit: AidKit | None = None  # made on first use (a mode's hooks need not call this __init__)

    def __init__(self, aids: Aids | None = None) -> None:
        self._kit = AidKit(self.aids_allowed, aids)

    def again(self) -> PlayHooks:
        """Fresh hooks of a new game of the same kind (New game, Play again)."""
        return type(self)()

    # --- starting and the panel ---------------------------------------------------------------
    def start(self, app: Context) -> GameRecord | None:
        """The record to play; None lets the screen draw a random secret for its config."""
        return None

    @property
    def aid_kit(self) -> AidKit:
        if self._kit is None:
            self._kit = AidKit(self.aids_allowed)
        return self._kit

    @property
    def coach(self) -> Coach | None:
        """The coach, while a coached game goes on (None: not coached)."""
        return self.aid_kit.coach

    def aids(self, app: Context) -> Aids:
        """What this game is played with, fixed the first time it is asked (as the game starts): its
        own (a kept game's), else the settings' as far as the mode allows."""
        return self.aid_kit.aids(app.settings.hard_mode, app.settings.coach)

    def make_run(self, record: GameRecord, motion: Motion, hard: bool) -> BreakerRun:
        """The run that plays `record`: a person breaking a secret the record knows."""
        return BreakerRun(record, motion, hard=hard)

    def entered(self, state: PlayScreen) -> None:
        """The screen entered with its run: a mode with more to set up (a duel's opponent) does it here.
        A coached game starts its coach."""
        self.aids(state.app)
        self.aid_kit.start(state.config)

    def pad_owner(self, state: PlayScreen) -> int | None:
        """The player whose gamepad drives the board (None: any pad)."""
        return None

    def accepts_input(self, state: PlayScreen) -> bool:
        """Whether the board takes input now (a decided duel waits for its end screen)."""
        return True

    def intercept(self, state: PlayScreen, event: pygame.event.Event) -> bool:
        """Whether the mode takes `event` itself, before the board sees it (a lesson's Next button,
        even once the game is over); True: nothing else sees it."""
        return False

    def allows(self, name: str, state: PlayScreen) -> bool:
        """Whether the button or shortcut `name` does anything in this mode now."""
        if name == "hint" and not self.aids_allowed.hints:
            return False
        return name in ("help", "menu") or name in dict(self.panel_items)

    def refuse(self, name: str, state: PlayScreen) -> str | None:
        """Why `name` cannot be done at this moment (None: it can)."""
        return None

    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> PlayLayout:
        self.aids(state.app)
        aside = self.aid_kit.layout(size, state.config, self.panel_items)  # the coach's column
        return aside if aside is not None else play_layout(size, state.config, self.panel_items)

    def title(self, state: PlayScreen) -> str:
        label = self.aids(state.app).label
        return f"{hud_name(state.config)} · {label}" if label else hud_name(state.config)

    # --- time ----------------------------------------------------------------------------------
    def update(self, state: PlayScreen, dt: float) -> Next:
        self.aid_kit.update(state.run)
        return None

    def finished(self, state: PlayScreen) -> Next:
        """The finish has run: the result screen (its Play again starts the same kind of game)."""
        again = go("play", config=state.config, hooks=self.again())
        return Replace(go("result", record=state.record, again=again, aids=self.aids(state.app)))

    # --- leaving and giving up -----------------------------------------------------------------------
    def leave(self, state: PlayScreen) -> Next:
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

    def reveal_question(self, state: PlayScreen) -> tuple[str, str]:
        """(question, yes label) of Reveal's confirmation."""
        return "Reveal the secret and end this game?", "Reveal"

    def resign(self, state: PlayScreen) -> None:
        """The player confirmed Reveal: a mode that counts a resignation notes it here."""

    def help_route(self, state: PlayScreen) -> Route:
        """The help overlay; a variant with rules of its own (a grid) opens on them."""
        page = state.config.variant.rules_page
        return go("help", page=page) if page else go("help", screen=self.help_screen)

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayScreen, art: Art) -> None:
        """A heads-up display over the board (the plain game's is the playing screen's own HUD, and
        the coach's column when it is coached or hard)."""
        self.aid_kit.draw(surface, layout, state.run, art)

    # --- what the session keeps and records ---------------------------------------------------------
    def slot(self, state: PlayScreen) -> str:
        """Where the game is kept: one game of the mode at a time, in the slot named after it."""
        return self.mode

    def save(self, state: PlayScreen) -> dict[str, Any]:
        """The kept game as its mode's save codec writes it (SaveCodec.envelope): a mode that keeps
        its games through this class's holding says how."""
        raise NotImplementedError(f"{type(self).__name__} keeps its games: its save() writes them")

    def progress(self, state: PlayScreen) -> tuple[int, Any]:
        """(rows that must never be lost, the rest of the position) of the game kept."""
        run = state.run
        return len(run.game.rows), (tuple(run.draft), run.record.ruled_out)

    def keeps(self, state: PlayScreen) -> bool:
        """Whether the game has anything worth keeping now (an empty new game does not)."""
        return state.run.snapshot().resumable

    def decided(self, state: PlayScreen) -> Decided | None:
        """The game decided, to record once: counted in its statistics bucket, maybe a high score."""
        record = state.run.record
        result = record.result()
        if result is not None:  # a hard or coached game counts in its own bucket
            result = self.aids(state.app).result(result)
        points = score_game(result) if result is not None else 0
        chance = HighScoreChance(stats_key(record.config), points) if points else None
        return Decided(record.game, record, result, chance, slot=self.slot(state))

    def holding(self, state: PlayScreen) -> Holding:
        run = state.run
        if run is None:
            return Holding()
        area = state.layout().board
        if run.game.over:
            return Holding(decided=self.decided(state), celebrate=area)
        if not state.keep_on_exit:
            return Holding(abandoned=self.slot(state))
        if not self.keeps(state):
            return Holding(celebrate=area)
        rows, draft = self.progress(state)
        kept = Kept(self.slot(state), rows, draft, lambda: self.save(state))
        return Holding(kept=kept, celebrate=area)


class ClassicHooks(StandardHooks):
    """The plain game (a preset, Custom, a grid): every aid allowed, as the classic and grid modes
    declare; kept with PLAIN_SAVE, one game per statistics bucket ("classic:Super")."""

    mode = "classic"
    aids_allowed = EVERY_AID
    panel_items = PANEL_ITEMS
    _slot: str | None = None  # this game's slot, found as it starts (asked every frame; the config is fixed)

    def entered(self, state: PlayScreen) -> None:
        super().entered(state)
        self.slot(state)

    def slot(self, state: PlayScreen) -> str:
        if self._slot is None:
            self._slot = slot_of(state.config)
        return self._slot

    def save(self, state: PlayScreen) -> dict[str, Any]:
        return PLAIN_SAVE.envelope(self.mode, KeptPlay(state.run.snapshot(), self.aids(state.app)))


class ForFunHooks(StandardHooks):
    """A game played for fun (by its number, a past Daily code): its code may be known, so it is
    never scored, counted or kept; the result screen still shows how it went."""

    mode = "for fun"  # never kept, so no save codec is ever asked for
    aids_allowed = HINTS_ONLY  # nothing to count, so nothing to coach or make hard
    shows_hud = False
    panel_items = panel_without(("new", "solve"))  # Solve would count it as a game the computer won

    def again(self) -> PlayHooks:
        """Play again: a plain game of the same config, counted as any."""
        return ClassicHooks()

    def holding(self, state: PlayScreen) -> Holding:
        run = state.run
        if run is None:
            return Holding()
        area = state.layout().board
        if run.game.over:  # decided: shown, never counted
            return Holding(decided=Decided(run.game, run.record, result=None), celebrate=area)
        return Holding(celebrate=area)


def draw_title(surface: pygame.Surface, layout: PlayLayout, art: Art, title: str) -> None:
    """The mode's title over the top bar's (the bar is redrawn under it, so nothing shows through)."""
    rect = layout.title_rect
    pygame.draw.rect(surface, pal.BOARD, rect)
    px = theme.type_px(layout.size, "heading")
    art.text.draw_in(surface, title, rect.inflate(0, -round(rect.h * 0.3)), pal.TEXT, px, align="midleft")


def confirm(question: str, result: Any, **labels: Any) -> Push:
    """A confirm overlay over the screen (game/screens/confirm.py) popping `result` on yes."""
    return Push(go("confirm", question=question, result=result, **labels))


__all__ = [
    "AidKit",
    "COACH_BUDGET_MS",
    "ClassicHooks",
    "ForFunHooks",
    "KeptPlay",
    "NO_ASSIST_BUTTONS",
    "Next",
    "PlayHooks",
    "PlayScreen",
    "StandardHooks",
    "confirm",
    "describe_record",
    "draw_title",
    "kept_record",
    "panel_without",
    "PLAIN_SAVE",
    "slot_of",
]
