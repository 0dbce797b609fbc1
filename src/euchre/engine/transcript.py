"""The transcript of a game on the core: the match as text people read (``euchre replay``).

It is written from the table's own account (each hand's deck, actions and ``HandResult``),
worded by ``engine.words``; nothing is re-scored here.

>>> from euchre import Game, Rules
>>> g = Game(Rules(game="napoleon", players=3, target=5), seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])
>>> text = g.transcript(names=("Ann", "Bob", "Cy"))
>>> text.splitlines()[0]
'Napoleon, 3 players, 24-card pack, to 5 points; seed 3'
>>> "goes nap" in text or "bids Blücher" in text
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..results import Termination
from .actions import BID, DISCARD, action_token
from .cards import NO_TRUMP, SUITS, card_label, sort_key
from .core import PlayedHand, Table, hands_of
from .words import action_words, result_words, score_words, side_words, upcard_words


def _head(t: Table) -> str:
    rules = t.rules
    deck = {"railroad": f"{rules.deck}-card deck with the Joker",
            "hasenpfeffer": "25-card deck with the Joker"}.get(rules.game,
                                                                f"{rules.deck}-card pack")
    options = [name.replace("_", " ") for name, value in rules.to_dict().items()
               if value is True]
    head = (f"{t.module.title}, {rules.players} players, {deck}, to {rules.target} point"
            f"{'s' if rules.target != 1 else ''}; seed {t.setup.seed}")
    return head + (f"; {', '.join(options)}" if options else "")


def transcript(t: Table, names: Sequence[str] | None = None, hand: int | None = None) -> str:
    """The match as text; ``names`` for the players (default P0, P1...); ``hand`` (from 1)
    for that hand alone."""
    who = tuple(names) if names else tuple(f"P{seat}" for seat in range(t.players))
    every = hands_of(t)
    if hand is not None and (type(hand) is not int or not 1 <= hand <= len(every)):
        raise ValueError(f"hand {hand}: the match has hands 1 to {len(every)}")
    lines = [_head(t)]
    score = [0] * len(t.score)
    for number, played in enumerate(every, 1):
        body = _hand_lines(t, number, played, who)
        if played.result is not None:
            score = [a + b for a, b in zip(score, played.result.points, strict=True)]
            body.append(f"  Score {score_words(score, who, t.sides)}.")
        if hand is None or hand == number:
            lines += ["", *body]
    if hand is None:
        lines += ["", _end(t, who)]
    return "\n".join(lines)


def _end(t: Table, who: tuple[str, ...]) -> str:
    outcome = t.outcome
    if outcome is None:
        return f"Match in progress: {score_words(t.score, who, t.sides)}."
    final = score_words(outcome.scores, who, t.sides)
    winner = "nobody wins" if outcome.winner is None else \
        f"{side_words(who, t.sides, outcome.winner)} win the match"
    if outcome.termination == Termination.RESIGNED:
        assert outcome.seat is not None, "a resignation names the seat that resigned"
        return f"{who[outcome.seat]} resigned: {winner} ({final})."
    if outcome.termination == Termination.ABANDONED and outcome.seat is not None:
        return f"{who[outcome.seat]} left the match unfinished: {winner} ({final})."
    if outcome.termination == Termination.ABANDONED:
        return f"The match was abandoned: {final}."
    return f"{winner[0].upper()}{winner[1:]}: {final}."


def _hand_lines(t: Table, number: int, played: PlayedHand, who: tuple[str, ...]) -> list[str]:
    """One hand: the deal, the bidding and exchanges as said, the tricks, the result."""
    module, n, dealer, result = t.module, t.players, played.dealer, played.result
    size, deck = module.hand_size, played.deck
    head = f"Hand {number}, {who[dealer]} deals."
    if module.name == "railroad":
        head += f" Upcard {upcard_words(deck[n * size])}."
    elif module.name == "hasenpfeffer":
        head += f" Widow {upcard_words(deck[n * size])} (nobody sees it)."
    lines = [head]
    trump = NO_TRUMP if result is None or result.trump is None else SUITS.index(result.trump)
    for k in range(n):
        cards = sorted(deck[size * k:size * k + size],
                       key=lambda c: sort_key(module.order, trump, c))
        lines.append(f"  {who[(dealer + 1 + k) % n]}: {' '.join(card_label(c) for c in cards)}")
    said = [f"{who[seat]} {action_words(action_token(a), module.name, seat == dealer)}"
            for seat, a in played.actions if a >= DISCARD]
    if result is not None and result.bid and result.maker is not None and \
            module.name == "hasenpfeffer" and not any(a >= BID for _, a in played.actions):
        said.append(f"{who[result.maker]} holds the Joker and must bid three")
    if said:
        lines.append("  Bidding: " + ", ".join(said) + ".")
    tricks = played.tricks if result is not None else (*t.tricks, None)
    for i, trick in enumerate(tricks, 1):
        if trick is None:  # the trick in progress
            if t.trick:
                lines.append(f"  Trick {i}: {_plays(t.trick_seats, t.trick, who)}")
            continue
        lines.append(f"  Trick {i}: {_plays(trick.seats, trick.cards, who)}; "
                     f"{who[trick.winner]} wins.")
    ended = t.outcome
    if result is None and ended is not None and ended.seat is not None:
        left = "left the match" if ended.termination == Termination.ABANDONED else "resigned"
        lines.append(f"  ({who[ended.seat]} {left} during this hand.)")
    elif result is None:
        lines.append("  (hand in progress)")
    else:
        text = result_words(result.to_dict(), who, module.name, t.sides)
        lines.append(f"  {text[0].upper()}{text[1:]}.")
    return lines


def _plays(seats: Sequence[int], cards: Sequence[int], who: tuple[str, ...]) -> str:
    return ", ".join(f"{who[seat]} {card_label(card)}"
                     for seat, card in zip(seats, cards, strict=True))
