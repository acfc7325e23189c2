"""Baseline bots for every game: a hand-strength heuristic with position for poker, the
measured thresholds of :mod:`pokerroom.bots.home_games` for Guts, Herbie and Hearts Poker,
and the Q-6-4 strategy for Three Card Poker. A bot sees only its seat's view and answers
from its legal actions."""
