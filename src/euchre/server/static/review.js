// The review page while the coach works: follows GET /api/games/ID/review/SEAT and moves
// the progress bar, showing the server's own words for where the review is; once it is
// done, the page is loaded again and the server shows the review itself.
import { t } from "./i18n.js";

(() => {
  const panel = document.getElementById("review-progress");
  if (!panel || !["queued", "running"].includes(panel.dataset.status)) return;
  const url = panel.dataset.api;
  const status = document.getElementById("review-status");
  const bar = document.getElementById("review-bar");
  const POLL = 400, RETRY = 2000;

  function show(told) {
    panel.dataset.status = told.status;
    status.textContent = told.words || told.error;
    if (told.total) { bar.max = told.total; bar.value = told.done; }
  }

  async function poll() {
    let reply, told;
    try {
      reply = await fetch(url, { cache: "no-store" });
      told = await reply.json();
    } catch {
      status.textContent = t("Lost touch with the server: trying again…");
      setTimeout(poll, RETRY);
      return;
    }
    if (told.status === "done") { show(told); location.reload(); return; }
    if (!told.status) { panel.dataset.status = "failed"; status.textContent = told.error; return; }
    show(told);
    if (told.status !== "failed") setTimeout(poll, POLL);
  }
  poll();
})();
