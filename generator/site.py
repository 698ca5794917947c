"""Build the generated part of docs/: render every page in memory, then write only what changed."""
from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from generator import indexes
from generator.articles import all_related_entries
from generator.config import domain_ids
from generator.graph import build_graph
from generator.i18n import LANGS
from generator.lint import Report, check
from generator.load import Corpus
from generator.match import match_files
from generator.paths import REFERENCE_FILE, ROOT
from generator.problems import BuildError, Problem
from generator.render import Site, page_file, render_article, render_entry, render_redirect
from generator.translation import known_messages, translation_report


# Folders under docs/ that the generator owns (git-ignored; everything in them is rewritten): one per domain the
# schema allows (an entry in any other folder is E008) and the site's own sections. Every file written must lie in
# one of them, and what was written is also recorded in MANIFEST, so a folder that stops being produced (a domain
# dropped from the schema) is still removed by the next build and by `make clean`.
OWNED_DIRS = (*domain_ids(), "articles", "browse", "api", "rules", "assets/generated")
MANIFEST = ".generated-files.json"  # in docs/; MkDocs skips dot files
MERMAID_JS = ROOT / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
MATCH_DIR = "assets/generated"  # match-index.json, match-words.json, match-display/ (generator/match.py)
MATCH_INDEX = f"{MATCH_DIR}/match-index.json"


@dataclass
class BuildResult:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)


def make_site(report: Report, repo_url: str) -> Site:
    """The site model: entries, graph, article links, the tier each page shows and the warnings it lists."""
    corpus = report.corpus
    links = all_related_entries(corpus.articles, corpus.entries)
    return Site(entries={e.id: e for e in corpus.entries}, graph=build_graph(corpus.entries), articles=corpus.articles,
                article_links=links, effective_tier=report.tiers(), repo_url=repo_url.rstrip("/"),
                notices=report.page_notices(), tested=report.tested, redirects=report.redirects)


def render_all(site: Site, base_path: str = "/") -> dict[str, bytes]:
    """docs-relative path -> file content, for every generated file. `base_path`: the path the site is served
    under ("/", or "/<repo>/" for a project site), which the JSON API's URLs start with."""
    files: dict[str, str | bytes] = {}
    for lang in LANGS:
        for e in site.entries.values():
            files[page_file(e.id, lang)] = render_entry(e, site, lang)
        for a in site.articles:
            files[page_file(f"articles/{a.id}", lang)] = render_article(a, site, lang)
        for old_id, new_id in site.redirects.items():
            files[page_file(old_id, lang)] = render_redirect(old_id, new_id, site, lang)
        files[page_file("articles/index", lang)] = indexes.articles_index(site, lang)
        files[page_file("browse/index", lang)] = indexes.browse_index(site, lang)
        for domain in sorted({e.domain for e in site.entries.values()}):
            files[page_file(f"browse/{domain}", lang)] = indexes.domain_page(domain, site, lang)
        files[page_file("browse/codes", lang)] = indexes.codes_page(site, lang)
        files[page_file("browse/tags", lang)] = indexes.tags_page(site, lang)
        files[page_file("browse/versions", lang)] = indexes.versions_page(site, lang)
        files[page_file("rules/index", lang)] = indexes.rules_page(lang)
    # Last: the translation report reads the zh pages as rendered above.
    report = translation_report({p: str(v) for p, v in files.items() if p.endswith(".zh.md")},
                                known_messages(site.entries.values()))
    for lang in LANGS:
        files[page_file("browse/translation", lang)] = indexes.translation_page(site, lang, report)
    files.update(api_files(site, base_path))
    return {k: (v.encode("utf-8") if isinstance(v, str) else v) for k, v in sorted(files.items())}


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


_TYPED_RATES = ("confidence", "fix_success_rate", "success_rate", "fail_rate")


def _without_typed_rates(raw: dict) -> dict:
    """The entry as published, without the legacy typed rates: an uncounted number is not published as data
    either (lint E703 reports it; `evidence` is what counts)."""
    doc = {k: v for k, v in raw.items() if k not in _TYPED_RATES}
    for name in ("workarounds", "dead_ends"):
        if isinstance(doc.get(name), list):
            doc[name] = [{k: v for k, v in item.items() if k not in _TYPED_RATES} if isinstance(item, dict) else item
                         for item in doc[name]]
    return doc


def api_files(site: Site, base_path: str = "/") -> dict[str, str]:
    base = "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/"
    out = {}
    index = []
    for e in sorted(site.entries.values(), key=lambda e: e.id):
        links = site.graph[e.id]
        doc = _without_typed_rates(e.raw)
        doc["derived"] = {"verification_tier": site.effective_tier[e.id], "leads_to": list(links.leads_to),
                          "preceded_by": list(links.preceded_by),
                          "frequently_confused_with": list(links.confused_with),
                          "url": {"en": f"{base}{e.id}/", "zh": f"{base}zh/{e.id}/"}}
        out[f"api/v1/{e.id}.json"] = _json(doc)
        index.append({"id": e.id, "signature": e.signature, "signature_zh": e.signature_zh,
                      "error_code": e.error_code, "domain": e.domain, "category": e.category,
                      "verification_tier": site.effective_tier[e.id], "url": f"{base}api/v1/{e.id}.json"})
    for old, new in sorted(site.redirects.items()):  # a moved id's JSON says where it went (config/ids.txt)
        out[f"api/v1/{old}.json"] = _json({"id": old, "moved_to": new, "url": f"{base}api/v1/{new}.json"})
    moved = [{"id": old, "moved_to": new} for old, new in sorted(site.redirects.items())]
    out["api/v1/index.json"] = _json({"version": 1, "count": len(index), "entries": index,
                                      **({"moved": moved} if moved else {})})
    return out


def match_json_files(corpus: Corpus, bad_regex: set[str]) -> dict[str, bytes]:
    """The matcher's files, compact on purpose: browsers fetch the matching index when a visitor first
    focuses or pastes into the paste box, the rest only when it is needed."""
    return {f"{MATCH_DIR}/{rel}": (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
            for rel, data in match_files(corpus.entries, bad_regex, LANGS).items()}


def build(entries_dir: Path, docs_dir: Path, repo_url: str, reference: Path = REFERENCE_FILE,
          base_path: str = "/") -> BuildResult:
    """Load, lint and render everything in memory; write to docs_dir only if no unacknowledged error was found."""
    report = check(entries_dir, reference)
    if report.errors:
        raise BuildError(sorted(report.errors))
    site = make_site(report, repo_url)
    problems = list(report.problems)
    files = render_all(site, base_path)
    # A regex whose unsafety was acknowledged (E201/E202) still never ships to browsers.
    unsafe = {p.file for p in report.problems if p.code in ("E201", "E202")}
    files.update(match_json_files(report.corpus, {e.id for e in report.corpus.entries if e.path in unsafe}))
    if MERMAID_JS.exists():
        files["assets/generated/mermaid.min.js"] = MERMAID_JS.read_bytes()
    else:
        problems.append(Problem(str(MERMAID_JS), "", "Mermaid not installed (run `make setup`): diagrams will not render",
                                severity="warning", code="W901"))
    result = write_files(docs_dir, files)
    result.problems = problems
    return result


def _inside(rel: str) -> bool:
    """A relative path into a folder of docs/ (never a top-level hand-written page, never out of docs/)."""
    parts = rel.split("/")
    return len(parts) > 1 and not {"", ".", ".."} & set(parts) and not rel.startswith(("/", "\\"))


def _owned(rel: str) -> bool:
    return _inside(rel) and any(rel.startswith(d + "/") for d in OWNED_DIRS)


def _manifest(docs_dir: Path) -> list[str]:
    """What the last build wrote, as it recorded it."""
    try:
        recorded = json.loads((docs_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return sorted(r for r in recorded if isinstance(r, str) and _inside(r)) if isinstance(recorded, list) else []


def write_files(docs_dir: Path, files: dict[str, bytes]) -> BuildResult:
    """Write changed files only (unchanged files keep their mtime, so `mkdocs serve` does not loop),
    then remove generated files that are no longer produced."""
    outside = [rel for rel in files if not _owned(rel)]
    if outside:  # a generator bug, not bad input: nothing may be written where `clean` would not find it
        raise ValueError(f"generated files outside the owned folders {OWNED_DIRS}: {outside[:5]}")
    result = BuildResult(files=files)
    previous = _manifest(docs_dir)
    for rel, data in files.items():
        path = docs_dir / rel
        if path.exists() and path.read_bytes() == data:
            result.unchanged += 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        result.written.append(rel)
    for owned in OWNED_DIRS:
        base = docs_dir / owned
        if not base.exists():
            continue
        for path in sorted(base.rglob("*"), reverse=True):
            rel = path.relative_to(docs_dir).as_posix()
            if (path.is_file() or path.is_symlink()) and rel not in files:
                path.unlink()
                result.removed.append(rel)
            elif path.is_dir() and not path.is_symlink() and not any(path.iterdir()):
                path.rmdir()
    for rel in previous:  # written by an earlier build into a folder that is no longer owned
        path = docs_dir / rel
        if rel not in files and (path.is_file() or path.is_symlink()):
            path.unlink()
            result.removed.append(rel)
            _remove_empty_parents(path.parent, docs_dir)
    if sorted(files) != previous:
        _write_manifest(docs_dir, sorted(files))
    return result


def _remove_empty_parents(folder: Path, docs_dir: Path) -> None:
    """Remove empty folders from `folder` up, short of docs/ and of folders that hold an owned one (assets/)."""
    while folder != docs_dir and docs_dir in folder.parents:
        rel = folder.relative_to(docs_dir).as_posix()
        if any(d.startswith(rel + "/") for d in OWNED_DIRS):
            return
        try:
            folder.rmdir()  # only when empty
        except OSError:
            return
        folder = folder.parent


def _write_manifest(docs_dir: Path, rels: list[str]) -> None:
    tmp = docs_dir / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(rels, indent=0) + "\n", encoding="utf-8")
    tmp.replace(docs_dir / MANIFEST)


def clean(docs_dir: Path) -> None:
    """Remove everything the generator writes: the owned folders and whatever the last build recorded."""
    for rel in _manifest(docs_dir):
        path = docs_dir / rel
        if path.is_file() or path.is_symlink():
            path.unlink()
            _remove_empty_parents(path.parent, docs_dir)
    for owned in OWNED_DIRS:
        shutil.rmtree(docs_dir / owned, ignore_errors=True)
    (docs_dir / MANIFEST).unlink(missing_ok=True)
