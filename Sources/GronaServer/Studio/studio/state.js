// What every part of the studio shares: the token on each request, GronaSnap's tables (GET
// /api/schema), the page's constants, the one `state` object, and paths into the spec. It imports
// nothing; every other module builds on it.

// A studio started with --token-file wants its token on every API request. It arrives once in the
// address (`#token=…`), is kept for this tab only, and is taken out of the address bar at once.
const TOKEN = (() => {
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given) {
    sessionStorage.setItem("grona-token", given);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem("grona-token");
})();
if (TOKEN) {
  const plainFetch = window.fetch.bind(window);
  window.fetch = (url, init = {}) => {
    const headers = new Headers(init.headers || {});
    headers.set("Authorization", "Bearer " + TOKEN);
    return plainFetch(url, {...init, headers});
  };
}

// GronaSnap's own tables (GET /api/schema), read once before anything is drawn.
export let SCHEMA = null;

// The tiles are drawn at the screen's own pixel density (a tile is at most 358 points wide on
// screen), so a plain screen is not sent four times the pixels it shows; downloads are @2x.
export const SCALE = window.devicePixelRatio > 1 ? 2 : 1;
export const DOWNLOAD_SCALE = 2;

// While keys come fast, the previews are asked for once the typing pauses this long; the first key
// after a quiet moment is sent at once (a newer request aborts the older one anyway).
export const DEBOUNCE_MS = 40;

export const textSizes = () => SCHEMA.textSizes.map((size) => size.value);
export const sizeName = (value) => SCHEMA.textSizes.find((size) => size.value === value)?.name ?? value;
const componentKind = (type) => SCHEMA.components.find((kind) => kind.type === type);
export const typeName = (type) => componentKind(type)?.name ?? type;
export const fieldsOf = (type) => componentKind(type)?.fields ?? [];
export const template = (type) => structuredClone(componentKind(type).template);
export const values = (axis) => SCHEMA[axis].map((entry) => entry.value);

// A language's name as the page keeps it (languages.js): "pseudo:MODE" by the schema's grammar.
export const isPseudo = (language) => language.startsWith(SCHEMA.languages.pseudoPrefix);
export const pseudoMode = (language) => language.slice(SCHEMA.languages.pseudoPrefix.length);

// A spec's file name as the server takes it (`SpecFolder.isValidName`): the schema's pattern, in NFC,
// at most its maximum length in code points.
export function isSpecName(name) {
  const rule = SCHEMA.specName;
  return new RegExp(rule.pattern, "u").test(name) && name.normalize(rule.normalization) === name && [...name].length <= rule.maximumLength;
}

// `text` made into the stem of a name the server takes (an uploaded image's): each character a name
// may not hold a "-", and what it may not start with dropped; "" when nothing is left.
export function nameStem(text) {
  const rule = SCHEMA.specName, whole = (pattern) => new RegExp(`^(${pattern})$`, "u");
  const later = whole(rule.character), mark = whole(rule.mark), first = whole(rule.firstCharacter);
  const characters = [...text.normalize(rule.normalization)].map((c) => (later.test(c) || mark.test(c) ? c : "-"));
  while (characters.length && !first.test(characters[0])) characters.shift();
  return characters.join("").slice(0, rule.maximumLength - 5);
}

export const state = {
  name: null, etag: null, spec: null, dirty: false, template: null,
  // The spec as it was opened or last saved: the base of a merge when the file changed meanwhile.
  base: null,
  // The languages are "" (the spec's own copy), a locale tag of `localizations`, or "pseudo:MODE".
  // `locale` is the one the copy editor and the phone show.
  locale: "",
  // The grid's axes and the phone's text size start as the schema's (`startAt`).
  axes: {locale: [""], textSize: [], appearance: [], direction: []},
  phone: {textSize: null, direction: ""},
  // The accessibility overlay on the grid's tiles: VoiceOver's elements numbered, with a legend.
  overlay: false,
  view: "grid", generation: 0, controller: null, timer: null,
  // An edit's update waits out the typing pause (`schedule`): the previews are busy meanwhile.
  timerDue: false,
  // What the last preview measured: each colour field's colour and contrasts, per appearance.
  colors: {},
  // Each language tag's name and direction, as GronaSnap reads the tag (GET /api/locale).
  languageInfo: {},
  // What the findings panel shows now (the answer's findings, the tiles and the grid they are for).
  findingsShown: null,
  // The grid's tiles as the last answer planned them, and for which query (`variants()`).
  plan: null,
};

// The grid and the phone as a studio opens them, before the address says otherwise (links.js).
export function startAt(schema) {
  SCHEMA = schema;
  for (const [axis, start] of Object.entries(schema.defaultAxes)) state.axes[axis].splice(0, state.axes[axis].length, ...start);
  state.phone.textSize = schema.defaultTextSize;
}

// Paths like "component.tiers[1].label"; null deletes the key (and an emptied style or theme).
export function splitPath(path) { return path.replace(/\[(\d+)\]/g, ".$1").split("."); }

export function getPath(path) { return splitPath(path).reduce((node, key) => (node == null ? undefined : node[key]), state.spec); }

/// Sets (or, for undefined, removes) the value at a path of keys and indexes.
export function setIn(root, path, value) {
  let node = root;
  for (const step of path.slice(0, -1)) node = node[step] ?? (node[step] = {});
  const last = path[path.length - 1];
  if (value === undefined) { if (Array.isArray(node)) node.splice(last, 1); else delete node[last]; } else node[last] = value;
}

// What a lower part of the page asks a higher one to do, without importing it: `apply-fix` (a
// finding's Apply button; the editor sets the field).
export const requests = new EventTarget();
