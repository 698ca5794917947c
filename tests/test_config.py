"""config/ is the one list of domains and the one place for the site's addresses: every place that names them agrees
with it."""
from __future__ import annotations

import yaml

from generator.build.site import OWNED_DIRS
from generator.config import domain_ids, domains
from generator.load.corpus import _schema
from generator.paths import ROOT


def test_every_domain_has_a_name_in_every_language() -> None:
    from generator.l10n.languages import languages
    for d in domains():
        assert set(d.names) == set(languages().codes) and all(d.names.values()), d.id


def test_the_schema_takes_its_domains_from_config() -> None:
    assert _schema("entry.schema.json")["properties"]["domain"]["enum"] == list(domain_ids())


def test_generated_folders_cover_every_domain() -> None:
    assert set(domain_ids()) <= set(OWNED_DIRS)


def test_the_new_error_form_offers_every_domain() -> None:
    form = yaml.safe_load((ROOT / ".github/ISSUE_TEMPLATE/new-error.yml").read_text(encoding="utf-8"))
    field = next(b for b in form["body"] if b.get("id") == "domain")
    assert field["attributes"]["options"] == [*domain_ids(), "other / not sure"]


def test_mkdocs_default_site_url_is_the_configured_one() -> None:
    """mkdocs.yml needs site_url itself (the i18n plugin); its default must be config/site.yml's."""
    from generator.config import site_settings
    lines = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    line = next(ln for ln in lines if ln.startswith("site_url:"))
    assert line == f'site_url: !ENV [SITE_URL, "{site_settings({}).site_url}"]'


def test_mkdocs_names_the_configured_default_language() -> None:
    """mkdocs.yml names one language, the default (the i18n plugin checks for one when it loads); the hook
    generator/mkdocs_edge/languages.py gives it every language of config/languages.yml."""
    from generator.l10n.languages import languages
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    default = languages().default
    i18n = yaml.safe_load(text.split("  - i18n:\n", 1)[1].split("\n\n", 1)[0])
    assert i18n["languages"] == [{"locale": default.code, "name": default.name, "default": True}]
    assert f"\n  language: {default.code}\n" in text  # the theme's
    assert "\nhooks:\n  - generator/mkdocs_edge/languages.py\n" in text  # first: before the i18n plugin reads them
