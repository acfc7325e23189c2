"""What ``?`` at the prompt says: the game and what can be typed at this moment.

The help is built from the options the player has now and the cards in hand, so it
never offers a move the table would refuse: no raise when only a call is open, no
``d 1 4`` on a three-card hand, Three Card Poker's ``w`` and ``play`` where they apply.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.core import DeclareOption, DrawOption
>>> print(help_text("Herbie", (DrawOption(0, 3),), parse_cards("2h Ks 9d")))
Herbie: the draw. What you can type now:
  d 2         throw card 2 (positions run 1-3 from the left) and draw one
  d 1 3       throw the cards at positions 1 and 3 and draw two
  d Ks 9d     throw those cards by name and draw as many
  pat         keep every card (also d 0)
Any time: t redraws the table, rules shows the house rules, q leaves the table.
>>> print(help_text("Guts (two-card)", (DeclareOption(),), parse_cards("7c 7d")))
Guts (two-card): declaring. What you can type now:
  in          stay in: play for the pot, and match it if you are beaten
  out         drop out: you risk nothing more on this deal
Any time: t redraws the table, rules shows the house rules, q leaves the table.
>>> print(help_text("Jacks or Better", (DeclareOption(),), parse_cards("Jc Jd 8h 5s 2c"))
... )  # doctest: +ELLIPSIS
Jacks or Better: declaring. What you can type now:
  in          declare the pot open: you are all in for the ante and hold openers ...
  out         do not declare: the turn passes, the pot stays unopened by you
Any time: ...
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card, format_cards
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
    Option,
    PassOption,
    RaiseOption,
)
from pokerroom.terminal.prompt import custom_command

__all__ = ["ANY_TIME", "help_text"]

ANY_TIME = "Any time: t redraws the table, rules shows the house rules, q leaves the table."

_WIDTH = 10

_ALL_IN_DECLARATION = [
    ("in", "declare the pot open: you are all in for the ante and hold openers (jacks "
           "or better); without openers your hand is dead, the ante is lost and you sit "
           "out until a pot is opened and won"),
    ("out", "do not declare: the turn passes, the pot stays unopened by you")]
"""Jacks or better, all in for the ante (``jacks-5``): the declaration's two answers."""


def help_text(title: str, options: Sequence[Option], hand: Sequence[Card]) -> str:
    """The help for ``options`` now, with examples drawn from ``hand``."""
    rows: list[tuple[str, str]] = []
    jacks = "jacks" in title.lower()
    for option in options:
        if isinstance(option, DeclareOption) and jacks:
            rows.extend(_ALL_IN_DECLARATION)
            continue
        rows.extend(_rows(option, options, hand))
        if isinstance(option, DrawOption) and jacks:
            rows.append(("d Jc 4d split", "the opener: throw those and split the openers"))
    lines = [f"{title}: {_moment(options)}. What you can type now:"]
    lines += [f"  {form:<{_WIDTH}}  {words}" for form, words in rows]
    lines.append(ANY_TIME)
    return "\n".join(lines)


def _moment(options: Sequence[Option]) -> str:
    kinds = {type(o) for o in options}
    if DrawOption in kinds:
        return "the draw"
    if DeclareOption in kinds:
        return "declaring"
    if PassOption in kinds:
        return "passing a card"
    if DiscardOption in kinds:
        return "discarding"
    if CallOption in kinds and any(isinstance(o, CallOption) and o.amount for o in options):
        return "there is a bet to you"
    custom = [o for o in options if custom_command(o) is not None]
    if custom:
        return "your decision"
    return "your turn to bet"


def _rows(option: Option, options: Sequence[Option], hand: Sequence[Card]
          ) -> list[tuple[str, str]]:
    custom = custom_command(option)
    if custom is not None:
        return [(custom.words[0], custom.explain or custom.label(option))]
    if isinstance(option, FoldOption):
        return [("f", "fold: give up the hand and what you have put in")]
    if isinstance(option, CheckOption):
        return [("k", "check: bet nothing and pass the turn (c does the same)")]
    if isinstance(option, CallOption):
        return [("c", f"call {option.amount}: match the bet to you")]
    if isinstance(option, BetOption):
        sizes = _sizes(option.min_amount, option.max_amount, option.amounts)
        example = option.amounts[0] if option.amounts else option.min_amount
        words = f"bet {example}" + (f" ({sizes}; a bets the most)"
                                    if sizes != str(example) else "")
        return [(f"b {example}", words)]
    if isinstance(option, RaiseOption):
        sizes = _sizes(option.min_to, option.max_to, option.tos)
        example = option.tos[0] if option.tos else option.min_to
        words = f"raise the bet to {example}" + (f" ({sizes}; a raises the most)"
                                                 if sizes != str(example) else "")
        if any(isinstance(o, CallOption) and o.amount for o in options):
            words += f"; b {example} is read as r {example}"
        return [(f"r {example}", words)]
    if isinstance(option, BringInOption):
        return [("bi", f"bring in for {option.amount} (the least you may open for)")]
    if isinstance(option, CompleteOption):
        return [("co", f"complete the bet to {option.to}")]
    if isinstance(option, DeclareOption):
        if option.must_stay:
            return [("in", "stay in: everyone must stay in on this deal")]
        return [("in", "stay in: play for the pot, and match it if you are beaten"),
                ("out", "drop out: you risk nothing more on this deal")]
    if isinstance(option, DrawOption):
        return _draw_rows(option, hand)
    if isinstance(option, PassOption):
        first = option.cards[0] if option.cards else None
        return [(f"p {first!r}" if first else "p CARD",
                 f"pass one of {format_cards(option.cards)} to seat {option.to_seat + 1} "
                 f"(or p 1 to p {len(option.cards)}: its place among these)")]
    if isinstance(option, DiscardOption):
        return [(f"x {i}", f"discard {format_cards(choice)}")
                for i, choice in enumerate(option.choices, 1)]
    return [(type(option).__name__, "")]


def _draw_rows(option: DrawOption, hand: Sequence[Card]) -> list[tuple[str, str]]:
    size = len(hand)
    rows: list[tuple[str, str]] = []
    top = min(option.max_cards, size)
    if top >= 1 and size >= 2:
        rows.append(("d 2", f"throw card 2 (positions run 1-{size} from the left) and "
                     "draw one"))
    if top >= 2:
        rows.append((f"d 1 {size}", f"throw the cards at positions 1 and {size} and draw "
                     "two"))
        named = " ".join(repr(c) for c in hand[-2:])
        rows.append((f"d {named}", "throw those cards by name and draw as many"))
    elif top == 1 and size == 1:
        rows.append(("d 1", "throw your card and draw one"))
    if option.min_cards == 0:
        rows.append(("pat", "keep every card (also d 0)"))
    return rows


def _sizes(low: int, high: int, listed: tuple[int, ...]) -> str:
    if listed:
        return "or ".join(f"{n} " for n in listed).strip()
    return str(low) if low == high else f"{low} to {high}"
