"""``Batch``: N matches of one game stepped at once, every field a numpy array over games.

Researchers who train agents by self-play measure an environment in decisions a second
across many games: the scalar engine is one game at a time in pure Python, so this module
keeps the same rules over arrays (one row per game) and applies a step to every game in one
compiled loop (``kernels``, numba), whatever N is. It follows the scalar cores (``state``
and ``state_family``) move for move: the same player to move, the same legal action ids
(the int path's, ``Game.legal_action_ids``), the same points at the end of every hand; the
tests hold it in lockstep with ``Game`` from stacked decks under every option.

Two things differ by design: a game whose match is won is dealt a new match at once (its
scores back to 0, the deal passing on to the left as after any hand), so every step is N
decisions; and decks not stacked are shuffled by numpy's generator, not by the scalar
engine's seed (a batch's seed gives the same decks every run, not ``Game(seed=...)``'s).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..cards import parse_card
from ..rules import Rules
from . import kernels as k
from . import tables as t


class Batch:
    """``n`` matches under one ``Rules``, stepped together.

    ``seed`` seeds numpy's generator (the shuffles and the first dealers); ``first_dealer``
    (an int, or one per game) overrides the draw; ``decks`` stacks the decks of each game's
    first hands: ``decks[g][h]`` is the deck order of game ``g``'s ``h``-th hand counting
    across the matches it plays (card ids or tokens, laid out as ``Game``'s ``decks``); once
    a game's stacked decks run out its decks are shuffled.

    Every field is a view into ``state``, one (N, ``kernels.WIDTH``) int64 array the
    compiled step updates in place: read them, copy them, never assign to them.
    """

    def __init__(self, rules: Rules | None = None, n: int = 1, seed: int | None = None,
                 first_dealer: int | Sequence[int] | np.ndarray | None = None,
                 decks: Any = None) -> None:
        rules = Rules(players=4) if rules is None else rules
        if not isinstance(rules, Rules) or rules.game != "euchre":
            raise ValueError(f"rules must be a Rules of euchre, not {rules!r}")
        if type(n) is not int or n < 1:
            raise ValueError(f"n must be a whole number of games from 1 up, not {n!r}")
        self.rules = rules
        self.n = n
        self.players = players = rules.players
        self.n_actions = t.action_count(players)
        self._rng = np.random.default_rng(seed)
        self._deck = t.deck_array(rules.deck)
        self._next = t.next_seat_table(players)
        self._bid_rows, self._bid_counts, self._bid_ids = t.bid_table(rules)
        self._side = t.side_table(players)
        self._points = np.stack(t.points_table(players))
        self._params = np.array([players, rules.sides, rules.target, rules.stick_the_dealer,
                                 players == 2 and not rules.dealer_must_pick_up,
                                 rules.defend_alone], dtype=np.int64)
        """``kernels.PARAMS``: the rules' numbers the compiled loops branch on."""
        self._stacked = _stacked_decks(decks, n, self._deck)
        self.state = np.zeros((n, k.WIDTH), dtype=np.int64)
        self._views()
        self.dealer[:] = _first_dealers(first_dealer, n, players, self._rng)
        self._ended_games = np.zeros(n, dtype=np.int64)
        self._ended_seat_points = np.zeros((n, players), dtype=np.int64)
        self._ended_won = np.zeros(n, dtype=np.bool_)
        self._ended = 0
        """How many hands the last step ended (the first rows of the three above)."""
        self._deal(np.arange(n))

    def _views(self) -> None:
        """Each field as a view of its columns of ``state``."""
        s = self.state
        (self.phase, self.to_move, self.dealer, self.upcard, self.taken, self.trump,
         self.maker, self.discarded, self.leader, self.led, self.best, self.best_seat,
         self.tricks, self.alone, self.defender, self.turned, self.out, self.n_bids) = (
            s[:, column] for column in range(k.N_BIDS + 1))
        self.hand_number = s[:, k.HAND_NUMBER]
        """Hands dealt in each game's current match before this one."""
        self.matches = s[:, k.MATCHES]
        """Matches each game has finished."""
        self._deck_next = s[:, k.DECK_NEXT]
        self.hands = s[:, k.HANDS:k.HANDS + 4]
        """Each seat's cards as a bit mask (bit ``card``)."""
        self.won = s[:, k.WON:k.WON + 4]
        self.scores = s[:, k.SCORES:k.SCORES + 4]
        """Points by side (the first ``rules.sides`` columns)."""
        self.bid_seat = s[:, k.BID_SEAT:k.BID_SEAT + t.MAX_BIDS]
        self.bid_action = s[:, k.BID_ACTION:k.BID_ACTION + t.MAX_BIDS]
        self.trick_leader = s[:, k.TRICK_LEADER:k.TRICK_LEADER + 5]
        self.trick_cards = s[:, k.TRICK_CARDS:k.TRICK_CARDS + 20].reshape(self.n, 5, 4)
        """The card each seat played to each trick of the hand (-1: none)."""

    # --- what a step left ---------------------------------------------------------------

    @property
    def hand_over(self) -> np.ndarray:
        """(N,) bool: the games whose hand ended in the last step (scored or thrown in)."""
        out = np.zeros(self.n, dtype=bool)
        out[self._ended_games[:self._ended]] = True
        return out

    @property
    def points(self) -> np.ndarray:
        """(N, players) int: the points each seat's side scored in hands the last step
        finished (partners both show their side's points), 0 elsewhere."""
        out = np.zeros((self.n, self.players), dtype=np.int64)
        out[self._ended_games[:self._ended]] = self._ended_seat_points[:self._ended]
        return out

    @property
    def match_over(self) -> np.ndarray:
        """(N,) bool: the games whose match was won in the last step (and dealt anew)."""
        out = np.zeros(self.n, dtype=bool)
        ended = self._ended_games[:self._ended]
        out[ended[self._ended_won[:self._ended]]] = True
        return out

    def observation(self, seat: int) -> np.ndarray:
        """(N, size) float32: what ``seat`` sees in each game, in the research adapters'
        documented encoding (``batch.observe``)."""
        from .observe import observation  # (observe reads a Batch: imported when asked)

        return observation(self, seat)

    # --- what is legal ------------------------------------------------------------------

    def legal_mask(self) -> np.ndarray:
        """(N, A) bool: the legal action ids of the player to move in each game (A: 78 in
        the three- and four-handed games, 72 two-handed: the int path's ids, as the
        adapters' action masks)."""
        out = np.zeros((self.n, self.n_actions), dtype=bool)
        k.legal_mask(self.state, self._params, self._bid_rows, out)
        return out

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """(N,) one legal action id per game, each uniform among that game's legal ids (the
        random player, without building the (N, A) mask); one ``rng.random(N)`` draw."""
        out = np.empty(self.n, dtype=np.int64)
        k.random_actions(self.state, rng.random(self.n), self._params, self._bid_counts,
                         self._bid_ids, out)
        return out

    def is_legal(self, actions: np.ndarray) -> np.ndarray:
        """(N,) bool: whether each game's action id is legal now."""
        a = np.ascontiguousarray(actions, dtype=np.int64)
        if a.shape != (self.n,):
            raise ValueError(f"actions must be {self.n} action ids, one a game, not an array "
                             f"of shape {a.shape}")
        out = np.empty(self.n, dtype=bool)
        k.is_legal(self.state, a, self._params, self._bid_rows, out)
        return out

    # --- acting -------------------------------------------------------------------------

    def step(self, actions: Any, check: bool = True) -> None:
        """Apply one legal action id per game; a hand that ends is scored and the next
        dealt, a match that is won is dealt anew. An action that is not legal (or actions
        of the wrong shape) is refused with ``ValueError`` naming the first game, and
        nothing changes; ``check=False`` skips the legality check for a caller whose
        actions are legal by construction (``random_actions``, a masked policy): an id out
        of range is still refused, an illegal one leaves the games' play undefined."""
        a = np.asarray(actions)
        if a.shape != (self.n,) or a.dtype.kind not in "iu":
            raise ValueError(f"actions must be {self.n} action ids (ints), one a game, "
                             f"not an array of shape {a.shape} and type {a.dtype}")
        a = np.ascontiguousarray(a, dtype=np.int64)
        ended = k.step(self.state, a, check, self._params, self._bid_rows, self._next,
                       self._side, self._points, self._ended_games, self._ended_seat_points,
                       self._ended_won)
        if ended < 0:
            game = -1 - ended
            legal = np.flatnonzero(self.legal_mask()[game]).tolist()
            raise ValueError(f"action {int(a[game])} is not legal in game {game} "
                             f"(its legal ids: {legal})")
        self._ended = ended
        if ended:
            self._deal(self._ended_games[:ended])

    # --- between hands ------------------------------------------------------------------

    def _deal(self, games: np.ndarray) -> None:
        """Deal the next hand in ``games``: a stacked deck, or a shuffle (``kernels.deal``)
        from one draw of numpy's generator."""
        u = self._rng.random((len(games), 5 * self.players + 1))
        k.deal(self.state, games, u, self._deck, self._stacked, self.players)


def _first_dealers(first_dealer: Any, n: int, players: int,
                   rng: np.random.Generator) -> np.ndarray:
    if first_dealer is None:
        return rng.integers(0, players, size=n).astype(np.int64)
    dealers = np.broadcast_to(np.asarray(first_dealer), (n,)) if np.ndim(first_dealer) == 0 \
        else np.asarray(first_dealer)
    if dealers.shape != (n,) or dealers.dtype.kind not in "iu" \
            or not ((dealers >= 0) & (dealers < players)).all():
        raise ValueError(f"first_dealer must be a seat from 0 to {players - 1}, or one for "
                         f"each of the {n} games, not {first_dealer!r}")
    return dealers.astype(np.int64).copy()


def _stacked_decks(decks: Any, n: int, deck: np.ndarray) -> np.ndarray:
    """Stacked decks as an (n, hands, deck) array of card ids (no hands for none), each
    checked to hold every card of the deck once; ``ValueError`` naming the first that does
    not."""
    if decks is None:
        return np.zeros((n, 0, len(deck)), dtype=np.int64)
    if isinstance(decks, np.ndarray) and decks.dtype.kind in "iu":
        cards = decks.astype(np.int64)
    else:
        try:
            cards = np.array([[[c if isinstance(c, int | np.integer) else parse_card(c)
                                for c in order] for order in game] for game in decks],
                             dtype=np.int64)
        except (TypeError, ValueError) as err:
            raise ValueError(f"decks must be, for each game, a list of deck orders of card "
                             f"ids or tokens: {err}") from None
    if cards.ndim != 3 or cards.shape[0] != n or cards.shape[2] != len(deck):
        raise ValueError(f"decks must have the shape ({n} games, hands, {len(deck)} cards), "
                         f"not {cards.shape}")
    bad = ~(np.sort(cards, axis=2) == deck).all(axis=2)
    if bad.any():
        game, hand = (int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"stacked deck {hand} of game {game} does not hold each card of the "
                         f"{len(deck)}-card deck once")
    return cards
