// Settings kept in this browser (localStorage): speed, deck colours, theme, hand sorting,
// hints, coach notes, undo, the next hand by itself, a sound. The lobby and the table both
// read them.
"use strict";
const SETTINGS_KEY = "euchre.settings";
const SETTING_DEFAULTS = { speed: "normal", colours: "2", theme: "dark", sort: "high",
                           hints: true, coach: false, undo: false, auto: false, sound: false };
// How long (ms) a completed trick stays on the table, the least time between two moves of
// the opponent, and the pause before the next hand starts by itself.
const SPEEDS = { slow: { trick: 2200, move: 1000, hand: 6000 },
                 normal: { trick: 1200, move: 550, hand: 4000 },
                 fast: { trick: 500, move: 150, hand: 2000 } };

function loadSettings() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { saved = {}; }
  const settings = { ...SETTING_DEFAULTS };
  for (const key of Object.keys(SETTING_DEFAULTS))
    if (typeof saved[key] === typeof SETTING_DEFAULTS[key]) settings[key] = saved[key];
  if (!(settings.speed in SPEEDS)) settings.speed = SETTING_DEFAULTS.speed;
  return settings;
}

function saveSettings(settings) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

function applyTheme(settings) {
  document.documentElement.dataset.theme = settings.theme;
}

// Ties each settings control (id "set-KEY") to its setting; onChange runs after each change.
function bindSettings(settings, onChange) {
  for (const key of Object.keys(SETTING_DEFAULTS)) {
    const input = document.getElementById(`set-${key}`);
    if (!input) continue;
    const boolean = typeof SETTING_DEFAULTS[key] === "boolean";
    if (boolean) input.checked = settings[key]; else input.value = settings[key];
    input.addEventListener("change", () => {
      settings[key] = boolean ? input.checked : input.value;
      saveSettings(settings);
      applyTheme(settings);
      onChange(key);
    });
  }
}
applyTheme(loadSettings());
