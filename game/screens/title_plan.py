"""Where each entry of the title screen goes (game/screens/menu.py draws and drives it): the
registry's entries in their groups, the screen's own tiles to its pages (More ways to play, Play
people, every kept game, Back) and the TitlePlan that places them. Pure planning over MenuEntry values: no
drawing, no store (the Resume lines come from registry.kept_games when an app is given).
"""

from __future__ import annotations

from game.modes.base import GROUPS, MenuEntry
from game.modes.registry import kept_games, modes
from game.screens.base import Context, Push, Quit, go
from game.ui.layout_title import TOP, TitlePlan

TOP_RESUME = 2  # kept games on the top page; with more, the first and a tile to all of them
MORE_PAGE, KEPT_PAGE, PEOPLE_PAGE = "more", "kept", "people"
NAV_MORE, NAV_KEPT, NAV_BACK = "More ways to play", "More kept games", "Back"
PEOPLE_GROUP = NAV_PEOPLE = "Play people"  # the group with a page of its own, and its tile
NAV_OF_FAMILY = {MORE_PAGE: NAV_MORE, KEPT_PAGE: NAV_KEPT, PEOPLE_PAGE: NAV_PEOPLE}
UTILITIES = (
    MenuEntry("Help", "how to play, controls", Push(go("help")), "Utility"),
    MenuEntry("Statistics", "wins, streaks, best scores", Push(go("stats")), "Utility"),
    MenuEntry("High scores", "top ten of each mode", Push(go("high_scores")), "Utility"),
    MenuEntry("Settings", "colours, symbols, sound, motion", Push(go("settings")), "Utility"),
    MenuEntry("Quit", "", Quit(), "Utility"),
)


def mode_entries() -> list[MenuEntry]:
    """Every mode's entries, by group (GROUPS order, a group no one listed after them), each group in
    registry order."""
    entries = [entry for mode in modes() for entry in mode.entries]
    return sorted(
        entries, key=lambda entry: GROUPS.index(entry.group) if entry.group in GROUPS else len(GROUPS)
    )


def default_entries(app: Context | None = None) -> list[MenuEntry]:
    """The menu: a Resume line per kept game (with an app to read them), the modes, the utilities."""
    kept = [game.entry for game in kept_games(app)] if app is not None else []
    return kept + mode_entries() + list(UTILITIES)


NEW_GAME_ROUTES = ("play", "new_game")  # the routes that start a game on the config they carry


def is_preset(entry: MenuEntry) -> bool:
    """A Play entry that starts one fixed game (its config in the route): a card on the title screen."""
    route = entry.route
    starts_game = getattr(route, "name", None) in NEW_GAME_ROUTES and "config" in route.args
    return entry.group == "Play" and starts_game


def arrange(entries: list[MenuEntry]) -> tuple[list[MenuEntry], TitlePlan]:
    """The entries with the title screen's own (the tiles to its pages, Back) added, and where each
    goes (see the module docstring)."""
    entries = [e for e in entries if e.group != "Nav"]
    index = {id(e): i for i, e in enumerate(entries)}
    resume = [index[id(e)] for e in entries if e.group == "Resume"]
    presets = [index[id(e)] for e in entries if is_preset(e)]
    bars = [index[id(e)] for e in entries if e.group == "Play" and not is_preset(e)]
    today = [index[id(e)] for e in entries if e.group == "Today"]
    utilities = [index[id(e)] for e in entries if e.group == "Utility"]
    placed = {"Resume", "Play", "Today", "Utility"}
    order = list(GROUPS) + [e.group for e in entries if e.group not in GROUPS]
    groups = []
    for group in dict.fromkeys(order):
        if group in placed:
            continue
        items = tuple(index[id(e)] for e in entries if e.group == group)
        if items:
            groups.append((PEOPLE_PAGE if group == PEOPLE_GROUP else MORE_PAGE, group, items))
    nav_more = nav_kept = nav_people = back = None
    more = [heading for family, heading, _ in groups if family == MORE_PAGE]
    if more:
        entries.append(MenuEntry(NAV_MORE, " · ".join(more), go("menu", page=MORE_PAGE), "Nav"))
        nav_more = len(entries) - 1
    people = [items for family, _, items in groups if family == PEOPLE_PAGE]
    if people:
        count = sum(len(items) for items in people)
        detail = f"{count} ways to play others online"
        entries.append(MenuEntry(NAV_PEOPLE, detail, go("menu", page=PEOPLE_PAGE), "Nav"))
        nav_people = len(entries) - 1
    top_resume = resume
    if len(resume) > TOP_RESUME:
        top_resume = resume[:1]
        groups.append((KEPT_PAGE, "Kept games", tuple(resume)))
        entries.append(
            MenuEntry(NAV_KEPT, f"{len(resume)} games kept · see them all", go("menu", page=KEPT_PAGE), "Nav")
        )
        nav_kept = len(entries) - 1
    if groups:
        entries.append(MenuEntry(NAV_BACK, "", go("menu", page=TOP), "Nav"))
        back = len(entries) - 1
    plan = TitlePlan(
        tuple(top_resume),
        tuple(presets),
        tuple(bars),
        tuple(today),
        tuple(utilities),
        tuple(groups),
        nav_more,
        nav_kept,
        back,
        len(entries),
        nav_people,
    )
    return entries, plan
