// The table: draws the seat's view from the server and sends the player's choices.
// The server is authoritative: this page only shows what it is sent and offers view.legal.
"use strict";
const $ = (id) => document.getElementById(id);
const SUITS = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };
const gameId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token") || "";
let socket = null;
let state = null;        // the newest state message
let lastTrick = null;    // {cards: [[player, card], ...], winner}
let hints = {};          // token -> value, for the current seq
let retry = 500;
let nameSent = false;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}
const cardImg = (card, extra = {}) =>
  el("img", { src: `/cards/${card === "back" ? "back" : card}.svg`, class: "card",
              alt: card === "back" ? "a card" : card, "data-card": card, ...extra });
const suitName = (s) => `${SUITS[s][0]} ${SUITS[s][1]}`;
const me = () => state.game.seat ?? 0;
const nameOf = (p) => (state.game.seat === p ? "You" : state.game.names[p]);

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(choice) {
  $("error").textContent = "";
  send({ type: "action", action: choice });
}

function label(choice, view) {
  if (choice === "pass")
    return view.phase === "discard" ? "Leave the upcard" : "Pass";
  if (choice === "order")
    return view.dealer === view.player ? `Pick up ${view.upcard}` : `Order up ${view.upcard}`;
  if (choice.startsWith("call ")) return `Call ${suitName(choice.slice(5))}`;
  return choice;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${gameId}?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { retry = 500; };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (state && state.game.finished) return;
    $("status").textContent = "Connection lost: reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function receive(message) {
  if (message.type === "error") { $("error").textContent = message.message; return; }
  if (message.type === "hint") {
    if (state && message.seq === state.seq) { hints = message.values; draw(); }
    return;
  }
  if (message.type !== "state") return;
  const before = state;
  state = message;
  if (!before || before.seq !== state.seq) hints = {};
  noteLastTrick(before, state);
  draw();
}

// The last completed trick: from this hand's tricks, or (when the hand has just ended and the
// new hand is dealt) from the trick we had plus the card that finished it.
function noteLastTrick(before, now) {
  const v = now.view;
  if (v.tricks.length) {
    const t = v.tricks[v.tricks.length - 1];
    lastTrick = { cards: [[t.leader, t.cards[0]], [1 - t.leader, t.cards[1]]], winner: t.winner };
  } else if (before && before.view.hand_number !== v.hand_number && now.last_action
             && before.view.trick.length === 1 && v.last_hand) {
    const [who, card] = now.last_action;
    const won = v.last_hand.tricks_won, had = before.view.tricks_won;
    lastTrick = { cards: [[before.view.leader, before.view.trick[0]], [who, card]],
                  winner: won[0] > had[0] ? 0 : 1 };
  } else if (!before || before.view.hand_number !== v.hand_number) {
    lastTrick = null;
  }
}

function draw() {
  const v = state.view, g = state.game, seat = g.seat, mine = me(), them = 1 - mine;
  document.title = `Euchre: ${g.names[0]} ${v.score[0]}, ${g.names[1]} ${v.score[1]}`;
  $("score").textContent = `${nameOf(mine)} ${v.score[mine]} · ${nameOf(them)} ${v.score[them]} (to ${v.target})`;
  $("hand-no").textContent = `Hand ${v.hand_number + 1}, ${nameOf(v.dealer)} ${v.dealer === seat ? "deal" : "deals"}`;
  $("trump").textContent = v.trump ? `Trump ${suitName(v.trump)}, made by ${nameOf(v.maker)}` : "No trump yet";
  $("them-name").textContent = g.names[them] + (g.mode === "computer" ? ` (${g.level})` : "");
  $("them-dot").className = g.connected[them] ? "dot on" : "dot";
  $("me-name").textContent = seat === null ? `${g.names[0]} (you are watching)` : g.names[mine];
  $("them-tricks").textContent = `tricks ${v.tricks_won[them]}`;
  $("me-tricks").textContent = `tricks ${v.tricks_won[mine]}`;

  // the opponent's cards: only how many
  const played = (p) => v.tricks.length + (v.trick.length && (v.trick.length === 2 || v.leader === p) ? 1 : 0);
  let count = 5 - played(them);
  if (v.phase === "discard" && v.dealer === them) count = 6;
  $("them-cards").replaceChildren(...Array.from({ length: Math.max(count, 0) }, () => cardImg("back", { class: "card small" })));

  // upcard
  const up = $("upcard");
  const down = !v.upcard_taken && (v.phase !== "bid1" && v.phase !== "discard");
  up.className = `slot upcard${down ? " down" : ""}`;
  up.replaceChildren(cardImg(v.upcard),
    el("span", {}, v.upcard_taken ? `taken by ${nameOf(v.dealer)}` : down ? "turned down" : "face up"));

  // the trick in progress and the last one
  $("trick").replaceChildren(...v.trick.map((card, i) => {
    const who = i === 0 ? v.leader : 1 - v.leader;
    return el("div", { class: "slot" }, cardImg(card), el("span", {}, nameOf(who)));
  }));
  $("last-trick").replaceChildren(...(lastTrick ? lastTrick.cards.map(([who, card]) =>
    el("div", { class: "slot" }, cardImg(card), el("span", {}, nameOf(who)))) : []),
    ...(lastTrick ? [el("span", {}, `won by ${nameOf(lastTrick.winner)}`)] : []));

  $("bids").replaceChildren(...v.bids.map(([who, bid]) => el("div", {}, `${nameOf(who)}: ${label(bid, { ...v, player: who })}`)));

  // the hand summary of the previous hand
  const last = v.last_hand;
  $("summary").hidden = !last;
  if (last) {
    $("summary").textContent = last.thrown_in ? "Last hand: both passed twice, thrown in."
      : `Last hand: ${nameOf(last.maker)} made ${suitName(last.trump)} trump and took ` +
        `${last.tricks_won[last.maker]} trick${last.tricks_won[last.maker] === 1 ? "" : "s"}; ` +
        `${nameOf(last.points[0] ? 0 : 1)} scored ${Math.max(...last.points)}.`;
  }

  // my hand: legal cards can be clicked, the rest are dimmed
  const legal = new Set(v.legal);
  const choosingCard = v.phase === "play" || v.phase === "discard";
  $("hand").replaceChildren(...(seat === null ? Array.from({ length: 5 - played(0) }, () => cardImg("back"))
    : v.hand.map((card) => {
      const choice = legal.has(card) ? card : legal.has(`discard ${card}`) ? `discard ${card}` : null;
      const img = cardImg(card, choice ? { class: "card legal", tabindex: "0", role: "button",
                                          "aria-label": `${v.phase === "discard" ? "discard" : "play"} ${card}` }
                                       : { class: choosingCard && legal.size ? "card dimmed" : "card" });
      if (choice) {
        img.addEventListener("click", () => act(choice));
        img.addEventListener("keydown", (e) => { if (e.key === "Enter") act(choice); });
      }
      const value = choice && choice in hints ? hints[choice].toFixed(2) : "";
      return el("div", { class: "slot" }, img, el("span", { class: "value" }, value));
    })));

  const buttons = v.legal.filter((t) => t === "pass" || t === "order" || t.startsWith("call "));
  $("actions").replaceChildren(...buttons.map((t) =>
    el("button", { type: "button", "data-action": t, onclick: () => act(t) },
       label(t, v) + (t in hints ? ` (${hints[t].toFixed(2)})` : ""))));
  $("hint").disabled = seat === null || !v.legal.length || g.finished;
  const ranked = Object.entries(hints).sort((a, b) => b[1] - a[1]);
  $("hints").textContent = ranked.length ? "Expert: " + ranked.map(([t, x]) =>
    `${label(t, v)} ${x >= 0 ? "+" : ""}${x.toFixed(2)}`).join(" · ") : "";

  // whose turn, the invite, the end
  const status = $("status");
  if (g.finished) status.textContent = `${nameOf(g.winner)} ${g.winner === seat ? "win" : "wins"} the match!`;
  else if (seat !== null && v.to_move === seat) status.textContent = promptFor(v);
  else status.textContent = `Waiting for ${nameOf(v.to_move)}…`;
  $("invite").hidden = !(g.invite && !g.connected[1]);
  if (g.invite) $("invite-link").value = new URL(g.invite, location.href).href;
  $("over").hidden = !g.finished;
  if (g.finished) {
    $("over").replaceChildren(el("b", {}, status.textContent), " ",
      el("a", { href: `/games/${gameId}`, "data-testid": "record-link" }, "The game, hand by hand"), " · ",
      el("a", { href: `/players/${encodeURIComponent(g.names[mine])}` }, "Statistics"), " · ",
      el("a", { href: "/" }, "New game"));
  }
  const wantsName = seat !== null && g.mode === "friend" && seat === 1 && g.names[1] === "Friend";
  $("name-form").hidden = !wantsName || Boolean(localStorage.getItem("euchre.name"));
  if (wantsName && localStorage.getItem("euchre.name") && !nameSent) {
    nameSent = true;
    send({ type: "name", name: localStorage.getItem("euchre.name") });
  }
}

function promptFor(v) {
  if (v.phase === "bid1") return `Your bid: order up ${v.upcard} or pass`;
  if (v.phase === "bid2") return "Your bid: name a suit or pass";
  if (v.phase === "discard") return "Pick up: click the card to discard";
  if (v.phase === "joker") return "The Joker was turned up: name trump";
  return v.trick.length ? "Your card: follow suit if you can" : "Your lead";
}

$("hint").addEventListener("click", () => { $("hints").textContent = "Thinking…"; send({ type: "hint" }); });
$("copy").addEventListener("click", () => { $("invite-link").select(); navigator.clipboard?.writeText($("invite-link").value); });
$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) return;
  localStorage.setItem("euchre.name", name);
  send({ type: "name", name });
});
connect();
