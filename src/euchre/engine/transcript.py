"""The transcript of a game on the core: the match as text people read (``euchre replay``).

It is written from the table's own account (each hand's deck, actions and ``HandResult``),
worded by ``engine.words``; nothing is re-scored here.

>>> from euchre import Game, Rules
>>> g = Game(Rules(game="napoleon", players=3, target=5), seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])
>>> text = g.transcript(names=("Ann", "Bob", "Cy"))
>>> text.splitlines()[0]
'Napoleon, 3 players, 24-card deck, to 5 points; seed 3'
>>> "goes nap" in text or "bids Blücher" in text
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..results import Termination
from ..words import GAME_NAMES, hand_said, options_on, plays_said
from .actions import BID, DISCARD, action_token
from .cards import NO_TRUMP, SUITS, card_label, sort_key
from .core import PlayedHand, Table, hands_of
from .messages import _, ngettext
from .words import action_said, result_words, score_words, side_words


def _head(t: Table) -> str:
    rules = t.rules
    deck = (_("{cards}-card deck with the Joker", cards=rules.deck)
            if rules.game in ("railroad", "hasenpfeffer") else
            _("{cards}-card deck", cards=rules.deck))
    head = ngettext("{game}, {players} players, {deck}, to {n} point; seed {seed}",
                    "{game}, {players} players, {deck}, to {n} points; seed {seed}",
                    rules.target, players=rules.players,
                    game=_(GAME_NAMES[rules.game]) if rules.game in GAME_NAMES else t.module.title,
                    deck=deck, seed=t.setup.seed)
    options = options_on(rules)
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
            body.append("  " + _("Score {score}.", score=score_words(score, who, t.sides)))
        if hand is None or hand == number:
            lines += ["", *body]
    if hand is None:
        lines += ["", _end(t, who)]
    return "\n".join(lines)


def _end(t: Table, who: tuple[str, ...]) -> str:
    """The match's last line: who won, or how it ended early."""
    outcome = t.outcome
    if outcome is None:
        return _("Match in progress: {score}.", score=score_words(t.score, who, t.sides))
    final = score_words(outcome.scores, who, t.sides)
    if outcome.termination == Termination.ABANDONED and outcome.seat is None:
        return _("The match was abandoned: {score}.", score=final)
    winner, partners = None, None
    if outcome.winner is not None:
        partners = t.sides.count(outcome.winner) > 1
        winner = side_words(who, t.sides, outcome.winner)
    quitter = None if outcome.seat is None else who[outcome.seat]
    if outcome.termination == Termination.RESIGNED:
        return _resigned(quitter, winner, partners, final)
    if outcome.termination == Termination.ABANDONED:
        return _left(quitter, winner, partners, final)
    if winner is None:
        return _("Nobody wins the match: {score}.", score=final)
    return _("{side} win the match: {score}.", side=winner, score=final) if partners else \
        _("{name} wins the match: {score}.", name=winner, score=final)


def _resigned(quitter: str | None, winner: str | None, partners: bool | None,
              final: str) -> str:
    if winner is None:
        return _("{name} resigned: nobody wins ({score}).", name=quitter, score=final)
    if partners:
        return _("{name} resigned: {side} win the match ({score}).", name=quitter,
                 side=winner, score=final)
    return _("{name} resigned: {winner} wins the match ({score}).", name=quitter,
             winner=winner, score=final)


def _left(quitter: str | None, winner: str | None, partners: bool | None, final: str) -> str:
    if winner is None:
        return _("{name} left the match unfinished: nobody wins ({score}).", name=quitter,
                 score=final)
    if partners:
        return _("{name} left the match unfinished: {side} win the match ({score}).",
                 name=quitter, side=winner, score=final)
    return _("{name} left the match unfinished: {winner} wins the match ({score}).",
             name=quitter, winner=winner, score=final)


def _deal_line(t: Table, number: int, played: PlayedHand, who: tuple[str, ...]) -> str:
    """A hand's first line: who deals, and the card turned (Railroad's upcard,
    Hasenpfeffer's widow)."""
    name, turned = who[played.dealer], played.deck[t.players * t.module.hand_size]
    if t.module.name == "railroad":
        return _("Hand {number}, {name} deals. Upcard {card}.", number=number, name=name,
                 card=card_label(turned))
    if t.module.name == "hasenpfeffer":
        return _("Hand {number}, {name} deals. Widow {card} (nobody sees it).",
                 number=number, name=name, card=card_label(turned))
    return _("Hand {number}, {name} deals.", number=number, name=name)


def _hand_lines(t: Table, number: int, played: PlayedHand, who: tuple[str, ...]) -> list[str]:
    """One hand: the deal, the bidding and exchanges as said, the tricks, the result."""
    module, n, dealer, result = t.module, t.players, played.dealer, played.result
    size, deck = module.hand_size, played.deck
    lines = [_deal_line(t, number, played, who)]
    trump = NO_TRUMP if result is None or result.trump is None else SUITS.index(result.trump)
    for k in range(n):
        cards = sorted(deck[size * k:size * k + size],
                       key=lambda c: sort_key(module.order, trump, c))
        lines.append("  " + hand_said(who[(dealer + 1 + k) % n], map(card_label, cards)))
    said = [action_said(who[seat], action_token(a), module.name, seat == dealer)
            for seat, a in played.actions if a >= DISCARD]
    if result is not None and result.bid and result.maker is not None and \
            module.name == "hasenpfeffer" and not any(a >= BID for _seat, a in played.actions):
        said.append(_("{name} holds the Joker and must bid three", name=who[result.maker]))
    if said:
        lines.append("  " + _("Bidding: {bids}.", bids=", ".join(said)))
    tricks = played.tricks if result is not None else (*t.tricks, None)
    for i, trick in enumerate(tricks, 1):
        if trick is None:  # the trick in progress
            if t.trick:
                lines.append("  " + _("Trick {number}: {plays}", number=i,
                                      plays=_plays(t.trick_seats, t.trick, who)))
            continue
        lines.append("  " + _("Trick {number}: {plays}; {name} wins.", number=i,
                              plays=_plays(trick.seats, trick.cards, who),
                              name=who[trick.winner]))
    lines.append("  " + _closing(t, played, who))
    return lines


def _closing(t: Table, played: PlayedHand, who: tuple[str, ...]) -> str:
    """A hand's last line: its result, or why it has none."""
    ended, result = t.outcome, played.result
    if result is None and ended is not None and ended.seat is not None:
        return (_("({name} left the match during this hand.)", name=who[ended.seat])
                if ended.termination == Termination.ABANDONED else
                _("({name} resigned during this hand.)", name=who[ended.seat]))
    if result is None:
        return _("(hand in progress)")
    text = result_words(result.to_dict(), who, t.module.name, t.sides)
    return f"{text[0].upper()}{text[1:]}."


def _plays(seats: Sequence[int], cards: Sequence[int], who: tuple[str, ...]) -> str:
    return plays_said((who[seat], card_label(card))
                      for seat, card in zip(seats, cards, strict=True))
