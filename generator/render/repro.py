"""Reproduction folders published on the site: every file of `entries/<id>.repro/` (programs, unedited outputs, build
logs, run records), as a page per folder that shows each file in a code block, and as a plain-text copy of each file
(`<name>.txt`, `repro.py` as `repro-py.txt`: static hosts serve .txt as text, where .py, .sh or .cu would be
downloaded or mistyped).

The files are untrusted: only regular files directly in the folder, with plain names, as UTF-8 text without NUL and
no larger than MAX_BYTES, are published; any other file is listed on the page as not shown, with its repository link.
"""
from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from generator.l10n.i18n import strings
from generator.l10n.languages import to_root
from generator.memo import digest
from generator.render.markup_html import Headings, file_block, html_ext_link, html_text

MAX_BYTES = 512 * 1024
MAX_FILES = 200  # per folder
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,100}")
# Pygments lexers for the code blocks; anything else is shown as plain text.
_LANGUAGE = {"py": "python", "cu": "cuda", "cuh": "cuda", "c": "c", "h": "c", "cc": "cpp", "cpp": "cpp", "hpp": "cpp",
             "sh": "bash", "bash": "bash", "json": "json", "yml": "yaml", "yaml": "yaml", "toml": "toml"}


@dataclass(frozen=True)
class ReproFile:
    name: str
    text: str | None  # None: not published (too large, not text, not a regular file)
    raw: str = ""  # the published plain-text copy's file name

    @property
    def anchor(self) -> str:
        """The id of its section on the folder's page."""
        return "file-" + re.sub(r"[^a-z0-9_-]", "-", self.name.lower())


def owner_folder(owner: str, entries_dir: Path) -> Path:
    """`cuda/x` -> entries/cuda/x.repro; `articles/y` -> entries/articles/y.repro."""
    return entries_dir / f"{owner}.repro"


def read_folder(folder: Path) -> tuple[ReproFile, ...]:
    """The files of one reproduction folder, by name; () when there is no such folder."""
    try:
        if not stat.S_ISDIR(folder.lstat().st_mode):
            return ()
        children = sorted(folder.iterdir(), key=lambda p: p.name)[:MAX_FILES]
    except OSError:
        return ()
    out: list[ReproFile] = []
    taken: set[str] = set()
    for path in children:
        if not _NAME.fullmatch(path.name) or path.name in (".", ".."):
            continue
        text = _read_text(path)
        raw = ""
        if text is not None:
            raw = raw_name(path.name)
            while raw in taken:  # `a.py` and `a-py.txt`, `a-py` ...
                raw = raw.removesuffix(".txt") + "-.txt"
            taken.add(raw)
        out.append(ReproFile(path.name, text, raw))
    return tuple(out)


def raw_name(name: str) -> str:
    """The plain-text copy's name: `repro.py` -> `repro-py.txt`, `output.txt` stays. One dot only: MkDocs' i18n plugin
    reads a middle part of two letters (`.py.`, `.sh.`, `.cu.`) as a language and would leave the file out."""
    stem = name.removesuffix(".txt") if name.endswith(".txt") else name
    return stem.replace(".", "-") + ".txt"


def _read_text(path: Path) -> str | None:
    try:
        st = path.lstat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            return None
        data = path.read_bytes()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return None if "\x00" in text else text


def read_all(entries_dir: Path, incremental: bool = False) -> dict[str, tuple[ReproFile, ...]]:
    """owner -> its published files, for every reproduction folder `entries/<domain>/<slug>.repro/` (owner
    `<domain>/<slug>`: an entry, `articles/<id>`, or a stored run that no entry names yet). `incremental` (`mkdocs
    serve`): a folder whose files' stats did not change since the last incremental read in this process gives the
    files read then (the same tuple: files_digest knows it), without reading them (at 3,000 entries, reading the
    7,000 files and digesting their text took ~0.25 s of each rebuild)."""
    out = {}
    seen = set()
    for folder in sorted(entries_dir.glob("*/*.repro")):
        owner = folder.relative_to(entries_dir).as_posix().removesuffix(".repro")
        if not _NAME.fullmatch(owner.replace("/", "")):
            continue
        if incremental:
            seen.add(folder)
            stamp = _folder_stamp(folder)
            known = _FOLDERS.get(folder)
            if known is None or stamp is None or known[0] != stamp:
                known = _FOLDERS[folder] = (stamp, read_folder(folder))
            files = known[1]
        else:
            files = read_folder(folder)
        if files:
            out[owner] = files
    for gone in set(_FOLDERS) - seen if incremental else list(_FOLDERS):
        del _FOLDERS[gone]
    live = {id(files) for files in out.values()}  # an unchanged folder's tuple keeps its digest from build to build
    for stale in [key for key in _DIGESTS if key not in live]:
        del _DIGESTS[stale]
    return out


_FOLDERS: dict[Path, tuple[object, tuple[ReproFile, ...]]] = {}  # folder -> (_folder_stamp, its files), serving
_DIGESTS: dict[int, tuple[tuple[ReproFile, ...], bytes]] = {}  # id(files) -> (files, files_digest)


def _folder_stamp(folder: Path) -> object:
    """Each entry of the folder with its inode, size and times (a file written anew has a new inode or times)."""
    try:
        with os.scandir(folder) as it:
            return sorted((e.name, (st := e.stat(follow_symlinks=False)).st_mode, st.st_ino, st.st_size,
                           st.st_mtime_ns, st.st_ctime_ns) for e in it)
    except OSError:
        return None


def files_digest(files: tuple[ReproFile, ...]) -> bytes:
    """memo.digest(files), made once for the same tuple (read_all gives an unchanged folder's again)."""
    known = _DIGESTS.get(id(files))
    if known is None or known[0] is not files:
        known = _DIGESTS[id(files)] = (files, digest(files))
    return known[1]


def page_path(owner: str) -> str:
    """The docs path (without extension) of an owner's reproduction page."""
    return f"repro/{owner}/index"


def raw_files(owner: str, files: tuple[ReproFile, ...]) -> dict[str, bytes]:
    """docs path -> content of the plain-text copies."""
    return {f"repro/{owner}/{f.raw}": f.text.encode("utf-8") for f in files if f.text is not None}


def language(name: str) -> str:
    """The Pygments lexer a file is shown with: by its extension, else plain text."""
    return _LANGUAGE.get(name.rsplit(".", 1)[-1].lower(), "text") if "." in name else "text"


def code_blocks(files: tuple[ReproFile, ...]) -> dict[str, Markup]:
    """Each published file's code block (highlighted once, for the folder's page in every language)."""
    return {f.name: file_block(f.text.rstrip("\n"), language(f.name)) for f in files if f.text is not None}


def _fill(template: str, **links: Markup) -> Markup:
    """A UI string with `{name}` places filled with links (the rest escaped as text)."""
    out = Markup("")
    for i, part in enumerate(re.split(r"\{(\w+)\}", template)):
        out += links[part] if i % 2 else html_text(part)
    return out


def render_page(owner: str, files: tuple[ReproFile, ...], owner_link: str | None, owner_title: Markup,
                repo_folder: str, lang: str, blocks: dict[str, Markup] | None = None) -> str:
    """The page of one reproduction folder in `lang`, written as HTML (front matter `ee_html: true`: MkDocs takes it as
    rendered, generator/mkdocs_edge/hook.py), as Python-Markdown made it of the Markdown it used to be. `owner_link`:
    relative URL of the entry's or article's page (None: no page names the folder); `owner_title`: its title as HTML;
    `repo_folder`: the folder in the repository (config/site.yml); `blocks`: code_blocks(files), when made already.
    The files' text goes into the page only through file_block (Pygments' escaped HTML)."""
    from generator.render.pages import front_matter  # render imports this module for the links
    t = strings(lang)
    blocks = code_blocks(files) if blocks is None else blocks
    title = f"{t['repro_title']}{t['colon']}{owner}"
    root = to_root(f"repro/{owner}", lang)  # from /[<lang>/]repro/<owner>/ to the site's root
    h = Headings(f.anchor for f in files)  # each file's section has a fixed id
    parts = [f"---\n{front_matter(title, title, {'search': {'exclude': True}, 'ee_html': True})}\n---",
             h(1, html_text(title)),
             Markup("<p>{}</p>").format(_fill(
                 t["repro_intro"] if owner_link else t["repro_intro_unnamed"],
                 owner=Markup('<a href="{}">{}</a>').format(owner_link or "", owner_title),
                 repository=html_ext_link(repo_folder, t["repro_repository"]))),
             "<ul>", *(Markup('<li><a href="#{}">{}</a></li>').format(f.anchor, html_text(f.name)) for f in files),
             "</ul>"]
    for f in files:
        parts.append(h(2, html_text(f.name), fixed=f.anchor))
        if f.text is None:
            parts.append(Markup("<p>{} {}</p>").format(html_text(t["repro_not_shown"]),
                                                      html_ext_link(f"{repo_folder}/{f.name}", f.name)))
            continue
        parts.append(Markup('<p><a href="{}">{}</a></p>').format(f"{root}repro/{owner}/{f.raw}",
                                                                    html_text(t["repro_raw"])))
        parts.append(blocks[f.name])
    return "\n".join(parts) + "\n"
