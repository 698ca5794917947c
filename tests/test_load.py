"""Loading: seeds load; malformed input becomes `file: field: problem`, never a traceback."""
from __future__ import annotations

import json
from pathlib import Path

from generator.load.corpus import load_corpus
from tests.conftest import ARTICLE_ID, SEED_IDS, seed, write_entry


def messages(root: Path) -> list[str]:
    return [str(p) for p in load_corpus(root).problems if p.severity == "error"]


def test_seeds_load_with_only_the_mojibake_warning(corpus_dir: Path) -> None:
    corpus = load_corpus(corpus_dir)
    assert sorted(e.id for e in corpus.entries) == sorted(SEED_IDS)
    assert [a.id for a in corpus.articles] == [ARTICLE_ID]
    assert [(p.code, p.severity) for p in corpus.problems] == [("W106", "warning")]


def test_mojibake_is_repaired_with_ftfy(corpus_dir: Path) -> None:
    article = load_corpus(corpus_dir).articles[0]
    assert "itâ€™s" not in article.body
    assert "it’s less efficient" in article.body
    assert article.repaired_mojibake


def test_invalid_json_names_file_and_position(corpus_dir: Path) -> None:
    (corpus_dir / "cuda" / "broken.json").write_text('{"id": "cuda/broken",', encoding="utf-8")
    [msg] = messages(corpus_dir)
    assert msg == ("entries/cuda/broken.json: (file): E011 invalid JSON: the file ends too early: a value or a "
                   "closing bracket is missing (line 1, column 22)")


def test_schema_problems_are_all_reported_with_field(corpus_dir: Path) -> None:
    data = seed(SEED_IDS[0])
    data["confidence"] = 1.5
    data["resolvable"] = "maybe"
    data["surprise"] = 1
    del data["root_cause"]
    write_entry(corpus_dir, data)
    msgs = messages(corpus_dir)
    rel = f"entries/{SEED_IDS[0]}.json"
    assert f"{rel}: confidence: E015 is greater than the maximum of 1: 1.5" in msgs
    assert any(m.startswith(f"{rel}: resolvable: E015 must be one of \"true\", \"false\", \"partial\"; it is 'maybe'")
               for m in msgs), msgs
    assert any(m.startswith(f"{rel}: surprise: E015 is not a field here") for m in msgs)
    assert f"{rel}: root_cause: E015 is missing: this field is required" in msgs  # on the field, not (file)


def test_nested_field_paths(corpus_dir: Path) -> None:
    data = seed(SEED_IDS[1])
    data["workarounds"][1]["success_rate"] = "high"
    write_entry(corpus_dir, data)
    assert any(": workarounds.1.success_rate: E015 must be a number, not a string: 'high'" in m
               for m in messages(corpus_dir))


def test_duplicate_keys_are_rejected(corpus_dir: Path) -> None:
    text = (corpus_dir / f"{SEED_IDS[0]}.json").read_text(encoding="utf-8")
    text = text.replace('"domain": "cuda",', '"domain": "cuda", "domain": "pytorch",', 1)
    (corpus_dir / f"{SEED_IDS[0]}.json").write_text(text, encoding="utf-8")
    assert messages(corpus_dir) == [f"entries/{SEED_IDS[0]}.json: domain: E012 duplicate key 'domain': each key may "
                                    "appear once in an object (the second one would silently win)"]


def test_invalid_utf8_is_reported(corpus_dir: Path) -> None:
    (corpus_dir / "cuda" / "latin1.json").write_bytes(b'{"id": "caf\xe9"}')
    assert messages(corpus_dir) == ["entries/cuda/latin1.json: (file): E010 not valid UTF-8 (byte 11)"]


def test_id_must_equal_path(corpus_dir: Path) -> None:
    data = dict(seed(SEED_IDS[0]), id="cuda/not-this-name")
    write_entry(corpus_dir, data, rel="cuda/other-name")
    assert ("entries/cuda/other-name.json: id: E001 is 'cuda/not-this-name' but the file path says 'cuda/other-name'"
            in messages(corpus_dir))


def test_non_object_top_level(corpus_dir: Path) -> None:
    (corpus_dir / "cuda" / "list.json").write_text("[1, 2]", encoding="utf-8")
    assert messages(corpus_dir) == ["entries/cuda/list.json: (file): E015 must be an object, not a list: [1, 2]"]


def test_article_without_front_matter(corpus_dir: Path) -> None:
    (corpus_dir / "articles" / "plain.md").write_text("# Just text\n", encoding="utf-8")
    assert messages(corpus_dir) == [
        "entries/articles/plain.md: (file): E016 missing YAML front matter (--- title/date/id ---)"]


def test_article_bad_front_matter_fields(corpus_dir: Path) -> None:
    (corpus_dir / "articles" / "x.md").write_text('---\ntitle: T\ndate: "yesterday"\nid: "x"\n---\nbody\n',
                                                   encoding="utf-8")
    assert "entries/articles/x.md: date: E015 is not a real date (YYYY-MM-DD, a day that exists): 'yesterday'" in \
        messages(corpus_dir)


def test_chinese_article_translation_is_used(corpus_dir: Path) -> None:
    zh = corpus_dir / "articles" / f"{ARTICLE_ID}.zh.md"
    zh.write_text('---\ntitle: "为什么 cudaDeviceReset 会出错"\n---\n正文。\n', encoding="utf-8")
    article = load_corpus(corpus_dir).articles[0]
    assert article.title_zh == "为什么 cudaDeviceReset 会出错"
    assert article.body_zh.strip() == "正文。"


def test_stray_files_are_warned_about(corpus_dir: Path) -> None:
    (corpus_dir / "cuda" / "notes.txt").write_text("x", encoding="utf-8")
    probs = load_corpus(corpus_dir).problems
    assert any(p.code == "W001" and p.file == "entries/cuda/notes.txt" for p in probs)
    assert json.loads((corpus_dir / f"{SEED_IDS[0]}.json").read_text())["id"] == SEED_IDS[0]
