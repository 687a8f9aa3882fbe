"""Mus by rules of thumb: judge the hand for each lance, count the partner's sign in, bet and answer by it.

The heuristic reads only the view: its own hand, the lance being spoken, the stake standing, the partner's
sign and the legal actions. It makes the truest sign it can (duples, then thirty-one, medias, two kings, two
aces, blind), keeps pairs, kings and aces when it discards, and stops asking for mus after two rounds.

The playout habits (``habits``, for IS-MCTS) make the same decisions from the position, reading through
``MusPosition`` only its own hand and the signs it saw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for
from parlour.cards import Card
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.mus import (
    CHICA,
    DUPLES,
    GRADE,
    GRANDE,
    JUEGO,
    MEDIAS,
    PACK,
    PARES,
    PUNTO,
    grades,
    pares_of,
    total,
)
from parlour.mechanics.vying import Vie

UNKNOWN_PARTNER = 0.25
SIGN_PREFERENCE = ("duples", "thirty-one", "medias", "two-kings", "two-aces", "blind", "none")
# What a partner's sign says of the side's chances in each lance (the side's strength is the better of the two).
SIGN_STRENGTH = {"duples": {PARES: 0.9}, "medias": {PARES: 0.75}, "thirty-one": {JUEGO: 0.9},
                 "two-kings": {GRANDE: 0.8}, "two-aces": {CHICA: 0.8}, "blind": {}}


def strength(lance: str, mask: int) -> float:
    """How likely the hand is to win ``lance``, roughly, from 0 to 1."""
    g = grades(mask)
    if lance == GRANDE:
        kings = g.count(10)
        return 0.85 if kings >= 3 else 0.7 if kings == 2 else 0.45 if kings == 1 and g[1] >= 8 else \
            0.35 if kings == 1 else 0.15
    if lance == CHICA:
        aces = g.count(1)
        return 0.85 if aces >= 3 else 0.7 if aces == 2 else 0.45 if aces == 1 and g[-2] <= 5 else \
            0.35 if aces == 1 else 0.15
    if lance == PARES:
        key = pares_of(mask)
        if key[0] == DUPLES:
            return 0.9
        if key[0] == MEDIAS:
            return 0.75
        return (0.6 if key[1] >= 9 else 0.4) if key[0] else 0.0
    value = total(mask)
    if lance == JUEGO:
        return 0.9 if value == 31 else 0.7 if value == 32 else 0.55 if value == 40 else 0.35 if value > 31 else 0.0
    return max(0.0, min(1.0, (value - 20) / 10))


def side_strength(lance: str, mask: int, partner_sign: str | None, partner_holds: bool = True) -> float:
    """The side's chance in ``lance``: ours, or the partner's as its sign tells (an unknown partner wins a
    quarter of the time; one that declared nothing for pares or juego, never)."""
    if not partner_holds or (partner_sign == "blind" and lance in (PARES, JUEGO)):
        partner = 0.0
    else:
        partner = SIGN_STRENGTH.get(partner_sign or "", {}).get(lance, 0.2 if partner_sign else UNKNOWN_PARTNER)
    return 1 - (1 - strength(lance, mask)) * (1 - partner)


def wants_mus(mask: int, rounds: int) -> bool:
    """Ask for mus with a hand good at nothing, and never after two rounds of discards."""
    return rounds < 2 and pares_of(mask)[0] == 0 and total(mask) < 31 and grades(mask).count(10) < 2


def to_discard(cards: Sequence[int]) -> list[int]:
    """The cards to lay away (pack indices): all but pairs, kings and aces; at least one, at most four."""
    counts = Counter(GRADE[c] for c in cards)
    keep = [c for c in cards if counts[GRADE[c]] > 1 or GRADE[c] in (1, 10)]
    out = [c for c in cards if c not in keep]
    return out or [min(cards, key=lambda c: (counts[GRADE[c]] > 1, GRADE[c] in (1, 10), GRADE[c]))]


def speak(legal: Sequence[str], force: float, stake: int | None) -> str:
    """An envite's call by the side's chance in the lance: stake the game on a strong one, bet a good one,
    accept by the stake and an órdago from 60%, raise a very strong one."""
    if "quiero" in legal:
        if "reenvido 2" not in legal:            # an órdago stands: the game on this lance
            return "quiero" if force >= 0.6 else "no quiero"
        if force >= 0.92:
            return "ordago"
        if force >= 0.85 and (stake or 0) < 8:
            return "reenvido 2"
        return "quiero" if force >= 0.45 + min(stake or 2, 12) / 40 else "no quiero"
    if force >= 0.75 and "ordago" in legal:     # a strong lance is worth the game: the partner may be weaker
        return "ordago"
    if force >= 0.68 and "envido 4" in legal:
        return "envido 4"
    if force >= 0.58 and "envido 2" in legal:
        return "envido 2"
    return "paso"


def decide(legal: Sequence[str], phase: str, mask: int, partner_sign: str | None, rounds: int,
           stake: int | None, partner_holds: bool = True) -> str:
    """The heuristic's action as notation, from what the seat knows."""
    if phase == "mus":
        return "mus" if wants_mus(mask, rounds) else "no hay mus"
    if phase == "discard":
        if "draw" in legal and not any(a.startswith("discard") for a in legal):
            return "draw"
        wanted = {f"discard {PACK.cards[c]}" for c in to_discard([i for i in range(len(PACK)) if mask >> i & 1])}
        return next((a for a in legal if a in wanted), "draw" if "draw" in legal else legal[0])
    if phase == "signs":
        return next(f"sena {s}" for s in SIGN_PREFERENCE if f"sena {s}" in legal)
    lance = phase if phase in (GRANDE, CHICA, PARES, JUEGO, PUNTO) else GRANDE
    return speak(legal, side_strength(lance, mask, partner_sign, partner_holds), stake)


@heuristic_for("mus")
def choose(view: View, rng: random.Random) -> str:
    mask = PACK.mask(Card.parse(c) for c in view.hand)
    partner = None if view.seat is None else (view.seat + 2) % 4
    said = [line for line in view.extra["declarations"] if line.startswith(f"{view.phase}:")]
    holds = not said or f"seat {partner} yes" in said[0]
    choice = decide(view.legal_actions, str(view.phase), mask, view.extra["partner_sign"],
                    view.extra["mus_rounds"], view.extra["stake"], holds)
    return choice if choice in view.legal_actions else rng.choice(view.legal_actions)


class MusPosition(Position, Protocol):
    """What the habits read: the hands (only the seat's own entry), the phase, the rounds of mus, the
    envite standing, the declarations and the signs the seat saw."""

    @property
    def hands(self) -> Sequence[int]: ...

    @property
    def phase(self) -> str: ...

    @property
    def mus_rounds(self) -> int: ...

    @property
    def vie(self) -> Vie | None: ...

    @property
    def said_pares(self) -> tuple[bool, ...] | None: ...

    @property
    def said_juego(self) -> tuple[bool, ...] | None: ...

    def signs_seen(self, viewer: int | None) -> dict[int, str]: ...


@habit_for("mus")
def habits(position: MusPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's decision from the position, for quick and sensible playouts."""
    legal = position.legal_actions(seat)
    vie = position.vie
    stake = vie.stake if vie is not None and vie.proposer >= 0 else None
    partner = (seat + 2) % 4
    said = {PARES: position.said_pares, JUEGO: position.said_juego}.get(str(position.phase))
    choice = decide([str(a) for a in legal], str(position.phase), position.hands[seat],
                    position.signs_seen(seat).get(partner), position.mus_rounds, stake,
                    said is None or said[partner])
    return next((a for a in legal if str(a) == choice), legal[0])
