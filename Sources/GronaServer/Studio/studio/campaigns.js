// The campaigns of the folder: the menu, opening one or a template, and new, duplicate, rename, delete.
import {$, el, say, focusWhenDone} from "./dom.js";
import {SCHEMA, typeName, template, state, isSpecName} from "./state.js";
import {answerJSON} from "./api.js";
import {reach} from "./connection.js";
import {campaignLink, writeView} from "./links.js";
import {refresh} from "./tiles.js";
import {startHistory, recordVersion} from "./history.js";
import {setDirty, setDirtyFromBase, buildForm, syncRaw, startTypes} from "./editor.js";
import {showRawError} from "./rawerror.js";
import {draftOf, dropDraft, keepDraft} from "./drafts.js";

export async function loadCampaigns(select, open = true) {
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
  $("main").hidden = true;
  $("#missing").hidden = false;
  // With no campaign open there is nothing to save, undo or manage: only the campaign menu stays.
  document.body.classList.add("no-campaign");
  $("#campaigns").value = "";
  $("#missing-name").textContent = name;
  $("#missing-list").replaceChildren(...specs.map((spec) => el("li", {}, el("a", {href: campaignLink(spec.name)}, spec.name.replace(/\.json$/, "")),
    spec.error ? " (cannot be read)" : ` (${typeName(spec.type)}: ${spec.title || ""})`)));
  $("#missing-none").hidden = specs.length > 0;
  $("#missing-new").href = campaignLink(null);
  document.title = "No campaign " + name + " · GronaSnap Studio";
  $("#missing h2").focus();
}

export async function choose(value) {
  if (!$("#missing").hidden) { $("#missing").hidden = true; $("main").hidden = false; document.body.classList.remove("no-campaign"); }
  if (state.dirty && !confirm("Your changes are not saved. Open another campaign anyway?")) {
    $("#campaigns").value = state.name ? "spec:" + state.name : "new:" + state.template;
    return;
  }
  if (!value.startsWith("spec:")) { openTemplate(value.slice(4)); return; }
  try {
    await openSpec(value.slice(5));
  } catch (error) {
    if (!error.unanswered) throw error;
    // GronaSnap does not answer: the campaign on screen stays, with what was typed in it.
    $("#campaigns").value = state.name ? "spec:" + state.name : "new:" + state.template;
    say($("#save-message"), "Not opened: " + error.message, "bad");
  }
}

async function openSpec(name) {
  const answer = await reach("/api/specs/" + encodeURIComponent(name));
  // Gone since the list was read: the error's body is not a campaign.
  if (answer.status === 404) { await loadCampaigns("spec:" + name); return; }
  const text = await answer.text();
  state.name = name; state.template = null; state.etag = answer.headers.get("ETag");
  $("#save-as-label").hidden = true;
  say($("#save-message"), "");
  // A file whose text is not JSON opens as that text, in the spec file's box, and nothing else: no
  // fields, no previews (never a template's), and a save writes the text as fixed there.
  let spec = null, unread = null;
  try {
    spec = JSON.parse(text);
    if (!spec || typeof spec !== "object" || Array.isArray(spec)) throw new Error("a spec is an object: { … }");
  } catch (error) { spec = null; unread = error; }
  state.spec = spec;
  state.base = spec && structuredClone(spec);
  state.baseText = text;
  $("#raw-json").value = text;
  // Until GronaSnap says where it stops reading the text (the previews ask), the browser's reading.
  showRawError(unread && "This file is not valid JSON: " + unread.message);
  startTypes(spec?.component);
  setDirty(false);
  buildForm();
  startHistory();
  refresh();
  offerDraft(name, text);
}

// Changes to this campaign that were not saved (drafts.js), offered back when they differ from the
// file: restored, they are an edit like any other, built on the file's version they were made on.
function offerDraft(name, text) {
  const notice = $("#draft-notice");
  notice.hidden = true;
  const draft = draftOf(name);
  if (!draft) return;
  if (draft.spec ? state.spec && JSON.stringify(draft.spec) === JSON.stringify(state.spec) : draft.text === text) { dropDraft(name); return; }
  const when = new Date(draft.at).toLocaleString([], {weekday: "short", hour: "2-digit", minute: "2-digit"});
  $("#draft-text").textContent = `Changes to ${name} from ${when} were not saved; this browser kept them.`;
  notice.draft = {name, ...draft};
  notice.hidden = false;
}

function answerDraft(restore) {
  const notice = $("#draft-notice");
  const draft = notice.draft;
  notice.hidden = true;
  notice.draft = null;
  if (!draft || draft.name !== state.name) return;
  if (!restore) { dropDraft(draft.name); $("#campaigns").focus(); return; }
  state.etag = draft.etag; state.base = draft.base; state.baseText = draft.baseText; state.spec = draft.spec;
  if (state.spec) { showRawError(null); syncRaw(true); } else $("#raw-json").value = draft.text;
  startTypes(state.spec?.component);
  buildForm();
  setDirtyFromBase();
  recordVersion();
  refresh();
  say($("#save-message"), `Restored your changes to ${draft.name}; Save writes them.`, "ok");
  $("#save").focus();
}

function openTemplate(type) {
  state.name = null; state.etag = null; state.template = type; state.base = null; state.baseText = null;
  $("#draft-notice").hidden = true;
  state.spec = {theme: {}, component: template(type)};
  startTypes(state.spec.component, false);
  $("#save-as-label").hidden = false;
  $("#save-as").value = "new-" + type.toLowerCase() + ".json";
  setDirty(true);
  syncRaw(true);
  buildForm();
  startHistory();
  refresh();
}

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
  if (!isSpecName(to)) {
    // The rule itself is the field's hint, just below.
    nameError(to ? `“${to}” is not a campaign file name.` : "Give the campaign a file name, like spring-offer.json.");
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
  const left = document.activeElement; // the button that opened the dialog
  const done = {new: `Created ${to}.`, duplicate: `Duplicated ${state.name} as ${to}.`, rename: `Renamed ${state.name} to ${to}.`}[mode];
  if (mode === "rename") {
    // The edit in progress stays; only its file's name changed.
    dropDraft(state.name);
    state.name = to;
    await loadCampaigns("spec:" + to, false);
    setDirty(state.dirty);
    keepDraft();
    writeView();
  } else {
    if (state.dirty && !confirm("Your changes are not saved. Open the new campaign anyway?")) { await loadCampaigns(undefined, false); return; }
    state.dirty = false;
    await loadCampaigns("spec:" + to);
  }
  say($("#save-message"), done, "ok");
  focusWhenDone($("#campaigns"), left);
}

async function deleteCampaign() {
  const name = state.name;
  if (!name || (state.dirty && !confirm(`Delete ${name}? Your changes to it are not saved.`))) return;
  const left = document.activeElement;
  const headers = state.etag ? {"If-Match": state.etag} : {};
  const answer = await fetch(`/api/specs/${encodeURIComponent(name)}/trash`, {method: "POST", headers});
  const result = await answerJSON(answer);
  if (!answer.ok) { say($("#save-message"), `Not deleted: ${result.error}`, "bad"); return; }
  state.dirty = false;
  dropDraft(name);
  state.trashed = {entry: result.entry, name};
  await loadCampaigns();
  $("#trash-text").textContent = `Deleted ${name} (kept in the folder's trash).`;
  $("#trash-notice").hidden = false;
  focusWhenDone($("#undo-delete"), left);
}

async function undoDelete() {
  const trashed = state.trashed;
  if (!trashed) return;
  const left = document.activeElement;
  const answer = await fetch(`/api/trash/${encodeURIComponent(trashed.entry)}/restore`, {method: "POST"});
  const result = await answerJSON(answer);
  $("#trash-notice").hidden = true;
  state.trashed = null;
  if (!answer.ok) { say($("#save-message"), `Not restored: ${result.error}`, "bad"); return; }
  if (state.dirty && !confirm("Your changes are not saved. Open the restored campaign anyway?")) { await loadCampaigns(undefined, false); return; }
  state.dirty = false;
  await loadCampaigns("spec:" + trashed.name);
  say($("#save-message"), `Restored ${trashed.name}.`, "ok");
  focusWhenDone($("#campaigns"), left);
}

export function setUpCampaignTools() {
  $("#template-type").replaceChildren(...SCHEMA.components.map((kind) => el("option", {value: kind.type}, kind.name)));
  // The rule in the server's words ("a name of letters, digits, …").
  $("#name-hint").textContent = SCHEMA.specName.rule;
  $("#new-campaign").addEventListener("click", () => askName("new"));
  $("#duplicate-campaign").addEventListener("click", () => askName("duplicate"));
  $("#rename-campaign").addEventListener("click", () => askName("rename"));
  $("#delete-campaign").addEventListener("click", deleteCampaign);
  $("#undo-delete").addEventListener("click", undoDelete);
  $("#restore-draft").addEventListener("click", () => answerDraft(true));
  $("#discard-draft").addEventListener("click", () => answerDraft(false));
  $("#name-form").addEventListener("submit", submitName);
  $("#name-cancel").addEventListener("click", () => $("#name-dialog").close());
}
