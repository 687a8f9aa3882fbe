"""Auction Bridge deals as Portable Bridge Notation (PBN 2.1), the text format other bridge programs read.

:func:`to_pbn` turns a finished or running ``auction-bridge`` state, or its record, into PBN text in
export form: the ``% PBN 2.1`` and ``% EXPORT`` header lines, then one PBN game per deal, each with the
fifteen mandatory tags in their required order (Event, Site, Date, Board, West, North, East, South,
Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result), a commentary with the deal's Auction
Bridge score in words, the auction section and, once cards have been played, the play section. The
commentary stands before the sections, where every reader skips it: endplay, for one, reads any line
after the play section as another trick.

Mapping (a choice, also stated in the game's module):

* Seat 0 is North, 1 East, 2 South, 3 West: seat ``i + 1`` sits on seat ``i``'s left, and partners face
  each other, as in bridge. ``Board`` is the deal's number in the game (``hand_number``).
* Auction Bridge knows no vulnerability: ``Vulnerable`` is ``None``. ``Scoring`` is ``Rubber``, the PBN
  name closest to the game's rubber scoring; the trick values, honours and bonuses of Auction Bridge
  differ from contract bridge's, so the commentary carries the score as this game counts it.
* ``Deal`` lists the hands as dealt, starting with the dealer's. A hand the exporting seat could not see
  is written ``-`` (see ``seat`` below).
* A deal thrown in after four passes has ``Contract`` ``Pass``, empty ``Declarer`` and ``Result``, and no
  play section. A deal still in progress has ``?`` for what is not yet known, and its auction or play
  section ends with ``*``.
* The play section has one line per trick, the cards in the fixed order of the seats starting with the
  opening leader (the ``Play`` tag); a card not yet played is ``-``.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.cards import Card, Rank
from parlour.engine.record import replay
from parlour.engine.state import State
from parlour.games.auction_bridge import (
    CARDS,
    CONTRACT_OF,
    DENOMINATIONS,
    AuctionBridgeState,
    DealRecord,
)

COMPASS = "NESW"                 # by seat: 0 North, 1 East, 2 South, 3 West
PBN_SUIT_ORDER = (3, 2, 1, 0)    # spades, hearts, diamonds, clubs, as a PBN hand lists them
PBN_RANKS = "AKQJT98765432"
TAG_ORDER = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
UNKNOWN_DATE = "????.??.??"
# Each card by its place in PBN_RANKS and its suit.
CARD_INDEX = {(PBN_RANKS.index(rank_letter), int(card.suit)): index  # type: ignore[arg-type]
              for index, card in enumerate(CARDS)
              for rank_letter in ["T" if card.rank == Rank.TEN else card.rank.letter]}


def to_pbn(source: State | Mapping[str, Any], *, seat: int | None = None, event: str = "Auction Bridge",
           site: str = "?", date: datetime.date | str | None = None, players: Sequence[str] | None = None,
           line_end: str = "\n") -> str:
    """PBN text for every deal of an Auction Bridge game, one PBN game per deal.

    ``source`` is a state (finished or running) or a record (``state.record()``, replayed here).
    ``seat``: export only what that seat may know: every card of a deal that was played out, and of other
    deals its own hand and dummy's once shown; the others are ``-``. ``None`` (the default) writes every
    hand: for a finished game, or for an onlooker after the fact, never for a player of a game in progress.
    ``date`` is a ``datetime.date`` or PBN text such as ``"2026.05.01"``; unknown by default.
    ``players`` names the four seats (by seat number); by default ``seat 0`` to ``seat 3``.
    """
    state = _state_of(source)
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4):
        raise ValueError(f"no seat {seat!r}: seats are 0 to 3")
    names = list(players) if players is not None else [f"seat {s}" for s in range(4)]
    if len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ValueError("players names the four seats, seat 0 to seat 3")
    date_text = _date_text(date)
    lines = ["% PBN 2.1", "% EXPORT"]
    results = state.hand_results
    for deal in state.deals():
        lines.append("")
        summary = results[deal.number - 1].summary if deal.number <= len(results) else ""
        lines += deal_lines(deal, state, seat=seat, event=event, site=site, date=date_text, players=names,
                            summary=summary)
    return line_end.join(lines) + line_end


def deal_lines(deal: DealRecord, state: AuctionBridgeState, *, seat: int | None, event: str, site: str,
               date: str, players: Sequence[str], summary: str = "") -> list[str]:
    """The lines of one PBN game: the mandatory tags, a commentary, the auction and play sections."""
    tags = {
        "Event": event, "Site": site, "Date": date, "Board": str(deal.number),
        "West": players[3], "North": players[0], "East": players[1], "South": players[2],
        "Dealer": COMPASS[deal.dealer], "Vulnerable": "None",
        "Deal": deal_text(deal.dealer, visible_hands(deal, state, seat)), "Scoring": "Rubber",
    }
    if deal.contract is not None and deal.declarer is not None:
        level, denomination, doubled = deal.contract
        tags["Declarer"] = COMPASS[deal.declarer]
        tags["Contract"] = f"{level}{DENOMINATIONS[denomination]}" + "X" * doubled
        tags["Result"] = "?" if deal.declarer_tricks is None else str(deal.declarer_tricks)
    elif deal.auction_over:
        tags["Declarer"], tags["Contract"], tags["Result"] = "", "Pass", ""
    else:
        tags["Declarer"] = tags["Contract"] = tags["Result"] = "?"
    lines = [f'[{name} "{escape(tags[name])}"]' for name in TAG_ORDER]
    # The commentary sits between the tags and the sections: PBN allows it anywhere outside a section's
    # data, but readers such as endplay take every line after the play section as more tricks.
    note = f"Auction Bridge, rubber {deal.rubber}, hand {deal.number}"
    if summary:
        note += f": {summary}"
    lines.append("{" + note.replace("}", ")") + "}")
    lines.append(f'[Auction "{COMPASS[deal.dealer]}"]')
    calls = [call_text(call) for _, call in deal.calls]
    if not deal.auction_over:
        calls.append("*")
    lines += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
    if deal.tricks:
        leader = deal.tricks[0][0]
        lines.append(f'[Play "{COMPASS[leader]}"]')
        for trick_leader, cards in deal.tricks:
            column = ["-"] * 4
            for k, card in enumerate(cards):
                column[(trick_leader + k - leader) % 4] = card_text(CARDS[card])
            lines.append(" ".join(column))
        if deal.declarer_tricks is None:
            lines.append("*")
    return lines


def visible_hands(deal: DealRecord, state: AuctionBridgeState, seat: int | None) -> list[int | None]:
    """The hands as dealt that ``seat`` may know (all of them for ``None``), None where hidden."""
    if seat is None or deal.declarer_tricks is not None:
        return list(deal.hands)
    shown = {seat}
    current = not state.is_over and deal.number == state.hand_number
    if current and deal.declarer is not None and state.dummy_shown:
        shown.add((deal.declarer + 2) % 4)
    return [hand if s in shown else None for s, hand in enumerate(deal.hands)]


def deal_text(first: int, hands: Sequence[int | None]) -> str:
    """The ``Deal`` tag's value: ``N:`` and the four hands clockwise from seat ``first`` (``-`` if hidden)."""
    return COMPASS[first] + ":" + " ".join(hand_text(hands[(first + k) % 4]) for k in range(4))


def hand_text(hand: int | None) -> str:
    """One hand in PBN: spades, hearts, diamonds and clubs separated by dots, each highest first."""
    if hand is None:
        return "-"
    held = [CARDS[i] for i in range(len(CARDS)) if hand >> i & 1]
    suits = []
    for suit in PBN_SUIT_ORDER:
        ranks = sorted((rank_char(c.rank) for c in held if c.suit == suit), key=PBN_RANKS.index)
        suits.append("".join(ranks))
    return ".".join(suits)


def read_deal(text: str) -> list[int]:
    """A PBN deal string (``N:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q.K``) as four hands by seat, North first.

    The compass letter names the first hand's seat; the others follow clockwise. Every hand is given, all
    of one size (an ending of a few tricks is a deal too), and no card twice. Refusals name the fault."""
    first, colon, rest = text.strip().partition(":")
    if not colon or first.upper() not in COMPASS or len(first) != 1:
        raise ValueError(f"a PBN deal starts with the first hand's seat and a colon (N:, E:, S: or W:), "
                         f"not {text.strip()[:12]!r}")
    hands_text = rest.split()
    if len(hands_text) != 4:
        raise ValueError(f"a PBN deal has four hands separated by spaces, not {len(hands_text)}: {text.strip()!r}")
    start = COMPASS.index(first.upper())
    hands = [0] * 4
    seen = 0
    for k, hand in enumerate(hands_text):
        seat = (start + k) % 4
        hands[seat] = _read_hand(hand, COMPASS[seat])
        if seen & hands[seat]:
            twice = [card_text(CARDS[i]) for i in range(len(CARDS)) if (seen & hands[seat]) >> i & 1]
            raise ValueError(f"{', '.join(twice)} dealt twice")
        seen |= hands[seat]
    sizes = {COMPASS[s]: hands[s].bit_count() for s in range(4)}
    if len(set(sizes.values())) != 1 or not sizes["N"]:
        raise ValueError("every hand of a deal holds the same number of cards, at least one: "
                         + ", ".join(f"{seat} {size}" for seat, size in sizes.items()))
    return hands


def _read_hand(text: str, seat: str) -> int:
    suits = text.split(".")
    if len(suits) != 4:
        raise ValueError(f"{seat}'s hand {text!r} is four suits (spades, hearts, diamonds, clubs) "
                         "separated by dots")
    hand = 0
    for suit, ranks in zip(PBN_SUIT_ORDER, suits, strict=True):
        for rank in ranks.upper():
            if rank not in PBN_RANKS:
                raise ValueError(f"{seat}'s hand {text!r}: {rank!r} is not a rank (AKQJT98765432)")
            index = CARD_INDEX[(PBN_RANKS.index(rank), suit)]
            if hand >> index & 1:
                raise ValueError(f"{seat}'s hand {text!r} holds {card_text(CARDS[index])} twice")
            hand |= 1 << index
    return hand


def rank_char(rank: Rank) -> str:
    return "T" if rank == Rank.TEN else rank.letter


def card_text(card: Card) -> str:
    """A card as the play section writes it: suit letter, then rank (``SA``, ``HT``)."""
    return card.suit.letter + rank_char(card.rank)  # type: ignore[union-attr]


def call_text(call: str) -> str:
    """A call as PBN writes it: ``1C`` .. ``7NT``, ``Pass``, ``X``, ``XX``."""
    if call in CONTRACT_OF:
        return call
    return {"pass": "Pass", "double": "X", "redouble": "XX"}[call]


def escape(value: str) -> str:
    """A tag value with its backslashes and double quotes escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _date_text(date: datetime.date | str | None) -> str:
    if date is None:
        return UNKNOWN_DATE
    if isinstance(date, datetime.date):
        return date.strftime("%Y.%m.%d")
    if isinstance(date, str) and len(date) == 10 and date[4] == date[7] == "." and all(
            ch.isdigit() or ch == "?" for ch in date[:4] + date[5:7] + date[8:]):
        return date
    raise ValueError(f"a PBN date is written YYYY.MM.DD (with ? for unknown digits), not {date!r}")


def _state_of(source: State | Mapping[str, Any]) -> AuctionBridgeState:
    if isinstance(source, State):
        state = source
    elif isinstance(source, Mapping):
        state = replay(dict(source))
    else:
        raise ValueError(f"PBN export takes an Auction Bridge state or record, not {type(source).__name__}")
    if not isinstance(state, AuctionBridgeState):
        raise ValueError(f"PBN export is for Auction Bridge, not {state.info.name}")
    return state
