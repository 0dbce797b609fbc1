"""What the bots' tests share: quick options for the searching levels, stacked two-handed
deals, and the sweep of views from random matches under every rule combination
(``test_agents.py``, ``test_agents_sweep.py``, ``test_agents_view.py``: three files, so the
suite's workers share the bots' long tests)."""

from __future__ import annotations

import functools
import itertools
import random

from euchre import Game, Rules, agents
from euchre.cards import card_token, deck_cards, parse_card
from euchre.view import View

FAST = {"expert": {"deals": 3}, "hard": {"deals": 3}}
"""Options that keep the searching bots fast enough to ask them thousands of times."""
FEW_BIDS = {"bid_deals": 12}
"""For the expert in the long sweeps (legality, determinism): its bids drawn over 12 deals,
not 288; what is checked (a legal choice, the same choice for the same seed) does not
depend on how many (the bids' 288 made one test 106 s of the suite)."""


def load(name: str, seed: int = 1, **options):
    return agents.load(name, seed=seed, **{**FAST.get(name, {}), **options})


# --- stacked deals (positions 0-4 to the non-dealer, 5-9 to the dealer, 10 the upcard) -----


def canon(token: str) -> str:
    return card_token(parse_card(token))


def stacked(nondealer: str, dealer_hand: str, upcard: str, size: int = 24,
            rest: list[str] | None = None) -> list[str]:
    """A whole deck order: the two hands and the upcard, then the other cards (``rest`` in
    that order when given, else in id order)."""
    head = [canon(t) for t in (*nondealer.split(), *dealer_hand.split(), upcard)]
    assert len(head) == len(set(head)) == 11, head
    others = [card_token(c) for c in deck_cards(size) if card_token(c) not in head]
    if rest is not None:
        assert sorted(rest) == sorted(others)
        others = rest
    return head + others


def deal(nondealer: str, dealer_hand: str, upcard: str, *actions: str, size: int = 24,
         rest: list[str] | None = None, **options) -> Game:
    """Player 0 deals this exact hand (player 1 is the non-dealer), then ``actions``."""
    deck = stacked(nondealer, dealer_hand, upcard, size, rest)
    game = Game(Rules(deck=size, **options), seed=1, first_dealer=0, decks=[deck])
    for token in actions:
        game.apply(token)
    return game


SEARCHING_TWINS = ("pimc", "mimic")
"""Bots whose search is the expert's own (pimc: the same code with the first release's
options, pinned by its fingerprint; mimic: the expert's bidding): the long tests that play
every bot through many positions take the expert for them."""
DISTINCT = [name for name in agents.NAMES if name not in SEARCHING_TWINS]

RULE_SETS = [
    Rules(deck=deck, target=3, dealer_must_pick_up=must, may_call_turned_suit=turned,
          stick_the_dealer=stick)
    for deck, must, turned, stick in itertools.product((24, 32, 25), *[(False, True)] * 3)
]


def joker_up_deck(rng: random.Random) -> list[str]:
    """A shuffled 25-card deck with the Joker turned up."""
    cards = [card_token(c) for c in deck_cards(25) if card_token(c) != "JK"]
    rng.shuffle(cards)
    return [*cards[:10], "JK", *cards[10:]]


@functools.cache
def sweep_views() -> tuple[View, ...]:
    """Every state of random-policy matches (passing more often) under all 24 rule
    combinations (the Joker turned up in three of the first four hands of the 25-card deck),
    as the player to move sees it."""
    views = []
    for i, rules in enumerate(RULE_SETS):
        rng = random.Random(7000 + i)
        for _ in range(4):
            decks = [joker_up_deck(rng) for _ in range(3)] if rules.deck == 25 else None
            if decks:
                decks.insert(1, [card_token(c) for c in rng.sample(deck_cards(25), 25)])
            g = Game(rules, seed=rng.randrange(1 << 32), decks=decks)
            while not g.is_over:
                views.append(g.view(g.to_move))
                legal = g.legal_actions()
                # pass more often than uniformly, so that round 2 comes up often too
                bidding = g.phase in ("bid1", "bid2") and "pass" in legal
                g.apply("pass" if bidding and rng.random() < 0.5 else rng.choice(legal))
    return tuple(views)


def sample_views(step: int) -> list[View]:
    """A spread of sweep states."""
    return sweep_views()[::step]
