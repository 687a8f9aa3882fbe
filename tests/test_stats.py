"""The tournament's statistics (``parlour.sim.stats``) on data whose answers are known."""

from __future__ import annotations

import math
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.sim.stats import (
    ELO_PER_NATURAL_LOG,
    bradley_terry,
    elo_ratings,
    mean_interval,
    pairwise_wins,
    t_quantile,
    wilson_interval,
)


class TestStudentT:
    @pytest.mark.parametrize(("df", "expected"), [
        (1, 12.706204736), (2, 4.302652730), (3, 3.182446305), (7, 2.364624252), (10, 2.228138852),
        (30, 2.042272456), (100, 1.983971519), (1000, 1.962339081), (10 ** 6, 1.959966),
    ])
    def test_two_sided_95_percent_critical_values(self, df: int, expected: float) -> None:
        """Published t tables, through both the closed form (small df) and the series (large df)."""
        assert t_quantile(df) == pytest.approx(expected, abs=2e-6)

    def test_other_levels_and_the_seam_between_methods(self) -> None:
        assert t_quantile(5, 0.99) == pytest.approx(4.032142984, abs=1e-6)
        assert t_quantile(299) == pytest.approx(t_quantile(300), abs=1e-4)
        assert t_quantile(299) > t_quantile(300)

    def test_refuses_no_degrees_of_freedom(self) -> None:
        with pytest.raises(ValueError, match="degree of freedom"):
            t_quantile(0)


class TestMeanInterval:
    def test_known_sample(self) -> None:
        """1, 2, 3, 4: mean 2.5, s = 1.2910, t(3) = 3.1824, half-width 2.0543."""
        mean, low, high = mean_interval([1, 2, 3, 4])
        assert mean == 2.5
        assert (low, high) == pytest.approx((0.44574, 4.55426), abs=1e-5)

    def test_no_spread_and_a_single_value(self) -> None:
        assert mean_interval([3, 3, 3]) == (3.0, 3.0, 3.0)
        mean, low, high = mean_interval([7])
        assert mean == 7 and math.isnan(low) and math.isnan(high)
        with pytest.raises(ValueError):
            mean_interval([])

    @given(st.lists(st.integers(-1000, 1000), min_size=2, max_size=50))
    def test_contains_the_mean_and_narrows_with_confidence(self, values: list[int]) -> None:
        mean, low, high = mean_interval(values)
        assert low <= mean <= high
        _, low90, high90 = mean_interval(values, 0.90)
        assert low <= low90 + 1e-9 and high90 <= high + 1e-9


class TestWilson:
    @pytest.mark.parametrize(("wins", "n", "low", "high"), [
        (8, 10, 0.4902, 0.9433), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (50, 100, 0.4038, 0.5962),
        (1, 1, 0.2065, 1.0),
    ])
    def test_known_intervals(self, wins: int, n: int, low: float, high: float) -> None:
        rate, lo, hi = wilson_interval(wins, n)
        assert rate == wins / n
        assert (lo, hi) == pytest.approx((low, high), abs=1e-4)

    def test_fractional_wins_are_accepted(self) -> None:
        """A win shared by two counts one half."""
        rate, low, high = wilson_interval(2.5, 10)
        assert rate == 0.25 and 0 < low < 0.25 < high < 1

    def test_refuses_impossible_counts(self) -> None:
        for wins, n in ((1, 0), (-1, 5), (6, 5)):
            with pytest.raises(ValueError):
                wilson_interval(wins, n)

    @given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
    def test_within_zero_and_one_around_the_rate(self, case: tuple[int, int]) -> None:
        wins, n = case
        rate, low, high = wilson_interval(wins, n)
        assert 0 <= low <= rate <= high <= 1


class TestPairwise:
    def test_better_place_wins_ties_halve_and_a_player_never_meets_itself(self) -> None:
        wins = pairwise_wins([(["a", "b", "a", "c"], [2, 1, 3, 2])])
        assert wins == {("b", "a"): 2, ("a", "c"): 0.5, ("c", "a"): 1.5, ("b", "c"): 1}


class TestBradleyTerry:
    TRUE: ClassVar[dict[str, float]] = {"a": 8.0, "b": 4.0, "c": 2.0, "d": 1.0}

    def expected_wins(self, games: int = 1000) -> dict[tuple[str, str], float]:
        s = self.TRUE
        return {(a, b): games * s[a] / (s[a] + s[b]) for a in s for b in s if a != b}

    def test_recovers_known_strengths_from_their_expected_results(self) -> None:
        """Without a prior the fit is the maximum-likelihood one, which these counts make exact."""
        fitted = bradley_terry(self.expected_wins(), prior=0)
        for a in self.TRUE:
            assert fitted[a] / fitted["d"] == pytest.approx(self.TRUE[a], rel=1e-6)
        assert math.fsum(math.log(p) for p in fitted.values()) == pytest.approx(0, abs=1e-9)

    def test_the_prior_keeps_the_order_and_shrinks_little(self) -> None:
        fitted = bradley_terry(self.expected_wins())
        assert sorted(fitted, key=fitted.__getitem__, reverse=True) == ["a", "b", "c", "d"]
        assert fitted["a"] / fitted["d"] == pytest.approx(8, rel=0.01)
        assert fitted["a"] / fitted["d"] < 8

    def test_equal_players_get_equal_elo(self) -> None:
        wins = {("x", "y"): 5, ("y", "x"): 5, ("x", "z"): 3, ("z", "x"): 3, ("y", "z"): 4, ("z", "y"): 4}
        elo = elo_ratings(bradley_terry(wins))
        assert all(rating == pytest.approx(0, abs=1e-6) for rating in elo.values())

    def test_a_clean_sweep_stays_finite_with_the_prior_and_is_refused_without(self) -> None:
        sweep = {("strong", "weak"): 10.0}
        elo = elo_ratings(bradley_terry(sweep), anchor="weak")
        # 10.5 wins to 0.5: odds of 21.
        assert elo["strong"] == pytest.approx(ELO_PER_NATURAL_LOG * math.log(21))
        with pytest.raises(ValueError, match="never lost"):
            bradley_terry(sweep, prior=0)

    def test_players_who_met_no_one_keep_the_middle(self) -> None:
        fitted = bradley_terry({("a", "b"): 3, ("b", "a"): 1}, players=["a", "b", "loner"])
        assert fitted["loner"] == 1.0 and fitted["a"] > 1 > fitted["b"]


class TestElo:
    def test_four_hundred_points_are_odds_of_ten(self) -> None:
        elo = elo_ratings({"a": 10.0, "b": 1.0}, anchor="b")
        assert elo["b"] == 0 and elo["a"] == pytest.approx(400)

    def test_anchored_at_the_named_player_else_at_the_mean(self) -> None:
        strengths = {"random": 0.5, "heuristic": 2.0, "ismcts": 4.0}
        anchored = elo_ratings(strengths, anchor="random")
        assert anchored["random"] == 0 and anchored["heuristic"] == pytest.approx(400 * math.log10(4))
        centred = elo_ratings(strengths, anchor="nobody")
        assert math.fsum(centred.values()) == pytest.approx(0, abs=1e-9)
        differences = {a: anchored[a] - centred[a] for a in strengths}
        assert max(differences.values()) - min(differences.values()) == pytest.approx(0, abs=1e-9)
        assert elo_ratings({}) == {}
