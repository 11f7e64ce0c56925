"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), pure: no I/O, no clock.

A rating is (rating, deviation, volatility) on the Glicko scale (1500, 350, 0.06 for a newcomer).
rate() applies one rating period's games to a player; the server rates both players of a duel
after each game, one game per period, as Lichess does. A rating whose deviation is above
PROVISIONAL_RD, or with fewer than PROVISIONAL_GAMES games, is shown as provisional ("1523?").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178  # Glicko points per Glicko-2 unit
TAU = 0.5  # how fast volatility may change (Glickman suggests 0.3 to 1.2)
EPSILON = 1e-6  # the volatility iteration's tolerance
START = (1500.0, 350.0, 0.06)
MIN_RD, MAX_RD = 30.0, 350.0  # a deviation never shrinks to certainty nor grows past a newcomer's
PROVISIONAL_RD = 110.0  # Lichess's mark: a deviation above this is not settled yet
PROVISIONAL_GAMES = 5


@dataclass(frozen=True)
class Rating:
    rating: float = START[0]
    rd: float = START[1]
    vol: float = START[2]
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD or self.games < PROVISIONAL_GAMES

    def shown(self) -> str:
        """How a person reads it: "1523" or "1523?" while provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi**2)


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(
    player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU, clamp: bool = True
) -> Rating:
    """`player` after one rating period of `games`: (opponent as they were, score 1, 0.5 or 0).

    With no games only the deviation grows (step 6 of the paper). `clamp` keeps the deviation
    within MIN_RD..MAX_RD (off for checking against the paper's example).
    """
    games = list(games)
    mu, phi, sigma = (player.rating - 1500.0) / SCALE, player.rd / SCALE, player.vol
    if not games:
        grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Rating(player.rating, min(MAX_RD, grown) if clamp else grown, sigma, player.games)
    terms = []
    for opponent, outcome in games:
        mu_j, phi_j = (opponent.rating - 1500.0) / SCALE, opponent.rd / SCALE
        terms.append((_g(phi_j), _expect(mu, mu_j, phi_j), outcome))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    delta = v * sum(g * (s - e) for g, e, s in terms)
    sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * sum(g * (s - e) for g, e, s in terms)
    rd = phi_new * SCALE
    if clamp:
        rd = min(MAX_RD, max(MIN_RD, rd))
    return Rating(mu_new * SCALE + 1500.0, rd, sigma, player.games + len(games))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm the paper gives."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def duel(first: Rating, second: Rating, score_first: float) -> tuple[Rating, Rating]:
    """Both players after one game between them (score 1: the first won, 0.5: a draw)."""
    return rate(first, [(second, score_first)]), rate(second, [(first, 1.0 - score_first)])
