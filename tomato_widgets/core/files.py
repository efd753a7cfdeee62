"""Writing files so that nothing is lost or half-written: records and exported pages.

A file is written to a temporary file beside it and renamed over it, so the target is
either the old file or the whole new one. The text may come in pieces (``write_pieces``: a
long page is never one string in memory); a piece that fails to come (an error while the
page is made) leaves the old file as it was and no temporary file. A temporary file left by
a save that was killed (its process gone) is removed by the next save into the same folder.
A file without write permission is refused, not replaced: the rename would replace it even so.

Saving onto a symbolic link writes through it: the file the link names (at the end of a
chain of links) gets the new content, written beside that file and renamed over it, and the
link stays as it was (a ``latest.json`` that names the latest game keeps naming it). A link
to a file not there yet creates that file. A link in a loop, a link to a read-only file and
a link into a folder that does not exist are refused in one line.
"""
from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Iterable

from .errors import InvalidInputError
from .text import quote


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process: leave its file alone
    return True


def remove_stale_temporaries(folder: Path, prefix: str) -> list[Path]:
    """Remove ``<prefix><pid>-*.tmp`` files in ``folder`` whose process is gone."""
    pattern = re.compile(re.escape(prefix) + r"(\d+)-[^/]*\.tmp$")
    removed = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        match = pattern.match(entry.name)
        if match and int(match.group(1)) != os.getpid() and not _alive(int(match.group(1))):
            try:
                entry.unlink()
                removed.append(entry)
            except OSError:
                pass
    return removed


def file_mode(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def link_target(path: Path, what: str) -> Path:
    """The file saving to ``path`` replaces: ``path`` itself, or for a symbolic link the
    file at the end of its links (which need not exist yet)."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(path))  # the file the link names is created
    except OSError as error:
        problem = ("a symbolic link in a loop: it never reaches a file"
                   if error.errno == errno.ELOOP
                   else f"a symbolic link that cannot be followed ({error.strerror})")
        raise InvalidInputError(f"cannot save {what} to {quote(str(path), 80)}: it is {problem}") \
            from None


def check_target(path: Path, what: str, target: Path | None = None) -> Path:
    """The folder to write ``target`` in (``path``, or the file a link at ``path`` names);
    refuses a missing folder, a folder as the target and a read-only file (checked by its
    permission bits: as root, access() says yes to all)."""
    target = path if target is None else target
    shown = quote(str(path), 80)
    if target != path:
        shown += f" (a link to {quote(str(target), 80)})"
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InvalidInputError(f"cannot save {what} to {shown}: folder "
                                f"{quote(str(folder), 80)} does not exist")
    if target.is_dir():
        raise InvalidInputError(f"cannot save {what} to {shown}: it is a folder")
    if target.exists() and not target.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise InvalidInputError(f"{shown} is read-only: it is not overwritten "
                                f"(make it writable, or save {what} under another name)")
    return folder


def write_pieces(path, pieces: Iterable[str], prefix: str, what: str,
                 sync: bool = True) -> Path:
    """Write the texts ``pieces`` one after another as the file ``path``, all at once (see
    the module docstring); returns ``path`` as given (a link stays a link)."""
    path = Path(path)
    target = link_target(path, what)
    folder = check_target(path, what, target)
    remove_stale_temporaries(folder, prefix)
    handle, temp = tempfile.mkstemp(prefix=f"{prefix}{os.getpid()}-", suffix=".tmp", dir=folder)
    try:
        os.chmod(temp, file_mode(target))
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            for piece in pieces:
                out.write(piece)
            if sync:
                out.flush()
                os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path


def write_atomically(path, text: str, prefix: str, what: str, sync: bool = True) -> Path:
    """Write ``text`` to ``path`` all at once (see the module docstring)."""
    return write_pieces(path, (text,), prefix, what, sync)
