// The socket to the server: opened at once, opened again after any loss, a finished
// match's included (its rematch may be offered or made meanwhile: the server tells a seat
// that comes back), waiting longer each time, up to 4 s. While it is down a banner says so,
// and the table shows every choice disabled and every other seat's presence as unknown;
// once back, the server's state brings the table up to date.
import { t } from "../i18n.js";
import { $, setText } from "./dom.js";
import { T } from "./store.js";

let socket = null;
let retry = 400;
let handlers = null;

export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// onMessage(message) for each message; onChange() when the connection opens or closes.
export function connect(onMessage, onChange) {
  handlers = { onMessage, onChange };
  open();
}

function open() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${T.gameId}?token=${encodeURIComponent(T.token)}`);
  socket.onopen = () => {
    retry = 400;
    T.online = true;
    setText($("conn"), t("Connected"));
    $("conn").className = "conn on";
    $("banner").hidden = true;
    handlers.onChange();
  };
  socket.onmessage = (event) => handlers.onMessage(JSON.parse(event.data));
  socket.onclose = () => {
    const was = T.online;
    T.online = false;
    $("conn").className = "conn off";
    setText($("conn"), t("Connection lost: reconnecting…"));
    if (!(T.shown && T.shown.game.finished)) {  // (after the match only the rematch waits)
      setText($("banner"), t("Connection lost. Reconnecting… Your choices wait until the table is back."));
      $("banner").hidden = false;
    }
    if (was) handlers.onChange();
    setTimeout(open, retry);
    retry = Math.min(retry * 2, 4000);
  };
}
