"""Every form of PokerNow's hand header there has been: with and without ``(id: ...)``,
the game in brackets or not, a dealer, a dead button or neither; a log with no hand says
so, and each hand or its problem comes in turn."""

from __future__ import annotations

import pytest

from pokerroom.history.pokernow import iter_pokernow, pokernow_csv, read_pokernow

_BODY = ['Player stacks: #1 "Ann @ a1" (100) | #2 "Bob @ b2" (100)',
         '"Ann @ a1" posts a small blind of 1', '"Bob @ b2" posts a big blind of 2',
         '"Ann @ a1" raises to 6', '"Bob @ b2" folds',
         'Uncalled bet of 4 returned to "Ann @ a1"', '"Ann @ a1" collected 4 from pot',
         "-- ending hand #1 --"]


@pytest.mark.parametrize("header", [
    '-- starting hand #1 (id: h1) (No Limit Texas Hold\'em) (dealer: "Ann @ a1") --',
    '-- starting hand #1 (id: h1)  No Limit Texas Hold\'em (dealer: "Ann @ a1") --',
    '-- starting hand #1  (No Limit Texas Hold\'em) (dealer: "Ann @ a1") --',
    '-- starting hand #1 (dealer: "Ann @ a1") --',
    "-- starting hand #1 (No Limit Texas Hold'em) --",
])
def test_every_header_form_reads(header: str) -> None:
    result = read_pokernow(pokernow_csv([header, *_BODY]), "log.csv")
    assert result.problems == []
    assert result.hands[1]["finishing_stacks"] == [98, 102] or \
        result.hands[1]["finishing_stacks"] == [102, 98]


def test_a_game_pokerroom_does_not_deal_is_named() -> None:
    header = '-- starting hand #1 (id: h1)  Pot Limit Omaha Hi/Lo 5 Cards (dealer: "Ann @ a1") --'
    problem = read_pokernow(pokernow_csv([header, *_BODY]), "log.csv").problems[0]
    assert problem.hand == 1 and "Pot Limit Omaha Hi/Lo 5 Cards" in problem.reason


def test_a_log_with_no_hand_says_so() -> None:
    result = read_pokernow(pokernow_csv(['The player "Ann @ a1" joined the game']), "x.csv")
    assert result.hands == {} and result.found == 0
    assert "no PokerNow hand in this log" in result.problems[0].message


def test_hands_come_one_by_one_a_bad_one_named_by_its_number() -> None:
    first = ['-- starting hand #1 (dealer: "Ann @ a1") --', *_BODY]
    second = [line.replace("#1", "#2").replace("folds", "dances") for line in first]
    items = list(iter_pokernow(pokernow_csv([*first, *second]), "log.csv"))
    assert [getattr(i, "number", None) or getattr(i, "hand", None) for i in items] == [1, 2]
    assert "dances" in items[1].reason


def test_a_raise_nobody_can_answer_is_read_as_the_call_it_is() -> None:
    log = pokernow_csv([
        '-- starting hand #1 (id: h1) (No Limit Texas Hold\'em) (dealer: "Ann @ a1") --',
        'Player stacks: #1 "Ann @ a1" (100) | #2 "Bob @ b2" (30)',
        '"Ann @ a1" posts a small blind of 1', '"Bob @ b2" posts a big blind of 2',
        '"Ann @ a1" calls 2', '"Bob @ b2" raises to 30 and go all in',
        '"Ann @ a1" raises to 100 and go all in',
        'Uncalled bet of 70 returned to "Ann @ a1"', "Flop:  [J♥, 6♣, 7♣]",
        "Turn: J♥, 6♣, 7♣ [2♦]", "River: J♥, 6♣, 7♣, 2♦ [3♠]",
        '"Ann @ a1" shows a A♠, A♦.', '"Bob @ b2" shows a K♠, K♦.',
        '"Ann @ a1" collected 60 from pot', "-- ending hand #1 --"])
    hand = read_pokernow(log, "log.csv").hands[1]
    assert hand["actions"][4] == "p2 cc"
    assert hand["finishing_stacks"] == [0, 130]


def test_a_returning_player_posts_a_dead_small_blind_and_a_live_big_blind() -> None:
    log = pokernow_csv([
        '-- starting hand #7 (id: h7) (No Limit Texas Hold\'em) (dealer: "Ann @ a1") --',
        'Player stacks: #1 "Ann @ a1" (10.00) | #2 "Bob @ b2" (10.00) | '
        '#3 "Cy @ c3" (10.00) | #5 "Dee @ d4" (10.00)',
        '"Bob @ b2" posts a small blind of 0.10', '"Cy @ c3" posts a big blind of 0.20',
        '"Dee @ d4" posts a missing small blind of 0.10',
        '"Dee @ d4" posts a missed big blind of 0.20',
        '"Dee @ d4" checks', '"Ann @ a1" folds', '"Bob @ b2" folds', '"Cy @ c3" checks',
        "Flop:  [J♥, 6♣, 7♣]", '"Cy @ c3" bets 0.50', '"Dee @ d4" folds',
        'Uncalled bet of 0.50 returned to "Cy @ c3"', '"Cy @ c3" collected 0.60 from pot',
        "-- ending hand #7 --"])
    result = read_pokernow(log, "log.csv")
    assert result.problems == []
    hand = result.hands[7]
    assert hand["_posts"] == [[4, 10, False, "dead small blind"],
                              [4, 20, True, "big blind (posted)"]]
    assert hand["players"] == ["Bob", "Cy", "Dee", "Ann"]
    assert hand["finishing_stacks"] == [990, 1040, 970, 1000]
