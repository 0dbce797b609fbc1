"""Our bots against OpenSpiel's ISMCTS, through the OpenSpiel adapter, in duplicate hands.

OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) is the
standard search for imperfect-information games in that library: each simulation deals the
hidden cards again (our ``resample_from_infostate``: uniform over the deals consistent with
what it has seen), walks a tree of information states with UCT, and scores a new leaf by
a random rollout to the end of the hand. It is the yardstick an OpenSpiel user would reach
for first. Here it plays single hands of ``python_two_handed_euchre`` (default rules)
against our ``expert`` and our ``heuristic``; every deal is played twice with the seats
swapped, so the luck of the cards cancels. The figure is our bot's mean points per hand
(the hand's points, + for ours) with a 95% interval over deals, and each side's time per
decision (ISMCTS's only where it searched: with one legal action it answers at once).

Defaults: 1000 simulations per move (``--sims``), ``uct_c`` 2 (returns lie in [-2, 2]),
unlimited world samples, the most-visited action, one random rollout per leaf. Target: the
expert beats ISMCTS with the interval above zero.

    python bench/openspiel_ismcts.py --hands 300 --workers 2            # expert, heuristic
    python bench/openspiel_ismcts.py --hands 20 --sims 200 --opponents heuristic   # quick

``--hands N`` is N deals, each played twice: 2N hands. Results depend only on ``--seed``,
``--sims`` and the deal numbers, not on ``--workers``.

``--players 4`` plays OpenSpiel's own four-handed ``euchre`` (C++, its default parameters:
``stick_the_dealer`` on, ``allow_lone_defender`` off) instead, our four-handed engine at the
same rules kept in lockstep by the mapping of the lockstep test (``envs.openspiel_family``,
``FamilyHand``). Each deal (OpenSpiel's chance outcomes: dealer ``deal number mod 4``, the
cards shuffled by the seed) is played twice: our bot in seats 0 and 2 against ISMCTS in 1 and
3, then the other way round; one ISMCTS bot for each of its seats. ISMCTS as above, with
``uct_c`` 4 (returns lie in [-4, 4]); its resampler deals with our engine (pyspiel's euchre
has none), and its nodes are keyed by the trump suit as well as the information state string,
which in OpenSpiel's euchre does not say which suit was named in round 2 (``EuchreISMCTSBot``).
The figure is our side's mean points per hand (OpenSpiel's return for our side: the hand's
points, + for ours, - for theirs) with a 95% interval over deals.

    python bench/openspiel_ismcts.py --players 4 --hands 500 --workers 1 --progress 10
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from euchre import Game, Rules, agents, parse_action
from euchre import state as core
from euchre.cards import bits
from euchre.engine.games.euchre.resample_family import card_of, resample_family_state
from euchre.engine.games.euchre.state_family import HANDS
from euchre.engine.seeds import mix64
from euchre.envs import openspiel  # registers the game
from euchre.envs.openspiel_family import (
    ALONE,
    DEALT,
    PARTNER,
    PASS,
    E,
    os_card,
    our_bid,
    our_card,
    our_deck,
)
from euchre.study.arena import mean_interval

Job = tuple[str, int, int, int, float, int]
"""(our bot, deal number, seed, simulations, uct_c, players)."""

FAMILY = "euchre"
"""OpenSpiel's own (C++) four-handed game, at its default parameters."""


def make_ismcts(game: pyspiel.Game, sims: int, uct_c: float, seed: int,
                kind: type[ismcts.ISMCTSBot] = ismcts.ISMCTSBot) -> ismcts.ISMCTSBot:
    """OpenSpiel's ISMCTS with a random-rollout evaluator; its resampling is seeded too, so a
    run can be repeated exactly."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(seed % 2**32))
    bot = kind(game, evaluator, uct_c, sims,
                           random_state=np.random.RandomState((seed >> 32) % 2**32),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    rng = random.Random(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng))
    return bot


class EuchreISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS, its nodes keyed by the information state string and the trump
    suit: the string of OpenSpiel's ``euchre`` does not say which suit was named in round 2
    (any call reads "Pick up!"), so without the suit, states a player can tell apart (by the
    tensor, or by the history) share a node, and a node's actions differ from one visit to the
    next (ISMCTS stops on them, at its default ``allow_inconsistent_action_sets=False``).
    Nothing else about the search is changed."""

    def get_state_key(self, state):
        return (*super().get_state_key(state), state.trump_suit())


def play_deal(job: Job) -> dict:
    """One deal played twice, seats swapped: our bot's mean points per hand, and the decision
    times of both sides."""
    if job[5] == 4:
        return play_family_deal(job)
    ours, deal_no, seed, sims, uct_c, _ = job
    deal_seed = mix64((seed << 24) + deal_no)
    dealer = deal_no % 2
    game = pyspiel.load_game(openspiel.SHORT_NAME, {"dealer": dealer})
    cards = list(game.new_initial_state().chance_outcomes())
    deal = [c for c, _ in cards]
    random.Random(deal_seed).shuffle(deal)
    net = 0.0
    times: dict[str, list[float]] = {"ismcts": [], "ours": []}
    for our_seat in (0, 1):
        bot = agents.load(ours, seed=mix64(deal_seed + 5))
        search = make_ismcts(game, sims, uct_c, mix64(deal_seed + 7))
        state = game.new_initial_state()
        for card in deal[:openspiel.DEALT]:
            state.apply_action(card)
        while not state.is_terminal():
            player = state.current_player()
            started = time.perf_counter()
            if player == our_seat:
                action = parse_action(bot.act(state.view(player)))
                times["ours"].append(time.perf_counter() - started)
            else:
                searched = len(state.legal_actions()) > 1
                action = int(search.step(state))
                if searched:
                    times["ismcts"].append(time.perf_counter() - started)
            state.apply_action(action)
        net += state.returns()[our_seat]
    return {"net": net / 2, "times": times}


class FamilyHand:
    """One hand of OpenSpiel's ``euchre``, our bots on one side and ISMCTS on the other, with
    our four-handed engine kept in lockstep (the mapping of ``envs.openspiel_family``; the
    differences RULES-family.md lists are steered round as the lockstep test does).

    OpenSpiel asks the maker "alone?" only after the dealer's discard, so an OpenSpiel trump
    bid waits (``pending``) until that answer before it is made in ours, with the discard
    after it; our bots say "alone" with the bid and the driver gives OpenSpiel that answer
    when it asks. Whoever plays the dealer discards without knowing whether the maker goes
    alone, as in OpenSpiel: our dealer chooses in ours with the bid made "with partner". Our
    dealer may discard the upcard, OpenSpiel's may not: then ours takes its next best
    discard. A dealer whose partner goes alone sits out in ours but discards in OpenSpiel
    (his cards are out of play): OpenSpiel's lowest legal card if he is ours.

    ``resample`` is ISMCTS's resampler (pyspiel's ``euchre`` has no
    ``resample_from_infostate``): our engine deals the hidden cards consistently with the
    player's view (``resample_family``: uniform over the consistent deals; a world in which
    the dealer discarded the upcard, which OpenSpiel forbids, is drawn again), and that deal
    and OpenSpiel's actions so far (the discard the player did not see taken from the world)
    are replayed into a fresh OpenSpiel state. ISMCTS checks that every such state has the
    player's information state."""

    def __init__(self, game: pyspiel.Game, dealer: int, deck: list[int], rng: random.Random):
        params = game.get_parameters()
        if params["allow_lone_defender"]:
            raise ValueError("allow_lone_defender is not driven here (OpenSpiel's default: off)")
        self.os_game = game
        self.os = game.new_initial_state()
        self.os.apply_action(dealer)
        for card in deck[:DEALT]:
            self.os.apply_action(card)
        self.dealer = dealer
        self.upcard = our_card(deck[DEALT - 1])
        self.game = Game(Rules(players=4, stick_the_dealer=params["stick_the_dealer"]),
                         first_dealer=dealer, decks=[our_deck(dealer, deck)])
        self.rng = rng
        self.pending: tuple[int, str, bool | None] | None = None
        """An OpenSpiel trump bid not yet made in ours: (maker, our token without "alone",
        whether he goes alone if ours said so)."""
        self.discard: str | None = None
        self.discard_at = -1
        """The dealer's discard while a bid is pending, and its place in OpenSpiel's history."""
        self._view_key: tuple | None = None
        self._view = None
        self._played = 0
        self._hidden = self._in_ours = False
        self.said_alone = False
        self.asked = False
        """Whether ``choose`` asked our bot (not for the answer to "alone?" it gave with its
        bid, nor for a discard OpenSpiel needs from our dealer sitting out)."""

    def tentative(self) -> Game:
        """Ours as the player to move in OpenSpiel knows it: a pending bid made with partner
        (whether the maker goes alone is not said yet), the dealer's discard after it."""
        if self.pending is None:
            return self.game
        g = self.game.copy()
        g.apply(self.pending[1])
        if self.discard is not None and g.phase == "discard":
            g.apply(f"discard {self.discard}")
        return g

    def upcard_suit(self) -> str | None:
        return self.upcard[1] if self.game.phase == "bid1" else None

    def choose(self, bot: agents.Agent) -> int:
        """Our bot's OpenSpiel action for the player to move."""
        p, phase = self.os.current_player(), self.os.current_phase()
        legal = self.os.legal_actions()
        self.asked = phase != E.Phase.GO_ALONE
        if phase == E.Phase.BIDDING:
            token = bot.act(self.game.view(p))
            self.said_alone = token.endswith("alone")
            return next(a for a in legal if token in our_bid(a, self.upcard_suit()))
        if phase == E.Phase.DISCARD:
            g = self.tentative()
            if g.phase != "discard" or g.to_move != p:  # our dealer sits out
                self.asked = False
                return min(legal)
            view = g.view(p)
            token = bot.act(view)
            if token == f"discard {self.upcard}":  # not in OpenSpiel: the next best
                others = [t for t in view.legal if t != token]
                analyse = getattr(bot, "analyse", None)
                values = analyse(view) if analyse else {}
                token = max(others, key=lambda t: values.get(t, 0.0))
            return os_card(token.split()[1])
        if phase == E.Phase.GO_ALONE:
            assert self.pending is not None and self.pending[0] == p
            return ALONE if self.pending[2] else PARTNER
        return os_card(bot.act(self.game.view(p)))

    def apply(self, action: int, ours: bool) -> None:
        """``action`` in OpenSpiel and its counterpart in ours; ``ours``: our bot chose it."""
        p, phase, g = self.os.current_player(), self.os.current_phase(), self.game
        if phase == E.Phase.BIDDING:
            assert g.to_move == p
            if action == PASS:
                g.apply("pass")
            else:
                token = min(our_bid(action, self.upcard_suit()), key=len)
                self.pending = (p, token, self.said_alone if ours else None)
        elif phase == E.Phase.DISCARD:
            self.discard, self.discard_at = our_card(action), len(self.os.history())
        elif phase == E.Phase.GO_ALONE:
            assert self.pending is not None
            token = self.pending[1]
            g.apply(f"{token} alone" if action == ALONE else token)
            if g.phase == "discard":
                g.apply(f"discard {self.discard}")
            self.pending = None
        else:
            assert g.to_move == p and set(g.legal_actions()) == {
                our_card(a) for a in self.os.legal_actions()}
            g.apply(our_card(action))
        self.os.apply_action(action)
        if self.os.is_terminal():
            returns = self.os.returns()
            assert list(g.view(None).last_hand["points"]) == [max(0, int(returns[side]))
                                                               for side in (0, 1)]

    def resample(self, state: pyspiel.State, player: int) -> pyspiel.State:
        """A state of OpenSpiel's game with ``player``'s information state, its hidden cards
        drawn by our engine (see the class docstring)."""
        history = state.history()
        if self._view_key != (player, len(history)):
            g = self.tentative()
            view = g.view(player)
            played = [c for trick in view.tricks for c in trick.cards] + list(view.trick)
            self._view_key, self._view = (player, len(history)), view
            self._played = sum(1 << card_of(c) for c in played)
            # a discard the player did not see, and whether ours has it (not if he sat out)
            self._hidden = self.discard_at >= 0 and player != self.dealer
            self._in_ours = self.discard_at >= 0 and g.view(None).upcard_taken
        view, dealer = self._view, self.dealer
        while True:
            drawn = resample_family_state(view, self.rng)
            masks = drawn[core.SETUP].decks[0]  # the hands in deal order, the dealer's last
            discard = -1
            if self._hidden and self._in_ours:
                left = ((masks.hands[3] | 1 << masks.upcard) & ~drawn[HANDS + dealer]
                        & ~self._played)
                discard = bits(left)[0]
            if discard != masks.upcard:  # OpenSpiel's dealer may not discard the upcard
                break
        if self._hidden and not self._in_ours:  # our dealer sat out; OpenSpiel's discarded
            discard = self.rng.choice(bits(masks.hands[3]))
        hands = [bits(mask) for mask in masks.hands]
        fresh = self.os_game.new_initial_state()
        fresh.apply_action(dealer)
        for i in range(DEALT - 1):
            fresh.apply_action(_OS_OF_ID[hands[(i - 1) % 4][i // 4]])
        fresh.apply_action(_OS_OF_ID[masks.upcard])
        for i in range(DEALT + 1, len(history)):
            fresh.apply_action(_OS_OF_ID[discard] if i == self.discard_at and self._hidden
                               else history[i])
        return fresh


_OS_OF_ID = {card_of(our_card(c)): c for c in range(24)}
"""Our engine's card id to OpenSpiel's card."""


def play_family_deal(job: Job) -> dict:
    """One deal of OpenSpiel's ``euchre`` played twice: our bot in seats 0 and 2, then in 1 and
    3, one ISMCTS bot in each other seat. Our side's mean points per hand, the decision times."""
    ours, deal_no, seed, sims, uct_c, _ = job
    deal_seed = mix64((seed << 24) + deal_no)
    game = pyspiel.load_game(FAMILY)
    start = game.new_initial_state()
    dealers = [d for d, _ in start.chance_outcomes()]
    dealer = dealers[deal_no % len(dealers)]
    start.apply_action(dealer)
    deck = [c for c, _ in start.chance_outcomes()]
    random.Random(deal_seed).shuffle(deck)
    net = 0.0
    times: dict[str, list[float]] = {"ismcts": [], "ours": []}
    for our_side in (0, 1):
        hand = FamilyHand(game, dealer, deck, random.Random(mix64(deal_seed + 3 + our_side)))
        bots: dict[int, object] = {}
        for seat in range(4):
            bot_seed = mix64(deal_seed + 11 + seat)
            if seat % 2 == our_side:
                bots[seat] = agents.load(ours, seed=bot_seed)
            else:
                bots[seat] = search = make_ismcts(game, sims, uct_c, bot_seed, EuchreISMCTSBot)
                search.set_resampler(hand.resample)
        while not hand.os.is_terminal():
            player = hand.os.current_player()
            started = time.perf_counter()
            if player % 2 == our_side:
                hand.apply(hand.choose(bots[player]), ours=True)
                if hand.asked:
                    times["ours"].append(time.perf_counter() - started)
            else:
                searched = len(hand.os.legal_actions()) > 1
                action = int(bots[player].step(hand.os))
                if searched:
                    times["ismcts"].append(time.perf_counter() - started)
                hand.apply(action, ours=False)
        net += hand.os.returns()[our_side]
    return {"net": net / 2, "times": times}


def summary(ours: str, players: int, seed: int, sims: int, uct_c: float, results: list[dict],
            seconds: float) -> dict:
    """The figures of ``results`` (one per deal)."""
    mean, low, high = mean_interval([r["net"] for r in results])
    ms = {side: [1000 * t for r in results for t in r["times"][side]]
          for side in ("ismcts", "ours")}
    return {"ours": ours, "players": players, "deals": len(results), "hands": 2 * len(results),
            "sims": sims, "uct_c": uct_c,
            "seed": seed, "points_per_hand": mean, "low95": low, "high95": high,
            "ismcts_mean_ms": statistics.fmean(ms["ismcts"]),
            "ismcts_decisions": len(ms["ismcts"]),
            "ours_mean_ms": statistics.fmean(ms["ours"]),
            "ours_median_ms": statistics.median(ms["ours"]), "seconds": seconds}


def line(row: dict) -> str:
    """One row's figures as the line the script prints."""
    ours = row["ours"]
    game = "" if row["players"] == 2 else f"{FAMILY} (4 players): "
    return (f"{game}{ours:>9} vs ISMCTS({row['sims']} sims, uct_c {row['uct_c']:g}): "
            f"{row['points_per_hand']:+.3f} points/hand for {ours} "
            f"(95% {row['low95']:+.3f} to {row['high95']:+.3f}) over {row['deals']} "
            f"duplicate deals ({row['hands']} hands); ISMCTS "
            f"{row['ismcts_mean_ms']:.0f} ms per searched decision "
            f"({row['ismcts_decisions']}), {ours} mean {row['ours_mean_ms']:.1f} ms "
            f"(median {row['ours_median_ms']:.1f}); {row['seconds']:.0f} s")


def measure(ours: str, deals: int, seed: int, sims: int, uct_c: float, workers: int,
            players: int = 2, progress: int = 0) -> dict:
    jobs = [(ours, d, seed, sims, uct_c, players) for d in range(deals)]
    started = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(play_deal, jobs, chunksize=1)
    else:
        results = []
        for job in jobs:
            results.append(play_deal(job))
            if progress and len(results) % progress == 0 and len(results) < deals:
                row = summary(ours, players, seed, sims, uct_c, results,
                              time.perf_counter() - started)
                print(f"  so far: {line(row)}", file=sys.stderr, flush=True)
    return summary(ours, players, seed, sims, uct_c, results, time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300,
                        help="deals, each played twice with seats swapped (2N hands)")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations per move")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2,
                        help="2: our two-handed game as an OpenSpiel python game; 4: "
                             "OpenSpiel's own euchre, our engine in lockstep")
    parser.add_argument("--uct-c", type=float, default=None,
                        help="UCT exploration constant (default: the returns' bound, 2 for "
                             "two-handed, 4 for OpenSpiel's euchre)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", nargs="*", default=["expert", "heuristic"],
                        help="our bots to play against ISMCTS")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="with one worker: the figure so far every N deals, on stderr")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.uct_c is None:
        args.uct_c = 2.0 if args.players == 2 else 4.0
    if args.players == 4 and args.opponents == ["expert", "heuristic"]:
        args.opponents = ["expert"]
    rows = []
    for ours in args.opponents:
        row = measure(ours, args.hands, args.seed, args.sims, args.uct_c, args.workers,
                      args.players, args.progress)
        rows.append(row)
        if not args.json:
            print(line(row), flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
