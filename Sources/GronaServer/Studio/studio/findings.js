// The findings panel: GronaSnap's findings for the tiles shown, and the tiles each is about.
import {$, el, announce} from "./dom.js";
import {requests, state} from "./state.js";
import {variants, key} from "./plan.js";

// What the marketer should look at: GronaSnap's findings for the tiles shown, grouped and said in
// plain words by GronaSnap (why it matters, what to change, the colours as swatches). A finding is
// a button: activating it highlights its tiles and scrolls to them.
export function showFindings(findings, tiles) {
  const list = $("#findings");
  // While typing, the findings are often the same as a moment ago: the panel is left as it is.
  const shown = JSON.stringify(findings) + "|" + tiles.map(key).join(",") + "|" + state.view + "|" + ($("#grid").dataset.layout || "");
  if (shown === state.findingsShown && list.childElementCount) { announceDone(findings.length); return; }
  state.findingsShown = shown;
  list.replaceChildren();
  document.querySelectorAll(".cell").forEach((cell) => { cell.classList.remove("flagged"); cell.querySelector(".badges").replaceChildren(); });
  $("#findings-count").textContent = findings.length ? `${findings.length} thing${findings.length > 1 ? "s" : ""}` : "";
  if (!findings.length) {
    list.append(el("li", {class: "none"}, "GronaSnap finds nothing to fix in these variants."));
    announceDone(0);
    return;
  }
  findings.forEach((finding, index) => {
    const where = finding.tiles.map((at) => tiles[at]).filter(Boolean);
    const id = "finding-" + index;
    const swatches = finding.swatches.map((swatch) => {
      const chip = el("span", {class: "swatch", "aria-hidden": "true"});
      chip.style.backgroundColor = swatch.hex;
      return el("span", {class: "swatch-label"}, chip, `${swatch.label} ${swatch.hex}`);
    });
    list.append(el("li", {class: "finding", "data-kind": finding.kind, "data-role": finding.role, onclick: () => point(where)},
      el("button", {type: "button", class: "finding-button", "aria-describedby": `${id}-where ${id}-more`},
        el("span", {class: "kind"}, finding.name + ": "), ...isolated(finding.sentence, finding.copyLanguage)),
      swatches.length ? el("span", {class: "swatches"}, ...swatches) : null,
      el("span", {class: "more", id: id + "-more"}, finding.fix ? el("span", {class: "fix"}, finding.fix + " ") : null,
        finding.apply ? el("button", {type: "button", class: "apply", "aria-label": `Apply: ${finding.fix}`,
                                      onclick: (event) => { event.stopPropagation(); requests.dispatchEvent(new CustomEvent("apply-fix", {detail: finding.apply})); }}, "Apply") : null,
        el("span", {class: "why"}, finding.why)),
      el("span", {class: "where", id: id + "-where"}, (finding.place || "in the variant shown") + (where.length && state.view === "grid" ? " · show in the grid" : ""))));
    for (const variant of where) {
      const cell = document.getElementById("cell-" + key(variant));
      if (!cell) continue;
      cell.classList.add("flagged");
      const badges = cell.querySelector(".badges");
      if (![...badges.children].some((b) => b.textContent === finding.badge)) badges.append(el("span", {class: "badge", title: finding.name}, finding.badge));
    }
  });
  announceDone(findings.length);
}

// A sentence whose quoted copy GronaSnap isolated (U+2068 … U+2069) as text and <bdi> elements, so
// right-to-left copy keeps its order inside an English sentence (and is read in its language).
function isolated(sentence, language) {
  return sentence.split(/\u2068([^\u2069]*)\u2069/).map((part, index) =>
    index % 2 ? el("bdi", {lang: language || undefined}, part) : part).filter((part) => part !== "");
}

function announceDone(findings) {
  const count = state.view === "grid" ? (variants() || []).length : 2;
  announce(`${count} previews up to date; ${findings ? findings + " thing" + (findings > 1 ? "s" : "") + " to look at" : "nothing to look at"}.`);
}

function point(list) {
  document.querySelectorAll(".cell.pointed").forEach((cell) => cell.classList.remove("pointed"));
  const cells = list.map((variant) => document.getElementById("cell-" + key(variant))).filter(Boolean);
  cells.forEach((cell) => cell.classList.add("pointed"));
  if (!cells[0]) return;
  // The first of them takes the focus (a screen reader reads its name), and the grid scrolls to it.
  cells[0].focus({preventScroll: true});
  cells[0].scrollIntoView({behavior: "smooth", block: "center"});
  announce(`Highlighted ${cells.length} tile${cells.length > 1 ? "s" : ""}: ${cells.map((c) => c.getAttribute("aria-label")).join("; ")}.`);
}
