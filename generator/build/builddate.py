"""The build's date, taken from the sources so that the same sources build the same site on any day.

MkDocs stamps the date of the build into sitemap.xml (every page's <lastmod>) and sitemap.xml.gz (the gzip
header's time) unless SOURCE_DATE_EPOCH is set (https://reproducible-builds.org/specs/source-date-epoch/).
The MkDocs hook sets it, when the environment has not, to:
  1. the time of the last commit of the checkout (`git log -1 --format=%ct`), where there is one;
  2. otherwise (a tarball, a copy without .git) the newest date the sources record: entries' `last_updated`,
     `last_confirmed` and `first_seen`, articles' `date`, at 00:00 UTC;
  3. otherwise 0 (1970-01-01): still the same on every day.
"""
from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
from pathlib import Path

ENV = "SOURCE_DATE_EPOCH"
_ENTRY_DATE = re.compile(r'"(?:last_updated|last_confirmed|first_seen)"\s*:\s*"(\d{4}-\d{2}-\d{2})"')
_ARTICLE_DATE = re.compile(r"^date:\s*[\"']?(\d{4}-\d{2}-\d{2})", re.M)
_MAX_READ = 1 << 20  # a date field sits near the top; a huge file is the loader's problem, not this one's


def commit_time(root: Path) -> int | None:
    """Seconds since the epoch of the last commit of the git checkout holding `root`, or None."""
    try:
        proc = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True, text=True,
                              timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    out = proc.stdout.strip()
    return int(out) if proc.returncode == 0 and out.isdigit() else None


def newest_source_date(entries_dir: Path) -> int | None:
    """00:00 UTC of the newest date recorded in the entries and articles under `entries_dir`, or None."""
    newest: dt.date | None = None
    for path in sorted(entries_dir.rglob("*")):
        pattern = _ENTRY_DATE if path.suffix == ".json" else _ARTICLE_DATE if path.suffix == ".md" else None
        if pattern is None or not path.is_file():
            continue
        try:
            with path.open(encoding="utf-8", errors="replace") as f:
                text = f.read(_MAX_READ)
        except OSError:
            continue
        for value in pattern.findall(text):
            try:
                day = dt.date.fromisoformat(value)
            except ValueError:
                continue
            newest = day if newest is None or day > newest else newest
    if newest is None:
        return None
    return int(dt.datetime(newest.year, newest.month, newest.day, tzinfo=dt.UTC).timestamp())


def source_date_epoch(root: Path, entries_dir: Path) -> int:
    """SOURCE_DATE_EPOCH for a build of `root` (the project) from `entries_dir` (see the module docstring)."""
    for value in (commit_time(root), newest_source_date(entries_dir)):
        if value is not None:
            return value
    return 0


def set_source_date_epoch(root: Path, entries_dir: Path) -> str:
    """Set SOURCE_DATE_EPOCH unless the environment already has a valid one; returns the value in force."""
    current = os.environ.get(ENV, "")
    if current.isdigit():
        return current
    os.environ[ENV] = str(source_date_epoch(root, entries_dir))
    return os.environ[ENV]
