"""Named easings for drawing code that animates outside a game in progress (menus, particles).

All timing of a game in progress lives on game/play/timeline.py's Timeline, which also defines the
easings; this module only names them for game/ui, so there is one definition of each curve.
"""

from game.play.timeline import EASINGS, Easing, ease_in_out_sine, ease_out_back, ease_out_cubic, linear

__all__ = ["EASINGS", "Easing", "ease_in_out_sine", "ease_out_back", "ease_out_cubic", "linear"]
