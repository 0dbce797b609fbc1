"""The computer players at tables of three and four (issue 39): every level plays every
view legally and reproducibly, the open-hand solver is exact, and the rules of thumb follow
the partnership conventions."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from euchre import Game, Rules, agents, state, state_family
from euchre.agents.family.expert import FamilyExpert
from euchre.agents.family.inference import likelihood
from euchre.agents.family.rules_of_thumb import RulesOfThumb, choose
from euchre.agents.family.search import FamilySearch, outcome_tricks
from euchre.agents.family.solver import TableSolver
from euchre.cards import card_token, deck_cards, parse_card
from euchre.engine.games.euchre.game import state_of
from euchre.engine.games.euchre.resample_family import resample_family_state
from euchre.hands import trick_seats
from euchre.scoring import outcome
from euchre.view import View

RULE_SETS = [
    Rules(players=4, deck=deck, may_call_turned_suit=turned, stick_the_dealer=stick,
          defend_alone=defend, joker_dealer_alone=joker_alone)
    for deck, turned, stick, defend, joker_alone in itertools.product(
        (24, 32, 25), *[(False, True)] * 4)
] + [
    Rules(players=3, deck=deck, may_call_turned_suit=turned, stick_the_dealer=stick)
    for deck, turned, stick in itertools.product((24, 32, 25), *[(False, True)] * 2)
]


def joker_up_deck(rng: random.Random, players: int) -> list[str]:
    """A shuffled 25-card deck with the Joker turned up (position 5N)."""
    cards = [card_token(c) for c in deck_cards(25) if card_token(c) != "JK"]
    rng.shuffle(cards)
    return [*cards[:5 * players], "JK", *cards[5 * players:]]


def random_choice(rng: random.Random, legal: list[str], phase: str) -> str:
    """Random play that passes often in round 1 (so round 2 comes up) and goes alone and
    defends alone often (so the hands without a partner come up)."""
    lone = [t for t in legal if t.endswith("alone")]
    if lone and rng.random() < 0.3:
        return rng.choice(lone)
    if phase in ("bid1", "bid2") and "pass" in legal and rng.random() < 0.5:
        return "pass"
    return rng.choice(legal)


@functools.cache
def sweep_views() -> tuple[View, ...]:
    """Every state of random-policy matches of three and four under every option
    combination (the Joker turned up in two of the first three hands of the 25-card deck),
    as the player to move sees it."""
    views = []
    for i, rules in enumerate(RULE_SETS):
        rng = random.Random(3900 + i)
        players = rules.players
        for _ in range(2):
            decks = None
            if rules.deck == 25:
                decks = [joker_up_deck(rng, players),
                         [card_token(c) for c in rng.sample(deck_cards(25), 25)],
                         joker_up_deck(rng, players)]
            g = Game(rules, seed=rng.randrange(1 << 32), decks=decks)
            while not g.is_over and g.hand_number < 4:
                views.append(g.view(g.to_move))
                g.apply(random_choice(rng, g.legal_actions(), g.phase))
    return tuple(views)


def test_the_sweep_reaches_every_phase_and_option():
    views = sweep_views()
    phases = {v.phase for v in views}
    assert phases == {"bid1", "bid2", "discard", "play", "joker", "defend"}
    for rules in RULE_SETS:
        assert sum(v.rules == rules for v in views) >= 30, rules
    assert any(v.phase == "play" and v.out for v in views)  # someone sits out
    assert any(v.phase == "play" and len(v.alone) == 2 for v in views)  # both alone
    assert any(v.phase == "bid2" and "pass" not in v.legal for v in views)  # stuck dealer
    assert any(v.phase == "joker" and any(t.endswith("alone") for t in v.legal)
               for v in views)


def problems_of(bot, views, every: int = 1) -> list[str]:
    problems = []
    for i, view in enumerate(views[::every]):
        token = bot.act(view)
        if token not in view.legal:
            problems.append(f"{view.phase}: {token!r} not in {view.legal}")
        if i % 5 == 0:
            values = bot.analyse(view)
            if sorted(values) != sorted(view.legal):
                problems.append(f"{view.phase}: analyse keys {sorted(values)}")
    return problems


@pytest.mark.parametrize("name", ["random", "easy", "medium"])
def test_the_quick_levels_choose_legally_everywhere(name):
    problems = problems_of(agents.load(name, seed=5), sweep_views())
    assert not problems, f"{len(problems)} problems, first: {problems[:3]}"


@pytest.mark.parametrize("make", [lambda: FamilySearch(seed=5, deals=2, bid_deals=2),
                                  lambda: FamilyExpert(seed=5, deals=2, bid_deals=2)],
                         ids=["hard", "expert"])
def test_the_searching_levels_choose_legally_on_a_sample(make):
    views = sweep_views()
    sample = views[::13] + tuple(v for v in views if v.phase in ("defend", "joker", "discard"))
    problems = problems_of(make(), sample)
    assert not problems, f"{len(problems)} problems, first: {problems[:3]}"


@pytest.mark.parametrize("name", ["easy", "medium", "hard", "expert"])
def test_every_level_is_reproducible_and_routed_to_the_family(name):
    """The level's own name plays family views (through the two-handed class), seeded bots
    agree, and each sees nothing but the view."""
    views = sweep_views()[5::131]
    first = [agents.load(name, seed=3).act(v) for v in views]
    again = [agents.load(name, seed=3).act(v) for v in views]
    assert first == again
    assert all(t in v.legal for t, v in zip(first, views, strict=True))


def test_the_hard_and_expert_levels_are_the_family_search():
    hard, expert = agents.load("hard", seed=1), agents.load("expert", seed=1)
    view = Game(Rules(players=4), seed=1).view(0)
    assert type(hard._family_player(view)) is FamilySearch
    assert type(expert._family_player(view)) is FamilyExpert


# --- the open-hand solver -------------------------------------------------------------------


def brute_force(game: Game, makers: set[int], number: int) -> list[int]:
    """For each legal card, the makers' tricks from now with best play after it, by trying
    every card through the engine (the reference the solver is checked against)."""
    s = state_of(game)
    before = sum(s[state_family.WON + m] for m in makers)
    values = []
    for action in game.legal_action_ids():
        after = game.copy()
        after.apply_id(action)
        t = state_of(after)
        if after.hand_number != number:
            values.append(sum(t[state.LAST].won[m] for m in makers) - before)
        else:
            rest = brute_force(after, makers, number)
            best = max(rest) if after.to_move in makers else min(rest)
            values.append(sum(t[state_family.WON + m] for m in makers) - before + best)
    return values


def test_the_solver_agrees_with_trying_every_card_through_the_engine():
    rng = random.Random(39)
    solver = TableSolver(limit=50_000)
    checked = 0
    while checked < 40:
        players = rng.choice((3, 4))
        g = Game(Rules(players=players), seed=rng.randrange(1 << 30))
        while g.phase != "play":
            g.apply(random_choice(rng, g.legal_actions(), g.phase))
        number = g.hand_number
        for _ in range(rng.randrange(6, 13)):
            g.apply(rng.choice(g.legal_actions()))
        if g.hand_number != number:
            continue
        s, view = state_of(g), g.view(g.to_move)
        maker = s[state.MAKER]
        makers = {m for m in range(players) if m == maker or (players == 4 and m == maker ^ 2)}
        makers -= set(view.out)
        active = sum(1 << seat for seat in range(players) if seat not in view.out)
        seats = trick_seats(view.leader, len(view.trick), players, view.out)
        trick = [(seat, parse_card(t)) for seat, t in zip(seats, view.trick, strict=True)]
        hands = [s[state_family.HANDS + seat] for seat in range(players)]
        moves = list(g.legal_action_ids())
        got = solver.values(hands, s[state.TRUMP], sum(1 << m for m in makers), active, trick,
                            g.to_move, moves)
        expected = brute_force(g, makers, number)
        assert got == expected, (view, got, expected)
        won = sum(s[state_family.WON + m] for m in makers)
        search = functools.partial(solver.values, hands, s[state.TRUMP],
                                   sum(1 << m for m in makers), active, trick, g.to_move, moves)
        classes = outcome_tricks(search, won, len(moves))
        assert [outcome(won + v) for v in classes] == [outcome(won + v) for v in expected]
        checked += 1


# --- the rules of thumb: the conventions ----------------------------------------------------


def four_handed(hands: list[str], upcard: str, *actions: str, **options) -> Game:
    """Seat 3 deals; ``hands`` are seats 0, 1, 2, 3 (the dealer's left first); then
    ``actions``."""
    head = [t for hand in hands for t in hand.split()] + [upcard]
    rest = [card_token(c) for c in deck_cards(24) if card_token(c) not in head]
    g = Game(Rules(players=4, **options), seed=1, first_dealer=3, decks=[head + rest])
    for token in actions:
        g.apply(token)
    return g


def test_a_partner_who_made_trump_gets_the_left_bower_led():
    g = four_handed(["JD 9C TC QS 9S", "AC KC QC JC 9D", "JH AH KH AS KS", "TD QD KD AD TH"],
                    "9H", "pass", "pass", "order", "discard 9H")
    assert g.to_move == 0 and choose(g.view(0)) == "JD"


def test_no_trump_is_led_into_a_partner_stuck_as_dealer():
    hands = ["9C TC QS 9S KH", "AC JH QD 9D AS", "KC QC JS TS AH", "JD AD KD TD JC"]
    g = four_handed(hands, "9H", *["pass"] * 7, "call D", "9C", "AC", "QC", "JC",
                    stick_the_dealer=True)
    view = g.view(1)  # seat 1 won the first trick; his partner, the dealer, was stuck
    assert view.to_move == 1 and view.maker == 3
    assert choose(view) == "AS"  # the ace, not the left bower he would lead otherwise


def test_the_suit_a_partner_threw_off_is_led_back():
    hands = ["AH AD KC 9C TD", "9H JS AS KS QS", "QC TC AC KD QD", "TH QH KH JD TS"]
    g = four_handed(hands, "9D", *["pass"] * 5, "call S", "AH", "9H", "QC", "TH")
    view = g.view(0)  # seat 0 won with the heart ace; his partner threw a club on it
    assert view.to_move == 0
    assert choose(view) == "KC"  # the club back, before his diamond ace


def test_a_partner_dealer_is_ordered_up_only_with_support():
    rest = ["KC QC JS TS AH", "JD KD TD JC QD"]
    one = four_handed(["9C TC QS 9S KH", "JH AC AS AD KS", *rest], "9H", "pass")
    assert one.to_move == 1 and choose(one.view(1)) == "pass"  # counts enough, one trump
    two = four_handed(["9C KS QS 9S KH", "JH TH AC AS AD", "KC QC JS TS AH",
                       "JD KD TD JC QD"], "9H", "pass")
    assert choose(two.view(1)) == "order"


def test_going_alone_only_on_a_hand_that_takes_the_tricks():
    strong = four_handed(["JH JD AH KH AS", "TC KC QC JC 9D", "9C TH QS KS 9S", "TD QD KD AD AC"],
                         "9H")
    assert choose(strong.view(0)) == "order alone"
    thin = four_handed(["JH JD AH KC QS", "TC AC QC JC 9D", "9C TH AS KS 9S", "TD QD KD AD KH"],
                       "9H")
    assert choose(thin.view(0)) == "order"


def test_a_partner_winning_with_the_best_card_is_not_overtaken():
    hands = ["AD KC 9C AH TD", "KD JS AS KS QS", "QC TC AC 9S QH", "TH 9H KH JD TS"]
    g = four_handed(hands, "QD", *["pass"] * 5, "call S", "AD", "KD")
    view = g.view(2)  # his partner's diamond ace wins; he has no diamond but a trump
    assert choose(view) == "TC"


def test_the_expert_reads_the_bidding():
    """A pass makes the deals where the passer holds two trumps or more less likely."""
    g = four_handed(["JD 9C TC QS 9S", "AC KC QC JC 9D", "JH AH KH AS KS", "TD QD KD AD TH"],
                    "9H", "pass", "pass")
    view = g.view(2)
    rng = random.Random(4)
    hearts = sum(1 << parse_card(t) for t in ("JD", "TH", "QH"))
    strong, weak = [], []
    for _ in range(400):
        s = resample_family_state(view, rng)
        trumps = (s[state_family.HANDS + 1] & hearts).bit_count()
        (strong if trumps >= 2 else weak).append(likelihood(s, view))
    assert sum(strong) / len(strong) < sum(weak) / len(weak)


def test_the_learned_bid_values_blend_is_an_option_checked_in_one_line():
    """Blend 0 is the search's own bid values (the learned values off), any other weight
    moves them; a weight outside 0 to 1 is refused naming it."""
    g = four_handed(["JD 9C TC QS 9S", "AC KC QC JC 9D", "JH AH KH AS KS", "TD QD KD AD TH"],
                    "9H")
    view = g.view(0)
    none = FamilyExpert(seed=7, deals=8, bid_deals=8, blend=0.0).analyse(view)
    assert none == FamilyExpert(seed=7, deals=8, bid_deals=8, learned_bids=False).analyse(view)
    assert FamilyExpert(seed=7, deals=8, bid_deals=8, blend=1.0).analyse(view) != none
    for bad in (1.5, -0.1, "half", True):
        with pytest.raises(ValueError, match="blend must be a number from 0 to 1"):
            FamilyExpert(blend=bad)


def test_rules_of_thumb_with_mistakes_is_easy():
    views = sweep_views()[::7]
    easy, medium = RulesOfThumb(seed=1, mistakes=1 / 3), RulesOfThumb(seed=1)
    differ = sum(easy.act(v) != medium.act(v) for v in views if len(v.legal) > 1)
    assert 0 < differ < len(views) / 2
