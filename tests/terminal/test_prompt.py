"""The prompt's short forms become exactly the actions the legal options allow."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.core import (
    Bet,
    BetOption,
    BringIn,
    BringInOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    Declare,
    DeclareOption,
    Discard,
    DiscardOption,
    Draw,
    DrawOption,
    Fold,
    FoldOption,
    PassCard,
    PassOption,
    Raise,
    RaiseOption,
)
from pokerroom.errors import IllegalActionError
from pokerroom.terminal.prompt import PromptError, describe_options, parse_command

FACING_BET = (FoldOption(), CallOption(20), RaiseOption(min_to=40, max_to=200))
UNOPENED = (CheckOption(), BetOption(min_amount=2, max_amount=100))
LIMIT_UNOPENED = (CheckOption(), BetOption(min_amount=4, max_amount=4))
HAND = parse_cards("As Kd 7c 7h 2s")


@pytest.mark.parametrize(("text", "options", "expected"), [
    ("f", FACING_BET, Fold(3)),
    ("fold", FACING_BET, Fold(3)),
    ("c", FACING_BET, Call(3)),
    ("call", FACING_BET, Call(3)),
    ("c", UNOPENED, Check(3)),          # c checks when nothing is bet
    ("k", UNOPENED, Check(3)),
    ("r 60", FACING_BET, Raise(3, 60)),
    ("R 200", FACING_BET, Raise(3, 200)),
    ("a", FACING_BET, Raise(3, 200)),   # all in: the largest raise
    ("b 20", UNOPENED, Bet(3, 20)),
    ("r 20", UNOPENED, Bet(3, 20)),     # raise with nothing bet opens
    ("b", LIMIT_UNOPENED, Bet(3, 4)),   # fixed limit: the size is implied
    ("b 1,000", (BetOption(2, 5000),), Bet(3, 1000)),
])
def test_betting_short_forms(text: str, options: tuple, expected: object) -> None:
    assert parse_command(text, options, seat=3) == expected


def test_stud_bring_in_and_complete() -> None:
    options = (BringInOption(2), CompleteOption(to=5))
    assert parse_command("bi", options, 1) == BringIn(1)
    assert parse_command("co", options, 1) == Complete(1)


def test_declare_in_and_out() -> None:
    assert parse_command("in", (DeclareOption(),), 0) == Declare(0, stay=True)
    assert parse_command("out", (DeclareOption(),), 0) == Declare(0, stay=False)
    with pytest.raises(PromptError, match="must stay"):
        parse_command("out", (DeclareOption(must_stay=True),), 0)


def test_draw_by_cards_positions_and_pat() -> None:
    options = (DrawOption(0, 5),)
    assert parse_command("d Kd 2s", options, 2, HAND) == Draw(2, parse_cards("Kd 2s"))
    assert parse_command("d 2 5", options, 2, HAND) == Draw(2, parse_cards("Kd 2s"))
    assert parse_command("pat", options, 2, HAND) == Draw(2)
    assert parse_command("d 0", options, 2, HAND) == Draw(2)
    # a lone number is a position too: d 2 throws the second card, d 5 the fifth
    assert parse_command("d 2", options, 2, HAND) == Draw(2, parse_cards("Kd"))
    assert parse_command("d 5", options, 2, HAND) == Draw(2, parse_cards("2s"))


@pytest.mark.rule("jacks-9")
def test_splitting_openers_is_declared_with_the_draw() -> None:
    hand = parse_cards("Jc Jd Tc 9c 8c")
    action = parse_command("d Jd split", (DrawOption(0, 5),), 1, hand)
    assert action == Draw(1, parse_cards("Jd"), split_openers=True)
    with pytest.raises(PromptError, match="name the cards"):
        parse_command("d split", (DrawOption(0, 5),), 1, hand)


def test_draw_limits_and_foreign_cards_are_refused() -> None:
    options = (DrawOption(0, 3),)
    with pytest.raises(PromptError, match="draw 0 to 3 cards, not 4"):
        parse_command("d 1 2 3 4", options, 0, HAND)
    with pytest.raises(PromptError, match="you do not hold Qh"):
        parse_command("d Qh", options, 0, HAND)
    with pytest.raises(PromptError, match="positions run 1 to 5"):
        parse_command("d 9 8", options, 0, HAND)


@pytest.mark.rule("hearts-first-pass")
def test_pass_a_card_by_name_or_position() -> None:
    hand = parse_cards("Qs 4d 9c")
    options = (PassOption(cards=parse_cards("Qs 4d"), to_seat=1),)
    assert parse_command("p Qs", options, 0, hand) == PassCard(0, parse_cards("Qs")[0])
    assert parse_command("p 2", options, 0, hand) == PassCard(0, parse_cards("4d")[0])
    assert parse_command("4d", options, 0, hand) == PassCard(0, parse_cards("4d")[0])
    with pytest.raises(PromptError, match="pass exactly one of: Qs 4d"):
        parse_command("p 9c", options, 0, hand)


@pytest.mark.rule("hearts-discard")
def test_discard_a_group() -> None:
    up, down = parse_cards("7c 9d"), parse_cards("Qs Jd")
    options = (DiscardOption(choices=(up, down)),)
    assert parse_command("x 1", options, 4) == Discard(4, up)
    assert parse_command("x 2", options, 4) == Discard(4, down)
    assert parse_command("x 9d 7c", options, 4) == Discard(4, parse_cards("9d 7c"))
    with pytest.raises(PromptError, match="discard one of"):
        parse_command("x 7c Qs", options, 4)            # one of each: never allowed


@pytest.mark.parametrize(("text", "options", "message"), [
    ("", FACING_BET, "type an action"),
    ("k", FACING_BET, "cannot check now; call 20"),
    ("r 30", FACING_BET, "raise to 40 to 200, not 30"),
    ("r lots", FACING_BET, "needs a whole number"),
    ("b -5", UNOPENED, "positive number"),
    ("f", UNOPENED, "cannot fold now, check instead"),
    ("r", FACING_BET, "raise to how much? 40 to 200"),
    ("in", FACING_BET, "nothing to declare"),
    ("hello", FACING_BET, "unknown command 'hello'"),
])
def test_bad_input_says_what_would_do(text: str, options: tuple, message: str) -> None:
    with pytest.raises(PromptError, match=re.escape(message)) as caught:
        parse_command(text, options, seat=0)
    assert isinstance(caught.value, IllegalActionError)


def test_every_parsed_action_is_allowed_by_an_option() -> None:
    for options in (FACING_BET, UNOPENED, LIMIT_UNOPENED):
        for text in ("f", "k", "c", "b", "b 50", "r 60", "a"):
            try:
                action = parse_command(text, options, 0)
            except PromptError:
                continue
            assert any(option.allows(action) for option in options), (text, options)


def test_moves_are_described_with_their_short_forms() -> None:
    lines = describe_options((*UNOPENED, DeclareOption(), DrawOption(0, 3),
                              BringInOption(2), CompleteOption(5)))
    assert lines == ["k check", "b 2..100 bet", "in | out",
                     "d 0..3 draw (by position: d 2, d 1 4; by card: d As Kd; pat)",
                     "bi bring in 2", "co complete to 5"]
    assert describe_options((RaiseOption(4, 4, tos=(4,)),)) == ["r 4 raise to"]


ALL_OPTIONS = (FoldOption(), CallOption(20), RaiseOption(min_to=40, max_to=200),
               DrawOption(0, 3), DeclareOption(), BringInOption(2), CompleteOption(5),
               PassOption(cards=parse_cards("Qs 4d"), to_seat=1),
               DiscardOption(choices=(parse_cards("7c 9d"), parse_cards("Qs Jd"))))


@settings(max_examples=400, deadline=None)
@given(text=st.text(max_size=20), options=st.lists(st.sampled_from(ALL_OPTIONS), min_size=1,
                                                    max_size=4, unique=True))
def test_any_text_is_an_allowed_action_or_a_prompt_error(text: str, options: list) -> None:
    hand = parse_cards("Qs 4d 7c 9d Jd")
    try:
        parsed = parse_command(text, tuple(options), 0, hand)
    except PromptError:
        return
    assert any(option.allows(parsed) for option in options), (text, parsed)


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(["f", "k", "c", "b", "r", "a", "in", "out", "d", "pat",
                                       "p", "x", "1", "2", "60", "Qs", "9d", "-3", "zz"]),
                      min_size=1, max_size=4))
def test_short_form_sequences_never_crash(words: list[str]) -> None:
    test_any_text_is_an_allowed_action_or_a_prompt_error.hypothesis.inner_test(  # type: ignore[attr-defined]
        text=" ".join(words), options=list(ALL_OPTIONS))


@pytest.mark.rule("supp-nlpl")
def test_an_oversize_bet_or_raise_is_cut_to_the_maximum_with_a_message() -> None:
    notes: list[str] = []
    assert parse_command("r 900", FACING_BET, 3, notes=notes) == Raise(3, 200)
    assert notes == ["a raise to 900 is over the maximum: cut to 200"]
    notes.clear()
    assert parse_command("b 500", UNOPENED, 3, notes=notes) == Bet(3, 100)
    assert parse_command("r 500", UNOPENED, 3, notes=notes) == Bet(3, 100)
    assert notes == ["a bet of 500 is over the maximum: cut to 100"] * 2
    notes.clear()
    assert parse_command("r 60", FACING_BET, 3, notes=notes) == Raise(3, 60)
    assert notes == []                                  # a legal size: no message
    limit = (CheckOption(), BetOption(4, 4, amounts=(4,)))    # fixed limit: listed
    with pytest.raises(PromptError, match="bet 4, not 8"):
        parse_command("b 8", limit, 3, notes=notes)            # never cut: refused
    with pytest.raises(PromptError, match="raise to 40 to 200, not 30"):
        parse_command("r 30", FACING_BET, 3, notes=notes)      # too small: refused
    assert notes == []
