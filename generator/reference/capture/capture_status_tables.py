"""Read every status code's name and message from the real libraries (cuBLAS, cuDNN, NCCL, NVML, cuSPARSE)
on a machine with an NVIDIA GPU, and print one JSON object a line, exactly as the libraries return them.

Run:  python3 capture_status_tables.py > status-tables.jsonl 2> capture.log
Each line: {"api": ..., "code": N, "name": ..., "message": ..., "source": "<function(s) called>"} and, last,
one {"versions": {...}} line. Names come from the library where it has a name function (cuBLAS, cuSPARSE,
cuDNN's cudnnGetErrorString returns the enum name); for NCCL and NVML, whose string functions return a
message only, names come from the enum in the installed header, read by this script and printed beside.
"""
from __future__ import annotations

import ctypes
import glob
import json
import os
import re
import sys


def find(patterns: list[str]) -> str | None:
    for pattern in patterns:
        hits = sorted(glob.glob(pattern, recursive=True))
        if hits:
            return hits[0]
    return None


def site_packages() -> list[str]:
    return sorted({p for p in sys.path if p.endswith("site-packages")})


def nvidia_path(sub: str) -> list[str]:
    return [f"{sp}/nvidia/{sub}" for sp in site_packages()]


def header_enum(header: str | None, enum_name: str) -> dict[int, str]:
    """value -> name, from `typedef enum { ... } enum_name;` (or `enum enum_name {...}`) in a header."""
    if not header or not os.path.exists(header):
        return {}
    text = open(header, encoding="utf-8", errors="replace").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(r"typedef\s+enum\s*\w*\s*\{(?P<body>[^}]*)\}\s*" + re.escape(enum_name) + r"\s*;", text) or \
        re.search(r"enum\s+" + re.escape(enum_name) + r"\s*\{(?P<body>[^}]*)\}", text)
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
            expr = expr.strip()
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


def emit(api: str, code: int, name: str | None, message: str | None, source: str) -> None:
    print(json.dumps({"api": api, "code": code, "name": name, "message": message, "source": source},
                     ensure_ascii=False), flush=True)


def cstr(fn, *args) -> str | None:  # noqa: ANN001
    fn.restype = ctypes.c_char_p
    raw = fn(*args)
    return raw.decode("utf-8", "replace") if raw is not None else None


def cublas(versions: dict) -> None:
    path = find(["/usr/local/cuda/lib64/libcublas.so*", *[p + "/lib/libcublas.so*" for p in nvidia_path("cu13")],
                 *[p + "/lib/libcublas.so*" for p in nvidia_path("cublas")]])
    lib = ctypes.CDLL(path)
    ver = []
    for prop in (0, 1, 2):  # MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL
        v = ctypes.c_int()
        lib.cublasGetProperty(prop, ctypes.byref(v))
        ver.append(v.value)
    versions["cublas"] = {"library": path, "version": ".".join(map(str, ver))}
    header = find(["/usr/local/cuda/include/cublas_api.h", *[p + "/include/cublas_api.h" for p in nvidia_path("cublas")]])
    enum = header_enum(header, "cublasStatus_t")
    versions["cublas"]["header"] = header
    for code in range(0, 64):
        name = cstr(lib.cublasGetStatusName, code)
        msg = cstr(lib.cublasGetStatusString, code)
        if code in enum or (name and "unknown" not in name.lower()):
            emit("cublas", code, name, msg, "cublasGetStatusName/cublasGetStatusString; header: " + enum.get(code, "-"))


def cusparse(versions: dict) -> None:
    path = find(["/usr/local/cuda/lib64/libcusparse.so*", *[p + "/lib/libcusparse.so*" for p in nvidia_path("cusparse")]])
    lib = ctypes.CDLL(path)
    v = ctypes.c_int()
    lib.cusparseGetProperty(0, ctypes.byref(v)); major = v.value
    lib.cusparseGetProperty(1, ctypes.byref(v)); minor = v.value
    lib.cusparseGetProperty(2, ctypes.byref(v)); patch = v.value
    header = find(["/usr/local/cuda/include/cusparse.h"])
    versions["cusparse"] = {"library": path, "version": f"{major}.{minor}.{patch}", "header": header}
    enum = header_enum(header, "cusparseStatus_t")
    for code in range(0, 64):
        name = cstr(lib.cusparseGetErrorName, code)
        msg = cstr(lib.cusparseGetErrorString, code)
        if code in enum:
            emit("cusparse", code, name, msg, "cusparseGetErrorName/cusparseGetErrorString; header: " + enum[code])


def cudnn(versions: dict) -> None:
    path = find([*[p + "/lib/libcudnn.so.9*" for p in nvidia_path("cudnn")], "/usr/lib/x86_64-linux-gnu/libcudnn.so*",
                 "/usr/local/cuda/lib64/libcudnn.so*"])
    lib = ctypes.CDLL(path)
    lib.cudnnGetVersion.restype = ctypes.c_size_t
    header = find([*[p + "/include/cudnn_graph.h" for p in nvidia_path("cudnn")], "/usr/include/cudnn_graph.h",
                   "/usr/local/cuda/include/cudnn_graph.h", *[p + "/include/cudnn_ops.h" for p in nvidia_path("cudnn")]])
    versions["cudnn"] = {"library": path, "version": lib.cudnnGetVersion(), "header": header}
    enum = header_enum(header, "cudnnStatus_t")
    seen = set()
    for code in list(range(0, 10000)):
        name = cstr(lib.cudnnGetErrorString, code)
        if code in enum or (name and "UNKNOWN" not in name):
            seen.add(code)
            emit("cudnn", code, name, name, "cudnnGetErrorString; header: " + enum.get(code, "-"))
    for code, name in sorted(enum.items()):
        if code not in seen:
            emit("cudnn", code, name, None, "header only")


def nccl(versions: dict) -> None:
    path = find([*[p + "/lib/libnccl.so*" for p in nvidia_path("nccl")], "/usr/lib/x86_64-linux-gnu/libnccl.so*",
                 "/usr/local/cuda/lib64/libnccl.so*"])
    lib = ctypes.CDLL(path)
    v = ctypes.c_int()
    lib.ncclGetVersion(ctypes.byref(v))
    header = find([*[p + "/include/nccl.h" for p in nvidia_path("nccl")], "/usr/include/nccl.h",
                   "/usr/local/cuda/include/nccl.h"])
    versions["nccl"] = {"library": path, "version_code": v.value, "header": header}
    enum = header_enum(header, "ncclResult_t")
    for code in range(0, 16):
        msg = cstr(lib.ncclGetErrorString, code)
        if code in enum:
            emit("nccl", code, enum[code], msg, "ncclGetErrorString; name: nccl.h ncclResult_t")
        elif msg and "unknown" not in msg.lower():
            emit("nccl", code, None, msg, "ncclGetErrorString; not in header")


def nvml(versions: dict) -> None:
    path = find(["/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1", "/usr/local/nvidia/lib64/libnvidia-ml.so.1",
                 "/usr/lib64/libnvidia-ml.so.1", "/usr/local/nvidia/lib/libnvidia-ml.so.1"]) or "libnvidia-ml.so.1"
    lib = ctypes.CDLL(path)
    rc = lib.nvmlInit_v2()
    buf = ctypes.create_string_buffer(96)
    lib.nvmlSystemGetDriverVersion(buf, 96); driver = buf.value.decode()
    lib.nvmlSystemGetNVMLVersion(buf, 96); nvml_version = buf.value.decode()
    header = find(["/usr/local/cuda/include/nvml.h", "/usr/include/nvml.h",
                   *[p + "/include/nvml.h" for p in nvidia_path("cuda_nvml_dev")], "/usr/local/cuda/**/nvml.h"])
    versions["nvml"] = {"library": path, "init": rc, "driver": driver, "nvml_version": nvml_version, "header": header}
    enum = header_enum(header, "nvmlReturn_t")
    for code in [*range(0, 64), 999]:
        msg = cstr(lib.nvmlErrorString, code)
        if code in enum or (msg and "unknown error" not in msg.lower()) or code == 999:
            emit("nvml", code, enum.get(code), msg, "nvmlErrorString; name: nvml.h nvmlReturn_t")


def main() -> None:
    versions: dict = {"python": sys.version.split()[0]}
    try:
        import torch
        versions["torch"] = {"version": torch.__version__, "cuda": torch.version.cuda,
                             "device": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None}
    except Exception as exc:  # noqa: BLE001
        versions["torch"] = repr(exc)
    for family in (cublas, cusparse, cudnn, nccl, nvml):
        try:
            family(versions)
        except Exception as exc:  # noqa: BLE001 (one library missing must not lose the others)
            print(f"# {family.__name__}: {exc!r}", file=sys.stderr)
            versions[family.__name__] = {"error": repr(exc)}
    print(json.dumps({"versions": versions}, ensure_ascii=False, default=str), flush=True)


if __name__ == "__main__":
    main()
