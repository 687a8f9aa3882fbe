"""The shared poker evaluator (``parlour/mechanics/poker.py``) against two other programs and against counting.

- ``treys`` (high hands, 52 cards) on 100,000 random seven-card hands, and ``pokerkit`` on 100,000 random
  five-card hands for high (``StandardHighHand``'s lookup) and ace-to-five low (``RegularLowHand``'s),
  plus 1,000 seven-card hands each through pokerkit's own best-of-seven (``from_game``). What is compared
  is the *order*: the hands sorted by our value, every neighbour must compare the same way in the other
  program (better, equal or worse). As both orders are transitive, that settles every pair of hands.
- The five-card categories over the whole 52-card pack and the 32-card pack in each reading, counted by
  rank pattern: one representative of each pattern valued by the real evaluator, times its number of suit
  assignments (see ``_categories_by_pattern``); the 32-card pack is also counted hand by hand.
- Words, the lowest straights, and errors.
"""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from math import comb, prod
from pathlib import Path

import pokerkit
import pytest
from treys import Card as TreysCard  # type: ignore[import-untyped]
from treys import Evaluator

from parlour.cards import PIQUET_32, STANDARD_52, Card, Suit, parse_cards
from parlour.mechanics.poker import (
    HIGH_32,
    HIGH_32_FLUSH_OVER_FULL_HOUSE,
    HIGH_52,
    Category,
    HighRules,
    LowCategory,
    best_high_five,
    category,
    describe,
    grouped_value,
    high_value,
    low_category,
    low_value,
)

HANDS = 100_000
SEVEN_CARD_CHECKS = 1_000
SUITS = tuple(Suit)
NO_WHEEL_32 = HighRules("32 cards, no ace-low straight", HIGH_32.ranks, ace_low=False)


def _text(card: Card) -> str:
    """A card as treys and pokerkit write it: ``Ts``, ``Ah``."""
    rank = "T" if card.rank == 10 else str(card)[:-1]
    return rank + card.suit.letter.lower()  # type: ignore[union-attr]


def _random_hands(count: int, size: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    pack = list(STANDARD_52)
    return [rng.sample(pack, size) for _ in range(count)]


def _same_order(ours: Sequence[int], theirs: Sequence[int], higher_is_better: bool) -> None:
    """Sorted by our value, each neighbouring pair compares alike in both programs: equal stays equal,
    better stays better. A disagreement is reported with the two places."""
    sign = 1 if higher_is_better else -1
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for a, b in itertools.pairwise(order):
        mine = (ours[b] > ours[a]) - (ours[b] < ours[a])
        other = (theirs[b] > theirs[a]) - (theirs[b] < theirs[a])
        assert mine == sign * other, (a, b)


class TestAgainstTreys:
    def test_high_hands_order_as_treys_on_seven_cards(self) -> None:
        """High hands over 52 cards: 100,000 random seven-card hands order alike in treys (lower is better)."""
        hands = _random_hands(HANDS, 7, seed=1)
        evaluate = Evaluator().evaluate
        as_treys = {card: TreysCard.new(_text(card)) for card in STANDARD_52}
        converted = [[as_treys[c] for c in hand] for hand in hands]
        theirs = [evaluate(cards[:2], cards[2:]) for cards in converted]
        ours = [high_value(hand) for hand in hands]
        _same_order(ours, theirs, higher_is_better=False)
        # Not one tie-blind order: the sample holds every category at least once but the straight flush.
        assert {category(v) for v in ours} >= set(Category) - {Category.STRAIGHT_FLUSH}


class TestAgainstPokerkit:
    def test_pokerkit_low_is_ace_to_five(self) -> None:
        """``RegularLowHand`` is the ace-to-five low our Razz needs: the ace low, straights and flushes
        ignored (a suited wheel is the best low, a suited K-Q-J-10-9 the worst hand without a pair), pairs
        against."""
        best = pokerkit.RegularLowHand("As2s3s4s5s")
        assert best > pokerkit.RegularLowHand("Ac2d3h4s6s") > pokerkit.RegularLowHand("AcAd2h3s4s")
        lookup = pokerkit.RegularLowHand.lookup
        assert lookup.get_entry("As2s3s4s5s").index == 0
        assert lookup.get_entry("KsQsJsTs9s").index == lookup.get_entry("KsQdJsTs9s").index == comb(13, 5) - 1

    @pytest.mark.parametrize("low", [False, True], ids=["high", "low"])
    def test_five_card_hands_order_as_pokerkit(self, low: bool) -> None:
        """100,000 random five-card hands order alike in pokerkit's lookup (high: larger index is better;
        low: smaller is better)."""
        hands = _random_hands(HANDS, 5, seed=2 + low)
        lookup = (pokerkit.RegularLowHand if low else pokerkit.StandardHighHand).lookup
        as_pokerkit = {card: next(pokerkit.Card.parse(_text(card))) for card in STANDARD_52}
        converted = [[as_pokerkit[c] for c in hand] for hand in hands]
        theirs = [lookup.get_entry(cards).index for cards in converted]
        value: Callable[[list[Card]], int] = low_value if low else high_value
        _same_order([value(hand) for hand in hands], theirs, higher_is_better=not low)

    @pytest.mark.parametrize("low", [False, True], ids=["high", "low"])
    def test_best_of_seven_as_pokerkit(self, low: bool) -> None:
        """Seven cards: our best five order alike with pokerkit's own choice among the 21 (``from_game``)."""
        hands = _random_hands(SEVEN_CARD_CHECKS, 7, seed=4 + low)
        kind = pokerkit.RegularLowHand if low else pokerkit.StandardHighHand
        theirs_hands = [kind.from_game("".join(map(_text, hand))) for hand in hands]
        index = kind.lookup.get_entry
        theirs = [index(h.cards).index for h in theirs_hands]
        value: Callable[[list[Card]], int] = low_value if low else high_value
        _same_order([value(hand) for hand in hands], theirs, higher_is_better=not low)


def _categories_by_pattern(rules: HighRules) -> Counter[Category]:
    """Every five-card hand's category, counted by rank pattern rather than hand by hand.

    A hand is a multiset of ranks (each at most four times) and a suit for each card. For a multiset
    with counts m1, m2, ... there are prod(C(4, m)) ways to give the suits. Where the five ranks differ
    (4^5 = 1,024 ways), exactly 4 make a flush; the other 1,020 are valued alike, as are all the ways of a
    multiset with a repeated rank (which cannot be a flush). So each multiset is valued by the real
    evaluator once (twice when its ranks differ: once flush, once not) and counted by its ways:
    C(52, 5) = 2,598,960 hands from 6,175 multisets and 1,287 flushes in all.
    """
    counts: Counter[Category] = Counter()
    for pattern in itertools.combinations_with_replacement(rules.ranks, 5):
        repeats = Counter(pattern)
        if max(repeats.values()) > 4:
            continue
        ways = prod(comb(4, m) for m in repeats.values())
        # Suits 0, 1, 2, 3, 0 by place: no flush, and equal ranks (next to each other) never share a suit.
        mixed = [Card(rank, SUITS[k % 4]) for k, rank in enumerate(pattern)]
        if len(repeats) == 5:
            flush = [Card(rank, SUITS[0]) for rank in pattern]
            counts[category(high_value(flush, rules), rules)] += 4
            ways -= 4
        counts[category(high_value(mixed, rules), rules)] += ways
    return counts


COUNTS_52 = {Category.HIGH_CARD: 1_302_540, Category.PAIR: 1_098_240, Category.TWO_PAIR: 123_552,
             Category.THREE_OF_A_KIND: 54_912, Category.STRAIGHT: 10_200, Category.FLUSH: 5_108,
             Category.FULL_HOUSE: 3_744, Category.FOUR_OF_A_KIND: 624, Category.STRAIGHT_FLUSH: 40}
# 32 cards: C(32, 5) = 201,376 hands. Ten-high A-7-8-9-10 and four more straights, each 4^5 ways, 4 of them
# flushes; C(8, 5) - 5 = 51 other flushes in each suit; 8 x 28 quads; 8 x 7 x 4 x 6 full houses;
# 8 x 4 x C(7, 2) x 16 trips; C(8, 2) x 36 x 6 x 4 two pairs; 8 x 6 x C(7, 3) x 64 pairs; (56 - 5) x 1,020 the rest.
COUNTS_32 = {Category.HIGH_CARD: 52_020, Category.PAIR: 107_520, Category.TWO_PAIR: 24_192,
             Category.THREE_OF_A_KIND: 10_752, Category.STRAIGHT: 5_100, Category.FLUSH: 204,
             Category.FULL_HOUSE: 1_344, Category.FOUR_OF_A_KIND: 224, Category.STRAIGHT_FLUSH: 20}
# Without the ace-low straight, four straights remain, and A-7-8-9-10's sets fall to flush and high card.
COUNTS_32_NO_WHEEL = {**COUNTS_32, Category.STRAIGHT: 4_080, Category.STRAIGHT_FLUSH: 16, Category.FLUSH: 208,
                      Category.HIGH_CARD: 53_040}


class TestCategoryCounts:
    def test_pattern_count_covers_every_hand(self) -> None:
        """The representative of a multiset stands for all its suit assignments: checked for every way of
        suiting a sample of multisets, hand by hand."""
        rng = random.Random(7)
        patterns = [p for p in itertools.combinations_with_replacement(HIGH_52.ranks, 5)
                    if max(Counter(p).values()) <= 4]
        for pattern in rng.sample(patterns, 40):
            values = {high_value([Card(r, s) for r, s in zip(pattern, suits, strict=True)])
                      for suits in itertools.product(SUITS, repeat=5)
                      if len({Card(r, s) for r, s in zip(pattern, suits, strict=True)}) == 5
                      and len(set(suits)) > 1}
            assert len(values) == 1, pattern

    def test_52_card_categories(self) -> None:
        """Every five-card hand of the 52-card pack: the textbook counts, 2,598,960 hands in all."""
        counts = _categories_by_pattern(HIGH_52)
        assert counts == COUNTS_52 and sum(counts.values()) == comb(52, 5)

    @pytest.mark.parametrize(("rules", "expected"), [(HIGH_32, COUNTS_32), (NO_WHEEL_32, COUNTS_32_NO_WHEEL),
                                                     (HIGH_32_FLUSH_OVER_FULL_HOUSE, COUNTS_32)],
                             ids=["standard", "no-wheel", "flush-over-full-house"])
    def test_32_card_categories(self, rules: HighRules, expected: dict[Category, int]) -> None:
        """Every five-card hand of the 32-card pack, by pattern, in each reading: the flush (204) is rarer
        than four of a kind (224), as the notes say."""
        counts = _categories_by_pattern(rules)
        assert counts == expected and sum(counts.values()) == comb(32, 5)

    def test_32_card_categories_hand_by_hand(self) -> None:
        """The same count as above with no shortcut: all 201,376 hands of the 32-card pack valued."""
        counts = Counter(category(high_value(five, HIGH_32), HIGH_32)
                         for five in itertools.combinations(list(PIQUET_32), 5))
        assert counts == COUNTS_32

    def test_flush_over_full_house_order(self) -> None:
        """The variant moves the flush above the full house, and nothing else."""
        flush, full = parse_cards("7C 9C JC KC AC"), parse_cards("7S 7D 7H 8S 8D")
        quads, straight = parse_cards("7S 7D 7H 7C 8D"), parse_cards("7S 8D 9H 10C JD")
        assert high_value(full, HIGH_32) > high_value(flush, HIGH_32)
        rules = HIGH_32_FLUSH_OVER_FULL_HOUSE
        assert high_value(quads, rules) > high_value(flush, rules) > high_value(full, rules)
        assert high_value(full, rules) > high_value(straight, rules)
        assert category(high_value(flush, rules), rules) is Category.FLUSH


class TestStraights:
    @pytest.mark.parametrize(("rules", "wheel", "next_up"), [
        (HIGH_52, "AH 2C 3D 4S 5H", "2C 3D 4S 5H 6H"), (HIGH_32, "AH 7C 8D 9S 10H", "7C 8D 9S 10H JH")])
    def test_ace_low_straight_is_lowest(self, rules: HighRules, wheel: str, next_up: str) -> None:
        """The ace under the pack's lowest rank makes the lowest straight, below the next one up and above
        any three of a kind."""
        low = high_value(parse_cards(wheel), rules)
        assert category(low, rules) is Category.STRAIGHT
        assert low < high_value(parse_cards(next_up), rules)
        trips = high_value(parse_cards("AS AD AC KH QH"), rules)
        assert low > trips
        assert describe(low, rules) == f"straight, {wheel.split()[-1][:-1]} high"

    def test_no_ace_low_straight(self) -> None:
        """With ``ace_low=False`` A-7-8-9-10 is only ace high, and A-K-Q-J-10 still a straight."""
        assert describe(high_value(parse_cards("AH 7C 8D 9S 10H"), NO_WHEEL_32), NO_WHEEL_32) == "ace high"
        assert category(high_value(parse_cards("AH KC QD JS 10H"), NO_WHEEL_32), NO_WHEEL_32) is Category.STRAIGHT

    def test_steel_wheel_is_the_lowest_straight_flush(self) -> None:
        wheel = high_value(parse_cards("AH 2H 3H 4H 5H"))
        assert describe(wheel) == "straight flush, 5 high"
        assert wheel < high_value(parse_cards("2H 3H 4H 5H 6H"))
        assert wheel > high_value(parse_cards("AS AD AC AH KH"))


class TestWords:
    @pytest.mark.parametrize(("cards", "words"), [
        ("AS KS QS JS 10S", "straight flush, ace high"),
        ("9C 9D 9H 9S 2C", "four 9s"),
        ("KC KD KH 7S 7C", "full house, kings over 7s"),
        ("2H 7H 9H JH AH", "flush, ace high"),
        ("6C 7D 8H 9S 10C", "straight, 10 high"),
        ("QC QD QH 3S 2C", "three queens"),
        ("JC JD 6H 6S 2C", "two pair, jacks and sixes"),
        ("AC AD 6H 4S 2C", "pair of aces"),
        ("KC 9D 6H 4S 2C", "king high"),
    ])
    def test_every_category_in_words(self, cards: str, words: str) -> None:
        assert describe(high_value(parse_cards(cards))) == words

    @pytest.mark.parametrize(("cards", "words", "kind"), [
        ("AS 2D 3C 4H 5S", "5-4-3-2-A", LowCategory.NO_PAIR),
        ("KC 8S 6D 4H 2C AS AH", "8-6-4-2-A", LowCategory.NO_PAIR),
        ("2C 2D 9H 5S AC", "pair: 2-2-9-5-A", LowCategory.PAIR),
        ("2C 2D 9H 9S AC", "two pair: 9-9-2-2-A", LowCategory.TWO_PAIR),
        ("7C 7D 7H 9S AC", "three of a kind: 7-7-7-9-A", LowCategory.THREE_OF_A_KIND),
        ("7C 7D 7H 9S 9C", "full house: 7-7-7-9-9", LowCategory.FULL_HOUSE),
        ("7C 7D 7H 7S 9C", "four of a kind: 7-7-7-7-9", LowCategory.FOUR_OF_A_KIND),
        ("KS 9D", "K-9", LowCategory.NO_PAIR),
    ])
    def test_lows_in_words(self, cards: str, words: str, kind: LowCategory) -> None:
        value = low_value(parse_cards(cards))
        assert describe(value, low=True) == words and low_category(value) is kind

    def test_a_low_ignores_straights_and_flushes(self) -> None:
        assert low_value(parse_cards("AH 2H 3H 4H 5H")) > low_value(parse_cards("AC 2D 3H 4S 6C"))
        assert low_value(parse_cards("KC QD JH 10S 9C")) > low_value(parse_cards("2C 2D 3H 4S 5C"))

    def test_grouped_value_of_a_hand_being_built(self) -> None:
        """Fewer than five cards are valued by their repeated ranks, as the full hand would count them."""
        assert describe(grouped_value(parse_cards("AS AH")), HIGH_52) == "pair of aces"
        assert describe(grouped_value(parse_cards("7S 7H KD 7C"), HIGH_32), HIGH_32) == "three 7s"
        assert grouped_value(parse_cards("AS AH 2C")) < high_value(parse_cards("AS AH 2C 4D 5S"))

    def test_best_five_shown(self) -> None:
        cards = parse_cards("AS KS QS JS 10S 2C 2D")
        assert sorted(map(str, best_high_five(cards))) == sorted(["AS", "KS", "QS", "JS", "10S"])


class TestErrors:
    @pytest.mark.parametrize("cards", ["", "AS", "AS KS QS JS"])
    def test_high_value_needs_five_cards(self, cards: str) -> None:
        with pytest.raises(ValueError, match="needs five cards"):
            high_value(parse_cards(cards))

    def test_rules_need_every_category(self) -> None:
        with pytest.raises(ValueError, match="every category"):
            HighRules("broken", HIGH_32.ranks, (Category.HIGH_CARD,))


def test_benchmark_runs() -> None:
    """``benchmarks/poker.py`` runs and reports its ratio (a smoke test: tests never time anything)."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "poker.py"
    run = subprocess.run([sys.executable, str(script), "--hands", "200", "--rounds", "1"], capture_output=True,
                         text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert "treys ÷ parlour" in run.stdout and "target ≥ 1" in run.stdout
