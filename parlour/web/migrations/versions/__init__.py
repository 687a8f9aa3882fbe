"""The revisions, oldest first: ``down_revision`` links each to the one before it."""
