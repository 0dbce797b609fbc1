"""``python -m euchre``: the ``euchre`` command."""

import sys

from .cli import main

sys.exit(main())
