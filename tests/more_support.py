"""Helpers for the tests of RULES-more.md's games, written without the engine's tables: each
game's deck as tokens and stacked decks laid out as RULES-more.md says."""

from __future__ import annotations

import random

from euchre import Game, Rules

RANKS = "23456789TJQKA"


def deck_tokens(size: int, joker: bool = False) -> list[str]:
    """A pack stripped to ``size`` cards (24: 9-A, 28: 8-A, 32: 7-A, 52: all), suit by suit
    (C D H S), low rank first, the Joker last: the engine's new-deck order."""
    ranks = RANKS[13 - size // 4:]
    return [r + s for s in "CDHS" for r in ranks] + (["JK"] if joker else [])


def game_deck(rules: Rules) -> list[str]:
    if rules.game == "railroad":
        return deck_tokens(24 if rules.deck == 25 else 32, joker=True)
    if rules.game == "hasenpfeffer":
        return deck_tokens(24, joker=True)
    return deck_tokens(rules.deck)


def stacked(rules: Rules, hands: dict[int, str], dealer: int, after: str = "") -> list[str]:
    """A whole deck: ``hands[seat]`` for the seats given (the others filled from the deck in
    order), the k-th seat from the dealer's left at the k-th run of hand-size positions,
    then ``after`` (an upcard, a widow), then every other card in order."""
    size = 6 if rules.game == "hasenpfeffer" else 5
    given = {seat: cards.split() for seat, cards in hands.items()}
    used = {c for cards in given.values() for c in cards} | set(after.split())
    spare = [c for c in game_deck(rules) if c not in used]
    order: list[str] = []
    for k in range(rules.players):
        seat = (dealer + 1 + k) % rules.players
        if seat not in given:
            given[seat], spare = spare[:size], spare[size:]
        assert len(given[seat]) == size, given[seat]
        order += given[seat]
    order += after.split() + spare
    assert sorted(order) == sorted(game_deck(rules)), order
    return order


def table(hands: dict[int, str], dealer: int = 0, after: str = "", seed: int = 1,
          **options) -> Game:
    """A game whose first hand is this deal; later hands come from ``seed``."""
    rules = Rules(**options)
    return Game(rules, seed=seed, first_dealer=dealer, decks=[stacked(rules, hands, dealer, after)])


def play(g: Game, *tokens: str) -> None:
    for token in tokens:
        g.apply(token)


def first(g: Game, times: int = 1) -> None:
    """The next ``times`` actions: each the first legal one."""
    for _ in range(times):
        g.apply(g.legal_actions()[0])


def play_first(g: Game) -> None:
    """Play the hand in progress to its end, each seat the first of its legal actions."""
    number = g.hand_number
    while g.hand_number == number and not g.is_over:
        g.apply(g.legal_actions()[0])


def random_game(options: dict, seed: int, actions: int) -> Game:
    """A game of ``Rules(**options)`` after ``actions`` random actions (fewer if it ends)."""
    g = Game(Rules(**options), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g
