"""Why the table refuses an action, in words a player can act on: the sizes allowed
for a bet or raise, or what the seat may do instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.core import Action, BetOption, Option, RaiseOption

__all__ = ["refusal"]


def refusal(action: Action, options: Sequence[Option]) -> str:
    """Why ``action`` is refused, with what is allowed instead, in words.

    >>> from pokerroom.core import Bet, BetOption, CheckOption, Raise
    >>> refusal(Bet(seat=0, amount=500), [CheckOption(), BetOption(2, 120)])
    'a bet here is 2 to 120 chips; you bet 500'
    >>> refusal(Raise(seat=0, to=9), [CheckOption()])
    'you cannot raise now: you may check'
    """
    kind = type(action).__name__
    for option in options:
        if isinstance(option, BetOption) and kind == "Bet":
            sizes = (", ".join(map(str, option.amounts)) if option.amounts
                     else f"{option.min_amount} to {option.max_amount}")
            return f"a bet here is {sizes} chips; you bet {getattr(action, 'amount', '?')}"
        if isinstance(option, RaiseOption) and kind == "Raise":
            sizes = (", ".join(map(str, option.tos)) if option.tos
                     else f"{option.min_to} to {option.max_to}")
            return (f"a raise here is to {sizes} chips in all; you raised to "
                    f"{getattr(action, 'to', '?')}")
    allowed = sorted({_OPTION_WORDS.get(type(o).__name__, type(o).__name__.removesuffix(
        "Option").lower()) for o in options})
    verb = _ACTION_WORDS.get(kind, kind.lower())
    if not allowed:
        return f"you cannot {verb} now"
    return f"you cannot {verb} now: you may {' or '.join(allowed)}"


_OPTION_WORDS = {"FoldOption": "fold", "CheckOption": "check", "CallOption": "call",
                 "BetOption": "bet", "RaiseOption": "raise", "BringInOption": "bring in",
                 "CompleteOption": "complete", "DrawOption": "draw",
                 "DeclareOption": "declare in or out", "PassOption": "pass a card",
                 "DiscardOption": "discard"}
_ACTION_WORDS = {"BringIn": "bring in", "PassCard": "pass a card",
                 "Declare": "declare"}
