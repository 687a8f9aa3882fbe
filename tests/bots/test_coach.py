"""The coach (``parlour.bots.coach``) and ``parlour review``: a seat's decisions valued from its own
information, a clearly bad move marked with the better one, the same review for games the seat could not
tell apart, and the terminal's report and JSON.

The positions are prepared deals of Tëtka: seat 0 holds the Tëtka (the queen of the bum card's suit, two
penalty points) and no other heart, and leads the first trick. Leading the queen into three hands of low
hearts takes it back at once; leading a low club passes the trick on, and the queen can be thrown away
later on a suit seat 0 lacks.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.bots.base import sampler_for
from parlour.bots.coach import Review, decision_points, judge, open_hand_values, review, state_before
from parlour.cli.main import main

SEAT0 = ["QH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D", "3D", "4D", "5D", "6D"]
SEAT1 = ["AH", "KH", "2H", "3H", "9C", "10C", "7D", "8D", "AS", "KS", "QS", "JS", "10S"]
SEAT2 = ["JH", "10H", "4H", "5H", "JC", "QC", "9D", "10D", "9S", "8S", "7S", "6S", "5S"]
SEAT3 = ["9H", "8H", "6H", "KC", "AC", "JD", "QD", "KD", "AD", "4S", "3S", "2S", "7H"]   # the bum card: 7H
BUDGET = 300   # IS-MCTS iterations a decision: enough to see two penalty points, quick enough for a test


def record_of(lead: str, hands: list[list[str]] | None = None) -> dict[str, Any]:
    """A record of Tëtka on the prepared deal, stopped after seat 0's first lead."""
    state = parlour.new_game("tetka", seed=1, deal={"hands": hands or [SEAT0, SEAT1, SEAT2, SEAT3], "bum": "7H"})
    state.apply(0, lead)
    record: dict[str, Any] = state.record()
    return record


def test_leading_the_tetka_into_low_hearts_is_a_mistake_and_a_low_club_is_named_better() -> None:
    decision = review(record_of("play QH"), 0, budget=BUDGET, threshold=0.5).decisions[0]
    assert (decision.step, decision.hand, decision.played, decision.method) == (1, 1, "play QH", "search")
    assert decision.mistake and decision.mark in ("?", "??")
    assert decision.best != "play QH" and decision.loss > 0.5
    options = {option.action: option for option in decision.options}
    assert set(options) == set(parlour.new_game("tetka", seed=1, deal={"hands": [SEAT0, SEAT1, SEAT2, SEAT3],
                                                                         "bum": "7H"}).view(0).legal_actions)
    assert options[decision.best].value - options["play QH"].value == pytest.approx(decision.loss)
    assert decision.options[0].action == decision.best   # best first


def test_a_low_lead_is_not_a_mistake() -> None:
    decision = review(record_of("play 2C"), 0, budget=BUDGET, threshold=0.5).decisions[0]
    assert not decision.mistake and decision.mark == ""


def test_the_review_sees_only_the_seats_information() -> None:
    """Two games that differ only in cards seat 0 cannot see (a spade and a diamond change hands between
    seats 1 and 2) give seat 0 the same review for the same seed."""
    seat1 = [card if card != "AS" else "9D" for card in SEAT1]
    seat2 = [card if card != "9D" else "AS" for card in SEAT2]
    twin = record_of("play QH", [SEAT0, seat1, seat2, SEAT3])
    original = record_of("play QH")
    assert twin["options"]["deal"] != original["options"]["deal"]
    assert review(twin, 0, budget=60, seed=4) == review(original, 0, budget=60, seed=4)


def test_the_same_seed_gives_the_same_review_and_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    first = review(record_of("play QH"), 0, budget=40, seed=2, progress=lambda done, total: seen.append((done, total)))
    assert first == review(record_of("play QH"), 0, budget=40, seed=2)
    assert seen == [(0, 1), (1, 1)] and not first.finished


def test_forced_moves_and_other_seats_moves_are_not_decisions() -> None:
    state = parlour.new_game("twenty-five", seed=3)
    while state.to_move:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    record = state.record()
    points = decision_points(record, 1)
    assert points and all(record["actions"][step - 1][0] == 1 for step, _, _ in points)
    assert all(len(before.legal_actions(1)) > 1 for _, before, _ in points)
    reviewed = review(record, 1, budget=20)
    assert reviewed.finished and [decision.step for decision in reviewed.decisions] == [step for step, _, _ in points]


def test_a_bridge_ending_is_valued_with_every_hand_open() -> None:
    """In the last tricks of an Auction Bridge deal the options are played out double dummy in sampled
    worlds, and valued in the deal's score for the seat."""
    state = parlour.new_game("auction-bridge", seed=5)
    deal = state.hand_number
    while state.hand_number == deal:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    record = state.record()
    decisions = review(record, 0, budget=20).decisions + review(record, 1, budget=20).decisions
    ending = [decision for decision in decisions if decision.method == "open hands"]
    assert ending, [decision.method for decision in decisions]
    assert all(option.samples == 4 for decision in ending for option in decision.options)


def test_a_tute_ending_with_a_declaration_between_tricks_is_valued_open() -> None:
    """Tute's trick goal makes its last tricks open-hand ones; a trick's winner holding a king and queen may
    declare before leading (not a card), which the lines played out leave to the heuristic. Seed 0's random
    play reaches such an ending four tricks from the end."""
    state = parlour.new_game("tute", seed=0)
    rng = random.Random(0)
    while True:
        seat = state.to_move[0]
        position = state.open_position(seat)  # type: ignore[attr-defined]
        if position is not None and position.hands[position.to_play].bit_count() == 4:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.view(seat)
    estimates, _ = open_hand_values(view, sampler_for(state, seat), random.Random(0), 400)
    assert estimates is not None and set(estimates) == set(view.legal_actions)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat 4 is not at this table"):
        review(record_of("play QH"), 4)
    with pytest.raises(ValueError, match="budget"):
        review(record_of("play QH"), 0, budget=0)
    with pytest.raises(ValueError, match="threshold"):
        review(record_of("play QH"), 0, threshold=-1)


# --- parlour review ----------------------------------------------------------------------------------------
def run(argv: list[str]) -> tuple[int, str]:
    console = Console(file=io.StringIO(), width=120)
    code = main(argv, console=console)
    return code, console.file.getvalue()  # type: ignore[attr-defined]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of("play QH")), encoding="utf-8")
    return path


def test_the_terminal_report_marks_the_mistake_and_sums_up(saved: Path) -> None:
    code, out = run(["review", str(saved), "--seat", "0", "--budget", str(BUDGET), "--threshold", "0.5"])
    assert code == 0, out
    row = next(line for line in out.splitlines() if "play QH" in line)
    assert "?" in row and "search" in row
    assert "1 decision reviewed (the game is unfinished" in out and "1 mistake (?), of which" in out


def test_the_json_report_is_the_review(saved: Path) -> None:
    code, out = run(["review", str(saved), "--seat", "0", "--budget", "40", "--seed", "3", "--json"])
    assert code == 0
    expected: Review = review(json.loads(saved.read_text(encoding="utf-8")), 0, budget=40, seed=3)
    assert json.loads(out) == json.loads(json.dumps(expected.to_dict()))
    assert json.loads(out)["decisions"][0]["options"][0].keys() == {"action", "value", "stderr", "samples"}


def test_the_terminal_refuses_a_bad_file_and_a_seat_out_of_range(saved: Path, tmp_path: Path) -> None:
    code, out = run(["review", str(saved), "--seat", "9"])
    assert code == 2 and "seat 9 is not at this table: a game of 4 has seats 0 to 3" in out
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out = run(["review", str(bad), "--seat", "0"])
    assert code == 2 and "is not a Parlour record" in out
    code, out = run(["review", str(saved), "--seat", "0", "--budget", "0"])
    assert code == 2 and "budget" in out


def test_a_search_cut_short_before_trying_the_move_played_says_so() -> None:
    """A server caps the coach's seconds: a search stopped before it tried the move played cannot judge it."""
    record = record_of("play QH")
    with pytest.raises(ValueError, match="stopped before it tried play QH"):
        judge(state_before(record, 1), 0, "play QH", 1, BUDGET, None, 0, seconds=0.0)
