"""The studio's own page: every script drawn with GronaSnap's pinned fonts, a tile's picture full
size in a dialog, and a contact sheet of exactly the variants shown.

Chromium runs with a fontconfig that lists DejaVu's folder only (FONTCONFIG_FILE), so beside Latin the
page has only the fonts the studio serves (/studio/fonts.css): Japanese, Thai and Hindi copy typed into the
editor must still be drawn with glyphs, by the served Noto files, and only the files that copy
needs are downloaded.

  .build/ci-python/bin/python -m pytest -q Tests/Browser

With STUDIO_SCREENSHOTS=DIR the editor's copy (studio-scripts.png) and the open dialog
(studio-closer-look.png) are written there.
"""
import os
import shutil
import struct
import tempfile
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import sync_playwright

# The same studio (grona-snap serve on a copy of Fixtures/acme-banner.json) and the same axe-core check.
from test_studio_access import CHROMIUM, DESKTOP, ROOT, SCREENSHOTS, serious, studio  # noqa: F401
from conftest import serving

GRID_READY = """() => {
  const cells = [...document.querySelectorAll('#grid .cell')];
  return cells.length > 0 && document.querySelector('#busy').hidden
    && cells.every(c => { const i = c.querySelector('img'); return i.src && i.complete && i.naturalWidth > 0; });
}"""

OVERLAID_READY = f"() => document.querySelector('#grid').classList.contains('overlaid') && ({GRID_READY})()"

COPY = {"ja": "週末はポイント2倍", "th": "คะแนนสองเท่าทุกออเดอร์", "hi": "हर ऑर्डर पर दोगुने अंक"}
# The family the served rules give each script.
FAMILIES = {"ja": "Grona NotoSansCJK", "th": "Grona NotoSansThai", "hi": "Grona NotoSansDevanagari"}


@pytest.fixture(scope="module")
def browser():
    """Chromium with DejaVu only (Latin, Greek, Cyrillic; Chromium will not start with no font at
    all): a fontconfig that names only its folder, so no system font draws CJK, Thai or Devanagari."""
    work = tempfile.mkdtemp(prefix="grona-nofonts-")
    config = os.path.join(work, "fonts.conf")
    with open(config, "w") as out:
        out.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                  f'<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{work}/cache</cachedir></fontconfig>\n')
    env = dict(os.environ, FONTCONFIG_FILE=config)
    env.pop("FONTCONFIG_PATH", None)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, env=env,
                                              args=["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"])
        yield chromium
        chromium.close()
    shutil.rmtree(work, ignore_errors=True)


def open_studio(browser, studio, block_fonts=False):
    page = browser.new_page(viewport=DESKTOP)
    page.errors = []
    page.fonts_fetched = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("request", lambda request: page.fonts_fetched.append(urlparse(request.url).path.rsplit("/", 1)[1])
            if "/studio/fonts/" in request.url else None)
    if block_fonts:
        page.route("**/studio/fonts/*", lambda route: route.abort())
    page.goto(studio)
    page.wait_for_function(GRID_READY, timeout=90000)
    return page


def screenshot(page_or_element, name):
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        page_or_element.screenshot(path=os.path.join(SCREENSHOTS, name))


def type_copy(page):
    """Japanese, Thai and Hindi copy in the title, body and button fields of the base copy."""
    page.wait_for_selector("#field-title")
    for field, language in (("#field-title", "ja"), ("#field-body", "th"), ("#field-button", "hi")):
        page.fill(field, COPY[language])


def test_every_script_is_drawn_with_the_served_fonts(browser, studio):
    page = open_studio(browser, studio)
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--studio-fonts')").strip().startswith('"Grona Inter"')
    # Latin copy needs no script font: none was fetched before the copy below was typed.
    assert not [f for f in page.fonts_fetched if not f.startswith(("Inter-", "NotoSansSymbols"))], page.fonts_fetched
    type_copy(page)
    for field, language in (("#field-title", "ja"), ("#field-body", "th"), ("#field-button", "hi")):
        page.wait_for_function("""([field, text]) => document.fonts.check('16px ' + getComputedStyle(document.querySelector(field)).fontFamily, text)""",
                               arg=[field, COPY[language]], timeout=60000)
    page.evaluate("document.fonts.ready")
    loaded = set(page.evaluate("[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family.replace(/\"/g, ''))"))
    for language, family in FAMILIES.items():
        assert family in loaded, f"{language}: {family} is not loaded ({sorted(loaded)})"
    # Only what the page's text needs: no Bengali, Tamil, Arabic, Hebrew or emoji file was fetched.
    fetched = set(page.fonts_fetched)
    assert "NotoSansCJKsc-Regular.otf" in fetched and "NotoSansThai-Regular.ttf" in fetched and "NotoSansDevanagari-Regular.ttf" in fetched, fetched
    for unneeded in ("NotoSansBengali-Regular.ttf", "NotoSansTamil-Regular.ttf", "NotoColorEmoji.ttf", "NotoSansArabic-Regular.ttf"):
        assert unneeded not in fetched, f"{unneeded} was fetched for copy that does not need it ({sorted(fetched)})"
    copy = page.locator("#copy-fields")
    screenshot(copy, "studio-scripts.png")
    drawn = copy.screenshot()

    # The same copy with the font files refused: what this machine would draw by itself.
    bare = open_studio(browser, studio, block_fonts=True)
    type_copy(bare)
    bare.wait_for_timeout(500)
    tofu = bare.locator("#copy-fields").screenshot()
    screenshot(bare.locator("#copy-fields"), "studio-scripts-without-fonts.png")
    assert drawn != tofu, "the copy looks the same without the served fonts"
    widths = {}
    for which, p in (("served", page), ("refused", bare)):
        widths[which] = p.evaluate("""(texts) => texts.map(([field, text]) => {
            const canvas = document.createElement('canvas').getContext('2d');
            canvas.font = '16px ' + getComputedStyle(document.querySelector(field)).fontFamily;
            return canvas.measureText(text).width; })""",
            [[f, COPY[l]] for f, l in (("#field-title", "ja"), ("#field-body", "th"), ("#field-button", "hi"))])
    print("copy widths at 16px, served fonts vs none:", widths)
    assert all(a != b for a, b in zip(widths["served"], widths["refused"])), widths
    assert not page.errors and not bare.errors, page.errors + bare.errors
    page.close()
    bare.close()


# Campaigns in a CJK language, the family its copy takes, and the file of that face.
CJK_CAMPAIGNS = [("japanese-banner.json", "Grona NotoSansCJK jp", "NotoSansCJKjp-Regular.otf"),
                 ("korean-message.json", "Grona NotoSansCJK kr", "NotoSansCJKkr-Regular.otf"),
                 ("traditional-chinese-offer.json", "Grona NotoSansCJK tc", "NotoSansCJKtc-Regular.otf")]


def test_han_copy_takes_its_languages_face(browser):
    """直, 骨 and 写 are written differently in Japan, Korea, Taiwan and China; the snapshot draws a
    campaign's Han copy with its language's face, and so must the editor."""
    work = tempfile.mkdtemp(prefix="grona-cjk-")
    try:
        for name, _, _ in CJK_CAMPAIGNS:
            shutil.copy(os.path.join(ROOT, "Fixtures", name), work)
        with serving(work) as address:
            for name, family, file in CJK_CAMPAIGNS:
                page = open_studio(browser, address + "?spec=" + name)
                page.fill("#field-title", "直骨写")
                page.wait_for_function("""([family]) => document.fonts.check('16px "' + family + '"', '直骨写')""", arg=[family], timeout=60000)
                assert family in page.evaluate("getComputedStyle(document.querySelector('#field-title')).fontFamily"), name
                assert file in page.fonts_fetched, (name, page.fonts_fetched)
                field = page.locator("#field-title")
                own = field.screenshot()
                # The same field in Simplified Chinese (the face Han takes without a language) looks different.
                page.evaluate("document.querySelector('#field-title').lang = 'zh-Hans'")
                page.wait_for_function("""() => document.fonts.check('16px "Grona NotoSansCJK"', '直骨写')""", timeout=60000)
                page.wait_for_timeout(200)
                assert field.screenshot() != own, f"{name}: the title looks as it does in Simplified Chinese"
                assert not page.errors, page.errors
                page.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def active(page):
    return page.evaluate("""() => { const a = document.activeElement;
        return {id: a.id, cls: a.className || '', cell: a.closest('.cell')?.id || '', inDialog: !!a.closest('dialog')}; }""")


def test_a_tile_opens_full_size_by_keyboard(browser, studio):
    page = open_studio(browser, studio)
    page.check("#overlay")
    page.wait_for_function(OVERLAID_READY, timeout=90000)
    # Tab from the overlay's checkbox to the first tile's picture, which is a button.
    page.focus("#overlay")
    for _ in range(40):
        page.keyboard.press("Tab")
        if "closer-open" in active(page)["cls"]:
            break
    opener = active(page)
    assert "closer-open" in opener["cls"], opener
    tile_width = page.evaluate("document.activeElement.querySelector('img').getBoundingClientRect().width")
    page.keyboard.press("Enter")
    # The dialog opens once the @2x picture is in (a function, not an expression: the page's policy
    # allows no eval for Playwright's polling).
    page.wait_for_function("() => document.querySelector('#closer').open && document.querySelector('#closer-image').complete",
                           timeout=30000)
    shown = page.evaluate("""() => { const img = document.querySelector('#closer-image'), frame = document.querySelector('.closer-frame');
        return {natural: img.naturalWidth, naturalHeight: img.naturalHeight, width: img.getBoundingClientRect().width,
                height: img.getBoundingClientRect().height, alt: img.alt, title: document.querySelector('#closer-title').textContent,
                scrolls: frame.scrollHeight > frame.clientHeight || frame.scrollWidth > frame.clientWidth,
                modal: document.querySelector('#closer').matches(':modal'),
                label: document.querySelector('#closer').getAttribute('aria-labelledby')}; }""")
    print("the closer look:", shown, "tile width", tile_width)
    assert shown["modal"] and shown["label"] == "closer-title"
    assert shown["width"] == shown["natural"] and shown["height"] == shown["naturalHeight"], "not at its natural size"
    assert shown["natural"] > 2 * tile_width, "no closer than the tile"
    assert "what VoiceOver reads" in shown["title"] and shown["alt"].startswith("The campaign: ")
    assert active(page)["inDialog"], "the focus did not move into the dialog"
    # The picture scrolls, by keyboard too (its frame takes the focus).
    assert shown["scrolls"], "a VoiceOver picture at full size is wider than 1440 px less the dialog's edges"
    page.keyboard.press("Tab")
    assert "closer-frame" in active(page)["cls"], active(page)
    left = page.evaluate("document.querySelector('.closer-frame').scrollLeft")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    assert page.evaluate("document.querySelector('.closer-frame').scrollLeft") > left, "the arrow keys do not scroll the picture"
    serious(page, "the closer look's dialog")
    screenshot(page, "studio-closer-look.png")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#closer').open")
    back = active(page)
    assert back["cell"] == opener["cell"] and "closer-open" in back["cls"], f"focus went to {back}, not back to {opener}"
    # The Close button does the same.
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#closer').open")
    page.click("#closer-close")
    assert not page.evaluate("document.querySelector('#closer').open")
    assert active(page)["cell"] == opener["cell"]
    assert not page.errors, page.errors
    page.close()


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def check_sheet(page, expected_languages):
    with page.expect_download() as download, page.expect_response("**/api/sheet?**") as response:
        page.click("#download-sheet")
    answer = response.value
    assert answer.status == 200
    query = {key: values[0] for key, values in parse_qs(urlparse(answer.url).query, keep_blank_values=True).items()}
    shown = page.evaluate("[...document.querySelectorAll('#grid .cell')].map(c => c.dataset.variant)")
    # The sheet's variants, as the server makes them: each language (base: the spec's own copy), then
    # each pseudolanguage, times each text size, appearance and direction.
    languages = [l for l in query["locales"].split(",") if l] + ["pseudo-" + p for p in query.get("pseudos", "").split(",") if p]
    assert languages == expected_languages, query
    asked = [f"{language}-{size}-{appearance}-{direction}" for language in languages for size in query["textSizes"].split(",")
             for appearance in query["appearances"].split(",") for direction in query["directions"].split(",")]
    assert asked == shown, f"the sheet asks for {asked}, the grid shows {shown}"
    path = download.value.path()
    with open(path, "rb") as file:
        data = file.read()
    assert answer.headers["content-type"] == "image/png"
    return png_size(data), query


def test_the_sheet_holds_exactly_the_variants_shown(browser, studio):
    page = open_studio(browser, studio)
    base_only, query = check_sheet(page, ["base"])
    assert "pseudos" not in query and "overlay" not in query
    # French (added in the editor) and the double-length pseudolanguage beside the base copy; then
    # without the base copy, then the pseudolanguage alone.
    page.fill("#new-locale", "fr")
    page.click("#add-locale")
    page.wait_for_selector("#axis-locale input[value='fr']:checked")
    page.wait_for_function(GRID_READY, timeout=90000)
    two_languages, _ = check_sheet(page, ["base", "fr"])
    page.check("#axis-locale input[value='pseudo:double']")
    page.wait_for_function(GRID_READY, timeout=90000)
    three, _ = check_sheet(page, ["base", "fr", "pseudo-double"])
    page.uncheck("#axis-locale input[value='']")
    page.wait_for_function(GRID_READY, timeout=90000)
    two, _ = check_sheet(page, ["fr", "pseudo-double"])
    page.uncheck("#axis-locale input[value='fr']")
    page.wait_for_function(GRID_READY, timeout=90000)
    one, query = check_sheet(page, ["pseudo-double"])
    assert query["locales"] == ""
    print("sheet sizes (base; base, fr; base, fr, double; fr, double; double):", base_only, two_languages, three, two, one)
    assert three[1] > two[1] > one[1], (three, two, one)
    # The VoiceOver picture when the grid shows it.
    page.check("#overlay")
    page.wait_for_function(OVERLAID_READY, timeout=90000)
    _, query = check_sheet(page, ["pseudo-double"])
    assert query["overlay"] == "accessibility"
    assert not page.errors, page.errors
    page.close()
