"""The prompt: short forms typed at the table, turned into actions the state allows.

A player types ``f`` (fold), ``k`` (check), ``c`` (call, or check when nothing is bet),
``b 20`` (bet), ``r 60`` (raise to 60), ``a`` (all in: the largest bet or raise),
``bi`` (bring in), ``co`` (complete), ``in`` / ``out`` (declare), ``d As Kd`` or
``d 1 4`` (discard those cards, by name or by position counted from the left, and
draw: a number after ``d`` is always a position, so ``d 2`` throws the second card),
``pat`` or ``d 0`` (stand pat), ``d Jc 4d split`` (jacks or better: the opener throws
those and declares splitting openers), ``p Qs`` / ``p 2`` (pass a card) and ``x 1`` /
``x Qs Jd`` (discard a group of cards). Every command is checked
against ``legal_actions`` before it becomes an action; anything else raises
:class:`PromptError` with a message that says what would be accepted.

>>> from pokerroom.core import CallOption, FoldOption, RaiseOption
>>> options = (FoldOption(), CallOption(amount=20), RaiseOption(min_to=40, max_to=200))
>>> parse_command("r 60", options, seat=2)
Raise(seat=2, to=60)
>>> parse_command("c", options, seat=2)
Call(seat=2)
>>> parse_command("r 30", options, seat=2)
Traceback (most recent call last):
...
pokerroom.terminal.prompt.PromptError: raise to 40 to 200, not 30

An amount over the top of a range (pot limit, no limit) is cut to the maximum
(SUPPLEMENT §2), and the words for the player go to ``notes``:

>>> notes = []
>>> parse_command("r 500", options, seat=2, notes=notes), notes
(Raise(seat=2, to=200), ['a raise to 500 is over the maximum: cut to 200'])
>>> describe_options(options)
['f fold', 'c call 20', 'r 40..200 raise to']

Three Card Poker's wagers are words of their own: ``w 10 5`` places an Ante of 10 and a
Pair Plus of 5, then ``play`` (or ``c``) or ``f``:

>>> parse_command("w 10 5", (PlaceWagersOption(min_bet=1, max_bet=None, bankroll=100),), 0)
PlaceWagers(seat=0, ante=10, pair_plus=5, six_card_bonus=0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerroom.cards import Card, format_cards, parse_cards
from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption, PlayBet, PlayOption
from pokerroom.core import (
    Action,
    Bet,
    BetOption,
    BringInOption,
    CallOption,
    CheckOption,
    Complete,
    CompleteOption,
    DeclareOption,
    DiscardOption,
    Draw,
    DrawOption,
    FoldOption,
    Option,
    PassOption,
    Raise,
    RaiseOption,
    cut_to_maximum,
    option_words,
    wager_size,
    wager_words,
)
from pokerroom.errors import CardParseError, IllegalActionError
from pokerroom.options import WagerRange, build, find_option, option_for

__all__ = [
    "CustomCommand",
    "PromptError",
    "confirm_question",
    "custom_command",
    "describe_options",
    "parse_command",
    "pick_cards",
    "reading_note",
    "register_command",
]


class PromptError(IllegalActionError):
    """Text at the prompt that is not a legal action now; the message says why."""


@dataclass(frozen=True, slots=True)
class CustomCommand:
    """A family's own option type at the prompt: the ``words`` that pick it, a help
    line, and how to build the action from the seat and the rest of the line."""

    words: tuple[str, ...]
    label: Callable[[Option], str]
    build: Callable[[Option, int, str], Action]
    explain: str = ""
    """What the command does, for the help at the prompt (``?``)."""


_CUSTOM: dict[type[Option], CustomCommand] = {}

_WORDS = {
    "f": "fold", "fold": "fold",
    "k": "check", "x": "discard", "check": "check",
    "c": "call", "call": "call",
    "b": "bet", "bet": "bet",
    "r": "raise", "raise": "raise",
    "a": "allin", "allin": "allin", "all-in": "allin", "shove": "allin",
    "bi": "bringin", "bring": "bringin", "bringin": "bringin", "bring-in": "bringin",
    "co": "complete", "complete": "complete",
    "in": "in", "out": "out", "i": "in", "o": "out", "stay": "in", "drop": "out",
    "d": "draw", "draw": "draw", "pat": "pat", "stand": "pat",
    "p": "pass", "pass": "pass",
    "discard": "discard",
}


def register_command(option_type: type[Option], command: CustomCommand) -> None:
    """Teach the prompt a family's own option type (e.g. Three Card Poker's Play)."""
    _CUSTOM[option_type] = command


def custom_command(option: Option) -> CustomCommand | None:
    """The family's own command for ``option`` (``None``: a standard option)."""
    return next((c for t, c in _CUSTOM.items() if isinstance(option, t)), None)


def _checked(action: Action, options: Sequence[Option]) -> Action:
    if option_for(action, options) is None:
        raise PromptError(f"{type(action).__name__.lower()} is not allowed now")
    return action


def _amount(rest: str, what: str) -> int | None:
    text = rest.strip().replace(",", "")
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise PromptError(f"{what} needs a whole number of chips, got {rest.strip()!r}") \
            from None
    if value <= 0:
        raise PromptError(f"{what} needs a positive number of chips, got {value}")
    return value


def pick_cards(text: str, hand: Sequence[Card]) -> tuple[Card, ...]:
    """Cards of ``hand`` picked by name (``As Kd``) or 1-based position (``1 4``).

    >>> hand = parse_cards("As Kd 7c 7h 2s")
    >>> pick_cards("1 5", hand), pick_cards("Kd 2s", hand)
    ((As, 2s), (Kd, 2s))
    >>> pick_cards("Qh", hand)
    Traceback (most recent call last):
    ...
    pokerroom.terminal.prompt.PromptError: you do not hold Qh
    """
    words = text.replace(",", " ").split()
    if words and all(word.isascii() and word.isdigit() for word in words):
        picked: list[Card] = []
        for word in words:
            index = int(word)
            if not 1 <= index <= len(hand):
                raise PromptError(f"card positions run 1 to {len(hand)}, not {index}")
            picked.append(hand[index - 1])
    else:
        try:
            picked = list(parse_cards(text))
        except CardParseError as err:
            raise PromptError(str(err)) from None
        for card in picked:
            if card not in hand:
                raise PromptError(f"you do not hold {card!r}")
    if len(set(picked)) != len(picked):
        raise PromptError("a card is picked twice")
    return tuple(picked)


def parse_command(text: str, options: Sequence[Option], seat: int,
                  hand: Sequence[Card] = (), *, notes: list[str] | None = None) -> Action:
    """The action (validated against ``options``) that ``text`` asks for. An
    oversize bet or raise is cut to the maximum and the words saying so are appended
    to ``notes`` (when given)."""
    line = text.strip()
    if not line:
        raise PromptError("type an action, e.g. " + " | ".join(describe_options(options)))
    head, _, rest = line.partition(" ")
    word = head.lower()
    for option_type, custom in _CUSTOM.items():
        option = find_option(options, option_type)
        if option is not None and word in custom.words:
            return _checked(custom.build(option, seat, rest), options)
    if word.isascii() and word.isdigit() and find_option(options, DiscardOption) is not None:
        word, rest = "discard", line
    kind = _WORDS.get(word)
    if kind is None:
        if find_option(options, PassOption) is not None and _looks_like_cards(line):
            return _pass(options, seat, line, hand)
        raise PromptError(f"unknown command {head!r}; try " + " | ".join(
            describe_options(options)))
    if kind in ("bet", "raise"):
        return _bet_or_raise(options, seat, rest, hand, word=kind, notes=notes)
    builder = _BUILDERS[kind]
    return builder(options, seat, rest, hand)


def _looks_like_cards(text: str) -> bool:
    """A bare pick (``Qs``, ``2``) rather than a word (``play``)."""
    words = text.split()
    if all(word.isascii() and word.isdigit() for word in words):
        return True
    try:
        parse_cards(text)
    except CardParseError:
        return False
    return True


def _cut(action: Action, options: Sequence[Option], notes: list[str] | None) -> Action:
    """SUPPLEMENT §2 (``supp-nlpl``): an oversize bet is cut to the maximum, with the
    words for the player in ``notes``."""
    cut = cut_to_maximum(action, options)
    if cut is not action and notes is not None:
        notes.append(f"{wager_words(action)} is over the maximum: cut to {wager_size(cut)}")
    return cut


def reading_note(text: str, action: Action) -> str | None:
    """What the table says when a short form was read as another action: ``b 10``
    facing a bet is a raise to 10, ``r 10`` with nothing bet is a bet of 10.

    >>> reading_note("b 10", Raise(seat=0, to=10))
    'There is a bet to you: b 10 is read as raise to 10 (r 10).'
    >>> reading_note("r 6", Bet(seat=0, amount=6))
    'Nothing is bet yet: r 6 is read as a bet of 6 (b 6).'
    >>> reading_note("b 10", Bet(seat=0, amount=10)) is None
    True
    """
    word = text.strip().split(" ", 1)[0].lower()
    kind = _WORDS.get(word)
    if kind == "bet" and isinstance(action, Raise):
        return (f"There is a bet to you: {text.strip()} is read as raise to {action.to} "
                f"(r {action.to}).")
    if kind == "raise" and isinstance(action, Bet):
        return (f"Nothing is bet yet: {text.strip()} is read as a bet of {action.amount} "
                f"(b {action.amount}).")
    if kind == "raise" and isinstance(action, Complete):
        return f"{text.strip()} is read as completing the bring-in (co)."
    return None


def _fold(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    option = find_option(options, FoldOption)
    if option is None:
        raise PromptError("you cannot fold now" + (", check instead" if find_option(
            options, CheckOption) else ""))
    return build(option, seat)


def _check(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    option = find_option(options, CheckOption)
    if option is None:
        call = find_option(options, CallOption)
        hint = f"; call {call.amount} (c) or fold (f)" if call is not None else ""
        raise PromptError("you cannot check now" + hint)
    return build(option, seat)


def _call(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    option = find_option(options, CallOption, CheckOption)
    if option is None:
        raise PromptError("there is nothing to call now")
    return build(option, seat)


def _bet_or_raise(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card],
                  *, word: str, notes: list[str] | None = None) -> Action:
    """``b`` and ``r``: a bet or a raise, whichever the seat may make (with neither, a
    raise completes a stud bring-in); no amount is the least of a fixed size."""
    option = find_option(options, BetOption, RaiseOption) if word == "bet" else find_option(
        options, RaiseOption, BetOption)
    wager = WagerRange.of(option)
    if option is None or wager is None:
        if word == "raise" and find_option(options, CompleteOption) is not None:
            return _complete(options, seat, rest, hand)
        raise PromptError(f"you cannot {word} now")
    size = _amount(rest, "raise" if wager.raises else "bet")
    if size is None:
        if wager.low != wager.high and not wager.listed:
            raise PromptError(f"{'raise to' if wager.raises else 'bet'} how much? "
                              f"{wager.low} to {wager.high}")
        size = wager.listed[0] if wager.listed else wager.low
    action = _cut(build(option, seat, size=size), options, notes)
    if not option.allows(action):
        raise PromptError(f"{option_words(option)}, not {size}")
    return action


def _allin(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    wager = WagerRange.of(find_option(options, RaiseOption, BetOption))
    if wager is not None:
        return wager.action(seat, wager.largest)
    call = find_option(options, CallOption)
    if call is not None:
        return build(call, seat)
    raise PromptError("there is no bet to make now")


def _bringin(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    option = find_option(options, BringInOption)
    if option is None:
        raise PromptError("there is no bring-in to post now")
    return build(option, seat)


def _complete(options: Sequence[Option], seat: int, rest: str,
              hand: Sequence[Card]) -> Action:
    option = find_option(options, CompleteOption)
    if option is None:
        raise PromptError("there is nothing to complete now")
    return build(option, seat)


def _declare(stay: bool) -> Callable[[Sequence[Option], int, str, Sequence[Card]], Action]:
    def declare(options: Sequence[Option], seat: int, rest: str,
                hand: Sequence[Card]) -> Action:
        option = find_option(options, DeclareOption)
        if option is None:
            raise PromptError("there is nothing to declare now")
        action = build(option, seat, stay=stay)
        if not option.allows(action):
            raise PromptError("you must stay in this round")
        return action
    return declare


def _draw(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    option = find_option(options, DrawOption)
    if option is None:
        raise PromptError("there is no draw now")
    words = rest.split()
    if "split" in (w.lower() for w in words):
        # jacks or better: the opener declares that these discards split the openers
        kept = " ".join(w for w in words if w.lower() != "split")
        action = _draw(options, seat, kept, hand)
        if not isinstance(action, Draw) or not action.discards:
            raise PromptError("name the cards you throw: d Jc 4d split")
        return build(option, seat, cards=action.discards, split_openers=True)
    if not words or words == ["0"]:
        return _checked_draw(option, build(option, seat))
    return _checked_draw(option, build(option, seat, cards=pick_cards(rest, hand)))


def _checked_draw(option: DrawOption, action: Action) -> Action:
    if not option.allows(action):
        thrown = len(action.discards) if isinstance(action, Draw) else 0
        raise PromptError(f"draw {option.min_cards} to {option.max_cards} cards, "
                          f"not {thrown}")
    return action


def _pat(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    option = find_option(options, DrawOption)
    if option is None:
        raise PromptError("there is no draw now")
    return _checked_draw(option, build(option, seat))


def _pass(options: Sequence[Option], seat: int, rest: str, hand: Sequence[Card]) -> Action:
    option = find_option(options, PassOption)
    if option is None:
        raise PromptError("there is no pass now")
    choices = "pass exactly one of: " + format_cards(option.cards) + (
        f" (or a position 1-{len(option.cards)} among them)" if len(option.cards) > 1
        else "")
    if not rest.strip():
        raise PromptError(choices)
    # positions count over the cards that may be passed, as the prompt lists them
    try:
        picked = _among(rest, option.cards, hand, "passed")
    except PromptError as err:
        raise PromptError(f"{err}; {choices}") from None
    if len(picked) != 1:
        raise PromptError(choices)
    return build(option, seat, cards=picked)


def _among(text: str, pool: Sequence[Card], hand: Sequence[Card], done: str
           ) -> tuple[Card, ...]:
    """The cards of ``pool`` picked in ``text`` (positions count over ``pool``); a card
    the player holds outside ``pool`` (face up, say) is refused as one that cannot be
    ``done`` now, not as a card the player does not hold.

    >>> _among("Td", parse_cards("9d 4h"), parse_cards("9d 4h Td"), "passed")
    Traceback (most recent call last):
    ...
    pokerroom.terminal.prompt.PromptError: Td cannot be passed now
    """
    held = [c for c in _cards_named(text) if c in hand and c not in pool]
    if held:
        raise PromptError(f"{format_cards(held)} cannot be {done} now")
    return pick_cards(text, pool)


def _cards_named(text: str) -> tuple[Card, ...]:
    """The cards ``text`` names (none for positions or words that are no cards)."""
    try:
        return parse_cards(text)
    except CardParseError:
        return ()


def _discard(options: Sequence[Option], seat: int, rest: str,
             hand: Sequence[Card]) -> Action:
    option = find_option(options, DiscardOption)
    if option is None:
        if find_option(options, DrawOption) is not None:     # throw these and draw: d
            return _draw(options, seat, rest, hand)
        raise PromptError("there is no discard now")
    words = rest.split()
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        index = int(words[0])
        if not 1 <= index <= len(option.choices):
            raise PromptError(f"choose 1 to {len(option.choices)}, not {index}")
        return build(option, seat, cards=option.choices[index - 1])
    pool = tuple(dict.fromkeys(card for choice in option.choices for card in choice))
    action = build(option, seat, cards=_among(rest, pool, hand, "discarded")
                   if rest.strip() else ())
    if not option.allows(action):
        raise PromptError("discard one of: " + "; ".join(
            f"x {i} = {format_cards(choice)}" for i, choice in enumerate(option.choices, 1)))
    return action


_BUILDERS: dict[str, Callable[[Sequence[Option], int, str, Sequence[Card]], Action]] = {
    "fold": _fold, "check": _check, "call": _call, "allin": _allin, "bringin": _bringin,
    "complete": _complete,
    "in": _declare(True), "out": _declare(False), "draw": _draw, "pat": _pat,
    "pass": _pass, "discard": _discard,
}


def describe_options(options: Sequence[Option], hand: Sequence[Card] = ()) -> list[str]:
    """One short help line per legal option, with the short form to type (draw examples
    fit the ``hand``: no ``d 1 4`` on three cards)."""
    lines: list[str] = []
    for option in options:
        custom = custom_command(option)
        if custom is not None:
            lines.append(custom.label(option))
        elif isinstance(option, FoldOption):
            lines.append("f fold")
        elif isinstance(option, CheckOption):
            lines.append("k check")
        elif isinstance(option, CallOption):
            lines.append(f"c call {option.amount}")
        elif isinstance(option, BetOption):
            lines.append(f"b {_range(option.min_amount, option.max_amount, option.amounts)} bet")
        elif isinstance(option, RaiseOption):
            lines.append(f"r {_range(option.min_to, option.max_to, option.tos)} raise to")
        elif isinstance(option, BringInOption):
            lines.append(f"bi bring in {option.amount}")
        elif isinstance(option, CompleteOption):
            lines.append(f"co complete to {option.to}")
        elif isinstance(option, DeclareOption):
            lines.append("in (must stay)" if option.must_stay else "in | out")
        elif isinstance(option, DrawOption):
            lines.append(_draw_line(option, hand))
        elif isinstance(option, PassOption):
            lines.append(f"p CARD pass to seat {option.to_seat + 1} "
                         f"({format_cards(option.cards)})")
        elif isinstance(option, DiscardOption):
            lines.append("x N discard: " + "; ".join(
                f"{i} = {format_cards(choice)}" for i, choice in enumerate(option.choices, 1)))
        else:
            lines.append(type(option).__name__)
    return lines


def _draw_line(option: DrawOption, hand: Sequence[Card]) -> str:
    """``d 0..3 draw (by position: d 2, d 1 3; by card: d Ks 9d; pat)``, the examples
    fitted to the hand: a number is a card's position, counted from the left.

    >>> _draw_line(DrawOption(0, 3), parse_cards("2h Ks 9d"))
    'd 0..3 draw (by position: d 2, d 1 3; by card: d Ks 9d; pat)'
    """
    if not option.max_cards:
        return "pat"
    if len(hand) < 2:                      # no hand to fit: the five-card examples
        examples = "by position: d 2, d 1 4; by card: d As Kd"
    elif min(option.max_cards, len(hand)) >= 2:
        named = " ".join(repr(c) for c in hand[-2:])
        examples = f"by position: d 2, d 1 {min(4, len(hand))}; by card: d {named}"
    else:
        examples = "by position: d 1"
    return f"d {option.min_cards}..{option.max_cards} draw ({examples}; pat)"


CONFIRM_DISCARDS = 4
"""A draw of this many cards or more is asked again before it is made: a slip of the
keyboard should not throw a whole hand away."""


def confirm_question(action: Action, hand: Sequence[Card]) -> str | None:
    """The question to ask before ``action`` is made, or ``None``: a draw of
    :data:`CONFIRM_DISCARDS` cards or more is confirmed.

    >>> hand = parse_cards("2d 2c Kc 4d 4h")
    >>> confirm_question(Draw(0, parse_cards("2d 2c Kc 4d")), hand)
    'Throw away 4 of your 5 cards (2d 2c Kc 4d) and draw 4? y/n'
    >>> confirm_question(Draw(0, parse_cards("Kc")), hand) is None
    True
    """
    if not isinstance(action, Draw) or len(action.discards) < CONFIRM_DISCARDS:
        return None
    count = len(action.discards)
    whole = "all" if count == len(hand) else f"{count} of"
    return (f"Throw away {whole} your {len(hand)} cards ({format_cards(action.discards)}) "
            f"and draw {count}? y/n")


def _range(low: int, high: int, listed: tuple[int, ...]) -> str:
    if listed:
        return "/".join(str(n) for n in listed)
    return str(low) if low == high else f"{low}..{high}"


# --------------------------------------------------------------------------- Three Card Poker


def _wager(option: Option, seat: int, rest: str) -> Action:
    assert isinstance(option, PlaceWagersOption)
    try:
        amounts = [int(word) for word in rest.replace(",", " ").split()]
    except ValueError:
        raise PromptError("wagers are whole numbers: w ANTE [PAIR PLUS [6 CARD BONUS]]") \
            from None
    if not 1 <= len(amounts) <= 3:
        raise PromptError("write w ANTE [PAIR PLUS [6 CARD BONUS]], e.g. w 10 5")
    amounts += [0] * (3 - len(amounts))
    action = PlaceWagers(seat, amounts[0], amounts[1], amounts[2])
    problem = option.problem(action)
    if problem is not None:
        raise PromptError(problem)
    return action


register_command(PlaceWagersOption, CustomCommand(
    words=("w", "wager", "wagers"),
    label=lambda option: "w ANTE [PP [6CB]] wager (w 10 5: Ante 10, Pair Plus 5)",
    build=_wager,
    explain="place your wagers: w 10 bets an Ante of 10; w 10 5 adds Pair Plus 5; "
            "w 10 5 5 adds a 6 Card Bonus of 5"))
register_command(PlayOption, CustomCommand(
    words=("play", "c", "call", "p"),
    label=lambda option: f"play (or c) Play bet {getattr(option, 'amount', '')}",
    build=lambda option, seat, rest: PlayBet(seat),
    explain="play (or c): make the Play bet, equal to your Ante, and see the dealer's "
            "hand; f folds the Ante (Pair Plus still pays on your cards)"))
