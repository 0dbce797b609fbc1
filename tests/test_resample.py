"""resample(view, rng): a full game consistent with one player's view, its hidden cards dealt
uniformly among the deals consistent with that view (DESIGN.md, after OpenSpiel's resampler).

As OpenSpiel's euchre test does for its resampler, every step of random matches is checked,
for both players, under every combination of options: the resampled game shows the player
the same view, the same own hand, an other hand of the right size holding no card the player
has seen or holds, respecting the suits the other player showed void (effective suits: the
left bower and the Joker are trump), the upcard where it can be, and it is a valid game that
plays on to the end of the hand and whose record round-trips. A chi-square test and exact
marginals (by brute-force enumeration of every consistent deal) check the uniformity.

A consistent deal is the hidden part of the state: the other hand, the other player's discard
(when he dealt and picked the upcard up) and so the stock. The bidding is not evidence (the
module's documented choice), so every such deal is equally likely.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import OPTION_IDS, OPTIONS, deck_tokens, eff_suit, is_card

import euchre
from euchre import Game, Rules, View, resample, state
from euchre.cards import card_token

# --- oracles, independent of the engine -----------------------------------------------------


def played_cards(view: View) -> dict[str, int]:
    """The cards played this hand, and who played each."""
    played = {}
    for trick in view.tricks:
        played[trick.cards[0]] = trick.leader
        played[trick.cards[1]] = 1 - trick.leader
    for card in view.trick:
        played[card] = view.leader
    return played


def shown_voids(view: View, player: int) -> set[str]:
    """The (effective) suits ``player`` failed to follow this hand."""
    voids = set()
    for trick in view.tricks:
        led, answer = trick.cards
        if 1 - trick.leader == player and eff_suit(answer, view.trump) != eff_suit(
                led, view.trump):
            voids.add(eff_suit(led, view.trump))
    return voids


def discard_of(g: Game) -> str | None:
    card = g._s[state.DISCARDED]
    return None if card < 0 else card_token(card)


def check_conservation(g: Game) -> None:
    """hand 0 + hand 1 + played + (upcard or discard) + stock = the deck, each card once, and
    the hands agree with the record's deal."""
    rec = g.record()
    deck = deck_tokens(g.rules.deck)
    cur = rec["hands"][-1]
    order = cur["deck"]
    assert sorted(order) == sorted(deck)
    dealer = cur["dealer"]
    up = order[10]
    played: dict[int, set[str]] = {0: set(), 1: set()}
    discard = None
    for player, token in cur["actions"]:
        if is_card(token):
            played[player].add(token)
        elif token.startswith("discard "):
            discard = token.split()[1]
    hands = {p: set(g.hand(p)) for p in (0, 1)}
    parts = [hands[0], hands[1], played[0] | played[1], {discard or up}, set(order[11:])]
    assert sum(len(part) for part in parts) == len(deck)
    assert set().union(*parts) == set(deck)
    assert hands[1 - dealer] | played[1 - dealer] == set(order[0:5])
    dealt = set(order[5:10])
    if discard is not None:
        dealt = (dealt | {up}) - {discard}
    assert hands[dealer] | played[dealer] == dealt
    assert discard_of(g) == discard


def check_consistent(r: Game, view: View, truth: Game) -> None:
    """``r`` could be the game ``view`` was taken from (``truth`` is: it gives the sizes)."""
    p = view.player
    o = 1 - p
    dealer = view.dealer
    assert r.view(p) == view
    assert r.rules == truth.rules and r.score == truth.score and r.phase == truth.phase
    if view.phase == "joker" and p == dealer:  # he has not looked at his cards yet
        assert len(r.hand(p)) == 5
    else:
        assert sorted(r.hand(p)) == sorted(truth.hand(p))
    other = set(r.hand(o))
    assert len(other) == len(truth.hand(o))
    played = played_cards(view)
    seen = set(view.hand) | set(played) | ({view.discard} if view.discard else set())
    assert not other & seen
    for suit in shown_voids(view, o):
        assert all(eff_suit(c, view.trump) != suit for c in other), (suit, other)
    up = view.upcard
    discard = discard_of(r)
    if not view.upcard_taken:  # on the table, turned down or left: in no hand
        assert up not in set(r.hand(0)) | set(r.hand(1))
        assert discard is None
    elif o == dealer:
        assert discard is not None and discard not in seen and discard not in other
        if up not in played:  # he picked it up: in his hand, or his discard
            assert up in other or discard == up
        if up == "JK":  # RULES: "takes the Joker into his hand ... He may not leave it."
            assert discard != "JK" and ("JK" in other or "JK" in played)
    else:
        assert discard == view.discard  # own discard is own
    check_conservation(r)


def check_record_roundtrip(r: Game) -> None:
    rec = r.record()
    back = Game.from_record(json.loads(json.dumps(rec)))
    assert back.record() == rec
    assert back.legal_actions() == r.legal_actions()
    for p in (0, 1):
        assert back.view(p) == r.view(p)
        assert back.hand(p) == r.hand(p)


def play_on(r: Game, rng: random.Random) -> None:
    """Random legal moves to the end of the hand, checking the cards after each one."""
    number = r.hand_number
    while not r.is_over and r.hand_number == number:
        r.apply(rng.choice(r.legal_actions()))
        check_conservation(r)
    last = r.view(0).last_hand
    assert last is not None
    assert last["thrown_in"] or sum(last["tricks_won"]) == 5


def check_view(g: Game, view: View, rng: random.Random, samples: int, deep: bool) -> None:
    check_consistent(g, view, g)  # the oracle holds for the true game
    for _ in range(samples):
        state = rng.getstate()
        r = resample(view, rng)
        after = rng.getstate()
        check_consistent(r, view, g)
        rng.setstate(state)  # the same rng state gives the same game
        assert resample(view, rng).record() == r.record()
        rng.setstate(after)
        if deep and not g.is_over:
            check_record_roundtrip(r)
            play_on(r, rng)
            check_record_roundtrip(r)


def run_match(rules: Rules, seed: int, policy: random.Random, pass_bias: float,
              samples: int = 1, deep_every: float = 1.0, decks=None, max_hands=None) -> None:
    g = Game(rules, seed=seed, decks=decks)
    while True:
        view_rng = random.Random(policy.getrandbits(64))
        for p in (0, 1):
            view = g.view(p)
            check_view(g, view, view_rng, samples, policy.random() < deep_every)
            if policy.random() < 0.1:  # a view that came over the network works the same
                again = View.from_dict(json.loads(json.dumps(view.to_dict())))
                check_consistent(resample(again, view_rng), view, g)
        if g.is_over or (max_hands is not None and g.hand_number >= max_hands):
            break
        legal = g.legal_actions()
        token = "pass" if "pass" in legal and policy.random() < pass_bias else policy.choice(legal)
        event(f"phase {g.phase}")
        g.apply(token)


@pytest.mark.parametrize(("deck", "must", "turned", "stick"), OPTIONS, ids=OPTION_IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(target=st.integers(1, 4), seed=st.integers(0, 2**64 - 1),
       policy_seed=st.integers(0, 2**32 - 1), pass_bias=st.sampled_from([0.0, 0.5, 0.8]))
def test_resample_is_consistent_at_every_step(deck, must, turned, stick, target, seed,
                                              policy_seed, pass_bias):
    rules = Rules(deck=deck, target=target, dealer_must_pick_up=must,
                  may_call_turned_suit=turned, stick_the_dealer=stick)
    policy = random.Random(policy_seed)
    run_match(rules, seed, policy, pass_bias, max_hands=40)


@pytest.mark.parametrize(("must", "turned", "stick"),
                         [o[1:] for o in OPTIONS if o[0] == 25],
                         ids=[i for i, o in zip(OPTION_IDS, OPTIONS, strict=True) if o[0] == 25])
def test_resample_joker_upcard(must, turned, stick):
    rules = Rules(deck=25, target=3, dealer_must_pick_up=must, may_call_turned_suit=turned,
                  stick_the_dealer=stick)
    for seed in range(3):
        policy = random.Random(seed)
        decks = []
        for _ in range(2):
            order = deck_tokens(25)
            policy.shuffle(order)
            order.remove("JK")
            order.insert(10, "JK")
            decks.append(order)
        g = Game(rules, seed=seed, decks=decks)
        while g.hand_number < 2 and not g.is_over:
            view_rng = random.Random(policy.getrandbits(64))
            for p in (0, 1):
                check_view(g, g.view(p), view_rng, samples=8, deep=True)
            g.apply(policy.choice(g.legal_actions()))


def test_resample_keeps_a_turned_up_joker_in_the_dealers_hand():
    deck = "9C KC AC 9D AH JC QC 9H 9S TS JK".split()
    deck += [c for c in deck_tokens(25) if c not in deck]
    g = Game(Rules(deck=25), seed=1, first_dealer=1, decks=[deck])
    g.apply("call S")
    assert "discard JK" not in g.legal_actions()  # the engine: he keeps the Joker
    g.apply("discard 9H")
    samples = [resample(g.view(0), random.Random(i)) for i in range(60)]
    assert all("JK" in r.hand(1) for r in samples)


# --- exports, determinism, edges ------------------------------------------------------------


def resample_forms() -> list:
    """Every form in which src exposes resample (the module function always)."""
    forms = [resample]
    if callable(getattr(euchre, "resample", None)):
        forms.append(euchre.resample)
    if hasattr(Game, "resample"):
        forms.append(Game.resample)
    return forms


def test_resample_exports_agree():
    g = Game(Rules(), seed=21)
    g.apply("order")
    view = g.view(0)
    games = [form(view, random.Random(5)) for form in resample_forms()]
    for r in games:
        assert isinstance(r, Game)
        check_consistent(r, view, g)
        assert r.record() == games[0].record()


def test_resample_is_exported_as_readme_documents():
    import euchre.resample  # what a user who read the README would import

    g = Game(Rules(), seed=21)
    r = euchre.resample(g.view(0), random.Random(5))
    assert r.view(0) == g.view(0)


def test_resample_does_not_touch_the_game_or_the_view():
    g = Game(Rules(deck=32), seed=4)
    for token in ("order", "pass", "AS" if "AS" in g.hand(1) else g.legal_actions()[0]):
        if token in g.legal_actions():
            g.apply(token)
    before = g.copy()
    view = g.view(1)
    data = view.to_dict()
    for i in range(20):
        resample(view, random.Random(i))
    assert g == before and g.record() == before.record()
    assert view.to_dict() == data == g.view(1).to_dict()


def test_resampled_record_reloads_equal():
    r = resample(Game(seed=3).view(0), random.Random(1))
    back = Game.from_record(json.loads(json.dumps(r.record())))
    assert back.record() == r.record()
    assert back == r


def test_resample_of_a_finished_match_has_a_loadable_record():
    g = Game(Rules(target=1), seed=3)
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    r = resample(g.view(0), random.Random(1))
    check_consistent(r, g.view(0), g)
    check_record_roundtrip(r)


# --- uniformity -----------------------------------------------------------------------------

# Positions, all seen by player 0. Spades are trump (the upcard 9S) except where said.
POSITIONS = {
    # P1 dealt and took 9S (discarding 9D), then showed void in hearts (QC on AH) and in
    # clubs (TD on 9C; JC, the left bower, is a spade): 9S is in his hand or his discard
    "dealer_took_voids": (1, "AH KH QH 9C TC", "9D TD QC KC AS", "9S",
                          "order, discard 9D, AH, QC, KH, KC, 9C, TD"),
    # P1 dealt, took 9S and discarded it, then showed void in trump (QC on JS): the upcard
    # must be his discard, and JC (left bower) and the Joker cannot be in his hand; he
    # also showed void in hearts (TD on 9H)
    "dealer_took_trump_void": (1, "JS AS 9H TH QD", "QC KC AD KD TD", "9S",
                               "order, discard 9S, JS, QC, AS, KC, 9H, TD"),
    # P0 dealt and took 9S (discarding AD: his own); P1 showed void in trump (TH on AS)
    "own_discard_trump_void": (0, "9H TH 9C QD KD", "AS KS QS JH AD", "9S",
                               "order, discard AD, 9H, JH, AS, TH, KS, 9C"),
    # P1 dealt and took 9S; nothing played yet: the widest position (marginals only)
    "dealer_took_start": (1, "AH KH QH 9C TC", "9D TD QC KC AS", "9S", "order, discard 9D"),
}


def position(name: str, size: int) -> Game:
    dealer, nondealer_hand, dealer_hand, up, actions = POSITIONS[name]
    head = [*nondealer_hand.split(), *dealer_hand.split(), up]
    deck = head + [c for c in deck_tokens(size) if c not in head]
    g = Game(Rules(deck=size), seed=1, first_dealer=dealer, decks=[deck])
    for token in actions.split(", "):
        g.apply(token)
    return g


def consistent_deals(view: View, size: int) -> list[tuple[frozenset, str | None]]:
    """Brute force: every (other hand, other discard) the view allows."""
    o = 1 - view.player
    played = played_cards(view)
    up = view.upcard
    known = set(view.hand) | set(played) | {up} | ({view.discard} if view.discard else set())
    pool = [c for c in deck_tokens(size) if c not in known]
    k = 5 - sum(1 for who in played.values() if who == o)
    voids = shown_voids(view, o)
    picked_up = view.upcard_taken and view.dealer == o
    hidden_up = picked_up and up not in played
    deals = []
    for hand in itertools.combinations(pool + ([up] if hidden_up else []), k):
        if any(eff_suit(c, view.trump) in voids for c in hand):
            continue
        if not picked_up:
            deals.append((frozenset(hand), None))
        elif hidden_up and up not in hand:
            deals.append((frozenset(hand), up))
        else:
            deals.extend((frozenset(hand), d) for d in pool if d not in hand)
    return deals


def draw(view: View, n: int, seed: int) -> Counter:
    rng = random.Random(seed)
    o = 1 - view.player
    picked_up = view.upcard_taken and view.dealer == o
    counts: Counter = Counter()
    for _ in range(n):
        r = resample(view, rng)
        counts[frozenset(r.hand(o)), discard_of(r) if picked_up else None] += 1
    return counts


def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom >= x): the regularized upper incomplete
    gamma Q(df/2, x/2) (series below a+1, continued fraction above; Numerical Recipes)."""
    a, x = df / 2, x / 2
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def test_chi2_sf_matches_known_quantiles():
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(18.307038053275146, 10) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(124.34211340400407, 100) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(2.0, 2) == pytest.approx(math.exp(-1), rel=1e-9)
    assert chi2_sf(0.0, 5) == 1.0


def check_uniform(counts: Counter, deals: list, n: int) -> None:
    cells = set(deals)
    assert len(cells) == len(deals)  # the brute force lists each deal once
    assert set(counts) <= cells, "a resample is not consistent with the view"
    assert set(counts) == cells, "some consistent deal is never drawn"
    expected = n / len(cells)
    stat = sum((counts[cell] - expected) ** 2 / expected for cell in cells)
    p_value = chi2_sf(stat, len(cells) - 1)
    assert p_value > 1e-4, (stat, len(cells), p_value)


def check_marginals(counts: Counter, deals: list, n: int, up: str) -> None:
    """Each card's frequency of being in the other hand (and the upcard's of being his
    discard) against the exact probability over the consistent deals."""
    exact_in: Counter = Counter()
    for hand, _ in deals:
        exact_in.update(hand)
    seen_in: Counter = Counter()
    for (hand, _), count in counts.items():
        for card in hand:
            seen_in[card] += count
    exact_up_discard = sum(d == up for _, d in deals) / len(deals)
    seen_up_discard = sum(c for (_, d), c in counts.items() if d == up) / n
    checks = [(exact_in[c] / len(deals), seen_in[c] / n, c) for c in exact_in.keys() | seen_in]
    checks.append((exact_up_discard, seen_up_discard, "upcard discarded"))
    for p, freq, what in checks:
        sigma = math.sqrt(p * (1 - p) / n)
        assert abs(freq - p) <= 5 * sigma + 1e-12, (what, p, freq)


@pytest.mark.parametrize("size", [24, 32, 25])
@pytest.mark.parametrize("name", ["dealer_took_voids", "dealer_took_trump_void",
                                  "own_discard_trump_void"])
def test_resample_is_uniform_over_consistent_deals(name, size):
    g = position(name, size)
    view = g.view(0)
    assert view.phase == "play" and view.trump == "S"
    deals = consistent_deals(view, size)
    truth = (frozenset(g.hand(1)), discard_of(g) if g.dealer == 1 else None)
    assert truth in deals  # the brute force knows the real deal
    n = 20_000
    counts = draw(view, n, seed=size)
    check_uniform(counts, deals, n)
    check_marginals(counts, deals, n, view.upcard)


def test_resample_uniformity_positions_are_what_they_claim():
    """The positions show what the uniformity test relies on."""
    view = position("dealer_took_voids", 24).view(0)
    assert shown_voids(view, 1) == {"H", "C"} and view.upcard_taken
    deals = consistent_deals(view, 24)
    assert len(deals) == 11 * 14 + math.comb(11, 2)  # 9S in hand (+ any discard) or discarded
    assert any("JC" in hand for hand, _ in deals)  # the left bower is not a club
    view = position("dealer_took_trump_void", 25).view(0)
    assert shown_voids(view, 1) == {"S", "H"}
    deals = consistent_deals(view, 25)
    assert {d for _, d in deals} == {"9S"}
    assert not any({"JC", "JK"} & hand for hand, _ in deals)
    view = position("own_discard_trump_void", 24).view(0)
    assert view.discard == "AD" and shown_voids(view, 1) == {"S"}


def test_resample_marginals_at_the_start_of_play():
    """The widest position (51,408 consistent deals): per-card marginals against the exact
    enumeration, and the chance that the dealer's discard is the upcard (8,568 / 51,408)."""
    g = position("dealer_took_start", 24)
    view = g.view(0)
    deals = consistent_deals(view, 24)
    assert len(deals) == math.comb(18, 4) * 14 + math.comb(18, 5)
    n = 20_000
    counts = draw(view, n, seed=7)
    assert set(counts) <= set(deals)
    check_marginals(counts, deals, n, view.upcard)
