"""Index pages derived from the entries: domains, categories, error codes, tags, versions, translation status."""
from __future__ import annotations

import html
from collections import defaultdict

from markupsafe import Markup

from generator.config import domain_name
from generator.l10n.i18n import strings
from generator.l10n.languages import languages
from generator.l10n.translation import Finding
from generator.lint.rules import RULES, Rule
from generator.lint.versions import version_key
from generator.render.markup_html import Headings, html_text
from generator.render.pages import (
    Site,
    article_title_html,
    english_html,
    entry_list_html,
    front_matter,
    page_title,
    page_url,
)
from generator.render.sentences import plain


def _page_html(title: str, intro: str, top: Markup, body: list[str]) -> str:
    """An index page, written as HTML (front matter `ee_html: true`: MkDocs takes it as rendered; generator/mkdocs_edge/
    hook.py): `top`, the title's heading, made first by the page's Headings (ids are given in page order), the intro,
    then `body`. Index pages repeat every entry's title (once per tag, per version ...): kept out of the search index,
    where they were half its size; search finds the entry pages themselves."""
    meta = front_matter(title, intro, {"search": {"exclude": True}, "ee_html": True})
    return f"---\n{meta}\n---\n{top}\n<p>{html_text(intro)}</p>\n" + "\n".join(body) + "\n"


def _category_anchor(category: str) -> str:
    """The stable id of a category's heading on a domain page (the heading itself is the localized label)."""
    return "category-" + category.replace("_", "-")


def browse_index(site: Site, lang: str) -> str:
    """The browse page: each domain with its entry count and its categories' counts, then the indexes of all entries.
    Written as HTML (as the Markdown it was rendered)."""
    t = strings(lang)
    page = "browse"  # browse/index, served at [<lang>/]browse/
    by_domain: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for e in site.entries.values():
        by_domain[e.domain][e.category].append(e.id)
    h = Headings()
    top = h(1, html_text(t["browse"]))
    body: list[str] = []
    for domain in sorted(by_domain):
        total = sum(len(v) for v in by_domain[domain].values())
        link = page_url(page, f"browse/{domain}")
        body.append(h(2, Markup(f'<a href="{link}">{html_text(domain_name(domain, lang))}</a>')
                      + html_text(f"{t['paren_open']}{total} {t['entries_count']}{t['paren_close']}")))
        body.append("<ul>")
        body += [f'<li><a href="{link}#{_category_anchor(cat)}">{html_text(t[f"category_{cat}"])}</a>'
                 f"{html_text(t['colon'])}{len(by_domain[domain][cat])}</li>" for cat in sorted(by_domain[domain])]
        body.append("</ul>")
    body.append(h(2, html_text(t["all_entries"])))
    body += ["<ul>", *(f'<li><a href="{page_url(page, target)}">{html_text(t[label])}</a></li>'
                       for label, target in (("error_codes", "browse/codes"), ("tag_index", "browse/tags"),
                                             ("versions_index", "browse/versions"),
                                             ("translation_status", "browse/translation"),
                                             ("articles", "articles/index"))), "</ul>"]
    return _page_html(t["browse"], t["domain_index_intro"], top, body)


def domain_page(domain: str, site: Site, lang: str) -> str:
    t = strings(lang)
    page = f"browse/{domain}"
    by_cat: dict[str, list[str]] = defaultdict(list)
    for e in site.entries.values():
        if e.domain == domain:
            by_cat[e.category].append(e.id)
    h = Headings(_category_anchor(cat) for cat in by_cat)
    title = f"{t['by_domain']}{t['colon']}{domain_name(domain, lang)}"
    top = h(1, html_text(title))  # the first heading
    body: list[str] = []
    for cat in sorted(by_cat):
        body.append(h(2, html_text(t[f"category_{cat}"]), fixed=_category_anchor(cat)))
        body.append(entry_list_html(page, sorted(by_cat[cat]), site, lang))
    return _page_html(title, t["domain_index_intro"], top, body)


def codes_page(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "browse/codes"
    rows: dict[str, set[str]] = defaultdict(set)
    for e in site.entries.values():
        if e.error_code:
            rows[e.error_code].add(e.id)
        for a in e.aliases:
            rows[a].add(e.id)
    # The code is the link, in the first column: on a phone the table scrolls sideways and a link in the last
    # column was off-screen. One row per code and entry; titles as plain text.
    body = ['<div class="ee-codes">', "<table>", "<thead>", "<tr>", f"<th>{html_text(t['error_code'])}</th>",
            f"<th>{html_text(t['entry'])}</th>", "</tr>", "</thead>", "<tbody>"]
    for code in sorted(rows, key=str.lower):
        for i in sorted(rows[code]):
            title, _ = page_title(site.entries[i], lang)
            body.append(f'<tr>\n<td><a href="{page_url(page, i)}">{html_text(code)}</a></td>\n'
                        f"<td>{html_text(plain(title))}</td>\n</tr>")
    body += ["</tbody>", "</table>", "</div>"]
    return _page_html(t["error_codes"], t["code_index_intro"], Headings()(1, html_text(t["error_codes"])), body)


def tags_page(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "browse/tags"
    by_tag: dict[str, list[str]] = defaultdict(list)
    for e in site.entries.values():
        for tag in e.tags:
            by_tag[tag].append(e.id)

    def anchor(tag: str) -> str:
        return html.escape("tag-" + tag.replace(".", "-").replace("+", "-"))

    # An overview first: every tag with its count, linking to its section (the page is long).
    body = []
    if by_tag:
        body.append("<p>" + " · ".join(f'<a href="#{anchor(tag)}">{html_text(tag)}</a> ({len(by_tag[tag])})'
                                        for tag in sorted(by_tag)) + "</p>")
    for tag in sorted(by_tag):
        # A heading with a stable id, outside the table of contents (hundreds of tags), as when it was raw HTML.
        body.append(f'<h2 id="{anchor(tag)}">{html.escape(tag)}</h2>')
        body.append(entry_list_html(page, sorted(by_tag[tag]), site, lang))
    if not by_tag:
        body.append(f"<p>{html_text(t['no_tags'])}</p>")
    return _page_html(t["tag_index"], t["tag_index_intro"], Headings()(1, html_text(t["tag_index"])), body)


def versions_page(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "browse/versions"
    tree: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for e in site.entries.values():
        for v in e.versions:
            tree[v.product][v.version].append(e.id)
    h = Headings()
    top = h(1, html_text(t["versions_index"]))
    body: list[str] = []
    for product in sorted(tree, key=str.lower):
        body.append(h(2, html_text(product)))
        for version in sorted(tree[product], key=version_key, reverse=True):
            ids = sorted(set(tree[product][version]))
            body.append(h(3, html_text(product) + Markup(" ") + html_text(version or "?")))
            body.append(entry_list_html(page, ids, site, lang))
    return _page_html(t["versions_index"], t["version_index_intro"], top, body)


def translation_page(site: Site, lang: str, reports: dict[str, dict[str, list[Finding]]]) -> str:
    """What readers of the translated languages' pages see in English (generator/l10n/translation.py reads every page as
    rendered): `reports`, language -> its report; each under the language's name where there are several. Written as
    HTML (as the Markdown it was rendered)."""
    t = strings(lang)
    h = Headings()
    top = h(1, html_text(t["translation_status"]))
    body: list[str] = []
    for report_lang, report in reports.items():
        if len(reports) > 1:
            body.append(h(2, html_text(languages().get(report_lang).name)))
        body += _translation_report(site, lang, report)
    body += [h(2, html_text(t["translation_method_heading"])), f"<p>{html_text(t['translation_method'])}</p>"]
    return _page_html(t["translation_status"], t["translation_intro"], top, body)


def _translation_report(site: Site, lang: str, report: dict[str, list[Finding]]) -> list[str]:
    t = strings(lang)
    page = "browse/translation"
    entry_pages = [p for p in report if p in site.entries]
    marked = [p for p, fs in report.items() if any(f.marked for f in fs)]
    unmarked = [p for p, fs in report.items() if any(not f.marked for f in fs)]
    clean_entries = sum(1 for p in entry_pages if not report[p])
    clean = sum(1 for fs in report.values() if not fs)
    body = [f"<p>{html_text(t['translation_pages'].format(clean=clean, total=len(report)))}</p>",
            "<ul>",
            f"<li>{html_text(t['translation_entries'].format(clean=clean_entries, total=len(entry_pages)))}</li>",
            f"<li>{html_text(t['translation_marked'].format(n=len(marked)))}</li>",
            f"<li>{html_text(t['translation_unmarked'].format(n=len(unmarked)))}</li>",
            "</ul>"]
    rows = []
    for p, fs in report.items():
        by_section: dict[tuple[str, bool], list[Finding]] = defaultdict(list)
        for f in fs:
            by_section[(f.section, f.marked)].append(f)
        for (section, is_marked), group in by_section.items():
            # The first thing the reader sees there, as text (no code span, as when a '|' would have split the cell).
            shown = english_html(group[0].text.replace("`", "'"))
            more = f" {html_text(t['translation_more'].format(n=len(group) - 1))}" if len(group) > 1 else ""
            kind = t["translation_kind_marked" if is_marked else "translation_kind_unmarked"]
            rows.append(f'<tr>\n<td><a href="{page_url(page, p)}">{html_text(p)}</a></td>\n'
                        f"<td>{html_text(section or t['section_top'])}</td>\n<td>{html_text(kind)}</td>\n"
                        f"<td>{shown}{more}</td>\n</tr>")
    if rows:
        columns = ("translation_page", "translation_section", "translation_kind", "translation_text")
        body += ["<table>", "<thead>", "<tr>", *(f"<th>{html_text(t[c])}</th>" for c in columns), "</tr>", "</thead>",
                 "<tbody>", *rows, "</tbody>", "</table>"]
    return body


def articles_index(site: Site, lang: str) -> str:
    """The articles, newest first, each with its date. Written as HTML (as the Markdown it was rendered)."""
    t = strings(lang)
    page = "articles"  # articles/index, served at [<lang>/]articles/
    body = [f'<li><a href="{page_url(page, f"articles/{a.id}")}">{article_title_html(a, lang)}</a> — '
            f"{html_text(a.date)}</li>" for a in sorted(site.articles, key=lambda a: (a.date, a.id), reverse=True)]
    return _page_html(t["articles"], t["articles_intro"], Headings()(1, html_text(t["articles"])),
                      ["<ul>", *body, "</ul>"] if body else [])


def rules_page(lang: str) -> str:
    """docs/rules/index(.<lang>).md: the rule table, generated from RULES so code and docs cannot drift. A rule's texts
    in the page's language (rules.py: `summary_zh`, `why_zh`), or the English ones, marked. Written as HTML (as the
    Markdown it was rendered): the rules' texts and the page's UI strings are text with `code` spans (html_text; they
    were Markdown written with the rules, and used no other Markdown: tests/test_entry_html.py keeps it so)."""
    t = strings(lang)
    language = languages().get(lang)

    def text(rule: Rule, name: str) -> Markup:
        """The rule's text in the page's language, or the English one on another language's page, marked."""
        own = language.text(rule, name)
        if own:
            return html_text(own)
        return html_text(getattr(rule, name)) if language.default else english_html(getattr(rule, name))

    h = Headings()
    title = t["rules_title"]
    top = h(1, html_text(title))
    columns = ("rules_code", "rules_name", "rules_severity", "rules_zh_fields", "rules_meaning")
    rows = [f'<tr>\n<td><span id="{html.escape(r.code.lower())}"></span><strong>{html_text(r.code)}</strong></td>\n'
            f"<td><code>{html.escape(r.name, quote=False)}</code></td>\n"
            f"<td>{html_text(t[f'rules_severity_{r.severity}'])}</td>\n"
            f"<td>{html_text(t['rules_zh_' + (r.zh or 'none')])}</td>\n<td>{text(r, 'summary')}</td>\n</tr>"
            for r in RULES.values()]
    whys = [f"<li><strong>{html_text(r.code)}</strong> <code>{html.escape(r.name, quote=False)}</code>"
            f"{html_text(t['colon'])}{text(r, 'why')}</li>" for r in RULES.values() if r.why]
    meta = front_matter(title, t["rules_intro"], {"ee_html": True})
    return "\n".join([f"---\n{meta}\n---", top, f"<p>{html_text(t['rules_intro'])}</p>", "<table>", "<thead>", "<tr>",
                      *(f"<th>{html_text(t[c])}</th>" for c in columns), "</tr>", "</thead>", "<tbody>", *rows,
                      "</tbody>", "</table>", h(2, html_text(t["rules_ack_heading"])),
                      f"<p>{html_text(t['rules_ack'])}</p>", h(2, html_text(t["rules_why_heading"])),
                      *(["<ul>", *whys, "</ul>"] if whys else [])]) + "\n"
