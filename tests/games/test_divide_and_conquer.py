"""Divide and Conquer, rule by rule (rules/source/divide-and-conquer.txt)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from table import observed

import parlour
from parlour import IllegalAction, NotationError, State, View
from parlour.bots import make_bot
from parlour.engine import GameOver, OutOfTurn, Pass
from parlour.errors import DealError
from parlour.games.divide_and_conquer import ALL, INDEX, VALUE, Lay, match_winner

GAME = "divide-and-conquer"
LOW_HAND = "2S 3S 4S 5S 6S"
HIGH_HAND = "7S 8S 9S 10S QS"


def cards(text: str) -> list[str]:
    return text.split()


def new(seat0: str = LOW_HAND, seat1: str = HIGH_HAND, variant: str | None = None, **options: Any) -> State:
    return parlour.new_game(GAME, seed=1, variant=variant, deal={"hands": [seat0.split(), seat1.split()]},
                            **options)


def match(state: State, card0: str, card1: str) -> int:
    """Play one match and return the seat that took it."""
    state.apply(0, f"lay {card0}")
    state.apply(1, f"lay {card1}")
    return int(state.view(None).table["matches"][-1]["winner"])


def play_out(state: State, pairs: str) -> None:
    for pair in pairs.split(","):
        match(state, *pair.split())


def value(card: str) -> int:
    return VALUE[INDEX[parlour.cards.Card.parse(card)]]


def random_playout(seed: int, variant: str | None = None) -> State:
    state = parlour.new_game(GAME, seed=seed, variant=variant)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        assert steps <= state.info.max_actions
    return state


class TestDeal:
    def test_ten_card_pack_five_each(self) -> None:
        """Setup: the pack is 2 to 10 and a queen, all ten dealt, five to each player
        (rules/source/divide-and-conquer.txt, 'Setup')."""
        for seed in range(20):
            state = parlour.new_game(GAME, seed=seed)
            hands = [state.view(s).hand for s in (0, 1)]
            assert [len(h) for h in hands] == [5, 5]
            assert sorted(hands[0] + hands[1], key=value) == cards("2S 3S 4S 5S 6S 7S 8S 9S 10S QS")

    def test_deal_comes_from_the_seed(self) -> None:
        """Setup: the shuffle is chance, and all chance comes from the seed
        (rules/source/divide-and-conquer.txt, 'Setup')."""
        deals = {json.dumps(parlour.new_game(GAME, seed=seed).view(0).hand) for seed in range(30)}
        assert len(deals) > 10
        assert parlour.new_game(GAME, seed=5).view(0) == parlour.new_game(GAME, seed=5).view(0)

    def test_hands_are_open(self) -> None:
        """Game play: each player knows exactly which cards the other holds
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new()
        assert state.view(0).seats[1]["face_up"] == HIGH_HAND.split()
        assert state.view(1).seats[0]["face_up"] == LOW_HAND.split()
        assert state.view(None).seats[0]["held"] == 5

    def test_prepared_deal(self) -> None:
        """Setup: a test may name the hands instead of shuffling (our prepared-deal option)."""
        state = new("QS 3S 5S 7S 9S", "2S 4S 6S 8S 10S")
        assert state.view(0).hand == ["3S", "5S", "7S", "9S", "QS"]
        assert parlour.replay(state.record()).view(0) == state.view(0)

    @pytest.mark.parametrize(("deal", "words"), [
        ("2S 3S", "a prepared deal is .* not str"),
        (5, "a prepared deal is .* not int"),
        ({"hands": [LOW_HAND.split()]}, "'hands' holds 2 lists of cards"),
        ({"hands": [LOW_HAND.split(), HIGH_HAND.split()], "dealer": 0}, "it has no 'dealer'"),
        ({"hands": ["2S 3S 4S 5S 6S", HIGH_HAND.split()]}, "seat 0's hand is a list of cards"),
        ({"hands": [LOW_HAND.split()[:4], HIGH_HAND.split()]}, "seat 0 must hold 5 cards, not 4"),
        ({"hands": [cards("2S 3S 4S 5S KS"), HIGH_HAND.split()]}, "'KS' is not a card of the divide-and-conquer-10"),
        ({"hands": [cards("2S 3S 4S 5S 5S"), HIGH_HAND.split()]}, "seat 0's hand names a card twice"),
        ({"hands": [cards("2S 3S 4S 5S 7S"), HIGH_HAND.split()]}, "seat 1's hand names a card twice"),
        ({"hands": [LOW_HAND.split(), cards("7S 8S 9S 10S XX")]}, "seat 1's hand: .*XX"),
        ([{"hands": [LOW_HAND.split(), HIGH_HAND.split()]}] * 2, "deal 2 of the list: .* no prepared deal"),
    ])
    def test_bad_prepared_deal_refused(self, deal: Any, words: str) -> None:
        """Setup: a prepared deal is refused before play unless it splits the pack evenly; it is the game's
        only deal, so a list holds no second one."""
        with pytest.raises(DealError, match=words):
            parlour.new_game(GAME, seed=1, deal=deal)


class TestPlay:
    @pytest.mark.parametrize(("a", "b", "winner"), [
        (9, 5, 0), (5, 9, 1), (12, 6, 1), (9, 3, 1), (10, 9, 1), (9, 10, 0), (2, 3, 0), (10, 2, 1),
        (12, 10, 0), (7, 3, 0), (18, 9, 1), (15, 14, 1), (16, 7, 0),
    ])
    def test_match_winner(self, a: int, b: int, winner: int) -> None:
        """Game play: the rule deciding a match, on values alone
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        assert match_winner(a, b) == winner

    def test_both_lay_at_once(self) -> None:
        """Game play: both players lay a card each match, in either order
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new()
        assert state.to_move == (0, 1)
        state.apply(1, "lay 7S")
        assert list(state.to_move) == [0]
        state.apply(0, "lay 2S")
        assert state.to_move == (0, 1)
        assert state.view(None).table["matches"] == [{"half": 1, "match": 1, "cards": ["2S", "7S"], "winner": 1}]

    def test_higher_card_wins_otherwise(self) -> None:
        """Game play: without an exception the bigger card takes the match, 9 over 5
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new("5S 2S 3S 4S 6S", "9S 7S 8S 10S QS")
        assert match(state, "5S", "9S") == 1
        assert match(state, "3S", "7S") == 1

    def test_divisor_wins(self) -> None:
        """Game play: a smaller card that divides the bigger one exactly wins: 6 beats the queen, 3 beats 9
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new("6S 3S 2S 4S 5S", "QS 9S 7S 8S 10S")
        assert match(state, "6S", "QS") == 0
        assert match(state, "3S", "9S") == 0
        assert match(state, "5S", "10S") == 0
        assert "divides" in state.view(None).log[-1]

    def test_one_below_wins(self) -> None:
        """Game play: a card just one lower than the other wins: 9 beats 10
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new("9S 7S 2S 4S 5S", "10S 8S 3S 6S QS")
        assert match(state, "9S", "10S") == 0
        assert match(state, "7S", "8S") == 0
        assert match(state, "2S", "3S") == 0
        assert "one below" in state.view(None).log[-1]

    def test_queen_counts_twelve(self) -> None:
        """Game play: the queen is twelve, so 4 divides it, yet it beats 10 and 5
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new("4S 10S 5S 2S 3S", "QS 6S 7S 8S 9S")
        assert match(state, "4S", "QS") == 0
        state = new("10S 2S 3S 4S 5S", "QS 6S 7S 8S 9S")
        assert match(state, "10S", "QS") == 1
        state = new("5S 2S 3S 4S 10S", "QS 6S 7S 8S 9S")
        assert match(state, "5S", "QS") == 1

    def test_hands_swapped_after_first_half(self) -> None:
        """Game play: after five matches each player takes up the cards the other was dealt
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new()
        play_out(state, "2S 8S,3S 9S,4S QS,6S 7S,5S 10S")
        assert state.hand_number == 2
        assert state.view(0).hand == HIGH_HAND.split()
        assert state.view(1).hand == LOW_HAND.split()
        assert state.to_move == (0, 1)
        assert state.hand_results[0].changes == (5, 0)
        assert "exchanged" in state.view(None).log[-1]

    def test_lay_twice_refused(self) -> None:
        """Game play: one card from each player per match; a second is refused, changing nothing
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new()
        state.apply(0, "lay 2S")
        before = observed(state)
        with pytest.raises(OutOfTurn) as refused:
            state.apply(0, "lay 3S")
        assert refused.value.rule == "one card per match"
        assert "2S" not in str(refused.value)
        assert observed(state) == before
        assert state.legal_actions(0) == []

    def test_card_not_held_refused(self) -> None:
        """Game play: a player lays a card from their own hand; the opponent's cards are refused
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new()
        before = observed(state)
        for text in ("lay QS", "lay KS", "lay 4H"):
            with pytest.raises(IllegalAction) as refused:
                state.apply(0, text)
            assert refused.value.rule == "lay a card you hold"
            assert observed(state) == before
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, Pass())
        assert refused.value.rule == "lay a card"
        assert observed(state) == before

    def test_out_of_turn_refused(self) -> None:
        """Game play: only the two seats play, and nothing is laid once the game is over."""
        state = new()
        with pytest.raises(IllegalAction) as refused:
            state.apply(2, "lay 7S")
        assert refused.value.rule == "seats"
        play_out(state, "2S 8S,3S 9S,4S QS,6S 7S,5S 10S,7S 2S,8S 3S,9S 4S,10S 6S,QS 5S")
        before = observed(state)
        with pytest.raises(GameOver):
            state.apply(0, "lay 7S")
        assert observed(state) == before

    @pytest.mark.parametrize("text", ["lay", "lay XX", "play 2S", "lay 2S 3S", ""])
    def test_malformed_notation_refused(self, text: str) -> None:
        """Bad input: text that is not an action raises NotationError and changes nothing."""
        state = new()
        before = observed(state)
        with pytest.raises(NotationError):
            state.apply(0, text)
        assert observed(state) == before


class TestScoring:
    def test_score_is_matches_won(self) -> None:
        """Object: each match taken counts one (rules/source/divide-and-conquer.txt, 'Object')."""
        state = new()
        match(state, "2S", "8S")
        match(state, "3S", "7S")
        assert state.scores() == [1, 1]
        assert state.view(0).seats[0]["tricks"] == 1

    def test_majority_wins(self) -> None:
        """Game play: whoever takes more of the ten matches wins the game
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new()
        play_out(state, "2S 8S,3S 9S,4S QS,6S 7S,5S 10S,7S 2S,8S 4S,9S 3S,10S 5S,QS 6S")
        assert state.is_over and state.to_move == ()
        assert state.scores() == [6, 4]
        assert [h.changes for h in state.hand_results] == [(5, 0), (1, 4)]
        result = state.result()
        assert result.winners == (0,) and result.places == (1, 2)
        assert result.text == "seat 0 wins the majority of the matches, 6 to 4"
        assert any("divides" in r.text for r in state.hand_results[1].reasons)

    def test_even_split_is_a_tie(self) -> None:
        """Game play: five matches each is a tie (rules/source/divide-and-conquer.txt, 'Game play')."""
        state = new()
        play_out(state, "2S 8S,3S 9S,4S QS,6S 7S,5S 10S,8S 2S,9S 3S,QS 4S,7S 6S,10S 5S")
        assert state.scores() == [5, 5]
        result = state.result()
        assert result.winners == (0, 1) and result.places == (1, 1)
        assert "tie" in result.text

    def test_result_only_at_the_end(self) -> None:
        """Game play: the game runs through both halves before anyone wins."""
        with pytest.raises(GameOver):
            new().result()

    def test_one_half_option(self) -> None:
        """Our option halves=1 stops after the first deal's five matches, a quick game."""
        state = new(halves=1)
        play_out(state, "2S 8S,3S 9S,4S QS,6S 7S,5S 10S")
        assert state.is_over and state.result().winners == (0,)


class TestHiddenInformation:
    def test_laid_card_hidden_from_opponent(self) -> None:
        """Game play: the card is laid face down, so the other seat cannot tell which it was
        (rules/source/divide-and-conquer.txt, 'Game play')."""
        states = [new(), new()]
        states[0].apply(0, "lay 2S")
        states[1].apply(0, "lay 5S")
        assert states[0].view(1) == states[1].view(1)
        assert states[0].view(None) == states[1].view(None)
        assert states[0].view(1).seats[0]["face_up"] == LOW_HAND.split()
        assert states[0].view(1).seats[0]["status"] == "has laid a card face down"
        assert states[0].view(0).table["your_card"] == "2S"
        assert "your_card" not in states[0].view(1).table

    def test_log_hides_laid_card(self) -> None:
        """Game play: others learn only that a card went down, until both cards are turned up."""
        state = new()
        state.apply(0, "lay 2S")
        assert state.view(1).log[-1] == "seat 0: lay a card face down"
        assert state.view(0).log[-1] == "seat 0: lay 2S"
        assert not any("2S" in line for line in state.view(1).log[1:])
        state.apply(1, "lay 8S")
        assert "seat 0 shows 2S, seat 1 shows 8S" in state.view(1).log[-1]

    def test_refusal_does_not_reveal_laid_card(self) -> None:
        """Bad input: refusing a card says the same whether the opponent laid it or still holds it."""
        state = new()
        state.apply(0, "lay 2S")
        messages = []
        for card in ("2S", "3S"):
            with pytest.raises(IllegalAction) as refused:
                state.apply(1, f"lay {card}")
            messages.append(str(refused.value).replace(card, "*"))
        assert messages[0] == messages[1]

    def test_sample_world_redeals_only_the_laid_card(self) -> None:
        """Information-set search: a sampled world keeps the seat's view and guesses the face-down card."""
        state = new()
        state.apply(0, "lay 2S")
        guesses = set()
        for seed in range(40):
            world = state.sample_world(1, random.Random(seed))
            assert world.view(1) == state.view(1)
            guesses.add(world.view(0).table["your_card"])
            world.apply(1, "lay 8S")
            assert world.view(None).table["matches"][-1]["cards"][1] == "8S"
        assert guesses == set(LOW_HAND.split())
        assert state.sample_world(0, random.Random(1)).view(1) == state.view(1)

    def test_sample_world_in_random_games(self) -> None:
        """Information-set search: sample_world(seat).view(seat) matches view(seat) at every step."""
        for seed in range(30):
            state = parlour.new_game(GAME, seed=seed, variant="long" if seed % 2 else None)
            rng = random.Random(seed)
            while not state.is_over:
                for seat in (0, 1):
                    assert state.sample_world(seat, rng).view(seat) == state.view(seat)
                seat = rng.choice(state.to_move)
                state.apply(seat, rng.choice(state.legal_actions(seat)))


class TestVariantLong:
    def test_long_pack_seven_each(self) -> None:
        """Variation: fourteen cards, black 2-10 and red 2, 4, 5, 6, 8, seven to each player
        (rules/source/divide-and-conquer.txt, 'Variation')."""
        state = parlour.new_game(GAME, seed=3, variant="long")
        hands = [state.view(s).hand for s in (0, 1)]
        assert [len(h) for h in hands] == [7, 7]
        expected = {f"{r}S" for r in range(2, 11)} | {f"{r}H" for r in (2, 4, 5, 6, 8)}
        assert set(hands[0]) | set(hands[1]) == expected

    def test_red_cards_worth_ten_more(self) -> None:
        """Variation: a red card counts ten plus its pips, so the red 2 is twelve
        (rules/source/divide-and-conquer.txt, 'Variation')."""
        state = parlour.new_game(GAME, seed=3, variant="long")
        values = state.view(0).extra["values"]
        assert [values[c] for c in ("2H", "4H", "5H", "6H", "8H")] == [12, 14, 15, 16, 18]
        assert values["10S"] == 10 and "QS" not in values

    def test_red_values_decide_matches(self) -> None:
        """Variation: the exceptions apply to the red cards' values: 6 divides red 2, 9 divides red 8
        (rules/source/divide-and-conquer.txt, 'Variation')."""
        state = new("2H 4H 8H 6H 5H 2S 3S", "6S 7S 9S 8S 10S 4S 5S", variant="long")
        assert match(state, "2H", "6S") == 1
        assert match(state, "4H", "7S") == 1
        assert match(state, "8H", "9S") == 1
        assert match(state, "6H", "8S") == 1
        assert match(state, "5H", "10S") == 0
        assert match(state, "2S", "4S") == 0
        assert match(state, "3S", "5S") == 1
        state = new("4H 2S 3S 4S 6S 7S 8S", "5H 2H 6H 8H 5S 9S 10S", variant="long")
        assert match(state, "4H", "5H") == 0

    def test_long_game_fourteen_matches(self) -> None:
        """Variation: seven matches a half, hands exchanged, fourteen in all
        (rules/source/divide-and-conquer.txt, 'Variation')."""
        first, second = "2H 4H 5H 6H 8H 2S 3S", "4S 5S 6S 7S 8S 9S 10S"
        state = new(first, second, variant="long")
        play_out(state, ",".join(f"{a} {b}" for a, b in zip(first.split(), second.split(), strict=True)))
        assert state.hand_number == 2 and state.view(0).hand == second.split()
        play_out(state, ",".join(f"{b} {a}" for a, b in zip(first.split(), second.split(), strict=True)))
        assert state.is_over and state.scores() == [7, 7] and "tie" in state.result().text

    def test_queen_not_in_long_game(self) -> None:
        """Variation: the long pack has no queen, so it cannot be laid."""
        state = parlour.new_game(GAME, seed=2, variant="long")
        with pytest.raises(IllegalAction, match="not in this game's pack"):
            state.apply(0, "lay QS")


class TestEncodingAndRecords:
    @pytest.mark.parametrize("variant", [None, "long"])
    def test_encode_decode(self, variant: str | None) -> None:
        """Actions are numbered by a fixed list of every card of either pack."""
        state = parlour.new_game(GAME, seed=4, variant=variant)
        assert state.action_space_size == len(ALL) == 15
        numbers = [state.encode(a) for a in state.legal_actions(0)]
        assert len(set(numbers)) == len(numbers)
        assert [state.decode(n) for n in numbers] == state.legal_actions(0)
        assert state.decode(state.encode(Lay(parlour.cards.Card.parse("8H")))) == Lay(parlour.cards.Card.parse("8H"))
        for bad in (-1, 15, "3", True):
            with pytest.raises(NotationError):
                state.decode(bad)  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            state.encode(Pass())

    @pytest.mark.parametrize("variant", [None, "long"])
    def test_random_playouts_replay_and_round_trip(self, variant: str | None) -> None:
        """Records rebuild the same game; views survive JSON."""
        for seed in range(40):
            state = random_playout(seed, variant)
            assert len(state.hand_results) == 2
            assert sum(state.scores()) == (14 if variant else 10)
            again = parlour.replay(json.loads(json.dumps(state.record())))
            for seat in (0, 1, None):
                assert again.view(seat) == state.view(seat)
                view = state.view(seat)
                assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view
            assert again.record() == state.record()

    def test_clone_is_independent(self) -> None:
        """Search: a clone moves on without touching the original."""
        state = new()
        state.apply(0, "lay 2S")
        before = observed(state)
        twin = state.clone()
        twin.apply(1, "lay 8S")
        play_out(twin, "3S 9S,4S QS,6S 7S,5S 10S,7S 2S")
        assert observed(state) == before


# Scripted opponents with the habits a person might fall into.
def _habit(pick: Callable[[dict[str, int], list[int]], str]) -> Callable[[View], str]:
    def choose(view: View) -> str:
        values = view.extra["values"]
        mine = {a: values[a.split()[1]] for a in view.legal_actions}
        theirs = [values[c] for c in view.seats[1 - (view.seat or 0)]["face_up"]]
        return pick(mine, theirs)
    return choose


HABITS = {
    "highest": _habit(lambda mine, theirs: max(mine, key=mine.__getitem__)),
    "lowest": _habit(lambda mine, theirs: min(mine, key=mine.__getitem__)),
    "greedy": _habit(lambda mine, theirs: max(
        mine, key=lambda a: sum(match_winner(mine[a], t) == 0 for t in theirs))),
}


class TestHeuristicBot:
    def test_chooses_legal_actions(self) -> None:
        """The bot answers from the view alone, always with a legal action."""
        for seed in range(10):
            state = parlour.new_game(GAME, seed=seed, variant="long" if seed % 2 else None)
            bots = [make_bot("heuristic", GAME, seed=seed), make_bot("heuristic", GAME, seed=seed + 1)]
            while not state.is_over:
                seat = state.to_move[-1]
                choice = bots[seat].choose(state.view(seat))
                assert choice in state.view(seat).legal_actions
                state.apply(seat, choice)

    @pytest.mark.parametrize("habit", sorted(HABITS))
    def test_beats_habitual_players(self, habit: str) -> None:
        """Against a random player no strategy gains (every pairing of cards stays equally likely), so
        the bot is measured where play matters: it should punish a predictable opponent."""
        wins = losses = 0
        for game in range(200):
            bot_seat = game % 2
            bot = make_bot("heuristic", GAME, seed=game)
            state = parlour.new_game(GAME, seed=game, variant="long" if game % 4 >= 2 else None)
            while not state.is_over:
                seat = state.to_move[0]
                view = state.view(seat)
                state.apply(seat, bot.choose(view) if seat == bot_seat else HABITS[habit](view))
            winners = state.result().winners
            if len(winners) == 1:
                wins += winners[0] == bot_seat
                losses += winners[0] != bot_seat
        assert wins > 4 * losses
