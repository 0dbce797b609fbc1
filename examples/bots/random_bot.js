#!/usr/bin/env node
// A random bot for the euchre bot protocol (docs/bot-protocol.md), in JavaScript for Node,
// with nothing but Node's own modules.
//
//   euchre arena "exec:node examples/bots/random_bot.js" heuristic --games 20
//   euchre arena "exec:node examples/bots/random_bot.js" medium --players 4 --games 4
// (it answers from the view's legal tokens, so it plays every game of the family)
const readline = require("node:readline");

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "act") { // the only line that wants an answer
    const legal = message.view.legal;
    process.stdout.write(legal[Math.floor(Math.random() * legal.length)] + "\n");
  } else if (message.type === "bye") {
    lines.close();
  }
});
