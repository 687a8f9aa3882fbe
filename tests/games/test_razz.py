"""Razz (rules/source/razz.txt; rules/NOTES.md, 'Razz'), one rule per test, on stacked packs."""

from __future__ import annotations

import io
import random
import warnings

import pytest
from table import bots_to_end, refused

import parlour
from parlour.bots import make_bot
from parlour.cards import STANDARD_52
from parlour.errors import DealError
from parlour.formats.phh import to_phh
from parlour.games.razz import RazzState
from parlour.sim.stats import mean_interval

ALL = [str(c) for c in STANDARD_52.cards]


def stacked(*hands: str) -> dict[str, list[str]]:
    """A pack dealing each seat its cards (down, down, door, fourth ... seventh) in the book's order from
    seat 0 (the first dealer is the last seat); a shorter list is a seat that folds before that street."""
    cards = [h.split() for h in hands]
    order = [cards[s][k] for k in range(7) for s in range(len(cards)) if k < len(cards[s])]
    return {"pack": order + [c for c in ALL if c not in order]}


def game(*hands: str, players: int | None = None, variant: str | None = None, **options: object) -> RazzState:
    state = parlour.new_game("razz", players=players or len(hands), variant=variant, seed=1,
                             deal=stacked(*hands), **options)
    assert isinstance(state, RazzState)
    return state


def act(state: RazzState, *moves: str) -> None:
    total = state.ledger.total()
    for move in moves:
        state.apply(state.to_move[0], move)
        assert state.ledger.total() == total   # chips are conserved at every step


def passive(state: RazzState, hand: int = 1) -> None:
    """Everyone brings in, calls or checks until the deal ends."""
    while not state.is_over and state.hand_number == hand:
        legal = [str(a) for a in state.legal_actions(state.to_move[0])]
        act(state, next(m for m in ("bring-in", "check", "call") if m in legal))


class TestThirdStreet:
    def test_highest_door_card_brings_in_suits_break_the_tie(self) -> None:
        """Game play: the highest door card brings in; equal ranks by suit, spades highest (razz.txt)."""
        state = game("2C 3C KH 4C", "2D 3D KS 4D", "2H 3H QS 4H")
        assert state.to_move == (1,) and [str(a) for a in state.legal_actions(1)] == ["bring-in", "complete"]
        assert state.view(0).extra["bring_in"] == 1

    def test_bring_in_may_not_fold_or_check(self) -> None:
        """Game play: the bring-in is forced (razz.txt); it may complete instead."""
        state = game("2C 3C KH", "2D 3D 5S")
        assert refused(state, 0, "fold", rule="bring-in")
        refused(state, 0, "check", rule="bring-in")

    def test_calling_the_bring_in_is_allowed(self) -> None:
        """NOTES, 3rd street: later players may call the bring-in, or complete; the bring-in is half a
        small bet (2 of 4) and the ante never counts towards a bet."""
        state = game("2C 3C KH", "2D 3D 5S", "2H 3H 6S")
        act(state, "bring-in")
        assert [str(a) for a in state.legal_actions(1)] == ["fold", "call", "complete"]
        act(state, "call")
        assert state.ledger.chips == [197, 197, 199]

    def test_variant_forbids_calling_the_bring_in(self) -> None:
        """NOTES, 3rd street (gridpoker's house rule): only a fold or a completion against the bring-in."""
        state = game("2C 3C KH", "2D 3D 5S", variant="no-calling-the-bring-in")
        act(state, "bring-in")
        assert [str(a) for a in state.legal_actions(1)] == ["fold", "complete"]
        refused(state, 1, "call", rule="calling the bring-in")

    def test_completion_is_the_bet_and_the_cap_is_four_bets(self) -> None:
        """NOTES, Cap: a completion counts as the bet; one bet and three raises at most."""
        state = game("2C 3C KH", "2D 3D 5S")
        act(state, "complete", "raise", "raise", "raise")
        assert state.round.top == 16 and state.to_move == (0,)
        assert [str(a) for a in state.legal_actions(0)] == ["fold", "call"]
        refused(state, 0, "raise", rule="cap")

    def test_no_cap_heads_up_option(self) -> None:
        """NOTES, Cap (optional): no cap in a round begun with two players."""
        state = game("2C 3C KH", "2D 3D 5S", heads_up_cap=False)
        act(state, "complete", "raise", "raise", "raise")
        assert "raise" in [str(a) for a in state.legal_actions(0)]

    def test_no_fold_when_owing_nothing(self) -> None:
        """Choice 6: a player owing nothing checks; a fold is refused and changes nothing."""
        state = game("2C 3C KH 9C", "2D 3D 5S 9D")
        act(state, "bring-in", "call")
        assert state.round.bets == (0, 0)
        refused(state, state.to_move[0], "fold", rule="check or call")


class TestLaterStreets:
    def test_best_low_showing_speaks_first(self) -> None:
        """NOTES, 4th street: the lowest exposed hand acts first; pairs count against a board."""
        state = game("2C 3C KH KC", "2D 3D 7S 7D", "2H 3H 9S 8H")
        act(state, "bring-in", "call", "call")
        assert state.to_move == (2,)   # 9-8 beats K-K and 7-7

    def test_tie_goes_to_the_seat_nearest_the_dealers_left(self) -> None:
        """NOTES, 4th street: ties for first action by seat from the dealer's left (not by suit)."""
        state = game("2C 3C KH 4S", "2D 3D 7S 4D", "2H 3H 7H 4H")
        act(state, "bring-in", "call", "call")
        assert state.to_move == (1,)

    def test_suit_ties_variant(self) -> None:
        """NOTES, 4th street (puffapoker's variant; choice 4): equal boards by suit, the lower suit first."""
        hands = ("2C 3C KH 4S", "2D 3D 7S 4D", "2H 3H 7C 4H")
        state = game(*hands, variant="suit-ties")
        act(state, "bring-in", "call", "call")
        assert state.to_move == (2,)   # 7-4 each: the seven of clubs is the lower suit

    def test_small_bets_then_big_bets(self) -> None:
        """NOTES, Structure: the small bet on 3rd and 4th street, twice it on 5th, 6th and 7th."""
        state = game("2C 3C KH 4S 5S 6S 7S", "2D 3D 7D 4D 5D 6D 8D")
        sizes = []
        while not state.is_over and state.hand_number == 1:
            sizes.append(state.view(0).extra["bet_size"])
            legal = [str(a) for a in state.legal_actions(state.to_move[0])]
            act(state, next(m for m in ("bring-in", "check", "call") if m in legal))
        assert sorted(set(sizes)) == [4, 8] and sizes[:4] == [4, 4, 4, 4]

    def test_seventh_card_is_dealt_face_down(self) -> None:
        """Game play: the seventh card is face down, seen only by its owner (razz.txt)."""
        state = game("2C 3C KH 4S 5S 6S 7S", "2D 3D 7D 4D 5D 6D 8D")
        while state.street < 4:
            legal = [str(a) for a in state.legal_actions(state.to_move[0])]
            act(state, next(m for m in ("bring-in", "check", "call") if m in legal))
        assert state.view(1).seats[0]["face_up"] == ["KH", "4S", "5S", "6S"]
        assert state.view(0).hand == ["2C", "3C", "7S"]   # a hand is the down cards; the up ones lie before it
        assert "7S" not in str(state.view(1).to_dict()) and state.view(1).seats[0]["held"] == 3

    def test_community_card_when_the_pack_runs_short(self) -> None:
        """Game play: too few cards for seventh street: one card face up for everyone (razz.txt)."""
        state = parlour.new_game("razz", players=8, seed=3)
        assert isinstance(state, RazzState)
        while state.street < 4:
            legal = [str(a) for a in state.legal_actions(state.to_move[0])]
            act(state, next(m for m in ("bring-in", "check", "call") if m in legal))
        assert state.community is not None and len(state.stock) == 3
        assert state.view(0).table["community"] == str(STANDARD_52.cards[state.community])
        assert all(len(state.seven(s)) == 7 for s in range(8))


class TestBestLowSoFar:
    def test_your_best_low_as_the_cards_come(self) -> None:
        """Object: the lowest five ranks make the hand, ace low, pairs no help (razz.txt; NOTES). The view
        names the viewer's best low so far: the ranks it builds on until five differ, then the low."""
        state = game("AS 3D 5H 8C 2H 9D KS", "QC JC KD 10C 9C 8D 7D", "9S 8H 7C 6C 5C 4S 3S")
        assert state.view(0).extra["best_low"] == "5-3-A so far"
        act(state, "bring-in", "call", "call")
        assert state.view(0).extra["best_low"] == "8-5-3-A so far"
        act(state, "check", "check", "check")
        assert state.view(0).extra["best_low"] == "8-5-3-2-A"
        act(state, "check", "check", "check")
        assert state.view(0).extra["best_low"] == "8-5-3-2-A"       # the 9 does not help

    def test_a_paired_card_is_no_help_so_far(self) -> None:
        """Pairs count against a low (razz.txt): the second ace builds nothing, 3-A so far."""
        state = game("AS 3D AH", "QC JC KD", "9S 8H 7C")
        assert state.view(0).extra["best_low"] == "3-A so far"

    def test_another_seats_best_low_never_shows(self) -> None:
        """Hidden information: the best low is the viewer's own; another seat's down cards would show in
        its words, so no other seat, nor a spectator, nor a folded seat, is told it; the to-call is the
        viewer's, of its own kind."""
        state = game("AS 3D 5H", "QC JC KD", "9S 8H 7C")
        assert state.view(1).extra["best_low"] == "K-Q-J so far"
        assert state.view(None).extra["best_low"] is None
        assert "5-3-A" not in str(state.view(1).to_dict()) and "5-3-A" not in str(state.view(None).to_dict())
        assert state.view(0).kinds["extra"]["to_call"] == "to_call"
        act(state, "complete", "fold")
        assert state.view(2).extra["best_low"] is None


class TestShowdown:
    def test_best_low_wins_pairs_count_against(self) -> None:
        """Object and showdown: the best ace-to-five low wins; straights and flushes ignored, pairs count
        against (razz.txt; NOTES)."""
        state = game("AC 2C KH 3C 4C 5C 9C", "AD AH 7D 2D 3D 4D 6D")
        passive(state)
        result = state.hand_results[0]
        assert result.winners == (0,) and "5-4-3-2-A" in result.summary

    def test_equal_lows_split_with_the_odd_chip_from_the_dealers_left(self) -> None:
        """NOTES, showdown: suits never break showdown ties; equal hands split (choice 10: the odd chip to
        the first from the dealer's left)."""
        state = game("AC 2C KH 3C 4C 5C QC", "AD 2D KS 3D 4D 5D QD", "9H 9S JH JD QH QS 10C", ante=1)
        act(state, "bring-in", "fold", "call")    # pot: 3 antes + 2 + 2 = 7
        passive(state)
        result = state.hand_results[0]
        assert result.winners == (0, 1)
        assert result.changes == (1, 0, -1)    # 7 chips: 4 to seat 0 (first from the dealer's left), 3
        assert "odd chip" in " ".join(r.text for r in result.reasons)
        pokerkit = pytest.importorskip("pokerkit")   # pokerkit gives the odd chip alike, to p1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, last = list(pokerkit.HandHistory.loads(to_phh(state, 1)))
        assert list(last.stacks) == [201, 200, 199]

    def test_folded_hands_are_never_shown(self) -> None:
        """Choice 9: a folded hand's down cards stay unseen by everyone, even at the showdown."""
        state = game("2C 3C KH", "9H 10H 5S 4S 3S 6S 7S", "2D 3D 6D 4D 5D 7D 8D", hands=1)
        act(state, "bring-in", "complete", "call", "fold")   # the bring-in folds to the completion
        passive(state)
        log = " ".join(line for s in (None, 1, 2) for line in state.view(s).log)
        assert "seat 1 shows" in log and "seat 2 shows" in log
        assert "seat 0 shows" not in log and "2♣" not in log and "3♣" not in log
        assert log.index("seat 1 shows") < log.index("seat 2 shows")   # from the dealer's left

    def test_side_pot_for_a_player_all_in(self) -> None:
        """Side pots: a player all in plays only for the chips it matched; the rest is set apart as a side
        pot for the others (NOTES; choice 10), every chip accounted for."""
        found = 0
        for seed in range(40):
            rng = random.Random(seed)
            state = parlour.new_game("razz", players=3, seed=seed, stack=20, hands=30)
            while not state.is_over:
                seat = state.to_move[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                assert state.ledger.total() == 60
            for result in state.hand_results:
                texts = [r.text for r in result.reasons]
                if any("side pot 1" in t for t in texts):
                    found += 1
                    assert any("main pot" in t for t in texts) and sum(result.changes) == 0
                    assert "the main pot" in result.summary and "side pot 1" in result.summary
        assert found >= 1


class TestTheGame:
    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play: it is a stacked pack of the 52 cards, one for each deal,
        and nothing else (no deal at random instead)."""
        good = stacked("2C 3C 4C", "5D 6D 7D")
        with pytest.raises(DealError, match="deal 2 of the list: the stacked pack: 'JK' is not a card"):
            parlour.new_game("razz", players=2, deal=[good, {"pack": ["JK", *ALL[1:]]}])
        for bad in (5, "xyz", {"hands": [ALL[:26], ALL[26:]]}, {**good, "seed": 1}, {"pack": ALL[:51]},
                    {"pack": [ALL[1], *ALL[1:]]}):
            with pytest.raises(DealError):
                parlour.new_game("razz", players=2, deal=bad)

    def test_bring_in_must_be_less_than_the_small_bet(self) -> None:
        """Choice 1: the bring-in is part of a bet, so it must be below the small bet."""
        with pytest.raises(ValueError, match="bring_in"):
            parlour.new_game("razz", players=2, bring_in=4, small_bet=4)


    def test_broke_player_sits_out_and_the_game_ends_with_every_chip(self) -> None:
        """Choices 2, 11 and 12: a seat without chips is dealt nothing and never deals; the deal passes to
        the left; one player with every chip ends the game."""
        rng = random.Random(5)
        state = parlour.new_game("razz", players=3, seed=5, stack=10, hands=200)
        assert isinstance(state, RazzState)
        dealers = [state.dealer]
        while not state.is_over:
            if not state.deals or state.deals[-1].number != state.hand_number:   # a new deal
                for busted in (s for s in range(3) if state.chips_before[s] == 0):
                    assert busted not in state.seated and state.down[busted] == 0
                if state.dealer != dealers[-1]:
                    dealers.append(state.dealer)
                    assert state.chips_before[state.dealer] > 0
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert sorted(state.ledger.chips)[-1] == 30 and state.result().winners
        assert dealers[:2] == [2, 0]   # the last seat deals first, then the deal passes to the left

    def test_players_all_in_from_the_ante_see_the_hand_out(self) -> None:
        """Choice 11: a player with no more than the ante puts it all in and plays for the main pot; with
        no two players able to bet, the cards are dealt to the showdown without a turn."""
        state = parlour.new_game("razz", players=3, seed=2, stack=1, ante=1)
        assert isinstance(state, RazzState) and state.is_over and len(state.hand_results) == 1
        assert sorted(state.scores()) == [0, 0, 3] and len(state.deals[0].shown) == 3
        assert not any(kind != "deal" for kind, _, _ in state.deals[0].events)

    def test_twin_states_differing_in_hidden_cards_look_the_same(self) -> None:
        """Hidden information: another seat's down cards and the stock are unseen, in views, legal lists,
        refusals, logs and ``to_move``."""
        a = game("2C 3C KH 4C", "2D 3D 9S 4D", "5H 6H QS 4H")
        b = game("2C 3C KH 4C", "7D 8D 9S 4D", "5H 6H QS 4H")
        for state in (a, b):
            act(state, "bring-in", "call")
        assert a.view(0) == b.view(0) and a.to_move == b.to_move
        assert a.legal_actions(a.to_move[0]) == b.legal_actions(b.to_move[0])
        assert str(refused(a, a.to_move[0], "check")) == str(refused(b, b.to_move[0], "check"))
        world = a.sample_world(0, random.Random(1))
        assert world.view(0) == a.view(0)
        assert isinstance(world, RazzState) and not any(   # the world's own history names its new cards
            kind == "deal" and seat != 0 and world.down[seat] >> card & 1 == 0 and card not in world.up[seat]
            for kind, seat, card in world.events)

    def test_heuristic_beats_random_in_chips(self) -> None:
        """The heuristic seat's chip gain over 60 games of 10 deals against two random seats (the seat
        rotating) has a 95% interval above nought (measured: +32 chips, interval 16 to 48)."""
        gains = []
        for seed in range(60):
            state = parlour.new_game("razz", players=3, seed=seed, hands=10)
            smart = seed % 3
            bots = [make_bot("heuristic" if s == smart else "random", "razz", seed=seed * 3 + s) for s in range(3)]
            bots_to_end(state, bots)
            gains.append(state.scores()[smart] - 200)
        mean, low, _ = mean_interval(gains)
        assert low > 0, (mean, low)

    @pytest.mark.parametrize("players", range(2, 9))
    def test_heuristic_games_end_within_max_actions(self, players: int) -> None:
        """Whole games by heuristic bots end, within ``max_actions``, chips conserved."""
        for seed in range(3):
            state = parlour.new_game("razz", players=players, seed=seed, hands=10)
            bots_to_end(state, [make_bot("heuristic", "razz", seed=seed + s) for s in range(players)])
            assert len(state.history) <= state.info.max_actions
            assert sum(state.scores()) == 200 * players

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        state = parlour.new_game("razz", players=2, seed=2, hands=2)
        bots_to_end(state, [make_bot("ismcts:50", "razz", seed=1), make_bot("heuristic", "razz", seed=2)])
        assert state.is_over and sum(state.scores()) == 400


class TestHandHistory:
    def test_phh_replays_in_pokerkit_to_the_same_stacks(self) -> None:
        """PHH export: hands with folds, all-ins and side pots load in pokerkit and reach Parlour's
        final stacks."""
        pokerkit = pytest.importorskip("pokerkit")
        checked, seen = 0, set()
        for seed in range(12):
            state = parlour.new_game("razz", players=2 + seed % 5, seed=seed, hands=3, stack=30 + 170 * (seed % 2))
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_move[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            for hand in range(1, len(state.hand_results) + 1):
                if state.deals[hand - 1].community is not None:
                    continue
                text = to_phh(state, hand)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    history = pokerkit.HandHistory.loads(text)
                    *_, last = list(history)
                deal = state.deals[hand - 1]
                assert list(last.stacks) == [deal.after[s] for s in deal.seated]
                checked += 1
                words = " ".join(r.text for r in state.hand_results[hand - 1].reasons)
                seen |= {kind for kind in ("all in", "side pot") if kind in words}
                seen |= {"fold" for kind, _, _ in deal.events if kind == "fold"}
        assert checked >= 30 and seen == {"all in", "side pot", "fold"}, seen

    def test_phh_writes_the_hand_in_its_notation(self) -> None:
        """PHH export: the variant, stakes and stacks, each card dealt, each move (the bring-in 'pb', a
        completion 'cbr 4' to its amount, a call 'cc', a fold 'f'), p1 the seat on the dealer's left."""
        state = game("2C 3C KH", "10D 3D 5S", hands=1)
        act(state, "bring-in", "complete", "fold")
        text = to_phh(state, 1)
        assert "variant = 'FR'\n" in text and "antes = [1, 1]\n" in text and "bring_in = 2\n" in text
        assert "starting_stacks = [200, 200]\n" in text and "finishing_stacks = [197, 203]\n" in text
        assert ("actions = ['d dh p1 2c3cKh', 'd dh p2 Td3d5s', 'p1 pb', 'p2 cbr 4', 'p1 f']\n") in text
        pokerkit = pytest.importorskip("pokerkit")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = pokerkit.HandHistory.load(io.BytesIO(text.encode()))   # a .phh file, as read from disk
            *_, last = list(history)
        assert list(last.stacks) == [197, 203]

    def test_phh_for_a_seat_writes_unseen_cards_as_unknown_and_still_replays(self) -> None:
        """PHH export for one seat: a folded hand's down cards and the others' seventh cards, which that
        seat never saw, are ``??``; its own cards, every up card and the hands shown are written, so
        pokerkit still replays the hand to the same stacks."""
        pokerkit = pytest.importorskip("pokerkit")
        state = game("2C 3C KH", "10D 3D 5S", hands=1)
        act(state, "bring-in", "complete", "fold")
        dealt_first = state.deals[0].seated[0]
        text = to_phh(state, 1, seat=dealt_first)
        assert "'d dh p1 2c3cKh', 'd dh p2 ????5s'" in text
        other = to_phh(state, 1, seat=state.deals[0].seated[1])
        assert "'d dh p1 ????Kh', 'd dh p2 Td3d5s'" in other
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, last = list(pokerkit.HandHistory.loads(text))
        assert list(last.stacks) == [197, 203]

    def test_phh_has_no_form_for_a_community_card(self) -> None:
        state = parlour.new_game("razz", players=8, seed=3, hands=1)
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions(state.to_move[0])]
            state.apply(state.to_move[0], next(m for m in ("bring-in", "check", "call") if m in legal))
        with pytest.raises(ValueError, match="community card"):
            to_phh(state, 1)
