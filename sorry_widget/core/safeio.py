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

Only regular files are read (:func:`open_regular`): a folder, a FIFO, a device or a socket is
refused unread, and a stream (stdin) is read in lines capped in bytes (:func:`stream_lines`).

Writers encode first, write a temporary file in the same folder and move it over the old one,
so a full disk, a bad character or a wrong path leaves the old file as it was and says why;
they write only where the path is absent or a regular file (:func:`check_output_path`).
Standard library only: the engine runs in Pyodide.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from collections.abc import Mapping
from typing import Any

#: Deepest nesting of arrays and objects any format of the project needs, with room to spare.
MAX_DEPTH = 32
#: Longest number, in characters: a seed or a count; 10**40 is already far past any limit.
MAX_NUMBER_CHARS = 40


def _path_of(path: list) -> str:
    """``record.plays[3].card``; a key that is not a short plain name is quoted and cut
    (``record.'a\\nb'``), so the path stays one short line whatever the keys hold."""
    out = ""
    for i, part in enumerate(path):
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if i else "") + (part if i == 0 else key_shown(part))
    return out


def _unwound(node: tuple | None) -> list:
    """The keys from the root to a value, from the walk's chain of ``(parent, key)``."""
    keys = []
    while node is not None:
        node, key = node
        keys.append(key)
    return keys[::-1]


def _no_duplicates(error: type[Exception], what: str):
    def hook(pairs: list[tuple[str, Any]]) -> dict:
        data: dict = {}
        for key, value in pairs:
            if key in data:
                raise error(f"{what}: the key {ascii(key)} appears twice in one object")
            data[key] = value
        return data
    return hook


class _LongNumber:
    """A number too long to convert, left in the parsed tree for :func:`check_value` to refuse
    with its field named."""

    __slots__ = ("chars",)

    def __init__(self, chars: int) -> None:
        self.chars = chars


#: A run of characters long enough to be a number of more than MAX_NUMBER_CHARS characters.
_NUMBER_RUN = re.compile(f"[-+.0-9eE]{{{MAX_NUMBER_CHARS + 1}}}")

#: Integers a dict reader takes: those JSON text could give it (at most MAX_NUMBER_CHARS
#: characters). Python's own ints have no bound, and one of 5,000 digits cannot even be printed.
_INT_BOUND = 10 ** (MAX_NUMBER_CHARS - 1)


def check_value(data: Any, *, what: str, error: type[Exception],
                max_items: int | None = None) -> None:
    """Refuse, with one ``error`` naming the place, a value no JSON file could have given:
    the check a reader of Python objects (``from_dict``) makes before it looks at anything,
    since such objects never passed :func:`read_json`. Allowed: objects (mappings with text
    keys), lists (and tuples), texts without lone surrogates, ``True``/``False``/``None``,
    integers of at most :data:`MAX_NUMBER_CHARS` digits, finite floats; nesting to
    :data:`MAX_DEPTH` and at most ``max_items`` values in all. Walked without recursion,
    and never printing a value it refuses (a huge int or an odd object may not print)."""
    # (value, (parent node, key) or None, depth): the path is built only for a message.
    todo: list[tuple[Any, Any, int]] = [(data, None, 0)]
    count = 1

    def where(node) -> str:
        return _path_of([what, *_unwound(node)])

    while todo:
        value, node, depth = todo.pop()
        if isinstance(value, str):
            if _has_surrogate(value):
                raise error(f"{where(node)}: a text {_SURROGATE}")
        elif value is None or isinstance(value, bool):
            pass
        elif isinstance(value, int):
            if not -_INT_BOUND < value < _INT_BOUND:
                raise error(f"{where(node)}: a number of more than {MAX_NUMBER_CHARS - 1} "
                            "digits")
        elif isinstance(value, _LongNumber):
            raise error(f"{where(node)}: a number of {value.chars:,} characters (at most "
                        f"{MAX_NUMBER_CHARS})")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise error(f"{where(node)}: {value} is not a JSON number")
        elif isinstance(value, (Mapping, list, tuple)):
            if depth >= MAX_DEPTH:
                raise error(f"{what}: nested more than {MAX_DEPTH} levels deep")
            # Counted before any item is looked at.
            count += len(value)
            if max_items is not None and count > max_items:
                raise error(f"{what}: more than {max_items:,} values, far more than it may "
                            "hold")
            if isinstance(value, Mapping):
                if not _all_plain(value.keys(), str):
                    for key in value:
                        if not isinstance(key, str):
                            raise error(f"{where(node)}: a key of type {type(key).__name__}; "
                                        "the keys of an object are texts")
                        if _has_surrogate(key):
                            raise error(f"{where(node)}: a key {_SURROGATE}")
                if _all_plain(value.values()):
                    continue
                items = value.items()
            else:
                if _all_plain(value):
                    continue
                items = enumerate(value)
            for key, item in items:
                # The plain values of a file (ASCII texts, small ints, true, false, null) are
                # passed here, without a turn of the loop: a million of them cost little.
                kind = type(item)
                if (kind is str and item.isascii() or item is None or kind is bool
                        or kind is int and -_INT_BOUND < item < _INT_BOUND):
                    continue
                todo.append((item, (node, key), depth + 1))
        else:
            raise error(f"{where(node)}: a {type(value).__name__} is not a value JSON can "
                        "hold (an object, list, text, number, true, false or null)")


def _all_plain(values, kind: type | None = None) -> bool:
    """Whether ``values`` are all ASCII texts, or all ints of at most MAX_NUMBER_CHARS - 1
    digits, or all true/false/null (only ``kind`` if given), checked at C speed: the lists of
    a file are of one kind, and a walk of a million cards must not take seconds. False sends
    the caller through each value."""
    kinds = set(map(type, values))
    if kind is not None and kinds - {kind}:
        return False
    if kinds == {str}:
        return all(map(str.isascii, values))
    if kinds == {int}:
        return -_INT_BOUND < min(values) and max(values) < _INT_BOUND
    return kinds <= {bool, type(None)}


#: What a text with a lone surrogate holds, as a refusal says it.
_SURROGATE = "holds a lone surrogate (an incomplete character, such as half of an emoji)"


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def read_json(source: str | bytes, *, what: str, error: type[Exception],
              max_bytes: int, walk: bool = True) -> Any:
    """Parse ``source`` with every limit above; ``error(f"{what}: …")`` on any breach.

    ``walk=False`` leaves the walk over every value (depth, texts, long numbers) to a reader
    whose ``from_dict`` makes it itself with :func:`check_value`: it counts its lists first,
    so a record with a million-card list is refused by its length before a card is looked at,
    and the walk runs once, not twice."""
    if len(source) > max_bytes:
        raise error(f"{what}: more than {max_bytes:,} bytes, the most it may be")
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what}: not UTF-8 text (byte {exc.start})") from None

    # A number too long is not converted (a 5,000-digit int costs time); the walk refuses
    # it, naming the field it stands in.
    def whole(text: str) -> int | _LongNumber:
        return int(text) if len(text) <= MAX_NUMBER_CHARS else _LongNumber(len(text))

    def decimal(text: str) -> float | _LongNumber:
        return float(text) if len(text) <= MAX_NUMBER_CHARS else _LongNumber(len(text))

    def constant(name: str):
        raise error(f"{what}: {name} is not a JSON number")

    # Python's own number parsing is many times faster than a hook: used when no run of
    # characters could be a number too long (strings may hold such a run; then the hooks).
    long_numbers = _NUMBER_RUN.search(source) is not None
    try:
        data = json.loads(source, object_pairs_hook=_no_duplicates(error, what),
                          parse_int=whole if long_numbers else None,
                          parse_float=decimal if long_numbers else None,
                          parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise error(f"{what}: not valid JSON ({exc})") from None
    except RecursionError:
        raise error(f"{what}: nested more than {MAX_DEPTH} levels deep") from None
    if walk:
        check_value(data, what=what, error=error)
    return data


def not_a_file(mode: int) -> str | None:
    """What a file of ``mode`` is if it is not a regular file ("a folder", "a FIFO (named
    pipe)", "a device", "a socket"), or None for a regular file: what the readers and writers
    refuse, since a device or a pipe may never end (or block for ever) and replacing one with
    a file breaks the machine."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"  # pragma: no cover - every kind POSIX has is named above


def open_regular(path: Any, *, what: str, error: type[Exception]):
    """The regular file at ``path`` opened for reading in binary (to be closed by the caller),
    or one ``error`` naming the path and the reason: missing, not readable, or a folder, a
    FIFO, a device or a socket (opened without waiting for a writer and never read: each could
    block or never end). The one opener of files for reading in the package (the guard test
    in tests/test_safeio.py)."""
    try:
        kind = not_a_file(os.stat(path).st_mode)  # first, so a socket is named as one
        if kind is None:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_NOCTTY", 0))
            # Checked again on what was opened: the path may have changed in between.
            kind = not_a_file(os.fstat(fd).st_mode)
            if kind is None:
                return os.fdopen(fd, "rb")
            os.close(fd)
    except (IsADirectoryError, NotADirectoryError):
        raise error(f"{what}: {path} is a folder, not a file") from None
    except FileNotFoundError:
        raise error(f"{what}: {path} does not exist") from None
    except PermissionError:
        raise error(f"{what}: {path} may not be read (permission denied)") from None
    except OSError as exc:
        raise error(f"{what}: {path} cannot be read ({exc.strerror or exc})") from None
    except (TypeError, ValueError) as exc:  # not a path at all, or one with a NUL byte
        raise error(f"{what}: {path!r} is not a file path ({exc})") from None
    if kind == "a folder":
        raise error(f"{what}: {path} is a folder, not a file")
    raise error(f"{what}: {path} is {kind}, not a regular file; only files are read")


def read_bytes(path: Any, *, what: str, error: type[Exception], max_bytes: int) -> bytes:
    """At most ``max_bytes`` bytes of the regular file at ``path`` (a larger one is refused
    unread), opened by :func:`open_regular`'s rules. A file whose size says 0 is not read: the
    kernel's pseudo-files (``/proc/kmsg``) say 0 and would block, or be consumed; one of those
    is refused with one line (an empty file of a person's is ``b""``)."""
    with open_regular(path, what=what, error=error) as f:
        try:
            size = os.fstat(f.fileno()).st_size
            if size == 0 and os.path.realpath(path).startswith(("/proc/", "/sys/")):
                raise error(f"{what}: {path} cannot be read: the kernel's files say they hold "
                            "0 bytes, and they are not read")
            data = f.read(max_bytes + 1) if 0 < size <= max_bytes else b""
        except OSError as exc:
            raise error(f"{what}: {path} cannot be read ({exc.strerror or exc})") from None
    if size > max_bytes or len(data) > max_bytes:
        raise error(f"{what}: {path} is larger than {max_bytes:,} bytes, the most it may be")
    return data


def read_text(path: Any, *, what: str, error: type[Exception], max_bytes: int) -> str:
    """:func:`read_bytes` decoded as UTF-8 (one ``error`` if it is not)."""
    data = read_bytes(path, what=what, error=error, max_bytes=max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{what}: {path} is not UTF-8 text (byte {exc.start})") from None


#: The most bytes a stream of JSON lines may run on without a line end before the rest of it is
#: left unread: a long line is skipped (and answered with an error) up to this; ``/dev/zero``
#: or a pipe of bytes that never ends is refused here, in a fraction of a second.
MAX_UNENDED_BYTES = 16_000_000


def stream_lines(stream, max_line_bytes: int):
    """(line number, the line without its line end, or None where it is longer than
    ``max_line_bytes``) for each line of the binary ``stream`` (stdin, a pipe, a file opened by
    :func:`read_bytes`' rules). A long line is skipped in pieces, never held whole; one that
    runs past :data:`MAX_UNENDED_BYTES` ends the reading with ``(line number, Ellipsis)``, so
    a stream that never ends cannot hold the reader. The limits count bytes, not lines."""
    lineno = 0
    while True:
        line = stream.readline(max_line_bytes + 1)
        if not line:
            return
        lineno += 1
        if line.endswith(b"\n"):
            yield lineno, line[:-1]
        elif len(line) <= max_line_bytes:
            yield lineno, line  # the last line, with no line end
        else:
            skipped = len(line)
            while line and not line.endswith(b"\n"):
                if skipped > MAX_UNENDED_BYTES:
                    yield lineno, ...
                    return
                line = stream.readline(max_line_bytes)
                skipped += len(line)
            yield lineno, None


def small_file_text(path: Any, max_bytes: int) -> str | None:
    """The UTF-8 text of a regular file of at most ``max_bytes`` bytes, or None for anything
    else (:func:`read_text` refuses it: a missing or unreadable file, a larger one, a folder, a
    FIFO, a device, text that is not UTF-8). For files read in passing, where any doubt means
    "use the default"."""
    try:
        return read_text(path, what="file", error=ValueError, max_bytes=max_bytes)
    except ValueError:
        return None


def read_json_file(path: Any, *, what: str, error: type[Exception], max_bytes: int,
                   walk: bool = True) -> Any:
    return read_json(read_bytes(path, what=what, error=error, max_bytes=max_bytes),
                     what=what, error=error, max_bytes=max_bytes, walk=walk)


def write_text_atomic(path: Any, text: str, *, what: str, error: type[Exception],
                      new_mode: int | None = None) -> None:
    """Write ``text`` as UTF-8 to ``path`` whole or not at all: encoded first, written to a
    temporary file beside it, flushed to disk and moved over the old file. Any failure leaves
    the old file as it was and raises one ``error`` naming the path and the reason. The file
    keeps the mode of the file it replaces; a new one gets ``new_mode`` (default: as ``open``
    would make it, by the umask)."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error(f"{what}: not saved to {path}: the text holds a character no file can "
                    f"hold (a lone surrogate at position {exc.start}); the old file is "
                    "unchanged") from None
    write_bytes_atomic(path, data, what=what, error=error, new_mode=new_mode)


def check_output_path(path: Any, *, what: str, error: type[Exception]) -> str:
    """``path`` as a text if a file can be written there: absent or a regular file, in a folder
    that exists (the checks :func:`write_bytes_atomic` makes, for a command to make them before
    it computes for minutes); else one ``error`` naming the path and the reason. A device, a
    FIFO, a socket or a folder is never replaced: run as root, a rename over ``/dev/full``
    would put a file in the device's place."""
    try:
        path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(path))
        try:
            mode = os.stat(path).st_mode  # a link to a device is a device
        except FileNotFoundError:
            mode = None
        if not os.path.isdir(folder):
            raise FileNotFoundError(2, "its folder does not exist")
    except (TypeError, ValueError) as exc:
        raise error(f"{what}: {path!r} is not a file path ({exc})") from None
    except OSError as exc:
        raise error(f"{what}: not saved to {path}: {_reason(exc, folder)}") from None
    kind = None if mode is None else not_a_file(mode)
    if kind == "a folder":
        raise error(f"{what}: not saved to {path}: it is a folder")
    if kind is not None:
        raise error(f"{what}: not saved to {path}: it is {kind}, not a regular file; only "
                    "files are written")
    return path


def _temporary_prefix(path: str) -> str:
    # The writer's pid is in the name, so a later writer can tell a file left by a process
    # that was killed mid-write (removed) from one still being written (kept).
    return f".{os.path.basename(path)}."


def remove_stale_temporaries(path: Any) -> None:
    """Remove the temporary files that writers of ``path`` killed mid-write left beside it
    (``.NAME.PID.<random>.tmp`` whose process PID is gone). A 39 MB table interrupted once would
    otherwise stay for good."""
    try:
        path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(path))
        prefix = _temporary_prefix(path)
        names = [name for name in os.listdir(folder)
                 if name.startswith(prefix) and name.endswith(".tmp")]
    except (OSError, TypeError, ValueError):
        return
    for name in names:
        pid = name[len(prefix):].split(".", 1)[0]
        if not pid.isdigit() or _alive(int(pid)):
            continue
        try:
            os.unlink(os.path.join(folder, name))
        except OSError:
            pass


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process, or no such number: kept
        return True
    return True


def write_bytes_atomic(path: Any, data: bytes, *, what: str, error: type[Exception],
                       new_mode: int | None = None) -> None:
    """:func:`write_text_atomic` for bytes: written beside ``path``, flushed to disk and moved
    over the old file, or one ``error`` naming the path and the reason, the old file kept.
    Only where :func:`check_output_path` allows: a device, FIFO, socket or folder at ``path``
    is refused, never replaced. The one writer of files in the package."""
    path = check_output_path(path, what=what, error=error)
    folder = os.path.dirname(os.path.abspath(path))
    remove_stale_temporaries(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp",
                                   prefix=f"{_temporary_prefix(path)}{os.getpid()}.")
    except OSError as exc:
        raise error(f"{what}: not saved to {path}: {_reason(exc, folder)}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            old_mode = os.stat(path).st_mode
        except FileNotFoundError:
            old_mode = None
        if old_mode is not None and not_a_file(old_mode) is not None:
            # Made in the meantime: still never replaced.
            raise IsADirectoryError(21, f"it is {not_a_file(old_mode)}, not a regular file")
        if old_mode is not None:
            os.chmod(tmp, old_mode & 0o777)
        elif new_mode is not None:
            os.chmod(tmp, new_mode)
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
        return exc.strerror if (exc.strerror or "").startswith("it is") else "it is a folder"
    return exc.strerror or str(exc)


def shown(value: Any, limit: int = 60) -> str:
    """A value a message echoes: its ``repr`` cut to ``limit`` characters, so a refusal of a
    10,000-character name stays one readable line (and a checked value always prints)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to print (Python refuses past 4,300 digits)
        if isinstance(value, int):
            return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
        return f"a {type(value).__name__} holding a number too long to print"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def key_shown(key: Any) -> str:
    """A user's key as part of a field path: itself if it is a short plain name
    (``options.speed``), else quoted and cut (``options.'a b'``, never 10,000 characters)."""
    if isinstance(key, str) and key.isidentifier() and key.isascii() and len(key) <= 30:
        return key
    return shown(key, 30)
