// The theme and deck colours of every page, set on <html> before the page is drawn (a
// classic script in <head>): the player's choice, kept in this browser, or with none made
// (or "system") the device's prefers-color-scheme, followed as it changes.
"use strict";
(() => {
  const root = document.documentElement;
  const device = window.matchMedia("(prefers-color-scheme: light)");
  function chosen() {
    try { return JSON.parse(localStorage.getItem("euchre.settings") || "{}") || {}; } catch { return {}; }
  }
  function apply() {
    const saved = chosen();
    const theme = saved.theme === "dark" || saved.theme === "light" ? saved.theme
      : device.matches ? "light" : "dark";
    root.dataset.theme = theme;
    root.dataset.colours = saved.colours === "4" ? "4" : "2";
  }
  apply();
  device.addEventListener("change", apply);
  window.addEventListener("storage", apply);   // chosen in another tab
  window.euchreTheme = apply;                   // settings.js calls it after a change
})();
