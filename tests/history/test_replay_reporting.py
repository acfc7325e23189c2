"""``pokerroom replay`` and ``pokerroom import`` report each bad hand and carry on: the
other hands are replayed or written as before, a summary line counts them, ``--strict``
stops at the first, and the exit status says whether anything was refused."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from tests.history.pokerstars_export import as_pokerstars
from typer.testing import CliRunner

from pokerroom.cli import app

from .real_phh import CORPUS

runner = CliRunner()

GOOD = '''variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
'''
BAD = GOOD.replace('"p1 f"', '"p1 cbr 1"')


def _set(tmp_path: Path, *hands: str) -> Path:
    path = tmp_path / "hands.phhs"
    path.write_text("".join(f"[{n}]\n{text}\n" for n, text in enumerate(hands, start=1)),
                    encoding="utf-8")
    return path


def test_a_bad_hand_is_reported_with_its_line_and_the_others_replay(tmp_path: Path) -> None:
    path = _set(tmp_path, GOOD, BAD, GOOD)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stdout.count(": 3 players, hand over") == 2
    assert "hand 1: " in result.stdout and "hand 3: " in result.stdout
    assert "hand 2: " not in result.stdout
    errors = result.stderr.splitlines()
    assert errors[0].startswith(f"error: {path}:9: hand 2: 'p1 cbr 1'")
    assert errors[-1] == "replayed 2 of 3 hands"


def test_strict_stops_at_the_first_bad_hand(tmp_path: Path) -> None:
    path = _set(tmp_path, GOOD, BAD, GOOD)
    result = runner.invoke(app, ["replay", str(path), "--strict"])
    assert result.exit_code == 1
    assert "hand 1: " in result.stdout and "hand 3: " not in result.stdout
    assert result.stderr.splitlines()[-1] == \
        "replayed 1 of 3 hands (stopped at the first bad hand: --strict)"


def test_json_lists_the_hands_replayed(tmp_path: Path) -> None:
    path = _set(tmp_path, BAD, GOOD)
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 1
    assert [row["hand"] for row in json.loads(result.stdout)] == [2]


def test_every_hand_good_exits_0_with_the_summary(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_set(tmp_path, GOOD, GOOD))])
    assert result.exit_code == 0
    assert result.stderr == "replayed 2 of 2 hands\n"


def test_a_file_with_no_hand_says_so(tmp_path: Path) -> None:
    path = tmp_path / "empty.phhs"
    path.write_text("# nothing here\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "holds no PHH hand" in result.stderr


def test_decimal_amounts_print_in_the_files_units(tmp_path: Path) -> None:
    path = tmp_path / "cents.phh"
    path.write_text(GOOD.replace("[1, 2, 0]", "[0.5, 1, 0]").replace("min_bet = 2",
                                                                       "min_bet = 1")
                    .replace("[100, 100, 100]", "[200.30, 81.60, 197]"), encoding="utf-8")
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 0, text.output
    assert "p1 (seat 1): 200.3 -> 199.8" in text.stdout
    assert "p2 (seat 2): 81.6 -> 82.1" in text.stdout
    as_json = runner.invoke(app, ["replay", str(path), "--json"])
    assert json.loads(as_json.stdout) == {"finishing_stacks": [199.8, 82.1, 197]}


def _pokerstars(number: int) -> str:
    hand = {"variant": "NT", "antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0],
            "min_bet": 2, "starting_stacks": [200, 200, 200],
            "players": ["Ann", "Bob", "Cleo"],
            "actions": ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 ????", "p3 f",
                        "p1 cbr 6", "p2 f"]}
    return as_pokerstars(hand, hand_no=number, when=1796000000.0)


def test_import_reports_each_refused_hand_and_counts(tmp_path: Path) -> None:
    export = tmp_path / "hands.txt"
    bad = _pokerstars(2).replace("Bob: folds", "Bob: juggles the chips")
    export.write_text(_pokerstars(1) + "\n\n\n" + bad + "\n", encoding="utf-8")
    out = tmp_path / "back.phhs"
    result = runner.invoke(app, ["import", str(export), "-o", str(out)])
    assert result.exit_code == 1
    assert "a line pokerroom cannot read: 'Bob: juggles the chips'" in result.stderr
    assert result.stderr.splitlines()[-1] == "imported 1 of 2 hands"
    assert sorted(tomllib.loads(out.read_text(encoding="utf-8"))) == ["1"]
    strict = runner.invoke(app, ["import", str(export), "-o", str(tmp_path / "s.phhs"),
                                 "--strict"])
    assert strict.exit_code == 1 and not (tmp_path / "s.phhs").exists()
    assert "stopped at the first problem (--strict): nothing written" in strict.stderr


def test_import_of_every_hand_exits_0(tmp_path: Path) -> None:
    export = tmp_path / "hands.txt"
    export.write_text(_pokerstars(1) + "\n\n\n" + _pokerstars(2) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["import", str(export), "-o", str(tmp_path / "b.phhs")])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == "imported 2 of 2 hands"


def test_import_says_when_a_file_has_no_hand(tmp_path: Path) -> None:
    log = tmp_path / "log.csv"
    log.write_text("entry,at,order\n", encoding="utf-8")
    result = runner.invoke(app, ["import", str(log), "-o", str(tmp_path / "x.phhs")])
    assert result.exit_code == 1
    assert "no PokerNow hand in this log" in result.stderr
    assert "imported 0 of 0 hands" in result.stderr and not (tmp_path / "x.phhs").exists()


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no real PHH files in {CORPUS}")
def test_the_real_handhq_sets_replay_through_the_command() -> None:
    abs_set = CORPUS / "handhq" / "abs NLH handhq_1-OBFUSCATED.phhs"
    ipn_set = CORPUS / "handhq" / "ipn NLH handhq_1-OBFUSCATED.phhs"
    cents = runner.invoke(app, ["replay", str(abs_set)])
    assert cents.exit_code == 0 and cents.stderr == "replayed 12 of 12 hands\n"
    assert "(seat 1, p1): 200.3 -> 201.3" in cents.stdout
    unknown = runner.invoke(app, ["replay", str(ipn_set)])
    assert unknown.exit_code == 0 and unknown.stderr == "replayed 12 of 12 hands\n"
    assert "unknown stack, +26" in unknown.stdout
    assert unknown.stdout.count("the file shows no hand at the showdown") == 3


def test_a_hand_that_is_not_toml_costs_only_itself(tmp_path: Path) -> None:
    path = _set(tmp_path, GOOD, "actions = [\n", GOOD)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stdout.count(": 3 players, hand over") == 2
    assert result.stderr.startswith(f"error: {path}:9: hand 2 is not PHH (TOML)")
    assert result.stderr.splitlines()[-1] == "replayed 2 of 3 hands"
    alone = runner.invoke(app, ["replay", str(path), "--hand", "2"])
    assert alone.exit_code == 2 and "hand 2 is not PHH (TOML)" in alone.stderr
