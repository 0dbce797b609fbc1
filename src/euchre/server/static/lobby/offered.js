// What the server offers the lobby (/api/levels): the levels, the default rules, each game's
// rules presets and the most points a match may be played to. Asked once per page: the form
// (main.js) and the open tables (tables.js) both read this one answer.
export const offered = fetch("/api/levels").then((reply) => reply.json());
