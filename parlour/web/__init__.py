"""The browser table and the multiplayer server: ``parlour serve``.

``create_app`` (in ``parlour.web.app``) is the FastAPI application; ``parlour.web.tables`` holds the live
tables and is the only code that changes them; ``parlour.web.store`` keeps them in a SQL database; the
page itself lives in ``static/``. Needs the ``web`` extra: ``pip install 'parlour[web]'``.
"""
