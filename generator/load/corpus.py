"""Read entries/ into typed Entry and Article objects; every problem becomes a coded Problem, never a traceback.

Entries are untrusted. Nothing here follows a symbolic link, reads anything but a regular file inside entries/,
or lets a file's size, nesting, numbers or YAML features cost more than a bounded amount of time and memory.
An entry that breaks the schema is still linted: the broken fields are replaced by neutral values in a copy
(a "partial" entry, never published), so one run reports every problem in a file, not only the first kind."""
from __future__ import annotations

import copy
import difflib
import hashlib
import json
import math
import os
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import fastjsonschema
import ftfy
import jsonschema
import yaml

from generator.config import domain_ids
from generator.lint.rules import RESERVED
from generator.lint.versions import split_version
from generator.load.jsonpos import line_col, walk
from generator.memo import Stamp, file_digest
from generator.model import VERSION_NOTES, Article, DeadEnd, Entry, Evidence, VersionRow, Workaround, ZhText
from generator.paths import SCHEMA_DIR
from generator.problems import Problem
from generator.workers import fork_map

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 64  # nesting of JSON values; no field needs more than 4
MAX_FOLDER_DEPTH = 8  # folders below entries/ (entries/<domain>/<slug>.repro/... needs 3)
MAX_FRONT_MATTER_BYTES = 65_536
MAX_FRONT_MATTER_DEPTH = 8  # an article's front matter is a flat mapping with a list or two
MAX_FRONT_MATTER_NODES = 10_000
MAX_NUMBER_DIGITS = 30  # JSON integers longer than this are not a count of anything
_SAFE_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)


@dataclass
class Corpus:
    entries: list[Entry] = field(default_factory=list)
    articles: list[Article] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    ids: frozenset[str] = frozenset()  # the id of every entry file, loaded or not
    # Entries that break the schema, with neutral values in the broken fields: linted, never published. By path,
    # the fields that were replaced (lint findings on them or on what depends on them are dropped).
    partial: list[Entry] = field(default_factory=list)
    repaired: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def _err(rel: str, where: str, code: str, message: str, line: int | None = None) -> Problem:
    return Problem(rel, where, message, code=code, line=line)


# ---- finding the files: regular files inside entries/ only ----

@dataclass
class _Files:
    entries: list[Path] = field(default_factory=list)
    articles: list[Path] = field(default_factory=list)
    translations: list[Path] = field(default_factory=list)  # articles/<id>.zh.md
    stray: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root.parent).as_posix() if root.parent in path.parents else path.as_posix()


def scan(root: Path) -> _Files:
    """Every file under `root`, sorted by kind, without following a symbolic link anywhere (a link is E007 and its
    target is never read); pipes, sockets and devices are E007 too (reading one could block). Paths are put together
    as strings (a Path per file of the .repro folders was ~0.3 s of each `mkdocs serve` rebuild at 3,000 entries)."""
    out = _Files()
    prefix = _rel(root / "x", root)[:-1]  # what _rel puts before a path relative to root: "<root's name>/"
    stack: list[tuple[str, tuple[str, ...]]] = [(str(root), ())]
    while stack:
        folder, folder_parts = stack.pop()
        try:
            with os.scandir(folder) as it:
                items = sorted(it, key=lambda d: d.name)
        except OSError as exc:
            where = prefix + "/".join(folder_parts) if folder_parts else _rel(root, root)
            out.problems.append(_err(where, "", "E010", f"cannot read folder: {exc.strerror or exc}"))
            continue
        repro = any(part.endswith(".repro") for part in folder_parts)
        for item in items:
            parts = (*folder_parts, item.name)
            rel = prefix + "/".join(parts)
            try:
                mode = item.stat(follow_symlinks=False).st_mode
            except OSError as exc:
                out.problems.append(_err(rel, "", "E010", f"cannot read: {exc.strerror or exc}"))
                continue
            if stat.S_ISLNK(mode):
                out.problems.append(_err(rel, "", "E007", "is a symbolic link: files in entries/ must be regular "
                                         "files inside it (the link was not followed)"))
            elif stat.S_ISDIR(mode):
                if len(parts) > MAX_FOLDER_DEPTH:
                    out.problems.append(_err(rel, "", "E007", f"is nested more than {MAX_FOLDER_DEPTH} folders "
                                             "deep in entries/ (not read)"))
                else:
                    stack.append((item.path, parts))
            elif not stat.S_ISREG(mode):
                out.problems.append(_err(rel, "", "E007", "is not a regular file (a pipe, socket or device): "
                                         "files in entries/ must be regular files (not read)"))
            elif repro:
                continue  # reproduction scripts and outputs beside an entry (linked from its page, never read)
            elif len(parts) == 2 and parts[0] == "articles":
                path = Path(item.path)
                if path.name.endswith(".zh.md"):
                    out.translations.append(path)
                elif path.suffix == ".md":
                    out.articles.append(path)
                else:
                    out.stray.append(path)
            elif len(parts) == 2 and item.name.endswith(".json"):
                out.entries.append(Path(item.path))
            else:
                out.stray.append(Path(item.path))
    for kind in (out.entries, out.articles, out.translations, out.stray):
        kind.sort()
    return out


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file, never through a symbolic link and never blocking on a pipe."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise IsADirectoryError(0, "not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise _TooBig(info.st_size)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise _TooBig(len(data))
    return data


class _TooBig(Exception):
    def __init__(self, size: int):
        self.size = size


def read_text(path: Path, rel: str) -> tuple[str | None, list[Problem]]:
    try:
        data = read_regular(path)
    except _TooBig as exc:
        return None, [_err(rel, "", "E010", f"file is {exc.size} bytes; the limit is {MAX_FILE_BYTES}")]
    except OSError as exc:
        return None, [_err(rel, "", "E010", f"cannot read file: {exc.strerror or exc}")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [_err(rel, "", "E010", f"not valid UTF-8 (byte {exc.start})")]
    if "\x00" in text:
        return None, [_err(rel, "", "E010", "contains a NUL character")]
    return text.removeprefix("\ufeff"), []


def path_problems(parts: tuple[str, ...], rel: str, others: frozenset[str] = frozenset(),
                  entry: bool = False) -> list[Problem]:
    """E004 / E003 (and E008 for an entry's folder) for a file's folder and name (without suffix), checked before
    the file is even read: ids become output paths, so an unsafe or reserved name must never reach the renderer."""
    for part in parts:
        if not _SAFE_NAME.match(part.lower()):
            return [_err(rel, "", "E004", f"'{part}' is not a safe name: use lowercase letters, digits and single "
                                          "hyphens")]
        if part.lower() in RESERVED:
            return [_err(rel, "", "E004", f"'{part}' is reserved for the site's own pages; choose another name")]
    name = "/".join(parts)
    if name != name.lower():
        twin = f"; it differs only by case from '{name.lower()}'" if name.lower() in others else ""
        return [_err(rel, "", "E003", f"'{name}' has capital letters: ids and file names are lowercase{twin}")]
    if entry and parts[0] not in domain_ids():
        return [_err(rel, "", "E008", f"'{parts[0]}' is not a domain: entries live in entries/<domain>/, with "
                                      f"<domain> one of {', '.join(domain_ids())}")]
    return []


# ---- JSON ----

class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


@dataclass(frozen=True)
class _BadNumber:
    """A number JSON text may spell but no field can hold: NaN, Infinity, 1e999, or a 5,000-digit integer."""
    text: str


def _parse_float(text: str) -> float | _BadNumber:
    value = float(text)
    return value if math.isfinite(value) else _BadNumber(text)


def _parse_int(text: str) -> int | _BadNumber:
    return int(text) if len(text.lstrip("-")) <= MAX_NUMBER_DIGITS else _BadNumber(text)


def _json_syntax(text: str, exc: json.JSONDecodeError) -> tuple[str, int]:
    """What is wrong, in words, and the offset to report it at."""
    pos = min(exc.pos, len(text))
    before = text[:pos].rstrip()
    here = text[pos:pos + 1]
    if not text.strip():
        return "the file is empty", 0
    if exc.msg in ("Expecting value", "Expecting property name enclosed in double quotes"):
        if before.endswith(",") and here in ("]", "}"):
            return f"trailing comma before '{here}': JSON allows no comma after the last item", len(before) - 1
        if here == "'":
            return "strings and keys need double quotes (\"), not single quotes", pos
        if text.startswith(("//", "/*"), pos):
            return "comments are not allowed in JSON", pos
        if pos >= len(text):
            return "the file ends too early: a value or a closing bracket is missing", pos
        if before.endswith(":") and here in ("]", "}", ","):
            return "a value is missing after ':'", pos
        word = re.match(r"[A-Za-z_][A-Za-z0-9_]*", text[pos:])
        if word and exc.msg.startswith("Expecting property name"):
            return f"the key {word.group()} needs double quotes", pos
        if word:
            return (f"'{word.group()}' is not a JSON value (use true, false, null, a number or a \"string\")", pos)
        return f"a value was expected here, found '{here}'", pos
    if exc.msg == "Expecting ',' delimiter":
        return f"a comma or a closing bracket is missing before '{here}'", pos
    if exc.msg == "Expecting ':' delimiter":
        return "a ':' is missing after the key", pos
    if exc.msg.startswith("Unterminated string"):
        return "a string is not closed (its closing \" is missing)", pos
    if exc.msg.startswith("Invalid control character"):
        return "a raw line break, tab or control character inside a string: write it as \\n, \\t or \\uXXXX", pos
    if exc.msg.startswith("Invalid \\uXXXX"):
        return "an invalid \\u escape in a string: \\u needs 4 hex digits", pos
    if exc.msg.startswith("Invalid \\escape"):
        return ("an invalid escape in a string: only \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX are allowed "
                "(write \\\\ for a backslash)"), pos
    if exc.msg == "Extra data":
        return "more text after the end of the JSON value (a second value, or a stray bracket?)", pos
    return exc.msg, pos


def here_is(text: str, comma: int, closing: str) -> bool:
    """Whether the comma at `comma` is followed (after whitespace) by `closing`."""
    return text[comma + 1:].lstrip()[:1] == closing


def parse_entry_json(text: str, rel: str) -> tuple[Any, list[Problem]]:
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_BadNumber,
                          parse_float=_parse_float, parse_int=_parse_int)
    except _DuplicateKey as exc:
        _, dup = walk(text)
        if dup is None:
            return None, [_err(rel, field_name([str(exc)]), "E012", "duplicate key: each key may appear once in an "
                                                                    "object (the second one would silently win)")]
        path, offset = dup
        return None, [_err(rel, field_name(path), "E012", f"duplicate key {_short(path[-1], 60)}: each key may appear "
                           "once in an object (the second one would silently win)", line=line_col(text, offset)[0])]
    except json.JSONDecodeError as exc:
        what, offset = _json_syntax(text, exc)
        line, col = line_col(text, offset)
        trailing = what.startswith("trailing comma")
        path, _ = walk(text, offset + 1 if trailing else offset)
        if trailing and here_is(text, offset, "]") and path:
            path = path[:-1]  # the list the comma is in, not the item after it
        return None, [_err(rel, field_name(path), "E011", f"invalid JSON: {what} (line {line}, column {col})")]
    except RecursionError:
        return None, [_err(rel, "", "E011", f"invalid JSON: nested far more than {MAX_DEPTH} levels deep")]
    except ValueError as exc:  # a number the parser itself refuses
        return None, [_err(rel, "", "E011", f"invalid JSON: {exc}")]
    problems = value_problems(data, rel)
    return (None, problems) if problems else (data, [])


_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SCALARS = (str, bool, int, float, type(None))


def value_problems(data: Any, rel: str, max_depth: int = MAX_DEPTH, yaml_keys: bool = False) -> list[Problem]:
    """What no field can hold, found without recursion: lone surrogates ('\\ud800' escapes are not Unicode text and
    cannot be written out as UTF-8; E013), NaN, Infinity and absurd numbers (E014), and nesting deeper than any
    field needs (E011; E017 in YAML). With `yaml_keys`, keys must be text (E016)."""
    out: list[Problem] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    deep = "E017" if yaml_keys else "E011"
    while stack:
        value, parts = stack.pop()
        where = field_name(parts)
        if len(parts) > max_depth:
            return [_err(rel, where, deep, f"nested more than {max_depth} levels deep")]
        if isinstance(value, str):
            if _SURROGATE.search(value):
                out.append(_err(rel, where, "E013", "contains a lone surrogate (a \\ud800-\\udfff escape): not "
                                                    "valid Unicode text"))
        elif isinstance(value, _BadNumber) or (isinstance(value, float) and not math.isfinite(value)):
            text = value.text if isinstance(value, _BadNumber) else str(value)
            out.append(_err(rel, where, "E014", f"{_short(text, 40)} is not a number any field can hold: use a "
                                                "finite number (NaN and Infinity are not JSON)"))
        elif isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    out.append(_err(rel, where or "front matter", "E016",
                                    f"the key {_short(k, 40)} is not text: front matter keys are "
                                    "names such as title, date, id"))
                    continue
                if _SURROGATE.search(k):
                    out.append(_err(rel, where, "E013", "a key contains a lone surrogate: not valid Unicode text"))
                    continue
                stack.append((v, (*parts, k)))
        elif isinstance(value, list):
            stack.extend((v, (*parts, i)) for i, v in enumerate(value))
        elif not isinstance(value, _SCALARS):
            out.append(_err(rel, where, "E016", f"holds a {type(value).__name__}, which is not a JSON value"))
    return sorted(out)


# ---- JSON Schema, with messages that say what is wrong first ----

@lru_cache(maxsize=4)
def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((SCHEMA_DIR / name.removesuffix("#zh")).read_text(encoding="utf-8"))
    if name == "entry.schema.json":  # the one list of domains: config/domains.yml
        schema["properties"]["domain"]["enum"] = list(domain_ids())
    if name.endswith("#zh"):  # an article's translation: a title of its own; id and date only repeat the English
        schema["required"] = ["title"]
    return schema


@lru_cache(maxsize=4)
def _validator(name: str) -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(_schema(name), format_checker=jsonschema.FormatChecker())


@lru_cache(maxsize=4)
def _fast_check(name: str) -> Any:
    """A compiled validator that only answers valid / invalid: about 30x faster than jsonschema, which stays
    the authority for what is reported. Its date check is jsonschema's, so both agree on valid input."""
    checker = jsonschema.FormatChecker()
    return fastjsonschema.compile(_schema(name), formats={"date": lambda v: checker.conforms(v, "date"),
                                                          "uri": lambda v: True})  # jsonschema checks no "uri"


def _valid(data: Any, schema: str) -> bool:
    try:
        _fast_check(schema)(data)
        return True
    except fastjsonschema.JsonSchemaException:
        return False


def _errors(data: Any, schema: str) -> list[jsonschema.ValidationError]:
    return [] if _valid(data, schema) else list(_validator(schema).iter_errors(data))


def schema_problems(data: Any, rel: str, schema: str = "entry.schema.json") -> list[Problem]:
    """Every schema violation as `field: E015 what is wrong (the value, shortened)`, sorted by field."""
    return _schema_problems(_errors(data, schema), rel)


def _schema_problems(errors: list[jsonschema.ValidationError], rel: str) -> list[Problem]:
    out: set[Problem] = set()
    for err in errors:
        for where, message in _explain(err):
            out.add(_err(rel, where, "E015", message))
    return sorted(out)


def _short(value: Any, limit: int = 80) -> str:
    """A value for a message: repr, cut to `limit` characters with the full length said."""
    if isinstance(value, str):
        text = repr(value[:limit]) + (f"… ({len(value):,} characters)" if len(value) > limit else "")
        return text
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, TypeError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


_TYPE_WORDS = {"string": "a string", "number": "a number", "integer": "a whole number", "object": "an object",
               "array": "a list", "boolean": "true or false", "null": "null"}


def _type_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    words = {str: "a string", dict: "an object", list: "a list", type(None): "null"}
    return words.get(type(value), type(value).__name__)


def field_name(parts: Any, more: Any = None) -> str:
    """A dotted field path for a report: untrusted keys can be any length, and nesting any depth, so each part is
    cut to 60 characters and the path to 12 parts."""
    parts = [*parts, *([] if more is None else [more])]
    shown = [str(x) if len(str(x)) <= 60 else str(x)[:60] + "…" for x in parts[:12]]
    return ".".join(shown + (["…"] if len(parts) > 12 else []))


_dotted = field_name


# Schema bounds: what the value breaks ({spec}: the bound; {found}: the value, or how many items it has).
_BOUNDS = {
    "maximum": "is greater than the maximum of {spec}: {found}",
    "minimum": "is less than the minimum of {spec}: {found}",
    "maxItems": "has too many items: {found}, at most {spec}",
    "minItems": "has too few items: {found}, at least {spec}",
}


def _explain(err: jsonschema.ValidationError) -> list[tuple[str, str]]:
    """(field, message) for one schema error: the reason first, then the value, shortened, never instead of it."""
    where = _dotted(err.absolute_path)
    # The error's parts are JSON values of any type (the stubs say so with Unset and unions): read as such.
    v: Any = err.validator
    value: Any = err.instance
    spec: Any = err.validator_value
    schema: Any = err.schema

    def child(k: str) -> str:
        return field_name(err.absolute_path, k)

    if v == "required":
        have = value if isinstance(value, dict) else {}
        return [(child(k), "is missing: this field is required") for k in spec if k not in have]
    if v == "additionalProperties":
        known = list(schema.get("properties", {}))
        out = []
        for k in value if isinstance(value, dict) else ():
            if k not in known:
                near = difflib.get_close_matches(k, known, n=1)
                hint = f"; did you mean '{near[0]}'?" if near else f" (the fields are: {', '.join(known)})"
                out.append((child(k), f"is not a field here{hint}"))
        return out
    if "propertyNames" in err.schema_path:
        return [(child(value), f"is not a field here: must be one of {', '.join(map(str, spec))}")]
    if v == "oneOf":  # a translated workaround: "text", or {"action": ...}
        branch = 0 if isinstance(value, str) else 1 if isinstance(value, dict) else None
        if branch is not None:
            inner = [e for e in err.context or [] if e.relative_schema_path and e.relative_schema_path[0] == branch]
            if inner:
                return [x for e in inner for x in _explain(e)]
        return [(where, f"must be a string or an object with 'action', not {_type_word(value)}: {_short(value)}")]
    if v == "type":
        want: list[str] = spec if isinstance(spec, list) else [spec]
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in want)
        return [(where, f"must be {words}, not {_type_word(value)}: {_short(value)}")]
    if v == "enum":
        return [(where, f"must be one of {', '.join(json.dumps(x) for x in spec)}; "
                        f"it is {_short(value)}")]
    if v == "const":
        return [(where, f"must be {json.dumps(spec)}; it is {_short(value)}")]
    if v == "format" and spec == "date":
        return [(where, f"is not a real date (YYYY-MM-DD, a day that exists): {_short(value)}")]
    if v == "pattern":
        return [(where, f"does not have the required form (pattern {spec}): {_short(value)}")]
    if v == "maxLength":
        return [(where, f"is too long: {len(value):,} characters, at most {spec:,}: {_short(value, 60)}")]
    if v == "minLength":
        return [(where, "must not be empty" if spec == 1 else
                 f"is too short: at least {spec} characters: {_short(value)}")]
    if v in _BOUNDS:
        found = len(value) if v.endswith("Items") else _short(value)
        return [(where, _BOUNDS[v].format(spec=spec, found=found))]
    if v == "uniqueItems":
        seen: list[Any] = []
        dups: list[Any] = []
        for x in value:
            (dups if x in seen else seen).append(x)
        return [(where, f"lists the same item twice: {_short(dups[0]) if dups else ''}")]
    return [(where, f"fails the schema's '{v}' check: {_short(value)}")]


# ---- schema-broken entries: linted from a repaired copy ----

_NEUTRAL: dict[str, Any] = {
    "signature": "(not loaded)", "signature_zh": "", "regex": "(?:not loaded)", "category": "runtime_error",
    "root_cause": "(not loaded)", "root_cause_zh": "", "versions": [], "dead_ends": [],
    "workarounds": [{"action": "(not loaded)"}], "workarounds_zh": [],
    "transition_graph": {"leads_to": [], "preceded_by": [], "frequently_confused_with": []},
    "official_doc_url": "https://example.invalid/", "error_code": None, "verification_tier": "ai_generated",
    "resolvable": "partial", "last_updated": "2000-01-01", "tags": [], "aliases": [],
}
_NEUTRAL_ITEM: dict[str, Any] = {
    "versions": {"version": "Unknown 0", "status": "unknown"},
    "dead_ends": {"action": "(not loaded)", "why_fails": ""},
    "dead_ends_zh": {"why_fails": ""},
    "workarounds": {"action": "(not loaded)"},
    "workarounds_zh": "",
    "corrections": {"date": "2000-01-01", "field": "", "was": "", "now": "", "why": ""},
}
_PAIRED = {"dead_ends": "dead_ends_zh", "dead_ends_zh": "dead_ends", "workarounds": "workarounds_zh",
           "workarounds_zh": "workarounds"}
# Fields whose lint findings depend on each other: when one was replaced, findings on the others are not trusted.
_GROUPS = [
    {"id", "domain", "signature", "signature_zh", "regex", "regex_flags", "samples", "near_misses", "overlaps",
     "error_code", "aliases", "verification_tier", "reproduction", "translated_from"},
    {"root_cause", "root_cause_zh", "translated_from"},
    {"dead_ends", "dead_ends_zh", "translated_from"},
    {"workarounds", "workarounds_zh", "translated_from"},
    {"workarounds", "resolvable"},  # E701 compares resolvable with the workarounds' evidence
    {"first_seen", "last_confirmed", "last_updated"},
]
GATE_FIELDS = frozenset(_GROUPS[0])  # what the regex gate reads of an entry


def _set_path(data: Any, parts: list[Any], value: Any) -> None:
    for p in parts[:-1]:
        data = data[p]
    data[parts[-1]] = value


def repair(data: object, expected_id: str) -> tuple[dict[str, Any], frozenset[str]] | None:
    """A copy of a schema-broken entry with neutral values where it is broken, and the fields replaced; None
    when it cannot be made valid (e.g. the file is not an object at all)."""
    if not isinstance(data, dict):
        return None
    fixed = copy.deepcopy(data)
    required = set(_schema("entry.schema.json")["required"])
    replaced: set[str] = set()
    for _ in range(4):
        errors = _errors(fixed, "entry.schema.json")
        if not errors:
            return fixed, frozenset(replaced)
        for err in errors:
            path = list(err.absolute_path)
            if not path:
                if err.validator == "required":
                    missing: Any = err.validator_value
                    for k in missing:
                        if k not in fixed:
                            fixed[k] = _neutral(k, expected_id)
                            replaced.add(k)
                elif err.validator == "additionalProperties":
                    for k in [k for k in fixed if k not in _schema("entry.schema.json")["properties"]]:
                        del fixed[k]
                else:
                    return None
                continue
            top = path[0]
            if not isinstance(top, str):  # the top level is an object (checked above): keys are names
                return None
            if top in _NEUTRAL_ITEM and len(path) >= 2 and isinstance(path[1], int):
                _set_path(fixed, path[:2], copy.deepcopy(_NEUTRAL_ITEM[top]))
                replaced.add(f"{top}.{path[1]}")
            elif top in required:
                fixed[top] = _neutral(top, expected_id)
                replaced.add(top)
            else:
                fixed.pop(top, None)
                replaced.add(top)
    return None


def _neutral(name: str, expected_id: str) -> Any:
    if name == "id":
        return expected_id
    if name == "domain":
        return expected_id.split("/")[0]
    return copy.deepcopy(_NEUTRAL[name])


def untrusted_fields(replaced: frozenset[str]) -> list[str]:
    """Field prefixes whose lint findings are dropped for a repaired entry: the replaced fields and what depends
    on them (the same item of a paired zh list; the whole group of a replaced top-level field)."""
    out: set[str] = set()
    for name in replaced:
        top, _, index = name.partition(".")
        if index:
            out.add(name)
            if top in _PAIRED:
                out.add(f"{_PAIRED[top]}.{index}")
                out.add(f"translated_from.{top if top.endswith('_zh') else _PAIRED[top]}")
        else:
            out.add(top)
            for group in _GROUPS:
                if top in group:
                    out |= group
    return sorted(out)


# ---- entries ----

def load_entry(path: Path, root: Path, ids: frozenset[str] = frozenset()
               ) -> tuple[Entry | None, list[Problem], tuple[Entry, frozenset[str]] | None]:
    """(entry, problems, partial). `ids`: the ids that all entry files' paths give, to tell a duplicate (E002) from
    a plain mismatch (E001). `partial`: a schema-broken entry repaired for linting, with the fields replaced."""
    rel = _rel(path, root)
    expected = path.relative_to(root).with_suffix("").as_posix()
    problems = path_problems(tuple(expected.split("/")), rel, ids, entry=True)
    if problems:
        return None, problems, None
    text, problems = read_text(path, rel)
    if text is None:
        return None, problems, None
    data, problems = parse_entry_json(text, rel)
    if problems:
        return None, problems, None
    errors = _errors(data, "entry.schema.json")
    problems = _schema_problems(errors, rel)
    if isinstance(data, dict) and isinstance(data.get("id"), str) and data["id"] != expected:
        if data["id"] in ids:
            problems.append(_err(rel, "id", "E002", f"'{data['id'][:120]}' is already the id of "
                                                    f"entries/{data['id']}.json; this file's path says '{expected}'"))
        else:
            problems.append(_err(rel, "id", "E001", f"is {_short(data['id'])} but the file path says '{expected}'"))
        return None, problems, None
    if problems:
        fixed = repair(data, expected)
        return None, problems, ((to_entry(fixed[0], rel), fixed[1]) if fixed else None)
    return to_entry(data, rel), [], None


def _zh_items(items: list[Any]) -> tuple[ZhText, ...]:
    out = []
    for item in items:
        if isinstance(item, str):
            out.append(ZhText(action=item))
        else:
            out.append(ZhText(**{k: v or "" for k, v in item.items()}))
    return tuple(out)


def _evidence(item: dict[str, Any]) -> Evidence | None:
    ev = item.get("evidence")
    if not ev:
        return None
    return Evidence(tuple(ev.get("worked", [])), tuple(ev.get("failed", [])))


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
                       behavior_change=v.get("behavior_change"),
                       translations={f"{k}_zh": v[f"{k}_zh"] for k in VERSION_NOTES if v.get(f"{k}_zh")})
            for v in d["versions"]),
        dead_ends=tuple(DeadEnd(x["action"], x["why_fails"], x.get("fail_rate"), x.get("condition", ""),
                                tuple(x.get("sources", [])), _evidence(x)) for x in d["dead_ends"]),
        dead_ends_zh=_zh_items(d.get("dead_ends_zh", [])),
        workarounds=tuple(Workaround(x["action"], x.get("success_rate"), x.get("how", ""), x.get("condition", ""),
                                     tuple(x.get("sources", [])), _evidence(x)) for x in d["workarounds"]),
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
        title=d.get("title"), title_zh=d.get("title_zh"), sticky=d.get("sticky"),
        incidental=bool(d.get("incidental", False)),
    )


# ---- articles: YAML front matter, a restricted subset ----

class _FrontMatterLoader(yaml.SafeLoader):
    """SafeLoader without timestamps: dates stay the text written (`2025-02-30` is then a schema error, not a
    ValueError), as JSON entries have them."""


_FrontMatterLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def _yaml_error(exc: yaml.YAMLError, first_line: int) -> str:
    """Every part of PyYAML's message (context, problem, note), with lines counted in the whole file."""
    if isinstance(exc, yaml.MarkedYAMLError):
        parts = []
        if exc.problem:
            mark = exc.problem_mark
            parts.append(exc.problem + (f" (line {mark.line + first_line}, column {mark.column + 1})" if mark else ""))
        if exc.context:
            mark = exc.context_mark
            parts.append(exc.context + (f" (line {mark.line + first_line})" if mark else ""))
        if exc.note:
            parts.append(exc.note)
        return "; ".join(parts) or str(exc).replace("\n", " ")
    return " ".join(str(exc).split())


def parse_front_matter(source: str, rel: str, first_line: int = 2) -> tuple[Any, list[Problem]]:
    """YAML front matter as plain data, under limits: no anchors or aliases (nested aliases expand exponentially),
    no tags, bounded size, nesting and node count. `first_line`: the file line the YAML starts on."""
    if len(source) > MAX_FRONT_MATTER_BYTES:
        return None, [_err(rel, "front matter", "E017", f"front matter is {len(source):,} characters; the limit "
                                                        f"is {MAX_FRONT_MATTER_BYTES:,}")]
    depth = nodes = 0
    try:
        for event in yaml.parse(source, Loader=_FrontMatterLoader):
            line = (event.start_mark.line if event.start_mark else 0) + first_line
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                return None, [_err(rel, "front matter", "E017", f"anchors (&name) and aliases (*name) are not allowed "
                                                                f"in front matter (line {line})", line=line)]
            tag = getattr(event, "tag", None)
            if tag is not None:
                return None, [_err(rel, "front matter", "E017", f"YAML tags such as {_short(tag, 40)} are not "
                                                                f"allowed in front matter (line {line})", line=line)]
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_FRONT_MATTER_DEPTH:
                    return None, [_err(rel, "front matter", "E017", f"nested more than {MAX_FRONT_MATTER_DEPTH} "
                                                                    f"levels deep (line {line})", line=line)]
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            nodes += 1
            if nodes > MAX_FRONT_MATTER_NODES:
                return None, [_err(rel, "front matter", "E017", f"more than {MAX_FRONT_MATTER_NODES:,} YAML "
                                                                "nodes")]
        meta = yaml.load(source, Loader=_FrontMatterLoader)  # noqa: S506 (a SafeLoader, checked above)
    except yaml.YAMLError as exc:
        return None, [_err(rel, "front matter", "E016", f"invalid YAML: {_yaml_error(exc, first_line)}")]
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        return None, [_err(rel, "front matter", "E016", f"invalid YAML: {' '.join(str(exc).split())[:300]}")]
    problems = value_problems(meta, rel, MAX_FRONT_MATTER_DEPTH, yaml_keys=True)
    return (None, problems) if problems else (meta, [])


def _front_matter(text: str, rel: str) -> tuple[dict[str, Any] | None, str, list[Problem]]:
    m = FRONT_MATTER.match(text)
    if not m:
        return None, text, [_err(rel, "", "E016", "missing YAML front matter (--- title/date/id ---)")]
    meta, problems = parse_front_matter(m.group(1), rel, first_line=2)
    if problems:
        return None, text, problems
    if not isinstance(meta, dict):
        return None, text, [_err(rel, "front matter", "E016", f"must be a mapping of keys to values (title: …), "
                                                              f"not {_type_word(meta)}")]
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


def _check_meta(meta: dict[str, Any], rel: str, schema: str, stem: str) -> list[Problem]:
    problems = schema_problems(meta, rel, schema)
    if not problems and "id" in meta and meta["id"] != stem:
        problems.append(_err(rel, "id", "E001", f"is {_short(meta['id'])} but the file name says '{stem}'"))
    return problems


def load_article(path: Path, root: Path, zh_path: Path | None = None) -> tuple[Article | None, list[Problem]]:
    """An article and, when `zh_path` is given, its translation: both front matters are checked alike."""
    rel = _rel(path, root)
    problems = path_problems((path.stem,), rel)
    if problems:
        return None, problems
    meta, body, problems = _read_markdown(path, rel)
    if meta is not None:
        problems = _check_meta(meta, rel, "article.schema.json", path.stem)
    zh_meta, zh_body, zh_rel = None, "", None
    if zh_path is not None:
        zh_rel = _rel(zh_path, root)
        zh_meta, zh_body, zh_problems = _read_markdown(zh_path, zh_rel)
        if zh_meta is not None:
            zh_problems = _check_meta(zh_meta, zh_rel, "article.schema.json#zh", path.stem)
        problems += zh_problems
    if meta is None or problems or (zh_path is not None and zh_meta is None):
        return None, problems
    warnings: list[Problem] = []
    body, repaired = _repair(body, rel, warnings)
    title, title_repaired = _repair(meta["title"], rel, warnings)
    title_zh = body_zh = None
    if zh_meta is not None and zh_rel is not None:
        title_zh = zh_meta["title"]
        body_zh, _ = _repair(zh_body, zh_rel, warnings)
    article = Article(id=meta["id"], path=rel, title=title, date=meta["date"], body=body,
                      entries=tuple(meta.get("entries", [])), title_zh=title_zh, body_zh=body_zh,
                      zh_path=zh_rel, repaired_mojibake=repaired or title_repaired)
    return article, warnings


def internal_error(rel: str, exc: BaseException, where: str = "") -> Problem:
    """E000: the generator itself failed on this file. The file is not published, the rest is still checked,
    and the report says what to send in (a bug: no input may cause it)."""
    return _err(rel, where, "E000", f"the generator failed on this file ({type(exc).__name__}: "
                                    f"{_short(str(exc), 120)}); this is a bug in the generator: please report it "
                                    "with the file")


_Loaded = tuple[Entry | None, list[Problem], tuple[Entry, frozenset[str]] | None]
# `mkdocs serve` (incremental): each entry file's load_entry by a digest of its bytes and of every entry file's id,
# kept between rebuilds in this process: a rebuild parses and validates again only the files that changed (what a file
# loads to depends on nothing else). ENTRIES_LOADED counts the files loaded anew (tests).
_LOADED: dict[Path, tuple[bytes, _Loaded]] = {}
# Each entry file's stat and the digest of the bytes it had then (memo.file_digest).
_STAMPS: dict[str, tuple[Stamp, bytes]] = {}
ENTRIES_LOADED = [0]


def load_corpus(root: Path, incremental: bool = False) -> Corpus:
    """Load every entry (<root>/<domain>/<slug>.json) and article (<root>/articles/<id>.md). `incremental`: an entry
    file whose bytes did not change since the last incremental load in this process is not loaded again."""
    corpus = Corpus()
    if not root.is_dir():
        corpus.problems.append(_err(str(root), "", "E010", "entries folder not found"))
        return corpus
    files = scan(root)
    corpus.problems += files.problems
    ids = frozenset(p.relative_to(root).with_suffix("").as_posix() for p in files.entries)
    corpus.ids = ids
    def load(path: Path) -> tuple[Entry | None, list[Problem], tuple[Entry, frozenset[str]] | None]:
        try:
            return load_entry(path, root, ids)
        except Exception as exc:  # noqa: BLE001 (a bug must not hide the other files' problems)
            return None, [internal_error(_rel(path, root), exc)], None

    def kept(path: Path) -> _Loaded:
        try:  # the file's stat first: an unchanged one is not read again
            content = file_digest(path, _STAMPS)
        except OSError:  # load reports it
            return load(path)
        key = hashlib.blake2b(ids_key + content, digest_size=20).digest()
        found = _LOADED.get(path)
        if found is None or found[0] != key:
            found = _LOADED[path] = (key, load(path))
            ENTRIES_LOADED[0] += 1
        entry, problems, partial = found[1]
        return entry, list(problems), partial

    if incremental:
        ids_key = hashlib.blake2b(repr((str(root), sorted(ids))).encode("utf-8", "surrogatepass")).digest()
        for gone in set(_LOADED) - set(files.entries):
            del _LOADED[gone]
        for name in _STAMPS.keys() - {str(p) for p in files.entries}:
            del _STAMPS[name]
        loaded = [kept(path) for path in files.entries]
    else:  # neither reads nor fills the memo
        loaded = fork_map(load, files.entries)  # on every core (generator/workers.py)
    for entry, problems, partial in loaded:
        corpus.problems.extend(problems)
        if entry:
            corpus.entries.append(entry)
        if partial:
            corpus.partial.append(partial[0])
            corpus.repaired[partial[0].path] = partial[1]
    translations = {p.name.removesuffix(".zh.md"): p for p in files.translations}
    for path in files.articles:
        zh = translations.pop(path.stem, None)
        try:
            article, problems = load_article(path, root, zh)
        except Exception as exc:  # noqa: BLE001
            article, problems = None, [internal_error(_rel(path, root), exc)]
        corpus.problems.extend(problems)
        if article:
            corpus.articles.append(article)
    for path in translations.values():
        corpus.problems.append(Problem(_rel(path, root), "", f"is a translation of entries/articles/"
                                       f"{path.name.removesuffix('.zh.md')}.md, which does not exist: it is not "
                                       "published", severity="warning", code="W003"))
    for p in files.stray:
        corpus.problems.append(Problem(_rel(p, root), "", "not an entry: entries are entries/<domain>/<slug>.json",
                                       severity="warning", code="W001"))
    return corpus
