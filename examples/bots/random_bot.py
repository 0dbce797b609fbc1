#!/usr/bin/env python3
"""A random bot for the euchre bot protocol (docs/bot-protocol.md), standard library only.

Run it in the arena:  euchre arena "exec:python3 examples/bots/random_bot.py" heuristic
It plays every game of the family as it is (it answers from the view's legal tokens):
                      euchre arena "exec:python3 examples/bots/random_bot.py" medium --players 4
An optional argument seeds its choices: random_bot.py 7
"""

import json
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":  # the only line that wants an answer
        print(rng.choice(message["view"]["legal"]), flush=True)
    elif message["type"] == "bye":
        break
