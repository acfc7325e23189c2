"""``pokerroom icm`` and ``pokerroom chop``: the equities and deals printed, and bad
input refused in one line with exit code 2, through the launcher as a user runs it."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from pokerroom.cli.launch import run


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run(args, prog="pokerroom")
    return code, out.getvalue(), err.getvalue()


def test_icm_json_lists_equities_in_the_order_of_the_stacks() -> None:
    code, out, _ = _run(["icm", "2000", "5000", "3000", "--payouts", "50,30,20", "--json"])
    assert code == 0
    equities = json.loads(out)["equities"]
    assert [round(e, 2) for e in equities] == [28.86, 38.39, 32.75]
    assert abs(sum(equities) - 100) < 1e-9


def test_icm_in_prize_units_of_a_pool() -> None:
    code, out, _ = _run(["icm", "5000", "3000", "2000", "-p", "50,30,20", "--pool", "1000",
                         "--json"])
    assert code == 0
    assert [round(e, 1) for e in json.loads(out)["equities"]] == [383.9, 327.5, 288.6]
    code, out2, _ = _run(["icm", "5000", "3000", "2000", "--prizes", "500,300,200",
                          "--json"])
    assert (code, out2) == (0, out)


def test_chop_pays_whole_units_summing_to_the_prizes_less_the_save() -> None:
    code, out, _ = _run(["chop", "100000", "70000", "50000", "20000", "--prizes",
                         "200,120,80,50", "--save", "40", "--json"])
    assert code == 0
    data = json.loads(out)
    assert sum(data["icm"]) == sum(data["chips"]) == 410
    assert data["icm"] == [124, 112, 101, 73]


@pytest.mark.parametrize(("args", "words"), [
    (["icm", "5000", "-3000", "2000", "--payouts", "50,30,20"],
     "stacks[2]: player 2's stack must be a whole number of chips above 0, not '-3000'"),
    (["icm", "5000", "0", "--payouts", "100"], "stacks[2]"),
    (["icm", "5000", "3000", "2000", "--payouts", "50,30,30"],
     "payouts: the percentages sum to 110, not 100"),
    (["icm", "5000", "3000", "--payouts", "50,30,20"],
     "payouts: 3 places paid but only 2 players left"),
    (["icm", "5000", "3000", "--payouts", "30,70"], "place 2 (70%) is paid more"),
    (["icm", "5000", "3000"], "give either --payouts (percentages) or --prizes"),
    (["icm", "5000", "3000", "--payouts", "100", "--prizes", "100"], "give either"),
    (["icm", "5000", "3000", "--prizes", "100", "--pool", "50"], "--pool goes with"),
    (["icm", "5000", "3000", "--payouts", "100", "--pool", "-5"], "pool"),
    (["icm", "5000", "3000", "--payouts", "100", "--frobnicate"], "no such option"),
    (["chop", "5000", "3000", "--prizes", "100,50", "--save", "101"], "save"),
    (["chop", "5000", "3000", "--prizes", "50,100"], "paid more than the place above"),
    (["chop", "5000", "3000", "--prizes", "a,b"], "prizes[1]"),
])
def test_bad_input_is_one_line_and_exit_code_two(args: list[str], words: str) -> None:
    code, out, err = _run(args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err, err
