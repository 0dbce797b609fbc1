"""``python -m euchre.cli``: the ``euchre`` command."""

import sys

from . import main

sys.exit(main())
