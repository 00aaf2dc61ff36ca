"""axe-core (the accessibility rules engine, from npm) in the test browser.

The first use packs ``axe-core@AXE_VERSION`` from the npm registry into ``.cache/npm`` (npm is
installed by scripts/install-system.sh); later runs read it from there.
"""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

AXE_VERSION = "4.10.3"
CACHE = Path(__file__).parents[2] / ".cache" / "npm"
#: The rules run: WCAG 2.0/2.1/2.2 A and AA and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_source() -> str:
    script = CACHE / f"axe-core-{AXE_VERSION}.min.js"
    if not script.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        tgz = CACHE / f"axe-core-{AXE_VERSION}.tgz"
        if not tgz.exists():
            subprocess.run(["npm", "pack", f"axe-core@{AXE_VERSION}", "--pack-destination",
                            str(CACHE)], check=True, capture_output=True, timeout=300)
        with tarfile.open(tgz) as tar:
            text = tar.extractfile("package/axe.min.js").read()
        script.write_bytes(text)
    return script.read_text(encoding="utf-8")


def run_axe(page, selector: str | None = None) -> list[dict]:
    """axe's violations on the page (or inside every element ``selector`` matches): a list of
    {id, impact, help, nodes: [{target, summary}]}."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate("""async ([selector, tags]) => {
      const result = await axe.run(selector || document,
                                   { runOnly: { type: 'tag', values: tags },
                                     resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '),
                                     summary: n.failureSummary })) }));
    }""", [selector, TAGS])


def report(where: str, violations: list[dict]) -> str:
    """Every violation, of every level, one line per rule and its first nodes."""
    lines = []
    for v in violations:
        lines.append(f"  {where}: [{v['impact']}] {v['id']} ({len(v['nodes'])}): {v['help']}")
        for n in v["nodes"][:3]:
            lines.append(f"      {n['target']}: {(n['summary'] or '').splitlines()[-1].strip()}")
    return "\n".join(lines)


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def count_nodes(violations: list[dict]) -> int:
    return sum(len(v["nodes"]) for v in violations)
