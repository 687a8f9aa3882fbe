"""The schema's history, as Alembic revisions: ``Store`` upgrades every database it opens to the newest.

``versions/v0001_baseline.py`` is the schema of the last release before migrations (656b820); it also
completes a database that release or an older one made, which has no version table. Each later revision is
one change to the schema, made once and recorded in ``parlour_alembic_version``.

To write a new revision: change the models in ``parlour/web/store.py``, then let Alembic compare them with
a database at the newest revision, and read what it wrote before keeping it::

    from alembic import command
    from parlour.web.store import Store, migration_config

    store = Store("sqlite:///scratch.sqlite3")
    with store.engine.begin() as connection:
        command.revision(migration_config(connection), "what changes", autogenerate=True)

Rename the file it made to ``vNNNN_<what>.py`` and its ``revision`` to ``NNNN_<what>``, in the order of the
others. A revision, once released, is never edited: a database somewhere already holds it. Revisions go one
way (there are no downgrades): a Parlour older than its database refuses to open it, naming the revision it
does not know.
"""
