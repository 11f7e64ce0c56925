"""What we know: facts every code still possible shares, strongest first, for a coach to show.

Four kinds of fact, in this order of strength (FactKind): a colour fixed in a place (every code still
possible has it there), a colour absent (no code has it), exactly n pegs of a colour (every code has
n), at least n pegs of a colour (every code has n or more, some more). Facts the player has already
marked (`marked`; ruled_out_facts() turns the palette's ruled-out colours into such facts) are not
repeated, nor facts that shown ones imply: "at least 1 peg is 3" beside "3 is in place 2" (and,
in a game without repeats, "3 is in the code", its "exactly 1"), and once every place is fixed,
the absent colours and the counts.

colour_counts_known() reads the facts back per colour (exactly n, at least n, or nothing said), the
implied ones put back, for the computer's screen to show beside its palette.

Facts come from a summary of the codes still possible: which colours occur in each place, and the
least and most pegs of each colour in a code. They only ever hold for every code: a summary is
built from every code still possible (or, in huge spaces, from mitm.py's exact survey of them),
never from a sample.

Cost: the consistent codes come from space.consistent_steps (streamed at large sizes, cached per
history). They are scanned twice at most: a spread-out sample first, which kills most candidate
facts, then every code, cheaply, for the candidates left (each code split into its head and tail as
in headtail.py, so a chunk costs a division and a few look-ups, not a decode); the scan stops as
soon as no candidate is left. Huge spaces (mitm.py) read the survey's fitting (head group, tail
group) pairs instead of codes. facts_steps() is a generator in the solver's shape, yielding after
about WORK_PER_YIELD byte-operations, so a screen pumps it inside its frame budget. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from .codes import colour_counts, decode
from .config import GameConfig
from .headtail import WORK_PER_YIELD, head_tail
from .mitm import halves_steps, is_huge, survey_steps
from .solver import History, NoCodeLeft, Progress, run
from .space import consistent_steps, legal_count, release_steps

# Codes of the first, spread-out pass: enough that a fact failing for one code in a few hundred is
# nearly always caught before the full pass.
SAMPLE_CODES = 4_096


class FactKind(IntEnum):
    """Kinds of fact, strongest first."""

    FIXED = 0  # colour in place
    ABSENT = 1
    EXACTLY = 2
    AT_LEAST = 3


@dataclass(frozen=True)
class Fact:
    """One thing every code still possible shares. `place` (0-based, a grid's cells row by row) is set
    for FIXED only; `count` for EXACTLY and AT_LEAST only."""

    kind: FactKind
    colour: int
    place: int | None = None
    count: int = 0

    @property
    def strength(self) -> tuple[int, int, int]:
        """Sort key, strongest first: kind, then place, then colour."""
        return (int(self.kind), -1 if self.place is None else self.place, self.colour)

    def text(self, config: GameConfig, colour_name: Callable[[int], str] | None = None) -> str:
        """The fact in words, colours as the game shows them (the palette's keys, or the variant's
        symbols: "E is in letter 2") or by `colour_name`, places from 1: "3 is in place 2" (a grid's
        "3 is in row 1, column 2"), "5 is not in the code", "exactly 2 pegs are 4", "at least 2 pegs
        are 4", "4 is in the code"."""
        name = (colour_name or config.variant.symbol_name)(self.colour)
        if self.kind is FactKind.FIXED:
            return f"{name} is in {config.variant.place_words(self.place)}"
        if self.kind is FactKind.ABSENT:
            return f"{name} is not in the {config.variant.nouns.code}"
        if self.count == 1 and (self.kind is FactKind.AT_LEAST or not config.duplicates):
            # without repeats, "exactly one" is just "in the code"
            return f"{name} is in the {config.variant.nouns.code}"
        pegs = config.variant.places_word
        if self.count == 1:
            return f"exactly 1 {pegs[:-1]} is {name}"
        word = "exactly" if self.kind is FactKind.EXACTLY else "at least"
        return f"{word} {self.count} {pegs} are {name}"


@dataclass(frozen=True)
class ColourCount:
    """How many pegs of one colour every code still possible holds: exactly `count`, or (`exact`
    False) at least `count`, some codes more. Absent: exactly 0."""

    count: int
    exact: bool

    @property
    def absent(self) -> bool:
        return self.exact and self.count == 0


def colour_counts_known(config: GameConfig, facts: Iterable[Fact]) -> tuple[ColourCount | None, ...]:
    """Per colour, what `facts` (a WhatWeKnow's, nothing marked) say of its count; None where they
    say nothing. Puts back what _shown() leaves out as implied: every place fixed says each colour's
    count; a colour fixed in k places is in at least k; without repeats, a colour in the code is
    there exactly once."""
    facts = tuple(facts)
    fixed = np.bincount([f.colour for f in facts if f.kind is FactKind.FIXED], minlength=config.colours)
    if int(fixed.sum()) == config.pegs:  # the code is known
        return tuple(ColourCount(int(n), True) for n in fixed)
    known: list[ColourCount | None] = []
    for colour in range(config.colours):
        said = {f.kind: f for f in facts if f.colour == colour and f.kind is not FactKind.FIXED}
        if FactKind.ABSENT in said:
            known.append(ColourCount(0, True))
        elif FactKind.EXACTLY in said:
            known.append(ColourCount(said[FactKind.EXACTLY].count, True))
        else:
            least = max(int(fixed[colour]), said[FactKind.AT_LEAST].count if FactKind.AT_LEAST in said else 0)
            if least and not config.duplicates:
                known.append(ColourCount(1, True))
            else:
                known.append(ColourCount(least, False) if least else None)
    return tuple(known)


def ruled_out_facts(colours: Iterable[int]) -> frozenset[Fact]:
    """The facts a player marked by ruling colours out on the palette (BreakerRun.ruled_out)."""
    return frozenset(Fact(FactKind.ABSENT, int(c)) for c in colours)


@dataclass(frozen=True)
class WhatWeKnow:
    """The answer: the facts to show, strongest first, and how many codes are still possible."""

    facts: tuple[Fact, ...]
    possible: int


@dataclass
class Summary:
    """What the codes seen so far share: present[place, colour]; low/high: least and most pegs of
    each colour in one code."""

    present: np.ndarray
    low: np.ndarray
    high: np.ndarray

    @classmethod
    def empty(cls, config: GameConfig) -> Summary:
        return cls(
            np.zeros((config.pegs, config.colours), dtype=bool),
            np.full(config.colours, config.pegs, dtype=np.int64),
            np.zeros(config.colours, dtype=np.int64),
        )

    def add_codes(self, codes: np.ndarray, colours: int) -> None:
        for place in range(codes.shape[1]):
            self.present[place, codes[:, place]] = True
        counts = colour_counts(codes, colours)
        np.minimum(self.low, counts.min(axis=0), out=self.low)
        np.maximum(self.high, counts.max(axis=0), out=self.high)

    def facts(self) -> list[Fact]:
        """Every fact the summary shows, implied ones included."""
        found = []
        for place in range(self.present.shape[0]):
            colours = np.flatnonzero(self.present[place])
            if colours.shape[0] == 1:
                found.append(Fact(FactKind.FIXED, int(colours[0]), place))
        anywhere = self.present.any(axis=0)
        for colour in range(self.present.shape[1]):
            low, high = int(self.low[colour]), int(self.high[colour])
            if not anywhere[colour]:
                found.append(Fact(FactKind.ABSENT, colour))
            elif low >= 1 and low == high:
                found.append(Fact(FactKind.EXACTLY, colour, count=low))
            elif low >= 1:
                found.append(Fact(FactKind.AT_LEAST, colour, count=low))
            # else some code has none of it (low is a true least) and some code has it: no fact
        return found

    def open_questions(self, marked: frozenset[Fact]) -> tuple[bool, np.ndarray]:
        """(some place may still be fixed or some colour absent, colours whose count may be a fact).

        A marked absent colour need not be checked: it is not shown and implies nothing shown."""
        places = bool((self.present.sum(axis=1) <= 1).any())
        unseen = np.flatnonzero(~self.present.any(axis=0))
        absent = [c for c in unseen if Fact(FactKind.ABSENT, int(c)) not in marked]
        # Once a code without the colour is seen (low 0) no count can be a fact; a colour not seen yet
        # and found later is settled the same way (the codes already seen had none of it).
        return places or bool(absent), np.flatnonzero(self.low >= 1)


def _shown(found: list[Fact], config: GameConfig, marked: frozenset[Fact]) -> tuple[Fact, ...]:
    fixed = [f for f in found if f.kind is FactKind.FIXED]
    if len(fixed) == config.pegs:  # the code is known: its places say everything
        found = fixed
    fixed_per_colour = np.bincount([f.colour for f in fixed], minlength=config.colours)

    def implied(f: Fact) -> bool:
        """Said already by the colour's fixed places: at least that many, and, where a colour is
        at most once in a code, exactly that one."""
        if f.kind is FactKind.AT_LEAST:
            return f.count <= fixed_per_colour[f.colour]
        return f.kind is FactKind.EXACTLY and not config.duplicates and f.count <= fixed_per_colour[f.colour]

    shown = [f for f in found if f not in marked and not implied(f)]
    return tuple(sorted(shown, key=lambda f: f.strength))


def facts_steps(
    config: GameConfig, history: History, marked: Iterable[Fact] = ()
) -> Generator[Progress, None, WhatWeKnow]:
    """What every code still possible after `history` shares, less what `marked` already says.

    Raises NoCodeLeft (a ValueError) when no code fits every grade (a wrong hand grade)."""
    marked = frozenset(marked)
    history = tuple(history)
    if not history:
        summary, possible = _whole_space(config), legal_count(config)
    elif is_huge(config):
        summary, possible = yield from _survey_summary_steps(config, history)
    else:
        indices = yield from consistent_steps(config, history)
        possible = int(indices.shape[0])
        summary = Summary.empty(config)
        if possible:
            yield from _scan_steps(config, indices, summary, marked)
        # A set too large for space.py's cache is ours alone: hand its memory back a slice at a time
        # (freeing 60 MB at once stalls a frame).
        yield from release_steps(indices)
    if possible == 0:
        raise NoCodeLeft(config.variant.nouns.contradiction())
    yield Progress(1, 1, "facts found", possible)
    return WhatWeKnow(_shown(summary.facts(), config, marked), possible)


def what_we_know(config: GameConfig, history: History, marked: Iterable[Fact] = ()) -> WhatWeKnow:
    """Plain-function form of facts_steps() (for tools and tests)."""
    return run(facts_steps(config, history, marked))


def _whole_space(config: GameConfig) -> Summary:
    """Every legal code: each colour in each place; counts 0..pegs, or with no repeats 0..1 (1..1 when
    there are as many colours as pegs: every code then uses each colour once)."""
    summary = Summary.empty(config)
    summary.present[:] = True
    if config.duplicates:
        summary.low[:], summary.high[:] = 0, config.pegs
    else:
        summary.low[:], summary.high[:] = (1 if config.colours == config.pegs else 0), 1
    return summary


def _scan_steps(
    config: GameConfig, indices: np.ndarray, summary: Summary, marked: frozenset[Fact]
) -> Generator[Progress, None, None]:
    """Fill `summary` from the sorted code `indices`, stopping once no fact can be left standing."""
    total = indices.shape[0]
    stride = max(1, total // SAMPLE_CODES)
    sample = indices[::stride]
    per_code = config.pegs * (48 + 3 * config.colours)  # decode, places, colour counts
    step = max(1, WORK_PER_YIELD // per_code)
    for start in range(0, sample.shape[0], step):
        summary.add_codes(decode(sample[start : start + step], config.pegs, config.colours), config.colours)
        yield Progress(0, total, "looking for facts", total)
    if stride == 1:
        return
    ht = head_tail(config.pegs, config.colours, config.duplicates)
    tails = ht.tail_count
    head_counts = _counts_by_colour(ht.heads, config.colours)
    tail_counts = _counts_by_colour(ht.tails, config.colours)
    head_seen = np.zeros(ht.heads.shape[0], dtype=bool)
    tail_seen = np.zeros(tails, dtype=bool)
    places, colours = summary.open_questions(marked)
    yield Progress(0, total, "looking for facts", total)
    done = 0
    while done < total and (places or colours.shape[0]):
        # a division and two marks per code, and two look-ups per colour still in question
        step = max(1, WORK_PER_YIELD // (40 + 12 * colours.shape[0]))
        chunk = indices[done : done + step].astype(np.int64)
        head = chunk // tails
        tail = chunk - head * tails
        head_seen[head] = True
        tail_seen[tail] = True
        for colour in colours:
            count = head_counts[colour][head] + tail_counts[colour][tail]
            summary.low[colour] = min(int(summary.low[colour]), int(count.min()))
            summary.high[colour] = max(int(summary.high[colour]), int(count.max()))
        done += chunk.shape[0]
        _mark_places(summary, ht.heads[head_seen], ht.tails[tail_seen], ht.head_pegs)
        places, colours = summary.open_questions(marked)
        yield Progress(done, total, "looking for facts", total)


def _counts_by_colour(codes: np.ndarray, colours: int) -> np.ndarray:
    """(colours, n) uint8: pegs of each colour in each code, one row per colour for fast look-ups
    (five times quicker than codes.colour_counts on the 10^4 heads of 8x10)."""
    counts = np.zeros((colours, codes.shape[0]), dtype=np.uint8)
    every = np.arange(codes.shape[0])
    for place in range(codes.shape[1]):
        counts[codes[:, place], every] += 1
    return counts


def _mark_places(summary: Summary, heads: np.ndarray, tails: np.ndarray, head_pegs: int) -> None:
    for place in range(heads.shape[1]):
        summary.present[place, heads[:, place]] = True
    for place in range(tails.shape[1]):
        summary.present[head_pegs + place, tails[:, place]] = True


def _survey_summary_steps(
    config: GameConfig, history: History
) -> Generator[Progress, None, tuple[Summary, int]]:
    """The summary of a huge space's consistent codes from mitm's survey: the heads and tails of the
    fitting group pairs give the colours in each place; each pair's combined multiset gives counts."""
    survey = yield from survey_steps(config, history)
    halves = yield from halves_steps(config.pegs, config.colours, config.duplicates)
    summary = Summary.empty(config)
    if survey.count == 0:
        return summary, 0
    heads = _live_members(survey.pair_head, survey.head_start, survey.head_size, survey.head_members)
    tails = _live_members(survey.pair_tail, survey.tail_start, survey.tail_size, survey.tail_members)
    _mark_places(summary, halves.heads[:, heads].T, halves.tails[:, tails].T, halves.head_pegs)
    yield Progress(0, 1, "looking for facts", survey.count)
    head_set = halves.head_set[survey.head_members[survey.head_start]]
    tail_set = halves.tail_set[survey.tail_members[survey.tail_start]]
    pairs = survey.pair_head.shape[0]
    step = max(1, WORK_PER_YIELD // (16 + 4 * config.colours))
    for begin in range(0, pairs, step):
        block = slice(begin, begin + step)
        whole = halves.sums[head_set[survey.pair_head[block]], tail_set[survey.pair_tail[block]]]
        counts = halves.whole[:, whole]
        np.minimum(summary.low, counts.min(axis=1), out=summary.low)
        np.maximum(summary.high, counts.max(axis=1), out=summary.high)
        yield Progress(begin, pairs, "looking for facts", survey.count)
    return summary, survey.count


def _live_members(
    pair_group: np.ndarray, start: np.ndarray, size: np.ndarray, members: np.ndarray
) -> np.ndarray:
    """The members (heads or tails) of the groups that some fitting pair uses."""
    live = np.zeros(start.shape[0], dtype=bool)
    live[pair_group] = True
    sizes = size[live]
    first = np.repeat(start[live], sizes)
    within = np.arange(first.shape[0]) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    return members[first + within]
