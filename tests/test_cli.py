"""The terminal front-end, driven through ``parlour.cli.main.main`` with fed input and a captured console.

Each test names the behaviour it checks (issue item 7). Games are stacked through the public ``deal=``
option so that a test knows which cards the human holds.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.cards import ACE_HIGH
from parlour.cli import table
from parlour.cli.main import main
from parlour.cli.play import read_value, resolve, seat_kinds
from parlour.engine import games as all_games  # parlour.games() itself; a name mypy can follow

SUITS = "CDHS"
RANKS = [rank.letter for rank in ACE_HIGH]
# Seat 0 holds every club, so it leads and wins every trick of the first deal: its choices are known.
STACKED = json.dumps({"hands": [[rank + suit for rank in RANKS] for suit in SUITS]})
ALL_BOTS = ["--seats", "heuristic,heuristic,random,random", "--seed", "1"]


def run(argv: list[str], lines: Iterable[str] | None = None) -> tuple[int, str]:
    """Exit code and everything printed; ``lines`` are what the player types, then end of input."""
    console = Console(file=io.StringIO(), width=120)
    fed = iter(lines or ())

    def read(_prompt: str) -> str:
        try:
            return next(fed)
        except StopIteration:
            raise EOFError from None

    code = main(argv, input_fn=read if lines is not None else never_asked, console=console)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    return code, output


def never_asked(prompt: str) -> str:
    raise AssertionError(f"the command asked for input: {prompt!r}")


def stacked_tetka(lines: list[str], *extra: str) -> tuple[int, str]:
    seats = [] if "--seats" in extra else ["--seats", "human,heuristic,heuristic,heuristic"]
    return run(["play", "tetka", "--seed", "3", "--option", f"deal={STACKED}", *seats, *extra], lines)


def saved(path: Path) -> dict[str, object]:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(record, dict)
    return record


def seat_actions(record: dict[str, object], seat: int) -> list[str]:
    actions = record["actions"]
    assert isinstance(actions, list)
    return [text for who, text in actions if who == seat]


# --- list, rules, help, version ------------------------------------------------------------------------
class TestCatalogue:
    def test_list_shows_every_game_with_players_and_options(self) -> None:
        code, out = run(["list"])
        assert code == 0
        for info in all_games():
            assert info.id in out and info.name in out
        assert "orbits=1" in out and "trick-taking" in out

    def test_rules_render_the_summary_and_the_options(self) -> None:
        code, out = run(["rules", "tetka"])
        assert code == 0
        assert "bum card" in out and "orbits" in out and "rounds of the table" in out
        assert "**" not in out  # the summary's markdown is rendered, not shown raw

    def test_unknown_game_lists_the_valid_ids_and_exits_2(self) -> None:
        code, out = run(["rules", "snap-dragon"])
        assert code == 2
        assert "unknown game 'snap-dragon'" in out and "tetka" in out

    def test_version_and_help(self) -> None:
        assert run(["--version"]) == (0, f"parlour {parlour.__version__}\n")
        code, out = run(["--help"])
        assert code == 0 and all(word in out for word in ("list", "rules", "play", "replay"))

    def test_no_command_shows_help_and_exits_2(self) -> None:
        code, out = run([])
        assert code == 2 and "usage: parlour" in out

    def test_python_dash_m_parlour_list(self) -> None:
        done = subprocess.run([sys.executable, "-m", "parlour", "list"], capture_output=True, text=True,
                              encoding="utf-8", timeout=60, check=False,
                              env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        assert done.returncode == 0, done.stderr
        assert "tetka" in done.stdout


# --- refusing bad command lines ---------------------------------------------------------------------------
class TestBadArguments:
    @pytest.mark.parametrize(("argv", "message"), [
        (["play", "snap-dragon"], "unknown game 'snap-dragon'"),
        (["play", "tetka", "--option", "bogus=1"], "unknown option 'bogus' for tetka"),
        (["play", "tetka", "--option", "orbits=many"], "option orbits takes a whole number"),
        (["play", "tetka", "--option", "orbits=0"], "option orbits must be at least 1"),
        (["play", "tetka", "--option", "orbits"], "write an option as name=value"),
        (["play", "tetka", "--seats", "human,robot,random,random"], "unknown seat kind 'robot'"),
        (["play", "tetka", "--players", "4", "--seats", "human,random"], "--seats names 2 seats"),
        (["play", "tetka", "--seats", "human,random"], "played by 4 players"),
        (["play", "tetka", "--variant", "reverse"], "unknown variant 'reverse'"),
        (["play", "tetka", "--players", "3"], "played by 4 players, not 3"),
        (["play", "tetka", "--seed", "x"], "invalid int value"),
        (["play", "tetka", "--level", "grandmaster"], "invalid choice: 'grandmaster'"),
        (["play", "tetka", "--level", "easy", "--seats", "human,easy,easy,easy"], "with --seats, name each seat's bot"),
    ])
    def test_refused_with_the_reason_and_exit_code_2(self, argv: list[str], message: str) -> None:
        code, out = run(argv)
        assert code == 2
        assert message in out
        assert "Traceback" not in out

    def test_the_level_fills_the_seats_a_person_does_not_name(self) -> None:
        """``--level``: the person in seat 0 and bots of that strength elsewhere; ``strong`` by default."""
        tetka = parlour.game_info("tetka")
        assert seat_kinds(None, None, tetka, "expert") == ["human", "expert", "expert", "expert"]
        assert seat_kinds(None, None, tetka) == ["human", "strong", "strong", "strong"]

    def test_option_values_take_their_option_kind(self) -> None:
        assert read_value("3", int) == 3
        assert read_value("off", bool) is False
        assert read_value("3", str) == "3"
        assert read_value("none", int, may_be_none=False) == "none"  # refused later by new_game's check
        assert read_value('{"a": [1]}', None) == {"a": [1]}


# --- bots in every seat -------------------------------------------------------------------------------------
class TestAllBots:
    def test_tetka_runs_to_the_end_without_input(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        code, out = run(["play", "tetka", *ALL_BOTS, "--save", str(path)])
        assert code == 0
        final = parlour.replay(saved(path))
        assert final.is_over
        assert final.result().text in out
        assert out.count("Hand 1 result") == 1 and "Hand 4 result" in out and "Game over" in out

    def test_same_seed_same_game(self) -> None:
        assert run(["play", "tetka", *ALL_BOTS])[1] == run(["play", "tetka", *ALL_BOTS])[1]

    @pytest.mark.parametrize("game", [info.id for info in all_games()])
    def test_every_registered_game_runs_with_random_bots(self, game: str) -> None:
        """A new game needs no front-end change: drawn and played from its views alone."""
        info = parlour.game_info(game)
        seats = ",".join(["random"] * info.players_default)
        short = ["--option", "deals=1"] if any(option.name == "deals" for option in info.options) else []
        code, out = run(["play", game, "--seats", seats, "--seed", "2", *short])
        assert code == 0, out
        assert "Game over" in out


# --- a human at the table ---------------------------------------------------------------------------------
class TestHuman:
    def test_number_notation_card_hint_bad_line_undo_save_quit(self, tmp_path: Path) -> None:
        path = tmp_path / "mid.json"
        code, out = stacked_tetka(["?", "nonsense", "play QH", "1", "play 3C", "4C", "undo",
                                   f"save {path}", "quit"])
        assert code == 0
        assert "IS-MCTS suggests play" in out
        assert "unknown action 'nonsense'" in out
        assert "you do not hold QH" in out
        assert "Took back play 4♣" in out
        assert "You left the game. Scores so far: seat 0 0, seat 1 0, seat 2 0, seat 3 0." in out
        record = saved(path)
        assert seat_actions(record, 0) == ["play 2C", "play 3C"]  # 4C was taken back
        state = parlour.replay(record)
        assert str(state.legal_actions(0)[0]) == "play 4C"
        # After the undo the table is drawn again with the four of clubs back in hand.
        assert out.rsplit("Took back", 1)[1].count("4♣ 5♣") == 1

    def test_table_shows_hand_zones_seats_and_numbered_choices(self) -> None:
        code, out = stacked_tetka(["quit"])
        assert code == 0
        assert "2♣ 3♣ 4♣" in out and "A♣" in out
        assert "bum card" in out and "A♠" in out  # the dealer's last card, face up
        assert "dealer" in out and "13. play A♣" in out and "to move: seat 0" in out

    def test_bad_number_and_ambiguity_are_messages_not_crashes(self) -> None:
        code, out = stacked_tetka(["0", "14", "play", "", "help", "quit"])
        assert code == 0
        assert out.count("choose a number from 1 to 13") == 2
        assert "'play' takes exactly one card" in out
        assert "undo" in out and "save FILE" in out

    def test_following_suit_is_refused_with_the_rule_and_a_card_alone_plays(self) -> None:
        clubs = [rank + "C" for rank in RANKS]
        diamonds = [rank + "D" for rank in RANKS]
        deal = {"hands": [clubs[:12] + diamonds[:1], clubs[12:] + diamonds[1:],
                          [rank + "H" for rank in RANKS], [rank + "S" for rank in RANKS]]}
        code, out = run(["play", "tetka", "--seats", "human,human,random,random", "--seed", "1",
                         "--option", f"deal={json.dumps(deal)}"], ["2C", "KD", "AC", "quit"])
        assert code == 0
        assert "you must follow suit: clubs were led" in out
        assert "seat 1: play AC" in out.replace("A♣", "AC")

    def test_end_of_input_quits_cleanly(self) -> None:
        code, out = stacked_tetka([])
        assert code == 0 and "Input ended" in out

    def test_save_at_the_end_after_quitting(self, tmp_path: Path) -> None:
        path = tmp_path / "end.json"
        code, _ = stacked_tetka(["1", "quit"], "--save", str(path))
        assert code == 0
        assert seat_actions(saved(path), 0) == ["play 2C"]

    def test_save_to_an_unwritable_place_is_a_message(self, tmp_path: Path) -> None:
        code, out = stacked_tetka([f"save {tmp_path}/missing/dir/x.json", "save", "quit"])
        assert code == 0
        assert "cannot write" in out and "write save FILE" in out

    def test_playing_a_whole_deal_prints_its_result(self) -> None:
        code, out = stacked_tetka([str(1)] * 13 + ["quit"])
        assert code == 0
        assert "Hand 1 result" in out and "the last trick" in out and "hand 2" in out

    def test_hot_seat_labels_each_human_and_refuses_undo(self) -> None:
        code, out = run(["play", "tetka", "--seats", "human,human,random,random", "--seed", "4",
                         "--option", f"deal={STACKED}"], ["1", "undo", "quit"])
        assert code == 0
        assert "seat 0 (human), your move" in out and "seat 1 (human), your move" in out
        assert "undo is available only when every other seat is a bot" in out
        # Seat 1 sees its own diamonds and never seat 0's clubs as a hand.
        seat_1_table = out.split("seat 1 to choose", 1)[1]
        assert "your hand  2♦" in seat_1_table

    @pytest.mark.skipif("divide-and-conquer" not in {g.id for g in all_games()},
                        reason="needs a game where two seats choose at once")
    def test_simultaneous_choice_asks_the_human_and_lets_the_bot_choose(self, tmp_path: Path) -> None:
        path = tmp_path / "dc.json"
        code, out = run(["play", "divide-and-conquer", "--seats", "human,random", "--seed", "3",
                         "--save", str(path)], ["1", "quit"])
        assert code == 0
        assert "to move: seat 0 and seat 1" in out
        record = saved(path)
        assert len(seat_actions(record, 0)) == 1 and len(seat_actions(record, 1)) == 1


# --- resolving what a human typed -------------------------------------------------------------------------
class TestResolve:
    LEGAL = ("play 2C", "play QC", "discard QC", "pass")

    def test_number_notation_and_card(self) -> None:
        assert resolve("1", self.LEGAL) == "play 2C"
        assert resolve("PASS", self.LEGAL) == "pass"
        assert resolve("2c", self.LEGAL) == "play 2C"

    def test_card_of_several_actions_is_ambiguous(self) -> None:
        with pytest.raises(ValueError, match="in several actions"):
            resolve("QC", self.LEGAL)

    def test_unlisted_card_gets_the_common_verb_so_the_game_names_the_rule(self) -> None:
        assert resolve("KD", ["play 2C", "play QC"]) == "play KD"
        with pytest.raises(ValueError, match="no listed action uses K♦"):
            resolve("KD", self.LEGAL)


# --- drawing any view -------------------------------------------------------------------------------------
class TestDrawing:
    def test_zones_of_every_shape(self) -> None:
        view = {
            "game": "no-such-game", "seat": 1, "hand_number": 2, "phase": "draw", "to_move": [1, 2],
            "legal_actions": ["draw stock", "take upcard"], "hand": ["10H", "JK", "face-down"],
            "seats": [{"seat": s, "team": s % 2, "held": 5, "face_up": ["7H#2"] if s == 0 else [],
                       "tricks": None, "chips": 20 - s, "status": "out" if s == 2 else ""} for s in range(3)],
            "table": {"trick": [{"seat": 0, "card": "QC"}, {"seat": 1, "card": "??"}], "upcard": "QD",
                      "stock": 30, "discard": [f"{r}S" for r in RANKS] * 2, "pot": None, "open": True},
            "scores": [3, -1, 0], "log": ["seat 0 draws", "seat 0 discards 10D"], "extra": {"lacks": [[7], []]},
            "is_over": False,
        }
        console = Console(file=io.StringIO(), width=120)
        console.print(table.draw_view(view, ["human", "heuristic", "random"]))
        out = console.file.getvalue()  # type: ignore[attr-defined]
        for text in ("no-such-game", "seat 0: Q♣", "??", "Q♦", "stock", "30", "(26, last 20)", "7♥#2",
                     "chips", "team", "out", "discards 10♦", "10♥   JK face-down", "1. draw stock",
                     "2. take upcard", "lacks: [7], []", "heuristic (you)", "to move: seat 1 and seat 2"):
            assert text in out, text

    def test_the_choices_say_what_they_come_to(self) -> None:
        """Razz's bring-in in the terminal: each betting move beside its amount, as the browser's buttons
        say it (``State.action_labels``, issue 39)."""
        import parlour

        state = parlour.new_game("razz", seed=2)
        seat = state.to_move[0]
        console = Console(file=io.StringIO(), width=160)
        console.print(table.draw_view(state.view(seat).to_dict(), labels=state.action_labels(seat)))
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert "1. bring-in (Bring in 2)" in out and "2. complete (Complete to 4)" in out

    def test_zones_are_drawn_by_the_kinds_the_view_gives(self) -> None:
        """Two equal numbers told apart by kind: the stub is cards face down, the round a plain number;
        seats are named as the viewer knows them, and bids, melds and pots read as such."""
        view: dict[str, Any] = {
            "game": "no-such-game", "seat": 1, "hand_number": 1, "phase": "play", "to_move": [1],
            "legal_actions": [], "hand": [], "seats": [{"seat": s, "team": None, "held": 5, "face_up": [],
                                                        "tricks": None, "chips": None, "status": ""} for s in range(3)],
            "table": {"stub": 12, "round": 12, "auction": [{"seat": 0, "call": "1H"}, {"seat": 1, "call": "pass"}],
                      "melds": [["7H", "7S", "7D"], []], "pots": [{"name": "pool", "chips": 9}]},
            "scores": [0, 0, 0], "log": [], "is_over": False,
            "extra": {"dealer": 1, "declarer": 2, "kept": [0, 2], "sides": [[0, 2], [1]]},
            "kinds": {"table": {"stub": "count", "round": "number", "auction": "bids", "melds": "melds",
                                "pots": "pots"}, "extra": {"dealer": "seat", "declarer": "seat", "kept": "seats",
                                                   "sides": "seats"}},
        }
        console = Console(file=io.StringIO(), width=160)
        console.print(table.draw_view(view))
        lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
        zone = {name: next(text for text in lines if f" {name} " in text) for name in view["table"]}
        assert "12 cards" in zone["stub"] and "cards" not in zone["round"]
        assert "seat 0: 1♥ · you: pass" in zone["auction"]
        assert "7♥ 7♠ 7♦ | —" in zone["melds"] and "pool 9" in zone["pots"]
        assert "dealer: you · declarer: seat 2 · kept: seat 0, seat 2 · sides: seat 0, seat 2 | you" in "".join(lines)

    def test_notation_and_prose_show_suit_symbols(self) -> None:
        assert str(table.notation("meld 7H 7S JK")) == "meld 7♥ 7♠ JK"
        assert str(table.prose("seat 2 wins trick 10 with AS, not 10 ASK")) == \
            "seat 2 wins trick 10 with A♠, not 10 ASK"
        assert table.card("QH").style == table.RED and table.card("QS").style == table.BLACK


# --- replaying a record -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    code, _ = run(["play", "tetka", *ALL_BOTS, "--save", str(path)])
    assert code == 0
    return path


class TestReplay:
    def test_all_prints_every_step_and_the_result(self, record_file: Path) -> None:
        code, out = run(["replay", str(record_file), "--all"])
        assert code == 0
        assert "step 1/208" in out and "step 208/208" in out
        assert "Hand 4 result" in out and parlour.replay(saved(record_file)).result().text in out

    def test_stepping_forward_back_and_quit(self, record_file: Path) -> None:
        code, out = run(["replay", str(record_file), "--seat", "2"], ["", "", "b", "x", "200", "q"])
        assert code == 0
        assert "step 0 of 208 · as seat 2" in out and "step 2 of 208" in out
        assert out.count("step 1 of 208") == 2  # forward to it, then back to it
        assert "press Enter to go on" in out and "step 200 of 208" in out

    def test_the_seat_sees_only_its_own_hand(self, record_file: Path) -> None:
        first = parlour.new_game("tetka", seed=1)  # the record's seed: its first deal
        code, out = run(["replay", str(record_file), "--seat", "1"], ["q"])
        assert code == 0
        assert str(table.cards(first.view(1).hand, group_suits=True)) in out
        assert str(table.cards(first.view(0).hand, group_suits=True)) not in out

    @pytest.mark.parametrize(("change", "message"), [
        (lambda r: r["actions"].__setitem__(3, [3, "play ZZ"]), "corrupted record: action 4"),
        (lambda r: r.__setitem__("format", "chess"), "not a Parlour record"),
        (lambda r: r.__setitem__("scores", [0, 0, 0, 0]), "does not reach the scores"),
    ])
    def test_corrupted_record_is_refused(self, record_file: Path, tmp_path: Path,
                                         change: Callable[[dict[str, object]], None], message: str) -> None:
        record = saved(record_file)
        change(record)
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(record), encoding="utf-8")
        code, out = run(["replay", str(bad), "--all"])
        assert code == 2 and message in out

    def test_unreadable_files_and_bad_seats(self, record_file: Path, tmp_path: Path) -> None:
        broken = tmp_path / "broken.json"
        broken.write_text("{not json", encoding="utf-8")
        assert run(["replay", str(broken)])[0] == 2
        code, out = run(["replay", str(tmp_path / "absent.json")])
        assert code == 2 and "cannot read" in out
        code, out = run(["replay", str(record_file), "--seat", "7"])
        assert code == 2 and "no seat 7" in out

    def test_saved_mid_game_record_replays_unfinished(self, tmp_path: Path) -> None:
        path = tmp_path / "mid.json"
        stacked_tetka(["1", f"save {path}", "quit"])
        code, out = run(["replay", str(path), "--all", "--seat", "0"])
        assert code == 0 and "left unfinished" in out and "step 4/4" in out


def test_only_the_engines_card_notation_is_drawn_as_a_card() -> None:
    """A bid of one (``bid 1H``) is drawn 1♥ like any bid in a suit, never as the ace; a word (``as``) stays
    text; ``play AH`` and ``7S#2`` are cards."""
    assert table.notation("bid 1H").plain == "bid 1♥" and table.notation("bid 2H").plain == "bid 2♥"
    assert table.prose("seat 0: bid 1S, seat 1: bid 2C").plain == "seat 0: bid 1♠, seat 1: bid 2♣"
    assert table.notation("bid 3NT").plain == "bid 3NT"
    assert table.notation("play AH").plain == "play A♥"
    assert table.card("7S#2").plain != "7S#2" and table.card("as").plain == "as"


def test_export_writes_a_bridge_record_as_pbn_and_refuses_other_games(tmp_path: Path) -> None:
    """``parlour export``: an Auction Bridge record becomes PBN; a Tëtka record has no PBN form."""
    rubber = tmp_path / "rubber.json"
    code, _ = run(["play", "auction-bridge", "--seats", "heuristic,random,random,random", "--seed", "2",
                   "--save", str(rubber)])
    assert code == 0
    code, out = run(["export", str(rubber)])
    assert code == 0 and out.startswith("% PBN 2.1") and '[Contract "' in out and '[Deal "' in out
    written = tmp_path / "rubber.pbn"
    assert run(["export", str(rubber), "--out", str(written)])[0] == 0
    assert written.read_text(encoding="utf-8") == out

    tetka = tmp_path / "tetka.json"
    assert run(["play", "tetka", *ALL_BOTS, "--save", str(tetka)])[0] == 0
    code, out = run(["export", str(tetka)])
    assert code == 2 and "a game of tetka, which no export format holds" in " ".join(out.split())
    code, out = run(["export", str(tetka), "--format", "pbn"])
    assert code == 2 and "PBN is a format for auction-bridge" in out
    code, out = run(["export", str(tmp_path / "missing.json")])
    assert code == 2 and "cannot read" in out


def test_export_writes_razz_hands_as_phh_for_pokerkit(tmp_path: Path) -> None:
    """``parlour export`` of a Razz record: every finished hand as one .phhs file (a TOML table a hand) that
    pokerkit reads, or one hand with ``--hand``; ``--hand`` means nothing to PBN."""
    pokerkit = pytest.importorskip("pokerkit")
    game = tmp_path / "razz.json"
    assert run(["play", "razz", "--seats", "heuristic,heuristic,heuristic", "--seed", "4", "--option", "hands=3",
                "--save", str(game)])[0] == 0
    code, out = run(["export", str(game)])
    assert code == 0 and out.startswith("[1]\n") and "variant = 'FR'" in out
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = list(pokerkit.HandHistory.loads_all(out))
    assert len(histories) == 3
    code, one = run(["export", str(game), "--hand", "2"])
    assert code == 0 and one.startswith("variant = 'FR'") and f"[2]\n{one}" in out
    code, out = run(["export", str(game), "--hand", "9"])
    assert code == 2 and "no finished hand 9" in out
    code, out = run(["export", str(game), "--format", "pbn"])
    assert code == 2 and "PBN is a format for auction-bridge" in out
