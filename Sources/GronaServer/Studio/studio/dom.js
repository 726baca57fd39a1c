// The page's DOM helpers: a selector, an element builder, messages, the live region and downloads.

export const $ = (selector) => document.querySelector(selector);

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export function say(node, text, kind) { node.textContent = text; node.className = "message " + (kind || ""); }

// Whether the focus is still where it was when slow work began (`left`), or nowhere: only then may
// the work move it when it ends. Taking it from where the person moved it while they waited would
// send their next keystroke to a control they did not choose.
export function focusStayed(left) {
  const now = document.activeElement;
  return now === left || now === document.body || now === null;
}

// Where the focus goes when slow work ends: to `target`, unless the person moved it meanwhile.
export function focusWhenDone(target, left) {
  if (focusStayed(left)) target.focus();
}

// The live region (role=status): what a screen reader says when the previews have caught up, once
// per change of what they say, so that typing does not make it chatter.
export function announce(text) {
  const live = $("#live");
  if (live.textContent !== text) live.textContent = text;
}

export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", {href: url, download: name});
  document.body.append(link); link.click(); link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
