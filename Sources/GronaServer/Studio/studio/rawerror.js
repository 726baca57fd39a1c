// The spec file's text when it is not JSON: the mistake said under the text box, and placed (line,
// column, the words GronaSnap's own reader gives), with the text's line shown and a button that puts
// the caret on it.
import {$} from "./dom.js";

// Characters of the mistake's line shown on each side of its column.
const EXCERPT = 18;

// A message without a place (the browser's reading, while GronaSnap does not answer), or none.
export function showRawError(message) {
  const box = $("#raw-error");
  box.hidden = !message;
  $("#raw-error-text").textContent = message || "";
  for (const part of [$("#raw-excerpt"), $("#raw-goto")]) { part.hidden = true; part.textContent = ""; }
  $("#raw-json").place = null;
}

// GronaSnap's refusal of the text, "NAME: line 7, column 3: expected …" (JSONSyntaxError's own
// wording): where it stops reading, or null when the refusal is not about a place in the text.
export function syntaxPlace(message) {
  const found = /line (\d+), column (\d+): (.+)$/s.exec(message || "");
  return found ? {line: Number(found[1]), column: Number(found[2]), words: found[3]} : null;
}

// The mistake at `place` in the text box: said with its line and column, the line shown with a mark
// under the column, the caret put there (without taking the focus: the button does that).
export function placeRawError(place) {
  const raw = $("#raw-json");
  const where = `Line ${place.line}, column ${place.column}`;
  showRawError(`${where}: ${place.words}`);
  const lines = raw.value.split("\n");
  // Columns count characters, as GronaSnap counts them (not UTF-16 units).
  const line = [...(lines[place.line - 1] ?? "").replace(/\r$/, "")];
  const offset = lines.slice(0, place.line - 1).reduce((sum, text) => sum + text.length + 1, 0)
    + line.slice(0, place.column - 1).join("").length;
  // The line around the column (a phone's width of it), and a mark under the column.
  const from = Math.max(0, place.column - 1 - EXCERPT), to = place.column - 1 + EXCERPT;
  const shown = (from > 0 ? "…" : "") + line.slice(from, to).join("") + (to < line.length ? "…" : "");
  const gutter = `${place.line} | `;
  const excerpt = $("#raw-excerpt");
  excerpt.textContent = `${gutter}${shown}\n${" ".repeat(gutter.length + place.column - 1 - from + (from > 0 ? 1 : 0))}^`;
  excerpt.hidden = false;
  const go = $("#raw-goto");
  go.textContent = `Go to line ${place.line}, column ${place.column}`;
  go.hidden = false;
  go.onclick = () => goTo(offset);
  // The caret goes there only while the person is not typing in the box: never from under their keys.
  if (document.activeElement !== raw) raw.setSelectionRange(offset, offset);
  raw.place = offset;
}

// The caret on the mistake, the text box scrolled to it and focused.
export function goTo(offset = $("#raw-json").place) {
  const raw = $("#raw-json");
  for (let box = raw.closest("details"); box; box = box.parentElement?.closest("details")) box.open = true;
  raw.focus();
  if (offset == null) return;
  raw.setSelectionRange(offset, Math.min(offset + 1, raw.value.length));
  const lineHeight = parseFloat(getComputedStyle(raw).lineHeight) || 17;
  const line = raw.value.slice(0, offset).split("\n").length;
  raw.scrollTop = Math.max(0, (line - 3) * lineHeight);
}
