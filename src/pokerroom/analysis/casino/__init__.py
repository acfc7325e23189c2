"""Three Card Poker analysed: the exact house edge of each wager and Monte Carlo play.

* :mod:`pokerroom.analysis.casino.exact`: the Ante and Play, Pair Plus and 6 Card Bonus
  edges, every player hand against every dealer hand, in integer counts;
* :mod:`pokerroom.analysis.casino.simulation`: seeded rounds played through the real
  table (or the same deal and settlement without the protocol's objects), with
  confidence intervals.

>>> from pokerroom.analysis.casino.exact import analyze_pair_plus
>>> round(analyze_pair_plus().house_edge * 100, 4)
2.3167
"""
