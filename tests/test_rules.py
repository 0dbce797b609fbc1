"""One test (or a few) per rule and option of /work/shared/RULES.md.

Each test quotes the sentence of RULES.md it checks. Situations are exact: decks are stacked
(positions 0-4 to the non-dealer, 5-9 to the dealer, 10 the upcard, the rest the stock).
"""

from __future__ import annotations

import json
import random

import pytest
from support import SAME_COLOUR, SUITS, canon, deck_tokens, stacked

from euchre import Game, IllegalAction, Rules

ALL_CARDS = {r + s for r in "789TJQKA" for s in SUITS} | {"JK"}


# --- helpers --------------------------------------------------------------------------------




def deal(nondealer, dealer_hand, upcard, *, dealer=0, size=24, seed=1, **options) -> Game:
    """A game whose first hand is exactly this deal (later hands come from ``seed``)."""
    deck = stacked(nondealer, dealer_hand, upcard, size)
    return Game(Rules(deck=size, **options), seed=seed, first_dealer=dealer, decks=[deck])


def play(g: Game, *tokens: str) -> None:
    for token in tokens:
        g.apply(token)


def effective_suit(card: str, trump: str) -> str:
    """Independent of the engine: the Joker and both bowers belong to trump."""
    if card == "JK":
        return trump
    if card[0] == "J" and card[1] in (trump, SAME_COLOUR[trump]):
        return trump
    return card[1]


def strings_in(value) -> list[str]:
    """Every string anywhere in a JSON-like value (keys included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [*strings_in(k), *strings_in(v)]]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings_in(v)]
    return []


def cards_shown(view, last_hand: bool = True) -> set[str]:
    """Every card token anywhere in a view's JSON (in hands, legal tokens, tricks...);
    without ``last_hand``, only those of the hand in progress."""
    data = view.to_dict()
    if not last_hand:
        data.pop("last_hand")
    words = {w for s in strings_in(data) for w in s.split()}
    return words & ALL_CARDS


N_HAND = ["9S", "TS", "QS", "KS", "AS"]
D_HAND = ["9D", "TD", "QD", "KD", "AD"]


# --- players, deck, goal --------------------------------------------------------------------

EXPECTED_DECKS = {
    24: {r + s for r in "9TJQKA" for s in SUITS},
    32: {r + s for r in "789TJQKA" for s in SUITS},
    25: {r + s for r in "9TJQKA" for s in SUITS} | {"JK"},
}


@pytest.mark.parametrize("size", [24, 32, 25])
def test_deck_card_sets(size):
    """RULES: "`24` (default): 9, 10, J, Q, K, A in each of the four suits." /
    "`32`: adds the 7 and 8 of each suit." /
    "`25` (British Euchre): the 24 cards plus one Joker"."""
    assert len(EXPECTED_DECKS[size]) == size
    for seed in range(8):
        g = Game(Rules(deck=size), seed=seed)
        deck = g.record()["hands"][0]["deck"]
        assert len(deck) == size
        assert set(deck) == EXPECTED_DECKS[size]


def test_default_deck_is_24_and_default_target_is_10():
    """RULES: "A match is won by the first player to reach **10 points** (option `target`)."
    and "`24` (default)"."""
    assert Rules().deck == 24
    assert Rules().target == 10
    assert Game(seed=3).view(0).target == 10


@pytest.mark.parametrize("size", [24, 32, 25])
def test_each_player_gets_five_cards_and_the_upcard_is_turned(size):
    """RULES: "Each player gets five cards. The rest stay face down in the middle; the top one
    is turned face up (the **upcard**)"."""
    for seed in range(6):
        g = Game(Rules(deck=size), seed=seed)
        deck = g.record()["hands"][0]["deck"]
        nd, dl = 1 - g.dealer, g.dealer
        assert set(g.view(nd).hand) == set(deck[0:5])
        if g.phase != "joker":
            assert set(g.view(dl).hand) == set(deck[5:10])
        assert g.view(0).upcard == g.view(1).upcard == deck[10]


@pytest.mark.parametrize(
    ("size", "card", "allowed"),
    [(24, "7S", False), (24, "8H", False), (24, "JK", False), (32, "7S", True),
     (32, "JK", False), (25, "JK", True), (25, "8C", False)],
)
def test_stacked_deck_must_be_the_rules_deck(size, card, allowed):
    """RULES: "Deck (option `deck`)": a card outside the chosen deck cannot be dealt."""
    base = deck_tokens(size)
    if allowed:
        assert card in base
        Game(Rules(deck=size), seed=1, first_dealer=0, decks=[base])
    else:
        deck = [card, *base[1:]]
        with pytest.raises(ValueError, match=f"{card} is not in the {size}-card deck"):
            Game(Rules(deck=size), seed=1, first_dealer=0, decks=[deck])


# --- card order and the bowers ---------------------------------------------------------------


def trick_game(trump, lead, answer, size=24, dealer=0):
    """A game in play with ``trump`` named in round 2 by the non-dealer, who holds ``lead``;
    the dealer holds ``answer`` and otherwise no card that would follow ``lead``."""
    lead, answer = canon(lead), canon(answer)
    pool = [t for t in deck_tokens(size) if t not in (lead, answer)]
    upcard = next(t for t in pool if t != "JK" and t[1] != trump)
    pool.remove(upcard)
    led_suit = effective_suit(lead, trump)
    d_fill = [t for t in pool if effective_suit(t, trump) != led_suit][:4]
    n_fill = [t for t in pool if t not in d_fill][:4]
    g = deal([lead, *n_fill], [answer, *d_fill], upcard, dealer=dealer, size=size)
    play(g, "pass", "pass", f"call {trump}")
    assert g.phase == "play" and g.trump == trump
    return g


TRICKS = [
    # (trump, lead, answer, who wins: "lead" or "answer")
    ("C", "JS", "JC", "answer"),  # right bower beats left bower
    ("C", "JC", "JS", "lead"),
    ("C", "AC", "JS", "answer"),  # left bower beats the ace of trump
    ("C", "JS", "AC", "lead"),
    ("C", "JC", "AC", "lead"),
    ("C", "KC", "AC", "answer"),  # A K Q 10 9 of trump
    ("C", "QC", "KC", "answer"),
    ("C", "TC", "QC", "answer"),
    ("C", "9C", "TC", "answer"),
    ("C", "TC", "9C", "lead"),
    ("C", "AS", "JS", "answer"),  # the left bower is trump, not a spade: it trumps the ace
    ("C", "AH", "9C", "answer"),  # any trump beats the suit led
    ("C", "9H", "AH", "answer"),  # no trump: the higher card of the suit led
    ("C", "AH", "9H", "lead"),
    ("C", "KH", "AD", "lead"),  # a higher card of another suit does not win
    ("C", "QD", "JD", "lead"),  # outside trump: A K Q J 10 9
    ("C", "JD", "TD", "lead"),
    ("C", "JD", "QD", "answer"),
    ("C", "9D", "TD", "answer"),
    ("H", "JD", "AH", "lead"),  # hearts trump: J of diamonds is the left bower
    ("H", "AD", "JD", "answer"),
    ("H", "JH", "JD", "lead"),
    ("S", "JC", "KS", "lead"),
    ("D", "AS", "9D", "answer"),
]


@pytest.mark.parametrize(("trump", "lead", "answer", "wins"), TRICKS)
def test_card_order_and_trick_winner(trump, lead, answer, wins):
    """RULES: "the **right bower** (Jack of the trump suit) is the highest card, the **left
    bower** (the other Jack of the same colour) is second, then A, K, Q, 10, 9, (8, 7) of
    trump." / "Outside trump, in each suit: A (high), K, Q, J, 10, 9, (8, 7) (low)." /
    "The highest trump played wins the trick; if no trump was played, the higher card of the
    suit led wins. The winner of a trick leads to the next."."""
    g = trick_game(trump, lead, answer)
    nd, dl = 1 - g.dealer, g.dealer
    assert g.to_move == nd
    g.apply(lead)
    assert answer in g.legal_actions()
    g.apply(answer)
    winner = nd if wins == "lead" else dl
    trick = g.view(0).tricks[0]
    assert trick.leader == nd
    assert trick.cards == (lead, answer)
    assert trick.winner == winner
    assert g.view(1).tricks_won[winner] == 1
    assert g.to_move == winner  # "The winner of a trick leads to the next."
    assert g.view(0).leader == winner


def test_rules_example_clubs_trump_order():
    """RULES: "Example: clubs trump -> J♣, J♠, A♣, K♣, Q♣, 10♣, 9♣."."""
    order = ["JC", "JS", "AC", "KC", "QC", "TC", "9C"]
    for i, high in enumerate(order):
        for low in order[i + 1:]:
            for lead, answer, wins in ((high, low, "lead"), (low, high, "answer")):
                g = trick_game("C", lead, answer)
                play(g, lead, answer)
                expected = 1 - g.dealer if wins == "lead" else g.dealer
                assert g.view(0).tricks[0].winner == expected, (lead, answer)


@pytest.mark.parametrize(
    ("trump", "lead", "answer", "wins"),
    [("H", "8H", "7H", "lead"), ("H", "7H", "9H", "answer"), ("C", "8S", "7S", "lead"),
     ("C", "7S", "8S", "answer"), ("C", "AS", "7C", "answer"), ("S", "9S", "8S", "lead")],
)
def test_sevens_and_eights_in_the_32_card_deck(trump, lead, answer, wins):
    """RULES: "A (high), K, Q, J, 10, 9, (8, 7) (low)" and "then A, K, Q, 10, 9, (8, 7) of
    trump"."""
    g = trick_game(trump, lead, answer, size=32)
    play(g, lead, answer)
    expected = 1 - g.dealer if wins == "lead" else g.dealer
    assert g.view(0).tricks[0].winner == expected


@pytest.mark.parametrize(
    ("trump", "lead", "answer", "wins"),
    [("H", "JH", "JK", "answer"), ("H", "JK", "JH", "lead"), ("S", "JC", "JK", "answer"),
     ("D", "AS", "JK", "answer"), ("C", "JK", "AC", "lead"), ("D", "JK", "9H", "lead")],
)
def test_joker_is_the_highest_trump(trump, lead, answer, wins):
    """RULES: "The Joker (the **benny**) is the highest trump, above the right bower, and
    belongs to the trump suit."."""
    g = trick_game(trump, lead, answer, size=25)
    play(g, lead, answer)
    expected = 1 - g.dealer if wins == "lead" else g.dealer
    assert g.view(0).tricks[0].winner == expected


# --- following suit ---------------------------------------------------------------------------


def follow_game(trump, lead, dealer_hand, size=24):
    """Non-dealer names ``trump`` in round 2 and leads ``lead``; returns the game with the
    dealer to answer."""
    lead = canon(lead)
    dealer_hand = [canon(t) for t in dealer_hand]
    pool = [t for t in deck_tokens(size) if t != lead and t not in dealer_hand]
    upcard = next(t for t in pool if t != "JK" and t[1] != trump)
    pool.remove(upcard)
    g = deal([lead, *pool[:4]], dealer_hand, upcard, size=size)
    play(g, "pass", "pass", f"call {trump}", lead)
    assert g.to_move == g.dealer
    return g


@pytest.mark.parametrize(
    ("trump", "lead", "dealer_hand", "legal"),
    [
        # must follow the suit led if able
        ("C", "AH", ["9H", "KH", "9C", "AS", "TD"], ["9H", "KH"]),
        # unable to follow: any card
        ("C", "AH", ["9C", "TC", "AS", "TD", "KD"], ["9C", "TC", "AS", "TD", "KD"]),
        # trump led: the left bower follows, the other spades do not
        ("C", "AC", ["JS", "AS", "KS", "9H", "TD"], ["JS"]),
        # left bower led: it is trump, so trump must be played, not spades
        ("C", "JS", ["9C", "AS", "KS", "9H", "TD"], ["9C"]),
        ("C", "JS", ["AS", "KS", "9H", "TD", "QD"], ["AS", "KS", "9H", "TD", "QD"]),
        # spade led with clubs trump: the left bower is not a spade
        ("C", "AS", ["JS", "9H", "TH", "9D", "TD"], ["JS", "9H", "TH", "9D", "TD"]),
        ("C", "KS", ["JS", "AS", "9H", "TD", "QD"], ["AS"]),
        ("H", "AD", ["JD", "9D", "9C", "TC", "QC"], ["9D"]),
        ("H", "9H", ["JD", "9D", "9C", "TC", "QC"], ["JD"]),
    ],
)
def test_following_suit(trump, lead, dealer_hand, legal):
    """RULES: "Each player must follow the suit led if he can (bowers count as trump);
    otherwise he may play any card." / "The left bower **belongs to the trump suit** for every
    purpose: following suit, leading, and winning the trick. It is not a card of its printed
    suit while that suit is not trump."."""
    g = follow_game(trump, lead, dealer_hand)
    assert sorted(g.legal_actions()) == sorted(legal)
    for card in dealer_hand:
        if card not in legal:
            before = g.copy()
            with pytest.raises(IllegalAction, match="must follow"):
                g.apply(card)
            assert g == before


@pytest.mark.parametrize(
    ("trump", "dealer_hand", "legal"),
    [
        ("H", ["9H", "JD", "AS", "KS", "9C"], ["9H", "JD"]),
        ("S", ["JC", "AH", "KH", "9D", "TD"], ["JC"]),
        ("D", ["AH", "KH", "9C", "TC", "QS"], ["AH", "KH", "9C", "TC", "QS"]),
    ],
)
def test_led_joker_must_be_followed_with_trump(trump, dealer_hand, legal):
    """RULES: "If it is led, the other player must follow with trump if he can."."""
    g = follow_game(trump, "JK", dealer_hand, size=25)
    assert sorted(g.legal_actions()) == sorted(legal)


def test_leader_may_lead_any_card():
    """RULES: "The non-dealer leads the first trick with any card."."""
    g = deal(["9H", "AS", "JC", "TC", "KH"], D_HAND, "9C")
    play(g, "order", "pass")
    assert sorted(g.legal_actions()) == sorted(["9H", "AS", "JC", "TC", "KH"])


# --- deal ---------------------------------------------------------------------------------------


def test_first_dealer_is_random():
    """RULES: "The first dealer is chosen at random"."""
    dealers = [Game(seed=s).dealer for s in range(40)]
    assert set(dealers) == {0, 1}
    assert dealers == [Game(seed=s).dealer for s in range(40)]  # drawn from the seed
    assert [Game(seed=s).record()["first_dealer"] for s in range(40)] == dealers


def test_deal_alternates_over_a_match():
    """RULES: "after each hand (including a hand thrown in) the deal passes to the other
    player."."""
    for seed in range(3):
        g = Game(Rules(target=5), seed=seed)
        rng = random.Random(seed)
        first = g.dealer
        hand, dealer = g.view(0).hand_number, g.dealer
        while g.to_move is not None:
            g.apply(rng.choice(g.legal_actions()))
            if g.to_move is not None and g.view(0).hand_number != hand:
                assert g.view(0).hand_number == hand + 1
                assert g.dealer == 1 - dealer
                hand, dealer = hand + 1, g.dealer
        hands = g.record()["hands"]
        assert len(hands) > 2
        assert [h["dealer"] for h in hands] == [first ^ (k & 1) for k in range(len(hands))]


@pytest.mark.parametrize("dealer", [0, 1])
def test_hand_thrown_in_when_both_pass_twice(dealer):
    """RULES: "If both pass, the hand is thrown in and the deal passes: the other player deals
    a new hand."."""
    g = deal(N_HAND, D_HAND, "9H", dealer=dealer, seed=5)
    play(g, "pass", "pass", "pass", "pass")
    assert g.dealer == 1 - dealer
    assert g.phase == "bid1"
    assert g.to_move == dealer  # the new non-dealer bids first
    assert g.score == (0, 0)
    v = g.view(dealer)
    assert v.hand_number == 1
    assert v.last_hand["thrown_in"] is True
    assert v.last_hand["maker"] is None
    assert v.last_hand["points"] == [0, 0]
    assert v.bids == ()
    hands = g.record()["hands"]
    assert len(hands) == 2  # the hand thrown in is recorded too
    assert hands[0]["result"]["thrown_in"] is True
    assert hands[1]["dealer"] == 1 - dealer
    # a second throw-in passes the deal back
    play(g, "pass", "pass", "pass", "pass")
    assert g.dealer == dealer


# --- bidding, round 1 -------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_non_dealer_bids_first_with_pass_or_order(dealer):
    """RULES: "The non-dealer may `pass` or `order` it up."."""
    g = deal(N_HAND, D_HAND, "9H", dealer=dealer)
    assert g.phase == "bid1"
    assert g.to_move == 1 - dealer
    assert sorted(g.legal_actions()) == ["order", "pass"]
    assert g.view(dealer).legal == ()


@pytest.mark.parametrize("dealer", [0, 1])
def test_order_up_makes_upcard_suit_trump_and_non_dealer_maker(dealer):
    """RULES: "If he orders it up, bidding ends: the upcard's suit is trump and the non-dealer
    is the **maker**. The dealer then **may** pick up the upcard and discard one card face
    down, or leave it" / "The dealer may discard any of his six cards, the upcard
    included"."""
    nd = 1 - dealer
    g = deal(N_HAND, D_HAND, "9H", dealer=dealer)
    g.apply("order")
    assert g.phase == "discard"
    assert g.to_move == dealer
    assert g.view(0).trump == "H" and g.view(0).maker == nd
    expected = {"pass"} | {f"discard {c}" for c in [*D_HAND, "9H"]}
    assert set(g.legal_actions()) == expected
    assert len(g.legal_actions()) == 7


@pytest.mark.parametrize("discard", ["9H", "AD", "9D"])
def test_dealer_picks_up_and_discards_any_of_six(discard):
    """RULES: "The dealer may discard any of his six cards, the upcard included (the discard is
    face down, so only the dealer knows)." / "Whether the dealer picked the upcard up is
    public."."""
    g = deal(N_HAND, D_HAND, "9H", dealer=0)
    play(g, "order", f"discard {discard}")
    assert g.phase == "play"
    assert g.to_move == 1  # the non-dealer leads
    assert set(g.view(0).hand) == ({*D_HAND, "9H"} - {discard})
    assert set(g.view(1).hand) == set(N_HAND)
    assert g.view(0).upcard_taken is True
    assert g.view(1).upcard_taken is True
    assert g.view(0).discard == discard
    assert g.view(1).discard is None
    assert g.view(0).trump == "H" and g.view(0).maker == 1


def test_dealer_may_leave_the_upcard():
    """RULES: "whether or not the dealer picks it up, the suit of the upcard becomes trump"."""
    g = deal(N_HAND, D_HAND, "9H", dealer=0)
    play(g, "order", "pass")
    assert g.phase == "play"
    assert g.to_move == 1
    for p in (0, 1):
        v = g.view(p)
        assert v.upcard_taken is False
        assert v.trump == "H"
        assert v.maker == 1
        assert v.discard is None
        assert v.upcard == "9H"
        # "the dealer's pick-up choice shows as upcard_taken", not as a bid
        assert v.bids == ((1, "order"),)
    assert set(g.view(0).hand) == set(D_HAND)


def test_dealer_must_pick_up_option():
    """RULES: "Option `dealer_must_pick_up` (default off) turns this into the four-handed rule
    where the dealer must take it."."""
    assert Rules().dealer_must_pick_up is False
    g = deal(N_HAND, D_HAND, "9H", dealer=0, dealer_must_pick_up=True)
    g.apply("order")
    assert "pass" not in g.legal_actions()
    assert set(g.legal_actions()) == {f"discard {c}" for c in [*D_HAND, "9H"]}
    before = g.copy()
    with pytest.raises(IllegalAction):
        g.apply("pass")
    assert g == before
    g.apply("discard 9H")  # the upcard itself may still be the discard
    assert g.view(1).upcard_taken is True


@pytest.mark.parametrize("dealer", [0, 1])
def test_dealer_accepts_in_round_1(dealer):
    """RULES: "If the non-dealer passed, the dealer may `pass` or accept (`order`): he picks up
    the upcard, discards one card face down, and is the maker."."""
    nd = 1 - dealer
    g = deal(N_HAND, D_HAND, "9H", dealer=dealer)
    g.apply("pass")
    assert g.to_move == dealer
    assert sorted(g.legal_actions()) == ["order", "pass"]
    g.apply("order")
    assert g.phase == "discard" and g.to_move == dealer
    assert "pass" not in g.legal_actions()  # he accepted: he must pick it up
    assert set(g.legal_actions()) == {f"discard {c}" for c in [*D_HAND, "9H"]}
    g.apply("discard 9D")
    v = g.view(nd)
    assert v.maker == dealer and v.trump == "H" and v.upcard_taken is True
    assert v.bids == ((nd, "pass"), (dealer, "order"))
    assert g.phase == "play" and g.to_move == nd
    assert set(g.view(dealer).hand) == {"TD", "QD", "KD", "AD", "9H"}


# --- bidding, round 2 -------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_round_2_any_other_suit(dealer):
    """RULES: "The upcard is turned face down. Starting with the non-dealer, each may `pass` or
    name a suit; the first to name one makes it trump and is the maker." / "The suit that was
    turned down **may not** be named"."""
    nd = 1 - dealer
    g = deal(N_HAND, D_HAND, "9H", dealer=dealer)
    play(g, "pass", "pass")
    assert g.phase == "bid2"
    assert g.to_move == nd
    legal = {"pass", "call C", "call D", "call S"}
    assert set(g.legal_actions()) == legal
    before = g.copy()
    with pytest.raises(IllegalAction):
        g.apply("call H")
    assert g == before
    g.apply("pass")
    assert g.to_move == dealer
    assert set(g.legal_actions()) == legal
    with pytest.raises(IllegalAction):
        g.apply("call H")
    g.apply("call S")
    v = g.view(nd)
    assert v.trump == "S" and v.maker == dealer and v.upcard_taken is False
    assert v.bids == ((nd, "pass"), (dealer, "pass"), (nd, "pass"), (dealer, "call S"))
    assert g.phase == "play" and g.to_move == nd
    assert set(g.view(dealer).hand) == set(D_HAND)  # nobody took the upcard


def test_round_2_non_dealer_names_a_suit():
    """RULES: "the first to name one makes it trump and is the maker."."""
    g = deal(N_HAND, D_HAND, "9H", dealer=1)
    play(g, "pass", "pass", "call D")
    assert g.phase == "play"
    assert g.view(1).trump == "D" and g.view(1).maker == 0
    assert g.to_move == 0


def test_may_call_turned_suit_option():
    """RULES: "option `may_call_turned_suit`, default off, allows it."."""
    assert Rules().may_call_turned_suit is False
    g = deal(N_HAND, D_HAND, "9H", dealer=0, may_call_turned_suit=True)
    play(g, "pass", "pass")
    assert set(g.legal_actions()) == {"pass", "call C", "call D", "call H", "call S"}
    g.apply("call H")
    assert g.view(0).trump == "H" and g.view(0).maker == 1
    assert g.view(0).upcard_taken is False


def test_stick_the_dealer_option():
    """RULES: "Option `stick_the_dealer` (default off, named in the page as a common house
    rule): the dealer may not pass in round 2 and must name a suit."."""
    assert Rules().stick_the_dealer is False
    g = deal(N_HAND, D_HAND, "9H", dealer=0, stick_the_dealer=True)
    g.apply("pass")
    assert "pass" in g.legal_actions()  # round 1: the dealer may still pass
    g.apply("pass")
    assert "pass" in g.legal_actions()  # round 2: the non-dealer may still pass
    g.apply("pass")
    assert g.to_move == 0
    assert set(g.legal_actions()) == {"call C", "call D", "call S"}
    before = g.copy()
    with pytest.raises(IllegalAction):
        g.apply("pass")
    assert g == before
    g.apply("call C")
    assert g.view(0).maker == 0 and g.view(0).trump == "C"


def test_stick_the_dealer_with_may_call_turned_suit():
    """RULES: "the dealer may not pass in round 2 and must name a suit." (any suit when
    `may_call_turned_suit` is on)."""
    g = deal(N_HAND, D_HAND, "9H", dealer=1, stick_the_dealer=True, may_call_turned_suit=True)
    play(g, "pass", "pass", "pass")
    assert set(g.legal_actions()) == {"call C", "call D", "call H", "call S"}


def test_defender_is_the_player_who_does_not_make_trump():
    """RULES: "The player who does not make trump is the **defender**." (the defender scores 2
    on a euchre; here the dealer makes and is euchred, so the non-dealer scores)."""
    # dealer accepts 9H, keeps only the 9H as trump; the non-dealer holds the top trumps
    g = deal(["JH", "JD", "AH", "KH", "QH"], ["9S", "TS", "9C", "TC", "QD"], "9H", dealer=0)
    play(g, "pass", "order", "discard QD")
    play(g, "JH", "9H", "JD", "9S", "AH", "TS", "KH", "9C", "QH", "TC")
    assert g.score == (0, 2)
    last = g.view(0).last_hand
    assert last["maker"] == 0 and last["points"] == [0, 2]
    assert last["tricks_won"] == [0, 5]


# --- play and scoring -------------------------------------------------------------------------

# The non-dealer orders the TH up and the dealer leaves it; hearts are trump.
SCORING = {
    "march": (["JH", "JD", "AH", "KH", "QH"], ["9C", "TC", "QC", "KC", "AC"],
              ["JH", "9C", "JD", "TC", "AH", "QC", "KH", "KC", "QH", "AC"], 5, "maker", 2),
    "four": (["JH", "JD", "AH", "KH", "9S"], ["AS", "KS", "QS", "AC", "KC"],
             ["JH", "AC", "JD", "KC", "AH", "QS", "KH", "KS", "9S", "AS"], 4, "maker", 1),
    "three": (["JH", "JD", "AH", "9S", "TS"], ["AS", "KS", "QS", "AC", "KC"],
              ["JH", "AC", "JD", "KC", "AH", "QS", "9S", "AS", "KS", "TS"], 3, "maker", 1),
    "euchre2": (["JH", "JD", "9S", "TS", "9C"], ["AH", "KH", "QH", "AS", "AC"],
                ["JH", "QH", "JD", "KH", "9S", "AS", "AH", "TS", "AC", "9C"], 2, "defender", 2),
    "euchre0": (["9H", "9S", "TS", "9C", "TC"], ["JH", "JD", "AH", "KH", "QH"],
                ["9H", "JH", "JD", "9S", "AH", "TS", "KH", "9C", "QH", "TC"], 0, "defender", 2),
}


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("case", sorted(SCORING))
def test_scoring_table(case, dealer):
    """RULES: "Maker takes 3 or 4 tricks: maker scores **1**." / "Maker takes all 5 tricks (a
    **march**): maker scores **2**." / "Maker takes fewer than 3: the maker is **euchred** and
    the defender scores **2**." / "Five tricks are played."."""
    nd_hand, d_hand, plays, maker_tricks, scorer_role, points = SCORING[case]
    nd = 1 - dealer
    g = deal(nd_hand, d_hand, "TH", dealer=dealer, seed=11)
    play(g, "order", "pass")
    for i, card in enumerate(plays):
        assert g.view(0).hand_number == 0
        assert g.phase == "play", (i, card)
        g.apply(card)
    scorer = nd if scorer_role == "maker" else dealer
    expected = [0, 0]
    expected[scorer] = points
    assert list(g.score) == expected
    won = [0, 0]
    won[nd], won[dealer] = maker_tricks, 5 - maker_tricks
    for p in (0, 1):
        last = g.view(p).last_hand
        assert last["thrown_in"] is False
        assert last["maker"] == nd
        assert last["trump"] == "H"
        assert last["tricks_won"] == won
        assert last["points"] == expected
        assert g.view(p).score == tuple(expected)
    # a new hand is dealt by the other player
    assert g.view(0).hand_number == 1
    assert g.dealer == 1 - dealer
    assert g.phase in ("bid1", "joker")


def test_five_tricks_are_played_and_winner_leads_each_next_trick():
    """RULES: "The winner of a trick leads to the next." / "Five tricks are played."."""
    nd_hand, d_hand, plays, *_ = SCORING["three"]
    g = deal(nd_hand, d_hand, "TH", dealer=0)
    play(g, "order", "pass")
    leaders = []
    for i in range(0, 10, 2):
        leaders.append(g.to_move)
        play(g, plays[i], plays[i + 1])
        if i < 8:
            tricks = g.view(0).tricks
            assert len(tricks) == i // 2 + 1
            assert g.to_move == tricks[-1].winner
    assert leaders == [1, 1, 1, 1, 0]
    assert g.view(0).hand_number == 1


# --- target and the end of the match ------------------------------------------------------------


def assert_over(g: Game, winner: int) -> None:
    assert g.to_move is None
    assert g.winner == winner
    assert g.phase == "over"
    assert g.legal_actions() == []
    for p in (0, 1):
        v = g.view(p)
        assert v.to_move is None and v.phase == "over" and v.legal == ()
    rec = g.record()
    for token in ("pass", "order", "AS", "JH", "call S", "discard 9C"):
        with pytest.raises(IllegalAction, match="over"):
            g.apply(token)
    assert g.record() == rec


@pytest.mark.parametrize(("case", "target", "over"), [
    ("march", 1, True), ("march", 2, True), ("march", 3, False),
    ("three", 1, True), ("three", 2, False),
    ("euchre0", 2, True), ("euchre2", 3, False),
])
def test_match_ends_the_moment_a_player_reaches_the_target(case, target, over):
    """RULES: "A match ends as soon as a player reaches the target; that player wins."."""
    nd_hand, d_hand, plays, _, role, points = SCORING[case]
    g = deal(nd_hand, d_hand, "TH", dealer=0, target=target)
    play(g, "order", "pass", *plays)
    scorer = 1 if role == "maker" else 0
    assert g.score[scorer] == points
    if over:
        assert_over(g, scorer)
        assert len(g.record()["hands"]) == 1  # no new hand is dealt
        assert g.record()["winner"] == scorer
    else:
        assert g.winner is None
        assert g.to_move is not None
        assert g.view(0).hand_number == 1


def test_target_reached_over_several_hands():
    """RULES: "A match is won by the first player to reach **10 points** (option `target`)."."""
    nd_hand, d_hand, plays, *_ = SCORING["march"]
    deck0 = stacked(nd_hand, d_hand, "TH")  # dealer 0: player 1 marches, 2 points
    deck1 = stacked(nd_hand, d_hand, "TH")  # dealer 1: player 0 marches, 2 points
    g = Game(Rules(target=4), seed=2, first_dealer=0, decks=[deck0, deck1, deck0])
    play(g, "order", "pass", *plays)
    assert g.score == (0, 2)
    play(g, "order", "pass", *plays)
    assert g.score == (2, 2)
    assert g.winner is None
    play(g, "order", "pass", *plays)
    assert g.score == (2, 4)
    assert_over(g, 1)


# --- the non-dealer leads -----------------------------------------------------------------------


@pytest.mark.parametrize("bidding", [
    ("order", "pass"), ("order", "discard 9D"), ("pass", "order", "discard 9H"),
    ("pass", "pass", "call C"), ("pass", "pass", "pass", "call S"),
])
@pytest.mark.parametrize("dealer", [0, 1])
def test_non_dealer_leads_the_first_trick(bidding, dealer):
    """RULES: "The non-dealer leads the first trick with any card."."""
    g = deal(N_HAND, D_HAND, "9H", dealer=dealer)
    play(g, *bidding)
    assert g.phase == "play"
    assert g.to_move == 1 - dealer
    assert g.view(dealer).leader == 1 - dealer
    assert sorted(g.legal_actions()) == sorted(g.view(1 - dealer).hand)


# --- the Joker turned up ------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_joker_turned_up(dealer):
    """RULES: "If the Joker is the upcard (British Euchre): there is no bidding. The dealer
    names the trump suit **before looking at his hand** (his own view shows no cards until he
    has named it), becomes the maker, takes the Joker into his hand and discards one card. He
    may not leave it."."""
    nd = 1 - dealer
    nd_hand = ["9S", "TS", "QS", "KS", "AS"]
    d_hand = ["9D", "TD", "QD", "KD", "AD"]
    g = deal(nd_hand, d_hand, "JK", dealer=dealer, size=25)
    assert g.phase == "joker"
    assert g.to_move == dealer
    assert set(g.legal_actions()) == {"call C", "call D", "call H", "call S"}
    dv = g.view(dealer)
    assert dv.phase == "joker"
    assert dv.hand == ()  # before looking at his hand
    assert dv.upcard == "JK"
    assert set(dv.legal) == {"call C", "call D", "call H", "call S"}
    assert set(g.view(nd).hand) == set(nd_hand)
    assert g.view(nd).legal == ()
    before = g.copy()
    for token in ("pass", "order", "discard 9D", "discard JK", "9D"):
        with pytest.raises(IllegalAction):
            g.apply(token)
    assert g == before
    g.apply("call S")
    assert g.phase == "discard"
    assert g.to_move == dealer
    dv = g.view(dealer)
    assert set(dv.hand) == set(d_hand)  # he sees his hand once he has named trump
    assert dv.trump == "S" and dv.maker == dealer
    legal = g.legal_actions()
    assert "pass" not in legal  # he may not leave it
    # ...nor throw it straight back, which would be leaving it: he discards one of his five
    assert set(legal) == {f"discard {c}" for c in d_hand}
    with pytest.raises(IllegalAction):
        g.apply("pass")
    g.apply("discard 9D")
    assert g.phase == "play"
    assert g.to_move == nd
    for p in (0, 1):
        v = g.view(p)
        assert v.upcard_taken is True
        assert v.trump == "S" and v.maker == dealer
        assert v.bids == ((dealer, "call S"),)
    assert set(g.view(dealer).hand) == {"TD", "QD", "KD", "AD", "JK"}
    assert g.view(dealer).discard == "9D"
    assert g.view(nd).discard is None


def test_joker_turned_up_dealer_may_name_any_suit():
    """RULES: "The dealer names the trump suit" (any of the four: there is no turned-down
    suit)."""
    for suit in SUITS:
        g = deal(N_HAND, D_HAND, "JK", dealer=0, size=25, may_call_turned_suit=False)
        play(g, f"call {suit}")
        assert g.view(1).trump == suit


def test_joker_turned_up_scores_with_dealer_as_maker():
    """RULES: "becomes the maker" (so a euchre scores 2 for the non-dealer)."""
    # the dealer names clubs and holds no clubs but the Joker; the non-dealer holds the rest
    nd_hand = ["JC", "JS", "AC", "KC", "QC"]
    d_hand = ["9H", "TH", "QH", "KH", "AH"]
    g = deal(nd_hand, d_hand, "JK", dealer=0, size=25)
    play(g, "call C", "discard 9H")
    play(g, "JC", "JK")  # the Joker beats the right bower
    assert g.view(1).tricks[0].winner == 0
    play(g, "AH", "QC", "KC", "KH", "AC", "QH", "JS", "TH")
    assert g.view(1).last_hand["tricks_won"] == [1, 4]
    assert g.score == (0, 2)


# --- information --------------------------------------------------------------------------------


def test_view_never_shows_other_hand_stock_or_other_discard():
    """RULES: "Each player sees his own hand, the upcard while it is face up, every card played,
    the score and the bidding. He never sees the other hand, the stock, or the dealer's
    discard (the dealer sees his own discard)."."""
    nd_hand, d_hand, plays, *_ = SCORING["three"]
    deck = stacked(nd_hand, d_hand, "TH")
    stock = set(deck[11:])
    # dealer 0 picks up TH and discards AC; he then plays KC (not AC) on the first trick
    g = Game(Rules(), seed=3, first_dealer=0, decks=[deck])
    steps = ["order", "discard AC", "JH", "TH", *plays[2:]]
    played: set[str] = set()
    for step in [None, *steps]:
        if step is not None:
            g.apply(step)
            if len(step) == 2:
                played.add(step)
        if g.view(0).hand_number != 0:
            break
        for p in (0, 1):
            v = g.view(p)
            shown = cards_shown(v)
            other_hand = {canon(c) for c in (d_hand if p == 1 else nd_hand)}
            hidden = (other_hand | stock) - played - {"TH"}  # the upcard is public
            if p == 1:
                hidden |= {"AC"}  # the dealer's discard
            assert not shown & hidden, (step, p, shown & hidden)
            assert v.upcard == "TH"
            assert v.discard == ("AC" if p == 0 and step is not None and step != "order"
                                 else None)
            assert set(v.hand) <= set(nd_hand if p == 1 else [*d_hand, "TH"])
            text = json.dumps(v.to_dict())
            assert "stock" not in text
    assert g.view(0).hand_number == 1


def test_dealer_discard_is_hidden_from_the_other_player():
    """RULES: "He never sees ... the dealer's discard (the dealer sees his own discard)."."""
    g = deal(N_HAND, D_HAND, "9H", dealer=1)
    play(g, "order", "discard KD")
    assert g.view(1).discard == "KD"
    assert g.view(0).discard is None
    assert "KD" not in cards_shown(g.view(0))
    assert "KD" not in g.view(1).hand
    assert g.view(0).upcard_taken is True  # public


def test_bidding_and_score_are_seen_by_both():
    """RULES: "Each player sees ... the score and the bidding."."""
    g = deal(N_HAND, D_HAND, "9H", dealer=0)
    play(g, "pass", "pass", "pass")
    for p in (0, 1):
        assert g.view(p).bids == ((1, "pass"), (0, "pass"), (1, "pass"))
        assert g.view(p).score == (0, 0)
    g.apply("call C")
    for p in (0, 1):
        assert g.view(p).bids[-1] == (0, "call C")


def test_every_card_played_is_seen_by_both():
    """RULES: "Each player sees ... every card played"."""
    nd_hand, d_hand, plays, *_ = SCORING["four"]
    g = deal(nd_hand, d_hand, "TH", dealer=0)
    play(g, "order", "pass", *plays[:5])
    for p in (0, 1):
        v = g.view(p)
        assert [t.cards for t in v.tricks] == [("JH", "AC"), ("JD", "KC")]
        assert v.trick == ("AH",)


# --- the rules against an independent oracle, over random matches -----------------------------

PLAIN_ORDER = "789TJQKA"  # low to high, outside trump (and for A K Q 10 9 8 7 of trump)


def oracle_power(card: str, trump: str) -> int:
    """RULES' card order, written out independently of the engine."""
    if card == "JK":
        return 300
    if card == "J" + trump:
        return 200
    if card == "J" + SAME_COLOUR[trump]:
        return 199
    return PLAIN_ORDER.index(card[0]) + (100 if card[1] == trump else 0)


def oracle_winner(leader: int, led: str, answer: str, trump: str) -> int:
    led_suit, answer_suit = effective_suit(led, trump), effective_suit(answer, trump)
    if answer_suit == led_suit:
        return 1 - leader if oracle_power(answer, trump) > oracle_power(led, trump) else leader
    return 1 - leader if answer_suit == trump else leader


def oracle_points(maker: int, won: list[int]) -> list[int]:
    points = [0, 0]
    if won[maker] == 5:
        points[maker] = 2
    elif won[maker] >= 3:
        points[maker] = 1
    else:
        points[1 - maker] = 2
    return points


@pytest.mark.parametrize(("size", "seed"), [(24, 1), (24, 2), (32, 3), (25, 4), (25, 5)])
def test_random_matches_follow_the_rules(size, seed):
    """RULES: "Each player must follow the suit led if he can (bowers count as trump);
    otherwise he may play any card." / "The highest trump played wins the trick; if no trump
    was played, the higher card of the suit led wins. The winner of a trick leads to the
    next." / the scoring table / "He never sees the other hand, the stock"."""
    g = Game(Rules(deck=size, target=6), seed=seed)
    rng = random.Random(seed)
    score = [0, 0]
    won = [0, 0]
    witnessed: list[set[str]] = [set(), set()]  # what each player saw of this hand
    witnessed_before: list[set[str]] = [set(), set()]  # and of the one before
    current = g.hand_number
    while g.to_move is not None:
        p = g.to_move
        v = g.view(p)
        hand_no = v.hand_number
        deck = g.record()["hands"][-1]["deck"]
        if hand_no != current:
            witnessed_before, witnessed, current = witnessed, [set(), set()], hand_no
        for viewer in (0, 1):  # the finished hand shows only what he saw while it was played
            witnessed[viewer] |= cards_shown(g.view(viewer), last_hand=False)
            in_last = cards_shown(g.view(viewer)) - cards_shown(g.view(viewer), last_hand=False)
            assert in_last <= witnessed_before[viewer] | witnessed[viewer], (viewer, in_last)
        if g.phase == "play":
            hand = list(v.hand)
            if v.trick:
                led = v.trick[0]
                follow = [c for c in hand if effective_suit(c, v.trump) ==
                          effective_suit(led, v.trump)]
                assert sorted(g.legal_actions()) == sorted(follow or hand)
            else:
                assert sorted(g.legal_actions()) == sorted(hand)
        # information: the other hand and the stock never appear in a view
        other = 1 - p
        for viewer in (p, other):
            seen = cards_shown(g.view(viewer), last_hand=False)
            hidden = set(deck[11:]) | (set(deck[:5]) if viewer == g.dealer else set(deck[5:10]))
            hidden -= set(g.view(viewer).hand) | {deck[10]}
            played = {c for t in g.view(viewer).tricks for c in t.cards} | set(
                g.view(viewer).trick)
            assert not seen & (hidden - played), (viewer, seen & hidden)
        token = rng.choice(g.legal_actions())
        if g.phase == "play":  # a card played is seen by both, even the hand's last one
            witnessed[0].add(token)
            witnessed[1].add(token)
        trick_before = v.trick
        leader = v.leader
        g.apply(token)
        after = g.view(p)
        if v.phase == "play" and trick_before:
            expected = oracle_winner(leader, trick_before[0], token, v.trump)
            won[expected] += 1
            if after.hand_number == hand_no:
                assert after.tricks[-1].winner == expected
            if g.phase == "play":
                assert g.to_move == expected
        if after.hand_number != hand_no or g.to_move is None:
            last = after.last_hand
            assert last["tricks_won"] == won
            assert [t["winner"] for t in last["tricks"]].count(0) == won[0]  # the engine's own
            assert len(last["tricks"]) == (0 if last["thrown_in"] else 5)
            won = [0, 0]
            if not last["thrown_in"]:
                expected_points = oracle_points(last["maker"], last["tricks_won"])
                assert last["points"] == expected_points
                score = [score[0] + expected_points[0], score[1] + expected_points[1]]
            assert list(g.score) == score
    assert max(score) >= 6 and g.winner == score.index(max(score))
