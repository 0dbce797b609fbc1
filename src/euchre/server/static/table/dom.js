// Small helpers to build the page: elements by id, new elements, card images.
export const $ = (id) => document.getElementById(id);

// A new element: attributes (null and undefined left out; "onclick" a listener), children.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

export function svgEl(tag, attrs = {}) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

// The address of a card's picture ("back" for a hidden card), in the chosen deck colours.
export function cardSrc(card, colours) {
  const name = card === "back" ? "back" : card;
  return `/cards/${name}.svg${colours === "4" && card !== "back" ? "?colours=4" : ""}`;
}

// Sets an element's attribute only when it changes (a redraw leaves the rest alone).
export function setAttr(node, name, value) {
  if (value === null || value === undefined || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== String(value)) node.setAttribute(name, value);
}

export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
