// GronaSnap Studio. Plain JavaScript, no build step, no library: it edits one spec (a JS object kept
// in `state.spec`), and shows what GronaSnap renders for it through the documented HTTP API only.
//
// Every edit, in the form or in the raw JSON, changes `state.spec`, rewrites whichever of the two
// views the person is not typing in, and schedules a refresh. A refresh starts a new generation:
// the previous one's requests are aborted (AbortController), and an answer from an old generation
// is dropped, so the grid never shows a mix of an old and a new edit.
//
// The page decides no rule of GronaSnap's: the text sizes, appearances, directions, pseudolanguages,
// components and their fields, colour tokens and finding kinds come from GET /api/schema, a
// language's name and direction from GET /api/locale, and each edit's tiles, findings (in plain
// words) and colour contrasts from one POST /api/preview, measured by the renderer itself.
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

// GronaSnap's own tables (GET /api/schema), read once before anything is drawn.
let SCHEMA = null;
// The tiles are drawn at the screen's own pixel density (a tile is at most 358 points wide on
// screen), so a plain screen is not sent four times the pixels it shows; downloads are @2x.
const SCALE = window.devicePixelRatio > 1 ? 2 : 1;
const DOWNLOAD_SCALE = 2;
// While keys come fast, the previews are asked for once the typing pauses this long; the first key
// after a quiet moment is sent at once (a newer request aborts the older one anyway).
const DEBOUNCE_MS = 40;

const textSizes = () => SCHEMA.textSizes.map((size) => size.value);
const sizeName = (value) => SCHEMA.textSizes.find((size) => size.value === value)?.name ?? value;
const componentKind = (type) => SCHEMA.components.find((kind) => kind.type === type);
const typeName = (type) => componentKind(type)?.name ?? type;
const fieldsOf = (type) => componentKind(type)?.fields ?? [];
const template = (type) => structuredClone(componentKind(type).template);

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
  view: "grid", generation: 0, controller: null, timer: null,
  // What the last preview measured: each colour field's colour and contrasts, per appearance.
  colors: {},
  // Each language tag's name and direction, as GronaSnap reads the tag (GET /api/locale).
  languageInfo: {},
  // What the findings panel shows now (the answer's findings, the tiles and the grid they are for).
  findingsShown: null,
  // The grid's tiles as the last answer planned them, and for which query (`variants()`).
  plan: null,
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
    const words = spec.error ? "cannot be read" : `${typeName(spec.type)}: ${spec.title || ""}`;
    saved.append(el("option", {value: "spec:" + spec.name}, `${spec.name.replace(/\.json$/, "")} (${words})`));
  }
  const templates = el("optgroup", {label: "Start a new campaign"});
  for (const kind of SCHEMA.components) templates.append(el("option", {value: "new:" + kind.type}, `New ${kind.name.toLowerCase()}`));
  menu.append(saved, templates);
  const wanted = select || (list.specs[0] ? "spec:" + list.specs[0].name : "new:banner");
  if (wanted.startsWith("spec:") && !list.specs.some((spec) => "spec:" + spec.name === wanted)) {
    showMissing(wanted.slice(5), list.specs);
    return;
  }
  menu.value = wanted;
  if (open) await choose(wanted);
  showCampaignActions();
}

// A link to a campaign the folder does not hold: a page that says so, with the folder's campaigns
// as links (each keeping the rest of the view) instead of an editor.
function showMissing(name, specs) {
  const link = (spec) => {
    const query = new URLSearchParams(location.search);
    if (spec) query.set("spec", spec); else query.delete("spec");
    return location.pathname + "?" + query.toString().replace(/%2C/g, ",");
  };
  $("main").hidden = true;
  $("#missing").hidden = false;
  // With no campaign open there is nothing to save, undo or manage: only the campaign menu stays.
  document.body.classList.add("no-campaign");
  $("#campaigns").value = "";
  $("#missing-name").textContent = name;
  $("#missing-list").replaceChildren(...specs.map((spec) => el("li", {}, el("a", {href: link(spec.name)}, spec.name.replace(/\.json$/, "")),
    spec.error ? " (cannot be read)" : ` (${typeName(spec.type)}: ${spec.title || ""})`)));
  $("#missing-none").hidden = specs.length > 0;
  $("#missing-new").href = link(null);
  document.title = "No campaign " + name + " · GronaSnap Studio";
  $("#missing h2").focus();
}

async function choose(value) {
  if (!$("#missing").hidden) { $("#missing").hidden = true; $("main").hidden = false; document.body.classList.remove("no-campaign"); }
  if (state.dirty && !confirm("Your changes are not saved. Open another campaign anyway?")) {
    $("#campaigns").value = state.name ? "spec:" + state.name : "new:" + state.template;
    return;
  }
  if (value.startsWith("spec:")) await openSpec(value.slice(5));
  else openTemplate(value.slice(4));
}

async function openSpec(name) {
  const answer = await fetch("/api/specs/" + encodeURIComponent(name));
  // Gone since the list was read: the error's body is not a campaign.
  if (answer.status === 404) { await loadCampaigns("spec:" + name); return; }
  const text = await answer.text();
  state.name = name; state.template = null; state.etag = answer.headers.get("ETag"); state.setAside = {};
  $("#save-as-label").hidden = true;
  say($("#save-message"), "");
  try {
    state.spec = JSON.parse(text);
    state.base = structuredClone(state.spec);
    state.baseText = text;
    $("#raw-json").value = text;
    showRawError(null);
  } catch (error) {
    state.spec = {component: template("banner")};
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
  state.name = null; state.etag = null; state.template = type; state.setAside = {}; state.base = null; state.baseText = null;
  state.spec = {theme: {}, component: template(type)};
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

// The address holds the view (campaign, languages, text sizes, appearances, directions, tab, the
// language edited, the VoiceOver overlay, the phone's text size and direction), so a link opens the
// studio as it was; it is rewritten, not added to the browser's history, on each change. A setting at
// its default is left out.
const VIEW_KEYS = {languages: "locale", sizes: "textSize", appearances: "appearance", directions: "direction"};

function readView() {
  const query = new URLSearchParams(location.search);
  const known = {textSize: textSizes(), appearance: SCHEMA.appearances.map((a) => a.value), direction: SCHEMA.directions.map((d) => d.value)};
  for (const [key, axis] of Object.entries(VIEW_KEYS)) {
    if (!query.has(key)) continue;
    const values = query.get(key).split(",").filter((v) => axis === "locale" || known[axis].includes(v));
    if (values.length) state.axes[axis].splice(0, state.axes[axis].length, ...values);
  }
  if (query.get("tab") === "phone") state.view = "phone";
  if (known.textSize.includes(query.get("phoneSize"))) state.phone.textSize = query.get("phoneSize");
  if (known.direction.includes(query.get("phoneDirection"))) state.phone.direction = query.get("phoneDirection");
  if (query.get("voiceover") === "on") state.overlay = true;
  // The language edited (and shown on the phone); buildForm falls back to the base copy when the
  // campaign has no such copy.
  if (query.get("language")) state.locale = query.get("language");
  return query.get("spec");
}

function writeView() {
  const query = new URLSearchParams();
  if (state.name) query.set("spec", state.name);
  for (const [key, axis] of Object.entries(VIEW_KEYS)) query.set(key, state.axes[axis].join(","));
  if (state.view !== "grid") query.set("tab", state.view);
  if (state.locale) query.set("language", state.locale);
  if (state.overlay) query.set("voiceover", "on");
  if (SCHEMA && state.phone.textSize !== SCHEMA.defaultTextSize) query.set("phoneSize", state.phone.textSize);
  if (state.phone.direction) query.set("phoneDirection", state.phone.direction);
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
  if (kind === "tiers") return tiersField(component);
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
  return ["", ...Object.keys(state.spec?.localizations || {}), ...SCHEMA.pseudos.map((pseudo) => "pseudo:" + pseudo.value)];
}
// A language by name and tag, as GronaSnap reads the tag: "German — de", "Arabic — ar, right to left".
function languageName(language) {
  const own = state.spec?.environment?.locale;
  if (!language) return own ? `Base copy — ${own}` : "Base copy";
  if (language.startsWith("pseudo:")) return SCHEMA.pseudos.find((pseudo) => "pseudo:" + pseudo.value === language)?.name ?? language;
  const info = state.languageInfo[language];
  return (info?.name ? `${info.name} — ${language}` : language) + (info?.direction === "rtl" ? ", right to left" : "");
}
// The query parameter value that picks a language for /api/preview: base, a tag, or pseudo:MODE.
const languageValue = (language) => language || "base";
// The query parameters that pick a language for the other routes: `locale=de`, `pseudo=double`, or none.
function languageQuery(language) {
  if (!language) return {};
  return language.startsWith("pseudo:") ? {pseudo: language.slice(7)} : {locale: language};
}
function isRightToLeft(language) {
  if (language.startsWith("pseudo:")) return SCHEMA.pseudos.find((pseudo) => "pseudo:" + pseudo.value === language)?.direction === "rtl";
  const tag = language || state.spec?.environment?.locale;
  return !!tag && state.languageInfo[tag]?.direction === "rtl";
}

// Asks GronaSnap for the name and direction of every tag the spec has that the page does not know
// yet, then names them everywhere; the language pickers show the bare tag until then.
async function learnLanguages() {
  const tags = [...Object.keys(state.spec?.localizations || {}), state.spec?.environment?.locale].filter((tag) => tag && !state.languageInfo[tag]);
  if (!tags.length) return;
  const answers = await Promise.all(tags.map((tag) => lookUpLanguage(tag).catch(() => null)));
  answers.forEach((info, index) => { state.languageInfo[tags[index]] = info || {tag: tags[index]}; });
  buildLanguagePickers();
  const tag = state.locale.startsWith("pseudo:") ? "" : state.locale;
  if (tag) document.querySelectorAll("#copy-fields [lang]").forEach((input) => { input.dir = isRightToLeft(tag) ? "rtl" : "auto"; });
}

async function lookUpLanguage(tag) {
  const answer = await fetch("/api/locale?tag=" + encodeURIComponent(tag));
  const result = await answerJSON(answer);
  if (!answer.ok) throw Object.assign(new Error(result.error), {status: answer.status, suggestion: result.suggestion});
  return result;
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
  learnLanguages();
}

function chooseLanguage(language) {
  state.locale = language;
  if (!state.axes.locale.includes(language)) state.axes.locale.push(language);
  buildForm();
  refresh();
}

// A new language's tag is checked by GronaSnap itself (the same check as --locale), and a tag it
// refuses is said next to the field that took it, so a malformed one never reaches the spec.
// The languages GronaSnap lists (/api/schema), by English and native name, for the search box.
function buildLanguageSearch() {
  $("#language-names").replaceChildren(...SCHEMA.locales.map((locale) =>
    el("option", {value: locale.tag, label: [locale.name, locale.nativeName].filter(Boolean).filter((n, i, all) => all.indexOf(n) === i).join(" · ")})));
}

async function addLanguage(typedTag) {
  const input = $("#new-locale"), error = $("#new-locale-error");
  const typed = (typeof typedTag === "string" ? typedTag : input.value).trim();
  error.hidden = true;
  const refuse = (text, suggestion) => {
    // A language GronaSnap refused with the one it most likely means: one click (or Enter) adds that.
    const use = suggestion && el("button", {type: "button", class: "suggestion", onclick: () => addLanguage(suggestion.tag)},
                                 `Add ${suggestion.name} (${suggestion.tag})`);
    error.replaceChildren(text, ...(use ? [" ", use] : []));
    error.hidden = false; input.setAttribute("aria-invalid", "true");
    (use || input).focus();
  };
  if (!typed) { refuse("Type the language's name or tag first, like German, de, fr-CA or ja."); return; }
  let info;
  try {
    info = await lookUpLanguage(typed);
  } catch (problem) {
    // Only the tag can be wrong in that request; anything else (the server away) is said as it is.
    const message = String(problem.message);
    refuse(message.startsWith("tag: ") ? message.slice(5) + (problem.suggestion ? "." : " (tags look like de, fr-CA, pt-BR or zh-Hant)")
                                       : "The language could not be checked: " + message, problem.suggestion);
    return;
  }
  error.hidden = true; input.removeAttribute("aria-invalid"); input.value = "";
  // The tag as GronaSnap writes it (DE-at is de-AT), so the spec holds one key per language.
  const tag = info.tag;
  state.languageInfo[tag] = info;
  const localizations = state.spec.localizations || (state.spec.localizations = {});
  if (!localizations[tag]) localizations[tag] = {};
  state.locale = tag;
  if (!state.axes.locale.includes(tag)) state.axes.locale.push(tag);
  buildForm();
  changed();
}

// The campaign's copy for translators: GronaSnap writes the file (XLIFF 1.2 with every language,
// XLIFF 2.0 with the language edited, CSV with a column per language) and reads one back; the texts
// read join the campaign's localizations like any edit (Save writes them).
async function exportTranslations() {
  const format = $("#translation-format").value, message = $("#translations-message");
  const language = format === "xliff2.0" && state.locale && !state.locale.startsWith("pseudo:") ? state.locale : null;
  try {
    const answer = await post("translations", {format, ...(language ? {language} : {})});
    const file = await answer.json();
    download(new Blob([file.text], {type: file.mediaType}), file.name);
    say(message, `Exported ${file.name}.`, "ok");
  } catch (error) {
    say(message, `Not exported: ${error.message}`, "bad");
  }
}

async function importTranslations(input) {
  const file = input.files[0], message = $("#translations-message");
  if (!file) return;
  input.value = "";
  const answer = await fetch(`/api/translations/import?${query({format: $("#translation-format").value})}`,
                             {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({spec: state.spec, text: await file.text()})});
  const result = await answerJSON(answer);
  if (!answer.ok) { say(message, `Not imported: ${result.error}`, "bad"); return; }
  const localizations = state.spec.localizations || (state.spec.localizations = {});
  const tags = Object.keys(result.localizations);
  for (const tag of tags) {
    localizations[tag] = {...(localizations[tag] || {}), ...result.localizations[tag]};
    if (!state.axes.locale.includes(tag)) state.axes.locale.push(tag);
  }
  buildForm();
  changed();
  say(message, `Imported ${file.name}: ${tags.map(languageName).join(", ") || "no language"}.`, "ok");
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
/// the colour gives where it is drawn, exactly as the renderer measured it in the last preview.
function colorRows(path, label, value, usedFor) {
  if (value && typeof value === "object") {
    return ["light", "dark"].map((mode) => colorRow(`${path}.${mode}`, `${label} (${mode})`, value[mode], usedFor, path, mode));
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

/// The last preview's measurement of a colour field in `mode` (light when the row is not per
/// appearance and light tiles are shown, otherwise the appearance shown).
function measurement(field, mode) {
  const colors = state.colors || {};
  const appearance = mode || (colors.light ? "light" : "dark");
  return colors[appearance] ? {...colors[appearance][field], appearance} : null;
}
function measuredColor(field, mode) { return measurement(field, mode)?.color; }

/// The checks a hint shows: for the card's colour, the copy and shapes on it; for any other colour,
/// where it is the text or fill itself, else where it is what they are drawn on.
function shownChecks(measured) {
  const checks = measured?.checks || [];
  const first = checks.filter((check) => (check.as === "background") === !!measured.card);
  return first.length ? first : checks;
}

/// "title, body text: 15.9:1 on #EEF9F3, reads well": the report's figures, one per pair drawn; a
/// figure under its minimum says what the app draws instead.
function contrastHint(measured) {
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
function pickerValue(hex) {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex || "");
  if (short) return "#" + short.slice(1).map((c) => c + c).join("").toLowerCase();
  return /^#[0-9a-f]{6}/i.test(hex || "") ? hex.slice(0, 7).toLowerCase() : "#000000";
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
  // Back to the file as it was opened or saved (a type switched and switched back, a word typed and
  // deleted): nothing is unsaved.
  setDirty(!state.base || JSON.stringify(state.spec) !== JSON.stringify(state.base));
  recordVersion(field);
  syncRaw(false);
  schedule();
}

function syncRaw(force) {
  const raw = $("#raw-json");
  // Back to the file as opened or saved, the raw JSON is the file's own text, byte for byte.
  const same = state.baseText && JSON.stringify(state.spec) === JSON.stringify(state.base);
  if (force || document.activeElement !== raw) raw.value = same ? state.baseText : JSON.stringify(state.spec, null, 2) + "\n";
}

function showRawError(message) {
  const box = $("#raw-error");
  box.hidden = !message;
  box.textContent = message || "";
}

// Switching the component type keeps the copy the two types share. What a type was when it was left
// is kept (`state.setAside`, never saved), so switching back restores it as it was, key for key:
// banner → message → banner gives back the banner byte for byte, without the template's words for
// what it never had. Only copy edited in the other type meanwhile is carried back.
function changeType(type) {
  const old = state.spec.component || {};
  const kept = state.setAside;
  const arrived = kept.arrived || {};
  kept[old.type] = structuredClone(old);
  const before = kept[type];
  const next = before ? structuredClone(before) : template(type);
  for (const {key} of fieldsOf(type)) {
    if (old[key] === undefined) continue;
    // A value the other type took from its template on arriving, not from the person, is not copy.
    const untouched = before && before[key] === undefined && JSON.stringify(old[key]) === JSON.stringify(arrived[key]);
    if (!untouched) next[key] = old[key];
  }
  next.type = type;
  if (old.style) next.style = old.style; else delete next.style;
  kept.arrived = structuredClone(next);
  state.spec.component = next;
  buildForm();
  changed();
}

// ---------------------------------------------------------------- previews

function schedule() {
  clearTimeout(state.timer);
  const now = performance.now(), quiet = now - (state.lastEdit || 0) > DEBOUNCE_MS;
  state.lastEdit = now;
  if (quiet && !state.controller) refresh();
  else state.timer = setTimeout(refresh, DEBOUNCE_MS);
}

const shownLanguages = () => languages().filter((l) => state.axes.locale.includes(l));
const values = (axis) => SCHEMA[axis].map((entry) => entry.value);

// The grid's tiles as GronaSnap planned them (the answer's `plan`: index, language, text size,
// appearance, direction and name), kept for the axes they were planned for: the page computes no
// product of axes of its own. Until the first answer for these axes, none (the request draws all).
const planFor = () => JSON.stringify(previewQuery());
function variants() { return state.plan && state.plan.for === planFor() ? state.plan.tiles : null; }
const key = (v) => `${(v.language || "base").replace(/[^A-Za-z0-9-]/g, "-")}-${v.textSize}-${v.appearance}-${v.direction}`;

function query(parameters) {
  const all = {name: state.name || $("#save-as").value || "untitled.json", ...parameters};
  if (!/^[^/\\]+\.json$/.test(all.name)) all.name = "untitled.json";
  return new URLSearchParams(all).toString();
}

// An answer's JSON; an answer that is not JSON (a proxy's error page) as an error naming its status.
function answerJSON(answer) { return answer.json().catch(() => ({error: `the server answered ${answer.status}`})); }

// An error answer's fields ride on the Error: `path` and `problem` when GronaSnap refused the spec.
async function post(route, parameters, signal, spec = state.spec) {
  const answer = await fetch(`/api/${route}?${query(parameters)}`, {method: "POST", body: JSON.stringify(spec), signal,
                                                                    headers: {"Content-Type": "application/json"}});
  if (!answer.ok) {
    const problem = await answerJSON(answer);
    throw Object.assign(new Error(problem.error), {status: answer.status, path: problem.path});
  }
  return answer;
}

// What one edit asks for: the grid's axes, or the phone's language and text size in light and dark
// (in the language's own direction unless one is picked).
function previewQuery() {
  if (state.view === "grid") {
    return {languages: shownLanguages().map(languageValue).join(","), textSizes: state.axes.textSize.join(","),
            appearances: state.axes.appearance.join(","), directions: state.axes.direction.join(","), scale: SCALE,
            ...(state.overlay ? {overlay: "accessibility"} : {})};
  }
  return {languages: languageValue(state.locale), textSizes: state.phone.textSize, appearances: "light,dark", scale: SCALE,
          ...(state.phone.direction ? {directions: state.phone.direction} : {})};
}

// One request per edit (POST /api/preview): every tile, the findings and the colours' contrasts in
// one answer, each tile rendered once.
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
    const grid = state.view === "grid";
    const planned = grid ? variants() : null;
    if (planned) layOutGrid(planned);
    // The tiles on screen are drawn first; the rest follow in a second request (below).
    const onScreen = planned ? visibleTiles(planned) : null;
    const first = onScreen && onScreen.length < planned.length ? {draw: onScreen.join(",") || "0"} : {};
    const asked = planFor();
    const answer = await post("preview", {...previewQuery(), ...first}, controller.signal);
    const result = await answer.json();
    if (!current()) return;
    const list = grid ? result.plan : [];
    if (grid) { state.plan = {for: asked, tiles: list}; layOutGrid(list); }
    showSpecError(null);
    for (const language of result.languages) {
      if (language.language && !language.language.startsWith("pseudo:") && !state.languageInfo[language.language]?.name) {
        state.languageInfo[language.language] = {tag: language.language, name: language.name, direction: language.direction};
      }
    }
    state.colors = result.colors;
    updateContrast();
    const tiles = grid ? await showTiles(list, result.tiles) : await showPhones(result.tiles);
    if (!current()) return;
    showFindings(result.findings, tiles);
    // Every tile on screen shows this edit: what the latency measurement (scripts/studio-latency) waits for.
    document.body.dataset.updated = String(generation);
    if (grid && result.tiles.length < list.length) {
      const drawn = new Set(result.tiles.map((tile) => tile.index));
      const rest = list.map((_, index) => index).filter((index) => !drawn.has(index));
      const filled = await post("preview", {...previewQuery(), draw: rest.join(","), findings: "false"}, controller.signal);
      const more = await filled.json();
      if (!current()) return;
      await showTiles(list, more.tiles);
      if (!current()) return;
    }
    document.body.dataset.filled = String(generation);
  } catch (error) {
    if (error.name === "AbortError" || !current()) return;
    showSpecError(error);
  } finally {
    clearTimeout(slow);
    if (current()) { $("#busy").hidden = true; $("#preview").removeAttribute("aria-busy"); state.controller = null; }
  }
}

/// The indices of the tiles whose cells are on screen now. An IntersectionObserver keeps the set as
/// the grid scrolls, so a keystroke does not force a layout of the page before its request is sent;
/// until the observer has reported on a new grid, the cells' boxes are measured.
const cellsOnScreen = {ids: new Set(), ready: false, observer: null};
function visibleTiles(list) {
  if (cellsOnScreen.ready) return list.map((variant, index) => [index, "cell-" + key(variant)])
    .filter(([, id]) => cellsOnScreen.ids.has(id)).map(([index]) => index);
  const bottom = window.innerHeight, right = window.innerWidth;
  return list.map((variant, index) => [index, document.getElementById("cell-" + key(variant))?.getBoundingClientRect()])
    .filter(([, box]) => box && box.bottom > 0 && box.top < bottom && box.right > 0 && box.left < right).map(([index]) => index);
}
function watchCells(grid) {
  cellsOnScreen.observer?.disconnect();
  cellsOnScreen.ids.clear();
  cellsOnScreen.ready = false;
  cellsOnScreen.observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) cellsOnScreen.ids.add(entry.target.id); else cellsOnScreen.ids.delete(entry.target.id);
    }
    cellsOnScreen.ready = true;
  });
  grid.querySelectorAll(".cell").forEach((cell) => cellsOnScreen.observer.observe(cell));
}

function layOutGrid(list) {
  const grid = $("#grid");
  const columns = Math.max(1, state.axes.appearance.length * state.axes.direction.length);
  const rowName = (v) => (state.axes.locale.length > 1 || v.language ? languageName(v.language) + " · " : "") + sizeName(v.textSize);
  grid.style.setProperty("--columns", String(columns));
  $("#axes-summary").textContent = `${list.length}: ` + [state.axes.locale.map(languageName).join(", "), state.axes.textSize.map(sizeName).join(", "),
    state.axes.appearance.join(", "), state.axes.direction.map((d) => d.toUpperCase()).join(", ")].join(" · ") + (state.overlay ? " · VoiceOver" : "");
  grid.classList.toggle("overlaid", state.overlay);
  if (grid.dataset.layout === list.map(key).join(",") + state.overlay) return;
  grid.replaceChildren();
  let row = null;
  for (const variant of list) {
    if (rowName(variant) !== row) { row = rowName(variant); grid.append(el("div", {class: "row-head"}, row)); }
    grid.append(el("figure", {class: "cell " + variant.appearance, id: "cell-" + key(variant), "data-variant": key(variant), tabindex: "-1"},
      el("figcaption", {}, el("span", {class: "name"}),
        el("a", {href: "#", download: "", class: "png", onclick: (event) => { event.preventDefault(); downloadTile(variant, event.currentTarget.download); }},
          "Download", el("span", {class: "sr-only"}))),
      closerLook(el("img", {alt: "", lang: variant.language && !variant.language.startsWith("pseudo:") ? variant.language : undefined}), variant),
      el("div", {class: "badges"})));
  }
  grid.dataset.layout = list.map(key).join(",") + state.overlay;
  watchCells(grid);
}

// The tiles of the answer in the grid's cells, named as GronaSnap names them ("Large, dark, right to
// left"); resolves once every picture is decoded, with the variants in the answer's order.
async function showTiles(list, tiles) {
  const base = (state.name || $("#save-as").value || "campaign").replace(/\.json$/, "");
  const images = [];
  tiles.forEach((tile) => {
    const variant = list[tile.index];
    const cell = variant && document.getElementById("cell-" + key(variant));
    if (!cell) return;
    cell.setAttribute("aria-label", tile.name);
    cell.querySelector(".closer-open").title = "Look closer: " + tile.name;
    const caption = cell.querySelector("figcaption .name");
    caption.textContent = tile.name; caption.title = tile.name;
    cell.querySelector("a.png .sr-only").textContent = " " + tile.name;
    const img = cell.querySelector("img");
    img.alt = `The campaign: ${tile.name}${state.overlay ? ", with what VoiceOver reads" : ""}`;
    img.src = tile.png;
    images.push(img);
    const link = cell.querySelector("a.png");
    link.download = `${base}-${key(variant)}@${DOWNLOAD_SCALE}x.png`;
    cell.dataset.generation = String(state.generation);
  });
  await Promise.all(images.map((img) => img.decode().catch(() => {})));
  return list;
}

async function showPhones(tiles) {
  const images = [];
  for (const tile of tiles) {
    const img = $(`#phone-${tile.appearance} .component img`);
    img.src = tile.png;
    images.push(img);
    $(`#phone-${tile.appearance} .screen`).dir = tile.direction;
  }
  await Promise.all(images.map((img) => img.decode().catch(() => {})));
  return tiles.map((tile) => ({language: state.locale, textSize: tile.textSize, appearance: tile.appearance, direction: tile.direction}));
}

// What the marketer should look at: GronaSnap's findings for the tiles shown, grouped and said in
// plain words by GronaSnap (why it matters, what to change, the colours as swatches). A finding is
// a button: activating it highlights its tiles and scrolls to them.
function showFindings(findings, tiles) {
  const list = $("#findings");
  // While typing, the findings are often the same as a moment ago: the panel is left as it is.
  const shown = JSON.stringify(findings) + "|" + tiles.map(key).join(",") + "|" + state.view + "|" + ($("#grid").dataset.layout || "");
  if (shown === state.findingsShown && list.childElementCount) { announceDone(findings.length); return; }
  state.findingsShown = shown;
  list.replaceChildren();
  document.querySelectorAll(".cell").forEach((cell) => { cell.classList.remove("flagged"); cell.querySelector(".badges").replaceChildren(); });
  $("#findings-count").textContent = findings.length ? `${findings.length} thing${findings.length > 1 ? "s" : ""}` : "";
  if (!findings.length) {
    list.append(el("li", {class: "none"}, "GronaSnap finds nothing to fix in these variants."));
    announceDone(0);
    return;
  }
  findings.forEach((finding, index) => {
    const where = finding.tiles.map((at) => tiles[at]).filter(Boolean);
    const id = "finding-" + index;
    const swatches = finding.swatches.map((swatch) => {
      const chip = el("span", {class: "swatch", "aria-hidden": "true"});
      chip.style.backgroundColor = swatch.hex;
      return el("span", {class: "swatch-label"}, chip, `${swatch.label} ${swatch.hex}`);
    });
    list.append(el("li", {class: "finding", "data-kind": finding.kind, "data-role": finding.role, onclick: () => point(where)},
      el("button", {type: "button", class: "finding-button", "aria-describedby": `${id}-where ${id}-more`},
        el("span", {class: "kind"}, finding.name + ": "), ...isolated(finding.sentence, finding.copyLanguage)),
      swatches.length ? el("span", {class: "swatches"}, ...swatches) : null,
      el("span", {class: "more", id: id + "-more"}, finding.fix ? el("span", {class: "fix"}, finding.fix + " ") : null,
        finding.apply ? el("button", {type: "button", class: "apply", "aria-label": `Apply: ${finding.fix}`,
                                      onclick: (event) => { event.stopPropagation(); applyFix(finding.apply); }}, "Apply") : null,
        el("span", {class: "why"}, finding.why)),
      el("span", {class: "where", id: id + "-where"}, (finding.place || "in the variant shown") + (where.length && state.view === "grid" ? " · show in the grid" : ""))));
    for (const variant of where) {
      const cell = document.getElementById("cell-" + key(variant));
      if (!cell) continue;
      cell.classList.add("flagged");
      const badges = cell.querySelector(".badges");
      if (![...badges.children].some((b) => b.textContent === finding.badge)) badges.append(el("span", {class: "badge", title: finding.name}, finding.badge));
    }
  });
  announceDone(findings.length);
}

// A fix GronaSnap checked to clear its finding: the field set to its value, the form showing it,
// and the previews checked again (the next answer says whether anything is left).
function applyFix(apply) {
  setPath(apply.path, apply.value);
  buildForm();
  announce(`${apply.label} set to ${apply.value}; checking again.`);
  $("#findings-panel > summary").focus();
}

// A sentence whose quoted copy GronaSnap isolated (U+2068 … U+2069) as text and <bdi> elements, so
// right-to-left copy keeps its order inside an English sentence (and is read in its language).
function isolated(sentence, language) {
  return sentence.split(/\u2068([^\u2069]*)\u2069/).map((part, index) =>
    index % 2 ? el("bdi", {lang: language || undefined}, part) : part).filter((part) => part !== "");
}

// The live region (role=status): what a screen reader says when the previews have caught up, once
// per change of what they say, so that typing does not make it chatter.
function announce(text) {
  const live = $("#live");
  if (live.textContent !== text) live.textContent = text;
}
function announceDone(findings) {
  const count = state.view === "grid" ? (variants() || []).length : 2;
  announce(`${count} previews up to date; ${findings ? findings + " thing" + (findings > 1 ? "s" : "") + " to look at" : "nothing to look at"}.`);
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

// An error from GronaSnap goes next to the field it is about, with its JSON path, and into the banner
// above the preview. `problem` is the error answer (or an Error carrying its fields): GronaSnap gives
// the file and the path on their own (`{"error": "x.json: $.component.title: …", "file": …, "path": …}`).
function showSpecError(problem) {
  document.querySelectorAll(".field.invalid, .color-row.invalid").forEach((field) => field.classList.remove("invalid"));
  document.querySelectorAll("p.error.field-error").forEach((p) => p.remove());
  // Only the marks this function made: a language refused in Add a language keeps its own.
  document.querySelectorAll('[aria-invalid][aria-describedby="field-error"]').forEach((input) => {
    input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby");
  });
  const banner = $("#spec-error");
  banner.hidden = !problem;
  if (!problem) return;
  const path = typeof problem === "object" && problem.path || null;
  const line = typeof problem === "object" ? problem.error || problem.message : String(problem);
  // The words after the file and the path, which the answer also gives on their own.
  const text = path && line.includes(path + ": ") ? line.slice(line.indexOf(path + ": ") + path.length + 2) : line;
  if (!path) { banner.textContent = "The preview is paused until this is fixed: " + text; return null; }
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
  // The field named as the form names it ("Title"); the JSON path only for what has no field.
  const name = field ? fieldName(field) : null;
  banner.textContent = "The preview is paused until this is fixed: " + (name ? `${name}: ${text}` : `${text} (at ${path})`);
  if (!field) return null;
  field.classList.add("invalid");
  field.append(el("p", {class: "error field-error", id: "field-error"}, `${name}: ${text}`));
  const inputs = [...field.querySelectorAll("input[data-path], input, textarea, select")];
  for (const input of inputs) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", "field-error");
  }
  return {name, text, input: inputs[0] || null};
}

// A form field's name as the form shows it: its label's own words, without the hint.
function fieldName(field) {
  if (field.dataset.label) return field.dataset.label;
  const own = [...field.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
  return (own || field.querySelector("legend, label, .label") || field).textContent.trim();
}

// The editor brought into view with `input` focused: at phone width the editor is a closed panel,
// and a field may sit in a closed section; both are opened first.
function revealField(input) {
  if (getComputedStyle($("#editor-toggle")).display !== "none" && !$("#editor").classList.contains("open")) $("#editor-toggle").click();
  for (let box = input.closest("details"); box; box = box.parentElement?.closest("details")) box.open = true;
  input.focus();
  input.scrollIntoView({block: "center"});
}

// ---------------------------------------------------------------- downloads and saving

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", {href: url, download: name});
  document.body.append(link); link.click(); link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// A tile's PNG at @2x, as /api/render draws it (the grid's own may be @1x).
async function downloadTile(variant, name) {
  try {
    const answer = await post("render", {...languageQuery(variant.language), textSize: variant.textSize, appearance: variant.appearance,
                                         direction: variant.direction, scale: DOWNLOAD_SCALE, ...(state.overlay ? {overlay: "accessibility"} : {})});
    download(await answer.blob(), name);
  } catch (error) { showSpecError(error); }
}

async function downloadSheet() {
  const base = (state.name || $("#save-as").value || "campaign").replace(/\.json$/, "");
  try {
    const answer = await post("sheet", sheetQuery());
    download(await answer.blob(), `${base}-sheet.png`);
  } catch (error) { showSpecError(error); }
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
  } catch (error) { showSpecError(error); }
}

async function save() {
  const message = $("#save-message");
  // The raw JSON is what the person last typed: while it does not parse, saving would write an
  // older version than the one on screen.
  if (!$("#raw-error").hidden) {
    say(message, "Not saved: the spec file (JSON) has a mistake; fix it first (" + $("#raw-error").textContent + ").", "bad");
    revealField($("#raw-json"));
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
    state.baseText = text;
    $("#save-as-label").hidden = true;
    setDirty(false);
    say(message, `Saved to ${name} at ${new Date().toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})}.`, "ok");
    if (fresh) await loadCampaigns("spec:" + name);
  } else if (answer.status === 409 && state.name && state.base) {
    await mergeSave(name);
  } else if (answer.status === 409) {
    say(message, `Not saved: ${result.error}`, "bad");
  } else {
    const marked = showSpecError(result);
    if (marked) {
      say(message, `Not saved: ${marked.name}: ${marked.text}`, "bad");
      if (marked.input) revealField(marked.input);
    } else {
      say(message, `Not saved: ${result.error || "the server answered " + answer.status}`, "bad");
    }
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
  const result = await answerJSON(answer);
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
  state.baseText = null;
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
    const spec = {theme: {}, component: template($("#template-type").value)};
    answer = await fetch("/api/specs/" + encodeURIComponent(to), {method: "PUT", headers: {"Content-Type": "application/json"},
                                                                  body: JSON.stringify(spec, null, 2) + "\n"});
  } else {
    const headers = {"Content-Type": "application/json"};
    if (mode === "rename" && state.etag) headers["If-Match"] = state.etag;
    answer = await fetch(`/api/specs/${encodeURIComponent(state.name)}/${mode}`, {method: "POST", headers, body: JSON.stringify({to})});
  }
  const result = await answerJSON(answer);
  if (!answer.ok) { nameError(result.error); return; }
  $("#name-dialog").close();
  const done = {new: `Created ${to}.`, duplicate: `Duplicated ${state.name} as ${to}.`, rename: `Renamed ${state.name} to ${to}.`}[mode];
  if (mode === "rename") {
    // The edit in progress stays; only its file's name changed.
    state.name = to;
    await loadCampaigns("spec:" + to, false);
    setDirty(state.dirty);
    writeView();
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
  const result = await answerJSON(answer);
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
  const result = await answerJSON(answer);
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
    const result = await answerJSON(answer);
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
  $("#template-type").replaceChildren(...SCHEMA.components.map((kind) => el("option", {value: kind.type}, kind.name)));
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
function closerLook(image, variant) {
  return el("button", {type: "button", class: "closer-open", "aria-haspopup": "dialog",
                       onclick: (event) => openCloserLook(event.currentTarget, image, variant,
                                                          image.closest(".cell")?.getAttribute("aria-label") || "")},
            image);
}

// The tile shows the picture at the screen's density; the dialog shows it as the download has it
// (@2x), fetched when asked for, so a closer look is closer than the tile.
async function openCloserLook(opener, image, variant, name) {
  const dialog = $("#closer");
  if (!image.src) return;
  let source = image.src;
  try {
    const answer = await post("render", {...languageQuery(variant.language), textSize: variant.textSize, appearance: variant.appearance,
                                         direction: variant.direction, scale: DOWNLOAD_SCALE, ...(state.overlay ? {overlay: "accessibility"} : {})});
    if (closerURL) URL.revokeObjectURL(closerURL);
    source = closerURL = URL.createObjectURL(await answer.blob());
  } catch (error) { /* the tile's own picture, then */ }
  $("#closer-title").textContent = name + (state.overlay ? ", what VoiceOver reads" : "");
  const full = $("#closer-image");
  full.alt = image.alt;
  if (image.lang) full.lang = image.lang; else full.removeAttribute("lang");
  full.src = source;
  await full.decode().catch(() => {});
  dialog.opener = opener;
  dialog.showModal();
  $("#closer-close").focus();
}
let closerURL = null;

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

window.addEventListener("DOMContentLoaded", async () => {
  const answer = await fetch("/api/schema");
  if (!answer.ok) { showSpecError(await answerJSON(answer)); return; }
  SCHEMA = await answer.json();
  state.phone.textSize = SCHEMA.defaultTextSize;
  const wanted = readView();
  chips($("#axis-textSize"), textSizes(), state.axes.textSize, SCHEMA.textSizes.map((size) => size.name));
  chips($("#axis-appearance"), values("appearances"), state.axes.appearance, SCHEMA.appearances.map((a) => a.name));
  chips($("#axis-direction"), values("directions"), state.axes.direction, SCHEMA.directions.map((d) => d.name));
  const phoneSize = $("#phone-text-size");
  phoneSize.replaceChildren(...SCHEMA.textSizes.map((size) => el("option", {value: size.value, selected: size.value === state.phone.textSize}, size.name)));
  phoneSize.addEventListener("change", () => { state.phone.textSize = phoneSize.value; refresh(); });
  $("#copy-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  $("#phone-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  buildLanguageSearch();
  $("#add-locale").addEventListener("click", () => addLanguage());
  $("#new-locale").addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); addLanguage(); } });
  $("#remove-locale").addEventListener("click", removeLanguage);
  $("#export-translations").addEventListener("click", exportTranslations);
  $("#import-translations").addEventListener("change", (event) => importTranslations(event.target));
  $("#phone-direction").value = state.phone.direction;
  $("#overlay").checked = state.overlay;
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
