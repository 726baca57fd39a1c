"""What the studio's browser tests share: `grona-snap serve` on a folder, and Debian's Chromium."""
import contextlib
import os
import sys

import pytest
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from grona_server import GronaServer  # noqa: E402 (the scripts' harness, found through the path above)
BINARY = os.environ.get("GRONA_SNAP") or os.path.join(ROOT, ".build", "debug", "grona-snap")
CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
SCREENSHOTS = os.environ.get("STUDIO_SCREENSHOTS")

# Every grid tile's image loaded from the latest update, nothing pending, the findings shown.
GRID_READY = """() => {
  const cells = [...document.querySelectorAll('#grid .cell')];
  return cells.length > 0 && document.querySelector('#busy').hidden
    && cells.every(c => { const i = c.querySelector('img'); return i.src && i.complete && i.naturalWidth > 0; })
    && document.querySelectorAll('#findings li').length > 0;
}"""
# Both phones' pictures loaded from the latest update.
PHONE_READY = """() => document.querySelector('#busy').hidden
  && [...document.querySelectorAll('.phone .component img')].every(i => i.src && i.complete && i.naturalWidth > 0)"""


@contextlib.contextmanager
def serving(folder):
    """`grona-snap serve FOLDER` on a free port (scripts/grona_server.py); yields the studio's address."""
    with GronaServer(BINARY, folder) as server:
        yield server.address


def answer_late(page, method, path, ms=1000):
    """From now on the page's `method` requests to addresses ending in `path` are sent `ms` late, as
    over a slow network or to a busy server (the page's own fetch, so its code runs as it would)."""
    page.evaluate("""([method, path, ms]) => { const fetched = window.fetch; window.fetch = (url, options = {}) =>
        (options.method || 'GET') === method && String(url).endsWith(path)
            ? new Promise((ok) => setTimeout(ok, ms)).then(() => fetched(url, options)) : fetched(url, options); }""",
                  [method, path, ms])


def open_page(browser, url, viewport=None, ready=GRID_READY, context=None):
    """A new page at `url` (in `context`, which keeps its storage across pages, or in a context of its
    own at `viewport`, 1440 × 900 unless given) that accepts the page's confirm() and notes uncaught
    errors in `page.problems`; waits for `ready` (none: not at all)."""
    page = context.new_page() if context else browser.new_page(viewport=viewport or {"width": 1440, "height": 900})
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"uncaught: {error}"))
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(url)
    if ready:
        page.wait_for_function(ready, timeout=60000)
    return page


def done(page):
    """The page had no uncaught error; closed."""
    assert not page.problems, page.problems
    page.close()


def screenshot(page, name):
    """With STUDIO_SCREENSHOTS=DIR, the page from its top as DIR/NAME."""
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=os.path.join(SCREENSHOTS, name))


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"])
        yield chromium
        chromium.close()
