"""Play searched over what I will know: my later cards fixed across the deals I cannot tell
apart (a cure for strategy fusion, ``depth`` of my decisions deep).

Plain determinized search values a card as if, after it, I would play each deal as that
deal's best: as if I knew the opponent's hand. At the table I will have seen only the cards
he plays. So here my choices are made per *information set*: the deals sampled for this
decision are followed down the tree together; his card at each of his turns is chosen in
each deal by the model of his play the inference uses (a soft best reply, his options
valued double-dummy), and the deals are split by the card he plays; at each of my turns one
card is chosen for the whole group of deals still together (the one best over them), not
one per deal. Below ``depth`` of my decisions, and in a group of one deal, each deal is
played double-dummy as before. Depth 0 is exactly the expert's plain play values.

The opponent is still taken to see my hand (his card is his best, softened, in each deal):
what is corrected is my own optimism, which is where the points of the play are (the
headroom of ``bench/README.md``: knowing his cards when I lead is worth +0.125 a hand).

A guess that plain search does not see: he holds the ace of clubs or of diamonds, each
with a small card of its suit. After my ace of spades (he must follow) I lead a king and
lose it to his ace half the time; a player who saw his hand would lead the other king.

>>> from euchre.cards import parse_card, HEARTS
>>> hand = lambda s: sum(1 << parse_card(t) for t in s.split())
>>> tricks = lambda maker, maker_tricks, me: float(maker_tricks)
>>> search = Search(HEARTS, maker=0, me=0, utility=tricks, solver=Solver(10_000), soft=0.0)
>>> his = [(hand("QS AC 9C"), 0.5), (hand("QS AD 9D"), 0.5)]
>>> plain = dict(search.values(his, hand("AS KC KD"), led=-1, won=0, depth=0))
>>> fixed = dict(search.values(his, hand("AS KC KD"), led=-1, won=0, depth=1))
>>> round(plain[parse_card("AS")], 2), round(fixed[parse_card("AS")], 2)
(2.0, 1.5)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import FOLLOW_MASK, N_CARDS, SECOND_WINS, playable
from ..engine.games.euchre import state
from .play_inference import SINGLE, lead_values, reply_weights
from .solver import Solver

Utility = Callable[[int, int, int], float]
Worlds = list[tuple[list[Any], float]]
"""Deals consistent with a view (state lists), each with its weight (summing to 1)."""

PRUNE = 0.02
"""An answer of his with less than this chance in a deal is not followed down the tree (it
is valued double-dummy there instead): it keeps the search's cost near the plain one's."""


FULL_FROM = 4
"""With this many cards in my hand or fewer, every later decision is searched per
information set, whatever the depth asked (``search_depth``): it costs about as much as
one decision deep does from five cards (measured: 95 ms median at four cards, 100 ms for
one deep at five, on this project's 2-core machine)."""


def search_depth(depth: int, cards: int) -> int:
    """The depth searched with ``cards`` in my hand when ``depth`` is asked: all my real
    later choices (the last card is forced) from ``FULL_FROM`` cards down.

    >>> [search_depth(1, cards) for cards in (5, 4, 3, 2)]
    [1, 2, 1, 1]
    """
    return max(depth, cards - 2) if cards <= FULL_FROM else depth


def play_value(mine_total: int, maker: int, me: int, utility: Utility) -> float:
    """The value for ``me`` of ending the hand with ``mine_total`` tricks (ties in points
    broken by tricks)."""
    maker_tricks = mine_total if maker == me else 5 - mine_total
    return utility(maker, maker_tricks, me) + 0.001 * mine_total


Group = list[tuple[int, float]]
"""The deals still together: his hand in each and its weight (my hand is the same in all)."""


class Search:
    """One play decision's search over information sets (see the module docstring)."""

    def __init__(self, trump: int, maker: int, me: int, utility: Utility, solver: Solver,
                 soft: float, lead_sharpness: float = SINGLE.lead) -> None:
        self.trump, self.maker, self.me = trump, maker, me
        self.utility, self.solver = utility, solver
        self.soft = soft
        self.lead_sharpness = lead_sharpness

    def values(self, group: Group, mine: int, led: int, won: int, depth: int
               ) -> list[tuple[int, float]]:
        """Each card I may play now with its value (weighted sum over the group): ``led``
        his card if he led (-1 if I lead), ``won`` my tricks so far."""
        if len(group) == 1:
            depth = 0
        if led < 0:
            return [(card, self._my_lead(group, mine, card, won, depth))
                    for card in state.bits(mine)]
        options = playable(mine, FOLLOW_MASK[self.trump][led])
        return [(card, self._my_follow(group, mine, led, card, won, depth))
                for card in state.bits(options)]

    def best(self, group: Group, mine: int, led: int, won: int, depth: int) -> float:
        """The value of my turn with one card chosen for the whole group."""
        return max(v for _, v in self.values(group, mine, led, won, depth))

    def _end(self, mine_total: int) -> float:
        return play_value(mine_total, self.maker, self.me, self.utility)

    def _my_lead(self, group: Group, mine: int, card: int, won: int, depth: int) -> float:
        trump, solver = self.trump, self.solver
        rest = mine & ~(1 << card)
        total = 0.0
        children: dict[int, Group] = {}
        for his, weight in group:
            answers = playable(his, FOLLOW_MASK[trump][card])
            replies = list(state.bits(answers))
            futures = [solver.tricks_after_lead(card, rest, his, trump, r) for r in replies]
            for reply, future, chance in zip(replies, futures,
                                             self._answer_chances(futures), strict=True):
                if not chance:
                    continue
                if depth == 0 or not rest or chance < PRUNE:
                    total += weight * chance * self._end(won + future)
                else:
                    children.setdefault(reply, []).append((his & ~(1 << reply),
                                                           weight * chance))
        for reply, child in children.items():
            if SECOND_WINS[trump][card * N_CARDS + reply]:
                total += self._his_lead(child, rest, won, depth - 1)
            else:
                total += self.best(child, rest, -1, won + 1, depth - 1)
        return total

    def _answer_chances(self, futures: list[int]) -> list[float]:
        """His chance of each answer, from my tricks after it (``futures``): the soft best
        reply, or (``soft`` 0) his best answer surely (the first of equals)."""
        if len(futures) == 1:
            return [1.0]
        if self.soft:
            weights = reply_weights([-f for f in futures], self.soft)
            norm = sum(weights)
            return [w / norm for w in weights]
        first = futures.index(min(futures))
        return [float(i == first) for i in range(len(futures))]

    def _my_follow(self, group: Group, mine: int, led: int, card: int, won: int,
                   depth: int) -> float:
        trump, solver = self.trump, self.solver
        rest = mine & ~(1 << card)
        mine_wins = SECOND_WINS[trump][led * N_CARDS + card]
        if depth == 0 or not rest:
            left = mine.bit_count()
            return sum(weight * self._end(
                won + left - solver.tricks_after_lead(led, his, mine, trump, card))
                for his, weight in group)
        if mine_wins:
            return self.best(group, rest, -1, won + 1, depth - 1)
        return self._his_lead(group, rest, won, depth - 1)

    def _his_lead(self, group: Group, mine: int, won: int, depth: int) -> float:
        """He won the last trick and leads: his card in each deal by the model of his leads,
        the deals split by it, and my answer chosen per group."""
        trump, solver = self.trump, self.solver
        children: dict[int, Group] = {}
        total = 0.0
        for his, weight in group:
            by_lead = lead_values(his, mine, trump, solver)
            if not by_lead:  # his last card
                children.setdefault(his.bit_length() - 1, []).append((0, weight))
                continue
            leads, values = list(by_lead), list(by_lead.values())
            chances = reply_weights(values, self.lead_sharpness)
            norm = sum(chances)
            for lead, value, chance in zip(leads, values, chances, strict=True):
                chance /= norm
                if chance < PRUNE:  # unlikely: valued double-dummy
                    total += weight * chance * self._end(won + mine.bit_count() - value)
                else:
                    children.setdefault(lead, []).append((his & ~(1 << lead),
                                                          weight * chance))
        return total + sum(self.best(child, mine, lead, won, depth)
                           for lead, child in children.items())


def infoset_values(worlds: Worlds, legal: list[int], me: int, utility: Utility, solver: Solver,
                   soft: float, depth: int, lead_sharpness: float = SINGLE.lead
                   ) -> list[float]:
    """Each legal card's value over the weighted deals, my next ``depth`` decisions made
    per information set (``Search``); the deals that give him the same hand are one."""
    s0 = worlds[0][0]
    merged: dict[int, float] = {}
    for s, weight in worlds:
        his = s[state.HAND0 + 1 - me]
        merged[his] = merged.get(his, 0.0) + weight
    search = Search(s0[state.TRUMP], s0[state.MAKER], me, utility, solver, soft,
                    lead_sharpness)
    values = dict(search.values(list(merged.items()), s0[state.HAND0 + me], s0[state.LED],
                                s0[state.WON0 + me], depth))
    return [values[card] for card in legal]
