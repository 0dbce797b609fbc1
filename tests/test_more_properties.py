"""Property tests of RULES-more.md's games: random matches of Railroad Euchre, Hasenpfeffer
and Napoleon under every option, checked after every action against oracles written here.

* cards are conserved: the hands, the cards played and discarded this hand and the rest of
  the deal (upcard, kitty, widow, unused cards) are the deck, no card in two places;
* the legal cards follow suit (bowers and the Joker in Railroad and Hasenpfeffer, plain
  suits in Napoleon);
* each hand's points are the scoring table's and add up to the score;
* a record replays to the same game (also mid-hand, through JSON); ``copy``, ``push_id``
  and ``pop`` give back the same game;
* no view holds another seat's card, the widow, the kitty, the unused cards, or a discard or
  a gift its owner may not know;
* a refused action changes nothing.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from more_support import game_deck

from euchre import Game, IllegalAction, Rules

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
CARD_RE = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][CDHS]|JK)(?![0-9A-Za-z])")

GAMES = st.one_of(
    st.builds(lambda deck, turned, stick, best: {"game": "railroad", "deck": deck,
                                                 "may_call_turned_suit": turned,
                                                 "stick_the_dealer": stick,
                                                 "call_for_best": best},
              st.sampled_from((25, 33)), st.booleans(), st.booleans(), st.booleans()),
    st.just({"game": "hasenpfeffer"}),
    st.builds(lambda players, full: {"game": "napoleon", "players": players,
                                     **({"deck": 52} if full else {})},
              st.sampled_from((3, 4, 5)), st.booleans()),
)


def suit(card: str, trump: str | None, game: str) -> str:
    """The suit a card follows: RULES.md's bowers and Joker, or Napoleon's plain suits."""
    if game != "napoleon" and trump and (card == "JK" or (card[0] == "J" and card[1] in (
            trump, SAME_COLOUR[trump]))):
        return trump
    return card[1] if card != "JK" else "?"


def check_cards(g: Game) -> None:
    """Every card of the deck in one place: a hand, played, discarded or the deal's rest."""
    record = g.record()
    hand = record["hands"][-1]
    deck = [c for c in hand["deck"]]
    dealt = (6 if g.rules.game == "hasenpfeffer" else 5) * g.players
    held = [c for seat in range(g.players) for c in g.hand(seat)]
    played = [a for _, a in hand["actions"] if len(a) == 2]
    discarded = [a.split()[1] for _, a in hand["actions"] if a.startswith("discard ")]
    places = held + played + discarded
    assert len(places) == len(set(places)), places
    assert sorted(game_deck(g.rules)) == sorted(deck)
    assert set(places) <= set(deck)
    assert set(deck[:dealt]) <= set(places)  # a dealt card never leaves the hands' world


def check_legal(g: Game) -> None:
    view = g.view(g.to_move)
    if view.phase != "play":
        return
    trump, game = view.trump, g.rules.game
    hand = list(view.hand)
    if view.trick:
        if game == "napoleon" and not view.tricks and len(view.trick) >= 1 and trump is None \
                and view.bid != "bid misere":
            raise AssertionError("trump must be fixed by the first card led")
        led = suit(view.trick[0], trump, game)
        follow = [c for c in hand if suit(c, trump, game) == led]
        assert sorted(g.legal_actions()) == sorted(follow or hand)
    else:
        assert sorted(g.legal_actions()) == sorted(hand)


def check_views(g: Game) -> None:
    """No view holds a card its owner may not know (the last hand aside: its cards were
    dealt before this deal)."""
    record = g.record()
    hand = record["hands"][-1]
    game = g.rules.game
    upcard = hand["deck"][20] if game == "railroad" else None
    played = {a for _, a in hand["actions"] if len(a) == 2}
    for seat in (None, *range(g.players)):
        data = g.view(seat).to_dict()
        data.pop("last_hand")
        seen = set(CARD_RE.findall(json.dumps(data)))
        own = set(g.hand(seat)) if seat is not None else set()
        known = own | played | {upcard}
        for who, action in hand["actions"]:
            kind, _, card = action.partition(" ")
            if kind == "discard" and who == seat:
                known.add(card)
            if kind == "give" and seat in (who, (who + 2) % 4):
                known.add(card)
        assert seen <= known, (seat, seen - known)


def check_score(g: Game, before: tuple[int, ...], hands: int) -> None:
    if g.hand_number == hands and not g.is_over:
        assert g.score == before
        return
    last = g.view(None).last_hand
    points = last["points"]
    assert tuple(b + p for b, p in zip(before, points, strict=True)) == g.score
    game = g.rules.game
    if last["ended"] == "thrown_in":
        assert not any(points)
    elif game == "railroad":
        assert sorted(points) in ([0, 1], [0, 2], [0, 4])
        makers = last["maker"] & 1
        assert (points[makers] > 0) == (last["side_tricks"][makers] >= 3)
    elif game == "hasenpfeffer":
        bid = int(last["bid"].split()[1])
        makers = last["maker"] & 1
        taken = last["side_tricks"][makers]
        assert points[makers] == (taken if taken >= bid else -bid) and points[1 - makers] == 0
    else:
        assert sum(points) == 0 and points[last["maker"]] != 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=GAMES, seed=st.integers(0, 2**64 - 1), dealer=st.integers(0, 4),
       policy=st.integers(0, 2**32), target=st.integers(1, 12))
def test_random_matches_keep_every_invariant(options, seed, dealer, policy, target):
    rules = Rules(**options, target=target)
    g = Game(rules, seed=seed, first_dealer=dealer % rules.players)
    rng = random.Random(policy)
    for step in range(160):
        if g.is_over:
            break
        check_cards(g)
        check_legal(g)
        check_views(g)
        if step % 17 == 0:
            replayed = Game.from_record(json.loads(json.dumps(g.record())))
            assert replayed == g and replayed.view(g.to_move) == g.view(g.to_move)
        if step % 13 == 0:
            before = g.copy()
            g.push_id(g.legal_action_ids()[0])
            g.pop()
            assert g == before
            for bad in ("bid 7", "give ZZ", "discard", None):
                with pytest.raises(IllegalAction):
                    g.apply(bad)
            assert g == before
        score, hands = g.score, g.hand_number
        token = rng.choice(g.legal_actions())
        g.apply(token)
        if g.hand_number != hands or g.is_over:
            check_score(g, score, hands)
    copy = g.copy()
    assert Game.from_record(g.record()) == g == copy
