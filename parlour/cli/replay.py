"""``parlour replay``: step through a saved record as one seat (or a spectator) saw the game.

The record is checked whole by ``parlour.replay`` before anything is drawn, so a corrupted file is
refused with the engine's reason instead of failing half-way. Stepping then rebuilds the game from the
record's own fields, one action at a time, keeping each state so that stepping back costs nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.text import Text

from parlour.cli import table
from parlour.cli.ui import Ui, UsageError
from parlour.engine import RecordError, State, new_game, replay

KEYS = "Enter: next · b: back · a step number · q: quit › "


def load(path: str) -> dict[str, Any]:
    """A record that replays; anything else is a ``UsageError`` saying why."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # bad JSON or bad UTF-8
        raise UsageError(f"{path} is not a Parlour record: {exc}") from None
    try:
        replay(record)
    except RecordError as exc:
        raise UsageError(f"{path}: {exc}") from None
    return dict(record)


class Stepper:
    """The states after 0, 1, ... n actions of a record, built on demand."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.actions: list[tuple[int, str]] = [(seat, text) for seat, text in record["actions"]]
        first = new_game(record["game"], players=record["players"], variant=record.get("variant"),
                         seed=record["seed"], **record["options"])
        self.states: list[State] = [first]
        self.players: int = record["players"]

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, step: int) -> State:
        while len(self.states) <= step:
            state = self.states[-1].clone()
            state.apply(*self.actions[len(self.states) - 1])
            self.states.append(state)
        return self.states[step]

    def action_line(self, step: int, viewer: int | None) -> Text:
        """Step ``step``'s action as ``viewer`` would have read it: a secret action of another seat
        shows only its public face, as the view's log does."""
        seat, text = self.actions[step - 1]
        if seat != viewer:
            try:
                action = self.at(step - 1).parse_action(text)
            except ValueError:
                pass
            else:
                text = action.public_text() if action.secret else text
        return Text(f"step {step}/{len(self)}  seat {seat}: ", style="dim") + table.notation(text)


class Viewer:
    def __init__(self, ui: Ui, stepper: Stepper, seat: int | None) -> None:
        self.ui = ui
        self.stepper = stepper
        self.seat = seat

    def results_at(self, step: int) -> None:
        """Hand results completed by this very step."""
        if step == 0:
            return
        before, after = self.stepper.at(step - 1), self.stepper.at(step)
        for result in after.hand_results[len(before.hand_results):]:
            self.ui.show(table.hand_result(result, totals=after.scores()))

    def draw(self, step: int) -> None:
        state = self.stepper.at(step)
        if step:
            self.ui.show(self.stepper.action_line(step, self.seat))
        self.results_at(step)
        view = state.view(self.seat).to_dict()
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        self.ui.show(table.draw_view(view, title=f"step {step} of {len(self.stepper)} · as {who}",
                                     log_since=len(view["log"]) - 1, show_legal=False))
        self.end(step)

    def end(self, step: int) -> None:
        state = self.stepper.at(step)
        if step == len(self.stepper):
            if state.is_over:
                self.ui.show(table.final_result(state.result()))
            else:
                self.ui.say(f"End of the record: the game was left unfinished at scores {state.scores()}.")

    def run_all(self) -> int:
        for step in range(1, len(self.stepper) + 1):
            self.ui.show(self.stepper.action_line(step, self.seat))
            self.results_at(step)
        final = len(self.stepper)
        view = self.stepper.at(final).view(self.seat).to_dict()
        self.ui.show(table.draw_view(view, title=f"after step {final} · as "
                                     + ("spectator" if self.seat is None else f"seat {self.seat}"),
                                     log_since=len(view["log"]), show_legal=False))
        self.end(final)
        return 0

    def run_interactive(self) -> int:
        step, last = 0, len(self.stepper)
        self.draw(step)
        while True:
            try:
                line = self.ui.ask(KEYS).lower()
            except EOFError:
                return 0
            if line in ("q", "quit", "exit"):
                return 0
            if line == "":
                if step == last:
                    return 0
                step += 1
            elif line in ("b", "back"):
                if step == 0:
                    self.ui.say("already at the start", style="yellow")
                    continue
                step -= 1
            elif line.isdigit() and int(line) <= last:
                step = int(line)
            else:
                self.ui.say(f"press Enter to go on, b to go back, a step number from 0 to {last}, or q to quit",
                            style="yellow")
                continue
            self.draw(step)


def run(ui: Ui, path: str, seat: int | None, all_steps: bool, interactive: bool) -> int:
    record = load(path)
    stepper = Stepper(record)
    if seat is not None and not 0 <= seat < stepper.players:
        raise UsageError(f"no seat {seat}: this record's seats are 0 to {stepper.players - 1}")
    viewer = Viewer(ui, stepper, seat)
    if all_steps or not interactive:
        return viewer.run_all()
    try:
        return viewer.run_interactive()
    except KeyboardInterrupt:
        return 130
