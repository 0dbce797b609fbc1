#!/usr/bin/env python3
"""Train a small policy for two-handed euchre by self-play over the batched engine, on CPU.

    python examples/selfplay/train.py --seed 1 --iterations 300 --out policy.npz

Both seats of ``--games`` games at once (half of them with the dealer stuck) are the same
policy (``policy.py``); each decision's return is the hand's points for its seat minus the
other's, the critic's value its baseline (advantage actor-critic, one pass over each
rollout in ``--minibatches`` steps of Adam). Every ``--report`` iterations
it prints the policy's points a hand against ``random`` on a fixed set of stacked deals
(both seatings). The same seed and budget give the same weights on the same machine.
Play the result in the arena with ``bot.py`` (see README.md).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # small matrices: BLAS threads only spin (30x slower
    # on a busy machine), so one thread, set before numpy is imported

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import policy  # noqa: E402  (the example's own module, beside this file)

from euchre import Rules  # noqa: E402
from euchre.batch import Batch, observation_size  # noqa: E402
from euchre.batch.tables import deck_array  # noqa: E402

RULES = Rules()  # two-handed, the arena's default game
STUCK = Rules(stick_the_dealer=True)
"""Half the training games are played with the dealer stuck: every hand of theirs is
played out, so the card play learns even while the bidding still passes everything (under
the default rules alone self-play falls into passing every hand, thrown in for 0 points,
from which nothing more is learned)."""


def choose(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action a row, drawn from the rows of probabilities ``p``."""
    drawn = (p.cumsum(axis=1) < rng.random((len(p), 1))).sum(axis=1)
    drawn = np.minimum(drawn, p.shape[1] - 1)
    return np.where(p[np.arange(len(p)), drawn] > 0, drawn, p.argmax(axis=1))


def seat_observations(b: Batch) -> np.ndarray:
    """(N, size): each game's observation for the player to move."""
    x = b.observation(0)
    second = b.to_move == 1
    x[second] = b.observation(1)[second]
    return x


def rollout(b: Batch, w: dict, steps: int, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    """``steps`` self-play steps of every game; returns the decisions of the hands that
    ended (observations, legal masks, actions, returns)."""
    n = b.n
    xs, masks, acts, seats, hand_ids = [], [], [], [], []
    done = np.zeros(n, dtype=np.int64)
    points = np.zeros((n, steps + 1, 2), dtype=np.float32)
    for _ in range(steps):
        seat = b.to_move.copy()
        x, legal, actions = policy.framed(seat_observations(b), b.legal_mask())
        _, p, _ = policy.forward(w, x, legal)
        a = choose(p, rng)
        xs.append(x), masks.append(legal), acts.append(a), seats.append(seat)
        hand_ids.append(done.copy())
        b.step(actions[np.arange(n), a], check=False)
        ended = b.hand_over
        points[ended, done[ended]] = b.points[ended]
        done += ended
    hand = np.stack(hand_ids)
    seat = np.stack(seats)
    games = np.broadcast_to(np.arange(n), hand.shape)
    finished = hand < done[None, :]
    mine = points[games, hand, seat] - points[games, hand, 1 - seat]
    return (np.stack(xs)[finished], np.stack(masks)[finished], np.stack(acts)[finished],
            mine[finished])


class Adam:
    """Adam over a dict of arrays (the usual defaults)."""

    def __init__(self, w: dict, lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in w.items()}
        self.s = {k: np.zeros_like(v) for k, v in w.items()}

    def step(self, w: dict, grads: dict) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.s[k] = 0.999 * self.s[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9 ** self.t)
            s_hat = self.s[k] / (1 - 0.999 ** self.t)
            w[k] -= self.lr * m_hat / (np.sqrt(s_hat) + 1e-8)


def gradients(w: dict, x: np.ndarray, legal: np.ndarray, a: np.ndarray, ret: np.ndarray,
              entropy: float, value_weight: float = 0.5) -> dict:
    """The actor-critic loss's gradients: -log p(a) * advantage - entropy * H + value
    error, averaged over the rows."""
    h, p, v = policy.forward(w, x, legal)
    rows = len(x)
    advantage = ret - v
    onehot = np.zeros_like(p)
    onehot[np.arange(rows), a] = 1
    logp = np.log(np.where(p > 0, p, 1))
    ent = -(p * logp).sum(axis=1, keepdims=True)
    dz = (-(onehot - p) * advantage[:, None] + entropy * p * (logp + ent)) / rows
    dv = value_weight * (v - ret) / rows
    dh = (dz @ w["W2"].T + dv[:, None] * w["v"][None, :]) * (h > 0)
    return {"W1": x.T @ dh, "b1": dh.sum(axis=0), "W2": h.T @ dz, "b2": dz.sum(axis=0),
            "v": h.T @ dv, "c": np.array([dv.sum()], dtype=np.float32)}


def evaluation_decks(games: int, hands: int, seed: int) -> np.ndarray:
    """A fixed set of deals: ``hands`` shuffled 24-card decks for each of ``games`` games."""
    rng = np.random.default_rng(seed)
    deck = deck_array(RULES.deck)
    return deck[np.argsort(rng.random((games, hands, len(deck))), axis=2)]


def points_against_random(w: dict, decks: np.ndarray, seed: int = 0) -> float:
    """The greedy policy's mean points a hand minus random's, over each stacked deal of
    ``decks`` played in both seatings (the same deals and first dealers for both)."""
    games, hands = decks.shape[:2]
    margin, counted = 0.0, 0
    for mine in (0, 1):
        b = Batch(RULES, n=games, decks=decks, first_dealer=0)
        rng = np.random.default_rng(seed)
        played = np.zeros(games, dtype=np.int64)
        while (played < hands).any():
            greedy = policy.greedy(w, seat_observations(b), b.legal_mask())
            a = np.where(b.to_move == mine, greedy, b.random_actions(rng))
            b.step(a, check=False)
            scored = b.hand_over & (played < hands)
            margin += float((b.points[scored, mine] - b.points[scored, 1 - mine]).sum())
            counted += int(scored.sum())
            played += b.hand_over
    return margin / counted


def train(seed: int, iterations: int, games: int = 512, steps: int = 32, hidden: int = 128,
          lr: float = 1e-3, entropy: float = 0.01, minibatches: int = 4, report: int = 0,
          eval_decks: np.ndarray | None = None) -> dict:
    """Self-play for ``iterations`` rollouts of ``steps`` steps over ``games`` games, each
    rollout's decisions shuffled into ``minibatches`` gradient steps."""
    rng = np.random.default_rng(seed)
    batches = [Batch(RULES, n=games - games // 2, seed=seed),
               Batch(STUCK, n=games // 2, seed=seed + 1)]
    w = policy.init(observation_size(RULES.players), batches[0].n_actions, hidden, seed)
    opt = Adam(w, lr)
    for it in range(1, iterations + 1):
        parts = [rollout(b, w, steps, rng) for b in batches]
        x, legal, a, ret = (np.concatenate(field) for field in zip(*parts, strict=True))
        for part in np.array_split(rng.permutation(len(x)), minibatches):
            opt.step(w, gradients(w, x[part], legal[part], a[part], ret[part], entropy))
        if report and eval_decks is not None and it % report == 0:
            print(f"iteration {it}: {len(x)} decisions, points a hand against random "
                  f"{points_against_random(w, eval_decks):+.3f}", flush=True)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--games", type=int, default=512, help="games stepped at once")
    parser.add_argument("--steps", type=int, default=32, help="steps a rollout")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--minibatches", type=int, default=4, help="gradient steps a rollout")
    parser.add_argument("--report", type=int, default=50, help="iterations between reports")
    parser.add_argument("--out", default="policy.npz")
    args = parser.parse_args()
    decks = evaluation_decks(200, 4, seed=12345)
    untrained = policy.init(observation_size(RULES.players), 72, args.hidden, args.seed)
    print(f"untrained: points a hand against random "
          f"{points_against_random(untrained, decks):+.3f}")
    start = time.perf_counter()
    w = train(args.seed, args.iterations, args.games, args.steps, args.hidden, args.lr,
              minibatches=args.minibatches, report=args.report, eval_decks=decks)
    seconds = time.perf_counter() - start
    policy.save(w, args.out, seed=args.seed, iterations=args.iterations, games=args.games,
                steps=args.steps, hidden=args.hidden, lr=args.lr,
                minibatches=args.minibatches, seconds=round(seconds, 1))
    print(f"trained in {seconds:.0f} s (seed {args.seed}); saved {args.out}")


if __name__ == "__main__":
    main()
