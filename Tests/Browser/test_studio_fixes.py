"""A contrast finding's fix in the studio, in a real browser (Debian's Chromium through Playwright,
against `grona-snap serve` on a temporary folder): the fix names the field that clears the finding
in words, and its Apply button sets that field and checks again, after which the finding is gone.
Fixtures/default-banner.json with a yellow campaign background (#F4C542): the button label is
cleared by the accent (the button's fill), not by the background.

  .build/ci-python/bin/python -m pytest -q Tests/Browser/test_studio_fixes.py
"""
import contextlib
import json
import os
import shutil
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import GRID_READY, ROOT, browser, screenshot, serving  # noqa: F401 (the shared Chromium)

DESKTOP = {"width": 1440, "height": 900}
FINDINGS = """() => [...document.querySelectorAll('#findings li.finding')].map(li => ({
  kind: li.dataset.kind, role: li.dataset.role, text: li.textContent, apply: !!li.querySelector('button.apply')}))"""


def yellow_banner(**localizations):
    """default-banner.json on a yellow campaign background, with `localizations`."""
    with open(os.path.join(ROOT, "Fixtures", "default-banner.json"), encoding="utf-8") as file:
        spec = json.load(file)
    spec["component"]["style"] = {"background": "#F4C542"}
    if localizations:
        spec["localizations"] = {tag: {"title": title} for tag, title in localizations.items()}
    return spec


@contextlib.contextmanager
def serving_campaign(spec):
    """`grona-snap serve` on a temporary folder holding `spec` as yellow-banner.json."""
    work = tempfile.mkdtemp(prefix="grona-fixes-")
    folder = os.path.join(work, "campaigns")
    os.mkdir(folder)
    with open(os.path.join(folder, "yellow-banner.json"), "w", encoding="utf-8") as file:
        json.dump(spec, file, indent=2, ensure_ascii=False)
    try:
        with serving(folder) as address:
            yield address
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def studio():
    with serving_campaign(yellow_banner()) as address:
        yield address


def test_apply_sets_the_field_that_clears_the_finding(browser, studio):
    page = browser.new_page(viewport=DESKTOP)
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(studio + "?spec=yellow-banner.json")
    page.wait_for_function(GRID_READY, timeout=60000)
    findings = page.evaluate(FINDINGS)
    label = next(f for f in findings if f["kind"] == "contrastReplaced" and f["role"] == "button")
    assert "Set Accent (the button's fill) to #" in label["text"] and "background" not in label["text"].split("Set ")[1].split(".")[0], label
    # Every colour finding names a field in words and can be applied.
    colour = [f for f in findings if f["kind"] in ("contrastReplaced", "contrastBelowMinimum", "nonTextContrast")]
    assert colour and all(f["apply"] and "Set " in f["text"] and "$." not in f["text"] for f in colour), colour
    results = Axe().run(page, options={"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}})
    bad = [v["id"] for v in results.response["violations"] if v["impact"] in ("critical", "serious")]
    assert not bad, bad
    screenshot(page, "studio-fixes.png")
    # By keyboard: the Apply button of the button label's finding.
    button = page.locator("#findings li.finding[data-kind='contrastReplaced'][data-role='button'] button.apply")
    value = button.get_attribute("aria-label").split(" to ")[-1].rstrip(".")
    generation = page.evaluate("document.body.dataset.updated")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"(g) => document.body.dataset.updated !== g && ({GRID_READY})()", arg=generation, timeout=60000)
    spec = json.loads(page.input_value("#raw-json"))
    assert spec["component"]["style"] == {"background": "#F4C542", "accent": value}, spec["component"]["style"]
    assert page.input_value('[data-path="component.style.accent"]') == value
    after = page.evaluate(FINDINGS)
    assert not [f for f in after if f["role"] == "button" and f["kind"] in ("contrastReplaced", "contrastBelowMinimum")], after
    assert page.text_content("#file-state") == "edited, not saved"
    assert not problems, problems
    page.close()


@pytest.fixture(scope="module")
def languages():
    """The yellow banner with German and Arabic titles too long for AX5."""
    with serving_campaign(yellow_banner(de="Bezahlen Sie im Geschäft mit Ihrem Telefon und sammeln Sie Punkte bei jedem Einkauf",
                                        ar="ادفع في المتجر بهاتفك واجمع النقاط مع كل عملية شراء تقوم بها اليوم")) as address:
        yield address


def test_findings_are_grouped_across_languages_and_leave_the_first_row_on_screen(browser, languages):
    page = browser.new_page(viewport=DESKTOP)
    page.goto(languages + "?spec=yellow-banner.json&languages=,de,ar")
    page.wait_for_function(f"() => document.querySelectorAll('#grid .cell').length === 36 && ({GRID_READY})()", timeout=60000)
    findings = page.evaluate("""() => [...document.querySelectorAll('#findings li.finding')].map(li => ({
      kind: li.dataset.kind, role: li.dataset.role, text: li.querySelector('.finding-button').textContent,
      where: li.querySelector('.where').textContent}))""")
    # One entry per problem: the same kind and role are never listed twice, whatever the languages.
    pairs = [(f["kind"], f["role"]) for f in findings]
    assert len(pairs) == len(set(pairs)), findings
    title = next(f for f in findings if f["kind"] == "truncated" and f["role"] == "title")
    assert title["where"].startswith("at Accessibility 5 in German and Arabic"), title
    assert "it shows" not in title["text"], title
    # The first row of tiles is on the first screen at 1440 × 900.
    row = page.evaluate("() => Math.max(...[...document.querySelectorAll('#grid .cell')].slice(0, 4).map(c => c.getBoundingClientRect().bottom))")
    assert row <= DESKTOP["height"], f"the first row of tiles ends at {row} px"
    # A colour hint never says a text reads well where a finding says that text's colour fails.
    failing = {f["role"] for f in findings if f["kind"] in ("contrastReplaced", "contrastBelowMinimum")}
    hints = page.evaluate("""() => [...document.querySelectorAll('.color-row .ratio .figure')].map(f => ({
      row: f.closest('.color-row').dataset.field, role: f.dataset.role, graphic: f.dataset.graphic === 'true', reaches: f.dataset.reaches === 'true',
      text: f.closest('.check') ? f.closest('.check').textContent : f.textContent}))""")
    contradictions = [h for h in hints if not h["graphic"] and h["role"] in failing and h["reaches"]]
    assert hints and not contradictions, contradictions
    results = Axe().run(page, options={"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}})
    bad = [v["id"] for v in results.response["violations"] if v["impact"] in ("critical", "serious")]
    assert not bad, bad
    screenshot(page, "studio-grouped.png")
    page.close()
