"""The title screen's pages and focus: which page shows, which entry has the focus, and how they move.

The half of game/screens/menu.py that knows where things are (the other half, MenuState, reads the
store, activates entries and reads events). TitleNavigation is the screen's base, not a screen: it
keeps the window's TitleLayout (game/ui/layout_title.py, made again when the size, the page or the
plan changes) and moves the focus over it: to the nearest entry in an arrow's direction (`step`,
past the last entry that way to the page before or after), in reading order (`cycle`, Tab), to a
page (`open_page`) and a page on (`turn_page`).
"""

from __future__ import annotations

from game.modes.base import MenuEntry
from game.screens.base import Context
from game.ui.layout_title import TitleLayout, TitlePlan


class TitleNavigation:
    """Pages and focus over the title's entries (see the module docstring); MenuState's base."""

    app: Context
    entries: list[MenuEntry]
    plan: TitlePlan
    page: str
    focus: int
    _layout: TitleLayout | None

    def kept(self, index: int) -> MenuEntry | None:
        """Entry `index` if it resumes a kept game (they come first, and have the focus first)."""
        entry = self.entries[index] if 0 <= index < len(self.entries) else None
        return entry if entry is not None and entry.group == "Resume" else None

    def layout(self) -> TitleLayout:
        size = self.app.surface.get_size()
        layout = self._layout
        if layout is None or layout.size != size or layout.page != self.page or layout.plan != self.plan:
            layout = self._layout = TitleLayout(size, self.plan, self.page)
            if layout.page != self.page:  # that page is gone at this size: the one shown instead
                self.page = layout.page
                shown = layout.shown()
                if self.focus not in shown and shown:
                    self.focus = shown[0]
        return layout

    def open_page(self, page: str, focus: str | None = None) -> None:
        """Show `page` (the top or one level down), its first entry (or `focus`, by label) focused."""
        self.page = page
        layout = self.layout()
        shown = layout.shown()
        labels = [entry.label for entry in self.entries]
        if focus in labels and labels.index(focus) in shown:
            self.focus = labels.index(focus)
        elif self.focus not in shown and shown:
            self.focus = shown[0]

    def turn_page(self, step: int, last: bool = False) -> bool:
        """The page `step` away (-1 the previous, 1 the next), its first entry focused (its last with
        `last`, as an arrow going back reaches it); False at the first or last page."""
        layout = self.layout()
        names = layout.pages.names
        at = names.index(layout.page) + step
        if not 0 <= at < len(names):
            return False
        self.open_page(names[at])
        shown = self.layout().shown()
        if last and shown:
            self.focus = shown[-1] if self.plan.back is None or shown[-1] != self.plan.back else shown[-2]
        return True

    def step(self, dx: int, dy: int) -> None:
        """Move the focus to the nearest entry in direction (dx, dy) on this page (TitleLayout.toward);
        left or right past the last entry that way, to the page before or after."""
        focus = self.layout().toward(self.focus, dx, dy)
        if focus == self.focus and dx and self.turn_page(dx, last=dx < 0):
            return
        self.focus = focus

    def cycle(self, direction: int) -> None:
        """Tab / Shift+Tab: the next or previous entry of this page in reading order (wrapping)."""
        shown = self.layout().shown()
        if not shown:
            return
        at = shown.index(self.focus) if self.focus in shown else -direction
        self.focus = shown[(at + direction) % len(shown)]
