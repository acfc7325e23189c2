"""House rules of the home games as typed options, validated once and announced in words.

The defaults are those of SUPPLEMENT.md §3. Every option class is a frozen dataclass whose
``validated()`` raises :class:`~pokerroom.errors.ConfigError` for a setting or
combination the rules cannot play, and whose ``announce()`` says every rule in words
before the first deal.

>>> opts = GutsOptions(players=5, ante=2).validated()
>>> print(opts.announce().splitlines()[0])
Guts, two-card, 5 players, ante 2.
>>> GutsOptions(players=5, cards=2, pass_left=True).validated()
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: passing a card to the left is a three-card Guts rule; it needs cards=3
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pokerroom.errors import ConfigError
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.hands.three_card import Guts3Order

__all__ = [
    "DECK_SIZE",
    "DeclareMode",
    "EveryoneOut",
    "GhostMode",
    "GutsOptions",
    "HerbieAnte",
    "HerbieOptions",
    "LoneTie",
]

DECK_SIZE = 52


class DeclareMode(Enum):
    """How Guts players declare (``guts-declare-in-turn``, ``guts-5.1-simultaneous``)."""

    IN_TURN = "in-turn"
    """Default: from the dealer's left, the dealer last, with the dealer auto-in rule."""
    SIMULTANEOUS = "simultaneous"
    """All at once: nobody learns another's choice before every choice is in."""


class EveryoneOut(Enum):
    """What happens when every Guts player declares out (``guts-5.1a-*``)."""

    POT_STAYS = "pot-stays"
    """Default: the pot carries to the next deal."""
    FRESH_ANTE = "fresh-ante"
    """Everyone antes again into the carried pot on the next deal."""
    BEST_HAND_PAYS = "best-hand-pays"
    """The hands are shown and the best hand pays everyone's ante into the pot."""


class GhostMode(Enum):
    """The ghost (kitty) hand of Guts (``guts-ghost``, ``guts-ghost-single``)."""

    NONE = "none"
    ALWAYS = "always"
    SINGLE_STAYER = "single"
    """The ghost plays only when a single player stays in."""


class LoneTie(Enum):
    """House rule ``herbie-4.4``: a lone player's hand ties Herbie's."""

    HERBIE_WINS = "herbie-wins"
    """Default: the player has not beaten Herbie and matches the pot."""
    PLAYER_WINS = "player-wins"
    """The player takes the pot, and the game ends."""
    STANDOFF = "standoff"
    """Nobody wins and nobody pays; the pot carries to the next deal."""


class HerbieAnte(Enum):
    """When Herbie players ante (``herbie-2.1`` leaves carried pots open)."""

    WHEN_POT_EMPTY = "when-empty"
    """Default, as in Guts: everyone antes to start a pot; a carried pot takes no ante."""
    EVERY_DEAL = "every-deal"
    """Everyone antes on every deal, into the carried pot too."""


def _check_stakes(ante: int, cap: int | None) -> None:
    """Refuse an ante or a table maximum per deal that is not a positive number of chips."""
    if ante <= 0:
        raise ConfigError(f"the ante must be a positive number of chips, got {ante}")
    if cap is not None and cap <= 0:
        raise ConfigError(f"a table maximum per deal must be a positive number of chips, "
                          f"got {cap}")


def match_words(cap: int | None) -> str:
    """What happens when a match is larger than a stack, and the table maximum, in words.

    >>> match_words(None)[:66]
    'No match is capped: a player who must match more than their stack '
    >>> match_words(50)[:58]
    'Table maximum 50: no one pays more than 50 into the pot in'
    """
    debt = ("a player who must match more than their stack pays it all and owes the "
            "rest, a debt shown as such and settled after the game")
    if cap is None:
        return f"No match is capped: {debt}; the pot may grow without limit."
    return (f"Table maximum {cap}: no one pays more than {cap} into the pot in one deal "
            f"(a match above it is cut to {cap}); {debt}.")


def _players_word(n: int) -> str:
    return f"{n} player" + ("" if n == 1 else "s")


@dataclass(frozen=True, slots=True)
class GutsOptions:
    """Table stakes and house rules of Guts (two-card by default, ``cards=3`` for
    three-card Guts). ``pot_limit=None`` plays without a limit (``guts-4.6-pot-limit``).
    """

    players: int
    ante: int = 1
    cards: int = 2
    declare: DeclareMode = DeclareMode.IN_TURN
    everyone_out: EveryoneOut = EveryoneOut.POT_STAYS
    pot_limit: int | None = None
    discard_before_declare: bool = False
    compulsory_first_round: bool = False
    single_loser: bool = False
    no_split: bool = False
    ghost: GhostMode = GhostMode.NONE
    order: Guts3Order = Guts3Order.DEFAULT
    straights_and_flushes: bool = True
    pass_left: bool = False
    max_match: int | None = None
    """A table maximum per deal: no loser pays more than this into the pot in one deal
    (``None``: a match is the whole pot, as the text says)."""

    def cards_needed(self) -> int:
        """The most cards one deal can use: hands, the ghost, and every replacement."""
        per_player = self.cards * (2 if self.discard_before_declare else 1)
        return self.players * per_player + (self.cards if self.ghost is not GhostMode.NONE
                                            else 0)

    def validated(self) -> GutsOptions:
        """These options, or :class:`ConfigError` naming what cannot be played."""
        if self.cards not in (2, 3):
            raise ConfigError(f"Guts is played with two or three cards, not {self.cards}")
        if self.players < 2:
            raise ConfigError(f"Guts needs at least 2 players, got {self.players}")
        if self.cards_needed() > DECK_SIZE:
            raise ConfigError(
                f"{_players_word(self.players)} would need up to {self.cards_needed()} cards "
                f"in one deal with these rules; the deck has {DECK_SIZE}")
        _check_stakes(self.ante, self.max_match)
        if self.pot_limit is not None and self.pot_limit < self.players * self.ante:
            raise ConfigError(
                f"a pot limit of {self.pot_limit} is below the opening pot of "
                f"{self.players * self.ante} (every player's ante)")
        if self.cards == 2:
            if self.pass_left:
                raise ConfigError(
                    "passing a card to the left is a three-card Guts rule; it needs cards=3")
            if self.order is not Guts3Order.DEFAULT or not self.straights_and_flushes:
                raise ConfigError("a three-card ranking order needs cards=3")
        else:
            self.order.validated()
        if (self.declare is DeclareMode.IN_TURN
                and self.everyone_out is not EveryoneOut.POT_STAYS):
            raise ConfigError(
                "with declaring in turn the dealer is automatically in when everyone else is "
                "out, so everyone can never be out; the everyone-out rules need "
                "declare=simultaneous")
        if self.single_loser and self.ghost is not GhostMode.NONE:
            raise ConfigError(
                "single loser and the ghost contradict each other: when the ghost wins, "
                "everyone who stayed in matches the pot")
        if self.single_loser and self.everyone_out is EveryoneOut.FRESH_ANTE:
            raise ConfigError(
                "with single loser everyone antes on every deal already; a fresh ante when "
                "everyone is out adds nothing")
        return self

    def announce(self) -> str:
        """Every rule of this table in words."""
        kind = "three-card" if self.cards == 3 else "two-card"
        if self.cards == 3:
            flag = "count" if self.straights_and_flushes else "do not count"
            ranking = self.order.describe(straights_and_flushes=self.straights_and_flushes)
            hands = (f"Three cards each; straights and flushes {flag}. Ranking, highest "
                     f"first: {ranking}.")
        else:
            hands = ("Two cards each: any pair beats two unpaired cards, A-A best; unpaired "
                     "hands by top card then second; no straights or flushes, 3-2 lowest.")
        simultaneous = self.declare is DeclareMode.SIMULTANEOUS
        sentences = [
            f"Guts, {kind}, {_players_word(self.players)}, ante {self.ante}.",
            "Everyone antes on every deal, except that a player who matched the pot skips "
            "the next ante." if self.single_loser
            else "Everyone antes when the pot is empty; a carried pot takes no ante.",
            hands,
            "Before declaring, everyone passes one card to the left, all at once."
            if self.pass_left else None,
            "Before declaring, each player may discard one or more cards and draw "
            "replacements, in turn from the dealer's left." if self.discard_before_declare
            else None,
            "Players declare in or out all at once; no choice is revealed until every "
            "choice is in." if simultaneous else
            "Players declare in or out in turn from the dealer's left, the dealer last; if "
            "everyone before the dealer is out, the dealer is automatically in.",
            {
                EveryoneOut.POT_STAYS: "If everyone is out, the pot stays for the next deal.",
                EveryoneOut.FRESH_ANTE: "If everyone is out, the pot stays and everyone "
                                        "antes again on the next deal.",
                EveryoneOut.BEST_HAND_PAYS: "If everyone is out, the hands are shown and the "
                                            "best hand pays everyone's ante into the pot.",
            }[self.everyone_out] if simultaneous else None,
            "On the first deal, and whenever the pot has just been emptied, everyone must "
            "stay in." if self.compulsory_first_round else None,
            "A lone player who is in takes the pot without showing"
            + (" (but must beat the ghost)." if self.ghost is not GhostMode.NONE else "."),
            "Only the worst hand that stayed in matches the pot (tied worst hands all pay)."
            if self.single_loser
            else "Every player who stayed in without the best hand matches the pot.",
            "Tied best hands neither win nor pay; the pot carries over with any losers' "
            "payments." if self.no_split else
            "Tied best hands share the pot; an odd chip goes to the first tied player "
            "clockwise from the dealer's left.",
            {
                GhostMode.NONE: None,
                GhostMode.ALWAYS: "A ghost hand is dealt to no one and shown at the showdown; "
                                  "to win, a player must beat it (a tie does not beat it); if "
                                  "it is not beaten, everyone who stayed in matches the pot.",
                GhostMode.SINGLE_STAYER: "A ghost hand is dealt to no one; it plays only when "
                                         "a single player stays in, who must beat it (a tie "
                                         "does not) or match the pot.",
            }[self.ghost],
            f"Pot limit {self.pot_limit}: any excess goes to a reserve, and the reserve "
            "refills the pot up to the limit once it is won." if self.pot_limit is not None
            else None,
            match_words(self.max_match),
            "The game ends when the pot is won with no loser paying in.",
        ]
        return "\n".join(line for line in sentences if line is not None)


@dataclass(frozen=True, slots=True)
class HerbieOptions:
    """Table stakes and house rules of Herbie (SUPPLEMENT §3 defaults).

    The deck running out in a draw or play-off (``supp-herbie-deck-out``) is always met
    by shuffling the discards, never Herbie's or live hands: no other rule is known.
    """

    players: int
    ante: int = 1
    unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS
    odd_card: HerbieOddCard = HerbieOddCard.IGNORED
    lone_tie: LoneTie = LoneTie.HERBIE_WINS
    ante_rule: HerbieAnte = HerbieAnte.WHEN_POT_EMPTY
    max_match: int | None = None
    """A table maximum per deal: no loser pays more than this into the pot in one deal
    (``None``: a match is the whole pot, ``herbie-4.1``)."""

    def validated(self) -> HerbieOptions:
        """These options, or :class:`ConfigError`."""
        if not 4 <= self.players <= 10:
            raise ConfigError(f"Herbie is for 4 to 10 players, got {self.players}")
        _check_stakes(self.ante, self.max_match)
        return self

    def announce(self) -> str:
        """Every rule of this table in words."""
        ante = ("Everyone antes when the pot is empty; a carried pot takes no ante."
                if self.ante_rule is HerbieAnte.WHEN_POT_EMPTY
                else "Everyone antes on every deal, into a carried pot too.")
        tie = {
            LoneTie.HERBIE_WINS: "Herbie wins: the player matches the pot",
            LoneTie.PLAYER_WINS: "the player wins the pot and the game ends",
            LoneTie.STANDOFF: "nobody wins or pays and the pot carries",
        }[self.lone_tie]
        return "\n".join([
            f"Herbie, {_players_word(self.players)}, ante {self.ante}.",
            ante,
            "Three cards each and three to Herbie, who belongs to no one and never draws. "
            "Deuces, fours and tens are wild; only pairs and trips count; three wilds are "
            "three aces.",
            f"Pairs: {self.odd_card.describe()}.",
            f"Hands without a pair: {self.unpaired.describe()}.",
            "Everyone declares in or out at once; those in may discard up to three cards "
            "and draw, in turn from the dealer's left.",
            "Everyone in who loses to another player or to Herbie matches the pot.",
            f"If a lone player ties Herbie, {tie}; the same rule settles a single best "
            "hand that ties Herbie.",
            "Players tied for best whom Herbie does not beat play off without a shuffle.",
            "If the deck runs out during a draw or play-off, the discards are shuffled "
            "(never Herbie's or live hands) and play goes on.",
            match_words(self.max_match),
            "The game ends when a lone player beats Herbie.",
        ])
