"""Languages are data (config/languages.yml, generator/l10n/languages.py): a language is added by config and a UI
strings file alone, and builds pages at /<lang>/<id>/; a bad languages file is a clear error; the real site is en +
zh."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
import yaml

from generator.l10n.languages import (
    LanguageConfigError,
    fallback,
    languages,
    load_languages,
    page_file,
    prefix,
    to_root,
)
from generator.l10n.translation import has_chinese, translation_status, zh_status
from generator.load.corpus import load_corpus
from generator.paths import ROOT
from tests.conftest import SEED_IDS, SEEDS
from tests.corpus import real_corpus
from tests.sitebuild import build_site

# The stub: a name, a strings file and the suffix its entry fields would have (no entry has them: every text falls
# back to English, marked). Its UI strings are English ones with a few in Japanese, enough to tell its pages apart.
JA = {"name": "日本語", "strings": "config/locales/ja.yml", "suffix": "_ja", "script": "[\\u3040-\\u30ff]"}
JA_STRINGS = {"site_name": "CUDA エラー百科", "untranslated": "未翻訳", "error_code": "エラーコード"}


def test_the_real_site_is_english_and_chinese() -> None:
    assert languages().codes == ("en", "zh") and languages().default.code == "en"
    zh = languages().get("zh")
    assert zh.suffix == "_zh" and zh.name == "中文"


def test_the_chinese_script_is_the_one_lint_checks() -> None:
    """The zh pages and the lint rules (translation.zh_status, has_chinese) read the same texts as translated."""
    zh = languages().get("zh")
    for text in ("显存不足", "CUDA 错误", "out of memory", "", "  ", "㐀", "豈", "ひらがな"):
        assert zh.translated(text) == has_chinese(text), text
    for e in [*load_corpus(SEEDS).entries, *real_corpus().entries]:
        assert translation_status(e, zh) == zh_status(e), e.id


def test_url_scheme() -> None:
    assert (page_file("cuda/x", "en"), page_file("cuda/x", "zh")) == ("cuda/x.md", "cuda/x.zh.md")
    assert (prefix("en"), prefix("zh")) == ("", "zh/")
    assert (to_root("cuda/x", "en"), to_root("cuda/x", "zh"), to_root("repro/cuda/x", "zh")) == \
        ("../../", "../../../", "../../../../")


def test_fallback_rule() -> None:
    assert fallback("显存不足", "out of memory", "en") == ("out of memory", False)
    assert fallback("显存不足", "out of memory", "zh") == ("显存不足", False)
    assert fallback("out of memory", "out of memory", "zh") == ("out of memory", True)  # still English: marked
    assert fallback(None, "out of memory", "zh") == ("out of memory", True)
    with pytest.raises(KeyError, match="'ja' is not one of the site's languages"):
        fallback("x", "y", "ja")


def _config(tmp_path: Path, languages_: dict[str, object]) -> Path:
    (tmp_path / "strings.yml").write_text("site_name: x\n", encoding="utf-8")
    path = tmp_path / "languages.yml"
    path.write_text(yaml.safe_dump({"languages": languages_}, allow_unicode=True), encoding="utf-8")
    return path


EN = {"name": "English", "default": True, "strings": "strings.yml"}


@pytest.mark.parametrize("langs, where, message", [
    ({}, "languages", "must map each language code"),
    ({"en": EN, "JA": {**EN, "default": False, "suffix": "_ja"}}, "languages.JA", "is not a language code"),
    ({"en": EN, "ja": {"name": "日本語", "strings": "strings.yml"}}, "languages.ja.suffix", "is required"),
    ({"en": EN, "ja": {**EN, "suffix": "_ja"}}, "languages.ja.suffix", "the default language's text"),
    ({"en": EN, "ja": {"name": "日本語", "strings": "strings.yml", "suffix": "ja"}}, "languages.ja.suffix",
     "is required: the entry fields' suffix, '_ja'"),
    ({"en": EN, "en-GB": {**EN, "default": True}}, "languages", "exactly one language must be `default: true`"),
    ({"en": {**EN, "default": False, "suffix": "_en"}}, "languages", "exactly one language must be `default: true`"),
    ({"en": {**EN, "strings": "missing.yml"}}, "languages.en.strings", "missing.yml does not exist"),
    ({"en": {**EN, "name": ""}}, "languages.en.name", "is required"),
    ({"en": {**EN, "colour": "red"}}, "languages.en.colour", "unknown setting"),
    ({"en": EN, "ja": {**EN, "default": False, "suffix": "_ja", "script": "[a-"}}, "languages.ja.script",
     "is not a regex"),
    ({"en": {**EN, "mkdocs": ["nav"]}}, "languages.en.mkdocs", "must be a mapping"),
])
def test_a_bad_languages_file_is_a_clear_error(tmp_path: Path, langs: dict[str, object], where: str,
                                               message: str) -> None:
    path = _config(tmp_path, langs)
    with pytest.raises(LanguageConfigError) as exc:
        load_languages(path, tmp_path)
    assert str(exc.value).startswith(f"{path}: {where}: ") and message in str(exc.value)


def test_a_languages_file_that_is_not_yaml_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "languages.yml"
    path.write_text("languages: [\n", encoding="utf-8")
    with pytest.raises(LanguageConfigError, match=r"languages\.yml: \(file\): cannot be read"):
        load_languages(path, tmp_path)


def test_the_i18n_plugin_gets_every_language_with_its_strings() -> None:
    from generator.l10n.i18n import strings
    from generator.mkdocs_edge.languages import plugin_languages
    items = plugin_languages()
    assert [(i["locale"], i["default"]) for i in items] == [("en", True), ("zh", False)]
    zh = items[1]
    assert zh["site_name"] == strings("zh")["site_name"] and zh["name"] == "中文"


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(p.relative_to(folder).as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def add_japanese(project: Path) -> None:
    """What adding a language takes: its entry in config/languages.yml and its UI strings file. Nothing else."""
    config = project / "config" / "languages.yml"
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    data["languages"]["ja"] = JA
    config.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    en = yaml.safe_load((ROOT / "generator" / "l10n" / "locales" / "en.yml").read_text(encoding="utf-8"))
    (project / JA["strings"]).parent.mkdir(parents=True, exist_ok=True)
    (project / JA["strings"]).write_text(yaml.safe_dump({**en, **JA_STRINGS}, allow_unicode=True), encoding="utf-8")


@pytest.fixture(scope="module")
def ja_site(tmp_path_factory: pytest.TempPathFactory, acked_seeds: Path) -> Path:
    """The seed entries built with a `ja` stub added to a copy of the project's config (code, mkdocs.yml and
    overrides as they are: checked unchanged)."""
    work = tmp_path_factory.mktemp("ja-site")
    code = {name: _digest(ROOT / name) for name in ("generator", "overrides")}

    def prepare(project: Path) -> None:
        add_japanese(project)
        assert {name: _digest(project / name) for name in code} == code
        assert (project / "mkdocs.yml").read_bytes() == (ROOT / "mkdocs.yml").read_bytes()

    site, proc = build_site(acked_seeds, work, prepare=prepare)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    assert "WARNING" not in proc.stderr, proc.stderr
    return site


def _html_lang(html: str) -> str:
    m = re.search(r"<html\b[^>]*\blang=\"([^\"]+)\"", html)
    assert m, html[:300]
    return m.group(1)


@pytest.mark.slow
def test_a_language_added_by_config_alone_builds_its_pages(ja_site: Path) -> None:
    for entry_id in SEED_IDS:
        html = (ja_site / "ja" / entry_id / "index.html").read_text(encoding="utf-8")
        assert _html_lang(html) == "ja", entry_id
        assert "<title>" in html and "CUDA エラー百科" in html  # its strings file's site_name, through the plugin
    for page in ("ja/index.html", "ja/browse/index.html", "ja/rules/index.html", "ja/browse/translation/index.html"):
        assert _html_lang((ja_site / page).read_text(encoding="utf-8")) == "ja", page
    # The other two languages are still there, each in its own language.
    assert _html_lang((ja_site / SEED_IDS[0] / "index.html").read_text(encoding="utf-8")) == "en"
    assert _html_lang((ja_site / "zh" / SEED_IDS[0] / "index.html").read_text(encoding="utf-8")) == "zh"


@pytest.mark.slow
def test_the_added_language_shows_english_marked_untranslated(ja_site: Path) -> None:
    html = (ja_site / "ja" / "cuda/stream-capture-invalid-scope" / "index.html").read_text(encoding="utf-8")
    assert "未翻訳" in html  # its own "untranslated" notice, beside the English text
    assert '<span lang="en">Move all memory allocations' in html  # no `_ja` field: the English original, marked
    assert "エラーコード" in html


@pytest.mark.slow
def test_the_language_switcher_and_alternates_list_the_added_language(ja_site: Path) -> None:
    entry = SEED_IDS[0]
    for page in (f"{entry}/index.html", f"zh/{entry}/index.html", f"ja/{entry}/index.html"):
        html = (ja_site / page).read_text(encoding="utf-8")
        switcher = dict(re.findall(r'<a href="[^"]*" hreflang="([^"]+)" class="md-select__link">\s*([^<]+?)\s*</a>',
                                   html))
        assert switcher == {"en": "English", "zh": "中文", "ja": "日本語"}, page
        alternates = set(re.findall(r'<link rel="alternate " hreflang="([^"]+)"', html))
        assert alternates == {"en", "zh", "ja", "x-default"}, page


@pytest.mark.slow
def test_the_added_language_has_its_api_urls_and_paste_box_files(ja_site: Path) -> None:
    import json
    index = json.loads((ja_site / "api/v1/index.json").read_text(encoding="utf-8"))
    first = index["entries"][0]
    assert set(first["html"]) == {"en", "zh", "ja"} and first["html"]["ja"].endswith(f"/ja/{first['id']}/")
    assert (ja_site / "assets/generated/match-display/ja/0.json").is_file()
    html = (ja_site / "ja" / "match" / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="ee-match-config">(.*?)</script>', html, re.S)
    assert block is not None
    config = json.loads(block.group(1))
    assert (config["lang"], config["prefix"]) == ("ja", "ja/")
