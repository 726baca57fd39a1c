"""The studio for keyboard and screen-reader users, and at phone width, in a real browser.

Playwright for Python drives Debian's Chromium (`/usr/bin/chromium`, headless; no browser is
downloaded) against `grona-snap serve` on a temporary copy of Fixtures/acme-banner.json, and axe-core
(through axe-playwright-python) checks each view: the grid, the phone, the VoiceOver overlay, and
an error state. A keyboard-only walk toggles a text-size chip and the overlay and activates a
finding; at 390 × 844 the page does not scroll sideways and the grid is the page's column.

  .build/ci-python/bin/python -m pytest -q Tests/Browser

GRONA_SNAP names the binary (default .build/debug/grona-snap), CHROMIUM the browser; with
STUDIO_SCREENSHOTS=DIR the views are also written there as PNGs (studio-desktop.png at 1440 × 900,
studio-phone-width.png at 390 × 844).
"""
import json
import os
import shutil
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import (CHROMIUM, GRID_READY, PHONE_READY, ROOT, SCREENSHOTS,  # noqa: F401 (shared with the other studio tests)
                      browser, screenshot, serving)

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def studio():
    """`grona-snap serve` on a temporary folder holding one campaign; yields the studio's address."""
    work = tempfile.mkdtemp(prefix="grona-access-")
    folder = os.path.join(work, "campaigns")
    os.mkdir(folder)
    shutil.copy(os.path.join(ROOT, "Fixtures", "acme-banner.json"), folder)
    try:
        with serving(folder) as address:
            yield address + "?spec=acme-banner.json"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def open_studio(browser, studio, viewport):
    page = browser.new_page(viewport=viewport)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(studio)
    page.wait_for_function(GRID_READY, timeout=60000)
    page.errors = errors
    return page


def serious(page, what):
    """axe-core's critical and serious violations on the page as it is, every rule axe runs by
    default plus WCAG 2.2's target size; fails the test with each one's rule, impact and nodes."""
    results = Axe().run(page, options={"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}})
    violations = results.response["violations"]
    bad = [v for v in violations if v["impact"] in ("critical", "serious")]
    report = "\n".join(f"{v['impact']} {v['id']}: {v['help']} — " + ", ".join(n["target"][0] for n in v["nodes"][:5]) for v in bad)
    assert not bad, f"axe-core on {what}:\n{report}"
    print(f"axe-core on {what}: no critical or serious violation "
          f"({len(violations)} minor or moderate: {', '.join(sorted({v['id'] for v in violations})) or 'none'})")


def no_sideways_scroll(page, what):
    width = page.evaluate("({scroll: document.documentElement.scrollWidth, viewport: window.innerWidth})")
    assert width["scroll"] <= width["viewport"], f"{what}: the page is {width['scroll']} px wide on a {width['viewport']} px screen"
    return width


def test_axe_grid(browser, studio):
    page = open_studio(browser, studio, DESKTOP)
    # On a wide screen the page is the screen: the editor and the previews scroll each on its own.
    size = page.evaluate("({width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight})")
    assert size["width"] <= DESKTOP["width"] and size["height"] <= DESKTOP["height"], size
    serious(page, "the grid at 1440 × 900")
    screenshot(page, "studio-desktop.png")
    assert not page.errors, page.errors
    page.close()


def test_axe_phone_view(browser, studio):
    page = open_studio(browser, studio, DESKTOP)
    page.click("#tab-phone")
    page.wait_for_function(PHONE_READY, timeout=60000)
    serious(page, "the phone view (On a phone)")
    page.close()
    page = open_studio(browser, studio, PHONE)
    serious(page, "the grid at 390 × 844")
    page.click("#editor-toggle")
    assert page.is_visible("#field-title")
    serious(page, "the grid at 390 × 844 with the editor open")
    page.close()


def test_axe_voiceover_overlay(browser, studio):
    page = open_studio(browser, studio, DESKTOP)
    widths = page.evaluate("[...document.querySelectorAll('#grid .cell img')].map(i => i.naturalWidth)")
    page.check("#overlay")
    page.wait_for_function(f"""() => {{
        const widths = [...document.querySelectorAll('#grid .cell img')].map(i => i.naturalWidth);
        return ({GRID_READY})() && widths.every((w, i) => w > {json.dumps(widths)}[i] * 1.5);
    }}""", timeout=60000)
    serious(page, "the grid with the VoiceOver overlay on")
    page.close()


def test_axe_error_state(browser, studio):
    page = open_studio(browser, studio, DESKTOP)
    page.fill('[data-path="theme.primary"]', "#12")
    page.wait_for_selector('[data-field="theme.primary"] .field-error', timeout=30000)
    assert page.is_visible("#spec-error")
    assert page.get_attribute('[data-path="theme.primary"]', "aria-invalid") == "true"
    assert page.get_attribute("#spec-error", "role") == "alert"
    serious(page, "an error state (a bad colour typed in)")
    page.close()


def focused(page):
    return page.evaluate("""() => { const a = document.activeElement;
        return {id: a.id, tag: a.tagName, type: a.type || '', value: a.value ?? '', checked: !!a.checked,
                cls: a.className || '', box: a.closest('.chips')?.id || '', text: (a.textContent || '').trim().slice(0, 60)}; }""")


def tab_to(page, wanted, key="Tab", limit=120):
    for _ in range(limit):
        page.keyboard.press(key)
        now = focused(page)
        if wanted(now):
            return now
    raise AssertionError(f"{key} never reached the control (last focused: {now})")


def ring(page):
    """The focus ring the focused control draws (a chip's is on its label)."""
    return page.evaluate("""() => { const a = document.activeElement; const node = a.closest('.chips label') || a;
        const s = getComputedStyle(node); return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")


def test_keyboard_walk(browser, studio):
    page = open_studio(browser, studio, DESKTOP)
    page.evaluate("document.activeElement.blur()")
    # The first Tab reaches "Skip to the previews"; Enter moves past the editor.
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Skip to the previews"
    page.keyboard.press("Enter")
    assert focused(page)["id"] == "preview"
    # A text-size chip: Tab to "M" (not picked), Space picks it, and the grid gains its 4 variants.
    chip = tab_to(page, lambda f: f["box"] == "axis-textSize" and f["value"] == "M")
    assert chip["type"] == "checkbox" and not chip["checked"]
    assert ring(page)["style"] != "none" and ring(page)["width"] >= 2, "no visible focus ring on the chip"
    page.keyboard.press("Space")
    assert focused(page)["checked"]
    page.wait_for_function(f"() => document.querySelectorAll('#grid .cell').length === 16 && ({GRID_READY})()", timeout=60000)
    # Shift+Tab goes back to "S"; Tab returns to "M"; Space unpicks it again.
    assert tab_to(page, lambda f: f["box"] == "axis-textSize", key="Shift+Tab", limit=1)["value"] == "S"
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    page.wait_for_function(f"() => document.querySelectorAll('#grid .cell').length === 12 && ({GRID_READY})()", timeout=60000)
    # "Show what VoiceOver reads": Tab to it, Space turns the overlay on.
    toggle = tab_to(page, lambda f: f["id"] == "overlay")
    assert toggle["type"] == "checkbox" and not toggle["checked"]
    assert ring(page)["style"] != "none", "no visible focus ring on the VoiceOver toggle"
    page.keyboard.press("Space")
    page.wait_for_function(f"() => document.querySelector('#overlay').checked && document.querySelector('#grid.overlaid') && ({GRID_READY})()",
                           timeout=60000)
    # A finding: Shift+Tab back up to it, Enter highlights its tiles and takes the focus to the first.
    finding = tab_to(page, lambda f: "finding-button" in f["cls"], key="Shift+Tab")
    assert finding["tag"] == "BUTTON"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#grid .cell.pointed').length > 0")
    landed = page.evaluate("() => ({pointed: document.activeElement.classList.contains('pointed'), name: document.activeElement.getAttribute('aria-label')})")
    assert landed["pointed"], "the focus did not move to the finding's first tile"
    said = page.text_content("#live")
    assert said.startswith("Highlighted"), said
    print(f"keyboard walk: chip M toggled on and off, overlay on, finding {finding['text']!r} → {said}")
    assert not page.errors, page.errors
    page.close()


def test_phone_width(browser, studio):
    page = open_studio(browser, studio, PHONE)
    width = no_sideways_scroll(page, "the grid at 390 px")
    measures = page.evaluate("""() => ({
        grid: document.querySelector('#grid').getBoundingClientRect().width,
        preview: document.querySelector('#preview').getBoundingClientRect().width,
        images: [...document.querySelectorAll('#grid .cell img')].map(i => i.getBoundingClientRect().width),
        narrowest: Math.min(...[...document.querySelectorAll('main > *, #grid .cell')].filter(e => e.offsetParent)
                                 .map(e => e.getBoundingClientRect().width)) })""")
    assert min(measures["images"]) >= 300 or measures["grid"] >= width["viewport"] - 32, measures
    assert measures["narrowest"] > 300, measures
    print(f"390 × 844: page {width['scroll']} px wide, preview {measures['preview']:.0f} px, grid {measures['grid']:.0f} px, "
          f"images {min(measures['images']):.0f}–{max(measures['images']):.0f} px")
    screenshot(page, "studio-phone-width.png")
    # The editor, opened above the previews, fits too; so does the phone view.
    page.click("#editor-toggle")
    assert page.get_attribute("#editor-toggle", "aria-expanded") == "true"
    no_sideways_scroll(page, "the editor at 390 px")
    page.click("#editor-toggle")
    # On a phone the axes start closed, under their summary; opened, they fit as well.
    assert not page.is_visible("#overlay")
    page.click("#axes-panel > summary")
    page.check("#overlay")
    page.wait_for_function(f"() => document.querySelector('#grid.overlaid') && ({GRID_READY})()", timeout=60000)
    no_sideways_scroll(page, "the VoiceOver overlay at 390 px")
    page.click("#tab-phone")
    page.wait_for_function(PHONE_READY, timeout=60000)
    no_sideways_scroll(page, "the phone view at 390 px")
    assert not page.errors, page.errors
    page.close()
