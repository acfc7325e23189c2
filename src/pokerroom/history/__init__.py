"""Hand histories: readable text in the PokerStars layout for every game (and PHH, through
:mod:`pokerroom.notation`, for the games it has a code for)."""
