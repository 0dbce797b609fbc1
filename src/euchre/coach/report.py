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
from ..engine.messages import N_, _, ngettext
from ..scoring import partner, sides_of
from ..view import View
from ..words import YOU, card_text, choice_words, result_words, score_words, side_name
from .review import STAGE_ORDER, THRESHOLD, Decision, HandReview, Review, deals_valued, judge

STAGE_WORDS = {"bidding": N_("bidding"), "discard": N_("pick-up and discard"),
               "play": N_("play")}
"""Each stage's words (look each up with ``_``)."""
OUTCOME_WORDS = {"made": N_("made"), "march": N_("a march"), "euchred": N_("euchred")}
"""``scoring.outcome``'s results as the hindsight line says them."""
SHOWN_MISTAKES = 10
"""The largest mistakes the summary lists (``--json`` has them all)."""


def note(values: dict[str, float], chosen: str, words: dict[str, str],
         threshold: float = THRESHOLD) -> str | None:
    """The coach's note after a choice at the table: what the expert preferred and by how
    much, when the choice lost more than ``threshold`` points; None otherwise."""
    best, loss = judge(values, chosen)
    if loss <= threshold:
        return None
    return _("Coach: the expert preferred {best} ({best_value}) to {chosen} ({chosen_value}): "
             "{loss} points lost (estimated points this hand).", best=words[best],
             best_value=f"{values[best]:+.2f}", chosen=words[chosen],
             chosen_value=f"{values[chosen]:+.2f}", loss=f"{loss:.2f}")


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
    return _("The expert's {best} breaks a convention partners play by ({convention}): in its "
             "deals it is worth {gain} points more this hand than {usual}, the best choice "
             "that keeps it.", best=choice_words(view, best), convention=words,
             gain=f"{gain:.2f}", usual=choice_words(view, usual))


def text(review: Review, names: Sequence[str] | None = None) -> str:
    """The whole review as text: a heading, each hand with its decisions and its hindsight
    line, then the summary (points lost by phase and per hand, the largest mistakes)."""
    who = tuple(names) if names else tuple(f"P{seat}" for seat in range(review.players))
    me = who[review.player]
    heading = (N_("Review of {name} (player {seat}) {table}: final score {score}.")
               if review.finished else
               N_("Review of {name} (player {seat}) {table}: final score {score} (match in "
                  "progress)."))
    lines = [_(heading, name=me, seat=review.player, table=table_words(review, who),
               score=score_words(review.score, who, review.players)),
             valued_line(review, me),
             _("[chosen]  * the expert's best  ! a mistake (lost more than {threshold})",
               threshold=f"{review.threshold:.2f}")]
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
    sides = sides_of(players)
    mate = partner(sides, me)
    if mate is not None:
        return _("with {partner} against {others}", partner=who[mate],
                 others=side_name(who, players, 1 - sides[me]))
    others = [who[seat] for seat in range(players) if seat != me]
    if len(others) == 1:
        return _("against {other}", other=others[0])
    return _("against {first} and {second}", first=others[0], second=others[1])


def valued_line(review: Review, me: str) -> str:
    """How the choices were valued: from what the player could see, with which settings."""
    cards, bids = deals_valued(review.players, review.deals)
    return _("Each choice valued by the expert from what {name} could see then ({cards} deals "
             "a card, {bids} a bid or discard, seed {seed}), in estimated points this hand "
             "(match equity near the target, as points).", name=me, cards=cards, bids=bids,
             seed=review.seed)


def _hand_lines(hand: HandReview, decisions: list[Decision], who: Sequence[str],
                player: int) -> list[str]:
    lines = [_("{heading}. {name} lost {loss}.", heading=hand_heading(hand, who),
               name=who[player], loss=f"{hand.loss:.2f}")]
    for d in decisions:
        lines.append("  " + decision_line(d))
    seen = hindsight_line(hand, who)
    if seen:
        lines.append(f"  {seen}")
    return lines


def hand_heading(hand: HandReview, who: Sequence[str]) -> str:
    """A hand's result in words (``words.result_words``): "Hand 2, Ann deals: Bo made hearts
    trump: 3 tricks; Bo scores 1"."""
    return _("Hand {number}, {told}", number=hand.hand, told=dealt_words(hand, who))


def dealt_words(hand: HandReview, who: Sequence[str]) -> str:
    """Who dealt a hand and how it ended: "Ann deals: Bo made hearts trump: 3 tricks; Bo
    scores 1" (``hand_heading`` without its number)."""
    name = who[hand.dealer]
    yours = name.casefold() in (YOU.casefold(), _(YOU).casefold())  # "You deal", not "deals"
    if hand.outcome is None:
        return _("You deal: in progress") if yours else \
            _("{name} deals: in progress", name=name)
    result = result_words({"thrown_in": hand.outcome == "thrown_in", **hand.to_dict()}, who,
                          hand.players)
    return _("You deal: {result}", result=result) if yours else \
        _("{name} deals: {result}", name=name, result=result)


def hindsight_line(hand: HandReview, who: Sequence[str]) -> str | None:
    """The hand's labelled hindsight (every card seen), or None for a hand without one."""
    seen = hand.hindsight
    if not seen:
        return None
    outcome = _(OUTCOME_WORDS.get(seen["perfect_outcome"], seen["perfect_outcome"]))
    sides = sides_of(hand.players)
    if partner(sides, seen["maker"]) is not None and seen["maker"] not in hand.alone:
        return _("hindsight, every card seen: with perfect play from the first lead {makers} "
                 "(the makers) take {perfect} ({outcome}); the play got {played}.",
                 makers=side_name(who, hand.players, sides[seen["maker"]]), perfect=seen["perfect"],
                 outcome=outcome, played=seen["played"])
    return _("hindsight, every card seen: with perfect play from the first lead {maker} (the "
             "maker) takes {perfect} ({outcome}); the play got {played}.",
             maker=who[seen["maker"]], perfect=seen["perfect"], outcome=outcome,
             played=seen["played"])


def decision_line(d: Decision) -> str:
    """One decision: the moment, the cards held, every option best first with its value."""
    ranked = sorted(d.values, key=lambda t: (-d.values[t], t != d.best))
    options = []
    for token in ranked:
        option = f"{d.words[token]} {d.values[token]:+.2f}"
        if token == d.chosen:
            option = f"[{option}]"
        options.append(option + ("*" if token == d.best else ""))
    told = _("{situation}; holding {cards}: {options}", situation=d.situation,
             cards=" ".join(card_text(c) for c in d.cards), options=", ".join(options)) \
        if d.cards else _("{situation}: {options}", situation=d.situation,
                          options=", ".join(options))
    if d.flagged:
        return f"{told}  " + _("! lost {loss}", loss=f"{d.loss:.2f}")
    return f"{told}  " + _("lost {loss}", loss=f"{d.loss:.2f}") if d.loss else told


def summary_lines(review: Review, who: Sequence[str]) -> list[str]:
    me = who[review.player]
    mistakes = review.mistakes()
    phases = ", ".join(f"{_(STAGE_WORDS[k])} {v:.2f}" for k, v in review.by_stage().items()
                       if k in STAGE_ORDER)
    lines = [_("Summary"),
             "  " + loss_words(review, me),
             "  " + _("By phase: {phases}.", phases=phases),
             "  " + _("Per hand: {hands}.", hands=", ".join(f"{h.hand}: {h.loss:.2f}"
                                                            for h in review.hands))]
    if mistakes:
        lines.append("  " + _("Largest mistakes:"))
    for rank, i in enumerate(mistakes[:SHOWN_MISTAKES], 1):
        d = review.decisions[i]
        lines.append(f"  {rank:2}. " + _("hand {number}, {situation}: {verdict}",
                                         number=d.hand, situation=d.situation,
                                         verdict=verdict(d)))
    if len(mistakes) > SHOWN_MISTAKES:
        lines.append("  " + ngettext("... and {n} more (--json lists all).",
                                     "... and {n} more (--json lists all).",
                                     len(mistakes) - SHOWN_MISTAKES))
    return lines


def loss_words(review: Review, me: str) -> str:
    """The review's total: "Ann lost 1.20 points in 14 decisions; 2 mistakes"."""
    mistakes = len(review.mistakes())
    return _("{name} lost {loss} points in {decisions}; {mistakes}.", name=me,
             loss=f"{review.total_loss:.2f}",
             decisions=ngettext("{n} decision", "{n} decisions", len(review.decisions)),
             mistakes=ngettext("{n} mistake", "{n} mistakes", mistakes))


def verdict(d: Decision) -> str:
    """A decision judged: "pass (-0.42); the expert preferred order up K♣ (+0.31): lost
    0.73"."""
    return _("{chosen} ({chosen_value}); the expert preferred {best} ({best_value}): lost "
             "{loss}", chosen=d.words[d.chosen], chosen_value=f"{d.values[d.chosen]:+.2f}",
             best=d.words[d.best], best_value=f"{d.values[d.best]:+.2f}", loss=f"{d.loss:.2f}")
