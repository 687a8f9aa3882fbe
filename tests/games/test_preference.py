"""Preference, rule by rule, on prepared deals (rules/source/preference.txt and its notes in rules/NOTES.md)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from table import (
    act,
    bots_to_end,
    dealt_in_packets,
    finish_hand,
    open_ending,
    open_hand_play,
    random_to_end,
    refused,
    rollouts_to_end,
)

import parlour
from parlour.bots import make_bot
from parlour.bots.heuristics.preference import likely_tricks
from parlour.cards import PIQUET_32, Card, Suit
from parlour.errors import DealError
from parlour.games.preference import SUIT_NAME, PreferenceState
from parlour.mechanics import tricks

# Seat 0 holds the six top hearts and four losers; hearts 8 and 7 lie in the widow, so as trumps his six
# hearts are six sure tricks and no more.
SIX: dict[str, Any] = {"hands": [["AH", "KH", "QH", "JH", "10H", "9H", "7C", "8C", "7D", "7S"],
                 ["9C", "10C", "JC", "AD", "KD", "QD", "JD", "10D", "8S", "9S"],
                 ["QC", "KC", "AC", "9D", "8D", "10S", "JS", "QS", "KS", "AS"]],
       "widow": ["8H", "7H"]}
# The same, but seat 0's 9H is with seat 1 (for his 8S): five sure tricks, one short.
FIVE: dict[str, Any] = {"hands": [["AH", "KH", "QH", "JH", "10H", "8S", "7C", "8C", "7D", "7S"],
                  ["9C", "10C", "JC", "AD", "KD", "QD", "JD", "10D", "9H", "9S"],
                  ["QC", "KC", "AC", "9D", "8D", "10S", "JS", "QS", "KS", "AS"]],
        "widow": ["8H", "7H"]}
LETTER = {Suit.SPADES: "S", Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H"}
SUITS = [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]


def spread(first: list[str]) -> dict[str, Any]:
    """Seat 0 holds ``first``; the other cards go alternately to seats 1 and 2, the last two to the widow."""
    rest = [str(c) for c in PIQUET_32.cards if str(c) not in first]
    return {"hands": [first, rest[0:20:2], rest[1:20:2]], "widow": rest[20:]}


def sweep(suit: Suit) -> dict[str, Any]:
    """Seat 0 holds all eight cards of ``suit`` and two aces: at least eight tricks with it as trumps."""
    others = [s for s in SUITS if s != suit][:2]
    return spread([f"{r}{LETTER[suit]}" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
                  + [f"A{LETTER[s]}" for s in others])


def weak(suit: Suit) -> dict[str, Any]:
    """Seat 0 holds the seven of ``suit`` and the 7, 8, 9 of the other suits: a hopeless contract."""
    return spread([f"7{LETTER[suit]}"] + [f"{r}{LETTER[s]}" for s in SUITS if s != suit for r in ("7", "8", "9")])


def game(deal: dict[str, Any], players: int = 3, **options: Any) -> PreferenceState:
    prepared: Any = deal
    if players == 4:
        prepared = {**deal, "hands": [*deal["hands"], []]}
    state = parlour.new_game("preference", players=players, seed=1, deal=prepared, **options)
    assert isinstance(state, PreferenceState)
    return state


def legal(state: parlour.State) -> set[str]:
    return {str(a) for a in state.legal_actions(state.to_move[0])}


def pool(state: parlour.State) -> int:
    return int(state.view(None).extra["pool"])


class TestDeal:
    def test_ten_cards_each_and_two_in_the_widow(self) -> None:
        """Deal: 32 cards, ten to each of three players and two face down as the widow."""
        for seed in range(5):
            view = parlour.new_game("preference", seed=seed).view(None)
            assert [s["held"] for s in view.seats] == [10, 10, 10]
            assert view.table["widow_face_down"] == 2

    def test_packets_go_three_then_widow_then_four_then_three(self) -> None:
        """Deal: three to each from the dealer's left, two for the widow, then four each, then three each."""
        pack = [str(c) for c in PIQUET_32.cards]
        state = game({"pack": pack})
        order = (0, 1, 2)   # the dealer is seat 2
        first, rest = dealt_in_packets(pack[:9], order, (3,)), dealt_in_packets(pack[11:], order, (4, 3))
        # The hands hold every card but the tenth and eleventh, so those two are the widow.
        assert [set(state.view(s).hand) for s in order] == [first[s] | rest[s] for s in order]

    def test_four_players_the_dealer_takes_no_cards_and_never_calls(self) -> None:
        """Players: with four, the dealer takes no cards; the calls begin at his left and skip him."""
        state = game(SIX, players=4)
        assert [s["held"] for s in state.view(None).seats] == [10, 10, 10, 0]
        assert "sits out" in state.view(None).seats[3]["status"]
        assert state.to_move == (0,)
        act(state, "pass", "pass")
        assert state.to_move == (2,)
        act(state, "pass")
        assert state.to_move == (0,) and state.phase == "second round"

    def test_the_deal_passes_to_the_left(self) -> None:
        """Dealing: after the first hand the deal passes to the left."""
        state = game(SIX)
        act(state, *["pass"] * 6)
        assert state.hand_number == 2 and state.view(None).extra["dealer"] == 0
        assert state.to_move == (1,)

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal gives ten different cards to each active player and two to the widow."""
        with pytest.raises(DealError, match="seat 0 must hold 10 cards, not 9"):
            parlour.new_game("preference", deal={"hands": [h[:9] for h in SIX["hands"]]})
        with pytest.raises(DealError, match="the widow holds 2 cards, not 1"):
            parlour.new_game("preference", deal={**SIX, "widow": ["8H"]})
        with pytest.raises(DealError, match="no 'cards'"):
            parlour.new_game("preference", deal={"cards": []})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play when it is not a deal of the game: each deal of a list is
        read for its own dealer (with four, seat 3 sits the first deal out and seat 0 the second), and a card
        twice, a card not of the 32-card pack, a wrong type or an unknown key is refused."""
        first, second = {**SIX, "hands": [*SIX["hands"], []]}, {**SIX, "hands": [[], *SIX["hands"]]}
        assert parlour.new_game("preference", players=4, deal=[first, second]).hand_number == 1
        with pytest.raises(DealError, match="deal 2 of the list: seat 0 must hold 0 cards, not 10"):
            parlour.new_game("preference", players=4, deal=[first, first])
        hands = SIX["hands"]
        for bad, why in (({**SIX, "widow": ["8H", "AH"]}, "no hand nor other list holds"),
                         ({**SIX, "hands": [hands[0][:-1] + ["6S"], *hands[1:]]}, "'6S' is not a card"),
                         ({**SIX, "talon": []}, "no 'talon'"), (5, "not int"), ("xyz", "not str")):
            with pytest.raises(DealError, match=why):
                parlour.new_game("preference", deal=bad)


class TestFirstRound:
    def test_eldest_calls_first_and_any_suit_may_open(self) -> None:
        """First round: the player at the dealer's left calls first, naming any suit or passing."""
        state = game(SIX)
        assert state.to_move == (0,)
        assert legal(state) == {"bid spades", "bid clubs", "bid diamonds", "bid hearts", "pass"}

    def test_a_suit_named_must_outrank_those_named_before(self) -> None:
        """First round: bids rank by suit, hearts, diamonds, clubs, spades from the top."""
        state = game(SIX)
        act(state, "bid clubs")
        assert legal(state) == {"bid diamonds", "bid hearts", "pass"}
        refused(state, 1, "bid spades", "a higher suit")
        refused(state, 1, "bid clubs", "a higher suit")
        act(state, "bid diamonds")
        assert legal(state) == {"bid hearts", "pass"}

    def test_hearts_is_preference_and_cannot_be_outbid(self) -> None:
        """First round: hearts, the preference suit, outranks every other suit; after it all must pass."""
        state = game(SIX)
        act(state, "bid hearts")
        assert legal(state) == {"pass"}
        refused(state, 1, "bid diamonds", "a higher suit")

    def test_each_player_calls_once(self) -> None:
        """First round (notes, Bicycle): one call each; an outbid player does not speak again."""
        state = game(SIX)
        act(state, "bid spades", "bid clubs", "pass")
        assert state.phase == "play" and state.declarer == 1 and state.trump is Suit.CLUBS

    def test_the_highest_suit_named_is_trumps_and_the_widow_is_not_used(self) -> None:
        """First round: the highest suit named is trumps; the widow stays face down and unused."""
        state = game(SIX)
        act(state, "bid diamonds", "bid hearts", "pass")
        view = state.view(None)
        assert view.extra["bidder"] == 1 and view.extra["trumps"] == "hearts"
        assert view.table["widow_face_down"] == 2 and view.seats[1]["held"] == 10
        assert "8H" not in state.view(1).hand

    def test_counters_are_not_bid_in_the_first_round(self) -> None:
        """First round: a suit or a pass; counters are bid only in the second round."""
        refused(game(SIX), 0, "bid 3", "first round")


class TestSecondRound:
    def test_when_all_pass_the_widow_is_bid_for_in_counters(self) -> None:
        """Second round: when all passed, each in turn may bid counters for the widow."""
        state = game(SIX)
        act(state, "pass", "pass", "pass")
        assert state.phase == "second round" and state.to_move == (0,)
        assert legal(state) == {f"bid {n}" for n in range(1, 21)} | {"pass"}

    def test_each_bid_must_be_higher_and_each_player_bids_once(self) -> None:
        """Second round: each bid beats the last; one round only, so the highest bidder takes the widow."""
        state = game(SIX)
        act(state, "pass", "pass", "pass", "bid 3")
        refused(state, 1, "bid 3", "a higher bid")
        refused(state, 1, "bid 2", "a higher bid")
        act(state, "bid 5", "pass")
        assert state.phase == "lay away" and state.declarer == 1 and state.to_move == (1,)

    def test_suits_are_not_named_in_the_second_round(self) -> None:
        """Second round: the bids are counters; trumps are named only after taking the widow."""
        state = game(SIX)
        act(state, "pass", "pass", "pass")
        refused(state, 0, "bid hearts", "second round")

    def test_the_buyer_pays_his_bid_into_the_pool_and_takes_the_widow(self) -> None:
        """Second round (notes): the highest bidder puts his bid into the pool and takes the widow."""
        state = game(SIX)
        act(state, "pass", "pass", "pass", "bid 3", "bid 5", "pass")
        assert pool(state) == 35 and state.scores() == [-10, -15, -10]
        assert {"8H", "7H"} <= set(state.view(1).hand) and len(state.view(1).hand) == 12
        assert state.view(None).table["widow_face_down"] == 0
        assert any("the widow: 7H 8H" in line for line in state.view(1).log)
        assert not any("8H" in line for line in state.view(0).log + state.view(2).log)

    def test_the_buyer_lays_away_two_cards_face_down_then_names_trumps(self) -> None:
        """Second round: the buyer lays away two cards (seen by no one else), then names the trump suit."""
        state = game(SIX)
        act(state, "pass", "pass", "pass", "pass", "bid 1", "pass")
        assert legal(state) == {f"discard {c}" for c in state.view(1).hand}
        refused(state, 1, "discard AS", "your own cards")
        act(state, "discard 8S", "discard 9S")
        assert state.phase == "trumps" and len(state.view(1).hand) == 10
        assert state.view(1).extra["laid_away"] == ["8S", "9S"]
        assert "laid_away" not in state.view(0).extra
        assert "seat 1: discard a card face down" in state.view(0).log
        assert not any("9S" in line for line in state.view(2).log)
        assert legal(state) == {"trumps spades", "trumps clubs", "trumps diamonds", "trumps hearts"}
        act(state, "trumps diamonds")
        assert state.phase == "play" and state.trump is Suit.DIAMONDS and state.to_move == (2,)

    def test_the_named_suit_sets_the_payment(self) -> None:
        """Payments vary with the trump suit: the buyer who names diamonds is paid 2 x 3 when he makes it."""
        state = game(SIX)
        act(state, "pass", "pass", "pass", "pass", "bid 4", "pass", "discard 8S", "discard 9S", "trumps diamonds")
        finish_hand(state)
        result = state.hand_results[0]
        assert "made the contract" in result.summary
        assert result.changes == (-10, -10 - 4 + 6, -10)

    def test_when_all_pass_again_the_deal_is_thrown_in(self) -> None:
        """All pass in both rounds (a default): nobody plays or pays, and the deal passes on."""
        state = game(SIX)
        act(state, *["pass"] * 6)
        result = state.hand_results[0]
        assert result.changes == (-10, -10, -10) and "thrown in" in result.summary
        assert state.hand_number == 2 and pool(state) == 30


class TestPlay:
    def test_the_player_left_of_the_bidder_leads(self) -> None:
        """Play: the player at the bidder's left leads the first trick."""
        state = game(SIX)
        act(state, "pass", "bid hearts", "pass")
        assert state.to_move == (2,)

    def test_four_players_the_lead_skips_the_dealer(self) -> None:
        """Play: with four, the dealer sits out, so the lead passes over him to the next player."""
        state = game(SIX, players=4)
        act(state, "pass", "pass", "bid diamonds")
        assert state.to_move == (0,)
        act(state, "play 7C", "play 9C", "play QC")
        assert state.view(None).seats[3]["held"] == 0 and state.to_move == (2,)

    def test_follow_suit_if_you_can(self) -> None:
        """Play: a player holding the suit led must follow."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass", "play 9C")
        assert legal(state) == {"play QC", "play KC", "play AC"}
        error = refused(state, 2, "play AS", "follow suit")
        assert "clubs" in str(error)

    def test_a_void_player_may_play_any_card_without_trumping(self) -> None:
        """Play: a player out of the suit led may play any card; there is no duty to trump."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass", "play AD", "play 9D", "play 7D", "play KD", "play 8D")
        assert state.to_move == (0,)
        assert legal(state) == {f"play {c}" for c in state.view(0).hand}

    def test_a_trump_takes_the_trick_else_the_best_card_of_the_suit_led(self) -> None:
        """Play: the highest trump wins the trick; with no trump in it, the highest card of the suit led."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass", "play AD", "play 9D", "play 7D")
        assert state.to_move == (1,) and state.taken[-1][1] == 1
        act(state, "play KD", "play 8D", "play 9H")
        assert state.to_move == (0,) and state.taken[-1][1] == 0

    def test_there_is_always_a_trump_suit(self) -> None:
        """There are no hands without trumps: every contract, bought or named, has a trump suit."""
        for deal_actions in (("bid spades", "pass", "pass"),
                             ("pass", "pass", "pass", "bid 1", "pass", "pass", "discard 7C", "discard 8C",
                              "trumps spades")):
            state = game(SIX)
            act(state, *deal_actions)
            assert state.phase == "play" and state.trump is not None


class TestOpenHandGoal:
    def test_the_bidder_plays_alone_against_the_other_two_for_tricks(self) -> None:
        """Payments (six tricks of ten): the bidder's side is himself, against the other two players;
        with four at the table the dealer sits out and is on neither side."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass")
        assert state.trick_goal(0) == (frozenset({0}), tricks.TRICKS)
        assert state.trick_goal(1) == (frozenset({1, 2}), tricks.TRICKS)
        four = game(SIX, players=4)
        act(four, "pass", "pass", "bid diamonds")
        assert four.trick_goal(0) == (frozenset({0, 1}), tricks.TRICKS)

    @pytest.mark.parametrize("seed", [1, 2])
    def test_four_players_the_search_value_is_the_tricks_the_side_takes_at_the_end(self, seed: int) -> None:
        """With four at the table, three tricks from the end: the search leaves the dealer's empty hand
        out, and its value for the bidder is the tricks he then takes."""
        state = game(FIVE, players=4)
        act(state, "pass", "pass", "bid diamonds")
        open_ending(state, 3, random.Random(seed))
        assert len(state.open_position(2).hands) == 3
        value, taken = open_hand_play(state, 2, lambda now: now.trick_counts()[2])  # type: ignore[attr-defined]
        assert value == taken


class TestPayments:
    def test_every_active_player_antes_to_the_empty_pool(self) -> None:
        """The pool: the three active players each put in the same amount (notes default 10)."""
        state = game(SIX)
        assert pool(state) == 30 and state.scores() == [-10, -10, -10]

    def test_four_players_the_dealer_does_not_ante(self) -> None:
        """The pool (four players): the three active players make it up; the dealer sitting out does not."""
        state = game(SIX, players=4)
        assert pool(state) == 30 and state.scores() == [-10, -10, -10, 0]

    def test_exactly_six_tricks_make_the_contract(self) -> None:
        """The contract: six of the ten tricks; the pool pays the bidder 2 x 4 for hearts."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass")
        finish_hand(state)
        result = state.hand_results[0]
        assert "with 6 tricks" in result.summary and "made" in result.summary
        assert result.changes == (-10 + 8, -10, -10)
        assert pool(state) == 30 - 8

    def test_five_tricks_fail_and_the_bidder_pays_the_pool(self) -> None:
        """The contract: five tricks fail; the bidder pays into the pool what he would have won."""
        state = game(FIVE)
        act(state, "bid hearts", "pass", "pass")
        finish_hand(state)
        result = state.hand_results[0]
        assert "failed with 5 tricks" in result.summary
        assert result.changes == (-10 - 8, -10, -10)
        assert pool(state) == 30 + 8

    @pytest.mark.parametrize("suit", SUITS, ids=lambda s: SUIT_NAME[s])
    def test_a_made_contract_is_paid_by_the_suit(self, suit: Suit) -> None:
        """Payments: k x the suit's multiplier (k 2; spades 1, clubs 2, diamonds 3, hearts 4) from the pool."""
        state = game(sweep(suit))
        act(state, f"bid {SUIT_NAME[suit]}", "pass", "pass")
        finish_hand(state)
        value = 2 * (SUITS.index(suit) + 1)
        assert "made the contract" in state.hand_results[0].summary
        assert state.hand_results[0].changes == (-10 + value, -10, -10)

    @pytest.mark.parametrize("suit", SUITS, ids=lambda s: SUIT_NAME[s])
    def test_a_failed_contract_pays_the_same_into_the_pool(self, suit: Suit) -> None:
        """Payments: a failing bidder pays the pool k x the suit's multiplier."""
        state = game(weak(suit))
        act(state, f"bid {SUIT_NAME[suit]}", "pass", "pass")
        finish_hand(state)
        value = 2 * (SUITS.index(suit) + 1)
        assert "failed" in state.hand_results[0].summary
        assert state.hand_results[0].changes == (-10 - value, -10, -10)
        assert pool(state) == 30 + value

    def test_amounts_are_options(self) -> None:
        """Payments are agreed beforehand: ante, unit and each suit's multiplier are options."""
        state = game(SIX, ante=7, stake=3, hearts_multiplier=5)
        assert pool(state) == 21
        act(state, "bid hearts", "pass", "pass")
        finish_hand(state)
        assert state.hand_results[0].changes == (-7 + 15, -7, -7)
        assert state.view(0).extra["pays"]["hearts"] == 15

    def test_the_pool_pays_only_what_it_holds_and_is_refilled_when_empty(self) -> None:
        """The pool pays no more than it holds; an empty pool is refilled by equal antes at the next deal."""
        state = game(SIX, ante=1, stake=2)
        act(state, "bid hearts", "pass", "pass")
        finish_hand(state)
        result = state.hand_results[0]
        assert result.changes == (-1 + 3, -1, -1)
        assert any("the pool held no more" in r.text for r in result.reasons)
        # Deal 2 began with an empty pool: each active player anted 1 again.
        assert pool(state) == 3 and state.scores() == [1, -2, -2]

    def test_a_pool_with_counters_in_it_is_not_refilled(self) -> None:
        """The pool: antes are made only when it is empty (notes)."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass")
        finish_hand(state)
        assert pool(state) == 22 and state.scores() == [-2, -10, -10]

    def test_the_widow_bid_goes_into_the_pool_even_when_the_contract_fails(self) -> None:
        """Second round: the counters bid are the pool's whatever the outcome; failing costs the contract too."""
        state = game(FIVE)
        act(state, "pass", "pass", "pass", "bid 2", "pass", "pass")
        act(state, "discard 8S", "discard 7S", "trumps spades")
        finish_hand(state)
        result = state.hand_results[0]
        assert "failed" in result.summary
        assert result.changes == (-10 - 2 - 2, -10, -10)
        assert any(r.text.startswith("bid 2 for the widow") for r in result.reasons)


class TestTheGame:
    def test_the_game_is_one_deal_each_and_the_pool_left_is_shared(self) -> None:
        """End (a default): one deal by each player; what is left in the pool is shared equally."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass")
        finish_hand(state)
        for _ in range(2):
            act(state, *["pass"] * 6)
        assert state.is_over and len(state.hand_results) == 3
        assert state.scores() == [-2 + 7, -10 + 7, -10 + 7]
        assert state.result().extra == {"left in the pool": 1}
        assert state.result().winners == (0,)
        assert "shared, 7 each" in state.hand_results[-1].summary

    def test_four_players_the_pool_is_shared_by_those_who_filled_it(self) -> None:
        """End (a default): the pool left over goes back to the three who anted it, not to a dealer who sat
        out when it was filled."""
        state = game(SIX, players=4)
        for _ in range(4):
            act(state, *["pass"] * 6)
        assert state.is_over and state.scores() == [0, 0, 0, 0]
        assert [r.seat for r in state.hand_results[-1].reasons] == [0, 1, 2]

    def test_the_pool_may_be_left_unshared(self) -> None:
        """Option share_pool: without it, the pool left over stays there at the end."""
        state = game(SIX, share_pool=False)
        for _ in range(3):
            act(state, *["pass"] * 6)
        assert state.is_over and state.scores() == [-10, -10, -10]
        assert state.result().extra == {"left in the pool": 30}

    def test_four_players_deal_four_times_and_rounds_lengthen_the_game(self) -> None:
        """End: every player deals once per round; option rounds plays more rounds."""
        for players, rounds in ((4, 1), (3, 2)):
            state = parlour.new_game("preference", players=players, seed=2, rounds=rounds)
            random_to_end(state, random.Random(2))
            assert len(state.hand_results) == players * rounds


class TestHiddenInformation:
    def test_a_view_shows_no_other_hand_and_not_the_widow(self) -> None:
        """Views: a seat sees its own ten cards only; the widow is face down for everyone."""
        state = game(SIX)
        for seat in range(3):
            text = json.dumps(state.view(seat).to_dict())
            for other in range(3):
                if other != seat:
                    assert not any(f'"{card}"' in text for card in SIX["hands"][other])
            assert '"8H"' not in text and '"7H"' not in text

    def test_sampled_worlds_honour_voids_and_deal_the_widow_anew(self) -> None:
        """Sampling: a seat that failed to follow never gets that suit back; the widow is drawn again."""
        state = game(SIX)
        act(state, "bid hearts", "pass", "pass", "play AD", "play 9D", "play 7D", "play KD", "play 8D", "play 7C")
        assert state.voids()[0] == 1 << int(Suit.DIAMONDS)
        diamonds = PIQUET_32.suit_masks[Suit.DIAMONDS]
        rng = random.Random(1)
        widows = set()
        for _ in range(40):
            world = state.sample_world(1, rng)
            assert isinstance(world, PreferenceState)
            assert not world.hands[0] & diamonds
            assert world.view(1) == state.view(1)
            widows.add(world.widow)
        assert len(widows) > 1

    def test_sampled_worlds_lay_away_other_cards_for_the_other_seats(self) -> None:
        """Sampling: the cards laid away are drawn again, in the world's history too, for the others."""
        state = game(SIX)
        act(state, "pass", "pass", "pass", "pass", "bid 1", "pass", "discard 8S", "discard 9S")
        rng = random.Random(3)
        seen = set()
        for _ in range(30):
            world = state.sample_world(0, rng)
            assert isinstance(world, PreferenceState)
            laid = [str(a) for s, a in world.history if str(a).startswith("discard")]
            assert [f"discard {c}" for c in PIQUET_32.cards_in(world.laid_away)] == laid
            assert world.view(0) == state.view(0)
            seen.add(world.laid_away)
        assert len(seen) > 1
        own = state.sample_world(1, rng)
        assert isinstance(own, PreferenceState) and own.laid_away == state.laid_away


class TestRefusals:
    def test_out_of_turn_and_wrong_phase_actions_change_nothing(self) -> None:
        """Refusals name the rule and leave the state as it was."""
        state = game(SIX)
        assert isinstance(refused(state, 1, "pass"), parlour.OutOfTurn)
        refused(state, 0, "play 7C", "first round")
        refused(state, 0, "trumps hearts", "first round")
        act(state, "bid hearts", "pass", "pass")
        refused(state, 1, "pass", "play")
        refused(state, 1, "play AH", "play from your hand")


class TestMechanics:
    def test_likely_tricks_counts_top_trumps(self) -> None:
        """The heuristic's count: six top trumps are at least six tricks."""
        hand = PIQUET_32.mask(Card.parse(c) for c in SIX["hands"][0])
        assert likely_tricks(hand, Suit.HEARTS) >= 6 > likely_tricks(hand, Suit.SPADES)


class TestHeuristic:
    def test_the_heuristic_beats_random_play(self) -> None:
        """The heuristic (one seat, in turn) wins more counters than random players over whole games."""
        start = time.process_time()
        heuristic, others = 0, 0
        for seed in range(60):
            state = parlour.new_game("preference", seed=seed)
            me = seed % 3
            bots = [make_bot("heuristic" if s == me else "random", "preference", seed=seed + s) for s in range(3)]
            bots_to_end(state, bots)
            scores = state.scores()
            heuristic += scores[me]
            others += sum(scores) - scores[me]
        assert heuristic > others / 2 + 100
        assert time.process_time() - start < 20

    def test_the_heuristic_names_trumps_on_six_sure_tricks_and_passes_a_weak_hand(self) -> None:
        """The heuristic bids like a decent player: hearts on six top hearts, nothing on a hopeless hand."""
        bot = make_bot("heuristic", "preference", seed=1)
        assert bot.choose(game(SIX).view(0)) == "bid hearts"
        assert bot.choose(game(weak(Suit.HEARTS)).view(0)) == "pass"

    def test_the_rollout_habits_play_legal_moves(self) -> None:
        """Search playouts: the state's quick habits always choose a legal action."""
        for seed in range(10):
            state = parlour.new_game("preference", players=3 + seed % 2, seed=seed)
            rollouts_to_end(state, random.Random(seed))
