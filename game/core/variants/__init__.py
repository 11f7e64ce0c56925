"""The variants: one class in one module each (row.py, grid.py) behind the Variant protocol
(base.py; its grading half in grades.py), registered here and looked up by name, as python-chess's
chess.variant does it.

VARIANTS lists them; variant_named("grid") finds a class by name and variant_from_text("grid:2x3")
a variant by its stored text (its name and parameters), the form GameConfig's text, saved games and
strategy tables carry. variant_from_fields() reads a stored config's fields, including the forms
written before variants had names (the one place that knows them). SETUP_CHOICES are the variants
the setup screens offer, in order.

Adding a variant is its module (which names its class VARIANT) and one line in MODULES: the
variants are imported by module name, in that order. The order is for ever: game numbers number the
variants in this order (gamenumber.py), so a new one goes at the end.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping, Sequence

from .base import ChooseRow, GameSize, Variant, VariantError
from .grades import Grade, GradeError
from .grid import GRID_SHAPES, GridVariant
from .row import MAX_PEGS, MIN_PEGS, ROW_PEGS, RowVariant

# The variants' modules in this package, one a line, in registry order (append only: see above).
MODULES: tuple[str, ...] = (
    "row",
    "grid",
    "bullscows",
    "words",
    "wordmarks",
)


def _registered(modules: Sequence[str]) -> tuple[type[Variant], ...]:
    """Each module's VARIANT class, in the order given (a module without one is a loud error)."""
    found = []
    for module in modules:
        cls = getattr(importlib.import_module(f"{__name__}.{module}"), "VARIANT", None)
        if not (isinstance(cls, type) and issubclass(cls, Variant)):
            raise TypeError(f"game.core.variants.{module} names no Variant class as VARIANT")
        found.append(cls)
    return tuple(found)


VARIANTS: tuple[type[Variant], ...] = _registered(MODULES)

# The setup screens' Shape choices: every variant's offered ones, in registry order (the row first)
SETUP_CHOICES: tuple[Variant, ...] = tuple(choice for cls in VARIANTS for choice in cls.offered())


class UnknownVariant(VariantError):
    """A variant name that is not registered; the message lists the names that are."""


def variant_named(name: str) -> type[Variant]:
    """The variant class registered as `name` ("row", "grid")."""
    for cls in VARIANTS:
        if cls.name == name.lower():
            return cls
    names = ", ".join(cls.name for cls in VARIANTS)
    shown = name if len(name) <= 40 else f"{name[:40]}..."
    raise UnknownVariant(f"no variant called {shown!r}; choose one of {names}")


def variant_from_text(text: str) -> Variant:
    """The variant whose `text` is `text` ("row:4", "grid:2x3"); VariantError saying what is wrong."""
    if not isinstance(text, str):
        raise VariantError(f"a variant is written name:parameters such as grid:2x3, not {text!r}")
    name, sep, params = text.strip().partition(":")
    if not sep:
        raise VariantError(f"a variant is written name:parameters such as grid:2x3, not {text!r}")
    return variant_named(name).from_param_text(params)


def variant_from_name(text: str) -> Variant:
    """A variant from its stored text ("bulls-and-cows:5"), or from its name alone where its
    parameters have defaults ("bulls-and-cows": 4 digits), as the tools' --variant takes it."""
    if isinstance(text, str) and ":" not in text:
        cls = variant_named(text.strip())
        try:
            return cls()  # type: ignore[call-arg]
        except TypeError:
            spelled = ", ".join(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
            raise VariantError(f"{cls.name} needs its parameters ({spelled}): {cls.name}:...") from None
    return variant_from_text(text)


def default_variant(pegs: int = 0) -> Variant:
    """The variant of a game that names none: the classic row of `pegs` pegs (0: ROW_PEGS)."""
    return RowVariant(ROW_PEGS if pegs == 0 else pegs)


# Before variants had names, a grid game's stored config held "grid": its rows x columns as text, and
# a row game held nothing but its pegs. Saved games, settings and strategy tables of that form still read.
EARLIER_FIELDS: Mapping[str, type[Variant]] = {"grid": GridVariant}


def variant_from_fields(pegs: int, fields: Mapping[str, object]) -> Variant:
    """The variant a stored config's fields name: "variant" (its text), or a field of the earlier
    form (EARLIER_FIELDS), else the row of `pegs`; VariantError if the named one cannot be made."""
    if "variant" in fields:
        return variant_from_text(fields["variant"])  # type: ignore[arg-type]
    for key, cls in EARLIER_FIELDS.items():
        if key in fields:
            value = fields[key]
            if not isinstance(value, str):
                raise VariantError(f"{key} is written as text such as 2x3, not {value!r}")
            return cls.from_param_text(value.strip())
    return default_variant(pegs)


def setup_choice(variant: Variant, choices: Sequence[Variant] = SETUP_CHOICES) -> Variant | None:
    """The choice of `choices` that `variant` is (with its pegs, where they are the variant's to
    choose), or None when setup does not offer it."""
    same = (choice for choice in choices if type(choice) is type(variant))
    return next((choice for choice in same if choice.with_pegs(variant.pegs) == variant), None)


def grade_from_numbers(numbers: tuple[int, ...]) -> Grade:
    """A grade's numbers as read from a move text, in the kinds of the first variant whose grades have
    as many (2: black, white; 3: black, grey, white); GradeError when none has. The game's own variant
    checks it when the move is played (Variant.check_grade)."""
    cls = next((cls for cls in VARIANTS if len(cls.kinds) == len(numbers)), None)
    if cls is None:
        counts = " or ".join(sorted({str(len(cls.kinds)) for cls in VARIANTS}))
        raise GradeError(f"a grade is {counts} numbers, not {numbers!r}")
    return cls.grade_type(*numbers)


def grade_words(grade: Grade) -> str:
    """A grade as a person says it, in the kinds of the variant whose grade it is, else of the first
    variant whose grades have as many numbers: (0, 0) -> "0 black, 0 white"; a grid's (2, 1, 0) ->
    "2 black, 1 grey, 0 white"; Bulls and Cows' (1, 2) -> "1 bulls, 2 cows"; word marks (2, 1, 0,
    0, 0) -> "right place, elsewhere, absent, absent, absent"."""
    numbers = tuple(int(n) for n in grade)
    own = next((cls for cls in VARIANTS if type(grade) is cls.grade_type), None)
    cls = own or next((cls for cls in VARIANTS if len(cls.kinds) == len(numbers)), None)
    if cls is None:
        raise GradeError(f"no variant grades with {len(numbers)} numbers: {numbers!r}")
    return cls.grade_words(numbers)


__all__ = [
    "GRID_SHAPES",
    "MAX_PEGS",
    "MIN_PEGS",
    "ROW_PEGS",
    "SETUP_CHOICES",
    "VARIANTS",
    "ChooseRow",
    "GameSize",
    "Grade",
    "GradeError",
    "GridVariant",
    "MODULES",
    "RowVariant",
    "UnknownVariant",
    "Variant",
    "VariantError",
    "default_variant",
    "grade_from_numbers",
    "grade_words",
    "setup_choice",
    "variant_from_fields",
    "variant_from_name",
    "variant_from_text",
    "variant_named",
]
