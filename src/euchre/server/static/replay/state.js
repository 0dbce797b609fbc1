// What the replay shows now, shared by its modules: the positions the server worked out
// (GET /api/games/ID/positions), the one on show, the seat reviewed (?seat=S) and whether it
// plays on by itself.
const query = new URLSearchParams(location.search);
const asked = query.get("seat");

export const R = {
  data: null,        // {game, frames, moves}: every position, every move in words
  index: 0,          // the frame on show
  seat: /^[0-3]$/.test(asked ?? "") ? Number(asked) : null,  // whose decisions are shown (the page checked it)
  decisions: null,   // "hand:index" -> the review's decision of that seat, once loaded
  reviewWords: "",   // where that review is, while it is worked out
  playing: null,     // the timer of the replay playing by itself
};

export const frames = () => R.data.frames;
export const frame = () => R.data.frames[R.index];
export const names = () => R.data.game.names;

// The frame ?at=N opens: the last one after N moves (the table as the next player found it).
export function frameAt(at) {
  let found = -1;
  frames().forEach((f, i) => { if (f.at === at) found = i; });
  return found;
}

// The first frame after move N (for a move that ended a hand, its end: the last card shown).
export const frameAfter = (at) => frames().findIndex((f) => f.at === at);

// The review's decision made at the frame on show, if the reviewed seat makes one there.
export function decisionNow() {
  const next = frame().next;
  if (!R.decisions || !next) return null;
  return R.decisions.get(`${next[0]}:${next[1]}`) ?? null;
}
