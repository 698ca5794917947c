"""`python -m generator.build.publish [SITE_DIR]` (what `make build` runs): build the site into a temporary folder
beside SITE_DIR (default site/) and put it in place only once `mkdocs build --strict` has finished without
error. Killed at any moment, the build leaves the previous SITE_DIR as it was.

MkDocs itself empties its site_dir first and then writes page after page (the i18n plugin writes the zh
site inside the en one, after it), so an interrupted `mkdocs build -d site` leaves site/ empty or
half-written. Here MkDocs writes `.site.partial/`; the swap is one atomic exchange of the two folders
(renameat2 RENAME_EXCHANGE, Linux), or, where that is not available, two renames that the next run completes
or undoes if it was interrupted between them.
"""
from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def partial_dir(site: Path) -> Path:
    return site.with_name(f".{site.name}.partial")


def old_dir(site: Path) -> Path:
    return site.with_name(f".{site.name}.old")


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (both must exist); False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    renameat2.restype = ctypes.c_int
    status: int = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return status == 0


def recover(site: Path) -> None:
    """Finish what an interrupted swap left: the previous site back in place, leftovers removed."""
    old = old_dir(site)
    if old.exists() and not site.exists():
        os.rename(old, site)
    shutil.rmtree(old, ignore_errors=True)
    shutil.rmtree(partial_dir(site), ignore_errors=True)


def swap_in(new: Path, site: Path) -> None:
    """Make `new` the site: `site` shows the old content or the new, never a mix, never nothing."""
    if not site.exists():
        os.rename(new, site)
        return
    if _exchange(new, site):
        shutil.rmtree(new)  # now the previous site
        return
    old = old_dir(site)
    os.rename(site, old)  # interrupted here: recover() puts it back
    os.rename(new, site)
    shutil.rmtree(old)


def build(site: Path, mkdocs_args: list[str]) -> int:
    recover(site)
    partial = partial_dir(site)
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(partial), *mkdocs_args]
    # An interrupt (Ctrl-C, SIGTERM) is remembered, not only raised: a build it reached is never swapped in, even if
    # the exception it raises is lost on its way (or the build still ends with status 0).
    interrupted: list[int] = []
    with subprocess.Popen(command) as build_process:
        def stop(signum: int, frame: object) -> None:
            interrupted.append(signum)
            build_process.terminate()

        previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            code = build_process.wait()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
    if interrupted:
        shutil.rmtree(partial, ignore_errors=True)
        print(f"\ninterrupted; {site}/ is unchanged", file=sys.stderr)
        return 130
    if code != 0:
        shutil.rmtree(partial, ignore_errors=True)
        print(f"error: the build failed; {site}/ is unchanged", file=sys.stderr)
        return code
    swap_in(partial, site)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    site = Path(args.pop(0) if args and not args[0].startswith("-") else "site")
    try:
        return build(site, args)
    except KeyboardInterrupt:
        shutil.rmtree(partial_dir(site), ignore_errors=True)
        print(f"\ninterrupted; {site}/ is unchanged", file=sys.stderr)
        return 130
    except OSError as exc:
        print(f"error: cannot put the new site in place: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
