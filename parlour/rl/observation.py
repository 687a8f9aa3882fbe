"""Fixed-size numeric observations of a seat's view, and the legal action mask, for every game.

An :class:`Observer` is made once per game, player count, variant and options. It reads only what the
game declares (its pack, its phases, its action space, the kind of every table zone and ``extra`` entry)
and lays out one flat ``float32`` vector, the same size for every view of that game, so a learning
agent sees one shape. :meth:`Observer.encode` is a function of the :class:`~parlour.engine.view.View`
alone: it never sees a state, so it cannot show a seat what the seat may not know.

The pieces, in order (``describe()`` prints them with their slices):

- ``hand``: the seat's own cards, one entry per *face* of the pack (copies held over copies in the pack,
  so 0 or 1 in a pack without copies, halves in a double pack);
- ``to_move``, ``phase`` (one-hot over the game's ``Phase``), ``seat`` (the observer's own, one-hot),
  ``scores``, ``hand_number``, ``is_over``;
- per seat, *relative to the observer* (``+0`` is the observer, ``+1`` the next seat): cards held,
  tricks, chips, bet, a partner flag and the cards it shows face up;
- each table zone and ``extra`` entry by its kind (``table.<zone>``, ``extra.<key>``): a card one-hot
  over the faces, cards as counts over the faces and their top card, a trick as the card each seat played
  and who led, calls in an auction as each seat's last call over the action numbers, melds and records as
  the faces they name, seats relative to the observer, numbers and chips as ``sign(x) * log(1 + |x|)``,
  heaps (counts) over the pack's size;
- what the history has shown, from this deal's log: ``played[+k]``, the cards named in seat ``+k``'s
  actions this deal (its plays, discards, asks, claims, as the seat was shown them: a card laid face
  down by another reads as no card), and ``seen``, those of every seat with every card lying face up now
  (before a seat, or in a table zone of cards).

Left out, because they are words without a fixed vocabulary: zones of kind ``text``, ``texts``, ``facts`` and
``meld_notes`` (what the melds already counted are, in words), seat ``status`` and ``role``, and the log's
events (lines that are not a seat's action). Values of kind ``numbers`` keep as many entries as there are
players (at least 2), or as the first deal's views show if more, in the view's order: a view does not say
whether they go by seat, by side or by place on the board, so they are not turned to the observer, and
``seat`` gives the observer's own seat to read them by.

The action mask is over ``range(action_space_size)``; no game's space is large (Twenty-Four's 8,046 sums
are the most). It is built from legal action numbers (``state.legal_ids(seat)``) or from a view's
legal actions, read and numbered by the game's own action space; a game that numbers its actions against
the table (Twenty-Four's sums, by the board of the deal) takes the numbers only.

>>> from parlour import new_game
>>> observer = Observer("tetka")
>>> state = new_game("tetka", seed=1)
>>> vector = observer.encode(state.view(0))
>>> vector.shape == (observer.size,), vector.dtype.name
(True, 'float32')
>>> observer.segment("hand")
Segment(name='hand', start=0, stop=52, what='own cards: copies held of each face, over copies in the pack')
>>> int(observer.action_mask(state.legal_ids(0)).sum()) == len(state.legal_ids(0))
True
"""

from __future__ import annotations

import dataclasses
import math
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from parlour.cards import PACKS, Card, Pack
from parlour.cli.table import shown_card
from parlour.engine import ExpressionAction, Phase, State, View, new_game, parse_action_text
from parlour.engine.view import declared_kinds
from parlour.mechanics.auctions import Bid

try:
    import numpy as np
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError("parlour.rl needs numpy: pip install 'parlour[pettingzoo]' or 'parlour[openspiel]'") from missing

# The kinds of zone that hold cards face up, whose cards ``seen`` counts.
CARD_KINDS = ("card", "cards", "trick", "melds", "records")
# Log lines read and kept for the views that show them again, at most (a long game's scores make new ones).
LINES_KEPT = 100_000
Vector = Any   # a numpy float32 vector; numpy's stubs are not asked of mypy here


class Segment(NamedTuple):
    """One named piece of the observation: ``vector[start:stop]`` holds ``what``."""

    name: str
    start: int
    stop: int
    what: str

    def __str__(self) -> str:
        return f"{self.name}[{self.start}:{self.stop}]"


Writer = Callable[[Vector, View], None]   # fills its own slice of the vector from the view


def symlog(x: float) -> float:
    """A number of any size as a small one of the same sign: ``sign(x) * log(1 + |x|)``.

    >>> symlog(0), round(symlog(-9), 3)
    (0.0, -2.303)
    """
    return math.copysign(math.log1p(abs(x)), x)


def game_phases(state_class: type[State]) -> tuple[str, ...]:
    """The members of the ``Phase(engine.Phase)`` the game's module (or a base's) declares, in order."""
    for cls in state_class.__mro__:
        phases = getattr(sys.modules[cls.__module__], "Phase", None)
        if isinstance(phases, type) and issubclass(phases, Phase) and phases is not Phase:
            return tuple(member.value for member in phases)
    raise ValueError(f"{state_class.__name__} declares no Phase")


def game_pack(state: State) -> Pack:
    """The pack the game deals from: its state class's ``PACK``, the pack its ``GameInfo`` names or a pack
    its module declares, the first that holds every card of the first deal's hands (a variant may deal
    from a pack of its own: Divide and Conquer's long game)."""
    module = vars(sys.modules[type(state).__module__])
    candidates = [getattr(type(state), "PACK", None), PACKS.get(state.info.pack),
                  *(value for value in module.values() if isinstance(value, Pack))]
    dealt = {Card.parse(text).face for seat in range(state.players) for text in state.view(seat).hand}
    for pack in candidates:
        if isinstance(pack, Pack) and dealt <= set(pack.faces):
            return pack
    raise ValueError(f"{state.info.id}: no pack holds the cards it deals")


class Observer:
    """The observation of one game, player count, variant and options: ``size``, ``layout()``,
    ``describe()``, ``encode(view)`` and ``action_mask(view or legal ids)``."""

    def __init__(self, game_id: str, players: int | None = None, variant: str | None = None,
                 **options: Any) -> None:
        sample = new_game(game_id, players, variant, seed=0, **options)
        self.game = game_id
        self.players = sample.players
        self.variant = variant
        self.action_space_size = sample.action_space_size
        self.pack = game_pack(sample)
        self.phases = game_phases(type(sample))
        self._kinds = type(sample).ACTION_KINDS
        self._numbers = type(sample).ACTIONS
        # Sums are numbered against the deal's board (CONTRIBUTING, "Encoding amounts and structures").
        self.numbers_by_table = any(issubclass(kind, ExpressionAction) for kind in self._kinds)
        self._faces: dict[str, int] = {}
        self._copies = [mask.bit_count() for mask in self.pack.face_masks]
        self._calls: dict[str, int] = {}
        self._segments: list[Segment] = []
        self._writers: list[Writer] = []
        self._spanned: int | None = None
        self._lines: dict[str, tuple[int | None, tuple[int, ...]]] = {}
        self._histories: dict[int | None, tuple[list[str], list[int]]] = {}
        zones, extras = declared_kinds(type(sample))
        self._shown_zones = [zone for zone, kind in zones.items() if kind in CARD_KINDS]
        self._widths: dict[tuple[str, str], int] = {}   # the most numbers each ``numbers`` entry shows first
        for view in (sample.view(seat) for seat in range(self.players)):
            for part, declared in (("table", zones), ("extra", extras)):
                for key in (key for key, kind in declared.items() if kind == "numbers"):
                    shown = len(_flat(getattr(view, part).get(key) or []))
                    self._widths[part, key] = max(shown, self._widths.get((part, key), 0))
        self._lay_out(zones, extras)
        self.size = self._segments[-1].stop if self._segments else 0

    # --- the layout ----------------------------------------------------------------------------------
    def layout(self) -> tuple[Segment, ...]:
        """Every piece of the vector, in order: ``str(segment)`` reads ``hand[0:52]``."""
        return tuple(self._segments)

    def segment(self, name: str) -> Segment:
        for piece in self._segments:
            if piece.name == name:
                return piece
        raise KeyError(f"{self.game}'s observation has no piece {name!r}")

    def describe(self) -> str:
        """The layout as text, one piece a line, for the docs and for a reader of the vector."""
        head = (f"{self.game}, {self.players} players{f', variant {self.variant}' if self.variant else ''}: "
                f"{self.size} numbers; faces of the {self.pack.name} pack: {len(self.pack.faces)}; "
                f"actions: {self.action_space_size}")
        width = max(len(str(s)) for s in self._segments)
        return "\n".join([head] + [f"  {s!s:<{width}}  {s.what}" for s in self._segments])

    def _add(self, name: str, width: int, what: str, write: Writer | None) -> None:
        """A piece of ``width`` after the last, filled by ``write`` (``None``: by the writer of a span of
        pieces, added with the span's last piece)."""
        start = self._segments[-1].stop if self._segments else 0
        self._segments.append(Segment(name, start, start + width, what))
        if write is not None:
            span = slice(self._spanned if self._spanned is not None else start, start + width)
            self._spanned = None
            self._writers.append(lambda out, view: write(out[span], view))
        elif self._spanned is None:
            self._spanned = start

    def _lay_out(self, zones: Mapping[str, str], extras: Mapping[str, str]) -> None:
        n, faces = self.players, len(self.pack.faces)
        self._add("hand", faces, "own cards: copies held of each face, over copies in the pack",
                  lambda out, v: self._cards_into(out, v.hand))
        self._add("to_move", n, "seats to move, relative to the observer",
                  lambda out, v: self._seats_into(out, v, v.to_move))
        self._add("phase", len(self.phases), "the phase, one-hot: " + ", ".join(self.phases), self._phase_into)
        self._add("seat", n, "the observer's own seat, one-hot (for the numbers kept in the view's order)",
                  lambda out, v: out.__setitem__(self._own(v), 1.0))
        self._add("scores", n, "each seat's score, relative, symlog",
                  lambda out, v: self._numbers_into(out, [v.scores[(self._own(v) + k) % n] for k in range(n)]))
        self._add("hand_number", 1, "the deal's number, symlog",
                  lambda out, v: out.__setitem__(0, symlog(v.hand_number)))
        self._add("is_over", 1, "1 once the game is over", lambda out, v: out.__setitem__(0, float(v.is_over)))
        for k in range(n):
            self._add(f"seats[+{k}]", 5, f"seat +{k}: cards held / pack, tricks / pack, chips and bet "
                      "(symlog), 1 if a partner of the observer", self._seat_facts(k))
            self._add(f"seats[+{k}].face_up", faces, f"seat +{k}: its cards face up, by face",
                      self._seat_shows(k))
        for part, declared in (("table", zones), ("extra", extras)):
            for key, kind in declared.items():
                self._zone(part, key, kind)
        for k in range(n):
            self._add(f"played[+{k}]", faces, f"cards named in seat +{k}'s actions this deal", None)
        self._add("seen", faces, "cards named in this deal's actions, or face up now before a seat or on the table",
                  self._history_into)

    def _zone(self, part: str, key: str, kind: str) -> None:
        """The piece for one declared zone or ``extra`` entry, by its kind; words are left out."""
        n, faces, name = self.players, len(self.pack.faces), f"{part}.{key}"
        most = max(n, 2, self._widths.get((part, key), 0))

        def value(view: View) -> Any:
            return getattr(view, part).get(key)

        def when(write: Callable[[Vector, View, Any], None]) -> Writer:
            def fill(out: Vector, view: View) -> None:
                item = value(view)
                if item is not None:
                    write(out, view, item)
            return fill

        pieces: dict[str, tuple[int, str, Writer]] = {
            "card": (faces, "the card, one-hot by face", when(lambda o, v, x: self._cards_into(o, [x], whole=True))),
            "cards": (2 * faces, "the cards by face, then the top (last) card one-hot",
                      when(lambda o, v, x: self._pile_into(o, x))),
            "count": (1, "the heap's size / pack", when(lambda o, v, x: o.__setitem__(0, x / len(self.pack)))),
            "number": (2, "1 if shown, the number (symlog)",
                       when(lambda o, v, x: o.__setitem__(slice(0, 2), (1.0, symlog(x))))),
            "numbers": (most, f"the first {most} numbers in the view's order, symlog",
                        when(lambda o, v, x: self._numbers_into(o, x))),
            "seat": (n + 1, "the seat, relative one-hot; the last entry: a place named in words",
                     when(lambda o, v, x: self._seat_into(o, v, x))),
            "seats": (n, "the seats named, relative", when(lambda o, v, x: self._seats_into(o, v, _flat(x)))),
            "flag": (1, "1 if yes", when(lambda o, v, x: o.__setitem__(0, float(x)))),
            "frozen": (1, "1 if the pile is frozen", when(lambda o, v, x: o.__setitem__(0, float(x)))),
            "chips": (1, "the chips, symlog", when(lambda o, v, x: o.__setitem__(0, symlog(x)))),
            "pots": (2, "chips in all pots, number of pots (symlog)",
                     when(lambda o, v, x: o.__setitem__(slice(0, 2), (symlog(sum(p["chips"] for p in x)),
                                                                      symlog(len(x)))))),
            "trick": (n * faces + n, "the card each relative seat played, by face, then who led",
                      when(lambda o, v, x: self._trick_into(o, v, x))),
            "bids": (n * (self.action_space_size + 1) + 1,
                     "each relative seat's last call, one-hot over the action numbers (last entry: a call "
                     "that reads as no action), then the number of calls (symlog)",
                     when(lambda o, v, x: self._bids_into(o, v, x))),
            "melds": (faces + 1, "the faces in every group, then the number of groups (symlog)",
                      when(lambda o, v, x: self._groups_into(o, x))),
            "records": (faces + 1, "the faces named in the rows, then the number of rows (symlog)",
                        when(lambda o, v, x: self._groups_into(o, [list(_texts_in(row)) for row in x]))),
        }
        if kind in pieces:
            width, what, write = pieces[kind]
            self._add(name, width, f"{kind}: {what}", write)

    # --- writers -------------------------------------------------------------------------------------
    def encode(self, view: View) -> Vector:
        """The seat's observation: a ``float32`` vector of ``size``, from the view alone."""
        if not isinstance(view, View):
            raise TypeError(f"encode takes a View, not {type(view).__name__}")
        if view.game != self.game or len(view.seats) != self.players:
            raise ValueError(f"this observer reads {self.game} with {self.players} players, not a view of "
                             f"{view.game} with {len(view.seats)}")
        out = np.zeros(self.size, dtype=np.float32)
        for write in self._writers:
            write(out, view)
        return out

    def action_mask(self, legal: View | Sequence[int]) -> Vector:
        """1 (``int8``) for each legal action number, from a view's legal actions or from the numbers
        themselves (``state.legal_ids(seat)``)."""
        mask = np.zeros(self.action_space_size, dtype=np.int8)
        numbers = self._legal_numbers(legal) if isinstance(legal, View) else legal
        for number in numbers:
            if isinstance(number, bool) or not isinstance(number, (int, np.integer)) or \
                    not 0 <= number < self.action_space_size:
                raise ValueError(f"{number!r} is not an action number of {self.game} "
                                 f"(0 to {self.action_space_size - 1})")
            mask[number] = 1
        return mask

    def _legal_numbers(self, view: View) -> list[int]:
        if self.numbers_by_table:
            raise ValueError(f"{self.game} numbers its actions by the table of the deal: pass the numbers "
                             "(state.legal_ids(seat)) rather than a view")
        return [self._numbers.encode(parse_action_text(text, self._kinds)) for text in view.legal_actions]

    def _relative(self, view: View, seat: int) -> int:
        return (seat - self._own(view)) % self.players

    @staticmethod
    def _own(view: View) -> int:
        """The observer's seat; a spectator reads the table as seat 0 would, with no hand."""
        return view.seat or 0

    def _face(self, text: str) -> int:
        """The face number of a card in the engine's notation; -1 for other text (a Vint bid ``1H`` is no
        ace) and for a card of no face of the pack."""
        face = self._faces.get(text)
        if face is None:
            card = shown_card(text)
            face = -1 if card is None else self.pack.face_number.get(card.face, -1)
            self._faces[text] = face
        return face

    def _cards_into(self, out: Vector, texts: Sequence[Any], whole: bool = False) -> None:
        """Count each face; a face's count over its copies in the pack, or 1 for ``whole`` (a one-hot)."""
        for text in texts:
            face = self._face(text) if isinstance(text, str) else -1
            if face >= 0:
                out[face] = 1.0 if whole else min(1.0, out[face] + 1 / self._copies[face])

    def _pile_into(self, out: Vector, texts: Sequence[str]) -> None:
        faces = len(self.pack.faces)
        self._cards_into(out[:faces], texts)
        if texts:
            self._cards_into(out[faces:], texts[-1:], whole=True)

    def _groups_into(self, out: Vector, groups: Sequence[Sequence[Any]]) -> None:
        self._cards_into(out[:-1], [card for group in groups for card in group])
        out[-1] = symlog(len(groups))

    def _seats_into(self, out: Vector, view: View, seats: Sequence[Any]) -> None:
        for seat in seats:
            if isinstance(seat, int) and 0 <= seat < self.players:
                out[self._relative(view, seat)] = 1.0

    def _seat_into(self, out: Vector, view: View, seat: Any) -> None:
        if isinstance(seat, int):
            self._seats_into(out[:-1], view, [seat])
        else:
            out[-1] = 1.0

    def _numbers_into(self, out: Vector, numbers: Sequence[Any]) -> None:
        for i, x in enumerate(_flat(numbers)[:len(out)]):
            out[i] = symlog(x)

    def _phase_into(self, out: Vector, view: View) -> None:
        if view.phase in self.phases:
            out[self.phases.index(view.phase)] = 1.0

    def _seat_facts(self, k: int) -> Writer:
        def fill(out: Vector, view: View) -> None:
            me = self._own(view)
            entry = view.seats[(me + k) % self.players]
            mine = view.seats[me].get("team")
            out[0] = entry.get("held", 0) / len(self.pack)
            out[1] = (entry.get("tricks") or 0) / len(self.pack)
            out[2] = symlog(entry.get("chips") or 0)
            out[3] = symlog(entry.get("bet") or 0)
            out[4] = float(k != 0 and mine is not None and entry.get("team") == mine)
        return fill

    def _seat_shows(self, k: int) -> Writer:
        return lambda out, view: self._cards_into(out, view.seats[(self._own(view) + k) % self.players]["face_up"])

    def _trick_into(self, out: Vector, view: View, plays: Sequence[Mapping[str, Any]]) -> None:
        faces = len(self.pack.faces)
        for play in plays:
            k = self._relative(view, play["seat"])
            self._cards_into(out[k * faces:(k + 1) * faces], [play["card"]], whole=True)
        if plays:
            out[self.players * faces + self._relative(view, plays[0]["seat"])] = 1.0

    def _bids_into(self, out: Vector, view: View, calls: Sequence[Mapping[str, Any]]) -> None:
        width = self.action_space_size + 1
        last = {call["seat"]: call["call"] for call in calls}
        for seat, call in last.items():
            out[self._relative(view, seat) * width + self._call_number(call)] = 1.0
        out[-1] = symlog(len(calls))

    def _call_number(self, call: str) -> int:
        """A call's action number where it reads as an action of the game, as written (``pass``) or as a
        bid (an auction writes ``6S`` for ``bid 6S``); else the slot after the actions."""
        number = self._calls.get(call)
        if number is None:
            number = self.action_space_size
            bids = (f"{kind.verb} {call}" for kind in self._kinds if issubclass(kind, Bid))
            for text in (call, *bids):
                try:
                    number = self._numbers.encode(parse_action_text(text, self._kinds))
                    break
                except ValueError:
                    continue
            self._calls[call] = number
        return number

    def _deal_log(self, view: View) -> list[str]:
        """This deal's lines: the log opens with one line for each earlier deal (``hand k: ...``)."""
        earlier = view.hand_number - 1
        return view.log[earlier:] if all(line.startswith("hand ") for line in view.log[:earlier]) else view.log

    def _history_into(self, out: Vector, view: View) -> None:
        """``played[+k]`` for every seat, then ``seen``: this deal's log read on from the seat's last
        encoded view where that view's log begins this one's (a playout, a search going deeper), so a
        tensor costs what is new rather than the deal's length; read whole otherwise."""
        lines = self._deal_log(view)
        read, marks = self._histories.get(view.seat, ([], []))
        if len(read) > len(lines) or lines[:len(read)] != read:
            read, marks = [], []
        if len(read) < len(lines):
            marks = marks + self._marks(view, lines[len(read):])
            self._histories[view.seat] = (lines, marks)
        out[marks] = 1.0
        seen = self.players * len(self.pack.faces)
        shown = [card for entry in view.seats for card in entry["face_up"]]
        shown += [text for zone in self._shown_zones for text in _texts_in(view.table.get(zone))]
        self._cards_into(out[seen:], shown, whole=True)

    def _marks(self, view: View, lines: Sequence[str]) -> list[int]:
        """The places of the history pieces that ``lines`` set: the card each names, under its actor's
        ``played[+k]`` and under ``seen``."""
        faces, seen = len(self.pack.faces), self.players * len(self.pack.faces)
        marks: list[int] = []
        for line in lines:
            actor, named = self._line(line)
            if actor is not None and actor < self.players:
                k = self._relative(view, actor) * faces
                marks += [k + face for face in named]
            marks += [seen + face for face in named]
        return marks

    def _line(self, line: str) -> tuple[int | None, tuple[int, ...]]:
        """Who acts in a log line (``seat 2: play QC``), if anyone, and the faces its action names as
        cards (read as the game's action, so that a bid of ``6S`` names no card); kept, since every later
        view of the deal shows the line again. Other lines (events in words) name nothing here."""
        read = self._lines.get(line)
        if read is None:
            head, colon, rest = line.partition(": ")
            seat = head.removeprefix("seat ")
            if not (colon and head != seat and seat.isdigit()):
                read = (None, ())
            else:
                read = (int(seat), tuple(face for face in map(self._face, self._cards_named(rest)) if face >= 0))
            self._lines[line] = read
            if len(self._lines) > LINES_KEPT:
                self._lines.clear()
        return read

    def _cards_named(self, text: str) -> list[str]:
        """The cards an action's notation holds in its fields; none for a public text (``a card``)."""
        try:
            action = parse_action_text(text, self._kinds)
        except ValueError:
            return []
        if not dataclasses.is_dataclass(action):
            return []
        return [str(value) for value in (getattr(action, f.name) for f in dataclasses.fields(action))
                if isinstance(value, Card)]


def _flat(items: Sequence[Any]) -> list[Any]:
    """A list of values, or of lists of them, as one list."""
    return [x for item in items for x in (item if isinstance(item, list) else [item])]


def _texts_in(item: Any) -> Iterator[str]:
    """Every string anywhere inside a view's value (its cards among them)."""
    if isinstance(item, str):
        yield item
    elif isinstance(item, Mapping):
        for value in item.values():
            yield from _texts_in(value)
    elif isinstance(item, list):
        for value in item:
            yield from _texts_in(value)
