"""Parts of the theme's page frame rendered once per folder, not once per page (issue 12: at 3,000 entries Material's
header and navigation were ~45 % of the time its template takes, and they read the same on every entry page).

overrides/partials/header.html and overrides/partials/nav.html wrap those parts in
`{% call ee_memo(name, ee_frame_key(page, nav)) %}…{% endcall %}`: the first page of a folder renders the part, the
others reuse it. What such a part reads of the page is only the URLs it makes relative to it (`| url`): the home page,
the navigation's pages, the site's own folders (assets/, pagefind/). From a page served at `<folder>/<leaf>/`, each of
those reads as from `<folder>/`, one level deeper, unless it lies under `<folder>/<leaf>/` itself: so the folder is the
key, for a page the navigation does not list (no navigation item is then active) and under which it lists nothing.
Any other page gets no key and renders every part itself. tests/test_frame.py renders every page both ways."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

SITE_FOLDERS = ("assets/", "pagefind/")  # the folders of the site the parts link into, besides the navigation's pages


class FragmentMemo:
    """`ee_memo`: a part's output by (name, key), for one build of one language (MkDocs makes a new template
    environment per build, and on_env a new memo with it). `rendered` counts the parts actually rendered (tests)."""

    def __init__(self) -> None:
        self._parts: dict[tuple[str, str], Any] = {}
        self.rendered = 0

    def __call__(self, name: str, key: str | None, caller: Callable[[], Any]) -> Any:
        if key is None:
            self.rendered += 1
            return caller()
        part = self._parts.get((name, key))
        if part is None:
            part = self._parts[(name, key)] = caller()
            self.rendered += 1
        return part


def _nav_urls(items: Any) -> Iterator[str]:
    for item in items or ():
        url = getattr(item, "url", None)
        if isinstance(url, str):
            yield url
        yield from _nav_urls(getattr(item, "children", None))


class FrameKey:
    """`ee_frame_key(page, nav)`: the folder a page is served in, where that folder decides the frame's parts (see the
    module's docstring); None where it does not."""

    def __init__(self) -> None:
        self._nav: tuple[int, frozenset[str]] | None = None

    def nav_urls(self, nav: Any) -> frozenset[str]:
        if self._nav is None or self._nav[0] != id(nav):  # one navigation per build and language
            self._nav = (id(nav), frozenset(_nav_urls(getattr(nav, "items", None))))
        return self._nav[1]

    def __call__(self, page: Any, nav: Any) -> str | None:
        url = getattr(page, "url", None)
        if not isinstance(url, str) or not url.endswith("/") or url.count("/") < 2:
            return None  # the home page, a top-level page, or not a directory URL
        if getattr(page, "parent", None) is not None:  # in a section of the navigation
            return None
        urls = self.nav_urls(nav)
        if url in urls or any(u.startswith(url) for u in (*urls, *SITE_FOLDERS)):
            return None
        return url[:url.rstrip("/").rfind("/") + 1]
