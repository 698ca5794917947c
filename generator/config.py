"""The project's data-driven configuration (config/): domains now, error families in config/families/."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import yaml

from generator.paths import CONFIG_DIR


@dataclass(frozen=True)
class Domain:
    id: str
    names: dict[str, str]  # language -> display name


@lru_cache(maxsize=1)
def domains() -> tuple[Domain, ...]:
    raw = yaml.safe_load((CONFIG_DIR / "domains.yml").read_text(encoding="utf-8"))
    return tuple(Domain(k, dict(v)) for k, v in raw["domains"].items())


def domain_ids() -> tuple[str, ...]:
    return tuple(d.id for d in domains())
