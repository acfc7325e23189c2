"""The strategy lab: equilibria of small poker games, computed from pokerroom's own
exact odds (docs/strategy.md).

* :mod:`pokerroom.strategy.classes`: the 169 starting-hand classes and their combos;
* :mod:`pokerroom.strategy.equity`: the exact all-in equity of every pair of hold'em
  starting hands, by suit-isomorphic matchups, as a job of chunks, cached on disk;
* :mod:`pokerroom.strategy.pushfold`: the heads-up push/fold game, its exact best
  responses and exploitability, and its equilibrium;
* :mod:`pokerroom.strategy.charts`: one solve from the full table, and each hand's stack
  thresholds over a range of stacks;
* :mod:`pokerroom.strategy.published`: the published push/fold charts the thresholds are
  compared with;
* :mod:`pokerroom.strategy.icm_game`: the push/fold game of a final table of 2 to 6
  players with ICM payoffs, over exact or sampled deals;
* :mod:`pokerroom.strategy.icm_pushfold`: its exact best responses, exploitability and
  equilibrium by CFR+;
* :mod:`pokerroom.strategy.declare_game`: the declare of Guts and Herbie at a given pot
  and table maximum, its hand buckets, deals and payoffs;
* :mod:`pokerroom.strategy.declare`: its exact best responses, exploitability and
  equilibrium by CFR+, on any executor;
* :mod:`pokerroom.strategy.expert`: the ``expert`` bots, which declare as it says.
"""
