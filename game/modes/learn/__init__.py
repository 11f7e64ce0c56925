"""Learn and master: the guided first game (Learn to play), its first-run offer, and the statistics of
the learning aids (hard mode and the coach, game/play/aids.py, played on the plain games).

Declares: the menu entry "Learn to play" (also the lesson Help replays), the routes "learn" (the
guided game on the playing screen with LessonHooks, hooks.py) and "learn_offer" (offer.py), the
first-run hook the title screen asks (first_run: the offer, on a first run only), and the statistics
tabs of hard games and coached games.
"""

from __future__ import annotations

from game.modes.base import MenuEntry, Mode, StatsTab
from game.modes.learn.hooks import LessonHooks, lesson_game
from game.modes.learn.offer import LEARN_BOOK, OfferOverlay
from game.play.aids import COACHED_KEY, HARD_KEY
from game.screens.base import Context, Push, go

LESSON = MenuEntry("Learn to play", "a short guided first game", go("learn"))


def first_run(app: Context) -> Push | None:
    """The offer of the guided game on a first run: the store's data folder is new this run
    (Store.first_run), nothing is played or kept yet, and the offer was never answered
    (tutorial_seen). Without a store nothing is offered: an answer could not be remembered."""
    store = app.store
    if store is None or not store.first_run or app.settings.tutorial_seen or store.load_record(LEARN_BOOK):
        return None
    if store.load_stats() or store.load_kept():
        return None  # a game was played already (started from the command line): not new here
    return Push(go("learn_offer"))


MODE = Mode(
    id="learn",
    title="Learn to play",
    entries=(LESSON,),
    screens={"learn": lesson_game, "learn_offer": OfferOverlay},
    stats_tabs=(StatsTab(HARD_KEY), StatsTab(COACHED_KEY)),
    records=(LEARN_BOOK,),
    first_run=first_run,
    hooks=lambda config: LessonHooks(),  # the lesson's own config and secret, whatever it is given
    lesson=LESSON,
)
