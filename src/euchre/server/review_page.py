"""The review page of a finished game's seat: the coach's review as HTML, or its progress.

Why server-side HTML: every word of a review is the coach's own (``coach.report`` words the
hands, the hindsight and each decision; ``Decision.words`` each option; ``euchre.words`` the
cards), so the page shows them as they are, works without JavaScript once the review is
stored, and carries no inline script (the Content-Security-Policy allows none). While the
review is worked out, the page is a progress bar that ``static/review.js`` keeps up to date
from ``GET /api/games/ID/review/SEAT``, then reloads to show the review.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .. import i18n
from ..coach import Decision, HandReview, Review
from ..coach.report import (
    STAGE_WORDS,
    dealt_words,
    decision_line,
    hindsight_line,
    loss_words,
    valued_line,
    verdict,
)
from ..coach.review import STAGE_ORDER, reworded
from ..game import Game
from ..i18n import N_, _, ngettext
from ..words import card_name, card_text
from .match import shown_names
from .pages import REVIEW_OF, html_message, page, review_url
from .replay import Place, moment_url, places
from .storage import StoredGame
from .wording import HINT_LABEL


def progress_words(told: dict[str, Any], name: str) -> str:
    """Where a review is, in one line (the page and ``review.js`` show the same words)."""
    status = told["status"]
    if status == "done":
        return _("The review is ready.")
    if status == "failed":
        return _("The review could not be worked out: {error}. Reload to try again.",
                 error=told.get("error"))
    if status == "queued":
        return ngettext("Waiting for {n} review ahead of this one…",
                        "Waiting for {n} reviews ahead of this one…", told["ahead"])
    if not told["total"]:
        return _("The expert is looking over {name}'s choices…", name=name)
    return _("The expert is valuing {name}'s choices: {done} of {total}…", name=name,
             done=told["done"], total=told["total"])


def progress_page(stored: StoredGame, seat: int, told: dict[str, Any]) -> str:
    """The page while the review is worked out: a progress bar that ``review.js`` follows."""
    name = shown_names(stored)[seat]
    value = f' value="{told["done"]}"' if told["total"] else ""
    body = (f"<h1>{escape(_(_TITLE, name=name))}</h1>"
            f'<section class="panel review-progress" id="review-progress" '
            f'data-testid="review-progress" '
            f'data-api="{escape(review_url(stored.id, seat, api=True))}" '
            f'data-status="{told["status"]}" '
            f'aria-label="{escape(_("Progress of the review"))}">'
            f'<p id="review-status" role="status">{escape(progress_words(told, name))}</p>'
            f'<progress id="review-bar" max="{told["total"] or 1}"{value} '
            f'aria-label="{escape(_("Decisions valued"))}"></progress>'
            f"<p>{escape(_(_HOW_LONG))}</p>"
            f"<noscript><p>{escape(_(_RELOAD))}</p></noscript>"
            f'</section>{_links(stored, seat)}'
            '<script type="module" src="/static/review.js"></script>')
    return page(_(_TITLE, name=name), body)


_TITLE = N_("Review of {name}'s play")
_HOW_LONG = N_("Each of the player's choices is valued by the expert from what he could see "
               "then; this takes a few seconds, once: the review is kept with the game.")
_RELOAD = N_("Reload this page to see the review once it is ready.")


def review_page(stored: StoredGame, game: Game, seat: int, stored_review: dict[str, Any]) -> str:
    """The review: a summary by phase with a chart of the points lost per hand and the
    largest mistakes, then each hand with its flagged decisions in place, its hindsight,
    every choice made in it and the hand as played."""
    review = Review.from_dict(stored_review)
    if i18n.language() != i18n.SOURCE:  # (stored in English: worded again)
        review = reworded(review, game.record())
    who = shown_names(stored)
    name = who[seat]
    by_hand: dict[int, list[Decision]] = {}
    for d in review.decisions:
        by_hand.setdefault(d.hand, []).append(d)
    score = ", ".join(f"{who[p]} {review.score[p]}" for p in (0, 1))
    moments = _moments(stored.id, game, seat)
    hands = "".join(_hand(h, by_hand.get(h.hand, []), game, who, seat, moments)
                    for h in review.hands)
    about = _("{name} against {other}; final score {score}. The expert valued each choice "
              "from what {name} could see then, in points this hand.", name=name,
              other=who[1 - seat], score=score)
    body = (f"<h1>{escape(_(_TITLE, name=name))}</h1><p>{escape(about)}</p>"
            f'<details class="figures"><summary>{escape(_("How the choices were valued"))}'
            f"</summary><p>{escape(valued_line(review, name))}</p></details>"
            f"{_links(stored, seat)}{_summary(review, name)}{hands}")
    return page(_(_TITLE, name=name), body)


def _moments(game_id: str, game: Game, seat: int) -> dict[Place, str]:
    """Where each of the record's decisions is made in the replay, with this seat's
    decisions shown (``?at=N&seat=S``), by the decision's place (``Decision.hand, index``)."""
    return {place: moment_url(game_id, n, seat) for n, place in enumerate(places(game.record()))}


def _links(stored: StoredGame, seat: int) -> str:
    other = shown_names(stored)[1 - seat]
    replayed, other_review = _("The game replayed"), _(REVIEW_OF, name=other)
    as_json = _("This review as JSON")
    return (f'<p class="review-links"><a href="/games/{escape(stored.id)}">{escape(replayed)}'
            f'</a> · <a href="{escape(review_url(stored.id, 1 - seat))}" '
            f'data-testid="review-other">{escape(other_review)}</a> · <a href="'
            f'{escape(review_url(stored.id, seat, api=True))}">{escape(as_json)}</a></p>')


def _summary(review: Review, name: str) -> str:
    """Totals, the points lost by phase, the chart per hand and the largest mistakes."""
    mistakes = review.mistakes()
    phases = review.by_stage()
    rows = "".join(f'<tr><th scope="row">{escape(_(STAGE_WORDS[k]))}</th>'
                   f"<td>{phases[k]:.2f}</td></tr>" for k in STAGE_ORDER)
    listed = "".join(
        f'<li><a href="#{_anchor(review.decisions[i])}">'
        + escape(_("Hand {number}, {situation}", number=review.decisions[i].hand,
                   situation=review.decisions[i].situation))
        + f"</a>: {escape(verdict(review.decisions[i]))}</li>" for i in mistakes[:10])
    more = ngettext("… and {n} more, in their hands below.",
                    "… and {n} more, in their hands below.", len(mistakes) - 10)
    more = f"<p>{escape(more)}</p>" if len(mistakes) > 10 else ""
    largest = (f'<h3>{escape(_("Largest mistakes"))}</h3><ol class="mistakes" '
               f'data-testid="mistakes">{listed}</ol>{more}') if mistakes else \
        f"<p>{escape(_(_NO_MISTAKE, threshold=f'{review.threshold:.2f}'))}</p>"
    total = html_message(N_("{told} (a loss over {threshold})."),
                         told=escape(loss_words(review, name).rstrip(".")),
                         threshold=f"{review.threshold:.2f}")
    legend = html_message(N_("({mark} a hand with a mistake)"),
                          mark='<span class="key-mistake">■</span>')
    heads = "".join(f'<th scope="col">{escape(_(w))}</th>' for w in (N_("Phase"),
                                                                       N_("Points lost")))
    return (f'<section class="panel review-summary" data-testid="review-summary" '
            f'aria-labelledby="summary-title"><h2 id="summary-title">{escape(_("Summary"))}'
            f'</h2><p class="review-total">{total}</p>'
            f'<div class="review-cols"><table class="by-phase" data-testid="by-phase">'
            f'<caption>{escape(_("Points lost by phase"))}</caption><tr>{heads}</tr>{rows}'
            f'</table><figure class="loss-figure"><figcaption>'
            f'{escape(_("Points lost per hand"))} <span class="legend">{legend}'
            "</span></figcaption>"
            f"{loss_chart(review)}</figure></div>{largest}</section>")


_NO_MISTAKE = N_("No mistake: every choice was within {threshold} of the expert's best.")


def loss_chart(review: Review) -> str:
    """The points lost in each hand as bars (inline SVG, no script); a hand with a mistake
    in it is marked. Its label reads every value for a screen reader."""
    hands = review.hands
    flagged = {d.hand for d in review.decisions if d.flagged}
    step = max(30, min(64, 400 // max(len(hands), 1)))  # about 400 wide unless many hands
    left, base, room, bar = 40, 130, 100, round(step * 0.7)
    width, top = left + step * max(len(hands), 1) + 6, max([h.loss for h in hands] + [0.5])
    parts = [f'<line class="axis" x1="{left - 4}" y1="{base}" x2="{width - 4}" y2="{base}"/>',
             f'<text class="axis-label" x="2" y="12">{escape(_("points"))}</text>',
             f'<text class="axis-label" x="2" y="{base + 18}">{escape(_("hand"))}</text>']
    for i, hand in enumerate(hands):
        x, tall = left + step * i, round(hand.loss / top * room, 1)
        mark = " mistake" if hand.hand in flagged else ""
        parts.append(f'<rect class="bar{mark}" x="{x}" y="{base - tall}" width="{bar}" '
                     f'height="{tall}"/>')
        parts.append(f'<text class="tick" x="{x + bar / 2}" y="{base + 18}" '
                     f'text-anchor="middle">{hand.hand}</text>')
        if hand.loss >= 0.005:
            parts.append(f'<text class="bar-value" x="{x + bar / 2}" '
                         f'y="{base - tall - 5}" text-anchor="middle">{hand.loss:.2f}</text>')
    label = _("Points lost per hand: {hands}", hands="; ".join(
        _("hand {number}, {loss} (a mistake)", number=h.hand, loss=f"{h.loss:.2f}")
        if h.hand in flagged else _("hand {number}, {loss}", number=h.hand,
                                     loss=f"{h.loss:.2f}") for h in hands))
    return (f'<svg class="loss-chart" data-testid="loss-chart" viewBox="0 0 {width} 150" '
            f'width="{width}" height="150" role="img" aria-label="{escape(label)}">'
            f'{"".join(parts)}</svg>')


def _hand(hand: HandReview, decisions: list[Decision], game: Game, who: Sequence[str],
          seat: int, moments: dict[Place, str]) -> str:
    """One hand: its result, its flagged decisions in full, its hindsight, every choice
    made in it (as the terminal's review lists them, each a link to its moment in the
    replay) and the hand as played."""
    name = who[seat]
    flagged = "".join(_decision(d, name, moments[(d.hand, d.index)])
                      for d in decisions if d.flagged)
    seen = hindsight_line(hand, who)
    hindsight = f'<p class="hindsight" data-testid="hindsight">{escape(capital(seen))}</p>' \
        if seen else ""
    every = "".join(f'<li><a href="{escape(moments[(d.hand, d.index)])}" '
                    f'data-testid="to-replay">{escape(decision_line(d))}</a></li>'
                    for d in decisions)
    every_choice = _("Every choice of {name} in this hand ({n})", name=name, n=len(decisions))
    choices = (f'<details class="choices"><summary>{escape(every_choice)}'
               f"</summary><ul>{every}</ul></details>") if decisions else ""
    played = game.transcript(names=who, hand=hand.hand).split("\n\n")[1:2]
    transcript = (f'<details class="choices"><summary>{escape(_("The hand as played"))}'
                  f"</summary><pre>{escape(played[0])}</pre></details>") if played else ""
    lost = escape(_("{name} lost {loss}", name=name, loss=f"{hand.loss:.2f}"))
    heading = escape(_("Hand {number}", number=hand.hand))
    return (f'<section class="review-hand" id="hand-{hand.hand}" data-testid="review-hand" '
            f'aria-labelledby="hand-{hand.hand}-title"><h2 id="hand-{hand.hand}-title">'
            f'{heading} <span class="lost">{lost}</span></h2>'
            f"<p>{escape(dealt_words(hand, who))}.</p>"
            f"{flagged}"
            f"{hindsight}{choices}{transcript}</section>")


def _decision(d: Decision, name: str, moment: str) -> str:
    """A flagged decision in full: the moment, the cards held, every option with its value
    (best first), the choice made and the expert's best, the loss, and the way to see it on
    the table (``moment``: its place in the replay)."""
    ranked = sorted(d.values, key=lambda t: (-d.values[t], t != d.best))
    rows = []
    for token in ranked:
        marks = [m for m, yes in ((_("{name}'s choice", name=name), token == d.chosen),
                                  (_("the expert's best"), token == d.best)) if yes]
        kind = " ".join(k for k, yes in (("chosen", token == d.chosen),
                                         ("best", token == d.best)) if yes)
        rows.append(f'<tr class="{kind}"><td>{escape(d.words[token])}</td>'
                    f"<td>{d.values[token]:+.2f}</td><td>{escape(', '.join(marks))}</td></tr>")
    held = "".join(f'<img class="card tiny" src="/cards/{c}.svg" alt="{escape(card_name(c))}"'
                   f' title="{escape(card_text(c))}">' for c in d.cards)
    lost, holding = _("lost {loss}", loss=f"{d.loss:.2f}"), _("{name} held", name=name)
    option, value = _("Option"), _("Value ({label})", label=_(HINT_LABEL))
    which, see = _("Which"), _("See it on the table")
    return (f'<article class="decision" id="{_anchor(d)}" data-testid="flagged">'
            f'<h3>{escape(capital(d.situation))} <span class="lost">{escape(lost)}</span>'
            f'</h3><div class="held" aria-label="{escape(holding)}">{held}</div>'
            f'<table class="options"><tr><th scope="col">{escape(option)}</th><th scope="col">'
            f'{escape(value)}</th><th scope="col"><span class="visually-hidden">'
            f'{escape(which)}</span></th></tr>{"".join(rows)}</table>'
            f'<p class="verdict">{escape(verdict(d))} · <a href="{escape(moment)}" '
            f'data-testid="see-on-table">{escape(see)}</a></p></article>')


def _anchor(d: Decision) -> str:
    return f"d-{d.hand}-{d.index}"


def capital(text: str) -> str:
    """A sentence's first letter made a capital (the coach's words start lower case)."""
    return text[:1].upper() + text[1:]
