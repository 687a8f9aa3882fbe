"""The meld mechanic (`parlour/mechanics/melds.py`) on concrete cards: sets, runs with wilds standing for
particular cards, the ace high or low but never both, a wild taken back by its natural card, the limits a
game sets on wilds, and first-meld minimums by score."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import DOUBLE_108, Rank, Suit, parse_cards
from parlour.mechanics.melds import (
    MeldRules,
    Run,
    extended,
    is_canasta,
    is_natural,
    minimum_for,
    rank_at,
    run_layouts,
    set_rank,
    with_natural,
)

JOKERS_WILD = MeldRules()                       # Carioca's: jokers wild, sets of 3, runs of 4
TWOS_AND_JOKERS = MeldRules(wilds=frozenset({Rank.JOKER, Rank.TWO}), run_size=None, most_wilds=3,
                            fewest_naturals=2, wilds_at_most_naturals=True,
                            unmeldable=frozenset({(Rank.THREE, Suit.HEARTS), (Rank.THREE, Suit.DIAMONDS)}))


def cards(text: str) -> list:
    return parse_cards(text)


def layouts(text: str, rules: MeldRules = JOKERS_WILD) -> list[str]:
    return sorted(str(run) for run in run_layouts(cards(text), rules))


class TestSets:
    def test_a_set_is_of_the_rank_of_its_naturals(self) -> None:
        """A set: three or more cards of one rank, a joker standing for any of them."""
        assert set_rank(cards("7H 7S 7H"), JOKERS_WILD) == Rank.SEVEN
        assert set_rank(cards("7H 7S JK"), JOKERS_WILD) == Rank.SEVEN
        assert set_rank(cards("7H 8S JK"), JOKERS_WILD) is None
        assert set_rank(cards("7H JK"), JOKERS_WILD) is None            # too few cards

    def test_a_two_is_a_plain_card_where_only_jokers_are_wild(self) -> None:
        """Carioca: the 2 counts as a card, not a wild: three 2s are a set of 2s and a 2 never fills in."""
        assert set_rank(cards("2H 2S 2C"), JOKERS_WILD) == Rank.TWO
        assert set_rank(cards("7H 7S 2C"), JOKERS_WILD) is None

    def test_the_limits_on_wilds_and_naturals(self) -> None:
        """Canasta: at least two naturals, at most three wilds, never more wilds than naturals."""
        assert set_rank(cards("7H 7S 2C"), TWOS_AND_JOKERS) == Rank.SEVEN
        assert set_rank(cards("7H 2S 2C"), TWOS_AND_JOKERS) is None                # one natural
        assert set_rank(cards("7H 7S 2C 2D JK"), TWOS_AND_JOKERS) is None          # three wilds to two
        assert set_rank(cards("7H 7S 7C 2C 2D JK"), TWOS_AND_JOKERS) == Rank.SEVEN
        assert set_rank(cards("7H 7S 7C 7D 2C 2D JK 2S"), TWOS_AND_JOKERS) is None  # four wilds

    def test_faces_never_melded(self) -> None:
        """Canasta's red 3s are never melded; black 3s may be."""
        assert set_rank(cards("3H 3D 3H"), TWOS_AND_JOKERS) is None
        assert set_rank(cards("3S 3C 3S"), TWOS_AND_JOKERS) == Rank.THREE

    def test_canastas_natural_and_mixed(self) -> None:
        """A canasta is seven cards or more; natural when it holds no wild."""
        seven = cards("8H 8S 8C 8D 8H 8S 8C")
        mixed = cards("8H 8S 8C 8D 8H 2S JK")
        assert is_canasta(seven) and is_natural(seven, TWOS_AND_JOKERS)
        assert is_canasta(mixed) and not is_natural(mixed, TWOS_AND_JOKERS)
        assert not is_canasta(seven[:6])


class TestRuns:
    def test_a_run_is_one_suit_in_sequence_with_wilds_in_their_places(self) -> None:
        """An escalera: four or more cards of one suit in sequence; a joker sits in the gap it fills."""
        assert layouts("5H 6H JK 8H") == ["5H 6H JK 8H"]
        assert layouts("8H 5H 6H 7H") == ["5H 6H 7H 8H"]
        assert layouts("5H 6S 7H 8H") == []          # two suits
        assert layouts("5H 6H 7H") == []             # too short
        assert layouts("5H 6H 6H 7H") == []          # a rank twice

    def test_a_spare_wild_may_go_at_either_end(self) -> None:
        """A wild not needed for a gap stands below or above the naturals, as the player lays it."""
        assert layouts("5H 6H 7H JK") == ["5H 6H 7H JK", "JK 5H 6H 7H"]
        runs = {run.low: run for run in run_layouts(cards("5H 6H 7H JK"), JOKERS_WILD)}
        assert runs[4].stands_for(0) == (Rank.FOUR, Suit.HEARTS)
        assert runs[5].stands_for(3) == (Rank.EIGHT, Suit.HEARTS)

    def test_the_ace_is_high_or_low_but_never_both(self) -> None:
        """A-2-3-4 and J-Q-K-A are runs; K-A-2 turns the corner and is none; an ace at the top end of a
        run from the jack has no wild above it."""
        assert layouts("AH 2H 3H 4H") == ["AH 2H 3H 4H"]
        assert layouts("JH QH KH AH") == ["JH QH KH AH"]
        assert layouts("KH AH 2H 3H") == []
        assert layouts("QH KH AH JK") == ["JK QH KH AH"]
        whole = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
        assert [run.low for run in run_layouts(whole, JOKERS_WILD)] == [1, 2]
        assert run_layouts([*whole, *cards("AH")], JOKERS_WILD) == []     # the ace at both ends

    def test_runs_without_wilds_where_a_game_forbids_them(self) -> None:
        """Samba's sequences hold no wild card."""
        natural_only = MeldRules(wilds=frozenset({Rank.JOKER, Rank.TWO}), run_size=3, wilds_in_runs=False)
        assert layouts("5H 6H 7H", natural_only) == ["5H 6H 7H"]
        assert layouts("5H 6H JK", natural_only) == []

    def test_extending_at_either_end(self) -> None:
        """Cards are added at the low or high end, the right suit and rank, or a wild at either."""
        run = run_layouts(cards("5H 6H JK 8H"), JOKERS_WILD)[0]
        assert [str(r) for r in extended(run, cards("9H")[0], JOKERS_WILD)] == ["5H 6H JK 8H 9H"]
        assert [str(r) for r in extended(run, cards("4H")[0], JOKERS_WILD)] == ["4H 5H 6H JK 8H"]
        assert extended(run, cards("9S")[0], JOKERS_WILD) == []
        assert extended(run, cards("7H")[0], JOKERS_WILD) == []           # its place is the joker's
        assert sorted(str(r) for r in extended(run, cards("JK")[0], JOKERS_WILD)) == [
            "5H 6H JK 8H JK", "JK 5H 6H JK 8H"]

    def test_a_natural_takes_the_wilds_place_and_the_wild_moves_to_an_end(self) -> None:
        """Carioca: the 7♥ put in place of the joker standing for it; the joker goes to either end."""
        run = run_layouts(cards("5H 6H JK 8H"), JOKERS_WILD)[0]
        moved = with_natural(run, cards("7H")[0], JOKERS_WILD)
        assert sorted((str(r), str(w)) for r, w in moved) == [("5H 6H 7H 8H JK", "JK"), ("JK 5H 6H 7H 8H", "JK")]
        assert with_natural(run, cards("7S")[0], JOKERS_WILD) == []
        top = run_layouts(cards("JH QH KH JK"), JOKERS_WILD)
        ace_place = next(r for r in top if r.low == 11)                     # J Q K and the joker as the ace
        assert [str(r) for r, _ in with_natural(ace_place, cards("AH")[0], JOKERS_WILD)] == ["JK JH QH KH AH"]

    def test_positions_name_their_ranks(self) -> None:
        assert [rank_at(p) for p in (1, 2, 13, 14)] == [Rank.ACE, Rank.TWO, Rank.KING, Rank.ACE]
        with pytest.raises(ValueError):
            rank_at(15)

    @given(st.lists(st.sampled_from(list(DOUBLE_108)), min_size=4, max_size=8))
    def test_every_layout_is_a_run_of_the_cards_given(self, hand: list) -> None:
        """Whatever the cards, each layout holds exactly them, in one suit, every natural in its place."""
        for run in run_layouts(hand, JOKERS_WILD):
            assert sorted(map(str, run.cards)) == sorted(map(str, hand))
            assert run.low >= 1 and run.high <= 14 and run.high - run.low <= 12
            for k, card in enumerate(run.cards):
                if card.rank != Rank.JOKER:
                    assert run.stands_for(k) == (card.rank, card.suit)

    def test_every_four_card_run_of_one_suit_is_found(self) -> None:
        """All naturals: the four-card runs of hearts are exactly the eleven windows A-4 .. J-A."""
        hearts = [c for c in DOUBLE_108 if c.suit == Suit.HEARTS and c.copy == 0]
        found = {tuple(str(c) for c in run.cards) for four in itertools.combinations(hearts, 4)
                 for run in run_layouts(four, JOKERS_WILD)}
        assert len(found) == 11
        assert isinstance(run_layouts(cards("AH 2H 3H 4H"), JOKERS_WILD)[0], Run)


class TestMinimums:
    def test_minimums_by_the_score_at_the_start_of_the_deal(self) -> None:
        """Canasta's first-meld minimum: 15 below zero, 50 from 0, 90 from 1,500, 120 from 3,000."""
        tiers = ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120))
        assert [minimum_for(s, tiers) for s in (-5, 0, 1495, 1500, 2995, 3000, 9000)] == [15, 50, 50, 90, 90, 120,
                                                                                            120]
        with pytest.raises(ValueError):
            minimum_for(0, ())


from parlour.mechanics.melds import PileRules  # noqa: E402  (this section's own name, kept beside it)


class TestCanasta:
    """The discard pile's rules as data (``PileRules``), with Canasta's values."""

    RULES = TWOS_AND_JOKERS
    PILE = PileRules(freezers=frozenset({(Rank.THREE, Suit.HEARTS), (Rank.THREE, Suit.DIAMONDS)}),
                     blockers=frozenset({(Rank.THREE, Suit.CLUBS), (Rank.THREE, Suit.SPADES)}))

    def test_frozen_for_a_side_that_has_not_melded_and_for_all_with_a_wild_or_red_three(self) -> None:
        plain, wild, red = parse_cards("7H 9S"), parse_cards("7H 2C 9S"), parse_cards("3D 9S")
        assert self.PILE.is_frozen(plain, melded=False, rules=self.RULES)
        assert not self.PILE.is_frozen(plain, melded=True, rules=self.RULES)
        assert self.PILE.is_frozen(wild, melded=True, rules=self.RULES)
        assert self.PILE.is_frozen(red, melded=True, rules=self.RULES)
        assert not PileRules(frozen_until_melded=False).is_frozen(plain, melded=False, rules=self.RULES)

    def test_never_taken_under_a_wild_or_a_black_three(self) -> None:
        takes = [self.PILE.may_take(card, self.RULES) for card in parse_cards("7H JK 2C 3S 3C")]
        assert takes == [True, False, False, False, False]


class TestSamba:
    """Samba's sequences: one suit, no wild, from the 4 up to the ace (``lowest_run``), seven at most."""

    RULES = MeldRules(wilds=frozenset({Rank.JOKER, Rank.TWO}), run_size=3, wilds_in_runs=False, most_wilds=2,
                      fewest_naturals=2, most_cards=7, lowest_run=4)

    def test_a_sequence_starts_at_the_four_and_its_ace_is_high(self) -> None:
        assert [str(run) for run in run_layouts(parse_cards("QH AH KH"), self.RULES)] == ["QH KH AH"]
        assert run_layouts(parse_cards("AH 4H 5H"), self.RULES) == []
        assert run_layouts(parse_cards("3S 4S 5S"), self.RULES) == []
        assert [str(run) for run in run_layouts(parse_cards("4S 5S 6S"), self.RULES)] == ["4S 5S 6S"]
        low = parse_cards("AH 2H 3H")
        assert [str(run) for run in run_layouts(low, MeldRules(run_size=3))] == ["AH 2H 3H"]
        assert run_layouts(low, MeldRules(run_size=3, lowest_run=4)) == []

    def test_no_wild_and_seven_cards_at_most(self) -> None:
        assert run_layouts(parse_cards("5H 6H JK"), self.RULES) == []
        assert run_layouts(parse_cards("4H 5H 6H 7H 8H 9H 10H"), self.RULES)
        assert run_layouts(parse_cards("4H 5H 6H 7H 8H 9H 10H JH"), self.RULES) == []
        four = Run(Suit.HEARTS, 4, tuple(parse_cards("4H 5H 6H")))
        assert [str(run) for run in extended(four, parse_cards("7H")[0], self.RULES)] == ["4H 5H 6H 7H"]
        assert extended(four, parse_cards("3H")[0], self.RULES) == []
