"""``python -m sorry_widget.cli``: the ``sorry-widget`` command."""

import sys

from . import main

sys.exit(main())
