// Saving: the spec written to its file, merged with a change on disk, conflicts chosen field by field.
import {$, el, say, focusStayed} from "./dom.js";
import {state, setIn, isSpecName, SCHEMA} from "./state.js";
import {writeView} from "./links.js";
import {answerJSON} from "./api.js";
import {reach} from "./connection.js";
import {goTo} from "./rawerror.js";
import {showSpecError, revealField} from "./errors.js";
import {schedule} from "./tiles.js";
import {recordVersion} from "./history.js";
import {setDirtyFromBase, buildForm, syncRaw} from "./editor.js";
import {loadCampaigns} from "./campaigns.js";

// One save at a time: Save (or Ctrl+S) pressed while one is on its way waits for it to end.
let saving = null;

async function save() {
  if (saving) return saving;
  saving = saveNow();
  try { await saving; } finally { saving = null; }
}

async function saveNow() {
  const message = $("#save-message");
  // The raw JSON is what the person last typed: while it does not parse, saving would write an
  // older version than the one on screen (or, for a file that is not JSON, nothing that reads).
  if (!$("#raw-error").hidden || !state.spec) {
    say(message, "Not saved: the spec file (JSON) has a mistake; fix it first (" + $("#raw-error-text").textContent + ").", "bad");
    revealField($("#raw-json"));
    goTo();
    return;
  }
  let name = state.name;
  if (!name) {
    name = $("#save-as").value.trim();
    if (name && !name.endsWith(".json")) name += ".json";
    if (!name) { say(message, "Give the campaign a file name, like spring-offer.json.", "bad"); return; }
    if (!isSpecName(name)) { say(message, `Not saved: “${name}” is not a campaign file name: ${SCHEMA.specName.rule}.`, "bad"); return; }
  }
  const headers = {"Content-Type": "application/json"};
  if (state.etag) headers["If-Match"] = state.etag;
  // What is written: edits made while the answer is on its way are not in it, and stay unsaved. It is
  // the spec file's text as the person sees it: over a file that is not JSON, GronaSnap writes the
  // text as sent, so a fixed comma is the one change (over JSON, it rewrites only the values changed).
  const sent = structuredClone(state.spec);
  const text = shownText(sent);
  const left = document.activeElement;
  say(message, "Saving…");
  let answer;
  try {
    answer = await reach("/api/specs/" + encodeURIComponent(name), {method: "PUT", headers, body: text});
  } catch (error) {
    say(message, "Not saved: " + error.message, "bad");
    return;
  }
  const result = await answer.json().catch(() => ({}));
  if (answer.ok) {
    // A new file, or one that could not be read until now: the menu's entry for it changes.
    const relist = !state.name || !state.base;
    state.name = name; state.etag = result.etag; state.template = null; state.base = sent;
    state.baseText = text;
    $("#save-as-label").hidden = true;
    setDirtyFromBase();
    say(message, `Saved to ${name} at ${new Date().toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})}.`, "ok");
    // The menu lists the file; the campaign is not opened again (that would drop what was typed meanwhile).
    if (relist) { await loadCampaigns("spec:" + name, false); writeView(); }
  } else if (answer.status === 409 && state.name && state.base) {
    await mergeSave(name, sent);
  } else if (answer.status === 409) {
    say(message, `Not saved: ${result.error}`, "bad");
  } else {
    const marked = showSpecError(result);
    if (marked) {
      say(message, `Not saved: ${marked.name}: ${marked.text}`, "bad");
      // Into the field, unless the person has gone on elsewhere while the answer came.
      if (marked.input && focusStayed(left)) revealField(marked.input);
    } else {
      say(message, `Not saved: ${result.error || "the server answered " + answer.status}`, "bad");
    }
  }
}

// The file changed on disk since it was opened (another tab, a colleague, git): the server merges
// this page's edit with it. Fields changed on one side only merge silently; the fields both sides
// changed differently are shown, each with both values, to keep mine or take theirs, and the choice
// is saved over the file as it is now.
async function mergeSave(name, sent) {
  const message = $("#save-message");
  let answer;
  try {
    answer = await reach(`/api/specs/${encodeURIComponent(name)}/merge`, {method: "POST", headers: {"Content-Type": "application/json"},
                                                                          body: JSON.stringify({base: state.base, mine: sent})});
  } catch (error) {
    say(message, "Not saved: " + error.message, "bad");
    return;
  }
  const result = await answerJSON(answer);
  if (answer.ok) {
    // Edits made while the merge was on its way go on top of the merged spec, unsaved.
    const later = changesSince(sent, state.spec);
    const spec = structuredClone(result.merged);
    for (const [path, value] of later) setIn(spec, path, value);
    adoptMerged(spec, result.etag, result.merged);
    setDirtyFromBase();
    say(message, `Saved to ${name}, with the changes made to it meanwhile, at ${new Date().toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})}.`, "ok");
  } else if (answer.status === 409 && result.conflicts) {
    say(message, "Not saved yet: choose which changes to keep.", "bad");
    showConflicts(name, result);
  } else {
    say(message, `Not saved: ${result.error}`, "bad");
  }
}

// The leaves (an array is one) where `to` differs from `from`: [path, value], undefined for removed.
function changesSince(from, to, path = []) {
  const object = (v) => v && typeof v === "object" && !Array.isArray(v);
  if (!object(from) || !object(to)) return JSON.stringify(from) === JSON.stringify(to) ? [] : [[path, to]];
  return [...new Set([...Object.keys(from), ...Object.keys(to)])].flatMap((key) => changesSince(from[key], to[key], [...path, key]));
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
    el("legend", {}, conflict.label),
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
    error.textContent = `Choose “Keep mine” or “Take theirs” for ${conflicts[missing].label}.`;
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

// The spec file's text on screen when it is the spec sent (the person's own text, typed or fixed in
// the box), else the spec as JSON.
function shownText(spec) {
  const raw = $("#raw-json").value;
  try { if (JSON.stringify(JSON.parse(raw)) === JSON.stringify(spec)) return raw; } catch (error) { /* not the spec sent */ }
  return JSON.stringify(spec, null, 2) + "\n";
}

export function setUpSaving() {
  $("#save").addEventListener("click", save);
  // Ctrl+S (⌘S on a Mac) saves the campaign, in a text field too, instead of the browser saving the
  // page; not while a dialog is open (its own buttons say what happens).
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "s") return;
    event.preventDefault();
    if (!document.querySelector("dialog[open]") && $("main").hidden === false) save();
  });
  $("#conflict-form").addEventListener("submit", saveConflictChoices);
  $("#conflict-cancel").addEventListener("click", () => $("#conflict-dialog").close());
}
