"""Why the table refuses an action, in words a player can act on: the sizes allowed
for a bet or raise, the cards that may be passed, drawn or discarded, or what the seat
may do instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption
from pokerroom.core import (
    Action,
    BetOption,
    Declare,
    DeclareOption,
    Discard,
    DiscardOption,
    Draw,
    DrawOption,
    Option,
    PassCard,
    PassOption,
    RaiseOption,
    option_words,
)

__all__ = ["refusal"]


def refusal(action: Action, options: Sequence[Option]) -> str:
    """Why ``action`` is refused, with what is allowed instead, in words.

    >>> from pokerroom.core import Bet, BetOption, CheckOption, Raise
    >>> refusal(Bet(seat=0, amount=500), [CheckOption(), BetOption(2, 120)])
    'a bet here is 2 to 120 chips; you bet 500'
    >>> refusal(Raise(seat=0, to=9), [CheckOption()])
    'you cannot raise now: you may check'

    An action of the kind asked for, with the wrong card or count, is told what fits:

    >>> from pokerroom.cards import parse_cards
    >>> down = tuple(parse_cards("2c 7d"))
    >>> refusal(PassCard(seat=0, card=parse_cards("Kh")[0]), [PassOption(down, 1)])
    'you cannot pass Kh now: pass one of 2c 7d'
    >>> from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption
    >>> refusal(PlaceWagers(seat=0, ante=3), [PlaceWagersOption(5, 100, bankroll=500)])
    'the Ante (3) is below the table minimum of 5'
    """
    for option in options:
        why = _misfit(action, option)
        if why:
            return why
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


def _misfit(action: Action, option: Option) -> str | None:
    """Why ``action``, of the kind ``option`` takes, does not fit it (``None``: no words
    beyond the sizes :func:`refusal` gives for bets and raises)."""
    if isinstance(action, PassCard) and isinstance(option, PassOption):
        return (f"you cannot pass {action.card!r} now: pass one of "
                + " ".join(map(repr, option.cards)))
    if isinstance(action, Discard) and isinstance(option, DiscardOption):
        return f"you cannot discard {_cards(action.cards)} now: {option_words(option)}"
    if isinstance(action, Draw) and isinstance(option, DrawOption):
        sizes = option_words(option).removeprefix("draw ")
        return f"a draw here is {sizes}; you asked for {len(action.discards)}"
    if isinstance(option, DeclareOption) and option.must_stay and isinstance(action,
                                                                             Declare):
        return "everyone stays in on this deal: you may only say in"
    if isinstance(option, PlaceWagersOption) and isinstance(action, PlaceWagers):
        return option.problem(action)
    return None


def _cards(cards: Sequence[object]) -> str:
    """Cards in words, or "nothing" for none."""
    return " ".join(map(repr, cards)) or "nothing"


_OPTION_WORDS = {"FoldOption": "fold", "CheckOption": "check", "CallOption": "call",
                 "BetOption": "bet", "RaiseOption": "raise", "BringInOption": "bring in",
                 "CompleteOption": "complete", "DrawOption": "draw",
                 "DeclareOption": "declare in or out", "PassOption": "pass a card",
                 "DiscardOption": "discard"}
_ACTION_WORDS = {"BringIn": "bring in", "PassCard": "pass a card",
                 "Declare": "declare"}
