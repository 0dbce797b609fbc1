"""The batched engine (issue 53): in lockstep with ``Game`` under every option of the two-,
three- and four-handed games, its observations the adapters' encoding with no hidden card,
and bad input refused in one line. (The 100,000-game lockstep: bench/batch_lockstep.py.)"""

from __future__ import annotations

import numpy as np
import pytest

from euchre import Game, Rules
from euchre.batch import Batch, lockstep
from euchre.cards import card_token, deck_cards
from euchre.envs import family_encoding


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moves_and_points_agree_with_the_scalar_engine_under_every_option(players):
    """Each rules value of the game (every deck, every flag, two targets) for a run of
    stacked decks: the same seat to move, the same legal ids, the same points each hand."""
    matches = hands = 0
    for rules in lockstep.every_rules(players, targets=(2, 6)):
        tally = lockstep.run(rules, n=12, hands=6, seed=players)
        matches += tally.matches
        hands += tally.hands
    assert hands > 1000 and matches > 200  # the runs reached the ends of hands and matches


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_are_the_encoders_and_show_no_hidden_card(players):
    """Every seat's observation, every other step, equals the adapters' encoding of its
    view, and names no card of another hand, of the stock or of another's discard."""
    observed = 0
    for rules in lockstep.every_rules(players, targets=(3,))[::3]:
        observed += lockstep.run(rules, n=6, hands=3, seed=7, observe_every=2).observations
    assert observed > 500


def test_a_hidden_card_in_an_observation_is_caught():
    """The check against the deal fails when another seat's card shows (it can fail)."""
    rules = Rules(players=4)
    deck = [card_token(c) for c in deck_cards(24)]
    b = Batch(rules, n=1, first_dealer=0, decks=[[deck]])
    game = Game(rules, first_dealer=0, decks=[deck])
    obs = b.observation(0)[0]
    lockstep._check_hidden(b, game, 0, 0, obs)
    other = int(b.hands[0, 1]).bit_length() - 1
    obs[family_encoding.TRICK + family_encoding.SEATS + other] = 1
    with pytest.raises(lockstep.Mismatch, match="hidden cards"):
        lockstep._check_hidden(b, game, 0, 0, obs)


def test_points_and_new_matches_after_a_won_match():
    """A won match is dealt anew in place: its scores back to 0, ``match_over`` and the
    points of the hand that won it shown for that one step."""
    b = Batch(Rules(players=4, target=1), n=64, seed=5)
    rng = np.random.default_rng(1)
    seen = False
    for _ in range(400):
        b.step(b.random_actions(rng))
        over = b.match_over
        if over.any():
            seen = True
            assert (b.points[over].max(axis=1) >= 1).all()
            assert (b.scores[over] == 0).all() and (b.hand_number[over] == 0).all()
        assert (b.points[~b.hand_over] == 0).all()
    assert seen and b.matches.sum() > 0


def test_random_actions_reach_every_legal_action():
    """The random player picks among all legal ids, not a few of them."""
    b = Batch(Rules(players=4, defend_alone=True), n=2000, seed=2, first_dealer=0)
    picked = b.random_actions(np.random.default_rng(0))
    mask = b.legal_mask()
    assert set(picked.tolist()) == set(np.flatnonzero(mask[0]).tolist()) == {66, 67, 72}
    b.step(np.full(2000, 67))  # all order up: the dealer discards one of six cards
    picked = b.random_actions(np.random.default_rng(0))
    mask = b.legal_mask()
    assert mask[np.arange(2000), picked].all() and (mask.sum(axis=1) == 6).all()
    rank = (np.cumsum(mask, axis=1)[np.arange(2000), picked] - 1).tolist()
    assert sorted(set(rank)) == [0, 1, 2, 3, 4, 5]


def test_stacked_decks_deal_as_game_does():
    """A stacked deck deals each seat the cards ``Game`` gives it."""
    rules = Rules(players=3, deck=25)
    deck = [card_token(c) for c in reversed(deck_cards(25))]
    b = Batch(rules, n=2, seed=0, first_dealer=[1, 2], decks=[[deck], [deck]])
    for g, dealer in enumerate((1, 2)):
        game = Game(rules, first_dealer=dealer, decks=[deck])
        for seat in range(3):
            held = {card_token(c) for c in range(33) if int(b.hands[g, seat]) >> c & 1}
            assert held == set(game.hand(seat))
        assert card_token(int(b.upcard[g])) == game.view(None).upcard


@pytest.mark.parametrize("make, message", [
    (lambda: Batch(Rules(players=4), n=0), "n must be a whole number"),
    (lambda: Batch("four", n=2), "rules must be a Rules of euchre"),
    (lambda: Batch(Rules(players=4), n=2, first_dealer=4), "first_dealer must be a seat"),
    (lambda: Batch(Rules(players=4), n=2, first_dealer=[0, 1, 2]), "first_dealer must be"),
    (lambda: Batch(Rules(), n=1, decks=[[["AS"] * 24]]), "stacked deck 0 of game 0"),
    (lambda: Batch(Rules(), n=1, decks=[[["XX"] * 24]]), "unknown card 'XX'"),
    (lambda: Batch(Rules(), n=2, decks=[[list(range(24))]]), r"shape \(2 games"),
])
def test_bad_setups_are_refused_in_one_line(make, message):
    with pytest.raises(ValueError, match=message) as err:
        make()
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("rules", [Rules(dealer_must_pick_up=False, stick_the_dealer=True),
                                   Rules(players=3, deck=25),
                                   Rules(players=4, deck=25, defend_alone=True,
                                         joker_dealer_alone=True)])
def test_is_legal_agrees_with_the_legal_mask_for_every_id(rules):
    """The step's check accepts exactly the ids of ``legal_mask``, in every phase."""
    b = Batch(rules, n=256, seed=8)
    rng = np.random.default_rng(8)
    phases = set()
    for _ in range(40):
        mask = b.legal_mask()
        for action in range(-1, b.n_actions + 1):
            want = mask[:, action] if 0 <= action < b.n_actions else np.zeros(256, bool)
            assert np.array_equal(b.is_legal(np.full(256, action)), want)
        phases.update(b.phase.tolist())
        b.step(b.random_actions(rng))
    assert phases >= {0, 1, 2, 3}


def test_an_illegal_action_is_refused_naming_the_game_and_changes_nothing():
    b = Batch(Rules(players=4), n=4, seed=1)
    hands, to_move = b.hands.copy(), b.to_move.copy()
    actions = b.random_actions(np.random.default_rng(0))
    actions[2] = 0  # a card, while everybody bids
    with pytest.raises(ValueError, match=r"action 0 is not legal in game 2 \(its legal ids"):
        b.step(actions)
    assert (b.hands == hands).all() and (b.to_move == to_move).all()


def test_bad_steps_and_seats_are_refused_and_change_nothing():
    b = Batch(Rules(players=4), n=3, seed=1)
    before = b.to_move.copy(), b.hands.copy()
    for bad in ([66, 66], [[66, 66, 66]], [66.0, 66.0, 66.0], "pass"):
        with pytest.raises(ValueError, match="actions must be 3 action ids"):
            b.step(bad)
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 3"):
        b.observation(4)
    assert (b.to_move == before[0]).all() and (b.hands == before[1]).all()


def test_shuffled_deals_are_uniform_and_whole():
    """Decks not stacked are shuffled uniformly (the compiled partial Fisher-Yates): each
    seat five cards of its own, and every card as often the upcard and in the first hand."""
    n = 12000
    b = Batch(Rules(players=4), n=n, seed=3, first_dealer=3)
    hands = b.hands
    every = np.bitwise_or.reduce(hands, axis=1) | (1 << b.upcard)
    assert (np.bitwise_count(hands) == 5).all()
    assert (np.bitwise_count(every) == 21).all()  # no card twice
    deck = np.array(deck_cards(24))
    upcards = np.bincount(b.upcard, minlength=33)[deck]
    first_hand = ((hands[:, 0, None] >> deck) & 1).sum(axis=0)
    assert (abs(upcards - n / 24) < 150).all()  # (about 7 standard deviations)
    assert (abs(first_hand - n * 5 / 24) < 300).all()


def test_an_action_out_of_range_is_refused_even_unchecked():
    """``check=False`` skips the rules' check, never the range: nothing is written outside
    the games' arrays and nothing changes."""
    b = Batch(Rules(players=2), n=3, seed=1)
    before = b.state.copy()
    for bad in (-1, 72, 10**6):
        actions = b.random_actions(np.random.default_rng(0))
        actions[1] = bad
        with pytest.raises(ValueError, match=f"action {bad} is not legal in game 1"):
            b.step(actions, check=False)
    with pytest.raises(ValueError, match="actions must be 3 action ids"):
        b.is_legal(np.zeros(2, dtype=np.int64))
    assert (b.state == before).all()
