"""Supply chain and CI: every installed file's hash pinned, pre-commit installable, actions pinned to commits,
time limits on every job, and CI running the README's test command."""
from __future__ import annotations

import re
import tomllib

import yaml
from packaging.utils import canonicalize_name

from generator.paths import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
_REQ = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)((?:\s*\\\n\s*--hash=sha256:[0-9a-f]{64})+)\s*$", re.M)


def lock() -> dict[str, tuple[str, list[str]]]:
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#")) + "\n"
    found = {canonicalize_name(m.group(1)): (m.group(2), re.findall(r"[0-9a-f]{64}", m.group(3)))
             for m in _REQ.finditer(body)}
    # Nothing outside the pinned-and-hashed form: every requirement line is one of them.
    leftover = _REQ.sub("", body).strip()
    assert leftover == "", f"requirement lines without a pin and hashes: {leftover[:300]}"
    return found


def test_every_locked_package_is_pinned_with_hashes() -> None:
    pins = lock()
    assert len(pins) >= 50
    assert all(hashes for _, hashes in pins.values())
    assert sum(len(h) for _, h in pins.values()) > len(pins)  # compiled packages: a wheel per Python


def test_the_project_pins_agree_with_the_lock() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = lock()
    for req in project["dependencies"] + [r for group in project["optional-dependencies"].values() for r in group]:
        name, version = req.split("==")
        assert pins[canonicalize_name(name)][0] == version, req


def test_pre_commit_and_its_dependencies_are_installed_by_setup() -> None:
    pins = lock()
    for name in ("pre-commit", "cfgv", "identify", "nodeenv", "virtualenv", "distlib", "filelock", "pyyaml"):
        assert canonicalize_name(name) in pins, name
    assert (ROOT / ".pre-commit-config.yaml").is_file()


def test_setup_installs_with_require_hashes() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if "pip install" in line]
    assert installs and all("--require-hashes" in line and "requirements.lock" in line for line in installs)


def test_every_job_has_a_time_limit_and_every_action_is_pinned_to_a_commit() -> None:
    assert WORKFLOWS
    for path in WORKFLOWS:
        text = path.read_text(encoding="utf-8")
        jobs = yaml.safe_load(text)["jobs"]
        for name, job in jobs.items():
            assert isinstance(job.get("timeout-minutes"), int) and 0 < job["timeout-minutes"] <= 60, (path.name, name)
            for step in job.get("steps", []):
                if "uses" in step:
                    assert re.fullmatch(r"actions/[a-z-]+@[0-9a-f]{40}", step["uses"]), (path.name, step["uses"])
        for line in (x for x in text.splitlines() if "uses:" in x):
            assert re.search(r"@[0-9a-f]{40} # v\d+\.\d+\.\d+$", line), line  # the release, named beside its commit


def test_ci_runs_the_readme_test_command() -> None:
    ci = yaml.safe_load((ROOT / ".github/workflows/ci.yml").read_text(encoding="utf-8"))
    runs = [s["run"] for job in ci["jobs"].values() for s in job["steps"] if "run" in s]
    assert runs[-1] == ".ci/run"
    assert not any("pytest" in r or "mkdocs build" in r for r in runs)  # no test steps of its own
    ci_run = (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
    assert ci_run[-1] == "make test"
    assert "make test" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_deploy_builds_for_the_address_github_pages_serves() -> None:
    deploy = yaml.safe_load((ROOT / ".github/workflows/deploy.yml").read_text(encoding="utf-8"))
    steps = deploy["jobs"]["build"]["steps"]
    build = next(s for s in steps if s.get("run") == "make build")
    assert build["env"]["SITE_URL"] == "${{ steps.pages.outputs.base_url }}/"
    assert any(s.get("id") == "pages" and s["uses"].startswith("actions/configure-pages@") for s in steps)


def test_ruff_and_mypy_strict_are_configured_pinned_and_in_the_suite() -> None:
    """CI runs `make test`, which runs tests/test_quality.py (ruff, mypy --strict over generator/); `make lint` runs
    the same two alone; both tools are pinned with hashes."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert lint and ".venv/bin/ruff check" in lint.group(1) and ".venv/bin/mypy" in lint.group(1)
    quality = (ROOT / "tests" / "test_quality.py").read_text(encoding="utf-8")
    assert '_tool("ruff", "check"' in quality and '_tool("mypy")' in quality
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    assert config["mypy"]["strict"] is True and "generator" in config["mypy"]["files"]
    assert {"E", "F", "B"} <= set(config["ruff"]["lint"]["select"])
    pins = lock()
    for tool in ("ruff", "mypy"):
        assert canonicalize_name(tool) in pins, tool
