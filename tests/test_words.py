"""``euchre.words``: the words of every choice, bid, card and refusal, on exact positions and
over whole random matches."""

from __future__ import annotations

import random
import re

import pytest

from euchre import Game, Rules
from euchre.actions import CALL, DISCARD, N_ACTIONS, PASS, action_token, parse_action
from euchre.cards import card_token, deck_cards
from euchre.words import (
    bid_words,
    card_name,
    card_text,
    choice_words,
    count,
    finished_upcard_state,
    ordered_choices,
    upcard_state,
    why_not,
)

TOKEN = re.compile(r"\b(?:[789TJQKA][CDHS]|JK|T[♣♦♥♠])\b")
"""A token where people should read a card (``TS``, ``JK``); ``10♠`` and ``Joker`` are fine."""


def stacked(non_dealer: str, dealer: str, upcard: str, deck: int = 24) -> list[str]:
    head = non_dealer.split() + dealer.split() + [upcard]
    return head + [card_token(c) for c in deck_cards(deck) if card_token(c) not in head]


def test_cards_as_people_read_them():
    assert [card_text(t) for t in ("TS", "10h", "9C", "AD", "JK")] == \
        ["10♠", "10♥", "9♣", "A♦", "Joker"]
    assert card_name("QD") == "queen of diamonds" and card_name("7s") == "seven of spades"
    for card in deck_cards(32) + deck_cards(25):
        assert not TOKEN.search(card_text(card_token(card)))
        assert re.fullmatch(r"(\w+ of \w+|the Joker)", card_name(card_token(card)))


def test_count_is_singular_for_one():
    assert [count(n, "trick") for n in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]
    assert count(1, "match") == "1 match" and count(3, "match") == "3 matches"


def test_the_dealers_choices_when_ordered_up():
    """RULES: the dealer "may pick up the upcard and discard one card face down, or leave it";
    with dealer_must_pick_up he must take it, and may discard the upcard itself."""
    deck = stacked("AH KC QC JC TC", "QH 9H AS KS QS", "9D")
    game = Game(Rules(), first_dealer=0, decks=[deck])
    game.apply("order")
    view = game.view(0)
    assert upcard_state(view) == "face up"
    assert bid_words(view, 1, "order") == "ordered up 9♦"
    words = [choice_words(view, t) for t in ordered_choices(view)]
    assert view.hand == ("QH", "9H", "AS", "KS", "QS")  # the order the options follow
    assert words == ["pick up and discard Q♥", "pick up and discard 9♥",
                     "pick up and discard A♠", "pick up and discard K♠",
                     "pick up and discard Q♠", "pick up and discard 9♦", "leave it"]
    must = Game(Rules(dealer_must_pick_up=True), first_dealer=0, decks=[deck])
    must.apply("order")
    assert "leave it" not in [choice_words(must.view(0), t) for t in must.view(0).legal]
    assert why_not(must.view(0), parse_action("pass")) == "you must pick up 9♦"


def test_the_upcard_as_it_lies():
    deck = stacked("AH KC QC JC TC", "QH 9H AS KS QS", "9D")
    taken = Game(Rules(), first_dealer=0, decks=[deck])
    taken.apply("order")
    taken.apply("discard QS")
    assert upcard_state(taken.view(1)) == "picked up"
    left = Game(Rules(), first_dealer=0, decks=[deck])
    left.apply("order")
    left.apply("pass")
    assert upcard_state(left.view(1)) == "face up"  # left where it lay, never turned
    down = Game(Rules(), first_dealer=0, decks=[deck])
    down.apply("pass")
    down.apply("pass")
    assert upcard_state(down.view(1)) == "turned down"
    down.apply("call C")
    assert upcard_state(down.view(0)) == "turned down"
    assert bid_words(down.view(0), 1, "call C") == "named ♣ clubs"
    assert choice_words(down.view(1), "AH") == "A♥"


def test_a_finished_hands_upcard_as_it_lay():
    """The hand-end panel says where the ended hand's upcard was, as the table did."""
    deck = stacked("AH KC QC JC TC", "QH 9H AS KS QS", "9D")
    ways = {"picked up": ["order", "discard QS"], "face up": ["order", "pass"],
            "turned down": ["pass", "pass", "call C"]}
    for word, actions in ways.items():
        game = Game(Rules(), first_dealer=0, decks=[deck, deck])
        for token in actions:
            game.apply(token)
        while game.hand_number == 0:
            game.apply(game.legal_actions()[0])
        assert finished_upcard_state(game.view(0).last_hand) == word, actions


def test_bids_in_the_history_and_round_two_choices():
    game = Game(Rules(), first_dealer=1, decks=[stacked("AS KS QS JS TS", "QH 9H AC KC QC",
                                                        "9D")])
    game.apply("pass")
    view = game.view(1)  # the dealer, round 1
    assert [choice_words(view, t) for t in view.legal] == ["pass", "pick up 9♦"]
    game.apply("order")
    assert bid_words(game.view(0), 1, "order") == "picked up 9♦"
    other = Game(Rules(), first_dealer=1, decks=[stacked("AS KS QS JS TS", "QH 9H AC KC QC",
                                                         "9D")])
    assert [choice_words(other.view(0), t) for t in other.view(0).legal] == \
        ["pass", "order up 9♦"]
    other.apply("pass")
    other.apply("pass")
    assert [choice_words(other.view(0), t) for t in other.view(0).legal] == \
        ["pass", "name ♣ clubs", "name ♥ hearts", "name ♠ spades"]


def test_refusals_in_peoples_words():
    """RULES: "Each player must follow the suit led if he can (bowers count as trump)"."""
    game = Game(Rules(), first_dealer=0,
                decks=[stacked("AH KC QC JC TC", "QH 9H AS KS QS JD", "9D")])
    for token in ("order", "discard QS", "AH"):
        game.apply(token)
    view = game.view(0)
    assert why_not(view, parse_action("AS")) == "you must follow hearts: you hold Q♥ 9♥"
    assert why_not(view, parse_action("10C")) == "you do not hold 10♣"
    assert why_not(view, parse_action("discard 9H")) == "it is time to play a card"
    assert why_not(game.view(1), parse_action("AH")) == "it is not your turn"
    stick = Game(Rules(stick_the_dealer=True), first_dealer=0,
                 decks=[stacked("AH KC QC JC TC", "QH 9H AS KS QS", "9D")])
    stick.apply("pass")
    stick.apply("pass")
    stick.apply("pass")
    assert why_not(stick.view(0), parse_action("pass")) == \
        "stick the dealer: the dealer must name a suit"
    assert why_not(stick.view(0), CALL + 1) == "diamonds was turned down: it may not be named"


def test_the_joker_must_be_kept():
    """RULES: the dealer "may not leave the Joker, nor discard it"."""
    deck = stacked("AH KC QC JC TC", "QH 9H AS KS QS", "JK", deck=25)
    game = Game(Rules(deck=25), first_dealer=0, decks=[deck])
    assert game.view(0).phase == "joker"
    assert choice_words(game.view(0), "call S") == "name ♠ spades"
    game.apply("call S")
    view = game.view(0)
    assert why_not(view, DISCARD + 32) == "you must keep the Joker: discard one of your own cards"


def test_after_picking_up_the_upcard_the_cards_keep_the_order_of_the_hand():
    """The upcard the dealer took is one of his cards like the others: numbered where the
    hand shows it (it was numbered last once it was in the hand)."""
    game = Game(Rules(), first_dealer=0, decks=[stacked("9C TC QC AD 9S", "JC QH KH 9H TS",
                                                        "KC")])
    for token in ("order", "discard 9H", "AD"):  # the dealer takes K♣; no diamond to follow
        game.apply(token)
    view = game.view(0)
    assert view.upcard_taken and "KC" in view.hand and len(view.legal) == 5
    assert ordered_choices(view) == list(view.hand)
    assert view.hand.index("KC") < 4  # clubs are trump: K♣ is not the last card shown


@pytest.mark.parametrize("deck", [24, 32, 25])
def test_every_position_of_random_matches_is_worded(deck):
    """Every legal choice has words without a token, numbered once each; every other action
    id is refused with a reason."""
    rng = random.Random(deck)
    game = Game(Rules(deck=deck, target=5, stick_the_dealer=deck == 32), seed=deck)
    while not game.is_over:
        view = game.view(game.to_move)
        choices = ordered_choices(view)
        assert sorted(choices) == sorted(view.legal)
        cards = [t[-2:] for t in choices if parse_action(t) < PASS]
        shown = [*view.hand, *([view.upcard] if view.phase == "discard" else [])]
        assert cards == [t for t in shown if t in cards]  # numbered as the hand is shown
        words = [choice_words(view, t) for t in choices]
        assert len(set(words)) == len(words)
        assert not any(TOKEN.search(w) for w in words), words
        for p, t in view.bids:
            assert not TOKEN.search(bid_words(view, p, t))
        for action in range(N_ACTIONS):
            if action_token(action) not in view.legal:
                assert why_not(view, action)
        game.apply(rng.choice(view.legal))
