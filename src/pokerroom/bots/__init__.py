"""Baseline bots for every game: a hand-strength heuristic with position for poker, the
measured thresholds of :mod:`pokerroom.bots.home_games` for Guts, Herbie and Hearts Poker,
and the Q-6-4 strategy for Three Card Poker. A bot sees only its seat's view and answers
from its legal actions."""

__all__ = ["BOT_LEVELS", "DEFAULT_LEVEL"]

BOT_LEVELS = ("easy", "normal", "strong", "expert")
"""The levels every game's bots are made at (a game with one bot plays it at each)."""
DEFAULT_LEVEL = "normal"
"""The level a bot plays at unless told otherwise (terminal, card room, environments):
measured against the rule-of-thumb bot (``easy``) it wins at no-limit hold'em, stud,
draw, Guts and Herbie, and its hold'em tables see a flop in 57 % of hands, not 15 %;
``strong``, which learns its opponents over a session, beats it at hold'em and Guts
(BENCHMARKS.md, "Bots by level"); ``expert`` declares in Guts and Herbie as the solved
equilibrium says (:mod:`pokerroom.strategy.expert`) and plays every other game as
``strong``."""
