"""What the paste box needs from the page: its UI strings in the page's language, as a JSON <script> block."""
from __future__ import annotations

import json

from generator.l10n.i18n import DEFAULT_LANG, LANGS, strings
from generator.l10n.languages import prefix
from generator.match.engine import PARAMS

UI_KEYS = ("colon", "error_code", "match_label", "match_placeholder", "match_loading", "match_exact",
           "match_similar", "match_similar_badge", "match_cause_badge", "match_none", "match_full_text",
           "match_workaround",
           "match_failed", "match_slow_console", "match_cut_paste", "match_cut_lines",
           # the header search box (docs/assets/javascripts/search.js) reads the same block
           "search_none", "search_ignored", "search_paste", "search_loading", "search_failed")


def ui_config(lang: str) -> dict[str, object]:
    lang = lang if lang in LANGS else DEFAULT_LANG
    t = strings(lang)
    # The matcher's limits: the page words what was not read, and cuts what it hands to the match page.
    limits = {k: PARAMS[k] for k in ("max_chars", "max_line")}
    # `prefix`: the language's folder under the site's root, where the paste box links its results.
    return {"lang": lang, "prefix": prefix(lang), "strings": {k: t[k] for k in UI_KEYS}, "limits": limits}


def ui_config_script(lang: str) -> str:
    """JSON safe inside <script type="application/json">: '<', '>' and '&' are escaped."""
    text = json.dumps(ui_config(lang), ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
