"""``pokerroom floor`` at a keyboard: a report naming a seat the table does not have is
answered with one line at the prompt, and the hand goes on."""

from __future__ import annotations

import pexpect
from pty_harness import PROMPT, clean, spawn_floor


def test_a_report_about_a_seat_beyond_the_table_is_one_line_and_the_hand_goes_on() -> None:
    child = spawn_floor(["holdem", "--seats", "3"])
    lines = ["report exposed 4 As", "report short 4", "report dealtout 7",
             "report falseopen 4", "report miscall 2 8-6 fouled 5", "report button 9"]
    answers: list[str] = []
    try:
        child.expect(PROMPT)
        for line in lines:
            child.sendline(line)
            assert child.expect([PROMPT, pexpect.EOF]) == 0, clean(child.before)
            answers.append(clean(child.before))
        child.sendline("As")                        # the deal goes on from the first card
        child.expect(PROMPT)
        after = clean(child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    for line, answer in zip(lines, answers, strict=True):
        echoed, *said, prompt = [x for x in answer.splitlines() if x.strip()]
        assert echoed == line and prompt.startswith("deal a card to seat 1 (down)")
        assert len(said) == 1 and said[0].startswith("not done:"), (line, answer)
    assert "no seat 4 at this table" in answers[0]
    assert "no seat 5 at this table" in answers[4]
    assert "deal a card to seat 2 (down)" in after
