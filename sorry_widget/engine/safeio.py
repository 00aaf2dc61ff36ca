"""Files and JSON from anywhere: read with limits, written whole or not at all.

Positions, records, card states and decks come from students, e-mail and the web, so every
reader here refuses, with one error that names what is wrong, before anything large is built:

* more bytes than the reader's cap (a file is read one byte past it, never to its end, so
  ``/dev/zero`` costs nothing);
* text that is not UTF-8, JSON that is not JSON;
* nesting deeper than :data:`MAX_DEPTH` (the formats nest five levels at most);
* an object with the same key twice (JSON lets the last win silently; a file that says two
  things is refused instead);
* ``NaN``, ``Infinity`` (not JSON, though Python writes them);
* numbers longer than :data:`MAX_NUMBER_CHARS` characters;
* strings with a lone surrogate (``"\\ud83d"``, which a browser can send but no file can hold).

Writers encode first, write a temporary file in the same folder and move it over the old one,
so a full disk, a bad character or a wrong path leaves the old file as it was and says why.
Standard library only: the engine runs in Pyodide.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

#: Deepest nesting of arrays and objects any format of the project needs, with room to spare.
MAX_DEPTH = 32
#: Longest number, in characters: a seed or a count; 10**40 is already far past any limit.
MAX_NUMBER_CHARS = 40


def _path_of(path: list) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _no_duplicates(error: type[Exception], what: str):
    def hook(pairs: list[tuple[str, Any]]) -> dict:
        data: dict = {}
        for key, value in pairs:
            if key in data:
                raise error(f"{what}: the key {ascii(key)} appears twice in one object")
            data[key] = value
        return data
    return hook


def _checked_tree(data: Any, error: type[Exception], what: str) -> None:
    """Depth and strings of a parsed value, walked without recursion."""
    todo: list[tuple[Any, list, int]] = [(data, [], 0)]
    while todo:
        value, path, depth = todo.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                raise error(f"{what}: nested more than {MAX_DEPTH} levels deep")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _check_string(key, error, what, path, "a key")
                todo.append((item, path + [key], depth + 1))
        elif isinstance(value, str):
            _check_string(value, error, what, path, "a text")


def _check_string(text: str, error, what: str, path: list, kind: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        where = _path_of([what, *path]) if path else what
        raise error(f"{where}: {kind} holds a lone surrogate (an incomplete character, such "
                    "as half of an emoji)") from None


def read_json(source: str | bytes, *, what: str, error: type[Exception],
              max_bytes: int) -> Any:
    """Parse ``source`` with every limit above; ``error(f"{what}: …")`` on any breach."""
    if len(source) > max_bytes:
        raise error(f"{what}: more than {max_bytes:,} bytes, the most it may be")
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what}: not UTF-8 text (byte {exc.start})") from None

    def number(text: str) -> int | float:
        if len(text) > MAX_NUMBER_CHARS:
            raise error(f"{what}: a number of {len(text):,} characters (at most "
                        f"{MAX_NUMBER_CHARS})")
        return float(text) if any(c in text for c in ".eE") else int(text)

    def constant(name: str):
        raise error(f"{what}: {name} is not a JSON number")

    try:
        data = json.loads(source, object_pairs_hook=_no_duplicates(error, what),
                          parse_int=number, parse_float=number, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise error(f"{what}: not valid JSON ({exc})") from None
    except RecursionError:
        raise error(f"{what}: nested more than {MAX_DEPTH} levels deep") from None
    _checked_tree(data, error, what)
    return data


def read_bytes(path: Any, *, what: str, error: type[Exception], max_bytes: int) -> bytes:
    """At most ``max_bytes`` bytes of the file at ``path`` (one more is refused); a file that
    cannot be read is one error naming the path and the reason."""
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except IsADirectoryError:
        raise error(f"{what}: {path} is a folder, not a file") from None
    except FileNotFoundError:
        raise error(f"{what}: {path} does not exist") from None
    except PermissionError:
        raise error(f"{what}: {path} may not be read (permission denied)") from None
    except OSError as exc:
        raise error(f"{what}: {path} cannot be read ({exc.strerror or exc})") from None
    except (TypeError, ValueError) as exc:  # not a path at all, or one with a NUL byte
        raise error(f"{what}: {path!r} is not a file path ({exc})") from None
    if len(data) > max_bytes:
        raise error(f"{what}: {path} is larger than {max_bytes:,} bytes, the most it may be")
    return data


def read_json_file(path: Any, *, what: str, error: type[Exception], max_bytes: int) -> Any:
    return read_json(read_bytes(path, what=what, error=error, max_bytes=max_bytes),
                     what=what, error=error, max_bytes=max_bytes)


def write_text_atomic(path: Any, text: str, *, what: str, error: type[Exception]) -> None:
    """Write ``text`` as UTF-8 to ``path`` whole or not at all: encoded first, written to a
    temporary file beside it, flushed to disk and moved over the old file. Any failure leaves
    the old file as it was and raises one ``error`` naming the path and the reason."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error(f"{what}: not saved to {path}: the text holds a character no file can "
                    f"hold (a lone surrogate at position {exc.start}); the old file is "
                    "unchanged") from None
    try:
        path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise IsADirectoryError(21, "it is a folder")
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.",
                                   suffix=".tmp")
    except (TypeError, ValueError) as exc:
        raise error(f"{what}: {path!r} is not a file path ({exc})") from None
    except OSError as exc:
        raise error(f"{what}: not saved to {path}: {_reason(exc, folder)}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if os.path.exists(path):
            os.chmod(tmp, os.stat(path).st_mode & 0o777)
        else:  # as open() would have made it: the umask decides
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise error(f"{what}: not saved to {path}: {_reason(exc, folder)}; the old file "
                    "is unchanged") from None


def _reason(exc: OSError, folder: str) -> str:
    if isinstance(exc, FileNotFoundError):
        return ("its folder does not exist" if not os.path.isdir(folder)
                else "no file can be made in that folder")
    if isinstance(exc, PermissionError):
        return "permission denied"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder"
    return exc.strerror or str(exc)
