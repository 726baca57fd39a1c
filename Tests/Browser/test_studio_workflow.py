"""The studio as a marketer works it, in a real browser: edit the copy, see what GronaSnap finds,
add a language, save.

Playwright for Python drives Debian's Chromium against `grona-snap serve` on a temporary folder
holding Fixtures/acme-banner.json with German and Arabic copy added (and Fixtures/banner-image.json,
with Arabic copy, and its image). Each test starts from the file as written here, in a page of its
own, which loads with no console error and nothing blocked by its Content-Security-Policy:

- a longer title changes every one of the 12 grid images, and the findings panel shows exactly what
  POST /api/check finds for that spec, in the words /api/schema gives each kind ("Text cut off"
  among them); activating a finding highlights the tiles /api/check names; the raw JSON follows;
- a colour GronaSnap refuses is explained next to its field with its JSON path, and mended, goes away;
- Arabic picked in the copy editor adds its 12 variants; its title edited changes those 12 tiles and
  no other; Save writes both titles to the file; a file changed on disk behind the studio's back (another
  field) merges on the next save; the phone view in Arabic is right to left;
- a malformed language tag (typed into *Add a language*, or a key of the raw JSON) is refused where
  it was typed and the page stays responsive; a tag is written as GronaSnap writes it, and a
  language added can be removed; banner → message → banner keeps the banner's copy and image; a
  syntax error in the raw JSON makes Save refuse, saying where, and writes nothing; undo and redo;
  the address holds the view, and opening it again restores it.

The VoiceOver overlay on every tile is test_studio_access.py's to check, and the two tabs whose saves
merge test_studio_files.py's.

  .build/ci-python/bin/python -m pytest -q Tests/Browser/test_studio_workflow.py

GRONA_SNAP names the binary (default .build/debug/grona-snap), CHROMIUM the browser. With
STUDIO_SCREENSHOTS=DIR, README's pictures of the studio are written there at 1440 × 1180: studio.png
(the grid after the edit, in the base copy and Arabic) and studio-phone.png (the phone view, in Arabic);
`STUDIO_SCREENSHOTS=docs/screenshots` makes README's.
"""
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import urllib.request
from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from conftest import BINARY, GRID_READY, PHONE_READY, ROOT, browser, screenshot, serving  # noqa: F401 (the shared Chromium)

# README's pictures are this size.
WIDE = {"width": 1440, "height": 1180}
LONG_TITLE = ("Double points on every single order you place with us this week, in the shop, "
              "in the app and on the website, until Sunday night")
ARABIC_TITLE = "نقاط مضاعفة على كل طلب تقدمه هذا الأسبوع في المتجر وفي التطبيق وعلى الموقع حتى ليلة الأحد"
LOCALIZATIONS = {"de": {"title": "Doppelte Punkte auf jede Bestellung"}, "ar": {"title": "نقاط مضاعفة على كل طلب"}}

# Every tile's picture by variant (data URLs of the PNGs: a different URL is different pixels).
TILES = "() => Object.fromEntries([...document.querySelectorAll('#grid .cell')].map(c => [c.dataset.variant, c.querySelector('img').src]))"
# The grid settled with `count` tiles, those whose variant starts with `prefix` changed since
# `before` and every other one as it was.
TILES_CHANGED = f"""([before, count, prefix]) => {{
  const cells = [...document.querySelectorAll('#grid .cell')];
  return cells.length === count && ({GRID_READY})() && cells.every(c => {{
    const src = c.querySelector('img').src;
    return c.dataset.variant.startsWith(prefix) ? src !== before[c.dataset.variant] : src === before[c.dataset.variant];
  }});
}}"""


@pytest.fixture(scope="module")
def studio():
    """`grona-snap serve` on a temporary folder; yields (address, folder)."""
    work = tempfile.mkdtemp(prefix="grona-workflow-")
    folder = os.path.join(work, "campaigns")
    os.makedirs(os.path.join(folder, "images"))
    shutil.copy(os.path.join(ROOT, "Fixtures", "images", "croissant.png"), os.path.join(folder, "images"))
    try:
        with serving(folder) as address:
            yield address, folder
    finally:
        shutil.rmtree(work, ignore_errors=True)


def fixture(name):
    with open(os.path.join(ROOT, "Fixtures", name), encoding="utf-8") as file:
        return json.load(file)


@pytest.fixture()
def campaign(studio):
    """acme-banner.json with German and Arabic copy, written afresh for each test (and
    banner-image.json with Arabic copy); yields (address, path, spec)."""
    address, folder = studio
    spec = fixture("acme-banner.json")
    spec["localizations"] = json.loads(json.dumps(LOCALIZATIONS))
    write(os.path.join(folder, "acme-banner.json"), spec)
    pictured = fixture("banner-image.json")
    pictured["localizations"] = {"ar": {"title": "كرواسون طازج من السابعة صباحًا"}}
    write(os.path.join(folder, "banner-image.json"), pictured)
    yield address, os.path.join(folder, "acme-banner.json"), spec


def write(path, spec):
    with open(path, "w", encoding="utf-8") as file:
        json.dump(spec, file, indent=2, ensure_ascii=False)
        file.write("\n")


def read(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def open_studio(browser, address, query="?spec=acme-banner.json", ready=GRID_READY):
    """A page on the studio, loaded with no console error and nothing its Content-Security-Policy
    blocks. `page.problems` gathers what must never happen later (an uncaught exception, a CSP
    violation); console errors for requests the test makes fail on purpose are allowed after the load."""
    page = browser.new_page(viewport=WIDE)
    page.problems, page.console_errors = [], []
    page.on("pageerror", lambda error: page.problems.append(f"uncaught: {error}"))

    def console(message):
        # The browser's own request for /favicon.ico, which the studio has none of, is not the page's.
        if message.type == "error" and urlparse(message.location.get("url", "")).path != "/favicon.ico":
            page.console_errors.append(message.text)
            if "Content Security Policy" in message.text:
                page.problems.append(f"blocked: {message.text}")
    page.on("console", console)
    page.on("dialog", lambda dialog: dialog.accept())  # "Remove the … copy?"
    page.goto(address + query)
    page.wait_for_function(ready, timeout=60000)
    assert not page.console_errors and not page.problems, page.console_errors + page.problems
    return page


def done(page):
    assert not page.problems, page.problems
    page.close()


def replace_text(page, selector, text):
    """Focuses a field, selects its text and puts `text` in its place in one input event, as a paste does."""
    page.focus(selector)
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)


def wait_for_tiles(page, before, count, prefix=""):
    """Waits until the grid holds `count` tiles, those of variants starting with `prefix` (all, by
    default) changed since `before` and no other; returns the tiles."""
    try:
        page.wait_for_function(TILES_CHANGED, arg=[before, count, prefix], timeout=60000)
    except Exception:
        now = page.evaluate(TILES)
        changed = sorted(v for v in now if now[v] != before.get(v))
        raise AssertionError(f"expected {count} tiles, those starting {prefix!r} changed: {len(now)} tiles, changed {changed}")
    return page.evaluate(TILES)


@contextlib.contextmanager
def answering(page, seconds):
    """Fails, rather than waits for ever, when the page's script stops answering: a page stuck in a
    loop can hold a Playwright call past its own timeout. After `seconds`, the browser's renderer
    processes (this test's page is the only one open) are ended, which fails the call in progress."""
    session = page.context.browser.new_browser_cdp_session()
    renderers = [p["id"] for p in session.send("SystemInfo.getProcessInfo")["processInfo"] if p["type"] == "renderer"]
    session.detach()
    stuck = []

    def end(signum, frame):
        stuck.append(seconds)
        for pid in renderers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    previous = signal.signal(signal.SIGALRM, end)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except Exception as error:
        if stuck:
            raise AssertionError(f"the page stopped answering: nothing came back for {seconds} s") from error
        raise
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not stuck, f"the page stopped answering for {seconds} s"


def raw_json(page):
    return json.loads(page.input_value("#raw-json"))


def api(address, route, spec=None, **query):
    """The studio's API as any tool calls it."""
    body = json.dumps(spec).encode() if spec is not None else None
    request = urllib.request.Request(f"{address}api/{route}?{urlencode(query)}", data=body, method="POST" if body else "GET",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def saved(page, expect="Saved to"):
    page.click("#save")
    page.wait_for_function("(expect) => document.querySelector('#save-message').textContent.includes(expect)", arg=expect, timeout=30000)
    return page.text_content("#save-message")


def test_a_longer_title_changes_every_tile_and_shows_what_check_finds(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address)
    before = page.evaluate(TILES)
    assert len(before) == 12, sorted(before)
    replace_text(page, "#field-title", LONG_TITLE)
    wait_for_tiles(page, before, 12)
    expected = {**spec, "component": {**spec["component"], "title": LONG_TITLE}}
    assert raw_json(page) == expected, "the raw JSON does not follow the form"

    # The panel's problems are /api/check's for this spec and these variants, every one and nothing
    # else, each under the name /api/schema gives its kind.
    view = {key: values[0] for key, values in parse_qs(urlparse(page.url).query).items()}
    checked = api(address, "check", {k: v for k, v in expected.items() if k != "variants"}, name="acme-banner.json",
                  textSizes=view["sizes"], appearances=view["appearances"], directions=view["directions"], scale=1)
    names = {kind["kind"]: kind["name"] for kind in api(address, "schema")["findings"]}
    shown = page.eval_on_selector_all("#findings li.finding", """items => items.map(li => ({kind: li.dataset.kind, role: li.dataset.role,
        name: li.querySelector('.kind').textContent, text: li.textContent}))""")
    assert {(f["kind"], f["role"]) for f in shown} == {(f["kind"], f["role"]) for f in checked}, (shown, checked)
    for finding in shown:
        assert finding["name"] == names[finding["kind"]] + ": ", finding
    cut = [f for f in shown if (f["kind"], f["role"]) == ("truncated", "title")]
    assert cut and all(f["text"].startswith("Text cut off: The title is cut after") for f in cut), cut
    print(f"{len(shown)} findings shown, as /api/check finds them: " + "; ".join(f["text"][:70] for f in shown))

    # Activating the title's finding highlights exactly the tiles /api/check finds it cut in.
    where = {"base-{textSize}-{appearance}-{direction}".format(**f["variant"]) for f in checked
             if (f["kind"], f["role"]) == ("truncated", "title")}
    pointed = set()
    for index in range(len(cut)):
        page.locator("#findings li.finding[data-kind=truncated][data-role=title] .finding-button").nth(index).click()
        page.wait_for_function("() => document.querySelectorAll('#grid .cell.pointed').length > 0")
        pointed |= set(page.eval_on_selector_all("#grid .cell.pointed", "cells => cells.map(c => c.dataset.variant)"))
    assert pointed == where, f"highlighted {sorted(pointed)}, /api/check finds the title cut in {sorted(where)}"
    done(page)


def test_a_refused_colour_is_explained_at_its_field(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address)
    replace_text(page, '[data-path="theme.primary"]', "#12")
    page.wait_for_selector('[data-field="theme.primary"] .field-error', timeout=30000)
    said = page.text_content('[data-field="theme.primary"] .field-error')
    assert "is not a colour" in said and said.startswith("App theme: Primary: "), said
    assert "App theme: Primary: " in page.text_content("#spec-error") and "$." not in page.text_content("#spec-error")
    print(f"next to the colour field: {said}")
    replace_text(page, '[data-path="theme.primary"]', "#0A408C")
    page.wait_for_function(f"() => document.querySelector('#spec-error').hidden && !document.querySelector('.field-error') && ({GRID_READY})()",
                           timeout=30000)
    done(page)


def test_arabic_joins_the_grid_and_both_titles_are_saved(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address)
    before = page.evaluate(TILES)
    replace_text(page, "#field-title", LONG_TITLE)
    wait_for_tiles(page, before, 12)
    # Arabic, picked in the copy editor: its 12 variants join the grid.
    page.select_option("#copy-locale", "ar")
    page.wait_for_function(f"() => document.querySelectorAll('#grid .cell').length === 24 && ({GRID_READY})()", timeout=60000)
    both = page.evaluate(TILES)
    assert len([v for v in both if v.startswith("ar-")]) == 12, sorted(both)
    assert page.get_attribute("#field-title", "lang") == "ar" and page.get_attribute("#field-title", "dir") == "rtl"
    # Its title edited: those 12 tiles change, the base copy's stay as they were.
    replace_text(page, "#field-title", ARABIC_TITLE)
    wait_for_tiles(page, both, 24, prefix="ar-")
    expected = {**spec, "component": {**spec["component"], "title": LONG_TITLE},
                "localizations": {**spec["localizations"], "ar": {"title": ARABIC_TITLE}}}
    assert raw_json(page) == expected
    screenshot(page, "studio.png")
    print(saved(page))
    assert read(path) == expected, "the file on disk does not hold both titles"
    done(page)


def test_a_file_changed_on_disk_meanwhile_merges_on_save(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address)
    replace_text(page, "#field-title", "A short title")
    # Behind the studio's back, another field, in another layout (Arabic escaped, as Python writes it).
    elsewhere = json.loads(json.dumps(spec))
    elsewhere["component"]["button"] = "Changed elsewhere"
    with open(path, "w") as file:
        json.dump(elsewhere, file, indent=4)
    message = saved(page, expect="meanwhile")
    kept = read(path)
    assert kept == {**elsewhere, "component": {**elsewhere["component"], "title": "A short title"}}, kept
    assert page.input_value("#field-button") == "Changed elsewhere", "the page shows what was saved"
    print(message)
    done(page)


def test_the_phone_view_in_arabic_is_right_to_left(browser, campaign):
    address, path, spec = campaign
    spec["localizations"]["ar"]["title"] = ARABIC_TITLE
    write(path, spec)
    page = open_studio(browser, address)
    directions = "() => [...document.querySelectorAll('.phone .screen')].map(s => s.dir)"
    page.click("#tab-phone")
    page.wait_for_function(f"() => ({PHONE_READY})() && document.querySelector('#phone-light .screen').dir", timeout=60000)
    assert page.evaluate(directions) == ["ltr", "ltr"]
    base = page.get_attribute("#phone-light .component img", "src")
    page.select_option("#phone-locale", "ar")
    page.wait_for_function(f"""(base) => ({PHONE_READY})() && document.querySelector('#phone-light .component img').src !== base
        && [...document.querySelectorAll('.phone .screen')].every(s => s.dir === 'rtl')""", arg=base, timeout=60000)
    assert page.input_value("#copy-locale") == "ar", "the editor shows the language the phone does"
    screenshot(page, "studio-phone.png")
    # The dark phone downloaded by keyboard: the bytes `grona-snap render --frame phone` writes for
    # the language, text size and direction shown.
    page.focus("#download-phone-dark")
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    assert download.value.suggested_filename == os.path.basename(path).replace(".json", "-phone-dark.png")
    with open(download.value.path(), "rb") as file:
        downloaded = file.read()
    expected = os.path.join(os.path.dirname(path), "expected-phone.png")
    subprocess.run([BINARY, "render", path, "-o", expected, "--frame", "phone", "--locale", "ar", "--text-size", "L",
                    "--appearance", "dark", "--direction", "rtl", "--scale", "2", "--padding", "24", "--quiet"], check=True)
    with open(expected, "rb") as file:
        assert downloaded == file.read(), "the studio's phone is the command line's"
    done(page)


def test_a_malformed_language_tag_is_refused_where_it_was_typed(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address)
    languages = sorted(spec["localizations"])
    with answering(page, 30):
        for typed in ["en US", "de-DE-x-1234567890", "fr_CA"]:
            page.fill("#new-locale", typed)
            page.click("#add-locale")
            # fr_CA may be refused, or taken as the tag GronaSnap writes (fr-CA).
            page.wait_for_function("""(typed) => { const e = document.querySelector('#new-locale-error');
                return !e.hidden && e.textContent.includes(typed) || (typed === 'fr_CA' && document.querySelector('#copy-locale').value === 'fr-CA'); }""",
                                   arg=typed, timeout=10000)
            # The page answers at once (nothing loops on the odd tag).
            page.wait_for_function("() => true", timeout=5000)
            tags = sorted(raw_json(page).get("localizations", {}))
            if page.is_visible("#new-locale-error"):
                assert tags == languages, f"{typed!r} reached the spec: {tags}"
                assert page.get_attribute("#new-locale", "aria-invalid") == "true"
                assert page.evaluate("document.activeElement.id") == "new-locale"
                print(f"{typed!r} refused: {page.text_content('#new-locale-error')}")
            else:
                assert tags == sorted(languages + ["fr-CA"]), tags
                page.click("#remove-locale")
                print(f"{typed!r} taken as fr-CA")
        # The same tags as keys of the raw JSON: GronaSnap's refusal (at a path no field has) is shown at once.
        page.click("#raw > summary")
        for key in ["en US", "de-DE-x-1234567890"]:
            page.fill("#raw-json", json.dumps({**spec, "localizations": {key: {"title": "Hi"}}}, indent=2))
            page.wait_for_function("(key) => !document.querySelector('#spec-error').hidden && document.querySelector('#spec-error').textContent.includes(key)",
                                   arg=key, timeout=30000)
            page.wait_for_function("() => true", timeout=5000)
            print(f"raw JSON with {key!r}: {page.text_content('#spec-error')}")
    page.fill("#raw-json", json.dumps(spec, indent=2))
    page.wait_for_function(f"() => document.querySelector('#spec-error').hidden && ({GRID_READY})()", timeout=60000)
    # A tag as typed is written as GronaSnap writes it; its copy joins the grid, and can be removed again.
    page.fill("#new-locale", "DE-ch")
    page.click("#add-locale")
    page.wait_for_function(f"() => document.querySelector('#copy-locale').value === 'de-CH' && document.querySelectorAll('#grid .cell').length === 24 && ({GRID_READY})()",
                           timeout=60000)
    assert sorted(raw_json(page)["localizations"]) == sorted(languages + ["de-CH"])
    assert page.is_checked("#axis-locale input[value='de-CH']")
    page.click("#remove-locale")
    page.wait_for_function(f"() => document.querySelector('#copy-locale').value === '' && document.querySelectorAll('#grid .cell').length === 12 && ({GRID_READY})()",
                           timeout=60000)
    assert sorted(raw_json(page)["localizations"]) == languages
    assert not page.locator("#axis-locale input[value='de-CH']").count() and page.is_hidden("#remove-locale")
    done(page)


def test_banner_to_message_and_back_keeps_the_banners_copy(browser, campaign):
    address, path, spec = campaign
    spec["component"]["image"] = "images/croissant.png"
    write(path, spec)
    page = open_studio(browser, address)
    page.select_option("#component-type", "message")
    page.wait_for_selector("#field-icon")
    message = raw_json(page)["component"]
    assert message["type"] == "message" and message["title"] == spec["component"]["title"], message
    assert not {"eyebrow", "button", "image"} & set(message), f"what a message has no field for is set aside, not saved: {message}"
    page.select_option("#component-type", "banner")
    page.wait_for_function(GRID_READY, timeout=60000)
    assert raw_json(page) == spec
    for key in ["eyebrow", "button", "image"]:
        assert page.input_value(f"#field-{key}") == spec["component"][key], key
    done(page)


def test_a_syntax_error_in_the_raw_json_stops_save(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address)
    with open(path, "rb") as file:
        on_disk = file.read()
    writes = []
    page.on("request", lambda request: writes.append(request.url) if request.method in ("PUT", "POST") and "/api/specs/" in request.url else None)
    page.click("#raw > summary")
    text = page.input_value("#raw-json")
    page.fill("#raw-json", re.sub(r"}\s*$", ",}\n", text))
    page.wait_for_selector("#raw-error:not([hidden])")
    where = page.text_content("#raw-error")
    assert re.search(r"line \d+|position \d+", where), f"the error does not say where: {where}"
    message = saved(page, expect="has a mistake")
    assert where in message and page.evaluate("document.activeElement.id") == "raw-json", message
    page.wait_for_timeout(300)
    with open(path, "rb") as file:
        assert file.read() == on_disk, "a save with a syntax error in the raw JSON changed the file"
    assert not writes, writes
    print(message)
    # Mended, the editor takes it again.
    page.fill("#raw-json", text)
    page.wait_for_function(f"() => document.querySelector('#raw-error').hidden && ({GRID_READY})()", timeout=30000)
    done(page)


def test_undo_and_redo(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address)
    before = page.evaluate(TILES)
    component = spec["component"]
    assert page.is_disabled("#undo") and page.is_disabled("#redo")
    replace_text(page, "#field-title", "A title to take back")
    replace_text(page, "#field-body", "A body to take back.")
    steps = [(component["title"], component["body"]), ("A title to take back", component["body"]),
             ("A title to take back", "A body to take back.")]

    def at(step):
        title, body = steps[step]
        assert (page.input_value("#field-title"), page.input_value("#field-body")) == (title, body)
        assert raw_json(page)["component"]["title"] == title and raw_json(page)["component"]["body"] == body
        assert page.is_disabled("#undo") == (step == 0) and page.is_disabled("#redo") == (step == 2), step

    at(2)
    page.click("#undo")
    at(1)
    page.click("#undo")
    at(0)
    # Back where it started: the same pictures as when it opened.
    wait_for_tiles(page, before, 12, prefix="none")
    page.click("#redo")
    at(1)
    # Outside a text field, the keyboard does the same.
    page.focus("#tab-grid")
    page.keyboard.press("Control+Shift+Z")
    at(2)
    page.keyboard.press("Control+Z")
    at(1)
    done(page)


def test_the_address_holds_the_view(browser, campaign):
    address, path, spec = campaign
    page = open_studio(browser, address, "?spec=banner-image.json")
    page.check("#axis-locale input[value='ar']")
    for size in ["M", "AX2"]:
        page.check(f"#axis-textSize input[value='{size}']")
    for unpicked in ["#axis-textSize input[value='xS']", "#axis-textSize input[value='L']", "#axis-textSize input[value='AX5']",
                     "#axis-appearance input[value='light']", "#axis-direction input[value='ltr']"]:
        page.uncheck(unpicked)
    page.click("#tab-phone")
    page.wait_for_function(PHONE_READY, timeout=60000)
    view = parse_qs(urlparse(page.url).query, keep_blank_values=True)
    assert view == {"spec": ["banner-image.json"], "languages": [",ar"], "sizes": ["M,AX2"], "appearances": ["dark"],
                    "directions": ["rtl"], "tab": ["phone"]}, view
    link = page.url
    done(page)

    page = open_studio(browser, link, "", ready=f"() => document.querySelector('#tab-phone').getAttribute('aria-selected') === 'true' && ({PHONE_READY})()")
    assert page.input_value("#campaigns") == "spec:banner-image.json" and page.input_value("#field-title") == "Fresh croissants from 7 am"
    assert page.is_visible("#phone-view") and page.is_hidden("#grid-view")
    picked = {axis: page.eval_on_selector_all(f"#axis-{axis} input:checked", "inputs => inputs.map(i => i.value)")
              for axis in ["locale", "textSize", "appearance", "direction"]}
    assert picked == {"locale": ["", "ar"], "textSize": ["M", "AX2"], "appearance": ["dark"], "direction": ["rtl"]}, picked
    page.click("#tab-grid")
    page.wait_for_function(f"() => document.querySelectorAll('#grid .cell').length === 4 && ({GRID_READY})()", timeout=60000)
    assert list(page.evaluate(TILES)) == ["base-M-dark-rtl", "base-AX2-dark-rtl", "ar-M-dark-rtl", "ar-AX2-dark-rtl"]
    assert "tab" not in parse_qs(urlparse(page.url).query)
    done(page)
