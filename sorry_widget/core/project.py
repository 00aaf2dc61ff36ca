"""Where the project lives on the web: its repository and its docs site (built by Sphinx from
docs/). One place for both addresses, so that a link a user is shown never names a file of the
repository, which a wheel user does not have. Every layer takes them from here."""

from __future__ import annotations

REPOSITORY_URL = "https://github.com/sorry-widget/sorry_widget"
DOCS_URL = "https://sorry-widget.github.io/sorry_widget/"
#: Whether the docs site at ``DOCS_URL`` is published. Until it is (README, *Not done
#: yet*), a link to one of its pages goes to the page's source in the repository, which GitHub
#: shows with the same anchors (``docs/rules.md#c7``); set it when the site is up.
DOCS_PUBLISHED = False


def docs_page(source: str, anchor: str = "") -> str:
    """The address of the docs page built from ``docs/<source>`` (``"rules.md"``), at
    ``anchor``: on the docs site once it is published, else the page's source in the
    repository."""
    if DOCS_PUBLISHED:
        address = DOCS_URL + source.removesuffix(".md") + ".html"
    else:
        address = f"{REPOSITORY_URL}/blob/main/docs/{source}"
    return address + (f"#{anchor}" if anchor else "")
