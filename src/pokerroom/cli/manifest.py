"""What the ``pokerroom`` command offers, known without importing any command module.

The launcher (:mod:`pokerroom.cli.launch`) reads this table to print the top-level help
and to import, for a command, only the modules that register it. Each entry names the
command as typer lists it, the modules to import for it, and its one-line help (the
first paragraph of its docstring, or a group's ``help``). ``tests/cli/test_startup.py``
checks the table against the typer app with every module loaded, so a command added or
reworded there must be added or reworded here too.

>>> find("rank").modules
('pokerroom.cli.rank',)
>>> find("analyze").modules
('pokerroom.cli.casino', 'pokerroom.cli.analyze_home')
>>> find("nosuch") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ALL_MODULES", "APP_HELP", "COMMANDS", "Entry", "find"]

APP_HELP = (
    "Deal and rule every game in the rulebook: play at the terminal against bots, rank "
    "and compare hands, compute exact odds, analyze casino games, replay histories.\n\n"
    "Examples:\n\n"
    "  pokerroom games\n\n"
    "  pokerroom rank holdem 'As Kd' --board 'Qh Jc Ts'\n\n"
    "  pokerroom play herbie --seats 5"
)
"""The help of the ``pokerroom`` command itself."""


@dataclass(frozen=True)
class Entry:
    """One top-level command or command group."""

    name: str
    modules: tuple[str, ...]
    summary: str
    direct: bool = False
    """True when the launcher may call the command without typer's parser (a plain
    command whose options it can read; see :mod:`pokerroom.cli.direct`)."""


_CLI = "pokerroom.cli."

COMMANDS: tuple[Entry, ...] = (
    Entry("floor", (_CLI + "floor",),
          "Follow a hand dealt with real cards; report irregularities and read the rulings.",
          direct=True),
    Entry("import", (_CLI + "import_cmd",),
          "Read PokerStars hand histories and PokerNow CSV logs into a PHH set (.phhs)."),
    Entry("odds", (_CLI + "odds",),
          "Equity of each hand: wins, ties and pot share (hi-lo: scoops, halves, quarters).",
          direct=True),
    Entry("play", (_CLI + "play",),
          "Sit down at a table against bots (or watch bots play with --bots-only).",
          direct=True),
    Entry("rules", (_CLI + "play",),
          "Print a game's rules summary and its house rules with their current values."),
    Entry("rank", (_CLI + "rank",),
          "Name a hand: its category and description (and its low in high-low games).",
          direct=True),
    Entry("showdown", (_CLI + "rank",),
          "Compare hands: who wins the pot (and, in high-low games, the low half).",
          direct=True),
    Entry("games", (_CLI + "rank",),
          "List every game: its names, seats, house rules and the commands that take it.",
          direct=True),
    Entry("replay", (_CLI + "replay",),
          "Replay a PHH hand history (every hand, or --hand N); print the finishing stacks.",
          direct=True),
    Entry("serve", (_CLI + "serve",),
          "Open the card room in the browser: private tables for every game, with bots."),
    Entry("stats", (_CLI + "stats_cmd",),
          "Each player's hands, VPIP, PFR, 3-bet, aggression, showdowns and bb/100."),
    Entry("icm", (_CLI + "tournament",),
          "Tournament equity of each stack by the Independent Chip Model (Malmuth-Harville).",
          direct=True),
    Entry("chop", (_CLI + "tournament",),
          "A deal of the prizes left: each player's share by ICM and by chip count.",
          direct=True),
    Entry("analyze", (_CLI + "casino", _CLI + "analyze_home"),
          "Odds and edges of a game: exact enumeration where it is cheap (Three Card "
          "Poker; a hand alone against Herbie; Guts with 2 or 3 players), Monte Carlo "
          "beyond, and bots' deals for pot growth; every result says which."),
    Entry("simulate", (_CLI + "casino",),
          "Play many rounds through the real table code with bots."),
    Entry("history", (_CLI + "play",), "Read hand histories."),
    Entry("solve", (_CLI + "solve", _CLI + "solve_icm", _CLI + "solve_guts"),
          "Solve a small game for its equilibrium: heads-up push/fold hold'em, ICM "
          "push/fold at a final table, and the declare of Guts and Herbie."),
)
"""Every command, in the order ``pokerroom --help`` lists them."""

ALL_MODULES: tuple[str, ...] = (
    _CLI + "analyze_home", _CLI + "casino", _CLI + "floor", _CLI + "import_cmd",
    _CLI + "odds", _CLI + "play", _CLI + "rank", _CLI + "replay", _CLI + "serve",
    _CLI + "stats_cmd", _CLI + "tournament", _CLI + "solve", _CLI + "solve_icm",
    _CLI + "solve_guts",
)
"""Every command module, in the order that registers the commands as listed above."""


def find(name: str) -> Entry | None:
    """The entry of a top-level command name, or ``None``."""
    return next((e for e in COMMANDS if e.name == name), None)
