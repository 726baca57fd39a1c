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
