"""generator/build/compact.py: pages lose the templates' indentation and nothing a reader sees."""
from __future__ import annotations

from pathlib import Path

from generator.build.compact import compact
from tests.htmldom import dom, first_difference

PAGE = """<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="description" content="two  spaces   kept">
    <script>
      var  x = "  <b>  ";
    </script>
  </head>
  <body>
    <nav class="md-nav">
      <ul>
        <li>  <a href="#a">A</a>  </li>
        <li><a href="#b">B</a> <span>C</span></li>
      </ul>
    </nav>
    <pre class="ee-message"><code>line one
    indented   line two
</code></pre>
    <p>text with  two spaces <code>x  y</code> <kbd>Ctrl  +  C</kbd></p>
    <textarea>
      kept
    </textarea>
  </body>
</html>
"""


def test_whitespace_between_tags_goes_and_everything_shown_stays() -> None:
    out = compact(PAGE)
    assert len(out) < len(PAGE) - 40
    assert "<nav class=\"md-nav\">\n<ul>\n<li>" in out  # runs between tags: one newline
    assert "</a> <span>" in out  # one space stays one space
    for kept in ('content="two  spaces   kept"', 'var  x = "  <b>  ";\n    </script>',
                 "<code>line one\n    indented   line two\n</code></pre>", "<code>x  y</code>",
                 "<kbd>Ctrl  +  C</kbd>", "<textarea>\n      kept\n    </textarea>", "text with  two spaces"):
        assert kept in out, kept
    assert first_difference(dom(PAGE), dom(out)) is None
    assert compact(out) == out


def test_a_built_page_is_compact_and_renders_the_same(real_site: Path) -> None:
    page = (real_site / "cuda" / "illegal-address" / "index.html").read_text(encoding="utf-8")
    assert compact(page) == page  # the hook compacts every page it writes
    assert ">\n    <" not in page.split("<article", 1)[0]  # no template indentation left in the header
