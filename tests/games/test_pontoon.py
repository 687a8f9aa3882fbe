"""Pontoon, rule by rule (rules/source/pontoon.txt; NOTES "Pontoon (001)"), on stacked packs.

Three seats unless said: seat 0 banks, and the cards are dealt 1, 2, then the bank, face down, then again
face up, then drawn in play. ``stacked("AS KH ...")`` names the pack's top cards in that order.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from table import act, bots_to_end, random_to_end, refused

import parlour
from parlour.bots import make_bot
from parlour.cards import STANDARD_52, parse_cards
from parlour.errors import DealError
from parlour.games.pontoon import PontoonState
from parlour.sim.stats import mean_interval

TEXT = "rules/source/pontoon.txt"


def stacked(top: str) -> dict[str, list[str]]:
    named = parse_cards(top)
    return {"pack": [str(c) for c in (*named, *(c for c in STANDARD_52 if c not in named))]}


def game(top: str, players: int = 3, **options: Any) -> PontoonState:
    deal = options.pop("deal", stacked(top))
    return cast(PontoonState, parlour.new_game("pontoon", players=players, seed=1, deal=deal, **options))


def staked(top: str, *stakes: int, players: int = 3, **options: Any) -> PontoonState:
    state = game(top, players, **options)
    act(state, *(f"stake {n}" for n in stakes))
    return state


def conserved(state: PontoonState) -> None:
    assert state.ledger.total() == state.players * state.options["stack"]


def chips(state: PontoonState) -> list[int]:
    return list(state.ledger.chips)


class TestDeal:
    def test_one_card_down_the_stake_then_the_second_card_face_up(self) -> None:
        """Setup: one card face down each, stakes from the banker's left, then a second card face up (TEXT, 'Setup')."""
        state = game("2C 3C 4C 5D 6D 7D")
        view = state.view(1)
        assert view.phase == "stake" and state.to_move == (1,) and view.hand == ["2C"]
        assert [h["cards"] for h in view.table["hands"]] == [[], ["2C"], []]     # the bank's hand first
        act(state, "stake 3")
        assert state.to_move == (2,) and state.view(2).table["hands"][1]["stake"] == 3
        act(state, "stake 5")
        view = state.view(1)
        assert view.phase == "play" and view.hand == ["2C", "5D"]
        assert [h["cards"] for h in view.table["hands"]] == [["7D"], ["2C", "5D"], ["6D"]]
        assert view.seats[0]["face_up"] == ["7D"] and view.seats[0]["held"] == 1 and "open" not in view.seats[0]
        assert [s["chips"] for s in view.seats] == [100, 97, 95] and all("bet" not in s for s in view.seats)
        assert [h["stake"] for h in view.table["hands"]] == [None, 3, 5]
        conserved(state)

    def test_stakes_lie_within_the_bankers_limits(self) -> None:
        """Setup: the banker sets a minimum and a maximum stake (options, 1 and 10); outside them is refused."""
        state = game("2C 3C 4C 5D 6D 7D", minimum=2, maximum=6)
        refused(state, 1, "stake 7", rule="the banker's limits")
        refused(state, 1, "stake 1", rule="the banker's limits")
        assert [str(a) for a in state.legal_actions(1)] == [f"stake {n}" for n in range(2, 7)]

    def test_the_bank_pontoon_collects_double_at_once(self) -> None:
        """Play of the hand: the bank showing an ace or ten looks first, and a pontoon collects double stakes."""
        state = staked("2C 3C KS 5D 6D AH", 3, 4)
        assert chips(state) == [114, 94, 92] and state.hand_number == 2
        reasons = state.hand_results[0].reasons
        assert any("the bank's pontoon" in r.text for r in reasons)
        assert state.roles["banker"] == 0            # the bank's own pontoon keeps the bank
        conserved(state)

    def test_a_bank_with_no_pontoon_is_known_to_hold_none_in_worlds(self) -> None:
        """Play of the hand: a bank showing a ten looked and play goes on, so no world gives it an ace below."""
        state = staked("2C 3C 5S 5D 6D KH", 3, 4)
        assert state.phase == "play" and "the bank looks at its face-down card: no pontoon" in state.view(1).log
        for k in range(40):
            world = cast(PontoonState, state.sample_world(1, random.Random(k)))
            assert STANDARD_52.cards[world.bank.cards[0]].rank != 1

    def test_the_first_banker_is_seat_0_and_deals(self) -> None:
        """Choice 1: seat 0 banks first and deals; two to eight seats, one of them the bank."""
        state = game("2C 3C 4C 5D 6D 7D")
        assert state.roles["banker"] == 0 and state.dealer == 0
        assert state.view(0).seats[0]["role"] == "dealer, banker" and "role" not in state.view(0).seats[1]
        info = parlour.game_info("pontoon")
        assert (info.min_players, info.max_players) == (2, 8)

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play: it is a stacked pack of the 52 cards, or a list of them by
        deal, each checked though only a shuffled deal takes its own, and nothing else (no deal at random)."""
        good = stacked("2C 3C 4C 5D 6D 7D")
        with pytest.raises(DealError, match="deal 2 of the list: the stacked pack: '2C#99'"):
            game("", deal=[good, {"pack": ["2C#99", *good["pack"][1:]]}])
        bads: list[Any] = [5, "xyz", {"hands": [[], [], []]}, {**good, "bank": 0}, {"pack": good["pack"][:-1]},
                           {"pack": good["pack"] + ["2C"]}]
        for bad in bads:
            with pytest.raises(DealError):
                game("", deal=bad)


class TestPlay:
    def test_a_pontoon_is_declared_and_paid_double(self) -> None:
        """Payouts: a pontoon is paid double; declaring turns the ace face up and the ten face down."""
        state = staked("KC 2C 9S AD 6D 8H", 4, 2)
        assert state.to_move == (2,) and "seat 1 declares a pontoon" in state.view(0).log
        assert state.view(2).table["hands"][1]["cards"] == ["AD"]
        act(state, "stick")   # seat 2: 8; the bank turns up 9S: 17
        act(state, "stick")
        assert chips(state) == [94, 108, 98]
        conserved(state)

    def test_the_bank_passes_to_the_first_pontoon_from_the_bankers_left(self) -> None:
        """The next hand: after pontoons the first player with one from the banker's left banks, the pack shuffled."""
        state = staked("5C KC KD 9S 6D AD AC 8H", 4, 2, 2, players=4)   # seats 2 and 3 hold pontoons
        act(state, "stick", "stick")   # seat 1 sticks on 11, the bank on 17
        assert state.hand_number == 2 and state.roles["banker"] == 2 and state.dealer == 2
        assert len(state.stock) == 52 - 4 and state.to_move == (3,)

    def test_buying_costs_the_stake_to_twice_it(self) -> None:
        """Buy a card: a further stake of at least the first and at most twice it, for a card face down."""
        state = staked("2C 3C 9S 4D 6D 8H 5S", 3, 2)
        refused(state, 1, "buy 2", rule="buying")
        refused(state, 1, "buy 7", rule="buying")
        buys = [str(a) for a in state.legal_actions(1) if str(a).startswith("buy")]
        assert buys == ["buy 3", "buy 4", "buy 5", "buy 6"]
        act(state, "buy 5")
        assert state.view(1).hand == ["2C", "4D", "5S"] and state.view(2).table["hands"][1]["face_down"] == 2
        assert state.ledger.balance("seat 1 stake") == 8 and "you are dealt 5S face down" in state.view(1).log
        assert "you are dealt 5S face down" not in state.view(2).log
        conserved(state)

    def test_no_buying_after_a_twist(self) -> None:
        """Twist a card: free and face up; after a twist every further card is twisted."""
        state = staked("2C 3C 9S 4D 6D 8H 5S 2S", 3, 2)
        act(state, "twist")
        assert state.view(2).table["hands"][1]["cards"] == ["4D", "5S"] and chips(state)[1] == 97
        refused(state, 1, "buy 3", rule="no buying after a twist")
        assert "twist" in [str(a) for a in state.legal_actions(1)]

    def test_a_bust_pays_the_bank_at_once_and_goes_under_the_pack(self) -> None:
        """Play of the hand: a bust hand is shown, its stake taken, its cards put on the bottom of the pack."""
        state = staked("KC 3C 9S QD 6D 8H 5S", 3, 2)
        before = len(state.stock)
        act(state, "twist")
        assert chips(state) == [103, 97, 98] and state.ledger.balance("seat 1 stake") == 0
        assert len(state.stock) == before - 1 + 3
        known = state.view(2).extra["known_in_stock"]
        assert [k["card"] for k in known] == ["KC", "QD", "5S"] and known[-1]["place"] == len(state.stock) - 1
        assert "seat 1 draws 5S and is bust with KC QD 5S" in state.view(2).log
        conserved(state)

    def test_a_pair_splits_into_two_hands_with_a_stake_each(self) -> None:
        """Split: two cards of one rank, turned face up, each with a new card and its own stake."""
        state = staked("KC 3C 9S KD 6D 8H 5S 7S", 3, 2)
        act(state, "split")
        view = state.view(2)
        assert [h["cards"] for h in view.table["hands"][1:3]] == [["KC"], ["KD"]]
        assert [h["face_down"] for h in view.table["hands"][1:3]] == [1, 1]
        assert state.ledger.balance("seat 1 stake, hand 2") == 3 and chips(state)[1] == 94
        assert [h["cards"] for h in state.view(1).table["hands"][1:3]] == [["KC", "5S"], ["KD", "7S"]]
        conserved(state)

    def test_a_split_hand_may_make_a_pontoon(self) -> None:
        """Choice 6 and 8: split aces are played on; an ace and a ten on a split hand is a pontoon, paid double
        and taking the bank."""
        state = staked("AC 2C 9S AD 3D 8H KS 5S", 3, 2)
        act(state, "split")           # hand 1: AC KS, a pontoon declared; hand 2: AD 5S
        assert "seat 1 declares a pontoon" in state.view(2).log and state.to_move == (1,)
        act(state, "stick", "stick", "stick")   # 16; seat 2 on 5; the bank on 17
        assert chips(state) == [99, 103, 98] and state.roles["banker"] == 1
        conserved(state)

    def test_a_split_needs_the_chips_for_its_second_stake(self) -> None:
        """Split (choice 8): the new hand takes a stake equal to the first, which the player must be able to pay."""
        state = staked("KC 3C 9S KD 6D 8H", 6, 2, stack=10)
        assert "split" not in [str(a) for a in state.legal_actions(1)]
        assert "second hand needs a stake of 6" in str(refused(state, 1, "split", rule="split pairs"))

    def test_only_a_pair_splits_and_only_first(self) -> None:
        """Split: only two cards of the same rank, on the first action (a king and a queen do not split)."""
        state = staked("KC 3C 9S QD 6D 8H", 3, 2)
        refused(state, 1, "split", rule="split pairs")

    def test_a_five_card_trick_is_paid_double(self) -> None:
        """Hand ranking and payouts: five cards counting 21 or less beat any total and are paid double."""
        state = staked("2C 3C 9S 3D KD 8H 4S 2S AH 10C", 2, 2)
        act(state, "twist", "twist", "twist")     # seat 1: 2 3 4 2 A = 12, five cards: it stands
        assert state.view(0).table["hands"][1]["status"] == "five-card trick" and state.to_move == (2,)
        act(state, "stick", "stick")              # seat 2 13; the bank 9 + 8 = 17
        assert chips(state)[1] == 104 and chips(state)[2] == 98
        conserved(state)

    def test_the_banks_five_card_trick_beats_all_but_a_pontoon(self) -> None:
        """Payouts: a bank's five-card trick pays only pontoons; a player's five-card trick loses to it."""
        state = staked("2C AC 2D 3D KD 3H 4S 2S AH 4C 2H 3S 4H", 2, 2)
        act(state, "twist", "twist", "twist")     # seat 1: 2 3 4 2 A, a five-card trick; seat 2 pontoon
        act(state, "twist", "twist", "twist")     # the bank 2 3 4 2 3: a five-card trick
        assert state.hand_number == 2
        assert chips(state) == [100 + 2 - 4, 98, 104]

    def test_ties_go_to_the_bank(self) -> None:
        """Payouts (and NOTES): the bank collects every hand equal to its total."""
        state = staked("KC 9C QS 8D 9D 8H", 3, 2)
        act(state, "stick", "stick", "stick")     # 18, 18; the bank 18
        assert chips(state) == [105, 97, 98]
        assert any("the bank wins ties" in r.text for r in state.hand_results[0].reasons)

    def test_a_bust_bank_pays_every_standing_hand(self) -> None:
        """Payouts: the bank bust pays every hand still standing, even money."""
        state = staked("KC 9C QS 8D 2D 6H 9H", 3, 2)
        act(state, "stick", "stick", "twist")     # 18 and 11 stand; the bank 16 twists 9: bust
        assert chips(state) == [95, 103, 102]

    def test_the_stick_minimum_option(self) -> None:
        """NOTES: the standard rule forbids sticking under 15 (option stick_minimum=15; no minimum by default)."""
        state = staked("KC 9C QS 4D 9D 8H", 3, 2, stick_minimum=15)
        refused(state, 1, "stick", rule="stick minimum")
        plain = staked("KC 9C QS 4D 9D 8H", 3, 2)
        assert "stick" in [str(a) for a in plain.legal_actions(1)]

    def test_at_21_the_only_move_is_to_stick(self) -> None:
        """Buy a card: only while under 21; nor may a hand of 21 twist (choice 4)."""
        state = staked("KC 9C QS 4D 9D 8H 7H", 3, 2)
        act(state, "twist")   # K 4 7 = 21
        refused(state, 1, "twist", rule="draw under 21")
        assert [str(a) for a in state.legal_actions(1)] == ["stick"]


class TestNextDeal:
    def test_without_a_pontoon_the_cards_go_under_the_pack_in_a_known_order(self) -> None:
        """The next hand: no shuffle after a deal without a pontoon; the table goes under the pack, shown."""
        state = staked("KC 9C QS 8D 9D 8H", 3, 2)
        rest = state.stock.top_first()
        act(state, "stick", "stick", "stick")
        assert state.hand_number == 2 and state.roles["banker"] == 0
        # seat 1's K 8, seat 2's 9 9, the bank's Q 8 went under; six of the old pack were dealt since
        assert state.stock.top_first()[-6:] == [STANDARD_52.index[c] for c in parse_cards("KC 8D 9C 9D QS 8H")]
        assert state.stock.top_first()[:len(rest) - 3] == rest[3:]
        known = [k["card"] for k in state.view(1).extra["known_in_stock"]]
        assert known == ["KC", "8D", "9C", "9D", "QS", "8H"]

    def test_a_card_never_shown_stays_unknown_under_the_pack(self) -> None:
        """Choice 11: when every hand is bust the bank does not show, and its face-down card is known there
        only to the banker."""
        state = staked("KC QC 5S 8D 9D 8H 7H 6H", 3, 2)
        act(state, "twist", "twist")   # both bust
        assert state.hand_number == 2
        bank_knows = [k["card"] for k in state.view(0).extra["known_in_stock"]]
        punter_knows = [k["card"] for k in state.view(1).extra["known_in_stock"]]
        assert "5S" in bank_knows and "5S" not in punter_knows and "8H" in punter_knows

    def test_a_remembered_card_dealt_face_down_is_known_in_that_hand(self) -> None:
        """The next hand: memory pays. Two seats that always stick take the pack four cards a deal and put
        them back under it; after thirteen deals the KC everyone saw in the first comes round again, dealt
        face down to seat 1, and the banker knows it is there, in its view and in every world."""
        named = parse_cards("KC QS 8D 8H")
        tens = [c for c in STANDARD_52 if min(int(c.rank), 10) == 10 and c not in named]
        low = [c for c in STANDARD_52 if 1 < int(c.rank) < 10 and c not in named]
        aces = [c for c in STANDARD_52 if c.rank == 1]
        pack = {"pack": [str(c) for c in (*named, *tens, *low, *aces)]}   # no deal pairs an ace with a ten
        state = game("", players=2, deal=pack, deals=20)
        while state.hand_number < 14:
            act(state, "stake 1" if state.phase == "stake" else "stick")
        assert not any("pontoon" in r.summary for r in state.hand_results)
        assert state.view(1).hand == ["KC"] and state.view(0).extra["known_holdings"] == [[], ["KC"]]
        for k in range(10):
            world = cast(PontoonState, state.sample_world(0, random.Random(k)))
            assert world.hands[0].cards == state.hands[0].cards

    def test_the_game_ends_after_its_deals(self) -> None:
        """Choice 14: the game lasts ``deals`` deals; most chips wins."""
        state = staked("KC 9C QS 8D 9D 8H", 3, 2, deals=1)
        act(state, "stick", "stick", "stick")
        assert state.is_over and state.result().winners == (0,) and "chips" in state.result().text

    def test_a_bank_that_cannot_pay_pays_on_credit_and_the_game_ends(self) -> None:
        """Choice 14: the bank pays what it owes even below zero, and the game ends after that deal."""
        state = staked("KC 9C 5S 9D KD 8H 9H", 10, 10, stack=10)
        act(state, "stick", "stick", "twist")   # 19 and 19; the bank 13 twists 9: bust
        assert chips(state) == [-10, 20, 20] and state.is_over
        assert state.result().ended_early is not None and state.result().ended_early.seat == 0
        conserved(state)

    def test_the_game_ends_when_a_seat_cannot_cover_the_minimum(self) -> None:
        """Choice 14: a deal that leaves a seat under the minimum stake ends the game."""
        state = staked("KC 9C QS 8D 9D 8H", 10, 2, stack=10)
        act(state, "stick", "stick", "stick")
        assert state.is_over and state.result().ended_early is not None
        assert "seat 1 holds 0 chips" in state.result().text


class TestInformation:
    def test_twins_differing_in_a_face_down_card_look_the_same(self) -> None:
        """Hidden information: states that differ only in seat 2's face-down card look alike to seat 1."""
        one = staked("2C 3C 9S 4D 6D 8H 5S", 3, 2)
        two = staked("2C 7C 9S 4D 6D 8H 5S", 3, 2)
        for state in (one, two):
            act(state, "buy 3")
        assert one.view(1) == two.view(1) and one.to_move == two.to_move
        assert one.legal_actions(1) == two.legal_actions(1)
        assert str(refused(one, 1, "split")) == str(refused(two, 1, "split"))
        assert str(refused(one, 1, "buy 99")) == str(refused(two, 1, "buy 99"))
        assert one.view(1).log == two.view(1).log and one.view(0) == two.view(0)

    def test_worlds_keep_every_hand_within_21(self) -> None:
        """Sampled worlds: a hand still playing counts 21 or less, whatever its hidden cards."""
        state = staked("9C 2C 9S 4D 6D 8H 3S", 3, 2)
        act(state, "buy 3")      # seat 1: 9, 4, 3 = 16 with two cards face down
        for k in range(40):
            world = cast(PontoonState, state.sample_world(2, random.Random(k)))
            hand = world.hands[0]
            assert sum(min(int(STANDARD_52.cards[c].rank), 10) for c in hand.cards) <= 21
            assert world.view(2) == state.view(2)

    def test_worlds_keep_a_stick_above_the_minimum(self) -> None:
        """Option stick_minimum=15: a hand stuck shows it counts 15 or more, and worlds keep that."""
        state = staked("KC 2C 9S 5D 6D 8H", 3, 2, stick_minimum=15)
        act(state, "stick")      # seat 1: K 5 = 15
        for k in range(40):
            world = cast(PontoonState, state.sample_world(2, random.Random(k)))
            assert min(int(STANDARD_52.cards[world.hands[0].cards[0]].rank), 10) in (1, 10)

    def test_worlds_hold_no_pontoon_a_hand_did_not_declare(self) -> None:
        """Declare pontoon: a hand whose turn came without a declaration holds none, in every world."""
        state = staked("5C 2C 9S KD 6D 8H", 3, 2)
        act(state, "stick")      # seat 1: 5 under the king
        for k in range(40):
            world = cast(PontoonState, state.sample_world(2, random.Random(k)))
            assert STANDARD_52.cards[world.hands[0].cards[0]].rank != 1

    def test_a_declared_pontoon_keeps_its_ten_face_down(self) -> None:
        """Declare pontoon: the ace is turned face up and the ten lies face down, unseen, a ten in every world."""
        state = staked("KC 2C 9S AD 6D 8H", 3, 2)
        record = state.view(2).table["hands"][1]
        assert record["cards"] == ["AD"] and record["face_down"] == 1 and record["status"] == "pontoon"
        for k in range(40):
            world = cast(PontoonState, state.sample_world(2, random.Random(k)))
            assert min(int(STANDARD_52.cards[world.hands[0].cards[0]].rank), 10) == 10

    def test_chips_are_conserved_in_random_games(self) -> None:
        """Chips only move: the ledger's total never changes, at any table."""
        for players in (2, 5, 8):
            for seed in range(6):
                state = cast(PontoonState, parlour.new_game("pontoon", players=players, seed=seed))
                rng = random.Random(seed)
                while not state.is_over:
                    seat = state.to_move[0]
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    conserved(state)


class TestTotals:
    """Each hand once in the table's ``hands`` (kind "banked"), the bank's first, with its count in the words
    of the hand ranking (TEXT, 'Hand ranking') as far as the viewing seat may know it, and its stake."""

    @staticmethod
    def hands(state: PontoonState, seat: int | None) -> list[dict[str, Any]]:
        return cast(list[dict[str, Any]], state.view(seat).table["hands"])

    def test_an_ace_counts_eleven_while_it_may_soft_then_one_hard(self) -> None:
        """Hand ranking: an ace counts one or eleven: A-6 is a soft 17; twisting a king makes it a hard 17."""
        state = staked("AS 2C 9S 6H 3D 8H KH", 2, 3)
        mine = self.hands(state, 1)[1]
        assert (mine["seat"], mine["cards"], mine["total"], mine["stake"]) == (1, ["AS", "6H"], "soft 17", 2)
        assert mine["status"] == "to play" and self.hands(state, 1)[2]["total"] == "3 showing"
        act(state, "twist")
        assert self.hands(state, 1)[1]["total"] == "17" and self.hands(state, 2)[1]["total"] == "16 showing"

    def test_another_seat_sees_only_what_the_face_up_cards_count(self) -> None:
        """Setup: the first card is face down, seen by its holder only; the others know only the up card's count,
        and the bank's down card stays hidden from every player."""
        state = staked("AS 2C 9S 6H 3D 8H", 2, 3)
        theirs = self.hands(state, 2)
        assert theirs[1] == {"seat": 1, "cards": ["6H"], "face_down": 1, "stake": 2, "total": "6 showing",
                             "status": "to play"}
        assert theirs[0] == {"seat": 0, "cards": ["8H"], "face_down": 1, "stake": None, "total": "8 showing",
                             "status": ""}
        assert self.hands(state, 0)[0]["total"] == "17" and self.hands(state, None)[1]["total"] == "6 showing"
        for seat in (0, 2, None):
            assert "AS" not in str(state.view(seat).table) and "AS" not in state.view(seat).hand

    def test_a_hand_over_21_reads_bust_to_everyone(self) -> None:
        """Play of the hand: a bust is announced and its stake taken: every seat reads "bust", no stake left."""
        state = staked("KC 3C 9S QD 6D 8H 5S", 3, 2)
        act(state, "twist")
        for seat in (0, 1, 2, None):
            bust = self.hands(state, seat)[1]
            assert (bust["total"], bust["status"], bust["stake"], bust["cards"]) == ("bust", "bust", 0, [])

    def test_a_pontoon_reads_pontoon_though_its_ten_lies_face_down(self) -> None:
        """Declare pontoon: the holder and the table read "pontoon"; the ten stays face down to the others."""
        state = staked("KC 2C 9S AD 6D 8H", 3, 2)
        assert self.hands(state, 1)[1]["total"] == "pontoon" and self.hands(state, 1)[1]["cards"] == ["KC", "AD"]
        theirs = self.hands(state, 2)[1]
        assert (theirs["cards"], theirs["face_down"], theirs["total"]) == (["AD"], 1, "pontoon")
        assert "KC" not in str(state.view(2).table)

    def test_five_cards_under_22_read_five_card_trick(self) -> None:
        """Hand ranking: five cards totalling 21 or less are a five-card trick, to the holder and the table."""
        state = staked("2C 3C 9S 3D KD 8H 4S 2S AH 10C", 2, 2)
        act(state, "twist", "twist", "twist")     # 2 3 4 2 A: twelve in five cards
        assert self.hands(state, 1)[1]["total"] == "five-card trick"
        assert self.hands(state, 2)[1]["total"] == "five-card trick" and self.hands(state, 2)[1]["face_down"] == 1

    def test_twins_differing_in_a_face_down_card_show_the_others_the_same_hands(self) -> None:
        """Hidden information: two deals that differ only in seat 1's face-down card give every other seat the
        same hands and totals; seat 1 reads its own count."""
        one, other = staked("5C 2C 9S KD 6D 8H", 3, 2), staked("4C 2C 9S KD 6D 8H", 3, 2)
        for seat in (0, 2, None):
            assert self.hands(one, seat) == self.hands(other, seat)
        assert [self.hands(s, 1)[1]["total"] for s in (one, other)] == ["15", "14"]


class TestBots:
    def test_heuristic_games_end_within_max_actions(self) -> None:
        """Whole games by heuristic bots end within ``max_actions``, at a full table too."""
        for players in (2, 8):
            for seed in range(4):
                state = parlour.new_game("pontoon", players=players, seed=seed, deals=100)
                bots_to_end(state, [make_bot("heuristic", "pontoon", seed=s) for s in range(players)])
                assert len(state.history) <= state.info.max_actions

    def test_the_heuristic_beats_random_play(self) -> None:
        """Over 200 seeded games of four (one heuristic seat, rotating, against three random), the heuristic
        seat's lead in chips over the random seats' mean has a 95% interval above zero."""
        leads = []
        for seed in range(200):
            state = parlour.new_game("pontoon", players=4, seed=seed)
            smart = seed % 4
            bots = [make_bot("heuristic" if s == smart else "random", "pontoon", seed=seed * 4 + s) for s in range(4)]
            bots_to_end(state, bots)
            scores = state.scores()
            leads.append(scores[smart] - (sum(scores) - scores[smart]) / 3)
        mean, low, high = mean_interval(leads)
        assert low > 0, (mean, low, high)

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """IS-MCTS (50 iterations) plays a whole game of the default ten deals at every seat, each move legal."""
        state = parlour.new_game("pontoon", players=4, seed=4)
        bots_to_end(state, [make_bot("ismcts:50", "pontoon", seed=s) for s in range(4)])
        assert state.is_over and state.hand_number == 10

    def test_random_games_end(self) -> None:
        """Random play ends too (busts and the minimum stake end it sooner)."""
        state = parlour.new_game("pontoon", players=8, seed=2, deals=100)
        random_to_end(state, random.Random(2))
        assert state.is_over


@pytest.mark.parametrize("text", ["stake", "buy x", "stake 0", "buy 101"])
def test_malformed_notation_is_refused(text: str) -> None:
    """Notation: a stake or purchase is a whole number within the encoding's bounds."""
    state = game("2C 3C 4C 5D 6D 7D")
    with pytest.raises(ValueError):
        state.apply(1, text)
