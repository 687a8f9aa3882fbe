"""The shared trick mechanics: following rules as data, effective suits and card orders, trick winner."""

from __future__ import annotations

from parlour.cards import ACE_HIGH, PIQUET_32, SPANISH_40, STANDARD_52, Card, Pack, Rank, Suit, parse_cards
from parlour.mechanics.tricks import CardOrder, FollowRules, follower, legal_plays, winner


def idx(pack: Pack, cards: str) -> list[int]:
    return [pack.index[c] for c in parse_cards(cards)]


def mask(pack: Pack, cards: str) -> int:
    return pack.mask(parse_cards(cards))


def shown(pack: Pack, m: int) -> set[str]:
    return {str(c) for c in pack.cards_in(m)}


NO_TRUMP = CardOrder.build(STANDARD_52, ACE_HIGH)
HEARTS = CardOrder.build(STANDARD_52, ACE_HIGH, trump=Suit.HEARTS)


def test_must_follow_suit_when_able() -> None:
    hand = mask(STANDARD_52, "2C 9C AD 3H")
    assert shown(STANDARD_52, legal_plays(hand, idx(STANDARD_52, "KC"), NO_TRUMP)) == {"2C", "9C"}


def test_void_may_play_anything_and_leader_anything() -> None:
    hand = mask(STANDARD_52, "AD 3H")
    assert legal_plays(hand, idx(STANDARD_52, "KC"), NO_TRUMP) == hand
    assert legal_plays(hand, [], NO_TRUMP) == hand


def test_plain_follower_agrees_with_legal_plays() -> None:
    plain = follower(NO_TRUMP)
    hand = mask(STANDARD_52, "2C 9C AD 3H")
    for trick in ([], idx(STANDARD_52, "KC"), idx(STANDARD_52, "KS")):
        assert plain(hand, trick) == legal_plays(hand, trick, NO_TRUMP)


def test_must_trump_when_void() -> None:
    rules = FollowRules(must_trump=True)
    hand = mask(STANDARD_52, "2H 9H AD")
    assert shown(STANDARD_52, legal_plays(hand, idx(STANDARD_52, "KC"), HEARTS, rules)) == {"2H", "9H"}


def test_must_overtrump_when_able_else_any_trump() -> None:
    rules = FollowRules(must_trump=True, must_overtrump=True)
    trick = idx(STANDARD_52, "KC 5H")
    assert shown(STANDARD_52, legal_plays(mask(STANDARD_52, "2H 9H AD"), trick, HEARTS, rules)) == {"9H"}
    assert shown(STANDARD_52, legal_plays(mask(STANDARD_52, "2H 3H AD"), trick, HEARTS, rules)) == {"2H", "3H"}


def test_must_head_the_trick_when_following() -> None:
    rules = FollowRules(must_head=True)
    hand = mask(STANDARD_52, "2C QC AC")
    assert shown(STANDARD_52, legal_plays(hand, idx(STANDARD_52, "JC"), NO_TRUMP, rules)) == {"QC", "AC"}
    assert shown(STANDARD_52, legal_plays(mask(STANDARD_52, "2C 3C"), idx(STANDARD_52, "JC"), NO_TRUMP, rules)) \
        == {"2C", "3C"}
    # Once trumped, following cannot head the trick: any card of the suit will do.
    assert shown(STANDARD_52, legal_plays(hand, idx(STANDARD_52, "JC 2H"), HEARTS, rules)) == {"2C", "QC", "AC"}


def test_may_always_trump() -> None:
    rules = FollowRules(may_always_trump=True)
    hand = mask(STANDARD_52, "2C 2H AD")
    assert shown(STANDARD_52, legal_plays(hand, idx(STANDARD_52, "KC"), HEARTS, rules)) == {"2C", "2H"}


def test_winner_highest_of_suit_led_or_best_trump() -> None:
    assert winner(idx(STANDARD_52, "KC AD 2C AC"), NO_TRUMP) == 3
    assert winner(idx(STANDARD_52, "KC AD 2H AC"), HEARTS) == 2
    assert winner(idx(STANDARD_52, "KC 3H 2H AC"), HEARTS) == 1


def test_cards_that_belong_to_another_suit() -> None:
    """Solo-style trumps: the black queens lead the trumps whatever their printed suit."""
    trumps = parse_cards("7D 8D 9D KD 10D AD JD QD QS QC")  # lowest first; two black queens on top
    order = CardOrder.build(PIQUET_32, ACE_HIGH[5:], trump=Suit.DIAMONDS, trump_order=trumps)
    queen = PIQUET_32.index[Card.parse("QC")]
    assert order.suit_of[queen] == Suit.DIAMONDS
    # Clubs led: the queen of clubs is not a club, so a player holding it and a low club must follow with the club.
    hand = mask(PIQUET_32, "QC 7C")
    assert shown(PIQUET_32, legal_plays(hand, idx(PIQUET_32, "AC"), order)) == {"7C"}
    # And it trumps.
    assert winner(idx(PIQUET_32, "AC QC"), order) == 1
    assert winner(idx(PIQUET_32, "QS QC"), order) == 1


def test_card_orders_per_suit_are_data() -> None:
    """Spanish-style orders: a suit may rank its cards differently from the others."""
    spanish = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.JACK, Rank.QUEEN,
               Rank.KING, Rank.ACE)
    reversed_reds = tuple(reversed(spanish[:6])) + spanish[6:]
    order = CardOrder.build(SPANISH_40, spanish, suit_ranks={Suit.HEARTS: reversed_reds})
    assert winner(idx(SPANISH_40, "7C 2C"), order) == 0
    assert winner(idx(SPANISH_40, "7H 2H"), order) == 1


def test_equal_copies_first_played_wins() -> None:
    from parlour.cards import DOUBLE_108
    order = CardOrder.build(DOUBLE_108, ACE_HIGH, trump_order=[Card.parse("JK")], trump=Suit.SPADES)
    assert winner([DOUBLE_108.index[Card.parse("AC")], DOUBLE_108.index[Card.parse("AC#2")]], order) == 0
