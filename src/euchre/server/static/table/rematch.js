// The rematch at the end of a match: who asked for it and whom it waits for, by name (the
// people at the table: a computer never asks or accepts), who left (in the rematch the
// computer plays his seat until he is back, as during a match), and the button to ask for
// it or accept it. The server decides whom it waits for (match.rematch_needed).
import { t } from "../i18n.js";
import { el } from "./dom.js";
import { T, nameOf } from "./store.js";
import { send } from "./connection.js";

// "Ann", "you and Bea", "Ann, Bea and Cy": seats named within a sentence, yours first.
function listOf(seats) {
  const me = T.shown.game.seat;
  const names = [...seats].sort((a, b) => (b === me) - (a === me))
    .map((p) => (p === me ? t("you") : nameOf(p)));
  if (names.length < 2) return names.join("");
  return t("{first} and {second}", { first: names.slice(0, -1).join(t(", ")), second: names[names.length - 1] });
}

const capital = (line) => line.charAt(0).toLocaleUpperCase() + line.slice(1);

// The lines said under the match's end, each a sentence.
export function rematchLines() {
  const g = T.shown.game, m = T.shown.match, asked = m.rematch_asked;
  const pending = (m.rematch_needed ?? []).filter((p) => !asked.includes(p));
  const lines = [];
  if (asked.length) {
    lines.push(capital(t("{names} asked for a rematch.", { names: listOf(asked) })));
    if (pending.length) lines.push(t("Waiting for {names} to accept.", { names: listOf(pending) }));
    const gone = pending.filter((p) => p !== g.seat && !g.connected[p]);
    if (gone.length) lines.push(capital(gone.length === 1 ? t("{name} is not at the table.", { name: listOf(gone) })
      : t("{names} are not at the table.", { names: listOf(gone) })));
  }
  for (const p of g.away ?? [])
    lines.push(t("{name} left the table: in the rematch the computer plays for {name} until {name} is back.", { name: nameOf(p) }));
  return lines;
}

// "Rematch", or "Accept the rematch" once someone asked; done once you have asked.
export function rematchButton() {
  const asked = T.shown.match.rematch_asked, mine = asked.includes(T.shown.game.seat);
  const button = el("button", { type: "button", "data-testid": "rematch", onclick: () => send({ type: "rematch" }) },
                    asked.length && !mine ? t("Accept the rematch") : t("Rematch"));
  button.disabled = mine;
  return button;
}
