"""The project's configuration as data (config/): the site's addresses, the domains, and the error families with
their tables."""
from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

import yaml

from generator.l10n.languages import languages
from generator.paths import CONFIG_DIR, REFERENCE_FILE, VENDORED_REFERENCE


@dataclass(frozen=True)
class SiteSettings:
    """config/site.yml: where the site is published and where its sources live."""
    site_url: str
    repository: str  # https://github.com/<owner>/<repo>, no trailing slash
    branch: str

    def blob(self, path: str) -> str:
        """The repository's page for a file (path relative to the repository root)."""
        return f"{self.repository}/blob/{self.branch}/{path}"

    def edit(self, path: str) -> str:
        return f"{self.repository}/edit/{self.branch}/{path}"


def site_settings(environ: Mapping[str, str] | None = None) -> SiteSettings:
    """config/site.yml, with SITE_URL and REPOSITORY_URL (when set and not empty) in place of its addresses."""
    env = os.environ if environ is None else environ
    raw = yaml.safe_load((CONFIG_DIR / "site.yml").read_text(encoding="utf-8"))
    return SiteSettings(site_url=env.get("SITE_URL") or str(raw["site_url"]),
                        repository=(env.get("REPOSITORY_URL") or str(raw["repository"])).rstrip("/"),
                        branch=str(raw["branch"]))


@dataclass(frozen=True)
class Domain:
    id: str
    names: dict[str, str]  # language -> display name
    wraps: tuple[str, ...] = ()  # domains whose errors this one's messages carry inside them
    claims: tuple[str, ...] = ()  # regexes: a line matching one is this domain's own message


@lru_cache(maxsize=1)
def domains() -> tuple[Domain, ...]:
    raw = yaml.safe_load((CONFIG_DIR / "domains.yml").read_text(encoding="utf-8"))
    return tuple(Domain(k, dict(v["names"]), tuple(v.get("wraps", ())), tuple(v.get("claims", ())))
                 for k, v in raw["domains"].items())


def domain_ids() -> tuple[str, ...]:
    return tuple(d.id for d in domains())


def domain_name(domain: str, lang: str) -> str:
    """What pages call a domain in `lang` (config/domains.yml), its id where it has no name there."""
    d = next((d for d in domains() if d.id == domain), None)
    return d.names.get(lang, d.names.get(languages().default.code, domain)) if d else domain


@dataclass(frozen=True)
class Status:
    code: int
    name: str
    message: str


@dataclass(frozen=True)
class Family:
    """One table of status codes read from a real library, and how programs print its errors."""
    id: str
    name: str
    key: str  # short key in the match index
    enum: str  # regex: what its names look like
    printed: str  # "message" (the string is printed) or "name" (the enum name is printed)
    numbered: tuple[str, ...]  # regexes whose group 1 is a code of this table
    table_file: Path
    api: str
    statuses: tuple[Status, ...] = field(default=(), compare=False)
    printers: tuple[str, ...] = ()  # regexes: what programs print right before a message of this table
    domain: str = ""  # the domain of the entries that are this table's statuses ("": any)

    @cached_property
    def _by_name(self) -> dict[str, Status]:
        return {s.name: s for s in self.statuses}

    def by_name(self, name: str) -> Status | None:
        return self._by_name.get(name)  # asked for every name of every entry when the match index is built

    def by_code(self, code: int) -> Status | None:
        return next((s for s in self.statuses if s.code == code), None)

    def names(self, name: str) -> bool:
        """Does `name` look like one of this family's names (whether or not it exists)?"""
        return re.fullmatch(self.enum, name) is not None

    def printed_form(self, status: Status) -> str:
        return status.message if self.printed == "message" else status.name


def _table(path: Path, api: str) -> tuple[Status, ...]:
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            d = json.loads(line)
            # The capture's last line records versions; rows the library does not name are not codes.
            if d.get("api") != api or not d.get("name") or d["name"] == "unrecognized status":
                continue
            rows.append(Status(int(d["code"]), d["name"], d.get("message") or d["name"]))
    return tuple(rows)


def _table_path(file: str, cuda_reference: Path | None) -> Path | None:
    if file == VENDORED_REFERENCE.name:  # the CUDA table: ../shared's copy, or the one given (tests)
        return cuda_reference
    return VENDORED_REFERENCE.parent / file


@lru_cache(maxsize=4)
def families(cuda_reference: Path | None = REFERENCE_FILE) -> tuple[Family, ...]:
    """Every family whose table is available (the CUDA ones need `cuda_reference`; None: left out)."""
    out = []
    for path in sorted((CONFIG_DIR / "families").glob("*.yml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        table = _table_path(raw["table"]["file"], cuda_reference)
        if table is None or not table.exists():
            continue
        out.append(Family(path.stem, raw["name"], raw["key"], raw["enum"], raw["printed"],
                          tuple(raw.get("numbered") or ()), table, raw["table"]["api"],
                          _table(table, raw["table"]["api"]), tuple(raw.get("printers") or ()),
                          str(raw.get("domain") or "")))
    return tuple(out)


def family_of(name: str, fams: tuple[Family, ...]) -> Family | None:
    """The family whose table has `name` (cuDNN 9 before cuDNN 8 for a name both know, by file order), else the
    first whose names look like it."""
    return next((f for f in fams if f.by_name(name)), None) or next((f for f in fams if f.names(name)), None)
