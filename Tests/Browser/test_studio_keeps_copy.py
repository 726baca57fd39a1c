"""The studio never loses a marketer's copy, in a real browser (Debian's Chromium through Playwright,
against `grona-snap serve` on a fresh temporary folder for each test):

- a campaign file with a missing comma opens as its own text in the spec file's box, the mistake
  placed (line, column, GronaSnap's words), with no field, tile or phone drawn from a template;
  typing in the box keeps the person's text, and once the comma is typed, Save (Ctrl+S) writes the
  file's own bytes with that comma and nothing else;
- offer → message → progress bar → banner → offer, twice, gives back the offer as the file has it
  ("MEMBERS ONLY", "Copy code"), and copy typed in another type meanwhile comes along;
- a fix applied and undone is "saved" again;
- with the server stopped, the page says GronaSnap is not answering (not "Failed to fetch"), a save
  says so instead of throwing, the edit is kept in the browser's storage, the previews come back
  when the server answers again, and a new tab offers the kept edit back until it is saved;
- "Saving…" while a save is on its way, and Ctrl+S saves instead of the browser saving the page.

axe-core finds no critical or serious violation in the broken-file view or the not-answering state.
With STUDIO_SCREENSHOTS=DIR both are written there at 1440 × 900 and 390 × 844
(studio-broken-file.png is docs/marketers.md's picture).

  .build/ci-python/bin/python -m pytest -q Tests/Browser/test_studio_keeps_copy.py
"""
import json
import os
import shutil
import tempfile
import urllib.request

import pytest

from conftest import BINARY, GRID_READY, ROOT, GronaServer, answer_late, browser, done, open_page, screenshot  # noqa: F401 (the shared Chromium)
from test_studio_plan_and_links import DESKTOP, PHONE, serious
from test_studio_fixes import yellow_banner

# offer-code.json as a marketer left it: a new title, and the comma after it forgotten.
with open(os.path.join(ROOT, "Fixtures", "offer-code.json"), encoding="utf-8") as _file:
    OFFER = _file.read()
BROKEN = OFFER.replace('"title": "15% off your next coffee order",', '"title": "Autumn sale: 20% off every pastry"')
FIXED = BROKEN.replace('"title": "Autumn sale: 20% off every pastry"', '"title": "Autumn sale: 20% off every pastry",')
# Where GronaSnap stops reading BROKEN: the key after the title, at its first character.
STOP_LINE = next(number for number, line in enumerate(BROKEN.split("\n"), 1) if '"body"' in line)
STOP_COLUMN = BROKEN.split("\n")[STOP_LINE - 1].index('"') + 1

NOT_ANSWERING = "GronaSnap is not answering; your changes are kept in this browser"


@pytest.fixture()
def studio():
    """A fresh folder (the offer, the acme banner, the yellow banner, autumn-sale.json with its
    missing comma) and `grona-snap serve` on it; yields the GronaServer (its address, port, folder)."""
    work = tempfile.mkdtemp(prefix="grona-keeps-")
    folder = os.path.join(work, "campaigns")
    shutil.copytree(os.path.join(ROOT, "Fixtures", "images"), os.path.join(folder, "images"))
    for name in ["offer-code.json", "acme-banner.json"]:
        shutil.copy(os.path.join(ROOT, "Fixtures", name), folder)
    with open(os.path.join(folder, "yellow-banner.json"), "w", encoding="utf-8") as file:
        json.dump(yellow_banner(), file, indent=2)
    with open(os.path.join(folder, "autumn-sale.json"), "w", encoding="utf-8") as file:
        file.write(BROKEN)
    servers = [GronaServer(BINARY, folder)]
    servers[0].again = lambda: servers.append(GronaServer(BINARY, folder, port=servers[0].port)) or servers[-1]
    try:
        yield servers[0]
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


def read(server, name):
    with open(os.path.join(server.folder, name), encoding="utf-8") as file:
        return file.read()


def message_is(page, selector, text):
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent.includes(t)", arg=[selector, text], timeout=30000)
    return page.text_content(selector)


def press_save(page, keys="Control+s"):
    """Ctrl+S where the focus is, the last message cleared first so that the next one is this save's."""
    page.evaluate("document.querySelector('#save-message').textContent = ''")
    page.keyboard.press(keys)


def template_words(server):
    """Every template's copy, as GET /api/schema gives it (the words a broken file must not show)."""
    with urllib.request.urlopen(server.address + "api/schema") as answer:
        schema = json.load(answer)
    return {value for kind in schema["components"] for key, value in kind["template"].items()
            if isinstance(value, str) and key not in ("type", "icon") and len(value) > 3}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440", "390"])
def test_a_file_that_is_not_json_opens_as_its_own_text(browser, studio, viewport):
    page = open_page(browser, studio.address + "?spec=autumn-sale.json", viewport, ready=None)
    # GronaSnap's reading of the text places the mistake.
    page.wait_for_function("() => !document.querySelector('#raw-goto').hidden", timeout=30000)
    said = page.text_content("#raw-error-text")
    assert said.startswith(f"Line {STOP_LINE}, column {STOP_COLUMN}: ") and "expected" in said, said
    assert f"line {STOP_LINE}, column {STOP_COLUMN}" in page.text_content("#spec-error"), page.text_content("#spec-error")
    assert page.input_value("#raw-json") == BROKEN
    # Nothing from a template: no field, no tile, no phone picture, no template's words on the page.
    assert page.evaluate("document.querySelectorAll('#grid .cell, #findings li').length") == 0
    assert page.evaluate("[...document.querySelectorAll('.phone img')].every(i => !i.getAttribute('src'))")
    assert not page.is_visible("#field-title") and page.is_visible("#unreadable-note") == (viewport == DESKTOP)
    shown = page.evaluate("document.querySelector('main').innerText")
    assert not [words for words in template_words(studio) if words in shown], shown
    assert page.text_content("#file-state") == "not valid JSON"
    if viewport == PHONE:
        page.click("#editor-toggle")
    serious(page, f"a file that is not JSON at {viewport['width']} px")
    screenshot(page, "studio-broken-file.png" if viewport == DESKTOP else "studio-broken-file-phone.png")
    # Save refuses, says where, and writes nothing.
    page.focus("#save")
    press_save(page)
    assert f"line {STOP_LINE}, column {STOP_COLUMN}".lower() in message_is(page, "#save-message", "has a mistake").lower()
    assert read(studio, "autumn-sale.json") == BROKEN
    # By keyboard to the mistake (Tab from the box to its button): the caret at its line and column.
    page.focus("#raw-json")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "raw-goto"
    page.keyboard.press("Enter")
    caret = page.evaluate("(() => { const r = document.activeElement; return r.id === 'raw-json' && r.value.slice(0, r.selectionStart); })()")
    assert caret is not False and caret.count("\n") == STOP_LINE - 1 and len(caret.split("\n")[-1]) == STOP_COLUMN - 1, caret
    # Typing keeps the person's text (still not JSON): no template takes its place.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("End")
    page.keyboard.type(" ")
    page.wait_for_function("() => document.querySelector('#file-state').textContent === 'edited, not saved'")
    assert page.input_value("#raw-json") == BROKEN.replace('pastry"\n', 'pastry" \n')
    # The comma typed: the fields and the previews are the file's own copy.
    page.keyboard.press("Backspace")
    page.keyboard.type(",")
    page.wait_for_function(GRID_READY, timeout=60000)
    assert page.input_value("#field-title") == "Autumn sale: 20% off every pastry"
    assert page.input_value("#field-eyebrow") == "MEMBERS ONLY" and page.input_value("#field-button") == "Copy code"
    assert page.is_hidden("#raw-error") and page.is_hidden("#spec-error")
    # Saved from the box by Ctrl+S: the file's bytes, with the comma.
    press_save(page)
    message_is(page, "#save-message", "Saved to autumn-sale.json")
    assert read(studio, "autumn-sale.json") == FIXED
    assert page.text_content("#file-state") == "saved"
    done(page)


def test_each_types_copy_is_kept_across_switches(browser, studio):
    page = open_page(browser, studio.address + "?spec=offer-code.json")
    offer = json.loads(OFFER)["component"]

    def switch(kind):
        page.select_option("#component-type", kind)
        return json.loads(page.input_value("#raw-json"))["component"]

    for _ in range(2):
        for kind in ["message", "progressBar", "banner"]:
            component = switch(kind)
            assert component["type"] == kind and component["title"] == offer["title"], component
        # The banner takes the offer's eyebrow and button, not its template's words.
        assert component["eyebrow"] == "MEMBERS ONLY" and component["button"] == "Copy code", component
        assert switch("offer") == offer
        assert page.text_content("#file-state") == "saved"
    assert page.input_value("#field-eyebrow") == "MEMBERS ONLY" and page.input_value("#field-button") == "Copy code"
    # Copy typed in another type comes along; the rest of the offer is as it was.
    switch("message")
    page.fill("#field-title", "20% off pastries all week")
    switch("progressBar")
    switch("offer")
    assert json.loads(page.input_value("#raw-json"))["component"] == {**offer, "title": "20% off pastries all week"}
    assert page.text_content("#file-state") == "edited, not saved"
    page.wait_for_function(GRID_READY, timeout=60000)
    done(page)


def test_a_fix_applied_and_undone_is_saved(browser, studio):
    page = open_page(browser, studio.address + "?spec=yellow-banner.json")
    file = read(studio, "yellow-banner.json")
    generation = page.evaluate("document.body.dataset.updated")
    page.locator("#findings button.apply").first.click()
    page.wait_for_function(f"(g) => document.body.dataset.updated !== g && ({GRID_READY})()", arg=generation, timeout=60000)
    assert page.text_content("#file-state") == "edited, not saved"
    page.focus("#undo")
    page.keyboard.press("Enter")
    assert page.text_content("#file-state") == "saved"
    assert page.input_value("#raw-json") == file
    assert page.evaluate("localStorage.length") == 0
    page.wait_for_function(GRID_READY, timeout=60000)
    done(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440", "390"])
def test_a_stopped_server_is_said_as_such_and_the_edit_is_kept(browser, studio, viewport):
    # One context for both pages: the second finds what the first kept in the browser's storage.
    context = browser.new_context(viewport=viewport)
    page = open_page(browser, studio.address + "?spec=acme-banner.json", context=context)
    if viewport == PHONE:
        page.click("#editor-toggle")
    studio.stop()
    page.fill("#field-title", "Double points while the shop is closed")
    page.wait_for_selector("#not-answering:not([hidden])", timeout=30000)
    assert NOT_ANSWERING in page.text_content("#not-answering")
    assert page.is_hidden("#spec-error") and "Failed to fetch" not in page.evaluate("document.body.innerText")
    # Save says so, in words, and throws nothing.
    page.focus("#field-title")
    press_save(page)
    assert NOT_ANSWERING in message_is(page, "#save-message", "Not saved")
    assert page.text_content("#file-state") == "edited, not saved"
    # Another campaign cannot be opened: said so, and the one on screen stays with the edit.
    page.evaluate("document.querySelector('#save-message').textContent = ''")
    page.select_option("#campaigns", "spec:offer-code.json")
    assert NOT_ANSWERING in message_is(page, "#save-message", "Not opened")
    assert page.input_value("#campaigns") == "spec:acme-banner.json"
    assert page.input_value("#field-title") == "Double points while the shop is closed"
    kept = json.loads(page.evaluate("localStorage.getItem('grona-studio.draft:acme-banner.json')"))
    assert kept["spec"]["component"]["title"] == "Double points while the shop is closed", kept
    serious(page, f"GronaSnap not answering at {viewport['width']} px")
    screenshot(page, "studio-not-answering.png" if viewport == DESKTOP else "studio-not-answering-phone.png")
    # The server again, on the same address: the previews are asked for again, with the edit.
    generation = page.evaluate("document.body.dataset.updated")
    studio.again()
    page.wait_for_function(f"""(g) => document.querySelector('#not-answering').hidden
        && document.body.dataset.updated !== g && ({GRID_READY})()""", arg=generation, timeout=60000)
    assert json.loads(read(studio, "acme-banner.json"))["component"]["title"] != "Double points while the shop is closed"
    page.close()
    # Opened again (the tab closed unsaved): the kept edit is offered back, restored by keyboard, saved.
    page = open_page(browser, studio.address + "?spec=acme-banner.json", context=context)
    assert "were not saved; this browser kept them" in message_is(page, "#draft-text", "acme-banner.json")
    assert page.input_value("#field-title") != "Double points while the shop is closed"
    serious(page, f"a kept edit offered back at {viewport['width']} px")
    screenshot(page, "studio-kept-edit.png" if viewport == DESKTOP else "studio-kept-edit-phone.png")
    page.focus("#restore-draft")
    page.keyboard.press("Enter")
    assert page.input_value("#field-title") == "Double points while the shop is closed"
    assert page.text_content("#file-state") == "edited, not saved" and page.is_hidden("#draft-notice")
    press_save(page)
    message_is(page, "#save-message", "Saved to acme-banner.json")
    assert json.loads(read(studio, "acme-banner.json"))["component"]["title"] == "Double points while the shop is closed"
    assert page.evaluate("localStorage.getItem('grona-studio.draft:acme-banner.json')") is None
    done(page)
    context.close()


def test_saving_is_said_and_ctrl_s_saves(browser, studio):
    page = open_page(browser, studio.address + "?spec=acme-banner.json")
    # Whether the page took Ctrl+S from the browser: read after every listener of the document.
    page.evaluate("window.addEventListener('keydown', (e) => { if (e.key === 's') window.saveKeyTaken = e.defaultPrevented; })")
    page.fill("#field-title", "Triple points this week")
    answer_late(page, "PUT", "/api/specs/acme-banner.json")
    page.focus("#field-title")
    press_save(page)
    assert page.evaluate("window.saveKeyTaken") is True
    message_is(page, "#save-message", "Saving…")
    message_is(page, "#save-message", "Saved to acme-banner.json")
    assert json.loads(read(studio, "acme-banner.json"))["component"]["title"] == "Triple points this week"
    assert page.text_content("#file-state") == "saved"
    done(page)
