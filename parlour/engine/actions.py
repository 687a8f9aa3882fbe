"""Actions: small immutable values whose ``str`` is their notation and whose text parses back.

Each action kind is a frozen dataclass with a ``verb``; a game lists the kinds it uses and the engine
reads notation against that list, so ``play QC`` or ``draw stock`` parse the same way in every game.
A kind marked ``secret`` (a card laid face down) is shown to other seats without its argument.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from parlour.cards import Card, bit_indices
from parlour.errors import NotationError


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action kind."""

    verb: ClassVar[str] = ""
    secret: ClassVar[bool] = False

    def __str__(self) -> str:
        return self.verb

    def public_text(self) -> str:
        """How the action reads to seats that may not see its details."""
        return str(self)

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if args:
            raise NotationError(f"'{cls.verb}' takes nothing after it")
        return cls()


@dataclass(frozen=True, slots=True)
class CardAction(Action):
    """An action on one card: ``play QC``."""

    card: Card

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if len(args) != 1:
            raise NotationError(f"'{cls.verb}' takes exactly one card, as '{cls.verb} QC'")
        return cls(Card.parse(args[0]))


@dataclass(frozen=True, slots=True)
class Play(CardAction):
    verb: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Discard(CardAction):
    verb: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class FaceDownDiscard(CardAction):
    """A card laid away face down (to a widow, a talon, a discard): others see that a card went, not which."""

    verb: ClassVar[str] = "discard"
    secret: ClassVar[bool] = True

    def public_text(self) -> str:
        return "discard a card face down"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"


def parse_action_text(text: object, kinds: Iterable[type[Action]]) -> Action:
    """Read notation against a game's action kinds; malformed text raises ``NotationError``."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    tokens = text.strip().split()
    by_verb = {kind.verb: kind for kind in kinds}
    if not tokens:
        raise NotationError("empty action: write one of " + ", ".join(sorted(by_verb)))
    kind = by_verb.get(tokens[0].lower())
    if kind is None:
        raise NotationError(f"unknown action {tokens[0]!r}: this game knows " + ", ".join(sorted(by_verb)))
    return kind.parse_args(tokens[1:])


class ActionTable:
    """Actions indexed by pack index, listed from a bit mask quickly (the hot path of every playout).

    A mask is split in chunks (a suit of a suit-major pack, say); each chunk's list of actions is cached,
    so the common case, a mask within one suit, costs one dictionary look-up.
    """

    __slots__ = ("_cache", "_chunks", "_numbers", "actions")

    def __init__(self, actions: Sequence[Action], chunk: int = 13) -> None:
        self.actions = tuple(actions)
        self._numbers = {action: number for number, action in enumerate(self.actions)}
        self._chunks = tuple(((1 << chunk) - 1) << start for start in range(0, len(self.actions), chunk))
        self._cache: dict[int, tuple[Action, ...]] = {}

    def __getitem__(self, index: int) -> Action:
        return self.actions[index]

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The action's number: its place in the table (the game's integer encoding)."""
        number = self._numbers.get(action)
        if number is None:
            raise NotationError(f"{action} is not an action of this game")
        return number

    def decode(self, number: int) -> Action:
        if type(number) is not int or not 0 <= number < len(self.actions):
            raise NotationError(f"actions are numbered 0 to {len(self.actions) - 1}, not {number!r}")
        return self.actions[number]

    def of(self, mask: int) -> list[Action]:
        """The actions of the set bits of ``mask``, in index order."""
        listed = self._cache.get(mask)
        if listed is not None:
            return list(listed)
        out: list[Action] = []
        for chunk in self._chunks:
            part = mask & chunk
            if part:
                listed = self._cache.get(part)
                if listed is None:
                    listed = self._cache[part] = tuple(self.actions[i] for i in bit_indices(part))
                out += listed
        return out
