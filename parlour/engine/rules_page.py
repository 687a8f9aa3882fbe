"""What a game tells a player about its rules, read from the game's own code: one reading for every reader.

A game module's docstring says which text it follows, then lists the choices made where the rule texts
are silent; ``split_docstring`` cuts it into those parts, for the documentation site's game pages
(``docs/_ext/games.py``) and the table's rules panel alike. An action kind's docstring, or the ``help``
it declares, says what its button does (``action_help``).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from parlour.engine.actions import Action
from parlour.engine.registry import GameInfo

CHOICES = re.compile(r"Choices where the texts? (is|are) silent")
ITEM = re.compile(r"(\* |- |\d+\. )")
CHOICES_HEADING = "Choices where the text is silent"
# A docstring's leading notation ("``stake 5``: ...", "``draw stock`` or ``draw discard``: ..."), which the
# button itself shows already.
NOTATION_LEAD = re.compile(r"^(``[^`]+``(\s*(,|or)\s*``[^`]+``)*(\s*\([^)]*\))?\s*:\s*)")
# An example of notation in brackets ("(``call AH``)"), which says nothing more to a player.
NOTATION_EXAMPLE = re.compile(r"\s*\(``[^`]+``\)")


@dataclass(frozen=True)
class Docstring:
    """A game module's docstring cut into the parts its page shows."""

    lead: str
    choices: tuple[str, ...]
    notes: str


def split_docstring(doc: str) -> Docstring:
    """The first paragraph, the items of the "choices where the text is silent" list, and everything else.

    The list is read by its shape (items begin with ``*``, ``-`` or a number; their other lines are
    indented), so bulleted and numbered lists alike become one numbered list on the page, and a game's
    "choice 5" means the fifth item there too.

    >>> split_docstring("G: x.\\n\\nChoices where the text is silent:\\n\\n* One.\\n* Two.\\n").choices
    ('One.', 'Two.')
    """
    lines = doc.strip("\n").splitlines()
    lead_end = lines.index("") if "" in lines else len(lines)
    start = next((i for i, line in enumerate(lines) if CHOICES.match(line)), None)
    if start is None:
        return Docstring(" ".join(lines[:lead_end]), (), _paragraphs(lines[lead_end:]))
    end = start + 1
    items: list[list[str]] = []
    while end < len(lines):
        line = lines[end]
        if ITEM.match(line):
            items.append([line])
        elif items and (line.startswith(" ") or (not line.strip() and _continues(lines, end))):
            items[-1].append(line)
        elif items or line.strip():
            break
        end += 1
    notes = _paragraphs(lines[lead_end:start]) + "\n\n" + _paragraphs(lines[end:])
    return Docstring(" ".join(lines[:lead_end]), tuple(_body(item) for item in items), notes.strip())


def _paragraphs(lines: list[str]) -> str:
    return "\n".join(lines).strip("\n")


def _continues(lines: list[str], blank: int) -> bool:
    """Whether the list goes on after a blank line: the next text is indented or another item."""
    following = next((line for line in lines[blank:] if line.strip()), "")
    return following.startswith(" ") or bool(ITEM.match(following))


def _body(item: list[str]) -> str:
    """An item's text without its marker, its other lines dedented to the first line's column."""
    first = ITEM.sub("", item[0], count=1)
    rest = item[1:]
    indent = min((len(line) - len(line.lstrip()) for line in rest if line.strip()), default=0)
    return "\n".join([first, *(line[indent:] for line in rest)]).rstrip()


def module_name(info: GameInfo) -> str:
    return f"parlour.games.{info.id.replace('-', '_')}"


def module_doc(info: GameInfo) -> str:
    """The docstring of the game's module, named after its id (``twenty-five``: ``twenty_five.py``)."""
    module = importlib.import_module(module_name(info))
    if not module.__doc__:
        raise ValueError(f"{module.__name__} has no docstring to document {info.id} from")
    return module.__doc__


def rules_page(info: GameInfo) -> dict[str, object]:
    """The rules as the table shows them: the game's summary (what ``parlour rules GAME`` prints) and the
    choices made where the rule texts are silent, as plain JSON-ready data."""
    return {"game": info.id, "name": info.name, "rules": info.rules_text().strip(),
            "choices": [" ".join(choice.split()) for choice in split_docstring(module_doc(info)).choices]}


def action_help(kind: type[Action]) -> str | None:
    """What an action kind's button does, in a sentence for the player: the ``help`` the kind declares,
    else the first paragraph of its own docstring without the notation it opens with (the button shows
    that); ``None`` for a kind that says nothing (a dataclass's generated docstring says nothing).

    >>> from parlour.games.pontoon import Stake
    >>> action_help(Stake)
    'Put up your first stake on this hand, before your second card comes.'
    """
    declared = getattr(kind, "help", None)
    if isinstance(declared, str) and declared:
        return declared
    doc = kind.__dict__.get("__doc__")
    if not doc or doc.startswith(f"{kind.__name__}("):
        return None
    lead = " ".join(doc.strip().split("\n\n")[0].split())
    text = NOTATION_EXAMPLE.sub("", NOTATION_LEAD.sub("", lead)).replace("``", "")
    return text[:1].upper() + text[1:] if text else None
