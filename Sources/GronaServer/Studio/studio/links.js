// The address: what the studio shows, read when it opens and written on each change.
import {SCHEMA, textSizes, state} from "./state.js";

// The address holds the view (campaign, languages, text sizes, appearances, directions, tab, the
// language edited, the VoiceOver overlay, the phone's text size and direction), so a link opens the
// studio as it was; it is rewritten, not added to the browser's history, on each change. A setting at
// its default is left out.
const VIEW_KEYS = {languages: "locale", sizes: "textSize", appearances: "appearance", directions: "direction"};

export function readView() {
  const query = new URLSearchParams(location.search);
  const known = {textSize: textSizes(), appearance: SCHEMA.appearances.map((a) => a.value), direction: SCHEMA.directions.map((d) => d.value)};
  for (const [key, axis] of Object.entries(VIEW_KEYS)) {
    if (!query.has(key)) continue;
    const values = query.get(key).split(",").filter((v) => axis === "locale" || known[axis].includes(v));
    if (values.length) state.axes[axis].splice(0, state.axes[axis].length, ...values);
  }
  if (["phone", "history"].includes(query.get("tab"))) state.view = query.get("tab");
  if (known.textSize.includes(query.get("phoneSize"))) state.phone.textSize = query.get("phoneSize");
  if (known.direction.includes(query.get("phoneDirection"))) state.phone.direction = query.get("phoneDirection");
  if (query.get("voiceover") === "on") state.overlay = true;
  // The language edited (and shown on the phone); buildForm falls back to the base copy when the
  // campaign has no such copy.
  if (query.get("language")) state.locale = query.get("language");
  return query.get("spec");
}

// A link to the studio with `spec` open (none: the first campaign), keeping the rest of the view.
export function campaignLink(spec) {
  const query = new URLSearchParams(location.search);
  if (spec) query.set("spec", spec); else query.delete("spec");
  return location.pathname + "?" + query.toString().replace(/%2C/g, ",");
}

export function writeView() {
  const query = new URLSearchParams();
  if (state.name) query.set("spec", state.name);
  for (const [key, axis] of Object.entries(VIEW_KEYS)) query.set(key, state.axes[axis].join(","));
  if (state.view !== "grid") query.set("tab", state.view);
  if (state.locale) query.set("language", state.locale);
  if (state.overlay) query.set("voiceover", "on");
  if (SCHEMA && state.phone.textSize !== SCHEMA.defaultTextSize) query.set("phoneSize", state.phone.textSize);
  if (state.phone.direction) query.set("phoneDirection", state.phone.direction);
  const address = location.pathname + "?" + query.toString().replace(/%2C/g, ",");
  if (address !== location.pathname + location.search) history.replaceState(null, "", address);
}
