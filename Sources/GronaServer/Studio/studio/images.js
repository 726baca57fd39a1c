// The image picker: the folder's PNGs as thumbnails, and uploads into the folder.
import {$, el, say, announce, focusWhenDone} from "./dom.js";
import {getPath, nameStem} from "./state.js";
import {answerJSON} from "./api.js";

// The folder's PNGs as thumbnails (fetched as blobs, so a token travels with them); choosing one
// sets the field. An upload goes into the folder's images/ folder when there is one, under a free
// name: the server never replaces a file, so a name taken gets " 2", " 3"… and the page says so.
const picker = {path: null, input: null, chosen: null, urls: [], images: [], listing: 0};

/// `chosen(path)` sets the field at `path` (whose text box is `input`) to the image picked.
export async function openImagePicker(path, input, chosen) {
  picker.path = path; picker.input = input; picker.chosen = chosen;
  say($("#image-message"), "");
  $("#image-upload").value = "";
  $("#image-dialog").showModal();
  const left = document.activeElement;
  // An upload started meanwhile lists the images itself and focuses its own; then this listing,
  // older, is dropped and the focus stays where the person (or the upload) put it.
  if (!await listImages() || !$("#image-dialog").open) return;
  focusWhenDone($("#image-list button[aria-current=true]") || $("#image-list button") || $("#image-upload"), left);
}

// The folder's images in the list; false when a newer listing was asked for meanwhile (this one is dropped).
async function listImages() {
  const mine = ++picker.listing;
  const box = $("#image-list");
  box.setAttribute("aria-busy", "true");
  const answer = await fetch("/api/images");
  const list = await answer.json().catch(() => ({images: []}));
  if (mine !== picker.listing) return false;
  box.removeAttribute("aria-busy");
  for (const url of picker.urls) URL.revokeObjectURL(url);
  picker.urls = [];
  picker.images = list.images || [];
  if (!picker.images.length) { box.replaceChildren(el("li", {class: "empty"}, "The folder has no PNG images yet: upload one.")); return true; }
  const chosen = getPath(picker.path);
  box.replaceChildren(...picker.images.map((image) => {
    const thumb = el("img", {alt: ""});
    fetch("/api/images/" + image.path.split("/").map(encodeURIComponent).join("/")).then((r) => (r.ok ? r.blob() : null)).then((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      picker.urls.push(url);
      thumb.src = url;
    });
    const size = image.width ? `${image.width} × ${image.height} px` : "";
    return el("li", {}, el("button", {type: "button", "aria-current": image.path === chosen ? "true" : undefined, onclick: () => pickImage(image.path)},
                         thumb, el("span", {}, image.path), el("span", {class: "hint"}, size)));
  }));
  return true;
}

function pickImage(path) {
  $("#image-dialog").close();
  picker.input.value = path;
  picker.chosen(path);
  picker.input.closest(".path-row").querySelector(".choose-image").focus();
  announce(`Image set to ${path}.`);
}

async function uploadImage() {
  const file = $("#image-upload").files[0];
  const message = $("#image-message");
  if (!file) return;
  // The folder's images must be known to choose images/ (the picker's own listing may still be on its way).
  if ($("#image-list").hasAttribute("aria-busy")) await listImages();
  const folder = picker.images.some((image) => image.path.startsWith("images/")) ? "images/" : "";
  const stem = nameStem(file.name.replace(/\.png$/i, "")) || "image";
  say(message, `Uploading ${file.name}…`);
  const body = await file.arrayBuffer();
  for (let serial = 1; serial <= 20; serial++) {
    const path = folder + stem + (serial > 1 ? ` ${serial}` : "") + ".png";
    const answer = await fetch("/api/images/" + path.split("/").map(encodeURIComponent).join("/"),
                               {method: "PUT", headers: {"Content-Type": "image/png"}, body});
    const result = await answerJSON(answer);
    if (answer.status === 409) continue;
    if (!answer.ok) { say(message, `Not uploaded: ${result.error}`, "bad"); $("#image-upload").focus(); return; }
    await listImages();
    say(message, `Uploaded ${file.name} as ${path}${serial > 1 ? " (that name was taken)" : ""}.`, "ok");
    const button = [...$("#image-list").querySelectorAll("button")].find((b) => b.querySelector("span").textContent === path);
    if (button) button.focus();
    return;
  }
  say(message, "Not uploaded: every name tried is taken; rename the file and try again.", "bad");
}

export function setUpImagePicker() {
  $("#image-cancel").addEventListener("click", () => $("#image-dialog").close());
  $("#image-upload").addEventListener("change", uploadImage);
}
