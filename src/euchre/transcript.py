"""The transcript: a match as text people read, hand by hand (``euchre replay``).

It is written from the engine's own account of each hand (``hands.hand_story`` and
``hands.hand_result``), so the trick winners, the points and the running score are the
engine's, never worked out again; the result of a hand is worded by ``words.result_words``,
as the terminal words it.

>>> from euchre import Game, Rules
>>> g = Game(Rules(target=2), seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])
>>> text = g.transcript(names=("Ann", "Bob"))
>>> text.splitlines()[0]
'Two-handed Euchre, 24-card deck, to 2 points; seed 3'
>>> text.splitlines()[-1]
'Ann wins the match 2-0.'
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import card_label, card_token, sort_key
from .engine.games.euchre import state, state_family
from .engine.messages import N_, _, ngettext
from .hands import deal_order, deal_position, hand_result, hand_story, trick_seats
from .rules import GAME_NAMES
from .words import (
    bid_said,
    hand_said,
    options_on,
    person,
    plays_said,
    result_words,
    score_words,
    side_name,
)

_DECKS = {24: N_("24-card deck"), 32: N_("32-card deck"), 25: N_("25-card deck with the Joker")}


def transcript(s: list, names: Sequence[str] | None = None, hand: int | None = None) -> str:
    """The match held by state ``s`` as text; ``names`` for the players (default P0, P1...);
    ``hand`` (from 1) shows that hand alone, with the score after it and no result."""
    setup: state.Setup = s[state.SETUP]
    rules = setup.rules
    players = rules.players
    who = (tuple(person(name) for name in names) if names
           else tuple(f"P{seat}" for seat in range(players)))
    options = options_on(rules)
    head = ngettext("{game}, {deck}, to {n} point; seed {seed}",
                    "{game}, {deck}, to {n} points; seed {seed}", rules.target,
                    game=_(GAME_NAMES[players]), deck=_(_DECKS[rules.deck]), seed=setup.seed)
    lines = [head + (f"; {', '.join(options)}" if options else "")]
    score = list(setup.start_score)
    every = state.hands_of(s)
    over = s[state.PHASE] == state.OVER and setup.resigned < 0  # (resigned: a hand unfinished)
    ended = _ended_early(s, who)
    for i, (deal, actions, dealer) in enumerate(every):
        number = setup.start_hand + i + 1
        finished = i < len(every) - 1 or over
        body = _hand_lines(number, deal, actions, dealer, who, score, finished, players)
        if not finished and ended:  # the hand a player resigned in
            body[-1] = "  " + _("({ended} during this hand.)", ended=ended[0])
        if hand is None or number == hand:
            lines.append("")
            lines.extend(body)
        if number == hand:
            lines.append("")
            told = score_words(score, who, players)
            lines.append(_("Score after hand {number}: {score}.", number=hand, score=told)
                         if finished else
                         _("{ended} during hand {number}: {result}.", ended=ended[0],
                           number=hand, result=ended[1]) if ended else
                         _("Hand {number} is in progress; score {score}.", number=hand,
                           score=told))
            return "\n".join(lines)
    lines.append("")
    if hand is not None:
        raise ValueError(f"hand {hand}: the match has hands {setup.start_hand + 1} to "
                         f"{setup.start_hand + len(every)}")
    winner = s[state.WINNER]
    final = ((s[state.SCORE0], s[state.SCORE1]) if players == 2 else state_family.score(s))
    told = score_words(final, who, players)
    if ended:
        lines.append(_("{ended}: {result}.", ended=ended[0], result=ended[1]))
    elif winner < 0:
        lines.append(_("Match in progress: {score}.", score=told))
    elif players == 2:
        lines.append(_("{name} wins the match {points}-{other}.", name=who[winner],
                       points=final[winner], other=final[1 - winner]))
    elif players == 4:
        lines.append(_("{side} win the match: {score}.", side=side_name(who, players, winner),
                       score=told))
    else:
        lines.append(_("{name} wins the match: {score}.", name=who[winner], score=told))
    return "\n".join(lines)


def _ended_early(s: list, who: tuple[str, ...]) -> tuple[str, str] | None:
    """Who ended the match early and how (``Ann resigned``, ``Ann left the match
    unfinished``) and its result (``Bo wins the match (Ann 3, Bo 1)``), or None."""
    setup, winner, players = s[state.SETUP], s[state.WINNER], s[state.SETUP].rules.players
    if setup.resigned < 0:
        return None
    final = ((s[state.SCORE0], s[state.SCORE1]) if players == 2 else state_family.score(s))
    told = score_words(final, who, players)
    result = (_("nobody wins ({score})", score=told) if winner < 0 else
              _("{side} win the match ({score})", side=side_name(who, players, winner),
                score=told) if players == 4 else
              _("{name} wins the match ({score})", name=who[winner], score=told))
    quitter = who[setup.resigned]
    left = (_("{name} left the match unfinished", name=quitter) if setup.abandoned else
            _("{name} resigned", name=quitter))
    return left, result


def _cards(cards: Sequence[int], trump: int) -> list[str]:
    return [card_label(c) for c in sorted(cards, key=lambda c: sort_key(c, trump))]


def _hand_lines(number: int, deal: tuple, actions: list[int], dealer: int,
                who: tuple[str, ...], score: list[int], finished: bool,
                players: int) -> list[str]:
    """One hand's lines; adds its points to ``score``."""
    order = deal_order(deal)
    story = hand_story(deal, actions, dealer, players)
    trump = story["trump"]
    lines = [_("Hand {number}, {name} deals. Upcard {card}.", number=number, name=who[dealer],
               card=card_label(story["upcard"]))]
    for seat in range(players):
        start = deal_position(players, dealer, seat)
        lines.append("  " + hand_said(who[seat], _cards(order[start:start + 5], trump)))
    bids = _bid_phrases(story, dealer, who)
    if bids:
        lines.append("  " + _("Bidding: {bids}.", bids=", ".join(bids)))
    out = story["out"]
    for n, (leader, cards, winner) in enumerate(story["tricks"], 1):
        lines.append("  " + _("Trick {number}: {plays}; {name} wins.", number=n,
                              plays=_plays(leader, cards, out, who, players), name=who[winner]))
    if story["trick"]:
        lines.append("  " + _("Trick {number}: {plays}", number=len(story["tricks"]) + 1,
                              plays=_plays(story["leader"], story["trick"], out, who, players)))
    if not finished:
        lines.append("  " + _("(hand in progress)"))
        return lines
    result = hand_result(deal, actions, dealer, players)
    said = result_words(result, who, players)
    if result["thrown_in"]:
        lines.append(f"  {said[0].upper()}{said[1:]}.")
        return lines
    for side, gained in enumerate(result["points"]):
        score[side] += gained
    lines.append("  " + _("{result}. Score {score}.", result=said,
                          score=score_words(score, who, players)))
    return lines


def _bid_phrases(story: dict, dealer: int, who: tuple[str, ...]) -> list[str]:
    """The bidding as said, the dealer's pick-up told with his discard, who sits out."""
    upcard = card_token(story["upcard"])
    picked = [token for p, token in story["bids"] if p == dealer and token.startswith("order")]
    bids = [bid_said(who[p], token, p == dealer, upcard) for p, token in story["bids"]
            if not (p == dealer and token.startswith("order"))]  # (told with his discard)
    up = card_label(story["upcard"])
    if story["upcard_taken"]:
        discard = card_label(story["discard"])
        bids.append(_("{name} picked up {card} alone, discarded {discard}", name=who[dealer],
                      card=up, discard=discard) if picked and picked[0].endswith("alone")
                    else _("{name} picked up {card}, discarded {discard}", name=who[dealer],
                           card=up, discard=discard))
    elif story["maker"] >= 0 and story["bids"][-1][1] == "order":
        bids.append(_("{name} left {card}", name=who[dealer], card=up))
    bids.extend(_("{name} sits out", name=who[seat]) for seat in story["out"])
    return bids


def _plays(leader: int, cards: Sequence[int], out: Sequence[int], who: tuple[str, ...],
           players: int) -> str:
    """The cards of a trick with who played each (``hands.trick_seats``)."""
    seats = trick_seats(leader, len(cards), players, out)
    return plays_said((who[seat], card_label(card)) for seat, card in zip(seats, cards,
                                                                           strict=True))
