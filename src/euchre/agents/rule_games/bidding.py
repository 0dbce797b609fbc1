"""The bidding people use in Railroad, Hasenpfeffer and Napoleon: the ``medium`` level's bids,
and the bids the search assumes of the others when it looks ahead.

A hand is counted in tricks (``tricks``): the Joker and the right bower are a trick each, a
left bower nearly, lower trumps less; an off-suit ace most of a trick; a void beside two
trumps a little. Then:

* **Railroad.** Make trump when my count and the partner's usual trick reach three (the
  upcard counts for the side that takes it); go alone when the hand takes four by itself
  with the best card the partner will give (with the Joker or the right bower at its head:
  a lone hand without the top of trump is set by it). The partner of a lone player gives
  his best trump, else his best ace (the dealer may give the upcard itself). A defender
  plays alone only on three tricks of his own. Discards: the least card beside trump,
  from the shortest suit (a void to trump in).
* **Hasenpfeffer.** Bid the tricks counted with the partner's likely help (one trick; more
  when he has bid, since a partner bids on his own tricks), never over a partner unless the
  hand alone carries the bid; name the suit counted best.
* **Napoleon.** Count the suit I would lead as trump; bid the highest contract the count
  reaches. Go nap on five sure tricks (the top of trump and aces beside, or a long run from
  the ace); misère on a hand of low cards with no card high in its suit.
"""

from __future__ import annotations

from ...engine.cards import JACK, JOKER, SUITS, CardOrder, card_token, parse_card, stripped_deck
from ...engine.games import MODULES
from ...engine.view import TableView
from ...scoring import partner
from ..view_facts import seat_of
from .reading import my_cards, trump_of

ACE = 12
"""A card's rank (its id modulo 13) when it is an ace."""

PARTNER_HELP = 1.0
"""Tricks the partner is expected to add to a maker's (Railroad, Hasenpfeffer)."""
MAKE_AT = 3.0
"""Railroad: my count plus the partner's help from which my side makes trump."""
ALONE_AT = 3.6
"""Railroad: my count from which I go alone when my partner will give his best card (4.4
without calling for best)."""
OPEN_AT = 1.5
"""Hasenpfeffer: the tricks of my own below which I leave the bidding to the others."""
DEFEND_ALONE_AT = 2.6
"""Railroad: my count against the maker's trump from which I defend alone."""


def tricks(cards: list[int], trump: int, order: CardOrder, players: int = 4) -> float:
    """The tricks a hand may take with ``trump`` (see the module docstring)."""
    suits, power = order.suit[trump], order.power[trump]
    euchre = order.power[trump][JOKER] > 100
    count = 0.0
    trumps = [c for c in cards if suits[c] == trump]
    ranked = sorted((power[c] for c in trumps), reverse=True)
    if euchre:  # the Joker and the right bower a trick each, then by place in the order
        ladder = sorted((power[c] for c in range(JOKER) if suits[c] == trump), reverse=True)
        worth = {**dict(zip(ladder[:5], (1.0, 0.85, 0.7, 0.55, 0.45), strict=True)),
                 power[JOKER]: 1.0}
        count += sum(worth.get(p, 0.35) for p in ranked)
    else:
        top = max(power[c] for c in range(52) if suits[c] == trump) if trump >= 0 else 12
        for i, p in enumerate(ranked):  # a run from the top is sure, the rest by length
            count += 1.0 if p >= top - i else (0.55 if len(ranked) >= 3 else 0.35)
    side = [c for c in cards if suits[c] != trump]
    share = {3: 0.75, 4: 0.65, 5: 0.55}.get(players, 0.65)
    for c in side:
        if c % 13 == ACE:
            count += share
        elif c % 13 == ACE - 1 and any(d % 13 == ACE and suits[d] == suits[c] for d in side):
            count += share * 0.6
    if len(trumps) >= 2:
        count += 0.2 * sum(1 for s in range(4) if s != trump and
                           not any(suits[c] == s for c in side))
    return count


def best_suit(cards: list[int], order: CardOrder, suits: list[int], players: int = 4
              ) -> tuple[int, float]:
    return max(((s, tricks(cards, s, order, players)) for s in suits), key=lambda x: x[1])


def least_card(cards: list[int], trump: int, order: CardOrder) -> int:
    """The card to discard: the least beside trump, from the shortest suit."""
    suits, power = order.suit[trump], order.power[trump]
    side = [c for c in cards if suits[c] != trump and c % 13 != ACE] or cards
    length = {s: sum(1 for c in cards if suits[c] == s) for s in range(-1, 4)}
    return min(side, key=lambda c: (suits[c] == trump, length[suits[c]], power[c]))


def railroad(view: TableView, legal: list[str]) -> str:
    order = MODULES["railroad"].order
    cards, phase = my_cards(view), view.phase
    up = view.details.get("upcard")
    upcard = parse_card(up) if up else -1
    alone_at = ALONE_AT if view.rules.call_for_best else ALONE_AT + 0.8
    if phase == "joker":
        return legal[0]  # named before looking: every suit is alike
    if phase in ("discard", "exchange"):
        trump = trump_of(view)
        options = [parse_card(t.split()[1]) for t in legal]
        return "discard " + card_token(least_card(options, trump, order))
    if phase == "give":
        trump = trump_of(view)
        options = [parse_card(t.split()[1]) for t in legal]
        return "give " + card_token(max(options, key=lambda c: order.power[trump][c]))
    if phase == "defend":
        trump = trump_of(view)
        return "defend alone" if tricks(cards, trump, order) >= DEFEND_ALONE_AT else "pass"
    if phase == "bid1":
        trump = upcard // 13
        count = _with_upcard(view, cards, upcard, trump, order)
        if count >= alone_at and _tops(cards, trump, order):
            return "order alone"
        return "order" if count + PARTNER_HELP >= MAKE_AT else "pass"
    suits = [SUITS.index(t[5]) for t in legal if t.startswith("call")]
    trump, count = best_suit(cards, order, sorted(set(suits)))
    token = "call " + SUITS[trump]
    if count >= alone_at and _tops(cards, trump, order) and token + " alone" in legal:
        return token + " alone"
    if count + PARTNER_HELP >= MAKE_AT or "pass" not in legal:
        return token
    return "pass"


def _tops(cards: list[int], trump: int, order: CardOrder) -> bool:
    """Whether the hand holds the Joker or the right bower."""
    right = order.power[trump][trump * 13 + JACK]
    return any(order.power[trump][c] >= right for c in cards)


def _with_upcard(view: TableView, cards: list[int], upcard: int, trump: int,
                 order: CardOrder) -> float:
    """My count in round 1: the dealer's with the upcard taken (and his worst card out); the
    upcard counts half for my side when my partner deals, against it when an opponent does."""
    me, dealer = seat_of(view), view.dealer
    if me == dealer:
        six = [*cards, upcard]
        throw = least_card(six, trump, order)
        return tricks([c for c in six if c != throw], trump, order)
    own = tricks(cards, trump, order)
    value = tricks([upcard], trump, order)
    return own + (0.5 * value if partner(view.sides, me) == dealer else -0.5 * value)


def hasenpfeffer(view: TableView, legal: list[str]) -> str:
    order = MODULES["hasenpfeffer"].order
    cards = my_cards(view)
    if view.phase == "call":
        return "call " + SUITS[best_suit(cards, order, [0, 1, 2, 3])[0]]
    high = int(view.details.get("high", 0))
    _, count = best_suit(cards, order, [0, 1, 2, 3])
    mate = partner(view.sides, seat_of(view))
    help_ = PARTNER_HELP
    partner_bid = max((int(t.split()[1]) for s, t in view.bids
                       if s == mate and t.startswith("bid")), default=0)
    if partner_bid:
        if count < high + 1:  # his bid stands: not over him without the tricks myself
            return "pass"
        help_ = max(help_, partner_bid - 1.5)
    target = min(int(count + help_), 6)
    return f"bid {target}" if target > high and count >= OPEN_AT else "pass"


NAPOLEON_NEEDS = (("bid 2", 2.0), ("bid 3", 3.0), ("bid 4", 3.9), ("bid nap", 4.6),
                  ("bid wellington", 4.9), ("bid blucher", 4.97))
"""The count from which each contract is bid (nap: five sure tricks, near enough)."""


def napoleon(view: TableView, legal: list[str]) -> str:
    order = MODULES["napoleon"].order
    cards = my_cards(view)
    players = view.rules.players
    _, count = best_suit(cards, order, [0, 1, 2, 3], players)
    reached = [bid for bid, need in NAPOLEON_NEEDS if count >= need and bid in legal]
    if reached and reached[-1] not in ("bid 2", "bid 3"):
        return reached[-1]
    if "bid misere" in legal and misere_hand(cards, view):
        return "bid misere"
    return reached[-1] if reached else "pass"


def napoleon_trump(view: TableView) -> int:
    """The suit the bidder makes trump with his first lead: the one his hand counts best."""
    order = MODULES["napoleon"].order
    return best_suit(my_cards(view), order, [0, 1, 2, 3], view.rules.players)[0]


def misere_hand(cards: list[int], view: TableView) -> bool:
    """Low cards only: each card among the lower half of its suit's ranks in this deck, and
    no more than one at the top of that half."""
    ranks = len(stripped_deck(view.rules.deck)) // 4
    low = 13 - ranks
    places = sorted(c % 13 - low for c in cards)  # 0: the lowest rank of the deck
    half = ranks // 2
    return places[-1] < half and sum(1 for p in places if p == half - 1) <= 1


def choose_bid(view: TableView) -> str:
    """The bid, call, discard, gift or choice to defend alone (see the module docstring)."""
    legal = list(view.legal)
    game = {"railroad": railroad, "hasenpfeffer": hasenpfeffer, "napoleon": napoleon}[view.game]
    choice = game(view, legal)
    return choice if choice in legal else legal[0]

