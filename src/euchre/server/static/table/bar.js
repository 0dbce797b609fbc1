// The score zone (always in view: the score, trump, the hand and its dealer), the page's
// title, and the line that says whose turn it is.
import { $, el, setText } from "./dom.js";
import { T, choosing, endedHand, nameOf, says, scoreWords, seats, sideSays, sidesShown, waitingFor,
         words } from "./store.js";

export function drawBar() {
  const v = T.shown.view, g = T.shown.game;
  // at four, the sides as players keep a Euchre score: "Us" and "Them" (fits a phone's bar)
  const sides = sidesShown(), short = seats() === 4 && g.seat !== null;
  // at three, the others by initial (their names are at their places); at four watched or
  // replayed, the sides as the bottom seat's name and the others' initials ("Ann & N 3 · W & E 5")
  const initials = seats() === 3 ? sides.map((x, i) => `${i === 0 ? x.name : x.name[0]} ${v.score[x.side]}`).join(" · ")
    : seats() === 4 && !short ? sides.map((x) => `${x.name.split(" and ").map((n, i) => (x === sides[0] && i === 0 ? n : n[0])).join(" & ")} ${v.score[x.side]}`).join(" · ")
    : "";
  const score = $("score");
  if (!score.firstChild) score.append(el("span", { class: "pts" }), el("span", { class: "to" }));
  const pts = score.firstChild;
  setText(pts, `${short ? `Us ${v.score[sides[0].side]} · Them ${v.score[sides[1].side]}`
    : initials || scoreWords(v.score)} `);
  if (seats() === 2 && pts.scrollWidth > pts.clientWidth + 1)  // a long name on a phone's bar:
    setText(pts, `${sides.map((x, i) => `${i ? x.name[0] : x.name} ${v.score[x.side]}`).join(" · ")} `);  // as at three
  const day = T.shown.match.daily;  // a day's hands, not a target, end its match
  setText(score.lastChild, day ? `(${day.hands} hands)` : `(to ${v.target})`);  // the goal: smaller on a phone's bar
  const ended = endedHand();
  const hand = ended
    ? { number: v.phase === "over" ? v.hand_number + 1 : v.hand_number, dealer: ended.dealer,
        trump: ended.trump, trumpWords: words().last_hand.trump }
    : { number: v.hand_number + 1, dealer: v.dealer, trump: v.trump, trumpWords: words().trump };
  const handNo = $("hand-no");  // on a phone "Hand 3" alone: the dealer's chip says who deals
  if (!handNo.firstChild) handNo.append(el("span"), el("span", { class: "dealt" }));
  setText(handNo.firstChild, `Hand ${hand.number}`);
  setText(handNo.lastChild, `, ${says(hand.dealer, "deal")}`);
  setText($("trump"), hand.trumpWords ? `Trump ${hand.trumpWords}` : "No trump yet");
  $("trump").className = hand.trumpWords ? `badge trump suit-${hand.trump}` : "badge";
  const yourTurn = g.seat !== null && v.to_move === g.seat && v.legal.length && !g.finished;
  const told = words().names.length === 4 ? [`${words().names[0]} and ${words().names[2]}`, `${words().names[1]} and ${words().names[3]}`] : words().names;
  document.title = `${yourTurn ? "Your turn · " : ""}Euchre: ${v.score.map((s, i) => `${told[i]} ${s}`).join(", ")}`;
}

// "You win the match!", or a resignation said as one.
export function matchWords() {
  const g = T.shown.game, m = T.shown.match;
  if (m.resigned !== null && m.resigned !== undefined)
    return `${nameOf(m.resigned)} resigned: ${sideSays(g.winner, "win")} the match.`;
  if (m.daily) return `The ${m.daily.hands} hands of the day are played`;
  return `${sideSays(g.winner, "win")} the match!`;
}

export function drawStatus() {
  const v = T.shown.view, g = T.shown.game, waiting = waitingFor();
  let text;
  if (g.finished) text = matchWords();
  else if (T.hiding || T.handEnd) text = T.held ? "The last trick of the hand" : "The hand is over";
  else if (T.dealing) text = "Dealing…";
  else if (waiting !== null) text = words().prompt || `Waiting for ${words().names[waiting]} to arrive`;
  else if (choosing() && words().prompt) text = words().prompt;
  else if (g.seat !== null && v.to_move === g.seat && v.legal.length) text = words().prompt;
  else text = `Waiting for ${nameOf(v.to_move)}…`;
  setText($("status"), text);
  $("status").classList.toggle("mine", choosing());
  $("watching").hidden = g.seat !== null;
  if (g.seat === null) setText($("watching"), words().names.length === 2
    ? `You are watching ${words().names[0]} play ${words().names[1]}.`
    : `You are watching ${words().names[0]}'s table.`);
}
