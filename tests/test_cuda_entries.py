"""The CUDA content: every runtime code has a true entry whose regex finds its message as the common wrappers
print it, and nothing else; every Chinese field is Chinese; the seeds are corrected and linked."""
from __future__ import annotations

import re

import pytest

from generator.config import families
from generator.l10n.translation import has_chinese
from generator.lint.facts import check_facts
from generator.lint.tested import read_run
from generator.paths import ENTRIES_DIR
from generator.reference.cuda_reference import CudaError, load_reference, parse_error_code
from generator.regex_dialect.regex_tree import regex_flags
from tests.conftest import SEED_IDS
from tests.corpus import real_corpus

REF = load_reference()
CORPUS = real_corpus()
ENTRIES = {e.id: e for e in CORPUS.entries}
# One entry per runtime code (scenario entries point at it with belongs_to).
CODE_ENTRIES = {parse_error_code(e.error_code)[0]: e for e in CORPUS.entries
                if e.error_code and e.domain == "cuda" and not e.belongs_to
                and parse_error_code(e.error_code)[0].startswith("cudaError")}
# Driver-only codes (CUresult with no runtime twin) have entries of their own in the cuda domain.
DRIVER_ONLY = {parse_error_code(e.error_code)[0]: e for e in CORPUS.entries
               if e.error_code and e.domain == "cuda" and parse_error_code(e.error_code)[0].startswith("CUDA_ERROR_")}
FRAMEWORK_IDS = ["pytorch/cuda-out-of-memory", "pytorch/index-out-of-bounds-device-assert",
                 "pytorch/embedding-index-out-of-range", "pytorch/nll-loss-target-out-of-bounds",
                 "pytorch/cannot-reinitialize-cuda-in-forked-subprocess", "pytorch/no-cuda-gpus-available",
                 "pytorch/expected-all-tensors-same-device", "pytorch/cpu-cuda-copy-during-graph-capture",
                 "cupy/out-of-memory", "jax/out-of-memory"]


def wrapper_forms(err: CudaError) -> dict[str, str]:
    """The error as users paste it: bare cudaGetErrorString text, PyTorch, CuPy (runtime and driver), C macro."""
    forms = {
        "plain": err.message,
        "pytorch": (f"torch.AcceleratorError: CUDA error: {err.message}\nSearch for `{err.name}' in "
                    "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information."),
        "pytorch-old": f"RuntimeError: CUDA error: {err.message}\nCUDA kernel errors might be asynchronously reported",
        "cupy": f"cupy_backends.cuda.api.runtime.CUDARuntimeError: {err.name}: {err.message}",
        "macro": f'CUDA error at main.cu:42 code={err.code}({err.name}) "cudaDeviceSynchronize()"',
    }
    twin = REF.driver_twin(err)
    if twin:
        forms["cupy-driver"] = f"cupy_backends.cuda.api.driver.CUDADriverError: {twin.name}: {twin.message}"
    return forms


def compiled(entry_id: str) -> re.Pattern[str]:
    e = ENTRIES[entry_id]
    return re.compile(e.regex, regex_flags(e.regex_flags))


def test_every_runtime_code_has_exactly_one_entry() -> None:
    codes = {e.name for e in REF.runtime()}
    assert len(codes) == 132
    assert set(CODE_ENTRIES) == codes


def test_driver_only_entries_name_driver_codes_without_a_runtime_twin() -> None:
    runtime_messages = {e.message for e in REF.runtime()}
    for name, e in DRIVER_ONLY.items():
        real = REF.by_name(name)
        assert real is not None and real.api == "driver" and real.message not in runtime_messages, name
        assert check_facts(e, families()) == [], name


@pytest.mark.parametrize("err", REF.runtime(), ids=lambda e: e.name)
def test_runtime_entry_facts(err: CudaError) -> None:
    e = CODE_ENTRIES[err.name]
    assert e.error_code == f"{err.name} ({err.code})"
    assert err.message in e.signature
    twin = REF.driver_twin(err)
    if twin:
        assert twin.name in e.aliases
    assert check_facts(e, families()) == []


@pytest.mark.parametrize("err", REF.runtime(), ids=lambda e: e.name)
def test_regex_matches_every_wrapper_form(err: CudaError) -> None:
    rx = compiled(CODE_ENTRIES[err.name].id)
    for form, text in wrapper_forms(err).items():
        assert rx.search(text), f"{form}: {text!r}"


@pytest.mark.parametrize("err", REF.runtime(), ids=lambda e: e.name)
def test_regex_matches_no_other_code_message(err: CudaError) -> None:
    entry = CODE_ENTRIES[err.name]
    rx = compiled(entry.id)
    allowed = set(entry.raw.get("overlaps", []))
    stolen = [other.name for other in REF.runtime() if other.name != err.name
              and CODE_ENTRIES[other.name].id not in allowed
              and (rx.search(other.message) or rx.search(wrapper_forms(other)["macro"]))]
    assert not stolen


def test_overlaps_are_real_containments() -> None:
    """A declared overlap is only allowed where the other entry's signature or samples really contain this text."""
    for e in CORPUS.entries:
        for other in e.raw.get("overlaps", []):
            texts = [ENTRIES[other].signature, *ENTRIES[other].raw.get("samples", [])]
            assert any(compiled(e.id).search(t) for t in texts), f"{e.id} declares {other} needlessly"


@pytest.mark.parametrize("entry_id", sorted(ENTRIES))
def test_every_zh_field_is_chinese(entry_id: str) -> None:
    e = ENTRIES[entry_id]
    assert has_chinese(e.signature_zh) and has_chinese(e.root_cause_zh)
    assert len(e.dead_ends_zh) == len(e.dead_ends) and len(e.workarounds_zh) == len(e.workarounds)
    assert all(has_chinese(z.why_fails) and has_chinese(z.action) for z in e.dead_ends_zh)
    assert all(has_chinese(z.action) for z in e.workarounds_zh)
    assert all(d.action for d in e.dead_ends)


@pytest.mark.parametrize("entry_id", FRAMEWORK_IDS)
def test_framework_entries_exist_and_match_their_captured_samples(entry_id: str) -> None:
    e = ENTRIES[entry_id]
    samples = e.raw.get("samples", [])
    assert samples and all(compiled(entry_id).search(s) for s in samples)
    assert compiled(entry_id).search(e.signature)


@pytest.mark.parametrize("entry_id", SEED_IDS)
def test_seeds_are_corrected_and_linked(entry_id: str) -> None:
    e = ENTRIES[entry_id]
    name, code = parse_error_code(e.error_code)
    real = REF.by_name(name)
    assert real is not None and real.code == code and real.message in e.signature
    assert check_facts(e, families()) == []
    assert e.corrections, "what was corrected, and why, is recorded on the entry"
    assert e.belongs_to and ENTRIES[e.belongs_to].error_code == e.error_code
    # No placeholder dates: first_seen needs a source, last_confirmed a stored reproduction (issue #10).
    assert e.first_seen is None and (e.last_confirmed is None or e.reproduction is not None)


def test_reproduced_entries_store_script_and_output() -> None:
    reproduced = [e for e in CORPUS.entries if e.verification_tier == "reproduced"]
    assert len(reproduced) >= 15
    for e in reproduced:
        folder = ENTRIES_DIR / f"{e.id}.repro"
        assert (folder / e.reproduction["script"]).is_file() and (folder / e.reproduction["output"]).is_file()
        # Every reproduction names its run record (issue #10: 33 folders had none, and their environment rested on
        # a commit message): it records how the run ended and on which GPU and driver, and the environment shown
        # on the page names them.
        run = read_run(folder / e.reproduction["run"])
        assert run is not None and run.exit_status is not None and run.gpu and run.driver, e.id
        for key in ("environment", "environment_zh"):
            assert run.gpu.split()[0] in e.reproduction[key] and run.driver in e.reproduction[key], (e.id, key)


def test_known_transitions_are_recorded() -> None:
    assert "cuda/stream-capture-invalidated" in ENTRIES["cuda/stream-capture-unsupported"].leads_to
    assert "cuda/stream-capture-invalidated" in ENTRIES["cuda/stream-capture-invalid-scope"].leads_to
