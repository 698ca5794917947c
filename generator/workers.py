"""Map a function over many items in forked processes: the per-entry work of a cold build (lint, page rendering) on
every core. Each child computes an interleaved share of the items and sends its results back pickled through a pipe;
the parent computes its own share meanwhile and puts the results back in the items' order, so the output is the same
as a plain loop's (tests/test_workers.py, tests/test_generate.py).

Only where it is safe and pays: fork exists, no other thread runs (`mkdocs serve` builds in a thread; forking a
process with threads can copy a held lock), and there are enough items. EE_BUILD_JOBS=1 turns it off."""
from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import signal
import threading
import traceback
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

MAX_JOBS = 8
MIN_ITEMS_PER_JOB = 50  # below this a fork and the pickling cost more than they save


def end_with_parent() -> None:
    """In a forked child: end when the process that forked it ends (Linux; elsewhere a no-op). A parent killed mid-build
    (SIGKILL, or `subprocess.run` ending it after Ctrl-C) must not leave a child writing into the next build's
    folder."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:  # the parent ended before the request was made
        os._exit(1)


_PR_SET_PDEATHSIG = 1


class WorkerError(RuntimeError):
    """A child failed: its exception and traceback, as text."""


def jobs() -> int:
    """How many processes per-item work may use: EE_BUILD_JOBS if set, else the cores (at most MAX_JOBS); 1 where
    fork is missing or another thread runs."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return 1
    env = os.environ.get("EE_BUILD_JOBS", "")
    if env.isdigit() and int(env) >= 1:
        return min(int(env), MAX_JOBS)
    return max(1, min(os.cpu_count() or 1, MAX_JOBS))


def fork_map(fn: Callable[[T], R], items: Sequence[T], processes: int | None = None,
             min_items: int = MIN_ITEMS_PER_JOB) -> list[R]:
    """[fn(x) for x in items], computed by up to `processes` (default jobs()) processes, each given at least
    `min_items` items. `fn`'s side effects in the children's memory are lost: it must return what the caller needs."""
    count = jobs() if processes is None else processes
    count = min(count, len(items) // max(1, min_items))
    if count <= 1:
        return [fn(x) for x in items]
    shares = [range(k, len(items), count) for k in range(count)]
    children: list[tuple[int, int]] = []  # (pid, read end of its pipe)
    try:
        for k in range(1, count):
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover (the child; what it sends is checked by the parent)
                end_with_parent()
                os.close(read)
                try:
                    data = pickle.dumps((True, [fn(items[i]) for i in shares[k]]), protocol=pickle.HIGHEST_PROTOCOL)
                except BaseException as exc:  # noqa: BLE001 (every failure goes back to the parent, with its trace)
                    data = pickle.dumps((False, f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"))
                with os.fdopen(write, "wb") as out:
                    out.write(data)
                os._exit(0)
            os.close(write)
            children.append((pid, read))
        results: list[R | None] = [None] * len(items)
        for i in shares[0]:
            results[i] = fn(items[i])
        for k in range(1, count):
            pid, read = children.pop(0)
            with os.fdopen(read, "rb") as pipe:
                data = pipe.read()
            os.waitpid(pid, 0)
            # The bytes come from our own forked child through a pipe only it and we hold, never from outside.
            ok, value = pickle.loads(data) if data else (False, "the process ended without a result")  # noqa: S301
            if not ok:
                raise WorkerError(str(value))
            for i, result in zip(shares[k], value, strict=True):
                results[i] = result
        return results  # type: ignore[return-value]  # every slot is filled above
    finally:
        for pid, read in children:  # the parent failed first: end the children, close their pipes
            with contextlib.suppress(ProcessLookupError, ChildProcessError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            with contextlib.suppress(OSError):
                os.close(read)
