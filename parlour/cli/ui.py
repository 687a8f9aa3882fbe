"""Where the terminal front-end reads and writes, kept injectable so tests can drive a whole session."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rich.console import Console, RenderableType

InputFn = Callable[[str], str]

# Piped output is read by programs, which split it into lines: there, no line is ever re-wrapped. Text keeps
# its lines (soft wrap) and a table whose rows must stay whole is drawn this wide (``Ui.whole``).
PIPE_WIDTH = 10_000


def stream_console(stderr: bool = False) -> Console:
    """A console on stdout (or stderr): as rich makes it on a terminal; on a pipe or a file, one that never
    breaks a line of text (a terminal folds long lines itself, a program wants them whole)."""
    console = Console(stderr=stderr, highlight=False)
    if not console.is_terminal:
        console.soft_wrap = True
    return console


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
        return cls(stream_console(), stream_console(stderr=True), input_fn or input, echo)

    def show(self, *items: RenderableType) -> None:
        self.out.print(*items)

    def whole(self, *items: RenderableType) -> None:
        """Drawings whose lines are data (a table of results): on a terminal as ``show`` draws them, and
        elsewhere as wide as they need, so that a program reading the lines never finds a row folded."""
        with wide(self.out):
            self.out.print(*items)

    def say(self, text: str, style: str | None = None) -> None:
        """Plain text: markup off, because notation and file names may contain square brackets."""
        self.out.print(text, style=style, markup=False, highlight=False)

    def error(self, text: str) -> None:
        """One line on stderr, never folded where it is piped: ``error: `` and what went wrong."""
        with wide(self.err):
            self.err.print(f"error: {text}", style="bold red", markup=False, highlight=False)

    def ask(self, prompt: str) -> str:
        """One line of input; ``EOFError`` and ``KeyboardInterrupt`` pass through to the caller."""
        self.out.print(prompt, end="", markup=False, highlight=False, style="bold")
        line = self.read("")
        if self.echo:
            self.out.print(line, markup=False, highlight=False)
        return line.strip()


@contextmanager
def wide(console: Console) -> Iterator[Console]:
    """``console`` as wide as ``PIPE_WIDTH`` while the block runs, unless it is a terminal."""
    if console.is_terminal:
        yield console
        return
    width = console.width
    console.width = max(width, PIPE_WIDTH)
    try:
        yield console
    finally:
        console.width = width
