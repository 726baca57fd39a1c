// The colour rows' contrast hints: each colour field's measurement in the last preview, as the
// renderer measured it, said in words.
import {el} from "./dom.js";
import {state} from "./state.js";

/// The last preview's measurement of a colour field in `mode` (light when the row is not per
/// appearance and light tiles are shown, otherwise the appearance shown).
export function measurement(field, mode) {
  const colors = state.colors || {};
  const appearance = mode || (colors.light ? "light" : "dark");
  return colors[appearance] ? {...colors[appearance][field], appearance} : null;
}

export function measuredColor(field, mode) { return measurement(field, mode)?.color; }

/// The checks a hint shows: for the card's colour, the copy and shapes on it; for any other colour,
/// where it is the text or fill itself, else where it is what they are drawn on.
export function shownChecks(measured) {
  const checks = measured?.checks || [];
  const first = checks.filter((check) => (check.as === "background") === !!measured.card);
  return first.length ? first : checks;
}

/// "title, body text: 15.9:1 on #EEF9F3, reads well": the report's figures, one per pair drawn; a
/// figure under its minimum says what the app draws instead.
export function contrastHint(measured) {
  if (!measured) return [];
  const checks = shownChecks(measured);
  if (!checks.length) return [measured.appearance === "dark" && !state.colors.light ? "" : "not drawn in this campaign"];
  const groups = new Map();
  for (const check of checks) {
    const key = [check.as, check.ratio, check.background, check.reaches].join(" ");
    if (!groups.has(key)) groups.set(key, {...check, names: []});
    if (!groups.get(key).names.includes(check.name)) groups.get(key).names.push(check.name);
  }
  const parts = [];
  for (const group of [...groups.values()].slice(0, 3)) {
    if (parts.length) parts.push("; ");
    const on = group.as === "background" ? `behind ${group.names.join(", ")}` : `${group.names.join(", ")} on ${group.background}`;
    const verdict = group.reaches ? "reads well" : group.replaced ? `under ${group.minimum}: the app draws ${group.color} instead`
                                                                   : `under ${group.minimum}`;
    parts.push(el("span", {class: "check"}, el("span", {class: "figure", "data-role": group.role, "data-as": group.as, "data-report-field": group.field,
                           "data-graphic": group.graphic ? "true" : "false", "data-contrast": String(group.contrast),
                           "data-reaches": String(group.reaches), "data-appearance": measured.appearance}, group.ratio),
               ` ${on}, ${verdict}`));
  }
  return parts;
}

/// A colour as the picker takes it (#RRGGBB): #RGB spelled out, an alpha dropped.
export function pickerValue(hex) {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex || "");
  if (short) return "#" + short.slice(1).map((c) => c + c).join("").toLowerCase();
  return /^#[0-9a-f]{6}/i.test(hex || "") ? hex.slice(0, 7).toLowerCase() : "#000000";
}

export function updateContrast() { document.querySelectorAll(".ratio").forEach((ratio) => ratio.update && ratio.update()); }
