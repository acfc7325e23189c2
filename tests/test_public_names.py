"""No two public classes or functions of pokerroom share a name.

Every module's ``__all__`` is read. A name listed by two modules must be one object,
defined in one of them and listed again by a module of :data:`RE_EXPORTERS` (a package
that gathers its modules' names, or a module that keeps a name it took from another);
two different objects under one name fail, and so does a module not in that list that
lists a name defined elsewhere.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict

import pokerroom

RE_EXPORTERS: dict[str, str] = {
    "pokerroom.analysis.kernels": "the tally shape of its kernels' results",
    "pokerroom.analysis.odds": "the odds game the odds take",
    "pokerroom.casino": "the package: pay tables and house rules of Three Card Poker",
    "pokerroom.catalog": "the spelling of house-rule names",
    "pokerroom.cli.replay": "the PHH reader the command takes",
    "pokerroom.core": "the protocol: the actions and options of moves",
    "pokerroom.engine": "the package: the hand machine's public types",
    "pokerroom.engine.config": "the stakes and house rules a GameConfig holds",
    "pokerroom.env": "the package: the environments and their layouts",
    "pokerroom.history.narration_hearts": "the home games' choice words",
    "pokerroom.history.phh": "the PHH codes, lines, rules and writer",
    "pokerroom.homegames.hearts_events": "the betting events Hearts Poker shares",
    "pokerroom.rulings": "the package: the live hand, reports and rulings",
    "pokerroom.rulings.live": "the dealing slot of a live hand",
    "pokerroom.server.extras": "the words and games of straddles and bomb pots",
    "pokerroom.server.history": "the download formats of a table",
    "pokerroom.server.room": "the records a room keeps",
    "pokerroom.server.service": "the live room and its timing",
    "pokerroom.sessions.home": "the house-rule options of Guts and Herbie",
    "pokerroom.sessions.tournament": "the games a tournament deals",
}


def _public() -> dict[str, list[tuple[str, object]]]:
    """Each public class or function name, with every module that lists it."""
    found: dict[str, list[tuple[str, object]]] = defaultdict(list)
    for info in pkgutil.walk_packages(pokerroom.__path__, "pokerroom."):
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.isclass(obj) or inspect.isroutine(obj):
                found[name].append((info.name, obj))
    return found


def test_no_two_public_classes_or_functions_share_a_name() -> None:
    clashes = {name: sorted({f"{type(obj).__name__} {obj.__module__}.{name}"
                             for _, obj in listed})
               for name, listed in _public().items()
               if len({id(obj) for _, obj in listed}) > 1}
    assert clashes == {}


def test_a_name_is_listed_again_only_by_a_declared_re_exporter() -> None:
    strays = sorted(f"{module}.{name} (defined in {obj.__module__})"
                    for name, listed in _public().items() for module, obj in listed
                    if obj.__module__ != module and module not in RE_EXPORTERS)
    assert strays == []


def test_every_declared_re_exporter_still_re_exports() -> None:
    exporting = {module for listed in _public().values() for module, obj in listed
                 if obj.__module__ != module}
    assert sorted(set(RE_EXPORTERS) - exporting) == []
