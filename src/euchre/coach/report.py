"""The review in words: ``euchre review``'s text, and the one-line note of the table's coach.

Why it is separate from the analysis: the server shows the same ``Review`` as a page, and
the terminal as text; neither changes a number. Every option is worded as the table words
it (``Decision.words``, from ``euchre.words``); values are signed points this hand, two
decimals, as the terminal's ``?`` hint shows them.

>>> print(note({"pass": -0.42, "order": 0.31}, "pass", {"pass": "pass", "order": "order up K♣"}))
... # doctest: +NORMALIZE_WHITESPACE
Coach: the expert preferred order up K♣ (+0.31) to pass (-0.42): 0.73 points lost
(estimated points this hand).
>>> note({"pass": -0.1, "order": 0.0}, "pass", {"pass": "pass", "order": "order up K♣"})
"""

from __future__ import annotations

from collections.abc import Sequence

from ..agents.family.rules_of_thumb import convention
from ..scoring import side_of
from ..view import View
from ..words import card_text, choice_words, result_words, says, score_words, side_name
from .review import STAGE_ORDER, THRESHOLD, Decision, HandReview, Review, deals_valued, judge

STAGE_WORDS = {"bidding": "bidding", "discard": "pick-up and discard", "play": "play"}
SHOWN_MISTAKES = 10
"""The largest mistakes the summary lists (``--json`` has them all)."""


def note(values: dict[str, float], chosen: str, words: dict[str, str],
         threshold: float = THRESHOLD) -> str | None:
    """The coach's note after a choice at the table: what the expert preferred and by how
    much, when the choice lost more than ``threshold`` points; None otherwise."""
    best, loss = judge(values, chosen)
    if loss <= threshold:
        return None
    return (f"Coach: the expert preferred {words[best]} ({values[best]:+.2f}) to "
            f"{words[chosen]} ({values[chosen]:+.2f}): {loss:.2f} points lost (estimated "
            "points this hand).")


def convention_note(view: View, values: dict[str, float]) -> str | None:
    """The hint's line when the expert's best choice in a four-handed position breaks a
    convention partners play by (``rules_of_thumb.convention``): which one, and what
    breaking it is worth in the expert's deals over the best choice that keeps it; None when
    no convention applies, the best choice keeps it, or breaking it gains less than a
    hundredth of a point (the expert then keeps it: among equal values it plays the usual
    choice)."""
    found = convention(view)
    if found is None or not values:
        return None
    words, keeping = found
    best = max(values, key=lambda t: (values[t], t in keeping))
    kept = [t for t in keeping if t in values]
    if best in keeping or not kept:
        return None
    usual = max(kept, key=lambda t: values[t])
    gain = values[best] - values[usual]
    if gain < 0.005:
        return None
    return (f"The expert's {choice_words(view, best)} breaks a convention partners play by "
            f"({words}): in its deals it is worth {gain:.2f} points more this hand than "
            f"{choice_words(view, usual)}, the best choice that keeps it.")


def text(review: Review, names: Sequence[str] | None = None) -> str:
    """The whole review as text: a heading, each hand with its decisions and its hindsight
    line, then the summary (points lost by phase and per hand, the largest mistakes)."""
    who = tuple(names) if names else tuple(f"P{seat}" for seat in range(review.players))
    me = who[review.player]
    lines = [f"Review of {me} (player {review.player}) {table_words(review, who)}: "
             f"final score {score_words(review.score, who, review.players)}"
             f"{'' if review.finished else ' (match in progress)'}.",
             valued_line(review, me),
             f"[chosen]  * the expert's best  ! a mistake (lost more than "
             f"{review.threshold:.2f})"]
    by_hand: dict[int, list[Decision]] = {}
    for d in review.decisions:
        by_hand.setdefault(d.hand, []).append(d)
    for hand in review.hands:
        lines.append("")
        lines.extend(_hand_lines(hand, by_hand.get(hand.hand, []), who, review.player))
    lines.append("")
    lines.extend(summary_lines(review, who))
    return "\n".join(lines)


def table_words(review: Review, who: Sequence[str]) -> str:
    """Who the reviewed player sat with: "against Bob"; "with Cy against Bob and Di";
    "against Bob and Cy" (cutthroat)."""
    me, players = review.player, review.players
    if players == 4:
        partner = next(seat for seat in range(4)
                       if seat != me and side_of(4, seat) == side_of(4, me))
        return f"with {who[partner]} against {side_name(who, 4, 1 - side_of(4, me))}"
    others = [who[seat] for seat in range(players) if seat != me]
    return "against " + " and ".join(others)


def valued_line(review: Review, me: str) -> str:
    """How the choices were valued: from what the player could see, with which settings."""
    cards, bids = deals_valued(review.players, review.deals)
    return (f"Each choice valued by the expert from what {me} could see then "
            f"({cards} deals a card, {bids} a bid or discard, seed "
            f"{review.seed}), in estimated points this hand (match equity near the target, "
            "as points).")


def _hand_lines(hand: HandReview, decisions: list[Decision], who: Sequence[str],
                player: int) -> list[str]:
    lines = [f"{hand_heading(hand, who)}. {who[player]} lost {hand.loss:.2f}."]
    for d in decisions:
        lines.append("  " + decision_line(d))
    seen = hindsight_line(hand, who)
    if seen:
        lines.append(f"  {seen}")
    return lines


def hand_heading(hand: HandReview, who: Sequence[str]) -> str:
    """A hand's result in words (``words.result_words``): "Hand 2, Ann deals: Bo made hearts
    trump: 3 tricks; Bo scores 1"."""
    head = f"Hand {hand.hand}, {says(who[hand.dealer], 'deal')}: "
    if hand.outcome is None:
        return head + "in progress"
    return head + result_words({"thrown_in": hand.outcome == "thrown_in", **hand.to_dict()},
                               who, hand.players)


def hindsight_line(hand: HandReview, who: Sequence[str]) -> str | None:
    """The hand's labelled hindsight (every card seen), or None for a hand without one."""
    seen = hand.hindsight
    if not seen:
        return None
    maker = who[seen["maker"]] + " (the maker)"
    if hand.players == 4 and seen["maker"] not in hand.alone:
        maker = side_name(who, 4, side_of(4, seen["maker"])) + " (the makers)"
    return (f"hindsight, every card seen: with perfect play from the first lead "
            f"{maker} take{'s' if maker.endswith('maker)') else ''} {seen['perfect']} "
            f"({seen['perfect_outcome']}); the play got {seen['played']}.")


def decision_line(d: Decision) -> str:
    """One decision: the moment, the cards held, every option best first with its value."""
    ranked = sorted(d.values, key=lambda t: (-d.values[t], t != d.best))
    options = []
    for token in ranked:
        option = f"{d.words[token]} {d.values[token]:+.2f}"
        if token == d.chosen:
            option = f"[{option}]"
        options.append(option + ("*" if token == d.best else ""))
    held = f"; holding {' '.join(card_text(c) for c in d.cards)}" if d.cards else ""
    mark = f"  ! lost {d.loss:.2f}" if d.flagged else (f"  lost {d.loss:.2f}" if d.loss else "")
    return f"{d.situation}{held}: {', '.join(options)}{mark}"


def summary_lines(review: Review, who: Sequence[str]) -> list[str]:
    me = who[review.player]
    mistakes = review.mistakes()
    lines = ["Summary",
             f"  {me} lost {review.total_loss:.2f} points in {len(review.decisions)} "
             f"decisions; {len(mistakes)} mistake{'s' if len(mistakes) != 1 else ''}.",
             "  By phase: " + ", ".join(f"{STAGE_WORDS[k]} {v:.2f}" for k, v in
                                        review.by_stage().items() if k in STAGE_ORDER) + ".",
             "  Per hand: " + ", ".join(f"{h.hand}: {h.loss:.2f}" for h in review.hands) + "."]
    if mistakes:
        lines.append("  Largest mistakes:")
    for rank, i in enumerate(mistakes[:SHOWN_MISTAKES], 1):
        d = review.decisions[i]
        lines.append(f"  {rank:2}. hand {d.hand}, {d.situation}: {d.words[d.chosen]} "
                     f"({d.values[d.chosen]:+.2f}); the expert preferred {d.words[d.best]} "
                     f"({d.values[d.best]:+.2f}): lost {d.loss:.2f}")
    if len(mistakes) > SHOWN_MISTAKES:
        lines.append(f"  ... and {len(mistakes) - SHOWN_MISTAKES} more (--json lists all).")
    return lines
