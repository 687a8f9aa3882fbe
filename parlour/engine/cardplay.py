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
from parlour.engine.actions import NOTHING_KNOWN, Action, ActionTable, Play
from parlour.engine.state import SEAT_BITS, State
from parlour.errors import IllegalAction


class PlayNumbers:
    """How one game's plays are numbered in its ``ACTIONS``, for the integer path: the numbers of the plays
    a mask allows, in the order ``PLAYS.of`` lists them (``of``), and the pack index each play's number
    names (``first``).

    Made once per game class (``numbered_plays``), from the class's own ``encode``, so a game numbering its
    plays anywhere in its space (after an auction's calls, say) gets the fast lane too.
    """

    __slots__ = ("_numbers", "always", "by_identity", "first", "follows", "known", "of", "plays")

    def __init__(self, pack: Pack, plays: ActionTable, numbers: tuple[int, ...], always: bool,
                 follows: bool) -> None:
        self._numbers = numbers
        # Whether every move of the game is a card from hand (``_in_play`` not overridden): then the hot
        # path need not ask; and whether the cards that may be played are what ``follow`` allows (the
        # default ``_legal_mask``): then it asks ``follow`` itself.
        self.always = always
        self.follows = follows
        # Where each play's number is its place in ``PLAYS`` (every game so far) the table's own list of
        # places is the answer, asked directly: this is read at every step of a playout.
        direct = numbers == tuple(range(len(numbers)))
        self.of: Callable[[int], tuple[int, ...]] = (
            plays.places if direct else lambda mask: self._mapped(plays, mask))
        # The numbers of a mask ``of`` has answered before, or None: a dictionary's own ``get``.
        self.known = plays.known_places if direct else NOTHING_KNOWN.get
        self.by_identity: dict[int, int] = {id(plays[k]): number for k, number in enumerate(numbers)}
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
        follows = kind._legal_mask is CardPlayState._legal_mask
        _NUMBERED[kind] = PlayNumbers(state.PACK, plays, numbers, always, follows) if usual else None
    return _NUMBERED[kind]


class CardPlayState(State):
    """A state whose play phase is one card from hand per action (``play QC``)."""

    PACK: ClassVar[Pack]
    PLAYS: ClassVar[ActionTable]   # ``card_table(PACK, Play)``: one Play per card (per face, with copies)
    # What the game keeps and the refusals below read: each seat's hand as a mask over PACK, and the
    # trick being played, as pack indices in the order played.
    hands: list[int]
    trick: list[int]
    # The rule of following this deal (``mechanics.tricks.follower``): the cards of a hand that may go to
    # the trick as it stands. Set by the game as an attribute of the state (for the current trumps, say);
    # the default ``_legal_mask`` and the integer path's fast lane ask it directly.
    follow: Callable[[int, list[int]], int]

    # Facts of the game's class for the integer path's fast lane, set on the class by its first state
    # (``_number_plays``), so that no clone copies them: the plays' numbering (None without the fast lane),
    # each play's number to the pack index it names, and the numbers of the plays of masks seen before.
    _numbered: PlayNumbers | None
    _first_of: dict[int, int]
    _known_ids: Callable[[int], tuple[int, ...] | None]
    # The numbers of the plays table's own plays, by identity (empty without the fast lane, where
    # ``encode`` answers): what a legal list handed out is numbered by, without hashing it.
    _play_numbers: dict[int, int]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if "_numbered" not in type(self).__dict__:
            self._number_plays()

    def _number_plays(self) -> None:
        kind = type(self)
        numbered = kind._numbered = numbered_plays(self)
        kind._first_of = numbered.first if numbered is not None else {}
        kind._known_ids = numbered.known if numbered is not None else NOTHING_KNOWN.get
        kind._play_numbers = numbered.by_identity if numbered is not None else {}

    # --- what a game supplies ------------------------------------------------------------------------
    def _in_play(self) -> bool:
        """Whether the move now is a card from hand; games with an auction or an exchange say when."""
        return True

    def _legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a mask over ``PACK``: by default what the rule of following
        (``follow``) allows of its hand. A game that plays from another hand (a dummy's) or has exceptions
        to following says so here."""
        return self.follow(self.hands[seat], self.trick)

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
        ``seat`` may know (the hand it plays from and the table). When ``seat`` is to play a card, the mask
        is also offered to it (``_offer``), as ``legal_actions`` offers it: the card a habit then picks is
        checked against it without working it out again."""
        offer = self._offer
        if offer is not None and offer[0] is seat and offer[1]:
            return offer[1]
        mask = self._legal_mask(seat)
        if type(seat) is int and seat in self.to_move and self._in_play():
            self._offer = (seat, mask, None)
        return mask

    # --- the contract ----------------------------------------------------------------------------------
    # What a seat is offered stays in ``_offer`` (see ``State``) until the next action of any kind: the mask
    # of the cards it may play, and once asked for, their numbers. ``apply`` and ``apply_id`` check a card
    # against one bit of that mask; an action of any kind forgets it, as only an action changes what may be
    # played. Only an offer made in the play has a mask: the base class offers a mask of 0, so a card
    # checked against one of its offers takes the checked path, which decides alike.

    def legal_actions(self, seat: int) -> list[Action]:
        if seat in self.to_move and type(seat) is int and self._in_play():
            mask = self._legal_mask(seat)
            self._offer = (seat, mask, None)
            return self.PLAYS.of(mask)
        return super().legal_actions(seat)

    def _legal(self, seat: int) -> list[Action]:
        return self.PLAYS.of(self._legal_mask(seat))

    def apply(self, seat: int, action: Action | str) -> None:
        # The playout hot path: a legal card goes straight through; anything else (text, a refusal to
        # explain) takes the base class's checked path. Both decide legality by ``_legal_mask``.
        if type(action) is Play and type(seat) is int and seat in self.to_move and self._in_play():
            index = self.PACK.first_copy.get(action.card, -1)
            offer = self._offer
            mask = offer[1] if offer is not None and offer[0] is seat else self._legal_mask(seat)
            if index >= 0 and not mask >> index & 1:
                index = self.PACK.copy_in(index, mask)   # another copy of the face, in a pack with copies
            if index >= 0:
                number = self._play_numbers.get(id(action))   # the table's own play, without hashing it
                self._moves.append((self.encode(action) if number is None else number) << SEAT_BITS | seat)
                self._offer = None
                self._play(seat, index)
                return
        super().apply(seat, action)

    def legal_ids(self, seat: int) -> tuple[int, ...]:
        # The hot path of every playout by number, so written out in full: one offer is read, the mask
        # worked out by the rule of following (``follow``) where the game has no other, and its numbers
        # found in the plays' table with one look-up for the masks seen before.
        offer = self._offer
        if offer is not None and offer[0] is seat:
            if offer[2] is not None:
                return offer[2]
            mask = offer[1]                          # offered by ``legal_actions``: its numbers now
        else:
            numbered = self._numbered
            if numbered is None or type(seat) is not int or seat not in self.to_move \
                    or not (numbered.always or self._in_play()):
                return super().legal_ids(seat)
            mask = self.follow(self.hands[seat], self.trick) if numbered.follows else self._legal_mask(seat)
        ids = self._known_ids(mask)
        if ids is None:
            ids = self._numbered.of(mask)  # type: ignore[union-attr]
        self._offer = (seat, mask, ids)
        return ids

    def apply_id(self, seat: int, number: int) -> None:
        # The fast lane: a play's number, checked against one bit of the mask offered.
        offer = self._offer
        if offer is not None and offer[0] is seat and type(number) is int:
            mask = offer[1]
            if mask:
                index = self._first_of.get(number, -1)
                if index >= 0 and not mask >> index & 1:
                    index = self.PACK.copy_in(index, mask)   # another copy of the face, in a pack with copies
                if index >= 0:
                    self._moves.append(number << SEAT_BITS | seat)
                    self._offer = None
                    self._play(seat, index)
                    return
            elif offer[2] is not None and self._first_of and number in offer[2]:
                # A number offered outside the play (a call): legal already; where the fast lane is on, the
                # game applies actions the usual way (``numbered_plays``), so it is carried out at once.
                self._perform(seat, self.decode(number), number)
                return
        self._apply_id_checked(seat, number)

    def _apply_id_checked(self, seat: int, number: int) -> None:
        """``apply_id`` of a number not checked against an offer: a play is checked against the mask
        worked out now; anything else, a refusal above all, goes the base class's way, decoded and
        applied, checked alike."""
        if self._offer is None or self._offer[0] is not seat:
            numbered = self._numbered
            if numbered is not None and type(seat) is int and seat in self.to_move \
                    and (numbered.always or self._in_play()):
                self._offer = (seat, self._legal_mask(seat), None)
                if type(number) is int and self._first_of.get(number, -1) >= 0:
                    self.apply_id(seat, number)
                    return
        if type(self).apply is CardPlayState.apply and self._apply_listed(seat, number):
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
