"""Exports of games to the file formats other software reads.

* :mod:`parlour.formats.pbn`: Auction Bridge deals, auctions and play as Portable Bridge Notation 2.1
  (``to_pbn``).
* :mod:`parlour.formats.phh`: Razz hands as Poker Hand History, which pokerkit reads (``to_phh``).

A format reads a game only through its public state, or replays a record first; it never changes a game.
"""
