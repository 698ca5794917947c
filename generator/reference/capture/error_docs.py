"""Write cuda-error-docs-13.0.jsonl: NVIDIA's description of every CUDA error code, from the doc comments of the
CUDA 13.0 headers (driver_types.h for cudaError_t, cuda.h for CUresult).

Usage: python error_docs.py /usr/local/cuda/include > ../cuda-error-docs-13.0.jsonl
The headers were those of the H100 machine (nvcc 13.0.88, driver 580.159.04), read on 2026-11-23.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path


def parse(text: str, enum_start: str, prefix: str) -> list[tuple[str, int, str]]:
    """(name, code, description) for each value of the enum that starts at enum_start, in header order."""
    start = text.index(enum_start)
    body = text[start:text.index("}", start)]
    out = []
    for m in re.finditer(r"/\*\*((?:(?!\*/).)*)\*/\s*(\w+)\s*=\s*(\d+)", body, re.S):
        if not m.group(2).startswith(prefix):
            continue
        doc = re.sub(r"\s+", " ", re.sub(r"\s*\n\s*\*?\s*", " ", m.group(1))).strip()
        out.append((m.group(2), int(m.group(3)), doc))
    return out


def main(include: Path) -> None:
    tables = (("runtime", parse((include / "driver_types.h").read_text(), "enum __device_builtin__ cudaError",
                                "cudaError")),
              ("driver", parse((include / "cuda.h").read_text(), "typedef enum cudaError_enum", "CUDA_")))
    for api, rows in tables:
        for name, code, doc in rows:
            print(json.dumps({"api": api, "code": code, "name": name, "doc": doc}, ensure_ascii=False))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
