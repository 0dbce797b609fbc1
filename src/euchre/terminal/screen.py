"""How the terminal draws a table: the heading, the upcard as it lies, trump, the bidding, the
tricks, the trick in progress and the hands shown. ``euchre play`` (one hand shown, yours)
and ``euchre replay --step`` (every hand: the match is over) draw with the same lines.

Every word comes from ``euchre.words``; only the colours are the terminal's (``coloured``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.markup import escape

from ..actions import DISCARD, PASS, action_token, parse_action
from ..cards import EFFECTIVE_SUIT, JOKER, SUITS, parse_card
from ..i18n import N_, _, listed, ngettext
from ..view import View
from ..words import (
    PLACE_NAMES,
    YOU,
    bid_words,
    card_text,
    plays_said,
    score_words,
    suit_text,
    upcard_state,
)

SEAT_NAMES = {2: (YOU, N_("Computer")), **{n: (YOU, *places) for n, places in PLACE_NAMES.items()}}
"""The seats as the terminal names them (``words.PLACE_NAMES`` at three and four)."""
CARD_LABEL = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")


def coloured(text: str) -> str:
    """``euchre.words`` text as markup with its cards coloured: red suits red, the Joker
    magenta (the words stay those of ``euchre.words``; only the colour is the terminal's)."""
    out = CARD_LABEL.sub(lambda m: f"[bold red]{m[0]}[/]" if m[2] in "♦♥" else f"[bold]{m[0]}[/]",
                         escape(text))
    return out.replace("Joker", "[bold magenta]Joker[/]")


def hand_text(view: View) -> str:
    """``view.hand`` in its order (the order the options are numbered in), a wider gap
    between suits (the left bower and the Joker with trump); a dealer about to discard
    holds the upcard as a sixth card, shown after them as its discard is numbered."""
    trump = SUITS.index(view.trump) if view.trump else -1
    groups: list[list[str]] = []
    last_suit = None
    for token in view.hand:
        card = parse_card(token)
        suit = EFFECTIVE_SUIT[trump][card] if trump >= 0 else (
            card >> 3 if card != JOKER else -1)
        if suit != last_suit:
            groups.append([])
            last_suit = suit
        groups[-1].append(coloured(card_text(token)))
    shown = "  ".join(" ".join(g) for g in groups)
    if view.phase == "discard" and view.player == view.dealer and view.upcard:
        shown += "  + " + _("{card} (the upcard)", card=coloured(card_text(view.upcard)))
    return shown


def standing(score: Sequence[int], players: int) -> str:
    """The score by side as a sentence goes on, the person at seat 0.

    >>> standing([3, 5], 2), standing([3, 5], 4), standing([3, 5, 1], 3)
    ('you 3, computer 5', 'you and North 3, West and East 5', 'you 3, West 5, East 1')
    """
    names = [_("you"), *(_(name).lower() if players == 2 else _(name)
                          for name in SEAT_NAMES[players][1:])]
    return score_words(score, names, players)


def in_turn(leader: int, players: int, out: Sequence[int] = ()) -> list[int]:
    """The seats that play a trick, in the order they play it: the leader, then clockwise
    (the next seat number), past a seat that sits out.

    >>> in_turn(1, 2), in_turn(3, 4, out=(1,)), in_turn(2, 3)
    ([1, 0], [3, 0, 2], [2, 0, 1])
    """
    return [seat for seat in ((leader + i) % players for i in range(players))
            if seat not in out]


def table_lines(view: View, who: Callable[[int], str], heading: str,
                hands: Sequence[tuple[str | None, View]],
                named: Callable[[int], str] | None = None) -> list[str]:
    """The table as markup lines, seen from ``view``: ``who(p)`` names a seat as a sentence
    starts it ("You", "Computer", "Ann"), ``named(p)`` within one (by default ``who``'s word
    in lower case: "you", "computer"; a person's name keeps its capital); ``hands`` are the
    hands shown, each with whose it is (None: the reader's own; one seat's, with the other's
    card count told; or every seat's)."""
    mid = named or (lambda seat: who(seat).lower())
    lines = ["", f"[bold]{heading}[/]"]
    state = upcard_state(view)
    if view.upcard_taken:
        state = _("picked up by {name}", name=mid(view.dealer))
    trump = (_("Trump {suit}, made by {name}.", suit=coloured(suit_text(view.trump)),
               name=mid(view.maker)) if view.trump and view.maker is not None
             else _("No trump yet."))
    lines.append(_("Upcard {card} ({state}).", card=coloured(card_text(view.upcard)),
                   state=state) + "  " + trump)
    if view.bids:
        bids = listed(_("{name} {bid}", name=mid(p), bid=coloured(bid_words(view, p, t)))
                      for p, t in view.bids)
        lines.append(_("Bidding: {bids}.", bids=bids))
    players = len(view.tricks_won)
    if view.alone and players == 4:  # (in cutthroat the maker always plays alone)
        lines.append(_alone_line(view, who))
    if players > 2 and (view.phase == "play" or view.tricks):
        tricks = listed(_("{name} {n}", name=mid(seat), n=view.tricks_won[seat])
                        for seat in range(players) if seat not in view.out)
        held = listed(_("{name} {n}", name=who(seat), n=view.cards_held[seat])
                      for seat in range(players)
                      if seat not in view.out and seat != view.player)
        lines.append(_("Tricks won: {tricks}.", tricks=tricks) + "  "
                     + _("Cards held: {held}.", held=held))
    elif view.phase == "play" or view.tricks:
        tricks = _("Tricks: {first} {won}, {second} {other}.", first=mid(0),
                   won=view.tricks_won[0], second=mid(1), other=view.tricks_won[1])
        if len(hands) == 1 and view.player is not None:
            other = 1 - view.player
            left = 5 - len(view.tricks) - (1 if view.trick and view.leader == other else 0)
            tricks += "  " + ngettext("{name} holds {n} card.", "{name} holds {n} cards.", left,
                                      name=who(other))
        lines.append(tricks)
    if view.trick:
        seats = in_turn(view.leader, players, view.out)
        led = coloured(card_text(view.trick[0]))
        rest = plays_said((mid(seat), coloured(card_text(card)))
                          for seat, card in zip(seats[1:], view.trick[1:], strict=False))
        lines.append(_trick_line(who(view.leader) == _(YOU), mid(view.leader), led, rest))
    lines.extend(line for owner, seen in hands if (line := _hand_line(owner, seen)))
    return lines


def _hand_line(owner: str | None, seen: View) -> str:
    """A hand shown, whose it is and its cards in one message ("Your hand: ..." and "Ann's
    hand: ..." apart); a dealer's hand under a turned-up Joker lies face down. Empty when
    there is nothing to show."""
    if seen.hand:
        cards = hand_text(seen)
        return (_("Your hand: {cards}", cards=cards) if owner is None else
                _("{name}'s hand: {cards}", name=owner, cards=cards))
    if seen.phase == "joker" and seen.player == seen.dealer:
        return (_("Your hand: (face down: trump is named before looking)") if owner is None
                else _("{name}'s hand: (face down: trump is named before looking)",
                       name=owner))
    return ""


def _trick_line(yours: bool, leader: str, led: str, rest: str) -> str:
    """The trick in progress: who led what (you or a name: separate messages), then the
    cards played to it since (``rest``, said; empty when only the lead is down)."""
    if yours:
        return (_("Trick: you led {card}, then {plays}.", card=led, plays=rest) if rest
                else _("Trick: you led {card}.", card=led))
    return (_("Trick: {name} led {card}, then {plays}.", name=leader, card=led, plays=rest)
            if rest else _("Trick: {name} led {card}.", name=leader, card=led))


def _alone_line(view: View, who: Callable[[int], str]) -> str:
    """Who plays alone this hand, and who sits out: "West goes alone: East sits out."."""
    said, you = [], _(YOU)
    for seat in view.alone:  # his partner: the seat of his side that sits out
        partner = next(s for s in view.out if view.sides[s] == view.sides[seat])
        said.append(_("You go alone: {partner} sits out.", partner=who(partner))
                    if who(seat) == you else
                    _("{name} goes alone: you sit out.", name=who(seat)) if who(partner) == you else
                    _("{name} goes alone: {partner} sits out.", name=who(seat),
                      partner=who(partner)))
    return "  ".join(said)


def move_words(before: View, who: str, token: str) -> str:
    """A move said in full, as a replay tells it (every card may be named: the match is
    over), from the view just before it, a sentence: "Ann played 10♣.", "Bo picked up K♣ and
    discarded 9♥.", "Bo left K♣.", "Ann ordered up K♣."."""
    action = parse_action(token)
    if action < DISCARD:
        return _("{name} played {card}.", name=who, card=card_text(token))
    up = card_text(before.upcard)
    if action < PASS:
        return _("{name} picked up {card} and discarded {discard}.", name=who, card=up,
                 discard=card_text(action_token(action - DISCARD)))
    if action == PASS and before.phase == "discard":
        return _("{name} left {card}.", name=who, card=up)
    bidder = before.to_move
    assert bidder is not None  # (a move was made: the match was not over)
    return _("{name} {bid}.", name=who, bid=bid_words(before, bidder, token))
