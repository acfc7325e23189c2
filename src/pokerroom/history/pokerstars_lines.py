"""The lines of a PokerStars hand history, each kind as a pattern
(:mod:`pokerroom.history.pokerstars_import` reads a hand with them).

Money is written ``$0.25``, ``€1,000.50``, ``£2`` or as plain chips; a tournament's
amounts are always chips, whatever the buy-in.

>>> bool(ACT.match("Ann: raises $0.50 to $0.75 and is all-in"))
True
>>> ACT.match("Ann: raises 300 to 450 and has reached the $5 cap").group(2)
'raises 300 to 450'
>>> POST.match("Bob: posts small & big blinds $0.15").group(2)
'small & big blinds'
>>> bool(IGNORED.match("Bob re-buys and receives 1500 chips for $1.00"))
True
"""

from __future__ import annotations

import re

__all__ = ["ACT", "AMOUNT", "BUTTON", "CASHED_OUT_WIN", "COLLECTED", "DEALT", "IGNORED",
           "MARKER", "POST", "REFUSED", "RETURNED", "SEAT", "SHOWS", "START", "SUMMARY_CARDS",
           "SUMMARY_POT",
           "TABLE_SIZE"]

AMOUNT = r"[$€£]?([\d,]+(?:\.\d+)?)"
START = re.compile(r"^\ufeff?PokerStars (?:Hand|Game|Zoom Hand|Home Game Hand) #(\d+):",
                   re.IGNORECASE)
SEAT = re.compile(rf"^Seat (\d+): (.+?) \({AMOUNT} in chips(?:[^)]*)\)(.*)$")
BUTTON = re.compile(r"Seat #(\d+) is the button")
TABLE_SIZE = re.compile(r"\b(\d+)-max\b")
MARKER = re.compile(r"^\*\*\* (.+?) \*\*\*(.*)$")
DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?\s*$")
POST = re.compile(rf"^(.+?): posts (small blind|big blind|small & big blinds|the ante|straddle|"
                  rf"button blind) "
                  rf"{AMOUNT}(?: and is all-in)?\s*$")
ACT = re.compile(rf"^(.+?): (folds(?: \[[^\]]*\]| \(disconnect\))?|checks|calls {AMOUNT}|"
                 rf"bets {AMOUNT}|raises {AMOUNT} to {AMOUNT}|brings in for {AMOUNT}|"
                 rf"completes it to {AMOUNT}|"
                 r"stands pat(?: on \[[^\]]*\])?|discards (\d+) cards?(?: \[([^\]]*)\])?)"
                 r"(?: and is all-in| and has reached the \S+ cap)?\s*$")
SHOWS = re.compile(r"^(.+?): shows \[([^\]]*)\]")
COLLECTED = re.compile(rf"^(.+?) collected {AMOUNT} from")
RETURNED = re.compile(rf"^Uncalled bet \({AMOUNT}\) returned to (.+?)\s*$")
SUMMARY_CARDS = re.compile(r"^Seat \d+: (.+?)(?: \([^)]*\))* (?:showed|mucked) \[([^\]]*)\]")
CASHED_OUT_WIN = re.compile(rf"^Seat \d+: (.+?)(?: \([^)]*\))* showed \[[^\]]*\] and won "
                            rf"\({AMOUNT}\).*\(pot not awarded as player cashed out\)")
"""A summary line of a pot PokerStars did not pay because its winner had cashed out (an
offer of the site, outside the game): what the hand itself paid that seat."""
SUMMARY_POT = re.compile(rf"^Total pot {AMOUNT}.*?\| Rake {AMOUNT}")
IGNORED = re.compile(
    r"^(.+?: (doesn't show hand|mucks hand|is sitting out|sits out|has timed out.*|"
    r"is disconnected.*|is connected.*|said, .*|shows \[.*|is sitting out.*)"
    r"|.+ (joins|leaves) the table.*|.+ will be allowed to play.*|.+ has returned"
    r"|.+ is (dis)?connected.*|.+ said, .*|.+ is sitting out|.+ finished the tournament.*"
    r"|.+ wins the tournament.*|.+ has timed out.*|.+ re-buys and receives .*"
    r"|.+ takes the add-on and receives .*|.+ was removed from the table .*"
    r"|.+ wins (the|an?) .*bounty.*|.+ split the .*bounty.*|.+ wins .* for eliminating .*"
    r"|.+ wins .* for splitting the elimination of .*"
    r"|.+ cashed out.*"
    r"|No low hand qualified|Betting is capped|Pair on board - a double bet is allowed"
    r"|The deck is reshuffled|Table leave user|.+: Table deposit .*"
    r"|.+ has been disqualified.*|.+ is (back|away).*)\s*$")
REFUSED: dict[str, str] = {}
"""Street markers of deals pokerroom's engine does not make, and what they are (none
now: a board run twice, ``*** FIRST FLOP ***``..., is read)."""
