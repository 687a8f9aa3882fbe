"""A seat's view: everything that seat may know now, as plain JSON-ready data of one shape for every game.

Front-ends draw any game from a view without game code, bots choose from it, and RL observations are
built from it. Fields hold only lists, dicts, strings, numbers and ``None``, so ``View.from_dict(
view.to_dict()) == view`` and a view crosses a network unchanged.

Every table zone and ``extra`` entry says what it holds: a game declares a kind from ``ZONE_KINDS`` for
each (``ZONES = kinds(stock="count")`` for the table, ``EXTRAS`` for ``extra``) and the view carries
them in ``kinds``, so a front-end draws a heap of four face-down cards as a heap and the number 4 as a
number without knowing the game or guessing from the zone's name. ``fits`` says whether a value is of its kind;
the conformance suite checks every game's views with ``misfits``.

>>> fits("count", 12), fits("count", ["QC"]), fits("trick", [{"seat": 1, "card": "QC"}])
(True, False, True)
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Literal

from parlour.cards import Card

SEAT_KEYS = ("seat", "team", "held", "face_up", "tricks", "chips", "status")
# Further seat facts a game may add, which front-ends draw in their own way: ``bet``, the chips a seat has
# put out in front of it and not yet lost or won (this round's bets, a stake against the banker); ``role``,
# a word for the seat's part in the deal that the table marks beside its name ("banker", "dealer"); ``open``,
# true where every card the seat holds lies face up before it (bridge's dummy, a banker's hand shown), so that
# the table draws them as that seat's hand in its place, and not as a few cards shown beside hidden ones.
SEAT_EXTRAS = ("bet", "role", "open")


@dataclass(frozen=True, slots=True)
class View:
    game: str
    seat: int | None                 # None: a spectator
    hand_number: int
    phase: str
    to_move: list[int]
    legal_actions: list[str]         # notation, in the state's stable order
    hand: list[str]                  # own cards, sorted for display
    seats: list[dict[str, Any]]      # per seat, keys SEAT_KEYS
    table: dict[str, Any]            # named public zones: trick, upcard, discard, stock size, board...
    scores: list[int]
    log: list[str]                   # public events in words (secret details redacted for others)
    extra: dict[str, Any]            # what is truly particular to one game
    is_over: bool = False
    # {"table": {zone: kind}, "extra": {key: kind}}, kinds from ZONE_KINDS; {} in a view made before
    # views said what their zones hold (an old replay), which front-ends then draw by the values' shapes.
    kinds: dict[str, dict[str, str]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A deep copy: the caller may change it freely. (Copied as the JSON data it is, which takes a
        tenth of the time ``dataclasses.asdict`` spends asking every value whether it is a dataclass.)"""
        return {name: _copied(getattr(self, name)) for name in FIELD_NAMES}

    def fields(self) -> dict[str, Any]:
        """The fields themselves, shallowly: the same JSON as ``to_dict`` for serialising at once, without
        the deep copy (the server sends each view as soon as it is built). Not to be changed."""
        return {name: getattr(self, name) for name in FIELD_NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> View:
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) - names or not {"game", "seat"} <= set(data):
            raise ValueError("not a view: expected the fields " + ", ".join(sorted(names)))
        return cls(**copy.deepcopy(data))


FIELD_NAMES = tuple(f.name for f in fields(View))


def _copied(value: Any) -> Any:
    """JSON data copied all the way down; strings, numbers and ``None`` are shared, being immutable."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, tuple):
        items = (_copied(item) for item in value)
        return tuple(items) if type(value) is tuple else type(value)(*items)   # a named tuple keeps its kind
    return value


def seat_entry(seat: int, team: int | None = None, held: int = 0, face_up: list[str] | None = None,
               tricks: int | None = None, chips: int | None = None, status: str = "",
               bet: int | None = None, role: str = "", open_hand: bool = False) -> dict[str, Any]:
    """One seat's public facts, in the shape every front-end reads (``bet``, ``role`` and ``open`` only where
    a game gives them, so that the views of other games keep their shape)."""
    entry = {"seat": seat, "team": team, "held": held, "face_up": face_up or [], "tricks": tricks,
             "chips": chips, "status": status}
    if bet is not None:
        entry["bet"] = bet
    if role:
        entry["role"] = role
    if open_hand:
        entry["open"] = True
    return entry


def meld_note(ref: str, label: str, cards: list[Any], wild: Callable[[Any], bool], *, owner: int | None = None,
              closed: str | None = None, bonus: int | None = None) -> dict[str, Any]:
    """One group of a zone of kind melds as a ``meld_notes`` entry says it: ``cards`` in the order the zone
    shows them, ``wild`` telling a wild card (the places of those are marked); ``bonus`` only once closed."""
    wilds = [k for k, card in enumerate(cards) if wild(card)]
    return {"ref": ref, "label": label, "owner": owner, "wilds": wilds, "closed": closed, "natural": not wilds,
            "bonus": bonus if closed else None}


# --- what a zone holds ------------------------------------------------------------------------------
ZoneKind = Literal["cards", "card", "count", "number", "numbers", "seat", "seats", "flag", "chips", "pots",
                   "trick", "bids", "melds", "records", "text", "texts", "facts", "shown", "operands",
                   "to_call", "turn_order", "banked", "frozen", "meld_notes", "hand_value"]

ZONE_KINDS: dict[str, str] = {
    "cards": "cards face up, in order, the last on top (a discard pile, a widow shown, cards played)",
    "card": "one card face up (an upcard, the trump card), or none yet",
    "count": "a face-down heap: how many cards lie there, never which",
    "number": "a plain number (a match number, a level, the trick being played), or none yet",
    "numbers": "numbers by seat or by side (tricks by side, points below the line), or rows of them",
    "seat": "a seat (the dealer, the declarer), or none; a word when it may be a place instead (the talon)",
    "seats": "seats (who kept their hand), or the seats of each side",
    "flag": "yes or no",
    "chips": "a number of chips (the pool)",
    "pots": "pots by name: a list of {name, chips}, each with the seats that may win it where not all may",
    "trick": "plays around the table, in the order played: a list of {seat, card}",
    "bids": "an auction's calls in order: a list of {seat, call}",
    "melds": "groups of cards, by side or player: a list of lists of cards",
    "records": "rows of facts (matches played, rubbers, claims): a list of mappings",
    "text": "words (a contract, the trumps), or none yet",
    "texts": "lines of words (declarations, a round's calls), or lists of words by seat",
    "facts": "named plain facts (points by side, the game and its trumps): a mapping, or none yet",
    "to_call": "the chips it costs the viewing seat to stay in the betting now (0: it may check), or none "
               "when it has no bet to answer (not in the round, or no round on)",
    "turn_order": "the seats in the order they speak this deal, the first (eldest hand, mano) first",
    "hand_value": "what the viewing seat's own hand counts as it stands, in the game's words (Razz's best low so "
                  "far), in its own view only; none where it holds no live hand",
    "operands": "the numbers a sum on the table is made of, in the order of their places (Twenty-Four's board)",
    "shown": "cards the rules show face up at a deal's end, by seat: a list of {seat, cards, label}, seat none "
             "for cards of no seat (a stub, which the label names); only once the deal is over",
    "frozen": "whether the discard pile is frozen (taken only with a natural pair of its top card's rank): yes or no",
    "meld_notes": "what each group of a zone of kind melds is, by that zone's name: {verbs, side, melds}; verbs the "
                  "moves that put a card from hand onto those groups (``add 7H K``: the verb, the card, then the "
                  "group's ref), side the side whose melds they are (none: several players' or this turn's), melds "
                  "one {ref, label, owner, wilds, closed, natural, bonus} a group in the zone's order: ref the word "
                  "the moves name it by, label it in words (\"kings\", \"run in hearts\"), owner the seat that laid it "
                  "or none, wilds the places of its wild cards, closed the book's word for it once complete (\"natural "
                  "canasta\", \"samba\") or none, natural whether it holds no wild, bonus what it scores once complete",
    "banked": "hands played against a bank or against each other, each once: a list of {seat, cards, face_down, "
              "stake, total, status}; cards the viewer sees in the order received, face_down the number it does "
              "not, stake the chips riding on the hand (none for the bank's), total the count in the game's own "
              "words as far as the viewer may know it (none where it may not), status the hand's state in words",
}


def _is_card(item: Any) -> bool:
    return isinstance(item, str) and _is_card_text(item)


@functools.lru_cache(maxsize=4096)
def _is_card_text(text: str) -> bool:
    """A card in the engine's own notation (``QC``, ``10H``, ``JK``, ``7H#2``): what a view writes, so that
    front-ends read one spelling (not ``1C`` or ``Q♣``, which ``Card.parse`` also reads)."""
    try:
        return str(Card.parse(text)) == text
    except ValueError:
        return False


def _is_whole(item: Any) -> bool:
    return isinstance(item, int) and not isinstance(item, bool)


def _is_number(item: Any) -> bool:
    return isinstance(item, (int, float)) and not isinstance(item, bool)


def _is_seat(item: Any) -> bool:
    return _is_whole(item) and item >= 0


def _list_of(test: Callable[[Any], bool], item: Any) -> bool:
    return isinstance(item, list) and all(test(x) for x in item)


def _rows_of(test: Callable[[Any], bool], item: Any) -> bool:
    """A list of values, or a list of lists of them (one list a seat or side)."""
    return _list_of(test, item) or _list_of(lambda row: _list_of(test, row), item)


def _entries(item: Any, shape: Mapping[str, Callable[[Any], bool]]) -> bool:
    return isinstance(item, list) and all(
        isinstance(x, dict) and set(x) == set(shape) and all(test(x[k]) for k, test in shape.items()) for x in item)


def _or_none(test: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda item: item is None or test(item)


_POT: dict[str, Callable[[Any], bool]] = {"name": lambda n: isinstance(n, str), "chips": _is_whole}
_POT_FOR_SOME = _POT | {"seats": lambda seats: _list_of(_is_seat, seats)}
_BANKED: dict[str, Callable[[Any], bool]] = {
    "seat": _is_seat, "cards": lambda v: _list_of(_is_card, v), "face_down": lambda v: _is_whole(v) and v >= 0,
    "stake": _or_none(_is_whole), "total": _or_none(lambda v: isinstance(v, str)),
    "status": lambda v: isinstance(v, str)}
_MELD_NOTE: dict[str, Callable[[Any], bool]] = {
    "ref": lambda v: isinstance(v, str), "label": lambda v: isinstance(v, str), "owner": _or_none(_is_seat),
    "wilds": lambda v: _list_of(lambda k: _is_whole(k) and k >= 0, v), "closed": _or_none(lambda v: isinstance(v, str)),
    "natural": lambda v: isinstance(v, bool), "bonus": _or_none(_is_whole)}


def _meld_notes(item: Any) -> bool:
    return isinstance(item, dict) and all(
        isinstance(zone, str) and isinstance(notes, dict) and set(notes) == {"verbs", "side", "melds"}
        and _list_of(lambda v: isinstance(v, str), notes["verbs"]) and _or_none(_is_whole)(notes["side"])
        and _entries(notes["melds"], _MELD_NOTE) for zone, notes in item.items())


_SHOWN: dict[str, Callable[[Any], bool]] = {"seat": _or_none(_is_seat), "cards": lambda v: _list_of(_is_card, v),
                                            "label": lambda v: isinstance(v, str)}

FITS: dict[str, Callable[[Any], bool]] = {
    "cards": lambda v: _list_of(_is_card, v),
    "card": _or_none(_is_card),
    "count": lambda v: _is_whole(v) and v >= 0,
    "number": _or_none(_is_number),
    "numbers": lambda v: _rows_of(_is_number, v),
    "seat": _or_none(lambda v: _is_seat(v) or isinstance(v, str)),
    "seats": lambda v: _rows_of(_is_seat, v),
    "flag": lambda v: isinstance(v, bool),
    "chips": _is_whole,
    "pots": lambda v: _list_of(lambda pot: _entries([pot], _POT) or _entries([pot], _POT_FOR_SOME), v),
    "trick": lambda v: _entries(v, {"seat": _is_seat, "card": _is_card}),
    "bids": lambda v: _entries(v, {"seat": _is_seat, "call": lambda c: isinstance(c, str)}),
    "melds": lambda v: _list_of(lambda group: _list_of(_is_card, group), v),
    "records": lambda v: _list_of(lambda row: isinstance(row, dict), v),
    "text": _or_none(lambda v: isinstance(v, str)),
    "texts": lambda v: _rows_of(lambda x: isinstance(x, str), v),
    "facts": _or_none(lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v)),
    "shown": lambda v: _entries(v, _SHOWN),
    "operands": lambda v: _list_of(_is_number, v),
    "banked": lambda v: _entries(v, _BANKED),
    "frozen": lambda v: isinstance(v, bool),
    "meld_notes": _meld_notes,
    "to_call": _or_none(lambda v: _is_whole(v) and v >= 0),
    "turn_order": lambda v: _list_of(_is_seat, v) and len(set(v)) == len(v),
    "hand_value": _or_none(lambda v: isinstance(v, str)),
}


def fits(kind: str, item: Any) -> bool:
    """Whether ``item`` is a value of ``kind`` (one of ``ZONE_KINDS``); an unknown kind fits nothing."""
    test = FITS.get(kind)
    return test is not None and test(item)


def kinds(**entries: ZoneKind) -> Mapping[str, ZoneKind]:
    """A game's declaration of what its zones hold, read-only: ``ZONES = kinds(stock="count", upcard="card")``."""
    return MappingProxyType(entries)


_DECLARED: dict[type, tuple[dict[str, str], dict[str, str]]] = {}


def declared_kinds(game: type) -> tuple[dict[str, str], dict[str, str]]:
    """The kinds a game class declares (``ZONES``, ``EXTRAS``) together with those of its bases, so that a
    mechanic declares the zones it draws (the trick) and a game only its own; a subclass's win."""
    if game not in _DECLARED:
        zones: dict[str, str] = {}
        extras: dict[str, str] = {}
        for base in reversed(game.__mro__):
            zones.update(vars(base).get("ZONES", {}))
            extras.update(vars(base).get("EXTRAS", {}))
        _DECLARED[game] = zones, extras
    return _DECLARED[game]


def view_kinds(table: Mapping[str, Any], extra: Mapping[str, Any], zones: Mapping[str, str],
               extras: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """A view's ``kinds``: the declared kind of each zone and ``extra`` entry it shows (a key a game
    forgot to declare is left out, for front-ends to draw by its shape)."""
    return {"table": {k: zones[k] for k in table if k in zones},
            "extra": {k: extras[k] for k in extra if k in extras}}


def misfits(view: View) -> list[str]:
    """What in ``view`` has no kind or does not fit its kind, in words; empty when all is well."""
    problems = []
    for part in ("table", "extra"):
        kinds = view.kinds.get(part, {})
        for key, item in getattr(view, part).items():
            kind = kinds.get(key)
            if kind is None:
                problems.append(f"{part} {key!r} has no declared kind")
            elif not fits(kind, item):
                problems.append(f"{part} {key!r} is declared {kind!r} but holds {item!r}")
        problems += [f"{part} kind {key!r} names no {part} entry" for key in set(kinds) - set(getattr(view, part))]
    return problems
