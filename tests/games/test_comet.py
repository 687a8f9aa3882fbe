"""Comet, rule by rule (rules/source/comet.txt; no entry in rules/NOTES.md, so the module docstring's
numbered choices stand where the text is silent).

Each test sets up named cards through the prepared deal (``deal=``): hands of any size, the cards not named
lying in the stub.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from table import refused

import parlour
from parlour import OutOfTurn
from parlour.bots import make_bot, sampler_for
from parlour.bots.heuristics.comet import habits
from parlour.cards import Card
from parlour.engine.claims import Claim
from parlour.errors import DealError
from parlour.games.comet import INDEX, INFO, PACK, CometState
from parlour.sim.stats import wilson_interval

GAME = "comet"
# Seat 0 leads the A♣; the 2♣ and 3♣ follow from seats 1 and 2; the 4♣ is in the stub.
CLUBS = ["AC KS 5H", "2C 9D 6H", "3C 10D 7H", "JD QD KD"]


def new(hands: list[str], variant: str | None = None, **options: Any) -> CometState:
    state = parlour.new_game(GAME, players=len(hands), variant=variant, seed=1,
                             deal={"hands": [h.split() for h in hands]}, **options)
    assert isinstance(state, CometState)
    return state


def legal(state: parlour.State, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def decline_all(state: parlour.State) -> None:
    """Every seat offered the open comet window declines it."""
    assert state.window is not None and len(state.to_move) == state.players  # type: ignore[attr-defined]
    for seat in state.to_move:
        state.apply(seat, "decline")


def play(state: parlour.State, *cards: str) -> None:
    """Each card played by the seat to move, every window after it declined."""
    for card in cards:
        assert len(state.to_move) == 1, state.to_move
        state.apply(state.to_move[0], f"play {card}")
        if state.window is not None:  # type: ignore[attr-defined]
            decline_all(state)


def card(text: str) -> int:
    return 1 << INDEX[Card.parse(text)]


class TestDeal:
    def test_the_pack_is_51_cards_without_the_eight_of_diamonds(self) -> None:
        """Setup: the 8♦ is taken out of the pack (comet.txt, 'Setup')."""
        assert len(PACK) == 51 and Card.parse("8D") not in PACK and INFO.pack == "comet-51"

    @pytest.mark.parametrize(("players", "each", "stub"), [(4, 12, 3), (5, 10, 1), (6, 8, 3), (7, 7, 2), (8, 6, 3)])
    def test_the_cards_go_as_far_as_they_will_and_the_rest_is_an_unseen_stub(self, players: int, each: int,
                                                                              stub: int) -> None:
        """Setup, first method: deal as far as the cards go evenly, the stub set aside unseen (choice 9)."""
        state = parlour.new_game(GAME, players=players, seed=3)
        view = state.view(0)
        assert [s["held"] for s in view.seats] == [each] * players
        assert view.table["stub"] == stub and view.table["set_aside"] == []

    def test_a_stacked_pack_is_dealt_one_at_a_time_from_the_dealers_left(self) -> None:
        """Setup: seat 0 (left of the first dealer, seat 3) takes the first card, seat 3 the fourth; the last
        three cards are the stub (choice 1, choice 9)."""
        cards = [str(c) for c in PACK]
        state = parlour.new_game(GAME, players=4, seed=1, deal={"pack": cards})
        assert isinstance(state, CometState)
        assert state.hands[0] == PACK.mask(Card.parse(c) for c in cards[0:48:4])
        assert state.hands[3] == PACK.mask(Card.parse(c) for c in cards[3:48:4])
        assert state.stub == PACK.mask(Card.parse(c) for c in cards[48:])

    @pytest.mark.parametrize(("players", "aside"), [(4, ["8C", "8H", "8S"]), (5, ["8C"]), (7, ["8C", "8H"]),
                                                     (8, ["8C", "8H", "8S"])])
    def test_known_stops_sets_eights_aside_face_up_until_the_deal_is_even(self, players: int,
                                                                          aside: list[str]) -> None:
        """Setup, second method (variant known-stops): further 8s come out, in the order 8♣ 8♥ 8♠, until
        the pack divides evenly, and everyone sees them (choice 9)."""
        state = parlour.new_game(GAME, players=players, variant="known-stops", seed=2)
        view = state.view(1)
        assert view.table["set_aside"] == aside and view.table["stub"] == 0
        assert sum(s["held"] for s in view.seats) == 51 - len(aside)

    def test_the_player_left_of_the_dealer_begins_and_the_deal_passes_left(self) -> None:
        """Game play: the dealer's left leads; Scoring: the deal passes to the left (choice 1)."""
        state = new(["KS", "2H 3H", "4H", "5H"], target=50)
        assert state.dealer == 3 and state.to_move == (0,)
        state.apply(0, "play KS")
        assert state.hand_number == 2 and state.dealer == 0 and state.to_move == (1,)

    def test_a_prepared_deal_of_another_shape_is_refused(self) -> None:
        """A prepared deal names a hand of at least one card per seat, each card once."""
        with pytest.raises(DealError, match="seat 1 must hold at least 1 card"):
            new(["AC", "", "2C", "3C"])
        with pytest.raises(DealError, match="'hands' holds 4 lists of cards, one a seat"):
            parlour.new_game(GAME, players=4, deal={"hands": [["AC"]]})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play, with a ``DealError``: a bad later deal of a list, the 8 of
        diamonds (out of Comet's pack), a card twice, and what is no deal, no list or a key of no form."""
        good = {"hands": [["AC"], ["2C"], ["3C"], ["4C"]]}
        with pytest.raises(DealError, match="deal 2 of the list: seat 0's hand: '8D' is not a card of the"):
            parlour.new_game(GAME, players=4, deal=[good, {"hands": [["8D"], ["2C"], ["3C"], ["4C"]]}])
        for bad in (5, "xyz", {"hands": 5}, {"hands": [["AC"], ["AC"], ["3C"], ["4C"]]}, {**good, "stock": []},
                    {"hands": [["2C#99"], ["2C"], ["3C"], ["4C"]]}, {"pack": [str(card) for card in PACK][1:]}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=4, deal=bad)


class TestRuns:
    def test_whoever_holds_the_next_card_up_must_play_it_aces_low(self) -> None:
        """Game play: after the A♣ the 2♣'s holder plays it, then the 3♣'s (aces low; choice 2)."""
        state = new(CLUBS)
        state.apply(0, "play AC")
        decline_all(state)
        assert state.to_move == (1,) and legal(state, 1) == ["play 2C"]
        assert state.view(0).extra["called"] == ["2C"]
        play(state, "2C")
        assert state.to_move == (2,) and legal(state, 2) == ["play 3C"]

    def test_another_card_than_the_next_is_refused_and_changes_nothing(self) -> None:
        """Game play: the holder of the next card has no other move; the refusal names the rule."""
        state = new(CLUBS)
        play(state, "AC")
        error = refused(state, 1, "play 6H", rule="next card plays")
        assert "2C" in str(error)
        refused(state, 1, "play 5H", rule="play from your hand")

    def test_a_card_in_the_stub_stops_the_run_and_its_last_player_begins_anew(self) -> None:
        """Game play: the 4♣ lies in the stub, so the run stops at the 3♣ and seat 2, who played it, may
        lay any card (choice 3)."""
        state = new(CLUBS)
        play(state, "AC", "2C", "3C")
        assert state.to_move == (2,) and legal(state, 2) == ["play 10D", "play 7H"]
        assert state.view(0).log[-1] == "a stop: seat 2 begins a new run" and state.trick == []
        assert state.view(0).extra["in_no_hand"] == ["4C"]

    def test_a_king_ends_the_run_and_its_player_goes_again(self) -> None:
        """Game play: nothing follows a king, so the player of the K♠ leads again."""
        state = new(CLUBS)
        play(state, "KS")
        assert state.to_move == (0,) and legal(state, 0) == ["play AC", "play 5H"]

    def test_the_seven_of_diamonds_is_a_stop_since_the_eight_is_out(self) -> None:
        """Setup and Game play: the 8♦ is out of play, so a diamond run stops at the 7♦ (choice 2)."""
        state = new(["6D QS", "7D JS", "9D 10S", "AS 2S"])
        play(state, "6D", "7D")
        assert state.to_move == (1,) and legal(state, 1) == ["play JS"]

    def test_a_card_already_played_stops_the_run(self) -> None:
        """Game play: a run stops at a card played before: the 4♣ went in the first run, so the second,
        2♣ 3♣, stops there and seat 2, who played the 3♣, begins anew."""
        state = new(["4C 2C KS 5D", "5C 9H", "3C QS 2D", "6C JS 3D"])
        play(state, "4C", "5C", "6C")             # the 7♣ is in the stub: seat 3 begins
        play(state, "JS", "QS", "KS")             # nothing follows a king: seat 0 begins
        play(state, "2C", "3C")
        assert state.to_move == (2,) and legal(state, 2) == ["play 2D"]
        assert state.view(1).log[-1] == "a stop: seat 2 begins a new run"

    def test_seat_to_move_plays_and_others_are_out_of_turn(self) -> None:
        """Game play: only the holder of the next card may play it; another seat is refused, unchanged."""
        state = new(CLUBS)
        play(state, "AC")
        before = state.view(0)
        with pytest.raises(OutOfTurn):
            state.apply(2, "play 3C")
        assert state.view(0) == before


class TestComet:
    def test_after_every_card_the_comet_window_is_offered_to_everyone(self) -> None:
        """The role of the 9♦: it may be played at any time, so after each card every seat is offered the
        window; only the holder may claim, the others only decline (choice 4)."""
        state = new(CLUBS)
        state.apply(0, "play AC")
        assert state.to_move == (1, 2, 3, 0)
        assert legal(state, 1) == ["decline", "claim 9D"]
        assert all(legal(state, s) == ["decline"] for s in (0, 2, 3))

    def test_an_answer_reads_alike_to_the_others_until_the_window_closes(self) -> None:
        """The claim is secret until every seat has answered: to the others it reads 'answers'."""
        state = new(CLUBS)
        state.apply(0, "play AC")
        state.apply(1, "claim 9D")
        assert state.view(0).log[-1] == "seat 1: answers" and state.view(1).log[-1] == "seat 1: claim 9D"
        for seat in (2, 3, 0):
            state.apply(seat, "decline")
        assert "seat 1 plays the comet, 9D" in state.view(0).log

    def test_claims_and_plays_are_refused_where_they_do_not_belong(self) -> None:
        """The role of the 9♦: only its holder claims with it, only in a window; cards wait for the window."""
        state = new(CLUBS)
        refused(state, 0, "claim 9D", rule="the comet at any time")
        state.apply(0, "play AC")
        refused(state, 2, "claim 9D", rule="the comet at any time")
        refused(state, 1, "play 2C", rule="the comet at any time")
        state.apply(2, "decline")
        with pytest.raises(OutOfTurn):
            state.apply(2, "decline")

    def test_after_the_comet_the_first_to_the_left_with_the_ten_or_the_next_card_goes_on(self) -> None:
        """The role of the 9♦: seat 1 plays it straight after its own 2♣; seat 2 on its left holds both the
        10♦ and the awaited 3♣ and may play either (choice 5)."""
        state = new(CLUBS)
        play(state, "AC")
        state.apply(1, "play 2C")
        state.apply(1, "claim 9D")
        for seat in (2, 3, 0):
            state.apply(seat, "decline")
        assert state.to_move == (2,) and legal(state, 2) == ["play 3C", "play 10D"]
        refused(state, 2, "play 7H", rule="after the comet")

    def test_the_ten_of_diamonds_carries_the_comets_run_on(self) -> None:
        """The role of the 9♦, and choice 5: after the 10♦ the J♦ is next, and then the Q♦."""
        state = new(CLUBS)
        play(state, "AC")
        state.apply(1, "play 2C")
        for seat in (1, 2, 3, 0):
            state.apply(seat, "claim 9D" if seat == 1 else "decline")
        play(state, "10D")
        assert state.to_move == (3,) and legal(state, 3) == ["play JD"]
        play(state, "JD")
        assert legal(state, 3) == ["play QD"]

    def test_the_interrupted_runs_next_card_carries_its_suit_on(self) -> None:
        """The role of the 9♦: the awaited 3♣ played after the comet, the 4♣'s holder goes on."""
        state = new(["AC 4C", "2C 9D 6H", "3C 7H", "JD QD"])
        play(state, "AC")
        state.apply(1, "play 2C")
        for seat in (1, 2, 3, 0):
            state.apply(seat, "claim 9D" if seat == 1 else "decline")
        assert state.to_move == (2,) and legal(state, 2) == ["play 3C"]
        play(state, "3C")
        assert state.to_move == (0,) and legal(state, 0) == ["play 4C"]

    def test_the_search_passes_seats_holding_neither_and_comes_round_to_the_comets_player(self) -> None:
        """The role of the 9♦: the seats to the left hold neither card, so it comes round to seat 1, who
        played the comet and holds the awaited 3♣ (choice 5)."""
        state = new(["AC QS", "2C 9D 3C 6H", "7H 8H", "JD QD"])
        play(state, "AC")
        state.apply(1, "play 2C")
        for seat in (1, 2, 3, 0):
            state.apply(seat, "claim 9D" if seat == 1 else "decline")
        assert state.to_move == (1,) and legal(state, 1) == ["play 3C"]
        assert all(state.lacks[s] & card("3C") and state.lacks[s] & card("10D") for s in (2, 3, 0))

    def test_with_no_one_to_go_on_the_comets_player_begins_anew(self) -> None:
        """Choice 3: the 10♦ and the 4♣ are both in the stub, so seat 2 who played the comet begins."""
        state = new(["AC QS", "2C 6H", "3C 9D 7H", "JD QD"])
        play(state, "AC", "2C")
        state.apply(2, "play 3C")
        for seat in (3, 0, 1, 2):
            state.apply(seat, "claim 9D" if seat == 2 else "decline")
        assert state.to_move == (2,) and legal(state, 2) == ["play 7H"]

    def test_the_comet_may_be_led_and_then_only_the_ten_goes_on(self) -> None:
        """Choice 6: a comet led interrupts no run; the 10♦'s holder goes on, nobody else."""
        state = new(["9D AC", "10D QS", "2C JS", "JD QD"])
        play(state, "9D")
        assert state.to_move == (1,) and legal(state, 1) == ["play 10D"]

    def test_no_window_is_offered_once_the_comet_is_played(self) -> None:
        """Choice 4: windows are offered only while the 9♦ may still be played."""
        state = new(["9D AC 5H", "10D QS", "2C JS", "JD QD KD"])
        play(state, "9D")
        state.apply(1, "play 10D")
        assert state.to_move == (3,)


class TestScoring:
    def test_the_winner_scores_a_point_each_card_left_and_two_each_king_unplayed(self) -> None:
        """Scoring: seat 0 goes out with the K♠; six cards are left in the other hands and three kings were
        never played (K♣ in a hand, K♦ and K♥ in the stub: choice 7): 1 + 6 + 6; the 9♦ left costs seat 1
        a point."""
        state = new(["KS", "9D KC 2H", "3H", "4H 5H"], target=50)
        state.apply(0, "play KS")
        result = state.hand_results[0]
        assert result.changes == (13, -1, 0, 0) and result.winners == (0,)
        assert [r.text for r in result.reasons] == ["goes out", "6 cards left in the other hands",
                                                  "3 kings not played", "caught holding the comet"]
        assert state.scores() == [13, -1, 0, 0]

    def test_a_player_may_go_out_on_the_comet(self) -> None:
        """The role of the 9♦ and Scoring: the comet as one's last card ends the deal at once."""
        state = new(["AC 2H", "9D", "QH", "JH"], target=50)
        state.apply(0, "play AC")
        for seat in (1, 2, 3, 0):
            state.apply(seat, "claim 9D" if seat == 1 else "decline")
        assert state.hand_results[0].winners == (1,) and state.hand_results[0].changes[1] == 1 + 3 + 8

    def test_the_first_to_the_target_wins_the_game(self) -> None:
        """Object: the first to 100 (option target) wins; the game ends after that deal (choice 8)."""
        state = new(["KS", "9D KC 2H", "3H", "4H 5H"], target=13)
        state.apply(0, "play KS")
        assert state.is_over and state.result().winners == (0,) and state.view(0).phase == "over"
        assert parlour.new_game(GAME, seed=0).target == 100  # type: ignore[attr-defined]


class TestInformation:
    @staticmethod
    def twins() -> list[CometState]:
        """Three deals that differ only in where the comet lies: seat 1, seat 2 or the stub (the Q♥ and
        J♥ making up the hands); the play below never reaches those cards."""
        rest = ["AC 3C 5S 6S", "4C {} 7S", "5C {} 8S", "2C 9S 10S 4D"]
        return [new([hand.format(c) for hand, c in zip(rest, ("", one, two, ""), strict=True)])
                for one, two in (("9D", "QH"), ("QH", "9D"), ("QH", "JH"))]

    @pytest.mark.parametrize("observer", [0, 3])
    def test_a_seat_without_the_comet_cannot_tell_where_it_is(self, observer: int) -> None:
        """Hidden information: with the 9♦ in seat 1's hand, seat 2's or the stub, a seat holding neither
        sees the same views, logs, to_move, legal lists and refusals at every step of a run played with
        windows declined, the stop included."""
        twins = self.twins()
        for step in ["AC", "2C", "3C", "4C", "5C", "8S", "9S", "10S"]:
            mover = twins[0].to_move[0]
            for state in twins:
                state.apply(mover, f"play {step}")
            while True:
                looks = [self.seen(state, observer) for state in twins]
                assert looks[0] == looks[1] == looks[2], step
                if twins[0].window is None:
                    break
                seat = twins[0].to_move[0]
                for state in twins:
                    state.apply(seat, "decline")
        assert twins[0].to_move == (3,)

    @staticmethod
    def seen(state: CometState, observer: int) -> list[Any]:
        """What ``observer`` can learn here: its view (log included), to_move, its legal list, and the
        refusals of a claim and of a card it may not play."""
        seen: list[Any] = [state.view(observer), state.to_move, legal(state, observer)]
        for attempt in ("claim 9D", "play 5S"):
            try:
                state.clone().apply(observer, attempt)
                seen.append("accepted")
            except parlour.IllegalAction as error:
                seen.append((type(error).__name__, str(error), error.rule))
        return seen

    def test_a_claim_in_an_open_window_shows_only_when_the_window_closes(self) -> None:
        """Hidden information: seat 1 (or seat 2) claims with the comet while seat 0 has yet to answer: seat
        0 and seat 3 see the same as when no one claims, until the last answer is in."""
        twins = self.twins()
        for state in twins:
            state.apply(0, "play AC")
        for seat in (1, 2, 3):
            for k, state in enumerate(twins):
                state.apply(seat, "claim 9D" if (k, seat) in ((0, 1), (1, 2)) else "decline")
            for observer in (0, 3):
                views = [state.view(observer) for state in twins]
                assert views[0] == views[1] == views[2]
                assert twins[0].to_move == twins[1].to_move == twins[2].to_move
        assert twins[0].to_move == (0,)

    def test_worlds_keep_the_next_cards_holder_and_the_stop_cards_out_of_every_hand(self) -> None:
        """Sampled worlds keep what play showed: the 2♣'s holder (to move) holds it; once the run stops at
        the 4♣, that card lies in the stub in every world."""
        state = new(CLUBS)
        play(state, "AC")
        for k in range(30):
            world = state.sample_world(0, random.Random(k))
            assert isinstance(world, CometState) and world.hands[1] & card("2C")
        play(state, "2C", "3C")
        for k in range(30):
            world = state.sample_world(3, random.Random(k))
            assert isinstance(world, CometState) and world.stub & card("4C")
            assert world.view(3) == state.view(3)

    def test_worlds_keep_who_could_not_go_on_after_the_comet(self) -> None:
        """Sampled worlds: after the comet, seats passed over hold neither the 10♦ nor the awaited card,
        and the seat going on holds one of them."""
        state = new(["AC QS 4H", "2C 9D 6H", "7H 8H 5S", "JD 3C 10D KH"])
        play(state, "AC")
        state.apply(1, "play 2C")
        for seat in (1, 2, 3, 0):
            state.apply(seat, "claim 9D" if seat == 1 else "decline")
        assert state.to_move == (3,)
        may = card("10D") | card("3C")
        for k in range(40):
            world = state.sample_world(0, random.Random(k))
            assert isinstance(world, CometState)
            assert not world.hands[2] & may and world.hands[3] & may

    def test_a_world_in_an_open_window_forgets_the_other_seats_claims(self) -> None:
        """Hidden information: mid-window a world for seat 0 has no claim by anyone else, and plays on."""
        state = new(CLUBS)
        state.apply(0, "play AC")
        state.apply(1, "claim 9D")
        for k in range(10):
            world = state.sample_world(0, random.Random(k))
            assert all(type(action) is not Claim for _, action in world.history)
            assert world.view(0) == state.view(0)
            world.playout(random.Random(k), deal_only=True)


class TestBots:
    def test_the_heuristic_wins_more_than_its_share_of_deals_against_random_play(self) -> None:
        """Over 300 seeded four-player deals, a heuristic seat (rotating) against three random ones wins
        more than a quarter of them, at 95% confidence: the Wilson interval's lower end is above 1/4 (measured:
        125 of 300, interval 0.36 to 0.47)."""
        wins, deals = 0, 300
        for seed in range(deals):
            state = parlour.new_game(GAME, players=4, seed=seed, target=1,
                                     variant="known-stops" if seed % 2 else None)
            bot, rng = make_bot("heuristic", GAME, seed=seed), random.Random(seed)
            while state.to_move:
                seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
                if seat == seed % 4:
                    state.apply(seat, bot.choose(state.view(seat)))
                else:
                    state.apply_id(seat, rng.choice(state.legal_ids(seat)))
            wins += seed % 4 in state.result().winners
        _, low, _ = wilson_interval(wins, deals)
        assert low > 0.25, (wins, deals)

    def test_the_heuristic_plays_the_comet_as_its_last_card(self) -> None:
        """Holding only the comet, the heuristic claims with it and goes out."""
        state = new(["AC 2H", "9D", "QH", "JH"])
        state.apply(0, "play AC")
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(1)) == "claim 9D"

    def test_the_heuristic_leads_into_a_stop_it_knows(self) -> None:
        """A lead whose run ends on a card played already gives the lead back: seat 2 leads the K♥ (a
        king: nothing follows) rather than the 7♥ that would hand the run to seat 0."""
        state = new(["AC 8H", "2C 6H", "3C KH 7H", "JD QD"])
        play(state, "AC", "2C", "3C")
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(2)) == "play KH"

    def test_the_heuristic_leads_a_card_no_one_else_could_bring_out(self) -> None:
        """An ace can never be a run's next card, so only its holder's lead sheds it: seat 0 leads the A♥
        rather than the 7♥, whose run the 6♥'s holder may start for it."""
        state = new(["7H AH QC", "6H 2C", "2H JS", "JD QD"])
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(0)) == "play AH"

    @pytest.mark.parametrize("players", [4, 6, 8])
    def test_whole_games_by_heuristics_end_within_max_actions(self, players: int) -> None:
        """Whole games by the heuristic in every seat end within the game's max_actions, both deals."""
        for seed in range(2):
            state = parlour.new_game(GAME, players=players, seed=seed, variant="known-stops" if seed else None)
            bot, rng, taken = make_bot("heuristic", GAME, seed=seed), random.Random(seed), 0
            while state.to_move and taken < INFO.max_actions:
                seat = rng.choice(state.to_move)
                state.apply(seat, bot.choose(state.view(seat)))
                taken += 1
            assert state.is_over and max(state.scores()) >= 100

    def test_playout_habits_play_legally_to_the_end(self) -> None:
        """The habits decline at once, play forced cards and lead; always legally, to the game's end."""
        for seed in range(3):
            state = parlour.new_game(GAME, players=5, seed=seed)
            rng = random.Random(seed)
            while state.to_move:
                seat = rng.choice(state.to_move)
                action = habits(state, seat, rng)
                assert action in state.legal_actions(seat)
                state.apply(seat, action)

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """IS-MCTS (50 iterations) plays a one-deal game to its end, windows and all, every move legal."""
        state = parlour.new_game(GAME, players=4, seed=5, target=1)
        bot = make_bot("ismcts:50", GAME, seed=1)
        rng = random.Random(2)
        while state.to_move:
            seat = rng.choice(state.to_move)
            if seat == 0:
                choice = bot.choose(state.view(seat), sampler_for(state, seat))
                assert choice in legal(state, seat)
                state.apply(seat, choice)
            else:
                state.apply_id(seat, rng.choice(state.legal_ids(seat)))
        assert state.is_over
