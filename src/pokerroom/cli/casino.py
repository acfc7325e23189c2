"""``pokerroom analyze three-card-poker`` and ``pokerroom simulate three-card-poker``.

``analyze`` and ``simulate`` are command groups (:data:`analyze_app`,
:data:`simulate_app`) so other games can add their own subcommands to them.
"""

from __future__ import annotations

import json
import secrets
import sys
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from pokerroom.analysis.casino.exact import ThreeCardPokerAnalysis, analyze_three_card_poker
from pokerroom.analysis.casino.simulation import SimulationResult, simulate_three_card_poker
from pokerroom.casino.paytables import AnteBonusTable, PairPlusTable, SixCardBonusTable
from pokerroom.casino.rules import ThreeCardPokerConfig
from pokerroom.casino.strategy import strategy_named
from pokerroom.cli.app import app
from pokerroom.cli.progress import progress_bar
from pokerroom.errors import ConfigError, PokerroomError

__all__ = ["analyze_app", "simulate_app"]

analyze_app = typer.Typer(
    name="analyze", no_args_is_help=True,
    help="Odds and edges of a game: exact enumeration where it is cheap (Three Card "
    "Poker; a hand alone against Herbie; Guts with 2 or 3 players), Monte Carlo beyond, "
    "and bots' deals for pot growth; every result says which.")
simulate_app = typer.Typer(name="simulate", no_args_is_help=True,
                           help="Play many rounds through the real table code with bots.")
app.add_typer(analyze_app, name="analyze")
app.add_typer(simulate_app, name="simulate")

_ANTE_HELP = "ante bonus table, SF-trips-straight (presets 5-4-1, 5-3-1, 4-3-1)"
_PAIR_HELP = ("Pair Plus table, pair-flush-straight-trips-SF (presets 1-4-6-30-40, "
              "1-4-6-25-40, 1-4-6-25-35, 1-3-6-30-40, 1-4-5-30-40)")
_SIX_HELP = ("6 Card Bonus table, royal-SF-quads-full house-flush-straight-trips (presets "
             "1000-200-100-20-15-10-7, 1000-200-50-25-20-10-5, 1000-200-50-25-15-10-5)")
_STRATEGY_HELP = "q64 (optimal), queen (queen-high or better), always, or a threshold like K-6-4"


def _fail(err: PokerroomError) -> typer.Exit:
    print(f"error: {err}", file=sys.stderr)
    return typer.Exit(2)


def _config(ante_bonus: str, pair_plus: str, six_card_bonus: str) -> ThreeCardPokerConfig:
    return ThreeCardPokerConfig(ante_bonus=AnteBonusTable.from_spec(ante_bonus),
                                pair_plus=PairPlusTable.from_spec(pair_plus),
                                six_card_bonus=SixCardBonusTable.from_spec(six_card_bonus))


def _pct(x: float) -> str:
    return f"{x * 100:.4f} %"


@analyze_app.command("three-card-poker")
def analyze_three_card_poker_command(
    ante_bonus: str = typer.Option("5-4-1", "--ante-bonus", help=_ANTE_HELP),
    pair_plus: str = typer.Option("1-4-6-30-40", "--pair-plus", help=_PAIR_HELP),
    six_card_bonus: str = typer.Option("1000-200-100-20-15-10-7", "--six-card-bonus",
                                       help=_SIX_HELP),
    strategy: str = typer.Option("q64", "--strategy", help=_STRATEGY_HELP),
    as_json: bool = typer.Option(False, "--json", help="print JSON (fractions, not %)"),
) -> None:
    """Exact house edges of Ante+Play, Pair Plus and the 6 Card Bonus.

    Enumerates every player hand against every dealer hand (22,100 x 18,424) and finds
    the optimal play-or-fold threshold from the enumeration itself.

    Example: pokerroom analyze three-card-poker --pair-plus 1-3-6-30-40 --json
    """
    try:
        config = _config(ante_bonus, pair_plus, six_card_bonus)
        chosen = strategy_named(strategy)
        with progress_bar(not as_json, "enumerating"):
            report = analyze_three_card_poker(config.ante_bonus, config.pair_plus,
                                              config.six_card_bonus, chosen)
    except PokerroomError as err:
        raise _fail(err) from None
    if as_json:
        print(json.dumps(report.to_dict(), indent=2))
        return
    _print_analysis(report)


def _print_analysis(report: ThreeCardPokerAnalysis) -> None:
    console = Console()
    ante = report.ante_play
    pairs = report.to_dict()["player_dealer_pairs"]
    console.print(f"[bold]Three Card Poker[/bold]: exact, {pairs:,} player/dealer pairs; "
                  f"dealer qualifies with "
                  f"{report.dealer_qualifying_hands:,} of 22,100 hands")
    table = Table(title=f"Ante + Play: strategy {ante.strategy}, ante bonus {ante.ante_bonus}")
    for column in ("outcome", "net (antes)", "probability", "contribution"):
        table.add_column(column, justify="left" if column == "outcome" else "right")
    for o in ante.outcomes:
        table.add_row(o.name, f"{o.net:+d}", f"{o.probability:.6f}",
                      f"{o.net * o.probability:+.6f}")
    console.print(table)
    console.print(f"house edge {_pct(ante.house_edge)} of the Ante; element of risk "
                  f"{_pct(ante.element_of_risk)}; hands played {_pct(ante.play_probability)}")
    threshold = ("a threshold" if ante.optimal_is_threshold else "not a single threshold")
    console.print(f"optimal play from the enumeration: {ante.optimal_threshold} or better "
                  f"({threshold}), house edge {_pct(ante.optimal_house_edge)}")
    for wager in (report.pair_plus, report.six_card_bonus):
        side = Table(title=f"{wager.wager} {wager.table}")
        for column in ("hand", "pays", "probability", "contribution"):
            side.add_column(column, justify="left" if column == "hand" else "right")
        for o in wager.outcomes:
            pays = f"{o.net} to 1" if o.net > 0 else "loses"
            side.add_row(o.name, pays, f"{o.probability:.6f}", f"{o.net * o.probability:+.6f}")
        console.print(side)
        console.print(f"{wager.wager} house edge {_pct(wager.house_edge)}")


@simulate_app.command("three-card-poker")
def simulate_three_card_poker_command(
    rounds: int = typer.Option(100_000, "--rounds", help="rounds to play (at least 2)"),
    seed: int | None = typer.Option(None, "--seed", help="seed for a reproducible run "
                                    "(none: one is chosen, and printed with the results)"),
    strategy: str = typer.Option("q64", "--strategy", help=_STRATEGY_HELP),
    ante_bonus: str = typer.Option("5-4-1", "--ante-bonus", help=_ANTE_HELP),
    pair_plus: str = typer.Option("1-4-6-30-40", "--pair-plus", help=_PAIR_HELP),
    six_card_bonus: str = typer.Option("1000-200-100-20-15-10-7", "--six-card-bonus",
                                       help=_SIX_HELP),
    engine: str = typer.Option("table", "--engine",
                               help="table: the full round state machine driven by a bot; "
                                    "direct: the same deal and settlement functions without "
                                    "the protocol (same results per seed, about 30x faster)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """Mean result per wager, with a 95 % confidence interval, over simulated rounds.

    Plays rounds through the real table with a bot betting one unit on each wager.

    Example: pokerroom simulate three-card-poker --rounds 1000000 --seed 1 --engine direct
    """
    try:
        config = _config(ante_bonus, pair_plus, six_card_bonus)
        chosen = strategy_named(strategy)
        if rounds < 2:
            raise ConfigError(f"--rounds must be at least 2, got {rounds}")
        if seed is None:                # chosen here, so the run can be repeated
            seed = secrets.randbelow(2**31)
        with progress_bar(not as_json, "simulating", "rounds") as update:
            exact = analyze_three_card_poker(config.ante_bonus, config.pair_plus,
                                             config.six_card_bonus, chosen)
            result = simulate_three_card_poker(
                rounds, seed=seed, strategy=chosen, config=config, engine=engine,
                progress=lambda done: update(done, rounds))
    except PokerroomError as err:
        raise _fail(err) from None
    edges = {"ante_play": exact.ante_play.house_edge,
             "pair_plus": exact.pair_plus.house_edge,
             "six_card_bonus": exact.six_card_bonus.house_edge}
    if as_json:
        data: dict[str, Any] = result.to_dict()
        for name, edge in edges.items():
            data[name]["exact_house_edge"] = edge
            data[name]["ci_contains_exact"] = bool(
                data[name]["ci95"][0] <= -edge <= data[name]["ci95"][1])
        print(json.dumps(data, indent=2))
        return
    _print_simulation(result, edges)


def _print_simulation(result: SimulationResult, edges: dict[str, float]) -> None:
    console = Console()
    table = Table(title=f"Three Card Poker: {result.rounds:,} rounds ({result.engine} "
                        f"engine), strategy {result.strategy}, seed {result.seed} "
                        f"(--seed {result.seed} repeats it)")
    for column in ("wager", "mean per unit", "95 % CI", "exact", "CI holds exact"):
        table.add_column(column, justify="left" if column == "wager" else "right")
    for w in result.wagers:
        exact = -edges[w.wager]
        table.add_row(w.wager.replace("_", " "), f"{w.mean:+.5f}",
                      f"[{w.ci_low:+.5f}, {w.ci_high:+.5f}]", f"{exact:+.5f}",
                      "yes" if w.contains(exact) else "no")
    console.print(table)
    console.print(f"hands played: {result.played_fraction * 100:.2f} %")
