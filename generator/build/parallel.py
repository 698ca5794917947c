"""Build the other languages in forked processes while this one builds the default language (`mkdocs build` only).

The i18n plugin builds the languages one after the other, each nested in the previous one's post-build, in one
process: on two cores half of the machine waits. Each language's build reads the same generated docs/ and writes its
own pages (site/<lang>/...), so the default language's build forks one child per other language once its files are
known (the hook's on_files, after the i18n plugin has listed every language's files and their alternates): the
child builds its language the way the plugin would have (same config, the plugin's `building` flag set, the site
folder not cleaned again), writes what only it holds (its 404 page), and exits with the build's status. The parent
waits for the children before its own post-build (the search index reads every language's pages), and a failed child
fails the build.

Not while serving: `mkdocs serve` builds in a thread of a process with other threads (forking one is unsafe).
EE_BUILD_JOBS=1 turns it off (the languages are then built one after the other, as the plugin does), EE_BUILD_JOBS=2
turns it on on one core: the output is the same bytes either way (tests/test_parallel_build.py)."""
from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from generator.workers import end_with_parent

log = logging.getLogger("mkdocs.hooks.generator")

children: dict[str, int] = {}  # language -> pid of the process building it


def enabled(command: str) -> bool:
    """`mkdocs build` (or gh-deploy) where fork exists, on more than one core or with EE_BUILD_JOBS above 1."""
    jobs = os.environ.get("EE_BUILD_JOBS", "")
    if command not in ("build", "gh-deploy") or not hasattr(os, "fork") or jobs == "1":
        return False
    return (jobs.isdigit() and int(jobs) > 1) or (os.cpu_count() or 1) > 1


def start(config: Any, i18n: Any, command: str, finish: Callable[[Any], None]) -> bool:
    """Fork one process per language the i18n plugin has yet to build; `finish(config)` runs in each child after its
    build (what the parent's post-build would have done for that language's files). True when it forked."""
    if i18n is None or i18n.building or children or not enabled(command):
        return False
    if i18n.current_language != i18n.default_language:
        return False
    for lang in [code for code in i18n.build_languages if code != i18n.current_language]:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # pragma: no cover (runs in the child; its result is checked by the parent)
            end_with_parent()
            children.clear()  # its siblings are the parent's to wait for
            status = 1
            try:
                status = _build_language(config, i18n, lang, finish)
            finally:
                logging.shutdown()
                os._exit(status)
        children[lang] = pid
        log.info(f"building {lang} in a parallel process (pid {pid})")
    if children:
        i18n.building = True  # so that its post-build in this process does not build them again
    return bool(children)


def _build_language(config: Any, i18n: Any, lang: str, finish: Callable[[Any], None]) -> int:
    from mkdocs import utils
    from mkdocs.commands.build import build
    from mkdocs.exceptions import Abort

    def keep(directory: str) -> None:  # the default language's build cleaned site_dir (the i18n plugin does this too)
        return None

    utils.clean_directory = keep
    i18n.building = True  # its post-build then does not build the other languages again
    i18n.current_language = lang
    try:
        build(config, dirty=False)
        finish(config)
    except Abort as exc:
        log.error(f"{lang}: {exc}")
        return 1
    except Exception as exc:  # noqa: BLE001 (any failure of the child must fail the build, with its reason)
        log.error(f"{lang}: the build failed: {type(exc).__name__}: {exc}")
        return 1
    return 0


def wait(i18n: Any = None) -> list[str]:
    """Wait for every child; the languages whose build failed. The i18n plugin is then as after its own builds."""
    failed = []
    for lang, pid in list(children.items()):
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            failed.append(lang)
        del children[lang]
    if i18n is not None:
        i18n.building = False
    return failed


def stop() -> None:
    """The parent's build failed: end the children (they write into the folder the failed build leaves)."""
    for pid in children.values():
        try:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    children.clear()
