"""Trick-taking, written once for every trick game: following rules and card orders as data.

Cards are pack indices and hands are bit masks, so legality is a few mask operations. A
:class:`CardOrder` says, for one pack and one choice of trumps, which suit each card *belongs to* (the
black queens of Solo belong to trumps whatever their printed suit) and how strong it is there. A
:class:`FollowRules` says what a player must play. :func:`legal_plays` and :func:`winner` read both.
:class:`TrickPlayState` is the life of a trick (taker, next leader, record, log, voids, view) for the games,
with the deals most books share (round the table, with a widow, turning the dealer's last card);
:class:`PlayOnlyState` is a trick game that is nothing but its play (Tëtka, the reference trick game).

>>> from parlour.cards import STANDARD_52, ACE_HIGH, Card, Suit
>>> order = CardOrder.build(STANDARD_52, ACE_HIGH, trump=Suit.HEARTS)
>>> trick = [STANDARD_52.index[Card.parse(t)] for t in ("KS", "AS", "2H", "3S")]
>>> winner(trick, order)   # the two of trumps takes it
2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, cast
from weakref import WeakKeyDictionary

from parlour.cards import Card, Pack, Rank, Suit
from parlour.engine.actions import Action, ActionTable, Play
from parlour.engine.cardplay import CardPlayState
from parlour.engine.deals import Apart, DealShape
from parlour.engine.sampling import Unknown
from parlour.engine.totals import TotalsState
from parlour.engine.view import kinds

TRUMP_POWER = 1000   # trumps outrank every plain card; keeps one integer scale for comparisons


@dataclass(frozen=True, slots=True)
class FollowRules:
    """What a player must play to a trick. The defaults are plain "follow suit if you can"."""

    must_follow: bool = True        # hold the suit led: play it
    must_head: bool = False         # following: beat the best card so far if you can (Tute)
    must_trump: bool = False        # void in the suit led: play a trump if you can
    must_overtrump: bool = False    # trumping: beat the best trump already played if you can
    may_always_trump: bool = False  # a trump may be played even by one who can follow (Twenty-Five)
    # Void, holding trumps none of which beats a trump already in the trick: play anything (Tute's release).
    release_if_cannot_overtrump: bool = False


PLAIN = FollowRules()


@dataclass(frozen=True, slots=True)
class CardOrder:
    """For one pack and one trump choice: each card's effective suit and its power within it."""

    pack: Pack
    suit_of: tuple[int, ...]       # effective suit of each pack index
    power: tuple[int, ...]         # higher wins within an effective suit; trumps are >= TRUMP_POWER
    suit_masks: tuple[int, ...]    # cards of each effective suit
    trump: int | None
    # For each card, winning the trick so far, the cards that would take it from it (``beats``): a table,
    # so that finding a trick's taker is a bit test per card. Made by ``build``.
    beaten_by: tuple[int, ...] = ()

    @classmethod
    def build(cls, pack: Pack, ranks: Sequence[Rank], trump: Suit | None = None,
              trump_order: Sequence[Card] | None = None,
              suit_ranks: Mapping[Suit, Sequence[Rank]] | None = None) -> CardOrder:
        """``ranks`` lowest first for plain suits (``suit_ranks`` overrides a suit); ``trump_order``, lowest
        first, lists every trump explicitly when trumps are not simply one printed suit in rank order."""
        suit_ranks = suit_ranks or {}
        rank_power = {s: {r: i for i, r in enumerate(suit_ranks.get(s, ranks))} for s in Suit}
        explicit = {card: i for i, card in enumerate(trump_order)} if trump_order is not None else {}
        suit_of, power = [], []
        for card in pack.cards:
            face = card.face
            if face in explicit:
                suit_of.append(int(trump))  # type: ignore[arg-type]
                power.append(TRUMP_POWER + explicit[face])
                continue
            if card.suit is None:
                raise ValueError("a joker needs a place in trump_order")
            suit_of.append(int(card.suit))
            p = rank_power[card.suit].get(card.rank, -1)
            power.append(p + (TRUMP_POWER if card.suit == trump and not explicit else 0))
        masks = tuple(sum(1 << i for i, s in enumerate(suit_of) if s == suit) for suit in range(4))
        order = cls(pack, tuple(suit_of), tuple(power), masks, None if trump is None else int(trump))
        beaten_by = tuple(sum(1 << other for other in range(len(power)) if beats(other, card, order))
                          for card in range(len(power)))
        return replace(order, beaten_by=beaten_by)

    def suit_mask(self, suit: int) -> int:
        return self.suit_masks[suit]


def winner(trick: Sequence[int], order: CardOrder) -> int:
    """Position in ``trick`` of the winning card: the best trump, else the best card of the suit led.

    Between two equal cards (copies in a double pack) the first played wins. Read from the order's table
    ``beaten_by`` (what takes the trick from each card, by ``beats``): a bit test per card.
    """
    beaten_by = order.beaten_by
    best = trick[0]
    for card in trick:
        if beaten_by[best] >> card & 1:
            best = card
    return trick.index(best)


def beats(card: int, best: int, order: CardOrder) -> bool:
    """Whether ``card``, played now, would take the trick from ``best``, the card winning it: a stronger
    card of the same effective suit, or any trump over a card that is not one."""
    suit, best_suit = order.suit_of[card], order.suit_of[best]
    if suit == best_suit:
        return order.power[card] > order.power[best]
    return suit == order.trump


def legal_plays(hand: int, trick: Sequence[int], order: CardOrder, rules: FollowRules = PLAIN) -> int:
    """The mask of cards of ``hand`` that may be played to ``trick`` (cards already played, in order)."""
    if not trick:
        return hand
    masks = order.suit_masks
    led = order.suit_of[trick[0]]
    follow = hand & masks[led]
    trump = order.trump
    trumps = hand & masks[trump] if trump is not None else 0
    if follow and rules.must_follow:
        allowed = follow
        if rules.must_head:
            best_card = trick[winner(trick, order)]
            if order.suit_of[best_card] == led:
                allowed = above(follow, order.power[best_card], order) or follow
        if rules.may_always_trump and trump is not None and led != trump:
            allowed |= trumps
        return allowed
    if trumps and rules.must_trump:
        if rules.must_overtrump or rules.release_if_cannot_overtrump:
            best_card = trick[winner(trick, order)]
            if order.suit_of[best_card] == trump:
                over = above(trumps, order.power[best_card], order)
                if not over and rules.release_if_cannot_overtrump:
                    return hand
                if rules.must_overtrump:
                    return over or trumps
        return trumps
    return hand


def follower(order: CardOrder, rules: FollowRules = PLAIN) -> Callable[[int, Sequence[int]], int]:
    """``legal_plays`` bound to one order and one set of rules, for a game's hot path.

    Plain following (the rule of most games) gets a specialised closure with no rule branches;
    every other combination defers to ``legal_plays`` itself, so there is one definition of legality.
    """
    made: Callable[[int, Sequence[int]], int]
    if rules == PLAIN:
        masks, suit_of = order.suit_masks, order.suit_of

        def plain(hand: int, trick: Sequence[int]) -> int:
            if trick:
                follow = hand & masks[suit_of[trick[0]]]
                if follow:
                    return follow
            return hand
        made = plain
    else:
        def ruled(hand: int, trick: Sequence[int]) -> int:
            return legal_plays(hand, trick, order, rules)
        made = ruled
    _FOLLOWERS[made] = (order, rules)
    return made


# What each function ``follower`` made applies, held only as long as the function lives: so that a solver
# that knows one rule of following alone (DDS, bridge's) can tell that a position's follow function is that
# rule, where a game's own function (reneging, Solo's table of rules) tells it nothing.
_FOLLOWERS: WeakKeyDictionary[Callable[..., int], tuple[CardOrder, FollowRules]] = WeakKeyDictionary()


def follower_rules(follow: Callable[..., int]) -> tuple[CardOrder, FollowRules] | None:
    """The card order and rules a function ``follower`` made applies (``None`` for any other function)."""
    return _FOLLOWERS.get(follow)


def above(mask: int, power: int, order: CardOrder) -> int:
    """The cards of ``mask`` stronger than ``power`` (compare within one effective suit)."""
    out = 0
    powers = order.power
    while mask:
        low = mask & -mask
        if powers[low.bit_length() - 1] > power:
            out |= low
        mask ^= low
    return out


def beaters(order: CardOrder) -> tuple[int, ...]:
    """For each card, the mask of the cards of its effective suit that beat it: a table for hot paths."""
    masks, suit_of, power = order.suit_masks, order.suit_of, order.power
    return tuple(above(masks[suit_of[card]], power[card], order) for card in range(len(power)))


def unheld(trick: Sequence[int], card: int, order: CardOrder, rules: FollowRules = PLAIN,
           exempt: Sequence[int] | None = None) -> int:
    """The cards a player is shown not to have held by playing ``card`` to ``trick`` (the cards before it).

    Each duty of ``rules`` that the play did not fulfil proves the means to fulfil it was missing: not
    following, no card of the suit led; following below the best card of the suit led when bound to head
    the trick, none above it; void and not trumping, no trump (released: none above a trump already
    played); trumping under a trump when bound to overtrump, none above it. ``exempt``: the table of
    :func:`renege_exemptions`, when the game has reneging.
    """
    if not trick:
        return 0
    suit_of, power, masks, trump = order.suit_of, order.power, order.suit_masks, order.trump
    led, suit = suit_of[trick[0]], suit_of[card]
    if suit == led:
        if rules.must_head and rules.must_follow:
            best = trick[winner(trick, order)]
            if suit_of[best] == led and not power[card] > power[best]:
                return above(masks[led], power[best], order)
        return 0
    if exempt is not None and led == trump:
        return masks[led] & ~exempt[trick[0]]
    out = 0
    if rules.must_follow and not (rules.may_always_trump and suit == trump):
        out |= masks[led]
    if trump is not None and rules.must_trump:
        best = trick[winner(trick, order)]
        overtrumped = suit_of[best] == trump
        if suit != trump:
            out |= above(masks[trump], power[best], order) if overtrumped and rules.release_if_cannot_overtrump \
                else masks[trump]
        elif overtrumped and rules.must_overtrump and not power[card] > power[best]:
            out |= above(masks[trump], power[best], order)
    return out


# Reneging (the Forty-Five family, Twenty-Five): some top trumps are privileged not to be forced out by a
# trump lead.
def renege_exemptions(order: CardOrder, privileged: int, lower_only: bool = False) -> tuple[int, ...]:
    """For each card that may be led, the privileged trumps excused from following it: all of them, or
    (``lower_only``) those above the trump led."""
    power = order.power
    out = []
    for led in range(len(power)):
        if order.suit_of[led] != order.trump:
            out.append(0)
        elif lower_only:
            out.append(above(privileged, power[led], order))
        else:
            out.append(privileged)
    return tuple(out)


def reneging_follower(order: CardOrder, rules: FollowRules, privileged: int,
                      lower_only: bool = False) -> Callable[[int, Sequence[int]], int]:
    """``legal_plays`` where a trump lead does not force out an excused top trump: a player whose only
    trumps are excused may play any card; holding another trump, one must play a trump (any one)."""
    exempt = renege_exemptions(order, privileged, lower_only)
    trump = order.trump
    trumps_mask = order.suit_masks[trump] if trump is not None else 0
    suit_of = order.suit_of

    def legal(hand: int, trick: Sequence[int]) -> int:
        if trick and suit_of[trick[0]] == trump:
            trumps = hand & trumps_mask
            return trumps if trumps & ~exempt[trick[0]] else hand
        return legal_plays(hand, trick, order, rules)
    return legal


# --- trick play with every hand open: what an open-hand (double-dummy) search is given ---------------------
@dataclass(frozen=True, slots=True)
class Goal:
    """What the tricks still to play are worth to a side.

    ``points`` gives each card's worth (by pack index) to the side that takes it; ``None`` counts one a
    trick. ``trick_worth`` is what taking a trick is worth besides, by how many tricks are left after it:
    the deal's last trick first (a ten for the last in some games, a penalty for a numbered trick in
    others). ``maximize`` is False where taking is bad (penalties): the side then wants as little as it
    can."""

    points: tuple[int, ...] | None = None
    trick_worth: tuple[int, ...] = ()
    maximize: bool = True


TRICKS = Goal()


@dataclass(frozen=True, slots=True)
class OpenPosition:
    """A trick-play position with every hand open.

    ``hands`` are the cards each hand holds (masks over ``order.pack``), ``trick`` the cards of the trick
    being played (in the order played, led by ``leader``), ``after`` the hand that plays after each one.
    The rule of following is ``rules`` (of :mod:`parlour.mechanics.tricks`), or ``follow`` where a game
    has one of its own (reneging): the cards of a hand that may go to a trick. ``side`` lists the hands
    whose takings count. A hand is a place at the table: where one player plays two hands (bridge's
    dummy) they are still two hands, both on the side."""

    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    after: tuple[int, ...]
    order: CardOrder
    side: frozenset[int]
    goal: Goal = field(default=TRICKS)
    rules: FollowRules = field(default=PLAIN)
    follow: Callable[[int, list[int]], int] | None = None

    @property
    def to_play(self) -> int:
        """The hand whose card is next."""
        hand = self.leader
        for _ in self.trick:
            hand = self.after[hand]
        return hand

    def legal(self) -> int:
        """The cards the hand to play may play, as a mask over the pack."""
        follow = self.follow or follower(self.order, self.rules)
        return follow(self.hands[self.to_play], list(self.trick))



def side_of(seat: int, side: Iterable[int], seats: Iterable[int]) -> frozenset[int]:
    """The side ``seat`` plays on in a deal of one side against the rest of ``seats`` (a declarer, alone or
    with a partner, against the defenders): ``side`` if the seat is on it, else the others."""
    ours = frozenset(side)
    return ours if seat in ours else frozenset(seats) - ours


def void_free(voids: int, suit_masks: Sequence[int], full: int) -> int:
    """The cards of ``full`` a player may still hold once he has shown himself void (bit ``s`` of
    ``voids``) in suits by failing to follow them: what a re-deal of his hidden hand may give him."""
    for suit, mask in enumerate(suit_masks):
        if voids >> suit & 1:
            full &= ~mask
    return full


def cards_of(order: CardOrder, indices: Iterable[int]) -> list[Card]:
    cards = order.pack.cards
    return [cards[i] for i in indices]


# A finished trick as the games keep it: who led, who took it, its cards in the order played, and those
# cards as a mask over the pack (what the taker captured).
Taken = tuple[int, int, list[int], int]


def turning_last_shape(pack: Pack, players: int, key: str, dealer: int, form: str) -> DealShape:
    """The form of a prepared deal that turns the dealer's last card up (``_deal_turning_last``): the whole
    pack in equal hands, the card turned named under ``key`` (one of the dealer's cards, his last listed
    when left out), or a stacked pack dealt round one card at a time as the book deals."""
    return DealShape(pack, form, sizes=(len(pack) // players,) * players,
                     apart=(Apart(key, 1, single=True, in_hand=dealer),), stacked=True)


def sitting_out_shape(pack: Pack, players: int, dealer: int, hand_size: int, key: str, form: str) -> DealShape:
    """The form of a prepared deal for three players from a table of three or four, where a dealer of four
    sits the deal out (Calabrasella, Preference): ``hand_size`` cards for each seat that plays and an
    empty list for the dealer who does not, the cards left over set apart under ``key`` (as listed, or
    all the hands leave when left out), or a stacked pack dealt by the book."""
    sizes = tuple(0 if players == 4 and seat == dealer else hand_size for seat in range(players))
    rest = len(pack) - 3 * hand_size
    return DealShape(pack, form, sizes=sizes, apart=(Apart(key, rest, rest=True),), stacked=True)


class TrickPlayState(CardPlayState):
    """A card-play state whose cards go to tricks: the life of a trick, written once.

    A trick game says how its cards rank this deal (``_card_order``), who sits after whom in the play
    (``after``, by default the table's order) and, if its book has one, what a trick scores the moment
    it is taken and how the log words it (``_trick_won``). This class settles the rest the same way for
    every game: the taker, the record of the finished trick in ``taken``, its line in the log, the taker
    leading the next trick, the voids a seat has shown by not following, and the tricks as a view shows
    them. Voids are worked out from ``taken`` when they are asked for rather than kept on every card, so
    that the playout hot path does no work for them.
    """

    # The finished tricks of this deal, oldest first, and the seat that led the trick being played.
    taken: list[Taken]
    leader: int
    # For each seat, the seat that plays after it to a trick: the table's order unless the game sets its
    # own in ``_setup`` (some seats sit out, or the seating is rearranged).
    after: tuple[int, ...]
    # Cards to a trick and tricks to a deal, for the default play of a card (``_play``).
    trick_size: int
    tricks_in_deal: int
    ZONES = kinds(trick="trick", last_trick="trick")    # what ``_trick_table`` shows

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # A plain attribute, read for every card of a playout. (Asked with ``hasattr``: reading the
        # instance's ``__dict__`` would make CPython keep its attributes in a slower dict.)
        if not hasattr(self, "after"):
            self.after = self.seating.following

    # --- what a game supplies ------------------------------------------------------------------------
    def _card_order(self) -> CardOrder:
        """The ranking of the cards this deal, which decides who takes a trick."""
        raise NotImplementedError

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        """Score the ``number``-th trick, taken by ``taker`` (its cards ``mask``), as the book says it scores
        at once, and give the log's line for it (a text with ``{}`` or a function, and its arguments)."""
        return "seat {} wins trick {}", (taker, number)

    def _end_hand(self) -> None:
        """The deal's last trick is taken: score the deal (the default ``_play`` calls this)."""
        raise NotImplementedError

    def trick_goal(self, seat: int) -> tuple[frozenset[int], Goal] | None:
        """Who shares this deal's tricks with ``seat``, and what the tricks are worth to them: what an
        open-hand search of the rest of the play (``open_position``) counts for the seat. None (the default)
        where the game has not said; a game whose deal is won by tricks or card points says so."""
        return None

    def open_position(self, seat: int) -> OpenPosition | None:
        """The rest of this deal's trick play with every hand open, as ``seat`` wants it played: for an
        open-hand search of a sampled world (a searching bot's, which never holds the live state). None
        outside the play, or where the game declares no ``trick_goal``. Its hands are the seats' (only the
        seats that play, where someone sits the deal out)."""
        goal = self.trick_goal(seat)
        if goal is None or self.is_over or not self._in_play():
            return None
        side, worth = goal
        playing = [s for s, next_hand in enumerate(self.after) if next_hand >= 0]
        if len(playing) == len(self.after):
            return OpenPosition(tuple(self.hands), tuple(self.trick), self.leader, self.after, self._card_order(),
                                side, worth, follow=self.follow)
        # A seat sitting the deal out (the dealer of four at Calabrasella or Preference) holds no hand in
        # it: the position's hands are the playing seats', in seat order, every card going to each trick.
        place = {s: k for k, s in enumerate(playing)}
        return OpenPosition(tuple(self.hands[s] for s in playing), tuple(self.trick), place[self.leader],
                            tuple(place[self.after[s]] for s in playing), self._card_order(),
                            frozenset(place[s] for s in side if s in place), worth, follow=self.follow)

    # --- the deal: a prepared deal of hands as written, else the pack (stacked or shuffled) as the book deals -
    def _deal_round(self, following: Sequence[int] | None = None) -> list[int]:
        """The hands of a deal of the whole pack, one card at a time round the table from the dealer's left
        (``following``: the seat after each, where the deal goes round other than the table): a prepared
        deal's hands as written, else the pack dealt so."""
        prepared = self._prepared_now()
        if prepared is not None and prepared.pack is None:
            return list(prepared.masks)
        return self._deal_around(self._deck(self.PACK), self.dealer, following)

    def _deal_with_widow(self, key: str, seats: Sequence[int], packets: Sequence[int], size: int,
                         after: int) -> tuple[list[int], int]:
        """The hands and the ``size`` cards dealt face down to a widow (a talon), as masks, when the pack is
        dealt in rounds of ``packets`` to ``seats`` and the widow's cards go after ``after`` rounds
        (``_deal_packets``): a prepared deal's hands and its cards under ``key`` as written, else the pack
        dealt so (Calabrasella, Preference, Schafkopf)."""
        prepared = self._prepared_now()
        if prepared is not None and prepared.pack is None:
            return list(prepared.masks), sum(1 << card for card in prepared.apart[key])
        return self._deal_packets(self._deck(self.PACK), seats, packets, widow=size, widow_after=after)

    def _deal_turning_last(self, key: str) -> tuple[list[int], int]:
        """The whole pack dealt round from the dealer's left, its last card, the dealer's, turned up for all
        to see (Tëtka's bum card, Tute's trump card): the hands and that card. A prepared deal of hands (its
        form is :func:`turning_last_shape`) may name the card under ``key``; else it is the dealer's last."""
        prepared = self._prepared_now()
        if prepared is None or prepared.pack is not None:
            deck = self._deck(self.PACK)
            return self._deal_around(deck, self.dealer), deck[-1]
        turned = prepared.apart.get(key) or prepared.hands[self.dealer][-1:]
        return list(prepared.masks), turned[0]

    # --- the shared rules ------------------------------------------------------------------------------
    def _start_tricks(self, leader: int) -> None:
        """A deal's play is about to begin: no trick taken or begun, and ``leader`` to lead the first (the
        game says whose turn it is: an auction or an exchange may come first)."""
        self.taken = []
        self.trick = []
        self.leader = leader

    def _play(self, seat: int, index: int) -> None:
        """The card goes from hand to the trick: the next seat plays, or the trick is complete and taken.
        Games with more to a card (a renounce shown, a partner revealed) do that and call this."""
        self.hands[seat] ^= 1 << index
        trick = self.trick
        trick.append(index)
        if len(trick) < self.trick_size:
            self.to_move = (self.after[seat],)
        else:
            self._after_trick(self._take_trick())

    def _after_trick(self, taker: int) -> None:
        """A trick is taken: its taker leads the next, until the deal's last trick ends the deal. Games that
        can end a deal sooner (a target reached, a claim) say so before calling this."""
        if len(self.taken) == self.tricks_in_deal:
            self._end_hand()
        else:
            self.to_move = (taker,)

    def _seat_at(self, leader: int, k: int) -> int:
        """The seat that plays the ``k``-th card (from 0) of a trick ``leader`` led."""
        after = self.after
        seat = leader
        for _ in range(k):
            seat = after[seat]
        return seat

    def _take_trick(self) -> int:
        """The trick is complete: its taker is found, the trick recorded, scored and logged, and the taker
        leads the next one. Returns the taker; the game says what happens next (another trick, or the end)."""
        trick, after = self.trick, self.after
        leader = taker = self.leader
        for _ in range(winner(trick, self._card_order())):
            taker = after[taker]
        mask = 0
        for card in trick:
            mask |= 1 << card
        taken = self.taken
        taken.append((leader, taker, trick, mask))
        line, args = self._trick_won(len(taken), taker, mask)
        self._log.append((self._moves_from + len(self._moves), line, args, None))   # ``_moves_made()``
        self.trick = []
        self.leader = taker
        return taker

    def voids(self) -> list[int]:
        """The suits (as bits, by effective suit) each seat has shown it lacks by not following, this deal."""
        voids = [0] * len(self.hands)
        played = [(leader, cards) for leader, _, cards, _ in self.taken]
        if self.trick:
            played.append((self.leader, self.trick))
        if not played:     # before the play, perhaps before the trumps are known
            return voids
        suit_of = self._card_order().suit_of
        for number, (leader, cards) in enumerate(played, 1):
            led = suit_of[cards[0]]
            for k, card in enumerate(cards):
                if suit_of[card] != led:
                    seat = self._seat_at(leader, k)
                    if self._shows_void(seat, number):
                        voids[seat] |= 1 << led
        return voids

    def trick_counts(self) -> list[int]:
        """How many tricks each seat has taken this deal."""
        counts = [0] * len(self.hands)
        for _, taker, _, _ in self.taken:
            counts[taker] += 1
        return counts

    def cards_won(self) -> list[int]:
        """The cards each seat has taken in tricks this deal, as masks."""
        won = [0] * len(self.hands)
        for _, taker, _, mask in self.taken:
            won[taker] |= mask
        return won

    def _shows_void(self, seat: int, number: int) -> bool:
        """Whether not following to the ``number``-th trick proves ``seat`` void; games where one may
        renounce holding the suit (Reversis' espagnolette) say when it does not."""
        return True

    # --- what a seat cannot see, for sample_world -------------------------------------------------------
    def _hidden_in_hand(self, seat: int) -> int:
        """The cards of ``seat``'s hand the others cannot see: all of them, unless the game shows some (the
        bum card turned for trumps)."""
        return self.hands[seat]

    def _hide_hands(self, seat: int, suit_masks: Sequence[int], seats: Iterable[int] | None = None,
                    label: str | None = None) -> Unknown:
        """What ``seat`` cannot see of the others' hands (those of ``seats``; by default every seat): each
        hand's hidden cards a zone, keyed by its seat (or ``(label, seat)``), that a re-deal fills only
        with cards of the suits (``suit_masks``) its holder has not shown it lacks."""
        unknown = Unknown(pool=0)
        voids = self.voids()
        full = self.PACK.full_mask
        for s in range(len(self.hands)) if seats is None else seats:
            if s != seat:
                key = s if label is None else (label, s)
                unknown.hide(key, self._hidden_in_hand(s), void_free(voids[s], suit_masks, full), ordered=False)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        """A re-deal of hands hidden by ``_hide_hands`` without a label: each seat keeps the cards of its
        hand the others see and takes the cards dealt to it."""
        for key, cards in deal.items():
            seat = cast(int, key)
            mask = self.hands[seat] & ~self._hidden_in_hand(seat)
            for card in cards:
                mask |= 1 << card
            self.hands[seat] = mask

    # --- the tricks as a view shows them ----------------------------------------------------------------
    def _plays(self, leader: int, cards: Sequence[int]) -> list[dict[str, Any]]:
        """A trick in a view: each card with the seat that played it, in the order played."""
        names = self.PACK.cards
        return [{"seat": self._seat_at(leader, k), "card": str(names[c])} for k, c in enumerate(cards)]

    def _trick_table(self, **beside: Any) -> dict[str, Any]:
        """The table's ``trick`` (the one being played), what else lies ``beside`` it, and once one is
        finished, the ``last_trick``."""
        table: dict[str, Any] = {"trick": self._plays(self.leader, self.trick), **beside}
        if self.taken:
            leader, _, cards, _ = self.taken[-1]
            table["last_trick"] = self._plays(leader, cards)
        return table


class SetApartPlayState(TrickPlayState):
    """A trick game whose deal sets cards apart face down: a widow no one may look at, and the cards the
    declarer lays away in exchange, which he alone knows (Preference, Schafkopf). Laying them away, what a
    seat cannot see of them and how a sampled world re-deals them are written here once.

    The game keeps its ``widow`` and ``declarer``, starts each deal with nothing laid away (``laid_away``
    0, ``lay_at`` empty), names the secret action that lays away each card (``LAYS``), and hides its
    hands with ``_hide_hands(..., label="hand")``.
    """

    LAYS: ClassVar[ActionTable]
    widow: int
    declarer: int
    # The cards laid away face down this deal, and the places in the history of the actions that laid them.
    laid_away: int
    lay_at: tuple[int, ...]

    def _lay(self, seat: int, card: int) -> int:
        """``seat`` has just laid ``card`` away from his hand: returns how many cards are laid away now."""
        self.hands[seat] ^= 1 << card
        self.laid_away |= 1 << card
        self.lay_at = (*self.lay_at, self._moves_made() - 1)
        return self.laid_away.bit_count()

    def _hide_set_apart(self, unknown: Unknown, seat: int) -> Unknown:
        """Add to ``unknown`` what ``seat`` cannot see of the cards set apart: the widow, and the cards laid
        away unless ``seat`` laid them."""
        if self.widow:
            unknown.hide(("widow",), self.widow)
        if self.laid_away and seat != self.declarer:
            unknown.hide(("laid away",), self.laid_away)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        """A re-deal of the hands (labelled ``"hand"``) and of the cards set apart: each place takes the
        cards dealt to it, and the declarer's secret actions that laid cards away name the ones dealt there."""
        for key, cards in deal.items():
            kind = key[0]  # type: ignore[index]
            mask = 0
            for card in cards:
                mask |= 1 << card
            if kind == "hand":
                self.hands[key[1]] = mask  # type: ignore[index]
            elif kind == "widow":
                self.widow = mask
            else:
                self.laid_away = mask
                self._rewrite_secret(self.declarer, self.lay_at, [self.LAYS[card] for card in sorted(cards)])


class PlayOnlyState(TotalsState, TrickPlayState):
    """A trick game that is its play and nothing else: each deal is dealt and played out card by card, with
    no call, exchange or declaration, and its points go onto running totals (Tëtka, Canadian Salad).

    Playing a card is the one kind of action, so the game's plays (``PLAYS``) are its whole numbering
    (``ACTIONS``, unless a class says otherwise), and what changes in a deal is the hands, the totals and the
    tricks.
    """

    ACTION_KINDS: ClassVar[tuple[type[Action], ...]] = (Play,)
    # A finished trick's list is never changed again, so clones share the entries of ``taken``.
    MUTABLE: ClassVar[tuple[str, ...]] = ("hands", "totals", "trick", "taken")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "ACTIONS" not in cls.__dict__:
            cls.ACTIONS = cls.PLAYS
