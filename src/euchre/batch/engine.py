"""``Batch``: N matches of one game stepped at once, every field a numpy array over games.

Researchers who train agents by self-play measure an environment in decisions a second
across many games: the scalar engine is one game at a time in pure Python, so this module
keeps the same rules as arrays (one entry per game) and applies a step to every game with
a fixed number of numpy calls, whatever N is. It follows the scalar cores (``state`` and
``state_family``) move for move: the same player to move, the same legal action ids (the
int path's, ``Game.legal_action_ids``), the same points at the end of every hand; the tests
hold it in lockstep with ``Game`` from stacked decks under every option.

Two things differ by design: a game whose match is won is dealt a new match at once (its
scores back to 0, the deal passing on to the left as after any hand), so every step is N
decisions; and decks not stacked are shuffled by numpy's generator, not by the scalar
engine's seed (a batch's seed gives the same decks every run, not ``Game(seed=...)``'s).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..actions import CALL, CALL_ALONE, DEFEND_ALONE, DISCARD, ORDER, ORDER_ALONE, PASS
from ..cards import JOKER, N_CARDS, parse_card
from ..rules import Rules
from . import tables as t
from .tables import MAX_BIDS


class Batch:
    """``n`` matches under one ``Rules``, stepped together.

    ``seed`` seeds numpy's generator (the shuffles and the first dealers); ``first_dealer``
    (an int, or one per game) overrides the draw; ``decks`` stacks the decks of each game's
    first hands: ``decks[g][h]`` is the deck order of game ``g``'s ``h``-th hand counting
    across the matches it plays (card ids or tokens, laid out as ``Game``'s ``decks``); once
    a game's stacked decks run out its decks are shuffled.
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
        self._points = t.points_table(players)
        self._stacked = _stacked_decks(decks, n, self._deck)
        self._ar = np.arange(n)
        self._ar4 = self._ar * 4
        """Each game's first cell in the flattened (N, 4) arrays (hands, tricks won): the
        hot path indexes one flat array, cheaper than a pair of index arrays."""
        z = np.zeros(n, dtype=np.int64)
        self.dealer = _first_dealers(first_dealer, n, players, self._rng)
        (self.phase, self.to_move, self.upcard, self.taken, self.trump, self.maker,
         self.discarded, self.leader, self.led, self.best, self.best_seat, self.tricks,
         self.alone, self.defender, self.turned, self.out, self.n_bids) = (
            z.copy() for _ in range(17))
        self.hand_number = z.copy()
        """Hands dealt in each game's current match before this one."""
        self.matches = z.copy()
        """Matches each game has finished."""
        self._deck_next = z.copy()
        self.hands = np.zeros((n, 4), dtype=np.int64)
        """Each seat's cards as a bit mask (bit ``card``)."""
        self.won = np.zeros((n, 4), dtype=np.int64)
        self.scores = np.zeros((n, 4), dtype=np.int64)
        """Points by side (the first ``rules.sides`` columns)."""
        self.bid_seat = np.zeros((n, MAX_BIDS + 1), dtype=np.int64)
        self.bid_action = np.zeros((n, MAX_BIDS + 1), dtype=np.int64)
        self.trick_leader = np.zeros((n, 6), dtype=np.int64)
        self.trick_cards = np.full((n, 6, 4), -1, dtype=np.int64)
        """The card each seat played to each trick of the hand (-1: none); row 5 is scratch."""
        self._succ = np.array([(seat + 1) % players for seat in range(4)])
        self._flat = (self.hands.reshape(-1), self.won.reshape(-1),
                      self.trick_cards.reshape(-1), self.trick_leader.reshape(-1))
        self._ended = np.zeros(0, dtype=np.int64)
        self._ended_points = np.zeros((0, players), dtype=np.int64)
        self._won_match = np.zeros(0, dtype=bool)
        self._deal(self._ar)

    # --- what a step left ---------------------------------------------------------------

    @property
    def hand_over(self) -> np.ndarray:
        """(N,) bool: the games whose hand ended in the last step (scored or thrown in)."""
        out = np.zeros(self.n, dtype=bool)
        out[self._ended] = True
        return out

    @property
    def points(self) -> np.ndarray:
        """(N, players) int: the points each seat's side scored in hands the last step
        finished (partners both show their side's points), 0 elsewhere."""
        out = np.zeros((self.n, self.players), dtype=np.int64)
        out[self._ended] = self._ended_points
        return out

    @property
    def match_over(self) -> np.ndarray:
        """(N,) bool: the games whose match was won in the last step (and dealt anew)."""
        out = np.zeros(self.n, dtype=bool)
        out[self._ended[self._won_match]] = True
        return out

    def observation(self, seat: int) -> np.ndarray:
        """(N, size) float32: what ``seat`` sees in each game, in the research adapters'
        documented encoding (``batch.observe``)."""
        from .observe import observation  # (observe reads a Batch: imported when asked)

        return observation(self, seat)

    # --- what is legal ------------------------------------------------------------------

    def _legal_parts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The legal actions in three parts: a mask of the cards that may be played (play)
        or discarded (the discard), whether they are discards, and the bidding situation's
        code in ``tables.bid_table``."""
        phase, dealer, to_move = self.phase, self.dealer, self.to_move
        playing = phase == t.PLAY
        hands = self._flat[0]
        held = hands[self._ar4 + to_move]
        follow = held & t.FOLLOW.take(self.trump * N_CARDS + self.led)
        playable = np.where((self.led >= 0) & (follow != 0), follow, held)
        discarding = phase == t.DISCARD_PHASE
        dealer_hand = hands[self._ar4 + dealer]
        joker_up = self.upcard == JOKER
        discards = np.where(joker_up, dealer_hand, dealer_hand | t.CARD_BIT[self.upcard])
        cards = np.where(playing, playable, np.where(discarding, discards, 0))
        stuck = (phase == t.BID2) & (to_move == dealer) if self.rules.stick_the_dealer else False
        flag = stuck
        if self.players == 2 and not self.rules.dealer_must_pick_up:
            flag = flag | (discarding & (self.maker != dealer))
        code = t.bid_code(phase, self.turned, np.asarray(flag, dtype=np.int64))
        return cards, discarding, code

    def legal_mask(self) -> np.ndarray:
        """(N, A) bool: the legal action ids of the player to move in each game (A: 78 in
        the three- and four-handed games, 72 two-handed: the int path's ids, as the
        adapters' action masks)."""
        cards, discarding, code = self._legal_parts()
        both = np.stack([np.where(discarding, 0, cards), np.where(discarding, cards, 0)], 1)
        card_bits = ((both[:, :, None] >> t.CARD_IDS) & 1).astype(bool).reshape(self.n, -1)
        return np.concatenate([card_bits, self._bid_rows[code]], axis=1)

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """(N,) one legal action id per game, each uniform among that game's legal ids (the
        random player, without building the (N, A) mask)."""
        cards, discarding, code = self._legal_parts()
        n_cards = np.bitwise_count(cards).astype(np.int64)
        total = n_cards + self._bid_counts[code]
        pick = (rng.random(self.n) * total).astype(np.int64)
        rest = cards
        for k in range(5):  # drop the lowest card ``pick`` times (at most 6 cards to pick)
            rest = np.where(pick > k, rest & (rest - 1), rest)
        card = np.bitwise_count((rest & -rest) - 1).astype(np.int64) + discarding * DISCARD
        bid = self._bid_ids[code, np.maximum(pick - n_cards, 0)]
        return np.where(pick < n_cards, card, bid)

    # --- acting -------------------------------------------------------------------------

    def step(self, actions: Any, check: bool = True) -> None:
        """Apply one legal action id per game; a hand that ends is scored and the next
        dealt, a match that is won is dealt anew. An action that is not legal (or actions
        of the wrong shape) is refused with ``ValueError`` naming the first game, and
        nothing changes; ``check=False`` skips the legality check for a caller whose
        actions are legal by construction (``random_actions``, a masked policy)."""
        a = np.asarray(actions)
        if a.shape != (self.n,) or a.dtype.kind not in "iu":
            raise ValueError(f"actions must be {self.n} action ids (ints), one a game, "
                             f"not an array of shape {a.shape} and type {a.dtype}")
        a = a.astype(np.int64, copy=False)
        if check:
            self._check_legal(a)
        playing = self.phase == t.PLAY
        done_trick = self._play(a, playing)
        ended = done_trick & (self.tricks == 5)
        if not playing.all():
            ended = ended | self._bid(a, ~playing)
        self._end_hands(np.flatnonzero(ended))

    def is_legal(self, actions: np.ndarray) -> np.ndarray:
        """(N,) bool: whether each game's action id is legal now (from the card masks and
        the bid table, without building the (N, A) mask)."""
        a = np.asarray(actions, dtype=np.int64)
        cards, discarding, code = self._legal_parts()
        card = np.where(discarding, a - DISCARD, a)
        is_card = (card >= 0) & (card < DISCARD)
        ok = is_card & ((cards >> np.clip(card, 0, JOKER)) & 1).astype(bool)
        bid = a - t.TAIL_START
        width = self._bid_rows.shape[1]
        return ok | ((bid >= 0) & (bid < width)
                     & self._bid_rows[code, np.clip(bid, 0, width - 1)])

    def _check_legal(self, a: np.ndarray) -> None:
        """``ValueError`` naming the first game whose action is not legal."""
        ok = self.is_legal(a)
        if not ok.all():
            game = int(np.flatnonzero(~ok)[0])
            legal = np.flatnonzero(self.legal_mask()[game]).tolist()
            raise ValueError(f"action {int(a[game])} is not legal in game {game} "
                             f"(its legal ids: {legal})")

    def _play(self, a: np.ndarray, playing: np.ndarray) -> np.ndarray:
        """A card played in the games in play; returns where a trick was completed."""
        p = self.to_move
        hands, won, trick_cards, trick_leader = self._flat
        mine = self._ar4 + p
        hands[mine] ^= t.CARD_BIT[a]
        first = playing & (self.led < 0)
        row = np.where(playing, self.tricks, 5)
        trick_cards[self._ar4 * 6 + row * 4 + p] = a
        trick_leader[np.where(first, self._ar * 6 + row, 5)] = p
        card = np.minimum(a, JOKER)
        takes = first | (playing & t.BEATS.take((self.trump * N_CARDS + self.best) * N_CARDS
                                                 + card))
        self.best = np.where(takes, card, self.best)
        best_seat = self.best_seat = np.where(takes, p, self.best_seat)
        self.led = np.where(first, card, self.led)
        following = self._next[self.out, p]
        done = playing & (following == self.leader)
        self.to_move = np.where(playing, np.where(done, best_seat, following), p)
        self.leader = np.where(done, best_seat, self.leader)
        won[self._ar4 + np.maximum(best_seat, 0)] += done  # (-1 would reach the game before)
        self.tricks += done
        self.led = np.where(done, -1, self.led)
        return done

    def _bid(self, a: np.ndarray, bidding: np.ndarray) -> np.ndarray:
        """A bid, a discard or a choice to defend alone in the games not in play; returns
        where the hand was thrown in."""
        players, p, phase, dealer = self.players, self.to_move, self.phase, self.dealer
        partner = t.PARTNER[p]
        is_dealer = p == dealer
        bid1, bid2 = phase == t.BID1, phase == t.BID2
        joker, discard, defend = (phase == t.JOKER_PHASE, phase == t.DISCARD_PHASE,
                                  phase == t.DEFEND)
        self._record_bids(a, bidding & ~discard)
        passed = a == PASS
        lone = (a == ORDER_ALONE) | ((a >= CALL_ALONE) & (a < DEFEND_ALONE))
        ordered = bid1 & ((a == ORDER) | (a == ORDER_ALONE))
        makes = ordered | (bid2 & ~passed) | joker
        suit = np.where(ordered, self.upcard >> 3, np.where(lone, a - CALL_ALONE, a - CALL))
        self.trump = np.where(makes, suit, self.trump)
        self.maker = np.where(makes, p, self.maker)
        goes_alone = makes if players == 3 else makes & lone
        self.alone = np.where(goes_alone, p, self.alone)
        skips_discard = ordered & lone & (partner == dealer) if players == 4 else False
        took = discard & ~passed
        cell = self._ar4 + dealer
        hand = self._flat[0][cell]
        taken = (hand | t.CARD_BIT[self.upcard]) & ~t.CARD_BIT[np.where(took, a - DISCARD, 0)]
        self._flat[0][cell] = np.where(took, taken, hand)
        self.taken = self.taken | took
        self.discarded = np.where(took, a - DISCARD, self.discarded)
        fixed = (ordered & skips_discard) | (bid2 & ~passed) | discard
        to_discard = (ordered & ~skips_discard) | joker
        turn_down = bid1 & passed & is_dealer
        succ = self._succ
        following = succ[p]
        to_move = np.where((bid1 | bid2) & passed & ~is_dealer, following, p)
        to_move = np.where(turn_down, succ[dealer], to_move)
        to_move = np.where(to_discard, dealer, to_move)
        self.turned = np.where(turn_down, self.upcard >> 3, self.turned)
        phase = np.where(turn_down, t.BID2, np.where(to_discard, t.DISCARD_PHASE, phase))
        start = fixed
        if self.rules.defend_alone:
            to_defend = fixed & (self.alone >= 0)
            start = (fixed & ~to_defend) | (defend & (a == DEFEND_ALONE))
            self.defender = np.where(defend & (a == DEFEND_ALONE), p, self.defender)
            first_defender = self._first_defender()
            asks_partner = defend & passed & (p == first_defender)
            start = start | (defend & passed & ~asks_partner)
            to_move = np.where(to_defend, first_defender, to_move)
            to_move = np.where(asks_partner, partner, to_move)
            phase = np.where(to_defend, t.DEFEND, phase)
        if players == 4:
            partners = t.PARTNER_BIT[self.alone] | t.PARTNER_BIT[self.defender]
            self.out = np.where(start, partners, self.out)
        opening = self._next[self.out, dealer]
        self.phase = np.where(start, t.PLAY, phase)
        self.to_move = np.where(bidding, np.where(start, opening, to_move), self.to_move)
        self.leader = np.where(start, opening, self.leader)
        return bid2 & passed & is_dealer

    def _first_defender(self) -> np.ndarray:
        """The first defender clockwise from the dealer's left (four-handed)."""
        seat = self._succ[self.dealer]
        return np.where((seat ^ self.maker) & 1, seat, self._succ[seat])

    def _record_bids(self, a: np.ndarray, bids: np.ndarray) -> None:
        """Keep each bid and who made it (the observation's bidding), the two-handed
        dealer's leaving the upcard and the discards aside."""
        cell = self._ar * (MAX_BIDS + 1) + np.where(bids, self.n_bids, MAX_BIDS)
        self.bid_seat.reshape(-1)[cell] = self.to_move
        self.bid_action.reshape(-1)[cell] = a
        self.n_bids += bids

    # --- between hands ------------------------------------------------------------------

    def _end_hands(self, games: np.ndarray) -> None:
        """Score the hands that ended in ``games`` (thrown in: no points), start a new
        match where one was won, and deal the next hand."""
        self._ended = games
        players = self.players
        if not len(games):
            self._ended_points = np.zeros((0, players), dtype=np.int64)
            self._won_match = np.zeros(0, dtype=bool)
            return
        points = self._hand_points(games)
        self._ended_points = points
        sides = self.rules.sides
        scores = self.scores[games]
        scores[:, :sides] += points[:, :sides]
        best = scores.max(axis=1)
        won = (best >= self.rules.target) & ((scores == best[:, None]).sum(axis=1) == 1)
        scores[won] = 0
        self.scores[games] = scores
        self._won_match = won
        self.matches[games] += won
        self.hand_number[games] = np.where(won, 0, self.hand_number[games] + 1)
        self.dealer[games] = (self.dealer[games] + 1) % players
        self._deal(games)

    def _hand_points(self, games: np.ndarray) -> np.ndarray:
        """(len(games), players): each seat's side's points for the hands that ended (a
        thrown-in hand has no maker: 0), from ``tables.points_table``."""
        maker = self.maker[games]
        won = self.won[games]
        rows = np.arange(len(games))
        tricks = won[rows, maker]
        alone: Any = 0
        defended: Any = 0
        if self.players == 4:
            tricks = tricks + won[rows, t.PARTNER[maker]]
            alone, defended = self.alone[games] >= 0, self.defender[games] >= 0
        code = t.points_code(tricks, alone, defended, maker)
        side = self._side[:self.players]
        makers = side[None, :] == self._side[maker][:, None]
        return np.where(makers, self._points[0][code][:, None], self._points[1][code][:, None])

    def _deal(self, games: np.ndarray) -> None:
        """Deal the next hand in ``games`` for their dealers: positions ``5k .. 5k + 4`` to
        the k-th seat from the dealer's left, ``5N`` the upcard (as ``Game`` deals)."""
        players = self.players
        orders = self._orders(games)
        dealer = self.dealer[games]
        first = (dealer + 1) % players
        seats = (first[:, None] + np.arange(players)) % players
        dealt = t.CARD_BIT[orders[:, :5 * players]].reshape(len(games), players, 5).sum(axis=2)
        self.hands[games] = 0
        self.hands[games[:, None], seats] = dealt
        up = orders[:, 5 * players]
        self.upcard[games] = up
        joker = up == JOKER
        self.phase[games] = np.where(joker, t.JOKER_PHASE, t.BID1)
        self.to_move[games] = np.where(joker, dealer, first)
        self.leader[games] = first
        for field in (self.trump, self.maker, self.discarded, self.led, self.best,
                      self.best_seat, self.alone, self.defender, self.turned):
            field[games] = -1
        for field in (self.taken, self.tricks, self.out, self.n_bids):
            field[games] = 0
        self.won[games] = 0
        self.trick_cards[games] = -1

    def _orders(self, games: np.ndarray) -> np.ndarray:
        """The deck order of each game's next hand: its next stacked deck, or a shuffle."""
        size = len(self._deck)
        orders = self._deck[np.argsort(self._rng.random((len(games), size)), axis=1)]
        stacked = self._stacked
        if stacked is not None:
            index = self._deck_next[games]
            use = index < stacked.shape[1]
            orders[use] = stacked[games[use], index[use]]
            self._deck_next[games] = index + 1
        return orders


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


def _stacked_decks(decks: Any, n: int, deck: np.ndarray) -> np.ndarray | None:
    """Stacked decks as an (n, hands, deck) array of card ids, each checked to hold every
    card of the deck once; ``ValueError`` naming the first that does not."""
    if decks is None:
        return None
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
