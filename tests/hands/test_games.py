"""Every game's showdown ranking (its :attr:`~pokerroom.game.Game.ranking`): cards,
house rules and showdown."""

from __future__ import annotations

import pytest

from pokerroom import games
from pokerroom.cards import Card, parse_cards
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.hands.games import RankingRules, ShowdownGame, showdown
from pokerroom.hands.herbie import HerbieUnpaired

GAME_NAMES = ["holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz", "lowball-a5",
              "lowball-27", "lowball-27-triple", "draw-high", "jacks-or-better",
              "three-card-poker", "guts2", "guts3", "herbie", "hearts-poker"]


def ranking_of(name: str) -> ShowdownGame:
    """The ranking of the game called ``name``, as ``rank`` and ``showdown`` find it."""
    ranking = games.get_game(name).ranking
    assert ranking is not None
    return ranking


def hands(*texts: str) -> list[tuple[Card, ...]]:
    return [parse_cards(t) for t in texts]


def test_every_game_of_the_rulebook_ranks_its_showdown_by_a_ranking_of_its_own() -> None:
    # jacks or better and triple draw rank as draw high and deuce-to-seven but are games
    # of their own, never aliases
    rankings = [game.ranking for game in games.RULEBOOK]
    assert sorted(r.name for r in rankings if r is not None) == sorted(
        game.name for game in games.RULEBOOK)
    assert set(GAME_NAMES) <= {game.name for game in games.RULEBOOK}
    assert len({id(r) for r in rankings}) == len(rankings)
    assert ranking_of("jacks").name == "jacks-or-better"
    assert ranking_of("triple-draw").name == "lowball-27-triple"
    assert ranking_of("Hold'em").name == "holdem"
    assert ranking_of("seven card stud").name == "stud"
    with pytest.raises(ConfigError, match="unknown game"):
        ranking_of("canasta")


@pytest.mark.rule("holdem-6", "supp-suits")
def test_holdem_split_when_the_board_plays() -> None:
    result = showdown(ranking_of("holdem"), hands("2c 3d", "Ac Kd"), parse_cards("9c 8d 7h 6s 5c"))
    assert result.high.winners == (0, 1) and result.low is None


@pytest.mark.rule("omaha8-intro", "omaha8-2")
def test_omaha_hilo_halves_and_no_low_scoops() -> None:
    game = ranking_of("omaha-hilo")
    board = parse_cards("4c 5d 8h Kc Qd")
    result = showdown(game, hands("As 2s Kd Kh", "Ad 3c Qh Qs", "7c 7d 9h 9s"), board)
    assert result.high.winners == (0,)
    assert result.low is not None and result.low.winners == (0,)
    assert result.low.descriptions[2] is None
    no_low = showdown(game, hands("As 2s Kd Kh", "Ad 3c Qh Qs"), parse_cards("9c Td Jh Kc Qd"))
    assert no_low.low is not None and no_low.low.winners == ()
    assert no_low.low.descriptions == [None, None]


@pytest.mark.rule("stud8-3", "stud8-2-posted")
def test_stud_hilo_and_a_posted_qualifier() -> None:
    game = ranking_of("stud-hilo")
    players = hands("As 2d 3c 4h 5s Kc Kd", "Ah 2c 3d 4s 6h 9c 9d", "8c 8s 8d 8h Td Jc Qh")
    result = showdown(game, players)
    assert result.high.winners == (2,)
    assert result.low is not None and result.low.winners == (0,)
    strict = showdown(game, players, rules=game.rules(["qualifier=5"]))
    assert strict.low is not None and strict.low.winners == (0,)
    assert strict.low.descriptions[1] is None


@pytest.mark.rule("razz-2", "a5-1", "27-intro", "joker-4")
def test_single_ranking_games_rank_the_whole_pot() -> None:
    razz = showdown(ranking_of("razz"), hands("Kd 7c 4h 2s Ah 3c 7d", "Qd Qc Qh 9s 8h 6c 5d"))
    assert razz.high.winners == (0,) and razz.low is None
    a5 = showdown(ranking_of("lowball-a5"), hands("5d 4c 3h As Jk", "5c 4d 3s 2h Ah"))
    assert a5.high.winners == (0, 1)
    d27 = showdown(ranking_of("lowball-27"), hands("7d 5c 4h 3s 2h", "7c 6c 4c 3c 2c"))
    assert d27.high.winners == (0,)
    draw = showdown(ranking_of("draw-high"), hands("As Ad Ah Ac Jk", "Ks Qs Js Ts 9s"))
    assert draw.high.winners == (0,) and draw.high.descriptions[0] == "five aces"


@pytest.mark.rule("joker-1", "a5-1")
def test_joker_house_rule() -> None:
    game = ranking_of("draw-high")
    with pytest.raises(InvalidHandError, match="joker"):
        game.evaluate(parse_cards("As Ad Jk 7c 2d"), (), game.rules(["joker=off"]))
    assert game.rules(["joker=on"]).joker
    with pytest.raises(ConfigError, match="expected yes or no"):
        game.rules(["joker=maybe"])
    with pytest.raises(InvalidHandError, match="more than one joker"):
        showdown(ranking_of("lowball-a5"), hands("5d 4c 3h As Jk", "5c 4d 3s 2h Jk"))


@pytest.mark.rule("tcp-a23-rank", "guts-three-card-order", "guts-three-card-sf-high",
                  "guts-three-card-flush-high", "herbie-1.5-unpaired")
def test_three_card_house_rules_reach_their_evaluators() -> None:
    tcp = ranking_of("three-card-poker")
    a23, k_high = parse_cards("Ac 2d 3h"), parse_cards("Kc Qd Jh")
    assert showdown(tcp, [a23, k_high]).high.winners == (1,)
    assert showdown(tcp, [a23, k_high], rules=tcp.rules(["a23=high"])).high.winners == (0,)
    guts3 = ranking_of("guts3")
    sf, trips = parse_cards("4h 5h 6h"), parse_cards("2c 2d 2s")
    assert showdown(guts3, [sf, trips]).high.winners == (1,)
    assert showdown(guts3, [sf, trips], rules=guts3.rules(["order=sf-high"])).high.winners \
        == (0,)
    flush, straight = parse_cards("2h 7h 9h"), parse_cards("4c 5d 6s")
    flush_high = guts3.rules(["order=flush-high"])
    assert showdown(guts3, [flush, straight], rules=flush_high).high.winners == (0,)
    herbie = ranking_of("herbie")
    rules = herbie.rules(["unpaired=no-value"])
    assert rules.herbie_unpaired is HerbieUnpaired.NO_VALUE
    a, b = parse_cards("Kc 9d 7s"), parse_cards("Qc 8d 6s")
    assert showdown(herbie, [a, b]).high.winners == (0,)
    assert showdown(herbie, [a, b], rules=rules).high.winners == (0, 1)
    assert showdown(ranking_of("guts2"), hands("2c 2d", "As Kd")).high.winners == (0,)


@pytest.mark.rule("hearts-queen-spades", "hearts-jack-diamonds", "hearts-community",
                  "hearts-four-card")
def test_hearts_poker_applies_the_hand_card_effects() -> None:
    game = ranking_of("hearts-poker")
    community = parse_cards("Kh Kd 7c")
    # Ks Qs: the king goes, the queen plays with three community cards (four cards).
    result = showdown(game, hands("Ks Qs", "Jd 2c 9s", "Ah 3d"), community)
    assert result.high.descriptions[0] == (
        "pair of kings, Q-7 kickers (four cards) (the queen of spades discards Ks)")
    assert result.high.descriptions[1] == "pair of kings, J-9-7 kickers"
    assert result.high.descriptions[2] == "pair of kings, A-7-3 kickers"
    assert result.high.winners == (2,)
    # The four-card K-K-Q-7 still beats the five-card K-K-J-9-7.
    assert result.high.values[0] is not None and result.high.values[1] is not None
    assert result.high.values[0] > result.high.values[1]
    with pytest.raises(InvalidHandError, match="extra card"):
        showdown(game, hands("Jd 2c"), community)
    six = game.rules(["community=6"])
    with pytest.raises(InvalidHandError, match=r"community|board"):
        showdown(game, hands("Ah 3d"), community, rules=six)
    value, _ = game.evaluate(parse_cards("Ah 3d"), parse_cards("Kh Kd 7c 2s 4h 5c"), six)
    assert value.category == "straight"


def test_wrong_counts_duplicates_and_unknown_rules_are_errors() -> None:
    with pytest.raises(InvalidHandError, match="holdem hand needs 2"):
        ranking_of("holdem").evaluate(parse_cards("As Kd Qc"), parse_cards("2c 3c 4c"))
    with pytest.raises(InvalidHandError, match="board"):
        ranking_of("holdem").evaluate(parse_cards("As Kd"), ())
    with pytest.raises(InvalidHandError, match="no board"):
        ranking_of("stud").evaluate(parse_cards("As Kd Qc Jc Tc"), parse_cards("2c 3c 4c"))
    with pytest.raises(InvalidHandError, match="duplicate card: As"):
        showdown(ranking_of("holdem"), hands("As Kd", "As Qd"), parse_cards("2c 3c 4c"))
    with pytest.raises(InvalidHandError, match="duplicate card: 2c"):
        showdown(ranking_of("holdem"), hands("As Kd", "Qs 2c"), parse_cards("2c 3c 4c"))
    with pytest.raises(InvalidHandError, match="at least one"):
        showdown(ranking_of("holdem"), [], parse_cards("2c 3c 4c"))
    with pytest.raises(ConfigError, match="unknown house rule 'joker'"):
        ranking_of("holdem").rules(["joker=off"])
    with pytest.raises(ConfigError, match="NAME=VALUE"):
        ranking_of("omaha-hilo").rules(["qualifier"])
    with pytest.raises(ConfigError, match="5 to 13"):
        ranking_of("omaha-hilo").rules(["qualifier=4"])
    with pytest.raises(ConfigError, match="one of"):
        ranking_of("guts3").rules(["order=random"])


@pytest.mark.rule("supp-announce")
def test_rules_are_typed_validated_and_announced() -> None:
    rules = RankingRules()
    # the Hearts Poker community is read from the board unless a rule sets it
    assert (rules.joker, rules.qualifier, rules.a23_lowest, rules.community) == (
        True, 8, True, None)
    hearts = ranking_of("hearts-poker")
    assert hearts.for_board(rules, parse_cards("Kh Kd 7c")).community == 3
    assert hearts.for_board(rules, parse_cards("Kh Kd 7c 2s 4h 5c")).community == 6
    assert hearts.rules(["community=six"]).community == 6
    with pytest.raises(ConfigError):
        RankingRules(qualifier=3)
    with pytest.raises(ConfigError):
        RankingRules(community=4)
    for game in map(ranking_of, GAME_NAMES):
        lines = game.rules().announce(game.rule_names)
        assert len(lines) == len(game.rule_names)
    assert ranking_of("lowball-a5").rules(["joker=off"]).announce(("joker",)) == [
        "No joker is used."]
