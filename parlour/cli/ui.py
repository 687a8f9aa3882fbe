"""Where the terminal front-end reads and writes, kept injectable so tests can drive a whole session."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console, RenderableType

InputFn = Callable[[str], str]


class UsageError(Exception):
    """Bad input on the command line or in a file: reported in one line, exit code 2, no traceback."""

    code = 2


@dataclass
class Ui:
    """The consoles and the line reader of one command.

    Errors go to a separate console so that a real terminal sends them to stderr; a test passes one
    console and sees everything in order.
    """

    out: Console
    err: Console
    read: InputFn
    echo: bool = False      # print each line read, when no terminal shows the typing

    @classmethod
    def make(cls, console: Console | None, input_fn: InputFn | None, echo: bool = False) -> Ui:
        if console is not None:
            return cls(console, console, input_fn or input, echo)
        return cls(Console(highlight=False), Console(stderr=True, highlight=False), input_fn or input, echo)

    def show(self, *items: RenderableType) -> None:
        self.out.print(*items)

    def say(self, text: str, style: str | None = None) -> None:
        """Plain text: markup off, because notation and file names may contain square brackets."""
        self.out.print(text, style=style, markup=False, highlight=False)

    def error(self, text: str) -> None:
        self.err.print(f"error: {text}", style="bold red", markup=False, highlight=False)

    def ask(self, prompt: str) -> str:
        """One line of input; ``EOFError`` and ``KeyboardInterrupt`` pass through to the caller."""
        self.out.print(prompt, end="", markup=False, highlight=False, style="bold")
        line = self.read("")
        if self.echo:
            self.out.print(line, markup=False, highlight=False)
        return line.strip()
