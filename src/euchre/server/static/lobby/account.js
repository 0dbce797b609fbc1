// "Your name": register the name with a password, log in and out (the server's session is an
// HttpOnly cookie: this page never sees it). On registering, the finished games this browser
// sat in are claimed for the account (each by its seat's token, which only this browser has).
import { t, tn } from "../i18n.js";
import { rememberedGames } from "../remembered.js";

const $ = (id) => document.getElementById(id);

async function send(method, path, body) {
  try {
    const reply = await fetch(path, { method, body: body && JSON.stringify(body),
                                      headers: { "Content-Type": "application/json" } });
    return { ok: reply.ok, data: await reply.json() };
  } catch {
    return { ok: false, data: { error: t("the server cannot be reached just now: try again in a moment") } };
  }
}

function tokensHere() {
  return rememberedGames().map((g) => ({ id: g.id, token: new URL(g.link, location.href).searchParams.get("token") }))
    .filter((g) => typeof g.id === "string" && g.token).slice(-50);
}

function show(name, said = "") {
  $("account-form").hidden = Boolean(name);
  $("account-in").hidden = !name;
  $("account-who").textContent = name || "";
  $("account-error").textContent = "";
  if (said) $("account-says").textContent = said;
  if (name) {
    $("name").value = name;
    localStorage.setItem("euchre.name", name);
    $("my-stats").href = `/players/${encodeURIComponent(name)}`;
  }
}

async function signIn(path) {
  const body = { name: $("account-name").value.trim(), password: $("account-password").value };
  const { ok, data } = await send("POST", path, body);
  if (!ok) { $("account-error").textContent = `${data.error[0].toUpperCase()}${data.error.slice(1)}.`; return; }
  $("account-password").value = "";
  let said = "";
  if (path === "/api/accounts") {
    const claimed = await send("POST", "/api/accounts/games", { games: tokensHere() });
    const count = claimed.ok ? claimed.data.claimed.length : 0;
    said = tn("Your name is registered. {n} finished game played in this browser is now your account's.",
              "Your name is registered. {n} finished games played in this browser are now your account's.", count);
  }
  show(data.name, said);
}

async function main() {
  $("account-name").value = localStorage.getItem("euchre.name") || "";
  $("account-form").addEventListener("submit", (event) => { event.preventDefault(); signIn("/api/session"); });
  $("register").addEventListener("click", () => signIn("/api/accounts"));
  $("logout").addEventListener("click", async () => { await send("DELETE", "/api/session"); show(null); });
  const { ok, data } = await send("GET", "/api/session");
  if (ok && data.name) show(data.name);
  document.body.dataset.account = "1";
}

main();
