"""`mkdocs serve`: a page whose inputs did not change since an earlier rebuild is not rendered again.

Each rebuild of `mkdocs serve` renders every page of every language through Python-Markdown and Material's
templates, although an edit of one entry changes a handful of them (the generator rewrites only the docs files whose
content changed: the entry's pages, its neighbours', the indexes that list it). Here each page's output is kept,
by language and source path, with a key made of its source file and of everything the pages have in common (the
build's key: mkdocs.yml, the theme overrides, the site's configuration and UI strings, the list of pages, the site's
address, the language). A page whose key is unchanged is written from the kept output: MkDocs' render and Material's
template are skipped for it (the hook gives it a template that renders nothing, and writes the kept page instead).

Only while serving (`mkdocs build` renders everything, always), and never while the preview shows the entries'
problems instead of pages (generator/build/serve.py)."""
from __future__ import annotations

import hashlib
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2.bccache import Bucket, BytecodeCache

from generator.memo import Stamp, file_digest

EMPTY_TEMPLATE = "ee-kept.html"  # overrides/ee-kept.html: renders nothing; the hook writes the kept output instead


@dataclass(frozen=True)
class KeptPage:
    key: bytes
    output: str  # the page as written (after the hook's post_page)
    title: str | None
    meta: dict[str, Any]
    anchors: frozenset[str]


_kept: dict[tuple[str, str], KeptPage] = {}  # (language, source path) -> the page as an earlier rebuild wrote it
RENDERED: list[int] = [0]  # pages rendered (not reused) by the last build: tests/test_serve.py reads it


def _digest(*parts: bytes | str) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.digest()


def _tree(root: Path) -> list[bytes | str]:
    if not root.is_dir():
        return [str(root)]
    out: list[bytes | str] = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        out += [path.relative_to(root).as_posix(), path.read_bytes()]
    return out


def build_key(config: Any, files: Any, language: str, project: Path) -> bytes:
    """What every page of this language's build depends on besides its own source."""
    parts: list[bytes | str] = [language, str(config.site_url or ""), Path(config.config_file_path).read_bytes()]
    for folder in (str(config.theme.custom_dir or ""), str(project / "config"),
                   str(project / "generator" / "l10n" / "locales")):
        parts += _tree(Path(folder)) if folder else []
    parts += sorted(f.src_uri for f in files.documentation_pages())
    return _digest(*parts)


# Each page source's digest by its file's identity and times (os.stat): the generator never rewrites a file in place (it
# writes a changed one beside it and renames it over: a new inode), and a hand-written page edited in an editor gets a
# new modification time; reading and hashing the 7,400 sources of a 3,000-entry site was ~0.2 s of every rebuild.
_sources: dict[str, tuple[Stamp, bytes]] = {}


def page_key(build: bytes, page: Any) -> bytes:
    return _digest(build, page.file.src_uri, file_digest(page.file.abs_src_path, _sources))


def reuse(page: Any, language: str, key: bytes) -> KeptPage | None:
    """If this page was written from the same inputs before: make MkDocs skip reading, rendering and templating it
    (the hook writes the kept output in on_post_page) and return what was kept."""
    kept = _kept.get((language, page.file.src_uri))
    if kept is None or kept.key != key:
        return None

    def read_source(self: Any, config: Any) -> None:
        self.markdown = ""
        self.meta = {**kept.meta, "template": EMPTY_TEMPLATE}

    def render(self: Any, config: Any, files: Any) -> None:
        from mkdocs.structure.toc import get_toc
        self.content = ""
        self.toc = get_toc([])
        self._title_from_render = kept.title
        self.present_anchor_ids = set(kept.anchors)  # other pages' links to its anchors are still checked
        self.links_to_anchors = {}  # its own were checked when it was rendered

    page.read_source = types.MethodType(read_source, page)
    page.render = types.MethodType(render, page)
    return kept


def keep(page: Any, language: str, key: bytes, output: str) -> None:
    """Keep the page as written; `page.ee_written` is then what its file in the site holds (as `ee_kept` of a page
    written from what was kept: generator/build/serve_site.py skips writing it again while the file is intact)."""
    RENDERED[0] += 1
    meta = {k: v for k, v in (page.meta or {}).items() if k != "template"}
    kept = KeptPage(key, output, getattr(page, "_title_from_render", None), meta,
                    frozenset(page.present_anchor_ids or ()))
    _kept[(language, page.file.src_uri)] = page.ee_written = kept


def forget() -> None:
    _kept.clear()


class TemplateCode(BytecodeCache):
    """Jinja's compiled templates (Material's and overrides/) kept from one rebuild to the next: each build of each
    language makes a new Jinja environment, which compiled the ~70 templates of the theme again (~0.2 s a language at
    3,000 entries). Jinja checks a template's source against the checksum stored with its code, so an edited
    template is compiled again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if (code := self.code.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = TemplateCode()
