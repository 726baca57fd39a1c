// A closer look: a tile's picture opened full size, at the download's scale, in a dialog.
import {$, el} from "./dom.js";
import {state} from "./state.js";
import {renderTile} from "./downloads.js";

// A tile's picture is a button that opens it full size (the VoiceOver picture is unreadable at a
// tile's width): Enter or a click opens the dialog, Escape or Close shuts it and focus goes back to
// the tile's button.
export function closerLook(image, variant) {
  return el("button", {type: "button", class: "closer-open", "aria-haspopup": "dialog",
                       onclick: (event) => openCloserLook(event.currentTarget, image, variant,
                                                          image.closest(".cell")?.getAttribute("aria-label") || "")},
            image);
}

// The tile shows the picture at the screen's density; the dialog shows it as the download has it
// (@2x), fetched when asked for, so a closer look is closer than the tile.
let closerURL = null;
async function openCloserLook(opener, image, variant, name) {
  const dialog = $("#closer");
  if (!image.src) return;
  let source = image.src;
  try {
    const blob = await renderTile(variant);
    if (closerURL) URL.revokeObjectURL(closerURL);
    source = closerURL = URL.createObjectURL(blob);
  } catch (error) { /* the tile's own picture, then */ }
  $("#closer-title").textContent = name + (state.overlay ? ", what VoiceOver reads" : "");
  const full = $("#closer-image");
  full.alt = image.alt;
  if (image.lang) full.lang = image.lang; else full.removeAttribute("lang");
  full.src = source;
  await full.decode().catch(() => {});
  dialog.opener = opener;
  dialog.showModal();
  $("#closer-close").focus();
}

export function setUpCloserLook() {
  const dialog = $("#closer");
  $("#closer-close").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener("close", () => {
    const opener = dialog.opener;
    dialog.opener = null;
    // The grid may have been redrawn meanwhile: then the same tile's new button takes the focus.
    const again = opener && !opener.isConnected && opener.closest(".cell")
      ? document.getElementById(opener.closest(".cell").id)?.querySelector(".closer-open") : null;
    (opener && opener.isConnected ? opener : again)?.focus();
  });
}
