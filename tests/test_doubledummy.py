"""The open-hand (double-dummy) solver, ``parlour.bots.doubledummy``, and ``parlour dd``.

Three kinds of check: endings a bridge player knows (a finesse, a squeeze), random positions of every
following rule, trump order, card points and penalties against a plain minimax written here with none of
the solver's shortcuts, and bridge deals against DDS, Bo Haglund's solver, through endplay.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parlour.bots import doubledummy
from parlour.bots.doubledummy import (
    BRIDGE_ORDERS,
    TRICKS,
    Goal,
    OpenPosition,
    bridge_table,
    bridge_tricks,
    card_values,
    solve,
)
from parlour.cards import ACE_HIGH, PIQUET_32, STANDARD_52, Card, Pack, Suit
from parlour.cli.main import main
from parlour.formats.pbn import read_deal
from parlour.mechanics.tricks import CardOrder, FollowRules, legal_plays, winner

NT, SPADES = 4, 3
N, E, S, W = range(4)


def mask(pack: Pack, *cards: str) -> int:
    out = 0
    for text in cards:
        out |= 1 << pack.index[Card.parse(text)]
    return out


# --- endings a bridge player knows -------------------------------------------------------------------------
def test_a_finesse_works_when_the_king_sits_under_the_ace_queen() -> None:
    """Double dummy, a finesse succeeds exactly when the missing king lies before the ace-queen: South leads
    towards North's AQ of spades; with the king in West (before North) both tricks are North-South's,
    with the king in East (after North) only one."""
    north, south = mask(STANDARD_52, "AS", "QS"), mask(STANDARD_52, "2S", "3S")
    position = OpenPosition((north, mask(STANDARD_52, "5S", "4S"), south, mask(STANDARD_52, "KS", "6S")),
                            (), S, (1, 2, 3, 0), CardOrder.build(STANDARD_52, ACE_HIGH), frozenset({N, S}))
    assert solve(position) == 2
    position = OpenPosition((north, mask(STANDARD_52, "KS", "6S"), south, mask(STANDARD_52, "5S", "4S")),
                            (), S, (1, 2, 3, 0), CardOrder.build(STANDARD_52, ACE_HIGH), frozenset({N, S}))
    assert solve(position) == 1


def test_trumps_ruff_a_suit_declarer_lacks() -> None:
    """Trumps: East-West's two top hearts take both tricks at no trumps, but with spades trumps North,
    void in hearts, ruffs both."""
    deal = read_deal("N:32... .AK.. .QJ.. .54..")
    assert bridge_tricks(deal, declarer=E, strain=NT) == 2
    assert bridge_tricks(deal, declarer=N, strain=NT) == 0
    assert bridge_tricks(deal, declarer=N, strain=SPADES) == 2


def test_every_strain_and_declarer_of_a_tiny_deal() -> None:
    """The table has 20 entries, and partners' trick counts in one strain agree when the lead does not
    matter: here every card is a top card of its own suit for North-South."""
    deal = read_deal("N:A.A.. K.K.. Q.Q.. J.J..")
    table = bridge_table(deal)
    assert set(table) == {"N", "E", "S", "W"} and all(set(row) == {"C", "D", "H", "S", "NT"}
                                                        for row in table.values())
    assert table["N"]["NT"] == table["S"]["NT"] == 2 and table["E"]["NT"] == table["W"]["NT"] == 0


# --- every following rule, trump order, points and penalties, against plain minimax ----------------------
RULES = [FollowRules(), FollowRules(must_head=True, must_trump=True, must_overtrump=True),
         FollowRules(must_trump=True), FollowRules(may_always_trump=True),
         FollowRules(must_head=True, must_trump=True, release_if_cannot_overtrump=True),
         FollowRules(must_follow=False)]


def minimax(hands: list[int], trick: list[int], leader: int, position: OpenPosition) -> int:
    """What the side takes with best play, by brute force over every legal card: no table, no bounds,
    no equal cards, no move order. The side wants the most (or, for penalties, the least); the others
    want the opposite."""
    order, goal = position.order, position.goal
    n = len(hands)
    player = leader
    for _ in trick:
        player = position.after[player]
    if not hands[player] and not trick:
        return 0
    legal = legal_plays(hands[player], trick, order, position.rules)
    wants_more = (player in position.side) == goal.maximize
    best: int | None = None
    for card in range(len(order.power)):
        if not legal >> card & 1:
            continue
        hands[player] ^= 1 << card
        played = [*trick, card]
        if len(played) < n:
            value = minimax(hands, played, leader, position)
        else:
            taker = leader
            for _ in range(winner(played, order)):
                taker = position.after[taker]
            gained = 1 if goal.points is None else sum(goal.points[c] for c in played)
            gained += worth_after(goal, hands[taker].bit_count())
            value = (gained if taker in position.side else 0) + minimax(hands, [], taker, position)
        hands[player] ^= 1 << card
        if best is None or (value > best if wants_more else value < best):
            best = value
    assert best is not None
    return best


def worth_after(goal: Goal, left: int) -> int:
    """What taking a trick is worth beyond its cards, with ``left`` tricks to play after it."""
    return goal.trick_worth[left] if left < len(goal.trick_worth) else 0


def random_position(rng: random.Random) -> OpenPosition:
    pack = rng.choice([STANDARD_52, PIQUET_32])
    players = rng.choice([3, 4])
    size = rng.randint(1, 4 if players == 3 else 3)
    cards = rng.sample(range(len(pack)), players * size)
    hands = [sum(1 << c for c in cards[p * size:(p + 1) * size]) for p in range(players)]
    trump = rng.choice([None, *Suit])
    ranks = ACE_HIGH if pack is STANDARD_52 else ACE_HIGH[5:]
    if pack is PIQUET_32 and trump is not None and rng.random() < 0.5:
        # Matadors: the queens are the top trumps whatever their suit, as in Solo.
        queens = [c for c in pack.cards if c.rank.letter == "Q"]
        own = [c for c in pack.cards if c.suit == trump and c.rank.letter != "Q"]
        order = CardOrder.build(pack, ranks, trump=trump, trump_order=own + queens)
    else:
        order = CardOrder.build(pack, ranks, trump=trump)
    points = None if rng.random() < 0.4 else tuple(rng.choice([0, 0, 2, 3, 4, 10, 11]) for _ in pack.cards)
    worth = rng.choice([(), (), (10,), tuple(rng.choice([0, 1, 2]) for _ in range(4))])
    goal = Goal(points=points, trick_worth=worth, maximize=rng.random() < 0.6)
    after = tuple((p + 1) % players for p in range(players))
    side = frozenset(rng.sample(range(players), 1 if players == 3 else 2))
    rules = rng.choice(RULES)
    leader = rng.randrange(players)
    trick: list[int] = []
    player = leader
    for _ in range(rng.randint(0, players - 1)):      # a trick under way
        legal = legal_plays(hands[player], trick, order, rules)
        card = rng.choice([c for c in range(len(pack)) if legal >> c & 1])
        hands[player] ^= 1 << card
        trick.append(card)
        player = after[player]
    return OpenPosition(tuple(hands), tuple(trick), leader, after, order, side, goal, rules)


@pytest.mark.parametrize("seed", range(6))
def test_random_positions_match_plain_minimax(seed: int) -> None:
    """Any following rule (heading, trumping, overtrumping, the release, trumping at will, none), trumps
    in one suit or matadors above it, card points, bonuses for the last trick or others by number, penalties (the side
    wants the least), three players (two against one) or four, a trick under way: the solver's value and
    each card's value are the plain minimax's."""
    rng = random.Random(seed)
    for _ in range(60):
        position = random_position(rng)
        expected = minimax(list(position.hands), list(position.trick), position.leader, position)
        assert solve(position) == expected, position
        mover = position.to_play
        for card, value in card_values(position).items():
            hands = list(position.hands)
            hands[mover] ^= 1 << card
            played = [*position.trick, card]
            after_card = _after_card(position, hands, played)
            assert value == after_card, (position, card)


def _after_card(position: OpenPosition, hands: list[int], played: list[int]) -> int:
    """The brute-force value once ``played`` (ending with the card tried) is on the table."""
    n = len(hands)
    if len(played) < n:
        return minimax(hands, played, position.leader, position)
    order, goal = position.order, position.goal
    taker = position.leader
    for _ in range(winner(played, order)):
        taker = position.after[taker]
    gained = 1 if goal.points is None else sum(goal.points[c] for c in played)
    gained += worth_after(goal, hands[taker].bit_count())
    return (gained if taker in position.side else 0) + minimax(hands, [], taker, position)


PARTITION_RULES = [FollowRules(), FollowRules(must_trump=True), FollowRules(may_always_trump=True),
                   FollowRules(must_follow=False)]


def random_ending(rng: random.Random, size: int, goals: list[Goal], rules: list[FollowRules]) -> OpenPosition:
    """``size`` cards to each of three or four hands, playing to the left, with a trump suit or none, the side
    one hand of three or a pair of four, and one of ``goals`` and of ``rules``."""
    players = rng.choice([3, 4])
    cards = rng.sample(range(52), players * size)
    hands = tuple(sum(1 << c for c in cards[p * size:(p + 1) * size]) for p in range(players))
    order = CardOrder.build(STANDARD_52, ACE_HIGH, trump=rng.choice([None, *Suit]))
    side = frozenset(rng.sample(range(players), 1 if players == 3 else 2))
    return OpenPosition(hands, (), rng.randrange(players), tuple((p + 1) % players for p in range(players)),
                        order, side, rng.choice(goals), rng.choice(rules))


def test_partition_search_gives_the_numbers_of_a_search_by_whole_shapes_and_searches_less(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Partition search (a proof kept for every position with the same lengths and the same owners of the
    cards it rested on) where following hangs on suits alone: on endings of five or six tricks, three
    hands or four, trumps or none, tricks alone or a bonus, each value is the one a search that keeps each
    whole shape apart finds, and it starts fewer tricks' searches, its proofs answering for positions
    that differ only in low cards."""
    searched = {True: 0, False: 0}
    lead = doubledummy._Search._lead

    def counting(search: Any, *args: Any) -> Any:
        searched[search.partition] += 1
        return lead(search, *args)

    monkeypatch.setattr(doubledummy._Search, "_lead", counting)
    rng = random.Random(41)
    for _ in range(16):
        position = random_ending(rng, rng.randint(5, 6), [TRICKS, Goal(trick_worth=(1,))], PARTITION_RULES)
        by_class = doubledummy._Search(position)
        by_shape = doubledummy._Search(position)
        by_shape.partition = False
        assert by_class.partition and by_class.value() == by_shape.value(), position
    assert searched[True] < 0.85 * searched[False], searched


def test_each_cards_value_is_the_search_by_whole_shapes_in_endings_of_either_goal() -> None:
    """Partition search, and the last two tricks played out without the table (``_two``), where following is
    plain and only tricks count: on endings of three to five tricks, three hands or four, trumps or none,
    the side wanting tricks or none, each card's value is the one the search by whole shapes finds. Two
    slips this caught: a run of equal cards tried as one, which a position of the same class may split
    (its lowest card now among what a proof rests on, ``_merged``), and proofs kept where the side wants no
    trick, which partition search no longer keeps."""
    rng = random.Random(43)
    for _ in range(60):
        position = random_ending(rng, rng.randint(3, 5), [TRICKS, Goal(maximize=False)], [FollowRules()])
        quick = doubledummy._Search(position)
        by_shape = doubledummy._Search(position)
        by_shape.partition = by_shape.two_fast = False
        assert quick.two_fast and quick.card_values() == by_shape.card_values(), position


def test_a_penalty_goal_counts_what_the_side_cannot_avoid() -> None:
    """Penalties (Tëtka's kind of goal): the side wants to take as little as it can. Holding only the ace
    of hearts against two low hearts, it must take the trick whoever leads: one trick."""
    order = CardOrder.build(STANDARD_52, ACE_HIGH)
    hands = (mask(STANDARD_52, "AH"), mask(STANDARD_52, "2H"), mask(STANDARD_52, "3H"))
    position = OpenPosition(hands, (), 1, (1, 2, 0), order, frozenset({0}), Goal(maximize=False))
    assert solve(position) == 1
    assert solve(OpenPosition(hands, (), 1, (1, 2, 0), order, frozenset({0}), TRICKS)) == 1


# --- bridge deals against DDS ----------------------------------------------------------------------------
def random_deal(rng: random.Random, size: int) -> list[int]:
    cards = rng.sample(range(52), 4 * size)
    return [sum(1 << c for c in cards[k * size:(k + 1) * size]) for k in range(4)]


def test_a_table_shared_by_the_four_declarers_of_a_strain_changes_no_number() -> None:
    """``bridge_table`` lets a strain's four declarers share one table of bounds (kept for North-South,
    read turned over for East-West) and starts each from a guess: every number is still the one a search
    of its own gives (``bridge_tricks``)."""
    rng = random.Random(7)
    for _ in range(5):
        deal = random_deal(rng, rng.randint(2, 4))
        table = bridge_table(deal)
        assert all(table[seat][strain] == bridge_tricks(deal, declarer, s)
                   for declarer, seat in enumerate("NESW") for s, strain in enumerate(("C", "D", "H", "S", "NT")))


def test_the_double_dummy_tables_of_random_endings_are_ddss() -> None:
    """Parlour's solver and DDS give the same tricks for every declarer and strain of 30 random endings
    of four to six tricks and three of eight, where partition search shares most (``benchmarks/doubledummy.py``
    checks a thousand, and whole deals)."""
    pytest.importorskip("endplay.dds")
    from parlour.bots.doubledummy import dds_table
    rng = random.Random(18)
    for size in [rng.randint(4, 6) for _ in range(30)] + [8] * 3:
        deal = random_deal(rng, size)
        assert bridge_table(deal) == dds_table(deal), deal


def positions_of_play(game: str, seed: int, count: int) -> list[OpenPosition]:
    """``count`` positions met in random play of a game's deals, from the first lead to the last trick and
    in the middle of tricks as often as at their start, as the seat to play would solve them."""
    import parlour
    rng = random.Random(seed)
    state, found = parlour.new_game(game, seed=seed), []
    while len(found) < count and not state.is_over:
        seat = state.to_move[0]
        position = state.open_position(seat)  # type: ignore[attr-defined]
        if position is not None and rng.random() < 0.15:
            found.append(position)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


@pytest.mark.parametrize(("game", "seed"), [("auction-bridge", 3), ("vint", 4)])
def test_dds_values_each_card_of_bridges_own_positions_as_the_search_does(game: str, seed: int) -> None:
    """Where a world is bridge's own (four hands, the 52 cards, a strain, plain following, every trick one),
    DDS solves it for PIMC and claims (``dds_card_values``): card for card it gives the search's values, for
    the seat to play's side, in positions of the last six tricks of Auction Bridge and Vint, mid-trick ones
    among them, the games' own follow functions and seatings read as DDS's."""
    pytest.importorskip("endplay.dds")
    from parlour.bots.doubledummy import dds_card_values, dds_strain
    checked = 0
    for position in positions_of_play(game, seed, 40):
        strain = dds_strain(position)
        assert strain is not None
        if position.hands[position.to_play].bit_count() <= 6:
            assert dds_card_values(position, strain) == card_values(position), position
            checked += 1
    assert checked >= 6


def test_dds_is_asked_only_of_positions_of_bridges_own_rules() -> None:
    """DDS knows bridge alone: a duty to trump, a game's own rule of following, three hands, card points or a
    penalty goal, or a pack other than the 52 cards each leave a position to the project's search."""
    pytest.importorskip("endplay.dds")
    from parlour.bots.doubledummy import dds_strain
    from parlour.mechanics.tricks import follower
    bridge = OpenPosition(tuple(random_deal(random.Random(2), 3)), (), W, (1, 2, 3, 0), BRIDGE_ORDERS[SPADES],
                          frozenset({N, S}))
    assert dds_strain(bridge) == SPADES
    assert dds_strain(dataclasses.replace(bridge, follow=follower(BRIDGE_ORDERS[SPADES]))) == SPADES
    refused = [dataclasses.replace(bridge, rules=FollowRules(must_trump=True)),
               dataclasses.replace(bridge, follow=follower(BRIDGE_ORDERS[SPADES], FollowRules(must_trump=True))),
               dataclasses.replace(bridge, follow=lambda hand, trick: hand),
               dataclasses.replace(bridge, goal=Goal(points=(1,) * 52)),
               dataclasses.replace(bridge, goal=Goal(maximize=False)),
               dataclasses.replace(bridge, hands=bridge.hands[:3], after=(1, 2, 0), side=frozenset({N}))]
    piquet = CardOrder.build(PIQUET_32, ACE_HIGH, trump=Suit.SPADES)
    refused.append(dataclasses.replace(bridge, order=piquet, hands=(1, 2, 4, 8)))
    assert [dds_strain(position) for position in refused] == [None] * len(refused)


# --- the command ------------------------------------------------------------------------------------------
def run(args: list[str], capsys: Any) -> tuple[int, str, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_parlour_dd_prints_the_table_and_json(capsys: Any) -> None:
    """``parlour dd DEAL --json`` gives each deal (written from North) and its tricks by declarer and
    strain; without ``--json`` a table of five strains for each seat."""
    deal = "W:.J32.Q.K AK3.Q4.. QJ.K.A2. T9.A.K.3"
    code, out, _ = run(["dd", deal, "--json", "--solver", "own"], capsys)
    assert code == 0
    (result,) = json.loads(out)
    assert result["deal"] == "N:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q.K"
    assert result["tricks"]["N"] == {"C": 3, "D": 1, "H": 2, "S": 5, "NT": 3}
    assert result["tricks"]["E"]["NT"] == 0
    code, out, _ = run(["dd", deal, "--solver", "own"], capsys)
    assert code == 0 and "NT" in out and out.splitlines()[2].split() == ["N", "3", "1", "2", "5", "3"]


def test_parlour_dd_reads_the_deals_of_a_pbn_file(tmp_path: Path, capsys: Any) -> None:
    """``--pbn FILE`` takes every [Deal] tag of the file, as ``parlour export`` writes them."""
    path = tmp_path / "two.pbn"
    path.write_text('[Deal "N:A.A.. K.K.. Q.Q.. J.J.."]\n\n[Deal "E:A... K... Q... J..."]\n', encoding="utf-8")
    code, out, _ = run(["dd", "--pbn", str(path), "--json", "--solver", "own"], capsys)
    assert code == 0
    first, second = json.loads(out)
    assert first["tricks"]["N"]["NT"] == 2 and second["deal"] == "N:J... A... K... Q..."
    assert second["tricks"]["E"]["S"] == 1


@pytest.mark.parametrize(("args", "words"), [
    (["dd"], "give a deal"),
    (["dd", "N:AK3.Q4.. QJ.K.A2. T9.A.K.3"], "four hands"),
    (["dd", "N:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q."], "same number"),
    (["dd", "N:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q.KZ"], "not a rank"),
    (["dd", "N:AK3.Q4.. AJ.K.A2. T9.A.K.3 .J32.Q.K"], "SA dealt twice"),
    (["dd", "X:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q.K"], "first hand's seat"),
    (["dd", "--pbn", "/no/such/file.pbn"], "cannot read"),
])
def test_parlour_dd_refuses_bad_deals_by_name(args: list[str], words: str, capsys: Any) -> None:
    """A malformed deal, a card given twice, hands of unequal size or a missing file: a clear refusal."""
    code, _, err = run(args, capsys)
    assert code == 2 and words in " ".join(err.split())


def test_dds_counts_as_loaded_only_once_it_has_answered_a_call(fresh_python: Callable[[str], list[str]]) -> None:
    """PIMC leaves DDS's first call in a process out of a move's second (``PimcBot.choose``), since that call
    loads DDS and sets up its memory. So ``dds_loaded`` must stay false after the import alone, which does not
    set the memory up, and turn true once a call has answered: here ``dds_warm_up``'s, in a fresh process."""
    pytest.importorskip("endplay.dds")
    code = ("import endplay.dds\n"
            "from parlour.bots.doubledummy import dds_loaded, dds_warm_up\n"
            "before = dds_loaded()\n"
            "dds_warm_up()\n"
            "print(before, dds_loaded())\n")
    assert fresh_python(code) == ["False", "True"]


def test_a_process_forked_while_dds_is_busy_has_dds_of_its_own(fresh_python: Callable[[str], list[str]]) -> None:
    """A pool of simulations may fork a process that has used DDS, even while a call given up on by a move still
    runs in DDS's thread and holds its lock (here the lock is held by hand). The child must not inherit that lock
    or the thread, which does not exist there: its own call is answered, where it would otherwise wait for ever
    (the child is given twenty seconds)."""
    pytest.importorskip("endplay.dds")
    code = ("import multiprocessing\n"
            "from parlour.bots import doubledummy as dd\n"
            "position = dd._bridge_position([0b1, 0b10, 0b100, 0b1000], 0, 4)\n"
            "def child(queue):\n"
            "    queue.put(dd.dds_card_values_within(position, 4, None))\n"
            "dd.dds_warm_up()\n"
            "forking = multiprocessing.get_context('fork')\n"
            "queue = forking.Queue()\n"
            "with dd._DDS_AT_ONCE:\n"
            "    process = forking.Process(target=child, args=(queue,), daemon=True)\n"
            "    process.start()\n"
            "    print(queue.get(timeout=20))\n"
            "process.join(20)\n")
    assert fresh_python(code) == ["{1:", "0}"]
