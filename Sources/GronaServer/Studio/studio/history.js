// Undo and redo: the versions of the spec edited.
import {$} from "./dom.js";
import {state} from "./state.js";

// Undo and redo step through versions of the spec. Edits of one field that follow each other within
// a moment (the letters of a word) are one step; any other change is a step of its own. Opening a
// campaign starts a new history.
const versions = {past: [], future: [], current: null, burst: false, field: null, timer: null};

export function startHistory() {
  versions.past = []; versions.future = []; versions.burst = false;
  versions.current = JSON.stringify(state.spec);
  showHistory();
}

/// `field`: what was edited (a JSON path, "raw" for the spec file's text), or nothing for a change
/// that is a step of its own (a type switch, a language added).
export function recordVersion(field) {
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

/// One step back (undo) or forward (redo): `state.spec` becomes that version. False when there is
/// none to go to; the editor shows the version stepped to.
export function stepHistory(back) {
  const [from, to] = back ? [versions.past, versions.future] : [versions.future, versions.past];
  if (!from.length) return false;
  to.push(JSON.stringify(state.spec));
  versions.current = from.pop();
  versions.burst = false;
  state.spec = JSON.parse(versions.current);
  showHistory();
  return true;
}

function showHistory() {
  $("#undo").disabled = !versions.past.length;
  $("#redo").disabled = !versions.future.length;
}
