// The end of the deal of the day: the player's points over the day's hands beside the
// expert's own play of the same seat on the same cards (asked of the server once: it may
// still be working the expert's play out), and the links to that result and the day's
// board. No rematch: a day's deals are played once a browser.
import { date, number, t, tn } from "../i18n.js";
import { $, el, setText } from "./dom.js";
import { T, saysOf } from "./store.js";

let result = null;  // the server's comparison, once it has come (or what went wrong)
let asking = false;

const points = (n) => (n > 0 ? `+${number(n)}` : number(n));

function compared() {
  if (!result) return t("Setting your play beside the expert's on the same cards…");
  if (result.error) return t("The comparison with the expert could not be read: {error}", { error: result.error });
  const said = { points: points(result.points), expert: points(result.expert), compared: result.compared };
  return saysOf(0, () => tn("You: {points} over the {n} hand (your points less the computer's). The expert, playing the same seat on the same cards: {expert}. You scored {compared}.",
                            "You: {points} over the {n} hands (your points less the computer's). The expert, playing the same seat on the same cards: {expert}. You scored {compared}.", result.hands, said),
                (name) => tn("{name}: {points} over the {n} hand ({name}'s points less the computer's). The expert, playing the same seat on the same cards: {expert}. {name} scored {compared}.",
                             "{name}: {points} over the {n} hands ({name}'s points less the computer's). The expert, playing the same seat on the same cards: {expert}. {name} scored {compared}.", result.hands, { ...said, name }));
}

function ask(link) {
  if (asking) return;
  asking = true;
  fetch(`/api${link}`)
    .then(async (reply) => { const told = await reply.json(); result = reply.ok ? told : { error: told.error }; })
    .catch(() => { result = { error: t("the server did not answer") }; asking = false; })
    .finally(() => { const line = $("daily-compared"); if (line) setText(line, compared()); });
}

// The lines and links of the day's end ([] for a match that is not a day's).
export function dayEnd() {
  const m = T.shown.match, day = m.daily;
  if (!day) return [];
  const resigned = m.resigned !== null && m.resigned !== undefined;
  if (!resigned) ask(day.result);
  return [
    el("p", { id: "daily-compared", "data-testid": "daily-compared", "aria-live": "polite" },
       resigned ? t("A day's result goes on its board only when every hand is played.") : compared()),
    el("p", { class: "links" },
       ...(resigned ? [] : [el("a", { href: day.result, "data-testid": "daily-result-link" }, t("Your hands beside the expert's"))]),
       resigned ? el("a", { href: "/daily", "data-testid": "daily-board-link" }, t("Today's deals and board"))
         : el("a", { href: day.board, "data-testid": "daily-board-link" }, t("The board of {day}", { day: date(day.day) }))),
  ];
}
