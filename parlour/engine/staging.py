"""Turns built in steps and committed at once, written once for every meld game.

Some books judge a turn's melds only as a whole: Canasta's first meld must reach a minimum count with all
the melds laid in that turn together, and Carioca's contract (two trios, a trio and an escalera...) is
laid down all at once. A player cannot name such a turn in one action without a huge encoding, so the
turn is built in small ordinary actions, each with a fixed number:

- ``lay 7H 2`` puts a card from hand to the second meld of this turn (a :class:`Lay`, over the pack's
  faces, so the lowest-index copy held goes: ``Pack.copy_to_take``);
- ``commit`` lays the staged melds down for good, once the whole is what the book asks;
- ``withdraw`` takes every staged card back into the hand: the turn is as it was before the first card.

A game subclasses :class:`StagedTurnState` and says what a single step may do (``_fits``: a card of the
meld's rank), what only the whole can show (``_commit_refusal``: the minimum, the contract), what a
commit does (``_commit``) and, for its other actions, ``_turn_legal``, ``_turn_check`` and ``_turn_do``.

The properties this class keeps, whatever the game:

- **Checked at commit only**: a step is refused only for what the step itself breaks; a stage below the
  minimum is legal to build and refused at ``commit``, by name, changing nothing.
- **Never stuck**: while cards are staged, ``withdraw`` is always legal, and the game's other actions wait
  (the turn cannot end with cards in the air).
- **Finite**: each ``lay`` uses up a card of the hand, and a ``withdraw`` closes the stage for the rest of
  the turn (the seat goes on with its other actions, a discard), so a turn has at most about twice as
  many steps as the hand has cards and random playouts end.
- **Seen by all**: staged cards lie face up on the table as the book lays melds, so every seat sees them
  (``_staged_melds`` for the view) and the log reads each step. Cards withdrawn go back to the hand in
  everyone's sight: the class remembers them (``_known_held``) until a card of their face leaves that
  hand, so that sampled worlds keep them there without ever knowing which copy left.
- **Clone- and world-safe**: a :class:`Stage` is an immutable value; clones share it and sampled worlds
  keep it, since nothing in it is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.cards import Card, Pack, bit_indices
from parlour.engine.actions import Action, ActionSpace, FieldAction
from parlour.engine.match import HandResult
from parlour.engine.state import State
from parlour.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Lay(FieldAction):
    """``lay 7H 2``: a card from hand to meld slot 2 of this turn. A game declares its own kind with its
    domains, ``FIELDS = (Cards(PACK), Numbers(1, SLOTS, "meld"))``, and names it ``LAY``."""

    verb: ClassVar[str] = "lay"
    card: Card
    slot: int


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Lay the staged melds down for good."""

    verb: ClassVar[str] = "commit"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take every staged card back into hand; nothing more is staged this turn."""

    verb: ClassVar[str] = "withdraw"


COMMIT = Commit()
WITHDRAW = Withdraw()


@dataclass(frozen=True, slots=True)
class Stage:
    """The melds a seat has laid out this turn and not committed: slot ``k``'s cards are ``melds[k - 1]``,
    pack indices in the order laid. ``closed`` after a withdrawal: nothing more is staged this turn."""

    seat: int
    melds: tuple[tuple[int, ...], ...] = ()
    closed: bool = False

    @property
    def cards(self) -> int:
        """Every staged card, as a mask."""
        return sum(1 << index for meld in self.melds for index in meld)

    def meld(self, slot: int) -> tuple[int, ...]:
        return self.melds[slot - 1] if slot <= len(self.melds) else ()

    def filled(self) -> list[tuple[int, ...]]:
        """The melds that hold cards, in slot order."""
        return [meld for meld in self.melds if meld]

    def lay(self, index: int, slot: int) -> Stage:
        melds = list(self.melds) + [()] * (slot - len(self.melds))
        melds[slot - 1] += (index,)
        return Stage(self.seat, tuple(melds), self.closed)


class StagedTurnState(State):
    """A state whose seats build melds step by step (``lay``), then ``commit`` or ``withdraw`` them."""

    PACK: ClassVar[Pack]
    LAY: ClassVar[type[Lay]]
    ACTIONS: ClassVar[ActionSpace]
    # Each seat's hand as a mask over PACK; staged cards have left it for the table.
    hands: list[int]
    # The turn being built, if any (an immutable value: clones share it).
    stage: Stage | None = None
    # Per seat, cards withdrawn to the hand in everyone's sight and known to be there since; () for none.
    known: tuple[int, ...] = ()

    # --- what a game supplies --------------------------------------------------------------------------
    def _may_stage(self, seat: int) -> bool:
        """Whether ``seat`` may lay melds now (its turn, after drawing); by default never."""
        return False

    def _fits(self, stage: Stage, index: int, slot: int) -> IllegalAction | None:
        """Why the card of pack index ``index`` may not go to ``slot`` of ``stage`` (the step's own rule,
        such as a meld's rank), or None; by default any card fits any slot."""
        return None

    def _commit_refusal(self, stage: Stage) -> IllegalAction | None:
        """Why ``stage`` as a whole may not be laid down (below the minimum, not the contract), or None."""
        return None

    def _commit(self, seat: int, stage: Stage) -> None:
        """Lay the staged melds down for good, and whatever follows (going out)."""
        raise NotImplementedError

    def _withdrawn(self, seat: int, stage: Stage) -> None:
        """Whatever else a withdrawal undoes, after the staged cards are back in hand (a pile taken on the
        strength of the staged melds); nothing by default."""

    def _turn_legal(self, seat: int) -> list[Action]:
        """The game's other legal actions (drawing, discarding), when nothing is staged."""
        raise NotImplementedError

    def _turn_check(self, seat: int, action: Action) -> None:
        """Refuse the game's other actions by rule; by default, whatever ``_turn_legal`` does not list."""
        if action not in self._turn_legal(seat):
            raise IllegalAction(f"{action} is not allowed now")

    def _turn_do(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    # --- the steps ---------------------------------------------------------------------------------------
    def _stage_of(self, seat: int) -> Stage:
        stage = self.stage
        return stage if stage is not None and stage.seat == seat else Stage(seat)

    def _slots(self) -> range:
        return range(1, self.LAY.FIELDS[1].size + 1)

    def _open_slots(self, stage: Stage) -> range:
        """The slots worth asking ``_fits`` about: all of them, unless a game's melds are started in order
        (then the started ones and the next), which saves a search most of the asking."""
        return self._slots()

    def _slot_fits(self, stage: Stage, slot: int) -> int | None:
        """The cards (a mask over ``PACK``) that ``_fits`` lets go to ``slot`` of ``stage``, where a game can
        say so at once for the whole slot, or None to ask ``_fits`` card by card (the default). It must agree
        with ``_fits`` exactly: it only saves asking a started meld about every card of a hand."""
        return None

    def _lays(self, seat: int, stage: Stage) -> list[Action]:
        """Every card (by face) to every slot it fits, in face then slot order. Each slot is asked once, for
        the faces whose copy a lay would take (``Pack.copies_to_take``) it lets in; the actions are the
        space's own (``ActionSpace.every``), a lay of face ``f`` to slot ``s`` numbered ``f * slots + s - 1``
        in its kind, as ``FIELDS = (Cards(PACK), Numbers(1, SLOTS))`` number it."""
        pack = self.PACK
        taken = pack.copies_to_take(self.hands[seat])
        fitting: list[tuple[int, int]] = []
        for slot in self._open_slots(stage):
            mask = self._slot_fits(stage, slot)
            if mask is None:
                mask = sum(1 << index for index in bit_indices(taken) if self._fits(stage, index, slot) is None)
            faces = pack.face_bits(mask & taken)
            if faces:
                fitting.append((slot - 1, faces))
        if not fitting:
            return []
        every, size = self.ACTIONS.every(self.LAY), self.LAY.FIELDS[1].size
        if len(fitting) == 1:
            slot, faces = fitting[0]
            return [every[face * size + slot] for face in bit_indices(faces)]
        either = 0
        for _, faces in fitting:
            either |= faces
        return [every[face * size + slot] for face in bit_indices(either) for slot, faces in fitting
                if faces >> face & 1]

    def _legal(self, seat: int) -> list[Action]:
        stage = self._stage_of(seat)
        if stage.melds:
            commit = [COMMIT] if self._commit_refusal(stage) is None else []
            return [*self._lays(seat, stage), *commit, WITHDRAW]
        lays = self._lays(seat, stage) if self._may_stage(seat) and not stage.closed else []
        return [*self._turn_legal(seat), *lays]

    def _check(self, seat: int, action: Action) -> None:
        stage = self._stage_of(seat)
        if isinstance(action, Lay):
            self._check_lay(seat, stage, action)
        elif action in (COMMIT, WITHDRAW):
            if not stage.melds:
                raise IllegalAction(f"no melds are laid out to {action}", rule="staged turn")
            refusal = self._commit_refusal(stage) if action == COMMIT else None
            if refusal is not None:
                raise refusal
        elif stage.melds:
            raise IllegalAction("melds are laid out: commit them or withdraw them first", rule="staged turn")
        else:
            self._turn_check(seat, action)

    def _check_lay(self, seat: int, stage: Stage, action: Lay) -> None:
        if not self._may_stage(seat):
            raise IllegalAction("melds may not be laid now", rule="staged turn")
        if stage.closed:
            raise IllegalAction("melds taken back are not laid out again this turn", rule="staged turn")
        if action.slot not in self._slots():
            raise IllegalAction(f"there is no meld {action.slot}: melds are 1 to {len(self._slots())}",
                                rule="staged turn")
        index = self.PACK.copy_to_take(action.card, self.hands[seat])
        if index < 0:
            raise IllegalAction(f"you do not hold {action.card}", rule="lay from your hand")
        refusal = self._fits(stage, index, action.slot)
        if refusal is not None:
            raise refusal

    def _do(self, seat: int, action: Action) -> None:
        before = tuple(self.hands) if any(self.known) else ()
        stage = self._stage_of(seat)
        if isinstance(action, Lay):
            index = self.PACK.copy_to_take(action.card, self.hands[seat])
            self.hands[seat] &= ~(1 << index)
            self.stage = stage.lay(index, action.slot)
        elif action == WITHDRAW:
            self.hands[seat] |= stage.cards
            known = list(self.known or (0,) * self.players)
            known[seat] |= stage.cards
            self.known = tuple(known)
            self.stage = Stage(seat, closed=True)
            self._withdrawn(seat, stage)
        elif action == COMMIT:
            self.stage = None
            self._commit(seat, stage)
        else:
            self.stage = None
            self._turn_do(seat, action)
        if before:
            self._forget(before)

    def _forget(self, before: tuple[int, ...]) -> None:
        """A seat that gives up a card of a face it was known to hold may have given up the known copy:
        to the others the copies are alike, so the known copies of that face are forgotten. (Most actions
        take nothing from a hand that has cards known, and then there is no face to look for.)"""
        span = self.PACK.face_span
        self.known = tuple([known & hand & ~span(lost) if known and (lost := was & ~hand) else known & hand
                            for known, hand, was in zip(self.known, self.hands, before, strict=False)])

    def _finish_hand(self, result: HandResult) -> None:
        # A finished deal ends every stage, and what was known of its hands says nothing of the next.
        self.stage = None
        self.known = ()
        super()._finish_hand(result)

    # --- what a game reads ---------------------------------------------------------------------------------
    def _known_held(self, seat: int) -> int:
        """The cards every seat knows ``seat`` holds (taken back in sight): a game's ``_unknown`` keeps them
        out of the pool and its ``_place_unknown`` leaves them in that hand."""
        return self.known[seat] & self.hands[seat] if self.known else 0

    def _staged_melds(self) -> list[list[str]]:
        """The melds laid out this turn, as every seat sees them on the table: faces in the order laid (a
        run as its player arranged it), never copies."""
        if self.stage is None:
            return []
        cards = self.PACK.cards
        return [[str(cards[index].face) for index in meld] for meld in self.stage.melds]
