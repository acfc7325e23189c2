"""Adapters that register every game of the rulebook in :mod:`pokerroom.catalog`.

:mod:`pokerroom.sessions.poker` covers the button, stud and draw games,
:mod:`pokerroom.sessions.home` Guts, Herbie and Hearts Poker, and
:mod:`pokerroom.sessions.casino` Three Card Poker.
"""
