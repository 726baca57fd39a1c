// The grid's axes as rows of chips; a change redraws the previews.
import {el, announce} from "./dom.js";
import {refresh} from "./tiles.js";

// A row of chips: real checkboxes (Tab reaches each, Space toggles it), drawn as chips. `spoken` adds
// words a screen reader says after the visible ones ("AX5" is said "AX5, Accessibility 5").
export function chips(box, values, chosen, names, spoken) {
  box.replaceChildren(...values.map((value, index) => el("label", {title: spoken ? spoken[index] : undefined},
    el("input", {type: "checkbox", value, checked: chosen.includes(value), onchange: () => {
      const picked = [...box.querySelectorAll("input:checked")].map((input) => input.value);
      if (!picked.length) {
        box.querySelector(`input[value="${CSS.escape(value)}"]`).checked = true;
        announce("At least one stays picked.");
        return;
      }
      chosen.splice(0, chosen.length, ...picked);
      refresh();
    }}), el("span", {}, names ? names[index] : value), spoken ? el("span", {class: "sr-only"}, ", " + spoken[index]) : null)));
}
