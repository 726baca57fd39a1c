// The phone view: two phones (light and dark) drawn around the campaign's picture.
import {$, el} from "./dom.js";
import {state} from "./state.js";

export function phoneMarkup(mode) {
  const screen = el("div", {class: "screen"},
    el("div", {class: "island"}),
    el("div", {class: "status"}, el("span", {}, "9:41"), statusIcons(mode)),
    el("div", {class: "nav"}, "Home"),
    el("div", {class: "component"}, el("img", {alt: `The campaign on a phone in ${mode} mode`})),
    ...[0, 1, 2, 3].map(() => el("div", {class: "placeholder"}, el("i"), el("div", {class: "lines"}, el("b", {class: "long"}), el("b", {class: "short"})))),
    el("div", {class: "tabbar"}, el("span"), el("span"), el("span"), el("span")),
    el("div", {class: "home"}));
  $(`#phone-${mode}`).replaceChildren(screen);
}

function statusIcons(mode) {
  const ink = mode === "dark" ? "#fff" : "#000";
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("width", "78"); svg.setAttribute("height", "14"); svg.setAttribute("viewBox", "0 0 78 14");
  svg.innerHTML = `<g fill="${ink}"><rect x="0" y="9" width="3" height="4" rx="1"/><rect x="5" y="6" width="3" height="7" rx="1"/>
    <rect x="10" y="3" width="3" height="10" rx="1"/><rect x="15" y="0" width="3" height="13" rx="1"/>
    <path d="M31 3.5a11 11 0 0 1 15 0l-1.6 1.7a8.6 8.6 0 0 0-11.8 0zM34 6.8a6.6 6.6 0 0 1 9 0l-1.7 1.7a4.2 4.2 0 0 0-5.6 0zM38.5 10.2l-1.5 1.6 1.5 1.6 1.5-1.6z"/>
    <rect x="52" y="1" width="22" height="12" rx="3.5" fill="none" stroke="${ink}" stroke-opacity=".4"/><rect x="54" y="3" width="16" height="8" rx="2"/>
    <rect x="75" y="5" width="2" height="4" rx="1" fill-opacity=".4"/></g>`;
  return svg;
}

export async function showPhones(tiles) {
  const images = [];
  for (const tile of tiles) {
    const img = $(`#phone-${tile.appearance} .component img`);
    img.src = tile.png;
    images.push(img);
    $(`#phone-${tile.appearance} .screen`).dir = tile.direction;
  }
  await Promise.all(images.map((img) => img.decode().catch(() => {})));
  return tiles.map((tile) => ({language: state.locale, textSize: tile.textSize, appearance: tile.appearance, direction: tile.direction}));
}
