"""lesson_needs: a lesson's missing package is one sentence, not a traceback (docs/lite.md)."""

from __future__ import annotations

import sys

import pytest
from IPython.core.interactiveshell import InteractiveShell

from sorry_widget import LessonNeeds, lesson_needs


def test_a_missing_package_is_named_in_one_sentence():
    with pytest.raises(LessonNeeds) as caught:
        with lesson_needs("NumPy and matplotlib"):
            import sorry_widget_no_such_package  # noqa: F401
    error = caught.value
    assert isinstance(error, ImportError) and error.name == "sorry_widget_no_such_package"
    assert error._render_traceback_() == [str(error)]
    assert str(error).startswith("This lesson needs NumPy and matplotlib ")
    assert "pip install 'sorry-widget[lab]'" in str(error) and "\n" not in str(error)


def test_in_the_browser_it_says_to_go_online(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(LessonNeeds, match="loads from the internet") as caught:
        with lesson_needs("matplotlib"):
            raise ModuleNotFoundError("No module named 'matplotlib'", name="matplotlib")
    assert "pip" not in str(caught.value)


def test_present_packages_and_other_errors_pass_through():
    with lesson_needs("json"):
        import json  # noqa: F401
    with pytest.raises(ValueError):
        with lesson_needs("json"):
            raise ValueError("not an import problem")


def test_ipython_shows_the_sentence_alone(capsys):
    shell = InteractiveShell.instance()
    result = shell.run_cell("from sorry_widget import lesson_needs\n"
                            "with lesson_needs('matplotlib'):\n"
                            "    import sorry_widget_no_such_package\n")
    assert isinstance(result.error_in_exec, LessonNeeds)
    shown = capsys.readouterr()
    text = shown.out + shown.err
    assert "This lesson needs matplotlib" in text and "Traceback" not in text
