"""The strategy lab: equilibria of small poker games, computed from pokerroom's own
exact odds.

* :mod:`pokerroom.strategy.classes`: the 169 starting-hand classes and their combos;
* :mod:`pokerroom.strategy.equity`: the exact all-in equity of every pair of hold'em
  starting hands, by suit-isomorphic matchups, as a job of chunks, cached on disk;
* :mod:`pokerroom.strategy.pushfold`: the heads-up push/fold equilibrium and its
  exploitability;
* :mod:`pokerroom.strategy.charts`: the per-hand stack thresholds of the equilibrium
  over a range of stacks, and the published charts they are compared with.
"""
