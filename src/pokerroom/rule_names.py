"""The one spelling of house-rule names and choice words, on every command.

A house-rule name is written with underscores (``lone_tie``), a choice with dashes
(``player-wins``); either separator, a space and any case are accepted for both, so
``lone-tie=player_wins`` and ``lone_tie=player-wins`` are the same rule.

>>> rule_key("Lone-Tie"), choice_key("no limit"), choice_key("player_wins")
('lone_tie', 'no-limit', 'player-wins')
"""

from __future__ import annotations

__all__ = ["choice_key", "rule_key"]


def _words(text: str) -> list[str]:
    return text.strip().lower().replace("_", " ").replace("-", " ").split()


def rule_key(name: str) -> str:
    """A house-rule name in its one spelling: lower case, words joined by ``_``."""
    return "_".join(_words(name))


def choice_key(text: str) -> str:
    """A house rule's choice word in its one spelling: lower case, words joined by ``-``."""
    return "-".join(_words(text))
