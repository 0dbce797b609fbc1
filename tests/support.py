"""Helpers shared by the tests, written without the engine's own tables so that they can
check it: card letters, every combination of rule options, deck orders, stacked decks."""

from __future__ import annotations

import itertools

SUITS = "CDHS"
RANKS = "789TJQKA"
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
OPTIONS = list(itertools.product((24, 32, 25), (False, True), (False, True), (False, True)))
"""(deck, dealer_must_pick_up, may_call_turned_suit, stick_the_dealer): all 24."""
OPTION_IDS = [f"deck{d}-{'must' if m else 'may'}-{'turned' if t else 'noturned'}-"
              f"{'stick' if s else 'nostick'}" for d, m, t, s in OPTIONS]


def deck_tokens(size: int) -> list[str]:
    """The cards of a deck in the engine's id order (suit by suit, low rank first)."""
    ranks = RANKS if size == 32 else RANKS[2:]
    cards = [r + s for s in SUITS for r in ranks]
    return [*cards, "JK"] if size == 25 else cards


def canon(token: str) -> str:
    """A card token in canonical form (``10s`` -> ``TS``)."""
    text = token.strip().upper()
    return "T" + text[2:] if text.startswith("10") else text


def stacked(nondealer, dealer_hand, upcard, size=24, stock=()) -> list[str]:
    """A whole deck order: the given hands and upcard, then ``stock``, then every other card
    of the deck (in id order)."""
    head = [canon(t) for t in (*nondealer, *dealer_hand, upcard, *stock)]
    assert len(head) == len(set(head)), head
    assert len(nondealer) == 5 and len(dealer_hand) == 5
    return head + [t for t in deck_tokens(size) if t not in head]


def is_card(token: str) -> bool:
    return token == "JK" or (len(token) == 2 and token[0] in RANKS and token[1] in SUITS)


def eff_suit(card: str, trump: str) -> str:
    """RULES: the left bower and the Joker belong to the trump suit for every purpose."""
    if card == "JK" or (card[0] == "J" and card[1] in (trump, SAME_COLOUR[trump])):
        return trump
    return card[1]


def play_aec(e, seed: int, rng, on_turn=None) -> dict[str, float]:
    """One episode of random legal play in a PettingZoo environment (``rng``: a NumPy
    generator); ``on_turn(e, agent, obs)`` sees every live turn. Each agent's summed reward."""
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        if on_turn is not None:
            on_turn(e, agent, obs)
        legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        e.step(int(rng.choice(legal)))
    return totals


def play_openspiel(state, rng, stop: float = 1.0):
    """Random legal play of an OpenSpiel state (in place, ``rng`` a ``random.Random``),
    stopping at each player node with probability ``1 - stop``; returns the state."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        if rng.random() > stop:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def quiet(check, *args, **kwargs) -> None:
    """Run an ecosystem's checker (PettingZoo's, Gymnasium's) without its warning noise
    (dict observations always warn)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)
