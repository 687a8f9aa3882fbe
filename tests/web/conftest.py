"""The fixtures the browser tests share, one of each per test module: the app served on a fresh SQLite file
(``server``, its base address) and the machine's Chromium (``browser``). A module that needs another server
(other options, a real process) or a browser a test defines its own, which takes precedence. Where Chromium or
Playwright is missing, importing ``test_browser`` skips the test that asked for them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from test_browser import serve

    from parlour.web.app import create_app

    path = tmp_path_factory.mktemp("web") / "parlour.sqlite3"
    yield from serve(create_app(database_url=f"sqlite:///{path}"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from test_browser import ARGS, CHROMIUM, playwright

    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
