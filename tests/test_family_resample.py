"""Resampling at a table of three or four (``euchre.resample`` on a family view): the same
game as far as the player can tell, every hidden card placed exactly uniformly among the
deals consistent with his view (checked against rejection sampling, written here without the
engine's tables), and nothing hidden read from the game."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support import deck_tokens, eff_suit

from euchre import Game, Rules, resample
from euchre.cards import card_token
from euchre.engine.games.euchre.game import state_of
from euchre.engine.games.euchre.state import DISCARDED


def random_views(players: int, count: int, seed: int, **options):
    """(game, seat) pairs at random points of random matches, every phase."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game(Rules(players=players, target=3, **options), seed=rng.getrandbits(32))
        while not g.is_over and len(out) < count:
            out.append((g.copy(), rng.randrange(players)))
            g.apply_id(rng.choice(g.legal_action_ids()))
    return out


@pytest.mark.parametrize(("players", "options"), [
    (4, {}), (4, {"deck": 25, "defend_alone": True, "joker_dealer_alone": True}),
    (4, {"deck": 32, "stick_the_dealer": True}), (3, {}), (3, {"deck": 25}),
    (3, {"deck": 32, "may_call_turned_suit": True}),
])
def test_a_resampled_game_is_the_same_game_for_the_player(players, options):
    rng = random.Random(7)
    for g, seat in random_views(players, 150, players, **options):
        view = g.view(seat)
        h = resample(view, rng)
        assert h.view(seat) == view
        assert Game.from_record(h.record()) == h  # the sampled deal replays
        for _ in range(4):  # and it plays on, and takes back
            if h.is_over:
                break
            h.push_id(rng.choice(h.legal_action_ids()))
        while True:
            try:
                h.pop()
            except ValueError:
                break
        assert h.view(seat) == view


def _hidden_places(g: Game, seat: int) -> tuple[list[str], dict[str, int], dict]:
    """Independent of the engine: the cards ``seat`` cannot see, each place that holds some
    of them and how many, and the suits each seat showed void in."""
    view = g.view(seat)
    record = g.record()["hands"][-1]
    players = g.players
    played = {t for _, t in record["actions"] if len(t) == 2}
    seen = set(view.hand) | played | {view.upcard}
    if view.discard:
        seen.add(view.discard)
    loose = view.upcard_taken and view.dealer != seat and view.upcard not in played
    hidden = [c for c in deck_tokens(g.rules.deck) if c not in seen] + (
        [view.upcard] if loose else [])
    places = {f"seat{s}": view.cards_held[s] for s in range(players) if s != seat}
    if view.upcard_taken and view.dealer != seat:
        places["discard"] = 1
    places["kitty"] = len(hidden) - sum(places.values())
    voids: dict[int, set[str]] = {s: set() for s in range(players)}
    tricks = [(t.leader, t.cards) for t in view.tricks] + (
        [(view.leader, view.trick)] if view.trick else [])
    for leader, cards in tricks:
        s = leader
        for card in cards:
            if eff_suit(card, view.trump) != eff_suit(cards[0], view.trump):
                voids[s].add(eff_suit(cards[0], view.trump))
            s = (s + 1) % players
            while s in view.out:
                s = (s + 1) % players
    return hidden, places, {"voids": voids, "view": view, "loose": loose}


def _rejection_sample(hidden, places, facts, rng) -> dict[str, str]:
    """Uniform over consistent deals: deal the hidden cards uniformly, keep the deals that
    break no void and put the upcard (when it is loose) in the dealer's hand or discard."""
    view = facts["view"]
    while True:
        cards = hidden[:]
        rng.shuffle(cards)
        where, i = {}, 0
        for place, count in places.items():
            for card in cards[i:i + count]:
                where[card] = place
            i += count
        ok = all(eff_suit(card, view.trump) not in facts["voids"][int(place[4:])]
                 for card, place in where.items() if place.startswith("seat"))
        if facts["loose"]:
            ok = ok and where[view.upcard] in (f"seat{view.dealer}", "discard") and not (
                view.upcard == "JK" and where[view.upcard] == "discard")
        if ok:
            return where


def _engine_sample(g: Game, seat: int, view, rng) -> dict[str, str]:
    h = resample(view, rng)
    where = {c: f"seat{s}" for s in range(g.players) if s != seat for c in h.hand(s)}
    discard = state_of(h)[DISCARDED]  # (the dealer's own view shows it: a view costs more)
    if discard >= 0 and h.dealer != seat:
        where[card_token(discard)] = "discard"
    return where


def constrained_position(players: int, seed: int, **options) -> tuple[Game, int]:
    """A position in play where the player sees two or more seats void somewhere and the
    dealer (another player) holds the upcard or threw it: the hardest case to sample."""
    rng = random.Random(seed)
    while True:
        g = Game(Rules(players=players, **options), seed=rng.getrandbits(32))
        while g.hand_number == 0:
            seat = (g.dealer + 1) % players
            if g.phase == "play" and seat != g.dealer and g.view(seat).upcard_taken:
                _, _, facts = _hidden_places(g, seat)
                if sum(bool(v) for s, v in facts["voids"].items() if s != seat) >= 2 \
                        and facts["loose"]:
                    return g, seat
            g.apply_id(rng.choice(g.legal_action_ids()))


@pytest.mark.parametrize(("players", "options"), [(4, {}), (4, {"deck": 25}), (3, {})])
def test_hidden_cards_are_placed_uniformly(players, options):
    """Where each hidden card lies, over 10,000 samples, against rejection sampling."""
    g, seat = constrained_position(players, 11, **options)
    hidden, places, facts = _hidden_places(g, seat)
    rng = random.Random(3)
    n = 10_000
    view = g.view(seat)
    ours = Counter((c, p) for _ in range(n)
                   for c, p in _engine_sample(g, seat, view, rng).items())
    exact = Counter((c, p) for _ in range(n)
                    for c, p in _rejection_sample(hidden, places, facts, rng).items())
    for card in hidden:
        kitty = n - sum(ours[card, p] for p in places if p != "kitty")
        ours[card, "kitty"] = kitty
    worst = max(abs(ours[key] - exact[key]) / n for key in set(ours) | set(exact))
    assert worst < 0.03, worst  # 4.6 standard deviations of a difference


@pytest.mark.parametrize("players", [2, 4])
def test_what_resampling_works_out_is_kept_in_the_views_own_memo(players):
    """Issue 47: the facts a view fixes are worked out once per view and kept in its own
    ``memo`` field (the view stays frozen; nothing process-wide): a view built anew, or
    changed with ``dataclasses.replace``, starts with none; the memo is not what the view
    says (``to_dict``, equality)."""
    import dataclasses

    from euchre import View

    g, seat = random_views(players, 1, 3)[0]
    view = g.view(seat)
    resample(view, random.Random(0))
    assert view.memo and not g.view(seat).memo and view == g.view(seat)
    assert not dataclasses.replace(view, score=(9, 9)).memo
    assert "memo" not in view.to_dict() and View.from_dict(view.to_dict()) == view
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.memo = {}  # type: ignore[misc]
