// Downloads: a tile at @2x, the contact sheet of the grid's variants, the reveal animation, a phone.
import {$, download} from "./dom.js";
import {SCALE, DOWNLOAD_SCALE, state, isPseudo, pseudoMode} from "./state.js";
import {post} from "./api.js";
import {languages, languageQuery, languageValue} from "./languages.js";
import {showSpecError} from "./errors.js";

// The campaign's file name without .json: the start of every download's name.
export const fileStem = () => (state.name || $("#save-as").value || "campaign").replace(/\.json$/, "");

// A tile's PNG at @2x, as /api/render draws it (the grid's own may be @1x).
export async function renderTile(variant) {
  const answer = await post("render", {...languageQuery(variant.language), textSize: variant.textSize, appearance: variant.appearance,
                                       direction: variant.direction, scale: DOWNLOAD_SCALE, ...(state.overlay ? {overlay: "accessibility"} : {})});
  return answer.blob();
}

export async function downloadTile(variant, name) {
  try {
    download(await renderTile(variant), name);
  } catch (error) { showSpecError(error); }
}

export async function downloadSheet() {
  try {
    const answer = await post("sheet", sheetQuery());
    download(await answer.blob(), `${fileStem()}-sheet.png`);
  } catch (error) { showSpecError(error); }
}

// The contact sheet holds exactly the grid's variants: its languages in the grid's order (the base
// copy named `base`, the pseudolanguages as `pseudos`; none of them: an empty `locales`), its text
// sizes, appearances and directions, and the VoiceOver picture when the grid shows it.
function sheetQuery() {
  const shown = languages().filter((language) => state.axes.locale.includes(language));
  const locales = shown.filter((language) => !isPseudo(language)).map(languageValue);
  const pseudos = shown.filter(isPseudo).map(pseudoMode);
  return {locales: locales.join(","), ...(pseudos.length ? {pseudos: pseudos.join(",")} : {}),
          textSizes: state.axes.textSize.join(","), appearances: state.axes.appearance.join(","),
          directions: state.axes.direction.join(","), scale: 1, ...(state.overlay ? {overlay: "accessibility"} : {})};
}

export async function downloadReveal() {
  try {
    const answer = await post("animate", {...languageQuery(state.locale), scale: SCALE, fps: 15, padding: 12, background: "#F2F2F7"});
    download(await answer.blob(), `${fileStem()}-reveal.png`);
  } catch (error) { showSpecError(error); }
}

// The phone view's phone in `appearance` as a PNG at @2x: `/api/render?frame=phone` (the bytes
// `grona-snap render --frame phone` writes), in the language, text size and direction shown, with
// room for the device's shadow on a transparent page.
export async function downloadPhone(appearance) {
  const direction = $(`#phone-${appearance} .screen`).dir;
  try {
    const answer = await post("render", {...languageQuery(state.locale), textSize: state.phone.textSize, appearance,
                                         ...(direction ? {direction} : {}), scale: DOWNLOAD_SCALE, frame: "phone", padding: 24});
    download(await answer.blob(), `${fileStem()}-phone-${appearance}.png`);
  } catch (error) { showSpecError(error); }
}
