"""The lessons for whoever teaches with them: what a lesson needs (``needs``), the lessons' files
and copying them (``files``: ``sorry-widget lessons``, ``sorry-widget lab``), and the JupyterLab
settings they rely on (``lab_settings``, with its defaults in ``lab-overrides.json``).

Not to be confused with ``sorry_widget/lessons/``, where a wheel carries the notebooks and docs
pages themselves (pyproject.toml)."""
