"""The studio's history view in Chromium: a campaign's versions with who and when, a version's picture beside
today's with the difference in words and the reports' difference image, restored by keyboard after a
confirmation; axe-core clean at 1440 and 390 px wide, nothing wider than a phone's screen.

The saves before it are made by two people, named as an auth proxy names them: the server trusts the
test's address as its proxy (--trusted-proxy 127.0.0.1), whose X-Forwarded-User is the person."""
import json
import os
import shutil
import tempfile

import pytest

from conftest import BINARY, ROOT, SCREENSHOTS, browser, screenshot  # noqa: F401 (the shared browser fixture)
from grona_server import GronaServer
from test_studio_access import DESKTOP, PHONE, focused, no_sideways_scroll, serious, tab_to

PERSON = "X-Forwarded-User"
HISTORY_READY = """() => !document.querySelector('#version-compare').hidden
  && ['#version-then', '#version-now'].every(s => { const i = document.querySelector(s); return i.src && i.complete && i.naturalWidth > 0; })"""


def save(server, key, value, person):
    status, body, headers = server.request("GET", "/api/specs/acme-banner.json")
    spec = json.loads(body)
    spec["component"][key] = value
    status, body, _ = server.request("PUT", "/api/specs/acme-banner.json", json.dumps(spec).encode(),
                                     {"If-Match": headers["ETag"], PERSON: person, "Content-Type": "application/json"})
    assert status == 200, body


@pytest.fixture(scope="module")
def studio():
    work = tempfile.mkdtemp(prefix="grona-history-")
    folder = os.path.join(work, "campaigns")
    os.mkdir(folder)
    shutil.copy(os.path.join(ROOT, "Fixtures", "acme-banner.json"), folder)
    try:
        with GronaServer(BINARY, folder, "--trusted-proxy", "127.0.0.1") as server:
            save(server, "title", "Triple points on every order", "Ada Lindqvist")
            save(server, "button", "Show my points", "Ben Okafor")
            yield server.address + "?spec=acme-banner.json", folder
    finally:
        shutil.rmtree(work, ignore_errors=True)


def versions(page):
    return page.evaluate("() => [...document.querySelectorAll('#version-list .version')].map(b => b.textContent)")


def test_history_by_keyboard(browser, studio):
    address, folder = studio
    page = browser.new_page(viewport=DESKTOP)
    page.goto(address)
    page.wait_for_function("() => document.querySelectorAll('#grid .cell img').length > 0")
    # Into the tab list, then the arrow keys to History.
    tab_to(page, lambda now: now["id"] == "tab-grid")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused(page)["id"] == "tab-history"
    page.wait_for_function(HISTORY_READY, timeout=60000)
    listed = versions(page)
    assert len(listed) == 3, listed
    assert "Ben Okafor" in listed[0] and "Button label changed" in listed[0]
    assert "Ada Lindqvist" in listed[1] and "Title changed" in listed[1]
    assert "GronaSnap studio" in listed[2]
    # The version before the newest is shown at once, beside today's.
    words = page.inner_text("#version-words")
    assert "Button label changed" in words, words
    # The first version, chosen by keyboard: both fields differ, and the pictures do.
    tab_to(page, lambda now: "GronaSnap studio" in now["text"])
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#version-words').textContent.includes('Title and button label changed')")
    page.wait_for_function(HISTORY_READY)
    assert page.is_visible("#version-difference"), "the difference image is shown"
    assert page.get_attribute("#version-then", "alt").startswith("The campaign in the version of ")
    serious(page, "the history view at 1440 px")
    if SCREENSHOTS:
        screenshot(page, "studio-history.png")
    # Restore: asked first, then saved as the newest version.
    tab_to(page, lambda now: now["id"] == "restore-version")
    page.keyboard.press("Enter")
    assert page.is_visible("#restore-dialog")
    assert focused(page)["id"] == "restore-cancel"
    serious(page, "the restore dialog")
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "restore-ok"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#versions-message').textContent.startsWith('Restored acme-banner.json')", timeout=30000)
    assert len(versions(page)) == 4
    with open(os.path.join(folder, "acme-banner.json"), "rb") as restored, open(os.path.join(ROOT, "Fixtures", "acme-banner.json"), "rb") as first:
        assert restored.read() == first.read()
    assert "restored the version of" in versions(page)[0]
    assert focused(page)["tag"] == "BUTTON" and "version" in focused(page)["cls"], focused(page)
    page.close()


def test_history_at_phone_width(browser, studio):
    address, _ = studio
    page = browser.new_page(viewport=PHONE)
    page.goto(address + "&tab=history")
    page.wait_for_function(HISTORY_READY, timeout=60000)
    assert page.get_attribute("#tab-history", "aria-selected") == "true"
    no_sideways_scroll(page, "the history view at 390 px")
    serious(page, "the history view at 390 px")
    if SCREENSHOTS:
        page.locator("#history-view").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(SCREENSHOTS, "studio-history-phone-width.png"), full_page=True)
    page.close()
