// Settings kept in this browser (localStorage): speed, motion, deck colours, theme, hand
// sorting, sounds, hints, coach notes, undo, the next hand by itself. The lobby and the
// table both read them; theme.js reads the theme and colours before a page is drawn.
export const SETTINGS_KEY = "euchre.settings";
export const SETTING_DEFAULTS = {
  speed: "normal", motion: true, colours: "2", theme: "system", sort: "high", sound: false,
  hints: true, coach: false, undo: false, auto: false,
};
// How long (ms) a completed trick stays on the table, the least time between two moves of
// the opponent, the pause before the next hand starts by itself, and how long a card takes
// to travel across the table.
export const SPEEDS = {
  slow: { trick: 2200, move: 1000, hand: 6000, travel: 650 },
  normal: { trick: 1200, move: 550, hand: 4000, travel: 380 },
  fast: { trick: 500, move: 150, hand: 2000, travel: 160 },
};

export function loadSettings() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { saved = {}; }
  const settings = { ...SETTING_DEFAULTS };
  for (const key of Object.keys(SETTING_DEFAULTS))
    if (typeof saved[key] === typeof SETTING_DEFAULTS[key]) settings[key] = saved[key];
  if (!(settings.speed in SPEEDS)) settings.speed = SETTING_DEFAULTS.speed;
  return settings;
}

export function saveSettings(settings) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  window.euchreTheme?.();  // theme.js: the theme and the deck colours follow at once
}

// Ties each settings control (id "set-KEY") to its setting; onChange(key) runs after each.
export function bindSettings(settings, onChange) {
  for (const key of Object.keys(SETTING_DEFAULTS)) {
    const input = document.getElementById(`set-${key}`);
    if (!input) continue;
    const boolean = typeof SETTING_DEFAULTS[key] === "boolean";
    if (boolean) input.checked = settings[key]; else input.value = settings[key];
    input.addEventListener("change", () => {
      settings[key] = boolean ? input.checked : input.value;
      saveSettings(settings);
      onChange(key);
    });
  }
}

// Whether cards move: the setting, unless the device asks for less motion.
export function motionOn(settings) {
  return settings.motion && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
