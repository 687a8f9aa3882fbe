"""Malformed input is refused with Parlour's own errors, over every game: prepared deals and records.

Two entry points take data a careless program builds by hand: ``new_game(..., deal=...)`` and
``parlour.replay(record)``. Whatever that data holds (wrong types, wrong sizes, unknown or repeated cards,
bad copy numbers, wrong keys, a bad deal later in a list, huge values), the answer is one of the errors of
``parlour.errors`` — a ``DealError`` for a deal, a ``RecordError`` for a record — and never a bare
``ValueError``, ``TypeError``, ``KeyError``, ``IndexError`` or ``AttributeError``; and ``new_game`` refuses
before anything is dealt, so no state is made.

Each game's good deals are built from its pack in the forms its module docstring gives; every mutation of
one is malformed whatever the game (a mutation that some game could read as good, such as leaving out an
optional ``stock``, is not made). Hypothesis draws the mutations, derandomized so that a failure is the same
on every run.
"""

from __future__ import annotations

import copy
import importlib
import json
import math
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import parlour
from parlour import RecordError
from parlour.cards import PACKS, Card, Pack
from parlour.engine.record import FORMAT_VERSION
from parlour.errors import DealError, NotationError

GAMES = [info.id for info in parlour.games()]  # type: ignore[operator]  # the callable module

def pick(data: st.DataObject, values: list[Any], label: str) -> Any:
    """One of ``values``, drawn by its place in the list: some are numbers too long for Hypothesis to show."""
    return values[data.draw(st.integers(0, len(values) - 1), label=f"{label} (place in the list)")]


def _id(value: Any) -> str:
    """A short text for a value in a test's id or message, which may be a number too long to write out."""
    try:
        text = repr(value)
    except ValueError:
        return "enormous"
    return re.sub(r" at 0x[0-9a-f]+", "", text)[:40]   # the same in every process, for pytest-xdist


# --- good deals, built from each game's pack ---------------------------------------------------------


def pack_of(game: str) -> Pack:
    """The pack a game deals (a game's own pack, such as Comet's, where ``cards.PACKS`` has none)."""
    info = parlour.game_info(game)
    return PACKS.get(info.pack) or importlib.import_module(f"parlour.games.{game.replace('-', '_')}").PACK


def _split(cards: list[str], *sizes: int) -> list[list[str]]:
    out, at = [], 0
    for size in sizes:
        out.append(cards[at:at + size])
        at += size
    return out


# Each game's prepared deal naming the hands, at its usual player count, as its module docstring gives it:
# the pack in its own order, cut into the hands, with every optional part given, so that there is something
# to spoil in each.
HAND_DEALS: dict[str, Callable[[list[str]], dict[str, Any]]] = {
    "auction-bridge": lambda c: {"hands": _split(c, 13, 13, 13, 13)},
    "authors": lambda c: {"hands": _split(c, 13, 13, 13, 13)},
    "calabrasella": lambda c: {"hands": _split(c, 12, 12, 12), "talon": c[36:40]},
    "canadian-salad": lambda c: {"hands": _split(c, 13, 13, 13, 13)},
    "carioca": lambda c: {"hands": _split(c, 11, 11, 11, 11), "upcard": c[44], "stock": c[45:50]},
    "comet": lambda c: {"hands": _split(c, 12, 12, 12, 12)},
    "crates": lambda c: {"hands": _split(c, 8, 8, 8, 8), "upcard": c[32], "stock": c[33:40]},
    "divide-and-conquer": lambda c: {"hands": _split(c, 5, 5)},
    "heart-solo": lambda c: {"hands": _split(c, 8, 8, 8), "dealer": 2},
    "kabu": lambda c: {"hands": _split(c, 2, 2, 2, 2), "stock": c[8:12]},
    "kowah": lambda c: {"hands": _split(c, 8, 8, 8, 8), "stock": c[32:40]},
    "mus": lambda c: {"hands": _split(c, 4, 4, 4, 4), "stock": c[16:20]},
    "pitty-pat": lambda c: {"hands": _split(c, 5, 5, 5, 5), "upcard": c[20], "stock": c[21:25]},
    "preference": lambda c: {"hands": _split(c, 10, 10, 10), "widow": c[30:32]},
    "reversis": lambda c: {"hands": _split(c, 11, 11, 11, 12), "down": c[45:48]},
    "schafkopf": lambda c: {"hands": _split(c, 10, 10, 10), "widow": c[30:32]},
    "solo": lambda c: {"hands": _split(c, 8, 8, 8, 8), "dealer": 3},
    "tetka": lambda c: {"hands": _split(c, 13, 13, 13, 13), "bum": c[51]},   # the dealer, seat 3, holds it
    "tute": lambda c: {"hands": _split(c, 10, 10, 10, 10), "trump": c[19]},  # the dealer, seat 1, holds it
    "twenty-five": lambda c: {"hands": _split(c, 5, 5, 5, 5), "upcard": c[20]},
    "twenty-four": lambda c: {"piles": _split(c, 20, 20)},
    "vint": lambda c: {"hands": _split(c, 13, 13, 13, 13)},
}
# Games that take a stacked pack, ``{"pack": [every card, top first]}`` (their docstrings, or their own
# tests, say so), with the other keys that form takes.
STACKED: dict[str, dict[str, Any]] = {
    **{game: {} for game in ("authors", "canasta", "carioca", "comet", "crates", "east-west", "kabu", "kowah",
                             "pontoon", "razz", "samba", "schafkopf", "tetka", "twenty-four")},
    "heart-solo": {"dealer": 2},
    "solo": {"dealer": 3},
}


def good_deals(game: str) -> list[dict[str, Any]]:
    cards = [str(card) for card in pack_of(game)]
    deals = [{"pack": cards, **STACKED[game]}] if game in STACKED else []
    return deals + ([HAND_DEALS[game](cards)] if game in HAND_DEALS else [])


# What each key of a prepared deal holds: the whole of a list of cards ("cards"), part of one ("some",
# a stock whose unnamed cards follow in the seed's order), one list of cards per seat ("seats"), one card,
# or a seat.
FIELDS = {"pack": "cards", "talon": "cards", "widow": "cards", "down": "cards", "stock": "some",
          "hands": "seats", "piles": "seats", "upcard": "card", "bum": "card", "trump": "card", "dealer": "seat"}
# The key that names a deal's form: without it the deal is no deal at all.
FORM_KEYS = ("pack", "hands", "piles")
# Comet's hands may be of any size (each at least one card), the cards named nowhere forming the stub.
ANY_SIZE_HANDS = {"comet"}

Path = tuple[Any, ...]


def slots(deal: dict[str, Any], *, scalars: bool = True) -> list[Path]:
    """Every place in ``deal`` that holds one card's text."""
    out: list[Path] = []
    for key, value in deal.items():
        kind = FIELDS[key]
        if kind in ("cards", "some"):
            out += [(key, i) for i in range(len(value))]
        elif kind == "seats":
            out += [(key, seat, i) for seat, cards in enumerate(value) for i in range(len(cards))]
        elif kind == "card" and scalars:
            out.append((key,))
    return out


def card_lists(deal: dict[str, Any]) -> list[Path]:
    """Every list of cards in ``deal``: a whole key's, or one seat's."""
    out: list[Path] = []
    for key, value in deal.items():
        if FIELDS[key] in ("cards", "some"):
            out.append((key,))
        elif FIELDS[key] == "seats":
            out += [(key, seat) for seat in range(len(value))]
    return out


def at(deal: Any, path: Path) -> Any:
    for step in path:
        deal = deal[step]
    return deal


def put(deal: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    """A deep copy of ``deal`` with ``value`` at ``path``."""
    out = copy.deepcopy(deal)
    at(out, path[:-1])[path[-1]] = value
    return out


def unknown_cards(pack: Pack) -> list[str]:
    """Texts that are no card of ``pack``: not cards at all, or cards of another pack."""
    texts = ["JK", "ZZ", "2C#99", "", " ", "1C", "11H", "AX", "A", "10", "JOKER#2", "QC#0", "KS#17", "QC#1#1",
             "Q", "♣", "QC QD", "2C#²", "\x00", "AS\n", "10HH"]

    def known(text: str) -> bool:
        try:
            return Card.parse(text) in pack
        except ValueError:
            return False

    return [text for text in texts if not known(text)]


def respelt(text: str) -> list[str]:
    """Other ways of writing the same card: lower case, the suit's symbol, the first copy's number."""
    card = Card.parse(text)
    out = [text.lower(), card.symbol_text(), f" {text} "]
    return out + ([f"{text}#1"] if card.copy == 0 else [])


# --- mutations: each returns (what was done, the malformed deal) -------------------------------------

Draw = st.DataObject
NOT_DEALS: list[Any] = [5, -1, 3.5, True, "xyz", "AS KS", b"xyz", {}, [], [5], ["xyz"], [[]], [{}],
                        {"cards": []}, {"hands": None}, {"pack": None}, {"hands": 5}, {"pack": "xyz"},
                        {"hands": [[]]}, {"pack": []}, {"hands": {}}, {"piles": 7}, object(), {1, 2}]


def not_a_deal(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    junk = data.draw(st.sampled_from(NOT_DEALS), label="deal")
    return f"the deal is {junk!r}", junk


def wrong_keys(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    form = next(key for key in FORM_KEYS if key in deal)
    how = data.draw(st.sampled_from(["unknown key", "second form", "renamed", "removed"]), label="how")
    if how == "unknown key":
        key = data.draw(st.sampled_from(["bogus", "Hands", "cards", "deal", "seed", "dealer" if "dealer" not in
                                         deal else "widows"]), label="key")
        value = data.draw(st.sampled_from([1, None, [], "x", deal[form]]), label="value")
        return f"an unknown key {key!r}: {_id(value)}", {**deal, key: value}
    if how == "second form":
        other = "hands" if form == "pack" else "pack"
        value = (_split(deal["pack"], len(deal["pack"])) if other == "hands"
                 else [str(card) for card in pack_of(game)])
        return f"both {form!r} and {other!r}", {**deal, other: value}
    rest = {key: value for key, value in deal.items() if key != form}
    if how == "renamed":
        names = sorted({form.upper(), form.capitalize(), form[:-1], f"{form}s", f" {form}", "deck"} - {form})
        name = data.draw(st.sampled_from(names), label="name")
        return f"{form!r} renamed {name!r}", {**rest, name: deal[form]}
    return f"no {form!r}", rest


def wrong_type(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    key = data.draw(st.sampled_from(sorted(deal)), label="key")
    kind, value = FIELDS[key], deal[key]
    if kind in ("cards", "some"):
        junk = [5, "xyz", " ".join(value) or "AS KS", 3.5, True, {"AS": 1}, [5], [None], [[value[0]]] if value
                else [["AS"]], [3.5], (value or ["AS"])[0], tuple(value) or ("AS",), {"cards": value}]
        junk += [None, []] if kind == "cards" else []   # a stock may be left out or empty
    elif kind == "seats":
        n = len(value)
        junk = [5, "xyz", None, {"0": value[0]}, [5] * n, [None] * n, ["xyz"] * n,
                [card for cards in value for card in cards], [" ".join(cards) for cards in value],
                [{"cards": cards} for cards in value], [tuple(cards) for cards in value], [[5]] * n,
                [[cards] for cards in value], [cards[0] for cards in value if cards]]
    elif kind == "card":
        junk = [5, 3.5, True, [value], {"card": value}, value.encode(), [], {}]
    else:
        junk = [str(value), float(value), [value], True, False, {"seat": value}, f"seat {value}"]
    bad = data.draw(st.sampled_from(junk), label="junk")
    return f"{key!r} is {_id(bad)}", {**deal, key: bad}


def wrong_type_card(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    path = data.draw(st.sampled_from(slots(deal, scalars=False)), label="where")
    bad = data.draw(st.sampled_from([None, 5, 3.5, True, -1, ["AS"], {"card": "AS"}, b"AS", ("AS",), math.nan]),
                    label="junk")
    return f"{bad!r} at {path}", put(deal, path, bad)


def wrong_size(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    path = data.draw(st.sampled_from(card_lists(deal)), label="list")
    cards = at(deal, path)
    some = FIELDS[path[0]] == "some"
    seat_list = FIELDS[path[0]] == "seats"
    hows = ["a repeated card added", "doubled"]
    if not some:
        hows += ["emptied"] + ([] if seat_list and game in ANY_SIZE_HANDS else ["one card short", "cut to one"])
    if seat_list:
        hows += ["a seat's list removed", "an empty seat's list added", "a seat's list repeated"]
    how = data.draw(st.sampled_from(hows), label="how")
    seats = deal[path[0]] if seat_list else []
    spoil: dict[str, Callable[[], Any]] = {
        "a repeated card added": lambda: put(deal, path, cards + [slot_card(deal, path)]),
        "doubled": lambda: put(deal, path, cards + cards),
        "emptied": lambda: put(deal, path, []),
        "one card short": lambda: put(deal, path, cards[:-1]),
        "cut to one": lambda: put(deal, path, cards[:1]),
        "a seat's list removed": lambda: {**deal, path[0]: seats[:-1]},
        "an empty seat's list added": lambda: {**deal, path[0]: seats + [[]]},
        "a seat's list repeated": lambda: {**deal, path[0]: seats + [seats[0]]},
    }
    return f"{path} {how}", spoil[how]()


def slot_card(deal: dict[str, Any], path: Path) -> str:
    """A card that ``deal`` already holds, to repeat in the list at ``path`` (its own first card if any)."""
    cards = at(deal, path)
    return str(cards[0]) if cards else str(at(deal, slots(deal, scalars=False)[0]))


def unknown_card(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    path = data.draw(st.sampled_from(slots(deal)), label="where")
    text = data.draw(st.sampled_from(unknown_cards(pack_of(game))), label="card")
    return f"{text!r} at {path}", put(deal, path, text)


def duplicate_card(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    path = data.draw(st.sampled_from(slots(deal)), label="where")
    if len(path) == 1:
        # A lone card (an upcard, Tetka's bum, Tute's trump) that a hand already holds; for the bum and the
        # trump, which the dealer must hold, one of seat 0's, who never deals the first hand of either.
        sources = [("hands", 0, i) for i in range(len(deal["hands"][0]))]
    else:
        sources = [other for other in slots(deal, scalars=False) if other != path]
    source = data.draw(st.sampled_from(sources), label="from")
    text = at(deal, source)
    spelt = data.draw(st.sampled_from([text, *respelt(text)]), label="as")
    return f"{spelt!r} (held at {source}) again at {path}", put(deal, path, spelt)


def bad_copy(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    pack = pack_of(game)
    path = data.draw(st.sampled_from(slots(deal)), label="where")
    face = str(Card.parse(at(deal, path)).face)
    absent = max(card.copy for card in pack) + 2   # the first copy number the pack does not hold
    number = data.draw(st.sampled_from([0, absent, 17, 99, 10**30, "-1", "x", "²", "1.5", "+2", " 2"]),
                       label="copy")
    return f"'{face}#{number}' at {path}", put(deal, path, f"{face}#{number}")


def bad_seat(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    players = parlour.game_info(game).players_default
    seat = data.draw(st.sampled_from([-1, players, players + 1, 10**100, -(10**100), 2**63]), label="seat")
    return f"dealer {seat}", {**deal, "dealer": seat}


def huge(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    how = data.draw(st.sampled_from(["long list", "long card", "huge number", "enormous number", "deep"]),
                    label="how")
    if how == "long list":
        path = data.draw(st.sampled_from(card_lists(deal)), label="list")
        return f"{path} of 20,000 cards", put(deal, path, [slot_card(deal, path)] * 20_000)
    path = data.draw(st.sampled_from(slots(deal)), label="where")
    bad: Any = {"long card": "A" * 100_000 + "S", "huge number": 10**100, "enormous number": 10**5000,
                "deep": _nested(2_000)}[how]
    return f"{how} at {path}", put(deal, path, bad)


def _nested(depth: int) -> list[Any]:
    out: list[Any] = ["AS"]
    for _ in range(depth):
        out = [out]
    return out


MUTATIONS: dict[str, Callable[[Draw, str, dict[str, Any]], tuple[str, Any]]] = {
    "not-a-deal": not_a_deal,
    "wrong-keys": wrong_keys,
    "wrong-type": wrong_type,
    "wrong-type-card": wrong_type_card,
    "wrong-size": wrong_size,
    "unknown-card": unknown_card,
    "duplicate-card": duplicate_card,
    "bad-copy": bad_copy,
    "bad-seat": bad_seat,
    "huge": huge,
}


def later_deal(data: Draw, game: str, deal: dict[str, Any]) -> tuple[str, Any]:
    """A list of deals whose first is good and a later one malformed. A later deal is read against its own
    place (another dealer, other hand sizes), so only mutations that spoil a deal wherever it stands."""
    kinds = [kind for kind in sorted(MUTATIONS) if kind in kinds_for(game, deal) and kind != "huge"]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "duplicate-card" and any(FIELDS[key] == "card" for key in deal):
        kind = "unknown-card"   # a lone card that a hand holds may be good in another dealer's deal
    what, bad = MUTATIONS[kind](data, game, deal)
    good = data.draw(st.integers(1, 2), label="good deals first")
    return f"deal {good + 1} of a list: {what}", [deal] * good + [bad]


def kinds_for(game: str, deal: dict[str, Any]) -> list[str]:
    return [kind for kind in MUTATIONS if kind != "bad-seat" or "dealer" in deal]


KINDS = [*MUTATIONS, "later-deal"]
ALL_MUTATIONS = {**MUTATIONS, "later-deal": later_deal}


def outcome(game: str, deal: Any) -> BaseException | None:
    """What ``new_game`` raises for ``deal`` (``None``: it made a state)."""
    try:
        parlour.new_game(game, seed=1, deal=deal)
    except Exception as exc:
        return exc
    return None


def deal_cases() -> list[Any]:
    cases = []
    for game in GAMES:
        with_dealer = any("dealer" in deal for deal in good_deals(game))
        for kind in KINDS:
            if kind != "bad-seat" or with_dealer:
                cases.append(pytest.param(game, kind, id=f"{game}-{kind}"))
    return cases


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_good_deal_to_spoil(game: str) -> None:
    """The deals the property spoils are good: each game takes them and deals what they name."""
    deals = good_deals(game)
    assert deals, f"{game} has no prepared deal here: add its form to HAND_DEALS or STACKED"
    for deal in deals:
        state = parlour.new_game(game, seed=1, deal=deal)
        again = parlour.new_game(game, seed=2, deal=deal)
        seat = state.to_move[0]
        assert state.view(seat).to_dict()["hand"] == again.view(seat).to_dict()["hand"], "the seed dealt, not the deal"


# Derandomized and without shrinking: a failure is the same first example on every run, found fast, and the
# assertion's message says what was spoiled, which is all that shrinking would make plainer.
DEAL_SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                         phases=(Phase.explicit, Phase.generate), suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize(("game", "kind"), deal_cases())
@DEAL_SETTINGS
@given(data=st.data())
def test_a_malformed_deal_is_refused_with_a_deal_error(game: str, kind: str, data: Draw) -> None:
    """``new_game(deal=...)`` with any malformed prepared deal raises ``DealError`` and makes no state."""
    deal = data.draw(st.sampled_from(good_deals(game)), label="good deal")
    if kind != "later-deal" and kind not in kinds_for(game, deal):
        return
    what, bad = ALL_MUTATIONS[kind](data, game, deal)
    exc = outcome(game, bad)
    form = next(key for key in FORM_KEYS if key in deal)
    assert exc is not None, f"{game} ({form} form), {what}: accepted, new_game made a state"
    assert isinstance(exc, DealError), (
        f"{game} ({form} form), {what}: {type(exc).__name__}: {str(exc)[:200]}")


# --- records --------------------------------------------------------------------------------------


def played_record(game: str, steps: int = 15, **options: Any) -> dict[str, Any]:
    """The record of a game after ``steps`` random legal actions, through JSON as it is saved."""
    state = parlour.new_game(game, seed=5, **options)
    rng = random.Random(game)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record: dict[str, Any] = json.loads(json.dumps(state.record()))
    return record


_RECORDS: dict[str, dict[str, Any]] = {}


def record_of(game: str) -> dict[str, Any]:
    if game not in _RECORDS:
        _RECORDS[game] = played_record(game)
    return copy.deepcopy(_RECORDS[game])


JUNK: list[Any] = [None, True, 0, -1, 3.5, math.nan, "", "x", "1", [], [1], {}, {"a": 1}, b"x", (1,), 10**100]
# Notations no game can take at any point.
BAD_NOTATIONS = ["frobnicate", "", " ", "play", "play ZZ", "play 2C#99", "play QC#0", "\x00", "x" * 5_000,
                 "play AS AS AS AS AS AS AS AS AS AS AS AS AS AS", "bid -1 spades", "pass pass", "ПАС"]


def corrupt(data: Draw, game: str, record: dict[str, Any]) -> tuple[str, Any]:
    """One corruption of ``record`` that no replay can take for a good record."""
    info = parlour.game_info(game)
    value: Any
    how = data.draw(st.sampled_from(["removed", "junk field", "format", "format_version", "rules_version",
                                     "game", "variant", "players", "seed", "reserved option", "unknown option",
                                     "option value", "option name", "action shape", "action seat",
                                     "action notation", "scores", "whole", "seen_by"]), label="how")
    if how == "removed":
        key = data.draw(st.sampled_from([k for k in sorted(record) if k not in ("scores", "rules_version")]),
                        label="key")
        return f"no {key!r}", {k: v for k, v in record.items() if k != key}
    if how == "junk field":
        key = data.draw(st.sampled_from(["format", "format_version", "game", "players", "seed", "options",
                                         "actions", "scores", "rules_version"]), label="key")
        junk = data.draw(st.sampled_from([j for j in JUNK if not (key == "scores" and j == [])
                                          and not (key == "options" and j == {})]), label="junk")
        if key == "actions" and junk == [] and not record["actions"]:
            junk = [[]]
        return f"{key!r} is {_id(junk)}", {**record, key: junk}
    if how == "format":
        value = data.draw(st.sampled_from(["chess", "Parlour-Record", None, 1, ""]), label="format")
        return f"format {value!r}", {**record, "format": value}
    if how == "format_version":
        value = pick(data, [0, FORMAT_VERSION + 1, -1, str(FORMAT_VERSION), float(FORMAT_VERSION), True, None,
                            [FORMAT_VERSION], 10**5000], "version")
        return f"format_version {_id(value)}", {**record, "format_version": value}
    if how == "rules_version":
        value = pick(data, [info.rules_version + 1, 0, str(info.rules_version), True, None,
                            float(info.rules_version), 10**5000], "version")
        if value is True and info.rules_version != 1:
            value = None
        return f"rules_version {_id(value)}", {**record, "rules_version": value}
    if how == "game":
        names = {game.upper(), game.replace("-", "_"), f" {game}"} - {game}
        value = data.draw(st.sampled_from(["no-such-game", *sorted(names), "", "x" * 5_000, None, 5, [game]]),
                          label="game")
        return f"game {_id(value)}", {**record, "game": value}
    if how == "variant":
        value = data.draw(st.sampled_from(["no-such-variant", "", 5, True, [], ["x"], {"v": 1}, "x" * 5_000]),
                          label="variant")
        return f"variant {_id(value)}", {**record, "variant": value}
    if how == "players":
        value = pick(data, [0, -1, info.max_players + 1, 10**100, 10**5000, "4", 4.0, None, True], "players")
        return f"players {_id(value)}", {**record, "players": value}
    if how == "seed":
        value = pick(data, ["5", 5.0, None, True, [5], 10**5000], "seed")
        return f"seed {_id(value)}", {**record, "seed": value}
    if how == "reserved option":
        key = data.draw(st.sampled_from(["seed", "players", "variant", "game_id"]), label="key")
        value = data.draw(st.sampled_from([record.get(key), 1, None, "x"]), label="value")
        return f"option {key!r}", {**record, "options": {**record["options"], key: value}}
    if how == "unknown option":
        key = data.draw(st.sampled_from(["no_such_option", "Deal", "", " ", "x" * 5_000, "__class__"]), label="key")
        return f"option {_id(key)}", {**record, "options": {**record["options"], key: 1}}
    if how == "option value":
        value = data.draw(st.sampled_from([{1, 2}, (1, 2), b"x", math.nan, math.inf, object(), 10**100, "x" * 5_000,
                                           _nested(100), Card.parse("AS")]), label="value")
        key = data.draw(st.sampled_from(sorted(record["options"]) + ["deal"]), label="key")
        return f"option {key!r} is {_id(value)}", {**record, "options": {**record["options"], key: value}}
    if how == "option name":
        name = data.draw(st.sampled_from([1, None, ("a",), 2.5, True]), label="name")
        return f"option named {name!r}", {**record, "options": {**record["options"], name: 1}}
    if how == "action shape":
        entry = data.draw(st.sampled_from([[0], [0, "pass", 1], "0 pass", {"seat": 0}, (0, "pass"), [None, "pass"],
                                           ["0", "pass"], [True, "pass"], [0.0, "pass"], [0, None], [0, 5],
                                           [0, ["pass"]], None, []]), label="entry")
        where = data.draw(st.integers(0, len(record["actions"])), label="at")
        actions = record["actions"][:where] + [entry] + record["actions"][where + 1:]
        return f"action {where + 1} is {entry!r}", {**record, "actions": actions}
    if how == "action seat":
        seat = pick(data, [-1, record["players"], 10**100, 10**5000, -(10**100)], "seat")
        where = data.draw(st.integers(0, len(record["actions"])), label="at")
        text = record["actions"][where][1] if where < len(record["actions"]) else "pass"
        actions = record["actions"][:where] + [[seat, text]] + record["actions"][where + 1:]
        return f"action {where + 1} by seat {_id(seat)}", {**record, "actions": actions}
    if how == "action notation":
        text = data.draw(st.sampled_from(BAD_NOTATIONS), label="notation")
        where = data.draw(st.integers(0, len(record["actions"])), label="at")
        seat = record["actions"][where][0] if where < len(record["actions"]) else 0
        actions = record["actions"][:where] + [[seat, text]] + record["actions"][where + 1:]
        return f"action {where + 1} is {_id(text)}", {**record, "actions": actions}
    if how == "scores":
        scores = record["scores"]
        seat = data.draw(st.integers(0, len(scores) - 1), label="seat")
        value = data.draw(st.sampled_from([scores[seat] + 1, scores[seat] - 1, str(scores[seat]), None, 10**100]),
                          label="score")
        changed = scores[:seat] + [value] + scores[seat + 1:]
        altered = data.draw(st.sampled_from([changed, scores[:-1], scores + [0], {"0": scores[0]}]), label="scores")
        return f"scores {_id(altered)}", {**record, "scores": altered}
    if how == "whole":
        whole = data.draw(st.sampled_from([None, [], "record", json.dumps(record), [record], {"record": record},
                                           list(record.items())]), label="whole")
        return f"the record is a {type(whole).__name__}", whole
    seen = pick(data, [None, 0, "x" * 5_000, 10**5000], "seen_by")
    return f"seen_by {_id(seen)}", {**record, "seen_by": seen}


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_corrupted_record_is_refused_with_a_record_error(game: str, data: Draw) -> None:
    """``parlour.replay`` of any corruption of a real record raises ``RecordError``, nothing else."""
    what, bad = corrupt(data, game, record_of(game))
    try:
        parlour.replay(bad)
    except RecordError as exc:
        assert len(str(exc)) < 1_000, f"{game}, {what}: the message runs to {len(str(exc))} characters"
        return
    except Exception as exc:
        pytest.fail(f"{game}, {what}: {type(exc).__name__}: {str(exc)[:200]}")
    pytest.fail(f"{game}, {what}: replayed")


class TestRecordsRefused:
    """Concrete records, each refused with a ``RecordError`` that says what is wrong."""

    @pytest.mark.parametrize("key", ["seed", "players", "variant", "game_id"])
    def test_an_option_named_after_an_argument_of_new_game_is_refused_by_name(self, key: str) -> None:
        record = record_of("tetka")
        record["options"][key] = record.get(key, "tetka")
        with pytest.raises(RecordError, match=f"'{key}' is not an option but new_game's own argument"):
            parlour.replay(record)

    def test_a_record_without_a_format_version_is_refused(self) -> None:
        record = record_of("tetka")
        del record["format_version"]
        with pytest.raises(RecordError, match=f"no 'format_version'; this Parlour reads records of format version "
                                              f"{FORMAT_VERSION}"):
            parlour.replay(record)

    @pytest.mark.parametrize("version", [FORMAT_VERSION + 1, 0, str(FORMAT_VERSION), True, float(FORMAT_VERSION),
                                         None])
    def test_a_record_of_another_format_version_says_which_it_is_and_which_this_parlour_reads(
            self, version: Any) -> None:
        record = {**record_of("tetka"), "format_version": version}
        message = f"format version {version!r}; this Parlour reads records of format version {FORMAT_VERSION}"
        with pytest.raises(RecordError, match=message.replace(".", r"\.")):
            parlour.replay(record)

    @pytest.mark.parametrize(("field", "value", "message"), [
        ("variant", ["standard"], "'variant' is missing or neither text nor null"),
        ("variant", 3, "'variant' is missing or neither text nor null"),
        ("players", 0, "no game is played by 0 players"),
        ("players", 10**5000, "no game is played by an enormous number players"),
        ("seed", 10**5000, "the seed has more than"),
        ("rules_version", "1", "'rules_version' is not a whole number"),
        ("rules_version", 10**5000, "rules version an enormous number"),
        ("game", "x" * 5_000, "'game' is longer than any game name"),
    ], ids=_id)
    def test_a_field_of_the_wrong_kind_or_size_is_refused(self, field: str, value: Any, message: str) -> None:
        with pytest.raises(RecordError, match=message):
            parlour.replay({**record_of("tetka"), field: value})

    def test_a_missing_variant_is_refused_rather_than_read_as_the_standard_game(self) -> None:
        record = record_of("tute")
        del record["variant"]
        with pytest.raises(RecordError, match="'variant' is missing"):
            parlour.replay(record)

    @pytest.mark.parametrize(("options", "message"), [
        ({1: 2}, "an option is named by 1, not by text"),
        ({"deal": {1, 2}}, "option 'deal' holds a set, which is not JSON-ready data"),
        ({"deal": ("AS",)}, "option 'deal' holds a tuple"),
        ({"deal": b"AS"}, "option 'deal' holds a bytes"),
        ({"deal": math.nan}, "option 'deal' holds nan"),
        ({"deal": {"hands": [[math.inf]]}}, "option 'deal' holds inf"),
        ({"deal": {1: ["AS"]}}, "option 'deal' holds an object with a key that is not text"),
        ({"deal": _nested(30)}, "option 'deal' nests more than"),
        ({"deal": ["A" * 5_000]}, "option 'deal' holds text longer than"),
        ({"orbits": 10**100}, "option 'orbits' holds a number beyond"),
        ({"orbits": object()}, "option 'orbits' holds a object"),
    ], ids=_id)
    def test_options_that_are_not_plain_data_are_refused(self, options: dict[Any, Any], message: str) -> None:
        with pytest.raises(RecordError, match=message):
            parlour.replay({**record_of("tetka"), "options": options})

    @pytest.mark.parametrize("deal", [
        5, "xyz", [5], {"hands": 5}, {"hands": [None] * 4}, {"hands": [[5]] * 4}, {"hands": [["ZZ"]] * 4},
        {"pack": ["2C#99"]}, {"pack": [None]}, {"pack": "xyz"}, {"hands": [[]] * 4, "bum": 5}, {"bum": "7H"},
    ], ids=_id)
    def test_a_malformed_prepared_deal_in_a_record_is_a_record_error(self, deal: Any) -> None:
        """Whatever the game's reading of the deal raises, the record is refused as corrupted."""
        record = record_of("tetka")
        record["options"]["deal"] = deal
        with pytest.raises(RecordError, match="corrupted record"):
            parlour.replay(record)

    @pytest.mark.parametrize(("entry", "message"), [
        ([7, "pass"], "action 1 is by seat 7, but the game's seats are 0 to 3"),
        ([-1, "pass"], "action 1 is by seat -1"),
        ([10**5000, "pass"], "action 1 is by seat an enormous number"),
        ([0, "play " + "AS " * 1_000], r"action 1 is not \[seat, notation\]"),
        ((0, "pass"), r"action 1 is not \[seat, notation\]"),
    ], ids=_id)
    def test_an_action_by_no_seat_or_of_endless_text_is_refused(self, entry: Any, message: str) -> None:
        record = record_of("tetka")
        record["actions"][0] = entry
        with pytest.raises(RecordError, match=message):
            parlour.replay(record)

    def test_messages_stay_short_whatever_the_record_holds(self) -> None:
        record = {**record_of("tetka"), "seen_by": "x" * 100_000}
        with pytest.raises(RecordError) as caught:
            parlour.replay(record)
        assert len(str(caught.value)) < 300

    @pytest.mark.parametrize("game", ["tetka", "canasta", "kowah"])
    def test_records_parlour_makes_still_replay_with_a_prepared_deal(self, game: str) -> None:
        """The checks refuse no record Parlour makes, a prepared deal among its options included."""
        deal = good_deals(game)[0]
        record = played_record(game, steps=30, deal=deal)
        assert record["options"]["deal"] == deal
        assert parlour.replay(record).record() == record


def test_every_error_class_is_a_value_error() -> None:
    """The errors the properties ask for are ``ValueError`` subclasses, so a caller's ``except ValueError``
    still catches them; the properties ask for the subclass."""
    assert issubclass(DealError, ValueError) and issubclass(RecordError, ValueError)
    assert issubclass(NotationError, ValueError)
