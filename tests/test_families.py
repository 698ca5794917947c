"""Error families (config/families/): each table loads from a real capture, and entries of every family are
fact-checked against it and can earn "message verified"."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.config import families, family_of
from generator.lint.facts import check_facts, effective_tier
from generator.load.corpus import to_entry
from tests.test_match import JsBatch, py_results, raw_index

BASE = json.loads((Path(__file__).parent / "fixtures/lint/base/pytorch/cuda-out-of-memory.json").read_text("utf-8"))


def test_every_family_table_loads_with_unique_keys_names_and_codes() -> None:
    fams = families()
    assert {f.id for f in fams} >= {"cuda-runtime", "cuda-driver", "cublas", "cudnn", "nccl", "nvml", "cusparse",
                                    "cusolver"}
    assert len({f.key for f in fams}) == len(fams)
    for f in fams:
        assert len(f.statuses) >= 5, f.id
        assert len({s.name for s in f.statuses}) == len(f.statuses), f.id
        assert len({s.code for s in f.statuses}) == len(f.statuses), f.id
        # its enum pattern covers its own error names (not success, nor NCCL's count of results)
        assert all(f.names(s.name) for s in f.statuses if s.code != 0 and s.name != "ncclNumResults"), f.id


def test_every_config_regex_runs_in_re2() -> None:
    """The matcher runs the families' numbered forms and printers and the domains' claims with RE2 (fast on long
    pastes, the same matches as JavaScript's); one RE2 rejected would silently fall back to Python's `re`."""
    from generator.config import domains
    from generator.regex_dialect.safe_regex import compile_regex
    regexes = [rx for f in families() for rx in (*f.numbered, *f.printers)] + [rx for d in domains() for rx in d.claims]
    assert len(regexes) > 20
    assert [rx for rx in regexes if compile_regex(rx) is None] == []


@pytest.mark.parametrize("name, family, code", [
    ("CUBLAS_STATUS_EXECUTION_FAILED", "cublas", 13), ("CUDNN_STATUS_BAD_PARAM", "cudnn", 2000),
    ("CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH", "cudnn", 3007), ("ncclInvalidUsage", "nccl", 5),
    ("NVML_ERROR_LIB_RM_VERSION_MISMATCH", "nvml", 18), ("cudaErrorIllegalAddress", "cuda-runtime", 700),
    ("CUDA_ERROR_CONTEXT_ALREADY_CURRENT", "cuda-driver", 202),
    ("CUSOLVER_STATUS_INTERNAL_ERROR", "cusolver", 7), ("CUSOLVER_STATUS_INVALID_WORKSPACE", "cusolver", 31)])
def test_names_resolve_to_their_family_and_real_code(name: str, family: str, code: int) -> None:
    f = family_of(name, families())
    assert f is not None and f.id == family and f.by_name(name).code == code


def entry(**changes: object) -> object:
    d = json.loads(json.dumps(BASE))
    d.update(changes)
    return to_entry(d, f"entries/{d['id']}.json")


def codes(e: object) -> list[tuple[str, str]]:
    return [(p.code, p.field) for p in check_facts(e, families())]


def test_a_right_cublas_entry_passes_and_earns_message_verified() -> None:
    e = entry(id="cublas/execution-failed", domain="cublas", error_code="CUBLAS_STATUS_EXECUTION_FAILED (13)",
              signature="RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm(...)`",
              regex="CUBLAS_STATUS_EXECUTION_FAILED", verification_tier="ai_generated")
    assert codes(e) == []
    assert effective_tier(e, [], families()) == "message_verified"


@pytest.mark.parametrize("error_code, expected", [
    ("CUBLAS_STATUS_EXECUTION_FAILED (14)", [("E301", "error_code")]),   # wrong number
    ("CUBLAS_STATUS_EXECUTION_FAILED", [("E301", "error_code")]),        # number missing
    ("CUBLAS_STATUS_EXPLODED (13)", [("E301", "error_code")]),           # a name cuBLAS never prints
])
def test_wrong_cublas_codes_are_reported(error_code: str, expected: list[tuple[str, str]]) -> None:
    e = entry(id="cublas/x", domain="cublas", error_code=error_code, signature="CUBLAS_STATUS_EXECUTION_FAILED",
              regex="CUBLAS_STATUS_EXECUTION_FAILED")
    assert codes(e) == expected


def test_a_family_that_prints_messages_checks_the_message() -> None:
    """NCCL prints ncclGetErrorString's text; an entry whose signature lacks it is told the real one."""
    e = entry(id="nccl/invalid-usage", domain="nccl", error_code="ncclInvalidUsage (5)",
              signature="NCCL error: invalid usage", regex="invalid usage")
    problems = check_facts(e, families())
    assert [(p.code, p.field) for p in problems] == [("E302", "signature")]
    assert "invalid usage (run with NCCL_DEBUG=WARN for details)" in problems[0].message


def test_status_names_in_a_signature_must_exist() -> None:
    e = entry(id="pytorch/x", signature="CUDA error: CUBLAS_STATUS_EXPLODED when calling cublasCreate", regex="x")
    assert codes(e) == [("E301", "signature")]


def _raw(entries: list[dict]) -> dict:
    from generator.config import families as fams
    from generator.match.engine import PARAMS, family_params
    index = {"version": 2, "params": {**PARAMS, **family_params(fams())}, "display_shard": 128, "entries": entries}
    return {"match-index.json": index, "match-words.json": {"version": 2, "words": {}}}


NESTED = _raw([
    {"id": "cuda/memory-allocation", "re": "out of memory", "nm": ["cudaErrorMemoryAllocation"], "cd": ["rt:2"]},
    {"id": "cuda/initialization-error", "re": "initialization error"},
    {"id": "nccl/unhandled-cuda-error", "re": "unhandled cuda error", "nm": ["ncclUnhandledCudaError"]},
    {"id": "pytorch/thing", "re": "out of memory"},
    {"id": "cuda/illegal-address", "re": "an illegal memory access was encountered"},
    {"id": "triton/triton-error-cuda", "re": "Triton Error \\[CUDA\\]: [^\\n]+"},
])


NESTED_CASES = [
    # NCCL reports the CUDA failure it hit: NCCL first, the CUDA error second, labelled as the cause.
    ("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled cuda error (run "
     "with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclUnhandledCudaError: Call to CUDA function "
     "failed.\nLast error:\nCuda failure 'out of memory'",
     [("nccl/unhandled-cuda-error", "regex"), ("cuda/memory-allocation", "cause"), ("pytorch/thing", "cause")]),
    # Two readings of the same text are not a wrapper and its cause.
    ("RuntimeError: CUDA error: out of memory", [("cuda/memory-allocation", "regex"), ("pytorch/thing", "regex")]),
    # A phrase inside a line another tool claims (and that does not wrap CUDA) is no evidence at all.
    ("nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown.", []),
    ("cuInit failed: initialization error", [("cuda/initialization-error", "regex")]),
    # The wrapper's text contains the CUDA message (as Triton prints it): Triton first, CUDA as the cause.
    ("RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
     [("triton/triton-error-cuda", "regex"), ("cuda/illegal-address", "cause")]),
]
JS_NESTED = JsBatch(lambda: NESTED, [p for p, _ in NESTED_CASES])


@pytest.mark.parametrize("paste, expected", NESTED_CASES)
def test_nesting_and_claims_in_both_runtimes(paste: str, expected: list[tuple[str, str]]) -> None:
    py, js = py_results(NESTED, [paste])[0], JS_NESTED(paste)
    assert py == js
    assert [(r["id"], r["kind"]) for r in py] == expected


REAL_NESTED = [
    # NCCL's own report of the CUDA failure it hit (PyTorch DistBackendError, NCCL 2.x; NVIDIA/nccl#1410 form).
    ("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, "
     "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclUnhandledCudaError: "
     "Call to CUDA function failed.\nLast error:\nCuda failure 'out of memory'",
     "nccl/unhandled-cuda-error", "cuda/memory-allocation"),
    # The captured Triton wrapper (entries/triton/triton-error-cuda.repro/output.txt, last line).
    ("RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
     "triton/triton-error-cuda", "cuda/illegal-address"),
    # TensorRT relays the CUDA runtime call that failed inside it: TensorRT 8+ (NVIDIA/TensorRT#2464) and TensorRT 7's
    # numbered form (NVIDIA/TensorRT#948), whose number resolves through the CUDA table.
    ("[2022-11-08 09:12:27   ERROR] 1: [calibrator.cpp::add::779] Error Code 1: Cuda Runtime (an illegal memory access "
     "was encountered)", "tensorrt/cuda-runtime-error", "cuda/illegal-address"),
    ("[E] [TRT] C:\\source\\rtSafe\\safeRuntime.cpp (25) - Cuda Error in "
     "nvinfer1::internal::DefaultAllocator::allocate: 2 (out of memory)",
     "tensorrt/out-of-memory", "cuda/memory-allocation"),
]


@pytest.mark.parametrize("paste, outer, inner", REAL_NESTED)
def test_real_nested_errors_rank_the_outer_entry_first_and_show_the_inner_cause(paste: str, outer: str,
                                                                                inner: str) -> None:
    py = py_results(raw_index(), [paste])[0]
    assert py == js_real(paste)
    assert py[0]["id"] == outer and py[0]["kind"] == "regex"
    assert {"id": inner, "kind": "cause"} in [{"id": r["id"], "kind": r["kind"]} for r in py]


NUMBERED_CASES = [
    # Caffe's glog check on a cuBLAS call: the number resolves through the cuBLAS table (BVLC/caffe#58).
    ("F0127 14:32:39.484519 19425 math_functions.cpp:45] Check failed: (cublasSgemm_v2(Caffe::cublas_handle(), "
     "cuTransB, cuTransA, N, M, K, &alpha, B, ldb, A, lda, &beta, C, N)) == CUBLAS_STATUS_SUCCESS (14 vs. 0)",
     "cublas/internal-error"),
    # Printed messages resolve through the CUDA tables after any known printer (unslothai/unsloth#1446,
    # NVIDIA/FasterTransformer#592, tusen-ai/simpledet#15).
    ("RuntimeError: CUDA driver error: operation not supported", "cuda/not-supported"),
    ("what(): [FT][ERROR] CUDA runtime error: operation not supported /workspace/FasterTransformer/src/"
     "fastertransformer/utils/allocator.h:160", "cuda/not-supported"),
    ("Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading CUDA: invalid device ordinal",
     "cuda/invalid-device"),
    # Caffe logs come from CUDA releases with another numbering (6 was cudaErrorLaunchTimeout): the message counts,
    # not the number (happynear/caffe-windows#250).
    ("Check failed: error == cudaSuccess (6 vs. 0)  the launch timed out and was terminated", "cuda/launch-timeout"),
    # torch_memory_saver logs the driver call's bare CUresult (fzyzcjy/torch_memory_saver#4): 2 is
    # CUDA_ERROR_OUT_OF_MEMORY in the driver table, not a runtime code; "line=103 (5)" is no code at all.
    ("[torch_memory_saver.cpp] CUresult error  result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create "
     "line=103 (5)", "cuda/memory-allocation"),
    # Printers and numbered forms as older programs print them or issue titles retype them: no space before the
    # parenthesis (kmaninis/COB#15, BVLC/caffe#5564, which also reads 'VS.'), none after 'error:'
    # (bluer555/CR-GAN#8), PyTorch 0.1's 'cuda runtime err(2)' (pytorch/pytorch#7634), hashcat's 'cuMemAlloc(): '
    # before the driver's message (hashcat/hashcat#2221).
    ("check failed: error == cudaSuccess(2 vs. 0) out of memory while testing", "cuda/memory-allocation"),
    ("Check failed: status ==CUBLAS_STATUS_SUCCESS(1 VS.0)CUBLAS_NOT_INITALIZATION", "cublas/not-initialized"),
    ('what issues can lead to this error which is "RuntimeError: CUDA error:out of memory"?', "cuda/memory-allocation"),
    ("RuntimeError: cuda runtime err(2): out of memory at /opt/conda/conda-bld/pytorch_1501953625411/work/"
     "pytorch-0.1.12/torch/libTHC/THCstorage.cu:66", "cuda/memory-allocation"),
    ("Fixed Cuda, i had outdated Java, now error is cuMemAlloc(): out of memory", "cuda/memory-allocation"),
    # Caffe's cudnn.hpp check (zhaoweicai/cascade-rcnn#68) without the name it prints after the number, and without
    # the space, as issue titles retype it (naibaf7/caffe#47): 8 is EXECUTION_FAILED in the cuDNN 8 table, a name the
    # cuDNN 9 table holds too (as 5000), so it resolves only because the entry carries both codes.
    ("Check failed: status == CUDNN_STATUS_SUCCESS(8 vs. 0)", "cudnn/execution-failed"),
    # CTranslate2's CUDA_CHECK ("CUDA failed with error " + cudaGetErrorString; SYSTRAN/faster-whisper#708), the form
    # faster-whisper users paste: the message after it is the runtime's.
    ("RuntimeError: CUDA failed with error unknown error", "cuda/unknown"),
    ("RuntimeError: CUDA failed with error out of memory", "cuda/memory-allocation"),
]


@pytest.mark.parametrize("paste, first", NUMBERED_CASES)
def test_numbers_and_printed_messages_resolve_through_the_family_tables(paste: str, first: str) -> None:
    py = py_results(raw_index(), [paste])[0]
    assert py == js_real(paste)
    assert (py[0]["id"], py[0]["kind"]) == (first, "regex")


def test_a_name_in_two_family_tables_carries_the_code_of_each() -> None:
    """cuDNN 8 and cuDNN 9 share status names under other numbers (NOT_INITIALIZED is 1 and 1001): the entry carries
    both codes, so Caffe's numeric-only `CUDNN_STATUS_SUCCESS (8 vs. 0)` resolves through the cuDNN 8 table."""
    cd = {e["id"]: set(e.get("cd", [])) for e in raw_index()["match-index.json"]["entries"]}
    assert {"cudnn8:1", "cudnn:1001"} <= cd["cudnn/not-initialized"]
    assert {"cudnn8:8", "cudnn:5000"} <= cd["cudnn/execution-failed"]
    assert {"cudnn8:3", "cudnn:2000"} <= cd["cudnn/bad-param"]


def test_a_printed_code_is_evidence_only_for_its_family_domain() -> None:
    """pytorch/embedding-index-out-of-range is a cudaErrorAssert too, but the bare message is cuda/assert's."""
    ids = [r["id"] for r in py_results(raw_index(), ["RuntimeError: CUDA error: device-side assert triggered"])[0]]
    assert ids == ["cuda/assert"]


def test_no_confident_cuda_match_from_a_phrase_in_a_container_cli_line() -> None:
    paste = "nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown."
    ids = [r["id"] for r in py_results(raw_index(), [paste])[0]]
    assert ids[0] == "driver/nvidia-container-cli-initialization-error" and "cuda/initialization-error" not in ids


def test_cusolver_table_is_read_from_the_header_capture_with_the_printed_forms_beside_it() -> None:
    """cuSOLVER has no status-string function: its family prints names, and the capture records what PyTorch and
    CuPy print for each code (PyTorch names only some of them)."""
    f = next(f for f in families() if f.id == "cusolver")
    assert f.printed == "name" and f.printed_form(f.by_code(3)) == "CUSOLVER_STATUS_INVALID_VALUE"
    rows = [json.loads(line) for line in f.table_file.read_text("utf-8").splitlines() if '"api"' in line]
    torch_says = {r["code"]: r["torch"] for r in rows}
    assert torch_says[7] == "CUSOLVER_STATUS_INTERNAL_ERROR" and torch_says[5] == "Unknown cusolver error number"
    assert all(r["cupy"].endswith(r["name"]) for r in rows)


CUSOLVER_CASES = [
    # older PyTorch printed the number; it resolves through the cuSOLVER table
    ("RuntimeError: cusolver error: 7, when calling `cusolverDnCreate(handle)`", "cusolver/internal-error"),
    # JAX/XLA's own words for the status
    ("jaxlib._jax.XlaRuntimeError: INTERNAL: cuSolver internal error", "cusolver/internal-error"),
    # PaddlePaddle calls it a cuBLAS error; the status is cuSOLVER's
    ("Cublas error, `CUSOLVER_STATUS_INTERNAL_ERROR`. An internal cuSolver operation failed.",
     "cusolver/internal-error"),
]


@pytest.mark.parametrize("paste, expected", CUSOLVER_CASES)
def test_cusolver_forms_reach_the_cusolver_entry(paste: str, expected: str) -> None:
    py = py_results(raw_index(), [paste])[0]
    assert py == js_real(paste)
    assert (py[0]["id"], py[0]["kind"]) == (expected, "regex")


def test_no_cuda_match_from_file_system_words_in_a_container_mount_error() -> None:
    """'operation not permitted' and 'no such device or address' inside an nvidia-container-cli line are the hook's
    file-system errors, not cudaErrorNotPermitted or a CUDA device error."""
    paste = ("stderr: nvidia-container-cli: mount error: failed to add device rules: unable to find any existing "
             "device filters attached to the cgroup: bpf_prog_query(BPF_CGROUP_DEVICE) failed: operation not "
             "permitted: unknown.")
    ids = [r["id"] for r in py_results(raw_index(), [paste])[0]]
    assert ids[0] == "driver/nvidia-container-cli-mount-error" and not [i for i in ids if i.startswith("cuda/")]


@pytest.mark.parametrize("paste, outer, inner", [
    ("OSError: (External) CUDA error(2), out of memory.", "ecosystem/paddle-out-of-memory", "cuda/memory-allocation"),
    ("numba.cuda.cudadrv.driver.CudaAPIError: [716] Call to cuLaunchKernel results in UNKNOWN_CUDA_ERROR",
     "ecosystem/numba-cuda-api-error", "cuda/misaligned-address"),
])
def test_numbered_forms_reach_the_cuda_entry_as_the_cause(paste: str, outer: str, inner: str) -> None:
    results = [(r["id"], r["kind"]) for r in py_results(raw_index(), [paste])[0]]
    assert results[:2] == [(outer, "regex"), (inner, "cause")]


# One Node process answers every paste above that runs against the real index.
js_real = JsBatch(raw_index, [c[0] for c in (*REAL_NESTED, *NUMBERED_CASES, *CUSOLVER_CASES)])
