#!/usr/bin/env python3
"""The trained policy as a bot of the bot protocol (docs/bot-protocol.md), for the arena:

    euchre arena "exec:python examples/selfplay/bot.py policy.npz" easy --games 200

It reads each ``act`` line's view back into a ``View``, encodes it as in training and
answers the policy's most likely legal action. Two-handed only (the game it learned).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one row a decision: no BLAS threads
sys.path.insert(0, str(Path(__file__).resolve().parent))
import policy  # the example's own module, beside this file

from euchre.view import View


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: bot.py WEIGHTS.npz")
    try:
        weights = policy.load(sys.argv[1])
    except (OSError, ValueError) as err:
        sys.exit(f"bot.py: cannot load the policy: {err}")
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello" and message["rules"].get("players", 2) != 2:
            sys.exit("bot.py: this policy plays the two-handed game only")
        if message["type"] == "act":
            print(policy.act(weights, View.from_dict(message["view"])), flush=True)
        elif message["type"] == "bye":
            break


if __name__ == "__main__":
    main()
