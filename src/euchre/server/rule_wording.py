"""The words of a ``state`` message for Railroad, Hasenpfeffer and Napoleon (a ``TableView``):
the same keys ``wording.words`` sends for Euchre, so the page draws every game one way.

Only what the seat's view holds is named: a discard or a best card given face down is
"a card" to everyone but its owner (the view carries no card for it), and the last move is
worded from the same masked token (``table.Table.state``).

>>> from euchre import Game, Rules
>>> game = Game(Rules(game="napoleon", players=3), seed=4)
>>> said = words(game.view(game.to_move), ("Ann", "Bo", "Cy"))
>>> [c["words"] for c in said["choices"]]
['pass', 'two', 'three', 'misère', 'four', 'nap']
>>> said["prompt"]
'Your bid: bid higher than the bids so far, or pass'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.view import TableView
from ..i18n import _
from ..table_words import HIDDEN, NAP_CONTRACTS, bid_words, choice_words, contract_words
from ..words import YOU, card_name, card_text, suit_text
from ..words import choice_words as euchre_choice_words
from . import wording


def masked(token: str, seat: int | None, actor: int) -> str:
    """``token`` as ``seat`` may know it: a face-down discard or gift by someone else
    without its card."""
    verb = token.split()[0]
    return verb if verb in HIDDEN and seat != actor and " " in token else token


def prompt(view: TableView) -> str:
    """What the seat to move is asked to do, from the kinds of its choices."""
    legal = view.legal
    if not legal:
        return ""
    kinds = {token.split()[0] for token in legal}
    upcard = str(view.details.get("upcard"))  # (shown only where the choices offer it)
    if "give" in kinds:
        return _("Choose the card to give your partner, face down")
    if "discard" in kinds and view.phase == "discard":
        return _("You pick up {card}: choose a card to discard", card=card_text(upcard))
    if "discard" in kinds:
        return _("Choose a card to discard face down")
    if "defend alone" in legal:
        return _("Defend alone, or pass")
    if "order" in kinds:
        return (_("Your bid: pick up {card} or pass", card=card_text(upcard))
                if view.player == view.dealer
                else _("Your bid: order up {card} or pass", card=card_text(upcard)))
    if "bid" in kinds:
        return _("Your bid: bid higher than the bids so far, or pass")
    if "call" in kinds:
        return _("Your bid: name trump") if "pass" not in legal else \
            _("Your bid: name trump or pass")
    return _("Your card: follow suit if you can") if view.trick else _("Your lead")


def words(view: TableView, names: tuple[str, ...] | list[str],
          shown: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every wording the page needs for ``view``, in ``wording.words``' keys."""
    upcard = view.details.get("upcard")
    last = view.last_hand
    joker = upcard == "JK" and view.phase == "joker"
    return {
        "choices": [_choice(view, token) for token in _ordered(view)],
        "cards": _cards(view, shown),
        "prompt": prompt(view),
        "upcard": _upcard_state(view.details) if upcard else "",
        "upcard_down": bool(upcard) and _down(view.details),
        "note": _(wording.JOKER_NOTE) if joker else "",
        "trump": suit_text(view.trump) if view.trump else None,
        "bids": [{"seat": p, "words": bid_words(view, p, t)} for p, t in view.bids],
        "reasons": [_reason(view, t["cards"], t["winner"]) for t in view.tricks],
        "hint_label": _(wording.HINT_LABEL),
        "last_hand": None if last is None else _last_hand(view, last, names),
        "suits": {c: _suit_of(view.trump, c) for c in (*view.hand, *shown,
                                                      *([upcard] if upcard else []))},
        "names": wording._told_apart(names),
        "contract": None if view.bid is None else contract_words(view.game, view.bid),
    }


def last_words(view: TableView, names: tuple[str, ...] | list[str],
               last: tuple[int, str] | None) -> str:
    """The newest move as the live region says it ("West bid four tricks", "You played
    J♥"); ``last``'s token already masked for this seat."""
    if last is None:
        return ""
    player, token = last
    name = _(YOU) if player == view.player else names[player]
    if len(token) == 2:
        card = card_text(token)
        return (_("You played {card}", card=card) if player == view.player
                else _("{name} played {card}", name=name, card=card))
    return _("{name} {bid}", name=name, bid=bid_words(view, player, token))


def _ordered(view: TableView) -> list[str]:
    """The choices in the order the page shows them: cards in the hand's order, bids in
    the ladder's (lowest first), pass first."""
    place = {card: i for i, card in enumerate(view.hand)}
    return sorted(view.legal, key=lambda t: (t != "pass", place.get(t.split()[-1], len(place))))


def _choice(view: TableView, token: str) -> dict[str, Any]:
    parts = token.split()
    card = token if len(token) == 2 else parts[1] if parts[0] in HIDDEN else None
    return {"token": token, "words": choice_words(view, token), "card": card}


def _cards(view: TableView, shown: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Each card this view (and ``shown``) shows, with its spoken name."""
    seen = {*view.hand, *shown, *view.trick}
    seen.update(c for trick in view.tricks for c in trick["cards"])
    upcard = view.details.get("upcard")
    if upcard:
        seen.add(upcard)
    for _seat, token in view.bids:
        if token.split()[0] in HIDDEN and " " in token:
            seen.add(token.split()[1])
    last = view.last_hand
    if last:
        seen.update(c for trick in last["tricks"] for c in trick["cards"])
        if last.get("upcard"):
            seen.add(last["upcard"])
    return {c: {"name": card_name(c)} for c in seen}


def _suit_of(trump: str | None, card: str) -> str:
    """The suit a card belongs to under ``trump`` (the page marks trumps and groups the
    hand): the Joker and the left bower are trumps in Railroad and Hasenpfeffer."""
    if card == "JK":
        return trump or "J"
    if trump and card[0] == "J" and card[1] == _LEFT.get(trump):
        return trump
    return card[1]


_LEFT = {"C": "S", "S": "C", "D": "H", "H": "D"}


def _down(details: dict[str, Any]) -> bool:
    return details.get("round", 0) > 0 and not details.get("upcard_taken")


def _upcard_state(details: dict[str, Any]) -> str:
    if details.get("upcard_taken"):
        return _("picked up")
    return _("turned down") if _down(details) else _("turned up")


def _reason(view: TableView, cards: Sequence[str], winner: int) -> str:
    trump = suit_text(view.trump) if view.trump else ""
    return _("the highest trump, {suit}", suit=trump) if trump and any(
        _suit_of(view.trump, c) == view.trump for c in cards) else _("the highest card of "
                                                                       "the suit led")


def _last_hand(view: TableView, last: dict[str, Any],
               names: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """The finished hand in words: its bidding, why each trick was won, one summary."""
    then = TableView(**{**{f: getattr(view, f) for f in view.__dataclass_fields__},
                        "dealer": last["dealer"], "details": {**view.details, **last}})
    bids = [{"seat": p, "words": bid_words(then, p, t)} for p, t in last["bids"]]
    upcard = last.get("upcard")
    thrown = last["ended"] == "thrown_in"
    return {"bids": bids, "summary": summary(view, last, names),
            "outcome": _(wording.OUTCOME_WORDS[last["ended"]]),
            "trump": None if thrown or not last["trump"] else suit_text(last["trump"]),
            "upcard": _upcard_state(last) if upcard else "",
            "upcard_down": bool(upcard) and _down(last),
            "reasons": [] if thrown else [_reason(then, t["cards"], t["winner"])
                                          for t in last["tricks"]]}


def summary(view: TableView, last: dict[str, Any], names: tuple[str, ...] | list[str]) -> str:
    """A finished hand in one sentence, in the reader's language."""
    if last["ended"] == "thrown_in":
        return _("Everybody passed: the hand is thrown in.")
    who = [_(YOU) if seat == view.player else name for seat, name in enumerate(names)]
    maker, points = last["maker"], last["points"]
    if view.game == "napoleon":
        each = abs(points[maker]) // (len(points) - 1)
        contract = _(NAP_CONTRACTS[last["bid"]])
        if last["ended"] == "made":
            return _("{name} made {contract}: each of the others pays {n}.", name=who[maker],
                     contract=contract, n=each)
        return _("{name} failed at {contract}: pays each of the others {n}.",
                 name=who[maker], contract=contract, n=each)
    makers = _(" and ").join(who[seat] for seat in last["makers"])
    side = view.sides[maker]
    taken = last["side_tricks"][side]
    if view.game == "hasenpfeffer":
        bid = int(last["bid"].split()[1])
        return _("{makers} bid {bid} and took {taken}: {points} points.", makers=makers,
                 bid=bid, taken=taken, points=points[side])
    gained = max(points)
    scorers = _(" and ").join(who[s] for s in range(len(who))
                              if view.sides[s] == points.index(gained))
    return _("{makers} took {taken} tricks ({outcome}); {scorers} score {points}.",
             makers=makers, taken=taken, outcome=_(wording.OUTCOME_SHORT[last["ended"]]),
             scorers=scorers, points=gained)


def words_for(view: Any, names: tuple[str, ...] | list[str], shown: tuple[str, ...] = (),
              kept: dict | None = None) -> dict[str, Any]:
    """The words of any game's view: Euchre's (``wording.words``, with the table's ``kept``
    words of its finished hand) or these games'."""
    if isinstance(view, TableView):
        return words(view, names, shown)
    return wording.words(view, names, shown, kept=kept)


def last_words_for(view: Any, names: tuple[str, ...] | list[str],
                   last: tuple[int, str] | None) -> str:
    """The last move's words for any game's view (``wording.last_words`` or these games')."""
    made = last_words if isinstance(view, TableView) else wording.last_words
    return made(view, names, last)


def kind_of(token: str) -> str:
    """What an action is, in any game: a ``card`` played, a ``discard`` (or a card given
    face down), or a ``bid`` (everything else: passes, calls, going alone, the ladders)."""
    verb = token.split()[0]
    return "card" if len(token) == 2 else "discard" if verb in HIDDEN else "bid"


def choice_words_for(view: Any, token: str) -> str:
    """A choice's words for any game's view (``euchre.words.choice_words`` for Euchre's)."""
    return (choice_words if isinstance(view, TableView) else euchre_choice_words)(view, token)
