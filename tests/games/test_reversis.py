"""Reversis, rule by rule, on prepared deals (rules/source/reversis.txt and the Reversis notes in
rules/NOTES.md). Seat 3 deals first, so seat 0 leads; the helper's dealer discards its twelfth card and
the others keep their hands, so the talon is that card and the three face-down cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from table import finish_hand, open_ending, open_hand_play, play, spread

import parlour
from parlour import IllegalAction
from parlour.cards import REVERSIS_48, Card, parse_cards
from parlour.errors import DealError
from parlour.games.reversis import POINTS, ReversisState, points_of
from parlour.mechanics import tricks

PACK = REVERSIS_48


def prepared(fixed: dict[int, str], voids: dict[int, str] | None = None, down: str = "2D 3D 4D",
             extra: str = "5D") -> dict[str, object]:
    """Each seat gets the named cards; the rest of the pack is spread so that no seat gets a suit it
    must lack (``voids``: seat -> suit letters). The dealer (seat 3) gets ``extra`` as a twelfth card."""
    named = {**fixed, 3: f"{fixed.get(3, '')} {extra}"}
    hands = spread(PACK, named, [11, 11, 11, 12], voids, removed=PACK.mask(parse_cards(down)))
    return {"hands": hands, "down": down.split()}


def game(fixed: dict[int, str], voids: dict[int, str] | None = None, extra: str = "5D", down: str = "2D 3D 4D",
         **options: Any) -> ReversisState:
    """A game on the prepared deal, with the exchange done (dealer lays aside ``extra``, others keep)."""
    state = parlour.new_game("reversis", seed=1, deal=prepared(fixed, voids, down, extra), **options)
    assert isinstance(state, ReversisState)
    state.apply(3, f"discard {extra}")
    for seat in (0, 1, 2):
        state.apply(seat, "pass")
    return state


def chips(state: ReversisState) -> list[int]:
    return list(state.ledger.chips)


class TestSetup:
    def test_antes_and_the_deal(self) -> None:
        """Setup: 5 each to the pot, 10 from the dealer; eleven cards each, a twelfth to the dealer and one
        face down beside each other player: the whole 48-card pack."""
        state = parlour.new_game("reversis", seed=3)
        view = state.view(0)
        assert [s["chips"] for s in view.seats] == [95, 95, 95, 90]
        assert view.table["pots"] == [{"name": "pot 1", "chips": 25}]
        assert [s["held"] for s in view.seats] == [11, 11, 11, 12]
        assert view.table["card_face_down_beside"] == [0, 1, 2]
        assert len(PACK) == 48 and not any(c.rank == 10 for c in PACK)

    def test_a_prepared_deal_is_refused_before_play_unless_it_fits(self) -> None:
        """A prepared deal is refused before play unless the dealer of its place in the game holds twelve
        cards of the 48-card pack, the others eleven, and three other cards lie face down."""
        good = prepared({})
        hands, down = good["hands"], good["down"]
        assert isinstance(hands, list) and isinstance(down, list)
        second = {"hands": [[*hands[0], hands[3][-1]], hands[1], hands[2], hands[3][:-1]], "down": down}
        assert parlour.new_game("reversis", deal=[good, second]).dealer == 3   # deal 2 is seat 0's
        with pytest.raises(DealError, match="deal 2 of the list: seat 0 must hold 12 cards, not 11"):
            parlour.new_game("reversis", deal=[good, good])
        with pytest.raises(DealError, match="'10H' is not a card of"):
            parlour.new_game("reversis", deal={"hands": hands, "down": ["10H", *down[1:]]})
        with pytest.raises(DealError, match="down"):
            parlour.new_game("reversis", deal={"hands": hands, "down": [hands[0][0], *down[1:]]})
        for junk in (5, "xyz", {"hands": hands}, {**good, "widow": []}):
            with pytest.raises(DealError):
                parlour.new_game("reversis", deal=junk)

    def test_the_dealer_must_discard_and_may_not_pass(self) -> None:
        """The exchange: the dealer lays one card aside to come down to eleven."""
        state = parlour.new_game("reversis", seed=3)
        before = json.dumps(state.view(3).to_dict())
        with pytest.raises(IllegalAction, match="dealer must discard"):
            state.apply(3, "pass")
        with pytest.raises(IllegalAction):
            state.apply(3, "play " + state.view(3).hand[0])
        assert json.dumps(state.view(3).to_dict()) == before

    def test_discarding_takes_up_the_face_down_card_unseen(self) -> None:
        """The exchange: a player who discards takes up the face-down card; others never see either."""
        state = parlour.new_game("reversis", seed=0, deal=prepared({0: "AC"}, down="2D 3D 4D", extra="5D"))
        state.apply(3, "discard 5D")
        state.apply(0, "discard AC")
        assert "2D" in state.view(0).hand and "AC" not in state.view(0).hand
        assert state.view(0).extra["talon_known"] == ["AC"]
        for seat in (1, 2, 3):
            text = json.dumps(state.view(seat).to_dict())
            assert "AC" not in text and "2D" not in text and "discard a card" in text

    def test_keeping_shows_the_card_only_to_its_player(self) -> None:
        """The exchange: a player who keeps their hand may look at the card, which joins the talon."""
        state = parlour.new_game("reversis", seed=0, deal=prepared({}, down="2D 3D 4D", extra="5D"))
        state.apply(3, "discard 5D")
        state.apply(0, "pass")
        assert "2D" in " ".join(state.view(0).log) and "2D" not in " ".join(state.view(1).log)
        for seat in (1, 2):
            state.apply(seat, "pass")
        assert state.view(None).table["talon"] == 4 and state.to_move == (0,)

    def test_sampled_worlds_keep_what_the_seat_saw(self) -> None:
        """Hidden information: a seat's sampled worlds keep its own discard in the talon."""
        state = parlour.new_game("reversis", seed=0, deal=prepared({0: "AC"}))
        state.apply(3, "discard 5D")
        state.apply(0, "discard AC")
        for k in range(5):
            world = state.sample_world(0, random.Random(k))
            assert world.view(0) == state.view(0)
            assert isinstance(world, ReversisState) and world.talon >> PACK.index[Card.parse("AC")] & 1


class TestAcesAndQuinola:
    def test_an_ace_discarded_is_paid_by_the_trick_winner(self) -> None:
        """Aces: thrown on another suit, the trick's taker pays its player one chip."""
        state = game({0: "2C", 1: "AH", 2: "3C", 3: "4C"}, voids={1: "C"})
        before = chips(state)
        play(state, "2C AH 3C 4C")
        assert chips(state)[1] - before[1] == 1 and chips(state)[3] - before[3] == -1

    def test_the_ace_of_diamonds_pays_double(self) -> None:
        """Aces: the A♦ is worth two chips."""
        state = game({0: "2C", 1: "AD", 2: "3C", 3: "4C"}, voids={1: "C"}, extra="5H")
        before = chips(state)
        play(state, "2C AD 3C 4C")
        assert chips(state)[1] - before[1] == 2

    def test_a_forced_ace_pays_the_leader(self) -> None:
        """Aces: forced onto its own suit (no other card of it held), its player pays the leader."""
        state = game({0: "2C", 1: "AC", 2: "3C", 3: "4C"}, voids={1: "C"})
        before = chips(state)
        play(state, "2C AC 3C 4C")
        assert chips(state)[1] - before[1] == -1 and chips(state)[0] - before[0] == 1

    def test_an_ace_played_by_choice_pays_nothing(self) -> None:
        """Notes: 'forced' means no other card of the suit was held; otherwise no payment."""
        state = game({0: "2C", 1: "AC 5C", 2: "3C", 3: "4C"})
        before = chips(state)
        play(state, "2C AC 3C 4C")
        assert chips(state) == before

    def test_quinola_discarded_wins_five_and_the_pot(self) -> None:
        """Quinola: thrown on another suit, the taker pays 5 and its player takes the newest pot."""
        state = game({0: "2C", 1: "JH", 2: "3C", 3: "4C"}, voids={1: "C"})
        before = chips(state)
        play(state, "2C JH 3C 4C")
        assert chips(state)[1] - before[1] == 5 + 25 and chips(state)[3] - before[3] == -5
        assert state.ledger.pots == {}

    def test_quinola_forced_pays_ten_five_five_and_a_remise(self) -> None:
        """Quinola: forced on a heart lead, its player pays the leader 10, the others pay the leader 5
        each, and its player pays a remise the size of the pot, into the pot."""
        state = game({0: "2H", 1: "JH", 2: "3H", 3: "4H"}, voids={1: "H"})
        before = chips(state)
        play(state, "2H JH 3H 4H")
        delta = [a - b for a, b in zip(chips(state), before, strict=True)]
        assert delta == [20, -10 - 25, -5, -5]
        assert state.ledger.pots == {"pot 1": 50}

    def test_the_second_remise_forms_a_new_pot(self) -> None:
        """Remises: the first goes into the first pot, the next opens pot 2 the size of the newest."""
        state = game({})
        state._remise(0, "remise")
        state.ledger.ante(3, "pot 1", 5)
        state._remise(1, "remise")
        assert state.ledger.pots == {"pot 1": 55, "pot 2": 55}

    def test_a_led_ace_is_claimed_by_the_party_winner(self) -> None:
        """Aces: a led ace pays nothing at once; the party's winner collects it when the deal ends."""
        state = game({0: "AC"})
        play(state, "AC")
        finish_hand(state)
        reasons = [r for r in state.hand_results[0].reasons if "claim for the ace AC" in r.text]
        winner = next(r.seat for r in state.hand_results[0].reasons if "the party" in r.text and r.points > 0)
        assert {(r.seat, r.points) for r in reasons} == (set() if winner == 0 else {(0, -1), (winner, 1)})


class TestParty:
    def test_winner_and_loser_by_points_then_tricks_then_dealer(self) -> None:
        """Ending the hand: fewest points wins, most loses; ties to fewer tricks, then the dealer and on
        round to the left (notes)."""
        state = game({})
        assert state.party([3, 0, 9, 1], [1, 2, 5, 3]) == (1, 2)
        assert state.party([0, 0, 9, 9], [2, 1, 4, 4]) == (1, 3)
        assert state.party([0, 0, 5, 5], [2, 2, 3, 3]) == (0, 3)   # dealer seat 3 first, then seat 0

    def test_the_party_payment_is_four_plus_the_talon_doubled_across(self) -> None:
        """Ending the hand: the loser pays 4 plus the talon's points, double if sitting opposite."""
        state = game({}, extra="KD")
        finish_hand(state)
        result = state.hand_results[0]
        party = [r for r in result.reasons if "the party" in r.text]
        winner = next(r.seat for r in party if r.points > 0)
        loser = next(r.seat for r in party if r.points < 0)
        assert isinstance(winner, int) and isinstance(loser, int)
        talon = 3 + 0   # KD laid aside with 2D 3D 4D
        assert party[-1].points == (4 + talon) * (2 if (winner - loser) % 4 == 2 else 1)

    def test_chips_carry_over_and_the_dealer_antes_to_the_newest_pot(self) -> None:
        """The next deal: the deal passes left, the dealer alone antes 5 to the newest pot; the game ends
        after the agreed number of deals."""
        state = game({}, deals=2)
        finish_hand(state)
        assert state.hand_number == 2 and state.dealer == 0
        assert state.ledger.pots == {"pot 1": 30}
        assert sum(state.scores()) + 30 == 400
        finish_hand(state)
        assert state.is_over and len(state.hand_results) == 2


SPADES_BUT_TWO = "3S 4S 5S 6S 7S 8S 9S JS QS KS AS"


def reversis_after_nine() -> ReversisState:
    """Seat 0 leads nine spades, which nobody else holds, and is committed to the reversis; his 2H 3H are
    left, with the AH and KH out against them."""
    state = game({0: "4S 5S 6S 7S 8S 9S JS QS KS 2H 3H", 1: "AH", 2: "KH"}, voids={1: "S", 2: "S", 3: "S"},
                 down="2S 3S AS")
    for spade in ["KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S"]:
        play(state, spade)
        for _ in range(3):
            seat = state.to_move[0]
            state.apply(seat, state.legal_actions(seat)[0])
    return state


class TestReversis:
    def test_taking_every_trick_makes_the_reversis_and_refunds(self) -> None:
        """The reversis: the first nine tricks commit the taker; ace payments so far are refunded; all
        eleven collect 32 from the player opposite and 16 from each of the others."""
        state = game({0: SPADES_BUT_TWO, 1: "AH AD", 3: "2S"}, voids={1: "S", 2: "S"})
        start = chips(state)
        finish_hand(state)
        antes = (5, 5, 5, 10)
        assert [c + a for c, a in zip(state.hand_results[0].changes, antes, strict=True)] == [64, -16, -32, -16]
        assert "reversis" in state.hand_results[0].summary
        assert chips(state)[1] == start[1] - 16

    def test_a_broken_reversis_pays_sixty_four_to_the_breaker(self) -> None:
        """The reversis broken: whoever first takes the tenth or eleventh trick is paid 64."""
        state = reversis_after_nine()
        assert state.reversis == 0
        finish_hand(state)
        changes = state.hand_results[0].changes
        antes = (5, 5, 5, 10)
        assert changes[0] + antes[0] == -64 and max(c + a for c, a in zip(changes, antes, strict=True)) == 64


class TestEspagnolette:
    def test_four_aces_may_renounce_and_are_shown(self) -> None:
        """The espagnolette: holding all four aces, a player may renounce in the first nine tricks; doing
        so they show their aces (our choice), so nobody takes them for void."""
        state = game({0: "2C", 1: "AC AD AH AS 3C"})
        play(state, "2C")
        assert "play AH" in state.view(1).legal_actions
        play(state, "AH")
        assert state.espagnolette == 1
        assert sorted(state.view(2).seats[1]["face_up"]) == ["AC", "AD", "AS"]
        assert not state.voids()[1]

    def test_others_must_follow(self) -> None:
        """Play: following suit is compulsory for anyone not qualified; refusals change nothing."""
        state = game({0: "2C", 1: "3C 7H"})
        play(state, "2C")
        before = json.dumps(state.view(1).to_dict())
        with pytest.raises(IllegalAction, match="follow suit"):
            state.apply(1, "play 7H")
        assert json.dumps(state.view(1).to_dict()) == before


def scripted(tricks: list[str], extra: str, down: str) -> dict[str, object]:
    """A whole deal read off the play: ``tricks`` gives each trick's cards from its leader (seat 0 leads
    the first; the highest card of the suit led takes it and leads next). The dealer (seat 3) also gets
    ``extra``, to lay aside; ``down`` are the face-down cards. Every one of the 48 cards must appear once."""
    def high(card: Card) -> int:
        return 14 if card.rank == 1 else int(card.rank)

    hands: list[list[str]] = [[], [], [], []]
    leader = 0
    for trick in tricks:
        cards = parse_cards(trick)
        assert len(cards) == 4
        for k, card in enumerate(cards):
            hands[(leader + k) % 4].append(str(card))
        led = [k for k, c in enumerate(cards) if c.suit == cards[0].suit]
        leader = (leader + max(led, key=lambda k: high(cards[k]))) % 4
    hands[3].append(extra)
    every = [c for h in hands for c in h] + down.split()
    assert len(every) == len(set(every)) == len(PACK)
    return {"hands": hands, "down": down.split()}


def scripted_game(tricks: list[str], extra: str, down: str) -> ReversisState:
    """A one-deal game on the scripted deal, the exchange done (the dealer lays aside ``extra``, others
    keep), so the talon is ``extra`` and ``down``."""
    state = parlour.new_game("reversis", seed=1, deal=scripted(tricks, extra, down), deals=1)
    assert isinstance(state, ReversisState)
    state.apply(3, f"discard {extra}")
    for seat in (0, 1, 2):
        state.apply(seat, "pass")
    return state


def settle(state: ReversisState, start: list[int]) -> list[int]:
    """Each seat's chips won or lost since ``start``, read from the view; the table's total is checked."""
    view = state.view(None)
    held = [s["chips"] for s in view.seats]
    assert held == chips(state)
    assert sum(held) + sum(p["chips"] for p in view.table["pots"]) == state.ledger.total() == 400
    return [a - b for a, b in zip(held, start, strict=True)]


def by_seat(*plays: str) -> list[str]:
    """Tricks all led by seat 0, from each seat's cards in the order played."""
    return [" ".join(cards) for cards in zip(*(p.split() for p in plays), strict=True)]


def takers(state: ReversisState) -> list[int]:
    return [taker for _, taker, _, _ in state.taken]


# Seat 1 holds the four aces, renounces in trick 1 and discards an ace in each of the first four tricks,
# then follows low and takes nothing. Talon: 9C JC QC JH (4 points).
ESPAGNOLETTE_MADE = ["KS AH 4S 5S", "4H AD KH 5H", "4D 5D 6D AC", "4C AS 5C KC", "6S 7S 2S 8S", "6H 7H 8H 2H",
                     "7D 2D 8D 9D", "6C 7C 2C 8C", "9S JS QS 3S", "9H 3H 3C QH", "JD QD 3D KD"]
ESPAGNOLETTE_TAKERS = [0, 2, 0, 3, 2, 0, 3, 2, 0, 3, 2]


class TestEspagnoletteSettlement:
    def test_espagnolette_taking_no_trick_wins_the_party(self) -> None:
        """The espagnolette (rule text, "The espagnolette"): a qualified player who renounces and ends
        with no trick is the party's winner outright, keeping what the discarded aces earned."""
        state = scripted_game(ESPAGNOLETTE_MADE, extra="9C", down="JC QC JH")
        start = chips(state)
        for trick in ESPAGNOLETTE_MADE:
            play(state, trick)
        assert state.is_over and state.espagnolette == 1 and takers(state) == ESPAGNOLETTE_TAKERS
        assert state.points_taken() == [14, 0, 13, 9]
        # Aces: AH 1 from seat 0, AD 2 from seat 2, AC 1 from seat 0, AS 1 from seat 3. The party: the
        # most points (seat 0, 14) pays seat 1, beside it, 4 + 4 in the talon.
        assert settle(state, start) == [-1 - 1 - 8, 1 + 2 + 1 + 1 + 8, -2, -1]
        assert state.ledger.pots == {"pot 1": 25}
        assert "seat 1 wins the party, seat 0 loses it; seat 1 makes the espagnolette" in \
            state.hand_results[0].summary

    def test_espagnolette_failed_pays_back_double_and_returns_the_pot(self) -> None:
        """The espagnolette failed (rule text, "The espagnolette"): once the renouncing player takes a
        trick they lose the party, repay twice each ace and Quinola payment they had, and give back a
        pot they took together with a remise."""
        deal = ["KS AH 4S 5S", "4H AD KH 5H", "4D 5D 6D AC", "4C JH 5C KC", "6S 7S 2S 8S", "6H 7H 8H 2H",
                "7D 2D 8D 9D", "6C 7C 2C 8C", "9S JS QS 3S", "9H 3H 3C QH", "JD QD KD 3D"]
        state = scripted_game(deal, extra="9C", down="JC QC AS")
        start = chips(state)
        for k, trick in enumerate(deal):
            play(state, trick)
            if k == 3:   # Quinola discarded: 5 from the taker (seat 3) and the pot of 25
                assert settle(state, start) == [-2, 1 + 2 + 1 + 5 + 25, -2, -5] and state.ledger.pots == {}
        assert state.is_over and state.espagnolette == 1 and takers(state) == [0, 2, 0, 3, 2, 0, 3, 2, 0, 3, 1]
        assert state.points_taken() == [14, 6, 7, 6]
        # Paid back double: 2 to seat 0 twice, 4 to seat 2, 10 to seat 3; the pot of 25 returned and a
        # remise of 25 into it; the party lost to seat 3 (6 points, fewest), opposite: (4 + 7) * 2.
        assert settle(state, start) == [-2 + 4, 9 + 25 - 18 - 25 - 25 - 22, -2 + 4, -5 + 10 + 22]
        assert state.ledger.pots == {"pot 1": 50}
        assert "seat 3 wins the party, seat 1 loses it; seat 1 fails the espagnolette" in \
            state.hand_results[0].summary

    def test_espagnolette_player_must_follow_suit_in_the_last_two_tricks(self) -> None:
        """The espagnolette (rule text, "The espagnolette"): renouncing is allowed only up to the ninth
        trick; in the tenth and eleventh the espagnolette player follows suit like everyone else."""
        state = scripted_game(ESPAGNOLETTE_MADE, extra="9C", down="JC QC JH")
        start = chips(state)
        for trick in ESPAGNOLETTE_MADE[:8]:
            play(state, trick)
        play(state, "9S JS QS")
        assert state.to_move == (1,) and {"play 3H", "play 3D"} <= set(state.view(1).legal_actions)
        play(state, "3S")
        play(state, "9H")
        assert state.to_move == (1,) and state.view(1).legal_actions == ["play 3H"]
        before, held = json.dumps(state.view(1).to_dict()), chips(state)
        with pytest.raises(IllegalAction, match="follow suit"):
            state.apply(1, "play 3D")
        assert json.dumps(state.view(1).to_dict()) == before and chips(state) == held
        play(state, "3H 3C QH")
        play(state, "JD QD 3D KD")
        assert takers(state) == ESPAGNOLETTE_TAKERS
        assert settle(state, start) == [-10, 13, -2, -1]


# Seat 0 leads nine spades and takes the first nine tricks; seat 3 discards AC and AD meanwhile (paid by
# seat 0, refunded when the reversis is committed). Talon: 2D 2S 3S 4S.
BROKEN_NINE = ["AS 2C 3D QC", "KS 3C 4D KC", "QS 4C 5D AC", "JS 5C 6D KD", "9S 6C 7D AD", "8S 7C 8D 8H",
               "7S 8C 9D 9H", "6S 9C JD QH", "5S JC QD KH"]


class TestReversisSettlement:
    @pytest.mark.parametrize(("tenth", "eleventh", "amount"), [
        ("2H JH 4H 5H", "6H 7H AH 3H", 54),
        ("2H 6H 4H 5H", "JH 7H AH 3H", 64),
    ])
    def test_broken_reversis_pays_less_when_quinola_breaks_it(self, tenth: str, eleventh: str,
                                                               amount: int) -> None:
        """The reversis broken (rule text, "The reversis"): the committed player pays the first opponent
        to take a later trick 64, or 54 when that trick fell to Quinola; the eleventh trick earns
        nothing more, and aces played after the commitment pay nothing."""
        state = scripted_game([*BROKEN_NINE, tenth, eleventh], extra="2D", down="2S 3S 4S")
        start = chips(state)
        for trick in BROKEN_NINE:
            play(state, trick)
        assert state.reversis == 0 and settle(state, start) == [0, 0, 0, 0]   # AC and AD refunded
        play(state, tenth)
        play(state, eleventh)
        assert state.is_over and takers(state) == [0] * 9 + [1, 3] and state.broken_by == 1
        assert settle(state, start) == [-amount, amount, 0, 0]
        assert state.ledger.pots == {"pot 1": 25}

    def test_espagnolette_player_alone_pays_for_a_reversis_made(self) -> None:
        """The espagnolette and the reversis (rule text, "The espagnolette"): when another player takes
        every trick, only the espagnolette player pays that player, the whole 64; what the espagnolette
        earned before the commitment, pot included, is refunded."""
        deal = by_seat("AS KS QS JS 9S 8S 7S 6S 5S 4S 3S",   # seat 0 leads every trick
                       "AH AD AC JH 2H 3H 4H 5H 6H 2S 7H",
                       "8H 9H QH KH 2D 3D 4D 5D 6D 7D 8D",
                       "9D JD QD KD 2C 3C 4C 5C 6C 7C 8C")
        state = scripted_game(deal, extra="9C", down="JC QC KC")
        start = chips(state)
        for k, trick in enumerate(deal):
            play(state, trick)
            if k == 3:   # three aces and Quinola discarded, the pot taken
                assert state.espagnolette == 1 and settle(state, start) == [-9, 34, 0, 0]
        assert state.is_over and takers(state) == [0] * 11 and state.reversis == 0
        assert settle(state, start) == [64, -64, 0, 0]
        assert state.ledger.pots == {"pot 1": 25}
        assert "seat 0 makes the reversis" in state.hand_results[0].summary

    def test_reversis_after_quinola_takes_the_pot_when_made(self) -> None:
        """The reversis made (rule text, "The reversis"): having played Quinola in the first nine tricks,
        the player who takes all eleven collects 32 across, 16 from each neighbour, and the newest pot."""
        deal = by_seat("JH AS KS QS JS 9S 8S 7S 6S 5S 4S",   # seat 0 leads every trick
                       "2H 3S 5H 8H 2D 3D 4D 5D 6D 7D 8D",
                       "3H 6H 9H 9D JD QD KD AD 2C 3C 4C",
                       "4H 5C 7H 6C 7C 8C 9C JC QC KC AC")
        state = scripted_game(deal, extra="2S", down="QH KH AH")
        start = chips(state)
        for trick in deal:
            play(state, trick)
        assert state.is_over and takers(state) == [0] * 11 and state.reversis_quinola
        assert settle(state, start) == [16 + 32 + 16 + 25, -16, -32, -16]
        assert state.ledger.pots == {}

    def test_reversis_after_quinola_pays_a_remise_when_broken(self) -> None:
        """The reversis broken (rule text, "The reversis"): having played Quinola in the first nine
        tricks, the committed player who loses a later trick pays the 64 and also a remise, here the
        first one, into the pot."""
        deal = ["JH 3H 4H 5H", "AS 3S 2S 5C", "KS 2D 9D 6C", "QS 3D JD 7C", "JS 4D QD 8C", "9S 5D KD 9C",
                "8S 6D AD JC", "7S 7D 2C QC", "6S 8D 3C KC", "2H 9H 6H 7H", "8H 4C AC 5S"]
        state = scripted_game(deal, extra="4S", down="QH KH AH")
        start = chips(state)
        for trick in deal:
            play(state, trick)
        assert state.is_over and takers(state) == [0] * 9 + [1, 1] and state.reversis_quinola
        assert settle(state, start) == [-64 - 25, 64, 0, 0]
        assert state.ledger.pots == {"pot 1": 50}


class TestOpenHandGoal:
    def test_each_avoids_card_points(self) -> None:
        """The party (A 4, K 3, Q 2, J 1; fewest wins, most loses): an open-hand search counts the card
        points a seat takes, for itself alone, who wants as few as it can."""
        state = game({})
        side, goal = state.trick_goal(2)
        assert side == frozenset({2}) and not goal.maximize and goal.trick_worth == ()
        assert goal.points == POINTS
        assert [POINTS[PACK.index[c]] for c in parse_cards("AS KS QS JH 9S")] == [4, 3, 2, 1, 0]

    def test_none_while_the_espagnolette_may_renounce(self) -> None:
        """The espagnolette: a qualified player may renounce in the first nine tricks, which no rule of
        following over the cards alone expresses, so no seat's play is searched open until then."""
        state = game({0: "2C", 1: "AC AD AH AS 3C"})
        assert state.trick_goal(0) is None and state.open_position(1) is None

    def test_the_espagnolette_player_avoids_tricks_in_the_last_two(self) -> None:
        """The espagnolette: once committed, taking any trick fails it; in the last two tricks (which it
        must follow) the search counts tricks against it."""
        state = scripted_game(ESPAGNOLETTE_MADE, extra="9C", down="JC QC JH")
        for trick in ESPAGNOLETTE_MADE[:9]:
            play(state, trick)
        assert state.trick_goal(1) == (frozenset({1}), tricks.Goal(maximize=False))
        assert state.trick_goal(0)[1].points == POINTS  # type: ignore[index]

    def test_a_reversis_made_after_nine_tricks_is_its_maker_against_the_rest(self) -> None:
        """The reversis: committed after nine tricks, it needs the last two as well, and any other player
        breaks it with one; the open-hand value for its maker is the tricks he then takes."""
        state = reversis_after_nine()
        assert state.trick_goal(0) == (frozenset({0}), tricks.TRICKS)
        assert state.trick_goal(2) == (frozenset({1, 2, 3}), tricks.TRICKS)
        value, taken = open_hand_play(state, 0, lambda now: now.trick_counts()[0])  # type: ignore[attr-defined]
        assert value == taken == 0

    @pytest.mark.parametrize("seed", [1, 2])
    def test_the_search_value_is_the_card_points_taken_at_the_end(self, seed: int) -> None:
        """Three tricks from the end of a plain deal, the open-hand value for the seat to play is the card
        points it then takes."""
        state = game({})
        seat = open_ending(state, 3, random.Random(seed))
        value, taken = open_hand_play(state, seat, lambda now: points_of(now.cards_won()[seat]))  # type: ignore[attr-defined]
        assert value == taken
