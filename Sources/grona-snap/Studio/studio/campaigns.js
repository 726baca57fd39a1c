// The campaigns of the folder: the menu, opening one or a template, and new, duplicate, rename, delete.
import {$, el, say, focusWhenDone} from "./dom.js";
import {SCHEMA, typeName, template, state} from "./state.js";
import {answerJSON} from "./api.js";
import {campaignLink, writeView} from "./links.js";
import {refresh} from "./tiles.js";
import {startHistory} from "./history.js";
import {setDirty, buildForm, syncRaw, showRawError} from "./editor.js";

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
  const left = document.activeElement; // the button that opened the dialog
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
  $("#new-campaign").addEventListener("click", () => askName("new"));
  $("#duplicate-campaign").addEventListener("click", () => askName("duplicate"));
  $("#rename-campaign").addEventListener("click", () => askName("rename"));
  $("#delete-campaign").addEventListener("click", deleteCampaign);
  $("#undo-delete").addEventListener("click", undoDelete);
  $("#name-form").addEventListener("submit", submitName);
  $("#name-cancel").addEventListener("click", () => $("#name-dialog").close());
}
