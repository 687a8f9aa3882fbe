"""Records: a game as JSON-ready data (game, variant, options, seed, actions) and their exact replay.

A record is what the terminal saves, the server stores, and tests and bug reports replay. It carries the
rules version, and the scores reached, so that a record altered by hand is refused rather than replayed
into a different game.

A record holds everything (the seed deals every hand again), so a player or a spectator is shown another
form, :func:`shown_record`: what that seat saw, marked ``seen_by``, which ``replay`` refuses.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from parlour.errors import RecordError

if TYPE_CHECKING:
    from parlour.engine.state import State

FORMAT = "parlour-record"
FORMAT_VERSION = 1

# Options a record may not carry: ``new_game``'s own arguments, which a record keeps in fields of their own.
RESERVED_OPTIONS = ("game_id", "players", "variant", "seed")
# Bounds on what a record may hold, so that a careless or hostile one is refused before it costs anything
# and every message about it stays short: how deeply its options may nest (a list of prepared deals of lists
# of cards is four deep), how long any text in it may be, and a name (a game's, a variant's, an option's),
# how large a number among the options and a seed (a seed of a few thousand bits can still be written out),
# and how many players a game may have.
MAX_DEPTH = 16
MAX_TEXT = 1_000
MAX_NAME = 100
MAX_OPTION_INT = 2**63
MAX_SEED_BITS = 4_096
MAX_PLAYERS = 64


def make_record(state: State) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": state.info.id,
        "rules_version": state.info.rules_version,
        "variant": state.variant,
        "players": state.players,
        "seed": state.seed,
        "options": dict(state.options),
        "actions": [[seat, str(action)] for seat, action in state.history],
        "scores": list(state.scores()),
    }


def shown_record(state: State, seat: int | None) -> dict[str, Any]:
    """The record as ``seat`` (``None``: a spectator) may read it: without the seed or a prepared deal,
    each action it did not see in full as its public text, and acts it did not see happen left out."""
    from parlour.engine.registry import DEAL_OPTION

    actions: list[list[Any]] = []
    for position, (actor, _) in enumerate(state.history):
        text = state.action_text_for(position, seat)
        if text is not None:
            actions.append([actor, text])
    return {**make_record(state), "seed": None, "seen_by": seat, "actions": actions,
            "options": {name: value for name, value in state.options.items() if name != DEAL_OPTION}}


def replay(record: Any) -> State:
    """Rebuild the state a record was made from; a malformed or corrupted record raises ``RecordError``.

    Every way a record can be wrong is a ``RecordError`` that says what is wrong: not a Parlour record, a
    format version this Parlour does not read, a field missing or of the wrong type, an option that is
    not plain JSON-ready data or is one of ``new_game``'s own arguments, a prepared deal the game refuses,
    an action that cannot be replayed, or scores the actions do not reach.
    """
    from parlour.engine.registry import DEAL_OPTION, game_info, new_game

    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError("not a Parlour record: the 'format' field must be 'parlour-record'")
    if "seen_by" in record:
        seen_by = record["seen_by"]
        shown = "a spectator" if seen_by is None else f"seat {_brief(seen_by)}"
        raise RecordError(f"this record is the game as {shown} saw it, with what was hidden left out, and "
                          "cannot be replayed: replay the full record (state.record())")
    _check_format_version(record)
    for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("actions", list)):
        if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool):
            raise RecordError(f"corrupted record: '{key}' is missing or not {kind.__name__}")
    if "variant" not in record or not (record["variant"] is None or isinstance(record["variant"], str)):
        raise RecordError("corrupted record: 'variant' is missing or neither text nor null (the standard game)")
    for key in ("game", "variant"):
        if isinstance(record[key], str) and len(record[key]) > MAX_NAME:
            raise RecordError(f"corrupted record: '{key}' is longer than any {key} name")
    if not 0 < record["players"] <= MAX_PLAYERS:
        raise RecordError(f"corrupted record: no game is played by {_brief(record['players'])} players")
    if record["seed"].bit_length() > MAX_SEED_BITS:
        raise RecordError(f"corrupted record: the seed has more than {MAX_SEED_BITS} bits")
    options = record["options"]
    _check_options(options)
    try:
        info = game_info(record["game"])
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    version = record.get("rules_version", info.rules_version)
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(f"corrupted record: 'rules_version' is not a whole number but {_brief(version)}")
    if version != info.rules_version:
        raise RecordError(f"this record was made under {info.name} rules version {_brief(version)}; "
                          f"this Parlour plays version {info.rules_version}")
    try:
        state = new_game(record["game"], players=record["players"], variant=record["variant"],
                         seed=record["seed"], **options)
    except ValueError as exc:
        raise RecordError(f"corrupted record: {exc}") from None
    except (TypeError, LookupError, AttributeError) as exc:
        # The options are checked plain data; only the prepared deal is read by the game's own code, which
        # must refuse a bad one with a ``DealError``. Should it fail some other way, the record is still
        # refused as corrupted, with the failure kept as the cause.
        if options.get(DEAL_OPTION) is None:
            raise
        raise RecordError(f"corrupted record: its prepared deal ('{DEAL_OPTION}' option) cannot be read") from exc
    for number, entry in enumerate(record["actions"], 1):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                or isinstance(entry[0], bool) or not isinstance(entry[1], str) or len(entry[1]) > MAX_TEXT):
            raise RecordError(f"corrupted record: action {number} is not [seat, notation]")
        if not 0 <= entry[0] < state.players:
            raise RecordError(f"corrupted record: action {number} is by seat {_brief(entry[0])}, but the game's "
                              f"seats are 0 to {state.players - 1}")
        try:
            state.apply(entry[0], entry[1])
        except ValueError as exc:
            raise RecordError(f"corrupted record: action {number} (seat {entry[0]}: {_brief(entry[1])}) "
                              f"cannot be replayed: {exc}") from None
    if "scores" in record and record["scores"] != list(state.scores()):
        raise RecordError("corrupted record: replaying its actions does not reach the scores it records")
    return state


def _check_format_version(record: dict[str, Any]) -> None:
    """The record's ``format_version`` must be this Parlour's, a whole number: a record of another
    version is refused, naming both, rather than read by rules it was not written for."""
    if "format_version" not in record:
        raise RecordError(f"corrupted record: it has no 'format_version'; this Parlour reads records of format "
                          f"version {FORMAT_VERSION}")
    version = record["format_version"]
    if isinstance(version, bool) or not isinstance(version, int) or version != FORMAT_VERSION:
        raise RecordError(f"this record is of format version {_brief(version)}; this Parlour reads records of "
                          f"format version {FORMAT_VERSION}")


def _check_options(options: dict[Any, Any]) -> None:
    """A record's options are named by text, none of them one of ``new_game``'s own arguments, and hold
    plain JSON-ready data only (text, whole numbers, finite numbers, true, false, null, lists and objects
    named by text), within the bounds above; the game then checks their values."""
    for name in options:
        if not isinstance(name, str):
            raise RecordError(f"corrupted record: an option is named by {_brief(name)}, not by text")
        if len(name) > MAX_NAME:
            raise RecordError(f"corrupted record: an option is named {_brief(name)}, longer than any option's name")
        if name in RESERVED_OPTIONS:
            raise RecordError(f"corrupted record: '{name}' is not an option but new_game's own argument; a "
                              f"record keeps it in a field of its own, not among the options")
    for name, value in options.items():
        problem = _not_plain(value, MAX_DEPTH)
        if problem:
            raise RecordError(f"corrupted record: option {_brief(name)} {problem}")


def _not_plain(value: Any, depth: int) -> str | None:
    """What keeps ``value`` from being plain JSON-ready data within the bounds, or ``None``."""
    stack = [(value, depth)]
    while stack:
        item, room = stack.pop()
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not -MAX_OPTION_INT <= item < MAX_OPTION_INT:
                return f"holds a number beyond {MAX_OPTION_INT}"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"holds {item}, which is not a number JSON can write"
        elif isinstance(item, str):
            if len(item) > MAX_TEXT:
                return f"holds text longer than {MAX_TEXT} characters"
        elif isinstance(item, list | dict):
            if room == 0:
                return f"nests more than {MAX_DEPTH} deep"
            if isinstance(item, dict):
                if not all(isinstance(key, str) for key in item):
                    return "holds an object with a key that is not text"
                stack.extend((inner, room - 1) for inner in item.values())
            else:
                stack.extend((inner, room - 1) for inner in item)
        else:
            return f"holds a {type(item).__name__}, which is not JSON-ready data"
    return None


def _brief(value: Any) -> str:
    """``value`` for an error message, cut short: a record's junk must not make a message of megabytes."""
    try:
        text = repr(value)
    except ValueError:   # an integer too long to write out
        return "an enormous number"
    return text if len(text) <= 40 else f"{text[:37]}..."
