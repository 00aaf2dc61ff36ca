"""What the tests share: helpers that more than one test module uses live here (or in
tests/conftest.py), never in a test module, so no test module imports another
(tests/test_layers.py checks it) and any module can move or run alone.

- browser.py: Chromium through Playwright, the widget's real ES module bridged to Python, and
  pages opened from file:// with the network refused;
- axe.py: axe-core, the accessibility rules engine, in that browser;
- jupyter.py: Jupyter servers (JupyterLab, Notebook 7, Voilà) on free ports, Run All;
- lessons.py: the lessons' links and the anchors of the pages they point at;
- positions.py: random positions for the property tests (hypothesis);
- reference.py: a naive second reading of the rules;
- cardgame.py: card-game tables and players for the card game's tests;
- widget_cases.py: both widgets in every mode, for what the page may send;
- commands.py: the installed command run as a user runs it;
- plurals.py: a count written with the wrong form of its noun ("1 blunders", "0 gaffes").
"""
