"""A small two-layer softmax policy (numpy only) over the research adapters' observation.

The same network serves training (``train.py``, many games at once over ``euchre.batch``)
and play (``bot.py``, one ``View`` at a time in the arena): both read the documented
encoding (``envs.encoding`` two-handed), so what was learned over the batch is what plays.

The network sees the observation in a *frame*: the suits renamed so that trump (or, before
trump is made, the upcard's suit) is clubs and its same-colour suit spades, and answers in
that frame (its card and suit actions renamed back). A hand of hearts with the upcard a
heart is then the same input as one of clubs with a club up: what is learned about one suit
serves all four, which makes learning several times faster than from the raw layout.

    logits = W2 . relu(W1 . x + b1) + b2,  illegal actions masked out
    value  = v . relu(W1 . x + b1) + c      (the critic: expected points of the hand)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from euchre.actions import CALL, DISCARD, N_ACTIONS, action_token
from euchre.cards import JOKER, N_CARDS, same_colour
from euchre.envs import encoding as enc
from euchre.view import View

NAMES = ("W1", "b1", "W2", "b2", "v", "c")


def _suit_maps() -> np.ndarray:
    """(4 frames, 4 suits): the new name of each suit in the frame of trump ``f``: ``f``
    first, its same-colour suit last, the other two between in order."""
    maps = np.zeros((4, 4), dtype=np.int64)
    for f in range(4):
        others = [s for s in range(4) if s not in (f, same_colour(f))]
        for new, old in enumerate((f, *others, same_colour(f))):
            maps[f, old] = new
    return maps


def _permutations() -> tuple[np.ndarray, np.ndarray]:
    """(4, 522) and (4, 72): for each frame, the raw index each framed observation entry
    and each framed action id is read from."""
    maps = _suit_maps()
    obs = np.tile(np.arange(enc.SIZE), (4, 1))
    act = np.tile(np.arange(N_ACTIONS), (4, 1))
    card_blocks = [enc.HAND, enc.UPCARD, enc.DISCARD, enc.TRICK + 1]
    card_blocks += [enc.TRICKS + i * enc.TRICK_WIDTH + k for i in range(5) for k in (1, 34)]
    suit_blocks = [enc.TRUMP] + [enc.BIDS + j * enc.BID_WIDTH + 3 for j in range(4)]
    for f in range(4):
        cards = np.arange(N_CARDS)
        renamed = np.where(cards < JOKER, maps[f][np.minimum(cards >> 3, 3)] * 8 + (cards & 7),
                           JOKER)
        for table, blocks in ((obs, card_blocks), (act, [0, DISCARD])):
            for start in blocks:
                table[f, start + renamed] = start + cards
        for table, blocks in ((obs, suit_blocks), (act, [CALL])):
            for start in blocks:
                table[f, start + maps[f]] = start + np.arange(4)
    return obs, act


OBS_FROM, ACT_FROM = _permutations()


def framed(x: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows of observations and legal masks in each row's frame, and (B, 72) the raw action
    id of each framed action id."""
    trump = x[:, enc.TRUMP:enc.TRUMP + 4]
    up = x[:, enc.UPCARD:enc.UPCARD + JOKER].reshape(len(x), 4, 8).sum(axis=2)
    frame = np.where(trump.any(axis=1), trump.argmax(axis=1), up.argmax(axis=1))
    actions = ACT_FROM[frame]
    return (np.take_along_axis(x, OBS_FROM[frame], axis=1),
            np.take_along_axis(legal, actions, axis=1), actions)


def init(obs_size: int, n_actions: int, hidden: int, seed: int) -> dict[str, np.ndarray]:
    """Fresh weights, seeded (He-scaled first layer, small output layers: a nearly uniform
    policy over the legal actions at the start)."""
    rng = np.random.default_rng(seed)
    return {
        "W1": (rng.standard_normal((obs_size, hidden)) * np.sqrt(2 / 60)).astype(np.float32),
        "b1": np.zeros(hidden, dtype=np.float32),
        "W2": (rng.standard_normal((hidden, n_actions)) * 0.01).astype(np.float32),
        "b2": np.zeros(n_actions, dtype=np.float32),
        "v": (rng.standard_normal(hidden) * 0.01).astype(np.float32),
        "c": np.zeros(1, dtype=np.float32),
    }


def forward(w: dict[str, np.ndarray], x: np.ndarray,
            legal: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(hidden, probabilities over the legal actions, values) for rows ``x`` (B, size)
    with bool masks ``legal`` (B, A)."""
    h = np.maximum(x @ w["W1"] + w["b1"], 0)
    logits = h @ w["W2"] + w["b2"]
    logits = np.where(legal, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    return h, p, h @ w["v"] + w["c"][0]


def save(w: dict[str, np.ndarray], path: str | Path, **meta: float | int | str) -> None:
    """The weights and how they were made (seed, budget, time) in one ``.npz``."""
    np.savez(path, **w, **{f"meta_{k}": np.asarray(v) for k, v in meta.items()})


def load(path: str | Path) -> dict[str, np.ndarray]:
    """Weights saved by ``save``; a file without them is a one-line ``ValueError``."""
    with np.load(path) as data:
        missing = [name for name in NAMES if name not in data]
        if missing:
            raise ValueError(f"{path} holds no policy weights (missing {', '.join(missing)})")
        return {name: data[name] for name in NAMES}


def greedy(w: dict[str, np.ndarray], x: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Each row's most likely legal action (raw ids) for raw observations and masks."""
    xf, legal_f, actions = framed(x, legal)
    best = forward(w, xf, legal_f)[1].argmax(axis=1)
    return actions[np.arange(len(x)), best]


def act(w: dict[str, np.ndarray], view: View) -> str:
    """The policy's most likely legal action for ``view`` (two-handed), as a token."""
    x = enc.encode(view)[None, :]
    legal = enc.action_mask(view).astype(bool)[None, :]
    return action_token(int(greedy(w, x, legal)[0]))
