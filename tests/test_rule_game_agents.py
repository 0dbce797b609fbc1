"""The computer players of Railroad, Hasenpfeffer and Napoleon (issue 51, criterion 1): every
level plays each game from its seat's view alone; the open-hand solver agrees with plain
minimax; the rules of thumb do what players of each game do; the expert's inference reads
the bids."""

from __future__ import annotations

import random

import pytest
from more_support import table

from euchre import Game, Rules, agents
from euchre.agents.rule_games.bidding import misere_hand
from euchre.agents.rule_games.inference import likelihood
from euchre.agents.rule_games.search import RuleGamesSearch
from euchre.agents.rule_games.solver import OpenHandSolver
from euchre.engine.cards import SUITS, mask_of, parse_card, suit_of
from euchre.engine.games import MODULES
from euchre.engine.resample import resample

GAMES = [{"game": "railroad"}, {"game": "hasenpfeffer"}, {"game": "napoleon", "players": 3},
         {"game": "napoleon", "players": 5}]
LEVELS = ("random", "easy", "medium", "hard", "expert")


@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o['game']}{o.get('players', '')}")
def test_every_level_plays_a_hand_of_every_game_from_its_view(options):
    """Each level acts on its seat's view and returns a legal action, at every phase."""
    g = Game(Rules(**options, target=100), seed=11)
    bots = {seat: agents.load(LEVELS[seat % len(LEVELS)], seed=seat)
            for seat in range(g.players)}
    phases = set()
    while g.hand_number < 2:
        seat = g.to_move
        token = bots[seat].act(g.view(seat))
        assert token in g.legal_actions()
        phases.add(g.phase)
        g.apply(token)
    assert "play" in phases


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_a_level_decides_by_the_view_alone_whatever_the_hidden_cards(level):
    """Two deals that look the same from a seat (the hidden cards redealt) get the same
    choice from a bot seeded alike: nothing but the view reaches it."""
    g = Game(Rules(game="hasenpfeffer"), seed=21)
    for token in ("bid 2", "pass", "bid 3", "pass", "call S"):
        g.apply(token)
    seat = g.to_move
    other = resample(g.view(seat), random.Random(5))
    assert other.view(seat) == g.view(seat)
    assert any(other.hand(s) != g.hand(s) for s in range(4) if s != seat)
    first, second = agents.load(level, seed=3), agents.load(level, seed=3)
    assert first.act(g.view(seat)) == second.act(other.view(seat))


def _minimax(game: Game, makers: set[int], number: int) -> int:
    """The makers' tricks from here with best play, by trying every card (slow, plain)."""
    if game.hand_number != number:
        return 0
    seat = game.to_move
    values = []
    for token in game.legal_actions():
        child = game.copy()
        before = child.view(None).tricks_won
        child.apply(token)
        gained = 0
        if child.hand_number == number:
            after = child.view(None).tricks_won
            gained = sum(after[s] - before[s] for s in makers)
        else:
            gained = sum(child.results[-1].tricks_won[s] - before[s] for s in makers)
        values.append(gained + _minimax(child, makers, number))
    return max(values) if seat in makers else min(values)


@pytest.mark.parametrize("options", [{"game": "railroad"}, {"game": "hasenpfeffer"},
                                     {"game": "napoleon", "players": 4}])
def test_the_solver_agrees_with_plain_minimax(options):
    """On endgames of three cards (random deals, random play to there), the solver's makers'
    tricks equal those of trying every card."""
    solver = OpenHandSolver()
    rng = random.Random(4)
    checked = 0
    for seed in range(16):
        g = Game(Rules(**options, target=100), seed=seed)
        while g.phase != "play" and g.hand_number == 0:
            legal = g.legal_actions()  # Napoleon: bid 2, its play the longest (it stops
            g.apply("bid 2" if "bid 2" in legal else "pass" if "pass" in legal and  # once
                    options["game"] == "napoleon" else rng.choice(legal))  # decided)
        if g.hand_number:
            continue
        size = 6 if options["game"] == "hasenpfeffer" else 5
        while len(g.hand(g.to_move)) > 3 or g.view(None).trick:
            g.apply(rng.choice(g.legal_actions()))
        if g.hand_number:
            continue
        view = g.view(None)
        makers = {s for s in range(g.players) if view.sides[s] == view.sides[view.maker]}
        if options["game"] == "napoleon":
            makers = {view.maker}
            if view.tricks_won[view.maker] >= 2 or sum(view.tricks_won) - \
                    view.tricks_won[view.maker] > 3:
                continue
        hands = [0 if s in view.out else mask_of(parse_card(c) for c in g.hand(s))
                 for s in range(g.players)]
        mask = sum(1 << s for s in makers)
        found = solver.tricks(hands, MODULES[options["game"]].order,
                              SUITS.index(view.trump), mask, mask, g.to_move)
        expected = _minimax(g, makers, 0)
        if options["game"] == "napoleon":  # the hand stops once decided: compare that
            done, need = view.tricks_won[view.maker], 2
            assert (done + found >= need) == (done + expected >= need)
        else:
            assert found == expected, (seed, size, g.hand(0))
        checked += 1
    assert checked >= 5


def test_railroad_partner_gives_his_best_trump_to_a_lone_player():
    """The partner of a lone player gives him his best trump (here the left bower)."""
    g = table({1: "JK JH AH KH QH", 3: "JD 9C TC 9S TS"}, dealer=0, after="9H",
              game="railroad")
    g.apply("order alone")  # seat 1 orders the 9H up, alone; the dealer (0) picks it up
    bot = agents.load("medium", seed=1)
    while g.phase != "give":
        g.apply(bot.act(g.view(g.to_move)))
    assert g.to_move == 3 and bot.act(g.view(3)) == "give JD"


def test_railroad_goes_alone_with_the_joker_and_the_bowers():
    """With the Joker, both bowers and the ace of trump a player goes alone; with small
    trumps he orders up with his partner."""
    bot = agents.load("medium", seed=1)
    g = table({1: "JK JH JD AH 9C"}, dealer=0, after="9H", game="railroad")
    assert bot.act(g.view(1)) == "order alone"
    g = table({1: "AH KH TD 9C AS"}, dealer=0, after="9H", game="railroad")
    assert bot.act(g.view(1)) in ("order", "pass")
    assert bot.act(g.view(1)) != "order alone"


def test_hasenpfeffer_bids_counted_tricks_and_not_over_a_partner_without_them():
    """A strong hand bids on its tricks plus one of the partner's; a weak one passes; and a
    modest hand leaves its partner's bid standing."""
    bot = agents.load("medium", seed=1)
    g = table({1: "JK JH JD AH KH AS"}, dealer=0, game="hasenpfeffer")
    bid = bot.act(g.view(1))
    assert bid.startswith("bid ") and int(bid.split()[1]) >= 5
    g = table({1: "9C TC 9D TD 9S QS"}, dealer=0, game="hasenpfeffer")
    assert bot.act(g.view(1)) == "pass"
    g = table({1: "JK JH JD AH KH AS", 3: "AC KC 9D TD 9S TH"}, dealer=0,
              game="hasenpfeffer")
    g.apply("bid 4")
    g.apply("pass")
    assert bot.act(g.view(3)) == "pass"


def test_napoleon_goes_nap_on_five_sure_tricks_and_misere_on_low_cards():
    bot = agents.load("medium", seed=1)
    g = table({1: "AS KS QS JS AH"}, dealer=0, game="napoleon", players=3)
    assert bot.act(g.view(1)) == "bid nap"
    g = table({1: "9C TC 9D 9H TS"}, dealer=0, game="napoleon", players=3)
    assert misere_hand([parse_card(c) for c in g.hand(1)], g.view(1))
    assert bot.act(g.view(1)) == "bid misere"
    g = table({1: "9C AC 9D 9H TS"}, dealer=0, game="napoleon", players=3)
    assert bot.act(g.view(1)) != "bid misere"


def test_the_expert_reads_an_order_as_trump_in_the_makers_hand():
    """A deal where the player who ordered up holds the top trumps is likelier than one
    where he holds none."""
    g = table({1: "JK JH JD AH 9C", 2: "9S TS QS KS AS"}, dealer=0, after="9H",
              game="railroad")
    g.apply("order")
    view = g.view(2)
    rng = random.Random(1)
    worlds = [resample(view, rng) for _ in range(200)]
    strong = [likelihood(w, view) for w in worlds
              if sum(c in w.hand(1) for c in ("JK", "JH", "JD", "AH", "KH")) >= 3]
    weak = [likelihood(w, view) for w in worlds
            if not any(c in w.hand(1) for c in ("JK", "JH", "JD", "AH", "KH", "QH", "TH"))]
    assert strong and weak
    assert sum(strong) / len(strong) > 3 * sum(weak) / len(weak)


def test_a_decision_past_its_budget_values_half_its_deals_and_no_more():
    """The search stops drawing on its deals once the solver has searched ``node_budget``
    positions for the decision, but values at least half of them: with no budget at all,
    a bid over twelve deals is valued exactly as one over the first six."""
    g = Game(Rules(game="hasenpfeffer"), seed=4)
    view = g.view(g.to_move)
    cut = RuleGamesSearch(seed=1, bid_deals=12)
    cut.node_budget = 0
    half = RuleGamesSearch(seed=1, bid_deals=6)
    whole = RuleGamesSearch(seed=1, bid_deals=12)
    values = cut.analyse(view)
    assert values == pytest.approx(half.analyse(view), abs=1e-5)
    assert values != pytest.approx(whole.analyse(view), abs=1e-5)


def test_a_budgeted_decision_is_the_same_whatever_the_process_searched_before():
    """The budget counts positions from an empty table: a view gets the same values from
    bots seeded alike, one of them after other searches filled the shared table."""
    g = Game(Rules(game="napoleon", players=4), seed=3)
    view = g.view(g.to_move)
    first = RuleGamesSearch(seed=2, bid_deals=8)
    first.node_budget = 3_000
    before = first.analyse(view)
    other = Game(Rules(game="hasenpfeffer"), seed=9)
    RuleGamesSearch(seed=5).analyse(other.view(other.to_move))  # fills the shared table
    second = RuleGamesSearch(seed=2, bid_deals=8)
    second.node_budget = 3_000
    assert second.analyse(view) == before
    assert RuleGamesSearch(seed=2, bid_deals=8).analyse(view) != before  # (the budget cut)


def test_napoleons_best_first_lead_is_found_without_trying_every_card():
    """The bidder's first lead names trump: the search stops at a card that makes the
    contract, and finds the count that trying every card finds."""
    g = Game(Rules(game="napoleon", players=4), seed=3)
    g.apply("bid 3")
    while g.phase != "play":
        g.apply("pass")
    leader = g.to_move
    bot = RuleGamesSearch(seed=1)
    rng = random.Random(7)
    for _ in range(20):
        world = resample(g.view(leader), rng)
        view = world.view(leader)
        hands = [mask_of(parse_card(c) for c in world.hand(s)) for s in range(4)]
        cards = [parse_card(c) for c in world.hand(leader)]
        every = max(bot._tricks(view, hands, suit_of(c), leader, [], c) for c in cards)
        assert bot._best_lead(view, hands, leader, cards) == every
