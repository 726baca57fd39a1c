// GronaSnap's refusals of the spec, marked on the form's field they are about.
import {$, el} from "./dom.js";

// An error from GronaSnap goes next to the field it is about, with its JSON path, and into the banner
// above the preview. `problem` is the error answer (or an Error carrying its fields): GronaSnap gives
// the file and the path on their own (`{"error": "x.json: $.component.title: …", "file": …, "path": …}`).
export function showSpecError(problem) {
  document.querySelectorAll(".field.invalid, .color-row.invalid").forEach((field) => field.classList.remove("invalid"));
  document.querySelectorAll("p.error.field-error").forEach((p) => p.remove());
  // Only the marks this function made: a language refused in Add a language keeps its own.
  document.querySelectorAll('[aria-invalid][aria-describedby="field-error"]').forEach((input) => {
    input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby");
  });
  const banner = $("#spec-error");
  banner.hidden = !problem;
  if (!problem) return;
  const path = typeof problem === "object" && problem.path || null;
  const line = typeof problem === "object" ? problem.error || problem.message : String(problem);
  // The words after the file and the path, which the answer also gives on their own.
  const text = path && line.includes(path + ": ") ? line.slice(line.indexOf(path + ": ") + path.length + 2) : line;
  if (!path) { banner.textContent = "The preview is paused until this is fixed: " + text; return null; }
  // The field the path belongs to: the path itself, else its parents, one step (`.key`, `[3]` or
  // `["any key"]`) at a time. A step that cannot be taken off ends the search, so no path, however
  // odd (`$.localizations["en US"]`), can keep it going.
  let field = null;
  for (let candidate = path.slice(2); candidate && !field;) {
    field = document.querySelector(`[data-field="${CSS.escape(candidate)}"]`);
    const parent = candidate.replace(/(\.[^.[]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/, "");
    if (parent === candidate) break;
    candidate = parent;
  }
  // The field named as the form names it ("Title"); the JSON path only for what has no field.
  const name = field ? fieldName(field) : null;
  banner.textContent = "The preview is paused until this is fixed: " + (name ? `${name}: ${text}` : `${text} (at ${path})`);
  if (!field) return null;
  field.classList.add("invalid");
  field.append(el("p", {class: "error field-error", id: "field-error"}, `${name}: ${text}`));
  const inputs = [...field.querySelectorAll("input[data-path], input, textarea, select")];
  for (const input of inputs) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", "field-error");
  }
  return {name, text, input: inputs[0] || null};
}

// A form field's name as the form shows it: its label's own words, without the hint.
function fieldName(field) {
  if (field.dataset.label) return field.dataset.label;
  const own = [...field.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
  return (own || field.querySelector("legend, label, .label") || field).textContent.trim();
}

// The editor brought into view with `input` focused: at phone width the editor is a closed panel,
// and a field may sit in a closed section; both are opened first.
export function revealField(input) {
  if (getComputedStyle($("#editor-toggle")).display !== "none" && !$("#editor").classList.contains("open")) $("#editor-toggle").click();
  for (let box = input.closest("details"); box; box = box.parentElement?.closest("details")) box.open = true;
  input.focus();
  input.scrollIntoView({block: "center"});
}
