// What the previews ask for: the query of one edit, and the grid's tiles as GronaSnap planned them.
import {SCALE, state} from "./state.js";
import {shownLanguages, languageValue} from "./languages.js";

// What one edit asks for: the grid's axes, or the phone's language and text size in light and dark
// (in the language's own direction unless one is picked).
export function previewQuery() {
  if (state.view === "grid") {
    return {languages: shownLanguages().map(languageValue).join(","), textSizes: state.axes.textSize.join(","),
            appearances: state.axes.appearance.join(","), directions: state.axes.direction.join(","), scale: SCALE,
            ...(state.overlay ? {overlay: "accessibility"} : {})};
  }
  return {languages: languageValue(state.locale), textSizes: state.phone.textSize, appearances: "light,dark", scale: SCALE,
          ...(state.phone.direction ? {directions: state.phone.direction} : {})};
}

// The grid's tiles as GronaSnap planned them (the answer's `plan`: index, language, text size,
// appearance, direction and name), kept for the axes they were planned for: the page computes no
// product of axes of its own. Until the first answer for these axes, none (the request draws all).
export const planFor = () => JSON.stringify(previewQuery());
export function variants() { return state.plan && state.plan.for === planFor() ? state.plan.tiles : null; }

export const key = (v) => `${languageValue(v.language).replace(/[^A-Za-z0-9-]/g, "-")}-${v.textSize}-${v.appearance}-${v.direction}`;
