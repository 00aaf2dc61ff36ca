"""Exports open where there is no kernel and no network (a school that refuses every outside
request): ``to_html`` pages and whole lessons from ``sorry-widget export``, opened from
``file://`` in Chromium with every request refused; and executed widget cells carry a picture
of the board for viewers without widgets."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from sorry_widget import Game, Record, SorryWidget
from support.browser import check_the_c7_badge, offline_page

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"


def test_to_html_replays_offline_from_one_file(browser, tmp_path):
    game = Game(4, seed=5)
    game.run()
    record = Record.from_game(game)
    record.annotate(3, text="Exported note", arrows=[[4, 19]])
    widget = SorryWidget(record=record, animate=False)
    path = tmp_path / "replay.html"
    widget.to_html(path)
    html = path.read_text()
    assert not re.search(r"""(src|href)=["']https?:""", html), "the page must fetch nothing"

    page, tried, errors = offline_page(browser, path)
    page.wait_for_selector(".sorry-widget .pawns g.pawn", timeout=15_000)
    assert page.locator(".sorry-widget .pawns g.pawn").count() == 16
    page.click(".sorry-widget button.sw-last")
    page.wait_for_function(
        f"document.querySelector('.sorry-widget').dataset.shown === '{widget.last_play}'")
    assert f"{game.winner.capitalize()} wins!" in page.text_content(".sw-status")
    page.click(".sorry-widget button.sw-first")
    for _ in range(3):
        page.click(".sorry-widget button.sw-forward")
    page.wait_for_function("document.querySelector('.sorry-widget').dataset.shown === '3'")
    assert page.text_content(".sw-note") == "Exported note"
    assert page.locator(".sw-annotation .arrow").count() == 1
    # No kernel: the note tools are hidden and the page says why.
    assert page.locator(".sw-annotate").is_hidden()
    page.wait_for_selector(".sw-offline:not([hidden])")
    assert "need the notebook's Python kernel" in page.text_content(".sw-offline")
    page.context.close()
    assert not errors, errors
    assert not tried, tried


def test_a_rule_badge_reads_in_full_in_an_exported_page(browser, tmp_path):
    """Issue 24: with no kernel and no network, a badge still shows its rule's full text, and
    links the docs site, not a file of the repository."""
    game = Game(4, seed=21)
    game.run()
    record = Record.from_game(game)
    widget = SorryWidget(record=record, animate=False)
    widget.goto(next(i for i, m in enumerate(record.moves, 1) if "C7" in m.rule_ids))
    path = tmp_path / "replay.html"
    widget.to_html(path)
    page, tried, errors = offline_page(browser, path)
    page.wait_for_selector(".sorry-widget .sw-explanation .sw-rule", timeout=15_000)
    check_the_c7_badge(page.locator(".sorry-widget"))
    page.context.close()
    assert not errors, errors
    assert not tried, tried


@pytest.mark.jupyter
def test_an_executed_widget_cell_carries_a_picture_and_a_sentence(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from sorry_widget import Game, SorryWidget\n"
        "w = SorryWidget(Game(4, seed=1), humans=['red'], card='2')\nw")])
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    [output] = nb.cells[0].outputs
    data = output["data"]
    assert set(data) >= {"application/vnd.jupyter.widget-view+json", "image/svg+xml",
                         "text/plain"}
    assert "object at 0x" not in data["text/plain"]
    assert data["text/plain"].startswith("Sorry! board (game)") and "with a 2" in \
        data["text/plain"]
    assert 'class="pawn red"' in data["image/svg+xml"]


@pytest.mark.jupyter
def test_a_lesson_exported_with_the_command_opens_offline_with_its_boards(browser, tmp_path):
    lessons = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, lessons, ignore=shutil.ignore_patterns("out", ".ipynb_*"))
    out = tmp_path / "quick-start.html"
    done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "export",
                           str(lessons / "01-quick-start.ipynb"), "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "opens offline" in done.stdout
    html = out.read_text()
    assert not re.search(r"""<script[^>]+src=["']https?:""", html)

    page, tried, errors = offline_page(browser, out)
    page.wait_for_function("document.querySelectorAll('[data-sorry-widget][data-rendered]')"
                           ".length === 2", timeout=20_000)
    boards = page.locator(".sorry-widget")
    assert boards.count() == 2  # the game to play and the replay
    replay = boards.nth(boards.count() - 1)
    before = replay.get_attribute("data-shown")
    replay.locator("button.sw-forward").click()
    page.wait_for_function(f"[...document.querySelectorAll('.sorry-widget')].at(-1)"
                           f".dataset.shown !== '{before}'")
    assert replay.locator(".sw-annotate").is_hidden()
    # The page's own list styles (nbconvert's) leave every play's whole number in view.
    for n in (9, 10, 100, replay.locator(".sw-moves li").count()):
        assert number_shown(replay.locator(f".sw-moves li[data-play='{n}']")) == f"{n}.", n
    page.context.close()
    assert not errors, errors
    assert not tried, tried


def number_shown(item) -> str:
    """The play number an item of the move list shows, if all of it is inside the list's box
    (else what is cut, or nothing)."""
    return item.evaluate("""(li) => {
      const list = li.closest('.sw-moves').getBoundingClientRect();
      li.scrollIntoView({ block: 'nearest' });
      const number = li.innerText.match(/^\\s*(\\d+\\.)/);
      if (!number) return '';
      const range = document.createRange();
      const text = [...li.querySelectorAll('*'), li].flatMap((e) => [...e.childNodes])
        .find((n) => n.nodeType === 3 && n.textContent.includes(number[1]));
      range.setStart(text, text.textContent.indexOf(number[1]));
      range.setEnd(text, text.textContent.indexOf(number[1]) + number[1].length);
      const box = range.getBoundingClientRect();
      return box.left >= list.left && box.right <= list.right ? number[1] : 'cut';
    }""")


def test_export_of_a_missing_notebook_is_one_clear_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "export",
                           str(tmp_path / "nope.ipynb")], capture_output=True, text=True)
    assert done.returncode == 2 and "no such notebook" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_export_that_cannot_be_written_is_one_line_naming_the_path(tmp_path):
    import nbformat

    notebook = tmp_path / "lesson.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# hi")]),
                   notebook)
    for target, reason in [(tmp_path, "it is a folder"),
                           (tmp_path / "missing" / "x.html", "its folder does not exist")]:
        done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "export",
                               "--no-execute", str(notebook), "-o", str(target)],
                              capture_output=True, text=True)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert done.stderr.strip() == f"sorry-widget export: not saved to {target}: {reason}"


def test_an_exported_lesson_keeps_its_charts_offline(browser, tmp_path):
    """Every chart the lesson draws when it runs is in its exported page, inline (its text
    alternative for a screen reader), and shows with the network cut."""
    from sorry_widget.render.charts import MARKER_CLASS
    from sorry_widget.widget.export import export_notebook
    from support.charts import charts_in

    lessons = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, lessons, ignore=shutil.ignore_patterns("out", ".ipynb_*"))
    path = lessons / "06-variants.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    drawn = charts_in(nb)  # as many as the lesson drew, natively
    assert drawn >= 1
    out = tmp_path / "variants.html"
    out.write_text(export_notebook(nb, execute=False), encoding="utf-8")
    page, tried, errors = offline_page(browser, out)
    charts = page.locator(f"svg.{MARKER_CLASS}")
    assert charts.count() == drawn
    for i in range(drawn):
        chart = charts.nth(i)
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        assert box and box["width"] >= 400 and box["height"] >= 250, box
        label = chart.get_attribute("aria-label")
        assert chart.get_attribute("role") == "img" and label and "games" in label
        # The background is drawn (the theme's rule applied), not transparent.
        fill = chart.locator(".sw-bg").evaluate("e => getComputedStyle(e).fill")
        assert fill == "rgb(255, 255, 255)", fill
    page.context.close()
    assert not errors, errors
    assert not tried, tried
