"""A contrast finding's fix in the studio, in a real browser (Debian's Chromium through Playwright,
against `grona-snap serve` on a temporary folder): the fix names the field that clears the finding
in words, and its Apply button sets that field and checks again, after which the finding is gone.
Fixtures/default-banner.json with a yellow campaign background (#F4C542): the button label is
cleared by the accent (the button's fill), not by the background.

  .build/ci-python/bin/python -m pytest -q Tests/Browser/test_studio_fixes.py
"""
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


@pytest.fixture(scope="module")
def studio():
    work = tempfile.mkdtemp(prefix="grona-fixes-")
    folder = os.path.join(work, "campaigns")
    os.mkdir(folder)
    with open(os.path.join(ROOT, "Fixtures", "default-banner.json"), encoding="utf-8") as file:
        spec = json.load(file)
    spec["component"]["style"] = {"background": "#F4C542"}
    with open(os.path.join(folder, "yellow-banner.json"), "w", encoding="utf-8") as file:
        json.dump(spec, file, indent=2)
    try:
        with serving(folder) as address:
            yield address
    finally:
        shutil.rmtree(work, ignore_errors=True)


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
