"""What a person types and reads at the terminal table (issue 17): short forms of every action, the ``rules``
and ``score`` commands, ``parlour list`` at 80 columns, and seat lines with punctuation.

Short forms are checked against the legal actions of real positions, reached by a seeded random walk so
that each test names what it looks for rather than a step number.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from test_cli import run, saved, seat_actions, stacked_tetka

import parlour
from parlour.cli import table
from parlour.cli.play import resolve
from parlour.engine import HandResult, State
from parlour.engine import games as all_games


def walk_to(game: str, seed: int, wanted: Callable[[list[str]], bool], steps: int = 3000) -> State:
    """The first position of a seeded random game whose seat to move has legal actions that ``wanted``."""
    state = parlour.new_game(game, seed=seed)
    chance = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        legal = [str(action) for action in state.legal_actions(seat)]
        if wanted(legal):
            return state
        state.apply(seat, chance.choice(legal))
    raise AssertionError(f"no {game} position of seed {seed} has the actions wanted")


def typed(state: State, text: str) -> str:
    """What the terminal makes of ``text`` for the seat to move, and that the game takes it."""
    seat = state.to_move[0]
    chosen = resolve(text, [str(action) for action in state.legal_actions(seat)], state.parse_action)
    state.clone().apply(seat, chosen)
    return chosen


# --- 1. one short form for every action -------------------------------------------------------------------
class TestShortForms:
    def test_bridge_bids_pass_and_double(self) -> None:
        """A bid without its verb, in either case; pass and double as the words they are."""
        state = walk_to("auction-bridge", 4, lambda legal: "double" in legal)
        higher = next(str(a) for a in state.legal_actions(state.to_move[0]) if str(a).startswith("bid "))
        assert typed(state, higher.split()[1].lower()) == higher
        assert typed(state, "Pass") == "pass"
        assert typed(state, "DOUBLE") == "double"

    def test_solo_and_schafkopf_calls(self) -> None:
        """Calls of several words after their verb (Solo's ``bid simple in colour``, ``name solo clubs``);
        Schafkopf's take and pass."""
        state = walk_to("solo", 1, lambda legal: "bid simple in colour" in legal)
        assert typed(state, "simple in colour") == "bid simple in colour"
        state = walk_to("solo", 1, lambda legal: "name solo clubs" in legal)
        assert typed(state, "Solo  Clubs") == "name solo clubs"
        state = walk_to("schafkopf", 1, lambda legal: "take" in legal)
        assert typed(state, "take") == "take" and typed(state, "PASS") == "pass"

    def test_tetka_cards(self) -> None:
        state = walk_to("tetka", 1, lambda legal: len(legal) > 1)
        first = str(state.legal_actions(state.to_move[0])[0])
        card = first.split()[1]
        assert typed(state, card) == typed(state, card.lower()) == first
        assert typed(state, table.card(card).plain) == first   # the suit symbol too

    def test_canasta_and_carioca_actions_of_several_words(self) -> None:
        state = walk_to("canasta", 1, lambda legal: any(a.startswith("lay ") for a in legal))
        lay = next(str(a) for a in state.legal_actions(state.to_move[0]) if str(a).startswith("lay "))
        assert typed(state, lay.partition(" ")[2].lower()) == lay
        state = walk_to("carioca", 1, lambda legal: "draw stock" in legal)
        assert typed(state, "stock") == "draw stock" and typed(state, "Discard") == "draw discard"

    def test_razz_bets(self) -> None:
        state = walk_to("razz", 1, lambda legal: "bring-in" in legal)
        assert typed(state, "Bring-In") == "bring-in" and typed(state, "complete") == "complete"
        state = walk_to("razz", 1, lambda legal: "bet" in legal)
        assert typed(state, "BET") == "bet" and typed(state, "check") == "check"

    def test_words_that_fit_several_actions_are_refused_naming_them(self) -> None:
        """Kowah: a card that may be discarded or declared for checki."""
        def both(legal: list[str]) -> bool:
            return any(f"discard {a.split()[1]}" in legal for a in legal if a.startswith("checki "))
        state = walk_to("kowah", 1, both)
        legal = [str(a) for a in state.legal_actions(state.to_move[0])]
        card = next(a.split()[1] for a in legal if a.startswith("checki "))
        with pytest.raises(ValueError, match=rf"{card} is in several actions \((?=.*discard {card})(?=.*checki "
                                             rf"{card}).*\): type the whole action or its number"):
            resolve(card, legal, state.parse_action)

    def test_an_illegal_short_form_is_refused_by_the_rule(self) -> None:
        """``1NT`` after a higher bid is tried as ``bid 1NT``, so the refusal names the bidding rule, not the
        notation; words no verb reads are left for the notation error."""
        state = parlour.new_game("auction-bridge", seed=4)
        state.apply(0, "bid 2NT")
        legal = [str(a) for a in state.legal_actions(1)]
        assert resolve("1NT", legal, state.parse_action) == "bid 1NT"
        assert resolve("nonsense", legal, state.parse_action) == "nonsense"

    def test_at_the_table_a_bid_needs_no_verb(self, tmp_path: Path) -> None:
        path = tmp_path / "bid.json"
        code, out = run(["play", "auction-bridge", "--seats", "human,random,random,random", "--seed", "4",
                         "--save", str(path)], ["1nt", "1NT", "pass", "quit"])
        assert code == 0
        assert "does not overcall" in out and "unknown action" not in out
        assert seat_actions(saved(path), 0) == ["bid 1NT", "pass"]


# --- 2. rules and score at the table -------------------------------------------------------------------
class TestRulesAndScore:
    def test_rules_prints_the_rules_page(self) -> None:
        code, out = stacked_tetka(["rules", "quit"])
        assert code == 0
        page = out.split("your move › rules", 1)[1]
        assert "bum card" in page and "options (--option name=value)" in page and "rules source" in page

    def test_score_before_and_after_a_deal(self) -> None:
        code, out = stacked_tetka(["score", *["1"] * 13, "score", "help", "quit"])
        assert code == 0
        before, after = out.split("your move › score")[1:3]
        assert "No deal has finished yet." in before
        sheet = after.split("your move ›", 1)[0]
        assert "Score sheet" in sheet and "seat 0" in sheet and "you" in sheet and "deal 1" in sheet
        assert "rules " in after and "score " in after   # help names both

    def test_sheet_rows_running_totals_and_the_table_score(self) -> None:
        """Each deal's change over its running total; the table's score shown apart when a stake makes it
        differ from the sum of the changes; a void deal is marked."""
        results = [HandResult(1, (5, -5), summary="seat 0 takes the pot"),
                   HandResult(2, (0, 0), summary="no one wins", void=True),
                   HandResult(3, (-2, 2), summary="seat 1 takes the pot")]
        console = Console(file=io.StringIO(), width=80)
        console.print(table.score_sheet(results, [103, 97], ["human", "random"], viewer=0))
        out = console.file.getvalue()  # type: ignore[attr-defined]
        rows = {line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[2:4]]
                for line in out.splitlines() if line.startswith("│") and line.split("│")[1].strip()}
        assert rows["1"] == ["+5", "-5"] and rows["2"] == ["void", "void"] and rows["3"] == ["-2", "+2"]
        assert rows["total"] == ["3", "-3"] and rows["score"] == ["103", "97"]
        assert "deal 2  void deal: no one wins" in out and "you" in out
        assert all(len(line) <= 80 for line in out.splitlines())


# --- 3. the list at 80 columns --------------------------------------------------------------------------
def test_list_fits_80_columns_without_cutting_a_name() -> None:
    console = Console(file=io.StringIO(), width=80)
    console.print(table.games_table(all_games()))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in out
    for info in all_games():
        assert any(info.id in line and info.name in line for line in lines), info.id
        for option in info.options:
            assert f"{option.name}={option.default}" in out


# --- 4. seat lines read as sentences -------------------------------------------------------------------
def test_zones_and_results_put_a_colon_after_the_seat() -> None:
    """A bid, a card in a trick and a deal's change each follow ``seat N:``, never ``seat 1 pass``."""
    bids = table.by_kind("bids", [{"seat": 0, "call": "1NT"}, {"seat": 1, "call": "pass"}], viewer=1)
    assert bids.plain == "seat 0: 1NT · you: pass"
    assert table.entry({"seat": 2, "card": "QC"}).plain == "seat 2: Q♣"
    console = Console(file=io.StringIO(), width=80)
    console.print(table.hand_result(HandResult(1, (3, -3)), ["human", "random"], [3, -3]))
    assert "seat 0: +3 (total 3) · seat 1: -3 (total -3)" in console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["auction-bridge", "solo", "razz"])
def test_no_seat_line_runs_a_seat_into_its_action(game: str, tmp_path: Path) -> None:
    """No action taken is printed straight after its seat's name without punctuation: not in the log, the
    auction or the trick that the person at the table reads, nor in the bots' transcript."""
    path = tmp_path / "game.json"
    info = parlour.game_info(game)
    short = ["--option", "hands=1"] if any(option.name == "hands" for option in info.options) else []
    seats = ",".join(["human"] + ["random"] * (info.players_default - 1))
    code, out = run(["play", game, "--seats", seats, "--seed", "2", "--save", str(path), *short],
                    ["1"] * 12 + ["quit"])
    assert code == 0
    actions = saved(path)["actions"]
    assert isinstance(actions, list) and len(actions) > 5
    for seat, action in {(seat, action) for seat, action in actions}:
        shown = re.escape(table.notation(action).plain)
        assert not re.search(rf"(seat {seat}|you) {shown}(?!\w)", out), (seat, action)
