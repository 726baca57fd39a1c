// What is edited and not saved, kept in this browser (localStorage, one entry per campaign file)
// until it is saved, so that nothing typed is lost when GronaSnap stops answering, the tab is
// closed or the browser quits; the next time the campaign is opened, the page offers it back.
import {$} from "./dom.js";
import {state} from "./state.js";

const draftKey = (name) => "grona-studio.draft:" + name;

// What the page needs to go on where it stopped: the spec, or the spec file's text on screen while
// it is not JSON, and the file's version the edit builds on (its base and ETag), so
// that a save merges with what was saved to the file meanwhile.
export function keepDraft() {
  if (!state.name) return;
  try {
    if (!state.dirty) { localStorage.removeItem(draftKey(state.name)); return; }
    localStorage.setItem(draftKey(state.name), JSON.stringify({
      text: state.spec ? null : $("#raw-json").value, spec: state.spec, base: state.base, baseText: state.baseText, etag: state.etag, at: Date.now()}));
  } catch (error) { /* storage full or turned off: the page goes on without it */ }
}

export function draftOf(name) {
  try { return JSON.parse(localStorage.getItem(draftKey(name)) || "null"); } catch (error) { return null; }
}

export function dropDraft(name) {
  try { localStorage.removeItem(draftKey(name)); } catch (error) { /* nothing kept */ }
}
