"""The words of a ``state`` message: everything the browser page shows a person in writing.

The page never words a choice, a card or a bid itself: it shows what this module sends, and
this module takes every wording from ``euchre.words`` (the terminal's too), so the two faces
say the same thing. Only cards the seat may see are named: the words are built from that
seat's ``View`` and nothing else.

>>> from euchre import Game, Rules
>>> game = Game(Rules(), seed=7)
>>> said = words(game.view(1), ("Ann", "Bo"))
>>> [c["words"] for c in said["choices"]], said["prompt"]
(['pass', 'order up K♣'], 'Your bid: order up K♣ or pass')
>>> said["cards"]["KC"]
{'name': 'king of clubs'}
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import DISCARD, PASS, action_token, parse_action
from ..cards import EFFECTIVE_SUIT, N_CARDS, SUITS, card_token, parse_card, parse_suit
from ..i18n import N_, _, language
from ..view import View
from ..words import (
    YOU,
    bid_text,
    bid_words,
    card_name,
    card_text,
    choice_words,
    finished_upcard_state,
    ordered_choices,
    result_words,
    suit_text,
    trick_reason,
    upcard_state,
)

PHRASES = {"good_game": "Good game", "nice_hand": "Nice hand",
           "sorry_partner": "Sorry, partner", "thanks": "Thanks"}
"""The only words one player may send the others at a table (a ``say`` message), by key."""
PASS_TOKEN = action_token(PASS)
HINT_LABEL = N_("estimated points this hand")
"""What a hint's number means, shown beside the values."""
OUTCOME_WORDS = {"made": N_("made it"), "march": N_("a march: all five tricks"),
                 "euchred": N_("euchred"), "set": N_("set: fewer tricks than bid"),
                 "thrown_in": N_("thrown in")}
OUTCOME_SHORT = {"made": N_("made"), "march": N_("march"), "euchred": N_("euchred"),
                 "set": N_("set"), "thrown_in": N_("thrown in")}
"""A hand's outcome in a word, for the score pad's column."""
JOKER_NOTE = N_("The Joker was turned up: the dealer names trump before seeing the cards.")


@functools.lru_cache(maxsize=8)
def _card_words(code: str) -> dict[str, dict[str, str]]:
    """Every card's spoken name in language ``code`` (the page's image labels), worked out
    once: each state names a dozen. (Written labels travel in the words of choices, bids and
    summaries.)"""
    return {card_token(c): {"name": card_name(card_token(c))} for c in range(N_CARDS)}


def _reason(cards: tuple[str, ...], trump: str) -> str:
    """``trick_reason`` in the reader's language, remembered: a state message repeats the
    reasons of every trick."""
    return _reason_in(cards, trump, language())


@functools.lru_cache(maxsize=4096)
def _reason_in(cards: tuple[str, ...], trump: str, code: str) -> str:
    return trick_reason(cards, trump)


def words(view: View, names: tuple[str, ...] | list[str],
          shown: tuple[str, ...] = (), kept: dict | None = None) -> dict[str, Any]:
    """Every wording the page needs for ``view`` (a player's or a spectator's); ``shown``:
    cards the page shows besides the view's (a finished game's replay shows every hand);
    ``kept``: the caller's dict where the finished hand's words are kept for the states that
    follow (a table's, let go with it: no module here keeps views or words)."""
    last, upcard = view.last_hand, upcard_state(view)
    said: dict[str, Any] = {
        "choices": [_choice(view, token) for token in ordered_choices(view)],
        "cards": _cards(view, shown),
        "prompt": _prompt(view),
        "upcard": upcard,
        "upcard_down": upcard == _("turned down"),
        "note": _(JOKER_NOTE) if view.upcard == "JK" and view.phase == "joker" else "",
        "trump": suit_text(view.trump) if view.trump else None,
        "bids": _bid_lines_in(view.bids, view.dealer, view.upcard, view.upcard_taken,
                              view.phase not in ("bid1", "discard", "joker"), language()),
        "reasons": [_reason(t.cards, view.trump or "C") for t in view.tricks],
        "hint_label": _(HINT_LABEL),
        "last_hand": None if last is None else _last_hand_kept(view, last, names, kept),
        "suits": _suits(view, shown),
        "names": _told_apart(names),
    }
    return said


def last_words(view: View, names: tuple[str, ...] | list[str],
               last: tuple[int, str] | None) -> str:
    """The newest move as the live region announces it: "Computer played J♥", "Ann: ordered
    up K♣", "Bo picked up and discarded a card" (another's discard stays hidden)."""
    if last is None:
        return ""
    player, token = last
    name = _namer(view, names)(player)
    yours = player == view.player
    if token == "discard":
        return (_("You picked up and discarded a card") if yours
                else _("{name} picked up and discarded a card", name=name))
    if token == PASS_TOKEN and view.phase == "play" and _ordered_up(view.bids, player):
        said = _answer(view.upcard, False)  # the dealer left an ordered upcard
    else:
        action = parse_action(token)
        if action < DISCARD:
            card = card_text(token)
            return (_("You played {card}", card=card) if yours
                    else _("{name} played {card}", name=name, card=card))
        if action < PASS:
            card = card_text(action_token(action - DISCARD))
            return (_("You picked up and discarded {card}", card=card) if yours
                    else _("{name} picked up and discarded {card}", name=name, card=card))
        then = view
        if not view.bids and view.last_hand is not None:  # the bid that threw the hand in
            then = dataclasses.replace(view, dealer=view.last_hand["dealer"],
                                       upcard=view.last_hand["upcard"])
        said = bid_words(then, player, token)
    return _("{name} {bid}", name=name, bid=said)  # (the name is "You" for the reader)


def bid_lines(view: View, bids: Sequence[Sequence[Any]], taken: bool | None,
              answered: bool) -> list[dict[str, Any]]:
    """The bidding as the page shows it at the seats and in its list: each bid's seat and
    words, then the dealer's answer to an order-up once he has given it ("picked up K♣",
    "left K♣ on the table"), which ``view.bids`` does not hold (it is no bid).

    >>> from euchre import Game, Rules
    >>> game = Game(Rules(), seed=7)
    >>> game.apply("order"); game.apply("pass")
    >>> view = game.view(1)
    >>> bid_lines(view, view.bids, view.upcard_taken, answered=True)
    [{'seat': 1, 'words': 'ordered up K♣'}, {'seat': 0, 'words': 'left K♣ on the table'}]
    """
    return _lines(bids, view.dealer, view.upcard, taken, answered)


def _lines(bids: Sequence[Sequence[Any]], dealer: int, upcard: str, taken: bool | None,
           answered: bool) -> list[dict[str, Any]]:
    lines = [{"seat": p, "words": bid_text(t, p == dealer, upcard)} for p, t in bids]
    if answered and bids and _ordered_up(bids, dealer) and taken is not None:
        lines.append({"seat": dealer, "words": _answer(upcard, taken)})
    return lines


@functools.lru_cache(maxsize=1024)
def _bid_lines_in(bids: tuple[tuple[int, str], ...], dealer: int, upcard: str,
                  taken: bool | None, answered: bool, code: str) -> list[dict[str, Any]]:
    """``bid_lines`` of a view's own bidding in language ``code``, made once (every state
    of a hand's play shows the same bids, to every seat): encode it, do not change it."""
    return _lines(bids, dealer, upcard, taken, answered)


def _ordered_up(bids: Sequence[Sequence[Any]], dealer: int) -> bool:
    """Whether the bidding ended with the other player ordering the dealer's upcard up."""
    return bool(bids) and bids[-1][1] == "order" and bids[-1][0] != dealer


def _answer(upcard: str, taken: bool) -> str:
    """The dealer's answer to an order-up."""
    card = card_text(upcard)
    return _("picked up {card}", card=card) if taken else _("left {card} on the table",
                                                              card=card)


def _suits(view: View, shown: tuple[str, ...] = ()) -> dict[str, str]:
    """The suit each card of the hand belongs to under trump (the left bower is a trump):
    the page marks trumps and groups the hand by it. The dealer about to discard holds the
    upcard as a sixth card, so it is among them."""
    if shown:
        return suits_of((*shown, view.upcard), view.trump)
    if view.phase == "discard" and view.player == view.dealer:
        return suits_of((*view.hand, view.upcard), view.trump)
    return suits_of(view.hand, view.trump)


@functools.lru_cache(maxsize=8192)
def suits_of(hand: tuple[str, ...], trump: str | None) -> dict[str, str]:
    """The suit each of ``hand``'s cards belongs to under ``trump`` (the replay shows every
    hand face up, so it asks for both seats' cards)."""
    # (remembered: a hand changes once a trick, and the same dict is only ever encoded)
    if not trump:
        return {c: ("J" if c == "JK" else c[1]) for c in hand}
    suit = parse_suit(trump)
    return {c: SUITS[EFFECTIVE_SUIT[suit][parse_card(c)]] for c in hand}


def _told_apart(names: tuple[str, ...] | list[str]) -> list[str]:
    """The names as shown: two players with the same name are "Ann (first seat)" and "Ann
    (second seat)" (at a table of three or four, "(seat 3)" and so on)."""
    if len(set(names)) == len(names):
        return list(names)
    if len(names) == 2:
        return [_("{name} (first seat)", name=names[0]),
                _("{name} (second seat)", name=names[1])]
    return [name if list(names).count(name) == 1 else _("{name} (seat {seat})", name=name,
                                                        seat=seat + 1)
            for seat, name in enumerate(names)]


def _namer(view: View, names: Sequence[str]) -> Callable[[int], str]:
    def who(player: int) -> str:
        return _(YOU) if player == view.player else names[player]
    return who


def _choice(view: View, token: str) -> dict[str, Any]:
    """One choice: its token, its words, and the card it is made with (None for a bid)."""
    return _choice_in(token, choice_words(view, token))


@functools.lru_cache(maxsize=1024)
def _choice_in(token: str, said: str) -> dict[str, Any]:
    """A choice from its token and words, made once (states share it: encode it, do not
    change it): every state of a hand offers the same few."""
    action = parse_action(token)
    card = None
    if action < DISCARD:
        card = token
    elif action < PASS:
        card = action_token(action - DISCARD)
    return {"token": token, "words": said, "card": card}


def _cards(view: View, shown: tuple[str, ...] = ()) -> dict[str, dict[str, str]]:
    """Each card this view (and ``shown``) shows, with its spoken name."""
    seen = {*view.hand, *shown, view.upcard, *view.trick}
    for trick in view.tricks:
        seen.update(trick.cards)
    if view.discard:
        seen.add(view.discard)
    last = view.last_hand
    if last:
        seen.add(last["upcard"])
        for trick in last["tricks"]:
            seen.update(trick["cards"])
        if last.get("discard"):
            seen.add(last["discard"])
    seen.discard(None)
    known = _card_words(language())
    return {c: known[c] for c in seen}


def _prompt(view: View) -> str:
    """What the seat to move is asked to do (empty for anyone else)."""
    if not view.legal:
        return ""
    up = card_text(view.upcard)
    if view.phase == "bid1":
        return (_("Your bid: pick up {card} or pass", card=up) if view.player == view.dealer
                else _("Your bid: order up {card} or pass", card=up))
    if view.phase == "bid2":
        return (_("Your bid: name trump") if "pass" not in view.legal
                else _("Your bid: name trump or pass"))
    if view.phase == "discard":
        if "pass" in view.legal:
            return _("Pick up {card} and discard a card, or leave it", card=up)
        return _("You pick up {card}: choose a card to discard", card=up)
    if view.phase == "joker":
        return _("The Joker was turned up: name trump before you see your cards")
    return _("Your card: follow suit if you can") if view.trick else _("Your lead")


KEPT_READERS = 64
"""Readers (seat, names, language) whose words a ``kept`` dict holds before it starts again:
a table's seats and spectators in a few languages, bounded whatever renames come."""


def _last_hand_kept(view: View, last: dict[str, Any], names: Sequence[str],
                    kept: dict | None) -> dict[str, Any]:
    """The finished hand's words, found again in ``kept`` while the view's ``last_hand`` is
    the same dict (the game keeps one per finished hand: every state of the next hand asks
    for the same words). The dict is kept beside them and compared by identity."""
    if kept is None:
        return _last_hand(view, last, _namer(view, names))
    key = (view.player, tuple(names), language())
    found = kept.get(key)
    if found is not None and found[0] is last:
        return found[1]
    said = _last_hand(view, last, _namer(view, names))
    if len(kept) >= KEPT_READERS:
        kept.clear()
    kept[key] = (last, said)  # replaces the hand before's: one hand's words a reader
    return said


def _last_hand(view: View, last: dict[str, Any], who: Callable[[int], str]) -> dict[str, Any]:
    """The finished hand in words: its bidding, why each trick was won, and one summary."""
    then = dataclasses.replace(view, dealer=last["dealer"], upcard=last["upcard"])
    bids = bid_lines(then, last["bids"], last["upcard_taken"], answered=True)
    upcard = finished_upcard_state(last)
    down = upcard == _("turned down")
    seats = len(last["tricks_won"])
    said = result_words(last, [who(seat) for seat in range(seats)], seats, you=view.player)
    summary = f"{said[0].upper()}{said[1:]}."  # the one wording of a hand's end
    if last["thrown_in"]:
        return {"bids": bids, "reasons": [], "summary": summary,
                "outcome": _(OUTCOME_WORDS["thrown_in"]), "trump": None, "upcard": upcard,
                "upcard_down": down}
    return {"bids": bids, "summary": summary, "outcome": _(OUTCOME_WORDS[last["outcome"]]),
            "trump": suit_text(last["trump"]), "upcard": upcard, "upcard_down": down,
            "reasons": [_reason(tuple(t["cards"]), last["trump"]) for t in last["tricks"]]}
