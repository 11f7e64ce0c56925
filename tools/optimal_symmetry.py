"""The symmetry of the exact search (tools/optimal_search.py): colour and position permutations that fix
every guess played so far, held compactly, and each code's orbit representative under them.

Pure computation (numpy); the search keeps one guess per orbit, since a permutation that fixes the
guesses fixes the codes still possible and so the cost of every guess in an orbit.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from game.core.grid import symmetries

if TYPE_CHECKING:
    from tools.optimal_search import Space


@dataclass(frozen=True)
class Symmetry:
    """The colour-and-position permutations that fix every guess played so far.

    Such a permutation fixes the set of codes still possible, so guesses in one orbit cost the same
    and only one per orbit (the smallest code index) needs trying. The group is kept as:
    - `free`: colours no guess has used yet; any permutation of them belongs to the group;
    - `moves`: the other part, pairs (position permutation, map of the used colours, -1 for free ones),
      at most pegs! of them. A permutation acts on a code x as y[i] = colour_map[x[positions[i]]].
    """

    free: tuple[int, ...]
    moves: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

    def is_trivial(self) -> bool:
        return len(self.moves) <= 1 and len(self.free) <= 1

    def canon(self, space: Space) -> np.ndarray:
        """For every code, the smallest index in its orbit (codes equal to it represent the orbit).

        For each move, the free colours are relabelled in order of first appearance to the smallest
        free colours: that is the smallest code among all relabellings of the free colours.
        """
        codes = space.codes.astype(np.int64)
        n = codes.shape[0]
        rows = np.arange(n)
        free_sorted = np.asarray(self.free, dtype=np.int64)
        is_free = np.zeros(space.colours, dtype=bool)
        is_free[free_sorted] = True
        weights = space.colours ** np.arange(space.pegs - 1, -1, -1)
        lookup = np.full(space.colours**space.pegs, -1, dtype=np.int64)
        lookup[codes @ weights] = rows
        best = None
        for positions, colour_map in self.moves:
            moved = codes[:, list(positions)]
            out = np.asarray(colour_map, dtype=np.int64)[moved]
            assigned = np.full((n, space.colours), -1, dtype=np.int64)
            next_free = np.zeros(n, dtype=np.int64)
            for j in range(space.pegs):
                colour = moved[:, j]
                free_here = is_free[colour]
                fresh = free_here & (assigned[rows, colour] == -1)
                assigned[rows[fresh], colour[fresh]] = free_sorted[next_free[fresh]]
                next_free[fresh] += 1
                out[free_here, j] = assigned[rows[free_here], colour[free_here]]
            images = lookup[out @ weights]
            best = images if best is None else np.minimum(best, images)
        return best


def first_guess_symmetry(space: Space) -> Symmetry:
    """Before any guess every colour and position permutation applies (only a guess's shape matters);
    in a grid only the position permutations that keep its grading: row swaps, column swaps, transpose."""
    no_map = (-1,) * space.colours
    if space.grid is not None:
        positions = tuple((tuple(int(p) for p in perm), no_map) for perm in symmetries(*space.grid))
    else:
        positions = tuple((perm, no_map) for perm in itertools.permutations(range(space.pegs)))
    return Symmetry(tuple(range(space.colours)), positions)


def child_symmetry(space: Space, symmetry: Symmetry | None, guess: int) -> Symmetry | None:
    """The permutations of `symmetry` that also fix `guess` (None once only the identity is left)."""
    if symmetry is None:
        return None
    code = tuple(space.codes[guess].tolist())
    free = set(symmetry.free)
    kept = []
    for positions, colour_map in symmetry.moves:
        new_map = list(colour_map)
        fits = True
        for i in range(space.pegs):
            source, target = code[positions[i]], code[i]
            if new_map[source] == -1:
                # a free colour may only go to a free colour, and no two to the same one
                if target not in free or target in new_map:
                    fits = False
                    break
                new_map[source] = target
            elif new_map[source] != target:
                fits = False
                break
        if fits:
            kept.append((positions, tuple(new_map)))
    child = Symmetry(tuple(sorted(free - set(code))), tuple(kept))
    return None if child.is_trivial() else child
