"""ProgressBar: simulate's progress(done, total) calls drawn by tqdm.auto (terminal and notebook)."""

from __future__ import annotations

import io

from sorry_widget import ProgressBar, simulate, simulate_cardgame


def test_a_simulation_fills_the_bar_to_its_total():
    out = io.StringIO()
    bar = ProgressBar("4 players", file=out)
    summary = simulate(4, games=300, seed="bar", progress=bar)
    assert summary.games == 300 and bar.done == 300
    text = out.getvalue()
    assert "4 players" in text and "300/300" in text and "100%" in text


def test_one_bar_serves_runs_in_a_row_and_the_card_game():
    out = io.StringIO()
    bar = ProgressBar(file=out)
    simulate(2, games=100, seed="a", progress=bar)
    simulate(2, games=50, seed="b", progress=bar)
    simulate_cardgame(players=3, games=40, seed=2, progress=bar)
    text = out.getvalue()
    assert "100/100" in text and "50/50" in text and "40/40" in text
    assert bar.done == 40


def test_the_engine_keeps_its_plain_callback():
    calls = []
    simulate(2, games=20, seed="c", progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (20, 20) and all(t == 20 for _, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_in_the_browser_the_bar_is_the_notebook_widget_with_no_monitor_thread(monkeypatch):
    """JupyterLite's kernel is not one tqdm.auto knows: the bar was text on stderr (shown as an
    error output) with a warning that no thread can start; it is tqdm's notebook bar there."""
    import importlib

    from tqdm.notebook import tqdm as notebook_tqdm

    import sorry_widget.progress as progress

    monkeypatch.setattr("sys.platform", "emscripten")
    try:
        browser = importlib.reload(progress)
        assert issubclass(browser.tqdm, notebook_tqdm) and browser.tqdm.monitor_interval == 0
    finally:
        monkeypatch.undo()
        importlib.reload(progress)
    assert not issubclass(progress.tqdm, notebook_tqdm)


def test_a_bar_counting_percent_shows_no_rate_per_percent():
    """``exact game`` read "7.24s/%": a rate per percent means nothing to a person."""
    out = io.StringIO()
    bar = ProgressBar("solving", unit="%", file=out, mininterval=0)
    for done in (1, 40, 100):
        bar(done, 100)
    text = out.getvalue()
    assert "40%" in text and "100%" in text
    assert "/%" not in text and "%/" not in text and "it/s" not in text


def test_ctrl_c_ends_the_bar_before_the_line_that_says_so(monkeypatch, capsys):
    """Ctrl-C printed "interrupted" on the bar's line, and the bar was drawn again after it."""
    import gc

    from sorry_widget.cli import main
    from sorry_widget.simulation import twopawn

    def interrupted_solve(progress=None):
        progress(3, 100)
        progress(7, 100)
        raise KeyboardInterrupt

    monkeypatch.setattr(twopawn, "solve", interrupted_solve)
    assert main(["exact", "game", "--progress"]) == 130
    gc.collect()  # a bar left open is drawn again when it is collected
    err = capsys.readouterr().err
    assert err.endswith("\nsorry-widget exact: interrupted\n"), repr(err)
    assert "7/100" in err or "7%" in err
