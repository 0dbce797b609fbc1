// Where each seat sits: you at the bottom (a spectator sees the first seat there, a replay
// the seat it is shown from), the others clockwise from your left; with two players the
// other sits opposite. The upcard and the kitty lie in the corner at the dealer's right hand.
import { T, seats } from "./store.js";

export const PLACES = ["n", "w", "e", "s", "nw", "ne"];
const AROUND = { 2: ["s", "n"], 3: ["s", "w", "e"], 4: ["s", "w", "n", "e"], 5: ["s", "w", "nw", "ne", "e"] };
export const DEALER_CORNER = { s: "se", w: "sw", n: "nw", e: "ne" };

export function placeOf(p) {
  const n = seats(), base = T.shown.game.seat ?? T.shown.game.bottom ?? 0;
  return (AROUND[n] || AROUND[2])[(p - base + n) % n];
}

// The seat at a place, or null for an empty place.
export function seatAt(place) {
  const n = seats();
  for (let p = 0; p < n; p++) if (placeOf(p) === place) return p;
  return null;
}
