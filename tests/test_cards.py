"""Cards, packs and notation: every pack's exact composition, copies told apart, both notations parsed."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour import NotationError
from parlour.cards import (
    DOUBLE_108,
    HEART_SOLO_24,
    KOWAH_120,
    NUMBER_40,
    PACKS,
    PIQUET_32,
    REVERSIS_48,
    SPANISH_40,
    STANDARD_52,
    TRIPLE_162,
    Card,
    CardSet,
    Pack,
    Rank,
    Suit,
    bit_indices,
    parse_cards,
)


def faces(pack: Pack) -> Counter[str]:
    return Counter(str(card.face) for card in pack)


def ranks_of(pack: Pack, suit: Suit) -> set[str]:
    return {card.rank.letter for card in pack if card.suit == suit}


ALL_RANKS = {rank.letter for rank in Rank if rank != Rank.JOKER}


class TestPacks:
    def test_standard_52(self) -> None:
        assert len(STANDARD_52) == 52 and all(ranks_of(STANDARD_52, s) == ALL_RANKS for s in Suit)

    def test_piquet_32_is_seven_to_ace(self) -> None:
        assert len(PIQUET_32) == 32
        assert all(ranks_of(PIQUET_32, s) == {"7", "8", "9", "10", "J", "Q", "K", "A"} for s in Suit)

    def test_spanish_40_has_no_eights_nines_or_tens(self) -> None:
        assert len(SPANISH_40) == 40
        assert all(ranks_of(SPANISH_40, s) == ALL_RANKS - {"8", "9", "10"} for s in Suit)

    def test_number_40_is_ace_to_ten(self) -> None:
        assert len(NUMBER_40) == 40
        assert all(ranks_of(NUMBER_40, s) == ALL_RANKS - {"J", "Q", "K"} for s in Suit)

    def test_reversis_48_has_no_tens(self) -> None:
        assert len(REVERSIS_48) == 48 and all(ranks_of(REVERSIS_48, s) == ALL_RANKS - {"10"} for s in Suit)

    def test_heart_solo_24_drops_the_eight_of_hearts_and_all_diamonds_but_the_seven(self) -> None:
        assert len(HEART_SOLO_24) == 24
        assert ranks_of(HEART_SOLO_24, Suit.DIAMONDS) == {"7"}
        assert ranks_of(HEART_SOLO_24, Suit.HEARTS) == {"7", "9", "10", "J", "Q", "K", "A"}
        assert ranks_of(HEART_SOLO_24, Suit.CLUBS) == ranks_of(HEART_SOLO_24, Suit.SPADES) == ranks_of(PIQUET_32,
                                                                                                        Suit.CLUBS)

    def test_kowah_120_is_four_copies_of_thirty_faces(self) -> None:
        counts = faces(KOWAH_120)
        assert len(KOWAH_120) == 120 and len(counts) == 30 and set(counts.values()) == {4}
        assert ranks_of(KOWAH_120, Suit.CLUBS) == {"J", "Q", "K"}
        for suit in (Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS):
            assert ranks_of(KOWAH_120, suit) == ALL_RANKS - {"10", "J", "Q", "K"}

    def test_double_108_is_two_packs_and_four_jokers(self) -> None:
        counts = faces(DOUBLE_108)
        assert len(DOUBLE_108) == 108 and counts["JK"] == 4
        assert all(n == 2 for face, n in counts.items() if face != "JK") and len(counts) == 53

    def test_triple_162_is_three_packs_and_six_jokers(self) -> None:
        counts = faces(TRIPLE_162)
        assert len(TRIPLE_162) == 162 and counts["JK"] == 6
        assert all(n == 3 for face, n in counts.items() if face != "JK") and len(counts) == 53

    def test_copies_are_distinct_cards(self) -> None:
        for pack in PACKS.values():
            assert len(set(pack.cards)) == len(pack)
        assert Card.parse("7H#2") is not Card.parse("7H") and Card.parse("7H#2").face is Card.parse("7H")


class TestFaces:
    """What players see of a pack with copies: faces, each face's copies, and which copy an action takes."""

    def test_a_pack_numbers_its_faces_and_each_face_knows_its_copies(self) -> None:
        assert [len(p.faces) for p in (STANDARD_52, DOUBLE_108, TRIPLE_162, KOWAH_120)] == [52, 53, 53, 30]
        for pack in PACKS.values():
            assert all(card.copy == 0 for card in pack.faces)
            assert sum(pack.face_masks) == pack.full_mask and pack.has_copies == (len(pack.faces) < len(pack))
            assert all(pack.faces[pack.face_of[i]] is card.face for i, card in enumerate(pack))
        assert DOUBLE_108.face_masks[-1].bit_count() == 4 and TRIPLE_162.face_masks[0].bit_count() == 3

    def test_without_copies_the_faces_are_the_cards(self) -> None:
        """A single pack's face machinery is the identity, so single-pack games pay nothing for it."""
        for pack in (STANDARD_52, PIQUET_32, SPANISH_40, NUMBER_40, REVERSIS_48, HEART_SOLO_24):
            assert pack.faces == pack.cards and pack.first_copy is pack.index and not pack.has_copies
            assert pack.face_bits(0b1011 << 5) == 0b1011 << 5

    @pytest.mark.parametrize("pack", [DOUBLE_108, TRIPLE_162, KOWAH_120], ids=lambda p: p.name)
    def test_a_masks_faces_are_each_face_held_once(self, pack: Pack) -> None:
        """``face_bits`` (by shifting a few layers) agrees with looking at each card's face."""
        for start in range(0, len(pack), 7):
            mask = sum(1 << i for i in range(start, len(pack), 5))
            by_card = {pack.face_of[i] for i in bit_indices(mask)}
            assert pack.face_bits(mask) == sum(1 << f for f in by_card)
            assert pack.faces_in(mask) == [pack.faces[f] for f in sorted(by_card)]

    def test_a_hand_shows_faces_repeated_never_copy_numbers(self) -> None:
        hand = DOUBLE_108.mask(parse_cards("7H#2 2C 7H JK#4 JK"))
        assert [str(c) for c in DOUBLE_108.shown(hand)] == ["2C", "7H", "7H", "JK", "JK"]
        assert DOUBLE_108.faces_in(hand) == parse_cards("2C 7H JK")
        assert DOUBLE_108.face_span(DOUBLE_108.mask(parse_cards("7H#2"))) == DOUBLE_108.mask(parse_cards("7H 7H#2"))

    def test_an_action_by_face_takes_the_lowest_index_copy_held(self) -> None:
        """The face rule: whichever copies a hand holds, the one of lowest pack index goes; none: -1."""
        seven, index = Card.parse("7H"), TRIPLE_162.index
        for held, taken in (("7H 7H#2 7H#3", "7H"), ("7H#3 7H#2", "7H#2"), ("7H#3", "7H#3")):
            mask = TRIPLE_162.mask(parse_cards(held))
            assert TRIPLE_162.copy_to_take(seven, mask) == index[Card.parse(taken)]
            assert TRIPLE_162.copy_in(index[seven], mask) == index[Card.parse(taken)]
        assert TRIPLE_162.copy_to_take(seven, TRIPLE_162.mask(parse_cards("7S 7C#2"))) == -1
        assert TRIPLE_162.copy_to_take(Card.parse("7H#2"), TRIPLE_162.full_mask) == -1   # faces only


class TestNotation:
    @pytest.mark.parametrize(("text", "expected"), [
        ("QC", "QC"), ("q♣", "QC"), ("10H", "10H"), ("TH", "10H"), ("10♥", "10H"), ("a♠", "AS"),
        ("JK", "JK"), ("joker", "JK"), ("7H#2", "7H#2"), ("JK#4", "JK#4"), (" 2d ", "2D")])
    def test_ascii_and_symbol_notation(self, text: str, expected: str) -> None:
        assert str(Card.parse(text)) == expected

    def test_symbol_text(self) -> None:
        assert Card.parse("QC").symbol_text() == "Q♣" and Card.parse("10H").symbol_text() == "10♥"

    @pytest.mark.parametrize("text", ["", "Q", "QX", "11H", "1", "QC#0", "QC#x", "♣Q", "JKK"])
    def test_malformed_cards_are_refused(self, text: str) -> None:
        with pytest.raises(NotationError):
            Card.parse(text)

    def test_cards_are_interned_and_immutable(self) -> None:
        card = Card.parse("QC")
        assert card is Card(Rank.QUEEN, Suit.CLUBS)
        with pytest.raises(AttributeError):
            card.rank = Rank.KING  # type: ignore[misc]
        import pickle
        assert pickle.loads(pickle.dumps(card)) is card

    def test_every_card_round_trips(self) -> None:
        for pack in PACKS.values():
            for card in pack:
                assert Card.parse(str(card)) is card and Card.parse(card.symbol_text()) is card

    def test_parse_cards_reads_lists(self) -> None:
        assert [str(c) for c in parse_cards("QC, 10h 7♦")] == ["QC", "10H", "7D"]

    @given(st.text(max_size=8))
    def test_parsing_never_fails_any_other_way(self, text: str) -> None:
        try:
            card = Card.parse(text)
        except NotationError:
            return
        assert Card.parse(str(card)) is card


class TestCardSet:
    def test_set_operations_over_a_mask(self) -> None:
        hand = CardSet.of(STANDARD_52, ["QC", "10H", "2S"])
        assert len(hand) == 3 and Card.parse("QC") in hand and Card.parse("QD") not in hand
        assert str(hand - CardSet.of(STANDARD_52, ["QC"])) == "10H 2S"
        assert bit_indices(0b1011 | 1 << 70) == [0, 1, 3, 70]
