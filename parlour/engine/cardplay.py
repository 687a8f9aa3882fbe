"""The play of single cards from hand, the one move of most trick games, written once.

A game built on :class:`CardPlayState` says which cards a seat may play (``_legal_mask``, a bit mask over
its pack, usually from ``mechanics.tricks``) and what playing one does (``_play``); this class gives the
contract around them: the legal ``play`` actions, a checked ``apply`` with a fast path for playouts,
refusals that name the rule, and the cache that lets ``apply`` reuse the mask ``legal_actions`` just made.
The cache is this class's own business: every action, of whatever kind, goes through ``apply`` here and
forgets it, so a game never needs to when it deals, plays or exchanges.

Games with other phases (an auction, robbing the trump, an exchange) say when cards are being played
(``_in_play``) and override ``_legal``, ``_check`` and ``_do`` for their other actions, calling these for
the play of a card; the fast path below is taken only while ``_in_play`` holds.

A pack with copies needs nothing more: ``PLAYS = card_table(PACK, Play)`` lists one ``play 7H`` however
many 7♥ a seat holds, and playing it plays the lowest-index copy among those the seat may play
(``Pack.copy_in``), the fixed rule that keeps replays exact; a play naming a copy (``7H#2``) is refused.

The integer path (``legal_ids``, ``apply_id``) has its own fast lane here: the plays' numbers are listed
from the legal mask (kept per mask, like the lists of actions) and a play's number is checked against one
bit of the mask just offered, building no action; anything else goes the base class's checked way.

A game whose cards go to tricks builds on ``mechanics.tricks.TrickPlayState``, which adds to this class the
life of a trick (its taker, record, log, voids and view), written once for every trick game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from parlour.cards import Card, Pack
from parlour.engine.actions import Action, ActionTable, Play
from parlour.engine.state import State
from parlour.errors import IllegalAction


class PlayNumbers:
    """How one game's plays are numbered in its ``ACTIONS``, for the integer path: the numbers of the plays
    a mask allows, in the order ``PLAYS.of`` lists them (``of``), and the pack index each play's number
    names (``first``).

    Made once per game class (``numbered_plays``), from the class's own ``encode``, so a game numbering its
    plays anywhere in its space (after an auction's calls, say) gets the fast lane too.
    """

    __slots__ = ("_numbers", "always", "first", "of", "plays")

    def __init__(self, pack: Pack, plays: ActionTable, numbers: tuple[int, ...], always: bool) -> None:
        self._numbers = numbers
        # Whether every move of the game is a card from hand (``_in_play`` not overridden): then the hot
        # path need not ask.
        self.always = always
        # Where each play's number is its place in ``PLAYS`` (every game so far) the table's own list of
        # places is the answer, asked directly: this is read at every step of a playout.
        self.of: Callable[[int], tuple[int, ...]] = (
            plays.places if numbers == tuple(range(len(numbers))) else lambda mask: self._mapped(plays, mask))
        # Each play's number, to the pack index of its face's first copy and to the play itself.
        self.first = {number: pack.first_copy[face] for number, face in zip(numbers, pack.faces, strict=True)}
        self.plays = {number: plays[k] for k, number in enumerate(numbers)}

    def _mapped(self, plays: ActionTable, mask: int) -> tuple[int, ...]:
        numbers = self._numbers
        return tuple([numbers[k] for k in plays.places(mask)])


_NUMBERED: dict[type[CardPlayState], PlayNumbers | None] = {}


def numbered_plays(state: CardPlayState) -> PlayNumbers | None:
    """The plays' numbering of ``state``'s class, or None where the fast lane would not agree with the
    checked path: plays not listed one per face in pack order (``card_table``), or a class that lists or
    applies actions its own way (``legal_actions``, ``apply`` overridden) and must be asked through them."""
    kind = type(state)
    if kind not in _NUMBERED:
        faces, plays = state.PACK.faces, state.PLAYS
        usual = (kind.legal_actions is CardPlayState.legal_actions and kind.apply is CardPlayState.apply
                 and len(plays) >= len(faces)
                 and all(type(plays[k]) is Play and plays[k] == Play(face) for k, face in enumerate(faces)))
        numbers = tuple(state.encode(plays[k]) for k in range(len(faces))) if usual else ()
        always = kind._in_play is CardPlayState._in_play
        _NUMBERED[kind] = PlayNumbers(state.PACK, plays, numbers, always) if usual else None
    return _NUMBERED[kind]


class CardPlayState(State):
    """A state whose play phase is one card from hand per action (``play QC``)."""

    PACK: ClassVar[Pack]
    PLAYS: ClassVar[ActionTable]   # ``card_table(PACK, Play)``: one Play per card (per face, with copies)
    # What the game keeps and the refusals below read: each seat's hand as a mask over PACK, and the
    # trick being played, as pack indices in the order played.
    hands: list[int]
    trick: list[int]

    def __init__(self, **kwargs: Any) -> None:
        # The last legal mask handed out, as (seat, mask), until the next action of any kind: only an
        # action changes what may be played.
        self._offered: tuple[int, int] | None = None
        # The numbers of the plays of that mask, once asked for, with the offer they belong to: they are
        # answered again, the same tuple, as long as that offer stands.
        self._ids_offered: tuple[tuple[int, int], tuple[int, ...]] | None = None
        super().__init__(**kwargs)
        self._numbered = numbered_plays(self)

    # --- what a game supplies ------------------------------------------------------------------------
    def _in_play(self) -> bool:
        """Whether the move now is a card from hand; games with an auction or an exchange say when."""
        return True

    def _legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a mask over ``PACK``."""
        raise NotImplementedError

    def _play(self, seat: int, index: int) -> None:
        """Play the card of pack index ``index`` (already checked) and whatever follows from it."""
        raise NotImplementedError

    def _follow_refusal(self, seat: int, card: Card) -> IllegalAction:
        """Why a held card may not be played now; by default, the duty to follow suit."""
        led = self.PACK.cards[self._led_card()].suit
        return IllegalAction(f"you must follow suit: {led.name.lower()} were led and you hold one",  # type: ignore[union-attr]
                             rule="follow suit")

    def _led_card(self) -> int:
        return self.trick[0]

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a mask over ``PACK``: read-only, for the playout habits in
        ``parlour/bots/heuristics/``, which read a position rather than a view. It depends only on what
        ``seat`` may know (the hand it plays from and the table)."""
        return self._legal_mask(seat)

    # --- the contract ----------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if seat in self.to_move and type(seat) is int and self._in_play():
            # Remember the mask until the next action: ``apply`` usually checks against it next.
            mask = self._legal_mask(seat)
            self._offered = (seat, mask)
            return self.PLAYS.of(mask)
        return super().legal_actions(seat)

    def _legal(self, seat: int) -> list[Action]:
        return self.PLAYS.of(self._legal_mask(seat))

    def apply(self, seat: int, action: Action | str) -> None:
        # The playout hot path: a legal card goes straight through; anything else (text, a refusal to
        # explain) takes the base class's checked path. Both decide legality by ``_legal_mask``.
        if type(action) is Play and type(seat) is int and seat in self.to_move and self._in_play():
            index = self.PACK.first_copy.get(action.card, -1)
            offered = self._offered
            mask = offered[1] if offered is not None and offered[0] == seat else self._legal_mask(seat)
            if index >= 0 and not mask >> index & 1:
                index = self.PACK.copy_in(index, mask)   # another copy of the face, in a pack with copies
            if index >= 0:
                self._history.append((seat, action))
                self._offered = None
                self._play(seat, index)
                return
        self._offered = None
        super().apply(seat, action)

    def legal_ids(self, seat: int) -> tuple[int, ...]:
        numbered = self._numbered
        if numbered is not None and seat in self.to_move and type(seat) is int and (numbered.always or self._in_play()):
            offered, kept = self._offered, self._ids_offered
            if offered is None or offered[0] != seat:
                offered = self._offered = (seat, self._legal_mask(seat))
            elif kept is not None and kept[0] is offered:
                return kept[1]
            ids = numbered.of(offered[1])
            self._ids_offered = (offered, ids)
            return ids
        return super().legal_ids(seat)

    def apply_id(self, seat: int, number: int) -> None:
        # The fast lane: a play's number, checked against one bit of the mask offered (or worked out now).
        # Anything else, a refusal above all, goes the base class's way: decoded and applied, checked alike.
        numbered = self._numbered
        if numbered is not None and type(number) is int and type(seat) is int and seat in self.to_move \
                and (numbered.always or self._in_play()):
            index = numbered.first.get(number, -1)
            offered = self._offered
            mask = offered[1] if offered is not None and offered[0] == seat else self._legal_mask(seat)
            if index >= 0 and not mask >> index & 1:
                index = self.PACK.copy_in(index, mask)   # another copy of the face, in a pack with copies
            if index >= 0:
                self._history.append((seat, numbered.plays[number]))
                self._offered = None
                self._play(seat, index)
                return
        if type(self).apply is CardPlayState.apply:
            self._offered = None   # as ``apply`` forgets the offer before any other action
            if self._apply_listed(seat, number):
                return
        super().apply_id(seat, number)

    def _check(self, seat: int, action: Action) -> None:
        if type(action) is not Play:
            raise IllegalAction(f"in {self.info.name} the only action is to play a card, not {action}", rule="play")
        pack = self.PACK
        card = action.card
        index = pack.first_copy.get(card)
        if index is None and pack.has_copies and card.face in pack.first_copy:
            raise IllegalAction(f"the copies of {card.face} are alike: play {card.face}", rule="play by face")
        if index is None or pack.copy_in(index, self.hands[seat]) < 0:
            raise IllegalAction(f"you do not hold {card}", rule="play from your hand")
        if pack.copy_in(index, self._legal_mask(seat)) < 0:
            raise self._follow_refusal(seat, card)

    def _do(self, seat: int, action: Action) -> None:
        pack = self.PACK
        index = pack.first_copy[action.card]  # type: ignore[attr-defined]
        self._play(seat, pack.copy_in(index, self._legal_mask(seat)) if pack.has_copies else index)

    def sample_world(self, seat: int, rng: Any) -> State:
        # A world's hands are dealt anew at the same point of the history: the real hands' mask must go.
        world = super().sample_world(seat, rng)
        world._offered = None  # type: ignore[attr-defined]
        world._ids_offered = None  # type: ignore[attr-defined]
        return world
