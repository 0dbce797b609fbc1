// The table: draws the seat's view from the server and sends the player's choices.
// The server is authoritative and words everything: this page shows state.words (the
// choices, cards, bids, the finished hand) and offers exactly view.legal. It never works out
// a trick or a score itself: a finished hand is read from view.last_hand.
"use strict";
const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token") || "";
const settings = loadSettings();
let socket = null;
let shown = null;        // the state drawn now
const queue = [];        // states received, waiting for their turn to be drawn (pacing)
let busy = false;        // a completed trick or a finished hand is being shown
let lastDrawn = 0;       // when the last move was drawn (ms)
let held = null;         // {cards, leader, winner, reason}: a completed trick on show
let handEnd = false;     // the hand-end panel is up: the new hand waits for "Next hand"
let hiding = false;      // the new hand's cards stay hidden while the old hand is shown
let hints = {};          // token -> value, for the shown seq
let coachAsk = null;     // "Coach notes" on: the seq of my move whose note is asked once played
let retry = 500;
let nameSent = false;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}
const words = () => shown.words;
const nameOf = (p) => (shown.game.seat === p ? "You" : words().names[p]);
const mine = () => shown.game.seat ?? 0;

function cardImg(card, extra = {}) {
  const colours = settings.colours === "4" ? "?colours=4" : "";
  const named = card === "back" ? "a hidden card" : words().cards[card]?.name ?? card;
  return el("img", { src: `/cards/${card === "back" ? "back" : card}.svg${colours}`,
                     class: "card", alt: named, "data-card": card, ...extra });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(choice) {
  $("error").textContent = "";
  $("coach-note").textContent = "";
  coachAsk = settings.coach && shown.match.hints && shown.view.legal.length > 1 ? shown.seq : null;
  send({ type: "action", action: choice, seq: shown.seq });
}

// --- the connection and the queue of states -------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${gameId}?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { retry = 500; $("conn").textContent = "Connected"; $("conn").className = "conn on"; };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    $("conn").className = "conn off";
    if (shown && shown.game.finished) { $("conn").textContent = "Disconnected (the match is over)"; return; }
    $("conn").textContent = "Connection lost: reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function receive(message) {
  if (message.type === "error") { coachAsk = null; $("error").textContent = message.message; return; }
  if (message.type === "coach") { $("coach-note").textContent = message.note || ""; return; }
  if (message.type === "rematch") { remember(message.link, true); location.href = message.link; return; }
  if (message.type === "hint") {
    if (shown && message.seq === shown.seq) { hints = message.values; draw(); }
    return;
  }
  if (message.type !== "state") return;
  if (coachAsk !== null && message.seq > coachAsk) { send({ type: "coach", seq: coachAsk }); coachAsk = null; }
  queue.push(message);
  pump();
}

// Draws the next state, pacing the opponent's moves and holding a completed trick and a
// finished hand on the table so that a person can follow them.
function pump() {
  if (busy || handEnd) return;
  const next = queue.shift();
  if (!next) { document.body.dataset.idle = "1"; return; }
  document.body.dataset.idle = "0";
  const before = shown;
  if (!before || next.seq <= before.seq || next.game.id !== before.game.id) {
    show(next, null);  // the first state, a connection or name change, an undo: at once
    pump();
    return;
  }
  const speed = SPEEDS[settings.speed];
  const theirs = next.last_action && next.last_action[0] !== next.game.seat;
  const wait = theirs ? Math.max(0, lastDrawn + speed.move - Date.now()) : 0;
  busy = true;
  setTimeout(() => { busy = false; step(before, next); }, wait);
}

function step(before, next) {
  const v = next.view, last = v.last_hand;
  const ended = v.hand_number !== before.view.hand_number
    || (v.phase === "over" && before.view.phase !== "over");
  if (ended && last) {
    const t = last.tricks[last.tricks.length - 1];
    const completed = t ? { ...t, reason: next.words.last_hand.reasons[last.tricks.length - 1] } : null;
    show(next, completed, true);
    after(completed ? SPEEDS[settings.speed].trick : 0, () => endOfHand(next));
    return;
  }
  if (v.tricks.length > before.view.tricks.length) {
    const t = v.tricks[v.tricks.length - 1];
    show(next, { ...t, reason: next.words.reasons[v.tricks.length - 1] });
    after(SPEEDS[settings.speed].trick, () => { held = null; draw(); pump(); });
    return;
  }
  show(next, null);
  pump();
}

function after(ms, then) {
  busy = true;
  setTimeout(() => { busy = false; then(); }, ms);
}

function endOfHand(state) {
  held = null;
  hiding = false;
  if (state.game.finished) { handEnd = false; draw(); pump(); return; }
  handEnd = true;
  draw();
  document.body.dataset.idle = "1";  // nothing more is drawn until the person continues
  if (settings.auto) setTimeout(() => { if (handEnd && shown === state) nextHand(); }, SPEEDS[settings.speed].hand);
}

function nextHand() {
  handEnd = false;
  lastDrawn = Date.now();  // the new deal is on show now: the computer's first move waits
  draw();
  pump();
}

function show(state, completed, hideHand = false) {
  const before = shown;
  if (!before || before.seq !== state.seq) hints = {};
  shown = state;
  held = completed;
  hiding = hideHand;
  lastDrawn = Date.now();
  noticeComings(before, state);
  announce(before, state);
  remember(location.pathname + location.search, false);
  draw();
}

// --- drawing ---------------------------------------------------------------------------

function draw() {
  if (!shown) return;
  const hidden = hiding || handEnd;
  drawBar();
  drawSeats();
  drawMiddle();
  drawHand(hidden);
  drawChoices(hidden);
  drawTools(hidden);
  drawStatus(hidden);
  drawHandEnd();
  drawOver();
  drawFriend();
  document.body.dataset.seq = String(shown.seq);
  keepFocus();
}

// While a finished hand is on show (its last trick, then the hand-end panel), the bar and
// the seats are still that hand's: its number, dealer, trump and tricks (the new score).
function endedHand() {
  const v = shown.view;
  if (!(hiding || handEnd) || !v.last_hand) return null;
  const last = v.last_hand;
  return { number: v.phase === "over" ? v.hand_number + 1 : v.hand_number, dealer: last.dealer,
           trump: last.trump, trumpWords: words().last_hand.trump, tricksWon: last.tricks_won };
}

function drawBar() {
  const v = shown.view, g = shown.game, me = mine(), them = 1 - me;
  const score = `${nameOf(me)} ${v.score[me]} · ${nameOf(them)} ${v.score[them]} (to ${v.target})`;
  $("score").textContent = score;
  const ended = endedHand();
  const hand = ended || { number: v.hand_number + 1, dealer: v.dealer, trump: v.trump, trumpWords: words().trump };
  $("hand-no").textContent = `Hand ${hand.number}, ${nameOf(hand.dealer)} ${hand.dealer === g.seat ? "deal" : "deals"}`;
  $("trump").textContent = hand.trumpWords ? `Trump ${hand.trumpWords}` : "No trump yet";
  $("trump").className = hand.trumpWords ? `badge trump suit-${hand.trump}` : "badge";
  const yourTurn = g.seat !== null && v.to_move === g.seat && v.legal.length && !g.finished;
  document.title = `${yourTurn ? "Your turn · " : ""}Euchre: ${words().names[0]} ${v.score[0]}, ${words().names[1]} ${v.score[1]}`;
}

function drawSeats() {
  const v = shown.view, g = shown.game, me = mine(), them = 1 - me;
  $("them-name").textContent = words().names[them] + (g.mode === "computer" ? ` (${g.level})` : "");
  $("them-dot").className = g.connected[them] ? "dot on" : "dot";
  $("them-here").textContent = g.mode === "computer" ? "" : g.connected[them] ? "at the table" : "away";
  $("me-name").textContent = g.seat === null ? "" : words().names[me];
  const ended = endedHand(), won = ended ? ended.tricksWon : v.tricks_won;
  $("them-tricks").textContent = `tricks ${won[them]}`;
  $("me-tricks").textContent = g.seat === null ? "" : `tricks ${won[me]}`;
  const played = v.tricks.length + (v.trick.length === 2 || (v.trick.length && v.leader === them) ? 1 : 0);
  let count = g.seat === null || ended ? 0 : 5 - played;
  if (v.phase === "discard" && v.dealer === them && !ended) count = 6;
  $("them-cards").replaceChildren(...Array.from({ length: Math.max(count, 0) }, () => cardImg("back", { class: "card small" })));
}

function trickSlots(cards, leader, winner) {
  return cards.map((card, i) => {
    const who = i === 0 ? leader : 1 - leader;
    const won = winner === who;
    return el("div", { class: won ? "slot won" : "slot" }, cardImg(card),
              el("span", {}, nameOf(who) + (won ? " (wins)" : "")));
  });
}

function drawMiddle() {
  const v = shown.view, w = words();
  if ((hiding || handEnd) && v.last_hand) { drawLastHandMiddle(v.last_hand, w.last_hand); return; }
  const up = $("upcard");
  const inHand = v.phase === "discard" && v.dealer === shown.game.seat;
  up.className = `slot upcard${w.upcard === "turned down" ? " down" : ""}`;
  up.replaceChildren(cardImg(v.upcard), el("span", {}, inHand ? "in your hand: keep it or discard it" : w.upcard));
  $("note").textContent = w.note;
  if (held) {
    $("trick").replaceChildren(...trickSlots(held.cards, held.leader, held.winner));
    $("trick").classList.add("done");
    $("why").textContent = `${nameOf(held.winner)} ${held.winner === shown.game.seat ? "win" : "wins"} the trick: ${held.reason}`;
  } else {
    $("trick").replaceChildren(...trickSlots(v.trick, v.leader, null));
    $("trick").classList.remove("done");
    $("why").textContent = "";
  }
  const previous = held ? null : v.tricks[v.tricks.length - 1];
  $("last-trick").replaceChildren(...(previous ? trickSlots(previous.cards, previous.leader, previous.winner) : []));
  $("bids").replaceChildren(...w.bids.map((line) => el("div", {}, line)));
}

// While a finished hand is on show, the middle is still that hand's: its upcard, its
// bidding, its last trick (the new hand's deal waits for "Next hand").
function drawLastHandMiddle(last, said) {
  $("upcard").className = `slot upcard${said.upcard === "turned down" ? " down" : ""}`;
  $("upcard").replaceChildren(cardImg(last.upcard), el("span", {}, `the upcard of the hand that ended: ${said.upcard}`));
  $("note").textContent = "";
  const t = held || last.tricks[last.tricks.length - 1];
  $("trick").replaceChildren(...(t ? trickSlots(t.cards, t.leader, t.winner) : []));
  $("trick").classList.toggle("done", Boolean(t));
  const reason = said.reasons[last.tricks.length - 1];
  $("why").textContent = t ? `${nameOf(t.winner)} ${t.winner === shown.game.seat ? "win" : "wins"} the trick: ${reason}` : "";
  $("last-trick").replaceChildren();
  $("bids").replaceChildren(...said.bids.map((line) => el("div", {}, line)));
}

// The hand as drawn: the engine's order (trump first, the left bower among the trumps),
// low cards first if so set; the dealer about to discard holds the upcard as a sixth card.
function handCards(v) {
  let cards = [...v.hand];
  if (settings.sort === "low") {
    const runs = [];
    for (const c of cards) {
      const suit = words().suits[c];
      if (runs.length && runs[runs.length - 1].suit === suit) runs[runs.length - 1].cards.push(c);
      else runs.push({ suit, cards: [c] });
    }
    cards = runs.flatMap((r) => r.cards.reverse());
  }
  if (v.phase === "discard" && v.dealer === v.player) cards.push(v.upcard);
  return cards;
}

function drawHand(hidden) {
  const v = shown.view, seat = shown.game.seat;
  if (seat === null) { $("hand").replaceChildren(); return; }
  const byCard = new Map(words().choices.filter((c) => c.card).map((c) => [c.card, c]));
  const choosing = byCard.size > 0 && !hidden;
  const trump = v.trump;
  $("hand").replaceChildren(...(hidden ? [] : handCards(v)).map((card, i) => {
    const choice = choosing ? byCard.get(card) : null;
    const isUp = v.phase === "discard" && i === v.hand.length;
    const marks = `${trump && words().suits[card] === trump ? " trump" : ""}${isUp ? " upcard-in-hand" : ""}`;
    const label = el("span", { class: "value" }, choice && choice.token in hints ? hints[choice.token].toFixed(2) : "");
    if (!choice) {
      return el("div", { class: `slot${marks}` }, cardImg(card, { class: choosing ? "card dimmed" : "card" }),
                el("span", { class: "tag" }, isUp ? "upcard" : ""), label);
    }
    const button = el("button", { type: "button", class: "card-btn", "data-action": choice.token,
                                  title: choice.words, onclick: () => act(choice.token) },
                      cardImg(card, { class: "card legal", alt: `${choice.words} (${words().cards[card].name})` }),
                      el("span", { class: "key" }, ""));
    return el("div", { class: `slot${marks}` }, button, el("span", { class: "tag" }, isUp ? "upcard" : ""), label);
  }));
}

function drawChoices(hidden) {
  const bids = hidden ? [] : words().choices.filter((c) => !c.card);
  $("actions").replaceChildren(...bids.map((c) =>
    el("button", { type: "button", "data-action": c.token, onclick: () => act(c.token) },
       el("span", { class: "key" }, ""), c.words + (c.token in hints ? ` (${hints[c.token] >= 0 ? "+" : ""}${hints[c.token].toFixed(2)})` : ""))));
  document.querySelectorAll("[data-action]").forEach((node, i) => {
    const key = node.querySelector(".key");
    if (key) key.textContent = i < 9 ? String(i + 1) : "";
  });
}

function drawTools(hidden) {
  const v = shown.view, g = shown.game, m = shown.match;
  const mineToMove = g.seat !== null && v.legal.length > 0 && !g.finished && !hidden;
  $("hint").hidden = !settings.hints || !m.hints || g.seat === null;
  $("hint").disabled = !mineToMove;
  $("undo").hidden = !(settings.undo && g.mode === "computer" && g.seat !== null);
  $("undo").disabled = !(m.can_undo && mineToMove);
  $("resign").hidden = g.seat === null || g.finished;
  if (g.finished) $("resign-confirm").hidden = true;
  const ranked = Object.entries(hints).sort((a, b) => b[1] - a[1]);
  const wordsOf = Object.fromEntries(words().choices.map((c) => [c.token, c.words]));
  $("hints").textContent = ranked.length && !hidden ? `Expert's estimate (${words().hint_label}): ` + ranked.map(([t, x]) =>
    `${wordsOf[t] ?? t} ${x >= 0 ? "+" : ""}${x.toFixed(2)}`).join(" · ") : "";
}

function drawStatus(hidden) {
  const v = shown.view, g = shown.game, seat = g.seat;
  let text;
  if (g.finished) text = `${nameOf(g.winner)} ${g.winner === seat ? "win" : "wins"} the match!`;
  else if (hidden) text = held ? "The last trick of the hand" : "The hand is over";
  else if (seat !== null && v.to_move === seat && words().prompt) text = words().prompt;
  else text = `Waiting for ${nameOf(v.to_move)}…`;
  $("status").textContent = text;
  $("watching").hidden = seat !== null;
  if (seat === null) $("watching").textContent = `You are watching ${words().names[0]} play ${words().names[1]}.`;
}

function drawHandEnd() {
  const panel = $("hand-end");
  panel.hidden = !handEnd;
  if (!handEnd) return;
  const v = shown.view, last = shown.words.last_hand, me = mine(), them = 1 - me;
  $("hand-end-title").textContent = `Hand ${v.hand_number}: ${last.outcome}`;
  $("hand-end-summary").textContent = last.summary;
  $("hand-end-score").textContent = `Score: ${nameOf(me)} ${v.score[me]} · ${nameOf(them)} ${v.score[them]} (to ${v.target})`;
}

// A small chart of the score after each hand, drawn as SVG (no library).
function scoreChart(scores, target) {
  const ns = "http://www.w3.org/2000/svg";
  const w = 300, h = 120, top = Math.max(target, ...scores.flat()), n = Math.max(scores.length - 1, 1);
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "The score after each hand: " + scores.slice(1).map((s, i) => `hand ${i + 1}, ${s[0]} to ${s[1]}`).join("; "));
  for (const seat of [0, 1]) {
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", scores.map((s, i) => `${(i / n) * (w - 10) + 5},${h - 5 - (s[seat] / top) * (h - 10)}`).join(" "));
    line.setAttribute("class", `line seat-${seat === mine() ? "me" : "them"}`);
    svg.append(line);
  }
  return svg;
}

function drawOver() {
  const g = shown.game, m = shown.match, panel = $("over");
  panel.hidden = !g.finished || busy;
  if (panel.hidden || !m.summary) return;
  const s = m.summary, me = mine(), them = 1 - me;
  const last = shown.words.last_hand;
  const rows = [["", nameOf(me), nameOf(them)], ["Hands made", s.made[me], s.made[them]],
                ["Marches", s.march[me], s.march[them]], ["Euchres scored", s.euchres[me], s.euchres[them]]];
  const table = el("table", { class: "summary", "data-testid": "match-summary" },
    ...rows.map((r, i) => el("tr", {}, ...r.map((c) => el(i === 0 ? "th" : "td", {}, String(c))))));
  const asked = m.rematch_asked, other = 1 - me;
  let offer = "";
  if (g.seat !== null && asked.includes(other) && !asked.includes(me)) offer = `${nameOf(other)} asks for a rematch.`;
  if (g.seat !== null && asked.includes(me)) offer = `Waiting for ${nameOf(other)} to accept the rematch…`;
  const rematch = el("button", { type: "button", "data-testid": "rematch", onclick: () => send({ type: "rematch" }) },
                     asked.includes(other) && !asked.includes(me) ? "Accept the rematch" : "Rematch");
  if (asked.includes(me)) rematch.disabled = true;
  panel.replaceChildren(el("h2", {}, $("status").textContent),
    el("p", {}, m.resigned !== null && m.resigned !== undefined ? `${nameOf(m.resigned)} resigned.` : last ? last.summary : ""),
    ...(m.undo_used ? [el("p", {}, "Played with undo.")] : []),
    el("p", {}, "The score hand by hand:"), scoreChart(s.scores, shown.view.target), table,
    el("p", { class: "offer", "data-testid": "rematch-offer" }, offer),
    ...(g.seat === null ? [] : [rematch]), " ",
    el("a", { href: `/games/${gameId}`, "data-testid": "record-link" }, "The game, hand by hand"), " · ",
    el("a", { href: `/players/${encodeURIComponent(shown.game.names[me])}` }, "Statistics"), " · ",
    el("a", { href: "/" }, "Lobby"));
}

function drawFriend() {
  const g = shown.game;
  $("watch").hidden = g.seat === null;
  $("watch-link").href = g.watch;
  $("watch-link").textContent = new URL(g.watch, location.href).href;
  $("invite").hidden = !(g.invite && !g.connected[1]);
  if (g.invite) $("invite-link").value = new URL(g.invite, location.href).href;
  $("friend-hints-row").hidden = !(g.mode === "friend" && g.seat === 0);
  $("set-friend-hints").checked = shown.match.hints;
  const wantsName = g.seat === 1 && g.mode === "friend" && g.names[1] === "Friend" && !g.finished;
  $("name-form").hidden = !wantsName || Boolean(localStorage.getItem("euchre.name"));
  if (wantsName && localStorage.getItem("euchre.name") && !nameSent) {
    nameSent = true;
    send({ type: "name", name: localStorage.getItem("euchre.name") });
  }
}

// --- what a person is told ------------------------------------------------------------

function noticeComings(before, now) {
  if (!before || now.game.mode !== "friend" || before.game.id !== now.game.id) return;
  const them = 1 - (now.game.seat ?? 0);
  if (before.game.connected[them] === now.game.connected[them]) return;
  const name = now.words.names[them];
  const text = now.game.connected[them] ? `${name} is back at the table.` : `${name} left the table.`;
  $("notice").textContent = text;
  $("notice").hidden = false;
  $("announce").textContent = text;
}

function announce(before, now) {
  const yours = now.game.seat !== null && now.view.to_move === now.game.seat && now.view.legal.length;
  if (now.words.last && now.last_action && now.last_action[0] !== now.game.seat && (!before || before.seq !== now.seq))
    $("announce").textContent = now.words.last + (yours ? ". Your turn." : ".");
  const wasYours = before && before.game.seat !== null && before.view.to_move === before.game.seat && before.view.legal.length;
  if (yours && !wasYours && document.hidden && settings.sound) beep();
}

function beep() {
  try {
    const audio = new AudioContext(), tone = audio.createOscillator(), gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.18);
  } catch { /* no sound where audio is not allowed */ }
}

// Every game this browser sits in (created or joined), for the lobby's list.
function remember(link, fresh) {
  if (!token && !fresh) return;
  const games = JSON.parse(localStorage.getItem("euchre.games") || "[]");
  const id = link.split("?")[0].split("/").pop();
  if (games.some((g) => g.id === id)) return;
  games.push({ id, link, created: Date.now() });
  localStorage.setItem("euchre.games", JSON.stringify(games.slice(-50)));
}

// After a move the focus stays on the table: on the first choice, or on "Next hand".
function keepFocus() {
  const active = document.activeElement;
  if (active && active !== document.body && document.body.contains(active) && !active.disabled
      && active.offsetParent !== null) return;
  const target = handEnd ? $("next-hand") : document.querySelector("[data-action]");
  if (target) target.focus({ preventScroll: true });
}

// --- controls ------------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  if (event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^[1-9]$/.test(event.key)) {
    const choice = document.querySelectorAll("[data-action]")[Number(event.key) - 1];
    if (choice) { event.preventDefault(); choice.click(); }
  }
});
$("next-hand").addEventListener("click", nextHand);
$("hint").addEventListener("click", () => { $("hints").textContent = "Thinking…"; send({ type: "hint" }); });
$("undo").addEventListener("click", () => send({ type: "undo" }));
$("resign").addEventListener("click", () => { $("resign-confirm").hidden = false; $("resign-confirm").focus(); });
$("resign-confirm").addEventListener("click", () => { $("resign-confirm").hidden = true; send({ type: "resign" }); });
$("set-friend-hints").addEventListener("change", () => send({ type: "hints", allow: $("set-friend-hints").checked }));
$("copy").addEventListener("click", () => { $("invite-link").select(); navigator.clipboard?.writeText($("invite-link").value); });
$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) return;
  localStorage.setItem("euchre.name", name);
  send({ type: "name", name });
});
bindSettings(settings, () => draw());
connect();
