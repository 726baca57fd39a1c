// Whether GronaSnap answers. A request that gets no answer at all (the server stopped or restarting,
// the network gone) is said as such, never taken for a refusal of the spec; the page asks again
// until GronaSnap answers, then the previews are asked for again (`answering-again`).
import {$} from "./dom.js";
import {requests} from "./state.js";

export const NOT_ANSWERING = "GronaSnap is not answering; your changes are kept in this browser.";
// How often the page asks whether GronaSnap answers again (GET /readyz, a few bytes).
const RETRY_MS = 1000;
let retry = null;

/// `fetch`, except that no answer at all throws an Error with `unanswered` (and NOT_ANSWERING as its
/// message) instead of the browser's "Failed to fetch"; an aborted request throws as it did.
export async function reach(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    notAnswering();
    throw Object.assign(new Error(NOT_ANSWERING), {unanswered: true});
  }
}

function notAnswering() {
  $("#not-answering").hidden = false;
  if (!retry) retry = setTimeout(tryAgain, RETRY_MS);
}

async function tryAgain() {
  try {
    const answer = await fetch("/readyz", {cache: "no-store"});
    if (answer.ok) {
      retry = null;
      $("#not-answering").hidden = true;
      requests.dispatchEvent(new Event("answering-again"));
      return;
    }
  } catch (error) { /* still not answering */ }
  retry = setTimeout(tryAgain, RETRY_MS);
}
