"""Mus: four players in two partnerships vie on four ways of judging a four-card hand, with secret signs.

Follows ``rules/source/mus.txt`` with the Mus entry of ``rules/NOTES.md`` (eight kings and eight aces, the
juego order, the envite ladder, pares and juego declared before their lances, bonuses for each partner,
scoring in lance order that stops at 40). Play and speaking go to the right (``direction=-1``); the envites
are ``parlour.mechanics.vying``'s ladder.

Choices where the texts are silent (each a default, recorded here and tested):

1. The game is one game to 40 points (option ``target``); the text's counters, which stand for ones and
   fives, are only its way of keeping that score, and the vacas or games of some tables are not played.
2. The first dealer is seat 1, so that seat 0, on the dealer's right, is the first mano; the deal passes to
   the right.
3. Envites: ``envido N`` opens with N (2 to ``most_bet``, 10 by default), ``reenvido N`` accepts the standing
   bet and raises it by N (2 to ``most_bet``), ``ordago`` stakes the game, ``quiero`` accepts, ``no quiero``
   refuses and ``paso`` passes before any bet. Beyond ``most_bet`` a player goes órdago, as tables do.
4. A bet is answered by the opponent to the bettor's right first; a refusal passes the answer to his partner,
   and only the second refusal ends the lance (the text's "a refusal needing both opponents").
5. Refused bets are scored the moment they are refused (the text: the side "immediately collects"), so a
   side reaching 40 that way wins at once. Accepted and passed stakes wait for the showdown.
6. Pares and juego are declared automatically and truthfully, in turn from mano, and shown to everyone:
   a declaration is a fact of the hand, not a choice. Only the players who declared yes speak in a lance
   of pares or juego; punto, grande and chica are spoken by all four.
7. The bonuses of pares, juego and punto go to the side with the best holding at the showdown whatever
   became of the envite (refused, passed or unopposed), as Spanish tables pay them; a refused lance pays
   its bonuses but no stake, and a lance that only one side holds pays its bonuses alone.
8. Discarding: after four calls of ``mus``, each player in turn from mano lays away one to four cards face
   down (``discard 7S`` once per card; how many is public, which is seen by the discarder alone, not
   even by the partner) and then ``draw`` takes as many from the stock. When the stock holds fewer than a
   player needs, every discard lying face down, the drawer's own just laid away included, is shuffled and
   put under it.
9. Señas (signs): once the discarding is over, before grande, every player in turn from mano makes one
   sign or none (``sena duples``, ``sena none``). Everyone sees that each player chose; only the partner
   sees what. A sign may be made only by a player holding what it means. The sign sets (option ``signs``):
   ``customary`` (two-kings: at least two kings, 3s counting as kings; two-aces: at least two aces, 2s
   counting; duples; medias; thirty-one: a juego of 31; blind: neither pares nor juego), ``few``
   (duples, medias, thirty-one) or ``none`` (no signs, no window).
10. Variant ``caught-signs``: each opponent catches each sign with a chance of one in five, fixed by the
    seed, as a player at a real table sometimes sees a sign meant for another; the catch is that seat's alone.
11. An accepted órdago shows the four hands at once; the lance is judged and the winning side takes the game,
    its score shown as the target. The lances after it are not played.
12. A hand shown at the showdown or at an órdago is listed in the log and, until the next showdown, under
    the last showdown's hands.
13. Equal pairs are told apart by the odd cards, from the top, and equal medias by the odd card, as the
    text says (many tables give such ties to mano at once); equal duples, and any hands still level, go
    to the player nearer mano.
14. Rounds of mus are not limited: they go on while all four ask for it.

Options from the notes (each "Default: std; source as a variant"): ``pares_betting`` (``both``: betting in
pares or juego only when both sides hold them; ``anyone``: when anyone does, all four then speaking),
``bonuses`` (``partners``: each partner's holding on the winning side scores; ``best``: only the winning
player's), ``passed_point`` (a passed lance of pares, juego or punto scores 1 besides its bonuses; off: the
bonuses alone).

A prepared deal (``deal=``) is ``{"hands": [[4 cards] x 4], "stock": [cards, top first]}``; without a
``stock`` (or below the cards it lists) the others lie in the seed's order. A stacked pack, ``{"pack":
[40 cards, top first]}``, is dealt one card at a time from the dealer's right. A list gives one deal per hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import SPANISH_40, Rank, bit_indices
from parlour.engine import (
    Action,
    ActionSpace,
    ActionTable,
    FaceDownDiscard,
    FieldAction,
    IllegalAction,
    Numbers,
    Reason,
    Unknown,
    Words,
    deal_unknown,
)
from parlour.engine.sampling import Fact, Holds, Zone, any_of, at_least, at_most
from parlour.engine.seating import COUNTER_CLOCKWISE
from parlour.engine.view import kinds
from parlour.errors import NotationError
from parlour.mechanics.stock import Stock, deal_stock, stock_shape
from parlour.mechanics.vying import Limits, Move, Outcome, Vie

RULES = """\
**Mus** is the Basque and Spanish vying game for four players, partners sitting opposite, with the 40-card
Spanish pack. The first side to **40 points** wins. Play and speaking go to the right; the player on the
dealer's right is **mano** and wins every tie.

*Cards.* 3s are kings and 2s are aces for every purpose: K Q J 7 6 5 4 A, high to low. For juego and punto
kings, queens and jacks count 10, aces 1, the rest their face.

*Mus.* Four cards each. In turn from mano each says `mus` (to change cards) or `no hay mus`. Only when all
four say mus does each, in turn, `discard` one to four cards face down and `draw` as many; then mus is
asked again. The first `no hay mus` starts the play.

*Señas.* Before the lances each player may make one secret sign to the partner (`sena duples`,
`sena none`), true to the hand: the partner alone sees which.

*The lances*, in order: **grande** (the highest cards, compared from the top), **chica** (the lowest, from
the bottom), **pares** (duples beat medias beat a pair; each player first says whether he holds pares) and
**juego** (a total of 31 or more, said first: 31, then 32, 40, 37, 36, 35, 34, 33), or **punto** (the highest
total) when nobody has juego. In each lance, from mano: `paso`, or `envido 2` (or more); the other side
answers `quiero`, `no quiero` (both opponents must refuse), `reenvido N` (raise by N) or `ordago` (the whole
game). A refused first bet scores 1 at once, a refused raise the stake accepted before it; a lance all
passed is worth 1 at the showdown. An accepted órdago is shown at once and wins the game.

*The showdown* pays, lance by lance, the accepted stakes and the bonuses for each partner of the winning
side: duples 3, medias 2, a pair 1; juego 3 for 31, 2 for any other; punto 1. Scoring stops the moment a
side reaches 40.
"""

PACK = SPANISH_40
HAND = 4            # cards dealt to each player
SIDES = (0, 1, 0, 1)
CATCH_CHANCE = 0.2
MOST_BET = 30       # the largest amount the notation knows; the option ``most_bet`` sets what is offered

GRADE_OF_RANK = {Rank.ACE: 1, Rank.TWO: 1, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6, Rank.SEVEN: 7,
                 Rank.JACK: 8, Rank.QUEEN: 9, Rank.KING: 10, Rank.THREE: 10}
GRADE = tuple(GRADE_OF_RANK[card.rank] for card in PACK.cards)
VALUE = tuple(g if g < 8 else 10 for g in GRADE)
GRADE_MASKS = {g: sum(1 << i for i, h in enumerate(GRADE) if h == g) for g in sorted(set(GRADE))}
GRADE_NAMES = {1: "aces", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "jacks", 9: "queens", 10: "kings"}
# Juego from best to worst; 38 and 39 cannot be made with four cards.
JUEGO_ORDER = (31, 32, 40, 37, 36, 35, 34, 33)
JUEGO_RANK = {total: len(JUEGO_ORDER) - k for k, total in enumerate(JUEGO_ORDER)}
DUPLES, MEDIAS, PAR = 3, 2, 1
PARES_WORDS = {DUPLES: "duples", MEDIAS: "medias", PAR: "a pair"}

GRANDE, CHICA, PARES, JUEGO, PUNTO = "grande", "chica", "pares", "juego", "punto"


@cache
def grades(mask: int) -> tuple[int, ...]:
    """The hand's grades, highest first."""
    return tuple(sorted((GRADE[i] for i in bit_indices(mask)), reverse=True))


def total(mask: int) -> int:
    return sum(VALUE[i] for i in bit_indices(mask))


@cache
def pares_of(mask: int) -> tuple[int, ...]:
    """The hand's pares as a comparable tuple, its category first (0: none): duples (two pairs, or four
    alike) by the higher pair then the lower; medias by the three then the odd card; a pair by the pair then
    the odd cards from the top."""
    counts = Counter(grades(mask))
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    (top, n), rest = groups[0], groups[1:]
    if n == 4:
        return (DUPLES, top, top)
    if n == 3:
        return (MEDIAS, top, rest[0][0])
    if n == 2:
        if rest[0][1] == 2:
            return (DUPLES, top, rest[0][0])
        return (PAR, top, *(g for g, _ in rest))
    return (0,)


def has_pares(mask: int) -> bool:
    return pares_of(mask)[0] > 0


def has_juego(mask: int) -> bool:
    return total(mask) >= 31


def lance_key(lance: str, mask: int) -> tuple[int, ...]:
    """What a lance compares, larger being better."""
    if lance == GRANDE:
        return grades(mask)
    if lance == CHICA:
        return tuple(-g for g in reversed(grades(mask)))
    if lance == PARES:
        return pares_of(mask)
    if lance == JUEGO:
        return (JUEGO_RANK.get(total(mask), 0),)
    return (total(mask),)


def best_seat(lance: str, hands: Sequence[int], seats: Sequence[int]) -> int:
    """The seat of ``seats`` (in order from mano) with the best hand for ``lance``; a tie goes to the one
    nearer mano."""
    best = seats[0]
    for seat in seats[1:]:
        if lance_key(lance, hands[seat]) > lance_key(lance, hands[best]):
            best = seat
    return best


def bonus_of(lance: str, mask: int) -> int:
    """What one holding scores for its side when its side wins the lance: pares by category, juego 3 for 31
    and 2 for the rest, punto 1."""
    if lance == PARES:
        return pares_of(mask)[0]
    if lance == JUEGO:
        return (3 if total(mask) == 31 else 2) if has_juego(mask) else 0
    return 1 if lance == PUNTO else 0


def holds_in(lance: str, mask: int) -> bool:
    return has_pares(mask) if lance == PARES else has_juego(mask) if lance == JUEGO else True


# --- señas ----------------------------------------------------------------------------------------------
SIGN_TESTS: dict[str, Callable[[int], bool]] = {
    "two-kings": lambda m: (m & GRADE_MASKS[10]).bit_count() >= 2,
    "two-aces": lambda m: (m & GRADE_MASKS[1]).bit_count() >= 2,
    "duples": lambda m: pares_of(m)[0] == DUPLES,
    "medias": lambda m: pares_of(m)[0] == MEDIAS,
    "thirty-one": lambda m: total(m) == 31,
    "blind": lambda m: not has_pares(m) and not has_juego(m),
}
SIGN_SETS = {"customary": tuple(SIGN_TESTS), "few": ("duples", "medias", "thirty-one"), "none": ()}
NO_SIGN = "none"


@dataclass(frozen=True, slots=True)
class Sena(FieldAction):
    """Make a sign to your partner; others see only that a sign, or none, was made.

    ``sena duples``: a sign the partner sees (and, in ``caught-signs``, an opponent who catches it);
    everyone else reads only that a sign, or none, was chosen."""

    verb: ClassVar[str] = "sena"
    secret: ClassVar[bool] = True
    FIELDS = (Words((*SIGN_TESTS, NO_SIGN), "sign"),)
    sign: str

    def public_text(self) -> str:
        return "sena (a sign or none)"


@dataclass(frozen=True, slots=True)
class Envido(FieldAction):
    """Open the betting of this lance with this many stones (``envido 2``)."""

    verb: ClassVar[str] = "envido"
    family: ClassVar[str] = "vying"
    FIELDS = (Numbers(2, MOST_BET, "envido"),)
    amount: int


@dataclass(frozen=True, slots=True)
class Reenvido(FieldAction):
    """Accept the standing bet and raise it by this many stones (``reenvido 3``)."""

    verb: ClassVar[str] = "reenvido"
    family: ClassVar[str] = "vying"
    FIELDS = (Numbers(2, MOST_BET, "raise"),)
    amount: int


@dataclass(frozen=True, slots=True)
class MusCall(Action):
    """Call mus: you would like to change cards."""

    verb: ClassVar[str] = "mus"


@dataclass(frozen=True, slots=True)
class No(Action):
    """Say no: "no hay mus" plays the cards as dealt, "no quiero" refuses the bet.

    ``no hay mus`` ends the discarding; ``no quiero`` refuses a bet.
    """

    verb: ClassVar[str] = "no"
    PHRASES: ClassVar[tuple[str, ...]] = ("hay mus", "quiero")
    what: str

    def __str__(self) -> str:
        return f"no {self.what}"

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        what = " ".join(a.lower() for a in args)
        if what not in cls.PHRASES:
            raise NotationError("write 'no hay mus' or 'no quiero'")
        return cls(what)


@dataclass(frozen=True, slots=True)
class Paso(Action):
    """Pass without betting, while no one has bet in this lance."""

    verb: ClassVar[str] = "paso"
    family: ClassVar[str] = "vying"


@dataclass(frozen=True, slots=True)
class Quiero(Action):
    """Accept the standing bet."""

    verb: ClassVar[str] = "quiero"
    family: ClassVar[str] = "vying"


@dataclass(frozen=True, slots=True)
class Ordago(Action):
    """Bet the whole game on this lance."""

    verb: ClassVar[str] = "ordago"
    family: ClassVar[str] = "vying"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw as many cards from the stock as you laid away."""

    verb: ClassVar[str] = "draw"


MUS, NO_MUS, NO_QUIERO, PASO, QUIERO, ORDAGO, DRAW = (MusCall(), No("hay mus"), No("quiero"), Paso(), Quiero(),
                                                     Ordago(), Draw())
DISCARDS = ActionTable([FaceDownDiscard(card) for card in PACK.cards])
ACTIONS = ActionSpace(MUS, NO_MUS, DISCARDS, DRAW, Sena, PASO, Envido, Reenvido, QUIERO, NO_QUIERO, ORDAGO)
MOVE_OF: dict[Action, Move] = {PASO: Move.PASS, QUIERO: Move.ACCEPT, NO_QUIERO: Move.REFUSE, ORDAGO: Move.ALL_IN}


# A call's words on its button (``action_labels``), with the stones it comes to.
VIE_WORDS = {Move.PASS: "Paso", Move.BET: "Envido {amount}", Move.RAISE: "Raise to {to}",
             Move.ACCEPT: "Quiero ({stake})", Move.REFUSE: "No quiero ({owed} to them)", Move.ALL_IN: "Órdago"}


def action_of(move: Move, amount: int) -> Action:
    if move is Move.BET:
        return Envido(amount)
    if move is Move.RAISE:
        return Reenvido(amount)
    return next(a for a, m in MOVE_OF.items() if m is move)


def move_of(action: Action) -> tuple[Move, int] | None:
    if isinstance(action, Envido):
        return Move.BET, action.amount
    if isinstance(action, Reenvido):
        return Move.RAISE, action.amount
    move = MOVE_OF.get(action)
    return None if move is None else (move, 0)


@dataclass(frozen=True, kw_only=True)
class MusOptions:
    target: int = engine.option(40, "points that win the game", minimum=5, maximum=40, label="Points to win")
    signs: str = engine.option("customary", "the signs partners may make (none: no signs)", choices=tuple(SIGN_SETS),
                               label="Signs partners may make")
    pares_betting: str = engine.option("both", "betting in pares and juego: only when both sides hold them, or when "
                                       "anyone does", choices=("both", "anyone"), label="Betting in pares and juego")
    bonuses: str = engine.option("partners", "pares and juego bonuses: each partner's holding on the winning side, or "
                                 "the winning player's alone", choices=("partners", "best"),
                                 label="Pares and juego bonuses")
    passed_point: bool = engine.option(True, "a passed lance of pares, juego or punto also scores 1",
                                       label="A passed lance scores 1")
    most_bet: int = engine.option(10, "the largest envido or raise offered (beyond it, órdago)", minimum=2,
                                  maximum=MOST_BET, label="Largest envido or raise")


VARIANTS = ("caught-signs",)

INFO = engine.GameInfo(
    id="mus", name="Mus", family=("vying", "partnership"), min_players=4, max_players=4, pack=PACK.name,
    rules_source=("mus.txt",), summary=RULES, num_distinct_actions=len(ACTIONS), variants=VARIANTS,
    options=engine.option_specs(MusOptions), partnerships=True, direction=COUNTER_CLOCKWISE, max_actions=5_000)


class Phase(engine.Phase):
    MUS = "mus"
    DISCARD = "discard"
    SIGNS = "signs"
    GRANDE = "grande"
    CHICA = "chica"
    PARES = "pares"
    JUEGO = "juego"
    PUNTO = "punto"
    OVER = "over"


LANCE_PHASES = {GRANDE: Phase.GRANDE, CHICA: Phase.CHICA, PARES: Phase.PARES, JUEGO: Phase.JUEGO,
                PUNTO: Phase.PUNTO}
SEAT = tuple((s,) for s in range(4))


def side_words(side: int) -> str:
    return "seats 0 and 2" if side == 0 else "seats 1 and 3"


def cards_text(mask: int) -> str:
    """A hand as a player holds it in Mus: its highest cards first."""
    return " ".join(str(PACK.cards[i]) for i in sorted(bit_indices(mask), key=lambda i: -GRADE[i]))


def hand_words(lance: str, mask: int) -> str:
    """A hand as the lance judges it, in a player's words."""
    if lance == PARES:
        key = pares_of(mask)
        if key[0] == DUPLES:
            return f"duples ({GRADE_NAMES[key[1]]} and {GRADE_NAMES[key[2]]})"
        return f"{PARES_WORDS[key[0]]} of {GRADE_NAMES[key[1]]}" if key[0] else "no pares"
    if lance in (JUEGO, PUNTO):
        return f"{total(mask)}"
    return cards_text(mask)


# A lance to be paid at the showdown: its name, how its envite ended and the stake it carries then.
Lance = tuple[str, Outcome, int]


class MusState(engine.PhasedState[Phase]):
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "points", "mine", "stock", "signs", "lances", "calls", "gained", "reasons")
    ZONES = kinds(stock="count", discards="count", calls="bids")
    EXTRAS = kinds(dealer="seat", mano="seat", lance="text", envite="text", stake="number", points="numbers",
                   target="number", lances="texts", declarations="texts", partner_sign="text", signs_caught="texts",
                   last_showdown="texts", mus_rounds="number", order="turn_order")

    # --- the deal and the mus -------------------------------------------------------------------------
    def _setup(self) -> None:
        self.target: int = self.options["target"]
        self.sign_set = SIGN_SETS[self.options["signs"]]
        self.limits = Limits(least_bet=2, least_raise=2, most=self.options["most_bet"])
        self.points = [0, 0]
        self.last_showdown: tuple[str, ...] = ()
        self.dealer = 1
        self._deal()

    def _deal(self) -> None:
        self.mano = self.seating.next(self.dealer)
        self.order = self.seating.order_from(self.mano)
        self.hands, stock = deal_stock(self, PACK, HAND)
        self.stock = Stock(stock)
        self.pile = 0                    # discards lying face down, not yet shuffled back
        self.mine = [0] * 4              # of those, the ones each seat laid away itself
        self.laid = 0                    # cards laid away by the seat now discarding
        self.mus_said = 0
        self.mus_rounds = 0
        self.signs: dict[int, tuple[str, frozenset[int]]] = {}
        self.vie: Vie | None = None
        self.said_pares: tuple[bool, ...] | None = None
        self.said_juego: tuple[bool, ...] | None = None
        self.lances: list[Lance] = []
        self.shown = False               # the hands were laid face up (a showdown, an órdago)
        self.calls: list[dict[str, Any]] = []
        self.gained = [0, 0]
        self.reasons: list[tuple[int, int, str]] = []   # (side, points, why) this deal
        self.phase = Phase.MUS
        self.to_move = SEAT[self.mano]
        self._say("hand {}: seat {} deals; seat {} is mano", self.hand_number, self.dealer, self.mano)

    def _deal_shape(self, number: int) -> engine.DealShape:
        return stock_shape(PACK, HAND, self.players)

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.MUS:
            return [MUS, NO_MUS]
        if phase is Phase.DISCARD:
            lay = list(DISCARDS.of(self.hands[seat])) if self.laid < 4 else []
            return lay + [DRAW] if self.laid else lay
        if phase is Phase.SIGNS:
            signs: list[Action] = [Sena(w) for w in self.sign_set if SIGN_TESTS[w](self.hands[seat])]
            return [*signs, Sena(NO_SIGN)]
        assert self.vie is not None
        return [action_of(move, amount) for move, amount in self.vie.moves()]

    def action_labels(self, seat: int) -> dict[str, str]:
        """Each call of the vie with the stones it comes to: a raise says the stake it makes ("Raise to 5"),
        an acceptance the stake accepted, a refusal what it gives the other side."""
        if seat not in self.to_move or self.phase in (Phase.MUS, Phase.DISCARD, Phase.SIGNS) or self.vie is None:
            return {}
        vie = self.vie
        return {str(action_of(move, amount)): VIE_WORDS[move].format(amount=amount, to=vie.stake + amount,
                                                                     stake=vie.stake, owed=vie.owed)
                for move, amount in vie.moves()}

    def _check(self, seat: int, action: Action) -> None:
        if action in self._legal(seat):
            return
        phase = self.phase
        if phase is Phase.MUS:
            raise IllegalAction(f"{action} is not allowed now: say mus or no hay mus", rule="mus")
        if phase is Phase.DISCARD:
            if isinstance(action, FaceDownDiscard):
                why = "you have laid away four cards already" if self.laid >= 4 else "you do not hold that card"
                raise IllegalAction(f"{why}: discard one to four cards", rule="discard")
            raise IllegalAction("discard one to four cards, then draw" if action == DRAW else
                                f"{action} is not allowed now: discard or draw", rule="discard")
        if phase is Phase.SIGNS:
            if isinstance(action, Sena):
                raise IllegalAction(f"you may sign {action.sign} only when holding it", rule="señas")
            raise IllegalAction(f"{action} is not allowed now: make a sign or none", rule="señas")
        raise IllegalAction(self._envite_refusal(action), rule="envite")

    def _envite_refusal(self, action: Action) -> str:
        vie, move = self.vie, move_of(action)
        if vie is None or move is None:
            return f"{action} is not allowed now: the {self.phase} lance is spoken"
        kind = move[0]
        facing = vie.proposer >= 0
        if kind in (Move.ACCEPT, Move.REFUSE) and not facing:
            return "there is no bet to answer: paso, envido or ordago"
        if kind in (Move.PASS, Move.BET) and facing:
            return "a bet stands: quiero, no quiero, reenvido or ordago"
        if kind is Move.RAISE and not facing:
            return "there is no bet to raise: open with envido"
        if vie.all_in:
            return "órdago is only accepted or refused"
        if kind in (Move.BET, Move.RAISE):
            return f"bets and raises are from 2 to {self.limits.most} (beyond that, ordago)"
        return f"{action} is not allowed now"

    def _do(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase is Phase.MUS:
            self._mus(seat, action)
        elif phase is Phase.DISCARD:
            self._discard(seat, action)
        elif phase is Phase.SIGNS:
            self._sign(seat, action)
        else:
            self._speak(seat, action)

    def _mus(self, seat: int, action: Action) -> None:
        if action == NO_MUS:
            self._begin_play()
            return
        self.mus_said += 1
        if self.mus_said < 4:
            self.to_move = SEAT[self.seating.next(seat)]
            return
        self.mus_rounds += 1
        self.phase = Phase.DISCARD
        self.laid = 0
        self.to_move = SEAT[self.mano]

    def _discard(self, seat: int, action: Action) -> None:
        if isinstance(action, FaceDownDiscard):
            bit = 1 << PACK.index[action.card]
            self.hands[seat] &= ~bit
            self.pile |= bit
            self.mine[seat] |= bit
            self.laid += 1
            return
        if len(self.stock) < self.laid:
            self.stock.refill(bit_indices(self.pile), self._shuffled, f"deal {self.hand_number}")
            self.pile = 0
            self.mine = [0] * 4
            self._say("the stock runs out: the discards are shuffled into a new stock")
        for _ in range(self.laid):
            self.hands[seat] |= 1 << self.stock.draw()[0]
        self._say("seat {} takes {} from the stock", seat, self.laid)
        self.laid = 0
        following = self.seating.next(seat)
        if following == self.mano:
            self.phase = Phase.MUS
            self.mus_said = 0
        self.to_move = SEAT[following]

    def _begin_play(self) -> None:
        if self.sign_set:
            self.phase = Phase.SIGNS
            self.to_move = SEAT[self.mano]
        else:
            self._start_lance(GRANDE)

    # --- señas --------------------------------------------------------------------------------------------
    def _sign_seen_by(self, seat: int, action: Action) -> frozenset[int]:
        """Who sees a sign in full: the signer and its partner, and in ``caught-signs`` each opponent who
        catches it (choices 9 and 10)."""
        seen = set(self.seating.partners(seat))
        if self.variant == "caught-signs":
            rng = self._rng(f"deal {self.hand_number}: sign of seat {seat}")
            seen |= {s for s in self.order if s not in seen and rng.random() < CATCH_CHANCE}
        return frozenset(seen)

    # Only a sign is made for other eyes. A card laid away face down, secret too, has no entry, so it is
    # seen by its discarder alone: not by the partner, nor by an opponent who catches signs (choice 8).
    AUDIENCES: ClassVar[Mapping[type[Action], engine.AudienceRule]] = {Sena: _sign_seen_by}

    def _sign(self, seat: int, action: Action) -> None:
        assert isinstance(action, Sena)
        audience = self.shown_to(self._moves_made() - 1) or frozenset((seat,))
        self.signs[seat] = (action.sign, audience)
        following = self.seating.next(seat)
        if following == self.mano:
            self._start_lance(GRANDE)
        else:
            self.to_move = SEAT[following]

    def signs_seen(self, viewer: int | None) -> dict[int, str]:
        """The signs ``viewer`` saw made by others (its partner's, and any it caught); a spectator none."""
        return {s: sign for s, (sign, seen) in self.signs.items() if s != viewer and viewer in seen}

    # --- the lances -------------------------------------------------------------------------------------
    def _start_lance(self, lance: str) -> None:
        self.calls = []
        self.phase = LANCE_PHASES[lance]
        if lance == PARES:
            self.said_pares = tuple(has_pares(h) for h in self.hands)
            self._declare(PARES, self.said_pares)
        elif lance == JUEGO:
            self.said_juego = tuple(has_juego(h) for h in self.hands)
            if not any(self.said_juego):
                self._declare(JUEGO, self.said_juego)
                self._say("nobody has juego: punto is played")
                self._start_lance(PUNTO)
                return
            self._declare(JUEGO, self.said_juego)
        speakers = self.order
        if lance in (PARES, JUEGO):
            holders = tuple(s for s in self.order if holds_in(lance, self.hands[s]))
            sides = {SIDES[s] for s in holders}
            if not holders:
                self._say("nobody has {}: the lance is not played", lance)
                self._next_lance(lance)
                return
            if len(sides) == 1 and self.options["pares_betting"] == "both":
                self._say("only {} hold {}: no envite, the bonuses are paid at the showdown",
                          side_words(sides.pop()), lance)
                self.lances.append((lance, Outcome.PASSED, 0))
                self._next_lance(lance)
                return
            if self.options["pares_betting"] == "both":
                speakers = holders
        self.vie = Vie.open(speakers, SIDES, self.limits)
        self.to_move = SEAT[speakers[0]]

    def _declare(self, lance: str, said: tuple[bool, ...]) -> None:
        words = ", ".join(f"seat {s} {'yes' if said[s] else 'no'}" for s in self.order)
        self._say("{}: {}", lance, words)

    def _speak(self, seat: int, action: Action) -> None:
        vie = self.vie
        move = move_of(action)
        assert vie is not None and move is not None
        self.calls.append({"seat": seat, "call": str(action)})
        vie = self.vie = vie.act(seat, *move)
        lance = str(self.phase)
        if not vie.over:
            self.to_move = SEAT[vie.queue[0]]
            return
        if vie.outcome is Outcome.REFUSED:
            side = SIDES[vie.proposer]
            self._say("no quiero: {} take {} in {}", side_words(side), vie.owed, lance)
            self.lances.append((lance, Outcome.REFUSED, 0))
            if self._pay(side, vie.owed, f"{lance}: refused envite (no quiero)"):
                self._end_deal(f"{side_words(side)} reach {self.target}")
                return
        elif vie.outcome is Outcome.ALL_IN:
            self._ordago(lance)
            return
        else:
            stake = vie.stake if vie.outcome is Outcome.ACCEPTED else self._passed_stake(lance)
            self.lances.append((lance, vie.outcome, stake))
            self._say("{}: {}", lance, f"{stake} accepted" if vie.outcome is Outcome.ACCEPTED else "en paso")
        self._next_lance(lance)

    def _passed_stake(self, lance: str) -> int:
        return 1 if lance in (GRANDE, CHICA) or self.options["passed_point"] else 0

    def _next_lance(self, lance: str) -> None:
        self.vie = None
        if lance == GRANDE:
            self._start_lance(CHICA)
        elif lance == CHICA:
            self._start_lance(PARES)
        elif lance == PARES:
            self._start_lance(JUEGO)
        else:
            self._showdown()

    # --- scoring (the book's words) -----------------------------------------------------------------------
    def _pay(self, side: int, points: int, why: str) -> bool:
        """Score ``points`` for ``side``; whether it has reached the target."""
        self.points[side] += points
        self.gained[side] += points
        self.reasons.append((side, points, why))
        return self.points[side] >= self.target

    def _holders(self, lance: str) -> tuple[int, ...]:
        return tuple(s for s in self.order if holds_in(lance, self.hands[s]))

    def _show_hands(self) -> None:
        self.shown = True
        self.last_showdown = tuple(f"seat {s}: {cards_text(self.hands[s])}" for s in self.order)
        for line in self.last_showdown:
            self._say("{}", line)

    def _ordago(self, lance: str) -> None:
        self._say("órdago accepted in {}: the hands are shown", lance)
        self._show_hands()
        winner = best_seat(lance, self.hands, self._holders(lance))
        side = SIDES[winner]
        won = self.target - self.points[side]
        self._pay(side, won, f"{lance}: órdago won by seat {winner} ({hand_words(lance, self.hands[winner])})")
        self._end_deal(f"{side_words(side)} win the órdago in {lance}")

    def _showdown(self) -> None:
        """Each lance in order pays its stake and bonuses to the side with the better hand; scoring stops
        the moment a side reaches the target."""
        self._say("showdown")
        self._show_hands()
        for lance, outcome, stake in self.lances:
            winner = best_seat(lance, self.hands, self._holders(lance))
            side = SIDES[winner]
            paid = stake + self._bonus(lance, winner)
            if not paid:
                continue
            how = {Outcome.ACCEPTED: f"{stake} accepted", Outcome.REFUSED: "bonuses only"}.get(
                outcome, "en paso" if stake else "bonuses only")
            if self._pay(side, paid, f"{lance}: seat {winner} ({hand_words(lance, self.hands[winner])}), {how}"):
                self._end_deal(f"{side_words(side)} reach {self.target}")
                return
        self._end_deal("")

    def _bonus(self, lance: str, winner: int) -> int:
        if lance == PUNTO:
            return 1
        if lance not in (PARES, JUEGO):
            return 0
        seats = self.seating.partners(winner) if self.options["bonuses"] == "partners" else (winner,)
        return sum(bonus_of(lance, self.hands[s]) for s in seats)

    def _end_deal(self, ending: str) -> None:
        changes = tuple(self.gained[SIDES[s]] for s in range(4))
        reasons = tuple(Reason(side, points, f"{side_words(side)}: {why}") for side, points, why in self.reasons)
        summary = ending or f"{self.gained[0]} to {self.gained[1]} this hand"
        self._finish_hand(engine.HandResult(self.hand_number, changes, explain=partial(_words, reasons, summary)))
        self.vie = None
        self._next_deal(over=max(self.points) >= self.target)

    def scores(self) -> list[int]:
        return [self.points[SIDES[s]] for s in range(4)]

    def _result(self) -> engine.Result:
        base = engine.result_by_score(self.scores(), lowest_wins=False)
        side = 0 if self.points[0] >= self.points[1] else 1
        text = f"{side_words(side)} win the game, {self.points[side]} to {self.points[1 - side]}"
        return engine.Result(base.winners, base.places, base.scores, text)

    # --- what each seat sees --------------------------------------------------------------------------
    def _envite_words(self) -> str | None:
        vie = self.vie
        if vie is None or vie.proposer < 0 or not vie.queue:
            return None
        proposal = "órdago" if vie.all_in else f"{vie.stake}"
        before = f", {vie.accepted} accepted before" if vie.accepted else ""
        return f"seat {vie.proposer} proposes {proposal}{before}; seat {vie.queue[0]} answers"

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over and self.shown
        # At the game's end the hands lie face up on the table: shown, no longer held face down.
        seats = [engine.seat_entry(s, team=SIDES[s], held=0 if over else self.hands[s].bit_count(),
                                   face_up=[str(c) for c in PACK.cards_in(self.hands[s])] if over else [],
                                   status=", ".join(t for t in (self._titles(s), "mano" if s == self.mano else "")
                                                    if t))
                 for s in range(4)]
        declared = [f"{lance}: " + ", ".join(f"seat {s} {'yes' if said[s] else 'no'}" for s in self.order)
                    for lance, said in ((PARES, self.said_pares), (JUEGO, self.said_juego)) if said is not None]
        lances = [f"{lance}: " + (f"{stake} accepted" if outcome is Outcome.ACCEPTED else
                                  "refused (no quiero)" if outcome is Outcome.REFUSED else
                                  "en paso" if stake else "bonuses only")
                  for lance, outcome, stake in self.lances]
        seen = self.signs_seen(seat)
        partner = None if seat is None else next((p for p in self.seating.partners(seat) if p != seat), None)
        extra = {"dealer": self.dealer, "mano": self.mano, "lance": str(self.phase), "envite": self._envite_words(),
                 "stake": self.vie.stake if self.vie is not None and self.vie.proposer >= 0 else None,
                 "points": list(self.points), "target": self.target, "lances": lances, "declarations": declared,
                 "partner_sign": seen.get(partner) if partner is not None else None,
                 "signs_caught": [f"seat {s}: {sign}" for s, sign in seen.items() if s != partner],
                 "last_showdown": list(self.last_showdown), "mus_rounds": self.mus_rounds,
                 # Speaking goes from mano to the right all deal: the calls are read in this order.
                 "order": list(self.order)}
        table = {"stock": len(self.stock), "discards": self.pile.bit_count(), "calls": list(self.calls)}
        hand = [str(c) for c in PACK.cards_in(self.hands[seat])] if seat is not None else []
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- what each seat knows of the hidden cards ------------------------------------------------------
    def _facts(self, holder: int, seat: int) -> tuple[Fact, ...]:
        """What ``seat`` knows of ``holder``'s hand as a whole: its declarations, and the sign it saw."""
        facts: list[Fact] = []
        if self.said_pares is not None:
            facts += ([any_of(*(at_least(2, m) for m in GRADE_MASKS.values()))] if self.said_pares[holder]
                      else [at_most(1, m) for m in GRADE_MASKS.values()])
        if self.said_juego is not None:
            facts.append(Holds(has_juego) if self.said_juego[holder] else Holds(_no_juego))
        sign = self.signs_seen(seat).get(holder)
        if sign is not None and sign != NO_SIGN:
            facts.append(Holds(SIGN_TESTS[sign]))
        return tuple(facts)

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(pool=0)
        for s in range(4):
            if s != seat and not (self.is_over and self.shown):   # the last hands shown lie face up
                unknown.hide(("hand", s), self.hands[s], facts=self._facts(s, seat), ordered=False)
        unknown.hide("pile", self.pile, known=self.mine[seat] & self.pile, ordered=False)
        self.stock.hide(unknown, seat)
        return unknown

    def _sample_unknown(self, seat: int, rng: random.Random) -> dict[Hashable, list[int]]:
        # Declarations and signs together may be too rare to meet by drawing again; a world that keeps the
        # cards' places but not every fact is then better than none.
        try:
            return super()._sample_unknown(seat, rng)
        except ValueError:
            return loose_deal(self._unknown_now(seat), rng)

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            mask = sum(1 << c for c in cards)
            if key == "pile":
                self.pile = mask
            elif isinstance(key, tuple) and key[0] == "hand":
                self.hands[key[1]] = mask
        self.stock.place(deal)
        seen = self.sampled_for
        self.signs = {s: told for s, told in self.signs.items() if seen in told[1]}


def _no_juego(mask: int) -> bool:
    return not has_juego(mask)


def loose_deal(unknown: Unknown, rng: random.Random) -> dict[Hashable, list[int]]:
    """A deal of ``unknown`` keeping its known cards in place but not the facts about whole hands."""
    zones = [Zone(z.key, z.size, z.allowed, z.known, (), z.ordered) for z in unknown.zones]
    return deal_unknown(Unknown(pool=unknown.pool, zones=zones), rng)


def _words(reasons: tuple[Reason, ...], summary: str) -> tuple[tuple[Reason, ...], str]:
    return reasons, summary


engine.register(INFO, MusState)
