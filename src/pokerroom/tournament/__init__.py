"""Tournaments: the structure (levels, breaks, colour-ups, rebuys), the clock that reads
it, payouts, the Independent Chip Model and deals. Pure data and arithmetic: only
:mod:`pokerroom.tournament.files` reads and writes files."""
