"""Where the project lives on the web: its repository and its docs site (built by Sphinx from
docs/). One place for both addresses, so that a link a user is shown never names a file of the
repository, which a wheel user does not have. Every layer takes them from here."""

from __future__ import annotations

REPOSITORY_URL = "https://github.com/sorry-widget/sorry_widget"
DOCS_URL = "https://sorry-widget.github.io/sorry_widget/"
