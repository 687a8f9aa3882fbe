"""Claiming the rest of a deal's tricks (issue 39, item 1): the claim is checked with every hand open against
every defence (``parlour.bots.trick_claims``), accepted and played out as ordinary plays, or refused with the
line that beats it; in bridge, where taking is good, and in Tëtka, where taking is bad."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.bots import doubledummy
from parlour.bots.trick_claims import (
    CLAIM_TRICKS,
    DDS_CLAIM_TRICKS,
    ClaimRefused,
    check_claim,
    claimable,
    line_words,
    why_not,
)
from parlour.cards import Rank

# The ranks of a suit from the two up to the ace, as bridge ranks them.
RANKS = [rank.letter for rank in Rank if rank not in (Rank.JOKER, Rank.ACE)] + [Rank.ACE.letter]


def suit(letter: str, ranks: list[str] = RANKS) -> list[str]:
    return [rank + letter for rank in ranks]


# Bridge, seats 0 North, 1 East, 2 South, 3 West. South holds every spade but the two and the two of hearts;
# West the two of spades and the other hearts; North the clubs, East the diamonds. South declares 1NT, West
# leads the two of spades, and South runs six spades: at six tricks to go South still holds the two of hearts,
# which West's hearts beat.
REFUSED_DEAL = {"hands": [suit("C"), suit("D"), suit("S", RANKS[1:]) + ["2H"], ["2S"] + suit("H", RANKS[1:])]}
REFUSED_CALLS = ["bid 1C", "pass", "bid 1NT", "pass", "pass", "pass"]
REFUSED_PLAYS = ["play 2S", "play 2C", "play 2D", "play 3S",
                 *[card for rank in ("A", "K", "Q", "J", "10", "9")
                   for card in (f"play {rank}S", f"play {RANKS[RANKS.index(rank) - 6]}H", f"play {rank}C",
                                f"play {rank}D")]]
# South holds all thirteen spades and declares 1♠; West's heart lead is ruffed and South runs six trumps: the
# last six tricks are South's whatever the others do.
ACCEPTED_DEAL = {"hands": [suit("D"), suit("C"), suit("S"), suit("H")]}
ACCEPTED_CALLS = ["bid 1D", "pass", "bid 1S", "pass", "pass", "pass"]
ACCEPTED_PLAYS = ["play AH", "play 2D", "play 2C", "play 2S",
                  *[card for rank in ("A", "K", "Q", "J", "10", "9")
                    for card in (f"play {rank}S", f"play {RANKS[RANKS.index(rank) - 1]}H", f"play {rank}D",
                                 f"play {rank}C")]]


@pytest.fixture(params=["dds", "project"])
def solver(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Bridge claims checked by DDS where installed, and by the project's own solver (DDS switched off)."""
    if request.param == "dds" and not doubledummy.dds_installed():
        pytest.skip("DDS (endplay) is not installed")
    if request.param == "project":
        monkeypatch.setattr(doubledummy, "dds_installed", lambda: False)
    return str(request.param)


def bridge(deal: dict[str, Any], calls: list[str], plays: list[str]) -> parlour.State:
    state = parlour.new_game("auction-bridge", seed=1, deal=deal)
    for action in calls + plays:
        state.apply(state.to_move[0], action)
    return state


def played_out(state: parlour.State, seat: int) -> parlour.State:
    """The claim of ``seat`` accepted and its line applied to a copy, as the server stores it."""
    verdict = check_claim(state, seat)
    assert verdict.accepted
    after = state.clone()
    for play in verdict.line:
        after.apply(play.seat, play.action)
    return after


class TestBridge:
    def test_a_claim_no_defence_beats_is_accepted_and_played_out(self, solver: str) -> None:
        """Claim: the declarer to lead, holding only winners, claims the last six tricks; no defence beats it,
        so it is accepted and the rest is played as ordinary plays, the deal ending with all six South's."""
        state = bridge(ACCEPTED_DEAL, ACCEPTED_CALLS, ACCEPTED_PLAYS)
        assert state.to_move == (2,) and claimable(state, 2)
        verdict = check_claim(state, 2)
        assert verdict.accepted and verdict.claimed == verdict.worth == 6 and verdict.counts == "tricks"
        assert len(verdict.line) == 24 and {p.took for p in verdict.line if p.took is not None} == {2}
        assert "claims all 6 tricks still to play: no defence beats it" in verdict.words()
        after = played_out(state, 2)
        assert after.hand_number == 2 and after.deals()[0].declarer_tricks == 13   # type: ignore[attr-defined]
        replayed = parlour.replay(after.record())
        assert replayed.record() == after.record() and replayed.scores() == after.scores()
        assert state.hand_number == 1 and len(state.history) == 6 + 28        # the state claimed on is unchanged

    def test_a_claim_a_defence_beats_is_refused_with_the_line_that_beats_it(self, solver: str) -> None:
        """Claim: South claims six tricks holding the two of hearts under West's hearts; the line that beats it
        runs South's spades and ends with the trick West takes."""
        state = bridge(REFUSED_DEAL, REFUSED_CALLS, REFUSED_PLAYS)
        assert state.to_move == (2,)
        verdict = check_claim(state, 2)
        assert not verdict.accepted and verdict.claimed == 6
        assert verdict.line[-1].took == 3 and all(p.took in (None, 2) for p in verdict.line[:-1])
        assert "2H" in [p.card for p in verdict.line if p.hand == 2]
        names = {0: "North", 1: "East", 2: "South", 3: "West"}
        words = verdict.words(names.__getitem__)
        assert words.startswith("South claims all 6 tricks still to play, but this line beats it: South ")
        assert words.endswith("(West takes it).")
        assert len(state.history) == 6 + 28                                    # nothing was played

    def test_declarer_leading_from_dummy_may_claim(self, solver: str) -> None:
        """Claim: when dummy is to lead, the declarer (who plays dummy's cards) is the one to claim. Here North,
        dummy, holds every spade: it ruffs West's lead and leads trumps, played by South."""
        deal = {"hands": [suit("S"), suit("C"), suit("D"), suit("H")]}
        plays = ["play AH", "play 2S", "play 2C", "play 2D"]
        state = bridge(deal, ["bid 1C", "pass", "bid 1S", "pass", "pass", "pass"], plays[:3])
        assert why_not(state, 2) == "a claim is made when leading to a trick, not in the middle of one"
        hearts = ["K", "Q", "J", "10", "9", "8"]
        for action in plays[3:] + [f"play {card}" for k, r in enumerate(("A", "K", "Q", "J", "10", "9"))
                                   for card in (f"{r}S", f"{r}C", f"{r}D", f"{hearts[k]}H")]:
            state.apply(state.to_move[0], action)
        assert state.to_move == (2,) and state.view(None).extra["playing"] == 0
        verdict = check_claim(state, 2)
        assert verdict.accepted and verdict.line[0].hand == 0 and verdict.line[0].seat == 2
        names = {0: "North", 1: "East", 2: "South", 3: "West"}
        assert line_words(verdict.line[:4], names.__getitem__).startswith("North (played by South) 8S, East ")

    def test_no_claim_out_of_turn_in_the_auction_or_too_early(self, solver: str) -> None:
        """Claim: only the seat to lead, only in the play, and only as many tricks from the end as the solver
        answers at once: every trick with DDS (``DDS_CLAIM_TRICKS``), else the last ``CLAIM_TRICKS``."""
        state = parlour.new_game("auction-bridge", seed=1, deal=ACCEPTED_DEAL)
        assert why_not(state, 0) == "the rest may be claimed only in the play of the cards"
        state = bridge(ACCEPTED_DEAL, ACCEPTED_CALLS, ["play AH", "play 2D", "play 2C", "play 2S"])
        if solver == "dds":
            assert DDS_CLAIM_TRICKS == 13 and claimable(state, 2)
            assert check_claim(state, 2).accepted and len(check_claim(state, 2).line) == 48
        else:
            assert why_not(state, 2) == f"the rest may be claimed from the last {CLAIM_TRICKS} tricks (12 are left)"
        state = bridge(ACCEPTED_DEAL, ACCEPTED_CALLS, ACCEPTED_PLAYS)
        assert why_not(state, 1) == "it is not seat 1's turn"
        with pytest.raises(ClaimRefused, match="not seat 3's turn"):
            check_claim(state, 3)


class TestWhereTakingIsBad:
    """Tëtka: penalties are bad, so claiming the rest means taking none of the penalties still out."""

    @staticmethod
    def at_claim(seed: int) -> tuple[parlour.State, int]:
        """The first moment of a randomly played Tëtka deal at which the player to lead may claim."""
        state = parlour.new_game("tetka", seed=seed)
        rng = random.Random(seed)
        while True:
            seat = state.to_move[0]
            if claimable(state, seat):
                return state, seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))

    def test_a_claim_of_no_penalty_that_holds_is_played_out(self) -> None:
        """Claim (taking is bad): seat 0 is sure to take none of the 3 penalty points still out whatever the
        others do; the playout leaves its penalties for the deal where they were."""
        state, seat = self.at_claim(0)
        verdict = check_claim(state, seat)
        assert verdict.accepted and not verdict.maximize and verdict.claimed == 0 and verdict.worth == 3
        assert "claims none of the 3 points still to play" in verdict.words()
        after = state.clone()
        after._halting = True           # the deal's end, before the next deal is dealt
        for play in verdict.line:
            after.apply(play.seat, play.action)
        # The most-tricks point, which no one trick decides, is not in the goal (``TetkaState.trick_goal``).
        taken_now = range(len(state.taken) + 1, 14)                            # type: ignore[attr-defined]
        assert all(not after.trick_penalties(n) for n in taken_now if after.taken[n - 1][1] == seat)  # type: ignore[attr-defined]
        assert any(after.trick_penalties(n) for n in taken_now)               # type: ignore[attr-defined]
        replayed = parlour.replay(played_out(state, seat).record())
        assert replayed.hand_number == 2

    def test_a_claim_of_no_penalty_that_fails_is_refused_with_its_line(self) -> None:
        """Claim (taking is bad): a defence that hands the claimer (seat 3) a penalty beats it: the line stops at
        the trick that does."""
        state, seat = self.at_claim(1)
        verdict = check_claim(state, seat)
        assert not verdict.accepted and verdict.claimed == 0
        assert verdict.line[-1].took == seat
        assert len(verdict.line) % 4 == 0 and len(state.history) == 32


def test_no_claim_in_a_game_without_a_trick_goal() -> None:
    """Claim: a game that declares no goal of its trick play (or is not a trick game) has no claim."""
    state = parlour.new_game("canasta", seed=1)
    expected = "Canasta declares no goal of its trick play, so the rest cannot be claimed"
    assert why_not(state, state.to_move[0]) == expected
