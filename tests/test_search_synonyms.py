"""config/search_synonyms.yml, the search's glossary of readers' words (generator/build/search_index.py): small, each
group words that mean the same, and every group used by some page."""
from __future__ import annotations

import re
from collections.abc import Mapping

from generator.build.search_index import synonym_groups
from generator.l10n.languages import languages

MAX_GROUPS = 40
MAX_TERMS = 8  # per language in one group
# Words that GPU engineers often mix up but that are not the same thing: no group holds one of each.
DIFFERENT = (("显存", "内存"), ("超时", "卡住"), ("驱动", "内核"), ("kernel", "driver"), ("未找到", "不支持"))


def test_the_glossary_is_small_and_well_formed() -> None:
    groups = synonym_groups()
    assert 0 < len(groups) <= MAX_GROUPS
    for g in groups:
        assert g.means.strip(), g
        assert set(g.terms) <= set(languages().codes), g.means
        assert sum(len(t) for t in g.terms.values()) >= 2, f"{g.means}: a group needs two words"
        for lang, terms in g.terms.items():
            assert 0 < len(terms) <= MAX_TERMS, g.means
            assert len(set(terms)) == len(terms), g.means
            assert all(t.strip() == t and t for t in terms), g.means
            if lang != "en":
                assert any(not t.isascii() for t in terms), f"{g.means}: {lang} terms in the language"


def test_no_word_is_in_two_groups_of_one_language() -> None:
    seen: dict[tuple[str, str], str] = {}
    for g in synonym_groups():
        for lang, terms in g.terms.items():
            for t in terms:
                key = (lang, t.lower())
                assert key not in seen, f"{t!r} in both {seen[key]!r} and {g.means!r}"
                seen[key] = g.means


def test_no_group_joins_words_that_mean_different_things() -> None:
    for g in synonym_groups():
        words = [t for terms in g.terms.values() for t in terms]
        for a, b in DIFFERENT:
            assert not (any(a in w for w in words) and any(b in w for w in words)), f"{g.means}: {a} / {b}"


def test_every_group_is_used_by_some_page(real_docs: Mapping[str, bytes]) -> None:
    text = "\n".join(v.decode("utf-8", "replace") for k, v in real_docs.items() if k.endswith(".md"))
    lower = text.lower()
    unused = []
    for g in synonym_groups():
        words = [t for terms in g.terms.values() for t in terms]
        if not any(t in text if not t.isascii() else re.search(rf"(?<![\w-]){re.escape(t.lower())}(?![\w-])", lower)
                   for t in words):
            unused.append(g.means)
    assert unused == [], "no page has any of their words"
