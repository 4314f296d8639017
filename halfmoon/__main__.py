"""``python -m halfmoon``: see ``halfmoon.cli``."""

import sys

from .cli import main

sys.exit(main())
