// Visible text (and read attributes) with a letter outside the pseudo-language's ⟦ ⟧ markers,
// besides what `allowed` (a regular expression) matches: tests/test_browser_languages.py.
(allowed) => {
  const strip = (text) => {
    let before;
    do { before = text; text = text.replace(/⟦[^⟦⟧]*⟧/g, " "); } while (text !== before);
    return text.replace(new RegExp(allowed, "gu"), " ");
  };
  const shown = (node) => node && node.checkVisibility && node.checkVisibility({ checkOpacity: false })
    && !node.closest("[lang]:not(html)");   // (the language menu: each language in its own words)
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!shown(parent) || parent.closest("script, style, code, option:not(:checked)")) continue;
    const left = strip(node.textContent);
    if (!/\p{L}/u.test(left)) continue;
    // A message may hold markup (a sentence with links in it: ⟦<a>Ann</a> against <a>Bo</a>⟧):
    // its words are judged with the whole block they sit in.
    const block = parent.closest("p, li, h1, h2, h3, td, th, dd, summary, caption, figcaption, label, button") || parent;
    if (/\p{L}/u.test(strip(block.textContent))) found.push(`${parent.tagName}#${parent.id}: ${node.textContent.trim().slice(0, 80)}`);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    if (!shown(el)) continue;
    for (const name of ["aria-label", "title", "alt", "placeholder"]) {
      const value = el.getAttribute(name);
      if (value && /\p{L}/u.test(strip(value))) found.push(`${el.tagName}[${name}]: ${value.slice(0, 80)}`);
    }
  }
  if (/\p{L}/u.test(strip(document.title))) found.push(`title: ${document.title}`);
  return found;
}
