"""Hold a ``Batch`` in lockstep with the scalar engine: the proof that the two agree.

Each of a batch's games is played beside a ``Game`` dealt the same stacked decks, the same
random legal action applied to both, and at every step they must show the same player to
move and the same legal action ids; at the end of every hand the same points; and, every
``observe_every`` steps, each seat's observation must equal the adapters' encoding of
``game.view(seat)`` and hold no card the seat may not see (checked against the deal
itself, not only against the encoder). The tests run it on a few thousand games under every
option; ``bench/batch_lockstep.py`` on 100,000.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np

from ..cards import card_token, mask_of, parse_card
from ..game import Game
from ..rules import Rules
from . import tables as t
from .engine import Batch


class Mismatch(AssertionError):
    """The batch and the scalar engine disagreed (the message says where and how)."""


@dataclass
class Tally:
    """What a lockstep run compared."""

    matches: int = 0
    """Matches played to their end in both engines."""
    hands: int = 0
    steps: int = 0
    observations: int = 0


def every_rules(players: int, targets: tuple[int, ...] = (1, 5, 10)) -> list[Rules]:
    """Every combination of the options of one game, each deck, under each target."""
    flags = {2: ("dealer_must_pick_up", "may_call_turned_suit", "stick_the_dealer"),
             3: ("may_call_turned_suit", "stick_the_dealer"),
             4: ("may_call_turned_suit", "stick_the_dealer", "defend_alone",
                 "joker_dealer_alone")}[players]
    out = []
    for deck, target, values in product((24, 32, 25), targets,
                                        product((False, True), repeat=len(flags))):
        if players == 4 and deck != 25 and values[-1]:
            continue  # joker_dealer_alone means nothing without the Joker
        options: dict[str, Any] = dict(zip(flags, values, strict=True))
        out.append(Rules(players=players, deck=deck, target=target, **options))
    return out


def run(rules: Rules, n: int, hands: int, seed: int, observe_every: int = 0) -> Tally:
    """Play ``n`` games side by side for ``hands`` stacked decks each; raise ``Mismatch``
    at the first difference. A game's matches are compared until its decks run out."""
    rng = np.random.default_rng(seed)
    players = rules.players
    deck = t.deck_array(rules.deck)
    decks = deck[np.argsort(rng.random((n, hands, len(deck))), axis=2)]
    dealers = rng.integers(0, players, size=n)
    batch = Batch(rules, n=n, seed=seed, first_dealer=dealers, decks=decks)
    tokens = [[[card_token(c) for c in order] for order in game] for game in decks.tolist()]
    games: list[Game | None] = [Game(rules, first_dealer=int(dealers[g]), decks=tokens[g])
                                for g in range(n)]
    dealt = np.ones(n, dtype=np.int64)
    tally = Tally()
    while any(game is not None for game in games):
        mask = _compare_moves(batch, games, tally.steps)
        if observe_every and tally.steps % observe_every == 0:
            tally.observations += _compare_observations(batch, games, tally.steps)
        actions = batch.random_actions(rng)
        if not mask[np.arange(n), actions].all():
            raise Mismatch(f"step {tally.steps}: random_actions chose an illegal action")
        before = [None if game is None else (game.score, game.hand_number) for game in games]
        batch.step(actions)  # checked: the check must accept every legal action
        tally.steps += 1
        points = batch.points
        over = batch.hand_over
        for g, game in enumerate(games):
            if game is None:
                continue
            game.apply_id(int(actions[g]))
            score, number = before[g]  # type: ignore[misc]
            ended = game.is_over or game.hand_number != number
            if ended != bool(over[g]):
                raise Mismatch(f"step {tally.steps}, game {g}: the hand ended in "
                               f"{'the scalar engine' if ended else 'the batch'} only")
            if not ended:
                continue
            tally.hands += 1
            gained = [new - old for new, old in zip(game.score, score, strict=True)]
            by_seat = [gained[batch._side[seat]] for seat in range(players)]
            if by_seat != points[g].tolist():
                raise Mismatch(f"step {tally.steps}, game {g}: points {points[g].tolist()}, "
                               f"the scalar engine's {by_seat}")
            if game.is_over != bool(batch.match_over[g]):
                raise Mismatch(f"step {tally.steps}, game {g}: the match ended in one only")
            dealt[g] += 1
            if game.is_over:
                tally.matches += 1
                rest = tokens[g][dealt[g] - 1:]
                games[g] = Game(rules, first_dealer=int(batch.dealer[g]), decks=rest) \
                    if rest else None
            if dealt[g] > hands:
                games[g] = None  # its stacked decks are spent: the rest would differ
    return tally


def _compare_moves(batch: Batch, games: list[Game | None], step: int) -> np.ndarray:
    """The same seat to move and the same legal ids in each game; returns the mask."""
    mask = batch.legal_mask()
    for g, game in enumerate(games):
        if game is None:
            continue
        if batch.to_move[g] != game.to_move:
            raise Mismatch(f"step {step}, game {g}: seat {batch.to_move[g]} to move, the "
                           f"scalar engine's {game.to_move} ({game.phase})")
        ids = tuple(int(i) for i in np.flatnonzero(mask[g]))
        if ids != tuple(sorted(game.legal_action_ids())):
            raise Mismatch(f"step {step}, game {g} ({game.phase}): legal {ids}, the scalar "
                           f"engine's {game.legal_action_ids()}")
    return mask


def _compare_observations(batch: Batch, games: list[Game | None], step: int) -> int:
    """Each seat's observation against the encoder and against the deal; returns how many
    were compared."""
    from ..envs import encoding, family_encoding

    encode = encoding.encode if batch.players == 2 else family_encoding.encode
    compared = 0
    for seat in range(batch.players):
        obs = batch.observation(seat)
        for g, game in enumerate(games):
            if game is None:
                continue
            want = encode(game.view(seat))
            if not np.array_equal(obs[g], want):
                where = np.flatnonzero(obs[g] != want).tolist()
                raise Mismatch(f"step {step}, game {g}, seat {seat} ({game.phase}): the "
                               f"observation differs from the encoder at {where}")
            _check_hidden(batch, game, g, seat, obs[g])
            compared += 1
    return compared


def card_blocks(players: int) -> list[int]:
    """Where every 33-wide block of cards starts in an observation (hand, upcard, discard,
    each trick's cards, the trick in progress), from the encoders' offsets."""
    from ..envs import encoding as two
    from ..envs import family_encoding as fam

    blocks = [two.HAND, two.UPCARD, two.DISCARD]
    if players == 2:
        for i in range(5):
            blocks += [two.TRICKS + i * two.TRICK_WIDTH + 1, two.TRICKS + i * two.TRICK_WIDTH + 34]
        return [*blocks, two.TRICK + 1]
    for base in (*(fam.TRICKS + i * fam.TRICK_WIDTH for i in range(5)), fam.TRICK):
        blocks += [base + fam.SEATS + seat * 33 for seat in range(fam.SEATS)]
    return blocks


def _check_hidden(batch: Batch, game: Game, g: int, seat: int, obs: np.ndarray) -> None:
    """No card of another seat's hand, of the stock or of another seat's discard is in any
    card block of the observation, the hands read from the scalar game (the deal as
    played), the stock and the discard from the deck."""
    hands = [mask_of(parse_card(c) for c in game.hand(p)) for p in range(batch.players)]
    if hands[seat] != batch.hands[g, seat]:
        raise Mismatch(f"game {g}: seat {seat} holds {game.hand(seat)} in the scalar engine, "
                       f"not the batch's cards")
    played = mask_of(int(c) for c in batch.trick_cards[g, :5].reshape(-1) if c >= 0)
    seen = hands[seat] | played | 1 << int(batch.upcard[g])
    if batch.dealer[g] == seat and batch.discarded[g] >= 0:
        seen |= 1 << int(batch.discarded[g])
    shown = 0
    for start in card_blocks(batch.players):
        shown |= mask_of(int(c) for c in np.flatnonzero(obs[start:start + 33]))
    if shown & ~seen:
        hidden = [card_token(c) for c in range(33) if (shown & ~seen) >> c & 1]
        raise Mismatch(f"game {g}, seat {seat}: the observation shows hidden cards {hidden}")
