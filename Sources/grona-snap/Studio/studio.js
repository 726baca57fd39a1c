// GronaSnap Studio. Plain JavaScript, no build step, no library: it edits one spec (a JS object kept
// in `state.spec`), and shows what GronaSnap renders for it through the documented HTTP API only.
//
// Every edit, in the form or in the raw JSON, changes `state.spec`, rewrites whichever of the two
// views the person is not typing in, and schedules a refresh. A refresh starts a new generation:
// the previous one's requests are aborted (AbortController), and an answer from an old generation
// is dropped, so the grid never shows a mix of an old and a new edit.
"use strict";

// A studio started with --token-file wants its token on every API request. It arrives once in the
// address (`#token=…`), is kept for this tab only, and is taken out of the address bar at once.
const TOKEN = (() => {
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given) {
    sessionStorage.setItem("grona-token", given);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem("grona-token");
})();
if (TOKEN) {
  const plainFetch = window.fetch.bind(window);
  window.fetch = (url, init = {}) => {
    const headers = new Headers(init.headers || {});
    headers.set("Authorization", "Bearer " + TOKEN);
    return plainFetch(url, {...init, headers});
  };
}

const TEXT_SIZES = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"];
// The text sizes by name, for the tiles' names and the chips' spoken names.
const TEXT_SIZE_NAMES = {xS: "Extra small", S: "Small", M: "Medium", L: "Large", xL: "Extra large", xxL: "Extra extra large",
                         xxxL: "Extra extra extra large", AX1: "Accessibility 1", AX2: "Accessibility 2", AX3: "Accessibility 3",
                         AX4: "Accessibility 4", AX5: "Accessibility 5"};
const APPEARANCES = [["light", "Light"], ["dark", "Dark"]];
const DIRECTIONS = [["ltr", "Left to right"], ["rtl", "Right to left"]];
// Pseudolanguages (Xcode's): offered beside the spec's languages on the grid and the phone.
const PSEUDOS = [["accented", "Pseudo: accented"], ["double", "Pseudo: double length"], ["bounded", "Pseudo: bounded"], ["rtl", "Pseudo: right to left"]];
const RTL_LANGUAGES = ["ar", "he", "fa", "ur", "ps", "yi", "ckb", "dv", "sd", "ug"];
// What `check` finds, as the small badge on a grid tile.
const BADGES = {truncated: "cut", contrastReplaced: "colour", contrastBelowMinimum: "contrast", nonTextContrast: "contrast",
                emptyText: "empty", touchTarget: "target", missingCharacters: "glyphs", privateUseCharacters: "glyphs"};
const SCALE = 2;
const DEBOUNCE_MS = 120;

const ICONS = ["info", "success", "warning", "gift", "star", "clock"];
// The copy each component has, in reading order; `lines` is the SDK's line limit.
const FIELDS = {
  banner: [["eyebrow", "Eyebrow", "line", 1], ["title", "Title", "text", 3, true], ["body", "Body", "text", 4],
           ["button", "Button", "line", 1], ["image", "Image file", "path"]],
  progressBar: [["title", "Title", "text", 2, true], ["body", "Body", "text", 3], ["value", "Progress so far", "number"],
                ["tiers", "Rewards along the bar", "tiers"], ["footnote", "Footnote", "text", 2]],
  offer: [["eyebrow", "Eyebrow", "line", 1], ["title", "Title", "text", 2, true], ["body", "Body", "text", 3],
          ["code", "Code", "line", 1], ["button", "Button", "line", 1], ["image", "Image file", "path"]],
  message: [["icon", "Icon", "icon"], ["title", "Title", "text", 2], ["body", "Body", "text", 4, true]],
};
const TEMPLATES = {
  banner: {type: "banner", eyebrow: "THIS WEEK", title: "Double points on every order", body: "Order by Sunday and we add twice the points to your card.", button: "See my points"},
  progressBar: {type: "progressBar", title: "Stamp card", body: "Two more coffees to a free pastry.", value: 6,
                tiers: [{at: 4, label: "Free shot"}, {at: 8, label: "Free pastry"}], footnote: "Stamps reset on the first of the month."},
  offer: {type: "offer", eyebrow: "TODAY ONLY", title: "20% off your next order", body: "Use the code at checkout.", code: "SPRING20", button: "Copy code"},
  message: {type: "message", icon: "gift", title: "A gift for you", body: "Your birthday pastry is waiting at the counter."},
};
const TYPE_NAMES = {banner: "Banner", progressBar: "Progress bar", offer: "Offer", message: "Message"};
const ROLE_NAMES = {eyebrow: "Eyebrow", title: "Title", body: "Body", button: "Button", code: "Code", tierLabel: "Reward label", footnote: "Footnote"};

// The SDK's theme defaults, used for contrast figures when the spec leaves a token out.
const THEME_DEFAULTS = {primary: "#054B3A", onPrimary: "#FFFFFF", accent: "#6FCF97", surface: "#FFFFFF", text: "#1A1C1A", mutedText: "#6B706C"};
// [token, label, drawn on, minimum contrast]
const THEME_TOKENS = [
  ["primary", "Primary", null], ["onPrimary", "Text on primary", "primary", 4.5], ["accent", "Accent", "primary", 3],
  ["surface", "Card surface", null], ["text", "Text", "surface", 4.5], ["mutedText", "Secondary text", "surface", 4.5],
];
const CAMPAIGN_TOKENS = [["background", "Background", null], ["text", "Text", "background", 4.5], ["accent", "Accent", "background", 3]];

const state = {
  name: null, etag: null, spec: null, dirty: false, template: null,
  // The spec as it was opened or last saved: the base of a merge when the file changed meanwhile.
  base: null,
  // The languages are "" (the spec's own copy), a locale tag of `localizations`, or "pseudo:MODE".
  // `locale` is the one the copy editor and the phone show.
  locale: "",
  axes: {locale: [""], textSize: ["xS", "L", "AX5"], appearance: ["light", "dark"], direction: ["ltr", "rtl"]},
  phone: {textSize: "L", direction: ""},
  // The accessibility overlay on the grid's tiles: VoiceOver's elements numbered, with a legend.
  overlay: false,
  view: "grid", generation: 0, controller: null, timer: null, urls: [],
};

const $ = (selector) => document.querySelector(selector);
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// ---------------------------------------------------------------- the campaigns

async function loadCampaigns(select, open = true) {
  const answer = await fetch("/api/specs");
  const list = await answer.json();
  const menu = $("#campaigns");
  menu.replaceChildren();
  const saved = el("optgroup", {label: "Campaigns in " + list.folder.split("/").pop()});
  for (const spec of list.specs) {
    const words = spec.error ? "cannot be read" : `${TYPE_NAMES[spec.type] || spec.type}: ${spec.title || ""}`;
    saved.append(el("option", {value: "spec:" + spec.name}, `${spec.name.replace(/\.json$/, "")} (${words})`));
  }
  const templates = el("optgroup", {label: "Start a new campaign"});
  for (const type of Object.keys(TEMPLATES)) templates.append(el("option", {value: "new:" + type}, `New ${TYPE_NAMES[type].toLowerCase()}`));
  menu.append(saved, templates);
  const wanted = select || (list.specs[0] ? "spec:" + list.specs[0].name : "new:banner");
  menu.value = wanted;
  if (open) await choose(wanted);
  showCampaignActions();
}

async function choose(value) {
  if (state.dirty && !confirm("Your changes are not saved. Open another campaign anyway?")) {
    $("#campaigns").value = state.name ? "spec:" + state.name : "new:" + state.template;
    return;
  }
  if (value.startsWith("spec:")) await openSpec(value.slice(5));
  else openTemplate(value.slice(4));
}

async function openSpec(name) {
  const answer = await fetch("/api/specs/" + encodeURIComponent(name));
  const text = await answer.text();
  state.name = name; state.template = null; state.etag = answer.headers.get("ETag"); state.setAside = {};
  $("#save-as-label").hidden = true;
  say($("#save-message"), "");
  try {
    state.spec = JSON.parse(text);
    state.base = structuredClone(state.spec);
    $("#raw-json").value = text;
    showRawError(null);
  } catch (error) {
    state.spec = {component: structuredClone(TEMPLATES.banner)};
    $("#raw-json").value = text;
    $("#raw").open = true;
    showRawError("This file is not valid JSON: " + error.message);
  }
  setDirty(false);
  buildForm();
  startHistory();
  refresh();
}

function openTemplate(type) {
  state.name = null; state.etag = null; state.template = type; state.setAside = {}; state.base = null;
  state.spec = {theme: {}, component: structuredClone(TEMPLATES[type])};
  $("#save-as-label").hidden = false;
  $("#save-as").value = "new-" + type.toLowerCase() + ".json";
  setDirty(true);
  syncRaw(true);
  buildForm();
  startHistory();
  refresh();
}

// ---------------------------------------------------------------- undo, redo and the address

// Undo and redo step through versions of the spec. Edits of one field that follow each other within
// a moment (the letters of a word) are one step; any other change is a step of its own. Opening a
// campaign starts a new history.
const versions = {past: [], future: [], current: null, burst: false, field: null, timer: null};

function startHistory() {
  versions.past = []; versions.future = []; versions.burst = false;
  versions.current = JSON.stringify(state.spec);
  showHistory();
}

/// `field`: what was edited (a JSON path, "raw" for the spec file's text), or nothing for a change
/// that is a step of its own (a type switch, a language added).
function recordVersion(field) {
  const now = JSON.stringify(state.spec);
  if (now === versions.current) return;
  if (!(versions.burst && field && field === versions.field)) { versions.past.push(versions.current); versions.future = []; }
  versions.current = now;
  versions.field = field;
  versions.burst = true;
  clearTimeout(versions.timer);
  versions.timer = setTimeout(() => { versions.burst = false; }, 700);
  showHistory();
}

function stepHistory(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(state.spec));
  versions.current = from.pop();
  versions.burst = false;
  state.spec = JSON.parse(versions.current);
  buildForm();
  syncRaw(true);
  showRawError(null);
  setDirty(true);
  showHistory();
  schedule();
}
const undo = () => stepHistory(versions.past, versions.future);
const redo = () => stepHistory(versions.future, versions.past);

function showHistory() {
  $("#undo").disabled = !versions.past.length;
  $("#redo").disabled = !versions.future.length;
}

// The address holds the view (campaign, languages, text sizes, appearances, directions, tab), so a
// link opens the studio as it was; it is rewritten, not added to the browser's history, on each change.
const VIEW_KEYS = {languages: "locale", sizes: "textSize", appearances: "appearance", directions: "direction"};

function readView() {
  const query = new URLSearchParams(location.search);
  const known = {textSize: TEXT_SIZES, appearance: APPEARANCES.map(([v]) => v), direction: DIRECTIONS.map(([v]) => v)};
  for (const [key, axis] of Object.entries(VIEW_KEYS)) {
    if (!query.has(key)) continue;
    const values = query.get(key).split(",").filter((v) => axis === "locale" || known[axis].includes(v));
    if (values.length) state.axes[axis].splice(0, state.axes[axis].length, ...values);
  }
  if (query.get("tab") === "phone") state.view = "phone";
  return query.get("spec");
}

function writeView() {
  const query = new URLSearchParams();
  if (state.name) query.set("spec", state.name);
  for (const [key, axis] of Object.entries(VIEW_KEYS)) query.set(key, state.axes[axis].join(","));
  if (state.view !== "grid") query.set("tab", state.view);
  const address = location.pathname + "?" + query.toString().replace(/%2C/g, ",");
  if (address !== location.pathname + location.search) history.replaceState(null, "", address);
}

function setDirty(dirty) {
  state.dirty = dirty;
  $("#file-state").textContent = state.name ? (dirty ? "edited, not saved" : "saved") : "new, not saved yet";
}

// ---------------------------------------------------------------- the form

function buildForm() {
  const component = state.spec.component || (state.spec.component = {type: "banner"});
  $("#component-type").value = component.type;
  if (!state.locale.startsWith("pseudo:") && state.locale && !(state.spec.localizations || {})[state.locale]) state.locale = "";
  buildLanguagePickers();
  const copy = $("#copy-fields");
  copy.replaceChildren();
  const tag = state.locale.startsWith("pseudo:") ? "" : state.locale;
  const hint = $("#copy-locale-hint");
  hint.hidden = !tag;
  $("#remove-locale").hidden = !tag;
  hint.textContent = tag ? `The ${tag} copy. A field left empty shows the base copy (in grey); pictures, colours and numbers are the base's.` : "";
  for (const [key, label, kind, lines, required] of FIELDS[component.type] || []) {
    if (!tag) copy.append(copyField(component, key, label, kind, lines, required));
    else if (kind === "text" || kind === "line") copy.append(localizedField(tag, component, key, label, kind, lines));
  }
  const style = component.style || {};
  const campaign = $("#campaign-fields");
  campaign.replaceChildren();
  for (const [token, label, against, minimum] of CAMPAIGN_TOKENS) {
    campaign.append(...colorRows("component.style." + token, label, style[token], against && (() => campaignColor(against)), minimum,
                                 () => campaignColor(token)));
  }
  const theme = state.spec.theme || {};
  const themeRows = $("#theme-fields");
  themeRows.replaceChildren();
  for (const [token, label, against, minimum] of THEME_TOKENS) {
    themeRows.append(...colorRows("theme." + token, label, theme[token], against && (() => themeColor(against)), minimum,
                                  () => themeColor(token)));
  }
  themeRows.append(el("label", {class: "field", "data-field": "theme.cornerRadius"}, "Corner radius (points)",
    el("input", {type: "number", min: 0, max: 32, step: 1, "data-path": "theme.cornerRadius", value: theme.cornerRadius ?? "",
                 placeholder: "14", oninput: (event) => setPath("theme.cornerRadius", numberOrNull(event.target.value))})));
  updateContrast();
}

function copyField(component, key, label, kind, lines, required) {
  const path = "component." + key;
  const value = component[key];
  const hint = lines ? el("span", {class: "hint"}, `up to ${lines} line${lines > 1 ? "s" : ""}, then it is cut with “…”${required ? "" : " · optional"}`)
                     : (required ? null : el("span", {class: "hint"}, "optional"));
  if (kind === "tiers") return tiersField(component);
  let input;
  if (kind === "icon") {
    input = el("select", {"data-path": path, id: "field-" + key, onchange: (event) => setPath(path, event.target.value)},
      ICONS.map((icon) => el("option", {value: icon, selected: icon === value}, icon)));
  } else if (kind === "number") {
    input = el("input", {type: "number", step: "any", "data-path": path, id: "field-" + key, value: value ?? "",
                         oninput: (event) => setPath(path, numberOrNull(event.target.value))});
  } else {
    const tag = kind === "text" ? "textarea" : "input";
    input = el(tag, {type: tag === "input" ? "text" : undefined, "data-path": path, id: "field-" + key, spellcheck: kind !== "path",
                     placeholder: kind === "path" ? "images/picture.png (in the campaign folder)" : "",
                     oninput: (event) => setPath(path, event.target.value === "" && !required ? null : event.target.value)});
    input.value = value ?? "";
  }
  const field = el("label", {class: "field", "data-field": path}, label, hint, input);
  // An image path is picked from the folder's images (or uploaded), or typed.
  if (kind === "path") {
    return el("div", {class: "path-row"}, field,
              el("button", {type: "button", class: "choose-image", "aria-label": `Choose the ${label.toLowerCase()} from the folder`,
                            onclick: () => openImagePicker(path, input)}, "Choose…"));
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

function languages() {
  return ["", ...Object.keys(state.spec?.localizations || {}), ...PSEUDOS.map(([mode]) => "pseudo:" + mode)];
}
function languageName(language) {
  if (!language) return state.spec?.environment?.locale ? `Base copy (${state.spec.environment.locale})` : "Base copy";
  if (language.startsWith("pseudo:")) return PSEUDOS.find(([mode]) => "pseudo:" + mode === language)?.[1] ?? language;
  return language;
}
// The query parameters that pick a language: `locale=de`, `pseudo=double`, or none for the base copy.
function languageQuery(language) {
  if (!language) return {};
  return language.startsWith("pseudo:") ? {pseudo: language.slice(7)} : {locale: language};
}
function isRightToLeft(language) {
  if (language === "pseudo:rtl") return true;
  const tag = language && !language.startsWith("pseudo:") ? language : state.spec?.environment?.locale;
  return !!tag && RTL_LANGUAGES.includes(tag.split("-")[0].toLowerCase());
}

// The language pickers (copy editor, phone) and the grid's language chips follow the spec's
// localizations; a language that is gone is dropped from the grid.
function buildLanguagePickers() {
  const all = languages();
  $("#copy-locale").replaceChildren(...all.filter((l) => !l.startsWith("pseudo:")).map((l) =>
    el("option", {value: l, selected: l === state.locale}, languageName(l))));
  $("#phone-locale").replaceChildren(...all.map((l) => el("option", {value: l, selected: l === state.locale}, languageName(l))));
  const kept = state.axes.locale.filter((l) => all.includes(l));
  state.axes.locale.splice(0, state.axes.locale.length, ...(kept.length ? kept : [""]));
  chips($("#axis-locale"), all, state.axes.locale, all.map(languageName));
}

function chooseLanguage(language) {
  state.locale = language;
  if (!state.axes.locale.includes(language)) state.axes.locale.push(language);
  buildForm();
  refresh();
}

// A new language's tag is checked by GronaSnap itself (the same check as --locale), and a tag it
// refuses is said next to the field that took it, so a malformed one never reaches the spec.
async function addLanguage() {
  const input = $("#new-locale"), error = $("#new-locale-error");
  const tag = input.value.trim();
  error.hidden = true;
  const refuse = (text) => { error.textContent = text; error.hidden = false; input.setAttribute("aria-invalid", "true"); input.focus(); };
  if (!tag) { refuse("Type the language's tag first, like de, fr-CA, ar or ja."); return; }
  try {
    await post("report", {locale: tag, scale: 1}, undefined, {component: {type: "banner", title: "a"}});
  } catch (problem) {
    // Only the tag can be wrong in that request; anything else (the server away) is said as it is.
    const message = String(problem.message);
    refuse(message.startsWith("locale: ") ? message.slice(8) + " (tags look like de, fr-CA, pt-BR or zh-Hant)"
                                          : "The language could not be checked: " + message);
    return;
  }
  error.hidden = true; input.removeAttribute("aria-invalid"); input.value = "";
  const localizations = state.spec.localizations || (state.spec.localizations = {});
  if (!localizations[tag]) localizations[tag] = {};
  state.locale = tag;
  if (!state.axes.locale.includes(tag)) state.axes.locale.push(tag);
  buildForm();
  changed();
}

/// Takes the chosen language's copy out of the spec (after asking): its tiles leave the grid.
function removeLanguage() {
  const tag = state.locale;
  if (!tag || !state.spec.localizations || !state.spec.localizations[tag]) return;
  if (!confirm(`Remove the ${languageName(tag)} copy from this campaign?`)) return;
  delete state.spec.localizations[tag];
  if (!Object.keys(state.spec.localizations).length) delete state.spec.localizations;
  state.locale = "";
  buildForm();
  changed();
}

function tiersField(component) {
  const box = el("div", {class: "field", "data-field": "component.tiers"}, "Rewards along the bar",
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
/// the colour gives against what it is drawn on.
/// `effective` is the colour drawn when the field is empty (the theme's, or the SDK's default).
function colorRows(path, label, value, against, minimum, effective) {
  if (value && typeof value === "object") {
    return ["light", "dark"].map((mode) => colorRow(`${path}.${mode}`, `${label} (${mode})`, value[mode], against, minimum, mode, effective));
  }
  return [colorRow(path, label, value, against, minimum, null, effective)];
}

function colorRow(path, label, value, against, minimum, mode, effective) {
  const hex = typeof value === "string" ? value : "";
  const picker = el("input", {type: "color", value: pickerValue(hex || pick(effective(), mode)), "aria-label": label + " colour",
                              oninput: (event) => { text.value = event.target.value.toUpperCase(); setPath(path, text.value); }});
  const text = el("input", {type: "text", value: hex, placeholder: "theme", "data-path": path, spellcheck: false, "aria-label": label,
                            oninput: (event) => { setPath(path, event.target.value || null); if (/^#[0-9a-f]{6}$/i.test(event.target.value)) picker.value = event.target.value; }});
  const ratio = el("span", {class: "ratio"});
  ratio.update = () => {
    if (!against) { ratio.textContent = ""; return; }
    const mine = parseColor(currentColor(path) || pick(effective(), mode)), under = parseColor(pick(against(), mode));
    if (!mine || !under) { ratio.textContent = ""; return; }
    const figure = contrast(over(mine, under), under);
    const fine = figure >= minimum;
    ratio.className = "ratio " + (fine ? "fine" : "low");
    ratio.textContent = fine ? `${figure.toFixed(1)}:1, reads well` : `${figure.toFixed(1)}:1, too faint: the app swaps in white or black`;
  };
  return el("div", {class: "color-row", "data-field": path}, el("span", {class: "name"}, label), picker, text, ratio);
}

function pick(value, mode) { return value && typeof value === "object" ? value[mode || "light"] : value; }
function pickerValue(hex) { const c = parseColor(hex); return c ? "#" + [c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, "0")).join("") : "#000000"; }
function currentColor(path) { return getPath(path); }
function themeColor(token) { return (state.spec.theme || {})[token] || THEME_DEFAULTS[token]; }
function campaignColor(token) {
  const style = (state.spec.component || {}).style || {};
  if (style[token]) return style[token];
  const type = (state.spec.component || {}).type;
  if (token === "background") return themeColor(type === "banner" ? "primary" : "surface");
  return themeColor(token === "text" ? (type === "banner" ? "onPrimary" : "text") : "accent");
}
function updateContrast() { document.querySelectorAll(".ratio").forEach((ratio) => ratio.update && ratio.update()); }
function numberOrNull(text) { return text === "" ? null : Number(text); }

// Paths like "component.tiers[1].label"; null deletes the key (and an emptied style or theme).
function splitPath(path) { return path.replace(/\[(\d+)\]/g, ".$1").split("."); }
function getPath(path) { return splitPath(path).reduce((node, key) => (node == null ? undefined : node[key]), state.spec); }
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

function changed(field) {
  setDirty(true);
  recordVersion(field);
  syncRaw(false);
  updateContrast();
  schedule();
}

function syncRaw(force) {
  const raw = $("#raw-json");
  if (force || document.activeElement !== raw) raw.value = JSON.stringify(state.spec, null, 2) + "\n";
}

function showRawError(message) {
  const box = $("#raw-error");
  box.hidden = !message;
  box.textContent = message || "";
}

// Switching the component type keeps the copy the two types share, and sets aside what the new type
// has no field for (a banner's eyebrow, button and image in a message), so that switching back
// brings it back instead of the template's words. What is set aside is never saved.
function changeType(type) {
  const old = state.spec.component || {};
  const fields = new Set(FIELDS[type].map(([name]) => name));
  const aside = {...state.setAside};
  for (const [key, value] of Object.entries(old)) {
    if (key !== "type" && key !== "style" && !fields.has(key)) aside[key] = value;
  }
  const next = structuredClone(TEMPLATES[type]);
  for (const key of fields) {
    if (old[key] !== undefined) next[key] = old[key];
    else if (aside[key] !== undefined) next[key] = aside[key];
    delete aside[key];
  }
  if (old.style) next.style = old.style;
  state.setAside = aside;
  state.spec.component = next;
  buildForm();
  changed();
}

// ---------------------------------------------------------------- previews

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(refresh, DEBOUNCE_MS);
}

function variants() {
  const out = [];
  for (const language of languages().filter((l) => state.axes.locale.includes(l)))
  for (const textSize of TEXT_SIZES.filter((size) => state.axes.textSize.includes(size)))
    for (const [appearance] of APPEARANCES.filter(([a]) => state.axes.appearance.includes(a)))
      for (const [direction] of DIRECTIONS.filter(([d]) => state.axes.direction.includes(d)))
        out.push({language, textSize, appearance, direction});
  return out;
}
const label = (v) => (state.axes.locale.length > 1 || v.language ? languageName(v.language) + " · " : "")
  + `${v.textSize} · ${v.appearance} · ${v.direction.toUpperCase()}`;
// A tile's name in words: "Large, dark, right to left" (with its language when more than one is shown).
const spokenName = (v) => (state.axes.locale.length > 1 || v.language ? languageName(v.language) + ", " : "")
  + `${TEXT_SIZE_NAMES[v.textSize] || v.textSize}, ${v.appearance}, ${v.direction === "rtl" ? "right to left" : "left to right"}`;
const key = (v) => `${(v.language || "base").replace(/[^A-Za-z0-9-]/g, "-")}-${v.textSize}-${v.appearance}-${v.direction}`;
// A variant as the API's query: its language as `locale`/`pseudo`, the rest as they are.
const variantQuery = (v) => ({...languageQuery(v.language), textSize: v.textSize, appearance: v.appearance, direction: v.direction});

function query(parameters) {
  const all = {name: state.name || $("#save-as").value || "untitled.json", ...parameters};
  if (!/^[^/\\]+\.json$/.test(all.name)) all.name = "untitled.json";
  return new URLSearchParams(all).toString();
}

async function post(route, parameters, signal, spec = state.spec) {
  const answer = await fetch(`/api/${route}?${query(parameters)}`, {method: "POST", body: JSON.stringify(spec), signal,
                                                                    headers: {"Content-Type": "application/json"}});
  if (!answer.ok) {
    const problem = await answer.json().catch(() => ({error: `the server answered ${answer.status}`}));
    throw Object.assign(new Error(problem.error), {status: answer.status});
  }
  return answer;
}

async function refresh() {
  writeView();
  clearTimeout(state.timer);
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  const generation = ++state.generation;
  const current = () => generation === state.generation;
  $("#busy").hidden = false;
  $("#preview").setAttribute("aria-busy", "true");
  // Said only when an update takes a while, so that typing does not make the live region chatter.
  const slow = setTimeout(() => { if (current()) announce("Updating the previews…"); }, 1000);
  try {
    if (state.view === "grid") await refreshGrid(controller.signal, current);
    else await refreshPhones(controller.signal, current);
    if (!current()) return;
    showSpecError(null);
    await refreshFindings(controller.signal, current);
  } catch (error) {
    if (error.name === "AbortError" || !current()) return;
    showSpecError(error.message);
  } finally {
    clearTimeout(slow);
    if (current()) { $("#busy").hidden = true; $("#preview").removeAttribute("aria-busy"); }
  }
}

function remember(url) { state.urls.push(url); return url; }
function forgetOldImages(keep) {
  for (const url of state.urls.splice(0, state.urls.length - keep)) URL.revokeObjectURL(url);
}

async function refreshGrid(signal, current) {
  const list = variants();
  const grid = $("#grid");
  const columns = Math.max(1, state.axes.appearance.length * state.axes.direction.length);
  const rowName = (v) => (state.axes.locale.length > 1 || v.language ? languageName(v.language) + " · " : "") + `Text size ${v.textSize}`;
  grid.style.setProperty("--columns", String(columns));
  $("#axes-summary").textContent = `${list.length}: ` + [state.axes.locale.map(languageName).join(", "), state.axes.textSize.join(", "),
    state.axes.appearance.join(", "), state.axes.direction.map((d) => d.toUpperCase()).join(", ")].join(" · ") + (state.overlay ? " · VoiceOver" : "");
  grid.classList.toggle("overlaid", state.overlay);
  if (grid.dataset.layout !== list.map(key).join(",") + state.overlay) {
    grid.replaceChildren();
    let row = null;
    for (const variant of list) {
      if (rowName(variant) !== row) { row = rowName(variant); grid.append(el("div", {class: "row-head"}, row)); }
      const name = spokenName(variant);
      grid.append(el("figure", {class: "cell " + variant.appearance, id: "cell-" + key(variant), "data-variant": key(variant),
                                tabindex: "-1", "aria-label": name},
        el("figcaption", {}, el("span", {title: name}, label(variant)),
          el("a", {href: "#", download: "", class: "png"}, "Download", el("span", {class: "sr-only"}, " " + name))),
        closerLook(el("img", {alt: `The campaign: ${name}${state.overlay ? ", with what VoiceOver reads" : ""}`,
                              lang: variant.language && !variant.language.startsWith("pseudo:") ? variant.language : undefined}), name),
        el("div", {class: "badges"})));
    }
    grid.dataset.layout = list.map(key).join(",") + state.overlay;
  }
  const images = await Promise.all(list.map((variant) =>
    post("render", {...variantQuery(variant), scale: SCALE, ...(state.overlay ? {overlay: "accessibility"} : {})}, signal).then((answer) => answer.blob())));
  if (!current()) return;
  const base = (state.name || $("#save-as").value || "campaign").replace(/\.json$/, "");
  list.forEach((variant, index) => {
    const cell = document.getElementById("cell-" + key(variant));
    const url = remember(URL.createObjectURL(images[index]));
    cell.querySelector("img").src = url;
    const link = cell.querySelector("a.png");
    link.href = url;
    link.download = `${base}-${key(variant)}@${SCALE}x.png`;
    cell.dataset.generation = String(state.generation);
  });
  forgetOldImages(list.length + 2);
}

// The phone's query: its language, text size, and the direction only when one is picked (otherwise
// the language's own, so Arabic is laid out right to left as the app in Arabic is).
function phoneQuery() {
  return {...languageQuery(state.locale), textSize: state.phone.textSize, ...(state.phone.direction ? {direction: state.phone.direction} : {})};
}

async function refreshPhones(signal, current) {
  const modes = ["light", "dark"];
  const images = await Promise.all(modes.map((appearance) =>
    post("render", {...phoneQuery(), appearance, scale: SCALE}, signal).then((a) => a.blob())));
  if (!current()) return;
  const direction = state.phone.direction || (isRightToLeft(state.locale) ? "rtl" : "ltr");
  modes.forEach((mode, index) => {
    const url = remember(URL.createObjectURL(images[index]));
    $(`#phone-${mode} .component img`).src = url;
    $(`#phone-${mode} .screen`).dir = direction;
  });
  forgetOldImages(4);
}

// What the marketer should look at: exactly what `grona-snap check` finds (POST /api/check, one
// request per language shown), each sentence once, with the variants it happens in; a click points
// at them in the grid.
async function refreshFindings(signal, current) {
  const grid = state.view === "grid";
  const shown = grid ? languages().filter((l) => state.axes.locale.includes(l)) : [state.locale];
  const axes = grid ? {textSizes: state.axes.textSize.join(","), appearances: state.axes.appearance.join(","),
                       directions: state.axes.direction.join(",")}
    : {appearances: "light,dark", ...phoneQuery()};
  // The variants checked are the ones shown: the studio's axes stand in for the spec's own (a spec's
  // locale or width axis would otherwise multiply them), as `check --text-sizes …` replaces them.
  const spec = {...state.spec, variants: undefined};
  const answers = await Promise.all(shown.map((language) =>
    post("check", {...languageQuery(language), ...axes, scale: SCALE}, signal, spec).then((answer) => answer.json())));
  if (!current()) return;
  const groups = new Map();
  answers.forEach((found, index) => {
    for (const finding of found) {
      const variant = {language: shown[index], textSize: finding.variant.textSize, appearance: finding.variant.appearance,
                       direction: finding.variant.direction};
      if (!groups.has(finding.message)) groups.set(finding.message, {sentence: finding.message, kind: finding.kind, variants: []});
      const group = groups.get(finding.message);
      if (!group.variants.some((v) => key(v) === key(variant))) group.variants.push(variant);
    }
  });
  showFindings([...groups.values()], grid ? variants().length : 2);
}

function showFindings(findings, count) {
  const list = $("#findings");
  list.replaceChildren();
  document.querySelectorAll(".cell").forEach((cell) => { cell.classList.remove("flagged"); cell.querySelector(".badges").replaceChildren(); });
  $("#findings-count").textContent = findings.length ? `${findings.length} thing${findings.length > 1 ? "s" : ""}` : "";
  if (!findings.length) {
    list.append(el("li", {class: "none"}, "grona-snap check finds nothing in these variants."));
    announceDone(0);
    return;
  }
  for (const finding of findings) {
    const badge = BADGES[finding.kind] || finding.kind;
    const where = finding.variants.length === count && count > 1 ? "in every variant shown" : describe(finding.variants);
    // The sentence is a button (Tab reaches it, Enter or Space activates it); where it happens is its
    // description. The list item takes the click, so a click anywhere on the card points too.
    const id = "finding-" + list.children.length;
    list.append(el("li", {class: "finding", "data-kind": finding.kind, onclick: () => point(finding.variants)},
      el("button", {type: "button", class: "finding-button", "aria-describedby": id + "-where"}, finding.sentence),
      el("span", {class: "where", id: id + "-where"}, where + (finding.variants.length ? " · show in the grid" : ""))));
    for (const variant of finding.variants) {
      const cell = document.getElementById("cell-" + key(variant));
      if (!cell) continue;
      cell.classList.add("flagged");
      const badges = cell.querySelector(".badges");
      if (![...badges.children].some((b) => b.textContent === badge)) badges.append(el("span", {class: "badge"}, badge));
    }
  }
  announceDone(findings.length);
}

// The live region (role=status): what a screen reader says when the previews have caught up, once
// per change of what they say, so that typing does not make it chatter.
function announce(text) {
  const live = $("#live");
  if (live.textContent !== text) live.textContent = text;
}
function announceDone(findings) {
  const count = state.view === "grid" ? variants().length : 2;
  announce(`${count} previews up to date; ${findings ? findings + " thing" + (findings > 1 ? "s" : "") + " to look at" : "nothing to look at"}.`);
}

// Where a finding happens, short: when its variants are every combination of some values of each
// axis, "Base copy, ar · AX5 · dark" names only the axes it does not cover; otherwise each variant.
function describe(some) {
  const all = state.view === "grid" ? variants() : some;
  const axes = [["language", languageName], ["textSize", (v) => v], ["appearance", (v) => v], ["direction", (v) => v.toUpperCase()]];
  const values = axes.map(([axis]) => [...new Set(some.map((v) => v[axis]))]);
  const product = values.reduce((n, list) => n * list.length, 1);
  if (product !== some.length || state.view !== "grid") return "in " + some.map(label).join(", ");
  const parts = axes.map(([axis, name], index) => {
    const every = new Set(all.map((v) => v[axis]));
    return values[index].length === every.size ? null : values[index].map(name).join(", ");
  }).filter(Boolean);
  return "in " + (parts.length ? parts.join(" · ") : "every variant shown");
}

function point(list) {
  document.querySelectorAll(".cell.pointed").forEach((cell) => cell.classList.remove("pointed"));
  const cells = list.map((variant) => document.getElementById("cell-" + key(variant))).filter(Boolean);
  cells.forEach((cell) => cell.classList.add("pointed"));
  if (!cells[0]) return;
  // The first of them takes the focus (a screen reader reads its name), and the grid scrolls to it.
  cells[0].focus({preventScroll: true});
  cells[0].scrollIntoView({behavior: "smooth", block: "center"});
  announce(`Highlighted ${cells.length} tile${cells.length > 1 ? "s" : ""}: ${cells.map((c) => c.getAttribute("aria-label")).join("; ")}.`);
}

// An error from GronaSnap ("name.json: $.component.title: missing required field") goes next to
// the field it is about, with its JSON path, and into the banner above the preview.
function showSpecError(message) {
  document.querySelectorAll(".field.invalid, .color-row.invalid").forEach((field) => field.classList.remove("invalid"));
  document.querySelectorAll("p.error.field-error").forEach((p) => p.remove());
  document.querySelectorAll("[aria-invalid]").forEach((input) => { input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby"); });
  const banner = $("#spec-error");
  banner.hidden = !message;
  if (!message) return;
  const match = /^[^:]*: (\$[^:]*): (.*)$/.exec(message);
  const path = match ? match[1] : null, problem = match ? match[2] : message.replace(/^[^:]*\.json: /, "");
  banner.textContent = "The preview is paused until this is fixed: " + problem + (path ? ` (at ${path})` : "");
  if (!path) return;
  // The field the path belongs to: the path itself, else its parents, one step (`.key`, `[3]` or
  // `["any key"]`) at a time. A step that cannot be taken off ends the search, so no path, however
  // odd (`$.localizations["en US"]`), can keep it going.
  let field = null;
  for (let candidate = path.slice(2); candidate && !field;) {
    field = document.querySelector(`[data-field="${CSS.escape(candidate)}"]`);
    const parent = candidate.replace(/(\.[^.[]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/, "");
    if (parent === candidate) break;
    candidate = parent;
  }
  if (field) {
    field.classList.add("invalid");
    field.append(el("p", {class: "error field-error", id: "field-error"}, problem, " ", el("code", {}, path)));
    for (const input of field.querySelectorAll("input[data-path], textarea, select")) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", "field-error");
    }
  }
}

// ---------------------------------------------------------------- downloads and saving

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", {href: url, download: name});
  document.body.append(link); link.click(); link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function downloadSheet() {
  const base = (state.name || $("#save-as").value || "campaign").replace(/\.json$/, "");
  try {
    const answer = await post("sheet", sheetQuery());
    download(await answer.blob(), `${base}-sheet.png`);
  } catch (error) { showSpecError(error.message); }
}

// The contact sheet holds exactly the grid's variants: its languages in the grid's order (the base
// copy named `base`, the pseudolanguages as `pseudos`; none of them: an empty `locales`), its text
// sizes, appearances and directions, and the VoiceOver picture when the grid shows it.
function sheetQuery() {
  const shown = languages().filter((language) => state.axes.locale.includes(language));
  const locales = shown.filter((language) => !language.startsWith("pseudo:")).map((language) => language || "base");
  const pseudos = shown.filter((language) => language.startsWith("pseudo:")).map((language) => language.slice(7));
  return {locales: locales.join(","), ...(pseudos.length ? {pseudos: pseudos.join(",")} : {}),
          textSizes: state.axes.textSize.join(","), appearances: state.axes.appearance.join(","),
          directions: state.axes.direction.join(","), scale: 1, ...(state.overlay ? {overlay: "accessibility"} : {})};
}

async function downloadReveal() {
  const base = (state.name || $("#save-as").value || "campaign").replace(/\.json$/, "");
  try {
    const answer = await post("animate", {...languageQuery(state.locale), scale: SCALE, fps: 15, padding: 12, background: "#F2F2F7"});
    download(await answer.blob(), `${base}-reveal.png`);
  } catch (error) { showSpecError(error.message); }
}

async function save() {
  const message = $("#save-message");
  // The raw JSON is what the person last typed: while it does not parse, saving would write an
  // older version than the one on screen.
  if (!$("#raw-error").hidden) {
    say(message, "Not saved: the spec file (JSON) has a mistake; fix it first (" + $("#raw-error").textContent + ").", "bad");
    $("#raw").open = true;
    $("#raw-json").focus();
    return;
  }
  let name = state.name;
  if (!name) {
    name = $("#save-as").value.trim();
    if (name && !name.endsWith(".json")) name += ".json";
    if (!/^[^./\\][^/\\]*\.json$/.test(name)) { say(message, "Give the campaign a file name, like spring-offer.json.", "bad"); return; }
  }
  const headers = {"Content-Type": "application/json"};
  if (state.etag) headers["If-Match"] = state.etag;
  const text = JSON.stringify(state.spec, null, 2) + "\n";
  const answer = await fetch("/api/specs/" + encodeURIComponent(name), {method: "PUT", headers, body: text});
  const result = await answer.json().catch(() => ({}));
  if (answer.ok) {
    const fresh = !state.name;
    state.name = name; state.etag = result.etag; state.template = null; state.base = structuredClone(state.spec);
    $("#save-as-label").hidden = true;
    setDirty(false);
    say(message, `Saved to ${name} at ${new Date().toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})}.`, "ok");
    if (fresh) await loadCampaigns("spec:" + name);
  } else if (answer.status === 409 && state.name && state.base) {
    await mergeSave(name);
  } else if (answer.status === 409) {
    say(message, `Not saved: ${result.error}`, "bad");
  } else {
    showSpecError(result.error);
    say(message, "Not saved: fix what is marked first.", "bad");
  }
}

function say(node, text, kind) { node.textContent = text; node.className = "message " + (kind || ""); }

// ---------------------------------------------------------------- saving over a change on disk

// The file changed on disk since it was opened (another tab, a colleague, git): the server merges
// this page's edit with it. Fields changed on one side only merge silently; the fields both sides
// changed differently are shown, each with both values, to keep mine or take theirs, and the choice
// is saved over the file as it is now.
async function mergeSave(name) {
  const message = $("#save-message");
  const answer = await fetch(`/api/specs/${encodeURIComponent(name)}/merge`, {method: "POST", headers: {"Content-Type": "application/json"},
                                                                              body: JSON.stringify({base: state.base, mine: state.spec})});
  const result = await answer.json().catch(() => ({error: `the server answered ${answer.status}`}));
  if (answer.ok) {
    adoptMerged(result.merged, result.etag, result.merged);
    setDirty(false);
    say(message, `Saved to ${name}, with the changes made to it meanwhile, at ${new Date().toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})}.`, "ok");
  } else if (answer.status === 409 && result.conflicts) {
    say(message, "Not saved yet: choose which changes to keep.", "bad");
    showConflicts(name, result);
  } else {
    say(message, `Not saved: ${result.error}`, "bad");
  }
}

/// The spec the page now edits, after a merge: `base` is the file's version it builds on.
function adoptMerged(spec, etag, base) {
  state.spec = structuredClone(spec);
  state.etag = etag;
  state.base = structuredClone(base);
  syncRaw(true);
  buildForm();
  recordVersion();
  schedule();
}

function pathLabel(path) {
  const [first, second, ...rest] = path;
  const names = {eyebrow: "Eyebrow", title: "Title", body: "Body", button: "Button", image: "Image file", code: "Code",
                 value: "Progress so far", tiers: "Rewards along the bar", footnote: "Footnote", icon: "Icon", type: "What it is"};
  if (first === "component" && typeof second === "string" && names[second] && !rest.length) return names[second];
  if (first === "component" && second === "style") return "Campaign colour: " + rest.join(" ");
  if (first === "theme") return "App theme: " + [second, ...rest].join(" ");
  if (first === "localizations") return `${second} copy: ${rest.join(" ")}`;
  return path.map((step) => (typeof step === "number" ? `#${step + 1}` : step)).join(" › ");
}

function shown(value) {
  if (value === undefined) return "(removed)";
  return typeof value === "string" ? `“${value}”` : JSON.stringify(value);
}

function showConflicts(name, result) {
  const dialog = $("#conflict-dialog");
  const count = result.conflicts.length;
  $("#conflict-intro").textContent = `Someone saved ${name} after you opened it. Their other changes are kept with yours; `
    + (count === 1 ? "this field was" : `these ${count} fields were`) + " changed by both of you. Choose for each which to keep.";
  const box = $("#conflict-fields");
  box.replaceChildren(...result.conflicts.map((conflict, index) => el("fieldset", {class: "conflict"},
    el("legend", {}, pathLabel(conflict.path)),
    el("label", {}, el("input", {type: "radio", name: `conflict-${index}`, value: "mine"}),
       el("span", {}, "Keep mine: ", el("span", {class: "value"}, shown(conflict.mine)))),
    el("label", {}, el("input", {type: "radio", name: `conflict-${index}`, value: "theirs"}),
       el("span", {}, "Take theirs: ", el("span", {class: "value"}, shown(conflict.theirs)))))));
  $("#conflict-error").hidden = true;
  dialog.result = {name, ...result};
  dialog.showModal();
  box.querySelector("input").focus();
}

async function saveConflictChoices(event) {
  event.preventDefault();
  const dialog = $("#conflict-dialog");
  const {name, conflicts, merged, etag, theirs} = dialog.result;
  const choices = conflicts.map((_, index) => dialog.querySelector(`input[name="conflict-${index}"]:checked`));
  const missing = choices.findIndex((choice) => !choice);
  if (missing >= 0) {
    const error = $("#conflict-error");
    error.textContent = `Choose “Keep mine” or “Take theirs” for ${pathLabel(conflicts[missing].path)}.`;
    error.hidden = false;
    dialog.querySelector(`input[name="conflict-${missing}"]`).focus();
    return;
  }
  const spec = structuredClone(merged);
  conflicts.forEach((conflict, index) => { if (choices[index].value === "mine") setIn(spec, conflict.path, conflict.mine); });
  dialog.close();
  adoptMerged(spec, etag, theirs);
  state.name = name;
  await save();
}

/// Sets (or, for undefined, removes) the value at a path of keys and indexes.
function setIn(root, path, value) {
  let node = root;
  for (const step of path.slice(0, -1)) node = node[step] ?? (node[step] = {});
  const last = path[path.length - 1];
  if (value === undefined) { if (Array.isArray(node)) node.splice(last, 1); else delete node[last]; } else node[last] = value;
}

// ---------------------------------------------------------------- managing campaigns

// New (from a template), duplicate and rename name the file in a dialog; delete moves the file into
// the folder's trash at once and offers Undo, which puts it back.
const nameDialog = {mode: null};

function showCampaignActions() {
  for (const id of ["#duplicate-campaign", "#rename-campaign", "#delete-campaign"]) $(id).disabled = !state.name;
}

function askName(mode) {
  const stem = (state.name || "").replace(/\.json$/, "");
  const titles = {new: ["New campaign", "Create"], duplicate: [`Duplicate ${state.name}`, "Duplicate"], rename: [`Rename ${state.name}`, "Rename"]};
  nameDialog.mode = mode;
  $("#name-title").textContent = titles[mode][0];
  $("#name-ok").textContent = titles[mode][1];
  $("#template-field").hidden = mode !== "new";
  $("#name-input").value = mode === "new" ? "new-campaign.json" : mode === "duplicate" ? `${stem} copy.json` : state.name;
  $("#name-input").removeAttribute("aria-invalid");
  $("#name-error").hidden = true;
  $("#name-dialog").showModal();
  (mode === "new" ? $("#template-type") : $("#name-input")).focus();
  if (mode !== "new") $("#name-input").setSelectionRange(0, stem.length + (mode === "duplicate" ? 5 : 0));
}

function nameError(text) {
  const error = $("#name-error");
  error.textContent = text;
  error.hidden = false;
  $("#name-input").setAttribute("aria-invalid", "true");
  $("#name-input").focus();
}

async function submitName(event) {
  event.preventDefault();
  let to = $("#name-input").value.trim();
  if (to && !to.endsWith(".json")) to += ".json";
  if (!/^[\p{L}\p{N}][\p{L}\p{N}\p{M} ._-]*\.json$/u.test(to)) {
    nameError("Give the campaign a file name of letters, digits, spaces, - and _, like spring-offer.json.");
    return;
  }
  const mode = nameDialog.mode;
  if (mode === "rename" && to === state.name) { $("#name-dialog").close(); return; }
  let answer;
  if (mode === "new") {
    const spec = {theme: {}, component: structuredClone(TEMPLATES[$("#template-type").value])};
    answer = await fetch("/api/specs/" + encodeURIComponent(to), {method: "PUT", headers: {"Content-Type": "application/json"},
                                                                  body: JSON.stringify(spec, null, 2) + "\n"});
  } else {
    const headers = {"Content-Type": "application/json"};
    if (mode === "rename" && state.etag) headers["If-Match"] = state.etag;
    answer = await fetch(`/api/specs/${encodeURIComponent(state.name)}/${mode}`, {method: "POST", headers, body: JSON.stringify({to})});
  }
  const result = await answer.json().catch(() => ({error: `the server answered ${answer.status}`}));
  if (!answer.ok) { nameError(result.error); return; }
  $("#name-dialog").close();
  const done = {new: `Created ${to}.`, duplicate: `Duplicated ${state.name} as ${to}.`, rename: `Renamed ${state.name} to ${to}.`}[mode];
  if (mode === "rename") {
    // The edit in progress stays; only its file's name changed.
    state.name = to;
    await loadCampaigns("spec:" + to, false);
    setDirty(state.dirty);
  } else {
    if (state.dirty && !confirm("Your changes are not saved. Open the new campaign anyway?")) { await loadCampaigns(undefined, false); return; }
    state.dirty = false;
    await loadCampaigns("spec:" + to);
  }
  say($("#save-message"), done, "ok");
  $("#campaigns").focus();
}

async function deleteCampaign() {
  const name = state.name;
  if (!name || (state.dirty && !confirm(`Delete ${name}? Your changes to it are not saved.`))) return;
  const headers = state.etag ? {"If-Match": state.etag} : {};
  const answer = await fetch(`/api/specs/${encodeURIComponent(name)}/trash`, {method: "POST", headers});
  const result = await answer.json().catch(() => ({error: `the server answered ${answer.status}`}));
  if (!answer.ok) { say($("#save-message"), `Not deleted: ${result.error}`, "bad"); return; }
  state.dirty = false;
  state.trashed = {entry: result.entry, name};
  await loadCampaigns();
  $("#trash-text").textContent = `Deleted ${name} (kept in the folder's trash).`;
  $("#trash-notice").hidden = false;
  $("#undo-delete").focus();
}

async function undoDelete() {
  const trashed = state.trashed;
  if (!trashed) return;
  const answer = await fetch(`/api/trash/${encodeURIComponent(trashed.entry)}/restore`, {method: "POST"});
  const result = await answer.json().catch(() => ({error: `the server answered ${answer.status}`}));
  $("#trash-notice").hidden = true;
  state.trashed = null;
  if (!answer.ok) { say($("#save-message"), `Not restored: ${result.error}`, "bad"); return; }
  if (state.dirty && !confirm("Your changes are not saved. Open the restored campaign anyway?")) { await loadCampaigns(undefined, false); return; }
  state.dirty = false;
  await loadCampaigns("spec:" + trashed.name);
  say($("#save-message"), `Restored ${trashed.name}.`, "ok");
  $("#campaigns").focus();
}

// ---------------------------------------------------------------- the image picker

// The folder's PNGs as thumbnails (fetched as blobs, so a token travels with them); choosing one
// sets the field. An upload goes into the folder's images/ folder when there is one, under a free
// name: the server never replaces a file, so a name taken gets " 2", " 3"… and the page says so.
const picker = {path: null, input: null, urls: [], images: []};

async function openImagePicker(path, input) {
  picker.path = path; picker.input = input;
  say($("#image-message"), "");
  $("#image-upload").value = "";
  $("#image-dialog").showModal();
  await listImages();
  const current = $("#image-list button[aria-current=true]") || $("#image-list button") || $("#image-upload");
  current.focus();
}

async function listImages() {
  for (const url of picker.urls) URL.revokeObjectURL(url);
  picker.urls = [];
  const answer = await fetch("/api/images");
  const list = await answer.json().catch(() => ({images: []}));
  picker.images = list.images || [];
  const box = $("#image-list");
  if (!picker.images.length) { box.replaceChildren(el("li", {class: "empty"}, "The folder has no PNG images yet: upload one.")); return; }
  const chosen = getPath(picker.path);
  box.replaceChildren(...picker.images.map((image) => {
    const thumb = el("img", {alt: ""});
    fetch("/api/images/" + image.path.split("/").map(encodeURIComponent).join("/")).then((r) => (r.ok ? r.blob() : null)).then((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      picker.urls.push(url);
      thumb.src = url;
    });
    const size = image.width ? `${image.width} × ${image.height} px` : "";
    return el("li", {}, el("button", {type: "button", "aria-current": image.path === chosen ? "true" : undefined, onclick: () => pickImage(image.path)},
                         thumb, el("span", {}, image.path), el("span", {class: "hint"}, size)));
  }));
}

function pickImage(path) {
  $("#image-dialog").close();
  picker.input.value = path;
  setPath(picker.path, path);
  picker.input.closest(".path-row").querySelector(".choose-image").focus();
  announce(`Image set to ${path}.`);
}

async function uploadImage() {
  const file = $("#image-upload").files[0];
  const message = $("#image-message");
  if (!file) return;
  const folder = picker.images.some((image) => image.path.startsWith("images/")) ? "images/" : "";
  const stem = file.name.replace(/\.png$/i, "").replace(/[^\p{L}\p{N}\p{M} ._-]/gu, "-").replace(/^[^\p{L}\p{N}]+/u, "") || "image";
  say(message, `Uploading ${file.name}…`);
  const body = await file.arrayBuffer();
  for (let serial = 1; serial <= 20; serial++) {
    const path = folder + stem + (serial > 1 ? ` ${serial}` : "") + ".png";
    const answer = await fetch("/api/images/" + path.split("/").map(encodeURIComponent).join("/"),
                               {method: "PUT", headers: {"Content-Type": "image/png"}, body});
    const result = await answer.json().catch(() => ({error: `the server answered ${answer.status}`}));
    if (answer.status === 409) continue;
    if (!answer.ok) { say(message, `Not uploaded: ${result.error}`, "bad"); $("#image-upload").focus(); return; }
    await listImages();
    say(message, `Uploaded ${file.name} as ${path}${serial > 1 ? " (that name was taken)" : ""}.`, "ok");
    const button = [...$("#image-list").querySelectorAll("button")].find((b) => b.querySelector("span").textContent === path);
    if (button) button.focus();
    return;
  }
  say(message, "Not uploaded: every name tried is taken; rename the file and try again.", "bad");
}

function setUpCampaignTools() {
  $("#template-type").replaceChildren(...Object.keys(TEMPLATES).map((type) => el("option", {value: type}, TYPE_NAMES[type])));
  $("#new-campaign").addEventListener("click", () => askName("new"));
  $("#duplicate-campaign").addEventListener("click", () => askName("duplicate"));
  $("#rename-campaign").addEventListener("click", () => askName("rename"));
  $("#delete-campaign").addEventListener("click", deleteCampaign);
  $("#undo-delete").addEventListener("click", undoDelete);
  $("#name-form").addEventListener("submit", submitName);
  $("#name-cancel").addEventListener("click", () => $("#name-dialog").close());
  $("#conflict-form").addEventListener("submit", saveConflictChoices);
  $("#conflict-cancel").addEventListener("click", () => $("#conflict-dialog").close());
  $("#image-cancel").addEventListener("click", () => $("#image-dialog").close());
  $("#image-upload").addEventListener("change", uploadImage);
}

// ---------------------------------------------------------------- colour arithmetic (WCAG 2.x)

function parseColor(text) {
  if (typeof text !== "string") return null;
  let m = /^#([0-9a-f]{3})$/i.exec(text);
  if (m) text = "#" + [...m[1]].map((c) => c + c).join("");
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(text);
  if (!m) return null;
  return {r: parseInt(m[1], 16), g: parseInt(m[2], 16), b: parseInt(m[3], 16), a: m[4] ? parseInt(m[4], 16) / 255 : 1};
}
function over(top, under) {
  const mix = (a, b) => Math.round(a * top.a + b * (1 - top.a));
  return {r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1};
}
function luminance(c) {
  const channel = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// ---------------------------------------------------------------- wiring

function phoneMarkup(mode) {
  const screen = el("div", {class: "screen"},
    el("div", {class: "island"}),
    el("div", {class: "status"}, el("span", {}, "9:41"), statusIcons(mode)),
    el("div", {class: "nav"}, "Home"),
    el("div", {class: "component"}, el("img", {alt: `The campaign on a phone in ${mode} mode`})),
    ...[0, 1, 2, 3].map(() => el("div", {class: "placeholder"}, el("i"), el("div", {class: "lines"}, el("b", {class: "long"}), el("b", {class: "short"})))),
    el("div", {class: "tabbar"}, el("span"), el("span"), el("span"), el("span")),
    el("div", {class: "home"}));
  $(`#phone-${mode}`).replaceChildren(screen);
}

function statusIcons(mode) {
  const ink = mode === "dark" ? "#fff" : "#000";
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("width", "78"); svg.setAttribute("height", "14"); svg.setAttribute("viewBox", "0 0 78 14");
  svg.innerHTML = `<g fill="${ink}"><rect x="0" y="9" width="3" height="4" rx="1"/><rect x="5" y="6" width="3" height="7" rx="1"/>
    <rect x="10" y="3" width="3" height="10" rx="1"/><rect x="15" y="0" width="3" height="13" rx="1"/>
    <path d="M31 3.5a11 11 0 0 1 15 0l-1.6 1.7a8.6 8.6 0 0 0-11.8 0zM34 6.8a6.6 6.6 0 0 1 9 0l-1.7 1.7a4.2 4.2 0 0 0-5.6 0zM38.5 10.2l-1.5 1.6 1.5 1.6 1.5-1.6z"/>
    <rect x="52" y="1" width="22" height="12" rx="3.5" fill="none" stroke="${ink}" stroke-opacity=".4"/><rect x="54" y="3" width="16" height="8" rx="2"/>
    <rect x="75" y="5" width="2" height="4" rx="1" fill-opacity=".4"/></g>`;
  return svg;
}

// A row of chips: real checkboxes (Tab reaches each, Space toggles it), drawn as chips. `spoken` adds
// words a screen reader says after the visible ones ("AX5" is said "AX5, Accessibility 5").
function chips(box, values, chosen, names, spoken) {
  box.replaceChildren(...values.map((value, index) => el("label", {title: spoken ? spoken[index] : undefined},
    el("input", {type: "checkbox", value, checked: chosen.includes(value), onchange: () => {
      const picked = [...box.querySelectorAll("input:checked")].map((input) => input.value);
      if (!picked.length) {
        box.querySelector(`input[value="${CSS.escape(value)}"]`).checked = true;
        announce("At least one stays picked.");
        return;
      }
      chosen.splice(0, chosen.length, ...picked);
      refresh();
    }}), el("span", {}, names ? names[index] : value), spoken ? el("span", {class: "sr-only"}, ", " + spoken[index]) : null)));
}

// ---------------------------------------------------------------- a closer look

// A tile's picture is a button that opens it full size (the VoiceOver picture is unreadable at a
// tile's width): Enter or a click opens the dialog, Escape or Close shuts it and focus goes back to
// the tile's button.
function closerLook(image, name) {
  return el("button", {type: "button", class: "closer-open", title: "Look closer: " + name, "aria-haspopup": "dialog",
                       onclick: (event) => openCloserLook(event.currentTarget, image, name)}, image);
}

function openCloserLook(opener, image, name) {
  const dialog = $("#closer");
  if (!image.src) return;
  $("#closer-title").textContent = name + (state.overlay ? ", what VoiceOver reads" : "");
  const full = $("#closer-image");
  full.alt = image.alt;
  if (image.lang) full.lang = image.lang; else full.removeAttribute("lang");
  full.src = image.src;
  dialog.opener = opener;
  dialog.showModal();
  $("#closer-close").focus();
}

function setUpCloserLook() {
  const dialog = $("#closer");
  $("#closer-close").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener("close", () => {
    const opener = dialog.opener;
    dialog.opener = null;
    // The grid may have been redrawn meanwhile: then the same tile's new button takes the focus.
    const again = opener && !opener.isConnected && opener.closest(".cell")
      ? document.getElementById(opener.closest(".cell").id)?.querySelector(".closer-open") : null;
    (opener && opener.isConnected ? opener : again)?.focus();
  });
}

function showView(view) {
  state.view = view;
  for (const [tab, mine] of [["#tab-grid", "grid"], ["#tab-phone", "phone"]]) {
    $(tab).setAttribute("aria-selected", String(view === mine));
    $(tab).tabIndex = view === mine ? 0 : -1;
  }
  $("#grid-view").hidden = view !== "grid";
  $("#phone-view").hidden = view !== "phone";
  refresh();
}

window.addEventListener("DOMContentLoaded", () => {
  const wanted = readView();
  chips($("#axis-textSize"), TEXT_SIZES, state.axes.textSize, null, TEXT_SIZES.map((size) => TEXT_SIZE_NAMES[size] + (size === "L" ? " (default)" : "")));
  chips($("#axis-appearance"), APPEARANCES.map(([v]) => v), state.axes.appearance, APPEARANCES.map(([, n]) => n));
  chips($("#axis-direction"), DIRECTIONS.map(([v]) => v), state.axes.direction, DIRECTIONS.map(([, n]) => n));
  const phoneSize = $("#phone-text-size");
  phoneSize.replaceChildren(...TEXT_SIZES.map((size) => el("option", {value: size, selected: size === "L"}, `${size}: ${TEXT_SIZE_NAMES[size]}${size === "L" ? " (default)" : ""}`)));
  phoneSize.addEventListener("change", () => { state.phone.textSize = phoneSize.value; refresh(); });
  $("#copy-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  $("#phone-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  $("#add-locale").addEventListener("click", addLanguage);
  $("#new-locale").addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); addLanguage(); } });
  $("#remove-locale").addEventListener("click", removeLanguage);
  $("#phone-direction").addEventListener("change", (event) => { state.phone.direction = event.target.value; refresh(); });
  phoneMarkup("light"); phoneMarkup("dark");
  // On a phone the findings and the axes start closed (their summaries say what they hold), so the
  // previews are on the first screen.
  if (matchMedia("(max-width: 800px)").matches) { $("#findings-panel").open = false; $("#axes-panel").open = false; }
  $("#overlay").addEventListener("change", (event) => { state.overlay = event.target.checked; refresh(); });
  $("#tab-grid").addEventListener("click", () => showView("grid"));
  $("#tab-phone").addEventListener("click", () => showView("phone"));
  // The tab list as ARIA's pattern has it: Tab enters at the chosen tab, the arrow keys (and Home,
  // End) move between the tabs and choose.
  $(".tabs").addEventListener("keydown", (event) => {
    const tabs = [$("#tab-grid"), $("#tab-phone")];
    const at = tabs.indexOf(document.activeElement);
    const to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1}[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();
    const tab = tabs[(to + tabs.length) % tabs.length];
    tab.focus();
    tab.click();
  });
  // At phone width the editor is a panel above the previews, opened and closed by this button.
  $("#editor-toggle").addEventListener("click", () => {
    const open = !$("#editor").classList.contains("open");
    $("#editor").classList.toggle("open", open);
    $("#editor-toggle").setAttribute("aria-expanded", String(open));
    $("#editor-toggle").textContent = open ? "Close the editor" : "Edit the campaign";
  });
  $("#campaigns").addEventListener("change", (event) => choose(event.target.value));
  // The editor form never submits (Enter in a field must not reload the page); set here, since the
  // page's Content-Security-Policy allows no inline handler.
  $("#editor").addEventListener("submit", (event) => event.preventDefault());
  $("#component-type").addEventListener("change", (event) => changeType(event.target.value));
  $("#save").addEventListener("click", save);
  setUpCampaignTools();
  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redo);
  // Outside a text field (where the browser's own undo works on the text), Ctrl+Z and Ctrl+Shift+Z
  // (⌘ on a Mac; Ctrl+Y too) step through the campaign's versions.
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); redo(); }
  });
  setUpCloserLook();
  $("#download-sheet").addEventListener("click", downloadSheet);
  $("#download-reveal").addEventListener("click", downloadReveal);
  $("#raw-json").addEventListener("input", (event) => {
    try {
      state.spec = JSON.parse(event.target.value);
      if (!state.spec || typeof state.spec !== "object" || Array.isArray(state.spec)) throw new Error("a spec is an object: { … }");
      showRawError(null);
      buildForm();
      setDirty(true);
      recordVersion("raw");
      schedule();
    } catch (error) {
      showRawError("Not valid JSON yet: " + error.message);
    }
  });
  window.addEventListener("beforeunload", (event) => { if (state.dirty) event.preventDefault(); });
  loadCampaigns(wanted ? "spec:" + wanted : null).then(() => { if (state.view === "phone") showView("phone"); });
});
