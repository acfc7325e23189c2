"""The ``expert`` level of Guts and Herbie: the declare played from the solved equilibrium
(:mod:`pokerroom.strategy.declare`).

At a table the solver plays (2 to 4 players, house rules it models), the bot declares as
the solution says for its seat, the declares it heard and its hand's bucket, drawing a
mixed decision with its own random numbers; everything else (passes, draws, and tables
the solver does not play) it plays as ``strong`` (:mod:`pokerroom.bots.field`).

Payoffs scale with the pot: a deal at pot ``P`` with matches of ``M`` is the game at pot
100 with matches of ``100 M / P``. The bot solves that game for ``M / P`` rounded to
:data:`RATIO_STEP` once per process and keeps it (:func:`solution_for`).

>>> import random
>>> from pokerroom.homegames.options import GutsOptions
>>> bot = ExpertGutsBot(GutsOptions(players=5).validated(), random.Random(1))
>>> bot.supported()  # five players: beyond the solver, played as strong
False
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

from pokerroom.bots.field import FieldGutsBot, FieldHerbieBot
from pokerroom.core import Action, Declare, DeclareOption
from pokerroom.errors import ConfigError
from pokerroom.homegames.guts import guts_evaluator
from pokerroom.homegames.options import GutsOptions, HerbieOptions
from pokerroom.tableview import SeatView, View, declared_aloud

if TYPE_CHECKING:
    from pokerroom.strategy.declare import DeclareSolution

__all__ = ["RATIO_STEP", "REFERENCE_POT", "ExpertGutsBot", "ExpertHerbieBot", "solution_for"]

REFERENCE_POT = 100
RATIO_STEP = 0.05
"""The match-to-pot ratios solved: steps of this size."""
ITERATIONS = 150
DEALS = 50_000
"""CFR+ iterations and sampled deals of the bot's solves."""
SAMPLED_ABOVE = 2
"""Two-card Guts is solved over every deal up to this many players (the exact solve of
three players takes about 40 CPU seconds and played no better than the sampled one,
BENCHMARKS.md). The next deal is not valued (``carry``): valued, the expert did no
better either."""



@cache
def solution_for(options: GutsOptions | HerbieOptions, game: str,
                 ratio: float) -> DeclareSolution:
    """The solved declare of the table ``options`` with matches of ``ratio`` times the
    pot (kept for the life of the process)."""
    from dataclasses import replace

    from pokerroom.strategy.declare import solve_declare
    from pokerroom.strategy.declare_game import DeclareSetting

    cap = round(REFERENCE_POT * ratio)
    solved = replace(options, max_match=None if cap >= REFERENCE_POT else max(1, cap))
    setting = DeclareSetting.from_options(game, solved, REFERENCE_POT,
                                          sampled=options.players > SAMPLED_ABOVE)
    return solve_declare(setting, iterations=ITERATIONS, deals=DEALS)


def _game(options: GutsOptions | HerbieOptions) -> str:
    if isinstance(options, HerbieOptions):
        return "herbie"
    return "guts2" if options.cards == 2 else "guts3"


class _Expert:
    """The declare from the solution; the rest from ``self._strong``."""

    options: GutsOptions | HerbieOptions
    rng: random.Random
    _strong: FieldGutsBot | FieldHerbieBot

    def supported(self) -> bool:
        """Whether the solver plays this table."""
        from pokerroom.strategy.declare_game import DeclareSetting

        try:
            DeclareSetting.from_options(_game(self.options), self.options, REFERENCE_POT)
        except ConfigError:
            return False
        return True

    def act(self, seat_view: SeatView) -> Action:
        for option in seat_view.options:
            if isinstance(option, DeclareOption):
                if option.must_stay:
                    return Declare(seat=seat_view.seat, stay=True)
                if self.supported():
                    return Declare(seat=seat_view.seat,
                                   stay=self._stay(seat_view.view, seat_view.seat))
        return self._strong.act(seat_view)

    def _stay(self, view: View, seat: int) -> bool:
        from pokerroom.strategy.declare_game import hand_table

        game = _game(self.options)
        n = self.options.players
        pot = max(1, dict(view.pots).get("pot", view.total_pot))
        cap = self.options.max_match
        ratio = 1.0 if cap is None else min(1.0, cap / pot)
        ratio = max(RATIO_STEP, round(ratio / RATIO_STEP) * RATIO_STEP)
        solution = solution_for(self.options, game, round(ratio, 4))
        dealer = view.button if view.button is not None else n - 1
        place = (seat - dealer - 1) % n  # 0 at the dealer's left, the dealer last
        heard = 0
        if not solution.setting.simultaneous:
            for other, stay in declared_aloud(view).items():
                before = (other - dealer - 1) % n
                if before < place and stay:
                    heard |= 1 << before
        table = hand_table(game, solution.setting.options)
        cards = tuple(int(c) for c in view.me.cards)
        bucket = int(table.bucket[cards])
        return self.rng.random() < float(solution.stay[place, heard, bucket])


class ExpertGutsBot(_Expert):
    """Guts at the ``expert`` level (see the module docstring)."""

    def __init__(self, options: GutsOptions, rng: random.Random) -> None:
        self.options, self.rng = options, rng
        self._strong = FieldGutsBot(options.players, guts_evaluator(options), options.cards,
                                    "strong", options)

    @property
    def style(self) -> str:
        return "expert: declares as the solved equilibrium says"


class ExpertHerbieBot(_Expert):
    """Herbie at the ``expert`` level (see the module docstring)."""

    def __init__(self, options: HerbieOptions, rng: random.Random) -> None:
        self.options, self.rng = options, rng
        self._strong = FieldHerbieBot(options.players, "strong", unpaired=options.unpaired,
                                      odd_card=options.odd_card, max_match=options.max_match)

    @property
    def style(self) -> str:
        return "expert: declares as the solved equilibrium says"
