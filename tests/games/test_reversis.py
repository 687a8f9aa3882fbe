"""Reversis, rule by rule, on prepared deals (rules/source/reversis.txt and the Reversis notes in
rules/NOTES.md). Seat 3 deals first, so seat 0 leads; the helper's dealer discards its twelfth card and
the others keep their hands, so the talon is that card and the three face-down cards."""

from __future__ import annotations

import json
import random

import pytest

import parlour
from parlour import IllegalAction
from parlour.cards import REVERSIS_48, Card, parse_cards
from parlour.engine import Unknown, Zone, deal_unknown
from parlour.games.reversis import ReversisState

PACK = REVERSIS_48


def prepared(fixed: dict[int, str], voids: dict[int, str] | None = None, down: str = "2D 3D 4D",
             extra: str = "5D") -> dict[str, object]:
    """Each seat gets the named cards; the rest of the pack is spread so that no seat gets a suit it
    must lack (``voids``: seat -> suit letters). The dealer (seat 3) gets ``extra`` as a twelfth card."""
    hands = {s: parse_cards(fixed.get(s, "")) for s in range(4)}
    hands[3].append(Card.parse(extra))
    aside = parse_cards(down)
    used = PACK.mask([c for h in hands.values() for c in h] + aside)
    zones = []
    for seat in range(4):
        banned = PACK.mask(c for c in PACK if c.suit.letter in (voids or {}).get(seat, ""))
        zones.append(Zone(seat, (12 if seat == 3 else 11) - len(hands[seat]), PACK.full_mask & ~banned))
    rest = deal_unknown(Unknown(PACK.full_mask & ~used, zones), random.Random(0))
    out = [[str(c) for c in hands[s] + [PACK.cards[i] for i in sorted(rest[s])]] for s in range(4)]
    return {"hands": out, "down": [str(c) for c in aside]}


def game(fixed: dict[int, str], voids: dict[int, str] | None = None, extra: str = "5D", down: str = "2D 3D 4D",
         **options: object) -> ReversisState:
    """A game on the prepared deal, with the exchange done (dealer lays aside ``extra``, others keep)."""
    state = parlour.new_game("reversis", seed=1, deal=prepared(fixed, voids, down, extra), **options)
    assert isinstance(state, ReversisState)
    state.apply(3, f"discard {extra}")
    for seat in (0, 1, 2):
        state.apply(seat, "pass")
    return state


def play(state: parlour.State, cards: str) -> None:
    for card in cards.split():
        state.apply(state.to_move[0], f"play {card}")


def finish_hand(state: parlour.State) -> None:
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])


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
        assert view.table["face_down"] == [0, 1, 2]
        assert len(PACK) == 48 and not any(c.rank == 10 for c in PACK)

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
        assert state.view(None).table["talon"] == {"size": 4} and state.to_move == (0,)

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
        state = game({0: "4S 5S 6S 7S 8S 9S JS QS KS 2H 3H", 1: "AH", 2: "KH"}, voids={1: "S", 2: "S", 3: "S"},
                     down="2S 3S AS")
        for spade in ["KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S"]:
            play(state, spade)
            for _ in range(3):
                seat = state.to_move[0]
                state.apply(seat, state.legal_actions(seat)[0])
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
