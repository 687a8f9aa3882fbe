"""What a game tells a player about its rules, read from the game's own code: one reading for every reader.

A game module's docstring says which text it follows, then lists the choices made where the rule texts
are silent; ``split_docstring`` cuts it into those parts, for the documentation site's game pages
(``docs/_ext/games.py``) and the table's rules panel alike. An action kind's docstring, or the ``help``
it declares, says what its button does (``action_help``). The guided first deal of the browser table reads
its words here too: the game's aim (``guide_aim``) and each kind of move (``move_guide``).
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
    """The rules as the table shows them: the game's summary (what ``parlour rules GAME`` prints), the
    choices made where the rule texts are silent, and the aim a guided first deal opens with, as plain
    JSON-ready data."""
    return {"game": info.id, "name": info.name, "rules": info.rules_text().strip(),
            "choices": [" ".join(choice.split()) for choice in split_docstring(module_doc(info)).choices],
            "aim": guide_aim(info)}


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


# --- the guided first deal -------------------------------------------------------------------------------------
# Light markup of the summaries (``**bold**``, ``*italic*``, ```code```), which the guide shows as plain words.
MARKUP = re.compile(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(])")
AIM_SENTENCES = 3       # "the aim in two or three sentences": the docstring's lead and the summary's opening
LEAD_NAME = 60          # a lead's "Name (aside):" before its sentence is at most this long


def plain(text: str) -> str:
    """A summary's text without its markup, on one line: what a guide's step says aloud."""
    return " ".join(MARKUP.sub("", text).split())


def guide_aim(info: GameInfo) -> str:
    """What the game is about, in two or three sentences, for the first step of the guided first deal.

    Read from what every game already writes, so that a new game has its aim the day it is registered:
    the module docstring's first sentence ("Tëtka: four players avoid ...") without the name before its
    colon, then the opening sentences of the summary, up to ``AIM_SENTENCES`` in all, as plain words.

    >>> guide_aim(__import__("parlour").game_info("tetka")).split(". ")[0]
    'Four players avoid the cards that the last card dealt marks as dangerous'
    """
    lead = split_docstring(module_doc(info)).lead
    name, colon, rest = lead.partition(": ")
    if colon and len(name) <= LEAD_NAME:
        lead = rest[:1].upper() + rest[1:]
    opening = info.rules_text().strip().split("\n\n")[0]
    sentences = [plain(lead), *SENTENCE_END.split(plain(opening))]
    return " ".join(sentences[:AIM_SENTENCES])


def move_guide(kind: type[Action]) -> str:
    """What the guide says of a kind of move the first time a player may make it: its ``action_help``, or,
    for a kind that says nothing of itself, what choosing it looks like at the table (a card of the hand
    lit up, or a button), so that every kind of every game has its words."""
    words = action_help(kind)
    if words is not None:
        return words
    verb = getattr(kind, "verb", kind.__name__.lower())
    if "card" in getattr(kind, "__match_args__", ()):
        return f"Choose a card of your hand to {verb}: the lit cards are the ones you may {verb} now."
    return f"The {verb} button is one of your choices now; the Rules button tells when the book makes it."
