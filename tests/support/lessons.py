"""The lessons' links, read as GitHub and JupyterLab read them."""

from __future__ import annotations

import re

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
                  r"|(?:href|src)\s*=\s*[\"']([^\"']+)[\"']")


def anchors(markdown: str) -> set[str]:
    """The anchors a markdown page has on GitHub and in JupyterLab: its headings' slugs
    (lower case, punctuation dropped, spaces to hyphens, repeats numbered) and explicit ids."""
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", markdown, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", markdown))
    return found
