"""Floor rulings: hands dealt by a person with real cards (:class:`LiveHand`), the
irregularities that can happen (:mod:`pokerroom.rulings.reports`) and the rulebook's
procedure for each, applied to the hand. See ``docs/rulings.md``."""

from pokerroom.rulings import button, draws, jacks, requests, stud  # noqa: F401  (the procedures)
from pokerroom.rulings.live import BURN_PILE, RESERVE, Choice, ChoiceOption, LiveHand, Slot
from pokerroom.rulings.reports import *  # noqa: F403
from pokerroom.rulings.reports import __all__ as _reports
from pokerroom.rulings.ruling import ExposedPolicy, Ruling, RulingMade, RulingOptions

__all__ = ["BURN_PILE", "RESERVE", "Choice", "ChoiceOption", "ExposedPolicy", "LiveHand", "Ruling",
           "RulingMade", "RulingOptions", "Slot", *_reports]
