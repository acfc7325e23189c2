"""The tables of every game of the rulebook, each a :class:`~pokerroom.session.Session`
registered in :mod:`pokerroom.catalog`.

:mod:`pokerroom.sessions.poker` covers the button, stud and draw games,
:mod:`pokerroom.sessions.home` Guts, Herbie and Hearts Poker, and
:mod:`pokerroom.sessions.casino` Three Card Poker.
"""
