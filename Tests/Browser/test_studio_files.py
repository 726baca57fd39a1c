"""Managing campaign files in the studio, by keyboard, in a real browser.

Each test runs `grona-snap serve` on a fresh temporary folder (a git repository holding
Fixtures/acme-banner.json, Fixtures/banner-image.json and their images) and drives Debian's Chromium
with Playwright: a one-field edit saved is a one-line `git diff`; two tabs editing one campaign merge
different fields and offer the field both changed, with "Keep mine" and "Take theirs"; duplicate,
rename, delete and its Undo, and a new campaign from a template; the image picker picks one of the
folder's PNGs and uploads another. axe-core finds no critical or serious violation in any of the
dialogs. With STUDIO_SCREENSHOTS=DIR the dialogs are written there at 1440 × 900 and 390 × 844.

  .build/ci-python/bin/python -m pytest -q Tests/Browser/test_studio_files.py
"""
import json
import os
import shutil
import subprocess
import tempfile

import pytest

# `browser` is the access test's fixture: one Chromium for both modules' tests.
from test_studio_access import (browser, DESKTOP, GRID_READY, PHONE, ROOT, SCREENSHOTS,  # noqa: F401
                                focused, serious, serving, tab_to)
from conftest import answer_late


def git(folder, *arguments):
    return subprocess.run(["git", "-C", folder, *arguments], check=True, capture_output=True, text=True).stdout


@pytest.fixture()
def studio():
    """A fresh folder under git and `grona-snap serve` on it; yields (address, folder)."""
    work = tempfile.mkdtemp(prefix="grona-files-")
    folder = os.path.join(work, "campaigns")
    os.makedirs(os.path.join(folder, "images"))
    for name in ["acme-banner.json", "banner-image.json"]:
        shutil.copy(os.path.join(ROOT, "Fixtures", name), folder)
    for name in ["coffee.png", "croissant.png"]:
        shutil.copy(os.path.join(ROOT, "Fixtures", "images", name), os.path.join(folder, "images"))
    git(folder, "init", "-q")
    git(folder, "add", ".")
    git(folder, "-c", "user.name=Studio", "-c", "user.email=studio@example.com", "commit", "-qm", "campaigns")
    # Each save is a commit of its own: the diffs below are against the campaigns as they were.
    git(folder, "tag", "before-the-studio")
    try:
        with serving(folder) as address:
            yield address, folder
    finally:
        shutil.rmtree(work, ignore_errors=True)


def open_campaign(browser, address, name, viewport=DESKTOP, context=None):
    page = context.new_page() if context else browser.new_page(viewport=viewport)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{address}?spec={name}")
    page.wait_for_function(GRID_READY, timeout=60000)
    page.errors = errors
    return page


def shot(page, name):
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SCREENSHOTS, name))


def read(folder, name):
    with open(os.path.join(folder, name), encoding="utf-8") as f:
        return f.read()


def type_into(page, selector, text):
    """Focuses a field and replaces its text, as a person does: select all, type."""
    page.focus(selector)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def start_save(page):
    """Save pressed by keyboard, the last message cleared so that the next one is this save's."""
    page.evaluate("document.querySelector('#save-message').textContent = ''")
    page.focus("#save")
    page.keyboard.press("Enter")


def save_by_keyboard(page, expect="Saved to"):
    start_save(page)
    page.wait_for_function(f"() => document.querySelector('#save-message').textContent.includes({json.dumps(expect)})", timeout=30000)
    return page.text_content("#save-message")


def test_a_one_field_edit_is_a_one_line_git_diff(browser, studio):
    address, folder = studio
    page = open_campaign(browser, address, "acme-banner.json")
    type_into(page, "#field-title", "Triple points on every order")
    save_by_keyboard(page)
    numstat = git(folder, "diff", "before-the-studio", "--numstat").split()
    assert numstat == ["1", "1", "acme-banner.json"], git(folder, "diff", "before-the-studio")
    # An image picked and a colour typed: still one line each.
    type_into(page, '[data-path="theme.accent"][type=text]', "#FFD166")
    save_by_keyboard(page)
    diff = git(folder, "diff", "before-the-studio", "-U0")
    assert git(folder, "diff", "before-the-studio", "--numstat").split() == ["2", "2", "acme-banner.json"], diff
    assert git(folder, "log", "--format=%s", "before-the-studio..").splitlines() == [
        "acme-banner.json: Accent changed", "acme-banner.json: Title changed"], git(folder, "log", "--oneline")
    print("git diff after two one-field saves:\n" + diff)
    assert not page.errors, page.errors
    page.close()


def test_two_tabs_merge_and_the_field_both_changed_is_chosen(browser, studio):
    address, folder = studio
    context = browser.new_context(viewport=DESKTOP)
    first = open_campaign(browser, address, "acme-banner.json", context=context)
    second = open_campaign(browser, address, "acme-banner.json", context=context)
    # Different fields: both saved, merged.
    type_into(first, "#field-title", "Title from the first tab")
    save_by_keyboard(first)
    type_into(second, "#field-body", "Body from the second tab.")
    message = save_by_keyboard(second, expect="meanwhile")
    spec = json.loads(read(folder, "acme-banner.json"))
    assert spec["component"]["title"] == "Title from the first tab" and spec["component"]["body"] == "Body from the second tab.", spec
    assert git(folder, "diff", "before-the-studio", "--numstat").split() == ["2", "2", "acme-banner.json"], git(folder, "diff", "before-the-studio")
    print(f"different fields: {message}")
    # The same field: the second tab saves first, the first is offered the choice.
    type_into(second, "#field-title", "Second tab's title")
    save_by_keyboard(second)
    type_into(first, "#field-title", "First tab's title")
    first.focus("#save")
    first.keyboard.press("Enter")
    first.wait_for_selector("#conflict-dialog[open]", timeout=30000)
    legends = first.eval_on_selector_all("#conflict-fields legend", "nodes => nodes.map(n => n.textContent)")
    assert legends == ["Title"], legends
    assert "Second tab's title" in first.text_content("#conflict-fields") and "First tab's title" in first.text_content("#conflict-fields")
    serious(first, "the conflict dialog")
    shot(first, "studio-conflict.png")
    # The focus is on "Keep mine"; saving without a choice says what is missing.
    now = focused(first)
    assert now["type"] == "radio" and now["value"] == "mine", now
    tab_to(first, lambda f: f["id"] == "conflict-save")
    first.keyboard.press("Enter")
    assert first.is_visible("#conflict-error")
    # Shift+Tab back to the choice, Space keeps mine, Tab to "Save my choices", Enter.
    tab_to(first, lambda f: f["type"] == "radio", key="Shift+Tab")
    first.keyboard.press("Space")
    tab_to(first, lambda f: f["id"] == "conflict-save")
    first.keyboard.press("Enter")
    first.wait_for_function("() => /Saved to/.test(document.querySelector('#save-message').textContent)", timeout=30000)
    spec = json.loads(read(folder, "acme-banner.json"))
    assert spec["component"]["title"] == "First tab's title", spec
    assert spec["component"]["body"] == "Body from the second tab.", "the other tab's change is kept"
    # The other way: the second tab takes theirs (the first tab's title).
    type_into(second, "#field-title", "Another title")
    second.focus("#save")
    second.keyboard.press("Enter")
    second.wait_for_selector("#conflict-dialog[open]", timeout=30000)
    second.keyboard.press("ArrowDown")  # in the radio group: from "Keep mine" to "Take theirs", chosen
    assert focused(second)["value"] == "theirs" and focused(second)["checked"]
    tab_to(second, lambda f: f["id"] == "conflict-save")
    second.keyboard.press("Enter")
    second.wait_for_function("() => /Saved to/.test(document.querySelector('#save-message').textContent)", timeout=30000)
    assert json.loads(read(folder, "acme-banner.json"))["component"]["title"] == "First tab's title"
    assert second.input_value("#field-title") == "First tab's title", "the page shows what was saved"
    assert not first.errors and not second.errors, first.errors + second.errors
    context.close()


def test_what_is_typed_while_a_save_is_on_its_way_stays_unsaved(browser, studio):
    """The file gets what was sent; an edit made before the answer came is neither in the file nor
    marked saved, and the next save writes it."""
    address, folder = studio
    page = open_campaign(browser, address, "acme-banner.json")
    type_into(page, "#field-title", "Triple points on every order")
    answer_late(page, "PUT", "/api/specs/acme-banner.json")
    start_save(page)
    type_into(page, "#field-body", "Typed while saving.")
    page.wait_for_function("() => document.querySelector('#save-message').textContent.includes('Saved to')", timeout=30000)
    saved = json.loads(read(folder, "acme-banner.json"))
    assert saved["component"]["title"] == "Triple points on every order"
    assert saved["component"]["body"] != "Typed while saving."
    assert page.text_content("#file-state") == "edited, not saved"
    assert focused(page)["id"] == "field-body", "the save left the focus where the typing was"
    save_by_keyboard(page)
    assert json.loads(read(folder, "acme-banner.json"))["component"]["body"] == "Typed while saving."
    assert page.text_content("#file-state") == "saved"
    assert not page.errors, page.errors
    page.close()


def test_what_is_typed_while_a_merge_is_on_its_way_stays_on_top_of_it(browser, studio):
    """A save that meets a change on disk is merged on the server; an edit made before that answer
    came stays in its field (with the focus), on top of the merged campaign, and is not marked saved."""
    address, folder = studio
    context = browser.new_context(viewport=DESKTOP)
    first = open_campaign(browser, address, "acme-banner.json", context=context)
    second = open_campaign(browser, address, "acme-banner.json", context=context)
    type_into(first, "#field-title", "Title from the first tab")
    save_by_keyboard(first)
    answer_late(second, "POST", "/merge")
    type_into(second, "#field-body", "Body from the second tab.")
    start_save(second)
    type_into(second, "#field-eyebrow", "TYPED MEANWHILE")
    second.wait_for_function("() => document.querySelector('#save-message').textContent.includes('meanwhile')", timeout=30000)
    spec = json.loads(read(folder, "acme-banner.json"))
    assert spec["component"]["title"] == "Title from the first tab" and spec["component"]["body"] == "Body from the second tab.", spec
    assert spec["component"].get("eyebrow") != "TYPED MEANWHILE"
    assert second.input_value("#field-title") == "Title from the first tab", "the page shows the merged campaign"
    assert second.input_value("#field-eyebrow") == "TYPED MEANWHILE" and focused(second)["id"] == "field-eyebrow"
    assert second.text_content("#file-state") == "edited, not saved"
    save_by_keyboard(second)
    assert json.loads(read(folder, "acme-banner.json"))["component"]["eyebrow"] == "TYPED MEANWHILE"
    assert not first.errors and not second.errors, first.errors + second.errors
    context.close()


def test_an_upload_before_the_picker_has_listed_the_images(browser, studio):
    """A file chosen while the folder's images are still being listed goes into images/ as any
    upload does, and the focus stays on it when the listing comes."""
    address, folder = studio
    page = open_campaign(browser, address, "banner-image.json")
    answer_late(page, "GET", "/api/images", ms=800)
    upload = os.path.join(tempfile.mkdtemp(prefix="grona-upload-"), "early.png")
    shutil.copy(os.path.join(ROOT, "Fixtures", "images", "coffee.png"), upload)
    page.focus(".choose-image")
    page.keyboard.press("Enter")
    page.wait_for_selector("#image-dialog[open]")
    page.set_input_files("#image-upload", upload)
    page.wait_for_function("() => document.querySelector('#image-message').textContent.startsWith('Uploaded')", timeout=30000)
    assert page.text_content("#image-message") == "Uploaded early.png as images/early.png."
    assert os.path.exists(os.path.join(folder, "images", "early.png"))
    page.wait_for_timeout(1200)  # longer than any listing still on its way
    assert "images/early.png" in focused(page)["text"], focused(page)
    page.keyboard.press("Enter")
    assert page.input_value("#field-image") == "images/early.png"
    assert not page.errors, page.errors
    page.close()


def done(page, message, chosen):
    """Waits until a file action has finished: its message said, its campaign open and the focus
    back on the campaign menu. (The menu shows the new name before the campaign has loaded, so a
    key pressed then would act on the old one.)"""
    page.wait_for_function("(m) => document.querySelector('#save-message').textContent === m", arg=message, timeout=30000)
    assert page.input_value("#campaigns") == chosen
    assert focused(page)["id"] == "campaigns"


def test_a_key_pressed_while_a_campaign_loads_is_not_taken_away(browser, studio):
    """Undo of a delete reloads the campaign; a person who tabs on meanwhile keeps the focus
    where they put it, and their Enter opens what they chose."""
    address, folder = studio
    page = open_campaign(browser, address, "acme-banner.json")
    page.focus("#delete-campaign")
    page.keyboard.press("Enter")
    page.wait_for_selector("#trash-notice:not([hidden])")
    # From here the campaign's own file is answered a second late, as by a busy server.
    answer_late(page, "GET", "/api/specs/acme-banner.json")
    page.keyboard.press("Enter")
    page.focus("#new-campaign")
    page.wait_for_function("() => document.querySelector('#save-message').textContent === 'Restored acme-banner.json.'", timeout=30000)
    assert focused(page)["id"] == "new-campaign", "the restore took the focus away: " + str(focused(page))
    page.keyboard.press("Enter")
    page.wait_for_selector("#name-dialog[open]")
    assert focused(page)["id"] == "template-type"
    page.keyboard.press("Escape")
    assert read(folder, "acme-banner.json")
    assert not page.errors, page.errors
    page.close()


def test_duplicate_rename_delete_undo_and_new(browser, studio):
    address, folder = studio
    page = open_campaign(browser, address, "acme-banner.json")
    original = read(folder, "acme-banner.json")
    # Duplicate: the name is offered as "acme-banner copy.json"; typed over, Enter.
    page.focus("#duplicate-campaign")
    page.keyboard.press("Enter")
    page.wait_for_selector("#name-dialog[open]")
    assert focused(page)["id"] == "name-input" and focused(page)["value"] == "acme-banner copy.json"
    serious(page, "the name dialog (duplicate)")
    shot(page, "studio-duplicate.png")
    page.keyboard.press("Control+A")
    page.keyboard.type("acme-spring")
    page.keyboard.press("Enter")
    done(page, "Duplicated acme-banner.json as acme-spring.json.", "spec:acme-spring.json")
    assert read(folder, "acme-spring.json") == original
    # A name that exists is refused in the dialog, saying so.
    page.focus("#rename-campaign")
    page.keyboard.press("Enter")
    page.keyboard.press("Control+A")
    page.keyboard.type("acme-banner.json")
    page.keyboard.press("Enter")
    page.wait_for_selector("#name-error:not([hidden])")
    assert "already exists" in page.text_content("#name-error")
    serious(page, "the name dialog with an error")
    page.keyboard.press("Control+A")
    page.keyboard.type("acme-summer.json")
    page.keyboard.press("Enter")
    done(page, "Renamed acme-spring.json to acme-summer.json.", "spec:acme-summer.json")
    assert not os.path.exists(os.path.join(folder, "acme-spring.json")) and read(folder, "acme-summer.json") == original
    # Delete: gone from the folder (kept in its trash), Undo has the focus; Enter brings it back.
    page.focus("#delete-campaign")
    page.keyboard.press("Enter")
    page.wait_for_selector("#trash-notice:not([hidden])")
    assert not os.path.exists(os.path.join(folder, "acme-summer.json"))
    assert any(name.endswith("-acme-summer.json") for name in os.listdir(os.path.join(folder, ".grona-trash")))
    assert focused(page)["id"] == "undo-delete"
    assert "acme-summer" not in page.text_content("#campaigns")
    serious(page, "the notice after a delete")
    shot(page, "studio-deleted.png")
    page.keyboard.press("Enter")
    done(page, "Restored acme-summer.json.", "spec:acme-summer.json")
    assert read(folder, "acme-summer.json") == original
    # New from a template: the template by arrow key, Tab to the name, Enter.
    page.focus("#new-campaign")
    page.keyboard.press("Enter")
    page.wait_for_selector("#name-dialog[open]")
    assert focused(page)["id"] == "template-type"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.input_value("#template-type") == "offer"
    serious(page, "the name dialog (new campaign)")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("weekend-offer")
    page.keyboard.press("Enter")
    done(page, "Created weekend-offer.json.", "spec:weekend-offer.json")
    assert json.loads(read(folder, "weekend-offer.json"))["component"]["type"] == "offer"
    assert not page.errors, page.errors
    page.close()


# Names on both sides of the rule (`SpecFolder.isValidName`). The page had two rules of its own that
# disagreed with each other and with the server: ".hidden.json" passed one and not the other, and
# "#1 offer.json", "a?.json", a name in NFD and one 129 characters long passed both.
NAMES = ["spring-offer.json", "日本語 offer.json", "٣ offers.json", "café.json", "a..json", "trail .json", "x" * 123 + ".json",
         ".hidden.json", "#1 offer.json", "a?.json", "cafe\u0301.json", "a\u0301\u0301\u0301\u0301.json", "x" * 124 + ".json",
         " lead.json", ".json", "offer.JSON", "a/b.json", "a\\b.json", "_x.json", "offer.json.bak"]


def test_the_page_takes_a_file_name_exactly_when_the_server_does(browser, studio):
    address, folder = studio
    page = open_campaign(browser, address, "acme-banner.json")
    verdicts = page.evaluate("""async (names) => {
      const {isSpecName} = await import("/studio/state.js");
      const body = JSON.stringify(state.spec);
      return Promise.all(names.map(async (name) => {
        const answer = await fetch("/api/check?" + new URLSearchParams({name}), {method: "POST", body,
                                                                                headers: {"Content-Type": "application/json"}});
        const refused = answer.status === 400 && (await answer.json()).error.startsWith("name:");
        return [name, isSpecName(name), !refused];
      }));
    }""", NAMES)
    assert [v for v in verdicts if v[1] != v[2]] == [], verdicts
    assert sum(1 for v in verdicts if v[2]) == 7, verdicts
    # Renaming to a name the server refuses is refused in the dialog, unasked, the rule in the server's words below.
    page.focus("#rename-campaign")
    page.keyboard.press("Enter")
    page.keyboard.press("Control+A")
    page.keyboard.type("#1 offer")
    page.keyboard.press("Enter")
    page.wait_for_selector("#name-error:not([hidden])")
    assert page.text_content("#name-error") == "“#1 offer.json” is not a campaign file name."
    assert page.text_content("#name-hint").startswith("a name of letters, digits, spaces"), page.text_content("#name-hint")
    assert os.path.exists(os.path.join(folder, "acme-banner.json"))
    assert not page.errors, page.errors


def test_pick_and_upload_an_image(browser, studio):
    address, folder = studio
    page = open_campaign(browser, address, "banner-image.json")
    page.focus(".choose-image")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#image-list button img[src]').length === 2", timeout=30000)
    # The image in use is marked and has the focus; Shift+Tab reaches the other one, Enter picks it.
    now = focused(page)
    assert "images/croissant.png" in now["text"], now
    serious(page, "the image picker")
    shot(page, "studio-image-picker.png")
    page.keyboard.press("Shift+Tab")
    assert "images/coffee.png" in focused(page)["text"]
    page.keyboard.press("Enter")
    assert not page.is_visible("#image-dialog")
    assert page.input_value("#field-image") == "images/coffee.png"
    assert "choose-image" in focused(page)["cls"], "the focus returns to the button that opened the picker"
    save_by_keyboard(page)
    assert git(folder, "diff", "before-the-studio", "--numstat").split() == ["1", "1", "banner-image.json"], git(folder, "diff", "before-the-studio")
    # Upload: a PNG goes into images/ under its own name; a second with the same name gets " 2".
    upload = os.path.join(tempfile.mkdtemp(prefix="grona-upload-"), "fresh bread.png")
    shutil.copy(os.path.join(ROOT, "Fixtures", "images", "croissant.png"), upload)
    for expected in ["images/fresh bread.png", "images/fresh bread 2.png"]:
        page.focus(".choose-image")
        page.keyboard.press("Enter")
        page.wait_for_selector("#image-dialog[open]")
        page.set_input_files("#image-upload", upload)
        page.wait_for_function(f"() => document.querySelector('#image-message').textContent.includes({json.dumps(expected)})", timeout=30000)
        assert os.path.exists(os.path.join(folder, expected))
        assert expected in focused(page)["text"], "the uploaded image has the focus"
        page.keyboard.press("Enter")
        assert page.input_value("#field-image") == expected
    with open(os.path.join(folder, "images", "croissant.png"), "rb") as a, open(os.path.join(folder, "images", "fresh bread.png"), "rb") as b:
        assert a.read() == b.read()
    # Not a PNG: refused, said in the dialog, nothing written.
    fake = os.path.join(os.path.dirname(upload), "notes.png")
    with open(fake, "w") as f:
        f.write("these are not pixels")
    page.focus(".choose-image")
    page.keyboard.press("Enter")
    page.wait_for_selector("#image-dialog[open]")
    page.set_input_files("#image-upload", fake)
    page.wait_for_function("() => document.querySelector('#image-message').textContent.includes('Not uploaded')", timeout=30000)
    assert not os.path.exists(os.path.join(folder, "images", "notes.png"))
    serious(page, "the image picker after a refused upload")
    page.keyboard.press("Escape")
    assert not page.is_visible("#image-dialog")
    assert not page.errors, page.errors
    page.close()


def test_dialogs_at_phone_width(browser, studio):
    address, folder = studio
    page = open_campaign(browser, address, "banner-image.json", viewport=PHONE)
    shot(page, "studio-files-phone-bar.png")
    page.click("#editor-toggle")
    page.click(".choose-image")
    page.wait_for_function("() => document.querySelectorAll('#image-list button img[src]').length === 2", timeout=30000)
    box = page.eval_on_selector("#image-dialog", "d => d.getBoundingClientRect().toJSON()")
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    serious(page, "the image picker at 390 × 844")
    shot(page, "studio-image-picker-phone.png")
    page.keyboard.press("Escape")
    page.click("#duplicate-campaign")
    page.wait_for_selector("#name-dialog[open]")
    box = page.eval_on_selector("#name-dialog", "d => d.getBoundingClientRect().toJSON()")
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    serious(page, "the name dialog at 390 × 844")
    shot(page, "studio-duplicate-phone.png")
    assert not page.errors, page.errors
    page.close()
