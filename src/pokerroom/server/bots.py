"""Bots that fill empty seats at a card-room table.

A bot sees exactly what its seat may see and answers from ``legal_actions``. The game's
session makes the bot (:meth:`~pokerroom.session.Session.make_bot`); without a session,
or should that bot fail, a plain baseline plays: check when free, call most bets, raise
now and then, stay in half the time (all in for the ante at jacks or better, declare the
pot open only with openers), pass or discard the first card offered.

>>> from pokerroom.core import CheckOption, FoldOption, CallOption
>>> simple_choice((FoldOption(), CallOption(amount=10)))
{'type': 'Call'}
>>> simple_choice((CheckOption(),))
{'type': 'Check'}
>>> from pokerroom.core import DeclareOption
>>> simple_choice((DeclareOption(),), own_cards=("Tc", "Td", "8h", "5s", "2c"))
{'type': 'Declare', 'stay': False}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.core import (
    BetOption,
    BringInOption,
    CallOption,
    CheckOption,
    CompleteOption,
    DeclareOption,
    DiscardOption,
    DrawOption,
    FoldOption,
    HandState,
    Option,
    PassOption,
    RaiseOption,
)
from pokerroom.errors import IllegalActionError, PokerroomError
from pokerroom.server.codec import action_from_json, card_strings, option_to_json, to_json
from pokerroom.session import Session
from pokerroom.tableview import SeatView

__all__ = ["bot_action", "bot_chooser", "simple_choice"]


def simple_choice(options: Sequence[Option], rng: random.Random | None = None,
                  own_cards: Sequence[str] = ()) -> dict[str, Any]:
    """A sensible legal action (as client JSON) from ``options``."""
    rand = rng.random() if rng is not None else 0.5
    by_kind = {type(option): option for option in options}
    if DeclareOption in by_kind:
        declare = by_kind[DeclareOption]
        assert isinstance(declare, DeclareOption)
        if len(own_cards) == 5 and not declare.must_stay:
            # jacks or better, all in for the ante (jacks-5): declare only with openers
            from pokerroom.cards import parse_cards
            from pokerroom.engine.openers import is_openers

            cards = parse_cards(" ".join(own_cards))
            return {"type": "Declare",
                    "stay": is_openers(cards, joker=any(c.is_joker for c in cards))}
        return {"type": "Declare", "stay": declare.must_stay or rand < 0.5}
    if PassOption in by_kind:
        passing = by_kind[PassOption]
        assert isinstance(passing, PassOption)
        pick = passing.cards[int(rand * len(passing.cards)) % len(passing.cards)]
        return {"type": "PassCard", "card": repr(pick)}
    if DiscardOption in by_kind:
        discard = by_kind[DiscardOption]
        assert isinstance(discard, DiscardOption)
        return {"type": "Discard", "cards": [repr(c) for c in discard.choices[0]]}
    if DrawOption in by_kind:
        draw = by_kind[DrawOption]
        assert isinstance(draw, DrawOption)
        count = draw.min_cards
        if count == 0 and own_cards and rand < 0.5:
            count = min(draw.max_cards, 1)
        return {"type": "Draw", "discards": list(own_cards[:count])}
    if BringInOption in by_kind:
        if CompleteOption in by_kind and rand < 0.1:
            return {"type": "Complete"}
        return {"type": "BringIn"}
    if CheckOption in by_kind:
        bet = by_kind.get(BetOption)
        if isinstance(bet, BetOption) and rand < 0.15:
            amount = bet.amounts[0] if bet.amounts else bet.min_amount
            return {"type": "Bet", "amount": amount}
        return {"type": "Check"}
    if CallOption in by_kind:
        raising = by_kind.get(RaiseOption)
        if isinstance(raising, RaiseOption) and rand < 0.1:
            return {"type": "Raise", "to": raising.tos[0] if raising.tos else raising.min_to}
        if FoldOption in by_kind and rand > 0.85:
            return {"type": "Fold"}
        return {"type": "Call"}
    if CompleteOption in by_kind:
        return {"type": "Complete"}
    if BetOption in by_kind:
        bet = by_kind[BetOption]
        assert isinstance(bet, BetOption)
        return {"type": "Bet", "amount": bet.amounts[0] if bet.amounts else bet.min_amount}
    if FoldOption in by_kind:
        return {"type": "Fold"}
    return template_choice(options[0])


def template_choice(option: Option) -> dict[str, Any]:
    """The smallest acceptable action for a game's own option type (e.g. the minimum
    wager), from the templates :func:`~pokerroom.server.codec.option_to_json` lists."""
    data = option_to_json(option, 0)
    for template in data.get("actions", []):
        action: dict[str, Any] = {"type": template["type"], **template["fields"]}
        numbers = [k for k, v in template["fields"].items() if type(v) is int]
        if not numbers:
            return action
        amounts = sorted({v for v in data.values() if type(v) is int and v > 0}
                         | {1, 2, 5, 10, 25, 100})
        for amount in amounts:
            try:
                candidate = action_from_json(action | {numbers[0]: amount}, seat=0)
            except PokerroomError:
                break
            if option.allows(candidate):
                return action | {numbers[0]: amount}
    raise IllegalActionError(f"no automatic choice for {type(option).__name__}")


def bot_action(state: HandState, seat: int, rng: random.Random,
               session: Session | None = None) -> dict[str, Any]:
    """The bot's action for ``seat`` (a seat of the hand) as client JSON: the
    session's own bot, else the plain baseline."""
    options = state.legal_actions(seat)
    if session is not None:
        try:
            bot = session.make_bot(seat, rng, DEFAULT_LEVEL)
            action = bot.act(SeatView(seat=seat, view=state.view(seat),
                                      snapshot=session.snapshot(state, seat),
                                      options=options))
            data: dict[str, Any] = to_json(action)
            data.pop("seat", None)
            return data
        except Exception:  # the plain baseline below always has an answer
            pass
    return simple_choice(options, rng, _draw_cards(state, seat, options))


def bot_chooser(state: HandState, seat: int, rng: random.Random,
                session: Session | None = None) -> Callable[[], dict[str, Any]]:
    """Everything the bot needs, read now; the returned function chooses (and may run
    in another thread, as it touches only the seat's copy of what it sees)."""
    options = state.legal_actions(seat)
    fallback = simple_choice(options, rng, _draw_cards(state, seat, options))
    if session is None:
        return lambda: fallback
    try:
        seat_view = SeatView(seat=seat, view=state.view(seat),
                             snapshot=session.snapshot(state, seat), options=options)
        bot = session.make_bot(seat, random.Random(rng.random()), DEFAULT_LEVEL)
    except Exception:
        return lambda: fallback

    def choose() -> dict[str, Any]:
        try:
            data: dict[str, Any] = to_json(bot.act(seat_view))
        except Exception:
            return fallback
        data.pop("seat", None)
        return data

    return choose


def _draw_cards(state: HandState, seat: int, options: Sequence[Option]) -> list[str]:
    """The seat's own cards when one of its options is a draw (the plain baseline
    discards from them), else none: reading them takes two views of the table."""
    if not any(isinstance(option, DrawOption) for option in options):
        return []
    return _own_cards(state, seat)


def _own_cards(state: HandState, seat: int) -> list[str]:
    """The seat's own hidden or held cards, read from what the seat sees that a
    spectator does not (so a bot never needs the game's view layout)."""
    mine = card_strings(to_json(state.view(seat)))
    public = card_strings(to_json(state.view(None)))
    private = sorted(mine - public)
    if private:
        return private
    held = _held_cards(to_json(state.view(seat)), seat)
    return held


def _held_cards(view: Any, seat: int) -> list[str]:
    """Cards under a key naming the seat's hand, when all of a seat's cards are up."""
    if isinstance(view, dict):
        for key in ("hand", "cards", "hole", "hole_cards", "my_cards"):
            if key in view and isinstance(view[key], list):
                return [c for c in view[key] if isinstance(c, str) and len(c) == 2]
    return []
