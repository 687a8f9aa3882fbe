"""``parlour play``: people and bots around one table, through the public contract only.

Humans see ``state.view(seat)`` and nothing more; bots choose from the same view. When ``to_move`` holds
several seats (a simultaneous secret choice, a claim window, a race) any of them may act first: among bots
alone the quickest by its reaction time (equal times by the session's seeded chance); with a person among
them, the person is asked and the quickest bot's reaction time runs against them. The prompt says how long
that is; an answer that comes later finds the bot's action already made, and is then tried on the new
table, where the game itself refuses it if the bot won the race. Several people at one keyboard are
asked in an order drawn by chance. Each action goes through ``state.apply`` at once, and the game decides
what the next ``to_move`` is, so the loop needs to know nothing of the game.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text

from parlour.bots import Bot, bot_kinds, make_bot, sampler_for
from parlour.bots.base import first_to_act, reaction_time
from parlour.bots.levels import warm_dds_for
from parlour.cards import Card
from parlour.cli import table
from parlour.cli.ui import Ui, UsageError
from parlour.engine import NO_CLAIM, GameInfo, State, game_info, new_game

HUMAN = "human"
DEFAULT_LEVEL = "strong"   # the bots a person meets when naming no seats: the search with the heuristic as prior
BOOL_WORDS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
QUIT_WORDS = ("quit", "q", "exit")

HELP = """\
Type an action as listed (bid 1NT), its number, its words after the verb (1NT, pass, QD 1), or just its
card (QC) when a single listed action uses it.
  ?            a suggestion from the IS-MCTS bot (half a second's search)
  rules        the game's rules page (as parlour rules GAME prints it)
  score        the score sheet: each finished deal's result by seat, and the running totals
  undo         take back your last move, and the bots' moves after it (only against bots)
  save FILE    write the game so far as a record (parlour replay FILE)
  table        draw the table again
  help         this help
  quit         leave the game"""
# Words at the prompt that are commands, not actions, when typed alone (save takes a file name).
COMMANDS = ("?", "hint", "rules", "score", "help", "table", "undo")


class BotFailure(Exception):
    """A bot that chose something the game refused: a bug in a bot, not the player's doing."""

    code = 1


# --- setting up -----------------------------------------------------------------------------------------
def option_values(info: GameInfo, items: Sequence[str]) -> dict[str, Any]:
    """``name=value`` pairs, each value read as its option's kind, else as JSON-ish, else as text.

    A value that does not fit is passed on unchanged, so that ``new_game`` refuses it in its own words.
    """
    specs = {spec.name: spec for spec in info.options}
    values: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"write an option as name=value, not {item!r}")
        if name not in specs and name.replace("-", "_") in specs:
            name = name.replace("-", "_")
        spec = specs.get(name)
        values[name] = read_value(raw.strip(), spec.kind if spec else None, spec is None or spec.default is None)
    return values


def read_value(raw: str, kind: type | None, may_be_none: bool = True) -> Any:
    """Text from the command line as the value an option takes.

    >>> read_value("3", int), read_value("yes", bool), read_value("3", str), read_value("[1, 2]", None)
    (3, True, '3', [1, 2])
    """
    word = raw.lower()
    if may_be_none and word in ("none", "null"):
        return None
    if kind is str:
        return raw
    if kind is bool or (kind is None and word in BOOL_WORDS):
        return BOOL_WORDS.get(word, {"1": True, "0": False}.get(word, raw))
    for reader in ((int,) if kind is int else (float,) if kind is float else (int, float) if kind is None else ()):
        try:
            return reader(raw)
        except ValueError:
            pass
    if kind is None and raw[:1] in ("[", "{"):
        try:
            return json.loads(raw)
        except json.JSONDecodeError as exc:
            raise UsageError(f"option value {raw!r} is not valid JSON: {exc.msg}") from None
    return raw


def seats_help(first: str = "", default: str = "") -> str:
    """What ``--seats`` takes, from the bots' registry (``parlour.bots.bot_kinds``), so that no kind is left out."""
    return (f"one kind per seat, comma-separated: {first}{', '.join(bot_kinds())}{default}; some kinds take a "
            "setting: ismcts:ITERATIONS or ismcts:SECONDSs, rollout:SECONDSs, pimc:WORLDS, openspiel-ismcts:N")


def seat_kinds(text: str | None, players: int | None, info: GameInfo, level: str | None = None) -> list[str]:
    """Who sits where: a human in seat 0 and bots of ``level`` (``strong`` unless given) elsewhere, unless
    ``--seats`` says otherwise."""
    if text is None:
        count = players if players is not None else info.players_default
        return [HUMAN] + [level or DEFAULT_LEVEL] * (count - 1) if count > 0 else []
    if level is not None:
        raise UsageError("--level sets the bots of the default seats; with --seats, name each seat's bot "
                         f"(such as human,{level},{level})")
    kinds = [kind.strip().lower() for kind in text.split(",")]
    valid = (HUMAN, *bot_kinds())
    for kind in kinds:
        if kind.partition(":")[0] not in valid:
            raise UsageError(f"unknown seat kind {kind!r}; a seat is one of: {', '.join(valid)}")
        if kind != HUMAN:
            make_bot(kind, info.id)   # a bad strength, or a bot that cannot play this game, is refused now
    if players is not None and len(kinds) != players:
        raise UsageError(f"--seats names {len(kinds)} seats but --players is {players}; give one kind per seat")
    return kinds


def start(game_id: str, players: int | None, variant: str | None, seed: int | None, seats: str | None,
          options: Sequence[str], level: str | None = None) -> tuple[State, list[str]]:
    """The new game and its seat kinds; any refusal becomes a ``UsageError`` in the registry's words."""
    try:
        info = game_info(game_id)
        kinds = seat_kinds(seats, players, info, level)
        if seats is not None and players is None and len(kinds) not in info.counts:
            raise UsageError(f"{info.name} is played by {table.players_span(info, with_default=False)} players, "
                             f"but --seats names {len(kinds)}: give one kind per seat")
        values = option_values(info, options)
        state = new_game(game_id, players=len(kinds), variant=variant, seed=seed, **values)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return state, kinds


def bot_seed(game_seed: int, purpose: str) -> int:
    """Each bot's own chance, drawn from the game's seed, so one seed replays a whole session."""
    return random.Random(f"{game_seed}|{purpose}").getrandbits(63)


def write_record(state: State, path: str) -> None:
    try:
        Path(path).write_text(json.dumps(state.record(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


# --- reading a human's choice -------------------------------------------------------------------------
def cards_of(action: str) -> list[str]:
    return [str(c) for c in map(table.parse_card, action.split()[1:]) if c is not None]


def resolve(text: str, legal: Sequence[str], parse: Callable[[str], object] | None = None) -> str:
    """The notation a human meant, read against the seat's legal actions: a number from the list, a listed
    action, the words of one after its verb (``1NT`` for ``bid 1NT``, ``QD 1`` for ``lay QD 1``), or the
    card of one (``q♣``). Case matters only where two listed actions differ by case alone.

    Anything else is returned for ``state.apply`` to refuse with the rule or notation error, so that the
    refusal names the rule (``you must follow suit``, ``does not overcall 2NT``) rather than the shorthand:
    a bare card that no listed action uses is given the common verb, and other words that the game's
    ``parse`` reads only after one of the listed verbs are given that verb. Text that fits several listed
    actions is refused, naming them.

    >>> resolve("2", ["play 2C", "play QC"]), resolve("q♣", ["play 2C", "play QC"]), resolve("1nt", ["bid 1NT"])
    ('play QC', 'play QC', 'bid 1NT')
    """
    text = " ".join(text.split())
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(legal):
            raise ValueError(f"choose a number from 1 to {len(legal)}")
        return legal[number - 1]
    for words in (lambda action: action, after_verb):
        found = matching(text, legal, words)
        if found is not None:
            return found
    chosen = table.parse_card(text) if " " not in text else None
    if chosen is not None:
        return resolve_card(chosen, text, legal)
    return with_verb(text, legal, parse) if parse is not None else text


def after_verb(action: str) -> str:
    """An action's words after its verb (``1NT`` of ``bid 1NT``); empty for a bare verb such as ``pass``."""
    return action.partition(" ")[2]


def matching(text: str, legal: Sequence[str], words: Callable[[str], str]) -> str | None:
    """The one listed action whose ``words`` are the text, exactly or else ignoring case; ``None`` if none."""
    for same in (str.__eq__, lambda a, b: a.lower() == b.lower()):
        found = [action for action in legal if words(action) and same(words(action), text)]
        if len(found) == 1:
            return found[0]
        if found:
            raise ValueError(f"{text} is in several actions ({', '.join(found)}): type the whole action or its number")
    return None


def resolve_card(chosen: Card, text: str, legal: Sequence[str]) -> str:
    """A card typed in any notation (``q♣``): the listed action that uses it, else the common verb with it."""
    matches = [action for action in legal if str(chosen) in cards_of(action)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ValueError(f"{chosen.symbol_text()} is in several actions ({', '.join(matches)}): "
                         "type the whole action or its number")
    verbs = {action.split()[0] for action in legal}
    if len(verbs) == 1:
        return f"{verbs.pop()} {text}"
    raise ValueError(f"no listed action uses {chosen.symbol_text()}")


def with_verb(text: str, legal: Sequence[str], parse: Callable[[str], object]) -> str:
    """``text`` as typed if the game reads it, else after the one listed verb that makes it read (an
    illegal ``1NT`` becomes ``bid 1NT``, refused as a bid); as typed when none or several do."""
    try:
        parse(text)
        return text
    except ValueError:
        pass
    readable = []
    for verb in dict.fromkeys(action.split()[0] for action in legal):
        try:
            parse(f"{verb} {text}")
        except ValueError:
            continue
        readable.append(f"{verb} {text}")
    return readable[0] if len(readable) == 1 else text


# --- the session ------------------------------------------------------------------------------------------
@dataclass
class Session:
    ui: Ui
    game_id: str
    state: State
    kinds: list[str]
    save_path: str | None = None
    bots: dict[int, Bot] = field(default_factory=dict)
    undo_stack: list[tuple[State, str]] = field(default_factory=list)
    log_seen: dict[int | None, int] = field(default_factory=dict)
    results_shown: int = 0
    actions_taken: int = 0
    clock: Callable[[], float] = time.monotonic   # how long a person takes to answer, against the bots

    def __post_init__(self) -> None:
        game = self.game_id
        self.max_actions = game_info(game).max_actions
        for seat, kind in enumerate(self.kinds):
            if kind != HUMAN:
                self.bots[seat] = make_bot(kind, game, seed=bot_seed(self.state.seed or 0, f"seat {seat}"))
        if self.bots:
            warm_dds_for(game)   # the bots' first bridge card as quick as the rest, DDS set up during the auction
        # The hint is a short search: about half a second, so that asking costs little.
        self.adviser = make_bot("ismcts:0.5s", game, seed=bot_seed(self.state.seed or 0, "hint"))
        self.humans = [seat for seat, kind in enumerate(self.kinds) if kind == HUMAN]
        self.races = random.Random(bot_seed(self.state.seed or 0, "reactions"))

    @property
    def can_undo(self) -> bool:
        return len(self.humans) == 1

    def run(self) -> int:
        self.introduce()
        try:
            while not self.state.is_over:
                seat = self.next_seat()
                if seat in self.humans:
                    if not self.human_turn(seat):
                        return self.leave("You left the game.")
                else:
                    self.bot_turn(seat)
                self.report_hands()
        except EOFError:
            return self.leave("Input ended: the game is left unfinished.")
        except KeyboardInterrupt:
            self.leave("Interrupted: the game is left unfinished.")
            return 130
        return self.conclude()

    def next_seat(self) -> int:
        to_move = self.state.to_move
        if len(to_move) == 1:
            return to_move[0]
        people = [seat for seat in to_move if seat in self.humans]
        if people:
            return people[0] if len(people) == 1 else self.races.choice(people)
        rival = self.quickest_bot()
        return rival[0] if rival is not None else to_move[0]

    def quickest_bot(self) -> tuple[int, float] | None:
        """The bot among the seats to move that would act first, and its reaction time; ``None`` if none."""
        times = {seat: reaction_time(self.bots[seat], self.state.view(seat), self.races)
                 for seat in self.state.to_move if seat in self.bots}
        if not times:
            return None
        seat = first_to_act(times, self.races)
        return seat, times[seat]

    # --- bots ---
    def bot_turn(self, seat: int) -> None:
        if self.actions_taken >= self.max_actions:
            raise BotFailure(f"the game did not end within {self.max_actions} actions")
        choice = self.bots[seat].choose(self.state.view(seat), sampler_for(self.state, seat))
        try:
            self.state.apply(seat, choice)
        except ValueError as exc:
            raise BotFailure(f"the {self.kinds[seat]} bot in seat {seat} chose {choice!r}, refused: {exc}") from None
        self.actions_taken += 1
        if not self.humans:
            self.show_new_log(None)

    def show_new_log(self, seat: int | None) -> None:
        """The public transcript of an all-bot game, line by line as it grows."""
        log = self.state.view(seat).log
        for line in log[self.log_seen.get(seat, 0):]:
            self.ui.show(table.prose(line))
        self.log_seen[seat] = len(log)

    # --- humans ---
    def human_turn(self, seat: int) -> bool:
        """One decision of a human seat; ``False`` when the player leaves. With a bot able to act at the same
        moment, an answer slower than the bot's reaction time comes after the bot's action. A claim window
        in which the seat has nothing to claim (Comet's 9♦ after every card) is declined for it at once:
        the only person at the terminal tells no one anything by the speed of it, since bots read no clock."""
        if len(self.humans) == 1 and self.state.legal_actions(seat) == [NO_CLAIM]:
            self.state.apply(seat, NO_CLAIM)
            self.actions_taken += 1
            return True
        self.draw(seat)
        rival = self.quickest_bot() if len(self.state.to_move) > 1 else None
        start = self.clock()
        while True:
            line = self.ui.ask(self.prompt(seat, rival))
            command, _, rest = line.partition(" ")
            word = command.lower()
            if word in QUIT_WORDS and not rest:
                return False
            if rival is not None and self.clock() - start > rival[1]:
                return self.too_slow(seat, rival, line)
            if not line:
                continue
            if word == "save":
                self.save(rest.strip())
            elif word in COMMANDS and not rest:
                if self.command(word, seat):
                    return True
            elif self.try_action(seat, line):
                return True

    def command(self, word: str, seat: int) -> bool:
        """One of the prompt's ``COMMANDS``; ``True`` when it took the turn back (``undo``)."""
        if word in ("?", "hint"):
            self.suggest(seat)
        elif word == "rules":
            self.ui.show(table.rules_page(game_info(self.game_id)))
        elif word == "score":
            self.ui.show(table.score_sheet(self.state.hand_results, self.state.view(seat).scores, self.kinds,
                                           viewer=seat))
        elif word == "help":
            self.ui.say(HELP)
        elif word == "table":
            self.draw(seat)
        elif word == "undo":
            return self.undo()
        return False

    def too_slow(self, seat: int, rival: tuple[int, float], line: str) -> bool:
        """The bot got in first; then the person's action, if it was one, is tried on the new table (a late
        slap is refused in the game's own words; a window's answer still counts)."""
        self.ui.say(f"seat {rival[0]} acted first, after {rival[1]:.1f} s", style="yellow")
        self.bot_turn(rival[0])
        word = line.partition(" ")[0].lower()
        if line and word not in (*COMMANDS, "save") and not self.state.is_over:
            self.try_action(seat, line)   # the game's own words if it came too late
        return True

    def prompt(self, seat: int, rival: tuple[int, float] | None = None) -> str:
        who = f"seat {seat}" if len(self.humans) == 1 else f"seat {seat} (human)"
        clock = f" (seat {rival[0]} acts in {rival[1]:.1f} s)" if rival is not None else ""
        return f"{who}, your move{clock} › "

    def draw(self, seat: int) -> None:
        view = self.state.view(seat).to_dict()
        title = f"seat {seat} to choose" if len(self.humans) > 1 else ""
        self.ui.show(table.draw_view(view, self.kinds, title=title, log_since=self.log_seen.get(seat),
                                     labels=self.state.action_labels(seat)))
        self.log_seen[seat] = len(view["log"])

    def try_action(self, seat: int, line: str) -> bool:
        before = self.state.clone() if self.can_undo else None
        try:
            chosen = resolve(line, [str(a) for a in self.state.legal_actions(seat)], self.state.parse_action)
            self.state.apply(seat, chosen)
        except ValueError as exc:
            self.ui.say(str(exc), style="red")
            return False
        self.actions_taken += 1
        if before is not None:
            self.undo_stack.append((before, chosen))
        return True

    def suggest(self, seat: int) -> None:
        view = self.state.view(seat)
        try:
            choice = self.adviser.choose(view, sampler_for(self.state, seat))
        except (ValueError, RuntimeError) as exc:
            self.ui.say(f"no suggestion: {exc}", style="yellow")
            return
        number = view.legal_actions.index(choice) + 1 if choice in view.legal_actions else "?"
        self.ui.show(Text("IS-MCTS suggests ", style="yellow") + table.notation(choice)
                     + Text(f" ({number})", style="yellow"))

    def undo(self) -> bool:
        if not self.can_undo:
            self.ui.say("undo is available only when every other seat is a bot", style="yellow")
            return False
        if not self.undo_stack:
            self.ui.say("nothing to undo yet", style="yellow")
            return False
        self.state, action = self.undo_stack.pop()
        self.results_shown = min(self.results_shown, len(self.state.hand_results))
        self.ui.show(Text("Took back ", style="yellow") + table.notation(action)
                     + Text(" and the moves after it.", style="yellow"))
        return True

    def save(self, path: str) -> None:
        if not path:
            self.ui.say("write save FILE, e.g. save game.json", style="yellow")
            return
        try:
            write_record(self.state, path)
        except UsageError as exc:
            self.ui.say(str(exc), style="red")
            return
        self.ui.say(f"Saved the game so far to {path} (parlour replay {path}).", style="green")

    # --- beginnings and ends ---
    def introduce(self) -> None:
        seats = ", ".join(f"{seat} {kind}" for seat, kind in enumerate(self.kinds))
        self.ui.show(Text(f"{table.game_name(self.game_id)} · {len(self.kinds)} players · seed {self.state.seed}"
                          f" · seats: {seats}", style="bold"))
        if self.humans:
            self.ui.say("Type help for the commands.", style="dim")

    def report_hands(self) -> None:
        results = self.state.hand_results
        for result in results[self.results_shown:]:
            self.ui.show(table.hand_result(result, self.kinds,
                                           self.state.scores() if result is results[-1] else ()))
        self.results_shown = len(results)

    def viewer(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else None

    def conclude(self) -> int:
        final = self.state.view(self.viewer()).to_dict()
        self.ui.show(table.draw_view(final, self.kinds, log_since=len(final["log"])))
        self.ui.show(table.final_result(self.state.result(), self.kinds))
        return self.save_at_end()

    def leave(self, message: str) -> int:
        scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(self.state.scores()))
        self.ui.say(f"\n{message} Scores so far: {scores}.")
        return self.save_at_end()

    def save_at_end(self) -> int:
        if self.save_path is None:
            return 0
        write_record(self.state, self.save_path)
        self.ui.say(f"Saved the record to {self.save_path}.", style="green")
        return 0


def play(ui: Ui, game: str, players: int | None = None, variant: str | None = None, seed: int | None = None,
         seats: str | None = None, options: Sequence[str] = (), save: str | None = None,
         level: str | None = None) -> int:
    state, kinds = start(game, players, variant, seed, seats, options, level)
    return Session(ui, game, state, kinds, save_path=save).run()
