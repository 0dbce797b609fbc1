// The deal of the day's form: the name is posted as JSON (as every new game is) and the
// browser goes to the new table; the game joins this browser's list in the lobby.
import { rememberGame } from "./remembered.js";
import { t } from "./i18n.js";

const form = document.getElementById("daily");
const field = document.getElementById("name");
field.value ||= localStorage.getItem("euchre.name") || "";  // (a name typed while the words loaded kept)
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = field.value.trim();
  if (!name) return;
  let reply, data;
  try {
    reply = await fetch("/api/daily", { method: "POST", body: JSON.stringify({ name }),
                                        headers: { "Content-Type": "application/json" } });
    data = await reply.json();
  } catch {
    document.getElementById("error").textContent = t("Lost touch with the server: try again.");
    return;
  }
  if (!reply.ok) { document.getElementById("error").textContent = data.error; return; }
  localStorage.setItem("euchre.name", name);
  rememberGame(data.id, data.links.play, 0);
  location.href = data.links.play;
});
form.dataset.ready = "1";  // the form posts as a new game from now on (tests wait for it)
