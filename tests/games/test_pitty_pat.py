"""Pitty Pat, rule by rule (rules/source/pitty-pat.txt with the Pitty Pat entry of rules/NOTES.md).

Each test sets up named cards through the prepared deal (``deal=``) rather than hunting for a seed.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from table import act, random_to_end, refused

import parlour
from parlour import GameOver, NotationError, OutOfTurn, RecordError, View
from parlour.bots import make_bot
from parlour.cards import STANDARD_52, Card
from parlour.engine import Play
from parlour.errors import DealError

GAME = "pitty-pat"
SUITS = "CDHS"
# Ranks 4 to queen, and three kings: 39 cards that nobody in the blocking deals below can match.
MIDDLE = [f"{r}{s}" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q") for s in SUITS] + ["KD", "KH", "KS"]
FIVE_UP = [f"{r}{s}" for r in ("5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in SUITS]
# Seat 0 matches the 7H, then the turned 9H and 8H, and goes out on its last card.
QUICK: dict[str, Any] = {"hands": [["7C", "8C", "8D", "9C", "9D"], ["2C", "3C", "4C", "5C", "6C"]], "upcard": "7H",
         "stock": ["9H", "8H"]}


def new(hands: list[str], upcard: str, stock: list[str] | None = None, **options: Any) -> parlour.State:
    deal: dict[str, Any] = {"hands": [h.split() for h in hands], "upcard": upcard}
    if stock is not None:
        deal["stock"] = stock
    return parlour.new_game(GAME, players=len(hands), seed=1, deal=deal, **options)


def legal(state: parlour.State) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_move[0])]


def first_legal_to_end(state: parlour.State, limit: int = 10_000) -> None:
    for _ in range(limit):
        if not state.to_move:
            return
        act(state, legal(state)[0])
    raise AssertionError("the game did not end")


def words_in(view: View) -> set[str]:
    """Every space-separated token of every string in a view, to look for card names."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            out.update(x.replace(",", " ").replace(":", " ").replace("(", " ").split())
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(view.to_dict())
    return out


class TestDeal:
    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_five_cards_each_and_the_upcard_starts_the_pile(self, players: int) -> None:
        """Setup: five cards to each player, the stub is the stock and its top card turned up starts the
        discard pile (rules/source/pitty-pat.txt, 'Setup')."""
        state = parlour.new_game(GAME, players=players, seed=11)
        spectator = state.view(None)
        assert [s["held"] for s in spectator.seats] == [5] * players
        assert spectator.table["stock"] == 52 - 5 * players - 1
        assert spectator.table["discard"] == [spectator.table["upcard"]]
        cards = [c for s in range(players) for c in state.view(s).hand] + spectator.table["discard"]
        assert len(set(cards)) == 5 * players + 1

    @pytest.mark.parametrize("players", [1, 6])
    def test_two_to_five_players(self, players: int) -> None:
        """Two to five players, no more and no fewer (rules/source/pitty-pat.txt, opening paragraph)."""
        with pytest.raises(ValueError, match="2 to 5 players"):
            parlour.new_game(GAME, players=players)

    def test_player_at_dealers_left_goes_first(self) -> None:
        """The dealer's left-hand neighbour plays first; our first dealer is the last seat
        (rules/source/pitty-pat.txt, 'Game play'; the dealer is our choice, see the module)."""
        for players in (2, 3, 4, 5):
            state = parlour.new_game(GAME, players=players, seed=3)
            assert state.to_move == (0,)
            assert state.view(None).extra["dealer"] == players - 1
        assert parlour.game_info(GAME).players_default == 4

    def test_all_chance_comes_from_the_seed(self) -> None:
        """The shuffle is drawn from the seed, so one seed gives one deal (docs: all chance from the seed)."""
        a, b = parlour.new_game(GAME, seed=5), parlour.new_game(GAME, seed=5)
        assert [a.view(s) for s in range(4)] == [b.view(s) for s in range(4)]
        others = {tuple(parlour.new_game(GAME, seed=n).view(0).hand) for n in range(6, 12)}
        assert len(others) > 1

    def test_prepared_deal_names_hands_upcard_and_top_of_stock(self) -> None:
        """A prepared deal places the named cards; an unnamed remainder comes below the named stock."""
        state = parlour.new_game(GAME, players=2, seed=2, deal=QUICK)
        assert state.view(0).hand == ["7C", "8C", "8D", "9C", "9D"]
        assert state.view(1).hand == ["2C", "3C", "4C", "5C", "6C"]
        assert state.view(None).table["upcard"] == "7H"
        assert state.view(None).table["stock"] == 41
        act(state, "match 7C", "discard 8C", "turn")
        assert state.view(None).table["upcard"] == "9H"
        without_upcard = parlour.new_game(GAME, players=2, seed=2, deal={"hands": QUICK["hands"]})
        assert without_upcard.view(None).table["upcard"] not in QUICK["hands"][0] + QUICK["hands"][1]

    @pytest.mark.parametrize("deal, message", [
        ({"hands": [["7C", "8C", "8D", "9C", "9D"]]}, "holds 2 lists of cards"),
        ({"hands": [["7C", "8C", "8D", "9C"], ["2C", "3C", "4C", "5C", "6C"]]}, "5 cards, not 4"),
        ({"hands": QUICK["hands"], "upcard": "7C"}, "the upcard may name only cards no hand"),
        ({"hands": QUICK["hands"], "stock": ["9H", "9H"]}, "the stock may name only cards no hand .* each once"),
        ({"hands": QUICK["hands"], "bum": "7H"}, "no 'bum'"),
        ({"hands": QUICK["hands"], "upcard": "ZZ"}, "not a card"),
        ({"hands": QUICK["hands"], "upcard": "JK"}, "not a card of the standard-52 pack"),
        ({"hands": [["7C", "8C", "8D", "9C", "9D"], "2C 3C 4C 5C 6C"]}, "list of cards"),
        ("7H", "a prepared deal is"),
        ([QUICK, {"hands": []}], "deal 2 of the list: .*holds 2 lists of cards"),
    ])
    def test_prepared_deal_is_checked(self, deal: Any, message: str) -> None:
        """A malformed prepared deal is refused with a message that says what is wrong (docs: bad input),
        a list of deals being checked whole before play starts."""
        with pytest.raises(DealError, match=message):
            parlour.new_game(GAME, players=2, seed=1, deal=deal)


    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play, with a ``DealError``, when any deal of a list does not fit:
        a card not of the pack, a stock that is no list, no deal at all, and a stock that, without an
        upcard, leaves no card to turn up."""
        with pytest.raises(DealError, match="deal 2 of the list: the upcard: '2C#99'"):
            parlour.new_game(GAME, players=2, seed=1, deal=[QUICK, {**QUICK, "upcard": "2C#99"}])
        held = {card for hand in QUICK["hands"] for card in hand}
        every_other = [str(card) for card in STANDARD_52.cards if str(card) not in held]
        for bad in (5, "xyz", {**QUICK, "stock": 5}, {"hands": QUICK["hands"], "stock": every_other}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=2, seed=1, deal=bad)

class TestPlay:
    def test_must_match_the_upcard(self) -> None:
        """Holding a card of the upcard's rank, you match it; you may not turn instead
        (rules/source/pitty-pat.txt, 'Game play')."""
        state = new(["7C 2D 3D 4D 5D", "KC KD KH QC QD"], "7H")
        assert legal(state) == ["match 7C"]
        assert refused(state, 0, "turn").rule == "must match the upcard"
        assert refused(state, 0, "discard 2D").rule == "must match the upcard"

    def test_any_card_of_the_upcards_rank_matches(self) -> None:
        """A match is by rank alone, so each card of that rank is a choice and no other card is
        (rules/source/pitty-pat.txt, 'Game play')."""
        state = new(["7C 7D 7S 2C 3C", "KC KD KH QC QD"], "7H")
        assert legal(state) == ["match 7C", "match 7D", "match 7S"]
        assert refused(state, 0, "match 2C").rule == "match by rank"
        assert refused(state, 0, "match 8H").rule == "play from your hand"
        act(state, "match 7S")
        assert state.view(None).table["discard"] == ["7H", "7S"]

    def test_free_discard_of_any_card_becomes_the_upcard(self) -> None:
        """After a match you discard a card of your choice, which becomes the upcard, and the turn passes
        left (rules/source/pitty-pat.txt, 'Game play'; the discard being part of the turn is our reading)."""
        state = new(["7C 8C 8D 9C 9D", "2C 3C 4C 5C 6C"], "7H")
        act(state, "match 7C")
        assert state.to_move == (0,) and state.view(0).extra["stage"] == "discard"
        assert sorted(legal(state)) == ["discard 8C", "discard 8D", "discard 9C", "discard 9D"]
        assert refused(state, 0, "turn").rule == "free discard"
        assert refused(state, 0, "match 9C").rule == "free discard"
        assert refused(state, 0, "discard 7C").rule == "play from your hand"
        act(state, "discard 9D")
        assert state.view(None).table["upcard"] == "9D"
        assert state.view(None).table["discard"] == ["7H", "7C", "9D"]
        assert state.to_move == (1,)

    def test_turn_up_a_card_when_unable_to_match(self) -> None:
        """Without a card of the upcard's rank, you turn the stock's top card up as the new upcard
        (rules/source/pitty-pat.txt, 'Game play')."""
        state = new(["2D 3D 4D 5D 6D", "KC KD KH QC QD"], "7H", ["9S", "JS"])
        assert legal(state) == ["turn"]
        assert state.view(0).extra["stage"] == "turn"
        assert refused(state, 0, "discard 2D").rule == "turn when you cannot match"
        assert refused(state, 0, "match 2D").rule == "turn when you cannot match"
        act(state, "turn")
        assert state.view(None).table["upcard"] == "9S"
        assert state.view(None).table["discard"] == ["7H", "9S"]
        assert state.view(None).table["stock"] == 40

    def test_matching_the_turned_card(self) -> None:
        """A turned card you can match is matched, followed by the free discard, as on any turn
        (rules/source/pitty-pat.txt, 'Game play')."""
        state = new(["9C 2D 3D 4D 5D", "KC KD KH QC QD"], "7H", ["9S"])
        act(state, "turn")
        assert state.to_move == (0,) and legal(state) == ["match 9C"]
        assert refused(state, 0, "turn").rule == "must match the upcard"
        act(state, "match 9C")
        assert state.view(0).extra["stage"] == "discard"
        act(state, "discard 2D")
        assert state.to_move == (1,) and state.view(None).table["upcard"] == "2D"

    def test_turn_passes_left_when_the_turned_card_does_not_match(self) -> None:
        """If the turned card does not match, the turn passes left and the next player faces it
        (rules/source/pitty-pat.txt, 'Game play')."""
        state = new(["2D 3D 4D 5D 6D", "KC KD KH QC QD", "AC AD AH AS 10C"], "7H", ["9S", "JS", "8S"])
        act(state, "turn")
        assert state.to_move == (1,) and state.view(None).table["upcard"] == "9S"
        act(state, "turn")
        assert state.to_move == (2,)
        act(state, "turn")
        assert state.to_move == (0,) and state.view(None).table["upcard"] == "8S"

    def test_going_out_wins(self) -> None:
        """The first player with no cards left wins; from five cards that is always on a match, with no
        discard owed (rules/source/pitty-pat.txt, 'Game play'; the last match is our reading)."""
        state = parlour.new_game(GAME, players=2, seed=1, deal=QUICK)
        act(state, "match 7C", "discard 8C", "turn", "match 9C", "discard 9D", "turn")
        assert legal(state) == ["match 8D"]
        act(state, "match 8D")
        assert state.is_over and state.to_move == ()
        assert state.result().winners == (0,)
        hand = state.hand_results[0]
        assert hand.changes == (1, 0) and hand.summary == "seat 0 goes out"
        assert [r.text for r in hand.reasons] == ["goes out"]
        with pytest.raises(GameOver):
            state.apply(0, "turn")

    def test_out_of_turn_is_refused(self) -> None:
        """Only the player whose turn it is may act (rules/source/pitty-pat.txt, 'Game play')."""
        state = new(["7C 2D 3D 4D 5D", "7D KD KH QC QD"], "7H")
        assert state.legal_actions(1) == []
        error = refused(state, 1, "match 7D")
        assert isinstance(error, OutOfTurn) and error.rule == "turn order"
        assert refused(state, 5, "turn").rule == "seats"

    def test_notation_and_foreign_actions(self) -> None:
        """Actions read back from their notation; other games' verbs and malformed text are refused."""
        state = new(["7C 2D 3D 4D 5D", "KC KD KH QC QD"], "7H")
        assert str(state.parse_action("match 7c")) == "match 7C"
        for text in ("turn 7H", "match", "play 7C", "", "match 7X"):
            with pytest.raises(NotationError):
                state.parse_action(text)
        assert refused(state, 0, Play(Card.parse("7C"))).rule == "actions"

    def test_action_numbers(self) -> None:
        """Matches are 0-51, discards 52-103 and the turn 104, each decoding back."""
        state = new(["7C 2D 3D 4D 5D", "KC KD KH QC QD"], "7H")
        assert state.action_space_size == 105
        assert [state.encode(state.parse_action(t)) for t in ("match 2C", "discard 2C", "turn", "discard AS")] \
            == [0, 52, 104, 103]
        for number in range(105):
            assert state.encode(state.decode(number)) == number
        for bad in (-1, 105, True, "3", 2.0):
            with pytest.raises(NotationError):
                state.decode(bad)  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            state.encode(parlour.engine.Pass())


class TestStock:
    def test_exhausted_stock_is_the_pile_turned_over_but_its_top(self) -> None:
        """An empty stock is replaced by the discard pile turned over without shuffling, its top card
        staying as the upcard (rules/NOTES.md, Pitty Pat: the stock running out)."""
        state = new(["AC AD AH AS 2C", "2D 2H 2S 3C 3D"], "KC", MIDDLE + ["3H", "3S"])
        while legal(state) == ["turn"]:
            act(state, "turn")
        assert state.to_move == (1,) and state.view(None).table["upcard"] == "3H"
        act(state, "match 3C", "discard 3D", "turn")
        assert state.view(None).table["stock"] == 0 and state.to_move == (1,)
        pile = state.view(None).table["discard"]
        assert pile == ["KC", *MIDDLE, "3H", "3C", "3D", "3S"]
        act(state, "turn")
        spectator = state.view(None)
        # The bottom card of the old pile is the new stock's top, turned up at once.
        assert spectator.table["discard"] == ["3S", "KC"]
        assert spectator.extra["known_stock"] == pile[1:-1]
        assert spectator.table["stock"] == len(pile) - 2
        assert any("turned over" in line for line in spectator.log)

    def test_blocked_when_the_reformed_stock_runs_out_without_a_match(self) -> None:
        """Our rule where the texts are silent: a re-formed stock that runs out with no match since blocks
        the deal, and the fewest cards win it (module docstring; rules/NOTES.md, Pitty Pat)."""
        state = new(["AC AD AH AS 2C", "2D 2H 2S 3C 3D"], "KC", MIDDLE + ["3H", "3S"])
        while legal(state) == ["turn"]:
            act(state, "turn")
        act(state, "match 3C", "discard 3D")
        first_legal_to_end(state)
        assert state.is_over
        hand = state.hand_results[0]
        assert hand.changes == (0, 1)
        assert hand.summary == "blocked: seat 1 holds the fewest cards (3)"
        assert [r.text for r in hand.reasons] == ["blocked, fewest cards (3)"]
        assert sum("turned over" in line for line in state.view(None).log) == 1
        assert state.result().winners == (1,)

    def test_blocked_tie_shares_the_win(self) -> None:
        """In a blocked deal every player tied on the fewest cards wins (module docstring). Here no one ever
        holds the rank turned up, and the 4S upcard comes back only to seats without a four."""
        state = new(["AC AD AH AS 2C", "2D 2H 2S 3C 3D", "3H 3S 4C 4D 4H"], "4S", FIVE_UP)
        first_legal_to_end(state)
        hand = state.hand_results[0]
        assert hand.changes == (1, 1, 1)
        assert hand.summary == "blocked: seats 0, 1 and 2 hold the fewest cards (5)"
        assert state.result().winners == (0, 1, 2)
        assert len(state.history) == 2 * 36 + 1   # two full stocks, then the turn that finds it blocked

    def test_a_match_since_reforming_lets_the_stock_be_reformed_again(self) -> None:
        """Only a re-formed stock exhausted with no match in between blocks the deal; after a match the pile
        is turned over again (module docstring; rules/NOTES.md, Pitty Pat)."""
        state = new(["AC AD AH AS 2C", "2D 3C 3D 3H 3S"], "KC", MIDDLE + ["2H", "2S"])
        first_legal_to_end(state)
        assert sum("turned over" in line for line in state.view(None).log) == 2
        assert state.hand_results[0].summary == "seat 1 goes out"


class TestScoring:
    def test_one_deal_by_default(self) -> None:
        """The book's game ends when one player goes out (rules/source/pitty-pat.txt, 'Game play')."""
        assert parlour.game_info(GAME).option("deals").default == 1
        state = parlour.new_game(GAME, players=2, seed=1, deal=QUICK)
        act(state, "match 7C", "discard 8C", "turn", "match 9C", "discard 9D", "turn", "match 8D")
        assert state.is_over and state.scores() == [1, 0] and len(state.hand_results) == 1

    def test_several_deals_score_a_point_per_deal_won(self) -> None:
        """Option ``deals``: the deal passes left, each deal's winner scores a point, most points win and a
        tie shares (module docstring)."""
        mirror = {"hands": QUICK["hands"][::-1], "upcard": "7H", "stock": ["9H", "8H"]}
        state = parlour.new_game(GAME, players=2, seed=1, deals=2, deal=[QUICK, mirror])
        act(state, "match 7C", "discard 8C", "turn", "match 9C", "discard 9D", "turn", "match 8D")
        assert not state.is_over and state.hand_number == 2 and state.scores() == [1, 0]
        assert state.view(None).extra["dealer"] == 0 and state.to_move == (1,)
        assert [s["held"] for s in state.view(None).seats] == [5, 5]
        act(state, "match 7C", "discard 8C", "turn", "match 9C", "discard 9D", "turn", "match 8D")
        assert state.is_over and state.scores() == [1, 1]
        assert [h.changes for h in state.hand_results] == [(1, 0), (0, 1)]
        assert state.result().winners == (0, 1)

    def test_deal_rotates_left_over_many_deals(self) -> None:
        """Each new deal is dealt by the previous dealer's left-hand neighbour (module docstring)."""
        state = parlour.new_game(GAME, players=3, seed=8, deals=5)
        rng = random.Random(8)
        dealers: list[int] = []
        while state.to_move:
            if state.hand_number > len(dealers):
                dealers.append(state.view(None).extra["dealer"])
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert dealers == [2, 0, 1, 2, 0]
        assert sum(state.scores()) >= 5 and len(state.hand_results) == 5
        assert state.result().winners == tuple(s for s in range(3) if state.scores()[s] == max(state.scores()))

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_random_games_finish_and_replay(self, players: int) -> None:
        """Every game ends (by going out or blocking) and its record rebuilds it exactly."""
        for seed in range(40):
            state = parlour.new_game(GAME, players=players, seed=seed, deals=2)
            random_to_end(state, random.Random(seed))
            assert state.is_over and len(state.hand_results) == 2
            again = parlour.replay(json.loads(json.dumps(state.record())))
            assert again.view(None) == state.view(None) and again.record() == state.record()
        bad = state.record()
        bad["actions"][0][1] = "match AS" if bad["actions"][0][1] != "match AS" else "discard AS"
        with pytest.raises(RecordError):
            parlour.replay(bad)

    def test_clones_are_independent(self) -> None:
        state = parlour.new_game(GAME, players=3, seed=4)
        twin = state.clone()
        before = state.view(None)
        random_to_end(twin, random.Random(1))
        assert state.view(None) == before and twin.is_over


class TestHiddenInformation:
    def test_views_show_only_your_own_hand(self) -> None:
        """Other hands and the stock are hidden; the pile and turned cards are public (docs: views)."""
        state = new(["9C 2D 3D 4D 5D", "KC KD KH QC QD"], "7H", ["9S", "JS"])
        act(state, "turn", "match 9C", "discard 2D")
        hidden_from_1 = {"3D", "4D", "5D", "JS"}
        assert not words_in(state.view(1)) & hidden_from_1
        assert not words_in(state.view(None)) & (hidden_from_1 | {"KC", "KD", "KH", "QC", "QD"})
        assert {"9S", "9C", "2D"} <= words_in(state.view(1))
        assert state.view(1).seats[0]["held"] == 3

    def test_others_cannot_tell_whether_the_player_to_move_can_match(self) -> None:
        """Until the player acts, nothing shows whether they hold the upcard's rank (docs: no leaks)."""
        can = new(["7C 2D 3D 4D 5D", "KC KD KH QC QD"], "7H", ["JS"])
        cannot = new(["6C 2D 3D 4D 5D", "KC KD KH QC QD"], "7H", ["10S"])
        assert can.view(0).extra["stage"] == "match" and cannot.view(0).extra["stage"] == "turn"
        assert can.view(1) == cannot.view(1) and can.view(None) == cannot.view(None)
        assert can.view(1).extra["stage"] == "play"

    def test_refusals_name_only_your_own_cards(self) -> None:
        """Errors speak of the actor's own hand and public cards, never of the stock (docs: no leaks)."""
        state = new(["2D 3D 4D 5D 6D", "KC KD KH QC QD"], "7H", ["9S"])
        for action in ("match 9S", "match KC", "discard 9S", "match 2D", "discard 3D", "turn"):
            message = str(refused(state, 1, action)) + str(refused(state, 0, action) if action != "turn" else "")
            named = set(action.split()[1:])
            assert set(re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b", message)) <= named | {"7H"}
            assert "stock" not in message

    def test_failing_to_match_shows_you_lack_the_rank(self) -> None:
        """A player who turns holds no card of the upcard's rank, nor of a turned card they then cannot
        match; hands never grow, so sampled worlds keep it (docs: sample_world)."""
        state = new(["2D 3D 4D 5D 6D", "KC KD KH QC QD", "AC AD AH AS 10C"], "7H", ["9S"])
        act(state, "turn")
        assert state.view(1).extra["ranks_known_lacking"][0] == ["7", "9"]
        rng = random.Random(3)
        for _ in range(200):
            world = state.sample_world(1, rng)
            assert world.view(1) == state.view(1)
            assert not {c[:-1] for c in world.view(0).hand} & {"7", "9"}

    def test_kept_on_move_after_turning_shows_you_hold_the_rank(self) -> None:
        """A player still to move after turning can match that card, and every sampled world agrees."""
        state = new(["9C 2D 3D 4D 5D", "KC KD KH QC QD", "AC AD AH AS 10C"], "7H", ["9S"])
        act(state, "turn")
        assert state.view(1).extra["stage"] == "match"
        rng = random.Random(5)
        for _ in range(200):
            world = state.sample_world(2, rng)
            assert world.view(2) == state.view(2)
            assert world.legal_actions(0)[0].verb == "match"

    def test_a_reformed_stock_is_known_to_everyone(self) -> None:
        """The pile was public and is turned over unshuffled, so sampled worlds keep the new stock's order
        (rules/NOTES.md, Pitty Pat; docs: sample_world)."""
        state = new(["AC AD AH AS 2C", "2D 2H 2S 3C 3D"], "KC", MIDDLE + ["3H", "3S"])
        while legal(state) == ["turn"]:
            act(state, "turn")
        act(state, "match 3C", "discard 3D", "turn", "turn", "turn")
        rng = random.Random(2)
        for _ in range(20):
            world = state.sample_world(0, rng)
            assert world.view(0) == state.view(0)
            twin = state.clone()
            act(world, "turn")
            act(twin, "turn")
            assert world.view(None).table["upcard"] == twin.view(None).table["upcard"]

    def test_sampled_worlds_match_the_view_in_random_play(self) -> None:
        """``sample_world(seat).view(seat) == view(seat)`` throughout random games, and views survive JSON."""
        for seed in range(30):
            state = parlour.new_game(GAME, players=2 + seed % 4, seed=seed)
            rng = random.Random(seed)
            while state.to_move:
                for seat in range(state.players):
                    view = state.view(seat)
                    assert state.sample_world(seat, rng).view(seat) == view
                    assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view
                seat = state.to_move[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))


class TestHeuristic:
    def test_heuristic_plays_legally_and_beats_random(self) -> None:
        """Over 300 seeded two-player games, seats alternating, the heuristic wins more than random play."""
        wins = {"heuristic": 0, "random": 0}
        for seed in range(300):
            heuristic_seat = seed % 2
            bots = [make_bot("random", GAME, seed=seed), make_bot("random", GAME, seed=seed + 1)]
            bots[heuristic_seat] = make_bot("heuristic", GAME, seed=seed)
            state = parlour.new_game(GAME, players=2, seed=seed)
            while state.to_move:
                seat = state.to_move[0]
                view = state.view(seat)
                choice = bots[seat].choose(view)
                assert choice in view.legal_actions
                state.apply(seat, choice)
            winners = state.result().winners
            wins["heuristic"] += heuristic_seat in winners
            wins["random"] += (1 - heuristic_seat) in winners
        assert wins["heuristic"] > wins["random"]

    def test_heuristic_discards_the_rank_least_likely_to_be_matched(self) -> None:
        """Three sevens are in sight (two on the pile, one in hand), so the last seven is the card least
        likely to be matched by anyone: the heuristic throws it and keeps the eights and the nine."""
        state = new(["7C 7D 8C 8D 9C", "2C 3C 4C 5C 6C"], "7H")
        act(state, "match 7C")
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(0)) == "discard 7D"
