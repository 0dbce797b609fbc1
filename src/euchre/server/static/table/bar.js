// The score zone (always in view: the score, trump, the hand and its dealer), the page's
// title, and the line that says whose turn it is.
import { $, el, setText } from "./dom.js";
import { T, choosing, endedHand, initial, mine, nameOf, partners, saysOf, scoreWords, seats, sideName, sidesShown,
         waitingFor, words } from "./store.js";
import { listed, number, t, tn } from "../i18n.js";

export function drawBar() {
  const v = T.shown.view, g = T.shown.game;
  // at four, the sides as players keep a Euchre score: "Us" and "Them" (fits a phone's bar)
  const sides = sidesShown(), short = partners() && g.seat !== null;
  // at three, the others by initial (their names are at their places); at four watched or
  // replayed, the sides as the bottom seat's name and the others' initials ("Ann & N 3 · W & E 5")
  // (each seat's initial and points held together, a line free to break after a "·": five
  // seats' scores take two lines of a phone's bar)
  const initials = seats() >= 3 && !partners() ? sides.map((x, i) => `${i === 0 ? x.name : initial(x.name)}\u00a0${number(v.score[x.side])}`).join("\u00a0· ")
    : partners() && !short ? sides.map((x, k) => `${[x.side, x.side + 2].sort((a, b) => (b === mine()) - (a === mine())).map((p, i) => (k === 0 && i === 0 ? nameOf(p) : initial(nameOf(p)))).join(" & ")} ${number(v.score[x.side])}`).join(" · ")
    : "";
  const score = $("score");
  score.classList.toggle("many", seats() >= 5);  // Napoleon's five scores: a smaller line
  if (!score.firstChild) score.append(el("span", { class: "pts" }), el("span", { class: "to" }));
  const us = short ? t("Us {us} · Them {them}", { us: number(v.score[sides[0].side]), them: number(v.score[sides[1].side]) }) : "";
  const day = T.shown.match.daily;  // a day's hands, not a target, end its match
  setText(score.lastChild, day ? tn("({n} hand)", "({n} hands)", day.hands) : t("(to {target})", { target: number(v.target) }));  // the goal: smaller on a phone's bar
  const forms = [`${us || initials || scoreWords(v.score)} `];
  if (seats() === 2)  // a long name on a phone's bar: as at three
    forms.push(`${sides.map((x, i) => `${i ? initial(x.name) : x.name} ${number(v.score[x.side])}`).join(" · ")} `);
  fitScore(score, forms);
  const ended = endedHand();
  const hand = ended
    ? { number: v.phase === "over" ? v.hand_number + 1 : v.hand_number, dealer: ended.dealer,
        trump: ended.trump, trumpWords: words().last_hand.trump }
    : { number: v.hand_number + 1, dealer: v.dealer, trump: v.trump, trumpWords: words().trump };
  const handNo = $("hand-no");  // on a phone "Hand 3" alone: the dealer's chip says who deals
  if (!handNo.firstChild) handNo.append(el("span"), el("span", { class: "dealt" }));
  setText(handNo.firstChild, t("Hand {number}", { number: number(hand.number) }));
  setText(handNo.lastChild, saysOf(hand.dealer, () => t(", You deal"), (name) => t(", {name} deals", { name })));
  const contract = ended ? "" : words().contract;  // Hasenpfeffer's and Napoleon's highest bid
  setText($("trump"), hand.trumpWords && contract ? t("Trump {suit}, {contract}", { suit: hand.trumpWords, contract })
    : hand.trumpWords ? t("Trump {suit}", { suit: hand.trumpWords })
    : contract && v.phase === "play" ? t("{contract}, no trump", { contract }) : t("No trump yet"));
  $("trump").className = hand.trumpWords ? `badge trump suit-${hand.trump}` : "badge";
  // five seats on the narrowest phones in a long language: the hand's number gives way (the
  // score pad has it) rather than push the bar's score out of sight
  handNo.hidden = false;
  if (seats() >= 5 && handNo.offsetTop > $("trump").offsetTop + 4) handNo.hidden = true;
  const yourTurn = g.seat !== null && v.to_move === g.seat && v.legal.length && !g.finished;
  const n = words().names, told = partners() ? [0, 1].map((s) => t("{first} and {second}", { first: n[s], second: n[s + 2] })) : n;
  const standing = listed(v.score.map((s, i) => t("{name} {points}", { name: told[i], points: number(s) })));
  document.title = yourTurn ? t("Your turn · Euchre: {score}", { score: standing }) : t("Euchre: {score}", { score: standing });
}

// The score line whole in the room the bar has (after its goal, which is set first): the
// first of its forms that fits, else the last in a smaller size ("Annaga 0 · Iyaga 0" in
// Somali on a 360 px phone); an ellipsis only when even the smallest does not fit.
// Fitted again whenever the bar's room changes (a phone turned, a first layout made wider
// than the phone's screen).
const SNUG = ["snug", "snugger"];
let fitted = null;
function fitScore(score, forms) {
  if (!fitted) new ResizeObserver(() => fitScore(...fitted)).observe(score.parentElement);
  fitted = [score, forms];
  const pts = score.firstChild, words = document.createRange();
  const fits = () => {  // its words' width to the fraction (an ellipsis shows for .3 px over)
    words.selectNodeContents(pts);
    return words.getBoundingClientRect().width <= pts.getBoundingClientRect().width + .05;
  };
  score.classList.remove(...SNUG);
  for (const form of forms) {
    setText(pts, form);
    if (fits()) return;
  }
  for (const size of SNUG) {
    score.classList.remove(...SNUG);
    score.classList.add(size);
    if (fits()) return;
  }
}

// "You win the match!", or a resignation said as one.
export function matchWords() {
  const g = T.shown.game, m = T.shown.match;
  const many = partners(), winner = many ? sideName(g.winner) : words().names[g.winner];
  const you = !many && g.winner === g.seat;
  if (m.resigned !== null && m.resigned !== undefined) {
    const quit = m.resigned === g.seat ? null : words().names[m.resigned];
    if (g.winner === null || g.winner === undefined)  // at three, the two others level
      return quit === null ? t("You resigned: nobody wins the match.")
        : t("{name} resigned: nobody wins the match.", { name: quit });
    if (quit === null) return many ? t("You resigned: {names} win the match.", { names: winner })
      : t("You resigned: {name} wins the match.", { name: winner });
    if (you) return t("{name} resigned: you win the match.", { name: quit });
    return many ? t("{name} resigned: {names} win the match.", { name: quit, names: winner })
      : t("{name} resigned: {winner} wins the match.", { name: quit, winner });
  }
  if (m.daily) return tn("The {n} hand of the day is played", "The {n} hands of the day are played", m.daily.hands);
  if (you) return t("You win the match!");
  return many ? t("{names} win the match!", { names: winner }) : t("{name} wins the match!", { name: winner });
}

export function drawStatus() {
  const v = T.shown.view, g = T.shown.game, waiting = waitingFor();
  let text;
  if (g.finished) text = matchWords();
  else if (T.hiding || T.handEnd) text = T.held ? t("The last trick of the hand") : t("The hand is over");
  else if (T.dealing) text = t("Dealing…");
  else if (waiting !== null) text = words().prompt || t("Waiting for {name} to arrive", { name: words().names[waiting] });
  else if (choosing() && words().prompt) text = words().prompt;
  else if (g.seat !== null && v.to_move === g.seat && v.legal.length) text = words().prompt;
  else text = t("Waiting for {name}…", { name: nameOf(v.to_move) });
  setText($("status"), text);
  $("status").classList.toggle("mine", choosing());
  // waiting for friends, no choice below it: the line may take two lines (never "…ready" cut)
  $("status").classList.toggle("wraps", !g.finished && !T.hiding && !T.handEnd && !T.dealing && waiting !== null);
  $("watching").hidden = g.seat !== null;
  if (g.seat === null) setText($("watching"), words().names.length === 2
    ? t("You are watching {first} play {second}.", { first: words().names[0], second: words().names[1] })
    : t("You are watching {name}'s table.", { name: words().names[0] }));
}
