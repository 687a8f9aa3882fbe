"""``python -m parlour`` is the ``parlour`` command."""

from parlour.cli.main import main

raise SystemExit(main())
