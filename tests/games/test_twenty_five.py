"""Twenty-Five, rule by rule, on prepared deals (rules/source/twenty-five.txt and the Twenty-Five notes in
rules/NOTES.md)."""

from __future__ import annotations

import json
import random

import pytest
from table import act, open_ending, open_hand_play, play, random_to_end, refused

import parlour
from parlour.cards import STANDARD_52, Card, Suit
from parlour.errors import DealError
from parlour.games.twenty_five import ORDERS, TwentyFiveState, trump_order
from parlour.mechanics import tricks

# Diamonds are trumps (9D turned); seat 0 holds the ace of trumps. Seat 3 deals, seat 0 leads.
DEAL_A = {"hands": [["AD", "2C", "3H", "4S", "KC"], ["3C", "7D", "8H", "9S", "QS"],
                    ["4C", "10D", "JH", "10S", "KS"], ["5C", "6H", "7S", "8C", "QH"]], "upcard": "9D"}
# Spades are trumps (9S turned); seat 0 leads the king of trumps. Nobody holds the ace of spades.
DEAL_RENEGE = {"hands": [["KS", "JS", "2C", "3C", "4C"], ["AH", "2H", "3H", "4H", "7C"],
                         ["5S", "8H", "9H", "10H", "8C"], ["2S", "2D", "3D", "4D", "5D"]], "upcard": "9S"}
# Clubs are trumps (9C turned); seat 1 has no heart but the A♥, which is a trump.
DEAL_HEARTS = {"hands": [["2H", "3H", "KD", "QD", "JD"], ["AH", "KS", "QS", "JS", "10S"],
                         ["4H", "5H", "2D", "3D", "4D"], ["6H", "7H", "5D", "6D", "7D"]], "upcard": "9C"}


def game(deal: object, players: int = 4, variant: str | None = None, **options: object) -> TwentyFiveState:
    state = parlour.new_game("twenty-five", players=players, variant=variant, seed=1, deal=deal, **options)
    assert isinstance(state, TwentyFiveState)
    return state


def pass_all(state: parlour.State) -> None:
    while state.view(None).phase == "rob":
        act(state, "pass")


def legal(state: parlour.State, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def power(card: str, trump: Suit) -> tuple[bool, int]:
    order = ORDERS[int(trump)]
    index = STANDARD_52.index[Card.parse(card)]
    return order.suit_of[index] == int(trump), order.power[index]


class TestDeal:
    def test_five_cards_each_and_the_upcard_sets_trumps(self) -> None:
        """Setup: five cards each; the next card is turned up for trumps and the rest is set aside."""
        state = game(DEAL_A)
        for seat in range(4):
            view = state.view(seat)
            assert len(view.hand) == 5 and view.table["upcard"] == "9D" and view.table["trumps"] == "diamonds"
            assert view.table["stub"] == 52 - 20 - 1
            assert [s["held"] for s in view.seats] == [5, 5, 5, 5]

    def test_shuffled_deals_give_five_each_at_every_table_size(self) -> None:
        """Setup: three to nine players, five cards each, the rest a stub."""
        for players in range(3, 10):
            state = parlour.new_game("twenty-five", players=players, seed=players)
            view = state.view(None)
            assert [s["held"] for s in view.seats] == [5] * players
            assert view.table["stub"] == 52 - 5 * players - 1
        with pytest.raises(ValueError, match="players"):
            parlour.new_game("twenty-five", players=2)

    def test_the_player_left_of_the_dealer_leads_and_the_deal_passes_left(self) -> None:
        """Game play: the dealer's left leads first; the next deal is made by the next player to the left."""
        state = game([DEAL_A, DEAL_A])
        pass_all(state)
        assert state.to_move == (0,) and state.view(None).extra["dealer"] == 3
        while state.hand_number == 1:
            act(state, str(state.legal_actions(state.to_move[0])[0]))
        assert state.view(None).extra["dealer"] == 0
        pass_all(state)
        assert state.to_move == (1,)

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal is refused before play unless it gives five different cards to each player and
        names an upcard of the pack outside the hands."""
        with pytest.raises(DealError, match="deal 2 of the list: seat 0 must hold 5 cards, not 4"):
            game([DEAL_A, {**DEAL_A, "hands": [h[:4] for h in DEAL_A["hands"]]}])
        with pytest.raises(DealError, match="upcard may name only cards no hand"):
            game({**DEAL_A, "upcard": "AD"})
        with pytest.raises(DealError, match="'JK' is not a card of"):
            game({**DEAL_A, "upcard": "JK"})
        with pytest.raises(DealError, match="names the upcard"):
            game({"hands": DEAL_A["hands"]})
        junk: list[object] = [5, "xyz", {"cards": []}, {**DEAL_A, "upcard": ["9D"]}, {**DEAL_A, "stub": []}]
        for deal in junk:
            with pytest.raises(DealError):
                game(deal)


class TestCardOrder:
    def test_trump_orders_follow_the_books_tables(self) -> None:
        """Card ranking: 5, J, A♥, ace of trumps, then red high-to-low and black low-to-high."""
        assert [str(c) for c in reversed(trump_order(Suit.HEARTS))] == \
            ["5H", "JH", "AH", "KH", "QH", "10H", "9H", "8H", "7H", "6H", "4H", "3H", "2H"]
        assert [str(c) for c in reversed(trump_order(Suit.DIAMONDS))] == \
            ["5D", "JD", "AH", "AD", "KD", "QD", "10D", "9D", "8D", "7D", "6D", "4D", "3D", "2D"]
        for suit, letter in ((Suit.CLUBS, "C"), (Suit.SPADES, "S")):
            low = [str(n) for n in range(2, 11) if n != 5]
            expected = [f"5{letter}", f"J{letter}", "AH"] + [f"{r}{letter}" for r in ["A", "K", "Q", *low]]
            assert [str(c) for c in reversed(trump_order(suit))] == expected
            powers = [power(c, suit) for c in expected]
            assert all(p[0] for p in powers) and powers == sorted(powers, reverse=True)

    def test_plain_suits_are_highest_in_red_lowest_in_black(self) -> None:
        """Card ranking: in plain suits red runs K down to 2 (the A♦ lowest), black K Q J A 2 ... 10."""
        for trump in Suit:
            red = ["K", "Q", "J", *map(str, range(10, 1, -1))]
            black = ["K", "Q", "J", "A", *map(str, range(2, 11))]
            for suit, expected in ((Suit.HEARTS, red), (Suit.DIAMONDS, [*red, "A"]), (Suit.CLUBS, black),
                                   (Suit.SPADES, black)):
                if suit == trump:
                    continue
                cards = [f"{r}{suit.letter}" for r in expected]
                powers = [power(c, trump) for c in cards]
                assert not any(p[0] for p in powers) and powers == sorted(powers, reverse=True)
                assert len(set(powers)) == len(powers)

    def test_the_ace_of_hearts_is_always_a_trump(self) -> None:
        """Card ranking: the A♥ is the third trump whatever suit is trumps, never a plain heart."""
        for trump in Suit:
            assert power("AH", trump)[0]
            above = [c for c in STANDARD_52 if power(str(c), trump) > power("AH", trump)]
            assert sorted(map(str, above)) == sorted([f"5{trump.letter}", f"J{trump.letter}"])

    def test_the_lowest_black_card_takes_a_plain_trick(self) -> None:
        """Card ranking: led clubs not trumps, the 2 beats the 3, 4 and 5."""
        state = game(DEAL_A)
        pass_all(state)
        play(state, "2C 3C 4C 5C")
        assert state.to_move == (0,) and state.view(None).seats[0]["tricks"] == 1

    def test_highest_trump_wins_and_the_winner_leads(self) -> None:
        """Game play: the highest trump takes the trick (10D over 7D), and its winner leads next."""
        state = game(DEAL_A)
        pass_all(state)
        play(state, "KC 7D 10D 8C")
        assert state.to_move == (2,)
        assert [p["card"] for p in state.view(0).table["last_trick"]] == ["KC", "7D", "10D", "8C"]


class TestRobbing:
    def test_the_holder_of_the_ace_of_trumps_may_rob(self) -> None:
        """Robbing the trump: the ace-of-trumps holder takes the upcard and discards any card face down."""
        state = game(DEAL_A)
        assert state.to_move == (0,) and state.view(0).phase == "rob"
        assert legal(state, 0) == {"pass"} | {f"rob {c}" for c in DEAL_A["hands"][0]}
        act(state, "rob 2C")
        assert sorted(state.view(0).hand) == sorted(["AD", "3H", "4S", "KC", "9D"])
        view = state.view(1)
        assert view.table["upcard"] is None and view.seats[0]["face_up"] == ["9D"]
        assert view.table["stub"] == 32 and view.phase == "play" and state.to_move == (0,)
        assert "2C" not in json.dumps(view.to_dict()) and "2C" not in json.dumps(state.view(None).to_dict())
        assert any("rob 2C" in line for line in state.view(0).log)

    def test_only_the_holder_may_rob_and_everyone_is_asked(self) -> None:
        """Robbing the trump: every seat is asked in turn (so a waiver shows nothing); others may only pass."""
        state = game(DEAL_A)
        act(state, "pass")
        assert state.to_move == (1,) and legal(state, 1) == {"pass"}
        refused(state, 1, "rob 3C", "robbing the trump")
        act(state, "pass", "pass", "pass")
        assert state.to_move == (0,) and state.view(0).phase == "play"

    def test_nobody_robs_once_a_card_is_led(self) -> None:
        """Robbing the trump: after the first lead the upcard can no longer be taken."""
        state = game(DEAL_A)
        pass_all(state)
        refused(state, 0, "rob 2C", "robbing the trump")
        play(state, "2C")
        refused(state, 1, "pass", "robbing the trump")

    def test_no_card_is_led_while_robbing_is_open(self) -> None:
        """Robbing the trump: the chance to rob comes before the first lead."""
        refused(game(DEAL_A), 0, "play 2C", "robbing the trump")

    def test_the_dealer_may_rob_a_turned_ace(self) -> None:
        """Notes: when the upcard is an ace the dealer may rob it; only the dealer is asked."""
        deal = {**DEAL_A, "upcard": "AS"}
        deal["hands"] = [["9D", *DEAL_A["hands"][0][1:]], *DEAL_A["hands"][1:]]
        state = game(deal)
        assert state.to_move == (3,) and "rob 5C" in legal(state, 3)
        act(state, "rob 5C")
        assert "AS" in state.view(3).hand and state.to_move == (0,)
        off = game(deal, dealer_robs_ace=False)
        assert off.to_move == (0,) and off.view(0).phase == "play"

    def test_sampled_worlds_keep_the_robbed_cards_with_the_robber(self) -> None:
        """Robbing shows the table the robber has the upcard and had the ace of trumps."""
        state = game(DEAL_A)
        act(state, "rob 2C")
        rng = random.Random(2)
        for _ in range(40):
            world = state.sample_world(1, rng)
            assert isinstance(world, TwentyFiveState)
            assert "9D" in world.view(0).hand
            assert not any("AD" in world.view(s).hand for s in (2, 3))
            assert world.view(1) == state.view(1)


class TestFollowing:
    def test_a_plain_lead_may_be_followed_or_trumped(self) -> None:
        """Game play: to a plain suit one may follow or trump at will, but not throw another suit."""
        state = game(DEAL_A)
        pass_all(state)
        play(state, "2C")
        assert legal(state, 1) == {"play 3C", "play 7D"}
        refused(state, 1, "play 8H", "follow suit or trump")
        refused(state, 1, "play 4C", "play from your hand")
        refused(state, 1, "play JK", "play from your hand")

    def test_without_the_suit_led_any_card_may_be_played(self) -> None:
        """Game play: unable to follow, a player may play any card, trump or not."""
        state = game(DEAL_A)
        pass_all(state)
        play(state, "2C 3C 4C 5C KC")
        assert legal(state, 1) == {"play 7D", "play 8H", "play 9S", "play QS"}
        play(state, "8H")
        assert legal(state, 2) == {"play 10D", "play JH", "play 10S", "play KS"}

    def test_the_ace_of_hearts_does_not_follow_hearts(self) -> None:
        """Notes: the A♥ is a trump; its holder with no other heart is void in hearts and may play anything."""
        state = game(DEAL_HEARTS)
        pass_all(state)
        play(state, "2H")
        assert legal(state, 1) == {f"play {c}" for c in DEAL_HEARTS["hands"][1]}
        play(state, "KS")
        rng = random.Random(4)
        hearts = ORDERS[int(Suit.CLUBS)].suit_masks[int(Suit.HEARTS)]
        for _ in range(30):
            world = state.sample_world(0, rng)
            assert isinstance(world, TwentyFiveState)
            assert not world.hands[1] & hearts

    def test_a_trump_lead_forces_a_lower_trump(self) -> None:
        """Game play: a trump led must be answered with a trump, here the 2 or the 5 of trumps."""
        state = game(DEAL_RENEGE)
        pass_all(state)
        play(state, "KS")
        play(state, "7C 8C")
        assert legal(state, 3) == {"play 2S"}
        refused(state, 3, "play 2D", "following a trump lead")

    def test_holding_a_low_trump_any_trump_may_answer(self) -> None:
        """Game play: a player forced to play a trump may choose a top trump rather than the low one."""
        deal = {"hands": [["KS", "2C", "3C", "4C", "6C"], ["5S", "10S", "7C", "8H", "9H"],
                          ["2S", "2D", "3D", "4D", "5D"], ["AH", "2H", "3H", "4H", "8C"]], "upcard": "9S"}
        state = game(deal)
        pass_all(state)
        play(state, "KS")
        assert legal(state, 1) == {"play 5S", "play 10S"}


class TestReneging:
    def test_top_trumps_are_never_forced_out(self) -> None:
        """Game play: holding only top trumps (A♥, 5 or J of trumps), a player may renege to a trump lead."""
        state = game(DEAL_RENEGE)
        pass_all(state)
        play(state, "KS")
        assert legal(state, 1) == {f"play {c}" for c in DEAL_RENEGE["hands"][1]}
        play(state, "7C")
        assert legal(state, 2) == {f"play {c}" for c in DEAL_RENEGE["hands"][2]}

    def test_in_the_book_even_a_higher_trump_led_does_not_force_them(self) -> None:
        """Game play (source form): the top three are never forced, whatever trump is led."""
        state = game(DEAL_RENEGE)
        pass_all(state)
        play(state, "JS")
        assert legal(state, 1) == {f"play {c}" for c in DEAL_RENEGE["hands"][1]}

    def test_standard_form_excuses_a_top_trump_only_from_a_lower_lead(self) -> None:
        """Notes, standard reneging: the J of trumps led forces out a lone A♥; a king led does not."""
        state = game(DEAL_RENEGE, variant="standard-reneging")
        pass_all(state)
        play(state, "JS")
        assert legal(state, 1) == {"play AH"}
        refused(state, 1, "play 7C", "following a trump lead")
        play(state, "AH")
        assert legal(state, 2) == {f"play {c}" for c in DEAL_RENEGE["hands"][2]}
        lower = game(DEAL_RENEGE, variant="standard-reneging")
        pass_all(lower)
        play(lower, "KS")
        assert legal(lower, 1) == {f"play {c}" for c in DEAL_RENEGE["hands"][1]}

    def test_a_renege_shows_only_that_no_forced_trump_is_held(self) -> None:
        """Sampling: a player who did not answer a trump lead may still hold top trumps, never a lower one."""
        state = game(DEAL_RENEGE)
        pass_all(state)
        play(state, "KS 7C")
        order = ORDERS[int(Suit.SPADES)]
        low_trumps = order.suit_masks[int(Suit.SPADES)] & ~STANDARD_52.mask(trump_order(Suit.SPADES)[-3:])
        rng = random.Random(6)
        for _ in range(30):
            world = state.sample_world(0, rng)
            assert isinstance(world, TwentyFiveState)
            assert not world.hands[1] & low_trumps


class TestScoring:
    def test_each_trick_scores_five_at_once(self) -> None:
        """Game play: the trick's winner scores five points immediately."""
        state = game(DEAL_A)
        pass_all(state)
        play(state, "2C 3C 4C 5C")
        assert state.scores() == [5, 0, 0, 0]

    def test_the_game_stops_the_moment_a_side_reaches_the_target(self) -> None:
        """Game play: reaching the target ends the game at once, the deal not played out (target 10 here)."""
        state = game(DEAL_A, target=10)
        pass_all(state)
        play(state, "2C 3C 4C 5C KC 8H 10S 8C")
        assert state.is_over and state.scores() == [10, 0, 0, 0]
        assert state.hand_results[0].changes == (10, 0, 0, 0)
        assert "not played out" in state.hand_results[0].summary
        assert state.result().winners == (0,)
        assert [r.text for r in state.hand_results[0].reasons] == ["trick 1: five points", "trick 2: five points"]

    def test_twenty_five_ends_the_game(self) -> None:
        """Object: the first to 25 wins; a whole game ends as soon as someone gets there."""
        for seed in range(10):
            state = parlour.new_game("twenty-five", seed=seed)
            while not state.is_over:
                act(state, str(state.legal_actions(state.to_move[0])[0]))
            assert max(state.scores()) == 25
            assert sum(sum(r.changes) for r in state.hand_results) == sum(state.scores())

    def test_partners_share_their_sides_points(self) -> None:
        """Setup: partners (never adjacent) pool their tricks; each partner shows the side's total."""
        state = game(DEAL_A, teams="pairs", target=10)
        assert [s["team"] for s in state.view(None).seats] == [0, 1, 0, 1]
        pass_all(state)
        play(state, "2C 3C 4C 5C")
        assert state.scores() == [5, 0, 5, 0]
        play(state, "KC 7D 10D 8C")
        assert state.is_over and state.scores() == [10, 0, 10, 0]
        assert state.hand_results[0].changes == (10, 0, 10, 0)
        assert state.result().winners == (0, 2)

    def test_team_layouts(self) -> None:
        """Setup: pairs need an even table, threes need nine; partners never sit side by side."""
        for players in (4, 6, 8):
            state = parlour.new_game("twenty-five", players=players, teams="pairs", seed=1)
            teams = [s["team"] for s in state.view(None).seats]
            assert all(teams[s] != teams[(s + 1) % players] for s in range(players))
            assert all(teams.count(t) == 2 for t in teams)
        nine = parlour.new_game("twenty-five", players=9, teams="threes", seed=1)
        assert [s["team"] for s in nine.view(None).seats] == [0, 1, 2] * 3
        with pytest.raises(ValueError, match="even"):
            parlour.new_game("twenty-five", players=5, teams="pairs")
        with pytest.raises(ValueError, match="9 players"):
            parlour.new_game("twenty-five", players=6, teams="threes")


class TestOpenHandGoal:
    def test_a_side_plays_for_tricks_alone_or_with_its_team(self) -> None:
        """Scoring (five points a trick to the taker's side): an open-hand search counts tricks for the
        seat alone, or for its team (``teams=pairs``: seats 0 and 2 against 1 and 3)."""
        alone = game(DEAL_A)
        pass_all(alone)
        assert alone.trick_goal(1) == (frozenset({1}), tricks.TRICKS)
        pairs = game(DEAL_A, teams="pairs")
        pass_all(pairs)
        assert pairs.trick_goal(0) == (frozenset({0, 2}), tricks.TRICKS)
        assert pairs.trick_goal(3) == (frozenset({1, 3}), tricks.TRICKS)

    @pytest.mark.parametrize("seed", [1, 2])
    def test_the_search_value_is_the_tricks_the_team_takes_at_the_end(self, seed: int) -> None:
        """Three tricks from the end (trumping at will and reneging top trumps as the game allows), the
        open-hand value for a team is the tricks it then takes: five points each."""
        state = game(DEAL_A, teams="pairs", target=100)
        pass_all(state)
        open_ending(state, 3, random.Random(seed))
        before = state.scores()[0]
        value, taken = open_hand_play(state, 0, lambda now: now.tricks_won[0] + now.tricks_won[2])  # type: ignore[attr-defined]
        assert value == taken == (state.scores()[0] - before) // 5


class TestHiddenInformation:
    def test_views_show_no_other_hand(self) -> None:
        """Views: a seat sees its own cards, the upcard and played cards only."""
        state = game(DEAL_A)
        theirs = DEAL_A["hands"][0]
        for seat in (1, 2, 3):
            data = state.view(seat).to_dict()
            del data["extra"]["trump_order"]   # the fixed ranking of all trumps, the same for everyone
            text = json.dumps(data)
            assert not any(f'"{card}"' in text for card in theirs)

    def test_the_winner_is_found_by_the_shared_mechanic(self) -> None:
        """Card ranking is data: the 5 of trumps takes the J, the A♥ and the ace of trumps."""
        order = ORDERS[int(Suit.DIAMONDS)]
        trick = [STANDARD_52.index[Card.parse(c)] for c in ("AD", "AH", "5D", "JD")]
        assert tricks.winner(trick, order) == 2


class TestAceOfTrumpsUnannounced:
    """Notes (robbing), option ``ace_lowest_unless_declared``: the holder of the ace of trumps who neither
    robs with it nor declares it before the first lead must play it as the lowest trump."""

    # DEAL_A with diamonds trumps: seat 0 holds AD, seat 1 the 7D, seat 2 the 10D, seat 3 no trump.
    def test_the_holder_may_declare_instead_of_robbing(self) -> None:
        """Declaring keeps the hand and the ace's rank, tells the table who holds it, and ends the asking."""
        state = game(DEAL_A, ace_lowest_unless_declared=True)
        assert legal(state, 0) == {"pass", "declare"} | {f"rob {c}" for c in DEAL_A["hands"][0]}
        act(state, "declare")
        # Nobody else may rob, so the asking ends and the first lead follows.
        assert state.to_move == (0,) and state.view(0).phase == "play"
        view = state.view(1)
        assert view.seats[0]["status"] == "declared the ace of trumps"
        assert any("seat 0 declares the ace of trumps" in line for line in view.log)
        assert view.extra["trump_order"][:5] == ["5D", "JD", "AH", "AD", "KD"]
        play(state, "AD 7D 10D 5C")
        assert state.view(None).seats[0]["tricks"] == 1

    def test_neither_robbed_nor_declared_the_ace_is_the_lowest_trump(self) -> None:
        """Unannounced, the ace of trumps (AD) ranks below the 2 of trumps: the 10D and 7D beat it."""
        state = game(DEAL_A, ace_lowest_unless_declared=True)
        pass_all(state)
        view = state.view(2)
        assert any("AD ranks as the lowest trump" in line for line in view.log)
        assert view.extra["trump_order"][-2:] == ["2D", "AD"]
        play(state, "AD 7D 10D 5C")
        assert [s["tricks"] for s in state.view(None).seats] == [0, 0, 1, 0]
        # The book's order without the option: the ace of trumps beats the 10 and the 7.
        book = game(DEAL_A)
        pass_all(book)
        play(book, "AD 7D 10D 5C")
        assert [s["tricks"] for s in book.view(None).seats] == [1, 0, 0, 0]

    def test_robbing_announces_the_ace_too(self) -> None:
        """Robbing with the ace shows it as well as declaring would: it keeps its rank."""
        state = game(DEAL_A, ace_lowest_unless_declared=True)
        act(state, "rob 2C")
        assert not any("lowest trump" in line for line in state.view(1).log)
        play(state, "AD 7D 10D 5C")
        assert state.view(None).seats[0]["tricks"] == 1

    def test_only_the_holder_declares_and_only_under_the_option(self) -> None:
        """Declaring is for the ace's holder, before the first lead, and only with the option on."""
        state = game(DEAL_A, ace_lowest_unless_declared=True)
        act(state, "pass")
        assert legal(state, 1) == {"pass"}
        refused(state, 1, "declare", "declaring the ace of trumps")
        pass_all(state)
        refused(state, 0, "declare", "declaring the ace of trumps")
        book = game(DEAL_A)
        assert "declare" not in legal(book, 0)
        refused(book, 0, "declare", "declaring the ace of trumps")

    def test_a_turned_ace_is_not_demoted(self) -> None:
        """A turned-up ace is nobody's to declare: the dealer's waiver leaves its rank alone."""
        deal = {**DEAL_A, "upcard": "AS"}
        deal["hands"] = [["9D", *DEAL_A["hands"][0][1:]], *DEAL_A["hands"][1:]]
        state = game(deal, ace_lowest_unless_declared=True)
        assert state.to_move == (3,) and "declare" not in legal(state, 3)
        act(state, "pass")
        assert not any("lowest trump" in line for line in state.view(0).log)
        assert state.view(0).extra["trump_order"][:5] == ["5S", "JS", "AH", "AS", "KS"]

    def test_a_demoted_ace_of_hearts_loses_the_top_trumps_privilege(self) -> None:
        """Hearts trumps: the ace of trumps is the A♥, now the lowest trump, so a trump lead forces it out."""
        deal = {"hands": [["KH", "2C", "3C", "4C", "6C"], ["AH", "7C", "8D", "9S", "10S"],
                          ["2H", "2D", "3D", "4D", "5D"], ["3H", "4H", "6D", "7D", "9D"]], "upcard": "9H"}
        state = game(deal, ace_lowest_unless_declared=True)
        pass_all(state)
        play(state, "KH")
        assert legal(state, 1) == {"play AH"}
        refused(state, 1, "play 7C", "following a trump lead")
        play(state, "AH 2H 3H")
        assert state.view(None).seats[0]["tricks"] == 1
        book = game(deal)
        pass_all(book)
        play(book, "KH")
        assert legal(book, 1) == {f"play {c}" for c in deal["hands"][1]}

    def test_sampled_worlds_keep_a_declared_ace_with_its_holder(self) -> None:
        """Hidden information: a declared ace of trumps is known to be in its holder's hand until played."""
        state = game(DEAL_A, ace_lowest_unless_declared=True)
        act(state, "declare")
        rng = random.Random(3)
        for _ in range(30):
            world = state.sample_world(2, rng)
            assert isinstance(world, TwentyFiveState)
            assert "AD" in world.view(0).hand and world.view(2) == state.view(2)

    def test_random_games_under_the_option_finish(self) -> None:
        """Random whole games with the option (both reneging forms, every table size) end and replay."""
        for seed in range(40):
            state = parlour.new_game("twenty-five", players=3 + seed % 7, seed=seed,
                                     variant=None if seed % 2 else "standard-reneging", ace_lowest_unless_declared=True)
            random_to_end(state, random.Random(seed))
            replayed = parlour.replay(state.record())
            assert replayed.view(None) == state.view(None)
