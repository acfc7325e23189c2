"""The published heads-up push/fold Nash charts the solver is compared with.

HoldemResources.net, "HeadsUp Push/Fold Nash Equilibrium" (no ante), the charts of
http://www.holdemresources.net/h/poker-theory/hune/ (their use explained in
http://www.holdemresources.net/h/poker-theory/hune/usage.html, their making in
.../hune/about.html): for each class, the highest effective stack, in big blinds before
the blinds are posted, at which the small blind pushes it ("Pusher") or the big blind
calls a push with it ("Caller"), to 0.1 big blind; ``None`` stands for the charts'
"20+" (played at every stack up to 20). Three pushes have gaps, given under the chart:
63s is pushed from 5.1 to 7.1 big blinds and below 2.3, 53s from 3.8 to 12.9 and below
2.4, 43s from 4.9 to 10.0 and below 2.2. The values are transcribed cell by cell, chart
row by chart row (aces first; suited hands above the diagonal, offsuit below), as
:mod:`pokerroom.strategy.classes` numbers the classes.

>>> PUSH["K2o"], CALL["K2o"], PUSH["AA"], CALL["22"]
(11.6, 8.1, None, 15.0)
>>> PUSH_GAPS["63s"]
((5.1, 7.1), (0.0, 2.3))
"""

from __future__ import annotations

from pokerroom.strategy.classes import CLASS_NAMES

__all__ = ["CALL", "PUSH", "PUSH_GAPS", "SOURCE"]

SOURCE = "http://www.holdemresources.net/h/poker-theory/hune/"

_P = None  # "20+"

_PUSHER = (
    (_P, _P, _P, _P, _P, _P, _P, _P, _P, _P, _P, _P, _P),
    (_P, _P, _P, _P, _P, _P, _P, _P, _P, _P, _P, 19.9, 19.3),
    (_P, _P, _P, _P, _P, _P, _P, _P, _P, _P, 16.3, 13.5, 12.7),
    (_P, _P, _P, _P, _P, _P, _P, _P, 18.6, 14.7, 13.5, 10.6, 8.5),
    (_P, _P, _P, _P, _P, _P, _P, _P, _P, 11.9, 10.5, 7.7, 6.5),
    (_P, _P, _P, _P, _P, _P, _P, _P, _P, 14.4, 6.9, 4.9, 3.7),
    (_P, 18.0, 13.0, 13.3, 17.5, _P, _P, _P, _P, 18.8, 10.1, 2.7, 2.5),
    (_P, 16.1, 10.3, 8.5, 9.0, 10.8, 14.7, _P, _P, _P, 13.9, 2.5, 2.1),
    (_P, 15.1, 9.6, 6.5, 5.7, 5.2, 7.0, 10.7, _P, _P, 16.3, 7.1, 2.0),
    (_P, 14.2, 8.9, 6.0, 4.1, 3.5, 3.0, 2.6, 2.4, _P, _P, 12.9, 2.0),
    (_P, 13.1, 7.9, 5.4, 3.8, 2.7, 2.3, 2.1, 2.0, 2.1, _P, 10.0, 1.8),
    (_P, 12.2, 7.5, 5.0, 3.4, 2.5, 1.9, 1.8, 1.7, 1.8, 1.6, _P, 1.7),
    (_P, 11.6, 7.0, 4.6, 2.9, 2.2, 1.8, 1.6, 1.5, 1.5, 1.4, 1.4, _P),
)

_CALLER = (
    (_P, _P, _P, _P, _P, _P, _P, _P, _P, _P, _P, _P, _P),
    (_P, _P, _P, _P, _P, _P, 17.6, 15.2, 14.3, 13.2, 12.1, 11.4, 10.7),
    (_P, _P, _P, _P, _P, 16.1, 13.0, 10.5, 9.9, 8.9, 8.4, 7.8, 7.2),
    (_P, _P, 19.5, _P, 18.0, 13.4, 10.6, 8.8, 7.0, 6.9, 6.1, 5.8, 5.6),
    (_P, _P, 15.3, 12.7, _P, 11.5, 9.3, 7.4, 6.3, 5.2, 5.2, 4.8, 4.5),
    (_P, 17.1, 11.7, 9.5, 8.4, _P, 8.2, 7.0, 5.8, 5.0, 4.3, 4.1, 3.9),
    (_P, 13.8, 9.7, 7.6, 6.6, 6.0, _P, 6.5, 5.6, 4.8, 4.1, 3.6, 3.5),
    (_P, 12.4, 8.0, 6.4, 5.5, 5.0, 4.7, _P, 5.4, 4.8, 4.1, 3.6, 3.3),
    (_P, 11.0, 7.3, 5.4, 4.6, 4.2, 4.1, 4.0, _P, 4.9, 4.3, 3.8, 3.3),
    (_P, 10.2, 6.8, 5.1, 4.0, 3.7, 3.6, 3.6, 3.7, _P, 4.6, 4.0, 3.6),
    (18.3, 9.1, 6.2, 4.7, 3.8, 3.3, 3.2, 3.2, 3.3, 3.5, _P, 3.8, 3.4),
    (16.6, 8.7, 5.9, 4.5, 3.6, 3.1, 2.9, 2.9, 2.9, 3.1, 3.0, _P, 3.3),
    (15.8, 8.1, 5.6, 4.2, 3.5, 3.0, 2.8, 2.6, 2.7, 2.8, 2.7, 2.6, 15.0),
)

PUSH: dict[str, float | None] = {
    name: value for name, value in zip(CLASS_NAMES, (v for row in _PUSHER for v in row),
                                       strict=True)}
"""Each class's highest pushing stack (the top of its highest range for the three with
gaps); ``None``: 20+."""
CALL: dict[str, float | None] = {
    name: value for name, value in zip(CLASS_NAMES, (v for row in _CALLER for v in row),
                                       strict=True)}
"""Each class's highest calling stack; ``None``: 20+."""
PUSH_GAPS: dict[str, tuple[tuple[float, float], ...]] = {
    "63s": ((5.1, 7.1), (0.0, 2.3)),
    "53s": ((3.8, 12.9), (0.0, 2.4)),
    "43s": ((4.9, 10.0), (0.0, 2.2)),
}
"""The stack ranges (low, high) in which the classes with gaps are pushed."""
