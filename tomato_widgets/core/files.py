"""Writing files so that nothing is lost or half-written: records and exported pages.

A file is written to a temporary file beside it and renamed over it, so the target is
either the old file or the whole new one. A temporary file left by a save that was killed
(its process gone) is removed by the next save into the same folder. A file without write
permission is refused, not replaced: the rename would replace it even so.
"""
from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path

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


def check_target(path: Path, what: str) -> Path:
    """The folder to write ``path`` in; refuses a missing folder, a folder as the target and
    a read-only file (checked by its permission bits: as root, access() says yes to all)."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InvalidInputError(f"cannot save {what} to {quote(str(path), 80)}: folder "
                                f"{quote(str(folder), 80)} does not exist")
    if path.is_dir():
        raise InvalidInputError(f"cannot save {what} to {quote(str(path), 80)}: it is a folder")
    if path.exists() and not path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise InvalidInputError(f"{quote(str(path), 80)} is read-only: it is not overwritten "
                                f"(make it writable, or save {what} under another name)")
    return folder


def write_atomically(path, text: str, prefix: str, what: str, sync: bool = True) -> Path:
    """Write ``text`` to ``path`` all at once (see the module docstring)."""
    path = Path(path)
    folder = check_target(path, what)
    remove_stale_temporaries(folder, prefix)
    handle, temp = tempfile.mkstemp(prefix=f"{prefix}{os.getpid()}-", suffix=".tmp", dir=folder)
    try:
        os.chmod(temp, file_mode(path))
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            if sync:
                out.flush()
                os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path
