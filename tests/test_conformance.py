"""The contract, checked over every registered game: a new game gets these tests by being registered.

Random playouts from many seeds; legal-action stability, encodings and notation round trips at every
step of a few games; replay; clone independence; views and records through JSON; sampled worlds that
the seat cannot tell apart and that really differ; refused actions that change nothing and name no card
the refusing seat cannot see; corrupted records refused. Modelled on OpenSpiel's api_test and PettingZoo's
api checks.
"""

from __future__ import annotations

import functools
import json
import random
import re
import sys
from collections.abc import Iterator
from itertools import islice

import pytest

import parlour
from parlour import GameOver, IllegalAction, NotationError, OutOfTurn, RecordError, State, View, engine
from parlour.engine import Action
from parlour.engine.view import SEAT_EXTRAS, SEAT_KEYS, misfits

PLAYOUTS = 120
# Random play never reaches Canasta's 5,000 or Samba's 10,000, so a random game of the book's length runs to
# the safety bound of forty deals (some 22,000 actions of Samba): the checks here play the shorter game the
# option offers, every rule of a deal and the game's end by its count of deals still played. The book's end
# and the safety bound have their own tests (tests/games/test_canasta.py, test_samba.py).
SHORTER = {"canasta": {"deals": 4}, "samba": {"deals": 4}}


def new_game(game: str, **given: object) -> State:
    """``parlour.new_game`` with the shorter game ``SHORTER`` plays where a random game is very long."""
    return parlour.new_game(game, **{**SHORTER.get(game, {}), **given})  # type: ignore[arg-type]


def configurations() -> list[tuple[str, int, str | None]]:
    """Every game at every player count, and each variant at the game's usual count, its fewest and its
    most: a variant changes rules rather than how seats go round, so the counts between (Razz's 3 to 7)
    add nothing to its checks but time."""
    out = []
    for info in parlour.games():
        ends = {info.players_default, min(info.counts), max(info.counts)}
        for players in info.counts:
            for variant in (None, *info.variants):
                if variant is None or players in ends:
                    out.append((info.id, players, variant))
    return out


CONFIGS = configurations()
IDS = [f"{g}-{p}p-{v or 'standard'}" for g, p, v in CONFIGS]
GAME_IDS = [info.id for info in parlour.games()]


def random_step(state: State, rng: random.Random) -> None:
    seat = rng.choice(state.to_move)
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def playout(state: State, rng: random.Random) -> State:
    limit = state.info.max_actions
    steps = 0
    while not state.is_over:
        random_step(state, rng)
        steps += 1
        assert steps <= limit, f"{state.info.id} did not end within {limit} actions"
    return state


def play_on(state: State, rng: random.Random, long: bool) -> State:
    """Random play from ``state``: to the game's end, or in a long game (past ``LONG`` actions) to the end
    of the deal and ``INTO_NEXT`` actions into the next, which is all a check of what a copy shares
    needs (the deal's end and the next deal's dealing) at a fraction of the cost of many deals."""
    if not long:
        return playout(state, rng)
    deal = state.hand_number
    while not state.is_over and state.hand_number == deal:
        random_step(state, rng)
    for _ in range(INTO_NEXT):
        if state.is_over:
            break
        random_step(state, rng)
    return state


def snapshots(game: str, players: int, variant: str | None, seed: int) -> Iterator[State]:
    """States along one random game, from the start to the end."""
    state = new_game(game, players=players, variant=variant, seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        random_step(state, rng)
        yield state


def spread(game: str, players: int, variant: str | None, seed: int, most: int) -> Iterator[State]:
    """States of the random game ``snapshots`` plays from ``seed``, evenly spread from its start to its end
    (the end included): ``most`` of them in a game of up to ``LONG`` actions, and proportionally fewer in a
    longer one (Comet's twenty-odd deals to 100, Authors' deals of random asks), so that a sweep whose cost
    grows with the square of a game's length costs a long game what it costs a Tëtka game, while looking
    at all its deals."""
    length = game_length(game, players, variant, seed)
    yield from evenly(game, players, variant, seed, max(FEWEST, most * min(length, LONG) // length))


def sweep(game: str, players: int, variant: str | None, seed: int) -> Iterator[State]:
    """Every state of the random game from ``seed`` in a game of up to ``LONG`` actions, and ``LONG`` of
    them evenly spread over a longer one (Canasta to 5,000): for the checks whose cost grows with the
    game's length alone."""
    yield from evenly(game, players, variant, seed, LONG)


def evenly(game: str, players: int, variant: str | None, seed: int, states: int) -> Iterator[State]:
    step = -(-game_length(game, players, variant, seed) // states)
    for position, state in enumerate(snapshots(game, players, variant, seed)):
        if position % step == 0 or state.is_over:
            yield state


@functools.cache
def game_length(game: str, players: int, variant: str | None, seed: int) -> int:
    """The actions of the random game ``snapshots`` plays from ``seed`` (played once per worker)."""
    return sum(1 for _ in snapshots(game, players, variant, seed))


def usual(game: str, players: int, variant: str | None) -> bool:
    """Whether this is the game's usual table: its default number of players, its standard rules."""
    return variant is None and players == parlour.game_info(game).players_default


def table_share(game: str, players: int, variant: str | None, full: int) -> int:
    """``full`` at the usual table, about a third as many (at least one) at every other player count and
    variant (Comet has ten of them), which share nearly all of its code: those tables were three fifths of
    these checks' time at half as many."""
    return full if usual(game, players, variant) else -(-full // 3)


def seeds(game: str, players: int, variant: str | None, full: int) -> range:
    """The seeds of a sweep: ``table_share`` of ``full``, and proportionally fewer (at least ``FEWEST_GAMES``,
    or as many as the share if that is fewer) where a random game runs past ``DEALS_WORTH`` actions. A random
    game of Samba is some 5,500 actions of ten deals, Canasta's 2,700 of ten: two of them look at as many deals
    as five Tëtka games do, and replaying the states of five was what made them the suite's slowest checks."""
    share = table_share(game, players, variant, full)
    length = game_length(game, players, variant, 0)
    return range(max(min(share, FEWEST_GAMES), share * min(length, DEALS_WORTH) // length))


LONG = 500      # actions: about a whole Tëtka game
INTO_NEXT = 20  # actions played into the next deal by ``play_on`` in a long game
FEWEST = 10     # states looked at in the longest game
FEWEST_PLAYOUTS = 20    # whole random games played of the longest game
DEALS_WORTH = 1_000     # actions of random play past which a game's sweeps look at proportionally fewer games
FEWEST_GAMES = 2        # random games a sweep looks at in the longest game
PLAYOUT_ACTIONS = 110_000   # random actions the playouts of a very long game make: twenty Samba games of ten deals
FEWEST_LONG = 5         # whole random games played of a game that runs to its safety bound


def playout_seeds(game: str, players: int, variant: str | None) -> range:
    """The seeds of the whole random games to play: ``PLAYOUTS`` (a third away from the usual table), and
    proportionally fewer where a game runs past ``LONG`` actions (Canasta to 5,000 is many deals), at least
    ``FEWEST_PLAYOUTS`` (half as many away from the usual table): every game gets about the same number of
    deals played, not of games."""
    full = table_share(game, players, variant, PLAYOUTS)
    length = game_length(game, players, variant, 0)
    fewest = FEWEST_PLAYOUTS if usual(game, players, variant) else FEWEST_PLAYOUTS // 2
    # A random game that never reaches its target plays to its safety bound (Samba's forty deals, some
    # 22,000 actions): at most ``PLAYOUT_ACTIONS`` of such play, in at least ``FEWEST_LONG`` games.
    fewest = max(FEWEST_LONG, min(fewest, PLAYOUT_ACTIONS // length))
    return range(max(fewest, full * min(length, LONG) // length))


def same_views(one: State, other: State) -> bool:
    return all(one.view(s) == other.view(s) for s in [*range(one.players), None])


def fingerprint(state: State) -> tuple[str, ...]:
    """Everything observable of a state, to tell whether it changed."""
    views = [state.view(s) for s in range(state.players)] + [state.view(None)]
    return (json.dumps(state.record(), sort_keys=True),
            *(json.dumps(v.to_dict(), sort_keys=True) for v in views))


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_random_playouts_finish(game: str, players: int, variant: str | None) -> None:
    """Many random whole games end without error, with a result naming winners among the seats."""
    for seed in playout_seeds(game, players, variant):
        start = new_game(game, players=players, variant=variant, seed=seed)
        chips = chips_in_play(start)
        state = playout(start, random.Random(seed))
        assert chips_in_play(state) == chips, f"{game}: chips were made or lost over a game"
        assert state.to_move == ()
        assert all(state.legal_actions(s) == [] for s in range(players))
        result = state.result()
        assert set(result.winners) <= set(range(players))
        assert len(result.places) == players and len(state.scores()) == players
        assert [r.number for r in state.hand_results] == list(range(1, len(state.hand_results) + 1))
        assert all(len(r.changes) == players for r in state.hand_results)
        with pytest.raises(GameOver):
            state.apply(0, "pass")


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_every_step_keeps_the_contract(game: str, players: int, variant: str | None) -> None:
    """At every step: seats to move have legal actions listed stably; notation and numbers round-trip."""
    for seed in seeds(game, players, variant, 3):
        for state in sweep(game, players, variant, seed):
            assert isinstance(state.to_move, tuple)
            for seat in range(players):
                legal = state.legal_actions(seat)
                assert legal == state.legal_actions(seat)
                assert bool(legal) == (seat in state.to_move)
                for action in legal:
                    assert state.parse_action(str(action)) == action
                    number = state.encode(action)
                    assert 0 <= number < state.action_space_size
                    assert state.decode(number) == action
                assert len({state.encode(a) for a in legal}) == len(legal)
            assert state.hand_number >= 1


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_every_view_shows_a_declared_phase(game: str, players: int, variant: str | None) -> None:
    """Every view's phase is a member of the ``Phase(engine.Phase)`` its game's module declares (or the
    module of the game it extends), not a bare string, from the deal to the end, where it is ``over``."""
    state = new_game(game, players=players, variant=variant)
    declared = [getattr(sys.modules[cls.__module__], "Phase", engine.Phase) for cls in type(state).__mro__]
    phases = next((p for p in declared if issubclass(p, engine.Phase) and p is not engine.Phase), None)
    assert phases is not None, f"{game} declares no Phase(engine.Phase)"
    for seed in seeds(game, players, variant, 2):
        for state in sweep(game, players, variant, seed):
            for seat in (*range(players), None):
                phase = state.view(seat).phase
                assert isinstance(phase, phases), f"{game}: phase {phase!r} is not a member of {phases}"
        assert state.view(None).phase is phases("over")


def chips_in_play(state: State) -> int | None:
    """Every chip of a game that keeps a chip ledger, the seats' and the pots' (None for other games)."""
    ledger = getattr(state, "ledger", None)
    return None if ledger is None else int(ledger.total())


CHIP_CONFIGS = [(g, p, v) for g, p, v in CONFIGS
                if chips_in_play(parlour.new_game(g, players=p, variant=v, seed=0)) is not None]


@pytest.mark.parametrize(("game", "players", "variant"), CHIP_CONFIGS,
                         ids=[f"{g}-{p}p-{v or 'standard'}" for g, p, v in CHIP_CONFIGS])
def test_chips_are_never_made_or_lost(game: str, players: int, variant: str | None) -> None:
    """In a game played in chips, no move makes or loses one: after every move of random games the seats'
    chips and the pots (side pots included) add up to what the game began with."""
    for seed in seeds(game, players, variant, 4):
        chips = None
        for moves, state in enumerate(snapshots(game, players, variant, seed)):
            chips = chips_in_play(state) if chips is None else chips
            assert chips_in_play(state) == chips, f"{game}: move {moves} made or lost chips"


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_replay_rebuilds_the_same_state(game: str, players: int, variant: str | None) -> None:
    """A record, through JSON, replays to a state with the same views, scores and history."""
    for seed in seeds(game, players, variant, 3):
        for state in spread(game, players, variant, seed, 40):
            again = parlour.replay(json.loads(json.dumps(state.record())))
            assert fingerprint(again) == fingerprint(state)


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_clones_are_independent(game: str, players: int, variant: str | None) -> None:
    """Playing a clone on (to the end, or in a long game into the next deal) leaves the original exactly as
    it was."""
    for seed in seeds(game, players, variant, 3):
        long = game_length(game, players, variant, seed) > LONG
        for state in spread(game, players, variant, seed, 50):
            if state.is_over:
                continue
            before = fingerprint(state)
            twin = state.clone()
            assert fingerprint(twin) == before
            play_on(twin, random.Random(seed + 1), long)
            assert fingerprint(state) == before


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_views_and_records_survive_json(game: str, players: int, variant: str | None) -> None:
    """Views are plain data of one shape (a seat may add the optional ``bet`` and ``role``): through JSON and
    back they compare equal."""
    keys = set(SEAT_KEYS)
    for state in spread(game, players, variant, 7, LONG):
        for seat in [*range(players), None]:
            view = state.view(seat)
            assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view
            assert view.game == game and view.seat == seat and view.to_move == list(state.to_move)
            assert len(view.seats) == players and all(keys <= set(s) <= keys | set(SEAT_EXTRAS) for s in view.seats)
            assert all(isinstance(line, str) for line in view.log)
            if seat is None:
                assert view.hand == [] and view.legal_actions == []


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_every_zone_says_what_it_holds(game: str, players: int, variant: str | None) -> None:
    """Every table zone and extra entry, in every seat's view and a spectator's, has a declared kind
    that its value fits, so that front-ends draw it by kind and never by its name; and the cards the rules
    show at a deal's end (a zone of kind ``shown``) appear only once it is over, never in play."""
    for seed in seeds(game, players, variant, 3):
        for state in sweep(game, players, variant, seed):
            for seat in [*range(players), None]:
                view = state.view(seat)
                assert misfits(view) == [], f"seed {seed}, seat {seat}"
                assert state.is_over or "shown" not in view.kinds["table"].values(), f"seed {seed}, seat {seat}"


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_sampled_worlds_look_the_same_to_the_seat(game: str, players: int, variant: str | None) -> None:
    """``sample_world(seat).view(seat) == view(seat)``, and sampled worlds can be played on."""
    rng = random.Random(3)
    for seed in seeds(game, players, variant, 3):
        long = game_length(game, players, variant, seed) > LONG
        for state in spread(game, players, variant, seed, 60):
            for seat in range(players):
                world = state.sample_world(seat, rng)
                assert world.view(seat) == state.view(seat)
            if not state.is_over:
                play_on(state.sample_world(state.to_move[0], rng), rng, long)


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_sampled_worlds_keep_no_trace_of_the_real_deal(game: str, players: int, variant: str | None) -> None:
    """A world depends only on what its seat knows and on the rng: two states that differ only in cards
    the seat cannot see give identical worlds from the same rng, with no seed, prepared deal or record."""
    rng = random.Random(5)
    for state in spread(game, players, variant, 5, 60 if usual(game, players, variant) else 30):
        if state.is_over:
            continue
        for seat in range(players):
            twin = hidden_twin(state, seat) or state.sample_world(seat, rng)
            number = rng.getrandbits(32)
            world, twin_world = state.sample_world(seat, random.Random(number)), twin.sample_world(
                seat, random.Random(number))
            assert same_views(world, twin_world)
            assert world.seed is None and "deal" not in world.options and world.sampled_for == seat
            with pytest.raises(ValueError, match="sampled world"):
                world.record()


# Other choices tried for a hidden twin: each replays the rest of the game, and where none hides from the seat
# (an ask in Authors names what it asks for) trying them all made this the suite's slowest check.
TWINS_TRIED = 4


def hidden_twin(state: State, seat: int) -> State | None:
    """The same game played with another choice for the last secret action of another seat (a different
    card laid face down), if that leaves ``seat``'s view unchanged: a state differing only in what
    ``seat`` cannot see, history included. The first ``TWINS_TRIED`` other choices are tried."""
    history = state.history
    secret = [i for i, (actor, action) in enumerate(history) if action.secret and actor != seat]
    if not secret:
        return None
    last = secret[-1]
    actor, original = history[last]
    base = parlour.new_game(state.info.id, players=state.players, variant=state.variant, seed=state.seed,
                            **state.options)
    for who, action in history[:last]:
        base.apply(who, action)
    alternatives = [a for a in base.legal_actions(actor) if a != original and type(a) is type(original)]
    for alternative in islice(alternatives, TWINS_TRIED):
        twin = base.clone()
        try:
            twin.apply(actor, alternative)
            for who, action in history[last + 1:]:
                twin.apply(who, action)
        except ValueError:
            continue
        if twin.view(seat) == state.view(seat):
            return twin
    return None


def played(world: State) -> State:
    """A world played on to its end by one fixed chance: what was dealt differently shows up."""
    return playout(world, random.Random(0))


def fingerprint_views(state: State) -> tuple[str, ...]:
    return tuple(json.dumps(state.view(s).to_dict(), sort_keys=True) for s in [*range(state.players), None])


@pytest.mark.parametrize("game", GAME_IDS)
def test_sampled_worlds_differ_in_what_the_seat_cannot_see(game: str) -> None:
    """Where something is hidden from a seat, different samples really deal it differently."""
    info = parlour.game_info(game)
    differed = False
    for seed in range(10):
        state = new_game(game, players=info.max_players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 6)):
            if not state.is_over:
                random_step(state, rng)
        if state.is_over:
            continue
        seat = state.to_move[0]
        others = [fingerprint_views(state.sample_world(seat, rng)) for _ in range(12)]
        differed |= len(set(others)) > 1
        if not differed:   # hidden from every seat alike (piles no one looks at): it shows in play
            ahead = [fingerprint_views(played(state.sample_world(seat, rng))) for _ in range(4)]
            differed |= len(set(ahead)) > 1
    assert differed, f"sample_world never changed anything hidden in {game}"


# States a game's refusals are tried in (a third of them, at random), spread over the whole game: each check
# fingerprints the state, whose record costs the game's length.
REFUSED_STATES = 200


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_refused_actions_change_nothing(game: str, players: int, variant: str | None) -> None:
    """Out of turn, malformed and illegal actions raise the right error and leave the state as it was."""
    rng = random.Random(11)
    every_action = None
    for state in spread(game, players, variant, 11, REFUSED_STATES):
        if state.is_over or rng.random() > 0.3:
            continue
        if every_action is None:
            every_action = [state.decode(n) for n in range(state.action_space_size)]
        before = fingerprint(state)
        mover = state.to_move[0]
        idle = [s for s in range(players) if s not in state.to_move]
        if idle:
            with pytest.raises(OutOfTurn):
                state.apply(idle[0], state.legal_actions(mover)[0])
        with pytest.raises(NotationError):
            state.apply(mover, "frobnicate the cards")
        with pytest.raises(IllegalAction):
            state.apply(players + 3, state.legal_actions(mover)[0])
        legal = state.legal_actions(mover)
        listed = set(legal)
        illegal = [a for a in every_action if a not in listed]
        for action in rng.sample(illegal, min(5, len(illegal))):
            with pytest.raises(IllegalAction) as refused:
                state.apply(mover, action)
            assert refused.value.args[0]
        assert fingerprint(state) == before


# A card's name as a whole token, in letters (QC, 10H, 7H#2, JK#3) or with a suit symbol (Q♣): not inside a
# longer word, number or copy mark.
CARD_NAME = re.compile(r"(?<![\w#-])(?:(10|[2-9AJQK])([CDHS♣♦♥♠])|(JK))(#\d+)?(?![\w#-])")
SUIT_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
REFUSAL_STEPS = 200     # states looked at in each game: its first deals, which show every kind of refusal


def cards_named(text: str) -> set[str]:
    """The cards a text names, in letter notation whichever way it writes them."""
    return {(joker or rank + SUIT_LETTER.get(suit, suit)) + copy
            for rank, suit, joker, copy in CARD_NAME.findall(text)}


def refusal(state: State, seat: int, action: Action | str) -> str | None:
    """The message refusing ``action`` for ``seat``, or None if it was accepted (and applied)."""
    try:
        state.apply(seat, action)
    except (IllegalAction, NotationError) as error:
        return str(error)
    return None


def unseen_cards_named(state: State, seat: int, action: Action | str, rng: random.Random) -> tuple[str, set[str]]:
    """The refusal of ``action`` for ``seat`` and the cards it names that the seat's view does not show
    (hand, table, log, face-up cards, legal actions: all of it) and the action itself does not name.

    A fixed text may name a card without telling anything (an example of notation, "as 'play QC'"; the
    Bridge contracts, whose "2H" reads as a card): a card counts only if the message would differ in some
    world the seat cannot tell from this one, so that it depends on what the seat cannot see.
    """
    message = refusal(state, seat, action)
    assert message is not None, f"{action} was not refused for seat {seat}"
    seen = cards_named(json.dumps(state.view(seat).to_dict(), ensure_ascii=False)) | cards_named(str(action))
    unseen = cards_named(message) - seen
    if unseen and all(refusal(state.sample_world(seat, rng), seat, action) == message for _ in range(3)):
        return message, set()
    return message, unseen


def refusals_to_try(state: State, every_action: list[Action], rng: random.Random) -> Iterator[tuple[int, Action | str]]:
    """Refused actions of every kind a seat can send: the mover's illegal actions (cards it does not
    hold, other phases' actions, other seats' legal actions), the same garbled, and other seats acting
    out of turn with the mover's legal actions."""
    mover = state.to_move[0]
    legal = state.legal_actions(mover)
    others = dict.fromkeys(a for s in range(state.players) if s != mover for a in state.legal_actions(s)
                           if a not in legal)
    listed = set(legal)
    illegal = [a for a in every_action if a not in listed]
    for action in [*others, *rng.sample(illegal, min(8, len(illegal)))]:
        yield mover, action
        yield mover, f"{action} at once"
    for seat in range(state.players):
        if seat not in state.to_move:
            yield seat, rng.choice(legal)


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS, ids=IDS)
def test_refusals_name_no_card_the_seat_cannot_see(game: str, players: int, variant: str | None) -> None:
    """An illegal, garbled or out-of-turn action is refused without naming a card hidden from the seat
    that sent it (beyond the card its own action names), at random states of the first deals of a few
    seeded games."""
    every_action: list[Action] = []
    for seed in seeds(game, players, variant, 3):
        rng = random.Random(seed)
        for state in islice(snapshots(game, players, variant, seed), REFUSAL_STEPS):
            if state.is_over or rng.random() > 0.15:
                continue
            every_action = every_action or [state.decode(n) for n in range(state.action_space_size)]
            for seat, action in refusals_to_try(state, every_action, rng):
                message, unseen = unseen_cards_named(state, seat, action, rng)
                assert not unseen, f"seed {seed}, seat {seat}, '{action}': {message!r} names {sorted(unseen)}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_corrupted_records_are_refused(game: str) -> None:
    """A record with a wrong seed, an altered action, a bad field or the wrong shape raises RecordError."""
    state = new_game(game, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        if not state.is_over:
            random_step(state, rng)
    record = state.record()
    corruptions = [
        {**record, "format": "chess"},
        {**record, "game": "no-such-game"},
        {**record, "players": "four"},
        {**record, "actions": [[0]]},
        {**record, "actions": record["actions"] + [[0, "frobnicate"]]},
        {**record, "rules_version": record["rules_version"] + 1},
        {**record, "options": {"no_such_option": 1}},
        {**record, "scores": [s + 1 for s in record["scores"]]},
    ]
    for corrupted in corruptions:
        with pytest.raises(RecordError):
            parlour.replay(corrupted)
    with pytest.raises(RecordError):
        parlour.replay(["not", "a", "record"])


@pytest.mark.parametrize("game", GAME_IDS)
def test_registry_facts_and_bad_requests(game: str) -> None:
    """Facts are declared once and sane; unknown variants, options and player counts name the valid ones."""
    info = parlour.game_info(game)
    assert info.id == info.id.lower() and " " not in info.id and "_" not in info.id
    assert info.min_players <= info.players_default <= info.max_players
    assert info.num_distinct_actions > 0 and info.summary.strip()
    with pytest.raises(ValueError, match="variants"):
        parlour.new_game(game, variant="no-such-variant")
    with pytest.raises(ValueError, match="options"):
        parlour.new_game(game, no_such_option=1)
    with pytest.raises(ValueError, match="players"):
        parlour.new_game(game, players=info.max_players + 1)
    state = parlour.new_game(game)
    assert isinstance(state.seed, int)
    assert fingerprint(parlour.new_game(game, seed=state.seed)) == fingerprint(state)


def test_unknown_game_lists_the_games() -> None:
    """An unknown id is refused with the list of valid ids."""
    with pytest.raises(ValueError, match="tetka"):
        parlour.new_game("no-such-game")
