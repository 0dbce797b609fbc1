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
from .hands import deal_order, deal_position, hand_result, hand_story, trick_seats
from .rules import GAME_NAMES
from .words import bid_text, person, result_words, says, score_words, side_name

_DECKS = {24: "24-card deck", 32: "32-card deck", 25: "25-card deck with the Joker"}


def transcript(s: list, names: Sequence[str] | None = None, hand: int | None = None) -> str:
    """The match held by state ``s`` as text; ``names`` for the players (default P0, P1...);
    ``hand`` (from 1) shows that hand alone, with the score after it and no result."""
    setup: state.Setup = s[state.SETUP]
    rules = setup.rules
    players = rules.players
    who = (tuple(person(name) for name in names) if names
           else tuple(f"P{seat}" for seat in range(players)))
    options = [name.replace("_", " ") for name, value in rules.to_dict().items()
               if value is True]
    head = (f"{GAME_NAMES[players]}, {_DECKS[rules.deck]}, to {rules.target} point"
            f"{'s' if rules.target != 1 else ''}; seed {setup.seed}")
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
            body[-1] = f"  ({ended[0]} during this hand.)"
        if hand is None or number == hand:
            lines.append("")
            lines.extend(body)
        if number == hand:
            lines.append("")
            lines.append(f"Score after hand {hand}: {score_words(score, who, players)}."
                         if finished else f"{ended[0]} during hand {hand}: {ended[1]}."
                         if ended else f"Hand {hand} is in progress; score "
                         f"{score_words(score, who, players)}.")
            return "\n".join(lines)
    lines.append("")
    if hand is not None:
        raise ValueError(f"hand {hand}: the match has hands {setup.start_hand + 1} to "
                         f"{setup.start_hand + len(every)}")
    winner = s[state.WINNER]
    final = ((s[state.SCORE0], s[state.SCORE1]) if players == 2 else state_family.score(s))
    if ended:
        lines.append(f"{ended[0]}: {ended[1]}.")
    elif winner < 0:
        lines.append(f"Match in progress: {score_words(final, who, players)}.")
    elif players == 2:
        lines.append(f"{says(who[winner], 'win')} the match {final[winner]}-"
                     f"{final[1 - winner]}.")
    else:
        lines.append(f"{says(side_name(who, players, winner), 'win', plural=players == 4)} "
                     f"the match: {score_words(final, who, players)}.")
    return "\n".join(lines)


def _ended_early(s: list, who: tuple[str, ...]) -> tuple[str, str] | None:
    """Who ended the match early and how (``Ann resigned``, ``Ann left the match
    unfinished``) and its result (``Bo wins the match (Ann 3, Bo 1)``), or None."""
    setup, winner, players = s[state.SETUP], s[state.WINNER], s[state.SETUP].rules.players
    if setup.resigned < 0:
        return None
    final = ((s[state.SCORE0], s[state.SCORE1]) if players == 2 else state_family.score(s))
    won = "nobody wins" if winner < 0 else \
        f"{side_name(who, players, winner)} win{'s' if players != 4 else ''} the match"
    left = "left the match unfinished" if setup.abandoned else "resigned"
    return f"{who[setup.resigned]} {left}", f"{won} ({score_words(final, who, players)})"


def _cards(cards: Sequence[int], trump: int) -> str:
    return " ".join(card_label(c) for c in sorted(cards, key=lambda c: sort_key(c, trump)))


def _hand_lines(number: int, deal: tuple, actions: list[int], dealer: int,
                who: tuple[str, ...], score: list[int], finished: bool,
                players: int) -> list[str]:
    """One hand's lines; adds its points to ``score``."""
    order = deal_order(deal)
    story = hand_story(deal, actions, dealer, players)
    trump = story["trump"]
    lines = [f"Hand {number}, {says(who[dealer], 'deal')}. Upcard {card_label(story['upcard'])}."]
    for seat in range(players):
        start = deal_position(players, dealer, seat)
        lines.append(f"  {who[seat]}: {_cards(order[start:start + 5], trump)}")
    bids = _bid_phrases(story, dealer, who)
    if bids:
        lines.append("  Bidding: " + ", ".join(bids) + ".")
    out = story["out"]
    for n, (leader, cards, winner) in enumerate(story["tricks"], 1):
        lines.append(f"  Trick {n}: {_plays(leader, cards, out, who, players)}; "
                     f"{says(who[winner], 'win')}.")
    if story["trick"]:
        lines.append(f"  Trick {len(story['tricks']) + 1}: "
                     f"{_plays(story['leader'], story['trick'], out, who, players)}")
    if not finished:
        lines.append("  (hand in progress)")
        return lines
    result = hand_result(deal, actions, dealer, players)
    said = result_words(result, who, players)
    if result["thrown_in"]:
        lines.append(f"  {said[0].upper()}{said[1:]}.")
        return lines
    for side, gained in enumerate(result["points"]):
        score[side] += gained
    lines.append(f"  {said}. Score {score_words(score, who, players)}.")
    return lines


def _bid_phrases(story: dict, dealer: int, who: tuple[str, ...]) -> list[str]:
    """The bidding as said, the dealer's pick-up told with his discard, who sits out."""
    upcard = card_token(story["upcard"])
    picked = [token for p, token in story["bids"] if p == dealer and token.startswith("order")]
    bids = [f"{who[p]} {bid_text(token, p == dealer, upcard)}" for p, token in story["bids"]
            if not (p == dealer and token.startswith("order"))]  # (told with his discard)
    if story["upcard_taken"]:
        alone = " alone" if picked and picked[0].endswith("alone") else ""
        bids.append(f"{who[dealer]} picked up {card_label(story['upcard'])}{alone}, "
                    f"discarded {card_label(story['discard'])}")
    elif story["maker"] >= 0 and story["bids"][-1][1] == "order":
        bids.append(f"{who[dealer]} left {card_label(story['upcard'])}")
    bids.extend(f"{says(who[seat], 'sit')} out" for seat in story["out"])
    return bids


def _plays(leader: int, cards: Sequence[int], out: Sequence[int], who: tuple[str, ...],
           players: int) -> str:
    """The cards of a trick with who played each (``hands.trick_seats``)."""
    seats = trick_seats(leader, len(cards), players, out)
    return ", ".join(f"{who[seat]} {card_label(card)}" for seat, card in zip(seats, cards,
                                                                            strict=True))
