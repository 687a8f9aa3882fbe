"""Collection settings: ``__main__`` runs the command line when imported, so doctests skip it."""

collect_ignore = ["parlour/__main__.py"]
