"""Fast evaluation: lookup tables and compiled loops that return exactly the keys of the
readable evaluators in :mod:`pokerroom.hands` (larger is better in every ranking).

* :mod:`pokerroom.fast.batch`: NumPy arrays of hands in, arrays of keys out (7-, 6- and
  5-card high, Omaha high and 8-or-better low, ace-to-five low, deuce-to-seven low);
* :mod:`pokerroom.fast.single`: one hand per call;
* :mod:`pokerroom.fast.census`: every 5-, 6- or 7-card hand counted by category;
* :mod:`pokerroom.fast.tables`: how the tables are laid out, built and cached.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.fast.single import high_key
>>> from pokerroom.hands.high import evaluate_high
>>> hand = parse_cards("Ah Kh Qh Jh 9h 9c 9d")
>>> high_key(hand) == evaluate_high(hand).key
True
"""
