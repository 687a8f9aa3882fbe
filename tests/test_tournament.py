"""Tournaments (``parlour.sim.tournament`` and ``parlour tournament``): seating, duplicate deals,
reproducibility across processes, the summary's numbers, the CSV file and the command's refusals."""

from __future__ import annotations

import csv
import io
import math
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console

import parlour
from parlour.bots import WorldSampler
from parlour.cli.main import main
from parlour.engine import State, View
from parlour.sim import (
    CSV_COLUMNS,
    GameFailure,
    GameRecord,
    TournamentResult,
    mean_interval,
    plan_games,
    run_tournament,
    summarise,
    wilson_interval,
)
from parlour.sim import tournament as sim

TETKA = ["heuristic", "random", "heuristic", "random"]


def run(argv: list[str], console: Console | None = None) -> tuple[int, str]:
    console = console or Console(file=io.StringIO(), width=120)
    code = main(argv, input_fn=never_asked, console=console)
    return code, console.file.getvalue()  # type: ignore[attr-defined]


def never_asked(prompt: str) -> str:
    raise AssertionError(f"the command asked for input: {prompt!r}")


def without_time(output: str) -> str:
    return re.sub(r"\d+\.\d s on \d+ process(es)?", "<time>", output)


@pytest.fixture(scope="module")
def tetka() -> TournamentResult:
    """Eight games of Tëtka, heuristic against random, in this process; several tests read it."""
    return run_tournament("tetka", TETKA, games=8, seed=11)


def record(number: int, kinds: tuple[str, ...], scores: tuple[int, ...], places: tuple[int, ...],
           winners: tuple[int, ...], deal: int | None = None) -> GameRecord:
    return GameRecord(number=number, deal=number if deal is None else deal, rotation=0, deal_seed=0, kinds=kinds,
                      bot_seeds=(0,) * len(kinds), scores=scores, places=places, winners=winners, actions=1)


# --- the library -----------------------------------------------------------------------------------------
class TestTournament:
    def test_heuristic_beats_random_at_tetka(self, tetka: TournamentResult) -> None:
        """Tëtka is won by the lowest score: the heuristic's mean is lower, its win rate and Elo higher."""
        assert len(tetka.records) == 8 and tetka.lowest_score_wins
        heuristic, chance = tetka.summary("heuristic"), tetka.summary("random")
        assert heuristic.mean_score < chance.mean_score
        assert heuristic.win_rate > chance.win_rate
        assert heuristic.elo > 0 == chance.elo
        assert [row.bot for row in tetka.summaries] == ["heuristic", "random"]
        for row in tetka.summaries:
            assert row.ci95_low <= row.mean_score <= row.ci95_high
            assert 0 <= row.win_ci95_low <= row.win_rate <= row.win_ci95_high <= 1

    def test_each_kind_holds_each_seat_equally(self, tetka: TournamentResult) -> None:
        """Game g rotates the seat list by g: the kind listed i-th sits in seat (i + g) mod players."""
        for game in tetka.records:
            assert game.kinds == sim.seating(TETKA, game.number)
        seats = Counter((seat, kind) for game in tetka.records for seat, kind in enumerate(game.kinds))
        assert set(seats.values()) == {4}
        assert len({game.deal_seed for game in tetka.records}) == 8

    def test_records_hold_the_final_scores_places_and_winners(self, tetka: TournamentResult) -> None:
        game = tetka.records[0]
        state = parlour.new_game("tetka", seed=game.deal_seed)
        bots = [parlour_bot(kind, seed) for kind, seed in zip(game.kinds, game.bot_seeds, strict=True)]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, bots[seat](state.view(seat)))
        result = state.result()
        assert (game.scores, game.places, game.winners) == (tuple(state.scores()), result.places, result.winners)

    def test_several_processes_give_the_same_tournament(self, tetka: TournamentResult) -> None:
        assert run_tournament("tetka", TETKA, games=8, seed=11, jobs=2) == tetka

    def test_same_seed_same_tournament_other_seed_other_games(self, tetka: TournamentResult) -> None:
        assert run_tournament("tetka", TETKA, games=8, seed=11) == tetka
        assert run_tournament("tetka", TETKA, games=8, seed=12).records != tetka.records

    def test_progress_is_reported_after_every_game(self) -> None:
        calls: list[tuple[int, int]] = []
        run_tournament("divide-and-conquer", ["heuristic", "random"], games=5, seed=1,
                       progress=lambda done, total: calls.append((done, total)))
        assert calls == [(n, 5) for n in range(1, 6)]

    def test_no_seed_draws_one_and_keeps_it(self) -> None:
        result = run_tournament("divide-and-conquer", ["random", "random"], games=2)
        again = run_tournament("divide-and-conquer", ["random", "random"], games=2, seed=result.seed)
        assert again.records == result.records

    def test_bots_are_given_sampled_worlds_never_the_state(self, monkeypatch: pytest.MonkeyPatch) -> None:
        seen: list[tuple[View, State]] = []

        class Spy:
            name = "spy"

            def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
                assert worlds is not None and not isinstance(worlds, State)
                seen.append((view, worlds(random.Random(len(seen)))))
                return view.legal_actions[0]

        monkeypatch.setattr(sim, "make_bot", lambda kind, game, seed=None: Spy())
        run_tournament("divide-and-conquer", ["random", "random"], games=1, seed=3)
        assert seen and all(world.view(view.seat) == view for view, world in seen[:20] if view.seat is not None)


class TestDuplicate:
    def test_each_deal_is_played_once_per_rotation(self) -> None:
        seats = ["heuristic", "random", "random", "random"]
        result = run_tournament("tetka", seats, games=8, seed=5, duplicate=True)
        assert result.duplicate and result.deals == 2
        by_seed: dict[int, list[GameRecord]] = {}
        for game in result.records:
            by_seed.setdefault(game.deal_seed, []).append(game)
        assert len(by_seed) == 2
        for games in by_seed.values():
            assert sorted(game.rotation for game in games) == [0, 1, 2, 3]
            # The heuristic bot played every seat's cards of this deal.
            assert sorted(game.kinds.index("heuristic") for game in games) == [0, 1, 2, 3]

    def test_the_same_seed_deals_the_same_cards(self) -> None:
        tasks = plan_games("tetka", TETKA, 4, seed=2, duplicate=True)
        hands = [[parlour.new_game("tetka", seed=t.deal_seed).view(s).hand for s in range(4)] for t in tasks]
        assert all(h == hands[0] for h in hands)

    def test_games_must_be_whole_deals(self) -> None:
        with pytest.raises(ValueError, match="multiple of 4"):
            plan_games("tetka", TETKA, 6, seed=1, duplicate=True)

    def test_the_score_interval_is_taken_over_deals(self) -> None:
        games = [record(0, ("a", "b"), (10, 0), (1, 2), (0,), deal=0),
                 record(1, ("b", "a"), (10, 0), (1, 2), (0,), deal=0),
                 record(2, ("a", "b"), (4, 6), (2, 1), (1,), deal=1),
                 record(3, ("b", "a"), (2, 8), (2, 1), (1,), deal=1)]
        a = {row.bot: row for row in summarise(games, by_deal=True)}["a"]
        assert (a.mean_score, a.ci95_low, a.ci95_high) == pytest.approx(mean_interval([5, 6]))
        assert a.games == 4


class TestMargin:
    def test_the_lead_is_taken_per_deal_and_cancels_the_cards(self) -> None:
        """A deal's luck is in both kinds' scores: the lead is a's mean minus b's per deal, so two deals of
        very different scores but the same one-point lead give a lead of exactly one, with no spread."""
        games = [record(0, ("a", "b"), (101, 100), (1, 2), (0,), deal=0),
                 record(1, ("b", "a"), (100, 101), (2, 1), (1,), deal=0),
                 record(2, ("a", "b"), (6, 5), (1, 2), (0,), deal=1),
                 record(3, ("b", "a"), (5, 6), (2, 1), (1,), deal=1)]
        result = tournament_of(games, duplicate=True)
        lead = result.margin("a")
        assert (lead.mean, lead.low, lead.high, lead.units) == (1.0, 1.0, 1.0, 2)
        assert lead.verdict == "better" and result.margin("b").verdict == "worse"

    def test_where_the_lowest_wins_a_lower_score_is_a_lead(self) -> None:
        games = [record(0, ("a", "b", "b"), (2, 5, 9), (1, 2, 3), (0,)),
                 record(1, ("b", "a", "b"), (3, 4, 1), (2, 3, 1), (2,)),
                 record(2, ("b", "b", "a"), (8, 0, 4), (3, 1, 2), (1,))]
        lead = tournament_of(games, lowest_score_wins=True).margin("a")
        assert lead.mean == pytest.approx(((7 - 2) + (2 - 4) + (4 - 4)) / 3)
        assert (lead.mean, lead.low, lead.high) == pytest.approx(mean_interval([5, -2, 0]))
        assert lead.verdict == "level"

    def test_by_wins_the_lead_counts_games_won_not_points(self) -> None:
        """Where scores have no useful mean (Crates' doubling pressures), the lead is in shares of the win:
        a's win by one point and its win by a million count one game each, and a win shared by two seats is
        half a win to each."""
        games = [record(0, ("a", "b"), (1, 2), (1, 2), (0,), deal=0),
                 record(1, ("b", "a"), (1_000_000, 0), (2, 1), (1,), deal=0),
                 record(2, ("a", "b"), (5, 5), (1, 1), (0, 1), deal=1),
                 record(3, ("b", "a"), (9, 7), (2, 1), (1,), deal=1)]
        result = tournament_of(games, duplicate=True, lowest_score_wins=True)
        assert result.margin("a").mean == pytest.approx(((1 + 1_000_000) / 2 + 1) / 2)
        lead = result.margin("a", by_wins=True)
        assert (lead.mean, lead.units) == (pytest.approx(((1 + 1) / 2 + (0 + 1) / 2) / 2), 2)

    def test_a_kind_that_met_no_other_has_no_lead(self) -> None:
        with pytest.raises(KeyError, match="never met another kind"):
            tournament_of([record(0, ("a", "a"), (1, 2), (2, 1), (1,))]).margin("a")


def tournament_of(records: list[GameRecord], duplicate: bool = False,
                  lowest_score_wins: bool = False) -> TournamentResult:
    return TournamentResult(game_id="x", players=len(records[0].kinds), variant=None, seed=0, duplicate=duplicate,
                            seats=records[0].kinds, lowest_score_wins=lowest_score_wins, records=tuple(records),
                            summaries=summarise(records, by_deal=duplicate))


class TestSummary:
    def test_a_shared_win_counts_one_over_k(self) -> None:
        games = [record(0, ("a", "b", "c"), (5, 5, 1), (1, 1, 3), (0, 1)),
                 record(1, ("b", "c", "a"), (3, 2, 1), (1, 2, 3), (0,))]
        rows = {row.bot: row for row in summarise(games)}
        assert rows["a"].win_rate == 0.25 and rows["b"].win_rate == 0.75 and rows["c"].win_rate == 0
        assert rows["b"].win_ci95_low == pytest.approx(wilson_interval(1.5, 2)[1])
        assert rows["a"].mean_score == 3 and rows["a"].games == 2

    def test_seats_of_one_kind_merge_and_do_not_play_each_other(self) -> None:
        games = [record(0, ("x", "x", "y"), (3, 1, 2), (1, 3, 2), (0,)),
                 record(1, ("y", "x", "x"), (9, 1, 2), (1, 3, 2), (0,))]
        rows = {row.bot: row for row in summarise(games, anchor=None)}
        assert rows["x"].games == 4 and rows["y"].games == 2
        assert rows["x"].mean_score == pytest.approx(1.75)
        assert rows["x"].win_rate == 0.25 and rows["y"].win_rate == 0.5
        # Pairs: game 0 x beats y once, y beats x once; game 1 y beats x twice: 1 to 3 against x.
        assert rows["y"].elo - rows["x"].elo == pytest.approx(400 * math.log10(3.5 / 1.5))
        assert rows["x"].elo + rows["y"].elo == pytest.approx(0)

    def test_elo_is_anchored_at_random_when_it_plays(self, tetka: TournamentResult) -> None:
        assert tetka.summary("random").elo == 0
        other = run_tournament("divide-and-conquer", ["heuristic", "heuristic"], games=2, seed=1)
        assert [row.elo for row in other.summaries] == [0]

    def test_csv_has_the_header_and_one_row_per_kind(self, tetka: TournamentResult) -> None:
        stream = io.StringIO()
        tetka.write_csv(stream)
        rows = list(csv.reader(io.StringIO(stream.getvalue())))
        assert rows[0] == list(CSV_COLUMNS)
        assert ",".join(rows[0]) == "bot,games,mean_score,ci95_low,ci95_high,win_rate,win_ci95_low,win_ci95_high,elo"
        assert [row[0] for row in rows[1:]] == ["heuristic", "random"]
        for row, summary in zip(rows[1:], tetka.summaries, strict=True):
            assert int(row[1]) == summary.games
            assert [float(x) for x in row[2:]] == pytest.approx(list(summary.row()[2:]), abs=1e-6)


class TestRefusals:
    @pytest.mark.parametrize(("kwargs", "message"), [
        ({"game_id": "snap-dragon"}, "unknown game 'snap-dragon'"),
        ({"seats": ["heuristic", "robot", "random", "random"]}, "unknown bot 'robot'"),
        ({"seats": ["heuristic", "random"]}, "the seats name 2"),
        ({"games": 0}, "at least one game"),
        ({"variant": "reverse"}, "unknown variant 'reverse'"),
        ({"options": {"orbits": 0}}, "orbits must be at least 1"),
        ({"jobs": 0}, "at least one process"),
    ])
    def test_bad_arguments_fail_before_any_game(self, kwargs: dict[str, Any], message: str) -> None:
        played: list[int] = []
        arguments: dict[str, Any] = {"game_id": "tetka", "seats": TETKA, "games": 4, "seed": 1,
                                     "progress": lambda done, total: played.append(done)} | kwargs
        with pytest.raises(ValueError, match=message):
            run_tournament(**arguments)
        assert played == []

    def test_a_bot_that_breaks_the_rules_fails_the_game_by_name(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(sim, "make_bot", lambda kind, game, seed=None: Cheat())
        with pytest.raises(GameFailure, match=r"game 1 \(deal seed \d+.*chose 'play nothing'"):
            run_tournament("divide-and-conquer", ["random", "random"], games=1, seed=3)


class Cheat:
    name = "cheat"

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        return "play nothing"


def parlour_bot(kind: str, seed: int) -> Callable[[View], str]:
    bot = parlour.bots.make_bot(kind, "tetka", seed)
    return lambda view: bot.choose(view)


# --- the command ---------------------------------------------------------------------------------------------
class TestCommand:
    ARGS: ClassVar[list[str]] = ["tournament", "tetka", "--seats", ",".join(TETKA), "-n", "8", "--seed", "11"]

    def test_prints_the_table_and_what_was_played(self, tetka: TournamentResult) -> None:
        code, out = run(self.ARGS)
        assert code == 0
        assert "Tëtka · 4 players · 8 games · seed 11 · seats rotated each game" in out
        assert "(lower wins)" in out and "win rate" in out and "Elo" in out
        heuristic = tetka.summary("heuristic")
        assert f"{heuristic.mean_score:.2f}" in out and f"{100 * heuristic.win_rate:.1f}%" in out

    def test_same_seed_same_table(self) -> None:
        first, second = run(self.ARGS), run(self.ARGS + ["--jobs", "2"])
        assert first[0] == second[0] == 0
        assert without_time(first[1]) == without_time(second[1])

    def test_csv_file(self, tmp_path: Path, tetka: TournamentResult) -> None:
        path = tmp_path / "results.csv"
        code, out = run(self.ARGS + ["--csv", str(path)])
        assert code == 0 and f"Wrote {path}" in out
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines[0] == "bot,games,mean_score,ci95_low,ci95_high,win_rate,win_ci95_low,win_ci95_high,elo"
        assert [line.split(",")[0] for line in lines[1:]] == ["heuristic", "random"]

    def test_plot_draws_each_bot_s_scores_and_rating(self, tmp_path: Path) -> None:
        """``--plot``: an SVG with a row per bot kind, its scores and its Elo interval, text kept as text."""
        path = tmp_path / "tetka.svg"
        code, out = run(self.ARGS + ["--plot", str(path)])
        svg = path.read_text(encoding="utf-8")
        assert code == 0 and f"Drew {path}" in out
        assert svg.startswith("<?xml") and "<svg" in svg
        for words in ("heuristic", "random", "final score per game (lower wins)", "Elo, 95% interval"):
            assert words in svg

    def test_plot_refused_before_any_game_without_its_folder(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(sim, "play_games", fail_if_played)
        code, out = run(self.ARGS + ["--plot", "/no/such/folder/x.svg"])
        assert code == 2 and "cannot write /no/such/folder/x.svg" in out

    def test_duplicate_says_so(self) -> None:
        code, out = run(["tournament", "divide-and-conquer", "--seats", "heuristic,random", "-n", "4", "--seed", "1",
                         "--duplicate"])
        assert code == 0 and "duplicate: 2 deals × 2 rotations" in out and "(higher wins)" in out

    def test_a_terminal_gets_a_progress_bar_that_does_not_break_the_table(self) -> None:
        """Also ``--jobs 0``: one process per CPU, at most one per game."""
        console = Console(file=io.StringIO(), width=120, force_terminal=True)
        code, out = run(["tournament", "divide-and-conquer", "--seats", "heuristic,random", "-n", "2", "--jobs", "0"],
                        console)
        assert code == 0 and "heuristic" in out and "win rate" in out
        assert re.search(r"on [12] process", out)

    @pytest.mark.parametrize(("argv", "message"), [
        (["snap-dragon", "--seats", "random,random", "-n", "2"], "unknown game 'snap-dragon'"),
        (["tetka", "--seats", "heuristic,robot,random,random", "-n", "2"], "unknown bot 'robot'"),
        (["tetka", "--seats", "human,random,random,random", "-n", "2"], "unknown bot 'human'"),
        (["tetka", "--seats", "heuristic,random", "-n", "2"], "played by 4 players by default, but the seats name 2"),
        (["tetka", "--seats", "heuristic,random", "--players", "4", "-n", "2"], "the seats name 2"),
        (["tetka", "--seats", "heuristic,random,random", "--players", "3", "-n", "2"], "played by 4 players, not 3"),
        (["tetka", "--seats", ",".join(TETKA), "-n", "0"], "at least one game"),
        (["tetka", "--seats", ",".join(TETKA), "-n", "6", "--duplicate"], "multiple of 4"),
        (["tetka", "--seats", ",".join(TETKA), "-n", "2", "-o", "orbits=x"], "option orbits takes a whole number"),
        (["tetka", "--seats", ",".join(TETKA), "-n", "2", "--jobs", "-1"], "--jobs takes a number of processes"),
        (["tetka", "--seats", ",".join(TETKA), "-n", "2", "--csv", "/no/such/folder/x.csv"], "cannot write"),
        (["tetka", "--seats", ",".join(TETKA)], "the following arguments are required: -n/--games"),
        (["tetka", "-n", "2"], "the following arguments are required: --seats"),
        (["tetka", "--seats", ",".join(TETKA), "-n", "two"], "invalid int value"),
    ])
    def test_refused_with_the_reason_and_exit_code_2(self, argv: list[str], message: str) -> None:
        code, out = run(["tournament", *argv])
        assert code == 2
        assert message in out
        assert "Traceback" not in out

    def test_a_failing_bot_exits_1(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(sim, "make_bot", lambda kind, game, seed=None: Cheat())
        code, out = run(["tournament", "divide-and-conquer", "--seats", "random,random", "-n", "1"])
        assert code == 1 and "chose 'play nothing'" in out

    def test_listed_in_help(self) -> None:
        code, out = run(["--help"])
        assert code == 0 and "tournament" in out


def fail_if_played(*args: object, **kwargs: object) -> None:
    raise AssertionError("a game was played before the refusal")
