// The campaign's languages: choosing, adding and removing one, and the translators' files.
import {$, el, say, download, focusStayed} from "./dom.js";
import {SCHEMA, state} from "./state.js";
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

export function setUpLanguages() {
  $("#copy-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  $("#phone-locale").addEventListener("change", (event) => chooseLanguage(event.target.value));
  buildLanguageSearch();
  $("#add-locale").addEventListener("click", () => addLanguage());
  $("#new-locale").addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); addLanguage(); } });
  $("#remove-locale").addEventListener("click", removeLanguage);
  $("#export-translations").addEventListener("click", exportTranslations);
  $("#import-translations").addEventListener("change", (event) => importTranslations(event.target));
}
