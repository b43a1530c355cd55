"""The pack book in a real browser: Debian's Chromium driven by Playwright.

CI installs ``chromium`` with apt-get (.ci/run) and sets MUNCHKIN_BROWSER_TESTS=required,
so a missing browser fails there; elsewhere these tests are skipped with the reason
when no Chromium is installed.  Playwright connects to that Chromium
(``executable_path``); ``playwright install`` (a downloaded browser) is never used.

What is checked: every page loads from ``file://`` and from a plain static HTTP server
with no console error and no failed request, and every image decodes; the filters and
the search show exactly the cards the compiled data says they should; the keyboard
reaches a card and opens it; and the faces in screenshots of the index and of a card
page are the rendered face PNGs, pixel for pixel up to the rounded corners.
"""

from __future__ import annotations

import functools
import http.server
import io
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs

CHROMIUM = os.environ.get("MUNCHKIN_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("MUNCHKIN_BROWSER_TESTS") == "required"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PACK = "packs/star-munchkin"


def _browser_missing() -> str | None:
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install '.[test]')"
    return None


MISSING = _browser_missing()
if MISSING and REQUIRED:
    raise RuntimeError(f"MUNCHKIN_BROWSER_TESTS=required but {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browser") / "site"
    result = CliRunner().invoke(main, ["site", PACK, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def cards() -> list[Any]:
    data = compile_packs([PACK]).data
    assert data is not None
    return list(data.cards)


class Watched:
    """A page whose console errors and failed requests are collected."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.problems: list[str] = []
        page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url}"))
        page.on("response", lambda r: self.problems.append(f"HTTP {r.status}: {r.url}")
                if r.status >= 400 else None)

    def open(self, url: str) -> None:
        self.page.goto(url, wait_until="load")
        broken = self.page.evaluate(
            "Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0)"
            ".filter(i => !i.hidden && i.loading !== 'lazy').map(i => i.src)")
        assert broken == [], f"{url}: images that did not load: {broken}"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="munchkin-chromium-")
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                viewport={"width": 1200, "height": 900}, device_scale_factor=1)
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture()
def page(browser: Any) -> Iterator[Watched]:
    tab = browser.new_page()
    watched = Watched(tab)
    yield watched
    tab.close()
    assert watched.problems == []


def test_every_page_loads_from_file_without_errors(page: Watched, site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for html in pages:
        page.open(html.as_uri())


def test_pages_load_from_a_static_http_server(page: Watched, site: Path) -> None:
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        for path in ("index.html", "packs/star-munchkin-sample.html", "cards/star-fish.html"):
            page.open(base + path)
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass


def visible_ids(page: Any) -> list[str]:
    return page.evaluate("Array.from(document.querySelectorAll('.tile'))"
                         ".filter(t => !t.hidden).map(t => t.dataset.id)")


def test_filters_and_search_show_the_right_cards(page: Watched, site: Path,
                                                 cards: list[Any]) -> None:
    page.open((site / "index.html").as_uri())
    tab = page.page
    every = [card.id for card in cards]
    assert visible_ids(tab) == every
    tab.select_option("#kind", "monster")
    assert visible_ids(tab) == [c.id for c in cards if c.kind == "monster"]
    assert tab.inner_text("#count") == f"{len(visible_ids(tab))} cards"
    level = next(c.level for c in cards if c.kind == "monster")
    tab.select_option("#level", str(level))
    assert visible_ids(tab) == [c.id for c in cards if c.kind == "monster" and c.level == level]
    tab.select_option("#kind", "")
    tab.select_option("#level", "")
    tag = next(t for c in cards for t in c.tags)
    tab.select_option("#tag", tag)
    tagged = [c.id for c in cards if tag in c.tags]
    assert visible_ids(tab) == tagged and tagged
    tab.select_option("#tag", "")
    tab.fill("#q", "звездная")  # a Russian name, found whatever the language shown
    assert visible_ids(tab) == [c.id for c in cards if "звездная" in c.names.get("ru", "").lower()]
    tab.fill("#q", "zzz-no-such-card")
    assert visible_ids(tab) == [] and tab.is_visible("#none")
    tab.fill("#q", "")
    tab.select_option("#lang", "ru")
    first = every[0]
    shown = tab.evaluate(f"Array.from(document.querySelectorAll('#tile-{first} img'))"
                         ".filter(i => !i.hidden).map(i => i.dataset.lang)")
    assert shown == ["ru"]


def test_keyboard_reaches_a_card_and_opens_it(page: Watched, site: Path) -> None:
    page.open((site / "index.html").as_uri())
    tab = page.page
    tab.keyboard.press("Tab")
    assert tab.evaluate("document.activeElement.className") == "skip"
    for _ in range(40):
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.closest('.tile') !== null"):
            break
    target = tab.evaluate("document.activeElement.getAttribute('href')")
    assert target and target.startswith("cards/")
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    assert tab.url.endswith(target)


def _difference(tab: Any, selector: str, face: Path) -> float:
    """The share of pixels that differ visibly between the screen where ``selector``'s
    image is drawn and the face PNG (the screen region is the PNG's size, at the image's
    position rounded to whole pixels; the best of the neighbouring roundings counts)."""
    from PIL import Image, ImageChops

    expected = Image.open(face).convert("RGB")
    element = tab.locator(selector)
    element.scroll_into_view_if_needed()
    box = element.bounding_box()
    best = 1.0
    for dy in (0, 1):
        clip = {"x": int(box["x"]), "y": int(box["y"]) + dy,
                "width": expected.width, "height": expected.height}
        taken = Image.open(io.BytesIO(tab.screenshot(clip=clip))).convert("RGB")
        diff = ImageChops.difference(taken, expected).convert("L")
        share = sum(diff.histogram()[25:]) / (diff.width * diff.height)
        best = min(best, share)
    return best


def test_screenshots_show_the_rendered_faces(page: Watched, site: Path,
                                             cards: list[Any]) -> None:
    tab = page.page
    page.open((site / "index.html").as_uri())
    for card in cards[:3]:
        # only the rounded corners (6 px radius) may differ from the PNG
        assert _difference(tab, f"#tile-{card.id} img[data-lang=en]",
                           site / "faces" / f"{card.id}.en.png") < 0.005
    assert _difference(tab, f"#tile-{cards[1].id} img[data-lang=en]",
                       site / "faces" / f"{cards[0].id}.en.png") > 0.02
    page.open((site / "cards" / "star-fish.html").as_uri())
    for lang in ("en", "ru"):
        assert _difference(tab, f"#face-{lang}", site / "faces" / f"star-fish.{lang}.png") < 0.005
