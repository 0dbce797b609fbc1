"""Rules of thumb at a table of three or four: the ``medium`` level (``easy`` with mistakes).

The two-handed heuristic's hand count (``hand_strength.strength``) decides the bids, with the
thresholds a table of partners needs and the conventions people play by:

* **Bidding.** Order up when the hand counts enough for the makers' side (less with a
  partner to help, more in cutthroat, where the maker is alone against two); the upcard
  counts for the side that gets it (mine when my partner deals, but then only with support:
  two trumps of my own); go alone only on a hand that takes the tricks by itself, and never
  when a march with the partner would win the match.
* **Defending alone** only with the top of trump.
* **Leads.** Lead trump (the left bower if held) to a partner who made it; as maker draw
  trump; never lead trump into a partner stuck as dealer; against a lone hand lead low in
  a suit the partner showed void in (he trumps it); lead back the suit a partner threw
  off; else cash an ace, or lead low.
* **Following.** Leave a trick to a partner who wins it with the best card out (or is
  last to be beaten by nobody); else win as cheaply as possible; else throw the least card.

>>> from euchre import Game, Rules
>>> g = Game(Rules(players=4), seed=3)
>>> bot = RulesOfThumb(seed=1)
>>> bot.act(g.view(g.to_move)) in g.legal_actions()
True
"""

from __future__ import annotations

import random

from ...actions import CALL, CALL_ALONE, DISCARD, ORDER, ORDER_ALONE, PASS, action_token
from ...cards import DECK_MASKS, EFFECTIVE_SUIT, N_CARDS, POWER, SECOND_WINS, SUITS, bits, suit_of
from ...engine.games.euchre.resample_family import card_of
from ...hands import trick_seats
from ...scoring import partner, sides_of
from ...view import View
from ..checked import checked
from ..hand_strength import best_discard, card_value, strength, strength_with_upcard
from ..view_facts import seat_of, trump_of

ORDER_AT = {4: 5.6, 3: 6.6}
"""Hand count from which a player makes trump: four-handed (a partner helps) and cutthroat
(the maker plays alone against two)."""
ALONE_AT = 10.4
"""Hand count (and no side card that loses) from which a four-handed maker goes alone."""
DEFEND_ALONE_AT = 7.0
"""Count of trump alone from which a defender plays alone against a lone maker."""
SUPPORT = 2
"""Trumps of my own I want before ordering the upcard up to my partner the dealer."""
MARCH = 2
"""A four-handed side's points for all five tricks with the partner: a side that needs no
more than this to win the match never goes alone (a lone march's 4 win it no more)."""


def partner_of(view: View, seat: int) -> int | None:
    """The seat playing with ``seat`` this hand: the one opposite at four (None when either
    sits out), the other defender in cutthroat once trump is made (None for the maker)."""
    mate = partner(view.sides, seat)
    if mate is not None:
        return None if mate in view.out or seat in view.out else mate
    if view.maker is None or seat == view.maker:
        return None
    return 3 - seat - view.maker


def on_my_side(view: View, seat: int) -> bool:
    """Whether ``seat`` plays for the side of ``view.player`` this hand."""
    return seat == seat_of(view) or seat == partner_of(view, seat_of(view))


def cards(tokens: tuple[str, ...] | list[str]) -> list[int]:
    """Card ids of tokens."""
    return [card_of(t) for t in tokens]


class RulesOfThumb:
    """A family player by rules of thumb (the module docstring); ``mistakes``: the share
    of its choices made at random (``easy``)."""

    def __init__(self, seed: int | None = None, mistakes: float = 0.0) -> None:
        self._rng = random.Random(seed)
        self.mistakes = mistakes

    def act(self, view: View) -> str:
        """One of ``view.legal``."""
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        if self.mistakes and self._rng.random() < self.mistakes:
            return self._rng.choice(view.legal)
        choice = choose(view)
        return checked("the rules of thumb", view, choice)

    def analyse(self, view: View) -> dict[str, float]:
        """Its choice valued 1, the rest 0: rules of thumb do not estimate points."""
        choice = choose(view)
        return {token: float(token == choice) for token in view.legal}


def choose(view: View) -> str:
    """The rules-of-thumb choice for a view (a token; legal, or the caller falls back)."""
    hand = cards(view.hand)
    if view.phase == "bid1":
        return _bid1(view, hand)
    if view.phase == "bid2":
        return _bid2(view, hand)
    if view.phase == "joker":
        return next(t for t in view.legal if not t.endswith("alone"))
    trump = trump_of(view)
    if view.phase == "discard":
        six = [card_of(t.split()[1]) for t in view.legal]  # (a turned-up Joker is kept)
        return action_token(DISCARD + best_discard(six, trump))
    if view.phase == "defend":
        return "defend alone" if trump_count(hand, trump) >= DEFEND_ALONE_AT else "pass"
    return action_token(play_card(view, trump))


def bid_count(view: View, hand: list[int], trump: int) -> float:
    """My hand's count for making ``trump`` in round one (``round_one_count``)."""
    assert view.player is not None
    return round_one_count(view.rules.players, view.player, view.dealer,
                           card_of(view.upcard), hand, trump)


def round_one_count(players: int, seat: int, dealer: int, up: int, hand: list[int],
                    trump: int) -> float:
    """A round-one hand count of ``seat``, the upcard counted for whoever gets it: the seat
    itself as dealer, its partner (half: it cannot see his hand), or an opponent. The
    expert's inference reads the others' bids with it too."""
    if seat == dealer:
        return strength_with_upcard(hand, up, trump)
    if partners(players, seat, dealer):
        return strength(hand, trump) + 0.5 * card_value(up, trump)
    return strength(hand, trump) - 0.5 * card_value(up, trump)


def partners(players: int, seat: int, other: int) -> bool:
    """Whether two different seats are partners at a table of four (before anyone sits
    out)."""
    return partner(sides_of(players), seat) == other


def trumps_in(hand: list[int], trump: int) -> int:
    """How many trumps a hand holds."""
    return sum(1 for c in hand if EFFECTIVE_SUIT[trump][c] == trump)


def trump_count(hand: list[int], trump: int) -> float:
    """The count of a hand's trumps alone: what a defender alone relies on."""
    return strength([c for c in hand if EFFECTIVE_SUIT[trump][c] == trump], trump)


def _loses_outside(hand: list[int], trump: int) -> int:
    """Side cards that are not aces: each likely loses a trick."""
    return sum(1 for c in hand if EFFECTIVE_SUIT[trump][c] != trump and POWER[trump][c] != 7)


def alone_pays(view: View) -> bool:
    """Whether going alone can be worth more than a bid with the partner: at a table of
    four, while my side needs more than a march with the partner (``MARCH``) to win."""
    assert view.player is not None
    side = view.sides[view.player]
    return view.rules.players == 4 and view.target - view.score[side] > MARCH


def _bid1(view: View, hand: list[int]) -> str:
    turned = suit_of(card_of(view.upcard))
    count = bid_count(view, hand, turned)
    players = view.rules.players
    if count < ORDER_AT[players]:
        return "pass"
    if partners(players, seat_of(view), view.dealer) and trumps_in(hand, turned) < SUPPORT:
        return "pass"
    if alone_pays(view) and count >= ALONE_AT and _loses_outside(hand, turned) == 0:
        return action_token(ORDER_ALONE)
    return action_token(ORDER)


def _bid2(view: View, hand: list[int]) -> str:
    calls = [t for t in view.legal if t.startswith("call") and not t.endswith("alone")]
    suit = max((SUITS.index(t[-1]) for t in calls), key=lambda s: strength(hand, s))
    count = strength(hand, suit)
    if count < ORDER_AT[view.rules.players] and PASS_TOKEN in view.legal:
        return PASS_TOKEN
    if alone_pays(view) and count >= ALONE_AT and _loses_outside(hand, suit) == 0:
        return action_token(CALL_ALONE + suit)
    return action_token(CALL + suit)


PASS_TOKEN = action_token(PASS)


def convention(view: View) -> tuple[str, frozenset[str]] | None:
    """The partnership convention the rules of thumb follow in this four-handed position, if
    one applies: its words and the legal tokens that keep it (never all of them). The hint
    says so when the expert's best choice breaks it (``coach.convention_note``).

    >>> from euchre import Game, Rules
    >>> view = Game(Rules(players=4), seed=7).view(1)   # the first to bid: Q♥ turned up
    >>> view.hand
    ('9C', 'JD', 'AH', 'AS', 'JS')
    >>> words, keeping = convention(view)
    >>> words, sorted(keeping), choose(view)
    ('go alone only on a hand that takes every trick by itself', ['order', 'pass'], 'order')
    """
    me = seat_of(view)
    if view.rules.players != 4 or me is None or view.phase not in ("bid1", "bid2", "play"):
        return None
    hand = cards(view.hand)
    if view.phase != "play":
        return _bid_convention(view, hand)
    trump = trump_of(view)
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    legal = {card_of(t): t for t in view.legal}
    partner = partner_of(view, me)
    if partner is None:
        return None
    if view.trick:
        played = cards(view.trick)
        seats = trick_seats(view.leader, len(played), 4, view.out)
        best, winner = played[0], seats[0]
        for seat, card in zip(seats[1:], played[1:], strict=True):
            if _beats(card, best, trump):
                best, winner = card, seat
        last = len(played) == 3 - len(view.out)
        if winner == partner and (last or _is_boss(best, view, trump)):
            return _kept("leave a trick to a partner who wins it with the best card out",
                         {t for c, t in legal.items() if not _beats(c, best, trump)}, view)
        return None
    trumps = {t for c, t in legal.items() if eff[c] == trump}
    side = {t for c, t in legal.items() if eff[c] != trump}
    if trumps and partner == view.maker and not trump_led(view, trump):
        if stuck_dealer(view, partner):
            return _kept("lead no trump into a partner stuck as dealer", side, view)
        left = {t for c, t in legal.items() if power[c] == 109}
        return _kept("lead trump, the left bower first, to a partner who made it",
                     left or trumps, view)
    if me == view.maker and trumps:
        return None  # a maker draws trump or not by his own hand
    low = low_leads_for_partner(view, legal, trump)
    if low:
        return _kept("against a lone hand, lead low in a suit the partner can trump",
                     {legal[c] for c in low}, view)
    for suit in thrown_off(view, partner, trump):
        back = {t for c, t in legal.items() if eff[c] == suit}
        if back:
            return _kept("lead back the suit a partner threw off", back, view)
    return None


def _bid_convention(view: View, hand: list[int]) -> tuple[str, frozenset[str]] | None:
    me = seat_of(view)
    assert me is not None
    if view.phase == "bid1":
        turned = suit_of(card_of(view.upcard))
        if partners(4, me, view.dealer) and trumps_in(hand, turned) < SUPPORT:
            return _kept(f"order a partner who deals up only with {SUPPORT} trumps of one's "
                         "own", {t for t in view.legal if not t.startswith("order")}, view)
        counts = [(bid_count(view, hand, turned), turned)]
    else:
        counts = [(strength(hand, suit), suit) for suit in
                  (SUITS.index(t.split()[1]) for t in view.legal
                   if t.startswith("call") and t.endswith("alone"))]
    lone = [t for t in view.legal if t.endswith("alone")]
    if lone and not alone_pays(view):
        return _kept("go alone only when a march with the partner would not win the match",
                     set(view.legal) - set(lone), view)
    if lone and all(count < ALONE_AT or _loses_outside(hand, suit) for count, suit in counts):
        return _kept("go alone only on a hand that takes every trick by itself",
                     set(view.legal) - set(lone), view)
    return None


def _kept(words: str, tokens: set[str], view: View) -> tuple[str, frozenset[str]] | None:
    """A convention that some but not all legal choices keep (else it decides nothing)."""
    if not tokens or len(tokens) == len(view.legal):
        return None
    return words, frozenset(tokens)


def stuck_dealer(view: View, seat: int) -> bool:
    """Whether ``seat`` dealt and named trump only because stick the dealer made him (every
    other player passed twice)."""
    return (view.rules.stick_the_dealer and seat == view.dealer == view.maker
            and sum(1 for p, t in view.bids if t == PASS_TOKEN) == 2 * view.rules.players - 1)


def thrown_off(view: View, seat: int, trump: int) -> list[int]:
    """The side suits ``seat`` threw off this hand (neither followed nor trumped)."""
    suits = []
    for trick in view.tricks:
        led = EFFECTIVE_SUIT[trump][card_of(trick.cards[0])]
        seats = trick_seats(trick.leader, len(trick.cards), view.rules.players, view.out)
        for who, token in zip(seats, trick.cards, strict=True):
            suit = EFFECTIVE_SUIT[trump][card_of(token)]
            if who == seat and suit not in (led, trump):
                suits.append(suit)
    return suits


def shown_void(view: View, seat: int, trump: int) -> set[int]:
    """The suits (trump among them) ``seat`` failed to follow this hand."""
    suits = set()
    for trick in view.tricks:
        led = EFFECTIVE_SUIT[trump][card_of(trick.cards[0])]
        seats = trick_seats(trick.leader, len(trick.cards), view.rules.players, view.out)
        for who, token in zip(seats, trick.cards, strict=True):
            if who == seat and EFFECTIVE_SUIT[trump][card_of(token)] != led:
                suits.add(led)
    return suits


def low_leads_for_partner(view: View, legal: list[int] | dict[int, str],
                          trump: int) -> list[int]:
    """Against a lone maker, my cards below the ace in the side suits my partner showed
    void in while he may still hold trump: led low, the partner trumps it if the maker
    follows; an ace led there is one he lets pass (it looks like the winner) and the maker
    trumps."""
    me = view.player
    assert me is not None
    partner = partner_of(view, me)
    if partner is None or view.maker is None or view.maker not in view.alone \
            or on_my_side(view, view.maker):
        return []
    void = shown_void(view, partner, trump)
    if trump in void:
        return []
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    return [c for c in legal if eff[c] in void and power[c] != 7]


def trump_led(view: View, trump: int) -> bool:
    """Whether a trick of this hand was led with trump."""
    return any(EFFECTIVE_SUIT[trump][card_of(t.cards[0])] == trump for t in view.tricks)


def play_card(view: View, trump: int) -> int:
    """The card to play (one of my cards that may be played)."""
    legal = [card_of(t) for t in view.legal]
    if view.trick:
        return _follow(view, legal, trump)
    return _lead(view, legal, trump)


def _lead(view: View, legal: list[int], trump: int) -> int:
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    trumps = sorted((c for c in legal if eff[c] == trump), key=lambda c: -power[c])
    side = [c for c in legal if eff[c] != trump]
    me, maker = seat_of(view), view.maker
    partner = partner_of(view, me)
    if trumps and partner is not None and partner == maker and not stuck_dealer(view, partner) \
            and not trump_led(view, trump):
        left = [c for c in trumps if power[c] == 109]
        return left[0] if left else trumps[0]
    if trumps and me == maker and (len(trumps) >= 2 or _is_boss(trumps[0], view, trump)):
        return trumps[0]
    low = low_leads_for_partner(view, legal, trump)
    if low:
        return min(low, key=lambda c: power[c])
    if partner is not None and side:
        for suit in thrown_off(view, partner, trump):
            mine = [c for c in side if eff[c] == suit]
            if mine:
                return max(mine, key=lambda c: power[c])
    aces = [c for c in side if power[c] == 7]
    if aces:
        return aces[0]
    if side:
        return min(side, key=lambda c: power[c])
    return min(legal, key=lambda c: power[c])


def _follow(view: View, legal: list[int], trump: int) -> int:
    power = POWER[trump]
    played = cards(view.trick)
    seats = trick_seats(view.leader, len(played), view.rules.players, view.out)
    best, winner = played[0], seats[0]
    for seat, card in zip(seats[1:], played[1:], strict=True):
        if _beats(card, best, trump):
            best, winner = card, seat
    in_trick = view.rules.players - len(view.out)
    last = len(played) == in_trick - 1
    if winner != view.player and on_my_side(view, winner) and (last or _is_boss(best, view,
                                                                                 trump)):
        return _least(legal, trump)
    winners = [c for c in legal if _beats(c, best, trump)]
    if winners:
        return min(winners, key=lambda c: power[c])
    return _least(legal, trump)


def _least(legal: list[int], trump: int) -> int:
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    return min(legal, key=lambda c: (eff[c] == trump, card_value(c, trump), power[c]))


def _beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats the trick's best card so far (the engine's table)."""
    return bool(SECOND_WINS[trump][best * N_CARDS + card])


def _is_boss(card: int, view: View, trump: int) -> bool:
    """Whether no card I have not seen beats ``card`` in its suit."""
    seen = set(cards(view.hand)) | set(cards(view.trick))
    seen |= {card_of(c) for trick in view.tricks for c in trick.cards}
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    return not any(c not in seen and eff[c] == eff[card] and power[c] > power[card]
                   for c in bits(DECK_MASKS[view.rules.deck]))
