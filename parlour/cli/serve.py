"""``parlour serve``: the browser table and the multiplayer server, on uvicorn.

The web packages are an extra (``pip install 'parlour[web]'``), so they are imported only when the
command runs: ``parlour play`` works without them.
"""

from __future__ import annotations

import argparse
from typing import Any

from parlour.cli.ui import Ui, UsageError

HELP = "run the browser table and game server (lobby, bots, friends joining by link)"
# Long enough to see each bot's card land, short enough not to drag a game against three bots.
BOT_DELAY = 0.5


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
    if args.bot_delay < 0:
        raise UsageError(f"--bot-delay takes a number of seconds, not {args.bot_delay}")
    try:
        import uvicorn
        from sqlalchemy.exc import SQLAlchemyError

        from parlour.web.app import create_app
    except ImportError as exc:
        raise UsageError(f"the server needs the web extra ({exc.name} is missing): "
                         "pip install 'parlour[web]'") from None
    where = masked(args.database) if args.database else "in the data directory"
    try:
        app = create_app(database_url=args.database, bot_delay=args.bot_delay)
    except ImportError as exc:
        raise UsageError(f"cannot open the database {where}: its driver is missing ({exc}); for PostgreSQL, "
                         "pip install 'psycopg[binary]'") from None
    except (SQLAlchemyError, ValueError, OSError) as exc:
        raise UsageError(f"cannot open the database {where}: {exc}") from None
    ui.say(f"Parlour is serving at {url_of(args.host, args.port)} "
           f"(database: {app.state.store.display_url}). Press Ctrl+C to stop.")
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0
