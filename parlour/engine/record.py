"""Records: a game as JSON-ready data (game, variant, options, seed, actions) and their exact replay.

A record is what the terminal saves, the server stores, and tests and bug reports replay. It carries the
rules version, and the scores reached, so that a record altered by hand is refused rather than replayed
into a different game.

A record holds everything (the seed deals every hand again), so a player or a spectator is shown another
form, :func:`shown_record`: what that seat saw, marked ``seen_by``, which ``replay`` refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.errors import RecordError

if TYPE_CHECKING:
    from parlour.engine.state import State

FORMAT = "parlour-record"
FORMAT_VERSION = 1


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
    """Rebuild the state a record was made from; a malformed or corrupted record raises ``RecordError``."""
    from parlour.engine.registry import game_info, new_game

    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError("not a Parlour record: the 'format' field must be 'parlour-record'")
    if "seen_by" in record:
        shown = "a spectator" if record["seen_by"] is None else f"seat {record['seen_by']}"
        raise RecordError(f"this record is the game as {shown} saw it, with what was hidden left out, and "
                          "cannot be replayed: replay the full record (state.record())")
    for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("actions", list)):
        if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool):
            raise RecordError(f"corrupted record: '{key}' is missing or not {kind.__name__}")
    try:
        info = game_info(record["game"])
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    version = record.get("rules_version", info.rules_version)
    if version != info.rules_version:
        raise RecordError(f"this record was made under {info.name} rules version {version}; "
                          f"this Parlour plays version {info.rules_version}")
    try:
        state = new_game(record["game"], players=record["players"], variant=record.get("variant"),
                         seed=record["seed"], **record["options"])
    except ValueError as exc:
        raise RecordError(f"corrupted record: {exc}") from None
    for number, entry in enumerate(record["actions"], 1):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                or isinstance(entry[0], bool) or not isinstance(entry[1], str)):
            raise RecordError(f"corrupted record: action {number} is not [seat, notation]")
        try:
            state.apply(entry[0], entry[1])
        except ValueError as exc:
            raise RecordError(f"corrupted record: action {number} (seat {entry[0]}: {entry[1]!r}) "
                              f"cannot be replayed: {exc}") from None
    if "scores" in record and record["scores"] != list(state.scores()):
        raise RecordError("corrupted record: replaying its actions does not reach the scores it records")
    return state
