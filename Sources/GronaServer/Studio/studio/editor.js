// The editor: the form of the spec's fields, its colours and languages, and every edit of the spec.
import {$, el, announce} from "./dom.js";
import {SCHEMA, fieldsOf, template, state, splitPath, isPseudo, values} from "./state.js";
import {languages, languageName, isRightToLeft, lookUpLanguage} from "./languages.js";
import {measurement, measuredColor, shownChecks, contrastHint, pickerValue, updateContrast} from "./contrast.js";
import {schedule} from "./tiles.js";
import {chips} from "./axes.js";
import {recordVersion, stepHistory} from "./history.js";
import {openImagePicker} from "./images.js";
import {showRawError} from "./rawerror.js";
import {keepDraft} from "./drafts.js";

export function setDirty(dirty) {
  state.dirty = dirty;
  $("#file-state").textContent = !state.name ? "new, not saved yet" : dirty ? "edited, not saved" : state.spec ? "saved" : "not valid JSON";
}

// The form is rebuilt by work that ends late (a merge, an import, a language looked up): the field
// (or language chip) the person is in keeps the focus, by its path (or value), with its caret.
function keepingFocus(rebuild) {
  const was = document.activeElement;
  const path = was?.dataset?.path, chip = was?.closest?.("#axis-locale") ? was.value : undefined;
  let caret = null;
  try { caret = [was.selectionStart, was.selectionEnd]; } catch (error) { /* not a text field */ }
  rebuild();
  if (!was || was.isConnected || (path === undefined && chip === undefined)) return;
  const again = path !== undefined ? document.querySelector(`#editor [data-path="${CSS.escape(path)}"]`)
                                   : document.querySelector(`#axis-locale input[value="${CSS.escape(chip)}"]`);
  if (!again) return;
  again.focus();
  if (caret && caret[0] != null) try { again.setSelectionRange(...caret); } catch (error) { /* a number field */ }
}

export function buildForm() { keepingFocus(buildFormNow); }

function buildFormNow() {
  // A file whose text is not JSON has no fields to show: only its text, in the spec file's box.
  document.body.classList.toggle("unreadable", !state.spec);
  $("#unreadable-note").hidden = !!state.spec;
  if (!state.spec) { $("#raw").open = true; return; }
  const component = state.spec.component || (state.spec.component = {type: "banner"});
  $("#component-type").value = component.type;
  if (!isPseudo(state.locale) && state.locale && !(state.spec.localizations || {})[state.locale]) state.locale = "";
  buildLanguagePickers();
  const copy = $("#copy-fields");
  copy.replaceChildren();
  const tag = isPseudo(state.locale) ? "" : state.locale;
  const hint = $("#copy-locale-hint");
  hint.hidden = !tag;
  $("#remove-locale").hidden = !tag;
  hint.textContent = tag ? `The ${tag} copy. A field left empty shows the base copy (in grey); pictures, colours and numbers are the base's.` : "";
  for (const {key, label, kind, lines, required} of fieldsOf(component.type)) {
    if (!tag) copy.append(copyField(component, key, label, kind, lines, required));
    else if (kind === "text" || kind === "line") copy.append(localizedField(tag, component, key, label, kind, lines));
  }
  const style = component.style || {};
  const campaign = $("#campaign-fields");
  campaign.replaceChildren();
  for (const token of SCHEMA.campaign) campaign.append(...colorRows(token.path, token.label, style[token.token], token.usedFor));
  const theme = state.spec.theme || {};
  const themeRows = $("#theme-fields");
  themeRows.replaceChildren();
  for (const token of SCHEMA.theme) themeRows.append(...colorRows(token.path, token.label, theme[token.token], token.usedFor));
  const radius = SCHEMA.cornerRadius;
  themeRows.append(el("label", {class: "field", "data-field": "theme.cornerRadius"}, "Corner radius (points)",
    el("input", {type: "number", min: radius.minimum, max: radius.maximum, step: 1, "data-path": "theme.cornerRadius", value: theme.cornerRadius ?? "",
                 placeholder: String(radius.default), oninput: (event) => setPath("theme.cornerRadius", numberOrNull(event.target.value))})));
  updateContrast();
}

function copyField(component, key, label, kind, lines, required) {
  const path = "component." + key;
  const value = component[key];
  const hint = lines ? el("span", {class: "hint"}, `up to ${lines} line${lines > 1 ? "s" : ""}, then it is cut with “…”${required ? "" : " · optional"}`)
                     : (required ? null : el("span", {class: "hint"}, "optional"));
  if (kind === "tiers") return tiersField(component, label);
  let input;
  if (kind === "icon") {
    input = el("select", {"data-path": path, id: "field-" + key, onchange: (event) => setPath(path, event.target.value)},
      SCHEMA.icons.map((icon) => el("option", {value: icon, selected: icon === value}, icon)));
  } else if (kind === "number") {
    input = el("input", {type: "number", step: "any", "data-path": path, id: "field-" + key, value: value ?? "",
                         oninput: (event) => setPath(path, numberOrNull(event.target.value))});
  } else {
    const tag = kind === "text" ? "textarea" : "input";
    // The base copy is in the spec's own language: its lang picks the CJK face the snapshot uses.
    const language = kind === "path" ? undefined : state.spec?.environment?.locale || undefined;
    input = el(tag, {type: tag === "input" ? "text" : undefined, "data-path": path, id: "field-" + key, spellcheck: kind !== "path",
                     lang: language, placeholder: kind === "path" ? "images/picture.png (in the campaign folder)" : "",
                     oninput: (event) => setPath(path, event.target.value === "" && !required ? null : event.target.value)});
    input.value = value ?? "";
  }
  const field = el("label", {class: "field", "data-field": path, "data-label": label}, label, hint, input);
  // An image path is picked from the folder's images (or uploaded), or typed.
  if (kind === "path") {
    return el("div", {class: "path-row"}, field,
              el("button", {type: "button", class: "choose-image", "aria-label": `Choose the ${label.toLowerCase()} from the folder`,
                            onclick: () => openImagePicker(path, input, (chosen) => setPath(path, chosen))}, "Choose…"));
  }
  return field;
}

// A locale's text for one field: `localizations.TAG.KEY`, its placeholder the base copy.
function localizedField(tag, component, key, label, kind, lines) {
  const path = `localizations.${tag}.${key}`;
  const tagName = kind === "text" ? "textarea" : "input";
  const input = el(tagName, {type: tagName === "input" ? "text" : undefined, "data-path": path, id: "field-" + key, lang: tag,
                             dir: isRightToLeft(tag) ? "rtl" : "auto", placeholder: component[key] ?? "",
                             oninput: (event) => setPath(path, event.target.value === "" ? null : event.target.value)});
  input.value = ((state.spec.localizations || {})[tag] || {})[key] ?? "";
  const hint = lines ? el("span", {class: "hint"}, `up to ${lines} line${lines > 1 ? "s" : ""}, then it is cut with “…” · empty shows the base copy`) : null;
  return el("label", {class: "field", "data-field": path}, `${label} (${tag})`, hint, input);
}

function tiersField(component, label) {
  const box = el("div", {class: "field", "data-field": "component.tiers"}, label,
    el("span", {class: "hint"}, "where each reward is reached (in the same units as the progress), and its label"));
  const tiers = component.tiers || (component.tiers = []);
  tiers.forEach((tier, index) => {
    const base = `component.tiers[${index}]`;
    box.append(el("div", {class: "tier-row", "data-field": base},
      el("input", {type: "number", step: "any", value: tier.at ?? "", "data-path": base + ".at", "aria-label": "reached at",
                   oninput: (event) => { tier.at = numberOrNull(event.target.value); changed(base + ".at"); }}),
      el("input", {type: "text", value: tier.label ?? "", "data-path": base + ".label", "aria-label": "reward label",
                   oninput: (event) => { tier.label = event.target.value; changed(base + ".label"); }}),
      el("button", {type: "button", title: "Remove this reward", onclick: () => { tiers.splice(index, 1); buildForm(); changed(); }}, "×")));
  });
  box.append(el("button", {type: "button", onclick: () => {
    const last = tiers[tiers.length - 1];
    tiers.push({at: last ? last.at + 4 : 4, label: "New reward"}); buildForm(); changed();
  }}, "Add a reward"));
  return box;
}

/// One row per colour (two for a {light, dark} colour), with a picker, the hex value and the contrast
/// the colour gives where it is drawn, exactly as the renderer measured it in the last preview.
function colorRows(path, label, value, usedFor) {
  if (value && typeof value === "object") {
    return values("appearances").map((mode) => colorRow(`${path}.${mode}`, `${label} (${mode})`, value[mode], usedFor, path, mode));
  }
  return [colorRow(path, label, value, usedFor, path, null)];
}

function colorRow(path, label, value, usedFor, field, mode) {
  const hex = typeof value === "string" ? value : "";
  const picker = el("input", {type: "color", value: pickerValue(hex || measuredColor(field, mode) || ""), "aria-label": label + " colour",
                              oninput: (event) => { text.value = event.target.value.toUpperCase(); setPath(path, text.value); }});
  const text = el("input", {type: "text", value: hex, placeholder: "theme", "data-path": path, spellcheck: false, "aria-label": label,
                            title: usedFor ? "Colours " + usedFor : undefined,
                            oninput: (event) => { setPath(path, event.target.value || null); if (/^#[0-9a-f]{6}$/i.test(event.target.value)) picker.value = event.target.value; }});
  const ratio = el("span", {class: "ratio", "data-field": field, "data-mode": mode || ""});
  ratio.update = () => {
    const measured = measurement(field, mode);
    if (!text.value && measured?.color && document.activeElement !== picker) picker.value = pickerValue(measured.color);
    ratio.replaceChildren(...contrastHint(measured));
    const checks = shownChecks(measured);
    ratio.className = "ratio " + (!checks.length ? "" : checks.every((check) => check.reaches) ? "fine" : "low");
  };
  // Named with its section in errors: "App theme: Primary", "Campaign colour: Accent".
  const section = path.startsWith("theme.") ? "App theme" : "Campaign colour";
  return el("div", {class: "color-row", "data-field": path, "data-label": `${section}: ${label}`}, el("span", {class: "name"}, label), picker, text, ratio);
}

function numberOrNull(text) { return text === "" ? null : Number(text); }

function setPath(path, value) {
  const keys = splitPath(path);
  let node = state.spec;
  for (const key of keys.slice(0, -1)) node = node[key] ?? (node[key] = {});
  const last = keys[keys.length - 1];
  if (value === null || value === undefined) delete node[last]; else node[last] = value;
  const component = state.spec.component;
  if (component && component.style && Object.keys(component.style).length === 0) delete component.style;
  changed(path);
}

// Unsaved is what differs from the file as it was opened or last saved (`state.base`): a type
// switched and switched back, a word typed and deleted, or an edit undone, leaves nothing unsaved;
// an edit made while a save or merge was on its way stays unsaved after it. A file that is not JSON
// is unsaved once its text differs. What is unsaved is kept in this browser until it is saved.
export function setDirtyFromBase() {
  if (!state.spec) setDirty($("#raw-json").value !== state.baseText);
  else setDirty(!state.base || JSON.stringify(state.spec) !== JSON.stringify(state.base));
  keepDraft();
}

export function changed(field) {
  setDirtyFromBase();
  recordVersion(field);
  syncRaw(false);
  schedule();
}

// The spec file's text typed in the raw JSON box: once it parses, the form shows it. A file opened
// with text that is not JSON stays that text until it parses (the previews say where it stops).
export function editRaw(text) {
  let spec;
  try {
    spec = JSON.parse(text);
    if (!spec || typeof spec !== "object" || Array.isArray(spec)) throw new Error("a spec is an object: { … }");
  } catch (error) {
    if (state.spec) { showRawError("Not valid JSON yet: " + error.message); return; }
    setDirtyFromBase();
    schedule();
    return;
  }
  state.spec = spec;
  showRawError(null);
  buildForm();
  setDirtyFromBase();
  recordVersion("raw");
  schedule();
}

export function syncRaw(force) {
  const raw = $("#raw-json");
  // Text that is not JSON is the person's own, or the file's: never replaced by a serialization.
  if (!state.spec) { if (force) raw.value = state.baseText ?? ""; return; }
  // Back to the file as opened or saved, the raw JSON is the file's own text, byte for byte.
  const same = state.baseText && JSON.stringify(state.spec) === JSON.stringify(state.base);
  if (force || document.activeElement !== raw) raw.value = same ? state.baseText : JSON.stringify(state.spec, null, 2) + "\n";
}

// Switching the component type keeps each type's copy for the session (`state.types`, never saved),
// however many switches there are. A type left is kept as it was (`left`), so switching back to it
// restores it key for key, without the template's words for what it never had. Each field's copy
// (`copy`) is its latest value from the file or from the person, never a template's, with the
// moment it was set: a type never shown yet takes the copy there is for its fields (an offer's
// eyebrow and button go to the banner), a type shown before takes only copy set after it was left.
// What the person changed in a type is told from the component as that type arrived (`arrived`).
export function startTypes(component, own = true) {
  state.types = {left: {}, copy: {}, clock: 0, arrived: structuredClone(component ?? {})};
  if (!own) return;
  for (const [key, value] of Object.entries(component ?? {})) {
    if (key !== "type" && key !== "style") state.types.copy[key] = {value: structuredClone(value), at: 0};
  }
}

export function changeType(type) {
  const old = state.spec.component || {};
  const types = state.types;
  const now = ++types.clock;
  for (const key of new Set([...Object.keys(old), ...Object.keys(types.arrived)])) {
    if (key === "type" || key === "style" || JSON.stringify(old[key]) === JSON.stringify(types.arrived[key])) continue;
    types.copy[key] = {value: structuredClone(old[key]), at: now};
  }
  types.left[old.type] = {component: structuredClone(old), at: now};
  const left = types.left[type];
  const next = left ? structuredClone(left.component) : template(type);
  for (const {key, required} of fieldsOf(type)) {
    const copy = types.copy[key];
    if (!copy || (left && copy.at <= left.at)) continue;
    // Copy the person emptied stays empty, unless the type cannot do without the field.
    if (copy.value !== undefined) next[key] = structuredClone(copy.value);
    else if (!required) delete next[key];
  }
  next.type = type;
  if (old.style) next.style = old.style; else delete next.style;
  types.arrived = structuredClone(next);
  state.spec.component = next;
  buildForm();
  changed();
}

// Undo and redo (history.js keeps the versions): the form and the raw JSON show the version stepped to.
function showStep(back) {
  if (!stepHistory(back)) return;
  buildForm();
  syncRaw(true);
  showRawError(null);
  setDirtyFromBase();
  schedule();
}
export const undo = () => showStep(true);
export const redo = () => showStep(false);

// The language pickers (copy editor, phone) and the grid's language chips follow the spec's
// localizations; a language that is gone is dropped from the grid.
function buildLanguagePickers() {
  const all = languages();
  $("#copy-locale").replaceChildren(...all.filter((l) => !isPseudo(l)).map((l) =>
    el("option", {value: l, selected: l === state.locale}, languageName(l))));
  $("#phone-locale").replaceChildren(...all.map((l) => el("option", {value: l, selected: l === state.locale}, languageName(l))));
  const kept = state.axes.locale.filter((l) => all.includes(l));
  state.axes.locale.splice(0, state.axes.locale.length, ...(kept.length ? kept : [""]));
  chips($("#axis-locale"), all, state.axes.locale, all.map(languageName));
  learnLanguages();
}

// Asks GronaSnap for the name and direction of every tag the spec has that the page does not know
// yet, then names them everywhere; the language pickers show the bare tag until then.
async function learnLanguages() {
  const tags = [...Object.keys(state.spec?.localizations || {}), state.spec?.environment?.locale].filter((tag) => tag && !state.languageInfo[tag]);
  if (!tags.length) return;
  const answers = await Promise.all(tags.map((tag) => lookUpLanguage(tag).catch(() => null)));
  answers.forEach((info, index) => { state.languageInfo[tags[index]] = info || {tag: tags[index]}; });
  keepingFocus(buildLanguagePickers);
  const tag = isPseudo(state.locale) ? "" : state.locale;
  if (tag) document.querySelectorAll("#copy-fields [lang]").forEach((input) => { input.dir = isRightToLeft(tag) ? "rtl" : "auto"; });
}

// A fix GronaSnap checked to clear its finding: the field set to its value, the form showing it,
// and the previews checked again (the next answer says whether anything is left).
export function applyFix(apply) {
  setPath(apply.path, apply.value);
  buildForm();
  announce(`${apply.label} set to ${apply.value}; checking again.`);
  $("#findings-panel > summary").focus();
}
