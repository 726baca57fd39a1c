// GronaSnap Studio. Plain JavaScript, no build step, no library: it edits one spec (a JS object kept
// in `state.spec`), and shows what GronaSnap renders for it through the documented HTTP API only.
//
// Every edit, in the form or in the raw JSON, changes `state.spec`, rewrites whichever of the two
// views the person is not typing in, and schedules a refresh. A refresh starts a new generation:
// the previous one's requests are aborted (AbortController), and an answer from an old generation
// is dropped, so the grid never shows a mix of an old and a new edit.
//
// The page decides no rule of GronaSnap's: the text sizes, appearances, directions, pseudolanguages,
// components and their fields (labels, which are required), colour tokens, finding kinds, the grid
// it starts with, a file name's rule and a language's grammar come from GET /api/schema, a
// language's name and direction from GET /api/locale, and each edit's tiles, findings (in plain
// words) and colour contrasts from one POST /api/preview, measured by the renderer itself.
//
// The page is ES modules (no build step), each with one part of it; imports point one way, from this
// wiring down: saving → campaigns, translations → editor → axes → tiles → findings, closer →
// downloads, plan → languages → api → connection; versions beside saving; history, images, links, errors, rawerror,
// drafts, contrast and phone below them, and everything on state.js and dom.js. A lower part asks a higher one only through `requests`
// (state.js): a finding's Apply button asks the editor to set the field.

import {$, el} from "./dom.js";
import {requests, startAt, SCHEMA, SCALE, textSizes, values, state} from "./state.js";
import {answerJSON} from "./api.js";
import {languageQuery} from "./languages.js";
import {readView} from "./links.js";
import {variants} from "./plan.js";
import {showSpecError} from "./errors.js";
import {downloadSheet, downloadReveal, downloadPhone} from "./downloads.js";
import {setUpCloserLook} from "./closer.js";
import {phoneMarkup} from "./phone.js";
import {refresh, visibleTiles} from "./tiles.js";
import {chips} from "./axes.js";
import {setUpImagePicker} from "./images.js";
import {changeType, editRaw, undo, redo, applyFix} from "./editor.js";
import {setUpLanguages} from "./translations.js";
import {loadCampaigns, choose, setUpCampaignTools} from "./campaigns.js";
import {setUpSaving} from "./saving.js";
import {setUpVersions, showVersions} from "./versions.js";

// What the browser tests and scripts/studio-latency read of the page: the state edited, the grid's
// plan, the tiles on screen, a language's query parameters and the tiles' scale.
Object.assign(window, {state, variants, visibleTiles, languageQuery, SCALE});

function showView(view) {
  state.view = view;
  for (const [tab, mine] of [["#tab-grid", "grid"], ["#tab-phone", "phone"], ["#tab-history", "history"]]) {
    $(tab).setAttribute("aria-selected", String(view === mine));
    $(tab).tabIndex = view === mine ? 0 : -1;
  }
  $("#grid-view").hidden = view !== "grid";
  $("#phone-view").hidden = view !== "phone";
  $("#history-view").hidden = view !== "history";
  if (view === "history") showVersions();
  else refresh();
}

window.addEventListener("DOMContentLoaded", async () => {
  const answer = await fetch("/api/schema");
  if (!answer.ok) { showSpecError(await answerJSON(answer)); return; }
  startAt(await answer.json());
  const wanted = readView();
  chips($("#axis-textSize"), textSizes(), state.axes.textSize, SCHEMA.textSizes.map((size) => size.name));
  chips($("#axis-appearance"), values("appearances"), state.axes.appearance, SCHEMA.appearances.map((a) => a.name));
  chips($("#axis-direction"), values("directions"), state.axes.direction, SCHEMA.directions.map((d) => d.name));
  const phoneSize = $("#phone-text-size");
  phoneSize.replaceChildren(...SCHEMA.textSizes.map((size) => el("option", {value: size.value, selected: size.value === state.phone.textSize}, size.name)));
  phoneSize.addEventListener("change", () => { state.phone.textSize = phoneSize.value; refresh(); });
  setUpLanguages();
  $("#phone-direction").value = state.phone.direction;
  $("#overlay").checked = state.overlay;
  $("#phone-direction").addEventListener("change", (event) => { state.phone.direction = event.target.value; refresh(); });
  for (const appearance of values("appearances")) phoneMarkup(appearance);
  // On a phone the findings and the axes start closed (their summaries say what they hold), so the
  // previews are on the first screen.
  if (matchMedia("(max-width: 800px)").matches) { $("#findings-panel").open = false; $("#axes-panel").open = false; }
  $("#overlay").addEventListener("change", (event) => { state.overlay = event.target.checked; refresh(); });
  $("#tab-grid").addEventListener("click", () => showView("grid"));
  $("#tab-phone").addEventListener("click", () => showView("phone"));
  $("#tab-history").addEventListener("click", () => showView("history"));
  // The tab list as ARIA's pattern has it: Tab enters at the chosen tab, the arrow keys (and Home,
  // End) move between the tabs and choose.
  $(".tabs").addEventListener("keydown", (event) => {
    const tabs = [$("#tab-grid"), $("#tab-phone"), $("#tab-history")];
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
  $("#campaigns").addEventListener("change", async (event) => {
    await choose(event.target.value);
    if (state.view === "history") showVersions();
  });
  // The editor form never submits (Enter in a field must not reload the page); set here, since the
  // page's Content-Security-Policy allows no inline handler.
  $("#editor").addEventListener("submit", (event) => event.preventDefault());
  $("#component-type").addEventListener("change", (event) => changeType(event.target.value));
  setUpSaving();
  setUpCampaignTools();
  setUpVersions();
  setUpImagePicker();
  requests.addEventListener("apply-fix", (event) => applyFix(event.detail));
  // GronaSnap answers again after it did not (connection.js): the previews are asked for again.
  requests.addEventListener("answering-again", () => refresh());
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
  for (const appearance of values("appearances")) $(`#download-phone-${appearance}`).addEventListener("click", () => downloadPhone(appearance));
  $("#raw-json").addEventListener("input", (event) => editRaw(event.target.value));
  window.addEventListener("beforeunload", (event) => { if (state.dirty) event.preventDefault(); });
  loadCampaigns(wanted ? "spec:" + wanted : null).then(() => { if (state.view !== "grid") showView(state.view); });
});
