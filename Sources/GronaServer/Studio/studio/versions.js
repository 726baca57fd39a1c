// A campaign's versions, from the folder's git history: each with who saved it and when; one drawn
// beside the campaign as it is now, with what changed in words and the snapshot reports' difference
// image (GET …/versions/ID/compare); and restored, after a confirmation, as its newest version.
import {$, el, say, announce, focusWhenDone} from "./dom.js";
import {state} from "./state.js";
import {answerJSON} from "./api.js";
import {loadCampaigns} from "./campaigns.js";

const shown = {name: null, versions: [], chosen: null};

const when = (time) => new Date(time).toLocaleString("en-GB", {dateStyle: "medium", timeStyle: "short"});

// The list for the campaign open now; the version before the newest is compared at once.
export async function showVersions() {
  const list = $("#version-list");
  say($("#versions-message"), "");
  if (!state.name) {
    list.replaceChildren();
    $("#versions-intro").textContent = "A new campaign has no history yet: save it to start one.";
    $("#version-compare").hidden = true;
    return;
  }
  const name = state.name;
  const answer = await fetch(`/api/specs/${encodeURIComponent(name)}/history`);
  const result = await answerJSON(answer);
  if (name !== state.name) return;
  if (!answer.ok) { $("#versions-intro").textContent = result.error; list.replaceChildren(); $("#version-compare").hidden = true; return; }
  shown.name = name;
  shown.versions = result.versions;
  const count = result.versions.length;
  $("#versions-intro").textContent = count === 0 ? `${name} has no saved version in the history yet.`
    : `${count} version${count === 1 ? "" : "s"} of ${name}, newest first. Choose one to see it beside the campaign as it is now.`;
  list.replaceChildren(...result.versions.map((version, index) => el("li", {},
    el("button", {type: "button", class: "version", "aria-pressed": "false", "data-id": version.id, onclick: () => compareVersion(version)},
      el("span", {class: "version-when"}, when(version.time) + (index === 0 ? " (now)" : "")),
      el("span", {class: "version-who"}, version.author),
      el("span", {class: "version-what"}, version.message)))));
  const first = result.versions[1] || result.versions[0];
  if (first) await compareVersion(first, false);
  else $("#version-compare").hidden = true;
}

async function compareVersion(version, announcing = true) {
  shown.chosen = version;
  for (const button of document.querySelectorAll("#version-list .version")) button.setAttribute("aria-pressed", String(button.dataset.id === version.id));
  const name = state.name;
  const answer = await fetch(`/api/specs/${encodeURIComponent(name)}/versions/${version.id}/compare`);
  const result = await answerJSON(answer);
  if (name !== state.name || shown.chosen !== version) return;
  $("#version-compare").hidden = false;
  const label = `the version of ${when(version.time)} by ${version.author}`;
  $("#version-then-caption").textContent = `Then: ${label}`;
  if (!answer.ok) {
    $("#version-words").textContent = result.error;
    for (const id of ["#version-then", "#version-now", "#version-difference"]) $(id).removeAttribute("src");
    $("#version-difference-figure").hidden = true;
    $("#restore-version").disabled = true;
    return;
  }
  $("#version-then").src = result.then;
  $("#version-then").alt = `The campaign in ${label}`;
  $("#version-now").src = result.now;
  const changes = result.changes.replace(/^[^:]*: /, "");
  const same = result.differenceImage === null;
  $("#version-words").textContent = same ? `Since then: ${changes}. The picture looks the same.` : `Since then: ${changes}. The picture: ${result.difference}`;
  $("#version-difference-figure").hidden = same;
  if (!same) $("#version-difference").src = result.differenceImage;
  $("#restore-version").disabled = version.id === shown.versions[0]?.id;
  $("#restore-version").textContent = `Restore ${label}…`;
  if (announcing) announce(`Showing ${label} beside the campaign as it is now.`);
}

function askRestore() {
  const version = shown.chosen;
  if (!version) return;
  $("#restore-text").textContent = `${state.name} becomes as it was in the version of ${when(version.time)} by ${version.author}. `
    + "That is saved as its newest version; the one it has now stays in the history."
    + (state.dirty ? " Your changes that are not saved are dropped." : "");
  $("#restore-dialog").showModal();
  $("#restore-cancel").focus();
}

async function restore(event) {
  event.preventDefault();
  const version = shown.chosen, name = state.name;
  $("#restore-dialog").close();
  const left = document.activeElement;
  const headers = state.etag ? {"If-Match": state.etag} : {};
  const answer = await fetch(`/api/specs/${encodeURIComponent(name)}/restore?version=${version.id}`, {method: "POST", headers});
  const result = await answerJSON(answer);
  if (!answer.ok) { say($("#versions-message"), `Not restored: ${result.error}`, "bad"); return; }
  state.dirty = false;
  await loadCampaigns("spec:" + name);
  await showVersions();
  const done = `Restored ${name} as it was on ${when(version.time)}.`;
  say($("#versions-message"), done, "ok");
  announce(done);
  focusWhenDone($("#version-list .version") || $("#tab-history"), left);
}

export function setUpVersions() {
  $("#restore-version").addEventListener("click", askRestore);
  $("#restore-form").addEventListener("submit", restore);
  $("#restore-cancel").addEventListener("click", () => $("#restore-dialog").close());
}
