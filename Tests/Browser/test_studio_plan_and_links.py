"""The studio's tiles, type switches and links, in a real browser (Debian's Chromium through
Playwright, against `grona-snap serve` on a temporary folder; see test_studio_workflow.py):

- the grid is the tile list /api/preview's answer plans (`plan`: index, language, text size,
  appearance, direction, name), in its order, so the page computes no product of its own: an answer
  whose plan is reordered on the way in is shown in that order;
- banner → message → banner on a banner with no eyebrow restores the banner byte for byte and does
  not mark it unsaved;
- a translation file imported shows what it would change (per language and field, an emptied field
  kept and named) and changes the campaign only on Apply: Cancel, Escape and a refused file change
  nothing, worked by keyboard, axe-clean at 1440 × 900 and 390 × 844;
- after Rename… the address names the new file; a link to a campaign the folder does not hold shows
  a page that says so and lists the campaigns (axe-clean, at 1440 × 900 and 390 × 844); a link keeps
  the language edited, the VoiceOver overlay and the phone's text size and direction.

  .build/ci-python/bin/python -m pytest -q Tests/Browser/test_studio_plan_and_links.py
"""
import json
import os
import shutil
import tempfile
from urllib.parse import parse_qs, urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import GRID_READY, PHONE_READY, ROOT, answer_late, browser, done, open_page, screenshot, serving  # noqa: F401 (the shared Chromium)

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
CAMPAIGNS = ["acme-banner.json", "banner-image.json", "offer-code.json"]


@pytest.fixture(scope="module")
def studio():
    """`grona-snap serve` on a temporary folder; yields (address, folder)."""
    work = tempfile.mkdtemp(prefix="grona-links-")
    folder = os.path.join(work, "campaigns")
    shutil.copytree(os.path.join(ROOT, "Fixtures", "images"), os.path.join(folder, "images"))
    try:
        with serving(folder) as address:
            yield address, folder
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture()
def folder(studio):
    """The campaigns written afresh for each test; yields (address, folder)."""
    address, folder = studio
    for name in os.listdir(folder):
        if name.endswith(".json"):
            os.remove(os.path.join(folder, name))
    for name in CAMPAIGNS:
        shutil.copy(os.path.join(ROOT, "Fixtures", name), folder)
    yield address, folder


def serious(page, what):
    """axe-core's critical and serious violations (WCAG 2.2's target size too)."""
    results = Axe().run(page, options={"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}})
    bad = [v for v in results.response["violations"] if v["impact"] in ("critical", "serious")]
    assert not bad, f"axe-core on {what}:\n" + "\n".join(f"{v['impact']} {v['id']}: {v['help']}" for v in bad)


def test_the_grid_is_the_servers_plan_in_its_order(browser, folder):
    address, _ = folder
    page = open_page(browser, address + "?spec=acme-banner.json")
    # The server's plan, as the page keeps it, names every cell in order.
    plan = page.evaluate("() => variants().map(v => [v.index, v.name])")
    cells = page.evaluate("() => [...document.querySelectorAll('#grid .cell')].map(c => c.getAttribute('aria-label'))")
    assert [name for _, name in plan] == cells and [index for index, _ in plan] == list(range(12)), (plan, cells)
    done(page)

    # An answer whose plan comes in another order (and drawn tiles renumbered to match): the grid
    # follows the answer, not a product of the page's own.
    page = browser.new_page(viewport=DESKTOP)

    def reversed_plan(route):
        answer = route.fetch()
        body = answer.json()
        if "plan" in body:
            count = len(body["plan"])
            body["plan"] = [dict(tile, index=count - 1 - tile["index"]) for tile in reversed(body["plan"])]
            for tile in body["tiles"]:
                tile["index"] = count - 1 - tile["index"]
            body["findings"] = [dict(f, tiles=[count - 1 - t for t in f["tiles"]]) for f in body["findings"]]
        route.fulfill(response=answer, body=json.dumps(body), headers={**answer.headers, "content-type": "application/json"})
    page.route("**/api/preview?*", reversed_plan)
    page.goto(address + "?spec=acme-banner.json")
    page.wait_for_function(GRID_READY, timeout=60000)
    shown = page.evaluate("() => [...document.querySelectorAll('#grid .cell')].map(c => c.getAttribute('aria-label'))")
    assert shown == list(reversed(cells)), shown
    page.close()


def test_banner_to_message_and_back_restores_the_banner_exactly(browser, folder):
    address, path = folder
    with open(os.path.join(path, "banner-image.json"), encoding="utf-8") as file:
        spec = json.load(file)
    assert "eyebrow" not in spec["component"]
    page = open_page(browser, address + "?spec=banner-image.json")
    raw = page.input_value("#raw-json")
    page.select_option("#component-type", "message")
    page.wait_for_selector("#field-icon")
    page.select_option("#component-type", "banner")
    page.wait_for_function(GRID_READY, timeout=60000)
    assert page.input_value("#raw-json") == raw, page.input_value("#raw-json")
    assert json.loads(page.input_value("#raw-json")) == spec
    assert page.text_content("#file-state") == "saved", page.text_content("#file-state")
    assert page.input_value("#field-eyebrow") == ""
    # Copy edited in the message comes back with the banner; the message's template icon does not.
    page.select_option("#component-type", "message")
    page.wait_for_selector("#field-icon")
    page.fill("#field-title", "Warm croissants from 7 am")
    page.select_option("#component-type", "banner")
    page.wait_for_function(GRID_READY, timeout=60000)
    component = json.loads(page.input_value("#raw-json"))["component"]
    assert component == {**spec["component"], "title": "Warm croissants from 7 am"}, component
    assert page.text_content("#file-state") == "edited, not saved"
    done(page)


def test_the_address_follows_a_rename(browser, folder):
    address, path = folder
    page = open_page(browser, address + "?spec=offer-code.json&sizes=L")
    page.click("#rename-campaign")
    page.fill("#name-input", "spring-offer.json")
    page.click("#name-ok")
    page.wait_for_function("() => new URLSearchParams(location.search).get('spec') === 'spring-offer.json'", timeout=10000)
    assert parse_qs(urlparse(page.url).query)["sizes"] == ["L"]
    link = page.url
    done(page)
    page = open_page(browser, link)
    assert page.input_value("#campaigns") == "spec:spring-offer.json" and page.is_hidden("#missing")
    done(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440", "390"])
def test_a_link_to_a_missing_campaign_says_so_and_lists_the_campaigns(browser, folder, viewport):
    address, _ = folder
    page = open_page(browser, address + "?spec=gone.json&sizes=AX5", viewport, ready=None)
    page.wait_for_selector("#missing:not([hidden])", timeout=30000)
    assert page.is_hidden("main")
    assert "There is no campaign named" in page.text_content("#missing h2") and "gone.json" in page.text_content("#missing h2")
    links = page.eval_on_selector_all("#missing-list a", "links => links.map(a => [a.textContent, a.getAttribute('href')])")
    assert [text for text, _ in links] == ["acme-banner", "banner-image", "offer-code"], links
    assert all("sizes=AX5" in href for _, href in links), links
    # Nothing of the error's body was taken for a campaign, and no preview was asked for.
    assert page.evaluate("state.spec") is None
    no_sideways = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert no_sideways
    serious(page, f"the missing-campaign page at {viewport['width']} px")
    screenshot(page, f"studio-missing-{viewport['width']}.png")
    # By keyboard: the heading has the focus, and the next Tab is the first campaign's link, which opens it.
    assert page.evaluate("document.activeElement.id") == "missing-title"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "acme-banner"
    page.keyboard.press("Enter")
    page.wait_for_function(GRID_READY, timeout=60000)
    assert page.input_value("#campaigns") == "spec:acme-banner.json"
    done(page)


def test_a_link_keeps_the_phone_view_and_the_voiceover_overlay(browser, folder):
    address, path = folder
    spec = json.load(open(os.path.join(path, "acme-banner.json"), encoding="utf-8"))
    spec["localizations"] = {"de": {"title": "Doppelte Punkte auf jede Bestellung"}}
    with open(os.path.join(path, "acme-banner.json"), "w", encoding="utf-8") as file:
        json.dump(spec, file, indent=2, ensure_ascii=False)
    page = open_page(browser, address + "?spec=acme-banner.json")
    page.check("#overlay")
    page.select_option("#copy-locale", "de")
    page.click("#tab-phone")
    page.wait_for_function(PHONE_READY, timeout=60000)
    page.select_option("#phone-text-size", "AX3")
    page.select_option("#phone-direction", "rtl")
    page.wait_for_function("() => new URLSearchParams(location.search).get('phoneDirection') === 'rtl'", timeout=10000)
    view = parse_qs(urlparse(page.url).query)
    assert {k: view[k] for k in ["language", "voiceover", "phoneSize", "phoneDirection", "tab"]} == {
        "language": ["de"], "voiceover": ["on"], "phoneSize": ["AX3"], "phoneDirection": ["rtl"], "tab": ["phone"]}, view
    link = page.url
    done(page)

    page = open_page(browser, link, ready=f"() => document.querySelector('#tab-phone').getAttribute('aria-selected') === 'true' && ({PHONE_READY})()")
    assert page.input_value("#phone-text-size") == "AX3" and page.input_value("#phone-direction") == "rtl"
    assert page.is_checked("#overlay") and page.input_value("#copy-locale") == "de"
    assert page.input_value("#field-title") == "Doppelte Punkte auf jede Bestellung"
    assert page.get_attribute("#phone-light .screen", "dir") == "rtl"
    assert page.url == link
    done(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440", "390"])
def test_a_refused_save_opens_the_editor_at_the_field_and_names_it(browser, folder, viewport):
    address, path = folder
    on_disk = open(os.path.join(path, "acme-banner.json"), "rb").read()
    page = open_page(browser, address + "?spec=acme-banner.json", viewport)
    narrow = page.is_visible("#editor-toggle")
    assert narrow == (viewport is PHONE)
    if narrow:
        page.click("#editor-toggle")
    page.fill("#field-title", "")
    page.wait_for_selector('[data-field="component.title"] .field-error', timeout=30000)
    if narrow:
        page.click("#editor-toggle")
        assert page.is_hidden("#field-title")
    page.focus("#save")
    page.click("#save")
    page.wait_for_function("() => document.querySelector('#save-message').textContent.startsWith('Not saved')", timeout=30000)
    said = page.text_content("#save-message")
    assert said.startswith("Not saved: Title: ") and "$." not in said, said
    assert page.evaluate("document.activeElement.id") == "field-title" and page.is_visible("#field-title")
    assert page.text_content('[data-field="component.title"] .field-error').startswith("Title: ")
    assert open(os.path.join(path, "acme-banner.json"), "rb").read() == on_disk
    # A syntax error in the raw JSON: the editor and the raw JSON open, its field focused.
    page.fill("#field-title", "Back again")
    page.click("#raw > summary")
    page.fill("#raw-json", page.input_value("#raw-json").rstrip().rstrip("}") + ",}")
    page.wait_for_selector("#raw-error:not([hidden])")
    if narrow:
        page.click("#editor-toggle")
        assert page.is_hidden("#raw-json")
    page.click("#save")
    page.wait_for_function("() => document.querySelector('#save-message').textContent.includes('has a mistake')", timeout=30000)
    assert page.evaluate("document.activeElement.id") == "raw-json" and page.is_visible("#raw-json")
    screenshot(page, f"studio-save-error-{viewport['width']}.png")
    done(page)


def test_a_language_is_added_by_name_and_a_wrong_code_is_refused_with_the_one_meant(browser, folder):
    address, path = folder
    page = open_page(browser, address + "?spec=acme-banner.json")
    # The search box offers the languages GronaSnap lists, by English and native name.
    options = page.eval_on_selector_all("#language-names option", "options => options.map(o => [o.value, o.label])")
    assert ["de", "German · Deutsch"] in options and ["ja", "Japanese · 日本語"] in options, options
    for typed, meant, button in [("jp", "ja", "Add Japanese (ja)"), ("dk", "da", "Add Danish (da)"), ("German", "de", "Add German (de)")]:
        page.fill("#new-locale", typed)
        page.press("#new-locale", "Enter")
        page.wait_for_selector("#new-locale-error:not([hidden]) button.suggestion", timeout=10000)
        said = page.text_content("#new-locale-error")
        assert button in said and meant in said, said
        assert "localizations" not in json.loads(page.input_value("#raw-json")) or meant not in json.loads(page.input_value("#raw-json"))["localizations"]
        # The suggestion has the focus: Enter adds the language meant.
        assert page.evaluate("document.activeElement.className") == "suggestion"
        if typed == "jp":
            serious(page, "a language refused with a suggestion")
        page.keyboard.press("Enter")
        page.wait_for_function("(tag) => document.querySelector('#copy-locale').value === tag", arg=meant, timeout=10000)
        assert page.is_hidden("#new-locale-error")
    assert sorted(json.loads(page.input_value("#raw-json"))["localizations"]) == ["da", "de", "ja"]
    page.fill("#new-locale", "xx")
    page.click("#add-locale")
    page.wait_for_selector("#new-locale-error:not([hidden])", timeout=10000)
    assert "no language GronaSnap knows" in page.text_content("#new-locale-error")
    assert not page.locator("#new-locale-error button").count()
    assert page.get_attribute("#new-locale", "aria-invalid") == "true"
    done(page)


def test_the_next_language_typed_while_one_is_looked_up_is_kept(browser, folder):
    """Looking a language up takes a moment on a busy server; what is typed meanwhile (the next
    language) is neither wiped nor has its focus taken when the first arrives."""
    address, path = folder
    page = open_page(browser, address + "?spec=acme-banner.json")
    answer_late(page, "GET", "/api/locale?tag=de")
    page.fill("#new-locale", "de")
    page.press("#new-locale", "Enter")
    page.fill("#new-locale", "fr")
    page.wait_for_function("() => document.querySelector('#copy-locale').value === 'de'", timeout=10000)
    assert page.input_value("#new-locale") == "fr"
    assert page.evaluate("document.activeElement.id") == "new-locale"
    page.press("#new-locale", "Enter")
    page.wait_for_function("() => document.querySelector('#copy-locale').value === 'fr'", timeout=10000)
    assert page.input_value("#new-locale") == ""
    assert sorted(json.loads(page.input_value("#raw-json"))["localizations"]) == ["de", "fr"]
    done(page)


def test_translations_export_and_import_round_trip(browser, folder, tmp_path):
    address, path = folder
    spec = json.load(open(os.path.join(path, "acme-banner.json"), encoding="utf-8"))
    spec["localizations"] = {"de": {"title": "Doppelte Punkte, \"heute\""}, "ar": {"title": "نقاط مضاعفة على كل طلب"}}
    with open(os.path.join(path, "acme-banner.json"), "w", encoding="utf-8") as file:
        json.dump(spec, file, indent=2, ensure_ascii=False)
    page = open_page(browser, address + "?spec=acme-banner.json")
    raw = page.input_value("#raw-json")
    serious(page, "the editor with its translations")

    def export(format):
        page.select_option("#translation-format", format)
        with page.expect_download() as download:
            page.click("#export-translations")
        saved = str(tmp_path / download.value.suggested_filename)
        download.value.save_as(saved)
        return saved, open(saved, encoding="utf-8").read()

    def import_(saved):
        page.set_input_files("#import-translations", saved)
        page.wait_for_function("() => document.querySelector('#translations-message').textContent.startsWith('Imported')", timeout=10000)
        page.wait_for_function(GRID_READY, timeout=60000)

    # Each format, exported and imported again, leaves the campaign as it was (byte for byte, saved).
    for format in ["xliff1.2", "csv"]:
        saved, text = export(format)
        assert "Doppelte Punkte" in text and "نقاط مضاعفة" in text, text
        import_(saved)
        assert page.input_value("#raw-json") == raw and page.text_content("#file-state") == "saved", format
    page.select_option("#copy-locale", "de")
    saved, text = export("xliff2.0")
    assert saved.endswith("acme-banner-de.xlf") and 'trgLang="de"' in text and "نقاط" not in text, text
    import_(saved)
    assert page.input_value("#raw-json") == raw
    # A translator's change comes in as an edit, once applied.
    saved, text = export("csv")
    with open(saved, "w", encoding="utf-8") as file:
        file.write(text.replace("Doppelte Punkte, \"\"heute\"\"", "Doppelte Punkte, ab heute"))
    page.set_input_files("#import-translations", saved)
    page.wait_for_selector("#import-dialog[open]")
    assert "German — Title: “Doppelte Punkte, \"heute\"” becomes “Doppelte Punkte, ab heute”" in page.text_content("#import-changes")
    page.click("#import-apply")
    page.wait_for_function(GRID_READY, timeout=60000)
    assert json.loads(page.input_value("#raw-json"))["localizations"]["de"]["title"] == "Doppelte Punkte, ab heute"
    assert page.text_content("#file-state") == "edited, not saved"
    # A file that is not one of the campaign's is refused, saying why.
    bad = tmp_path / "bad.csv"
    bad.write_text("key,en,de\ncode,X,Y\n", encoding="utf-8")
    page.set_input_files("#import-translations", str(bad))
    page.wait_for_function("() => document.querySelector('#translations-message').textContent.startsWith('Not imported')", timeout=10000)
    assert 'no field "code"' in page.text_content("#translations-message")
    done(page)


def test_an_import_shows_what_it_changes_and_applies_it_only_when_confirmed(browser, folder, tmp_path):
    address, path = folder
    spec = json.load(open(os.path.join(path, "acme-banner.json"), encoding="utf-8"))
    spec["localizations"] = {"it": {"title": "Salve", "button": "Acquista"}}
    with open(os.path.join(path, "acme-banner.json"), "w", encoding="utf-8") as file:
        json.dump(spec, file, indent=2, ensure_ascii=False)
    # A translator's XLIFF 1.2: the title translated anew, the button left empty ("new"), a language added.
    xliff = tmp_path / "acme-banner.xlf"
    xliff.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2"><file original="acme-banner.json" source-language="en" target-language="it" datatype="plaintext"><body>
<trans-unit id="title"><source>Double points</source><target>Punti doppi su ogni ordine</target></trans-unit>
<trans-unit id="button"><source>See my points</source><target state="new"/></trans-unit>
</body></file>
<file original="acme-banner.json" source-language="en" target-language="de" datatype="plaintext"><body>
<trans-unit id="button"><source>See my points</source><target>Meine Punkte</target></trans-unit>
</body></file></xliff>
""", encoding="utf-8")
    # Excel's CSV on Windows: semicolons, Windows-1252.
    excel = tmp_path / "excel.csv"
    excel.write_bytes("key;en;de\r\ntitle;Double;Doppelte Punkte f\u00fcr B\u00e4cker\r\n".encode("cp1252"))

    for viewport, picture in [(DESKTOP, "studio-import-preview.png"), (PHONE, "studio-import-preview-390.png")]:
        page = open_page(browser, address + "?spec=acme-banner.json", viewport=viewport)
        if viewport is PHONE:
            page.click("#editor-toggle")
        raw = page.input_value("#raw-json")

        def preview():
            page.select_option("#translation-format", "xliff1.2")
            page.set_input_files("#import-translations", str(xliff))
            page.wait_for_selector("#import-dialog[open]")

        preview()
        changes = [item.text_content() for item in page.query_selector_all("#import-changes li")]
        assert changes == ["German — Button label: added “Meine Punkte”",
                           "Italian — Title: “Salve” becomes “Punti doppi su ogni ordine”",
                           "Italian — Button label: empty in the file; kept as “Acquista”"], changes
        assert "Italian: Eyebrow, Body text" in page.text_content("#import-untranslated")
        assert page.evaluate("document.activeElement.id") == "import-apply"
        serious(page, f"the import preview at {viewport['width']} px")
        box = page.eval_on_selector("#import-dialog", "d => d.getBoundingClientRect().toJSON()")
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        screenshot(page, picture)
        # Escape, then Cancel by keyboard: nothing changes, and the focus is back on Import….
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.querySelector('#translations-message').textContent.startsWith('Not imported')")
        assert not page.is_visible("#import-dialog")
        assert page.input_value("#raw-json") == raw and page.text_content("#file-state") == "saved"
        assert page.evaluate("document.activeElement.id") == "import-translations"
        preview()
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement.id") == "import-cancel"
        page.keyboard.press("Enter")
        page.wait_for_selector("#import-dialog", state="hidden")
        assert page.input_value("#raw-json") == raw
        # Apply (Enter on the focused button): the title and the German button change; the Italian button stays.
        preview()
        page.keyboard.press("Enter")
        page.wait_for_selector("#import-dialog", state="hidden")
        localizations = json.loads(page.input_value("#raw-json"))["localizations"]
        assert localizations == {"it": {"title": "Punti doppi su ogni ordine", "button": "Acquista"}, "de": {"button": "Meine Punkte"}}, localizations
        assert page.text_content("#file-state") == "edited, not saved"
        assert page.text_content("#translations-message") == "Imported acme-banner.xlf: 2 fields in German, Italian."
        page.wait_for_function(GRID_READY, timeout=60000)
        # A Windows-1252 CSV is refused by name, never read as "B�cker".
        page.select_option("#translation-format", "csv")
        page.set_input_files("#import-translations", str(excel))
        page.wait_for_function("() => document.querySelector('#translations-message').textContent.startsWith('Not imported')", timeout=10000)
        assert "it looks like Windows-1252: byte 0xFC" in page.text_content("#translations-message")
        assert "\ufffd" not in page.input_value("#raw-json")
        done(page)
