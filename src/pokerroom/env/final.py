"""The final info of an episode's agents, whose summary in words is written only when
it is read.

Every agent's last ``infos`` of an episode hold ``"summary"``: the summary in words of
each hand the episode dealt (:attr:`~pokerroom.session.HandResult.summary`). Writing it
takes about as long as a step, and a learner stepping thousands of episodes a second
seldom reads it, so :class:`FinalInfo` holds the hands' results and writes the list the
first time anything reads the dictionary's values: by key, ``get``, ``items``,
``values``, iteration (so ``dict(info)`` and ``{**info}`` too), comparison, printing,
copying or pickling. Asking whether a key is there, or the length, writes nothing. After that it
is an ordinary dictionary.

>>> from pokerroom.session import HandResult
>>> written = []
>>> def words():
...     written.append(1)
...     return ("Ann won 2",)
>>> info = FinalInfo({"net": 2}, [HandResult((2, -2), write=words)])
>>> "summary" in info, len(info), written    # nothing written yet
(True, 2, [])
>>> info["summary"], written
(['Ann won 2'], [1])
>>> info == {"net": 2, "summary": ["Ann won 2"]}, dict(info)
(True, {'net': 2, 'summary': ['Ann won 2']})
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pokerroom.session import HandResult

__all__ = ["FinalInfo"]

_UNWRITTEN = object()
"""The value of ``"summary"`` until it is read."""
_NEW_DICT = dict.__new__
"""A new empty dictionary of a subclass, without its ``__init__``."""


class FinalInfo(dict[str, Any]):
    """An agent's final info: ``fields`` and ``"summary"`` (in its place among them if
    they hold it, whatever its value; else last), the summaries of ``results`` in order
    as one new list, written when first read (see the module docstring)."""

    __slots__ = ("_results",)

    def __init__(self, fields: dict[str, Any], results: Sequence[HandResult]) -> None:
        dict.__init__(self, fields)
        self["summary"] = _UNWRITTEN        # __setitem__ is dict's own
        self._results: Sequence[HandResult] | None = results

    @classmethod
    def of_episode(cls, net: int, carried: int, house: int, hands: int,
                   stacks: tuple[int, ...], results: Sequence[HandResult]) -> FinalInfo:
        """``FinalInfo({"net": net, "carried": carried, "house": house, "hands":
        hands, "summary": None, "stacks": stacks}, results)`` (an environment's agent's
        final info), its items set one by one: no dictionary made to be copied.

        >>> dict(FinalInfo.of_episode(2, 0, 0, 1, (102, 98), [])) == dict(FinalInfo(
        ...     {"net": 2, "carried": 0, "house": 0, "hands": 1, "summary": None,
        ...      "stacks": (102, 98)}, []))
        True
        """
        info = _NEW_DICT(cls)
        info["net"] = net
        info["carried"] = carried
        info["house"] = house
        info["hands"] = hands
        info["summary"] = _UNWRITTEN
        info["stacks"] = stacks
        info._results = results
        return info

    def _write(self) -> None:
        """Write the summary, unless it is written (or was set or removed by the
        caller)."""
        results = self._results
        if results is None:
            return
        self._results = None
        if dict.get(self, "summary") is _UNWRITTEN:
            dict.__setitem__(self, "summary",
                             [line for result in results for line in result.summary])

    def __getitem__(self, key: str) -> Any:
        self._write()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        self._write()
        return dict.get(self, key, default)

    def items(self) -> Any:
        self._write()
        return dict.items(self)

    def values(self) -> Any:
        self._write()
        return dict.values(self)

    def __iter__(self) -> Iterator[str]:
        # overridden, so that dict(info), {**info} and update read through __getitem__
        self._write()
        return dict.__iter__(self)

    def pop(self, key: str, *default: Any) -> Any:
        self._write()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        self._write()
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._write()
        return dict.setdefault(self, key, default)

    def copy(self) -> dict[str, Any]:
        """A plain dictionary of the same items."""
        self._write()
        return dict(dict.items(self))

    def __or__(self, other: Any) -> Any:
        self._write()
        return dict.__or__(self, other)

    def __eq__(self, other: object) -> bool:
        self._write()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._write()
        return dict.__ne__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        self._write()
        return dict.__repr__(self)

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        """Copied and pickled as a plain dictionary."""
        return (dict, (self.copy(),))
