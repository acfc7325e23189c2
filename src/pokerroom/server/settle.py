"""The settle-up: who pays whom at the end of the night, in as few payments as can be.

:func:`fewest_transfers` takes each party's net result (chips won, positive, or lost,
negative; they sum to zero once the house, where a game is banked by it, is one of the
parties) and returns payments ``(payer, payee, chips)`` that leave every party square.

What it guarantees. Any settle-up of ``n`` parties with a non-zero net needs at least
``n - g`` payments, where ``g`` is the largest number of groups the parties can be split
into that each sum to zero (a group of ``k`` needs ``k - 1`` payments, and payments inside
a group are enough); finding ``g`` is NP-hard in general (it contains subset sum). Here:

* a winner and a loser of exactly the same amount form a group of their own (some
  best split always has them so), paid with one payment;
* the other parties are split exactly, by a search over every subset
  (:data:`EXACT_PARTIES` of them at most: ``2**k`` sums, a few milliseconds), so the
  number of payments is the *minimum* whenever no more than :data:`EXACT_PARTIES`
  parties are left after the pairs: every table of the room (10 seats at most, and
  the house), unless more than that many players came and went over the night;
* beyond that, the biggest loser pays the biggest winner until all are square; each
  payment leaves at least one party square, so there are at most ``n - 1`` payments.

In every case the payments sum, for each party, to its net, every amount is a positive
whole number of chips, and there are at most ``n - 1`` of them.

>>> fewest_transfers({"Ann": 30, "Bob": -30})
[('Bob', 'Ann', 30)]
>>> fewest_transfers({"Ann": 50, "Bob": -20, "Cy": -30, "Dee": 10, "Eve": -10})
[('Eve', 'Dee', 10), ('Cy', 'Ann', 30), ('Bob', 'Ann', 20)]

Matching the biggest loser with the biggest winner each time would take five payments
here (Fay pays Ann 9 and Bob 5, then Eve pays Cy 4, and Dee pays Bob 2 and Cy 1);
Bob's 7 are Dee's 3 and Eve's 4, so four are enough:

>>> fewest_transfers({"Ann": 9, "Bob": 7, "Cy": 5, "Dee": -3, "Eve": -4, "Fay": -14})
[('Eve', 'Bob', 4), ('Dee', 'Bob', 3), ('Fay', 'Ann', 9), ('Fay', 'Cy', 5)]
>>> fewest_transfers({"Ann": 5, "Bob": -4})
Traceback (most recent call last):
...
ValueError: the nets sum to 1, not 0: a settle-up needs every party (the house too)
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["EXACT_PARTIES", "fewest_transfers"]

EXACT_PARTIES = 12
"""The most parties (after the equal pairs) split exactly; more are settled greedily."""

Transfer = tuple[str, str, int]


def fewest_transfers(nets: Mapping[str, int]) -> list[Transfer]:
    """``(payer, payee, chips)`` settling ``nets`` (each party's result; they sum to 0):
    the fewest payments for up to :data:`EXACT_PARTIES` parties left after pairing
    equal wins and losses, at most one fewer than the parties in every case. Parties
    keep the order given wherever there is a choice."""
    total = sum(nets.values())
    if total:
        raise ValueError(f"the nets sum to {total}, not 0: a settle-up needs every party "
                         "(the house too)")
    parties = [(name, net) for name, net in nets.items() if net]
    out: list[Transfer] = []
    left: list[tuple[str, int]] = []
    for name, net in parties:  # a loser and a winner of the same amount settle alone
        match = next((i for i, (_other, amount) in enumerate(left) if amount == -net), None)
        if match is None:
            left.append((name, net))
        else:
            other, amount = left.pop(match)
            out.append((other, name, net) if amount < 0 else (name, other, amount))
    for group in _zero_sum_groups(left):
        out.extend(_settle_group(group))
    return out


def _zero_sum_groups(parties: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """``parties`` (summing to zero) split into the most groups that each sum to zero:
    exactly, over every subset, for up to :data:`EXACT_PARTIES`; otherwise one group.

    ``best[mask]`` is the most zero-sum groups that the parties in ``mask`` can be taken
    in, one party at a time, counting a group each time the parties taken so far sum to
    zero; following the choices back gives the groups."""
    count = len(parties)
    if count > EXACT_PARTIES or count < 4:  # under 4, no two groups can each sum to 0
        return [parties] if parties else []
    sums = [0] * (1 << count)
    best = [0] * (1 << count)
    for mask in range(1, 1 << count):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + parties[low.bit_length() - 1][1]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            most = max(most, best[mask ^ bit])
            rest ^= bit
        best[mask] = most + (sums[mask] == 0)
    groups: list[list[tuple[str, int]]] = []
    mask = full = (1 << count) - 1
    edge = full
    while mask:
        gain = sums[mask] == 0
        for index in range(count - 1, -1, -1):
            bit = 1 << index
            if mask & bit and best[mask ^ bit] + gain == best[mask]:
                mask ^= bit
                break
        if sums[mask] == 0:
            cut = edge ^ mask
            groups.append([parties[i] for i in range(count) if cut >> i & 1])
            edge = mask
    groups.reverse()
    return groups


def _settle_group(group: list[tuple[str, int]]) -> list[Transfer]:
    """The biggest loser pays the biggest winner, until the group (summing to zero) is
    square: each payment squares at least one party, the last two, so a group of ``k``
    takes at most ``k - 1`` payments."""
    order = {name: i for i, (name, _net) in enumerate(group)}
    losers = sorted(((name, -net) for name, net in group if net < 0),
                    key=lambda item: (-item[1], order[item[0]]))
    winners = sorted(((name, net) for name, net in group if net > 0),
                     key=lambda item: (-item[1], order[item[0]]))
    out: list[Transfer] = []
    while losers and winners:
        (payer, owed), (payee, due) = losers[0], winners[0]
        pay = min(owed, due)
        out.append((payer, payee, pay))
        losers[0], winners[0] = (payer, owed - pay), (payee, due - pay)
        if owed == pay:
            losers.pop(0)
        if due == pay:
            winners.pop(0)
    return out
