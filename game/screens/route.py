"""Route: where to go, by name, as a value (the app builds the screen through its route table).

The lowest module of game/screens/: it imports nothing of the project, so every other screen module
(and holding.py's save codecs, whose resume answers a Route) may name a route without an import
circle. game/screens/base.py hands Route and go on with the transitions that carry them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Route:
    """Where to go, by name: the app builds the screen `name` from `args` (its route table)."""

    name: str
    args: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", MappingProxyType(dict(self.args)))


def go(name: str, **args: Any) -> Route:
    """A route to screen `name`: go("result", record=record)."""
    return Route(name, args)
