"""``parlour serve``: the browser table and the multiplayer server, on uvicorn.

The web packages are an extra (``pip install 'parlour[web]'``), so they are imported only when the
command runs: ``parlour play`` works without them.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from parlour.cli.ui import Ui, UsageError

HELP = "run the browser table and game server (lobby, bots, friends joining by link)"
# Long enough to see each bot's card land, short enough not to drag a game against three bots.
BOT_DELAY = 0.5
MAX_BOT_SECONDS = 5.0
MAX_BOT_ITERATIONS = 100_000
TABLES_PER_MINUTE = 20
BOT_TABLES_PER_CLIENT = 2
# Uvicorn waits this long for open connections at Ctrl+C before closing them.
GRACEFUL_SECONDS = 2


def add_parser(commands: Any) -> None:
    """The ``serve`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("serve", help=HELP, description=HELP + ".")
    parser.add_argument("--host", default="127.0.0.1", metavar="HOST",
                        help="address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0 for all)")
    parser.add_argument("--port", type=int, default=8000, metavar="PORT", help="port to listen on (default: 8000)")
    parser.add_argument("--database", metavar="URL",
                        help="an SQLAlchemy URL: sqlite:///FILE or postgresql://USER@HOST/DB "
                             "(default: an SQLite file in your data directory)")
    parser.add_argument("--bot-delay", type=float, default=BOT_DELAY, metavar="SECONDS",
                        help=f"pause before each bot move, so people can follow the play (default: {BOT_DELAY})")
    parser.add_argument("--max-bot-seconds", type=float, default=MAX_BOT_SECONDS, metavar="SECONDS",
                        help=f"the longest any bot or hint may think a move; tables asking for more are refused "
                             f"(default: {MAX_BOT_SECONDS:g})")
    parser.add_argument("--max-bot-iterations", type=int, default=MAX_BOT_ITERATIONS, metavar="N",
                        help="the most search iterations a bot may spend a move, pimc's worlds and OpenSpiel's "
                             "simulations counted alike; tables asking for more are refused "
                             f"(default: {MAX_BOT_ITERATIONS})")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="processes in which searching bots and hints think (default: the number of cores)")
    parser.add_argument("--tables-per-minute", type=float, default=TABLES_PER_MINUTE, metavar="N",
                        help=f"tables one client address may create a minute, 0 for no limit "
                             f"(default: {TABLES_PER_MINUTE})")
    parser.add_argument("--bot-tables-per-client", type=int, default=BOT_TABLES_PER_CLIENT, metavar="N",
                        help=f"tables of bots alone (no person's seat) one client address may have in play at once, "
                             f"0 for no bound (default: {BOT_TABLES_PER_CLIENT})")
    parser.add_argument("--forwarded-allow-ips", metavar="IPS",
                        help="behind a reverse proxy: the proxies' addresses (comma-separated, or '*') whose "
                             "X-Forwarded-For gives the client's address (default: none; the header is ignored)")


def url_of(host: str, port: int) -> str:
    """The address to open in a browser.

    >>> url_of("127.0.0.1", 8000), url_of("::1", 80)
    ('http://127.0.0.1:8000/', 'http://[::1]:80/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def masked(url: str) -> str:
    """A database URL fit to print: its password hidden.

    >>> masked("postgresql://ann:secret@db/parlour")
    'postgresql://ann:***@db/parlour'
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)


def run(ui: Ui, args: argparse.Namespace) -> int:
    """Open the database, print where to point a browser, and serve until interrupted."""
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port takes a port number from 0 to 65535, not {args.port}")
    if not args.bot_delay >= 0:
        raise UsageError(f"--bot-delay takes a number of seconds, not {args.bot_delay}")
    if not args.tables_per_minute >= 0:
        raise UsageError(f"--tables-per-minute takes a number, 0 or more, not {args.tables_per_minute}")
    if not args.bot_tables_per_client >= 0:
        raise UsageError(f"--bot-tables-per-client takes a number, 0 or more, not {args.bot_tables_per_client}")
    if args.bot_workers is not None and args.bot_workers < 1:
        raise UsageError(f"--bot-workers takes a number of processes, 1 or more, not {args.bot_workers}")
    try:
        import uvicorn
        from sqlalchemy.exc import SQLAlchemyError

        from parlour.web.app import create_app
        from parlour.web.botpool import BotLimits
        from parlour.web.store import StoreUnavailable
    except ImportError as exc:
        raise UsageError(f"the server needs the web extra ({exc.name} is missing): "
                         "pip install 'parlour[web]'") from None
    try:
        limits = BotLimits(max_seconds=args.max_bot_seconds, max_iterations=args.max_bot_iterations)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    where = masked(args.database) if args.database else "in the data directory"
    try:
        app = create_app(database_url=args.database, bot_delay=args.bot_delay, limits=limits,
                         bot_workers=args.bot_workers or os.cpu_count() or 1,
                         tables_per_minute=args.tables_per_minute, bot_tables_per_client=args.bot_tables_per_client)
    except StoreUnavailable as exc:
        raise UsageError(str(exc)) from None
    except ImportError as exc:
        raise UsageError(f"cannot open the database {where}: its driver is missing ({exc}); for PostgreSQL, "
                         "pip install 'psycopg[binary]'") from None
    except (SQLAlchemyError, ValueError, OSError) as exc:
        raise UsageError(f"cannot open the database {where}: {exc}") from None
    _log_to_stderr()
    ui.say(f"Parlour is serving at {url_of(args.host, args.port)} "
           f"(database: {app.state.store.display_url}). Press Ctrl+C to stop.")
    # Uvicorn trusts X-Forwarded-For from loopback unless told otherwise: a proxy's header is believed only
    # from the addresses given, or a visitor behind a proxy on this host would choose their own address.
    proxy: dict[str, Any] = ({"proxy_headers": True, "forwarded_allow_ips": args.forwarded_allow_ips}
                             if args.forwarded_allow_ips else {"proxy_headers": False})
    # Views are a few kilobytes of JSON: compressing every push to every seat cost more CPU than any other
    # part of sending it, for bandwidth no card table needs.
    uvicorn.run(app, host=args.host, port=args.port, log_level="info", timeout_graceful_shutdown=GRACEFUL_SECONDS,
                ws_per_message_deflate=False, **proxy)
    return 0


def _log_to_stderr() -> None:
    """The server's own messages (a table set aside, a bot worker replaced, taking over the bots) beside
    uvicorn's, in its style."""
    import logging

    logger = logging.getLogger("parlour")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False

