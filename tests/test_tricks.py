"""The shared trick mechanics: following rules as data, effective suits and card orders, trick winner."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.cards import ACE_HIGH, DOUBLE_108, PIQUET_32, SPANISH_40, STANDARD_52, Card, Pack, Rank, Suit, parse_cards
from parlour.errors import DealError
from parlour.mechanics.tricks import (
    PLAIN,
    CardOrder,
    FollowRules,
    above,
    beaters,
    beats,
    follower,
    legal_plays,
    renege_exemptions,
    reneging_follower,
    unheld,
    winner,
)


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


# --- rules moved here from the games that first needed them ----------------------------------------------

TUTE_RULES = FollowRules(must_follow=True, must_head=True, must_trump=True, must_overtrump=True)
RELEASED = FollowRules(must_follow=True, must_head=True, must_trump=True, must_overtrump=True,
                       release_if_cannot_overtrump=True)


def test_above_and_beaters() -> None:
    """``above``: the cards of a mask stronger than a power; ``beaters``: that, per card, within its suit."""
    jack = STANDARD_52.index[Card.parse("JC")]
    assert shown(STANDARD_52, above(mask(STANDARD_52, "2C QC AC"), HEARTS.power[jack], HEARTS)) == {"QC", "AC"}
    table = beaters(HEARTS)
    assert shown(STANDARD_52, table[jack]) == {"QC", "KC", "AC"}
    assert shown(STANDARD_52, table[STANDARD_52.index[Card.parse("KH")]]) == {"AH"}
    assert table[STANDARD_52.index[Card.parse("AS")]] == 0


def test_release_when_no_trump_can_overtrump() -> None:
    """Tute's release: void in the suit led and unable to beat a trump already in the trick, a player
    may play any card; able to beat it, they must; with the trick not yet trumped, any trump is forced."""
    trumped = idx(STANDARD_52, "KC 9H")
    low_trumps = mask(STANDARD_52, "2H 3H AD")
    assert shown(STANDARD_52, legal_plays(low_trumps, trumped, HEARTS, TUTE_RULES)) == {"2H", "3H"}
    assert legal_plays(low_trumps, trumped, HEARTS, RELEASED) == low_trumps
    high = mask(STANDARD_52, "2H QH AD")
    assert shown(STANDARD_52, legal_plays(high, trumped, HEARTS, RELEASED)) == {"QH"}
    assert shown(STANDARD_52, legal_plays(low_trumps, idx(STANDARD_52, "KC"), HEARTS, RELEASED)) == {"2H", "3H"}
    # Holding the suit led, the release changes nothing: follow (and head) as usual.
    assert shown(STANDARD_52, legal_plays(mask(STANDARD_52, "2C 2H"), trumped, HEARTS, RELEASED)) == {"2C"}
    assert follower(HEARTS, RELEASED)(low_trumps, trumped) == low_trumps


SPADES = CardOrder.build(STANDARD_52, ACE_HIGH, trump=Suit.SPADES,
                         trump_order=parse_cards("2S 3S 4S 6S 7S 8S 9S 10S QS KS AS AH JS 5S"))
TOP = mask(STANDARD_52, "AH JS 5S")
MAY_TRUMP = FollowRules(may_always_trump=True)


def test_reneging_top_trumps_are_never_forced_out() -> None:
    """Reneging (Twenty-Five, the Forty-Five family): a trump lead does not force out the privileged top
    trumps; holding only those, any card may be played; holding another trump, some trump must be."""
    legal = reneging_follower(SPADES, MAY_TRUMP, TOP)
    lone_top = mask(STANDARD_52, "AH 7C 8D")
    assert legal(lone_top, idx(STANDARD_52, "KS")) == lone_top
    assert legal(lone_top, idx(STANDARD_52, "JS")) == lone_top
    with_low = mask(STANDARD_52, "AH 2S 8D")
    assert shown(STANDARD_52, legal(with_low, idx(STANDARD_52, "KS"))) == {"AH", "2S"}
    # A plain lead keeps the game's own rules: follow, or trump at will.
    assert shown(STANDARD_52, legal(mask(STANDARD_52, "7C 2S 8D"), idx(STANDARD_52, "KC"))) == {"7C", "2S"}


def test_reneging_lower_only_a_higher_trump_led_forces_it() -> None:
    """Reneging, standard form: a top trump is excused only when the trump led is lower than it."""
    lone_top = mask(STANDARD_52, "AH 7C 8D")
    legal = reneging_follower(SPADES, MAY_TRUMP, TOP, lower_only=True)
    assert shown(STANDARD_52, legal(lone_top, idx(STANDARD_52, "JS"))) == {"AH"}
    assert legal(lone_top, idx(STANDARD_52, "KS")) == lone_top
    exempt = renege_exemptions(SPADES, TOP, lower_only=True)
    assert shown(STANDARD_52, exempt[STANDARD_52.index[Card.parse("JS")]]) == {"5S"}
    assert exempt[STANDARD_52.index[Card.parse("KC")]] == 0
    assert renege_exemptions(SPADES, TOP)[STANDARD_52.index[Card.parse("JS")]] == TOP


def test_unheld_what_a_play_proves() -> None:
    """What a card played shows its player lacked: the suit led when not following; the cards that would
    have headed the trick; trumps when not trumping (released: only those that would overtrump); the
    trumps above the best when undertrumping; the forced trumps when reneging."""
    def card(text: str) -> int:
        return STANDARD_52.index[Card.parse(text)]

    assert unheld(idx(STANDARD_52, "KC"), card("2D"), NO_TRUMP) == NO_TRUMP.suit_masks[Suit.CLUBS]
    assert unheld(idx(STANDARD_52, "KC"), card("2C"), NO_TRUMP) == 0
    assert unheld([], card("2C"), NO_TRUMP) == 0
    head = FollowRules(must_head=True)
    assert shown(STANDARD_52, unheld(idx(STANDARD_52, "JC"), card("2C"), NO_TRUMP, head)) \
        == {"QC", "KC", "AC"}
    clubs_and_hearts = HEARTS.suit_masks[Suit.CLUBS] | HEARTS.suit_masks[Suit.HEARTS]
    assert unheld(idx(STANDARD_52, "KC"), card("2D"), HEARTS, TUTE_RULES) == clubs_and_hearts
    above_nine = {"10H", "JH", "QH", "KH", "AH"}
    assert shown(STANDARD_52, unheld(idx(STANDARD_52, "KC 9H"), card("2D"), HEARTS, RELEASED)) \
        == shown(STANDARD_52, HEARTS.suit_masks[Suit.CLUBS]) | above_nine
    assert shown(STANDARD_52, unheld(idx(STANDARD_52, "KC 9H"), card("2H"), HEARTS, TUTE_RULES)) \
        == shown(STANDARD_52, HEARTS.suit_masks[Suit.CLUBS]) | above_nine
    # Trumping at will (Twenty-Five) shows nothing; discarding shows the suit led only.
    assert unheld(idx(STANDARD_52, "KC"), card("2S"), SPADES, MAY_TRUMP) == 0
    assert unheld(idx(STANDARD_52, "KC"), card("2D"), SPADES, MAY_TRUMP) == SPADES.suit_masks[Suit.CLUBS]
    # Reneging: not answering a trump lead shows only that no forced trump was held.
    exempt = renege_exemptions(SPADES, TOP)
    assert unheld(idx(STANDARD_52, "KS"), card("7C"), SPADES, MAY_TRUMP, exempt) \
        == SPADES.suit_masks[Suit.SPADES] & ~TOP


@pytest.mark.parametrize("rules", [PLAIN, FollowRules(must_head=True), FollowRules(must_trump=True),
                                   FollowRules(must_trump=True, must_overtrump=True), TUTE_RULES, RELEASED,
                                   MAY_TRUMP], ids=str)
def test_unheld_is_exactly_what_legal_plays_allows(rules: FollowRules) -> None:
    """``unheld`` reads ``legal_plays`` backwards: a legal card never lies about the hand it came from,
    and every hand holding the card and none of the unheld cards could have played it."""
    rng = random.Random(7)
    deck = list(range(len(STANDARD_52)))
    for _ in range(400):
        rng.shuffle(deck)
        trick, hand = deck[:rng.randrange(0, 4)], sum(1 << c for c in deck[4:4 + rng.randrange(1, 9)])
        for card in (c for c in range(len(STANDARD_52)) if legal_plays(hand, trick, HEARTS, rules) >> c & 1):
            proof = unheld(trick, card, HEARTS, rules)
            assert not hand & proof
            other = (sum(1 << c for c in deck[13:13 + rng.randrange(0, 9)]) & ~proof) | 1 << card
            assert legal_plays(other, trick, HEARTS, rules) >> card & 1


# --- the life of a trick (tricks.TrickPlayState and tricks.beats), shown on Tëtka and Calabrasella ---------
def tetka_deal() -> dict[str, object]:
    """Seat 0 leads (seat 3 deals); each seat's first cards are the ones the tests play."""
    firsts = ("KC 2D", "AC 3D", "5C 4D", "6H 5D")
    rest = [c for c in (str(card) for card in STANDARD_52.cards) if c not in " ".join(firsts).split()]
    hands = [f.split() + rest[11 * s:11 * s + 11] for s, f in enumerate(firsts)]
    return {"hands": hands, "bum": hands[3][-1]}


def play(state: parlour.State, cards: str) -> None:
    for card in cards.split():
        state.apply(state.to_move[0], f"play {card}")


def test_beats_a_higher_card_of_the_suit_or_any_trump_over_a_plain_card() -> None:
    """Beating the card that holds a trick: higher in its effective suit, or a trump on a plain card."""
    def beats_(card: str, best: str, order: CardOrder = HEARTS) -> bool:
        return beats(STANDARD_52.index[Card.parse(card)], STANDARD_52.index[Card.parse(best)], order)
    assert beats_("AS", "KS") and not beats_("QS", "KS")
    assert beats_("2H", "AS") and not beats_("AS", "2H")
    assert not beats_("AD", "KS")                      # a plain card of another suit never beats
    assert not beats_("2H", "AS", NO_TRUMP)


def test_trick_taker_records_the_trick_logs_it_and_leads_next() -> None:
    """The highest card of the suit led takes the trick; it is recorded (leader, taker, cards, mask),
    logged, and its taker leads the next trick."""
    state = parlour.new_game("tetka", seed=1, deal=tetka_deal())
    play(state, "KC AC 5C 6H")
    leader, taker, cards, won = state.taken[-1]  # type: ignore[attr-defined]
    assert (leader, taker) == (0, 1) and won == mask(STANDARD_52, "KC AC 5C 6H")
    assert [str(STANDARD_52.cards[c]) for c in cards] == ["KC", "AC", "5C", "6H"]
    assert state.leader == 1 and state.to_move == (1,) and state.trick == []  # type: ignore[attr-defined]
    assert any(line.startswith("seat 1 wins trick 1") for line in state.view(None).log)


def test_voids_are_shown_by_not_following() -> None:
    """Not following suit shows the suit led is missing from that hand, by the seat that played it."""
    state = parlour.new_game("tetka", seed=1, deal=tetka_deal())
    play(state, "KC AC 5C 6H")
    assert state.voids() == [0, 0, 0, 1 << int(Suit.CLUBS)]  # type: ignore[attr-defined]


def test_the_view_shows_the_trick_and_the_last_trick_seat_by_seat() -> None:
    """A view's table lists the trick being played and the last trick, each card with who played it."""
    state = parlour.new_game("tetka", seed=1, deal=tetka_deal())
    play(state, "KC AC 5C 6H 3D")
    table = state.view(0).table
    assert table["trick"] == [{"seat": 1, "card": "3D"}]
    assert table["last_trick"] == [{"seat": s, "card": c} for s, c in enumerate(("KC", "AC", "5C", "6H"))]


def test_seats_that_sit_out_are_skipped_in_the_trick() -> None:
    """Four at Calabrasella: the dealer sits out, so the trick passes over his seat."""
    state = parlour.new_game("calabrasella", seed=1, players=4)
    assert state.dealer == 3
    assert [state._seat_at(2, k) for k in range(3)] == [2, 0, 1]       # type: ignore[attr-defined]


# --- cards set apart face down (tricks.SetApartPlayState), shown on Schafkopf -----------------------------
SCHAFKOPF_DEAL = {"hands": [["AC", "10C", "KC", "9C", "8C", "7C", "QC", "JD", "KD", "7D"],
                            ["AS", "10S", "KS", "9S", "8S", "7S", "QS", "JS", "AD", "9D"],
                            ["AH", "10H", "KH", "9H", "8H", "7H", "QH", "QD", "JC", "JH"]],
                  "widow": ["10D", "8D"]}


def test_the_widow_is_hidden_from_all_and_the_cards_laid_away_from_all_but_the_declarer() -> None:
    """Set apart face down: before the widow is taken every seat lacks it; the declarer's two cards laid away
    leave his hand, their places in the history are kept, and the others lack those cards while he does not."""
    state = parlour.new_game("schafkopf", seed=1, deal=SCHAFKOPF_DEAL)
    widow = mask(PIQUET_32, "10D 8D")
    zones = {z.key: z.size for z in state._unknown(1).zones}
    assert zones[("widow",)] == 2 and ("laid away",) not in zones
    for action in ("take", "discard AC", "discard 10C"):
        state.apply(0, action)
    assert state.widow == 0 and state.hands[0] & widow == widow        # type: ignore[attr-defined]
    laid = mask(PIQUET_32, "AC 10C")
    assert state.laid_away == laid and not state.hands[0] & laid                 # type: ignore[attr-defined]
    assert state.lay_at == (1, 2)                                                 # type: ignore[attr-defined]
    for seat in (1, 2):
        unknown = state._unknown(seat)
        assert [z.key for z in unknown.zones][-1] == ("laid away",) and unknown.pool & laid == laid
    assert ("laid away",) not in {z.key for z in state._unknown(0).zones}


def test_a_sampled_world_lays_away_other_cards_and_rewrites_the_declarers_discards() -> None:
    """Set apart face down, re-dealt: for a defender the cards laid away are drawn again, and the
    declarer's face-down discards in the world's history name exactly them; the declarer's own world
    keeps the real ones."""
    state = parlour.new_game("schafkopf", seed=1, deal=SCHAFKOPF_DEAL)
    for action in ("take", "discard AC", "discard 10C"):
        state.apply(0, action)
    rng = random.Random(2)
    seen = set()
    for _ in range(20):
        world = state.sample_world(1, rng)
        discards = [str(a) for s, a in world.history if str(a).startswith("discard")]
        assert discards == [f"discard {c}" for c in PIQUET_32.cards_in(world.laid_away)]  # type: ignore[attr-defined]
        assert world.view(1) == state.view(1)
        seen.add(world.laid_away)                                       # type: ignore[attr-defined]
    assert len(seen) > 1
    assert state.sample_world(0, rng).laid_away == state.laid_away          # type: ignore[attr-defined]


# --- the deal with the dealer's last card turned up (TrickPlayState._deal_turning_last), on Tëtka and Tute -
def test_the_last_card_dealt_is_the_dealers_and_is_the_card_turned_up() -> None:
    """Dealt at random, every seat gets its share and the turned card (Tëtka's bum, Tute's trump card) is
    in the dealer's hand."""
    for game, turned, size in (("tetka", "bum", 13), ("tute", "trump_card", 10)):
        state = parlour.new_game(game, seed=5)
        hands, card = state.hands, getattr(state, turned)                      # type: ignore[attr-defined]
        assert [h.bit_count() for h in hands] == [size] * 4
        assert hands[state.dealer] >> card & 1


def test_a_prepared_deal_turns_the_dealers_last_card_or_the_one_named_there() -> None:
    """Prepared: the card turned is the dealer's last unless the deal names another of his cards; one
    outside his hand is refused, naming the card and the dealer's seat, and one not of the pack too."""
    deal = tetka_deal()
    hands = deal["hands"]
    assert isinstance(hands, list)
    dealer_cards = hands[3]
    state = parlour.new_game("tetka", seed=1, deal={"hands": hands})
    assert str(STANDARD_52.cards[state.bum]) == dealer_cards[-1]               # type: ignore[attr-defined]
    state = parlour.new_game("tetka", seed=1, deal={"hands": hands, "bum": dealer_cards[0]})
    assert str(STANDARD_52.cards[state.bum]) == dealer_cards[0]                # type: ignore[attr-defined]
    with pytest.raises(DealError, match="the bum KC must be in seat 3's hand"):
        parlour.new_game("tetka", seed=1, deal={"hands": hands, "bum": "KC"})
    with pytest.raises(DealError, match="the trump: '8C' is not a card of the spanish-40 pack"):   # no 8s
        parlour.new_game("tute", seed=1, deal={"hands": spanish_hands(), "trump": "8C"})


def spanish_hands() -> list[list[str]]:
    """Four hands of ten dealt in pack order from the Spanish 40-card pack."""
    names = [str(c) for c in SPANISH_40.cards]
    return [names[10 * s:10 * s + 10] for s in range(4)]


def test_each_deal_starts_its_play_afresh_with_the_dealers_left_to_lead() -> None:
    """Starting the tricks (TrickPlayState._start_tricks): the next deal begins with no trick taken or begun,
    whatever the last deal left, and the seat after the new dealer leads."""
    state = parlour.new_game("tetka", seed=3, orbits=2)
    while state.hand_number == 1:
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    assert state.dealer == 0 and state.taken == [] and state.trick == []      # type: ignore[attr-defined]
    assert state.leader == 1 and state.to_move == (1,)                        # type: ignore[attr-defined]


def taker_by_the_rule(trick: list[int], order: CardOrder) -> int:
    """The book's rule read directly from suits and powers: the best trump, else the best card of the suit
    led; of two equal cards the first played."""
    best = 0
    for k, card in enumerate(trick):
        suit, best_suit = order.suit_of[card], order.suit_of[trick[best]]
        if (suit == best_suit and order.power[card] > order.power[trick[best]]) \
                or (suit == order.trump and best_suit != order.trump):
            best = k
    return best


def test_the_taker_found_by_the_table_is_the_taker_by_the_rule() -> None:
    """A trick's taker is found with ``CardOrder.beaten_by`` (a bit test per card); over random tricks of
    every size, with no trumps and with trumps, it is the card the rule names: the best trump, else the
    best card of the suit led, the first played of two equal cards (a double pack's copies)."""
    rng = random.Random(3)
    double = Pack("double-104", [card for card in DOUBLE_108.cards if card.suit is not None])
    for pack in (STANDARD_52, double):
        for trump in (None, Suit.HEARTS, Suit.SPADES):
            order = CardOrder.build(pack, ACE_HIGH, trump=trump)
            for _ in range(3000):
                trick = rng.sample(range(len(pack)), rng.randint(1, 6))
                assert winner(trick, order) == taker_by_the_rule(trick, order), trick
