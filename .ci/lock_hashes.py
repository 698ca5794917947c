#!/usr/bin/env python3
"""Rewrite requirements.lock's hashes from PyPI: `.venv/bin/python .ci/lock_hashes.py` after changing a pinned
version (or adding a package: pin it, and every new dependency, as NAME==VERSION on a line of its own first).

For each CPython (3.11, 3.12, 3.13) and glibc level (2.17 ... 2.39) it asks pip which file such a machine would
install (`pip download --no-deps`, PyPI only, this machine's pip configuration ignored), then records the
SHA-256 of every file found, so that `pip install --require-hashes -r requirements.lock` works on each."""
from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from packaging.utils import canonicalize_name, parse_sdist_filename, parse_wheel_filename

LOCK = Path(__file__).resolve().parent.parent / "requirements.lock"
PYTHONS = ("3.11.7", "3.12.0", "3.13.0")  # 3.11.7: pymdown-extensions 13.1 needs 3.11.5+
GLIBC = (17, 28, 31, 35, 39)
HEADER = """\
# Every package `make setup` installs, pinned, with the SHA-256 of each file pip may pick for it on Linux
# x86-64, CPython 3.11 (3.11.5+: pymdown-extensions 13.1), 3.12 and 3.13, glibc 2.17 and later (PyPI's files).
# `make setup` installs it with `pip install --require-hashes`: a file whose hash is not listed is refused.
# After changing a version: .venv/bin/python .ci/lock_hashes.py (pip download from PyPI, then the hashes).
"""


def pins() -> list[tuple[str, str]]:
    return re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)", LOCK.read_text(encoding="utf-8"), re.M)


def download(folder: Path, requirements: Path) -> None:
    cert = os.environ.get("PIP_CERT") or "/etc/ssl/certs/ca-certificates.crt"
    env = {"HOME": os.environ.get("HOME", "/tmp"), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PIP_CONFIG_FILE": os.devnull, "PIP_INDEX_URL": "https://pypi.org/simple", "PIP_CERT": cert}
    for version in PYTHONS:
        abi = "cp" + "".join(version.split(".")[:2])
        for g in GLIBC:
            platforms = [f"manylinux_2_{k}_x86_64" for k in range(g, 4, -1)]
            platforms += ["manylinux2014_x86_64", "manylinux2010_x86_64", "manylinux1_x86_64", "linux_x86_64"]
            command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
                       "--python-version", version, "--implementation", "cp", "--abi", abi, "--abi", "abi3",
                       "--abi", "none", *(x for p in platforms for x in ("--platform", p)), "-d", str(folder),
                       "-r", str(requirements)]
            subprocess.run(command, env=env, check=True)


def main() -> int:
    pinned = pins()
    with tempfile.TemporaryDirectory() as tmp:
        folder, requirements = Path(tmp) / "files", Path(tmp) / "pins.txt"
        requirements.write_text("".join(f"{n}=={v}\n" for n, v in pinned), encoding="utf-8")
        download(folder, requirements)
        hashes: dict[str, set[str]] = {}
        for f in folder.iterdir():
            name = parse_wheel_filename(f.name)[0] if f.suffix == ".whl" else parse_sdist_filename(f.name)[0]
            hashes.setdefault(canonicalize_name(name), set()).add(hashlib.sha256(f.read_bytes()).hexdigest())
    blocks = []
    for n, v in sorted(pinned, key=lambda p: p[0].lower()):
        found = sorted(hashes.get(canonicalize_name(n), ()))
        if not found:
            print(f"error: no file found for {n}=={v}", file=sys.stderr)
            return 1
        blocks.append(f"{n}=={v} \\\n" + " \\\n".join(f"    --hash=sha256:{h}" for h in found))
    LOCK.write_text(HEADER + "\n".join(blocks) + "\n", encoding="utf-8")
    print(f"{LOCK.name}: {len(blocks)} packages, {sum(len(h) for h in hashes.values())} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
