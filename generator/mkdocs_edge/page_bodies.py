"""The bodies of the pages the generator wrote as HTML, set aside on disk between MkDocs' reading loop and its writing
loop (generator/mkdocs_edge/hook.py: _render_html_page puts each body here, on_page_context takes it back): MkDocs
reads and renders every page before it writes the first, and would hold them all (at 10,000 entries ~1 GB in each
language's process). Read back as written, after the page events of MkDocs' reading: reading the source again would
run those again (the i18n plugin's pass over every line among them)."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


class PageBodies:
    """One folder per process (a language built in a forked process has its own), one file per page, removed when
    taken back; clear() removes the folder (once every page is written, or when the build fails)."""

    def __init__(self, under: Path) -> None:
        # In the project (its git-ignored .cache/), not the system's temporary folder: where that is kept in memory
        # (tmpfs), the bodies would still be held in memory, only no longer counted as the build's.
        self._under = under
        self._folder: Path | None = None
        self._owner = 0  # the process that made the folder
        self._count = 0

    def put(self, body: str) -> Path:
        if self._folder is None or self._owner != os.getpid():
            self._under.mkdir(parents=True, exist_ok=True)
            _remove_left_behind(self._under)
            self._folder = Path(tempfile.mkdtemp(prefix=f"page-bodies-{os.getpid()}-", dir=self._under))
            self._owner = os.getpid()
        self._count += 1
        path = self._folder / f"{self._count}.html"
        with open(path, "w", encoding="utf-8", newline="") as f:  # as it is: no newline translated
            f.write(body)
        return path

    def take(self, path: Path) -> str:
        with open(path, encoding="utf-8", newline="") as f:
            body = f.read()
        path.unlink()
        return body

    def clear(self) -> None:
        if self._folder is not None and self._owner == os.getpid():
            shutil.rmtree(self._folder, ignore_errors=True)
        self._folder = None


def _remove_left_behind(under: Path) -> None:
    """The folders of processes that ended without clearing theirs (a build killed hard): named by the process."""
    for folder in under.glob("page-bodies-*-*"):
        pid = folder.name.split("-")[2]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True
