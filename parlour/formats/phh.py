"""Razz hands as Poker Hand History (PHH), the plain-text format that pokerkit and other poker tools read.

:func:`to_phh` reads a finished hand of a ``razz`` game (a state, or a record it replays; the game keeps
each deal's cards and moves in ``deals``) and writes it as a PHH file:
``variant = 'FR'`` (fixed-limit razz), the antes, bring-in, small and big bet, the stacks at the start of
the hand, and ``actions`` in PHH notation: each card dealt (``d dh p1 As2c7d`` on third street, one card a
street after), each move (``p3 pb`` the bring-in, ``p1 cbr 4`` a completion, bet or raise *to* an
amount, ``p2 cc`` a check or call, ``p1 f`` a fold) and the hands shown at the showdown (``p1 sm ...``).

Mapping (a choice):

* ``p1`` is the first seat dealt in from the dealer's left, then round the table; seats without chips,
  who sit the hand out, are left out. ``players`` names them ``seat N``.
* Every card of a hand is written, down cards too, as an onlooker reads a hand history after the hand;
  with ``seat``, only what that seat saw: its own cards, every up card and the hands shown at the showdown,
  and ``??`` for each card it never saw (a folded hand's down cards, the others' seventh card). Folded
  hands are never shown at the showdown.
* :func:`to_phhs` writes every finished hand of a game as one ``.phhs`` file (a TOML table a hand), which
  ``pokerkit.HandHistory.loads_all`` reads; a hand with no PHH form is a comment saying why.
* pokerkit plays razz with the usual cap, no shared card and ties for first action by seat, so a hand
  with a community card, a game without the cap heads-up and the ``suit-ties`` variant have no PHH form:
  ``ValueError`` says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.cards import Card, Rank
from parlour.engine.record import replay
from parlour.engine.state import State
from parlour.games.razz import CARDS, SUIT_TIES, DealRecord, RazzState
from parlour.mechanics.betting import Move

PHH_RANKS = {Rank.TEN: "T"}
PHH_CODES = {Move.BRING_IN: "pb", Move.FOLD: "f", Move.CHECK: "cc", Move.CALL: "cc"}


def phh_card(card: Card) -> str:
    """``10H`` as PHH writes it: ``Th``."""
    return PHH_RANKS.get(card.rank, card.rank.letter) + str(card)[-1].lower()


def to_phh(source: State | Mapping[str, Any], hand: int = 1, seat: int | None = None) -> str:
    """The PHH text of hand ``hand`` (1-based, finished) of a Razz game, from a state or its record; with
    ``seat``, only the cards that seat saw."""
    state = _razz(source)
    if not 1 <= hand <= len(state.deals):
        raise ValueError(f"the game has no finished hand {hand}")
    deal = state.deals[hand - 1]
    if deal.community is not None:
        raise ValueError("pokerkit's razz has no community card, so this hand has no PHH form")
    return _write(deal, state.options, seat)


def to_phhs(source: State | Mapping[str, Any], seat: int | None = None) -> str:
    """Every finished hand of a Razz game as one ``.phhs`` text, a TOML table a hand."""
    state = _razz(source)
    parts = []
    for number in range(1, len(state.deals) + 1):
        try:
            parts.append(f"[{number}]\n{to_phh(state, number, seat)}")
        except ValueError as exc:
            parts.append(f"# hand {number}: {exc}\n")
    return "\n".join(parts)


def _razz(source: State | Mapping[str, Any]) -> RazzState:
    state = source if isinstance(source, State) else replay(dict(source))
    if not isinstance(state, RazzState):
        raise ValueError(f"PHH is written here for razz hands, not {state.info.id!r}")
    if state.variant == SUIT_TIES:
        raise ValueError("pokerkit breaks ties for first action by seat, so the suit-ties variant has no PHH form")
    if not state.options["heads_up_cap"]:
        raise ValueError("pokerkit caps every razz round, so a game without the cap heads-up has no PHH form")
    return state


DOWN_CARDS = (0, 1, 6)   # the places in a stud hand dealt face down: the first two and the seventh


def _write(deal: DealRecord, options: Mapping[str, Any], viewer: int | None = None) -> str:
    player = {seat: f"p{k + 1}" for k, seat in enumerate(deal.seated)}
    given: dict[int, list[str]] = {seat: [] for seat in deal.seated}
    shown = {seat for seat, _ in deal.shown}

    def written(seat: int, card: int) -> str:
        """The card as the viewer knows it: its own, an up card, or a hand shown; else unknown."""
        hidden = (viewer is not None and seat != viewer and seat not in shown
                  and len(given[seat]) in DOWN_CARDS)
        return "??" if hidden else phh_card(CARDS[card])

    lines: list[str] = []
    for kind, seat, value in deal.events:
        if kind == "deal":
            given[seat].append(written(seat, value))
            if len(given[seat]) == 3:        # third street: two down and the door card, in one line
                lines.append(f"d dh {player[seat]} {''.join(given[seat])}")
            elif len(given[seat]) > 3:
                lines.append(f"d dh {player[seat]} {given[seat][-1]}")
        else:
            lines.append(f"{player[seat]} {_code(Move(kind), value)}")
    lines += [f"{player[seat]} sm {''.join(given[seat])}" for seat, _ in deal.shown]
    fields = {
        "variant": "'FR'", "ante_trimming_status": "false",
        "antes": str([options["ante"]] * len(deal.seated)), "bring_in": str(options["bring_in"]),
        "small_bet": str(options["small_bet"]), "big_bet": str(2 * options["small_bet"]),
        "starting_stacks": str([deal.stacks[s] for s in deal.seated]),
        "actions": "[" + ", ".join(f"'{line}'" for line in lines) + "]",
        "hand": str(deal.number), "players": "[" + ", ".join(f"'seat {s}'" for s in deal.seated) + "]",
        "finishing_stacks": str([deal.after[s] for s in deal.seated]),
    }
    return "".join(f"{key} = {value}\n" for key, value in fields.items())


def _code(move: Move, bet: int) -> str:
    """A move in PHH: completions, bets and raises name the amount they go to (the seat's bet after)."""
    return PHH_CODES.get(move, f"cbr {bet}")
