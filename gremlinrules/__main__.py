"""``python -m gremlinrules``: see :mod:`gremlinrules.cli`."""

from gremlinrules.cli import main

raise SystemExit(main())
