"""The colour hints beside the studio's colour fields are the renderer's own figures.

For every fixture in Fixtures/, the studio (Playwright driving Debian's Chromium against
`grona-snap serve` on a copy of Fixtures/) opens the campaign, and every contrast it shows next to
a colour field is compared with the render report (POST /api/report, what `grona-snap render
--report` writes) of the tile it was measured on: the same figure, the same role, and "reads well"
exactly when the report's contrast reaches its minimum.

  .build/ci-python/bin/python -m pytest -q Tests/Browser/test_studio_contrast.py

GRONA_SNAP names the binary (default .build/debug/grona-snap), CHROMIUM the browser.
"""
import math
import os
import shutil
import tempfile

import pytest

from conftest import ROOT, serving

FIXTURES = sorted(name for name in os.listdir(os.path.join(ROOT, "Fixtures")) if name.endswith(".json"))

# Every figure the colour hints show, with what it claims to be.
FIGURES = """() => [...document.querySelectorAll('.color-row .ratio .figure')].map(f => ({
  row: f.closest('.color-row').dataset.field, role: f.dataset.role, as: f.dataset.as, field: f.dataset.reportField,
  graphic: f.dataset.graphic === 'true', contrast: Number(f.dataset.contrast), reaches: f.dataset.reaches === 'true',
  appearance: f.dataset.appearance, text: f.textContent, verdict: f.closest('.check').textContent }))"""

# The report of the first tile of an appearance (the one the hints are measured on): the first
# language, text size and direction shown, at the grid's scale.
REPORT = """async (appearance) => {
  const v = variants().find(v => v.appearance === appearance);
  const q = new URLSearchParams({name: state.name, ...languageQuery(v.language), textSize: v.textSize, appearance,
                                 direction: v.direction, scale: String(SCALE)});
  const answer = await fetch('/api/report?' + q, {method: 'POST', body: JSON.stringify({...state.spec, variants: undefined})});
  return await answer.json();
}"""


@pytest.fixture(scope="module")
def studio():
    work = tempfile.mkdtemp(prefix="grona-contrast-")
    folder = os.path.join(work, "Fixtures")
    shutil.copytree(os.path.join(ROOT, "Fixtures"), folder)
    try:
        with serving(folder) as address:
            yield address
    finally:
        shutil.rmtree(work, ignore_errors=True)


def readable(value):
    """A ratio as GronaSnap prints it: one decimal, rounded down."""
    tenths = math.floor(value * 10 + 1e-9)
    return f"{tenths // 10}" + ("" if tenths % 10 == 0 else f".{tenths % 10}") + ":1"


@pytest.mark.parametrize("fixture", FIXTURES)
def test_hints_are_the_reports_contrasts(browser, studio, fixture):
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{studio}?spec={fixture}")
    page.wait_for_function("() => document.body.dataset.updated && document.querySelector('#busy').hidden", timeout=60000)
    figures = page.evaluate(FIGURES)
    assert figures, f"{fixture}: no contrast shown beside any colour field"
    reports = {appearance: page.evaluate(REPORT, appearance) for appearance in {f["appearance"] for f in figures}}
    for figure in figures:
        report = reports[figure["appearance"]]
        entries = [g for g in report["graphics"] if g["role"] == figure["role"]] if figure["graphic"] \
            else [t for t in report["texts"] if t["role"] == figure["role"]]
        assert entries, f"{fixture}: {figure} names a role the report does not have"
        values = [entry[figure["field"]] for entry in entries]
        assert figure["contrast"] in values, f"{fixture} {figure['row']}: the page shows {figure['contrast']}, the report {values}"
        entry = entries[values.index(figure["contrast"])]
        # The figure as printed: the report's ratio, rounded down to a tenth (the report's JSON keeps
        # two decimals, so a figure just under a tenth may print one tenth lower).
        assert figure["text"] in (readable(figure["contrast"]), readable(figure["contrast"] - 0.005)), figure
        assert figure["reaches"] == (entry[figure["field"]] >= entry["minimumContrast"]), (fixture, figure, entry)
        assert ("reads well" in figure["verdict"]) == figure["reaches"], figure
    # On the untouched offer, nothing is too faint: GronaSnap's check finds no colour problem there.
    if fixture == "offer-code.json":
        assert all(f["reaches"] for f in figures), [f for f in figures if not f["reaches"]]
    assert not errors, errors
    page.close()
