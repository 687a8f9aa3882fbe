"""What the rules reveal lies face up (issue 38, item 4): at a deal's end every card the rules show is drawn in
its place, in the view's table zone ``shown`` (``parlour.engine.shown``), not only written in the log.

Each test names the rule that shows the cards, on a prepared deal. The deal's end is taken as a table pauses
on it: the action that ends the deal applied to a copy stopped there (``finish_deal``, ``halted``), whose
views are what the page draws; the game's last deal ends in the final state itself. Before the deal is over
the zone is never there, so nothing the rules still hide can be read from it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import parlour
from parlour import State
from parlour.cards import STANDARD_52
from parlour.engine.deal_end import finish_deal
from parlour.engine.view import misfits
from parlour.games.comet import PACK as COMET_PACK

ALL_52 = [str(c) for c in STANDARD_52.cards]


def shown(state: State, seat: int | None = None) -> list[dict[str, Any]] | None:
    view = state.view(seat)
    assert misfits(view) == []
    if "shown" in view.table:
        assert view.kinds["table"]["shown"] == "shown"
    return view.table.get("shown")


def to_deal_end(state: State, choose: Callable[[State, int], str], views_before: bool = True) -> State:
    """Play the first deal by ``choose`` and return it stopped at its end, checking on the way that no view
    of any seat shows the zone while the deal is played."""
    while True:
        if views_before:
            assert all(shown(state, s) is None for s in [None, *range(state.players)]), "shown before the end"
        seat = state.to_move[0]
        action = choose(state, seat)
        after = finish_deal(state, seat, action)
        if after.is_over:
            return after
        state.apply(seat, action)


def same_cards(entry: dict[str, Any], cards: list[str] | str) -> bool:
    want = cards.split() if isinstance(cards, str) else cards
    return Counter(entry["cards"]) == Counter(want)


# --- bridge: the hand record -----------------------------------------------------------------------------
# The 52 cards as notation, a suit to a row, each two to ace (the pack's own order).
BY_SUIT = [[str(card) for card in STANDARD_52.cards[13 * k:13 * k + 13]] for k in range(4)]


def first_bid_then_passes(bid: str) -> Callable[[State, int], str]:
    def choose(state: State, seat: int) -> str:
        legal = [str(a) for a in state.legal_actions(seat)]
        if legal[0].startswith("play"):
            return legal[0]
        return bid if bid in legal and not any(c["call"] != "pass" for c in state.view(None).table["auction"]) \
            else "pass"
    return choose


@pytest.mark.parametrize(("game", "bid"), [("auction-bridge", "bid 1C"), ("vint", "bid 1C")])
def test_a_played_bridge_deal_shows_the_four_hands_as_dealt(game: str, bid: str) -> None:
    """After the play every card has been seen, and the deal is laid out as a hand record: the four hands
    as they were dealt, each under its seat, though every card of them has been played."""
    state = parlour.new_game(game, seed=1, deal={"hands": BY_SUIT})
    end = to_deal_end(state, first_bid_then_passes(bid))
    for seat in [None, 0, 1, 2, 3]:
        record = shown(end, seat)
        assert record is not None and [e["seat"] for e in record] == [0, 1, 2, 3]
        assert all(same_cards(e, BY_SUIT[e["seat"]]) and e["label"] == "" for e in record)
    assert all(not end.view(s).hand for s in range(4))       # all played: the record is the deal, not the hands


def test_a_thrown_in_bridge_deal_shows_nothing() -> None:
    """Four passes throw the deal in unplayed: no one shows a hand (Auction Bridge)."""
    state = parlour.new_game("auction-bridge", seed=1, deal={"hands": BY_SUIT}, dealer_may_pass=True)
    end = to_deal_end(state, lambda s, seat: "pass")
    assert shown(end, 0) is None


# --- poker: the showdown, named ----------------------------------------------------------------------------
def razz_pack(*hands: str) -> dict[str, list[str]]:
    """A pack dealing each seat its seven cards (down, down, door, fourth ... seventh) from seat 0."""
    cards = [h.split() for h in hands]
    order = [cards[s][k] for k in range(7) for s in range(len(cards))]
    return {"pack": order + [c for c in ALL_52 if c not in order]}


def passive(state: State, seat: int) -> str:
    legal = [str(a) for a in state.legal_actions(seat)]
    return next(m for m in ("bring-in", "check", "call") if m in legal)


def test_razz_shows_each_hand_at_the_showdown_with_its_name() -> None:
    """At the showdown each player still in turns up all seven cards and names the low (razz.txt): the
    down cards lie face up in the shown zone, with the hand's name, ``8-6-4-2-A``."""
    hands = ("AC 2C KH 4C 6C 8C QC", "AD AH 7D 2D 3D 4D 6D")
    state = parlour.new_game("razz", players=2, seed=1, deal=razz_pack(*hands), hands=1)
    end = to_deal_end(state, passive)
    for viewer in (None, 0, 1):
        record = shown(end, viewer)
        assert record is not None and [e["seat"] for e in record] == [0, 1]
        assert all(same_cards(e, hands[e["seat"]]) for e in record)
        assert [e["label"] for e in record] == ["8-6-4-2-A", "6-4-3-2-A"]
    # The game is over after its one deal: the final state shows them too, and a sampled world keeps them.
    state.apply(end.history[-1][0], end.history[-1][1])
    assert state.is_over and shown(state, 1) == shown(end, 1)
    assert state.sample_world(1, random.Random(0)).view(1) == state.view(1)


def test_razz_shows_no_hand_when_everyone_else_folds() -> None:
    """A pot won uncontested is taken without a showdown: no one shows."""
    state = parlour.new_game("razz", players=2, seed=1, deal=razz_pack("AC 2C KH 4C 6C 8C QC", "AD AH 7D 2D 3D 4D 6D"))
    end = to_deal_end(state, lambda s, seat: "fold" if "fold" in [str(a) for a in s.legal_actions(seat)]
                      else passive(s, seat))
    assert shown(end, None) is None


def test_east_west_shows_each_rows_poker_hands_named() -> None:
    """At the showdown East-West's rows are judged as poker hands: each side's hand, the board card with its
    four, is shown by row with its name."""
    state = parlour.new_game("east-west", seed=2)
    end = to_deal_end(state, lambda s, seat: str(s.legal_actions(seat)[0]), views_before=False)
    record = shown(end)
    assert record is not None and len(record) == 6
    rows = end.view(None).table["rows"]
    for k, entry in enumerate(record):
        row, side = rows[k // 2], ("west", "east")[k % 2]
        assert entry["seat"] == k % 2 and entry["cards"] == [row["board"], *row[side]]
        assert entry["label"] == f"row {k // 2 + 1}: {row[f'{side}_hand']}"


# --- the winner's hand, the stub, the hands left ----------------------------------------------------------------
def test_kowah_shows_the_winners_hand_and_no_other() -> None:
    """The winner of a Kowah deal lays down the hand, the third copy in it (kowah.txt): the completed hand
    is shown; the loser's hand stays hidden."""
    winner, loser = "5S 5H 5D 7H 7S 7D AD AD#2", ["2S", "3S", "4S", "6S", "8S", "9S", "2H", "3H"]
    deal = {"hands": [winner.split(), loser], "stock": ["AD#3", "4H"]}
    state = parlour.new_game("kowah", players=2, seed=0, deal=deal)
    assert shown(state, 1) is None
    state.apply(0, "draw stock")
    assert state.is_over
    record = shown(state, 1)
    assert record is not None and len(record) == 1 and record[0]["seat"] == 0 and record[0]["label"] == "kowah"
    assert same_cards(record[0], [card.split("#")[0] for card in f"{winner} AD#3".split()])   # copies look alike
    assert record[0]["cards"] == state.view(0).hand
    assert state.sample_world(1, random.Random(0)).view(1) == state.view(1)


def test_comet_shows_the_stub_and_the_hands_left() -> None:
    """Comet's stub lies face down until the deal ends (choice 9) and the hands left are counted against
    the winner's score: at the end both lie face up, the stub named as such."""
    hands = [["2C"], ["3C", "KD"], ["5H"], ["6H", "9D"]]
    state = parlour.new_game("comet", players=4, seed=0, deal={"hands": hands})
    assert shown(state, 1) is None and state.view(1).table["stub"] == 45
    end = to_deal_end(state, lambda s, seat: str(s.legal_actions(seat)[0]))
    record = shown(end, 1)
    assert record is not None
    assert [e["seat"] for e in record] == [1, 2, 3, None]
    for entry, hand in zip(record[:3], hands[1:], strict=True):
        assert same_cards(entry, hand) and entry["label"] == ""
    named = {c for hand in hands for c in hand}
    stub = [str(c) for c in COMET_PACK.cards if str(c) not in named]
    assert record[3]["label"] == "stub" and same_cards(record[3], stub)


@pytest.mark.parametrize("game", ["crates", "canasta", "samba", "carioca"])
def test_the_hands_counted_at_the_end_are_shown_as_held(game: str) -> None:
    """The cards left in hand are counted against their holders at the deal's end (rummy, Crates): each
    seat's hand lies face up as it held it, with what it counts."""
    state = parlour.new_game(game, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        assert shown(state, None) is None
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.playout(rng, deal_only=True)
    assert state.is_over
    record = shown(state, None)
    assert record is not None
    by_seat = {e["seat"]: e for e in record}
    for seat in range(state.players):
        held = state.view(seat).hand
        assert (seat in by_seat) == bool(held)
        if held:
            assert same_cards(by_seat[seat], held) and by_seat[seat]["label"]


def test_kabus_show_turns_every_hand_up_with_its_count() -> None:
    """Kabu: every hand is shown to be scored, in its place among the banked hands (kind ``banked``, not a
    ``shown`` zone): before the show another seat's cards stay face down and uncounted; at the show, in every
    view, each hand lies all face up with its count."""
    state = parlour.new_game("kabu", seed=4)
    rng = random.Random(4)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        others = [h for h in state.view(seat).table["hands"] if h["seat"] != seat]
        assert all(h["cards"] == [] and h["total"] is None for h in others)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for viewer in (None, *range(state.players)):
        view = state.view(viewer)
        assert view.kinds["table"]["hands"] == "banked" and shown(state, viewer) is None
        hands = view.table["hands"]
        assert sorted(h["seat"] for h in hands) == list(range(state.players))
        assert all(h["cards"] and h["face_down"] == 0 and h["total"] is not None for h in hands)


def test_schafkopf_turns_up_the_declarers_discards_when_the_hand_is_scored() -> None:
    """The declarer's two discards stay face down until the hand is scored, and count for the declarer
    (Schafkopf, notes): at the deal's end they lie face up, under the declarer."""
    rng = random.Random(1)
    state = parlour.new_game("schafkopf", seed=1)
    end = to_deal_end(state, lambda s, seat: str(rng.choice(s.legal_actions(seat))))
    declarer = end.view(None).extra["declarer"]
    assert declarer is not None
    record = shown(end, (declarer + 1) % 3)
    assert record is not None and len(record) == 1 and record[0]["seat"] == declarer
    assert record[0]["label"] == "laid away" and len(record[0]["cards"]) == 2
    assert end.view((declarer + 1) % 3).table["discard_face_down"] == 0
    assert record[0]["cards"] == end.view(declarer).extra["discarded"]   # what the declarer laid away


def test_calabrasella_turns_up_the_stock_with_the_last_trick() -> None:
    """The single player's discards stay hidden in the stock until it is taken at the end, with the last
    trick (Calabrasella): at the deal's end the stock lies face up under the seat that took it."""
    rng = random.Random(2)
    state = parlour.new_game("calabrasella", seed=2)
    end = to_deal_end(state, lambda s, seat: str(rng.choice(s.legal_actions(seat))))
    single = end.view(None).extra["single"]
    assert single is not None
    record = shown(end, None)
    assert record is not None and len(record) == 1 and record[0]["label"] == "the stock"
    assert same_cards(record[0], end.view(single).extra["discarded"] + end.view(None).table["talon"])
    assert f"seat {record[0]['seat']} wins the last trick and the stock" in end.view(None).log[-2]
