"""The page picks a count's plural form with the catalog's own rule, as gettext does in Python
(js/strings.js's pluralRule against gettext.c2py, in node)."""

from __future__ import annotations

import gettext
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

RULES = [
    "(n != 1)",                                                    # English
    "(n > 1)",                                                     # French, the project's
    "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2",  # French, CLDR (Babel 2.19)
    "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",  # Polish
    "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",  # Arabic
    "0",                                                           # Japanese: one form
    "!(n == 1)",
]
COUNTS = [*range(0, 230), 1000, 1001, 10**6, 2 * 10**6, 10**9]


@pytest.mark.skipif(NODE is None, reason="needs node (the test command installs npm)")
def test_the_page_applies_a_catalogs_plural_rule_as_gettext_does(tmp_path):
    script = tmp_path / "plural.mjs"
    script.write_text(
        f'import {{ pluralIndex }} from {json.dumps((ROOT / "js" / "strings.js").as_uri())};\n'
        f"const rules = {json.dumps(RULES)}, counts = {json.dumps(COUNTS)};\n"
        "console.log(JSON.stringify(rules.map((r) => counts.map((n) => pluralIndex(r, n)))));\n"
        "console.log(JSON.stringify(['n; alert(1)', 'n ? ', 'window', '(n > 1'].map("
        "(r) => pluralIndex(r, 5))));\n")
    out = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=60,
                         check=True).stdout.splitlines()
    page = json.loads(out[0])
    assert page == [[gettext.c2py(rule)(n) for n in COUNTS] for rule in RULES]
    # A rule it cannot read is not run: English's rule instead (5 -> the second form).
    assert json.loads(out[1]) == [1, 1, 1, 1]
