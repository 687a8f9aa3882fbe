"""The ``State`` base class: the contract every game keeps, and the machinery no game should rewrite.

A game subclass supplies its rules through a few hooks (``_setup``, ``_legal``, ``_check``, ``_do``,
``_view_parts``, ``_unknown`` and ``_place_unknown``; ``_sample_unknown`` where the book needs it) and
class facts (``ACTION_KINDS``, ``ACTIONS``, ``MUTABLE``; ``AUDIENCES`` where an act is shown to more than
its actor); this class turns them into the public API: checked ``apply`` that leaves the state
untouched on refusal, parsing, action numbers, views with filtered logs, cheap clones, sampled worlds,
records and results.

Two paths lead through the same contract. The notation path speaks in actions and their text
(``legal_actions``, ``apply``), for people, records and views; the integer path speaks in action numbers
(``legal_ids``, ``apply_id``), for programs that play millions of moves. They agree at every step: the
same actions in the same order, the same checks, the same refusals; a game gets the integer path from
its ``encode``/``decode`` and may offer a faster one (``CardPlayState`` does, for the play of a card).
"""

from __future__ import annotations

import hashlib
import math
import random
import struct
from bisect import bisect_right
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import Any, ClassVar, NoReturn

from parlour.cards import Pack
from parlour.engine.actions import (
    Action,
    ActionSpace,
    ActionTable,
    Numbering,
    Withheld,
    WithheldUnseen,
    parse_action_text,
)
from parlour.engine.deals import DealShape, Prepared, read_deal
from parlour.engine.match import EarlyEnd, HandResult, Result, result_by_score
from parlour.engine.registry import DEAL_OPTION, GameInfo
from parlour.engine.sampling import Unknown, deal_unknown
from parlour.engine.seating import Roles, Seating
from parlour.engine.view import View, ZoneKind, declared_kinds, view_kinds
from parlour.errors import DealError, GameOver, IllegalAction, NotationError, OutOfTurn

# A log entry: (position in the action history it follows, a format template or a function, its
# arguments, seats allowed to read it or None for all). Words are made only when a view asks for them,
# off the playout hot path; a function gets the arguments and must not hold on to the state.
LogEntry = tuple[int, "str | Callable[..., str]", tuple[Any, ...], frozenset[int] | None]
# Where a seat's game log was read up to (``State.game_log_since``): the deal, the place in the history, the
# event of that deal.
LogMark = tuple[int, int, int]
# Who sees a secret act of one kind in full, as ``rule(state, actor, action)`` asked in the state the act is
# taken in (see ``State.AUDIENCES``).
AudienceRule = Callable[[Any, int, Any], Collection[int]]
# What was offered a seat: (seat, mask of the cards it may play, the numbers of its legal actions).
Offer = tuple[int, int, "tuple[int, ...] | None"]
# A history entry is ``number << SEAT_BITS | seat``; ``STAND_IN`` is the entry of an act a sampled world
# withholds (its stand-in action is kept beside the history, in ``_stand_ins``).
SEAT_BITS = 4
SEAT_MASK = (1 << SEAT_BITS) - 1
STAND_IN = -1
# Each pack index's bit, for dealing by table rather than by shifting card by card.
BIT = tuple(1 << index for index in range(256))


class State:
    """One whole game: every deal, the scores carried between them, up to the book's end.

    Drive it by notation (``legal_actions(seat)``, ``apply(seat, "play QC")``) or by number
    (``legal_ids(seat)``, ``apply_id(seat, 12)``); ``encode`` and ``decode`` translate between the two.
    """

    info: ClassVar[GameInfo]
    ACTION_KINDS: ClassVar[tuple[type[Action], ...]] = ()
    # Every distinct action in number order: the integer encoding for RL and bots (an ``ActionTable``
    # listing them, or an ``ActionSpace`` of blocks).
    ACTIONS: ClassVar[Numbering]
    # Names of the mutable containers (lists, dicts) a clone must copy rather than share.
    MUTABLE: ClassVar[tuple[str, ...]] = ()
    # What each table zone and each ``extra`` entry holds (kinds of ``parlour.engine.view.ZONE_KINDS``),
    # added to those a base class declares; the view carries them so front-ends draw by kind.
    ZONES: ClassVar[Mapping[str, ZoneKind]] = {}
    EXTRAS: ClassVar[Mapping[str, ZoneKind]] = {}
    # The seat dealing the current hand, for games that deal more than once (see ``_next_deal``).
    dealer: int
    # How many deals the game lasts, where the book or an option counts them (set by ``_setup``);
    # None where only the book's own end (a target, the rubbers) stops the game.
    hands_in_game: int | None = None
    # Why the game stopped before the book's usual end (a seat that cannot pay), set by ``_end_early``.
    ended_early: EarlyEnd | None = None
    # The secret kinds this game shows in full beyond their actor, each with the rule naming who sees it: a
    # partner's sign (Mus's señas). Every other secret kind (a card laid away face down, a simultaneous
    # choice) is seen by its actor alone. Declared kind by kind, so that an audience meant for one kind
    # of act cannot spread to another (a sign's partner reading a discard); ``tests/test_contract_secrets.py``
    # holds every registered game to it, and each declared audience has a test with named cards.
    AUDIENCES: ClassVar[Mapping[type[Action], AudienceRule]] = {}
    # The seats that saw each secret action in full (``_audience``), by its place in the history.
    # Replaced, never changed in place, so that clones share it.
    _audiences: Mapping[int, frozenset[int]] = {}
    # A sampled world's stand-ins for the acts it withholds (``STAND_IN`` entries), by place in the history.
    _stand_ins: Mapping[int, Action] = {}
    # What search alone sets, left at these defaults by every other state, so that a clone does not copy
    # them: the seat a sampled world was dealt for (``sample_world``); what a seat could not see in the
    # last position a world was sampled for (``_unknown_now``); the earlier log blanked for each seat,
    # with the log it was made from; the places of the history a world's ``_place_unknown`` rewrote (a set
    # only while it is being sampled); whether the next deal is not to be dealt (``playout(deal_only=True)``,
    # while it runs).
    sampled_for: int | None = None
    _unknown_kept: tuple[tuple[int, int, str], Unknown] | None = None
    _log_before_for: tuple[tuple[tuple[LogEntry, ...], ...], dict[int, tuple[tuple[LogEntry, ...], ...]]] | None = None
    _rewritten: Collection[int] = ()
    # The deal being played, its log as each seat (``None``: a spectator) last read it in a view, with the
    # mark read up to (``game_log_since``), so the next view reads on from there: replaced, never changed in
    # place, so that clones share it; a sampled world starts without, its history being rewritten.
    _lines_kept: Mapping[int | None, tuple[LogMark, tuple[str, ...]]] = {}
    _halting: bool = False
    # Whether the state was stopped at the end of a deal, the next not dealt, by ``playout(deal_only=True)``:
    # a search's rollout, which wants the deal's outcome and not the next deal's chance. No seat moves.
    halted: bool = False
    # Roles besides the deal that pass between deals (Pontoon's banker), set by a game's ``_setup``
    # (``Roles.of(banker=0)``) and passed on by ``_next_holder``.
    roles: Roles = Roles()

    def __init__(self, *, players: int, variant: str | None, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.variant = variant
        self.seed: int | None = seed
        self.options: dict[str, Any] = options
        self.seating = self._seating()
        self.hand_number = 1
        if players > SEAT_MASK + 1:
            raise ValueError(f"a history entry holds seats 0 to {SEAT_MASK}, not {players} of them")
        # Finished deals' results; a tuple replaced at each deal, so that clones share it.
        self.hand_results: tuple[HandResult, ...] = ()
        # The history as integers, ``number << SEAT_BITS | seat`` (see ``_perform``): the current deal's
        # entries in ``_moves``, which begin at place ``_moves_from`` of the whole history, and each earlier
        # deal's frozen in a tuple of ``_earlier``, which clones share; so a clone copies one deal's worth
        # of history however long the game has run, and a deal's end freezes only that deal. Action
        # objects are made only when someone reads the history (``history``, ``_entry``).
        self._moves: list[int] = []
        self._moves_from = 0
        self._earlier: tuple[tuple[int, ...], ...] = ()
        # The log alike: this deal's events in ``_log``, each earlier deal's in a tuple of ``_log_before``.
        self._log: list[LogEntry] = []
        self._log_before: tuple[tuple[LogEntry, ...], ...] = ()
        # Where each deal's actions and events begin (positions in the whole history and log).
        self._deal_starts: tuple[tuple[int, int], ...] = ((0, 0),)
        self._chance_key = str(seed)
        # The seats that may act now; empty when the game is over. A plain attribute, read on every
        # step of every playout; only the game's own rules assign it.
        self.to_move: tuple[int, ...] = ()
        # What was last offered to a seat in this position, until the next action: (seat, the mask of the
        # cards it may play, the numbers ``legal_ids`` answered). The base class knows no masks (0) and
        # ``CardPlayState`` offers its plays' mask before their numbers are asked for (None). Set here, not
        # first when asked, so that every state keeps its attributes in the same order, in CPython's
        # compact form that playouts read quickly.
        self._offer: Offer | None = None
        # Every prepared deal read before the first is dealt, so that a bad later deal stops ``new_game``.
        self._prepared: tuple[Prepared, ...] = self._read_plan(options.get(DEAL_OPTION))
        self._setup()

    # --- hooks a game provides ----------------------------------------------------------------------
    def _setup(self) -> None:
        """Deal the first hand and set whose turn it is."""
        raise NotImplementedError

    def _deal_shape(self, number: int) -> DealShape | None:
        """The form a prepared deal takes for deal ``number`` of the game (its sizes may depend on who
        deals it), for ``deals.read_deal``; asked before the first deal, so of the options and seating only."""
        return None

    def _legal(self, seat: int) -> list[Action]:
        """Every legal action of a seat that is to move, in a stable order."""
        raise NotImplementedError

    def _check(self, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` naming the rule if ``action`` is not allowed; change nothing.

        The default compares against ``_legal``; games override it to name the rule precisely.
        """
        if action not in self._legal(seat):
            raise IllegalAction(f"{action} is not allowed now")

    def _do(self, seat: int, action: Action) -> None:
        """Perform a checked action, including whatever follows from it (a trick won, a new deal)."""
        raise NotImplementedError

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        """The game's part of a view: ``phase``, ``hand``, ``seats``, ``table`` and ``extra``."""
        raise NotImplementedError

    def _unknown(self, seat: int) -> Unknown:
        """The cards ``seat`` cannot see and the hidden places they may lie in."""
        raise NotImplementedError

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        """Put re-dealt unseen cards in their places (called on a clone by ``sample_world``, whose
        ``sampled_for`` is already set: a game forgets here what it keeps of acts that seat did not see)."""
        raise NotImplementedError

    def _sample_unknown(self, seat: int, rng: random.Random) -> dict[Hashable, list[int]]:
        """A fresh deal of what ``seat`` cannot see, for ``_place_unknown``. A game whose known facts would
        almost never hold of a random deal (``deal_unknown`` draws again until they do) builds it here."""
        return deal_unknown(self._unknown_now(seat), rng)

    def _unknown_now(self, seat: int) -> Unknown:
        """``_unknown(seat)`` in this position, worked out once however many worlds a search samples from
        it (kept with the seat and the position: the number of actions taken, and the chance key, which a
        sampled world has its own of). An ``Unknown`` is only read by the deal."""
        key = (seat, self._moves_from + len(self._moves), self._chance_key)
        kept = self._unknown_kept
        if kept is None or kept[0] != key:
            kept = self._unknown_kept = (key, self._unknown(seat))
        return kept[1]

    def _audience(self, seat: int, action: Action) -> frozenset[int]:
        """The seats that see ``seat``'s secret ``action`` in full, asked (for secret kinds only) in the
        state it is taken in: what ``AUDIENCES`` declares for its kind (a signal: the actor and its
        partner; an audience without the actor is a card it acts on without looking), else the actor
        alone, as for a card laid face down. A game declares its audiences there rather than overriding
        this, so that each is given for one kind of act only."""
        rule = self.AUDIENCES.get(type(action))
        return frozenset((seat,)) if rule is None else frozenset(rule(self, seat, action))

    def encode(self, action: Action) -> int:
        """The action's number in ``range(action_space_size)``."""
        return self.ACTIONS.encode(action)

    def decode(self, number: int) -> Action:
        return self.ACTIONS.decode(number)

    # --- the public contract ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return not self.to_move

    @property
    def action_space_size(self) -> int:
        return self.info.num_distinct_actions

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move or type(seat) is not int:
            self._check_seat(seat)
            return []
        return self._legal(seat)

    def action_labels(self, seat: int) -> dict[str, str]:
        """What some of the seat's legal actions come to, in words a button can carry where the notation
        leaves it out (``call`` -> "Call 2", ``raise`` -> "Raise to 8"), by notation; public facts only. Empty
        unless a game's moves have amounts that follow from the position (a betting round's)."""
        return {}

    def apply(self, seat: int, action: Action | str) -> None:
        """Perform ``action`` for ``seat``; refused actions raise and leave the state exactly as it was."""
        if type(seat) is not int or seat not in self.to_move:
            self._refuse_seat(seat)
        if not isinstance(action, Action):
            if not isinstance(action, str):
                raise IllegalAction(f"{action!r} is not an action of {self.info.name}", rule="notation")
            action = self.parse_action(action)
        self._check(seat, action)
        self._perform(seat, action)

    def refusal(self, seat: int, action: Action | str) -> str | None:
        """Why ``apply(seat, action)`` would be refused, in the words of the ``IllegalAction`` it would raise
        (out of turn, the game over, a rule broken); ``None`` if it would be accepted. Nothing changes: the
        refusal is asked of a clone, so a front-end can say why a card cannot be played before anyone
        tries it. Malformed text raises ``NotationError`` and a seat that does not exist ``IllegalAction``,
        as for ``apply``: those are a caller's mistakes, not the game's refusals."""
        self._check_seat(seat)
        if isinstance(action, str):
            action = self.parse_action(action)
        twin = self.clone()
        if seat in self.to_move and action in twin.legal_actions(seat):
            return None
        try:
            twin.apply(seat, action)
        except IllegalAction as refused:
            return str(refused)
        return None

    def _perform(self, seat: int, action: Action, number: int | None = None) -> None:
        """Record and carry out an action found legal (``number``: its number, where the caller has it):
        where both paths change the state, and only there, apart from the card-play fast lanes."""
        self._offer = None
        self._moves.append((self.encode(action) if number is None else number) << SEAT_BITS | seat)
        if action.secret:
            audience = frozenset(self._audience(seat, action))
            self._audiences = {**self._audiences, self._moves_made() - 1: audience}
        self._do(seat, action)

    # --- the integer path: the same contract, by action number -------------------------------------------
    # ``_offer`` keeps the last ``legal_ids`` answer with the seat it was made for. Every action forgets it
    # (``_perform``) and so does a sampled world, so an answer kept is never read in another position.

    def legal_ids(self, seat: int) -> tuple[int, ...]:
        """The numbers (``encode``) of ``seat``'s legal actions, in the order of ``legal_actions``: the same
        answer as integers, for programs that choose by number (simulations, search, learning agents). It
        is kept until the next action, so asking again costs one comparison; it is a tuple, so no caller can
        change what the next one reads."""
        kept = self._offer
        if kept is not None and kept[0] is seat and kept[2] is not None:   # the very int it was made for
            return kept[2]
        legal, table = self.legal_actions(seat), self.ACTIONS
        if isinstance(table, (ActionTable, ActionSpace)) and type(self).encode is State.encode:
            ids = table.numbers(legal)
        else:
            ids = tuple(map(self.encode, legal))
        if type(seat) is int:
            self._offer = (seat, 0, ids)
        return ids

    def _offer_numbers(self, seat: int, numbers: tuple[int, ...]) -> None:
        """Offer ``seat``, the one seat to move, the numbers of its legal actions (in ``legal_actions``'s
        order) before it asks: a game that knows them cheaply (an auction's calls, kept by situation) hands
        them over right after the action that made it ``seat``'s turn, as ``legal_ids`` keeps its own."""
        self._offer = (seat, 0, numbers)

    def apply_id(self, seat: int, number: int) -> None:
        """Perform the action numbered ``number`` for ``seat``: ``apply(seat, decode(number))``, so it is
        checked alike, refused by the same rule in the same words and changing nothing when refused. A
        seat out of turn is refused first, as ``apply`` refuses it; then a number that is not an ``int``
        (rule "action number") or names no action of the game (``NotationError``, from ``decode``).

        A number ``legal_ids`` has just listed for the seat is legal already and is not checked again,
        unless the game applies actions its own way (overrides ``apply``), which is then asked."""
        if type(self).apply is State.apply and self._apply_listed(seat, number):
            return
        if type(number) is not int:
            self._refuse_number(seat, IllegalAction(
                f"an action is numbered by an int, not {type(number).__name__}", rule="action number"))
        try:
            action = self.decode(number)
        except NotationError as problem:
            self._refuse_number(seat, problem)
        self.apply(seat, action)

    def _apply_listed(self, seat: int, number: int) -> bool:
        """Perform the action numbered ``number`` if ``legal_ids`` listed it for ``seat`` in this very
        position, and say so; otherwise do nothing and answer False, for the checked path to decide."""
        kept = self._offer
        if kept is None or kept[0] is not seat or kept[2] is None or type(number) is not int \
                or number not in kept[2]:
            return False
        self._perform(seat, self.decode(number), number)
        return True

    def _refuse_number(self, seat: int, problem: Exception) -> NoReturn:
        """Refuse a bad action number; but a seat that may not act now is refused as such first, by ``apply``
        itself (asked with the game's first action), whose refusal a game may word its own way."""
        if type(seat) is not int or seat not in self.to_move:
            self.apply(seat, self.decode(0))
            self._refuse_seat(seat)   # unreachable while ``apply`` refuses such a seat, as it must
        raise problem

    def _refuse_seat(self, seat: object) -> None:
        self._check_seat(seat)
        if self.halted:
            raise GameOver(f"deal {self.hand_number} is over, and this state was stopped there for a search",
                           rule="halted")
        if not self.to_move:
            raise GameOver("the game is over", rule="game over")
        raise self._out_of_turn(seat)

    def out_of_turn(self, seat: int) -> OutOfTurn:
        """Why ``seat``, not among the seats to move, may not act now, as ``apply`` would refuse it (a late
        racer is told who got in first): for a driver that must explain a refusal it did not try."""
        return self._out_of_turn(seat)

    def _out_of_turn(self, seat: object) -> OutOfTurn:
        """The refusal of a seat not in ``to_move``; a race game names the seat that got in first
        (``parlour.engine.claims.RaceWon``)."""
        return OutOfTurn(f"it is not seat {seat}'s turn: waiting for seat " + " or ".join(map(str, self.to_move)),
                         rule="turn order")

    def playout(self, rng: random.Random, choose: Callable[[State, int, random.Random], Action] | None = None,
                *, deal_only: bool = False) -> int:
        """Play on from here to the end of the game, each action chosen by ``choose(state, seat, rng)``, or
        uniformly at random by number (``legal_ids``) without it, and return how many were taken. With
        ``deal_only``, stop at the end of the current deal without dealing the next (``halted``): what a
        search's rollout wants, the deal's outcome, with nothing spent on a deal no one will play. Where
        several seats may act, the one that does is drawn at random, as a race would go.

        The loop every simulation and search would write, written once where it can read the state's own
        attributes; it goes through the public contract, checks and all."""
        self._halting = deal_only
        taken = 0
        pick = rng.choice
        try:
            if choose is None:
                legal, apply = self.legal_ids, self.apply_id
                while self.to_move:
                    to_move = self.to_move
                    seat = to_move[0] if len(to_move) == 1 else pick(to_move)
                    apply(seat, pick(legal(seat)))
                    taken += 1
            else:
                while self.to_move:
                    to_move = self.to_move
                    seat = to_move[0] if len(to_move) == 1 else pick(to_move)
                    self.apply(seat, choose(self, seat, rng))
                    taken += 1
        finally:
            self._halting = False
        return taken

    def parse_action(self, text: str) -> Action:
        return parse_action_text(text, self.ACTION_KINDS)

    def view(self, seat: int | None, *, log: bool = True) -> View:
        """Everything ``seat`` may know now (``None``: a spectator), and nothing more. ``log=False`` leaves
        the log out (an empty list), for a program that keeps the seat's log its own way
        (``game_log_since``): the log costs the deal's length, the rest of a view the cards'."""
        if seat is not None:
            self._check_seat(seat)
        parts = self._view_parts(seat)
        legal = [str(a) for a in self.legal_actions(seat)] if seat is not None else []
        table, extra = parts["table"], parts.get("extra", {})
        return View(game=self.info.id, seat=seat, hand_number=self.hand_number, phase=parts["phase"],
                    to_move=list(self.to_move), legal_actions=legal, hand=parts.get("hand", []),
                    seats=parts["seats"], table=table, scores=list(self.scores()),
                    log=self._log_for(seat) if log else [], extra=extra, is_over=self.is_over,
                    kinds=view_kinds(table, extra, *declared_kinds(type(self))))

    def scores(self) -> list[int]:
        """Running totals by seat (partners show their side's total)."""
        raise NotImplementedError

    def result(self) -> Result:
        """Winners and final standings; only once the game is over."""
        if self.halted:
            raise GameOver(f"the game is not over: it was stopped at the end of deal {self.hand_number} for a "
                           "search", rule="halted")
        if not self.is_over:
            raise GameOver("the game is not over yet", rule="game over")
        return self._result()

    def _result(self) -> Result:
        """The standings of a game that is over (``result`` has checked it is): by score, unless the book
        ranks the seats another way or the result tells more (the rubbers, the pool)."""
        return result_by_score(self.scores(), self.info.lowest_score_wins, ended_early=self.ended_early)

    def clone(self) -> State:
        """An independent copy, cheap enough for search: what does not change (earlier deals' history and
        log, results, audiences) is shared, and what does is copied, a deal's worth at most."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._moves = self._moves.copy()
        twin._log = self._log.copy()
        for name in self.MUTABLE:
            setattr(twin, name, getattr(self, name).copy())
        return twin

    def sample_world(self, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from this one: unseen cards and future chance drawn anew."""
        self._check_seat(seat)
        world = self.clone()
        world.sampled_for = seat
        world._rewritten = set()
        world._place_unknown(self._sample_unknown(seat, rng))
        world._chance_key = f"sampled {rng.getrandbits(64)}"
        world._offer = None   # the real state's last offer may be another seat's, or its hand's
        # Nothing of the real deal may stay behind for a search to find: not the seed, not a prepared
        # deal among the options, not an event or an act that only other seats were told of, nor what the
        # real state worked out for other seats (what one could not see tells what it holds; the logs
        # blanked for another seat keep what that seat was told).
        world._unknown_kept = None
        world._log_before_for = None
        world._lines_kept = {}
        world.seed = None
        if DEAL_OPTION in self.options:
            world.options = {name: value for name, value in self.options.items() if name != DEAL_OPTION}
        world._log = _blanked(self._log, seat)
        if self._log_before:
            world._log_before = self._blanked_before(seat)
        if self._audiences:
            world._withhold(seat)
        world._rewritten = ()
        return world

    def _blanked_before(self, seat: int) -> tuple[tuple[LogEntry, ...], ...]:
        """The earlier deals' log with the events ``seat`` was not told of blanked, made once per seat and
        deal (kept with the log it was made from, which every clone and world shares)."""
        made = self._log_before_for
        if made is None or made[0] is not self._log_before:
            made = self._log_before_for = (self._log_before, {})
        by_seat = made[1]
        if seat not in by_seat:
            by_seat[seat] = tuple(tuple(_blanked(deal, seat)) for deal in self._log_before)
        return by_seat[seat]

    def _withhold(self, seat: int) -> None:
        """In a sampled world, each action of an audience that ``seat`` is not in becomes a ``Withheld``
        stand-in reading as its public text, unless ``_place_unknown`` already rewrote it
        (``_rewrite_secret``) to fit the re-dealt cards: its entry holds nothing of the real act."""
        stand_ins = dict(self._stand_ins)
        for position, audience in self._audiences.items():
            if seat not in audience and position not in self._rewritten:
                actor, action = self._entry(position)
                stand_in = WithheldUnseen if action.unseen else Withheld
                stand_ins[position] = stand_in(action.public_text())
                self._set_code(position, STAND_IN << SEAT_BITS | actor)
        self._stand_ins = stand_ins

    def record(self) -> dict[str, Any]:
        """JSON-ready data from which ``parlour.replay`` rebuilds this exact state."""
        if self.sampled_for is not None:
            raise ValueError("a sampled world has no record: its unseen cards were dealt anew, not from a seed")
        from parlour.engine.record import make_record
        return make_record(self)

    def record_for(self, seat: int | None) -> dict[str, Any]:
        """The record as ``seat`` (``None``: a spectator) may be shown it: no seed nor prepared deal, and
        each action it did not see in full written as its public text (or left out if the act was unseen).
        It says whom it was made for (``seen_by``) and cannot be replayed; the server replays ``record``."""
        if seat is not None:
            self._check_seat(seat)
        if self.sampled_for is not None:
            raise ValueError("a sampled world has no record: its unseen cards were dealt anew, not from a seed")
        from parlour.engine.record import shown_record
        return shown_record(self, seat)

    def shown_to(self, position: int) -> frozenset[int] | None:
        """The seats that saw the action at ``position`` of the history in full; ``None``: every seat."""
        actor, action = self._entry(position)
        if not action.secret:
            return None
        audience = self._audiences.get(position)
        return frozenset((actor,)) if audience is None else audience

    def action_text_for(self, position: int, seat: int | None) -> str | None:
        """The action at ``position`` of the history as ``seat`` (``None``: a spectator) was shown it: in full,
        as its public text, or ``None`` for an act that seat did not see happen. Logs, records shown to
        players and the server's replays all word the history through this one rule."""
        actor, action = self._entry(position)
        if action.secret and seat not in self._audiences.get(position, (actor,)):
            return None if action.unseen else action.public_text()
        return str(action)

    @property
    def actions_taken(self) -> int:
        """How many actions the game has had: ``len(history)``, without making the history."""
        return self._moves_made()

    @property
    def history(self) -> list[tuple[int, Action]]:
        """The actions taken so far, as (seat, action), made from the integers the history keeps; a copy."""
        return [self._entry(position) for position in range(self._moves_made())]

    # --- the history, kept as integers ------------------------------------------------------------------
    def _moves_made(self) -> int:
        """How many actions have been taken: the place in the history the next one will have."""
        return self._moves_from + len(self._moves)

    def _code(self, position: int) -> int:
        if position >= self._moves_from:
            return self._moves[position - self._moves_from]
        deal = self._deal_of(position)
        return self._earlier[deal][position - self._deal_starts[deal][0]]

    def _deal_of(self, position: int) -> int:
        """The finished deal (counted from 0) whose actions include ``position``."""
        return bisect_right(self._deal_starts, (position, math.inf)) - 1

    def _entry(self, position: int) -> tuple[int, Action]:
        """The action at ``position`` of the history (counted from the game's first) with its seat."""
        code = self._code(position)
        number = code >> SEAT_BITS
        return code & SEAT_MASK, self._stand_ins[position] if number == STAND_IN else self._decode_at(position, number)

    def _decode_at(self, position: int, number: int) -> Action:
        """The action numbered ``number`` at ``position`` of the history: ``decode``, unless the game numbers
        actions against its table (Twenty-Four's sums), when an earlier entry is read against its own."""
        return self.decode(number)

    def _set_code(self, position: int, code: int) -> None:
        if position >= self._moves_from:
            self._moves[position - self._moves_from] = code
            return
        deal = self._deal_of(position)
        entries = list(self._earlier[deal])
        entries[position - self._deal_starts[deal][0]] = code
        self._earlier = (*self._earlier[:deal], tuple(entries), *self._earlier[deal + 1:])

    def _set_entry(self, position: int, seat: int, action: Action) -> None:
        """In a sampled world (from ``_place_unknown``), the action at ``position`` becomes ``action``, one of
        the game's own, naming the world's re-dealt cards rather than the real ones."""
        self._set_code(position, self.encode(action) << SEAT_BITS | seat)
        if isinstance(self._rewritten, set):
            self._rewritten.add(position)

    # --- helpers for games -------------------------------------------------------------------------------
    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"no seat {seat!r}: seats are 0 to {self.players - 1}", rule="seats")

    def _rng(self, purpose: str) -> random.Random:
        """The chance for one purpose (a deal), derived from the seed so that clones need not copy it."""
        return random.Random(f"{self._chance_key}|{purpose}")

    def _following(self, prepared: Prepared, *keys: str) -> list[int]:
        """The undealt cards of a prepared deal, top first: the cards its lists ``keys`` give (an upcard, a
        stock's top), in order, then every card the deal names nowhere, in the order the seed shuffles them."""
        named = prepared.named
        top = [card for key in keys for card in prepared.apart.get(key, ())]
        pack = self._deal_pack()
        return top + [i for i in self._shuffled(f"deal {self.hand_number}", len(pack)) if not named >> i & 1]

    def _deal_pack(self) -> Pack:
        """The pack of the current deal's form."""
        shape = self._deal_shape(self.hand_number)
        if shape is None:
            raise NotImplementedError("a game that reads prepared deals declares their form (_deal_shape)")
        return shape.pack

    def _shuffled(self, purpose: str, count: int) -> list[int]:
        """``range(count)`` shuffled by the chance of ``purpose``.

        A Fisher-Yates shuffle fed by 32-bit words of one SHAKE-256 stream keyed by the seed: the modulo
        bias is below one in ten million, and it costs half of seeding a ``random.Random`` per deal.
        """
        stream = hashlib.shake_256(f"{self._chance_key}|{purpose}".encode()).digest(4 * count)
        words = struct.unpack(f"<{count}I", stream)
        order = list(range(count))
        for i in range(count - 1, 0, -1):
            j = words[i] % (i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    def _deal_around(self, deck: Sequence[int], dealer: int, following: Sequence[int] | None = None) -> list[int]:
        """Each seat's hand (a mask) when ``deck`` is dealt out one card at a time from the dealer's next
        seat round to the dealer, so the last card is the dealer's. ``following[seat]`` is the seat after
        each, where the deal goes round other than the table (Vint seats each rubber anew)."""
        following = self.seating.following if following is None else following
        hands = [0] * self.players
        seat = dealer
        for k in range(self.players):
            seat = following[seat]
            # Distinct bits: their sum is their union.
            hands[seat] = sum(map(BIT.__getitem__, deck[k::self.players]))
        return hands

    def _deal_packets(self, deck: Sequence[int], seats: Sequence[int], packets: Sequence[int],
                      widow: int = 0, widow_after: int = 0) -> tuple[list[int], int]:
        """Each seat's hand (a mask, by seat number) and the widow's, when ``deck`` is dealt in rounds of
        packets: in round ``k`` every seat of ``seats``, in order, takes ``packets[k]`` cards, and after
        ``widow_after`` rounds ``widow`` cards go face down to the widow (Schafkopf and Preference deal
        3 each, 2 to the widow, 4 each, 3 each)."""
        takes = _packet_takes(self.players, tuple(seats), tuple(packets), widow, widow_after)
        hands = [sum(map(BIT.__getitem__, take(deck))) if take else 0 for take in takes[:-1]]
        to_widow = takes[-1]
        return hands, sum(map(BIT.__getitem__, to_widow(deck))) if to_widow else 0

    def _read_plan(self, plan: Any) -> tuple[Prepared, ...]:
        """The prepared deals given (``deal=``: one, or a list for the first deals), each read against the
        game's form for its place in the game; the first that does not fit is a ``DealError``."""
        if plan is None:
            return ()
        if not isinstance(plan, list):
            return (self._read_one(plan, 1, ""),)
        if not plan:
            raise DealError("a list of prepared deals holds at least one deal")
        return tuple(self._read_one(deal, number, f"deal {number} of the list: ")
                     for number, deal in enumerate(plan, 1))

    def _read_one(self, deal: Any, number: int, where: str) -> Prepared:
        shape = self._deal_shape(number)
        if shape is None:
            raise DealError(f"{where}{self.info.name} takes no prepared deal for deal {number}")
        try:
            return read_deal(deal, shape, self.players)
        except DealError as exc:
            raise DealError(f"{where}{exc}") from None

    def _prepared_now(self) -> Prepared | None:
        """The prepared deal, as read, for the current deal; ``None`` when it is dealt by chance (no deal
        given for it, or a sampled world, which deals what it cannot see anew)."""
        number = self.hand_number
        if number > len(self._prepared) or self._chance_key.startswith("sampled"):
            return None
        return self._prepared[number - 1]

    def _deck(self, pack: Pack) -> list[int]:
        """The cards of this deal, top first, as indices of ``pack``: a stacked pack when the prepared deal
        is one (``{"pack": [every card once, top first]}``), so that a test can check the book's order of
        dealing through the game's own procedure; otherwise the pack shuffled by this deal's chance.

        A game whose pack outlives a deal (Pontoon's, carried on unshuffled) calls this only in the deals
        its book shuffles, so a stacked pack's order runs on through the deals that follow."""
        prepared = self._prepared_now()
        if prepared is None or prepared.pack is None:
            return self._shuffled(f"deal {self.hand_number}", len(pack))
        return list(prepared.pack)

    def _rewrite_secret(self, seat: int, positions: Sequence[int], actions: Sequence[Action]) -> None:
        """In a sampled world (from ``_place_unknown``), the secret actions of ``seat`` at these places of
        the history become ``actions``, naming the re-dealt cards: a world's history must hold nothing of the
        real cards laid face down, or a search could read them back."""
        for position, action in zip(positions, actions, strict=True):
            self._set_entry(position, seat, action)

    def _say(self, text: str, *args: Any, to: Sequence[int] | None = None) -> None:
        """Add an event to the log, for all or only for some seats; ``args`` fill ``{}`` in ``text``."""
        self._log.append((self._moves_made(), text, args, None if to is None else frozenset(to)))

    def _log_for(self, seat: int | None) -> list[str]:
        """The log as ``seat`` may read it: one line per earlier deal (its result), then every event and
        action of the current deal. Bounding it by the deal keeps a view's cost from growing with the
        game, which every push of the server and every bot decision pays."""
        deal = len(self.hand_results) - 1 if self.is_over and self.hand_results else len(self.hand_results)
        out = [_hand_line(result) for result in self.hand_results[:deal]]
        if deal == len(self._deal_starts) - 1:
            out.extend(self._deal_lines_now(seat))
            return out
        for later in range(deal, len(self._deal_starts)):
            out.extend(self._deal_lines(seat, later))
        return out

    def _deal_lines_now(self, seat: int | None) -> tuple[str, ...]:
        """The deal being played, its events and actions as ``seat`` may read them: what the last view read
        (``_lines_kept``) and what was told since, so a view costs what is new rather than the deal."""
        deal = len(self._deal_starts) - 1
        kept = self._lines_kept.get(seat)
        if kept is not None and kept[0][0] == deal:
            (_, position, event), lines = kept
        else:
            position, event, lines = self._deal_starts[deal][0], 0, ()
        more: list[str] = []
        event = self._deal_lines_into(more, seat, deal, position, event)
        if kept is None or more or kept[0] != (deal, self._moves_made(), event):
            lines = (*lines, *more)
            self._lines_kept = {**self._lines_kept, seat: ((deal, self._moves_made(), event), lines)}
        return lines

    def game_log(self, seat: int | None) -> list[str]:
        """Every deal's events and actions as ``seat`` may read them, from the first deal on: what a seat
        that forgets nothing has been told (a view's log keeps the earlier deals' results only). It costs
        the whole game's length, so it is for programs that ask for perfect recall, not for every view;
        ``game_log_since`` reads it a piece at a time."""
        return self.game_log_since(seat)[0]

    def game_log_since(self, seat: int | None, mark: LogMark = (0, 0, 0)) -> tuple[list[str], LogMark]:
        """The lines of ``game_log(seat)`` after ``mark``, and the mark of now: ``(0, 0, 0)`` reads from the
        game's start, and a mark this method returned reads on from there, in this state, a clone of it or
        a world sampled for ``seat`` from it (which keep the places of the history and the log). It costs
        what is new, so a program that recalls everything (OpenSpiel's information states) reads each line
        once. A mark is the deal, the place in the history and the event of that deal read up to."""
        if seat is not None:
            self._check_seat(seat)
        deal, position, event = mark
        last = len(self._deal_starts) - 1
        if not 0 <= deal <= last:
            raise ValueError(f"a log mark's deal is 0 to {last} here, not {deal}")
        out: list[str] = []
        while True:
            event = self._deal_lines_into(out, seat, deal, max(position, self._deal_starts[deal][0]), event)
            if deal == last:
                return out, (deal, self._moves_made(), event)
            deal, position, event = deal + 1, 0, 0

    def log_mark(self) -> LogMark:
        """The mark of now for ``game_log_since``: reading on from it gives what is told from here on."""
        return len(self._deal_starts) - 1, self._moves_made(), len(self._log)

    def _deal_lines(self, seat: int | None, deal: int) -> list[str]:
        """One deal's events and actions as ``seat`` may read them, each event before the action it
        preceded. The "deal" after the last holds only the events of the game's end."""
        out: list[str] = []
        self._deal_lines_into(out, seat, deal, self._deal_starts[deal][0], 0)
        return out

    def _deal_lines_into(self, out: list[str], seat: int | None, deal: int, first_action: int, e: int) -> int:
        """Add to ``out`` the lines of ``deal`` from the action at ``first_action`` and the deal's event ``e``
        on, as ``seat`` may read them; answer how many of the deal's events are read."""
        last_action = self._deal_starts[deal + 1][0] if deal + 1 < len(self._deal_starts) else self._moves_made()
        events = self._log_before[deal] if deal < len(self._log_before) else self._log

        def emit(entry: LogEntry) -> None:
            _, text, args, to = entry
            if to is None or seat in to:
                out.append(text(*args) if callable(text) else text.format(*args) if args else text)

        for position in range(first_action, last_action):
            while e < len(events) and events[e][0] <= position:
                emit(events[e])
                e += 1
            text = self.action_text_for(position, seat)
            if text is not None:
                out.append(f"seat {self._code(position) & SEAT_MASK}: {text}")
        for entry in events[e:]:
            emit(entry)
        return len(events)

    def _finish_hand(self, result: HandResult) -> None:
        """A deal is done: its result is kept, and its history and log are frozen, for clones to share."""
        self.hand_results = (*self.hand_results, result)
        self._log.append((self._moves_made(), _hand_line, (result,), None))
        self._earlier = (*self._earlier, tuple(self._moves))
        self._moves_from += len(self._moves)
        self._moves = []
        self._log_before = (*self._log_before, tuple(self._log))
        self._log = []
        events_from = self._deal_starts[-1][1] + len(self._log_before[-1])
        self._deal_starts = (*self._deal_starts, (self._moves_from, events_from))

    # --- match flow: deal after deal, to the book's end ------------------------------------------------
    def _deal(self) -> None:
        """Deal hand ``hand_number`` from ``dealer`` and set whose turn it is."""
        raise NotImplementedError

    def _next_deal(self, over: bool = False) -> None:
        """After a finished deal (``_finish_hand``), what every book does next: the game is over once it
        has had its deals (``hands_in_game``) or when ``over`` says the book's own end has come (a target
        reached, the rubbers played); otherwise the deal passes on and the next hand is dealt."""
        if over or (self.hands_in_game is not None and len(self.hand_results) >= self.hands_in_game):
            self.to_move = ()
            self._game_over()
            return
        if self._halting:
            self.to_move = ()
            self.halted = True
            return
        self.hand_number += 1
        self._pass_deal()
        self._deal()

    def _end_early(self, seat: int | None, reason: str) -> None:
        """After a finished deal, the game stops before its usual end because of ``seat`` (one who cannot
        pay what it owes: Kabu's end); ``reason`` in the book's words goes into the result, which ranks
        the seats as they stand."""
        self.ended_early = EarlyEnd(seat, reason)
        self._next_deal(over=True)

    def _pass_deal(self) -> None:
        """Between deals each role passes by the book's rule (``_next_holder``), then the deal
        (``_next_dealer``); a game that seats its players anew says otherwise."""
        if self.roles:
            self.roles = self.roles.passed(self._next_holder)
        self.dealer = self._next_dealer()

    def _game_over(self) -> None:
        """Anything a game shows once its last deal is done (the phase ``over``); nothing by default."""

    # --- seating and roles: who sits with whom, who deals next, who holds the bank ---------------------
    def _seating(self) -> Seating:
        """The table for this game, chosen before the first deal: partners sitting apart where ``GameInfo``
        says so (always, or at the player counts in ``partnership_counts``), each for itself otherwise.
        A game whose sides depend on a variant or option (a partnership variant) says so here."""
        info = self.info
        if info.partnerships or self.players in info.partnership_counts:
            return Seating.partnership(self.players, info.direction)
        return Seating(self.players, info.direction)

    def _next_dealer(self) -> int:
        """Who deals the next hand: the next seat in turn, unless the book gives the deal by another rule
        (Pontoon's banker, who deals, keeps the deal unless a player held a pontoon). Called after the roles
        have passed, so the deal may follow one."""
        return self.seating.next(self.dealer)

    def _next_holder(self, role: str, seat: int) -> int:
        """Who holds ``role`` (held now by ``seat``) in the next deal; a role stays where it is by default."""
        return seat

    def _titles(self, seat: int) -> str:
        """The roles ``seat`` holds now, as a view's ``status`` shows them: "dealer", "banker" or "dealer,
        banker"; empty for a seat with none."""
        titles = self.roles.titles(seat)
        return ", ".join(("dealer", *titles) if seat == self.dealer else titles)


@cache
def _packet_takes(players: int, seats: tuple[int, ...], packets: tuple[int, ...], widow: int,
                  widow_after: int) -> tuple[Callable[[Sequence[int]], tuple[int, ...]] | None, ...]:
    """For a deal in packets (``State._deal_packets``), what each seat takes from the deck, and last what the
    widow takes, as functions picking those places of the deck: worked out once per way of dealing, so a
    deal is a pick and a sum per hand."""
    places: list[list[int]] = [[] for _ in range(players + 1)]
    at = 0
    for round_number, size in enumerate((*packets, 0)):
        if round_number == widow_after:
            places[players] += range(at, at + widow)
            at += widow
        for seat in seats if size else ():
            places[seat] += range(at, at + size)
            at += size
    return tuple(_picker(taken) for taken in places)


def _picker(places: list[int]) -> Callable[[Sequence[int]], tuple[int, ...]] | None:
    if not places:
        return None
    if len(places) == 1:
        place = places[0]
        return lambda deck: (deck[place],)
    return itemgetter(*places)


def _blanked(log: Sequence[LogEntry], seat: int) -> list[LogEntry]:
    """The log with each event ``seat`` was not told of blanked: not dropped, so positions in the log hold."""
    return [entry if entry[3] is None or seat in entry[3] else (entry[0], "", (), frozenset()) for entry in log]


def _hand_line(result: HandResult) -> str:
    return f"hand {result.number}: {result.summary or 'ends'}"
