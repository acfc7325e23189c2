"""Exact oracles (SUPPLEMENT §4), Monte Carlo, every odds game, and bad input."""

from __future__ import annotations

from itertools import combinations

import pytest

from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.odds_game import HOLDEM, LOWBALL_A5, OMAHA, STUD
from pokerroom.analysis.ranges import parse_range
from pokerroom.cards import JOKER, STANDARD_CARDS, parse_cards
from pokerroom.errors import ConfigError, InvalidHandError, PokerroomError
from pokerroom.games import get_game
from pokerroom.hands.games import RankingRules, showdown


@pytest.mark.rule("holdem-intro", "supp-suits")
def test_aces_against_kings_over_every_board() -> None:
    r = compute_odds(HOLDEM, [parse_cards("Ad Ac"), parse_cards("Kh Ks")], exact=True)
    assert r.deals == 1_712_304
    assert r.wins == (1_388_072, 317_694)
    assert r.ties == (6_538, 6_538)
    assert r.equities[0] == pytest.approx((1_388_072 + 6_538 / 2) / 1_712_304)


@pytest.mark.rule("holdem-intro")
def test_aces_against_queen_jack_over_every_board() -> None:
    r = compute_odds(HOLDEM, [parse_cards("Ad Ac"), parse_cards("Qc Jh")], exact=True)
    assert r.wins == (1_450_987, 254_763)
    assert r.ties == (6_554, 6_554)


@pytest.mark.rule("omaha-intro", "omaha-1")
def test_omaha_example_over_every_board() -> None:
    r = compute_odds(OMAHA, [parse_cards("As Ah Ks Kh"), parse_cards("Jc Tc 9d 8d")],
                     exact=True)
    assert r.deals == 1_086_008
    assert round(100 * r.equities[0], 4) == 61.4813
    assert round(100 * r.equities[1], 4) == 38.5187


def _brute_force(game: str, hands: list[str], board: str,
                 rules: RankingRules | None = None) -> tuple[list[float], int]:
    """Equity by dealing every completion through the reference showdown."""
    spec = get_game(game).ranking
    known = [parse_cards(h) for h in hands]
    shown = parse_cards(board)
    used = {int(c) for h in known for c in h} | {int(c) for c in shown}
    deck = [c for c in (*STANDARD_CARDS, *((JOKER,) if spec.jokers else ()))
            if int(c) not in used]
    need = 5 - len(shown) if spec.board_sizes else 0
    hand_size = max(spec.hand_sizes)
    missing = [hand_size - len(h) for h in known]
    assert sum(missing) + need <= 2, "keep the brute force small"
    totals = [0.0] * len(hands)
    deals = 0
    for extra in combinations(deck, need + sum(missing)):
        # every split of the extra cards among the board and the hands, in deal order
        for order in _splits(extra, [need, *missing]):
            board_cards = (*shown, *order[0])
            full = [(*known[i], *order[i + 1]) for i in range(len(hands))]
            result = showdown(spec, full, board_cards, rules)
            _add_shares(totals, result)
            deals += 1
    return [t / deals for t in totals], deals


def _splits(cards: tuple, sizes: list[int]) -> list[list[tuple]]:  # type: ignore[type-arg]
    if not sizes:
        return [[]]
    out = []
    for first in combinations(cards, sizes[0]):
        rest = tuple(c for c in cards if c not in first)
        for tail in _splits(rest, sizes[1:]):
            out.append([first, *tail])
    return out


def _add_shares(totals: list[float], result: object) -> None:
    high = result.high  # type: ignore[attr-defined]
    low = result.low  # type: ignore[attr-defined]
    split = low is not None and low.winners
    for i in high.winners:
        totals[i] += (0.5 if split else 1.0) / len(high.winners)
    if split:
        for i in low.winners:
            totals[i] += 0.5 / len(low.winners)


@pytest.mark.parametrize(("game", "hands", "board"), [
    ("holdem", ["As Kd", "7c 7h", "Qs Js"], "2s 9s 7d"),
    ("omaha", ["As Ks Qd Jd", "Th 9h 8c 7c"], "Ah 2h 6c"),
    ("omaha-hilo", ["As 2s Kd Kh", "3c 4d Qh Qs"], "5h 8c Tc"),
    ("stud", ["As Ad Kc Kd 9h 2c", "Qh Qs Jd Jc Th 3d"], ""),
    ("stud-hilo", ["As 2d 3c Kd Kh 9c", "4h 5h 6h 7h Qc Qd"], ""),
    ("razz", ["Ah 2d 3c 4s Kd Kh", "5h 6d 7c 8s 9d Th"], ""),
    ("lowball-a5", ["Ah 2d 3c 4s", "5h 6d 7c 8s 9d"], ""),
    ("lowball-a5", ["Ah 2d 3c", "5h 6d 7c 8s Jk"], ""),
    ("lowball-27", ["7h 5d 4c 3s", "8h 6d 5c 4s 2h"], ""),
    ("draw-high", ["As Ad Kc Kd", "Qh Qs Qd 7c 2d"], ""),
    ("draw-high", ["Ts Js Qs", "Ac Ad Ah Kc 2d"], ""),
    ("draw-high", ["9h 8h 6h 5h", "Jk Kc Kd 7c 7d"], ""),
])
@pytest.mark.rule("omaha8-2", "stud8-2", "stud8-3", "razz-2", "a5-intro", "a5-1", "27-intro",
                  "27-1", "stud-intro", "joker-2", "joker-3", "joker-4")
def test_exact_odds_match_a_brute_force_showdown(game: str, hands: list[str],
                                                 board: str) -> None:
    expected, deals = _brute_force(game, hands, board)
    r = compute_odds(get_game(game).odds, [parse_cards(h) for h in hands], board=parse_cards(board),
                     exact=True)
    assert r.deals == deals
    assert r.equities == pytest.approx(expected, abs=1e-12)
    assert sum(r.equities) == pytest.approx(1.0)


@pytest.mark.rule("omaha8-2", "stud8-2", "stud8-3")
@pytest.mark.parametrize(("game", "hands", "board"), [
    ("omaha-hilo", ["As 2s Kd Kh", "Ad 2d Qh Qs", "3c 4c 9h 9s"], "5h 6c 8d Kc"),
    ("stud-hilo", ["As 2d 3c Kd Kh 9c", "Ah 2h 3d Ks Kc 9d"], ""),
])
def test_hilo_scoop_half_quarter_counts(game: str, hands: list[str], board: str) -> None:
    spec = get_game(game).ranking
    known = [parse_cards(h) for h in hands]
    shown = parse_cards(board)
    used = {int(c) for h in known for c in h} | {int(c) for c in shown}
    deck = [c for c in STANDARD_CARDS if int(c) not in used]
    counts = {"scoop": [0] * len(hands), "half": [0] * len(hands), "quarter": [0] * len(hands)}
    deals = 0
    for order in _splits(tuple(deck), [1] if board else [1, 1]):
        deals += 1
        board_cards = (*shown, *order[0]) if board else ()
        full = known if board else [(*known[i], *order[i]) for i in range(len(hands))]
        shares = [0.0] * len(hands)
        _add_shares(shares, showdown(spec, full, board_cards))
        for i, share in enumerate(shares):
            for name, value in (("scoop", 1.0), ("half", 0.5), ("quarter", 0.25)):
                counts[name][i] += share == value
    r = compute_odds(get_game(game).odds, known, board=shown, exact=True)
    assert r.deals == deals
    assert r.scoop == tuple(c / deals for c in counts["scoop"])
    assert r.half == tuple(c / deals for c in counts["half"])
    assert r.quarter == tuple(c / deals for c in counts["quarter"])
    assert r.wins == tuple(counts["scoop"])
    assert any(counts["quarter"]) or any(counts["half"])


def test_monte_carlo_is_reproducible_and_close_to_exact() -> None:
    hands = [parse_cards("Ad Ac"), parse_cards("Kh Ks")]
    a = compute_odds(HOLDEM, hands, trials=200_000, seed=11)
    b = compute_odds(HOLDEM, hands, trials=200_000, seed=11)
    assert a == b and a.stderr is not None
    exact = (1_388_072 + 6_538 / 2) / 1_712_304
    assert abs(a.equities[0] - exact) < 5 * a.stderr[0]
    c = compute_odds(HOLDEM, hands, trials=200_000, seed=12)
    assert c.wins != a.wins


@pytest.mark.rule("holdem-intro")
def test_ranges_exact_and_simulated() -> None:
    qq_plus = parse_range("QQ+")
    aks = parse_range("AKs")
    r = compute_odds(HOLDEM, [qq_plus, aks], exact=True)
    # each AKs combination shares a card with 3 of the 6 AA and 3 of the 6 KK combinations
    assert r.deals == 1_712_304 * (len(qq_plus) * len(aks) - 4 * (3 + 3))
    m = compute_odds(HOLDEM, [qq_plus, aks], trials=300_000, seed=5)
    assert m.stderr is not None
    assert abs(m.equities[0] - r.equities[0]) < 5 * m.stderr[0]


@pytest.mark.parametrize(("call", "error"), [
    (lambda: compute_odds(HOLDEM, [parse_cards("As Ad")], exact=True), InvalidHandError),
    (lambda: compute_odds(HOLDEM, [parse_cards("As Ad"), parse_cards("As Kd")],
                          exact=True), InvalidHandError),
    (lambda: compute_odds(HOLDEM, [parse_cards("As Ad"), parse_cards("Ks Kd")],
                          exact=True, trials=10), ConfigError),
    (lambda: compute_odds(HOLDEM, [parse_cards("As Ad"), parse_cards("Ks Kd")],
                          trials=0), ConfigError),
    (lambda: compute_odds(get_game("guts2").odds, [parse_cards("As Ad"), parse_cards("Ks Kd")],
                          exact=True), ConfigError),
    (lambda: compute_odds(STUD, [parse_cards("As Ad"), parse_cards("Ks Kd")],
                          board=parse_cards("2c"), exact=True), InvalidHandError),
    (lambda: compute_odds(STUD, [parse_cards("As Ad"), parse_cards("Ks Kd")],
                          exact=True), ConfigError),
    (lambda: compute_odds(HOLDEM, [parse_cards("As Ad Kd"), parse_cards("Ks Kc")],
                          exact=True), InvalidHandError),
    (lambda: compute_odds(OMAHA, [parse_range("AKs"), parse_cards("Ks Kc 2d 3d")],
                          exact=True), InvalidHandError),
    (lambda: compute_odds(HOLDEM, [parse_cards("As Ad"), parse_cards("Ks Kd")],
                          board=parse_cards("Jk"), exact=True), InvalidHandError),
])
def test_bad_odds_requests(call: object, error: type[PokerroomError]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("game", ["holdem", "stud", "omaha-hilo", "razz", "lowball-27",
                                  "lowball-a5", "draw-high"])
def test_simulation_agrees_with_enumeration(game: str) -> None:
    hands, board = {
        "lowball-a5": (["Ah 2d 3c", "5h 6d 7c 8s"], ""),
        "draw-high": (["As Ad Kc", "Qh Qs Qd"], ""),
        "holdem": (["As Kd", "7c 7h", "Qs Js"], "2s 9s"),
        "stud": (["As Ad Kc Kd 9h", "Qh Qs Jd Jc Th"], ""),
        "omaha-hilo": (["As 2s Kd Kh", "3c 4d Qh Qs"], "5h 8c"),
        "razz": (["Ah 2d 3c 4s 9d", "5h 6d 7c 8s 2c"], ""),
        "lowball-27": (["7h 5d 4c", "8h 6d 5c 4s"], ""),
    }[game]
    cards = [parse_cards(h) for h in hands]
    exact = compute_odds(get_game(game).odds, cards, board=parse_cards(board), exact=True)
    sim = compute_odds(get_game(game).odds, cards, board=parse_cards(board), trials=200_000, seed=8)
    assert sim.stderr is not None
    for e, s, err in zip(exact.equities, sim.equities, sim.stderr, strict=True):
        assert abs(e - s) < 5 * err + 1e-9


@pytest.mark.rule("joker-1", "a5-1")
def test_joker_house_rule() -> None:
    hands = [parse_cards("Ah 2d 3c 4s"), parse_cards("5h 6d 7c 8s 9d")]
    with_joker = compute_odds(LOWBALL_A5, hands, exact=True)
    without = compute_odds(LOWBALL_A5, hands, exact=True, house_rules=["joker=off"])
    assert (with_joker.deals, with_joker.wins) == (44, (16, 28))  # 5s-9s and the joker
    assert (without.deals, without.wins) == (43, (15, 28))
    with pytest.raises(InvalidHandError):
        compute_odds(LOWBALL_A5, [parse_cards("Ah 2d 3c Jk"), hands[1]], exact=True,
                     house_rules=["joker=off"])
    with pytest.raises(ConfigError):
        compute_odds(HOLDEM, [parse_cards("Ah Kd"), parse_cards("Qs Qd")], exact=True,
                      house_rules=["joker=on"])



@pytest.mark.rule("omaha8-2-posted", "stud8-2-posted")
@pytest.mark.parametrize(("game", "hands", "board"), [
    ("omaha-hilo", ["As 2s Kd Kh", "3c 4d Qh Qs"], "5h 8c Tc"),
    ("stud-hilo", ["As 2d 3c 8d Kh 9c", "4h 5h 6h 7h Qc Qd"], ""),
])
def test_posted_low_qualifier(game: str, hands: list[str], board: str) -> None:
    cards = [parse_cards(h) for h in hands]
    rules = get_game(game).ranking.rules(["qualifier=7"])
    expected, deals = _brute_force(game, hands, board, rules)
    seven = compute_odds(get_game(game).odds, cards, board=parse_cards(board), exact=True,
                         house_rules=["qualifier=7"])
    eight = compute_odds(get_game(game).odds, cards, board=parse_cards(board), exact=True)
    assert seven.deals == deals
    assert seven.equities == pytest.approx(expected, abs=1e-12)
    assert seven.equities != eight.equities
