"""``pokerroom analyze herbie|guts2|guts3``: when to stay in, and how fast pots grow.

Registered on the ``analyze`` group of :mod:`pokerroom.cli.casino`. Bad input (an
unknown house rule, a bad value, a player count the game cannot seat, a cluster that
cannot be reached) prints one line on stderr and exits with 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from pokerroom.analysis.executors import open_executor
from pokerroom.analysis.home.field import FieldChances, field_chances
from pokerroom.analysis.home.guts import GutsChances, GutsRow, guts_chances
from pokerroom.analysis.home.herbie import herbie_classes, herbie_groups
from pokerroom.analysis.home.pots import (
    PotGrowth,
    guts_rule_sets,
    herbie_rule_sets,
    pot_growth,
)
from pokerroom.catalog import parse_house_rules
from pokerroom.cli.casino import analyze_app
from pokerroom.cli.cluster import SCHEDULER_HELP, where
from pokerroom.cli.progress import progress_bar
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.homegames.house_rules import (
    GUTS3_RULES,
    GUTS_RULES,
    HERBIE_RULES,
    guts_options,
    herbie_options,
    rules_help,
)
from pokerroom.homegames.options import GutsOptions, HerbieOptions

__all__ = ["analyze_guts2_command", "analyze_guts3_command", "analyze_herbie_command"]

GROUPING = ("classes: the three cards with suits ignored and every wild card (2, 4, 10) "
            "alike, 286 in all; groups join the classes whose hand as dealt has the same "
            "kind and rank (three of X, a pair of X whatever the kicker or whether a wild "
            "card makes it, no pair by its high card), weighted by how often each is dealt")
HERBIE_FIELD = ("the hand always stays and makes its best draw against Herbie alone; "
                "the N-1 others stay and draw by the Herbie bot's rule; a tie on top with "
                "another player (a play-off) is shown apart")
GUTS_FIELD = ("the hand against N-1 random hands from the same deck, everyone in; equity "
              "is the expected share of the pot (ties share), value = equity - chance of "
              "losing (a loser matches the pot)")
GUTS_DRAW = ("with the 5.1(b) discard the other hands draw as the Guts bot does (keep a "
             "pair, else swap the lowest card below a nine); 'stand pat' figures are the "
             "hand held after the draw, when the declaration is made")

_DEALS = typer.Option(2000, "--deals", help="bot deals per rule set for pot growth (0: skip)")
_SEED = typer.Option(0, "--seed", help="seed of the Monte Carlo parts")
_CLUSTER = typer.Option("inline", "--cluster", help=(
    "where the chunks run: inline (default), processes, local (a Dask LocalCluster on "
    "loopback) or tcp://host:8786"))
_SCHEDULER = typer.Option(None, "--scheduler", metavar="tcp://HOST:PORT", help=SCHEDULER_HELP)
_JSON = typer.Option(False, "--json", help="print JSON (fractions, not %)")
"""The options every ``analyze`` command of the home games has."""


def _fail(err: PokerroomError) -> typer.Exit:
    print(f"error: {err}", file=sys.stderr)
    return typer.Exit(2)


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _check_counts(trials: int, deals: int) -> None:
    if trials < 0 or deals < 0:
        raise ConfigError("--trials and --deals must be 0 (skip) or more")


# --------------------------------------------------------------------------- Herbie


@analyze_app.command("herbie")
def analyze_herbie_command(
    players: int = typer.Option(6, "--players", help="players at the table (4 to 10)"),
    house_rule: Annotated[list[str] | None, typer.Option(
        "--house-rule", help=rules_help(HERBIE_RULES, "lone_tie=player-wins"))] = None,
    trials: int = typer.Option(2000, "--trials",
                               help="Monte Carlo deals per class against the field (0: skip)"),
    deals: int = _DEALS, seed: int = _SEED, cluster: str = _CLUSTER,
    scheduler: str | None = _SCHEDULER, as_json: bool = _JSON,
) -> None:
    """Herbie: each starting hand's chance of beating Herbie, and pot growth by house rules.

    The chance is after the hand's best draw: exact alone against Herbie, Monte Carlo
    against the field; the pot growth per deal is measured with bots for each rule set.

    The house rules are play's (`pokerroom rules herbie`), in the same words.

    Example: pokerroom analyze herbie --players 6 --house-rule lone_tie=player-wins --json
    """
    try:
        _check_counts(trials, deals)
        options = herbie_options(players, 1, parse_house_rules(HERBIE_RULES, house_rule or [],
                                                         game="herbie"))
        with open_executor(where(cluster, scheduler) or "inline") as executor:
            field = None
            if trials:
                with progress_bar(not as_json, "field deals") as update:
                    field = field_chances(players=players, trials=trials, seed=seed,
                                          unpaired=options.unpaired,
                                          lone_tie=options.lone_tie,
                                          odd_card=options.odd_card, executor=executor,
                                          progress=update)
            growth: list[PotGrowth] = []
            if deals:
                with progress_bar(not as_json, "bot deals") as update:
                    growth = pot_growth(herbie_rule_sets(options), deals=deals, seed=seed,
                                        executor=executor, progress=update)
    except PokerroomError as err:
        raise _fail(err) from None
    report = _herbie_report(options, field, growth)
    if as_json:
        print(json.dumps(report, indent=2))
        return
    _print_herbie(options, report, field, growth)


def _herbie_report(options: HerbieOptions, field: FieldChances | None,
                   growth: list[PotGrowth]) -> dict[str, Any]:
    rule = options.lone_tie
    classes = herbie_classes(options.unpaired, rule, options.odd_card)
    rows = field.by_label() if field is not None else {}
    out_classes = []
    for k in classes:
        entry: dict[str, Any] = {
            "class": k.label, "group": k.group, "deals": k.deals, "dealt": k.dealt,
            "best_draw": k.best.describe(), "win": k.best.win, "tie": k.best.tie,
            "lose": k.best.lose, "takes_pot": k.best.takes_pot(rule),
            "value": k.best.value(rule), "stay_alone": k.best.value(rule) > 0,
            "draws": [{"draw": c.describe(), "wins": c.wins, "ties": c.ties,
                       "losses": c.losses, "total": c.total} for c in k.chances]}
        if k.label in rows:
            r = rows[k.label]
            entry["field"] = {"takes_pot": r.takes_pot, "se": r.takes_pot_se,
                              "playoff": r.playoff, "lose": r.lose,
                              "others_in": r.others_in}
        out_classes.append(entry)
    groups = [{"group": g.name, "deals": g.deals, "takes_pot": g.takes_pot,
               "value": g.value, "lowest": g.lowest, "highest": g.highest,
               "classes": list(g.classes)} for g in herbie_groups(classes, rule)]
    return {
        "game": "herbie", "players": options.players, "rules": options.announce(),
        "lone": {"exact": True, "grouping": GROUPING,
                 "best_draw": "the draw with the highest expected result alone against "
                              "Herbie (+1 take the pot, -1 match, 0 standoff)",
                 "classes": out_classes, "groups": groups},
        "field": None if field is None else {
            "players": field.players, "trials": field.trials, "seed": field.seed,
            "model": HERBIE_FIELD},
        "pot_growth": [g.to_dict() for g in growth],
    }


def _print_herbie(options: HerbieOptions, report: dict[str, Any],
                  field: FieldChances | None, growth: list[PotGrowth]) -> None:
    console = Console()
    rule = options.lone_tie
    console.print(f"[bold]Herbie[/bold], {options.players} players; a lone tie: "
                  f"{rule.value}; a pair's odd card: {options.odd_card.value}; unpaired "
                  f"hands: {options.unpaired.value}")
    console.print(f"[dim]{GROUPING}[/dim]")
    rows = field.by_label() if field is not None else {}
    table = Table(title="Beating Herbie after the best draw (alone: exact)")
    for column in ("starting hand", "dealt", "alone: takes pot", "range", "value/pot"):
        table.add_column(column, justify="left" if column == "starting hand" else "right")
    if field is not None:
        table.add_column(f"vs Herbie + {field.players - 1} bots", justify="right")
    by_group: dict[str, list[Any]] = {}
    classes = herbie_classes(options.unpaired, rule, options.odd_card)
    for k in classes:
        by_group.setdefault(k.group, []).append(k)
    for g in herbie_groups(classes, rule):
        cells = [g.name, f"{g.deals / 22100:.2%}", _pct(g.takes_pot),
                 f"{100 * g.lowest:.0f}-{100 * g.highest:.0f}%", f"{g.value:+.3f}"]
        if field is not None:
            members = [(rows[k.label], k.deals) for k in by_group[g.name]]
            p = sum(r.takes_pot * d for r, d in members) / g.deals
            se = sum((r.takes_pot_se * d) ** 2 for r, d in members) ** 0.5 / g.deals
            cells.append(f"{_pct(p)} ± {_pct(se)}")
        table.add_row(*cells)
    console.print(table)
    stays = [g["group"] for g in report["lone"]["groups"] if g["value"] > 0]
    console.print(f"Alone against Herbie, staying in pays on average with: "
                  f"{', '.join(stays) or 'nothing'}.")
    if field is not None:
        console.print(f"[dim]Field: {HERBIE_FIELD}; {field.trials:,} deals per class, "
                      f"seed {field.seed}.[/dim]")
    _print_growth(console, growth)


# --------------------------------------------------------------------------- pots


def _print_growth(console: Console, growth: list[PotGrowth]) -> None:
    if not growth:
        return
    table = Table(title="Pot growth per deal (pot after / pot before), bots at every seat")
    for column in ("house rules", "deals", "mean", "median", "90th", "99th", "max",
                   "won clean", "≥5×"):
        table.add_column(column, justify="left" if column == "house rules" else "right")
    for g in growth:
        if g.skipped:
            table.add_row(g.name, "-", "-", "-", "-", "-", "-", "-", f"n/a: {g.skipped}")
            continue
        table.add_row(g.name, f"{g.deals:,}", f"{g.mean:.2f}×", f"{g.median:.2f}×",
                      f"{g.p90:.2f}×", f"{g.p99:.2f}×", f"{g.largest:.2f}×",
                      _pct(g.won_clean), _pct(g.five_or_more))
    console.print(table)


# --------------------------------------------------------------------------- Guts


def _guts(cards: int, players: int, house_rule: list[str], discard: bool, trials: int,
          deals: int, seed: int, cluster: tuple[str, str | None], as_json: bool) -> None:
    try:
        _check_counts(trials, deals)
        chosen = where(*cluster) or "inline"
        specs = GUTS_RULES if cards == 2 else GUTS3_RULES
        rules = parse_house_rules(specs, house_rule, game=f"guts{cards}")
        if discard:
            rules["discard"] = True
        options = guts_options(players, 1, cards, rules)
        discard = options.discard_before_declare
        with open_executor(chosen) as executor:
            with progress_bar(not as_json, "hands") as update:
                chances = guts_chances(cards=cards, players=players, discard=discard,
                                       order=options.order,
                                       straights_and_flushes=options.straights_and_flushes,
                                       trials=max(trials, 1), seed=seed, executor=executor,
                                       progress=update)
            growth: list[PotGrowth] = []
            if deals:
                with progress_bar(not as_json, "bot deals") as update:
                    growth = pot_growth(guts_rule_sets(options), deals=deals, seed=seed,
                                        executor=executor, progress=update)
    except PokerroomError as err:
        raise _fail(err) from None
    if as_json:
        print(json.dumps(_guts_report(options, chances, growth), indent=2))
        return
    _print_guts(options, chances, growth)


def _row_dict(r: GutsRow) -> dict[str, Any]:
    return {"hand": r.label, "description": r.description, "deals": r.deals,
            "win": r.win, "tie": r.tie, "lose": r.lose, "equity": r.equity, "se": r.se,
            "value": r.value, "best_draw": r.draw, "draw_equity": r.draw_equity,
            "draw_value": r.draw_value}


def _guts_report(options: GutsOptions, chances: GutsChances,
                 growth: list[PotGrowth]) -> dict[str, Any]:
    threshold = chances.threshold()
    return {
        "game": f"guts{options.cards}", "players": options.players,
        "rules": options.announce(), "exact": chances.exact, "discard": chances.discard,
        "trials": chances.trials, "seed": chances.seed, "ranking": chances.ranking,
        "model": GUTS_FIELD + ("; " + GUTS_DRAW if chances.discard else ""),
        "hands": [_row_dict(r) for r in chances.rows],
        "threshold": None if threshold is None else _row_dict(threshold),
        "pot_growth": [g.to_dict() for g in growth],
    }


def _group_name(description: str) -> str:
    head = description.split(" (")[0]
    return head.split(",")[0] if head.startswith("pair of") else head


def _print_guts(options: GutsOptions, chances: GutsChances,
                growth: list[PotGrowth]) -> None:
    console = Console()
    how = ("exact" if chances.exact
           else f"Monte Carlo, {chances.trials:,} deals per hand, seed {chances.seed}")
    console.print(f"[bold]Guts, {options.cards} cards[/bold], {options.players} players "
                  f"({how}); ranking: {chances.ranking}")
    console.print(f"[dim]{GUTS_FIELD}" + (f"; {GUTS_DRAW}" if chances.discard else "")
                  + "[/dim]")
    grouped = options.cards == 3
    table = Table(title="Each starting hand against the others"
                  + (" (grouped; range of value)" if grouped else ""))
    first = "hands" if grouped else "hand"
    columns = [first, "best", "equity", "value/pot"]
    if not chances.exact:
        columns.insert(3, "± s.e.")
    if chances.discard:
        columns += ["best draw", "value after best draw"]
    for column in columns:
        table.add_column(column, justify="left" if column in (first, "best draw")
                         else "right")
    if grouped:
        groups: dict[str, list[GutsRow]] = {}
        for r in chances.rows:
            groups.setdefault(_group_name(r.description), []).append(r)
        for name, rs in groups.items():
            deals = sum(r.deals for r in rs)
            eq = sum(r.equity * r.deals for r in rs) / deals
            best = sum(r.win * r.deals for r in rs) / deals
            lo, hi = min(r.value for r in rs), max(r.value for r in rs)
            cells = [name, _pct(best), _pct(eq)]
            if not chances.exact:
                cells.append(_pct(max(r.se for r in rs)))
            cells.append(f"{lo:+.3f}..{hi:+.3f}")
            if chances.discard:
                draws = [r.draw_value or 0.0 for r in rs]
                cells += ["(per hand in --json)", f"{min(draws):+.3f}..{max(draws):+.3f}"]
            table.add_row(*cells)
    else:
        for r in chances.rows:
            cells = [r.label, _pct(r.win), _pct(r.equity)]
            if not chances.exact:
                cells.append(_pct(r.se))
            cells.append(f"{r.value:+.3f}")
            if chances.discard:
                cells += [r.draw, f"{r.draw_value or 0.0:+.3f}"]
            table.add_row(*cells)
    console.print(table)
    threshold = chances.threshold()
    when = "after the draw " if chances.discard else ""
    if threshold is None:
        console.print("No hand makes staying in pay against everyone in.")
    else:
        console.print(f"Stay threshold: stay in {when}with {threshold.label} "
                      f"({threshold.description}) or better.")
    _print_growth(console, growth)


def _guts_command(cards: int, trials_default: int, example_rule: str,
                  example: str) -> Callable[..., None]:
    """The ``analyze guts2`` or ``analyze guts3`` command: the same options, each game's
    house rules and defaults."""
    specs = GUTS_RULES if cards == 2 else GUTS3_RULES
    house_rule_option = typer.Option(None, "--house-rule", help=rules_help(specs, example_rule))

    def command(
        players: int = typer.Option(5, "--players", help="players at the table"),
        house_rule: list[str] | None = house_rule_option,
        discard: bool = typer.Option(False, "--discard",
                                     help="play the 5.1(b) discard before declaring"),
        trials: int = typer.Option(trials_default, "--trials",
                                   help="Monte Carlo deals per hand, where not exact"),
        deals: int = _DEALS, seed: int = _SEED, cluster: str = _CLUSTER,
        scheduler: str | None = _SCHEDULER, as_json: bool = _JSON,
    ) -> None:
        _guts(cards, players, house_rule or [], discard, trials, deals, seed,
              (cluster, scheduler), as_json)

    command.__doc__ = f"""{"Two" if cards == 2 else "Three"}-card Guts: each hand's chance \
of being best, the stay threshold, pot growth.

    The chance of being best against the others is exact for 2 or 3 players (Monte
    Carlo beyond); the pot growth per deal is measured with bots for each rule set.

    The house rules are play's (`pokerroom rules guts{cards}`), in the same words.

    Example: pokerroom analyze guts{cards} {example}
    """
    return command


analyze_guts2_command = analyze_app.command("guts2")(_guts_command(
    2, 2000, "single_loser=yes", "--players 3 --house-rule single_loser=yes --json"))
analyze_guts3_command = analyze_app.command("guts3")(_guts_command(
    3, 1000, "top=straight-flush", "--players 2 --house-rule top=straight-flush --deals 0"))
