"""Portable Bridge Notation export of Auction Bridge (parlour/formats/pbn.py): PBN 2.1 export form, one
PBN game per deal, the fifteen mandatory tags in order, the auction and play sections.

The exported text is read back by a small PBN reader written here, and checked against the game.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import pytest

import parlour
from parlour.bots import make_bot
from parlour.cards import ACE_HIGH, STANDARD_52, Card
from parlour.formats.pbn import COMPASS, TAG_ORDER, call_text, card_text, hand_text, to_pbn
from parlour.games.auction_bridge import CARDS, DENOMINATIONS, AuctionBridgeState

TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
RANKS = [rank.letter for rank in ACE_HIGH]
NT = 4
Deal = dict[str, list[list[str]]]
Preferences = dict[int, list[int]]


# --- prepared deals (as in tests/games/test_auction_bridge.py, whose docstring explains them) ---------------
def layout(k: int, denomination: int, declarer: int = 0) -> tuple[Deal, Preferences]:
    """A deal in which ``declarer`` takes exactly ``k`` tricks at ``denomination`` under ``play_out``."""
    long = 3 if denomination == NT else denomination
    shed, dummy_suit, guarded = [s for s in range(4) if s != long]
    north, east, south, west = ((declarer + i) % 4 for i in range(4))

    def cards(suit: int, ranks: list[str]) -> list[str]:
        return [rank + "CDHS"[suit] for rank in ranks]
    hands = {north: cards(long, RANKS[13 - k:]) + cards(guarded, RANKS[:13 - k]),
             east: cards(long, RANKS[:13 - k]) + cards(shed, RANKS[:k]),
             south: cards(dummy_suit, RANKS),
             west: cards(guarded, RANKS[13 - k:]) + cards(shed, RANKS[k:])}
    preferences = {north: [long, guarded], east: [long, shed], south: [dummy_suit], west: [shed, guarded]}
    return {"hands": [hands[s] for s in range(4)]}, preferences


def new(deals: Deal | list[Deal], **options: Any) -> AuctionBridgeState:
    state = parlour.new_game("auction-bridge", seed=1, deal=deals, **options)
    assert isinstance(state, AuctionBridgeState)
    return state


def call(state: parlour.State, calls: str) -> None:
    for word in calls.split():
        state.apply(state.to_move[0], word if word in ("pass", "double", "redouble") else f"bid {word}")


def play_out(state: parlour.State, preferences: Preferences) -> None:
    """Each hand plays its lowest legal card of the first suit it prefers, to the end of the deal."""
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        seat = state.to_move[0]
        order = preferences[state.view(seat).extra["playing"]]

        def key(action: str, order: list[int] = order) -> tuple[int, int]:
            card = Card.parse(action.split()[1])
            suit = int(card.suit)  # type: ignore[arg-type]
            return (order.index(suit) if suit in order else 9, ACE_HIGH.index(card.rank))
        state.apply(seat, min((str(a) for a in state.legal_actions(seat)), key=key))


# --- a small PBN reader -----------------------------------------------------------------------------------


def read_pbn(text: str) -> list[dict[str, Any]]:
    """PBN games as dicts: ``tags`` (name -> value, in order), and the lines of each section by tag."""
    games: list[dict[str, Any]] = []
    section: str | None = None
    for line in text.splitlines():
        if line.startswith("%") or not line.strip():
            if not line.strip():
                section = None
            continue
        found = TAG.match(line)
        if found:
            if not games or (found.group(1) == "Event" and "Event" in games[-1]["tags"]):
                games.append({"tags": {}, "sections": {}, "notes": []})
            name, value = found.group(1), found.group(2).replace('\\"', '"').replace("\\\\", "\\")
            games[-1]["tags"][name] = value
            section = name if name in ("Auction", "Play") else None
            if section:
                games[-1]["sections"][section] = []
        elif line.startswith("{"):
            games[-1]["notes"].append(line.strip("{}"))
        else:
            assert section is not None, f"a line outside any section: {line!r}"
            games[-1]["sections"][section].append(line.split())
    return games


def hands_of(deal_tag: str) -> dict[str, set[str]]:
    """The Deal tag as sets of cards by compass point (cards written as in the play section)."""
    first, _, rest = deal_tag.partition(":")
    compass = "NESW"
    out: dict[str, set[str]] = {}
    for k, hand in enumerate(rest.split()):
        point = compass[(compass.index(first) + k) % 4]
        if hand == "-":
            continue
        cards: set[str] = set()
        for suit, ranks in zip("SHDC", hand.split("."), strict=True):
            cards.update(suit + rank for rank in ranks)
        out[point] = cards
    return out


def two_deal_rubber() -> AuctionBridgeState:
    """Seat 0 makes 1NT doubled with nine tricks; then seat 1 deals, seat 2 takes 3NT redoubled and makes
    it with ten: two games and the rubber."""
    first, second = layout(9, NT, declarer=0), layout(10, NT, declarer=2)
    state = new([first[0], second[0]])
    call(state, "1NT double pass pass pass")
    play_out(state, first[1])
    call(state, "1C 3NT double redouble pass pass pass")
    play_out(state, second[1])
    assert state.is_over
    return state


def test_export_form_header_and_one_game_per_deal() -> None:
    """PBN 2.1 export: the version and export lines first, then one game per deal, separated by blank lines."""
    text = to_pbn(two_deal_rubber())
    assert text.startswith("% PBN 2.1\n% EXPORT\n\n[Event ")
    games = read_pbn(text)
    assert len(games) == 2 and [g["tags"]["Board"] for g in games] == ["1", "2"]
    assert "\n\n[Event " in text
    assert all(chunk.index("{") < chunk.index("[Auction") for chunk in text.split("\n\n")[1:]), \
        "the commentary stands before the sections"


def test_the_mandatory_tags_come_first_in_their_order() -> None:
    """Export form: Event, Site, Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring,
    Declarer, Contract, Result, then the Auction and Play sections."""
    for game in read_pbn(to_pbn(two_deal_rubber())):
        assert list(game["tags"]) == [*TAG_ORDER, "Auction", "Play"]
        tags = game["tags"]
        assert tags["Vulnerable"] == "None" and tags["Scoring"] == "Rubber"
        assert (tags["North"], tags["East"], tags["South"], tags["West"]) == ("seat 0", "seat 1", "seat 2", "seat 3")
        assert tags["Site"] == "?" and tags["Date"] == "????.??.??"


def test_the_deal_tag() -> None:
    """Deal: the dealer's compass point, then the four hands clockwise, each spades.hearts.diamonds.clubs,
    highest first, T for ten."""
    game = read_pbn(to_pbn(two_deal_rubber()))[0]
    assert game["tags"]["Dealer"] == "N"
    assert game["tags"]["Deal"] == ("N:AKQJT9876.5432.. 5432...T98765432 ..AKQJT98765432. "
                                    ".AKQJT9876..AKQJ")
    second = read_pbn(to_pbn(two_deal_rubber()))[1]
    assert second["tags"]["Dealer"] == "E" and second["tags"]["Deal"].startswith("E:")
    hands = hands_of(second["tags"]["Deal"])
    assert len(set().union(*hands.values())) == 52 and "SA" in hands["S"]


def test_the_auction_section() -> None:
    """Auction: the tag names the dealer; calls four to a line from the dealer, as Pass, X, XX and bids."""
    games = read_pbn(to_pbn(two_deal_rubber()))
    assert games[0]["tags"]["Auction"] == "N"
    assert games[0]["sections"]["Auction"] == [["1NT", "X", "Pass", "Pass"], ["Pass"]]
    assert games[1]["tags"]["Auction"] == "E"
    assert games[1]["sections"]["Auction"] == [["1C", "3NT", "X", "XX"], ["Pass", "Pass", "Pass"]]


def test_contract_declarer_and_result() -> None:
    """Contract with X or XX for doubled and redoubled; Declarer's compass point; Result the tricks taken by
    the declarer."""
    first, second = (g["tags"] for g in read_pbn(to_pbn(two_deal_rubber())))
    assert (first["Contract"], first["Declarer"], first["Result"]) == ("1NTX", "N", "9")
    assert (second["Contract"], second["Declarer"], second["Result"]) == ("3NTXX", "S", "10")


def test_the_play_section() -> None:
    """Play: the tag names the opening leader; each line is one trick, the cards in the fixed order of the
    players starting with the opening leader; every card lies in the column of the hand that held it."""
    state = two_deal_rubber()
    for game, deal in zip(read_pbn(to_pbn(state)), state.deals(), strict=True):
        leader = "NESW"[(deal.declarer + 1) % 4]  # type: ignore[operator]
        assert game["tags"]["Play"] == leader
        lines = game["sections"]["Play"]
        assert len(lines) == 13 and all(len(line) == 4 for line in lines)
        hands = hands_of(game["tags"]["Deal"])
        for column in range(4):
            point = "NESW"[("NESW".index(leader) + column) % 4]
            assert {line[column] for line in lines} == hands[point]
    first = read_pbn(to_pbn(state))[0]["sections"]["Play"]
    assert first[0] == ["S2", "D2", "CJ", "S6"]    # East leads, then South (dummy), West, North


def test_a_thrown_in_deal() -> None:
    """A deal all four pass: Contract Pass, no declarer or result, four passes and no play section."""
    state = new(layout(7, NT)[0], dealer_may_pass=True)
    call(state, "pass pass pass pass")
    game = read_pbn(to_pbn(state))[0]
    tags = game["tags"]
    assert (tags["Contract"], tags["Declarer"], tags["Result"]) == ("Pass", "", "")
    assert game["sections"] == {"Auction": [["Pass", "Pass", "Pass", "Pass"]]}
    assert "thrown in" in game["notes"][0]


def test_a_deal_in_progress() -> None:
    """A running deal: unknowns are ?, and the unfinished auction or play ends with *."""
    state = new(layout(7, NT)[0])
    call(state, "1NT pass")
    game = read_pbn(to_pbn(state))[-1]
    assert (game["tags"]["Contract"], game["tags"]["Declarer"], game["tags"]["Result"]) == ("?", "?", "?")
    assert game["sections"] == {"Auction": [["1NT", "Pass", "*"]]}
    call(state, "pass pass")
    for card in ("2S", "2D", "9C", "8S", "9S"):
        state.apply(state.to_move[0], f"play {card}")
    game = read_pbn(to_pbn(state))[-1]
    assert game["tags"]["Contract"] == "1NT" and game["tags"]["Result"] == "?"
    assert game["sections"]["Play"] == [["S2", "D2", "C9", "S8"], ["-", "-", "-", "S9"], ["*"]]


def test_a_seat_exports_only_what_it_may_see() -> None:
    """With ``seat``, hands that seat has not seen are written -: its own, and dummy's once shown; a deal
    played out shows every hand, every card having been played face up."""
    state = new([layout(7, NT)[0]])
    call(state, "1NT pass pass pass")
    deal = read_pbn(to_pbn(state, seat=3))[0]["tags"]["Deal"]
    assert sorted(hands_of(deal)) == ["W"]
    state.apply(1, "play 2S")
    hidden = read_pbn(to_pbn(state, seat=3))[0]["tags"]["Deal"]
    assert sorted(hands_of(hidden)) == ["S", "W"] and hidden.split()[0] == "N:-"
    assert sorted(hands_of(read_pbn(to_pbn(state))[0]["tags"]["Deal"])) == ["E", "N", "S", "W"]
    play_out(state, layout(7, NT)[1])
    assert sorted(hands_of(read_pbn(to_pbn(state, seat=3))[0]["tags"]["Deal"])) == ["E", "N", "S", "W"]
    # A deal thrown in was never seen: only the seat's own hand.
    state = new(layout(7, NT)[0], dealer_may_pass=True)
    call(state, "pass pass pass pass")
    assert sorted(hands_of(read_pbn(to_pbn(state, seat=2))[0]["tags"]["Deal"])) == ["S"]


def test_a_record_exports_like_its_state() -> None:
    """A record (as saved, through JSON) gives the same text as the state it was made from."""
    state = two_deal_rubber()
    assert to_pbn(json.loads(json.dumps(state.record()))) == to_pbn(state)


def test_tag_values_given_and_escaped() -> None:
    """Event, Site, Date and player names are the caller's; quotes and backslashes in them are escaped."""
    text = to_pbn(two_deal_rubber(), event='Club "night"', site="Bath", date=datetime.date(1912, 3, 4),
                  players=["Ann", "Bob", "Cy", "D\\E"])
    tags = read_pbn(text)[0]["tags"]
    assert '[Event "Club \\"night\\""]' in text and tags["Event"] == 'Club "night"'
    assert (tags["Site"], tags["Date"], tags["North"], tags["West"]) == ("Bath", "1912.03.04", "Ann", "D\\E")
    assert read_pbn(to_pbn(two_deal_rubber(), date="1920.??.??"))[0]["tags"]["Date"] == "1920.??.??"
    assert "\r\n" in to_pbn(two_deal_rubber(), line_end="\r\n")


def test_bad_requests_are_refused() -> None:
    """Another game, an unknown seat, a malformed date or record: a ValueError, never a wrong file."""
    with pytest.raises(ValueError, match="Auction Bridge"):
        to_pbn(parlour.new_game("tetka", seed=1))
    state = two_deal_rubber()
    with pytest.raises(ValueError, match="seat"):
        to_pbn(state, seat=4)
    with pytest.raises(ValueError, match="date"):
        to_pbn(state, date="4 March 1912")
    with pytest.raises(ValueError, match="players"):
        to_pbn(state, players=["Ann"])
    with pytest.raises(ValueError):
        to_pbn({"format": "chess"})


def test_card_and_hand_notation() -> None:
    """Cards as suit then rank (T for ten); a void suit is an empty place between dots."""
    assert card_text(Card.parse("10H")) == "HT" and card_text(Card.parse("AS")) == "SA"
    assert hand_text(STANDARD_52.mask(Card.parse(c) for c in ("AS", "10S", "2H", "KC"))) == "AT.2..K"


def test_every_deal_of_a_whole_game_reads_back_consistently() -> None:
    """A heuristic game's export: each deal holds 52 different cards, the play agrees with the hands, and
    the result counts the tricks of the declarer's side, replayed trick by trick from the play section."""
    state = parlour.new_game("auction-bridge", seed=11)
    bots = [make_bot("heuristic", "auction-bridge", seed=s) for s in range(4)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state.view(seat)))
    games = read_pbn(to_pbn(state))
    assert len(games) == len(state.hand_results) > 1
    for game in games:
        tags = game["tags"]
        hands = hands_of(tags["Deal"])
        assert sum(len(h) for h in hands.values()) == 52 and len(set().union(*hands.values())) == 52
        if tags["Contract"] == "Pass":
            continue
        opening = "NESW".index(tags["Play"])
        lines = game["sections"]["Play"]
        assert len(lines) == 13
        for column in range(4):
            assert {line[column] for line in lines} == hands["NESW"[(opening + column) % 4]]
        trumps = tags["Contract"].rstrip("X")[1:]
        leader = opening
        declarers = 0
        for line in lines:
            led = line[(leader - opening) % 4]
            best = max(range(4), key=lambda c: power(line[c], led[0], trumps))
            leader = (opening + best) % 4
            declarers += leader % 2 == "NESW".index(tags["Declarer"]) % 2
        assert str(declarers) == tags["Result"]


def power(card: str, led: str, trumps: str) -> int:
    """How strong a card is in a trick: trumps above the suit led, other suits nowhere."""
    order = "23456789TJQKA"
    if card[0] == trumps:
        return 100 + order.index(card[1])
    return order.index(card[1]) if card[0] == led else -1


def test_endplay_reads_every_deal_of_exported_rubbers() -> None:
    """The export loads in endplay, another program's PBN reader: for every deal of whole random rubbers,
    endplay finds the same hands, dealer, auction, contract, declarer, tricks taken and cards played.

    Doubled and redoubled contracts come up among these seeds; the commentary with the Auction Bridge
    score must not be read as part of the play section (which endplay once refused: ``Could not convert {
    into a Denom object``)."""
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    from endplay.types import Bid, Denom, Penalty, Player
    from endplay.types import Card as EndplayCard

    penalties = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}
    checked = 0
    for seed in range(6):
        state = parlour.new_game("auction-bridge", seed=seed)
        bots = [make_bot("random", "auction-bridge", seed=seed * 4 + s) for s in range(4)]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, bots[seat].choose(state.view(seat)))
        assert isinstance(state, AuctionBridgeState)
        deals = list(state.deals())
        boards = endplay_pbn.loads(to_pbn(state))
        assert len(boards) == len(deals)
        for deal, board in zip(deals, boards, strict=True):
            hands = [hand_text(hand) for hand in deal.hands]
            assert board.deal.to_pbn() == "N:" + " ".join(hands)
            assert board.auction == [Bid(call_text(call)) for _, call in deal.calls]
            assert deal.contract is not None and deal.declarer is not None
            level, denomination, doubled = deal.contract
            contract = board.contract
            assert (contract.level, contract.denom, contract.penalty) == (
                level, Denom.find(DENOMINATIONS[denomination]), penalties[doubled])
            assert contract.declarer == Player.find(COMPASS[deal.declarer])
            assert board.dealer == Player.find(COMPASS[deal.dealer])
            assert contract.result + 6 + level == deal.declarer_tricks
            played = [card_text(CARDS[card]) for _, cards in deal.tricks for card in cards]
            assert board.play == [EndplayCard(text) for text in played]
            checked += 1
    assert checked >= 100


def test_endplay_reads_a_thrown_in_deal_and_a_deal_in_progress() -> None:
    """A deal all four pass reads in endplay as four passes with no contract and no play; a running auction
    reads as the calls made so far."""
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    from endplay.types import Bid

    state = new(layout(7, NT)[0], dealer_may_pass=True)
    call(state, "pass pass pass pass 1NT pass")
    thrown_in, running = endplay_pbn.loads(to_pbn(state))
    assert thrown_in.auction == [Bid("Pass")] * 4 and thrown_in.play == []
    assert thrown_in.contract.is_passout()
    assert running.auction == [Bid("1NT"), Bid("Pass")]
