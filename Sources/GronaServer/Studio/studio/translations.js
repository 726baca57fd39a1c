// The campaign's languages: choosing, adding and removing one, and the translators' files.
import {$, el, say, download, focusStayed} from "./dom.js";
import {SCHEMA, state, isPseudo} from "./state.js";
import {query, answerJSON, post} from "./api.js";
import {languageName, lookUpLanguage} from "./languages.js";
import {refresh} from "./tiles.js";
import {buildForm, changed} from "./editor.js";

function chooseLanguage(language) {
  state.locale = language;
  if (!state.axes.locale.includes(language)) state.axes.locale.push(language);
  buildForm();
  refresh();
}

// The languages GronaSnap lists (/api/schema), by English and native name, for the search box.
function buildLanguageSearch() {
  $("#language-names").replaceChildren(...SCHEMA.locales.map((locale) =>
    el("option", {value: locale.tag, label: [locale.name, locale.nativeName].filter(Boolean).filter((n, i, all) => all.indexOf(n) === i).join(" · ")})));
}

// A new language's tag is checked by GronaSnap itself (the same check as --locale), and a tag it
// refuses is said next to the field that took it, so a malformed one never reaches the spec.
async function addLanguage(typedTag) {
  const input = $("#new-locale"), error = $("#new-locale-error");
  const asked = input.value;
  const typed = (typeof typedTag === "string" ? typedTag : asked).trim();
  error.hidden = true;
  // While GronaSnap looks the tag up, the person may type on (the next language) or go elsewhere.
  const left = document.activeElement;
  const refuse = (text, suggestion) => {
    // A language GronaSnap refused with the one it most likely means: one click (or Enter) adds that.
    const use = suggestion && el("button", {type: "button", class: "suggestion", onclick: () => addLanguage(suggestion.tag)},
                                 `Add ${suggestion.name} (${suggestion.tag})`);
    error.replaceChildren(text, ...(use ? [" ", use] : []));
    error.hidden = false; input.setAttribute("aria-invalid", "true");
    if (focusStayed(left)) (use || input).focus();
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
  error.hidden = true; input.removeAttribute("aria-invalid");
  // Cleared only if it still holds what it held when asked, not the next language typed meanwhile.
  if (input.value === asked) input.value = "";
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
  const language = format === "xliff2.0" && state.locale && !isPseudo(state.locale) ? state.locale : null;
  try {
    const answer = await post("translations", {format, ...(language ? {language} : {})});
    const file = await answer.json();
    download(new Blob([file.text], {type: file.mediaType}), file.name);
    say(message, `Exported ${file.name}.`, "ok");
  } catch (error) {
    say(message, `Not exported: ${error.message}`, "bad");
  }
}

// A file's bytes as base64: GronaSnap, not the browser, tells its encoding (a Windows-1252 CSV read
// here as UTF-8 would arrive with "�" for its letters).
function base64(bytes) {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

// GronaSnap reads the file and answers what it would change (`changes`, per language and field);
// nothing changes until the person applies that in the dialog.
async function importTranslations(input) {
  const file = input.files[0], message = $("#translations-message");
  if (!file) return;
  input.value = "";
  say(message, `Reading ${file.name}…`);
  let answer, result;
  try {
    const body = JSON.stringify({spec: state.spec, file: base64(new Uint8Array(await file.arrayBuffer()))});
    answer = await fetch(`/api/translations/import?${query({format: $("#translation-format").value})}`,
                         {method: "POST", headers: {"Content-Type": "application/json"}, body});
    result = await answerJSON(answer);
  } catch (problem) {
    say(message, `Not imported: ${problem.message}`, "bad");
    return;
  }
  if (!answer.ok) { say(message, `Not imported: ${result.error}`, "bad"); return; }
  const languages = Object.keys(result.localizations).map(languageName).join(", ") || "no language";
  if (!result.changes.length) { say(message, `Imported ${file.name}: nothing to change in ${languages}.`, "ok"); return; }
  say(message, "");
  showImport(file.name, result);
}

const quotedText = (text) => `“${text}”`;

// One line per field, in plain words: "Italian — Button label: empty in the file; kept as “Acquista”".
function changeLine(change) {
  const what = {
    added: () => `added ${quotedText(change.after)}`,
    changed: () => `${quotedText(change.before)} becomes ${quotedText(change.after)}`,
    emptied: () => `empty in the file; kept as ${quotedText(change.before)}`,
  }[change.change]();
  return el("li", {class: change.change}, el("strong", {}, `${change.languageName} — ${change.label}: `), what);
}

function showImport(name, result) {
  const dialog = $("#import-dialog");
  const applied = result.changes.filter((change) => change.change !== "emptied");
  const kept = result.changes.length - applied.length;
  const count = (n, one) => `${n} ${one}${n === 1 ? "" : "s"}`;
  $("#import-intro").textContent = `${name} would change ${applied.length ? count(applied.length, "field") : "nothing"}. `
    + (kept === 1 ? "1 field is empty in the file and keeps its text. " : kept ? `${kept} fields are empty in the file and keep their text. ` : "")
    + "Nothing changes until you apply it.";
  $("#import-changes").replaceChildren(...result.changes.map(changeLine));
  // Fields neither the file nor the campaign translates show the base copy; said once per language.
  const listed = new Set(result.changes.map((change) => change.language + " " + change.key));
  const untranslated = {};
  for (const field of result.untranslated) {
    if (!listed.has(field.language + " " + field.key)) (untranslated[field.languageName] ||= []).push(field.label);
  }
  const notes = Object.entries(untranslated).map(([language, labels]) => `${language}: ${labels.join(", ")}`);
  $("#import-untranslated").textContent = notes.length ? `Not translated in the file, so the base copy shows: ${notes.join("; ")}.` : "";
  $("#import-untranslated").hidden = !notes.length;
  $("#import-apply").disabled = !applied.length;
  dialog.result = {name, applied};
  dialog.returnValue = "";
  dialog.showModal();
  (applied.length ? $("#import-apply") : $("#import-cancel")).focus();
}

// A field of a language's copy set as the file has it ("tiers.1" is the second tier's label).
function setCopy(localization, key, text) {
  const tier = /^tiers\.(\d+)$/.exec(key);
  if (!tier) { localization[key] = text; return; }
  const tiers = localization.tiers || (localization.tiers = []);
  while (tiers.length <= Number(tier[1])) tiers.push(null);
  tiers[Number(tier[1])] = text;
}

function applyImport(event) {
  event.preventDefault();
  const dialog = $("#import-dialog");
  const {name, applied} = dialog.result;
  const localizations = state.spec.localizations || (state.spec.localizations = {});
  for (const change of applied) {
    setCopy(localizations[change.language] || (localizations[change.language] = {}), change.key, change.after);
    if (!state.axes.locale.includes(change.language)) state.axes.locale.push(change.language);
  }
  dialog.close("apply");
  buildForm();
  changed();
  const languages = [...new Set(applied.map((change) => change.languageName))].join(", ");
  say($("#translations-message"), `Imported ${name}: ${applied.length} ${applied.length === 1 ? "field" : "fields"} in ${languages}.`, "ok");
}

// Cancel, Escape or Apply: the focus goes back to Import…, and a cancel says nothing changed.
function importClosed() {
  const dialog = $("#import-dialog");
  if (dialog.returnValue !== "apply") say($("#translations-message"), `Not imported: ${dialog.result.name} was not applied; nothing changed.`, "");
  $("#import-translations").focus();
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

export function setUpLanguages() {
  $("#copy-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  $("#phone-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  buildLanguageSearch();
  $("#add-locale").addEventListener("click", () => addLanguage());
  $("#new-locale").addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); addLanguage(); } });
  $("#remove-locale").addEventListener("click", removeLanguage);
  $("#export-translations").addEventListener("click", exportTranslations);
  $("#import-translations").addEventListener("change", (event) => importTranslations(event.target));
  $("#import-form").addEventListener("submit", applyImport);
  $("#import-cancel").addEventListener("click", () => $("#import-dialog").close("cancel"));
  $("#import-dialog").addEventListener("close", importClosed);
}
