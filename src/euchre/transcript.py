"""The transcript: a match as text people read, hand by hand (``euchre replay``).

It is written from the engine's own account of each hand (``state.hand_story``), so the
trick winners, the points and the running score are the engine's, never worked out again.

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

from . import state
from .cards import SUIT_NAMES, card_label, card_token, sort_key
from .words import bid_text

_DECKS = {24: "24-card deck", 32: "32-card deck", 25: "25-card deck with the Joker"}


def transcript(s: list, names: Sequence[str] | None = None, hand: int | None = None) -> str:
    """The match held by state ``s`` as text; ``names`` for the two players (default P0 and
    P1); ``hand`` (from 1) shows that hand alone, with the score after it and no result."""
    setup: state.Setup = s[state.SETUP]
    who = tuple(names) if names else ("P0", "P1")
    rules = setup.rules
    options = [name.replace("_", " ") for name in
               ("dealer_must_pick_up", "may_call_turned_suit", "stick_the_dealer")
               if getattr(rules, name)]
    head = (f"Two-handed Euchre, {_DECKS[rules.deck]}, to {rules.target} point"
            f"{'s' if rules.target != 1 else ''}; seed {setup.seed}")
    lines = [head + (f"; {', '.join(options)}" if options else "")]
    score = list(setup.start_score)
    every = state.hands_of(s)
    over = s[state.PHASE] == state.OVER
    for i, (deal, actions, dealer) in enumerate(every):
        number = setup.start_hand + i + 1
        finished = i < len(every) - 1 or over
        body = _hand_lines(number, deal, actions, dealer, who, score, finished)
        if hand is None or number == hand:
            lines.append("")
            lines.extend(body)
        if number == hand:
            lines.append("")
            lines.append(f"Score after hand {hand}: {who[0]} {score[0]}, {who[1]} {score[1]}."
                         if finished else f"Hand {hand} is in progress; score {who[0]} "
                         f"{score[0]}, {who[1]} {score[1]}.")
            return "\n".join(lines)
    lines.append("")
    if hand is not None:
        raise ValueError(f"hand {hand}: the match has hands {setup.start_hand + 1} to "
                         f"{setup.start_hand + len(every)}")
    winner = s[state.WINNER]
    final = (s[state.SCORE0], s[state.SCORE1])
    if winner >= 0:
        lines.append(f"{who[winner]} wins the match {final[winner]}-{final[1 - winner]}.")
    else:
        lines.append(f"Match in progress: {who[0]} {final[0]}, {who[1]} {final[1]}.")
    return "\n".join(lines)


def _cards(cards: Sequence[int], trump: int) -> str:
    return " ".join(card_label(c) for c in sorted(cards, key=lambda c: sort_key(c, trump)))


def _hand_lines(number: int, deal: tuple, actions: list[int], dealer: int,
                who: tuple[str, ...], score: list[int], finished: bool) -> list[str]:
    """One hand's lines; adds its points to ``score``."""
    order = state.deal_order(deal)
    story = state.hand_story(deal, actions, dealer)
    trump = story["trump"]
    dealt = {1 - dealer: order[0:5], dealer: order[5:10]}
    lines = [f"Hand {number}, {who[dealer]} deals. Upcard {card_label(story['upcard'])}.",
             f"  {who[0]}: {_cards(dealt[0], trump)}", f"  {who[1]}: {_cards(dealt[1], trump)}"]
    upcard = card_token(story["upcard"])
    bids = [f"{who[p]} {bid_text(token, p == dealer, upcard)}" for p, token in story["bids"]
            if not (p == dealer and token == "order")]  # (told with his discard, below)
    if story["upcard_taken"]:
        bids.append(f"{who[dealer]} picked up {card_label(story['upcard'])}, discarded "
                    f"{card_label(story['discard'])}")
    elif story["maker"] >= 0 and story["bids"][-1][1] == "order":
        bids.append(f"{who[dealer]} left {card_label(story['upcard'])}")
    if bids:
        lines.append("  Bidding: " + ", ".join(bids) + ".")
    for n, (leader, led, answer, winner) in enumerate(story["tricks"], 1):
        lines.append(f"  Trick {n}: {who[leader]} {card_label(led)}, {who[1 - leader]} "
                     f"{card_label(answer)}; {who[winner]} wins.")
    if story["trick"]:
        lines.append(f"  Trick {len(story['tricks']) + 1}: {who[story['leader']]} "
                     f"{card_label(story['trick'][0])}")
    if not finished:
        lines.append("  (hand in progress)")
        return lines
    result = state.hand_result(deal, actions, dealer)
    if result["thrown_in"]:
        lines.append("  Both passed twice: the hand is thrown in.")
        return lines
    maker = result["maker"]
    won = result["tricks_won"][maker]
    points = result["points"]
    score[0] += points[0]
    score[1] += points[1]
    what = {"march": "a march", "made": f"{won} tricks",
            "euchred": f"euchred with {won} trick{'s' if won != 1 else ''}"}[result["outcome"]]
    scorer = 0 if points[0] else 1
    lines.append(f"  {who[maker]} made {SUIT_NAMES[trump]} trump: {what}; {who[scorer]} scores "
                 f"{points[scorer]}. Score {who[0]} {score[0]}, {who[1]} {score[1]}.")
    return lines
