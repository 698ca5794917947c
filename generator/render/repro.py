"""Reproduction folders published on the site: every file of `entries/<id>.repro/` (programs, unedited outputs, build
logs, run records), as a page per folder that shows each file in a code block, and as a plain-text copy of each file
(`<name>.txt`, `repro.py` as `repro-py.txt`: static hosts serve .txt as text, where .py, .sh or .cu would be
downloaded or mistyped).

The files are untrusted: only regular files directly in the folder, with plain names, as UTF-8 text without NUL and
no larger than MAX_BYTES, are published; any other file is listed on the page as not shown, with its repository link.
"""
from __future__ import annotations

import re
import stat
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from generator.l10n.i18n import strings
from generator.l10n.languages import to_root
from generator.render.markup import ext_link, md_text

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


def read_all(entries_dir: Path) -> dict[str, tuple[ReproFile, ...]]:
    """owner -> its published files, for every reproduction folder `entries/<domain>/<slug>.repro/` (owner
    `<domain>/<slug>`: an entry, `articles/<id>`, or a stored run that no entry names yet)."""
    out = {}
    for folder in sorted(entries_dir.glob("*/*.repro")):
        owner = folder.relative_to(entries_dir).as_posix().removesuffix(".repro")
        if not _NAME.fullmatch(owner.replace("/", "")):
            continue
        files = read_folder(folder)
        if files:
            out[owner] = files
    return out


def page_path(owner: str) -> str:
    """The docs path (without extension) of an owner's reproduction page."""
    return f"repro/{owner}/index"


def raw_files(owner: str, files: tuple[ReproFile, ...]) -> dict[str, bytes]:
    """docs path -> content of the plain-text copies."""
    return {f"repro/{owner}/{f.raw}": f.text.encode("utf-8") for f in files if f.text is not None}


def _fence(text: str) -> str:
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _fill(template: str, **links: Markup) -> Markup:
    """A UI string with `{name}` places filled with links (the rest escaped as text)."""
    out = Markup("")
    for i, part in enumerate(re.split(r"\{(\w+)\}", template)):
        out += links[part] if i % 2 else md_text(part)
    return out


def render_page(owner: str, files: tuple[ReproFile, ...], owner_link: str | None, owner_title: Markup,
                repo_folder: str, lang: str) -> str:
    """The page of one reproduction folder in `lang`. `owner_link`: relative link to the entry's or article's page
    (None: no page names the folder); `repo_folder`: the folder in the repository (config/site.yml)."""
    from generator.render.pages import front_matter  # render imports this module for the links
    t = strings(lang)
    title = f"{t['repro_title']}{t['colon']}{owner}"
    root = to_root(f"repro/{owner}", lang)  # from /[<lang>/]repro/<owner>/ to the site's root
    parts = [f"---\n{front_matter(title, title, {'search': {'exclude': True}})}\n---\n", f"# {md_text(title)}\n",
             _fill(t["repro_intro"] if owner_link else t["repro_intro_unnamed"],
                   owner=Markup(f"[{owner_title}]({owner_link})"),
                   repository=ext_link(repo_folder, t["repro_repository"])) + "\n"]
    parts += [f"- [{md_text(f.name)}](#{f.anchor})" for f in files]
    for f in files:
        parts.append(f"\n## {md_text(f.name)} {{ #{f.anchor} }}\n")
        if f.text is None:
            parts.append(f"{md_text(t['repro_not_shown'])} {ext_link(repo_folder + '/' + f.name, f.name)}\n")
            continue
        href = f"{root}repro/{owner}/{f.raw}"
        parts.append(f'<a href="{href}">{md_text(t["repro_raw"])}</a>\n')
        fence = _fence(f.text)
        lang_tag = _LANGUAGE.get(f.name.rsplit(".", 1)[-1].lower(), "text") if "." in f.name else "text"
        parts.append(f"{fence}{lang_tag}\n{f.text.rstrip(chr(10))}\n{fence}\n")
    return "\n".join(parts) + "\n"
