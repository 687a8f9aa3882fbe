"""The registry of games: static facts (`GameInfo`), options, and `new_game`.

A game module declares its facts once in a frozen ``GameInfo`` and its options as a frozen dataclass
whose fields carry their documentation; the registry, the terminal, the docs and the conformance tests
read them from here and nothing repeats them.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.engine.state import State


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its default, what it means, and which values it accepts."""

    name: str
    default: Any
    doc: str
    kind: type
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    # What a person reads for the option: a few words ("Least total to stick on"), never its name.
    label: str = ""

    @property
    def title(self) -> str:
        """The option's label, or its name in words where it declares none."""
        return self.label or self.name.replace("_", " ").capitalize()

    def validate(self, value: Any) -> Any:
        if value is None and self.default is None:
            return None
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"option {self.name} takes a whole number, not {value!r}")
        if self.kind is bool and not isinstance(value, bool):
            raise ValueError(f"option {self.name} takes true or false, not {value!r}")
        if self.kind is str and not isinstance(value, str):
            raise ValueError(f"option {self.name} takes text, not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.name} must be one of {', '.join(map(str, self.choices))}, "
                             f"not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {self.name} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {self.name} must be at most {self.maximum}, not {value!r}")
        return value


def option(default: Any, doc: str, *, choices: tuple[Any, ...] | None = None, minimum: int | None = None,
           maximum: int | None = None, kind: type | None = None, label: str = "") -> Any:
    """A dataclass field for a game's ``Options``, documented where it is declared: ``label`` is what a
    person reads for it in a few words, ``doc`` what it means."""
    meta = {"doc": doc, "choices": choices, "minimum": minimum, "maximum": maximum,
            "kind": kind or type(default), "label": label}
    return dataclasses.field(default=default, metadata=meta)


def option_specs(options_class: type) -> tuple[OptionSpec, ...]:
    """Read a game's ``Options`` dataclass into the specs that ``GameInfo.options`` lists."""
    specs = []
    for f in dataclasses.fields(options_class):
        m = f.metadata
        specs.append(OptionSpec(f.name, f.default, m.get("doc", ""), m.get("kind", type(f.default)),
                                m.get("choices"), m.get("minimum"), m.get("maximum"), m.get("label", "")))
    return tuple(specs)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The static facts of one game, declared once at the top of its module."""

    id: str
    name: str
    family: tuple[str, ...]
    min_players: int
    max_players: int
    pack: str
    rules_source: tuple[str, ...]
    summary: str = field(repr=False)
    num_distinct_actions: int
    default_players: int | None = None
    variants: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    partnerships: bool = False
    # Player counts at which the book seats partners (Canasta: four or six), where it does not always.
    partnership_counts: tuple[int, ...] = ()
    direction: int = 1
    rules_version: int = 1
    lowest_score_wins: bool = False
    max_actions: int = 100_000
    # The player counts the book allows where not every count from min to max is one (two or four).
    player_counts: tuple[int, ...] = ()
    # Names of the seats where the book's players call their places by name (bridge's North, East, South
    # and West), by seat number; empty where seats have no names, and front-ends then say "seat N".
    seat_names: tuple[str, ...] = ()
    # Facts for the rules page that take a moment to work out (a solver's figures), asked only when shown.
    figures: Callable[[], str] | None = field(default=None, repr=False, compare=False)

    @property
    def players_default(self) -> int:
        return self.default_players or self.min_players

    @property
    def counts(self) -> tuple[int, ...]:
        """Every player count the game is played by."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def rules_text(self) -> str:
        """The summary, with the figures worked out for it where the game has any."""
        return self.summary if self.figures is None else f"{self.summary}\n{self.figures()}"

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)


_GAMES: dict[str, tuple[GameInfo, type[State]]] = {}

# Every game takes a prepared deal for tests and tutorials, read against the form it declares (``deals``).
DEAL_OPTION = "deal"


def register(info: GameInfo, state_class: type[State]) -> None:
    """Make a game known to ``parlour.games()`` and ``parlour.new_game``."""
    if info.id in _GAMES and _GAMES[info.id][1] is not state_class:
        raise ValueError(f"game id {info.id!r} is registered twice")
    state_class.info = info
    _GAMES[info.id] = (info, state_class)


def games() -> list[GameInfo]:
    """Every registered game's facts, by id."""
    return [info for _, (info, _) in sorted(_GAMES.items())]


def game_info(game_id: str) -> GameInfo:
    return _lookup(game_id)[0]


def _lookup(game_id: str) -> tuple[GameInfo, type[State]]:
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(_GAMES))}") from None


def resolve_options(info: GameInfo, given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in, each value checked; an unknown option names the valid ones."""
    if not given:       # the usual case, a game as the book plays it: its defaults, checked once
        return dict(_defaults(info))
    known = {spec.name: spec for spec in info.options}
    unknown = [name for name in given if name not in known and name != DEAL_OPTION]
    if unknown:
        valid = ", ".join(sorted(known) + [DEAL_OPTION]) or "none"
        raise ValueError(f"unknown option {unknown[0]!r} for {info.id}; its options are: {valid}")
    resolved = {name: spec.validate(given.get(name, spec.default)) for name, spec in known.items()}
    if given.get(DEAL_OPTION) is not None:
        resolved[DEAL_OPTION] = given[DEAL_OPTION]
    return resolved


_DEFAULTS: dict[str, tuple[GameInfo, dict[str, Any]]] = {}


def _defaults(info: GameInfo) -> dict[str, Any]:
    """A game's options as it is played by default, worked out once for each registered ``GameInfo``."""
    kept = _DEFAULTS.get(info.id)
    if kept is None or kept[0] is not info:
        kept = _DEFAULTS[info.id] = info, resolve_options(info, {DEAL_OPTION: None})
    return kept[1]


def new_game(game_id: str, players: int | None = None, variant: str | None = None, seed: int | None = None,
             **options: Any) -> State:
    """A whole game as the book plays it, ready for its first action.

    ``seed`` fixes all chance; none given, one is drawn and kept in ``state.seed`` and the record.
    ``deal=`` takes a prepared deal (its shape is the game's; see its module) for the first hand, or a
    list of them for the first hands. Games that deal the whole pack also take ``{"pack": [every card,
    top first]}``, a stacked pack dealt by the book's own procedure (packets, widow, the dealer's order).
    Every deal given, each of a list, is read against the game's form before play: one that does not fit
    raises ``DealError`` and no game is made.
    """
    info, state_class = _lookup(game_id)
    if players is None:
        players = info.players_default
    if isinstance(players, bool) or not isinstance(players, int) or players not in info.counts:
        span = (str(info.min_players) if info.min_players == info.max_players
                else " or ".join(map(str, info.player_counts)) if info.player_counts
                else f"{info.min_players} to {info.max_players}")
        raise ValueError(f"{info.name} is played by {span} players, not {players!r}")
    if variant is not None and variant not in info.variants:
        valid = ", ".join(info.variants) or "none besides the standard game"
        raise ValueError(f"unknown variant {variant!r} for {info.id}; its variants are: {valid}")
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    resolved = resolve_options(info, options)
    return state_class(players=players, variant=variant, seed=seed, options=resolved)
