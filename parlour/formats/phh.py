"""Razz hands as Poker Hand History (PHH), the plain-text format that pokerkit and other poker tools read.

:func:`to_phh` replays a ``razz`` record (or a state's) and writes one finished hand as a PHH file:
``variant = 'FR'`` (fixed-limit razz), the antes, bring-in, small and big bet, the stacks at the start of
the hand, and ``actions`` in PHH notation: each card dealt (``d dh p1 As2c7d`` on third street, one card a
street after), each move (``p3 pb`` the bring-in, ``p1 cbr 4`` a completion, bet or raise *to* an
amount, ``p2 cc`` a check or call, ``p1 f`` a fold) and the hands shown at the showdown (``p1 sm ...``).

Mapping (a choice):

* ``p1`` is the first seat dealt in from the dealer's left, then round the table; seats without chips,
  who sit the hand out, are left out. ``players`` names them ``seat N``.
* Every card of a hand is written, down cards too: a hand history is read after the hand, by an
  onlooker. Folded hands show only the cards dealt to them, never at the showdown.
* pokerkit plays razz with the usual cap and no shared card, so a hand with a community card, or a game
  without the cap heads-up, has no PHH form: ``ValueError`` says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.cards import Card, Rank
from parlour.engine.registry import new_game
from parlour.engine.state import State
from parlour.games.razz import CARDS, RazzState
from parlour.mechanics.betting import BettingAction, Move

PHH_RANKS = {Rank.TEN: "T"}
PHH_CODES = {Move.BRING_IN: "pb", Move.FOLD: "f", Move.CHECK: "cc", Move.CALL: "cc"}


def phh_card(card: Card) -> str:
    """``10H`` as PHH writes it: ``Th``."""
    return PHH_RANKS.get(card.rank, card.rank.letter) + card.suit.letter.lower()


def to_phh(source: State | Mapping[str, Any], hand: int = 1) -> str:
    """The PHH text of hand ``hand`` (1-based) of a Razz game, from a state or its record; the hand must
    be finished."""
    record = source.record() if isinstance(source, State) else dict(source)
    if record.get("game") != "razz":
        raise ValueError(f"PHH is written here for razz hands, not {record.get('game')!r}")
    options = dict(record["options"])
    if not options.get("heads_up_cap", True):
        raise ValueError("pokerkit caps every razz round, so a game without the cap heads-up has no PHH form")
    state = new_game("razz", players=record["players"], variant=record.get("variant"), seed=record["seed"],
                     **options)
    assert isinstance(state, RazzState)
    actions = [(seat, text) for seat, text in record["actions"]]
    k = 0
    while state.hand_number < hand and k < len(actions):
        state.apply(*actions[k])
        k += 1
    if state.hand_number != hand:
        raise ValueError(f"the game has no hand {hand}")
    return _write(state, actions[k:], options)


def _write(state: RazzState, actions: list[tuple[int, str]], options: dict[str, Any]) -> str:
    seated = state.seated
    player = {seat: f"p{k + 1}" for k, seat in enumerate(seated)}
    stacks = [state.chips_before[s] for s in seated]
    lines: list[str] = []
    first_down = {s: _downs(state, s) for s in seated}
    for s in seated:
        lines.append(f"d dh {player[s]} " + _cards([*first_down[s], state.up[s][0]]))
    seen = {s: (state.down[s], 1) for s in seated}

    def dealt() -> None:
        """The cards dealt since last looked, street by street: each seat's new up cards in order, then its
        new down card (seventh street)."""
        if state.community is not None:
            raise ValueError("pokerkit's razz has no community card, so this hand has no PHH form")
        new = {}
        for s in seated:
            down, ups = seen[s]
            new[s] = [*state.up[s][ups:], *_downs(state, s, without=down)]
            seen[s] = (state.down[s], len(state.up[s]))
        for street in range(max(map(len, new.values()))):
            lines.extend(f"d dh {player[s]} {_cards(new[s][street:street + 1])}" for s in seated
                         if len(new[s]) > street)

    number = state.hand_number
    state._halting = True   # stop at the end of this hand, the cards still on the table
    for seat, text in actions:
        move = state.parse_action(text)
        assert isinstance(move, BettingAction)
        lines.append(f"{player[seat]} {_code(state, seat, move.move)}")
        state.apply(seat, text)
        if state.halted or state.is_over:
            break
        dealt()
    if not (state.halted or state.is_over):
        raise ValueError(f"hand {number} is not finished")
    live = state.live
    if len(live) > 1:
        dealt()
        for s in live:
            shown = [*first_down[s], *state.up[s], *_downs(state, s, without=sum(1 << c for c in first_down[s]))]
            lines.append(f"{player[s]} sm {_cards(shown)}")
    fields = {
        "variant": "'FR'", "ante_trimming_status": "false",
        "antes": str([options["ante"]] * len(seated)), "bring_in": str(options["bring_in"]),
        "small_bet": str(options["small_bet"]), "big_bet": str(2 * options["small_bet"]),
        "starting_stacks": str(stacks), "actions": "[" + ", ".join(f"'{line}'" for line in lines) + "]",
        "hand": str(number), "players": "[" + ", ".join(f"'seat {s}'" for s in seated) + "]",
        "finishing_stacks": str([state.ledger.chips[s] for s in seated]),
    }
    return "".join(f"{key} = {value}\n" for key, value in fields.items())


def _downs(state: RazzState, seat: int, without: int = 0) -> list[int]:
    mask = state.down[seat] & ~without
    return [c for c in range(len(CARDS)) if mask >> c & 1]


def _cards(cards: list[int]) -> str:
    return "".join(phh_card(CARDS[c]) for c in cards)


def _code(state: RazzState, seat: int, move: Move) -> str:
    """A move in PHH: completions, bets and raises name the amount they go to."""
    if move in PHH_CODES:
        return PHH_CODES[move]
    r = state.round
    to = r.size if r.top < r.size else r.top + r.size
    return f"cbr {to}"
