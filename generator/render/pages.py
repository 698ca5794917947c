"""Render entries, articles and the other generated pages, in each language of config/languages.yml: every page as
HTML but the articles, which are contributors' Markdown (generator/mkdocs_edge/hook.py takes a page written as HTML
as rendered)."""
from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import jinja2
from markupsafe import Markup

from generator.config import domain_name
from generator.l10n.i18n import strings
from generator.l10n.languages import fallback, is_default, languages, page_file, to_root
from generator.l10n.translation import translation_status
from generator.lint.rules import RULES
from generator.lint.versions import version_key
from generator.model import VERSION_NOTES, Article, Entry, Evidence, workaround_order
from generator.paths import TEMPLATES_DIR
from generator.problems import Problem
from generator.render import titles
from generator.render.graph import Links, mermaid
from generator.render.markup import md_text, safe_article_markdown
from generator.render.markup_html import (
    CodeBlock,
    Headings,
    html_ext_link,
    html_steps,
    html_text,
    html_verbatim,
    paragraphs,
)
from generator.render.repro import ReproFile, page_path
from generator.render.sentences import opening, summary


def _finalize(value: Any) -> Any:
    if isinstance(value, Markup):
        return value
    return html_text(value)


# Entry pages are HTML (issue 12): thousands of them, and Python-Markdown was more than half of a build's CPU.
ENTRY_TEMPLATE = "entry.html.j2"
ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
    finalize=_finalize,  # untrusted text -> escaped HTML, its `code` spans as <code> (markup_html.html_text)
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)


@dataclass(frozen=True)
class Site:
    """Everything a page needs to know about the rest of the site."""
    entries: dict[str, Entry]
    graph: dict[str, Links]
    articles: list[Article]
    article_links: dict[str, list[str]]  # article id -> entry ids
    effective_tier: dict[str, str]  # entry id -> tier shown (may be upgraded by checks)
    repo_url: str
    edit_branch: str = "main"
    notices: dict[str, tuple[Problem, ...]] = field(default_factory=dict)  # entry id -> open lint warnings
    tested: dict[str, tuple[str, str]] = field(default_factory=dict)  # '<id>:<kind>.<i>' -> GPU, CUDA of its stored run
    # Derived once per site, not once per page (scanning every entry for each page is quadratic):
    instances: dict[str, list[str]] = field(default_factory=dict)  # entry id -> ids that belong_to it, sorted
    articles_of: dict[str, list[Article]] = field(default_factory=dict)  # entry id -> articles linking it
    redirects: dict[str, str] = field(default_factory=dict)  # moved id -> the entry that replaces it (config/ids.txt)
    # Reproduction folders published on the site (generator/render/repro.py): owner (entry id, articles/<id>) -> files.
    repro: dict[str, tuple[ReproFile, ...]] = field(default_factory=dict)
    # (language, entry id) -> an entry's title and code as the lists by tag, version and domain show them (~80,000
    # list items at 3,000 entries, of ~6,000 different ones): made once per site.
    list_items: dict[tuple[str, str], str] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for x in sorted(self.entries.values(), key=lambda x: x.id):
            if x.belongs_to:
                self.instances.setdefault(x.belongs_to, []).append(x.id)
        for a in self.articles:
            for i in dict.fromkeys(self.article_links.get(a.id, [])):
                self.articles_of.setdefault(i, []).append(a)


def rel_link(from_page: str, to_page: str, lang: str) -> Markup:
    """Relative link between docs pages (paths without extension), to the page in the same language."""
    return Markup(_relpath(page_file(to_page, lang), posixpath.dirname(from_page)))


@lru_cache(maxsize=1 << 14)
def _relpath(target: str, start: str) -> str:
    """posixpath.relpath for two docs-relative paths, without its abspath/getcwd calls (one per link adds up to
    seconds at a few thousand pages)."""
    t, s = target.split("/"), start.split("/") if start else []
    common = 0
    while common < min(len(t), len(s)) and t[common] == s[common]:
        common += 1
    return "/".join([".."] * (len(s) - common) + t[common:]) or "."


def page_url(from_page: str, to_page: str) -> Markup:
    """Relative URL from a page (docs path without extension) to another page of the same language, as MkDocs writes
    it for a link between their Markdown files (`use_directory_urls`: `cuda/x` is served at `[<lang>/]cuda/x/`,
    `rules/index` at `[<lang>/]rules/`). Entry pages are HTML: MkDocs rewrites no link on them (the hook checks them,
    generator/build/site.py check_links too)."""
    target = to_page.removesuffix("/index") if to_page.endswith("/index") else to_page
    return Markup(html.escape(_relpath(target, from_page) + "/", quote=True))


def repro_link(site: Site, page: str, owner: str, name: str) -> Markup:
    """A link to a stored file of `owner`'s reproduction folder: its section on the site's page for the folder, or
    (a file the site does not publish) its page in the repository."""
    published = next((f for f in site.repro.get(owner, ()) if f.name == name), None)
    if published is None:
        return html_ext_link(f"{site.repo_url}/blob/{site.edit_branch}/entries/{owner}.repro/{name}", name)
    href = f"{page_url(page, page_path(owner))}#{html.escape(published.anchor, quote=True)}"
    return Markup(f'<a href="{href}">{html_text(name)}</a>')


def evidence_words(ev: Evidence | None, t: dict[str, str], dead_end: bool) -> str:
    """A counted share in words ("fixed it in 5 of 6 linked reports"); "" where nothing was counted. Typed rates
    are never shown: a number appears only beside the reports it was counted on."""
    if ev is None or not ev.reports:
        return ""
    n = len(ev.failed) if dead_end else len(ev.worked)
    noun = t["report_one"] if ev.reports == 1 else t["report_many"]
    return t["evidence_failed" if dead_end else "evidence_worked"].format(n=n, total=ev.reports, reports=noun)


def evidence_links(ev: Evidence | None, t: dict[str, str]) -> Markup:
    """The reports behind a count, numbered: "worked: 1, 2 · did not: 3", each number a link."""
    if ev is None or not ev.reports:
        return Markup("")
    parts, k = [], 0
    for label, urls in ((t["reports_worked"], ev.worked), (t["reports_failed"], ev.failed)):
        if urls:
            links = []
            for url in urls:
                k += 1
                links.append(html_ext_link(url, str(k)))
            parts.append(html_text(label) + html_text(t["colon"]) + html_text(t["list_sep"]).join(links))
    return Markup(" · ").join(parts)


def front_matter(title: str, description: str, extra: dict[str, Any] | None = None) -> Markup:
    # Material puts page.title and meta description into the HTML unescaped (<title>, header, <meta content>):
    # escape them here, once, so untrusted titles stay text there too.
    data = {"title": html.escape(title, quote=True), "description": html.escape(description[:160], quote=True)}
    data.update(extra or {})
    # JSON is valid YAML; ensure_ascii keeps odd Unicode (line separators, RTL marks) out of the YAML parser.
    return Markup("\n".join(f"{k}: {json.dumps(v, ensure_ascii=True)}" for k, v in data.items()))


def _badge(kind: str, label: str, value: str) -> Markup:
    return Markup(f'<span class="ee-badge ee-badge-{kind}"><span class="ee-badge-label">{html_text(label)}</span>'
                  f'<span class="ee-badge-value">{html_text(value)}</span></span>')


def english(text: object) -> Markup:
    """Text that stays English on a page in another language, marked as such (`lang="en"`): screen readers and fonts
    treat it as English, and the translation report (generator/l10n/translation.py) counts it as shown untranslated."""
    return Markup(f'<span lang="{languages().default.code}">') + md_text(text) + Markup("</span>")


def english_html(text: object) -> Markup:
    """english(), on a page written as HTML."""
    return Markup(f'<span lang="{languages().default.code}">') + html_text(text) + Markup("</span>")


def untranslated(text: object, t: dict[str, str]) -> Markup:
    """English shown on a page in another language for want of a translation: the notice badge, then the English
    text, marked."""
    return Markup(f'<span class="ee-untranslated">{html_text(t["untranslated"])}</span> ') + english_html(text)


def shown(translation: str | None, en: str | None, lang: str, t: dict[str, str]) -> Markup:
    """A text in the page's language: its translation, or the English original marked untranslated."""
    if not en:
        return Markup("")
    text, is_fallback = fallback(translation, en, lang)
    return untranslated(text, t) if is_fallback else html_text(text)


def title_md(e: Entry, lang: str) -> Markup:
    """An entry's title as link text or heading: an untranslated title on a zh page is marked English."""
    title, fallback = page_title(e, lang)
    return english(title) if fallback else md_text(title)


def title_html(e: Entry, lang: str) -> Markup:
    """title_md(), on a page written as HTML."""
    title, fallback = page_title(e, lang)
    return english_html(title) if fallback else html_text(title)


def page_title(e: Entry, lang: str) -> tuple[str, bool]:
    """What a page and the links to it call the entry (generator/render/titles.py), and whether that is an untranslated
    fallback."""
    return titles.title(e, lang)


def message_block(e: Entry, label: str) -> Markup:
    """The message as printed, line breaks kept (tabs at the columns Python-Markdown put them, when pages were
    Markdown)."""
    text = "\n".join(line.rstrip() for line in e.signature.strip().splitlines())
    return Markup(f'<pre class="ee-message" title="{html.escape(label, quote=True)}"><code>'
                  f'{html.escape(text, quote=False)}</code></pre>'.expandtabs(4))


def _item(body: Markup, wrap: bool = False) -> Markup:
    """A list item's content (the template's `item` filter): paragraphs split where a code block stands, each as <p>
    where `wrap` (a loose list: items apart) or where a block splits them (markup_html.paragraphs)."""
    if "<ee-block>" not in body:
        return paragraphs((body,), wrap) if wrap else body
    parts: list[Markup | str] = []
    pos = 0
    for m in _BLOCK.finditer(body):
        parts.append(body[pos:m.start()])
        parts.append(CodeBlock(m.group(1)))
        pos = m.end()
    parts.append(body[pos:])
    return paragraphs(parts, wrap)


_BLOCK = re.compile(r"<ee-block>(.*?)</ee-block>", re.S)
ENV.filters["item"] = _item


def _steps(how: str, prose: Callable[[str], Markup]) -> Markup:
    """A workaround's steps, each code block marked for the `item` filter (untrusted text never holds a raw '<')."""
    return Markup("").join(Markup(f"<ee-block>{part}</ee-block>") if isinstance(part, CodeBlock) else part
                           for part in html_steps(how, prose))


def render_entry(e: Entry, site: Site, lang: str) -> str:
    """An entry's page in `lang`: front matter (with `ee_html: true`), then the page's HTML, as Python-Markdown made it
    of the Markdown this page used to be (the hook hands it to MkDocs as rendered: generator/mkdocs_edge/hook.py)."""
    t = strings(lang)
    page = e.id
    language = languages().get(lang)
    status = translation_status(e, language)
    translating = not language.default
    links = site.graph[e.id]

    def link(target: str) -> Markup:
        return page_url(page, target)

    title, title_fallback = page_title(e, lang)
    rc, rc_fallback = fallback(language.text(e, "root_cause"), e.root_cause, lang)

    def tested(kind: str, i: int) -> Markup | str:
        """'Tested on GPU (…)' / 'Shown failing on GPU (…)' with links to the stored program, output and run record."""
        items = e.raw.get(kind, [])
        item = items[i] if i < len(items) and isinstance(items[i], dict) else {}
        files = item.get("tested")
        if not isinstance(files, dict):
            return ""
        gpu, cuda = site.tested.get(f"{e.id}:{kind}.{i}", ("", ""))
        env = t["tested_sep"].join(x for x in (gpu, f"CUDA {cuda}" if cuda else "") if x)
        label = t["tested_failing" if kind == "dead_ends" else "tested_works"]
        if env:
            label += t["paren_open"] + env + t["paren_close"]
        links = Markup(" · ").join(html_text(t[f"tested_{k}"]) + html_text(t["colon"])
                                   + repro_link(site, page, e.id, str(files.get(k, "")))
                                   for k in ("script", "output", "run"))
        return Markup(f'<span class="ee-tested ee-tested-{"fails" if kind == "dead_ends" else "works"}">'
                      f'{html_text(label)}</span> {links}')

    def en(text: str, english_shown: bool) -> Markup | str:
        """`text`, marked English where a page in another language shows the English original."""
        return english_html(text) if translating and english_shown and text else text

    dead_ends_tr, workarounds_tr = language.text(e, "dead_ends") or (), language.text(e, "workarounds") or ()
    dead_ends = []
    for i, d in enumerate(e.dead_ends):
        zh = dead_ends_tr[i] if i < len(dead_ends_tr) else None
        translated = translating and status.dead_ends[i]
        zh_action = bool(translated and zh and zh.action)
        action = zh.action if zh and zh_action else d.action
        why = zh.why_fails if translated and zh else d.why_fails
        zh_condition = translating and status.dead_end_conditions[i] and zh is not None
        cond = zh.condition if zh and zh_condition else d.condition
        dead_ends.append({
            "action": en(action, not zh_action) or t["dead_end_unnamed"],
            "counted": evidence_words(d.evidence, t, dead_end=True),
            "reports": evidence_links(d.evidence, t), "why": en(why, not translated),
            "condition": en(cond, not zh_condition), "untranslated": translating and not status.dead_ends[i],
            "condition_untranslated": translating and status.dead_ends[i] and not status.dead_end_conditions[i],
            "tested": tested("dead_ends", i),
        })

    order = workaround_order(e)
    workarounds = []
    for i in order:
        w = e.workarounds[i]
        zh = workarounds_tr[i] if i < len(workarounds_tr) else None
        translated = translating and status.workarounds[i]
        action = zh.action if translated and zh else w.action
        zh_how = bool(translated and zh and zh.how)
        how = zh.how if zh and zh_how else w.how
        if how.strip() == w.action.strip() or (translated and zh and how.strip() == zh.action.strip()):
            how = ""  # 'how' only where it adds to 'action'
        zh_condition = bool(translating and status.workaround_conditions[i] and zh and zh.condition)
        cond = zh.condition if zh and zh_condition else w.condition
        workarounds.append({
            "action": en(action, not translated),
            "counted": evidence_words(w.evidence, t, dead_end=False),
            "reports": evidence_links(w.evidence, t),
            "how": _steps(how, english_html if translating and not zh_how else html_text) if how else "",
            "condition": en(cond, not zh_condition),
            "sources": Markup(", ").join(html_ext_link(s) for s in w.sources) if w.sources else "",
            "untranslated": translating and not status.workarounds[i],
            "condition_untranslated": translated and not status.workaround_conditions[i],
            "tested": tested("workarounds", i),
        })

    na = Markup("—")
    versions = [{
        "product": v.product, "version": v.version or na, "status": t.get(f"status_{v.status}", v.status),
        **{c: shown(language.text(v.translations, c), getattr(v, c), lang, t) or na for c in VERSION_NOTES},
    } for v in sorted(e.versions, key=lambda v: (v.product.lower(), version_key(v.version)))]

    # introduced / deprecated / removed / behaviour change: only the columns some row fills in
    version_columns = [c for c in VERSION_NOTES if any(getattr(v, c) for v in e.versions)]

    node_ids = {i: f"n{k}" for k, i in enumerate([e.id, *links.all()])}
    diagram = (Markup(f'<pre class="mermaid"><code>{html.escape(mermaid(e.id, links, node_ids), quote=False)}'
                      '</code></pre>') if links.all() else "")
    instances = site.instances.get(e.id, [])
    signatures = {i: title_html(site.entries[i], lang) for i in [*links.all(), *instances]}

    articles = [
        {"title": article_title_html(a, lang), "link": link(f"articles/{a.id}")}
        for a in site.articles_of.get(e.id, [])
    ]

    tier = site.effective_tier.get(e.id, e.verification_tier)
    resolvable = t[f"resolvable_{e.resolvable}"]
    badges = Markup(" ").join([
        _badge(f"tier-{tier}", t["tier"], t[f"tier_{tier}"]),
        _badge(f"resolvable-{e.resolvable}", t["resolvable"], resolvable),
    ])

    corrections = [{
        "field": c["field"], "date": c["date"], "was": html_verbatim(c["was"]), "now": html_verbatim(c["now"]),
        "why": shown(language.text(c, "why"), c["why"], lang, t)} for c in e.corrections]

    repro = None
    if e.reproduction:
        repro = {
            "environment": shown(language.text(e.reproduction, "environment"), e.reproduction["environment"], lang,
                                 t),
            "date": e.reproduction["date"],
            "script_link": repro_link(site, page, e.id, e.reproduction["script"]),
            "output_link": repro_link(site, page, e.id, e.reproduction["output"]),
            "run_link": repro_link(site, page, e.id, e.reproduction["run"]) if e.reproduction.get("run") else "",
        }

    belongs_to = None
    if e.belongs_to and e.belongs_to in site.entries:
        parent = site.entries[e.belongs_to]
        belongs_to = {"code": parent.error_code or parent.id}
    # Acknowledged errors and open warnings are shown, never hidden: the reader sees what the checks found.
    acknowledged = [{"rule": a["rule"], "name": RULES[a["rule"]].name if a["rule"] in RULES else "",
                     "reason": shown(language.text(a, "reason"), a["reason"], lang, t)} for a in e.acknowledged]
    notices = [{"code": p.code, "field": p.field, "text": rule_summary(p, lang)}
               for p in sorted(site.notices.get(e.id, ()), key=lambda p: (p.code, p.field))]

    # The meta description: what the error means (the root cause's first sentence), never the title again.
    description = summary(rc)
    history_count = len(corrections) + len(acknowledged) + len(notices)  # any: the page ends with its history
    ctx = {
        "front_matter": front_matter(titles.html_title(e, lang), description,
                                     {"ee_mermaid": bool(diagram), "ee_search": True, "ee_html": True}),
        "h": Headings(),
        "title": english_html(title) if title_fallback else html_text(title), "e": e, "t": t, "lang": lang,
        "message_block": "" if titles.is_message(e) and not translating else message_block(e, t["machine_message"]),
        "lead": english_html(opening(rc)) if rc_fallback else html_text(opening(rc)), "lead_untranslated": rc_fallback,
        "domain_name": domain_name(e.domain, lang), "category": t[f"category_{e.category}"],
        "domain_link": link(f"browse/{e.domain}"),
        "badges": badges, "belongs_to": belongs_to,
        "corrections": corrections, "root_cause": html_text(rc),  # a fallback: the <div lang> around it marks it
        "root_cause_fallback": rc_fallback, "default_lang": languages().default.code,
        # Whether the error corrupts the context: the first thing an engineer needs to know (keep going or restart).
        "sticky": (t[f"sticky_{e.sticky}"], t[f"sticky_{e.sticky}_note"]) if e.sticky else None,
        "acknowledged": acknowledged, "notices": notices, "rules_link": link("rules/index"),
        "history_count": history_count,
        "dead_ends": dead_ends, "workarounds": workarounds,
        # How the list is ordered, where not every item carries its count (generator/model.py workaround_order).
        # Escaped for HTML only, as when it was a raw HTML block in Markdown: its backticks stay text.
        "order_note": Markup(html.escape("" if all(w["counted"] for w in workarounds) else
                                         t["order_mixed"] if any(w["counted"] for w in workarounds)
                                         else t["order_unmeasured"])),
        "dead_ends_fallback": bool(dead_ends) and all(d["untranslated"] for d in dead_ends),
        "workarounds_fallback": bool(workarounds) and all(w["untranslated"] for w in workarounds),
        "untranslated_badge": Markup(f'<span class="ee-untranslated">{html_text(t["untranslated"])}</span>'),
        "versions": versions, "version_columns": version_columns,
        "os_specific": [(os, untranslated(text, t) if translating else text)  # no translated field: marked
                        for os, text in sorted(e.os_specific.items())],
        "has_links": bool(links.all()),
        "link_groups": [(t["leads_to"], links.leads_to), (t["preceded_by"], links.preceded_by),
                        (t["confused_with"], links.confused_with)],
        "signatures": signatures, "instances": instances, "diagram": diagram, "link": link,
        "articles": articles, "reproduction": repro,
        "doc_link": html_ext_link(e.official_doc_url, e.official_doc_section or e.official_doc_url),
        "tag_link": lambda tag: Markup(f"{link('browse/tags')}#tag-"
                                       f"{html.escape(tag.replace('.', '-').replace('+', '-'), quote=True)}"),
        "verbatim": html_verbatim,
        "source_link": html_ext_link(f"{site.repo_url}/blob/{site.edit_branch}/{e.path}", t["source"]),
        "edit_link": html_ext_link(f"{site.repo_url}/edit/{site.edit_branch}/{e.path}", t["edit"]),
        "api_link": Markup(f'<a href="{to_root(page, lang)}api/v1/{html.escape(e.id, quote=True)}.json">'
                           f'{html_text(t["api"])}</a>'),
    }
    return ENV.get_template(ENTRY_TEMPLATE).render(ctx)


def rule_summary(p: Problem, lang: str) -> Markup | str:
    """What a lint rule's notice says on a page in `lang`: the rule's summary in that language (rules.py), or the
    problem's own English message (marked, on a page in another language)."""
    language = languages().get(lang)
    if language.default:
        return p.message
    summary = language.text(RULES[p.code], "summary") if p.code in RULES else None
    return summary if isinstance(summary, str) and summary else english_html(p.message)


def article_title(a: Article, lang: str) -> Markup:
    """An article's title as link text: an untranslated title on a page in another language is marked English."""
    if is_default(lang):
        return md_text(a.title)
    title = languages().get(lang).text(a, "title")
    return md_text(title) if title else english(a.title)


def article_title_html(a: Article, lang: str) -> Markup:
    """article_title(), on a page written as HTML."""
    if is_default(lang):
        return html_text(a.title)
    title = languages().get(lang).text(a, "title")
    return html_text(title) if title else english_html(a.title)


def render_article(a: Article, site: Site, lang: str) -> str:
    t = strings(lang)
    page = f"articles/{a.id}"
    translated_title, translated_body = languages().get(lang).text(a, "title"), languages().get(lang).text(a, "body")
    translated = translated_body is not None
    title = translated_title or a.title
    body = translated_body if translated else a.body
    parts = [f"---\n{front_matter(title, title, {'ee_search': True})}\n---\n", f"# {article_title(a, lang)}\n",
             f"*{md_text(t['published'])}*{t['colon']}{md_text(a.date)}\n"]
    if not is_default(lang) and not translated:
        parts.append(f'!!! warning "{t["untranslated"]}"\n    {md_text(t["article_untranslated"])}\n')
    if a.repaired_mojibake:
        parts.append(f'!!! note "{md_text(t["mojibake_note"])}"\n')
    # The article's own H1s would compete with the page title: demote every heading by one level.
    owner = f"articles/{a.id}"

    def stored_file(dest: str) -> str | None:
        """`<id>.repro/<file>` (relative to the article, as it also reads in the repository): the site's copy."""
        folder, _, name = dest.partition("/")
        published = next((f for f in site.repro.get(owner, ()) if f.name == name), None)
        if folder != f"{a.id}.repro" or published is None:
            return None
        return f"{rel_link(page, page_path(owner), lang)}#{published.anchor}"
    text = safe_article_markdown(_strip_leading_h1(body), stored_file)
    if not is_default(lang) and not translated:  # the English original, marked English (generator/l10n/translation.py)
        text = f'<div lang="{languages().default.code}" markdown>\n\n{text}\n</div>\n'
    parts.append(text)
    related = site.article_links.get(a.id, [])
    if related:
        parts.append(f"\n## {md_text(t['entries_concerned'])}\n")
        for i in related:
            other = site.entries[i]
            parts.append(f"- [{md_text(i)}]({rel_link(page, i, lang)}) — {title_md(other, lang)}")
    return _tidy("\n".join(parts) + "\n")


def _strip_leading_h1(body: str) -> str:
    lines = body.lstrip("\n").split("\n")
    if lines and lines[0].startswith("# "):
        return "\n".join(lines[1:])
    return body


def _tidy(text: str) -> str:
    """Collapse runs of blank lines left by template control blocks (stable, byte-identical output)."""
    out: list[str] = []
    blank = 0
    in_fence = False
    for line in text.split("\n"):
        if line.startswith("```"):
            in_fence = not in_fence
        if not in_fence and not line.strip():
            blank += 1
            if blank > 1:
                continue
        else:
            blank = 0
        out.append(line.rstrip() if not in_fence else line)
    return "\n".join(out).strip("\n") + "\n"


def entry_list_html(page: str, ids: Iterable[str], site: Site, lang: str) -> str:
    """A list of entries, on a page written as HTML: each entry's title linked, its code after it."""
    out = []
    items = site.list_items
    for i in ids:
        item = items.get((lang, i))
        if item is None:
            e = site.entries[i]
            code = f" {html_verbatim(e.error_code)}" if e.error_code else ""
            item = items[(lang, i)] = f"{title_html(e, lang)}</a>{code}</li>"
        out.append(f'<li><a href="{page_url(page, i)}">{item}')
    return "<ul>\n" + "\n".join(out) + "\n</ul>"


def render_redirect(old: str, new: str, site: Site, lang: str) -> str:
    """The page at a moved id's URL: it sends the reader on to the entry that replaced it (a meta refresh, see
    overrides/main.html) and says so in words for readers and tools that do not follow it. Not indexed. Written as
    HTML (as the Markdown it was rendered)."""
    t = strings(lang)
    title, _ = page_title(site.entries[new], lang)
    url = "../" * (old.count("/") + 1) + f"{new}/"  # from /[<lang>/]<old>/ up to the language's root
    heading = t["moved_title"].format(id=old)
    meta = front_matter(heading, t["moved_body"].format(id=old, title=title),
                        {"ee_redirect": url, "search": {"exclude": True}, "ee_html": True})
    return (f"---\n{meta}\n---\n{Headings()(1, html_text(heading))}\n"
            f"<p>{html_text(t['moved_body'].format(id=old, title=title))}</p>\n"
            f'<p><a href="{page_url(old, new)}">{html_text(title)}</a></p>\n')
