"""``python -m euchre.i18n extract | update | init LANG`` (``extract.main``)."""

import sys

from .extract import main

sys.exit(main())
