"""Out of turn: claim windows and races (``parlour.engine.claims``), and every driver letting any seat in
``to_move`` act, the quickest bot first. Two test-only games show them: Marked (a holder of a marked card
may claim at any moment; two claims at once go by the book's priority; no one can tell who holds what)
and Slap (several seats race, the first to act wins the round)."""

from __future__ import annotations

import io
import random
import sys
import time
import warnings
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console

from parlour.bots import WorldSampler, heuristic, make_bot, sampler_for
from parlour.bots.base import DEFAULT_REACTION, LEVELS, Reaction, first_to_act, reaction_time
from parlour.bots.ismcts import IsmctsBot, acting
from parlour.cards import Card, Pack
from parlour.engine import (
    Action,
    ActionTable,
    GameInfo,
    HandResult,
    IllegalAction,
    OptionSpec,
    Pass,
    State,
    Unknown,
    View,
    registry,
    seat_entry,
)
from parlour.engine.claims import NO_CLAIM, Claim, ClaimWindow, RaceWon, forget_answers
from parlour.engine.deals import DealShape
from parlour.errors import OutOfTurn
from parlour.sim.tournament import run_tournament

PASS = Pass()
MARKED = (Card.parse("QS"), Card.parse("QH"))   # the cards that may be claimed out of turn
PLAIN = Card.parse("2C")
PACK = (PLAIN, *MARKED)
# A prepared deal may give a second plain card, so that two seats hold nothing to claim.
DEAL_PACK = Pack("marked-4", [*PACK, Card.parse("2D")])


# --- Marked: claims any seat may make -------------------------------------------------------------------
class Marked(State):
    """Three seats hold one card each (``deal={"hands": [[c], [c], [c]]}`` or the seed's), two of them
    marked. In turn each seat passes; after every pass a claim window opens to all three seats, in
    priority from the seat after the one who passed, and whoever holds a marked card may claim with it:
    the first claimant in priority lays it face up and scores a point. The game ends when both marked
    cards are down or after ``turns`` passes. No seat's view shows how many cards another holds, so that
    holding a marked card shows only in the holder's own legal list."""

    info = GameInfo(id="marked", name="Marked", family=("test",), min_players=3, max_players=3, pack="none",
                    rules_source=(), summary="", num_distinct_actions=4,
                    options=(OptionSpec("turns", 6, "passes before the game ends", int, minimum=1),))
    ACTION_KINDS = (Pass, Claim, type(NO_CLAIM))
    ACTIONS = ActionTable([PASS, NO_CLAIM, *(Claim(card) for card in MARKED)])
    MUTABLE = ("hands", "won")

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(DEAL_PACK, '{"hands": [[a card], [a card], [a card]]}', sizes=(1, 1, 1))

    def _setup(self) -> None:
        prepared = self._prepared_now()
        if prepared is not None:
            self.hands = [{DEAL_PACK.cards[card] for card in hand} for hand in prepared.hands]
        else:
            self.hands = [{PACK[i]} for i in self._shuffled("deal", 3)]
        self.won = [0, 0, 0]
        self.down: tuple[Card, ...] = ()
        self.turns = 0
        self.mover = 0
        self.window: ClaimWindow | None = None
        self.to_move = (0,)

    def _legal(self, seat: int) -> list[Action]:
        if self.window is None:
            return [PASS]
        return [NO_CLAIM, *(Claim(card) for card in MARKED if card in self.hands[seat])]

    def _check(self, seat: int, action: Action) -> None:
        if self.window is not None:
            self.window.check(seat)
        if action not in self._legal(seat):
            rule = "claim a marked card you hold" if type(action) is Claim else "answer the claim or pass"
            raise IllegalAction(f"{action} is not allowed now", rule=rule)

    def _do(self, seat: int, action: Action) -> None:
        if self.window is None:
            self.turns += 1
            self.window = ClaimWindow.offer(self.seating.order_from(self.seating.next(seat)))
        else:
            self.window = self.window.answered(seat, self._moves_made() - 1, action)
            if self.window.closed:
                self._resolve(self.window)
                return
        self.to_move = self.window.waiting

    def _resolve(self, window: ClaimWindow) -> None:
        won = window.winner()
        self.window = None
        if won is None:
            self._say("no one claims")
        else:
            seat, claim = won
            card: Card = claim.card  # type: ignore[attr-defined]
            self.hands[seat] = self.hands[seat] - {card}
            self.down = (*self.down, card)
            self.won[seat] += 1
            self._say("seat {} claims with {}", seat, card)
        if len(self.down) == len(MARKED) or self.turns >= self.options["turns"]:
            self._finish_hand(HandResult(1, tuple(self.won)))
            self.to_move = ()
            return
        self.mover = self.seating.next(self.mover)
        self.to_move = (self.mover,)

    def scores(self) -> list[int]:
        return list(self.won)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "claim" if self.window else "turn", "hand": [] if seat is None else sorted(
            map(str, self.hands[seat])), "seats": [seat_entry(s) for s in range(3)],
            "table": {"down": [str(card) for card in self.down]}}

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(0)
        for other in range(3):
            if other != seat:
                unknown.hide(other, sum(1 << PACK.index(card) for card in self.hands[other]))
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for other, cards in deal.items():
            assert isinstance(other, int)
            self.hands[other] = {PACK[i] for i in cards}
        self.window = forget_answers(self, self.window)


def marked(hands: tuple[str, str, str], **options: Any) -> Marked:
    return Marked(players=3, variant=None, seed=0, options={"deal": {"hands": [[c] for c in hands]}, "turns": 6,
                                                            **options})


class TestClaims:
    def test_a_holder_may_claim_at_any_moment_and_others_only_decline(self) -> None:
        """After any pass every seat is offered the window; the holder's list alone has its claim."""
        state = marked(("2C", "QH", "QS"))
        state.apply(0, "pass")
        assert state.to_move == (1, 2, 0)
        assert [str(a) for a in state.legal_actions(0)] == ["decline"]
        assert [str(a) for a in state.legal_actions(1)] == ["decline", "claim QH"]
        state.apply(1, "claim QH")
        state.apply(0, "decline")
        state.apply(2, "decline")
        assert state.scores() == [0, 1, 0] and state.down == (Card.parse("QH"),)
        assert state.view(None).log[-1] == "seat 1 claims with QH"

    def test_two_claims_at_once_go_by_priority_not_by_who_answered_first(self) -> None:
        """Seat 0 passes, so priority runs 1, 2, 0: seat 2 claims first in time, seat 1 still wins."""
        state = marked(("2C", "QH", "QS"))
        state.apply(0, "pass")
        state.apply(2, "claim QS")
        state.apply(1, "claim QH")
        state.apply(0, "decline")
        assert state.scores() == [0, 1, 0] and state.hands[2] == {Card.parse("QS")}

    def test_priority_follows_the_seat_that_passed(self) -> None:
        """When seat 1 passes, priority runs 2, 0, 1, and seat 2's claim beats seat 1's."""
        state = marked(("2C", "QH", "QS"))
        for seat in (0, 1, 2, 0):
            state.apply(seat, "decline" if state.window else "pass")
        state.apply(1, "pass")
        assert state.window is not None and state.window.order == (2, 0, 1)
        for seat, answer in ((1, "claim QH"), (2, "claim QS"), (0, "decline")):
            state.apply(seat, answer)
        assert state.scores() == [0, 0, 1]

    def test_a_seat_answers_a_window_once(self) -> None:
        """A seat that has answered leaves ``to_move``: a second answer is refused and changes nothing; a
        claim with a card the seat does not hold is refused naming the rule."""
        state = marked(("2C", "QH", "QS"))
        state.apply(0, "pass")
        state.apply(0, "decline")
        before = state.view(0)
        with pytest.raises(OutOfTurn):
            state.apply(0, "decline")
        assert state.view(0) == before
        with pytest.raises(IllegalAction) as refused:
            state.apply(2, "claim QH")
        assert refused.value.rule == "claim a marked card you hold"

    def test_a_claim_reads_as_an_answer_to_the_others(self) -> None:
        """Until the window closes, a claim and a decline read alike in everyone else's log."""
        state = marked(("2C", "QH", "QS"))
        state.apply(0, "pass")
        state.apply(1, "claim QH")
        assert state.view(0).log[-1] == "seat 1: answers" and state.view(1).log[-1] == "seat 1: claim QH"

    @pytest.mark.parametrize("observer", [0, 1, 2])
    def test_twins_differing_in_the_holder_look_the_same_to_everyone_else(self, observer: int) -> None:
        """Twin states that differ only in which of the other two seats holds the queen of spades give the
        observer identical views, legal lists and ``to_move`` at every step of a window in which the holder
        claims, in any order of answers, until the window closes and the claim is told."""
        others = [s for s in range(3) if s != observer]
        for order in ([0, 1, 2], [2, 1, 0], [1, 0, 2]):
            twins = []
            for holder in others:
                hands = ["QH", "QH", "QH"]
                hands[holder], hands[next(s for s in others if s != holder)] = "QS", "2C"
                twins.append((holder, marked((hands[0], hands[1], hands[2]))))
            for _, state in twins:
                state.apply(0, "pass")
            for seat in order:
                assert twins[0][1].view(observer) == twins[1][1].view(observer)
                assert twins[0][1].to_move == twins[1][1].to_move
                for holder, state in twins:
                    state.apply(seat, "claim QS" if seat == holder else "decline")
            assert twins[0][1].view(observer).log[-1] != twins[1][1].view(observer).log[-1]

    def test_a_sampled_world_forgets_the_other_seats_answers(self) -> None:
        """Mid-window, a world for seat 0 holds no claim of another seat, and looks the same to seat 0."""
        state = marked(("2C", "QH", "QS"))
        state.apply(0, "pass")
        state.apply(1, "claim QH")
        for k in range(20):
            world = state.sample_world(0, random.Random(k))
            assert isinstance(world, Marked)
            assert world.view(0) == state.view(0)
            assert all(type(action) is not Claim for _, action in world.history)
            assert world.window is not None and world.window.claims() == []
            while not world.is_over:       # and it plays on to the end
                seat = world.to_move[-1]
                world.apply(seat, world.legal_actions(seat)[-1])

    def test_a_window_is_offered_to_distinct_seats_and_resolved_only_when_closed(self) -> None:
        """A window's order names each seat once; asking for its winner early is an error."""
        with pytest.raises(ValueError, match="distinct seats"):
            ClaimWindow.offer([1, 1, 2])
        window = ClaimWindow.offer([1, 2]).answered(2, 0, Claim(MARKED[0]))
        with pytest.raises(ValueError, match="every seat"):
            window.winner()
        assert window.answered(1, 1, NO_CLAIM).winner() == (2, Claim(MARKED[0]))

    def test_ismcts_answers_a_window_by_its_habits_without_searching(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A window is answered by the game's habits and never searched: a seat without a claim answers at
        once, so a search made only by a holder would take time that tells the table who holds the card.
        With a habit that claims, the bot takes its free point, and whole games of windows end."""
        def claim_when_able(position: Any, seat: int, rng: random.Random) -> Action:
            return next((a for a in position.legal_actions(seat) if type(a) is Claim), NO_CLAIM)

        monkeypatch.setitem(heuristic._HABITS, "marked", claim_when_able)
        state = marked(("2C", "QH", "QS"))
        state.apply(0, "pass")
        bot = IsmctsBot("marked", seed=1)
        bot.last_iterations = -1
        assert bot.choose(state.view(1), sampler_for(state, 1)) == "claim QH"
        assert bot.last_iterations == 0
        while not state.is_over:
            seat = state.to_move[-1]
            state.apply(seat, bot.choose(state.view(seat), sampler_for(state, seat)))
        assert sum(state.scores()) == 2


# --- Slap: races --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SlapAction(Action):
    verb: ClassVar[str] = "slap"


@dataclass(frozen=True, slots=True)
class Collect(Action):
    verb: ClassVar[str] = "collect"


SLAP, COLLECT = SlapAction(), Collect()


class Slap(State):
    """Every round all seats race to slap; the first to do so takes the round and must collect it before
    the next round opens (so a late slap finds no race to join). ``rounds`` rounds; most rounds wins."""

    info = GameInfo(id="slap", name="Slap", family=("test",), min_players=2, max_players=4, pack="none",
                    rules_source=(), summary="", num_distinct_actions=2,
                    options=(OptionSpec("rounds", 10, "rounds raced", int, minimum=1),))
    ACTION_KINDS = (SlapAction, Collect)
    ACTIONS = ActionTable([SLAP, COLLECT])
    MUTABLE = ("won",)

    def _setup(self) -> None:
        self.won = [0] * self.players
        self.race_won: RaceWon | None = None
        self.collecting = False
        self.to_move = tuple(range(self.players))

    def _legal(self, seat: int) -> list[Action]:
        return [COLLECT] if self.collecting else [SLAP]

    def _do(self, seat: int, action: Action) -> None:
        if self.collecting:
            self.collecting = False
            if sum(self.won) >= self.options["rounds"]:
                self._finish_hand(HandResult(1, tuple(self.won)))
                self.to_move = ()
            else:
                self.to_move = tuple(range(self.players))
            return
        self.race_won = RaceWon.of(seat, self.to_move, action)
        self.won[seat] += 1
        self.collecting = True
        self.to_move = (seat,)

    def _out_of_turn(self, seat: object) -> OutOfTurn:
        late = self.race_won.refusal(seat) if self.race_won is not None else None
        return late or super()._out_of_turn(seat)

    def scores(self) -> list[int]:
        return list(self.won)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "collect" if self.collecting else "race",
                "seats": [seat_entry(s) for s in range(self.players)], "table": {}}

    def _unknown(self, seat: int) -> Unknown:
        return Unknown(0)

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        pass



@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two test games known to ``new_game`` for this test only (tournaments, the server, the terminal)."""
    monkeypatch.setitem(registry._GAMES, "slap", (Slap.info, Slap))
    monkeypatch.setitem(registry._GAMES, "marked", (Marked.info, Marked))


def slap(players: int = 2, rounds: int = 10) -> Slap:
    return Slap(players=players, variant=None, seed=0, options={"rounds": rounds})


class Silent:
    """A bot that does not say how quickly it acts."""

    name = "silent"

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        return view.legal_actions[0]


def race_wins(records: Any) -> list[int]:
    """Rounds won by seat, over every game."""
    return [sum(record.scores[seat] for record in records) for seat in range(len(records[0].scores))]


class TestRaces:
    def test_the_first_to_act_wins_and_a_late_rival_is_told_who_was_first(self) -> None:
        """Either seat may slap; once one has, the other's slap is refused naming the winner, unchanged."""
        state = slap()
        assert state.to_move == (0, 1)
        state.apply(1, "slap")
        before = state.view(0)
        with pytest.raises(OutOfTurn, match=r"too late: seat 1 was first \(slap\)") as refused:
            state.apply(0, "slap")
        assert refused.value.rule == "first to act" and state.view(0) == before and state.scores() == [0, 1]

    def test_a_seat_outside_the_race_hears_the_usual_refusal(self) -> None:
        """``RaceWon.refusal`` speaks only to the racers it beat."""
        won = RaceWon.of(1, (1, 2), SLAP)
        assert won.refusal(0) is None and won.refusal(1) is None
        assert str(won.refusal(2)) == "too late: seat 1 was first (slap)"

    def test_reaction_times_follow_the_level_and_ties_fall_to_chance(self) -> None:
        """An easy bot is slower than a hard one; the default is a second; equal times are drawn at random,
        so over many ties each seat goes first about as often."""
        rng = random.Random(3)
        view = slap().view(0)
        hard, easy = make_bot("heuristic:hard", "slap"), make_bot("heuristic:easy", "slap")
        assert max(reaction_time(hard, view, rng) for _ in range(50)) < min(
            reaction_time(easy, view, rng) for _ in range(50))
        assert make_bot("heuristic", "slap").reaction == DEFAULT_REACTION == LEVELS["normal"]   # type: ignore[attr-defined]
        assert 0.5 <= reaction_time(Silent(), view, rng) <= 1.5    # a bot that does not say: the default
        firsts = [first_to_act({0: 1.0, 1: 1.0, 2: 2.0}, rng) for _ in range(400)]
        assert set(firsts) == {0, 1} and 150 < firsts.count(0) < 250
        with pytest.raises(ValueError, match="heuristic takes a level"):
            make_bot("heuristic:fast", "slap")
        with pytest.raises(ValueError, match="positive number of seconds"):
            Reaction(0.0)

    def test_a_searching_bot_given_more_thought_reacts_faster(self) -> None:
        """IS-MCTS's reaction time follows its budget: ismcts:2400 is about twice as quick as ismcts:150."""
        view = slap().view(0)
        quick = [reaction_time(make_bot("ismcts:2400", "slap"), view, random.Random(k)) for k in range(20)]
        slow = [reaction_time(make_bot("ismcts:150", "slap"), view, random.Random(k)) for k in range(20)]
        assert all(3.9 < s / q < 4.1 for q, s in zip(quick, slow, strict=True))

    def test_the_search_draws_who_acts_first_and_spends_no_chance_on_a_single_seat(self) -> None:
        """In IS-MCTS's tree and playouts any racer may get in first; one seat to move draws nothing, so a
        turn game's search is what it was."""
        rng = random.Random(1)
        assert {acting((0, 1, 2), rng) for _ in range(100)} == {0, 1, 2}
        before = rng.getstate()
        assert acting((2,), rng) == 2 and rng.getstate() == before

    def test_in_a_tournament_the_fast_bot_wins_the_races(self, registered: None) -> None:
        """At equal skill (the same heuristic), the hard bot reacts first and takes every round."""
        result = run_tournament("slap", ["heuristic:hard", "heuristic:easy"], games=6, seed=1)
        assert result.summary("heuristic:hard").win_rate == 1.0
        assert result.summary("heuristic:hard").mean_score == 10 and result.summary("heuristic:easy").mean_score == 0

    def test_with_equal_speed_the_seats_share_the_races(self, registered: None) -> None:
        """Equally quick bots split the races with no seat-order bias: over 400 seeded races, each seat of
        two, and each of four, wins close to its share (to_move[0] acting would give seat 0 them all)."""
        two = race_wins(run_tournament("slap", ["heuristic", "heuristic"], games=40, seed=2).records)
        assert sum(two) == 400 and all(160 < wins < 240 for wins in two)
        four = race_wins(run_tournament("slap", ["random"] * 4, games=40, seed=3, players=4).records)
        assert sum(four) == 400 and all(70 < wins < 130 for wins in four)

    def test_a_tournament_with_races_replays_from_its_seed(self, registered: None) -> None:
        """Reaction times come from the game's seeded chance: the same seed gives the same games."""
        first = run_tournament("slap", ["heuristic", "random"], games=4, seed=5)
        assert first.records == run_tournament("slap", ["heuristic", "random"], games=4, seed=5).records

    def test_ismcts_plays_races_and_claims_in_a_tournament(self, registered: None) -> None:
        """The search acts for whichever seat gets in first, in its tree and its playouts, to the end."""
        for game in ("slap", "marked"):
            seats = ["ismcts:30", "random"] + (["random"] if game == "marked" else [])
            result = run_tournament(game, seats, games=len(seats), seed=4)
            assert len(result.records) == len(seats)
        search = IsmctsBot("slap", seed=2)
        state = slap(players=3, rounds=2)
        assert search.choose(state.view(2), sampler_for(state, 2)) == "slap"


# --- the terminal and the server ------------------------------------------------------------------------
class Clock:
    """A clock for the terminal session that moves on ``step`` seconds each time a person answers."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step / 2
        return self.now


def terminal(lines: list[str], step: float) -> tuple[Slap, str]:
    from parlour.cli.play import Session
    from parlour.cli.ui import Ui

    console = Console(file=io.StringIO(), width=120)
    fed: Iterator[str] = iter(lines)

    def read(_prompt: str) -> str:
        try:
            return next(fed)
        except StopIteration:
            raise EOFError from None

    state = Slap(players=2, variant=None, seed=9, options={"rounds": 1})
    Session(Ui(console, console, read), "slap", state, ["human", "heuristic:hard"], clock=Clock(step)).run()
    return state, console.file.getvalue()  # type: ignore[attr-defined]


def table_client(database: Path, **settings: Any) -> Any:
    """A test client of the browser table's app on an SQLite file (the test skips without the web extra);
    the web tests' helpers (``webapi``) can be imported once it exists."""
    pytest.importorskip("fastapi")
    pytest.importorskip("sqlalchemy")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*httpx2")
        from fastapi.testclient import TestClient
    from parlour.web.app import create_app
    sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))
    return TestClient(create_app(database_url=f"sqlite:///{database}", **settings))


class TestDrivers:
    def test_at_the_terminal_a_quick_person_beats_the_bot(self, registered: None) -> None:
        """The person answers within the bot's reaction time (shown in the prompt) and wins the race."""
        state, out = terminal(["slap", "collect"], step=0.0)
        assert state.scores() == [1, 0] and "(seat 1 acts in 0." in out

    def test_at_the_terminal_a_slow_person_loses_the_race(self, registered: None) -> None:
        """An answer slower than the bot's reaction comes after the bot's slap: the game refuses it."""
        state, out = terminal(["slap"], step=5.0)
        assert state.scores() == [0, 1] and "seat 1 acted first" in out and "too late: seat 1 was first" in out

    def test_at_the_terminal_a_window_with_nothing_to_claim_is_declined_for_the_person(self, registered: None) -> None:
        """The person holding no marked card is never asked about a window (bots read no clock, so the speed
        of it tells no one anything): only the passes are typed, and the game reaches its end."""
        from parlour.cli.play import Session
        from parlour.cli.ui import Ui

        console = Console(file=io.StringIO(), width=120)
        fed: Iterator[str] = iter(["pass", "pass"])

        def read(_prompt: str) -> str:
            try:
                return next(fed)
            except StopIteration:
                raise EOFError from None

        state = marked(("2C", "QH", "QS"))
        Session(Ui(console, console, read), "marked", state, ["human", "random", "random"]).run()
        assert state.is_over
        assert "seat 0: decline" in state.view(0).log

    def test_at_the_server_a_person_quicker_than_the_bot_wins_and_a_slow_one_is_told(self, registered: None,
                                                                                    tmp_path: Path) -> None:
        """At the table a bot in a race waits its reaction time: the person's slap sent at once gets in first
        (against an easy bot: a second at least). Waiting instead lets the hard bot slap (within a second and
        three quarters, with the table's pause of a second), and the person's late slap is refused naming
        it while the bot pauses to collect."""
        with table_client(tmp_path / "races.sqlite3", bot_delay=1.0) as client:
            from webapi import act, create, wait_for_turn  # type: ignore[import-not-found]

            quick = create(client, ["human", "heuristic:easy"], game="slap", options={"rounds": 1})
            start = wait_for_turn(client, quick, 0)
            assert start["view"]["to_move"] == [0, 1]
            assert act(client, quick, 0, start["version"], "slap").status_code == 200
            assert wait_for_turn(client, quick, 0)["view"]["scores"] == [1, 0]

            slow = create(client, ["human", "heuristic:hard"], game="slap", options={"rounds": 1})
            start = wait_for_turn(client, slow, 0)
            table = client.app.state.manager.get(slow["table_id"])
            deadline = time.monotonic() + 10
            while table.version == start["version"] and time.monotonic() < deadline:
                time.sleep(0.01)
            late = act(client, slow, 0, start["version"], "slap")
            assert late.status_code == 409, late.text
            assert late.json()["error"] == "InactivePlayer"
            assert late.json()["message"] == "too late: seat 1 was first (slap)"
            assert table.state.scores() == [0, 1]

    def test_at_the_server_equally_quick_bots_share_the_races(self, registered: None, tmp_path: Path) -> None:
        """Bots alone in a race do not wait (no person to beat) and the quickest by reaction time goes first,
        so two equal bots split forty rounds rather than seat 0 taking them all."""
        with table_client(tmp_path / "bots.sqlite3") as client:
            from webapi import create, view

            created = create(client, ["heuristic", "heuristic"], game="slap", options={"rounds": 40}, seed=11)
            deadline = time.monotonic() + 10
            while not (final := view(client, created, None)["view"])["is_over"] and time.monotonic() < deadline:
                time.sleep(0.02)
            assert final["is_over"] and sum(final["scores"]) == 40
            assert all(10 < wins < 30 for wins in final["scores"])
