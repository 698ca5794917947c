"""Read entries/ into typed Entry and Article objects; every problem becomes a Problem, never a traceback."""
from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import fastjsonschema
import ftfy
import jsonschema
import yaml

from generator.config import domain_ids
from generator.model import Article, DeadEnd, Entry, VersionRow, Workaround, ZhText
from generator.problems import Problem
from generator.rules import RESERVED
from generator.paths import SCHEMA_DIR
from generator.versions import split_version

MAX_FILE_BYTES = 1_000_000
_SAFE_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)


@dataclass
class Corpus:
    entries: list[Entry] = field(default_factory=list)
    articles: list[Article] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


def _schema(name: str) -> dict[str, Any]:
    """A schema file, with the entry schema's domain list taken from config/domains.yml (the one list)."""
    schema: dict[str, Any] = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    if name == "entry.schema.json":
        schema["properties"]["domain"]["enum"] = list(domain_ids())
    return schema


@lru_cache(maxsize=2)
def _validator(name: str) -> jsonschema.protocols.Validator:
    schema = _schema(name)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


@lru_cache(maxsize=2)
def _fast_check(name: str) -> Any:
    """A compiled validator that only answers valid / invalid: about 30x faster than jsonschema, which stays
    the authority for what is reported. Its date check is jsonschema's, so both agree on valid input."""
    schema = _schema(name)
    checker = jsonschema.FormatChecker()
    return fastjsonschema.compile(schema, formats={"date": lambda v: checker.conforms(v, "date"),
                                                   "uri": lambda v: True})  # jsonschema checks no "uri"


def schema_problems(data: Any, rel: str, schema: str = "entry.schema.json") -> list[Problem]:
    """Every schema violation, as `field: what was expected`, sorted by field."""
    try:
        _fast_check(schema)(data)
        return []
    except fastjsonschema.JsonSchemaException:
        pass  # report every problem, in jsonschema's words
    out = []
    for err in _validator(schema).iter_errors(data):
        where = ".".join(str(p) for p in err.absolute_path)
        out.append(Problem(rel, where, _schema_message(err)))
    return sorted(set(out))


def _schema_message(err: jsonschema.ValidationError) -> str:
    if err.validator == "additionalProperties":
        return err.message.replace("Additional properties are not allowed", "unknown field(s) not allowed")
    if err.validator == "oneOf":
        return "expected a string or an object with 'action'"
    text = err.message
    return text if len(text) <= 300 else text[:300] + "…"


def read_text(path: Path, rel: str) -> tuple[str | None, list[Problem]]:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, [Problem(rel, "", f"file is {size} bytes; the limit is {MAX_FILE_BYTES}")]
        data = path.read_bytes()
    except OSError as exc:
        return None, [Problem(rel, "", f"cannot read file: {exc.strerror or exc}")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [Problem(rel, "", f"not valid UTF-8 (byte {exc.start})")]
    if "\x00" in text:
        return None, [Problem(rel, "", "contains a NUL character")]
    return text.removeprefix("\ufeff"), []


def parse_entry_json(text: str, rel: str) -> tuple[Any, list[Problem]]:
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as exc:
        return None, [Problem(rel, str(exc), "duplicate key")]
    except json.JSONDecodeError as exc:
        return None, [Problem(rel, "", f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")]
    except RecursionError:
        return None, [Problem(rel, "", "invalid JSON: nested too deeply")]
    problems = unicode_problems(data, rel)
    return (None, problems) if problems else (data, [])


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def unicode_problems(data: Any, rel: str, max_depth: int = 64) -> list[Problem]:
    """JSON escapes can smuggle in lone surrogates ('\\ud800'), which are not Unicode text and cannot be written
    out as UTF-8; and nesting deeper than any field needs only exercises recursion limits downstream."""
    out: list[Problem] = []
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > max_depth:
            return [Problem(rel, where, f"nested more than {max_depth} levels deep")]
        if isinstance(value, str) and _SURROGATE.search(value):
            out.append(Problem(rel, where, "contains a lone surrogate (a \\ud800-\\udfff escape): not valid Unicode text"))
        elif isinstance(value, dict):
            for k, v in value.items():
                if _SURROGATE.search(k):
                    out.append(Problem(rel, where, "a key contains a lone surrogate: not valid Unicode text"))
                    continue
                stack.append((v, f"{where}.{k}" if where else k, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, f"{where}.{i}" if where else str(i), depth + 1) for i, v in enumerate(value))
    return sorted(out)


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root.parent).as_posix() if root.parent in path.parents else path.as_posix()


def path_problems(parts: tuple[str, ...], rel: str, others: frozenset[str] = frozenset()) -> list[Problem]:
    """E004 / E003 for a file's folder and name (without suffix), checked before the file is even read:
    ids become output paths, so an unsafe or reserved name must never reach the renderer."""
    for part in parts:
        if not _SAFE_NAME.match(part.lower()):
            return [Problem(rel, "", f"'{part}' is not a safe name: use lowercase letters, digits and single hyphens",
                            code="E004")]
        if part.lower() in RESERVED:
            return [Problem(rel, "", f"'{part}' is reserved for the site's own pages; choose another name",
                            code="E004")]
    name = "/".join(parts)
    if name != name.lower():
        twin = f"; it differs only by case from '{name.lower()}'" if name.lower() in others else ""
        return [Problem(rel, "", f"'{name}' has capital letters: ids and file names are lowercase{twin}",
                        code="E003")]
    return []


def load_entry(path: Path, root: Path, ids: frozenset[str] = frozenset()) -> tuple[Entry | None, list[Problem]]:
    """`ids`: the ids that all entry files' paths give, to tell a duplicate (E002) from a plain mismatch (E001)."""
    rel = _rel(path, root)
    expected = path.relative_to(root).with_suffix("").as_posix()
    problems = path_problems(tuple(expected.split("/")), rel, ids)
    if problems:
        return None, problems
    text, problems = read_text(path, rel)
    if text is None:
        return None, problems
    data, problems = parse_entry_json(text, rel)
    if problems:
        return None, problems
    problems = schema_problems(data, rel)
    if problems:
        return None, problems
    if data["id"] != expected:
        if data["id"] in ids:
            return None, [Problem(rel, "id", f"'{data['id']}' is already the id of entries/{data['id']}.json; "
                                  f"this file's path says '{expected}'", code="E002")]
        return None, [Problem(rel, "id", f"is '{data['id']}' but the file path says '{expected}'", code="E001")]
    return to_entry(data, rel), []


def _zh_items(items: list[Any]) -> tuple[ZhText, ...]:
    out = []
    for item in items:
        if isinstance(item, str):
            out.append(ZhText(action=item))
        else:
            out.append(ZhText(**{k: v or "" for k, v in item.items()}))
    return tuple(out)


def to_entry(d: dict[str, Any], rel: str) -> Entry:
    tg = d["transition_graph"]
    return Entry(
        id=d["id"], path=rel, raw=d,
        signature=d["signature"], signature_zh=d["signature_zh"],
        regex=d["regex"], regex_flags=d.get("regex_flags", ""),
        domain=d["domain"], category=d["category"], subcategory=d.get("subcategory"),
        root_cause=d["root_cause"], root_cause_zh=d["root_cause_zh"],
        versions=tuple(
            VersionRow(*split_version(v["version"]), status=v["status"], introduced=v.get("introduced"),
                       deprecated=v.get("deprecated"), removed=v.get("removed"),
                       behavior_change=v.get("behavior_change"))
            for v in d["versions"]),
        dead_ends=tuple(DeadEnd(x["action"], x["why_fails"], x.get("fail_rate"), x.get("condition", ""),
                                tuple(x.get("sources", []))) for x in d["dead_ends"]),
        dead_ends_zh=_zh_items(d.get("dead_ends_zh", [])),
        workarounds=tuple(Workaround(x["action"], x.get("success_rate"), x.get("how", ""), x.get("condition", ""),
                                     tuple(x.get("sources", []))) for x in d["workarounds"]),
        workarounds_zh=_zh_items(d["workarounds_zh"]),
        leads_to=tuple(tg["leads_to"]), preceded_by=tuple(tg["preceded_by"]),
        confused_with=tuple(tg["frequently_confused_with"]),
        official_doc_url=d["official_doc_url"], official_doc_section=d.get("official_doc_section"),
        error_code=d.get("error_code"), verification_tier=d["verification_tier"],
        confidence=d.get("confidence"), fix_success_rate=d.get("fix_success_rate"), resolvable=d["resolvable"],
        first_seen=d.get("first_seen"), last_confirmed=d.get("last_confirmed"), last_updated=d["last_updated"],
        tags=tuple(d["tags"]), aliases=tuple(d["aliases"]),
        os_specific=dict(d.get("os_specific", {})),
        corrections=tuple(d.get("corrections", [])), acknowledged=tuple(d.get("acknowledged", [])),
        replaced_by=d.get("replaced_by"), belongs_to=d.get("belongs_to"), reproduction=d.get("reproduction"),
    )


def _front_matter(text: str, rel: str) -> tuple[dict[str, Any] | None, str, list[Problem]]:
    m = FRONT_MATTER.match(text)
    if not m:
        return None, text, [Problem(rel, "", "missing YAML front matter (--- title/date/id ---)")]
    try:
        meta = yaml.safe_load(m.group(1))
    except yaml.YAMLError as exc:
        return None, text, [Problem(rel, "front matter", f"invalid YAML: {str(exc).splitlines()[0]}")]
    if not isinstance(meta, dict):
        return None, text, [Problem(rel, "front matter", "must be a mapping of keys to values")]
    # YAML turns unquoted dates into date objects; the schema speaks ISO strings.
    meta = {k: (v.isoformat() if isinstance(v, (dt.date, dt.datetime)) else v) for k, v in meta.items()}
    return meta, text[m.end():], []


def _repair(text: str, rel: str, problems: list[Problem]) -> tuple[str, bool]:
    fixed = ftfy.fix_encoding(text)
    if fixed != text:
        problems.append(Problem(rel, "body", "mojibake repaired on load (e.g. 'â€™' → '’'); fix the source file",
                                severity="warning", code="W106"))
        return fixed, True
    return text, False


def _read_markdown(path: Path, rel: str) -> tuple[dict[str, Any] | None, str, list[Problem]]:
    """(front matter, body, problems) of a Markdown file; front matter is None when it cannot be read."""
    text, problems = read_text(path, rel)
    if text is None:
        return None, "", problems
    return _front_matter(text, rel)


def load_article(path: Path, root: Path) -> tuple[Article | None, list[Problem]]:
    rel = _rel(path, root)
    problems = path_problems((path.stem,), rel)
    if problems:
        return None, problems
    meta, body, problems = _read_markdown(path, rel)
    if meta is None:
        return None, problems
    problems = unicode_problems(meta, rel) or schema_problems(meta, rel, "article.schema.json")
    if problems:
        return None, problems
    if meta["id"] != path.stem:
        return None, [Problem(rel, "id", f"is '{meta['id']}' but the file name says '{path.stem}'", code="E001")]
    warnings: list[Problem] = []
    body, repaired = _repair(body, rel, warnings)
    title, title_repaired = _repair(meta["title"], rel, warnings)
    title_zh = body_zh = zh_rel = None
    zh_path = path.with_name(path.stem + ".zh.md")
    if zh_path.exists():
        zh_rel = rel[: -len(path.name)] + zh_path.name
        zh_meta, zh_body, zh_problems = _read_markdown(zh_path, zh_rel)
        if zh_meta is None:
            return None, zh_problems
        title_zh = str(zh_meta.get("title") or "") or None
        body_zh, _ = _repair(zh_body, zh_rel, warnings)
    article = Article(id=meta["id"], path=rel, title=title, date=meta["date"], body=body,
                      entries=tuple(meta.get("entries", [])), title_zh=title_zh, body_zh=body_zh,
                      zh_path=zh_rel, repaired_mojibake=repaired or title_repaired)
    return article, warnings


def load_corpus(root: Path) -> Corpus:
    """Load every entry (<root>/<domain>/<slug>.json) and article (<root>/articles/<id>.md)."""
    corpus = Corpus()
    if not root.is_dir():
        corpus.problems.append(Problem(str(root), "", "entries folder not found"))
        return corpus
    files = [p for p in sorted(root.glob("*/*.json")) if p.parent.name != "articles"]
    ids = frozenset(p.relative_to(root).with_suffix("").as_posix() for p in files)
    for path in files:
        entry, problems = load_entry(path, root, ids)
        corpus.problems.extend(problems)
        if entry:
            corpus.entries.append(entry)
    for path in sorted((root / "articles").glob("*.md")):
        if path.name.endswith(".zh.md"):
            continue
        article, problems = load_article(path, root)
        corpus.problems.extend(problems)
        if article:
            corpus.articles.append(article)
    stray = [p for p in sorted(root.rglob("*")) if p.is_file() and _is_stray(p, root)]
    for p in stray:
        corpus.problems.append(Problem(p.relative_to(root.parent).as_posix(), "",
                                       "not an entry: entries are entries/<domain>/<slug>.json",
                                       severity="warning", code="W001"))
    return corpus


def _is_stray(path: Path, root: Path) -> bool:
    parts = path.relative_to(root).parts
    if ".repro" in "".join(part[-6:] for part in parts[:-1]):
        return False  # reproduction scripts and outputs beside an entry
    if len(parts) == 2 and parts[0] == "articles":
        return path.suffix != ".md"
    return not (len(parts) == 2 and path.suffix == ".json")
