"""Index pages derived from the entries: domains, categories, error codes, tags, versions, translation status."""
from __future__ import annotations

import html
from collections import defaultdict

from generator.i18n import strings
from generator.markup import md_text
from generator.render import Site, _tidy, entry_list, front_matter, page_title, rel_link
from generator.sentences import plain
from generator.translation import zh_status
from generator.versions import version_key


def _page(title: str, intro: str, body: list[str]) -> str:
    # Index pages repeat every entry's title (once per tag, per version ...): kept out of the search index,
    # where they were half its size; search finds the entry pages themselves.
    meta = front_matter(title, intro, {"search": {"exclude": True}})
    return _tidy(f"---\n{meta}\n---\n\n# {md_text(title)}\n\n{md_text(intro)}\n\n"
                 + "\n".join(body) + "\n")


def _anchor(text: str) -> str:
    """The id MkDocs' toc gives a heading (lowercase, word characters and hyphens)."""
    return "".join(c if (c.isalnum() or c in "_-") else "-" for c in text.lower())


def browse_index(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "browse/index"
    by_domain: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for e in site.entries.values():
        by_domain[e.domain][e.category].append(e.id)
    body = []
    for domain in sorted(by_domain):
        total = sum(len(v) for v in by_domain[domain].values())
        count = f"{total} {md_text(t['entries_count'])}"
        body.append(f"## [{md_text(domain)}]({rel_link(page, f'browse/{domain}', lang)}) ({count})\n")
        for cat in sorted(by_domain[domain]):
            body.append(f"- [{md_text(cat)}]({rel_link(page, f'browse/{domain}', lang)}#{_anchor(cat)}): "
                        f"{len(by_domain[domain][cat])}")
        body.append("")
    body.append(f"## {md_text(t['all_entries'])}\n")
    body += [f"- [{md_text(t['error_codes'])}]({rel_link(page, 'browse/codes', lang)})",
             f"- [{md_text(t['tag_index'])}]({rel_link(page, 'browse/tags', lang)})",
             f"- [{md_text(t['versions_index'])}]({rel_link(page, 'browse/versions', lang)})",
             f"- [{md_text(t['translation_status'])}]({rel_link(page, 'browse/translation', lang)})",
             f"- [{md_text(t['articles'])}]({rel_link(page, 'articles/index', lang)})"]
    return _page(t["browse"], t["domain_index_intro"], body)


def domain_page(domain: str, site: Site, lang: str) -> str:
    t = strings(lang)
    page = f"browse/{domain}"
    by_cat: dict[str, list[str]] = defaultdict(list)
    for e in site.entries.values():
        if e.domain == domain:
            by_cat[e.category].append(e.id)
    body = []
    for cat in sorted(by_cat):
        body.append(f"## {md_text(cat)}\n")
        body += entry_list(page, sorted(by_cat[cat]), site, lang)
        body.append("")
    return _page(f"{t['by_domain']}: {domain}", t["domain_index_intro"], body)


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
    # column was off-screen. One row per code and entry; titles as plain text (a code span's '|' splits a cell).
    body = ['<div class="ee-codes" markdown>', "", f"| {md_text(t['error_code'])} | {md_text(t['entry'])} |",
            "|---|---|"]
    for code in sorted(rows, key=str.lower):
        for i in sorted(rows[code]):
            title, _ = page_title(site.entries[i], lang)
            body.append(f"| [{md_text(code)}]({rel_link(page, i, lang)}) | {md_text(plain(title))} |")
    body += ["", "</div>"]
    return _page(t["error_codes"], t["code_index_intro"], body)


def tags_page(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "browse/tags"
    by_tag: dict[str, list[str]] = defaultdict(list)
    for e in site.entries.values():
        for tag in e.tags:
            by_tag[tag].append(e.id)
    def anchor(tag: str) -> str:
        return "tag-" + tag.replace(".", "-").replace("+", "-")

    # An overview first: every tag with its count, linking to its section (the page is long).
    body = [" · ".join(f"[{md_text(tag)}](#{anchor(tag)}) ({len(by_tag[tag])})" for tag in sorted(by_tag)), ""]
    for tag in sorted(by_tag):
        # A raw HTML heading (stable id): Markdown does not process escapes inside it, so escape for HTML only.
        body.append(f'<h2 id="{anchor(tag)}">{html.escape(tag)}</h2>\n')
        body += entry_list(page, sorted(by_tag[tag]), site, lang)
        body.append("")
    if not by_tag:
        body.append(md_text(t["no_tags"]))
    return _page(t["tag_index"], t["tag_index_intro"], body)


def versions_page(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "browse/versions"
    tree: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for e in site.entries.values():
        for v in e.versions:
            tree[v.product][v.version].append(e.id)
    body = []
    for product in sorted(tree, key=str.lower):
        body.append(f"## {md_text(product)}\n")
        for version in sorted(tree[product], key=version_key, reverse=True):
            ids = sorted(set(tree[product][version]))
            body.append(f"### {md_text(product)} {md_text(version or '?')}\n")
            body += entry_list(page, ids, site, lang)
            body.append("")
    return _page(t["versions_index"], t["version_index_intro"], body)


def translation_page(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "browse/translation"
    fields = ["signature_zh", "root_cause_zh", "dead_ends_zh", "workarounds_zh"]
    statuses = {i: zh_status(e) for i, e in site.entries.items()}
    done = sum(1 for s in statuses.values() if s.complete)
    header = "| " + md_text(t["entry"]) + " | " + " | ".join(md_text(t[f"field_{f}"]) for f in fields) + " |"
    body = [md_text(t["translation_summary"].format(done=done, total=len(statuses))), "", header,
            "|---|" + "---|" * len(fields)]
    for i in sorted(statuses):
        s = statuses[i].fields
        cells = " | ".join(("✅ " + md_text(t["translated"])) if s[f] else ("❌ " + md_text(t["missing"]))
                           for f in fields)
        body.append(f"| [{md_text(i)}]({rel_link(page, i, lang)}) | {cells} |")
    return _page(t["translation_status"], t["translation_intro"], body)


def articles_index(site: Site, lang: str) -> str:
    t = strings(lang)
    page = "articles/index"
    body = []
    for a in sorted(site.articles, key=lambda a: (a.date, a.id), reverse=True):
        title = (a.title_zh or a.title) if lang == "zh" else a.title
        body.append(f"- [{md_text(title)}]({rel_link(page, f'articles/{a.id}', lang)}) — {md_text(a.date)}")
    return _page(t["articles"], t["articles_intro"], body)
