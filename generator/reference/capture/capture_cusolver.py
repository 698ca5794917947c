"""Read cuSOLVER's status table (cusolverStatus_t) on a machine with an NVIDIA GPU, and how PyTorch and CuPy print
each status, and print one JSON object a line.

cuSOLVER has no status-string function (no cusolverGetErrorString / cusolverGetStatusName, unlike cuBLAS and
cuSPARSE): this program checks that in the library's exported symbols and records it. The names and values come from
`typedef enum { ... } cusolverStatus_t;` in the installed cusolver_common.h. Beside each, what programs print for it:
PyTorch's `at::cuda::solver::cusolverGetErrorMessage` (exported by libtorch_cuda.so, called here through ctypes; it
is what "cusolver error: <this>, when calling `...`" shows) and CuPy's `CUSOLVERError(status)`.

Run:  python3 capture_cusolver.py > cusolver-status.jsonl 2> cusolver-capture.log
Each line: {"api": "cusolver", "code": N, "name": ..., "message": null, "source": ..., "torch": ..., "cupy": ...}
and, last, one {"versions": {...}} line.
"""
from __future__ import annotations

import ctypes
import glob
import json
import os
import re
import subprocess
import sys


def find(patterns: list[str]) -> str | None:
    for pattern in patterns:
        hits = sorted(glob.glob(pattern, recursive=True))
        if hits:
            return hits[0]
    return None


def header_enum(header: str | None, enum_name: str) -> dict[int, str]:
    """value -> name, from `typedef enum { ... } enum_name;` in a header (same reader as capture_status_tables.py)."""
    if not header or not os.path.exists(header):
        return {}
    text = open(header, encoding="utf-8", errors="replace").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(r"typedef\s+enum\s*\w*\s*\{(?P<body>[^}]*)\}\s*" + re.escape(enum_name) + r"\s*;", text)
    if not m:
        return {}
    out: dict[int, str] = {}
    names: dict[str, int] = {}
    value = -1
    for item in m.group("body").split(","):
        item = item.strip()
        if not item:
            continue
        if "=" in item:
            name, expr = (s.strip() for s in item.split("=", 1))
            try:
                value = int(eval(expr, {"__builtins__": {}}, dict(names)))  # noqa: S307 (header integer expressions)
            except Exception:  # noqa: BLE001
                print(f"# {header}: cannot evaluate {name} = {expr}", file=sys.stderr)
                continue
        else:
            name = item
            value += 1
        names[name] = value
        out.setdefault(value, name)
    return out


def exported(lib: str, pattern: str) -> list[str]:
    """Dynamic symbols of `lib` whose name matches `pattern` (nm -D --defined-only)."""
    try:
        out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True, check=False).stdout
    except OSError as exc:
        print(f"# nm {lib}: {exc!r}", file=sys.stderr)
        return []
    return sorted({line.split()[-1] for line in out.splitlines() if line.split() and re.search(pattern, line.split()[-1])})


def torch_printer(versions: dict):  # noqa: ANN201
    """PyTorch's cusolverGetErrorMessage, or None."""
    try:
        import torch
    except Exception as exc:  # noqa: BLE001
        versions["torch"] = repr(exc)
        return None
    versions["torch"] = {"version": torch.__version__, "cuda": torch.version.cuda,
                         "device": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None}
    lib = find([os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_cuda.so")])
    if not lib:
        return None
    syms = exported(lib, r"cusolverGetErrorMessage")
    versions["torch"]["libtorch_cuda"] = lib
    versions["torch"]["symbols"] = syms
    if not syms:
        return None
    handle = ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)
    fn = getattr(handle, syms[0])
    fn.restype = ctypes.c_char_p
    fn.argtypes = [ctypes.c_int]
    return lambda code: (fn(code) or b"").decode("utf-8", "replace")


def cupy_printer(versions: dict):  # noqa: ANN201
    try:
        import cupy
        from cupy_backends.cuda.libs import cusolver as cp_cusolver
    except Exception as exc:  # noqa: BLE001
        versions["cupy"] = repr(exc)
        return None
    versions["cupy"] = {"version": cupy.__version__}

    def show(code: int) -> str:
        err = cp_cusolver.CUSOLVERError(code)
        return f"{type(err).__module__}.{type(err).__name__}: {err}"
    return show


def main() -> None:
    versions: dict = {"python": sys.version.split()[0]}
    lib = find(["/usr/local/cuda/lib64/libcusolver.so*"])
    header = find(["/usr/local/cuda/include/cusolver_common.h"])
    versions["cusolver"] = {"library": lib, "header": header}
    cusolver = ctypes.CDLL(lib)
    parts = []
    for prop in (0, 1, 2):  # MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL
        v = ctypes.c_int()
        cusolver.cusolverGetProperty(prop, ctypes.byref(v))
        parts.append(v.value)
    v = ctypes.c_int()
    cusolver.cusolverGetVersion(ctypes.byref(v))
    versions["cusolver"]["version"] = ".".join(map(str, parts))
    versions["cusolver"]["cusolverGetVersion"] = v.value
    # The library exports no function that turns a status into text: record what it does export with such a name.
    versions["cusolver"]["string_functions_exported"] = exported(lib, r"(?i)(error|status).*(string|name)|GetErrorString")
    torch_of = torch_printer(versions)
    cupy_of = cupy_printer(versions)
    enum = header_enum(header, "cusolverStatus_t")
    for code, name in sorted(enum.items()):
        row = {"api": "cusolver", "code": code, "name": name, "message": None,
               "source": "cusolver_common.h cusolverStatus_t (cuSOLVER has no status-string function)"}
        row["torch"] = torch_of(code) if torch_of else None
        row["cupy"] = cupy_of(code) if cupy_of else None
        print(json.dumps(row, ensure_ascii=False), flush=True)
    # Torch's torch.cuda / cupy's view of the library they load themselves (pip wheels) may differ from the toolkit's.
    try:
        import cupy
        versions["cupy"]["cusolver_getVersion"] = cupy.cuda.cusolver.getVersion() if hasattr(cupy.cuda, "cusolver") else None
    except Exception as exc:  # noqa: BLE001
        print(f"# cupy cusolver version: {exc!r}", file=sys.stderr)
    print(json.dumps({"versions": versions}, ensure_ascii=False, default=str), flush=True)


if __name__ == "__main__":
    main()
