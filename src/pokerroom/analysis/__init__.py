"""Analysis: all-in equity by exact enumeration or seeded Monte Carlo, hold'em ranges,
and the executors (in-process, process pool, Dask) the work is spread over.

* :func:`pokerroom.analysis.odds.compute_odds`: equity, wins, ties (and hi-lo shares);
* :func:`pokerroom.analysis.ranges.parse_range`: ``QQ+``, ``AKs``, ``T9s+``, ``AJo``;
* :func:`pokerroom.analysis.executors.open_executor`: where the chunks run;
* :mod:`pokerroom.analysis.home` and :mod:`pokerroom.analysis.casino`: the home games'
  and Three Card Poker's own analyses.

>>> from pokerroom.analysis.odds import compute_odds
>>> from pokerroom.analysis.odds_game import RAZZ
>>> from pokerroom.cards import parse_cards
>>> r = compute_odds(RAZZ, [parse_cards("Ah 2c 3d 4s 5h 9c 9d"),
...                           parse_cards("6h 6c 7d 8s Kh Kc Kd")], exact=True)
>>> r.wins, r.equities
((1, 0), (1.0, 0.0))
"""
