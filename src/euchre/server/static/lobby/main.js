// The lobby: "Play" starts a game against the computer in one click, at the level and with
// the rules chosen last time (a first visit: medium, the standard rules); each level says
// what it is like and how strong it measured; a friend table is one more click. Below, the
// games this browser sits in.
import { t } from "../i18n.js";
import { rememberGame } from "../remembered.js";
import { bindSettings, loadSettings } from "../settings.js";
import { showGames } from "./games.js";
import { checkForm, GAME_PRESETS, OPTIONS, gameChosen, gamePreset, partnered, players, PRESET_NAMES, PRESETS, rulesOf, showTableChoices,
         takePresets } from "./form.js";
import { offered as asked } from "./offered.js";

const $ = (id) => document.getElementById(id);
const CHOICE = "euchre.lobby";  // {level, preset, rules, players, partner}: chosen last time
let offered = null;             // /api/levels

function chosen() {
  try { return JSON.parse(localStorage.getItem(CHOICE) || "{}") || {}; } catch { return {}; }
}

function levelCards(levels, pick) {
  $("levels").replaceChildren(...levels.levels.map((name) => {
    const about = levels.about[name];
    const input = Object.assign(document.createElement("input"), { type: "radio", name: "level", value: name });
    input.checked = name === pick;
    input.setAttribute("aria-describedby", `about-${name}`);
    const label = document.createElement("label");
    label.className = "level";
    const title = document.createElement("b");
    title.textContent = about.name[0].toLocaleUpperCase() + about.name.slice(1);
    const said = document.createElement("span");
    said.id = `about-${name}`;
    said.className = "about";
    said.textContent = `${about.sentence} ${about.plainly}`.trim();
    label.append(input, " ", title, said);
    return label;
  }), measured(levels));
}

// The levels' figures, for whoever wants them: behind a "How they measured" disclosure.
function measured(levels) {
  const list = document.createElement("ul");
  list.append(...levels.levels.map((name) => Object.assign(document.createElement("li"), {
    id: `measured-${name}`, textContent: t("{level}: {strength}", { level: levels.about[name].name, strength: levels.about[name].strength }) })));
  const summary = Object.assign(document.createElement("summary"), { textContent: t("How the levels measured") });
  const details = Object.assign(document.createElement("details"), { className: "measured" });
  details.setAttribute("data-testid", "levels-measured");
  details.append(summary, list);
  return details;
}

function level() {
  return document.querySelector("input[name=level]:checked")?.value ?? offered.default;
}

function preset() {
  return document.querySelector("input[name=preset]:checked").value;
}

function saysPlay() {
  showTableChoices();  // (the chosen game's presets drawn first: the sentence names one)
  const rules = preset() === "custom" ? t("your own rules") : PRESET_NAMES[preset()];
  const said = { level: offered.about[level()].name, partner: offered.about[$("partner").value].name, rules };
  const game = gameChosen();
  const titles = { railroad: t("Railroad Euchre"), hasenpfeffer: t("Hasenpfeffer"), napoleon: t("Napoleon") };
  if (game !== "euchre") said.rules = (GAME_PRESETS[game][gamePreset()] ?? GAME_PRESETS[game].standard)[0];
  $("play-says").textContent = game === "napoleon"
    ? t("Napoleon against {n} computers ({level}): {rules}.", { ...said, n: players() - 1, rules: said.rules })
    : game !== "euchre" ? t("{game} with a partner ({partner}) against two computers ({level}): {rules}.", { ...said, game: titles[game] }) : {
    2: () => t("Against the computer ({level}), {rules}.", said),
    4: () => t("With a partner ({partner}) against two computers ({level}), {rules}.", said),
    3: () => t("Cutthroat against two computers ({level}), {rules}.", said) }[players()]();
  $("custom").hidden = preset() !== "custom";
}

function partnerChoices(levels, pick) {
  $("partner").replaceChildren(...levels.levels.map((name) =>
    Object.assign(document.createElement("option"), { value: name, textContent: levels.about[name].name, selected: name === pick })));
}

async function start(mode) {
  $("error").textContent = "";
  const name = $("name").value.trim();
  const problem = checkForm(name, preset());
  if (problem) { $("error").textContent = problem; return; }
  const body = { mode, name, rules: rulesOf(preset(), offered.rules, players()) };
  if (mode === "computer" || players() !== 2 || gameChosen() !== "euchre") body.level = level();  // at 3 and 4: the computers' level
  if (partnered()) body.partner = $("partner").value;  // (at a friend table: if the seat is left to the computer)
  let reply, data;
  try {
    reply = await fetch("/api/games", { method: "POST", body: JSON.stringify(body),
                                        headers: { "Content-Type": "application/json" } });
    data = await reply.json();
  } catch {
    $("error").textContent = t("The server cannot be reached just now: try again in a moment.");
    return;
  }
  if (!reply.ok) { $("error").textContent = t("The game could not be started: {error}.", { error: data.error }); return; }
  localStorage.setItem("euchre.name", name);
  localStorage.setItem(CHOICE, JSON.stringify({ level: level(), preset: preset(), rules: rulesOf("custom", offered.rules, 4),
                                               players: players(), partner: $("partner").value }));
  rememberGame(data.id, data.links.play, 0);
  location.href = data.links.play;
}

async function main() {
  const settings = loadSettings();
  bindSettings(settings, () => {});
  $("name").value = localStorage.getItem("euchre.name") || "Guest";
  $("my-stats").href = `/players/${encodeURIComponent($("name").value)}`;
  offered = await asked;
  takePresets(offered.presets);
  $("target").max = String(offered.max_target);  // (the server's bound: form.js reads it)
  const last = chosen();
  levelCards(offered, offered.levels.includes(last.level) ? last.level : offered.default);
  partnerChoices(offered, offered.levels.includes(last.partner) ? last.partner : offered.levels.includes(last.level) ? last.level : offered.default);
  if ([2, 3, 4].includes(last.players))
    document.querySelector(`input[name=players][value="${last.players}"]`).checked = true;
  if (last.preset in PRESETS || last.preset === "custom")
    document.querySelector(`input[name=preset][value=${last.preset}]`).checked = true;
  if (last.rules) {
    $("deck").value = String(last.rules.deck ?? 24);
    $("target").value = String(last.rules.target ?? 10);
    for (const key of OPTIONS) $(key).checked = Boolean(last.rules[key]);
  }
  saysPlay();
  $("new-game").addEventListener("change", saysPlay);
  $("new-game").addEventListener("submit", (event) => { event.preventDefault(); start("computer"); });
  $("friend").addEventListener("click", () => start("friend"));
  document.body.dataset.ready = "1";
}

main();
showGames();
