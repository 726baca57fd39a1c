// The previews: one edit's request (the tiles on screen first, then the rest), and the grid's cells.
import {$, el, announce, download} from "./dom.js";
import {DOWNLOAD_SCALE, DEBOUNCE_MS, sizeName, state, isPseudo} from "./state.js";
import {post} from "./api.js";
import {languageName} from "./languages.js";
import {writeView} from "./links.js";
import {previewQuery, planFor, variants, key} from "./plan.js";
import {updateContrast} from "./contrast.js";
import {showSpecError} from "./errors.js";
import {showFindings} from "./findings.js";
import {downloadTile, fileStem} from "./downloads.js";
import {closerLook} from "./closer.js";
import {showPhones} from "./phone.js";
import {placeRawError, syntaxPlace} from "./rawerror.js";

export function schedule() {
  clearTimeout(state.timer);
  const now = performance.now(), quiet = now - (state.lastEdit || 0) > DEBOUNCE_MS;
  state.lastEdit = now;
  if (quiet && !state.controller) refresh();
  else {
    // An update is due: the previews say so at once, not only when its request starts, so that
    // nothing (a person, a test) takes the last answer for this edit's.
    state.timer = setTimeout(refresh, DEBOUNCE_MS);
    state.timerDue = true;
    $("#busy").hidden = false;
    $("#preview").setAttribute("aria-busy", "true");
  }
}

/// How many tiles off screen a first request draws along with those on screen rather than leave
/// them to a second request.
const ONE_REQUEST_EXTRA_TILES = 4;

// One request per edit (POST /api/preview): every tile, the findings and the colours' contrasts in
// one answer, each tile rendered once.
export async function refresh() {
  writeView();
  clearTimeout(state.timer);
  state.timerDue = false;
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  const generation = ++state.generation;
  const current = () => generation === state.generation;
  $("#busy").hidden = false;
  $("#preview").setAttribute("aria-busy", "true");
  // Said only when an update takes a while, so that typing does not make the live region chatter.
  const slow = setTimeout(() => { if (current()) announce("Updating the previews…"); }, 1000);
  try {
    if (!state.spec) { await showUnreadable(controller.signal); return; }
    const grid = state.view === "grid";
    const planned = grid ? variants() : null;
    if (planned) layOutGrid(planned);
    // The tiles on screen are drawn first; the rest follow in a second request (below). A grid of
    // a few tiles more than a screen is drawn in one request: its second round trip took longer
    // than drawing the few tiles it brought (12 tiles: all shown p95 107 ms in two requests).
    const onScreen = planned ? visibleTiles(planned) : null;
    const split = onScreen && planned.length - onScreen.length > ONE_REQUEST_EXTRA_TILES;
    const first = split ? {draw: onScreen.join(",") || "0"} : {};
    const asked = planFor();
    const answer = await post("preview", {...previewQuery(), ...first}, controller.signal);
    const result = await answer.json();
    if (!current()) return;
    const list = grid ? result.plan : [];
    if (grid) { state.plan = {for: asked, tiles: list}; layOutGrid(list); }
    showSpecError(null);
    for (const language of result.languages) {
      if (language.language && !isPseudo(language.language) && !state.languageInfo[language.language]?.name) {
        state.languageInfo[language.language] = {tag: language.language, name: language.name, direction: language.direction};
      }
    }
    state.colors = result.colors;
    updateContrast();
    const tiles = grid ? await showTiles(list, result.tiles) : await showPhones(result.tiles);
    if (!current()) return;
    showFindings(result.findings, tiles);
    // Every tile on screen shows this edit: what the latency measurement (scripts/studio-latency) waits for.
    document.body.dataset.updated = String(generation);
    if (grid && result.tiles.length < list.length) {
      const drawn = new Set(result.tiles.map((tile) => tile.index));
      const rest = list.map((_, index) => index).filter((index) => !drawn.has(index));
      const filled = await post("preview", {...previewQuery(), draw: rest.join(","), findings: "false"}, controller.signal);
      const more = await filled.json();
      if (!current()) return;
      await showTiles(list, more.tiles);
      if (!current()) return;
    }
    document.body.dataset.filled = String(generation);
  } catch (error) {
    if (error.name === "AbortError" || !current()) return;
    // No answer is not a mistake in the spec: connection.js says so, and the previews shown stay.
    if (error.unanswered) return;
    if (!state.spec) { showUnreadableError(error); return; }
    showSpecError(error);
  } finally {
    clearTimeout(slow);
    if (current()) {
      state.controller = null;
      // Not while the next edit's update waits for its turn (schedule).
      if (!state.timerDue) { $("#busy").hidden = true; $("#preview").removeAttribute("aria-busy"); }
    }
  }
}

/// The indices of the tiles whose cells are on screen now. An IntersectionObserver keeps the set as
/// the grid scrolls, so a keystroke does not force a layout of the page before its request is sent;
/// until the observer has reported on a new grid, the cells' boxes are measured.
const cellsOnScreen = {ids: new Set(), ready: false, observer: null};
export function visibleTiles(list) {
  if (cellsOnScreen.ready) return list.map((variant, index) => [index, "cell-" + key(variant)])
    .filter(([, id]) => cellsOnScreen.ids.has(id)).map(([index]) => index);
  const bottom = window.innerHeight, right = window.innerWidth;
  return list.map((variant, index) => [index, document.getElementById("cell-" + key(variant))?.getBoundingClientRect()])
    .filter(([, box]) => box && box.bottom > 0 && box.top < bottom && box.right > 0 && box.left < right).map(([index]) => index);
}

function watchCells(grid) {
  cellsOnScreen.observer?.disconnect();
  cellsOnScreen.ids.clear();
  cellsOnScreen.ready = false;
  cellsOnScreen.observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) cellsOnScreen.ids.add(entry.target.id); else cellsOnScreen.ids.delete(entry.target.id);
    }
    cellsOnScreen.ready = true;
  });
  grid.querySelectorAll(".cell").forEach((cell) => cellsOnScreen.observer.observe(cell));
}

function layOutGrid(list) {
  const grid = $("#grid");
  const columns = Math.max(1, state.axes.appearance.length * state.axes.direction.length);
  const rowName = (v) => (state.axes.locale.length > 1 || v.language ? languageName(v.language) + " · " : "") + sizeName(v.textSize);
  grid.style.setProperty("--columns", String(columns));
  $("#axes-summary").textContent = `${list.length}: ` + [state.axes.locale.map(languageName).join(", "), state.axes.textSize.map(sizeName).join(", "),
    state.axes.appearance.join(", "), state.axes.direction.map((d) => d.toUpperCase()).join(", ")].join(" · ") + (state.overlay ? " · VoiceOver" : "");
  grid.classList.toggle("overlaid", state.overlay);
  if (grid.dataset.layout === list.map(key).join(",") + state.overlay) return;
  grid.replaceChildren();
  let row = null;
  for (const variant of list) {
    if (rowName(variant) !== row) { row = rowName(variant); grid.append(el("div", {class: "row-head"}, row)); }
    grid.append(el("figure", {class: "cell " + variant.appearance, id: "cell-" + key(variant), "data-variant": key(variant), tabindex: "-1"},
      el("figcaption", {}, el("span", {class: "name"}),
        el("a", {href: "#", download: "", class: "png", onclick: (event) => { event.preventDefault(); downloadTile(variant, event.currentTarget.download); }},
          "Download", el("span", {class: "sr-only"}))),
      closerLook(el("img", {alt: "", lang: variant.language && !isPseudo(variant.language) ? variant.language : undefined}), variant),
      el("div", {class: "badges"})));
  }
  grid.dataset.layout = list.map(key).join(",") + state.overlay;
  watchCells(grid);
}

// The tiles of the answer in the grid's cells, named as GronaSnap names them ("Large, dark, right to
// left"); resolves once every picture is decoded, with the variants in the answer's order.
async function showTiles(list, tiles) {
  const base = fileStem();
  const images = [];
  tiles.forEach((tile) => {
    const variant = list[tile.index];
    const cell = variant && document.getElementById("cell-" + key(variant));
    if (!cell) return;
    cell.setAttribute("aria-label", tile.name);
    cell.querySelector(".closer-open").title = "Look closer: " + tile.name;
    const caption = cell.querySelector("figcaption .name");
    caption.textContent = tile.name; caption.title = tile.name;
    cell.querySelector("a.png .sr-only").textContent = " " + tile.name;
    const img = cell.querySelector("img");
    img.alt = `The campaign: ${tile.name}${state.overlay ? ", with what VoiceOver reads" : ""}`;
    // A tile the edit did not change keeps its picture, decoded already.
    if (img.src !== tile.png) { img.src = tile.png; images.push(img); }
    const link = cell.querySelector("a.png");
    link.download = `${base}-${key(variant)}@${DOWNLOAD_SCALE}x.png`;
    cell.dataset.generation = String(state.generation);
  });
  await Promise.all(images.map((img) => img.decode().catch(() => {})));
  return list;
}

// A file whose text is not JSON: nothing is drawn (no tile, no finding, no phone), and GronaSnap is
// asked to read the text as it reads a file, so that its refusal places the mistake (line, column,
// words) in the spec file's box and above the previews.
async function showUnreadable(signal) {
  layOutGrid([]);
  state.plan = null;
  state.findingsShown = null;
  $("#findings").replaceChildren();
  $("#findings-count").textContent = "";
  document.querySelectorAll(".phone .component img").forEach((img) => img.removeAttribute("src"));
  await post("preview", previewQuery(), signal, $("#raw-json").value);
  showSpecError(null);
}

function showUnreadableError(error) {
  const place = syntaxPlace(error.message);
  if (place) placeRawError(place);
  showSpecError({error: "the spec file's text is not valid JSON"
                 + (place ? ` at line ${place.line}, column ${place.column}: ${place.words}` : `: ${error.message}`)});
}
